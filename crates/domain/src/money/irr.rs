//! The annualised rate (IRR) of the customer's cash flows.
//!
//! At the anchor (month 0) the customer receives the financed amount minus an upfront fee; then
//! pays each instalment's principal + interest + fee at month k (期末 k = 1..n, 期初 k = 0..n−1).
//! The monthly rate i solves `Σ c_k / (1+i)^k = 0`. It is found by bisection on exact
//! fractions `x / 10^12` with big integers (no floating point): the sign of
//! `Σ c_k·(10^12 + x)^(n−k)·10^(12k)` is the sign of the present value. The result is bracketed
//! within 10^−12 per month, then rounded once: the effective annual rate `(1+i)^12 − 1` and the
//! nominal annual rate `12·i`, each in bp (HALF_UP); both are exact to well under 1 bp before
//! that rounding, so the figures shown are within ±1 bp (in practice the correctly rounded value).

use num_bigint::{BigInt, Sign};
use serde::{Deserialize, Serialize};

use super::amount::{Fen, RoundingMode};
use super::product::RepayTiming;
use super::schedule::Plan;
use super::{MoneyError, MoneyResult};

/// The scale of the monthly rate in the bisection: 10^12.
pub const RATE_SCALE: i64 = 1_000_000_000_000;

/// The annualised cost of a plan.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct AnnualisedRate {
    /// The monthly IRR in units of 10^−12 (lower end of the bracket).
    pub monthly_rate_e12: i64,
    /// Effective annual rate `(1+i)^12 − 1`, in bp. The figure shown as 年化利率 (IRR).
    pub effective_annual_bp: i64,
    /// Nominal annual rate `12·i`, in bp.
    pub nominal_annual_bp: i64,
}

/// The customer's monthly cash flows from the lender's side: `c_0` negative (money out), then
/// the instalments (money in), indexed by month.
pub fn customer_cash_flows(plan: &Plan, timing: RepayTiming) -> MoneyResult<Vec<Fen>> {
    let n = plan.items.len();
    let mut flows = vec![Fen::ZERO; n + 1];
    flows[0] = Fen::ZERO.minus(plan.principal_fen.minus(plan.upfront_fee_fen)?)?;
    for (idx, item) in plan.items.iter().enumerate() {
        let month = match timing {
            RepayTiming::InArrears => idx + 1,
            RepayTiming::InAdvance => idx,
        };
        flows[month] = flows[month].plus(item.total()?)?;
    }
    Ok(flows)
}

/// `Σ c_k·y^(n−k)·D^k` with y = D + x: same sign as the present value at rate x / D.
fn scaled_npv(flows: &[Fen], x: &BigInt, d: &BigInt) -> BigInt {
    let y = d + x;
    let mut acc = BigInt::from(0);
    let mut dk = BigInt::from(1);
    for (k, c) in flows.iter().enumerate() {
        if k > 0 {
            acc *= &y;
            dk *= d;
        }
        acc += BigInt::from(c.get()) * &dk;
    }
    acc
}

/// The monthly IRR of `flows` (month 0 first) bracketed as `[lo, lo + 1] / 10^12`.
pub fn monthly_irr_e12(flows: &[Fen]) -> MoneyResult<i64> {
    let d = BigInt::from(RATE_SCALE);
    let positive = |x: i64| scaled_npv(flows, &BigInt::from(x), &d).sign() == Sign::Plus;
    let zero_or_neg = |x: i64| scaled_npv(flows, &BigInt::from(x), &d).sign() != Sign::Plus;
    // The present value falls as the rate rises (one outflow, then inflows).
    if flows.first().is_none_or(|c| c.get() >= 0) || flows.iter().skip(1).any(|c| c.get() < 0) {
        return Err(MoneyError::NoRate);
    }
    if !positive(0) {
        return if scaled_npv(flows, &BigInt::from(0), &d).sign() == Sign::NoSign {
            Ok(0)
        } else {
            Err(MoneyError::NoRate)
        };
    }
    let (mut lo, mut hi) = (0_i64, RATE_SCALE);
    while positive(hi) {
        lo = hi;
        hi = hi.checked_mul(2).ok_or(MoneyError::NoRate)?;
        if hi > RATE_SCALE * 1_000 {
            return Err(MoneyError::NoRate);
        }
    }
    // Invariant: npv(lo) > 0 ≥ npv(hi).
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if zero_or_neg(mid) { hi = mid } else { lo = mid }
    }
    Ok(lo)
}

/// The annualised rate of a plan (see the module text for the cash flows and the precision).
pub fn annualised_rate(plan: &Plan, timing: RepayTiming) -> MoneyResult<AnnualisedRate> {
    let flows = customer_cash_flows(plan, timing)?;
    let x = monthly_irr_e12(&flows)?;
    let d = BigInt::from(RATE_SCALE);
    let y = &d + BigInt::from(x);
    let d12 = d.pow(12);
    let growth = (y.pow(12) - &d12) * BigInt::from(10_000);
    // Non-negative, so the unsigned rounding applies.
    let (_, g) = growth.into_parts();
    let (_, d12u) = d12.into_parts();
    let effective = RoundingMode::HalfUp.div_big(&g, &d12u)?;
    let nominal = RoundingMode::HalfUp.div(i128::from(x) * 12 * 10_000, i128::from(RATE_SCALE))?;
    Ok(AnnualisedRate {
        monthly_rate_e12: x,
        effective_annual_bp: effective,
        nominal_annual_bp: nominal,
    })
}
