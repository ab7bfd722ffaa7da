//! Splitting a payment over instalments and components (冲账).
//!
//! 1. Instalments due before or on the value date, oldest first; within one, the product's
//!    component order (default PENALTY → FEE → INTEREST → PRINCIPAL).
//! 2. Then instalments not yet due, per the prepayment rule (NEXT: earliest first; LAST: latest
//!    first; REAMORTIZE: the principal of the future instalments earliest first, then their
//!    other components), never to a penalty (none has accrued on a future instalment).
//! 3. What is left when nothing is outstanding is overpayment (customer credit).

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::MoneyResult;
use super::amount::Fen;
use super::ledger::{ItemLedger, Reduction};
use super::product::{Component, PrepaymentRule};

/// One part of a payment applied to one component of one instalment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AllocationLine {
    /// The instalment.
    pub item_seq: u32,
    /// The component.
    pub component: Component,
    /// The amount applied.
    pub amount_fen: Fen,
}

/// How one payment was applied: `amount = Σ lines + overpayment`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PaymentAllocation {
    /// The lines, in the order applied.
    pub lines: Vec<AllocationLine>,
    /// What nothing was owed for.
    pub overpayment_fen: Fen,
}

struct Allocator<'a> {
    items: &'a mut [ItemLedger],
    left: Fen,
    lines: Vec<AllocationLine>,
}

impl Allocator<'_> {
    fn pay(&mut self, idx: usize, c: Component) -> MoneyResult<()> {
        if !self.left.is_positive() {
            return Ok(());
        }
        let item = &mut self.items[idx];
        let applied = item.component_mut(c).reduce(Reduction::Paid, self.left)?;
        if applied.is_positive() {
            self.left = self.left.minus(applied)?;
            self.lines.push(AllocationLine {
                item_seq: item.seq,
                component: c,
                amount_fen: applied,
            });
        }
        Ok(())
    }

    fn pay_item(&mut self, idx: usize, order: &[Component], with_penalty: bool) -> MoneyResult<()> {
        for &c in order {
            if with_penalty || c != Component::Penalty {
                self.pay(idx, c)?;
            }
        }
        Ok(())
    }
}

/// Applies a payment of `amount` with value date `value_date` to `items` (sorted by due date),
/// by the product's component `order` and prepayment `rule`.
pub fn allocate_payment(
    items: &mut [ItemLedger],
    amount: Fen,
    value_date: NaiveDate,
    order: &[Component],
    rule: PrepaymentRule,
) -> MoneyResult<PaymentAllocation> {
    let due_now: Vec<usize> = (0..items.len())
        .filter(|&i| items[i].due_date <= value_date)
        .collect();
    let future: Vec<usize> = (0..items.len())
        .filter(|&i| items[i].due_date > value_date)
        .collect();
    let mut a = Allocator {
        items,
        left: amount.max(Fen::ZERO),
        lines: Vec::new(),
    };
    for &i in &due_now {
        a.pay_item(i, order, true)?;
    }
    match rule {
        PrepaymentRule::Next => {
            for &i in &future {
                a.pay_item(i, order, false)?;
            }
        }
        PrepaymentRule::Last => {
            for &i in future.iter().rev() {
                a.pay_item(i, order, false)?;
            }
        }
        PrepaymentRule::Reamortize => {
            for &i in &future {
                a.pay(i, Component::Principal)?;
            }
            for &i in &future {
                a.pay_item(i, order, false)?;
            }
        }
    }
    Ok(PaymentAllocation {
        lines: a.lines,
        overpayment_fen: a.left,
    })
}
