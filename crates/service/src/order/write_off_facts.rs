//! The money-fact side of write-offs (docs/recoveries.md), used by every sync of an order: a
//! write-off is an `order_money_fact` (kind WRITE_OFF, one per instalment, or one for the whole
//! order) belonging to the application that decided it (`ref_type`, `ref_id`); the replay writes
//! off what is outstanding on that day. Its journal (E10) follows what the replay wrote off, as the
//! waivers' E8 does: the platform's claim on advanced instalments (P Dr EXPENSE_WRITE_OFF / Cr
//! ADVANCE_RECEIVABLE) and the principal the provider still held, bought out by the platform. The
//! amounts posted are kept on the application; a change (a backdated payment before the
//! write-off's day) posts the mirror of the old amounts and the new ones.

use super::purpose::FACT_ID_BASE;
use super::yuan;
use crate::ledger::{NewJournal, post_journal};
use crate::{Error, Result};
use chrono::{DateTime, NaiveDate, Utc};
use domain::ledger::{Counterparty, Event as LedgerEvent, OrderRef, WriteOffBearer};
use domain::money::Fen;
use domain::money::replay::ReplayResult;
use domain::status::{RecoveryStatus, Status};
use std::collections::HashMap;
use store::entity::{journal, order_money_fact, orders, recovery};
use store::sea_orm::sea_query::Expr;
use store::sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter};

/// The money-fact kind of a write-off.
pub(crate) const WRITE_OFF: &str = "WRITE_OFF";
/// The `ref_type` of the write-off facts of a recovery application.
pub(crate) const RECOVERY: &str = "recovery";

/// Posts the write-offs' journals as the replay applied them (module docs).
pub(crate) async fn sync_journals<C: ConnectionTrait>(
    conn: &C,
    user_id: Option<i64>,
    now: DateTime<Utc>,
    order: &orders::Model,
    reference: &OrderRef,
    (facts, result): (&[order_money_fact::Model], &ReplayResult),
    date: NaiveDate,
) -> Result<()> {
    let owner: HashMap<u64, i64> = facts
        .iter()
        .filter(|f| f.kind == WRITE_OFF && f.ref_type == RECOVERY)
        .filter_map(|f| Some((FACT_ID_BASE + u64::try_from(f.id).ok()?, f.ref_id)))
        .collect();
    if owner.is_empty() {
        return Ok(());
    }
    // Per application: (the claim, the provider's principal) written off.
    let mut applied: HashMap<i64, (i64, i64)> = HashMap::new();
    for w in &result.write_offs {
        let Some(id) = owner.get(&w.id) else { continue };
        let claim = w.claim_fen().map_err(super::money_error)?;
        let principal = w.funder_principal_fen().map_err(super::money_error)?;
        let entry = applied.entry(*id).or_default();
        entry.0 += claim.get();
        entry.1 += principal.get();
    }
    let rows = recovery::Entity::find()
        .filter(recovery::Column::OrderId.eq(order.id))
        .filter(recovery::Column::Status.eq(RecoveryStatus::Executed.code()))
        .all(conn)
        .await?;
    for r in &rows {
        let (claim, principal) = applied.get(&r.id).copied().unwrap_or((0, 0));
        if claim == r.posted_claim_fen && principal == r.posted_principal_fen {
            continue;
        }
        let old = domain::ledger::write_off_lines(
            reference,
            WriteOffBearer::Platform,
            Fen(r.posted_claim_fen),
            Fen(r.posted_principal_fen),
        );
        let mut lines = domain::ledger::mirror(&old);
        lines.extend(domain::ledger::write_off_lines(
            reference,
            WriteOffBearer::Platform,
            Fen(claim),
            Fen(principal),
        ));
        let n = journal::Entity::find()
            .filter(journal::Column::IdempotencyKey.like(format!("recovery:{}:%", r.id)))
            .count(conn)
            .await?;
        post_journal(
            conn,
            now,
            &NewJournal {
                event: LedgerEvent::WriteOff,
                order_id: Some(order.id),
                business_date: date,
                idempotency_key: format!("recovery:{}:{}", r.id, n + 1),
                counterparty: Counterparty::Customer(Some(order.customer_id)),
                created_by: user_id,
                description: format!(
                    "追偿核销 {} {}（代偿款 {} 元，资金方本金 {} 元）",
                    r.recovery_no,
                    order.order_no,
                    yuan(claim),
                    yuan(principal)
                ),
                lines,
            },
        )
        .await?;
        let changed = recovery::Entity::update_many()
            .col_expr(recovery::Column::PostedClaimFen, Expr::value(claim))
            .col_expr(recovery::Column::PostedPrincipalFen, Expr::value(principal))
            .filter(recovery::Column::Id.eq(r.id))
            .filter(recovery::Column::PostedClaimFen.eq(r.posted_claim_fen))
            .filter(recovery::Column::PostedPrincipalFen.eq(r.posted_principal_fen))
            .exec(conn)
            .await?
            .rows_affected;
        if changed != 1 {
            return Err(Error::Conflict(crate::error::STALE.to_owned()));
        }
    }
    Ok(())
}
