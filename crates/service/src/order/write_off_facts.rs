//! The money-fact side of write-offs (docs/recoveries.md, docs/write-offs.md), used by every sync
//! of an order: a
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
use domain::status::{RecoveryStatus, Status, SurrenderStatus, WriteOffStatus};
use std::collections::HashMap;
use store::entity::{journal, order_money_fact, orders, recovery, surrender, write_off};
use store::sea_orm::sea_query::Expr;
use store::sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter};

/// The money-fact kind of a write-off.
pub(crate) const WRITE_OFF: &str = "WRITE_OFF";
/// The `ref_type` of the write-off facts of a recovery application.
pub(crate) const RECOVERY: &str = "recovery";

/// The `ref_type` of the write-off fact of an order write-off (T28).
pub(crate) const ORDER_WRITE_OFF: &str = "write_off";
/// Who bears the provider's principal of an order write-off.
pub(crate) const BEARER_PLATFORM: &str = "PLATFORM";

/// An executed application whose write-off facts post E10, with what it posted so far.
struct Posted {
    ref_type: &'static str,
    id: i64,
    no: String,
    bearer: WriteOffBearer,
    claim_fen: i64,
    principal_fen: i64,
}

async fn executed<C: ConnectionTrait>(conn: &C, order_id: i64) -> Result<Vec<Posted>> {
    let mut out: Vec<Posted> = recovery::Entity::find()
        .filter(recovery::Column::OrderId.eq(order_id))
        .filter(recovery::Column::Status.eq(RecoveryStatus::Executed.code()))
        .all(conn)
        .await?
        .into_iter()
        .map(|r| Posted {
            ref_type: RECOVERY,
            id: r.id,
            no: r.recovery_no,
            // The platform decided it: it also buys out what the provider still held.
            bearer: WriteOffBearer::Platform,
            claim_fen: r.posted_claim_fen,
            principal_fen: r.posted_principal_fen,
        })
        .collect();
    out.extend(
        write_off::Entity::find()
            .filter(write_off::Column::OrderId.eq(order_id))
            .filter(write_off::Column::Status.eq(WriteOffStatus::Executed.code()))
            .all(conn)
            .await?
            .into_iter()
            .map(|w| Posted {
                ref_type: ORDER_WRITE_OFF,
                id: w.id,
                no: w.write_off_no,
                bearer: if w.bearer == BEARER_PLATFORM {
                    WriteOffBearer::Platform
                } else {
                    WriteOffBearer::CapitalProvider
                },
                claim_fen: w.posted_claim_fen,
                principal_fen: w.posted_principal_fen,
            }),
    );
    // A surrender's shortfall written off at settlement (bearer as chosen then).
    out.extend(
        surrender::Entity::find()
            .filter(surrender::Column::OrderId.eq(order_id))
            .filter(surrender::Column::Status.eq(SurrenderStatus::Settled.code()))
            .filter(surrender::Column::ShortfallResolution.eq("WRITTEN_OFF"))
            .all(conn)
            .await?
            .into_iter()
            .map(|w| Posted {
                ref_type: super::surrender_facts::SURRENDER,
                id: w.id,
                no: w.surrender_no,
                bearer: if w.bearer == BEARER_PLATFORM {
                    WriteOffBearer::Platform
                } else {
                    WriteOffBearer::CapitalProvider
                },
                claim_fen: w.posted_claim_fen,
                principal_fen: w.posted_principal_fen,
            }),
    );
    Ok(out)
}

/// Stores what `p` has now posted, compare-and-set on what it had.
async fn store_posted<C: ConnectionTrait>(
    conn: &C,
    p: &Posted,
    claim: i64,
    principal: i64,
) -> Result<()> {
    let changed = if p.ref_type == RECOVERY {
        recovery::Entity::update_many()
            .col_expr(recovery::Column::PostedClaimFen, Expr::value(claim))
            .col_expr(recovery::Column::PostedPrincipalFen, Expr::value(principal))
            .filter(recovery::Column::Id.eq(p.id))
            .filter(recovery::Column::PostedClaimFen.eq(p.claim_fen))
            .filter(recovery::Column::PostedPrincipalFen.eq(p.principal_fen))
            .exec(conn)
            .await?
            .rows_affected
    } else if p.ref_type == super::surrender_facts::SURRENDER {
        surrender::Entity::update_many()
            .col_expr(surrender::Column::PostedClaimFen, Expr::value(claim))
            .col_expr(
                surrender::Column::PostedPrincipalFen,
                Expr::value(principal),
            )
            .filter(surrender::Column::Id.eq(p.id))
            .filter(surrender::Column::PostedClaimFen.eq(p.claim_fen))
            .filter(surrender::Column::PostedPrincipalFen.eq(p.principal_fen))
            .exec(conn)
            .await?
            .rows_affected
    } else {
        write_off::Entity::update_many()
            .col_expr(write_off::Column::PostedClaimFen, Expr::value(claim))
            .col_expr(
                write_off::Column::PostedPrincipalFen,
                Expr::value(principal),
            )
            .filter(write_off::Column::Id.eq(p.id))
            .filter(write_off::Column::PostedClaimFen.eq(p.claim_fen))
            .filter(write_off::Column::PostedPrincipalFen.eq(p.principal_fen))
            .exec(conn)
            .await?
            .rows_affected
    };
    if changed != 1 {
        return Err(Error::Conflict(crate::error::STALE.to_owned()));
    }
    Ok(())
}

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
    // The replay id of each write-off fact → the application it belongs to.
    let owner: HashMap<u64, (&str, i64)> = facts
        .iter()
        .filter(|f| f.kind == WRITE_OFF)
        .filter_map(|f| {
            Some((
                FACT_ID_BASE + u64::try_from(f.id).ok()?,
                (f.ref_type.as_str(), f.ref_id),
            ))
        })
        .collect();
    if owner.is_empty() {
        return Ok(());
    }
    // Per application: (the claim, the provider's principal) written off.
    let mut applied: HashMap<(&str, i64), (i64, i64)> = HashMap::new();
    for w in &result.write_offs {
        let Some(key) = owner.get(&w.id) else {
            continue;
        };
        let claim = w.claim_fen().map_err(super::money_error)?;
        let principal = w.funder_principal_fen().map_err(super::money_error)?;
        let entry = applied.entry(*key).or_default();
        entry.0 += claim.get();
        entry.1 += principal.get();
    }
    for p in executed(conn, order.id).await? {
        let (claim, principal) = applied.get(&(p.ref_type, p.id)).copied().unwrap_or((0, 0));
        if claim == p.claim_fen && principal == p.principal_fen {
            continue;
        }
        let old = domain::ledger::write_off_lines(
            reference,
            p.bearer,
            Fen(p.claim_fen),
            Fen(p.principal_fen),
        );
        let mut lines = domain::ledger::mirror(&old);
        lines.extend(domain::ledger::write_off_lines(
            reference,
            p.bearer,
            Fen(claim),
            Fen(principal),
        ));
        let prefix = format!("{}:{}", p.ref_type, p.id);
        let n = journal::Entity::find()
            .filter(journal::Column::IdempotencyKey.like(format!("{prefix}:%")))
            .count(conn)
            .await?;
        let what = if p.ref_type == RECOVERY {
            "追偿核销"
        } else if p.ref_type == super::surrender_facts::SURRENDER {
            "退保差额核销"
        } else {
            "订单核销"
        };
        post_journal(
            conn,
            now,
            &NewJournal {
                event: LedgerEvent::WriteOff,
                order_id: Some(order.id),
                business_date: date,
                idempotency_key: format!("{prefix}:{}", n + 1),
                counterparty: Counterparty::Customer(Some(order.customer_id)),
                created_by: user_id,
                description: format!(
                    "{what} {} {}（代偿款 {} 元，资金方本金 {} 元）",
                    p.no,
                    order.order_no,
                    yuan(claim),
                    yuan(principal)
                ),
                lines,
            },
        )
        .await?;
        store_posted(conn, &p, claim, principal).await?;
    }
    Ok(())
}
