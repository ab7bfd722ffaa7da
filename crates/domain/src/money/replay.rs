//! Replay: recomputes an order's amounts from its plan and its money facts, from scratch.
//!
//! The facts (repayments, reversals, waivers, write-offs, advances, interest cancellations, fee
//! charges, penalty stops) are immutable; everything else is derived here. The simulation walks
//! the days up to the business date: on each day it first accrues that day's penalties (on the
//! amounts as they stood at the end of the previous day), then offsets the deposit if the
//! deposit instalment falls due that day, then applies the day's facts in the order
//! (cancellations, fee charges, waivers, repayments, advances, write-offs, stops; ties by id).
//! A reversal removes the reversed repayment from the list before the walk, so the result equals
//! a replay of a list that never had it; backdated facts simply take their place by value date.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::allocation::{PaymentAllocation, allocate_payment};
use super::amount::Fen;
use super::delinquency::{DelinquencyRange, classify, order_days_past_due};
use super::ledger::{ItemLedger, Reduction};
use super::penalty::{PenaltyAccrual, accrue_day};
use super::product::{Component, ProductTerms};
use super::schedule::Plan;
use super::{MoneyError, MoneyResult};

/// The id under which the automatic deposit offset appears among the repayments.
pub const DEPOSIT_OFFSET_ID: u64 = u64::MAX;

/// What happened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "SCREAMING_SNAKE_CASE")]
pub enum FactKind {
    /// Money received from the customer (or an insurer refund, third party…).
    #[serde(rename_all = "camelCase")]
    Repayment {
        /// Amount received.
        amount_fen: Fen,
    },
    /// Reverses the repayment with id `reverses` (it is removed from the replay).
    #[serde(rename_all = "camelCase")]
    Reversal {
        /// The reversed repayment's id.
        reverses: u64,
    },
    /// An effective waiver of part of one component (capped at what is outstanding that day).
    #[serde(rename_all = "camelCase")]
    Waiver {
        /// The instalment.
        item_seq: u32,
        /// The component.
        component: Component,
        /// Amount approved.
        amount_fen: Fen,
    },
    /// Writes off everything outstanding on one instalment, or on all when `item_seq` is `None`
    /// (which also stops penalties from that day).
    #[serde(rename_all = "camelCase")]
    WriteOff {
        /// The instalment, or all.
        item_seq: Option<u32>,
    },
    /// The platform paid the funder this instalment's principal or interest (代偿); the customer
    /// still owes it. One fact per component advanced.
    #[serde(rename_all = "camelCase")]
    Advance {
        /// The instalment.
        item_seq: u32,
        /// Principal or interest.
        component: Component,
        /// Amount advanced.
        amount_fen: Fen,
    },
    /// Cancels the unpaid interest of an instalment (early settlement, surrender): all of it, or
    /// at most `amount_fen` (the part of the current period the payoff quote does not charge).
    #[serde(rename_all = "camelCase")]
    CancelInterest {
        /// The instalment.
        item_seq: u32,
        /// At most this much; `None`: everything unpaid.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        amount_fen: Option<Fen>,
    },
    /// Adds a fee to an instalment (e.g. the early-settlement fee).
    #[serde(rename_all = "camelCase")]
    ChargeFee {
        /// The instalment.
        item_seq: u32,
        /// Amount.
        amount_fen: Fen,
    },
    /// No penalty accrues from this date on (surrender effective date).
    PenaltyStop,
}

impl FactKind {
    fn rank(&self) -> u8 {
        match self {
            FactKind::CancelInterest { .. } => 0,
            FactKind::ChargeFee { .. } => 1,
            FactKind::Waiver { .. } => 2,
            FactKind::Repayment { .. } => 3,
            FactKind::Advance { .. } => 4,
            FactKind::WriteOff { .. } => 5,
            FactKind::PenaltyStop | FactKind::Reversal { .. } => 6,
        }
    }

    fn item_seq(&self) -> Option<u32> {
        match self {
            FactKind::Waiver { item_seq, .. }
            | FactKind::Advance { item_seq, .. }
            | FactKind::CancelInterest { item_seq, .. }
            | FactKind::ChargeFee { item_seq, .. } => Some(*item_seq),
            FactKind::WriteOff { item_seq } => *item_seq,
            _ => None,
        }
    }
}

/// A money fact: an id (unique per order, e.g. the row id; it breaks ties between facts of the
/// same value date and kind), the business date it counts from, and what happened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MoneyFact {
    /// Unique id.
    pub id: u64,
    /// The business date the fact counts from.
    pub value_date: NaiveDate,
    /// What happened.
    #[serde(flatten)]
    pub kind: FactKind,
}

/// The part of a repayment that lands on instalments the platform advanced (代偿): the platform,
/// not the funder, is owed it (E7).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Recovery {
    /// Principal recovered (up to the advance still claimed).
    pub principal_fen: Fen,
    /// Interest recovered (up to the advance still claimed).
    pub interest_fen: Fen,
    /// Penalty paid on advanced instalments: the platform's alone.
    pub penalty_fen: Fen,
}

impl Recovery {
    /// Principal + interest recovered.
    pub fn claim_fen(&self) -> MoneyResult<Fen> {
        self.principal_fen.plus(self.interest_fen)
    }

    /// Nothing recovered.
    pub fn is_zero(&self) -> bool {
        *self == Recovery::default()
    }
}

/// How one repayment was applied.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RepaymentResult {
    /// The repayment's id ([`DEPOSIT_OFFSET_ID`] for the deposit offset).
    pub id: u64,
    /// Value date.
    pub value_date: NaiveDate,
    /// Amount.
    pub amount_fen: Fen,
    /// Lines and overpayment.
    pub allocation: PaymentAllocation,
    /// What of it recovers an advance.
    #[serde(default)]
    pub recovery: Recovery,
}

/// Marks the part of `allocation` that lands on advanced instalments as recovered (principal and
/// interest up to each instalment's claim, penalty in full) and returns it.
fn recover(items: &mut [ItemLedger], allocation: &PaymentAllocation) -> MoneyResult<Recovery> {
    let mut out = Recovery::default();
    for line in &allocation.lines {
        let Some(it) = items.iter_mut().find(|it| it.seq == line.item_seq) else {
            continue;
        };
        if !it.advanced_fen.is_positive() {
            continue;
        }
        match line.component {
            Component::Principal => {
                let part = line
                    .amount_fen
                    .min(it.advance_claim_principal()?)
                    .max(Fen::ZERO);
                it.recovered_fen = it.recovered_fen.plus(part)?;
                out.principal_fen = out.principal_fen.plus(part)?;
            }
            Component::Interest => {
                let part = line
                    .amount_fen
                    .min(it.advance_claim_interest()?)
                    .max(Fen::ZERO);
                it.recovered_fen = it.recovered_fen.plus(part)?;
                it.recovered_interest_fen = it.recovered_interest_fen.plus(part)?;
                out.interest_fen = out.interest_fen.plus(part)?;
            }
            Component::Penalty => out.penalty_fen = out.penalty_fen.plus(line.amount_fen)?,
            Component::Fee => {}
        }
    }
    Ok(out)
}

/// How one waiver was applied.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WaiverResult {
    /// The waiver's id.
    pub id: u64,
    /// Requested amount.
    pub requested_fen: Fen,
    /// Applied amount (≤ outstanding at its value date).
    pub applied_fen: Fen,
    /// The part of it that gives up an advance claim (interest of an advanced instalment).
    #[serde(default)]
    pub advance_fen: Fen,
}

/// What one write-off fact wrote off, per component, and the part of it that was the platform's
/// claim on advanced instalments (逾期挂账).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WriteOffResult {
    /// The fact's id.
    pub id: u64,
    /// Principal written off.
    pub principal_fen: Fen,
    /// Interest written off.
    pub interest_fen: Fen,
    /// Fee written off.
    pub fee_fen: Fen,
    /// Penalty written off.
    pub penalty_fen: Fen,
    /// The principal of it the platform claimed (advanced, not recovered).
    pub claim_principal_fen: Fen,
    /// The interest of it the platform claimed.
    pub claim_interest_fen: Fen,
}

impl WriteOffResult {
    /// The platform's claim written off (principal + interest).
    pub fn claim_fen(&self) -> MoneyResult<Fen> {
        self.claim_principal_fen.plus(self.claim_interest_fen)
    }

    /// Principal the capital provider still held (not advanced) that was written off.
    pub fn funder_principal_fen(&self) -> MoneyResult<Fen> {
        self.principal_fen.minus(self.claim_principal_fen)
    }
}

/// Everything derived for an order at a business date.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ReplayResult {
    /// The business date replayed to.
    pub business_date: NaiveDate,
    /// The instalments with their amounts and derived status.
    pub items: Vec<ItemLedger>,
    /// Penalty rows, one per instalment and day charged, in charge order.
    pub penalty_accruals: Vec<PenaltyAccrual>,
    /// The repayments in replay order (reversed ones left out), with their allocations.
    pub repayments: Vec<RepaymentResult>,
    /// The waivers.
    pub waivers: Vec<WaiverResult>,
    /// The write-offs.
    #[serde(default)]
    pub write_offs: Vec<WriteOffResult>,
    /// Ids of reversed repayments.
    pub reversed_ids: Vec<u64>,
    /// Σ overpayment: the customer's credit.
    pub customer_credit_fen: Fen,
    /// Σ outstanding over all instalments.
    pub outstanding_fen: Fen,
    /// The order's days past due.
    pub days_past_due: u32,
    /// The delinquency bucket.
    pub bucket: Option<String>,
}

/// Replays `facts` (any order) on `plan` under `terms` up to `business_date`.
pub fn replay(
    terms: &ProductTerms,
    plan: &Plan,
    facts: &[MoneyFact],
    business_date: NaiveDate,
    buckets: &[DelinquencyRange],
) -> MoneyResult<ReplayResult> {
    let mut items = ItemLedger::all_from_plan(plan);
    let n = plan.items.len();

    // Reversals first: they remove their repayment from the timeline.
    let mut reversed: Vec<u64> = Vec::new();
    for f in facts {
        if let FactKind::Reversal { reverses } = f.kind {
            let target = facts.iter().find(|g| g.id == reverses);
            if !matches!(target, Some(g) if matches!(g.kind, FactKind::Repayment { .. })) {
                return Err(MoneyError::UnknownRepayment(reverses));
            }
            if reversed.contains(&reverses) {
                return Err(MoneyError::DoubleReversal(reverses));
            }
            reversed.push(reverses);
        }
    }
    let mut active: Vec<&MoneyFact> = facts
        .iter()
        .filter(|f| !matches!(f.kind, FactKind::Reversal { .. }) && !reversed.contains(&f.id))
        .collect();
    for f in &active {
        if f.value_date > business_date {
            return Err(MoneyError::FactAfterBusinessDate(f.id));
        }
        if let Some(seq) = f.kind.item_seq()
            && (seq == 0 || seq as usize > n)
        {
            return Err(MoneyError::UnknownItem(seq));
        }
    }
    active.sort_by_key(|f| (f.value_date, f.kind.rank(), f.id));
    let stop = active
        .iter()
        .filter(|f| {
            matches!(
                f.kind,
                FactKind::PenaltyStop | FactKind::WriteOff { item_seq: None }
            )
        })
        .map(|f| f.value_date)
        .min();
    let deposit_day = plan
        .items
        .iter()
        .find(|it| it.is_deposit_offset)
        .map(|it| it.due_date)
        .filter(|_| plan.deposit_fen.is_positive());

    let mut accruals = Vec::new();
    let mut repayments = Vec::new();
    let mut waivers = Vec::new();
    let mut write_offs = Vec::new();
    let first_due = plan.items.first().map_or(business_date, |it| it.due_date);
    let mut day = active
        .first()
        .map_or(first_due, |f| f.value_date.min(first_due));
    let mut next = 0;
    while day <= business_date {
        let stopped = stop.is_some_and(|s| day >= s);
        accruals.extend(accrue_day(
            terms,
            plan.principal_fen,
            &mut items,
            day,
            stopped,
        )?);
        if deposit_day == Some(day) {
            let allocation = allocate_payment(
                &mut items,
                plan.deposit_fen,
                day,
                &terms.allocation_order,
                terms.prepayment_rule,
            )?;
            let recovery = recover(&mut items, &allocation)?;
            repayments.push(RepaymentResult {
                id: DEPOSIT_OFFSET_ID,
                value_date: day,
                amount_fen: plan.deposit_fen,
                allocation,
                recovery,
            });
        }
        while next < active.len() && active[next].value_date == day {
            let f = active[next];
            next += 1;
            apply(
                terms,
                &mut items,
                f,
                &mut repayments,
                &mut waivers,
                &mut write_offs,
            )?;
        }
        for it in items.iter_mut() {
            if it.outstanding()?.is_positive() {
                it.settled_on = None;
            } else if it.settled_on.is_none() {
                it.settled_on = Some(day);
            }
        }
        day = day.succ_opt().ok_or(MoneyError::DateOutOfRange)?;
    }
    for it in items.iter_mut() {
        it.refresh_status(business_date, terms.penalty_grace_days)?;
    }
    let dpd = order_days_past_due(&items, business_date)?;
    Ok(ReplayResult {
        business_date,
        customer_credit_fen: Fen::sum(repayments.iter().map(|r| r.allocation.overpayment_fen))?,
        outstanding_fen: Fen::sum(
            items
                .iter()
                .map(ItemLedger::outstanding)
                .collect::<MoneyResult<Vec<_>>>()?,
        )?,
        days_past_due: dpd,
        bucket: classify(dpd, terms.penalty_grace_days, buckets),
        items,
        penalty_accruals: accruals,
        repayments,
        waivers,
        write_offs,
        reversed_ids: reversed,
    })
}

fn apply(
    terms: &ProductTerms,
    items: &mut [ItemLedger],
    f: &MoneyFact,
    repayments: &mut Vec<RepaymentResult>,
    waivers: &mut Vec<WaiverResult>,
    write_offs: &mut Vec<WriteOffResult>,
) -> MoneyResult<()> {
    let idx = |seq: u32| (seq - 1) as usize;
    match f.kind {
        FactKind::Repayment { amount_fen } => {
            if amount_fen.get() < 0 {
                return Err(MoneyError::Invalid("还款金额不能为负".into()));
            }
            let allocation = allocate_payment(
                items,
                amount_fen,
                f.value_date,
                &terms.allocation_order,
                terms.prepayment_rule,
            )?;
            let recovery = recover(items, &allocation)?;
            repayments.push(RepaymentResult {
                id: f.id,
                value_date: f.value_date,
                amount_fen,
                allocation,
                recovery,
            });
        }
        FactKind::Waiver {
            item_seq,
            component,
            amount_fen,
        } => {
            let it = &mut items[idx(item_seq)];
            let applied = it
                .component_mut(component)
                .reduce(Reduction::Waived, amount_fen)?;
            let advance_fen = if component == Component::Interest {
                applied.min(it.advance_claim_interest()?).max(Fen::ZERO)
            } else {
                Fen::ZERO
            };
            it.advance_waived_fen = it.advance_waived_fen.plus(advance_fen)?;
            waivers.push(WaiverResult {
                id: f.id,
                requested_fen: amount_fen,
                applied_fen: applied,
                advance_fen,
            });
        }
        FactKind::WriteOff { item_seq } => {
            let mut done = WriteOffResult {
                id: f.id,
                ..WriteOffResult::default()
            };
            for it in items.iter_mut() {
                if item_seq.is_none_or(|s| s == it.seq) {
                    // The platform's claim first: what it advanced and still claims of the
                    // principal and interest written off.
                    let claim_p = it
                        .advance_claim_principal()?
                        .min(it.principal.outstanding_fen);
                    let claim_i = it
                        .advance_claim_interest()?
                        .min(it.interest.outstanding_fen);
                    it.advance_written_off_fen =
                        it.advance_written_off_fen.plus(claim_p.plus(claim_i)?)?;
                    it.advance_written_off_interest_fen =
                        it.advance_written_off_interest_fen.plus(claim_i)?;
                    done.claim_principal_fen = done.claim_principal_fen.plus(claim_p)?;
                    done.claim_interest_fen = done.claim_interest_fen.plus(claim_i)?;
                    for c in Component::ALL {
                        let out = it.component(c).outstanding_fen;
                        let cut = it.component_mut(c).reduce(Reduction::WrittenOff, out)?;
                        let total = match c {
                            Component::Principal => &mut done.principal_fen,
                            Component::Interest => &mut done.interest_fen,
                            Component::Fee => &mut done.fee_fen,
                            Component::Penalty => &mut done.penalty_fen,
                        };
                        *total = total.plus(cut)?;
                    }
                    it.pending_penalty.clear();
                }
            }
            write_offs.push(done);
        }
        FactKind::Advance {
            item_seq,
            component,
            amount_fen,
        } => {
            let it = &mut items[idx(item_seq)];
            it.advanced_fen = it.advanced_fen.plus(amount_fen)?;
            if component == Component::Interest {
                it.advanced_interest_fen = it.advanced_interest_fen.plus(amount_fen)?;
            }
            it.advanced_on.get_or_insert(f.value_date);
        }
        FactKind::CancelInterest {
            item_seq,
            amount_fen,
        } => {
            let it = &mut items[idx(item_seq)];
            let out = it.interest.outstanding_fen;
            let cancel = amount_fen.map_or(out, |a| a.max(Fen::ZERO).min(out));
            it.interest.reduce(Reduction::Cancelled, cancel)?;
        }
        FactKind::ChargeFee {
            item_seq,
            amount_fen,
        } => {
            items[idx(item_seq)].fee.accrue(amount_fen.max(Fen::ZERO))?;
        }
        FactKind::PenaltyStop | FactKind::Reversal { .. } => {}
    }
    Ok(())
}
