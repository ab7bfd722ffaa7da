//! Order rules (订单规则): the platform-wide deadlines and defaults of the order flow, kept as one
//! settings record beside the products.
//!
//! The deadlines and the delinquency buckets apply to every order; `defaultAdvanceDays`,
//! `defaultPenaltyCapBp` and `defaultDemandNoticeCureDays` are what a new product starts with
//! (each product keeps its own value in its terms, and an order keeps the product's snapshot).
//! [`OrderRules::validate`] returns every field error at once, like the product terms.

use serde::{Deserialize, Serialize};

use super::amount::Bp;
use super::delinquency::{DelinquencyRange, default_buckets};
use super::product::{FieldError, ProductTerms};

/// The most delinquency buckets one may configure.
pub const MAX_BUCKETS: usize = 12;

/// The order rules.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct OrderRules {
    /// Days the customer has to sign the contract once the insurer has confirmed (1–90).
    pub signing_deadline_days: u32,
    /// Days the customer has to pay the down payment once the contract is signed (1–90).
    pub down_payment_deadline_days: u32,
    /// A final premium that differs from the quoted one by at most this share (bp of the quoted
    /// premium) is re-quoted without a new approval (0–10 000).
    pub premium_change_tolerance_bp: Bp,
    /// Days overdue after which the platform advances (代偿), for new products (0–3650).
    pub default_advance_days: u32,
    /// Cap on an order's total penalty as a share of the financed amount, for new products
    /// (0–100 000 bp).
    pub default_penalty_cap_bp: Bp,
    /// Cure days of the demand notice (催告), for new products (0–3650).
    pub default_demand_notice_cure_days: u32,
    /// The delinquency buckets, by age: the first starts at 0, each next one starts the day after
    /// the previous one ends, only the last may be open-ended.
    pub delinquency_buckets: Vec<DelinquencyRange>,
    /// A waiver whose total is above this amount (fen) needs a second approval by another user
    /// (0 – ¥10 000 000). Records saved before the field existed read the default, ¥500.
    #[serde(default = "default_waiver_second_approval_fen")]
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub waiver_second_approval_fen: i64,
    /// A write-off (of a claim or of an order) above this amount (fen) needs a second approval by
    /// another user (0 – ¥10 000 000). Records saved before the field existed read the default,
    /// ¥5 000.
    #[serde(default = "default_write_off_second_approval_fen")]
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub write_off_second_approval_fen: i64,
}

/// ¥500: waivers up to it need one approval.
pub const DEFAULT_WAIVER_SECOND_APPROVAL_FEN: i64 = 50_000;

fn default_waiver_second_approval_fen() -> i64 {
    DEFAULT_WAIVER_SECOND_APPROVAL_FEN
}

/// ¥5 000: write-offs up to it need one approval.
pub const DEFAULT_WRITE_OFF_SECOND_APPROVAL_FEN: i64 = 500_000;

fn default_write_off_second_approval_fen() -> i64 {
    DEFAULT_WRITE_OFF_SECOND_APPROVAL_FEN
}

impl Default for OrderRules {
    /// Sign within 7 days, pay the down payment within 3, re-quote within 5 %, advance after 30
    /// days, penalty cap 24 %, 10 cure days, buckets M0–M3+, waivers above ¥500 and write-offs
    /// above ¥5 000 approved twice.
    fn default() -> Self {
        let product = ProductTerms::default();
        OrderRules {
            signing_deadline_days: 7,
            down_payment_deadline_days: 3,
            premium_change_tolerance_bp: Bp(500),
            default_advance_days: product.advance_after_days,
            default_penalty_cap_bp: product.penalty_cap_bp_of_principal,
            default_demand_notice_cure_days: product.demand_notice_cure_days,
            delinquency_buckets: default_buckets(),
            waiver_second_approval_fen: DEFAULT_WAIVER_SECOND_APPROVAL_FEN,
            write_off_second_approval_fen: DEFAULT_WRITE_OFF_SECOND_APPROVAL_FEN,
        }
    }
}

impl OrderRules {
    /// Checks the rules; on failure, every field error at once.
    pub fn validate(&self) -> Result<(), Vec<FieldError>> {
        let mut errs = Vec::new();
        let mut e = |f: &str, m: &str| errs.push(FieldError::new(f, m));
        if !(1..=90).contains(&self.signing_deadline_days) {
            e("signingDeadlineDays", "签约期限必须在 1 到 90 天之间");
        }
        if !(1..=90).contains(&self.down_payment_deadline_days) {
            e("downPaymentDeadlineDays", "首付期限必须在 1 到 90 天之间");
        }
        if !(0..=10_000).contains(&self.premium_change_tolerance_bp.get()) {
            e(
                "premiumChangeToleranceBp",
                "保费变动容差必须在 0 到 10000 个基点之间",
            );
        }
        if self.default_advance_days > 3_650 {
            e("defaultAdvanceDays", "天数不能超过 3650");
        }
        if !(0..=100_000).contains(&self.default_penalty_cap_bp.get()) {
            e(
                "defaultPenaltyCapBp",
                "罚息上限必须在 0 到 100000 个基点之间",
            );
        }
        if self.default_demand_notice_cure_days > 3_650 {
            e("defaultDemandNoticeCureDays", "天数不能超过 3650");
        }
        if !(0..=1_000_000_000).contains(&self.waiver_second_approval_fen) {
            e(
                "waiverSecondApprovalFen",
                "减免复审金额必须在 0 到 10000000 元之间",
            );
        }
        if !(0..=1_000_000_000).contains(&self.write_off_second_approval_fen) {
            e(
                "writeOffSecondApprovalFen",
                "核销复审金额必须在 0 到 10000000 元之间",
            );
        }
        check_buckets(&self.delinquency_buckets, &mut errs);
        if errs.is_empty() { Ok(()) } else { Err(errs) }
    }

    /// `terms` with this record's defaults for the advance days, the penalty cap and the cure
    /// days: what a new product starts with.
    pub fn new_product_terms(&self) -> ProductTerms {
        ProductTerms {
            advance_after_days: self.default_advance_days,
            penalty_cap_bp_of_principal: self.default_penalty_cap_bp,
            demand_notice_cure_days: self.default_demand_notice_cure_days,
            ..ProductTerms::default()
        }
    }
}

/// The buckets must cover every age from 0 without gap or overlap, in order; names are 1–16
/// characters and distinct; only the last may be open-ended.
fn check_buckets(buckets: &[DelinquencyRange], errs: &mut Vec<FieldError>) {
    let field = "delinquencyBuckets";
    if buckets.is_empty() {
        errs.push(FieldError::new(field, "至少需要一个逾期分档"));
        return;
    }
    if buckets.len() > MAX_BUCKETS {
        errs.push(FieldError::new(
            field,
            format!("逾期分档不能超过 {MAX_BUCKETS} 个"),
        ));
        return;
    }
    let mut next_min = Some(0_u32);
    for (i, b) in buckets.iter().enumerate() {
        let at = |f: &str| format!("{field}[{i}].{f}");
        let name = b.classification.trim();
        if name.is_empty() || name.chars().count() > 16 || name != b.classification {
            errs.push(FieldError::new(
                at("classification"),
                "分档名称必须为 1 到 16 个字符，且首尾不能有空格",
            ));
        } else if buckets[..i].iter().any(|o| o.classification == name) {
            errs.push(FieldError::new(at("classification"), "分档名称重复"));
        }
        match next_min {
            Some(expected) if b.min_days != expected => errs.push(FieldError::new(
                at("minDays"),
                format!("起始天数应为 {expected}（紧接上一档，不留空档、不重叠）"),
            )),
            None => errs.push(FieldError::new(
                at("minDays"),
                "上一档已不设上限，其后不能再有分档",
            )),
            _ => {}
        }
        match b.max_days {
            Some(max) if max < b.min_days => {
                errs.push(FieldError::new(at("maxDays"), "结束天数不能小于起始天数"));
                next_min = max.checked_add(1);
            }
            Some(max) if max > 3_650 => {
                errs.push(FieldError::new(at("maxDays"), "天数不能超过 3650"));
                next_min = max.checked_add(1);
            }
            Some(max) => next_min = max.checked_add(1),
            None => next_min = None,
        }
    }
    if next_min.is_some() {
        errs.push(FieldError::new(
            format!("{field}[{}].maxDays", buckets.len() - 1),
            "最后一档必须不设上限（留空），使任何逾期天数都有分档",
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::money::delinquency::classify;

    fn range(c: &str, min: u32, max: Option<u32>) -> DelinquencyRange {
        DelinquencyRange {
            classification: c.to_owned(),
            min_days: min,
            max_days: max,
        }
    }

    #[test]
    fn defaults_are_valid_and_feed_new_products() {
        let rules = OrderRules::default();
        assert_eq!(rules.validate(), Ok(()));
        let rules = OrderRules {
            default_advance_days: 45,
            default_penalty_cap_bp: Bp(1_200),
            default_demand_notice_cure_days: 7,
            ..rules
        };
        let t = rules.new_product_terms();
        assert_eq!(
            (
                t.advance_after_days,
                t.penalty_cap_bp_of_principal,
                t.demand_notice_cure_days
            ),
            (45, Bp(1_200), 7)
        );
        assert_eq!(t.validate(), Ok(()));
        let json = serde_json::to_value(&rules).unwrap();
        assert_eq!(json["premiumChangeToleranceBp"], 500);
        assert_eq!(
            json["delinquencyBuckets"][4]["maxDays"],
            serde_json::Value::Null
        );
    }

    #[test]
    fn buckets_must_cover_every_age_once() {
        let fields = |b: Vec<DelinquencyRange>| {
            let rules = OrderRules {
                delinquency_buckets: b,
                ..OrderRules::default()
            };
            rules
                .validate()
                .unwrap_err()
                .into_iter()
                .map(|e| e.field)
                .collect::<Vec<_>>()
        };
        // A gap between 30 and 32.
        assert_eq!(
            fields(vec![
                range("M0", 0, Some(0)),
                range("M1", 1, Some(30)),
                range("M2", 32, None)
            ]),
            ["delinquencyBuckets[2].minDays"]
        );
        // Not starting at 0, and a duplicate name.
        assert_eq!(
            fields(vec![range("M1", 1, Some(30)), range("M1", 31, None)]),
            [
                "delinquencyBuckets[0].minDays",
                "delinquencyBuckets[1].classification"
            ]
        );
        // The last one must be open; an open one must be last.
        assert_eq!(
            fields(vec![range("M0", 0, Some(0)), range("M1", 1, Some(30))]),
            ["delinquencyBuckets[1].maxDays"]
        );
        assert_eq!(
            fields(vec![range("M0", 0, None), range("M1", 1, None)]),
            ["delinquencyBuckets[1].minDays"]
        );
        assert_eq!(fields(vec![]), ["delinquencyBuckets"]);
        // Valid custom buckets classify as configured.
        let b = vec![
            range("正常", 0, Some(0)),
            range("关注", 1, Some(15)),
            range("严重", 16, None),
        ];
        let ok = OrderRules {
            delinquency_buckets: b.clone(),
            ..OrderRules::default()
        };
        assert_eq!(ok.validate(), Ok(()));
        assert_eq!(classify(20, 3, &b).as_deref(), Some("严重"));
        assert_eq!(classify(3, 3, &b).as_deref(), Some("正常"));
    }

    #[test]
    fn out_of_range_values_name_their_fields() {
        let rules = OrderRules {
            signing_deadline_days: 0,
            down_payment_deadline_days: 91,
            premium_change_tolerance_bp: Bp(-1),
            default_penalty_cap_bp: Bp(100_001),
            ..OrderRules::default()
        };
        let fields: Vec<String> = rules
            .validate()
            .unwrap_err()
            .into_iter()
            .map(|e| e.field)
            .collect();
        assert_eq!(
            fields,
            [
                "signingDeadlineDays",
                "downPaymentDeadlineDays",
                "premiumChangeToleranceBp",
                "defaultPenaltyCapBp"
            ]
        );
    }
}
