//! The stored repayment plan of an order: generated from the terms snapshot by the money core's
//! `generate_plan` when the contract package is signed (PENDING), made ACTIVE by the
//! disbursement, back to PENDING if the disbursement is reversed. The schedule hash of the stored
//! plan must equal the snapshot's: the customer signed that schedule.

use super::TermsSnapshot;
use crate::{Error, Result};
use chrono::{DateTime, Utc};
use domain::money::{Fen, GENERATOR_VERSION, Plan, generate_plan};
use sha2::{Digest, Sha256};
use store::entity::{order_plan, order_plan_item, orders};
use store::sea_orm::sea_query::{Expr, ExprTrait};
use store::sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter,
    QueryOrder, Set,
};

pub const PENDING: &str = "PENDING";
pub const ACTIVE: &str = "ACTIVE";
pub const SUPERSEDED: &str = "SUPERSEDED";

/// The hash of a plan's instalments (due date and amounts), as the snapshot records it.
pub fn schedule_hash(plan: &Plan) -> Result<String> {
    Ok(hex::encode(Sha256::digest(
        serde_json::to_vec(
            &plan
                .items
                .iter()
                .map(|i| {
                    (
                        i.seq,
                        i.due_date,
                        i.principal_fen.get(),
                        i.interest_fen.get(),
                        i.fee_fen.get(),
                    )
                })
                .collect::<Vec<_>>(),
        )
        .map_err(Error::internal)?,
    )))
}

/// The plan the order's snapshot gives.
pub fn plan_of(order: &orders::Model) -> Result<(TermsSnapshot, Plan)> {
    let snapshot: TermsSnapshot = order
        .terms_snapshot
        .clone()
        .and_then(|v| serde_json::from_value(v).ok())
        .ok_or_else(|| Error::internal(anyhow::anyhow!("order {} has no snapshot", order.id)))?;
    let plan = generate_plan(
        &snapshot.terms,
        Fen(order.financed_fen),
        snapshot.term_n,
        snapshot.anchor_date,
    )
    .map_err(|e| Error::Conflict(e.to_string()))?;
    Ok((snapshot, plan))
}

fn method_code(plan: &Plan) -> Result<String> {
    Ok(serde_json::to_value(plan.method)
        .map_err(Error::internal)?
        .as_str()
        .unwrap_or_default()
        .to_owned())
}

/// Stores the order's plan as PENDING (earlier plans of the order SUPERSEDED) and answers its id.
pub async fn store_plan(
    conn: &impl ConnectionTrait,
    order: &orders::Model,
    now: DateTime<Utc>,
) -> Result<i64> {
    let (snapshot, plan) = plan_of(order)?;
    let hash = schedule_hash(&plan)?;
    if hash != snapshot.schedule_hash {
        return Err(Error::Conflict(
            "还款计划与审核时的计划不一致，请退回重新审核".to_owned(),
        ));
    }
    order_plan::Entity::update_many()
        .col_expr(order_plan::Column::Status, Expr::value(SUPERSEDED))
        .col_expr(order_plan::Column::UpdatedAt, Expr::value(now))
        .filter(order_plan::Column::OrderId.eq(order.id))
        .filter(order_plan::Column::Status.is_in([PENDING, ACTIVE]))
        .exec(conn)
        .await?;
    let version_no = order_plan::Entity::find()
        .filter(order_plan::Column::OrderId.eq(order.id))
        .count(conn)
        .await?
        + 1;
    let row = order_plan::ActiveModel {
        order_id: Set(order.id),
        version_no: Set(i32::try_from(version_no).unwrap_or(i32::MAX)),
        status: Set(PENDING.to_owned()),
        method: Set(method_code(&plan)?),
        principal_fen: Set(plan.total_principal_fen.get()),
        interest_fen: Set(plan.total_interest_fen.get()),
        fee_fen: Set(plan.total_fee_fen.get()),
        term_n: Set(i32::try_from(plan.n).unwrap_or(i32::MAX)),
        anchor_date: Set(plan.anchor_date),
        generator_version: Set(i32::try_from(GENERATOR_VERSION).unwrap_or(i32::MAX)),
        schedule_hash: Set(hash),
        activated_at: Set(None),
        created_at: Set(now),
        created_by: Set(None),
        updated_at: Set(now),
        updated_by: Set(None),
        version: Set(0),
        ..Default::default()
    }
    .insert(conn)
    .await?;
    for item in &plan.items {
        order_plan_item::ActiveModel {
            plan_id: Set(row.id),
            order_id: Set(order.id),
            seq: Set(i32::try_from(item.seq).unwrap_or(i32::MAX)),
            from_date: Set(item.from_date),
            due_date: Set(item.due_date),
            principal_due_fen: Set(item.principal_fen.get()),
            interest_due_fen: Set(item.interest_fen.get()),
            fee_due_fen: Set(item.fee_fen.get()),
            is_deposit_offset: Set(item.is_deposit_offset),
            status: Set("NOT_DUE".to_owned()),
            ..Default::default()
        }
        .insert(conn)
        .await?;
    }
    Ok(row.id)
}

/// Moves the order's plan from `from` to `to` (PENDING → ACTIVE at disbursement, back at its
/// reversal); 409 when the order has no plan in `from`.
pub async fn set_plan_status(
    conn: &impl ConnectionTrait,
    order_id: i64,
    from: &str,
    to: &str,
    now: DateTime<Utc>,
) -> Result<i64> {
    let plan = order_plan::Entity::find()
        .filter(order_plan::Column::OrderId.eq(order_id))
        .filter(order_plan::Column::Status.eq(from))
        .one(conn)
        .await?
        .ok_or_else(|| Error::Conflict("订单没有可生效的还款计划".to_owned()))?;
    let activated = if to == ACTIVE { Some(now) } else { None };
    let changed = order_plan::Entity::update_many()
        .col_expr(order_plan::Column::Status, Expr::value(to))
        .col_expr(order_plan::Column::ActivatedAt, Expr::value(activated))
        .col_expr(order_plan::Column::UpdatedAt, Expr::value(now))
        .col_expr(
            order_plan::Column::Version,
            Expr::col(order_plan::Column::Version).add(1),
        )
        .filter(order_plan::Column::Id.eq(plan.id))
        .filter(order_plan::Column::Version.eq(plan.version))
        .exec(conn)
        .await?
        .rows_affected;
    if changed != 1 {
        return Err(Error::Conflict(crate::error::STALE.to_owned()));
    }
    Ok(plan.id)
}

/// The order's current plan (PENDING or ACTIVE) and its instalments.
pub async fn current_plan(
    conn: &impl ConnectionTrait,
    order_id: i64,
) -> Result<Option<(order_plan::Model, Vec<order_plan_item::Model>)>> {
    let Some(plan) = order_plan::Entity::find()
        .filter(order_plan::Column::OrderId.eq(order_id))
        .filter(order_plan::Column::Status.is_in([PENDING, ACTIVE]))
        .one(conn)
        .await?
    else {
        return Ok(None);
    };
    let items = order_plan_item::Entity::find()
        .filter(order_plan_item::Column::PlanId.eq(plan.id))
        .order_by_asc(order_plan_item::Column::Seq)
        .all(conn)
        .await?;
    Ok(Some((plan, items)))
}
