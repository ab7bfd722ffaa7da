//! Surrender (退保): the estimated refund and how the refund is applied.
//!
//! Estimate (for the approval screen only; the insurer's confirmed amount is what is applied):
//! before the policy starts, the premium less the insurer's pre-start fee; during the term, the
//! unearned premium pro rata `R(premium × days_remaining / days_in_term)` on the insurer's day
//! basis (actual term, 365 or 360 days), optionally at short rate (a share of pro rata, e.g. 90 %).
//! Compulsory insurance (交强险) is refunded only for the insurer's allowed reasons; otherwise 0 with
//! a reason code. Application: `applied = min(R, payoff)`, `surplus = R − applied` (customer
//! credit), `shortfall = payoff − applied` (still owed).

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::amount::{Bp, Fen, RoundingMode};
use super::payoff::days_30e_360;
use super::{MoneyError, MoneyResult};

/// Kind of policy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum PolicyKind {
    /// 商业险.
    Commercial,
    /// 交强险.
    Compulsory,
    /// 车船税 (refunded by the tax office, not the insurer: estimated as 0).
    VehicleTax,
}

/// Why a policy is surrendered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum SurrenderReason {
    /// The customer asks.
    CustomerRequest,
    /// Default on the loan (the platform surrenders under the power of attorney).
    Default,
    /// The vehicle was sold.
    VehicleSold,
    /// Total loss of the vehicle.
    TotalLoss,
    /// Duplicate insurance.
    Duplicate,
    /// The policy was never issued (flat cancellation).
    PolicyNotIssued,
}

/// Day basis of the pro-rata refund.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum DayBasis {
    /// Actual days of the policy term.
    Actual,
    /// A year of 365 days (actual days elapsed).
    #[default]
    Days365,
    /// A year of 360 days (30E/360 days elapsed).
    Days360,
}

/// An insurer's surrender rules.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SurrenderRules {
    /// Day basis.
    pub basis: DayBasis,
    /// Fee kept when the policy is cancelled before its start, as a share of the premium.
    pub pre_start_fee_bp: Bp,
    /// Short-rate share of the pro-rata refund (e.g. 9 000 = 90 %), if the insurer uses it.
    pub short_rate_bp: Option<Bp>,
    /// The reasons for which compulsory insurance may be surrendered.
    pub compulsory_allowed_reasons: Vec<SurrenderReason>,
}

/// How the estimate was made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum RefundMethod {
    /// Before the start: premium less the pre-start fee.
    PreStart,
    /// Pro rata of the unearned days.
    ProRata,
    /// Short rate (a share of pro rata).
    ShortRate,
    /// Nothing is refundable; see the reason code.
    None,
}

/// The estimated refund of one policy.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RefundEstimate {
    /// The estimated refund.
    pub refund_fen: Fen,
    /// Unearned days.
    pub days_remaining: i64,
    /// Days of the term on the basis.
    pub days_in_term: i64,
    /// How it was computed.
    pub method: RefundMethod,
    /// Why nothing is refunded: `COMPULSORY_REASON_NOT_ALLOWED`, `POLICY_EXPIRED`,
    /// `VEHICLE_TAX_NOT_REFUNDABLE`.
    pub reason_code: Option<String>,
}

/// A policy to surrender.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SurrenderInput {
    /// Kind of policy.
    pub kind: PolicyKind,
    /// Premium (incl. VAT).
    pub premium_fen: Fen,
    /// Policy start date.
    pub start_date: NaiveDate,
    /// Policy end date (exclusive: a one-year policy from 1 Mar ends 1 Mar next year).
    pub end_date: NaiveDate,
    /// Requested cancellation (effective) date.
    pub cancel_date: NaiveDate,
    /// Reason.
    pub reason: SurrenderReason,
}

fn nothing(code: &str, days_in_term: i64) -> RefundEstimate {
    RefundEstimate {
        refund_fen: Fen::ZERO,
        days_remaining: 0,
        days_in_term,
        method: RefundMethod::None,
        reason_code: Some(code.to_owned()),
    }
}

/// The estimated refund of a policy surrendered at `input.cancel_date`.
pub fn estimate_refund(
    input: &SurrenderInput,
    rules: &SurrenderRules,
    mode: RoundingMode,
) -> MoneyResult<RefundEstimate> {
    if input.end_date <= input.start_date || input.premium_fen.get() < 0 {
        return Err(MoneyError::Invalid("保单期间或保费无效".into()));
    }
    let (elapsed, in_term) = match rules.basis {
        DayBasis::Actual => (
            (input.cancel_date - input.start_date).num_days(),
            (input.end_date - input.start_date).num_days(),
        ),
        DayBasis::Days365 => ((input.cancel_date - input.start_date).num_days(), 365),
        DayBasis::Days360 => (days_30e_360(input.start_date, input.cancel_date), 360),
    };
    if input.kind == PolicyKind::VehicleTax {
        return Ok(nothing("VEHICLE_TAX_NOT_REFUNDABLE", in_term));
    }
    if input.kind == PolicyKind::Compulsory
        && !rules.compulsory_allowed_reasons.contains(&input.reason)
    {
        return Ok(nothing("COMPULSORY_REASON_NOT_ALLOWED", in_term));
    }
    if input.cancel_date <= input.start_date {
        let fee = rules.pre_start_fee_bp.of(input.premium_fen, mode)?;
        return Ok(RefundEstimate {
            refund_fen: input.premium_fen.minus(fee)?.max(Fen::ZERO),
            days_remaining: in_term,
            days_in_term: in_term,
            method: RefundMethod::PreStart,
            reason_code: None,
        });
    }
    let remaining = (in_term - elapsed).min(in_term);
    if input.cancel_date >= input.end_date || remaining <= 0 {
        return Ok(nothing("POLICY_EXPIRED", in_term));
    }
    let pro_rata = input.premium_fen.mul_ratio(remaining, in_term, mode)?;
    let (refund, method) = match rules.short_rate_bp {
        Some(share) => (share.of(pro_rata, mode)?, RefundMethod::ShortRate),
        None => (pro_rata, RefundMethod::ProRata),
    };
    Ok(RefundEstimate {
        refund_fen: refund,
        days_remaining: remaining,
        days_in_term: in_term,
        method,
        reason_code: None,
    })
}

/// How a received refund settles the order: `refund = applied + surplus`,
/// `payoff = applied + shortfall`; surplus and shortfall are never both positive.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RefundSplit {
    /// Applied to the payoff.
    pub applied_fen: Fen,
    /// Returned to the customer (customer credit).
    pub surplus_fen: Fen,
    /// Still owed by the customer.
    pub shortfall_fen: Fen,
}

/// Splits a received refund against the payoff at the cancellation date.
pub fn split_refund(refund: Fen, payoff: Fen) -> MoneyResult<RefundSplit> {
    if refund.get() < 0 || payoff.get() < 0 {
        return Err(MoneyError::Invalid("退保款和结清金额不能为负".into()));
    }
    let applied = refund.min(payoff);
    Ok(RefundSplit {
        applied_fen: applied,
        surplus_fen: refund.minus(applied)?,
        shortfall_fen: payoff.minus(applied)?,
    })
}
