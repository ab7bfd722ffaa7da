//! The amounts of a new order: down payment, financed amount, upfront fee, deposit and (期初) the
//! first instalment collected with the down payment.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::amount::Fen;
use super::product::{FieldError, ProductTerms, RepayTiming};
use super::schedule::generate_plan;

/// What the customer asks for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OrderRequest {
    /// The premium of each financed policy.
    pub premiums_fen: Vec<Fen>,
    /// The amount the customer wants financed.
    pub financed_fen: Fen,
    /// Number of instalments.
    pub term_n: u32,
    /// The anchor date (policy start).
    pub anchor_date: NaiveDate,
}

/// The amounts of the order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OrderAmounts {
    /// Σ premiums.
    pub total_premium_fen: Fen,
    /// Total premium − financed.
    pub down_payment_fen: Fen,
    /// Financed amount (principal).
    pub financed_fen: Fen,
    /// Fee paid with the down payment.
    pub upfront_fee_fen: Fen,
    /// Deposit paid with the down payment.
    pub deposit_fen: Fen,
    /// 期初: the first instalment, collected with the down payment (0 for 期末).
    pub first_instalment_fen: Fen,
    /// Everything collected at down payment: down payment + upfront fee + deposit + first instalment.
    pub due_at_down_payment_fen: Fen,
}

/// Computes and checks the order amounts; on failure, every field error at once.
pub fn order_amounts(
    terms: &ProductTerms,
    req: &OrderRequest,
) -> Result<OrderAmounts, Vec<FieldError>> {
    let mut errs = Vec::new();
    if req.premiums_fen.is_empty() {
        errs.push(FieldError::new("premiumsFen", "至少需要一张保单的保费"));
    }
    for (i, p) in req.premiums_fen.iter().enumerate() {
        if !p.is_positive() {
            errs.push(FieldError::new(
                format!("premiumsFen[{i}]"),
                "保费必须大于 0",
            ));
        }
    }
    let total = Fen::sum(req.premiums_fen.iter().copied()).unwrap_or(Fen(i64::MAX));
    let f = req.financed_fen;
    if !terms.term_options.contains(&req.term_n) {
        errs.push(FieldError::new("termN", "期数不在产品允许的选项中"));
    }
    if !f.is_positive() {
        errs.push(FieldError::new("financedFen", "融资额必须大于 0"));
    } else if f > total {
        errs.push(FieldError::new("financedFen", "融资额不能超过总保费"));
    } else if f > terms.max_financed_fen {
        errs.push(FieldError::new(
            "financedFen",
            format!("融资额不能超过产品上限 {} 元", terms.max_financed_fen),
        ));
    } else if f < terms.min_principal(req.term_n) {
        errs.push(FieldError::new(
            "financedFen",
            format!("融资额不能低于 {} 元", terms.min_principal(req.term_n)),
        ));
    } else {
        // down × 10 000 ≥ total × min_bp, exactly.
        let down = i128::from(total.get() - f.get());
        if down * 10_000 < i128::from(total.get()) * i128::from(terms.min_down_payment_bp.get()) {
            errs.push(FieldError::new(
                "financedFen",
                format!(
                    "首付比例不能低于 {}.{:02}%",
                    terms.min_down_payment_bp.get() / 100,
                    terms.min_down_payment_bp.get() % 100
                ),
            ));
        }
    }
    if !errs.is_empty() {
        return Err(errs);
    }
    let plan = generate_plan(terms, f, req.term_n, req.anchor_date)
        .map_err(|e| vec![FieldError::new("financedFen", e.to_string())])?;
    let first = match terms.repay_timing {
        RepayTiming::InArrears => Ok(Fen::ZERO),
        RepayTiming::InAdvance => plan.items[0].total(),
    };
    let down = total.minus(f);
    let build = || -> super::MoneyResult<OrderAmounts> {
        let (first, down) = (first?, down?);
        Ok(OrderAmounts {
            total_premium_fen: total,
            down_payment_fen: down,
            financed_fen: f,
            upfront_fee_fen: plan.upfront_fee_fen,
            deposit_fen: plan.deposit_fen,
            first_instalment_fen: first,
            due_at_down_payment_fen: Fen::sum([
                down,
                plan.upfront_fee_fen,
                plan.deposit_fen,
                first,
            ])?,
        })
    };
    build().map_err(|e| vec![FieldError::new("financedFen", e.to_string())])
}

/// How far the insurer's final premium moved from the quote, in basis points of the quote
/// (rounded up, so a change just over the tolerance is never rounded into it). Σ over the
/// policies: the order's total is what the customer and the provider agreed to.
pub fn premium_change_bp(quoted_total: Fen, final_total: Fen) -> i64 {
    let quoted = i128::from(quoted_total.get().max(1));
    let diff = (i128::from(final_total.get()) - i128::from(quoted_total.get())).abs();
    let bp = (diff * 10_000 + quoted - 1) / quoted;
    i64::try_from(bp).unwrap_or(i64::MAX)
}

/// Whether a final premium may be confirmed without a new approval (T13 rather than T14).
pub fn within_tolerance(quoted_total: Fen, final_total: Fen, tolerance_bp: i64) -> bool {
    premium_change_bp(quoted_total, final_total) <= tolerance_bp
}

/// The amounts of an order whose premiums changed at the insurer's confirmation: the financed
/// amount stays (the down payment carries the change) unless the product's least down payment
/// no longer allows it; then it is lowered to the most the new total allows. The reviewer of a
/// re-quote sees these and may approve less.
pub fn requoted_amounts(
    terms: &ProductTerms,
    req: &OrderRequest,
) -> Result<OrderAmounts, Vec<FieldError>> {
    match order_amounts(terms, req) {
        Ok(amounts) => Ok(amounts),
        Err(first) => {
            let total = Fen::sum(req.premiums_fen.iter().copied()).unwrap_or(Fen::ZERO);
            // The largest f with (total − f) × 10 000 ≥ total × min_bp.
            let keep = i128::from(total.get())
                * i128::from(10_000 - i64::from(terms.min_down_payment_bp.get()));
            let most = i64::try_from(keep / 10_000).unwrap_or(0);
            if most >= req.financed_fen.get() || most <= 0 {
                return Err(first);
            }
            order_amounts(
                terms,
                &OrderRequest {
                    financed_fen: Fen(most),
                    ..req.clone()
                },
            )
        }
    }
}

#[cfg(test)]
mod requote_tests {
    use super::*;

    #[test]
    fn change_is_measured_in_bp_of_the_quote_rounded_up() {
        assert_eq!(premium_change_bp(Fen(1_000_000), Fen(1_050_000)), 500);
        assert_eq!(premium_change_bp(Fen(1_000_000), Fen(950_000)), 500);
        assert_eq!(premium_change_bp(Fen(1_000_000), Fen(1_050_001)), 501);
        assert_eq!(premium_change_bp(Fen(1_000_000), Fen(1_000_000)), 0);
        assert!(within_tolerance(Fen(1_000_000), Fen(1_050_000), 500));
        assert!(!within_tolerance(Fen(1_000_000), Fen(1_050_001), 500));
    }

    #[test]
    fn a_lower_premium_keeps_the_financed_amount_when_the_down_payment_allows_it() {
        let terms = ProductTerms::default();
        let anchor = NaiveDate::from_ymd_opt(2026, 12, 1).unwrap_or_default();
        let req = OrderRequest {
            premiums_fen: vec![Fen(980_000)],
            financed_fen: Fen(700_000),
            term_n: terms.term_options[0],
            anchor_date: anchor,
        };
        let a = requoted_amounts(&terms, &req).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(a.financed_fen, Fen(700_000));
        assert_eq!(a.down_payment_fen, Fen(280_000));
    }

    #[test]
    fn a_premium_too_low_for_the_financed_amount_lowers_it_to_the_least_down_payment() {
        let terms = ProductTerms {
            min_down_payment_bp: crate::money::Bp(2_000),
            ..ProductTerms::default()
        };
        let anchor = NaiveDate::from_ymd_opt(2026, 12, 1).unwrap_or_default();
        let min_bp = i64::from(terms.min_down_payment_bp.get());
        let total = 1_000_000;
        let req = OrderRequest {
            premiums_fen: vec![Fen(total)],
            financed_fen: Fen(total),
            term_n: terms.term_options[0],
            anchor_date: anchor,
        };
        let a = requoted_amounts(&terms, &req).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(a.financed_fen, Fen(total * (10_000 - min_bp) / 10_000));
        assert!(
            a.down_payment_fen.get() * 10_000 >= total * min_bp,
            "the least down payment holds"
        );
    }
}
