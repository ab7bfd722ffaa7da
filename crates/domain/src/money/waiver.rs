//! Waivers (减免): which instalments a waiver covers and how its amount per component is spread
//! over them — oldest first, never above what each has outstanding. A waiver asking for more
//! than is outstanding is refused with what is outstanding (invariant 27: re-checked when the
//! waiver is approved, so a repayment confirmed in between can never make anything negative).

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::amount::Fen;
use super::ledger::ItemLedger;
use super::product::Component;
use super::{MoneyError, MoneyResult};

/// The components a waiver may reduce; principal is written off instead (E10).
pub const WAIVABLE: [Component; 3] = [Component::Penalty, Component::Fee, Component::Interest];

/// One instalment's share of a waiver.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WaiverLine {
    /// The instalment.
    pub item_seq: u32,
    /// The component.
    pub component: Component,
    /// Amount waived on it.
    pub amount_fen: Fen,
}

/// A component asked for more than the covered instalments have outstanding.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Excess {
    /// The component.
    pub component: Component,
    /// Asked for.
    pub requested_fen: Fen,
    /// Outstanding on the covered instalments.
    pub outstanding_fen: Fen,
}

/// The instalments a waiver covers at `date`: the one named, or every instalment already due
/// (due date ≤ `date`) with something outstanding, oldest first.
pub fn covered(items: &[ItemLedger], item_seq: Option<u32>, date: NaiveDate) -> Vec<&ItemLedger> {
    items
        .iter()
        .filter(|it| match item_seq {
            Some(seq) => it.seq == seq,
            None => it.due_date <= date && it.outstanding().is_ok_and(|o| o.is_positive()),
        })
        .collect()
}

/// What the covered instalments have outstanding of one component.
pub fn waivable(
    items: &[ItemLedger],
    item_seq: Option<u32>,
    date: NaiveDate,
    component: Component,
) -> MoneyResult<Fen> {
    Fen::sum(
        covered(items, item_seq, date)
            .into_iter()
            .map(|it| it.component(component).outstanding_fen),
    )
}

/// Spreads `amounts` (per component; principal is refused) over the covered instalments, oldest
/// first. `Ok(Err(excess))` when a component asks for more than is outstanding.
pub fn spread(
    items: &[ItemLedger],
    item_seq: Option<u32>,
    date: NaiveDate,
    amounts: &[(Component, Fen)],
) -> MoneyResult<Result<Vec<WaiverLine>, Vec<Excess>>> {
    let scope = covered(items, item_seq, date);
    let mut lines = Vec::new();
    let mut excess = Vec::new();
    for &(component, requested) in amounts {
        if component == Component::Principal {
            return Err(MoneyError::Invalid("本金不能减免，请走核销".into()));
        }
        if requested.get() < 0 {
            return Err(MoneyError::Invalid("减免金额不能为负".into()));
        }
        let mut left = requested;
        for it in &scope {
            if !left.is_positive() {
                break;
            }
            let take = Fen(left
                .get()
                .min(it.component(component).outstanding_fen.get()));
            if take.is_positive() {
                lines.push(WaiverLine {
                    item_seq: it.seq,
                    component,
                    amount_fen: take,
                });
                left = left.minus(take)?;
            }
        }
        if left.is_positive() {
            excess.push(Excess {
                component,
                requested_fen: requested,
                outstanding_fen: requested.minus(left)?,
            });
        }
    }
    Ok(if excess.is_empty() {
        Ok(lines)
    } else {
        Err(excess)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::money::ledger::ComponentAmounts;

    fn day(m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, m, d).unwrap_or_default()
    }

    fn item(seq: u32, due: NaiveDate, interest: i64, penalty: i64) -> ItemLedger {
        let mut it = ItemLedger::from_plan(&crate::money::schedule::PlanItem {
            seq,
            from_date: due,
            to_date: due,
            due_date: due,
            principal_fen: Fen(78_849),
            interest_fen: Fen(interest),
            fee_fen: Fen(0),
            is_deposit_offset: false,
        });
        it.penalty = ComponentAmounts::new(Fen(penalty));
        it
    }

    fn items() -> Vec<ItemLedger> {
        vec![
            item(1, day(2, 28), 10_000, 176),
            item(2, day(3, 31), 9_212, 44),
            item(3, day(4, 30), 8_416, 0),
        ]
    }

    #[test]
    fn covers_the_due_instalments_oldest_first() {
        let items = items();
        let seqs = |v: Vec<&ItemLedger>| v.iter().map(|it| it.seq).collect::<Vec<_>>();
        assert_eq!(seqs(covered(&items, None, day(4, 5))), vec![1, 2]);
        assert_eq!(seqs(covered(&items, Some(3), day(4, 5))), vec![3]);
        assert_eq!(
            waivable(&items, None, day(4, 5), Component::Penalty),
            Ok(Fen(220))
        );
    }

    #[test]
    fn spreads_oldest_first_up_to_each_outstanding() {
        let items = items();
        let lines = spread(
            &items,
            None,
            day(4, 5),
            &[
                (Component::Penalty, Fen(200)),
                (Component::Interest, Fen(12_000)),
            ],
        );
        assert_eq!(
            lines,
            Ok(Ok(vec![
                WaiverLine {
                    item_seq: 1,
                    component: Component::Penalty,
                    amount_fen: Fen(176)
                },
                WaiverLine {
                    item_seq: 2,
                    component: Component::Penalty,
                    amount_fen: Fen(24)
                },
                WaiverLine {
                    item_seq: 1,
                    component: Component::Interest,
                    amount_fen: Fen(10_000)
                },
                WaiverLine {
                    item_seq: 2,
                    component: Component::Interest,
                    amount_fen: Fen(2_000)
                },
            ]))
        );
    }

    #[test]
    fn more_than_outstanding_is_refused_with_what_is_outstanding() {
        let items = items();
        let refused = spread(
            &items,
            Some(1),
            day(4, 5),
            &[(Component::Penalty, Fen(177))],
        );
        assert_eq!(
            refused,
            Ok(Err(vec![Excess {
                component: Component::Penalty,
                requested_fen: Fen(177),
                outstanding_fen: Fen(176),
            }]))
        );
        assert!(spread(&items, None, day(4, 5), &[(Component::Principal, Fen(1))]).is_err());
    }
}
