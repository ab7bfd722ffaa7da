//! Product terms: the rules of a financing product, snapshotted as JSON onto every order.
//!
//! JSON field names are camelCase and enum values SCREAMING_SNAKE strings, e.g.
//! `{"scheduleMethod":"ANNUITY","rateBp":100,"ratePeriod":"MONTH",…}`. [`ProductTerms::validate`]
//! returns every field error at once, each with the camelCase path and a Chinese message.

use serde::{Deserialize, Serialize};

use super::amount::{Bp, Fen, Ppm, RoundingMode};
use super::schedule::generate_plan;

/// The largest financed amount any product may allow: ¥1 000 000 000.00.
pub const MAX_FINANCED_FEN: i64 = 100_000_000_000;
/// The longest term any product may offer, in instalments.
pub const MAX_TERM: u32 = 120;

/// How the instalments are computed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ScheduleMethod {
    /// 等额本息: equal instalments of principal + interest on the declining balance.
    #[default]
    Annuity,
    /// 等额本金: equal principal, interest on the declining balance.
    EqualPrincipal,
    /// 等本等息: equal principal, the same interest every period on the original principal.
    Flat,
    /// Interest every period, all the principal with the last instalment.
    Bullet,
}

/// The period the nominal rate is quoted for. Instalments are monthly either way.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum RatePeriod {
    /// The rate is per month.
    #[default]
    Month,
    /// The rate is per year; the monthly rate is exactly one twelfth of it.
    Year,
}

/// How days are counted for accrued interest within a period.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum DayCount {
    /// Actual days elapsed over actual days in the period.
    #[default]
    #[serde(rename = "ACT_365")]
    Act365,
    /// 30E/360: every month has 30 days.
    #[serde(rename = "30_360")]
    Thirty360,
}

/// When each instalment falls due within its period.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum RepayTiming {
    /// 期末: at the end of the period (first due one month after the anchor).
    #[default]
    InArrears,
    /// 期初: at the start of the period (first due at the anchor, paid with the down payment).
    InAdvance,
}

/// When the service fee is charged.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum FeeTiming {
    /// Once, with the down payment: `R(P × feeRateBp / 10 000)`.
    #[default]
    Upfront,
    /// With every instalment: total `R(P × feeRateBp × n / 10 000)` split like principal.
    PerInstalment,
}

/// Whether a deposit (保证金) is collected.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum DepositRule {
    /// No deposit.
    #[default]
    None,
    /// `floor(P / n)`, collected with the down payment and offset against the last instalment.
    OneInstalmentPrincipal,
}

/// What the daily penalty is computed on.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum PenaltyBase {
    /// The instalment's unpaid principal.
    InstalmentPrincipal,
    /// The instalment's unpaid principal and interest (the default).
    #[default]
    InstalmentPrincipalInterest,
    /// The order's whole unpaid principal, charged once per order on the oldest overdue item.
    RemainingPrincipal,
}

/// From which day a penalty runs once the grace days are over.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum PenaltyFrom {
    /// Back to day 1 after the due date, once the grace days are over without payment.
    #[default]
    DueDate,
    /// From the first day after the grace days.
    GraceEnd,
}

/// A part of what an instalment asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Component {
    /// 罚息: accrued penalty.
    Penalty,
    /// 手续费: service fee.
    Fee,
    /// 利息: interest.
    Interest,
    /// 本金: principal.
    Principal,
}

impl Component {
    /// All components, in the default allocation order.
    pub const ALL: [Component; 4] = [
        Component::Penalty,
        Component::Fee,
        Component::Interest,
        Component::Principal,
    ];
}

/// Where a payment beyond what is due goes.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum PrepaymentRule {
    /// To the next instalments, earliest first.
    #[default]
    Next,
    /// To the last instalments, latest first (shortens the term).
    Last,
    /// To the principal of the future instalments, earliest first, then their other components.
    /// (Re-amortising the remaining schedule is a later change.)
    Reamortize,
}

/// The interest owed when the customer settles early.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum EarlySettlementInterest {
    /// The full interest of the period containing the settlement date.
    #[default]
    CurrentPeriodFull,
    /// Interest accrued to the settlement date within that period, by the day count.
    AccruedToDate,
    /// All remaining interest (no rebate).
    AllRemaining,
}

/// Which instalment absorbs the rounding remainder.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum RemainderOn {
    /// The first instalment.
    First,
    /// The last instalment (the default).
    #[default]
    Last,
}

/// The terms of a financing product. Copied as JSON onto each order, so later product edits do
/// not change existing orders.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ProductTerms {
    /// How instalments are computed.
    pub schedule_method: ScheduleMethod,
    /// The numbers of instalments a customer may choose.
    pub term_options: Vec<u32>,
    /// Nominal interest rate per [`ProductTerms::rate_period`] (for FLAT: the flat rate).
    pub rate_bp: Bp,
    /// The period of `rate_bp`.
    pub rate_period: RatePeriod,
    /// Day count for interest accrued within a period (early settlement).
    pub day_count: DayCount,
    /// 期末 or 期初.
    pub repay_timing: RepayTiming,
    /// Under FLAT and 期初: the first instalment carries no interest.
    #[serde(default)]
    pub in_advance_first_period_interest_free: bool,
    /// Service fee rate (per instalment under PER_INSTALMENT).
    pub fee_rate_bp: Bp,
    /// When the fee is charged.
    pub fee_timing: FeeTiming,
    /// Deposit rule.
    pub deposit_rule: DepositRule,
    /// Least down payment, as a share of the total premium.
    pub min_down_payment_bp: Bp,
    /// Most that may be financed.
    pub max_financed_fen: Fen,
    /// Least principal per instalment: the financed amount must be at least this × n.
    pub min_principal_per_instalment_fen: Fen,
    /// Daily penalty rate.
    pub penalty_rate_ppm_per_day: Ppm,
    /// What the penalty is computed on.
    pub penalty_base: PenaltyBase,
    /// Grace days (宽限期) after the due date.
    pub penalty_grace_days: u32,
    /// Whether a penalty after the grace runs from the due date or from the end of the grace.
    pub penalty_from: PenaltyFrom,
    /// Cap on the order's total penalty, as a share of the financed amount.
    pub penalty_cap_bp_of_principal: Bp,
    /// The order in which a payment pays the components of an instalment.
    pub allocation_order: Vec<Component>,
    /// Where a payment beyond what is due goes.
    pub prepayment_rule: PrepaymentRule,
    /// Interest owed on early settlement.
    pub early_settlement_interest: EarlySettlementInterest,
    /// Early-settlement fee, as a share of the remaining principal.
    pub early_settlement_fee_bp: Bp,
    /// Rounding of every computed component.
    pub rounding_mode: RoundingMode,
    /// Which instalment absorbs the rounding remainder (FLAT, EQUAL_PRINCIPAL, per-instalment fee).
    pub remainder_on: RemainderOn,
    /// Days overdue after which the platform advances (代偿) principal + interest to the funder.
    pub advance_after_days: u32,
    /// Days overdue after which surrender starts.
    pub surrender_after_days: u32,
    /// Cure days of the demand notice.
    pub demand_notice_cure_days: u32,
}

impl Default for ProductTerms {
    /// A typical product: annuity at 1 %/month over 3, 6 or 12 months, upfront fee, 0.05 %/day
    /// penalty on principal + interest after 3 grace days, cap 24 % of the financed amount.
    fn default() -> Self {
        ProductTerms {
            schedule_method: ScheduleMethod::Annuity,
            term_options: vec![3, 6, 12],
            rate_bp: Bp(100),
            rate_period: RatePeriod::Month,
            day_count: DayCount::Act365,
            repay_timing: RepayTiming::InArrears,
            in_advance_first_period_interest_free: false,
            fee_rate_bp: Bp(0),
            fee_timing: FeeTiming::Upfront,
            deposit_rule: DepositRule::None,
            min_down_payment_bp: Bp(0),
            max_financed_fen: Fen(100_000_000),
            min_principal_per_instalment_fen: Fen(100),
            penalty_rate_ppm_per_day: Ppm(500),
            penalty_base: PenaltyBase::InstalmentPrincipalInterest,
            penalty_grace_days: 3,
            penalty_from: PenaltyFrom::DueDate,
            penalty_cap_bp_of_principal: Bp(2_400),
            allocation_order: Component::ALL.to_vec(),
            prepayment_rule: PrepaymentRule::Next,
            early_settlement_interest: EarlySettlementInterest::CurrentPeriodFull,
            early_settlement_fee_bp: Bp(0),
            rounding_mode: RoundingMode::HalfUp,
            remainder_on: RemainderOn::Last,
            advance_after_days: 30,
            surrender_after_days: 60,
            demand_notice_cure_days: 10,
        }
    }
}

/// One refused field: its JSON path (camelCase) and a Chinese message.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FieldError {
    /// The field's JSON path, e.g. `rateBp` or `termOptions[2]`.
    pub field: String,
    /// What is wrong, in Chinese.
    pub message: String,
}

impl FieldError {
    /// A field error.
    pub fn new(field: impl Into<String>, message: impl Into<String>) -> Self {
        FieldError {
            field: field.into(),
            message: message.into(),
        }
    }
}

/// The periodic (monthly) interest rate as an exact fraction `num / den`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PeriodicRate {
    /// Numerator: the rate in bp.
    pub num: i64,
    /// Denominator: 10 000 per month, 120 000 when the rate is quoted per year.
    pub den: i64,
}

impl ProductTerms {
    /// The monthly rate as an exact fraction (a yearly rate is divided by 12, not truncated).
    pub fn periodic_rate(&self) -> PeriodicRate {
        let den = match self.rate_period {
            RatePeriod::Month => Bp::ONE,
            RatePeriod::Year => Bp::ONE * 12,
        };
        PeriodicRate {
            num: i64::from(self.rate_bp.get()),
            den,
        }
    }

    /// The smallest principal allowed for `n` instalments.
    pub fn min_principal(&self, n: u32) -> Fen {
        Fen(self
            .min_principal_per_instalment_fen
            .get()
            .saturating_mul(i64::from(n)))
    }

    /// Checks the terms; on failure, every field error at once.
    pub fn validate(&self) -> Result<(), Vec<FieldError>> {
        let mut errs = Vec::new();
        let mut e = |f: &str, m: &str| errs.push(FieldError::new(f, m));
        let bp_range = |v: Bp| (0..=10_000).contains(&v.get());

        if self.term_options.is_empty() {
            e("termOptions", "至少需要一个期数选项");
        }
        for (i, &n) in self.term_options.iter().enumerate() {
            if !(1..=MAX_TERM).contains(&n) {
                e(&format!("termOptions[{i}]"), "期数必须在 1 到 120 之间");
            } else if self.term_options[..i].contains(&n) {
                e(&format!("termOptions[{i}]"), "期数选项重复");
            }
        }
        if !bp_range(self.rate_bp) {
            e("rateBp", "利率必须在 0 到 10000 个基点之间");
        }
        if !bp_range(self.fee_rate_bp) {
            e("feeRateBp", "手续费率必须在 0 到 10000 个基点之间");
        }
        if !bp_range(self.min_down_payment_bp) {
            e(
                "minDownPaymentBp",
                "最低首付比例必须在 0 到 10000 个基点之间",
            );
        }
        if !(1..=MAX_FINANCED_FEN).contains(&self.max_financed_fen.get()) {
            e("maxFinancedFen", "最高融资额必须大于 0 且不超过 10 亿元");
        }
        if !(1..=MAX_FINANCED_FEN).contains(&self.min_principal_per_instalment_fen.get()) {
            e("minPrincipalPerInstalmentFen", "每期最低本金必须大于 0");
        }
        if !(0..=100_000).contains(&self.penalty_rate_ppm_per_day.get()) {
            e(
                "penaltyRatePpmPerDay",
                "日罚息率必须在 0 到 100000 ppm（10%/日）之间",
            );
        }
        if self.penalty_grace_days > 365 {
            e("penaltyGraceDays", "宽限期不能超过 365 天");
        }
        if !(0..=100_000).contains(&self.penalty_cap_bp_of_principal.get()) {
            e(
                "penaltyCapBpOfPrincipal",
                "罚息上限必须在 0 到 100000 个基点之间",
            );
        }
        let mut sorted = self.allocation_order.clone();
        sorted.sort();
        if sorted
            != [
                Component::Penalty,
                Component::Fee,
                Component::Interest,
                Component::Principal,
            ]
        {
            e(
                "allocationOrder",
                "冲账顺序必须恰好包含罚息、手续费、利息、本金各一次",
            );
        }
        if !bp_range(self.early_settlement_fee_bp) {
            e(
                "earlySettlementFeeBp",
                "提前结清手续费率必须在 0 到 10000 个基点之间",
            );
        }
        if self.schedule_method == ScheduleMethod::Annuity
            && self.remainder_on == RemainderOn::First
        {
            e("remainderOn", "等额本息的尾差只能放在最后一期");
        }
        if self.in_advance_first_period_interest_free
            && (self.schedule_method != ScheduleMethod::Flat
                || self.repay_timing != RepayTiming::InAdvance)
        {
            e(
                "inAdvanceFirstPeriodInterestFree",
                "首期免息只适用于期初还款的等本等息产品",
            );
        }
        for (name, v) in [
            ("advanceAfterDays", self.advance_after_days),
            ("surrenderAfterDays", self.surrender_after_days),
            ("demandNoticeCureDays", self.demand_notice_cure_days),
        ] {
            if v > 3_650 {
                e(name, "天数不能超过 3650");
            }
        }
        if errs.is_empty() {
            self.check_smallest_principal(&mut errs);
        }
        if errs.is_empty() { Ok(()) } else { Err(errs) }
    }

    /// The schedule of the smallest allowed principal of each term must have no negative amount
    /// and (except BULLET) no zero principal; and something must be financeable at all.
    fn check_smallest_principal(&self, errs: &mut Vec<FieldError>) {
        // The dates do not matter here; any ordinary anchor will do.
        let Some(anchor) = chrono::NaiveDate::from_ymd_opt(2000, 1, 1) else {
            return;
        };
        let mut any_allowed = false;
        for &n in &self.term_options {
            let p = self.min_principal(n);
            if p > self.max_financed_fen {
                continue;
            }
            any_allowed = true;
            let bad = match generate_plan(self, p, n, anchor) {
                Err(_) => true,
                Ok(plan) => plan.items.iter().any(|it| {
                    it.principal_fen.get() < 0
                        || it.interest_fen.get() < 0
                        || it.fee_fen.get() < 0
                        || (self.schedule_method != ScheduleMethod::Bullet
                            && it.principal_fen.is_zero())
                }),
            };
            if bad {
                errs.push(FieldError::new(
                    "minPrincipalPerInstalmentFen",
                    format!("按最低本金融资 {n} 期时会出现为零或为负的期供，请提高每期最低本金或降低利率"),
                ));
                return;
            }
        }
        if !any_allowed {
            errs.push(FieldError::new(
                "maxFinancedFen",
                "最高融资额低于任何期数的最低本金，无法融资",
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_terms_are_valid_and_round_trip_as_camel_case_json() {
        let t = ProductTerms::default();
        assert_eq!(t.validate(), Ok(()));
        let json = serde_json::to_value(&t).unwrap();
        assert_eq!(json["scheduleMethod"], "ANNUITY");
        assert_eq!(json["rateBp"], 100);
        assert_eq!(json["dayCount"], "ACT_365");
        assert_eq!(json["penaltyBase"], "INSTALMENT_PRINCIPAL_INTEREST");
        assert_eq!(json["allocationOrder"][0], "PENALTY");
        assert_eq!(json["penaltyRatePpmPerDay"], 500);
        let back: ProductTerms = serde_json::from_value(json).unwrap();
        assert_eq!(back, t);
        let t2 = ProductTerms {
            day_count: DayCount::Thirty360,
            ..t
        };
        assert_eq!(serde_json::to_value(&t2).unwrap()["dayCount"], "30_360");
    }

    #[test]
    fn validation_lists_every_field_error() {
        let t = ProductTerms {
            term_options: vec![0, 12, 12],
            rate_bp: Bp(-1),
            fee_rate_bp: Bp(10_001),
            allocation_order: vec![Component::Penalty, Component::Penalty],
            remainder_on: RemainderOn::First,
            max_financed_fen: Fen(0),
            ..ProductTerms::default()
        };
        let errs = t.validate().unwrap_err();
        let fields: Vec<&str> = errs.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(
            fields,
            [
                "termOptions[0]",
                "termOptions[2]",
                "rateBp",
                "feeRateBp",
                "maxFinancedFen",
                "allocationOrder",
                "remainderOn"
            ]
        );
        assert!(errs.iter().all(|e| !e.message.is_empty()));
    }

    #[test]
    fn a_product_whose_smallest_principal_gives_zero_instalments_is_refused() {
        // 100 %/month over 36 months: the first principal of a 36 × 1 fen loan is 0.
        let t = ProductTerms {
            term_options: vec![36],
            rate_bp: Bp(10_000),
            min_principal_per_instalment_fen: Fen(1),
            ..ProductTerms::default()
        };
        let errs = t.validate().unwrap_err();
        assert_eq!(errs.len(), 1);
        assert_eq!(errs[0].field, "minPrincipalPerInstalmentFen");
        // The same product with a realistic minimum passes.
        let ok = ProductTerms {
            rate_bp: Bp(500),
            min_principal_per_instalment_fen: Fen(100),
            ..t
        };
        assert_eq!(ok.validate(), Ok(()));
    }

    #[test]
    fn nothing_financeable_is_refused() {
        let t = ProductTerms {
            term_options: vec![12],
            max_financed_fen: Fen(1_000),
            ..ProductTerms::default()
        };
        assert_eq!(t.validate().unwrap_err()[0].field, "maxFinancedFen");
    }

    #[test]
    fn yearly_rate_is_an_exact_twelfth() {
        let t = ProductTerms {
            rate_bp: Bp(1_000),
            rate_period: RatePeriod::Year,
            ..ProductTerms::default()
        };
        assert_eq!(
            t.periodic_rate(),
            PeriodicRate {
                num: 1_000,
                den: 120_000
            }
        );
    }
}
