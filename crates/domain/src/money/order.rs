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
