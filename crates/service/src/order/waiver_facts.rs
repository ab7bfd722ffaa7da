//! The money-fact side of waivers (docs/waivers.md), used by every sync of an order: the replay
//! facts of an EFFECTIVE waiver, the conditional waivers settled before the replay, and the
//! interest the platform bears posted (E8) as the replay applied it.

use super::purpose::{EARLY_SETTLEMENT, REPAYMENT};
use super::yuan;
use crate::ledger::{NewJournal, post_journal};
use crate::transition::{self as record_transition, By, Change, Logged};
use crate::{Error, Result};
use chrono::{DateTime, NaiveDate, Utc};
use domain::ledger::{Counterparty, Event as LedgerEvent, OrderRef, WaiverKind};
use domain::money::Fen;
use domain::money::product::Component;
use domain::money::replay::{FactKind, MoneyFact, ReplayResult};
use domain::money::waiver::WaiverLine;
use domain::status::{RepaymentStatus, Status, WaiverStatus};
use std::collections::HashMap;
use store::entity::{journal, orders, repayment, waiver};
use store::sea_orm::sea_query::Expr;
use store::sea_orm::{
    ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder,
};

pub(crate) const PLATFORM: &str = "PLATFORM";

/// The replay ids of waiver lines: `BASE + waiver id × STRIDE + line`, apart from repayments and
/// the other facts.
const WAIVER_FACT_BASE: u64 = 1 << 44;
const STRIDE: u64 = 1 << 12;

fn not_found() -> Error {
    Error::NotFound("减免申请不存在".to_owned())
}

pub(crate) fn lines_of(w: &waiver::Model) -> Vec<WaiverLine> {
    w.lines
        .clone()
        .and_then(|v| serde_json::from_value(v).ok())
        .unwrap_or_default()
}

pub(crate) fn id_u64(id: i64) -> u64 {
    u64::try_from(id).unwrap_or(0)
}

/// The replay facts of an EFFECTIVE waiver: its lines from the day it was approved.
pub(crate) fn facts_of(w: &waiver::Model) -> Vec<MoneyFact> {
    let Some(day) = w.approved_on else {
        return Vec::new();
    };
    lines_of(w)
        .into_iter()
        .enumerate()
        .map(|(i, l)| MoneyFact {
            id: WAIVER_FACT_BASE + id_u64(w.id) * STRIDE + i as u64,
            value_date: day,
            kind: FactKind::Waiver {
                item_seq: l.item_seq,
                component: l.component,
                amount_fen: l.amount_fen,
            },
        })
        .collect()
}

/// Settles the conditional waivers of an order at `date` before its replay (module docs):
/// EFFECTIVE once the customer's repayments since approval reach the expected amount by the
/// deadline, back to APPROVED when a reversal takes that away, EXPIRED after the deadline.
pub(crate) async fn settle_conditions<C: ConnectionTrait>(
    conn: &C,
    by: &By,
    now: DateTime<Utc>,
    order_id: i64,
    date: NaiveDate,
) -> Result<()> {
    let rows = waiver::Entity::find()
        .filter(waiver::Column::OrderId.eq(order_id))
        .filter(waiver::Column::Conditional.eq(true))
        .filter(waiver::Column::Status.is_in([
            WaiverStatus::Approved.code(),
            WaiverStatus::Effective.code(),
        ]))
        .all(conn)
        .await?;
    if rows.is_empty() {
        return Ok(());
    }
    let paid = repayment::Entity::find()
        .filter(repayment::Column::OrderId.eq(order_id))
        .filter(repayment::Column::Status.eq(RepaymentStatus::Confirmed.code()))
        .filter(repayment::Column::Purpose.is_in([REPAYMENT, EARLY_SETTLEMENT]))
        .order_by_asc(repayment::Column::ValueDate)
        .order_by_asc(repayment::Column::Id)
        .all(conn)
        .await?;
    for w in rows {
        let from = WaiverStatus::parse(&w.status).ok_or_else(not_found)?;
        let (Some(start), Some(until)) = (w.approved_on, w.valid_until) else {
            continue;
        };
        let mut sum = 0_i64;
        let mut reached = None;
        for p in paid
            .iter()
            .filter(|p| p.value_date >= start && p.value_date <= until.min(date))
        {
            sum = sum.saturating_add(p.amount_fen);
            if sum >= w.expected_fen {
                reached = Some(p.value_date);
                break;
            }
        }
        let change = match (from, reached) {
            (WaiverStatus::Approved, Some(day)) => Some((WaiverStatus::Effective, Some(day))),
            (WaiverStatus::Effective, None) if date > until => Some((WaiverStatus::Expired, None)),
            (WaiverStatus::Effective, None) => Some((WaiverStatus::Approved, None)),
            (WaiverStatus::Approved, None) if date > until => Some((WaiverStatus::Expired, None)),
            (WaiverStatus::Effective, Some(day)) if w.effective_on != Some(day) => {
                waiver::Entity::update_many()
                    .col_expr(waiver::Column::EffectiveOn, Expr::value(Some(day)))
                    .filter(waiver::Column::Id.eq(w.id))
                    .exec(conn)
                    .await?;
                None
            }
            _ => None,
        };
        let Some((to, effective_on)) = change else {
            continue;
        };
        record_transition::apply::<waiver::Entity, _, _>(
            conn,
            by,
            now,
            Change {
                id: w.id,
                from,
                to,
                version: w.version,
                event: match to {
                    WaiverStatus::Effective => "condition_met",
                    WaiverStatus::Expired => "expire",
                    _ => "condition_lost",
                },
                reason: "",
            },
            vec![
                (waiver::Column::EffectiveOn, Expr::value(effective_on)),
                (waiver::Column::UpdatedAt, Expr::value(now)),
            ],
            Some(Logged {
                action: match to {
                    WaiverStatus::Effective => "waiver.effective",
                    WaiverStatus::Expired => "waiver.expire",
                    _ => "waiver.lapse",
                },
                detail: serde_json::json!({
                    "waiverNo": w.waiver_no,
                    "expectedFen": w.expected_fen,
                    "paidFen": sum,
                    "validUntil": w.valid_until,
                }),
            }),
        )
        .await?;
    }
    Ok(())
}

/// Posts a waiver's E8 journals as the replay applied it: the interest the platform bears (a
/// waiver with bearer PLATFORM, on instalments not advanced) and the advance claim given up (the
/// interest waived on advanced instalments, whoever bears the waiver: the platform holds that
/// claim). Each as the difference from what is posted, a mirror when it fell (a waiver no longer
/// effective).
pub(crate) async fn sync_journals<C: ConnectionTrait>(
    conn: &C,
    user_id: Option<i64>,
    now: DateTime<Utc>,
    order: &orders::Model,
    reference: &OrderRef,
    result: &ReplayResult,
    date: NaiveDate,
) -> Result<()> {
    let rows = waiver::Entity::find()
        .filter(waiver::Column::OrderId.eq(order.id))
        .all(conn)
        .await?;
    if rows.is_empty() {
        return Ok(());
    }
    // Per waiver: (interest the platform bears, advance claim given up).
    let mut applied: HashMap<i64, (i64, i64)> = HashMap::new();
    for w in &rows {
        if w.status != WaiverStatus::Effective.code() {
            continue;
        }
        let lines = lines_of(w);
        for r in &result.waivers {
            if r.id < WAIVER_FACT_BASE {
                continue;
            }
            let offset = r.id - WAIVER_FACT_BASE;
            if offset / STRIDE != id_u64(w.id) {
                continue;
            }
            let index = usize::try_from(offset % STRIDE).unwrap_or(usize::MAX);
            if lines
                .get(index)
                .is_some_and(|l| l.component == Component::Interest)
            {
                let entry = applied.entry(w.id).or_default();
                if w.bearer == PLATFORM {
                    entry.0 += r.applied_fen.get() - r.advance_fen.get();
                }
                entry.1 += r.advance_fen.get();
            }
        }
    }
    for w in &rows {
        let (borne, given_up) = applied.get(&w.id).copied().unwrap_or((0, 0));
        for (kind, target, posted) in [
            (WaiverKind::PlatformBearsInterest, borne, w.posted_fen),
            (WaiverKind::AdvancedItem, given_up, w.posted_advance_fen),
        ] {
            let diff = target - posted;
            if diff == 0 {
                continue;
            }
            let lines = domain::ledger::waiver(reference, kind, Fen(diff.abs()));
            let lines = if diff > 0 {
                lines
            } else {
                domain::ledger::mirror(&lines)
            };
            let n = journal::Entity::find()
                .filter(journal::Column::IdempotencyKey.like(format!("waiver:{}:%", w.id)))
                .count(conn)
                .await?;
            let what = match kind {
                WaiverKind::PlatformBearsInterest => "平台承担利息",
                WaiverKind::AdvancedItem => "放弃代偿追偿利息",
            };
            post_journal(
                conn,
                now,
                &NewJournal {
                    event: LedgerEvent::Waiver,
                    order_id: Some(order.id),
                    business_date: date,
                    idempotency_key: format!("waiver:{}:{}", w.id, n + 1),
                    counterparty: match (kind, order.capital_provider_id) {
                        (WaiverKind::PlatformBearsInterest, Some(cp)) => {
                            Counterparty::CapitalProvider(cp)
                        }
                        (WaiverKind::AdvancedItem, _) => {
                            Counterparty::Customer(Some(order.customer_id))
                        }
                        _ => Counterparty::Platform,
                    },
                    created_by: user_id,
                    description: format!(
                        "减免 {}（{} {} 元）{}",
                        w.waiver_no,
                        what,
                        yuan(diff.abs()),
                        if diff > 0 { "" } else { "冲回" }
                    ),
                    lines,
                },
            )
            .await?;
            let column = match kind {
                WaiverKind::PlatformBearsInterest => waiver::Column::PostedFen,
                WaiverKind::AdvancedItem => waiver::Column::PostedAdvanceFen,
            };
            waiver::Entity::update_many()
                .col_expr(column, Expr::value(target))
                .filter(waiver::Column::Id.eq(w.id))
                .exec(conn)
                .await?;
        }
    }
    Ok(())
}
