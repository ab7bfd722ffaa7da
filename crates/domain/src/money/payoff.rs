//! Early-settlement (提前结清) quote at a date.
//!
//! Owed: everything outstanding on instalments due on or before the date; on later instalments
//! the unpaid principal and fee, and interest per the product's rule — CURRENT_PERIOD_FULL: the
//! full interest of the instalment whose period contains the date; ACCRUED_TO_DATE:
//! `R(B × r × days / days_in_period)` for that period (B = unpaid principal of it and all later
//! instalments, days by the day count), less interest already settled on it; ALL_REMAINING: all
//! interest. Interest not owed is listed as cancelled (the instalments become CANCELLED once the
//! settlement is booked, so waiver figures stay honest). Plus the accrued unpaid penalty and the
//! early-settlement fee `R(B_total × fee_bp / 10 000)` on the unpaid principal.

use chrono::{Datelike, NaiveDate};
use serde::{Deserialize, Serialize};

use super::amount::Fen;
use super::ledger::ItemLedger;
use super::product::{DayCount, EarlySettlementInterest, ProductTerms};
use super::{MoneyError, MoneyResult};

/// What one instalment contributes to the quote.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PayoffLine {
    /// The instalment.
    pub item_seq: u32,
    /// Principal owed.
    pub principal_fen: Fen,
    /// Interest owed.
    pub interest_fen: Fen,
    /// Fee owed.
    pub fee_fen: Fen,
    /// Penalty owed.
    pub penalty_fen: Fen,
    /// Unpaid interest cancelled by the settlement.
    pub cancelled_interest_fen: Fen,
}

/// The amount that settles the order at `date`, with its breakdown.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PayoffQuote {
    /// The settlement date.
    pub date: NaiveDate,
    /// Σ principal owed.
    pub principal_fen: Fen,
    /// Σ interest owed.
    pub interest_fen: Fen,
    /// Σ fee owed.
    pub fee_fen: Fen,
    /// Σ penalty owed.
    pub penalty_fen: Fen,
    /// Early-settlement fee.
    pub settlement_fee_fen: Fen,
    /// The total to pay.
    pub total_fen: Fen,
    /// Σ interest cancelled.
    pub cancelled_interest_fen: Fen,
    /// Per instalment (only instalments with something owed or cancelled).
    pub lines: Vec<PayoffLine>,
}

/// Days from `a` to `b` under 30E/360.
pub fn days_30e_360(a: NaiveDate, b: NaiveDate) -> i64 {
    let d1 = i64::from(a.day().min(30));
    let d2 = i64::from(b.day().min(30));
    360 * i64::from(b.year() - a.year())
        + 30 * (i64::from(b.month()) - i64::from(a.month()))
        + (d2 - d1)
}

/// (days elapsed, days in the period) for a date within `[from, to]`.
pub fn period_days(dc: DayCount, from: NaiveDate, to: NaiveDate, date: NaiveDate) -> (i64, i64) {
    match dc {
        DayCount::Act365 => ((date - from).num_days(), (to - from).num_days()),
        DayCount::Thirty360 => (days_30e_360(from, date), days_30e_360(from, to)),
    }
}

/// The early-settlement quote at `date` for `items` (sorted by due date, as left by the replay
/// up to that date).
pub fn payoff_quote(
    terms: &ProductTerms,
    items: &[ItemLedger],
    date: NaiveDate,
) -> MoneyResult<PayoffQuote> {
    let rate = terms.periodic_rate();
    let mode = terms.rounding_mode;
    let mut lines = Vec::new();
    for (idx, it) in items.iter().enumerate() {
        let mut line = PayoffLine {
            item_seq: it.seq,
            principal_fen: it.principal.outstanding_fen,
            interest_fen: it.interest.outstanding_fen,
            fee_fen: it.fee.outstanding_fen,
            penalty_fen: it.penalty.outstanding_fen,
            cancelled_interest_fen: Fen::ZERO,
        };
        if it.due_date > date {
            let in_period = it.from_date < date;
            let owed = match (terms.early_settlement_interest, in_period) {
                (EarlySettlementInterest::AllRemaining, _)
                | (EarlySettlementInterest::CurrentPeriodFull, true) => it.interest.outstanding_fen,
                (_, false) => Fen::ZERO,
                (EarlySettlementInterest::AccruedToDate, true) => {
                    let balance =
                        Fen::sum(items[idx..].iter().map(|x| x.principal.outstanding_fen))?;
                    let (days, in_period) =
                        period_days(terms.day_count, it.from_date, it.to_date, date);
                    if in_period <= 0 {
                        return Err(MoneyError::Invalid("计息期天数为零".into()));
                    }
                    let accrued = balance.mul_ratio(
                        rate.num.checked_mul(days).ok_or(MoneyError::Overflow)?,
                        rate.den
                            .checked_mul(in_period)
                            .ok_or(MoneyError::Overflow)?,
                        mode,
                    )?;
                    let settled = it.interest.due_fen.minus(it.interest.outstanding_fen)?;
                    accrued
                        .saturating_minus(settled)
                        .min(it.interest.outstanding_fen)
                }
            };
            line.cancelled_interest_fen = it.interest.outstanding_fen.minus(owed)?;
            line.interest_fen = owed;
        }
        let any = Fen::sum([
            line.principal_fen,
            line.interest_fen,
            line.fee_fen,
            line.penalty_fen,
            line.cancelled_interest_fen,
        ])?;
        if any.is_positive() {
            lines.push(line);
        }
    }
    let sum = |f: fn(&PayoffLine) -> Fen| Fen::sum(lines.iter().map(f));
    let principal = sum(|l| l.principal_fen)?;
    let interest = sum(|l| l.interest_fen)?;
    let fee = sum(|l| l.fee_fen)?;
    let penalty = sum(|l| l.penalty_fen)?;
    let settlement_fee = terms.early_settlement_fee_bp.of(principal, mode)?;
    Ok(PayoffQuote {
        date,
        principal_fen: principal,
        interest_fen: interest,
        fee_fen: fee,
        penalty_fen: penalty,
        settlement_fee_fen: settlement_fee,
        total_fen: Fen::sum([principal, interest, fee, penalty, settlement_fee])?,
        cancelled_interest_fen: sum(|l| l.cancelled_interest_fen)?,
        lines,
    })
}
