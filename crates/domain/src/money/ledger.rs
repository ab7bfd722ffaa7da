//! What each instalment owes and what happened to it, per component.
//!
//! For every component `due = paid + waived + written_off + cancelled + outstanding`, with
//! `outstanding ≥ 0`: every change goes through [`ComponentAmounts::reduce`] or
//! [`ComponentAmounts::accrue`], which keep that identity.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::MoneyResult;
use super::amount::Fen;
use super::penalty::PenaltyAccrual;
use super::product::Component;
use super::schedule::{Plan, PlanItem};

/// The amounts of one component of one instalment.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ComponentAmounts {
    /// Scheduled (or, for penalty, accrued).
    pub due_fen: Fen,
    /// Paid by repayments.
    pub paid_fen: Fen,
    /// Waived (减免).
    pub waived_fen: Fen,
    /// Written off.
    pub written_off_fen: Fen,
    /// Cancelled by early settlement or surrender (unearned interest, not a waiver).
    pub cancelled_fen: Fen,
    /// Still owed.
    pub outstanding_fen: Fen,
}

/// How an outstanding amount is reduced.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reduction {
    /// By a payment.
    Paid,
    /// By a waiver.
    Waived,
    /// By a write-off.
    WrittenOff,
    /// By cancellation.
    Cancelled,
}

impl ComponentAmounts {
    /// A component with `due` outstanding.
    pub fn new(due: Fen) -> Self {
        ComponentAmounts {
            due_fen: due,
            outstanding_fen: due,
            ..Self::default()
        }
    }

    /// Reduces the outstanding by up to `amount`; returns the amount applied.
    pub fn reduce(&mut self, how: Reduction, amount: Fen) -> MoneyResult<Fen> {
        let applied = amount.min(self.outstanding_fen).max(Fen::ZERO);
        let slot = match how {
            Reduction::Paid => &mut self.paid_fen,
            Reduction::Waived => &mut self.waived_fen,
            Reduction::WrittenOff => &mut self.written_off_fen,
            Reduction::Cancelled => &mut self.cancelled_fen,
        };
        *slot = slot.plus(applied)?;
        self.outstanding_fen = self.outstanding_fen.minus(applied)?;
        Ok(applied)
    }

    /// Adds `amount` to what is due and outstanding (penalty accrual, a charged fee).
    pub fn accrue(&mut self, amount: Fen) -> MoneyResult<()> {
        self.due_fen = self.due_fen.plus(amount)?;
        self.outstanding_fen = self.outstanding_fen.plus(amount)?;
        Ok(())
    }

    /// `due = paid + waived + written_off + cancelled + outstanding` and `outstanding ≥ 0`.
    pub fn is_consistent(&self) -> bool {
        Fen::sum([
            self.paid_fen,
            self.waived_fen,
            self.written_off_fen,
            self.cancelled_fen,
            self.outstanding_fen,
        ]) == Ok(self.due_fen)
            && self.outstanding_fen.get() >= 0
    }
}

/// The status of an instalment, always derived from its amounts and the business date.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ItemStatus {
    /// 未到期: before the due date.
    #[default]
    NotDue,
    /// 待还: due (on or after the due date, within the grace days).
    Due,
    /// 逾期: unpaid after the due date plus the grace days.
    Overdue,
    /// 已还: nothing outstanding.
    Paid,
    /// Extinguished by early settlement or surrender (interest cancelled), nothing outstanding.
    Cancelled,
    /// Closed by write-off.
    WrittenOff,
}

/// An instalment with its running amounts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ItemLedger {
    /// 1..n.
    pub seq: u32,
    /// Start of the interest period.
    pub from_date: NaiveDate,
    /// End of the interest period.
    pub to_date: NaiveDate,
    /// Due date.
    pub due_date: NaiveDate,
    /// The deposit is offset against this instalment.
    pub is_deposit_offset: bool,
    /// Principal.
    pub principal: ComponentAmounts,
    /// Interest.
    pub interest: ComponentAmounts,
    /// Fee.
    pub fee: ComponentAmounts,
    /// Penalty (`due` = Σ accruals).
    pub penalty: ComponentAmounts,
    /// Paid to the funder by the platform (代偿); the customer still owes it.
    pub advanced_fen: Fen,
    /// The interest part of `advanced_fen`.
    #[serde(default)]
    pub advanced_interest_fen: Fen,
    /// Principal + interest the customer paid after the advance: recovered by the platform (E7).
    #[serde(default)]
    pub recovered_fen: Fen,
    /// The interest part of `recovered_fen`.
    #[serde(default)]
    pub recovered_interest_fen: Fen,
    /// Interest waived after the advance: the platform's claim given up (E8 on an advanced item).
    #[serde(default)]
    pub advance_waived_fen: Fen,
    /// Principal + interest of the claim written off (追偿核销, E10 on an advanced item).
    #[serde(default)]
    pub advance_written_off_fen: Fen,
    /// The interest part of `advance_written_off_fen`.
    #[serde(default)]
    pub advance_written_off_interest_fen: Fen,
    /// The business date of the (first) advance.
    #[serde(default)]
    pub advanced_on: Option<NaiveDate>,
    /// Date of the last penalty accrual.
    pub last_penalty_date: Option<NaiveDate>,
    /// Date the outstanding became zero.
    pub settled_on: Option<NaiveDate>,
    /// Derived status.
    pub status: ItemStatus,
    /// 0 < paid < due.
    pub partial: bool,
    /// The platform advanced this instalment.
    pub advanced: bool,
    /// Days past due (0 when nothing is outstanding).
    pub overdue_days: u32,
    /// Penalty accrued within the grace days under DUE_DATE, charged only if the grace passes
    /// without full payment.
    #[serde(skip)]
    pub pending_penalty: Vec<PenaltyAccrual>,
}

impl ItemLedger {
    /// The instalment as scheduled, nothing paid.
    pub fn from_plan(item: &PlanItem) -> Self {
        ItemLedger {
            seq: item.seq,
            from_date: item.from_date,
            to_date: item.to_date,
            due_date: item.due_date,
            is_deposit_offset: item.is_deposit_offset,
            principal: ComponentAmounts::new(item.principal_fen),
            interest: ComponentAmounts::new(item.interest_fen),
            fee: ComponentAmounts::new(item.fee_fen),
            penalty: ComponentAmounts::default(),
            advanced_fen: Fen::ZERO,
            advanced_interest_fen: Fen::ZERO,
            recovered_fen: Fen::ZERO,
            recovered_interest_fen: Fen::ZERO,
            advance_waived_fen: Fen::ZERO,
            advance_written_off_fen: Fen::ZERO,
            advance_written_off_interest_fen: Fen::ZERO,
            advanced_on: None,
            last_penalty_date: None,
            settled_on: None,
            status: ItemStatus::NotDue,
            partial: false,
            advanced: false,
            overdue_days: 0,
            pending_penalty: Vec::new(),
        }
    }

    /// The ledgers of all instalments of a plan.
    pub fn all_from_plan(plan: &Plan) -> Vec<ItemLedger> {
        plan.items.iter().map(ItemLedger::from_plan).collect()
    }

    /// One component.
    pub fn component(&self, c: Component) -> &ComponentAmounts {
        match c {
            Component::Penalty => &self.penalty,
            Component::Fee => &self.fee,
            Component::Interest => &self.interest,
            Component::Principal => &self.principal,
        }
    }

    /// One component, mutable.
    pub fn component_mut(&mut self, c: Component) -> &mut ComponentAmounts {
        match c {
            Component::Penalty => &mut self.penalty,
            Component::Fee => &mut self.fee,
            Component::Interest => &mut self.interest,
            Component::Principal => &mut self.principal,
        }
    }

    fn sum_of(&self, f: impl Fn(&ComponentAmounts) -> Fen) -> MoneyResult<Fen> {
        Fen::sum(Component::ALL.iter().map(|&c| f(self.component(c))))
    }

    /// Everything still owed on this instalment.
    pub fn outstanding(&self) -> MoneyResult<Fen> {
        self.sum_of(|c| c.outstanding_fen)
    }

    /// What the platform advanced on this instalment and has neither recovered, waived nor written
    /// off (逾期挂账).
    pub fn advance_claim(&self) -> MoneyResult<Fen> {
        self.advance_claim_principal()?
            .plus(self.advance_claim_interest()?)
    }

    /// The principal part of [`Self::advance_claim`].
    pub fn advance_claim_principal(&self) -> MoneyResult<Fen> {
        let advanced = self.advanced_fen.minus(self.advanced_interest_fen)?;
        let recovered = self.recovered_fen.minus(self.recovered_interest_fen)?;
        let written_off = self
            .advance_written_off_fen
            .minus(self.advance_written_off_interest_fen)?;
        Ok(advanced.minus(recovered.plus(written_off)?)?.max(Fen::ZERO))
    }

    /// The interest part of [`Self::advance_claim`].
    pub fn advance_claim_interest(&self) -> MoneyResult<Fen> {
        Ok(self
            .advanced_interest_fen
            .minus(
                self.recovered_interest_fen
                    .plus(self.advance_waived_fen)?
                    .plus(self.advance_written_off_interest_fen)?,
            )?
            .max(Fen::ZERO))
    }

    /// Principal + interest still owed.
    pub fn principal_interest_outstanding(&self) -> MoneyResult<Fen> {
        self.principal
            .outstanding_fen
            .plus(self.interest.outstanding_fen)
    }

    /// Days past due at `business_date`: days after the due date while anything is outstanding.
    pub fn days_past_due(&self, business_date: NaiveDate) -> MoneyResult<u32> {
        if !self.outstanding()?.is_positive() || business_date <= self.due_date {
            return Ok(0);
        }
        u32::try_from((business_date - self.due_date).num_days())
            .map_err(|_| super::MoneyError::DateOutOfRange)
    }

    /// Recomputes status, flags and days past due at `business_date` with `grace_days`.
    pub fn refresh_status(&mut self, business_date: NaiveDate, grace_days: u32) -> MoneyResult<()> {
        let out = self.outstanding()?;
        let due = self.sum_of(|c| c.due_fen)?;
        let paid = self.sum_of(|c| c.paid_fen)?;
        self.partial = paid.is_positive() && paid < due;
        self.advanced = self.advanced_fen.is_positive();
        self.overdue_days = self.days_past_due(business_date)?;
        self.status = if !out.is_positive() {
            if self.sum_of(|c| c.cancelled_fen)?.is_positive() {
                ItemStatus::Cancelled
            } else if self.sum_of(|c| c.written_off_fen)?.is_positive() {
                ItemStatus::WrittenOff
            } else {
                ItemStatus::Paid
            }
        } else if business_date < self.due_date {
            ItemStatus::NotDue
        } else if self.overdue_days > grace_days {
            ItemStatus::Overdue
        } else {
            ItemStatus::Due
        };
        Ok(())
    }

    /// Every component satisfies the amount identity.
    pub fn is_consistent(&self) -> bool {
        Component::ALL
            .iter()
            .all(|&c| self.component(c).is_consistent())
    }
}
