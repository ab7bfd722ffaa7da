//! Daily penalty (罚息) accrual.
//!
//! For instalment i on day D (day d = D − due date ≥ 1), with the amounts as they stood at the end
//! of day D − 1: `pen = R(base × ppm / 1 000 000)`. The base is the instalment's unpaid principal,
//! its unpaid principal + interest, or the order's unpaid principal (charged once per order, on
//! the oldest instalment with anything outstanding). Within the grace days (d ≤ g) nothing is
//! charged yet: under GRACE_END nothing is ever charged for those days; under DUE_DATE the
//! amounts are held and charged (back to day 1) on day g + 1 if the instalment is still unpaid,
//! and dropped if it was paid within the grace. The order's total penalty never exceeds
//! `floor(P × cap_bp / 10 000)`. Accrual stops when the base is paid, on write-off (the base is
//! gone) and from the stop date (surrender effective date) on.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::amount::{Fen, Ppm};
use super::ledger::ItemLedger;
use super::product::{PenaltyBase, PenaltyFrom, ProductTerms};
use super::{MoneyError, MoneyResult};

/// One day's penalty on one instalment (one row per instalment and date).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PenaltyAccrual {
    /// The instalment.
    pub item_seq: u32,
    /// The day the penalty is for.
    pub accrual_date: NaiveDate,
    /// The base it was computed on.
    pub base_fen: Fen,
    /// The daily rate.
    pub rate_ppm: Ppm,
    /// The amount charged (after the cap).
    pub amount_fen: Fen,
}

/// The order's penalty cap: `floor(P × cap_bp / 10 000)`.
pub fn penalty_cap(terms: &ProductTerms, financed: Fen) -> MoneyResult<Fen> {
    financed.mul_ratio_floor(i64::from(terms.penalty_cap_bp_of_principal.get()), 10_000)
}

/// One day's penalty on `base`: `R(base × ppm / 1 000 000)`.
pub fn daily_penalty(terms: &ProductTerms, base: Fen) -> MoneyResult<Fen> {
    terms.penalty_rate_ppm_per_day.of(base, terms.rounding_mode)
}

/// The base of instalment `idx` on `day`, from the amounts at the end of the previous day.
fn base_of(
    terms: &ProductTerms,
    items: &[ItemLedger],
    idx: usize,
    day: NaiveDate,
) -> MoneyResult<Fen> {
    let item = &items[idx];
    match terms.penalty_base {
        PenaltyBase::InstalmentPrincipal => Ok(item.principal.outstanding_fen),
        PenaltyBase::InstalmentPrincipalInterest => item.principal_interest_outstanding(),
        PenaltyBase::RemainingPrincipal => {
            let mut carrier = None;
            for (i, it) in items.iter().enumerate() {
                if it.due_date < day && it.outstanding()?.is_positive() {
                    carrier = Some(i);
                    break;
                }
            }
            if carrier == Some(idx) {
                Fen::sum(items.iter().map(|it| it.principal.outstanding_fen))
            } else {
                Ok(Fen::ZERO)
            }
        }
    }
}

/// Accrues the penalties of `day` on `items` (sorted by due date) of an order financing
/// `financed`; `stopped` when the day is on or after a stop date. Returns the rows charged today
/// (including held grace-day rows charged back to day 1), in instalment and date order.
pub fn accrue_day(
    terms: &ProductTerms,
    financed: Fen,
    items: &mut [ItemLedger],
    day: NaiveDate,
    stopped: bool,
) -> MoneyResult<Vec<PenaltyAccrual>> {
    let mut rows = Vec::new();
    if stopped || terms.penalty_rate_ppm_per_day.get() == 0 {
        for it in items.iter_mut() {
            it.pending_penalty.clear();
        }
        return Ok(rows);
    }
    let cap = penalty_cap(terms, financed)?;
    let mut used = Fen::sum(items.iter().map(|it| it.penalty.due_fen))?;
    let grace = i64::from(terms.penalty_grace_days);
    for idx in 0..items.len() {
        let d = (day - items[idx].due_date).num_days();
        if d < 1 {
            continue;
        }
        let base = base_of(terms, items, idx, day)?;
        let item = &mut items[idx];
        if !base.is_positive() {
            item.pending_penalty.clear();
            continue;
        }
        let row = PenaltyAccrual {
            item_seq: item.seq,
            accrual_date: day,
            base_fen: base,
            rate_ppm: terms.penalty_rate_ppm_per_day,
            amount_fen: daily_penalty(terms, base)?,
        };
        if d <= grace {
            if terms.penalty_from == PenaltyFrom::DueDate && row.amount_fen.is_positive() {
                item.pending_penalty.push(row);
            }
            continue;
        }
        let mut due_rows = std::mem::take(&mut item.pending_penalty);
        due_rows.push(row);
        for mut r in due_rows {
            let room = cap.minus(used)?;
            r.amount_fen = r.amount_fen.min(room);
            if !r.amount_fen.is_positive() {
                continue;
            }
            used = used.plus(r.amount_fen)?;
            item.penalty.accrue(r.amount_fen)?;
            item.last_penalty_date = Some(r.accrual_date);
            rows.push(r);
        }
    }
    if used.get() < 0 {
        return Err(MoneyError::Overflow);
    }
    Ok(rows)
}
