//! The parts of surrender (docs/surrenders.md) that every sync of an order uses: the demand notice
//! (催告函) the nightly run sends once an overdue order reaches the product's surrender days, and
//! what a surrender's refund means for the order's status (T26) and the customer's credit. Kept
//! apart from [`super::surrender`] so that the repayment sync can call it without a circle.

use super::yuan;
use crate::transition::{self as record_transition, By, Change, Logged};
use crate::{Error, Result};
use chrono::{DateTime, Days, NaiveDate, Utc};
use domain::money::product::ProductTerms;
use domain::order::OrderStatus;
use domain::status::{DemandNoticeStatus, Status, SurrenderStatus};
use std::collections::BTreeMap;
use store::entity::{demand_notice, orders, surrender};
use store::sea_orm::sea_query::Expr;
use store::sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, Set,
};

/// The `ref_type` of the money facts a surrender inserts (interest cancelled, penalty stop,
/// the written-off shortfall).
pub(crate) const SURRENDER: &str = "surrender";
/// The money-fact kind: no penalty accrues from its date on (the surrender's effective date).
pub(crate) const PENALTY_STOP: &str = "PENALTY_STOP";
/// The notice template the demand notice is sent with (built in, editable in 通知模板).
pub(crate) const DEMAND_TEMPLATE: &str = "DEMAND_NOTICE";

/// The order's surrender whose refund has been applied (REFUND_RECEIVED or SETTLED).
pub(crate) async fn refund_applied<C: ConnectionTrait>(
    conn: &C,
    order_id: i64,
) -> Result<Option<surrender::Model>> {
    Ok(surrender::Entity::find()
        .filter(surrender::Column::OrderId.eq(order_id))
        .filter(surrender::Column::Status.is_in([
            SurrenderStatus::RefundReceived.code(),
            SurrenderStatus::Settled.code(),
        ]))
        .order_by_desc(surrender::Column::Id)
        .one(conn)
        .await?)
}

/// A shortfall left open at settlement was paid: the application is SETTLED (PAID).
pub(crate) async fn shortfall_paid<C: ConnectionTrait>(
    conn: &C,
    by: &By,
    now: DateTime<Utc>,
    row: &surrender::Model,
) -> Result<()> {
    if row.status != SurrenderStatus::RefundReceived.code() {
        return Ok(());
    }
    record_transition::apply::<surrender::Entity, _, _>(
        conn,
        by,
        now,
        Change {
            id: row.id,
            from: SurrenderStatus::RefundReceived,
            to: SurrenderStatus::Settled,
            version: row.version,
            event: "shortfall_paid",
            reason: "",
        },
        vec![
            (surrender::Column::ShortfallResolution, Expr::value("PAID")),
            (surrender::Column::UpdatedAt, Expr::value(now)),
        ],
        Some(Logged {
            action: "surrender.shortfall_paid",
            detail: serde_json::json!({
                "surrenderNo": row.surrender_no,
                "shortfallFen": row.shortfall_fen,
            }),
        }),
    )
    .await?;
    Ok(())
}

/// What the order's surrenders paid out of the customer's credit (surpluses paid out).
pub(crate) async fn paid_out_fen<C: ConnectionTrait>(conn: &C, order_id: i64) -> Result<i64> {
    Ok(surrender::Entity::find()
        .filter(surrender::Column::OrderId.eq(order_id))
        .filter(surrender::Column::SurplusPaidOn.is_not_null())
        .all(conn)
        .await?
        .iter()
        .map(|s| s.surplus_fen)
        .sum())
}

/// The order's standing demand notice.
pub(crate) async fn standing_notice<C: ConnectionTrait>(
    conn: &C,
    order_id: i64,
) -> Result<Option<demand_notice::Model>> {
    Ok(demand_notice::Entity::find()
        .filter(demand_notice::Column::OrderId.eq(order_id))
        .filter(demand_notice::Column::Status.eq(DemandNoticeStatus::Sent.code()))
        .one(conn)
        .await?)
}

/// After a sync for `date`: an overdue order at or past the product's surrender days without a
/// standing notice gets one (cure deadline = `date` + the product's cure days), sent to the
/// customer through the notice template; a notice whose order is no longer overdue is CURED
/// (repaying or settled) or CLOSED (surrendered, written off). A surrendering order keeps it.
#[allow(clippy::too_many_arguments)]
pub(crate) async fn demand_notice_step<C: ConnectionTrait>(
    conn: &C,
    now: DateTime<Utc>,
    order: &orders::Model,
    status: OrderStatus,
    days_past_due: u32,
    outstanding_fen: i64,
    terms: &ProductTerms,
    date: NaiveDate,
) -> Result<()> {
    let standing = standing_notice(conn, order.id).await?;
    match (status, standing) {
        (OrderStatus::Overdue, None) if days_past_due >= terms.surrender_after_days => {
            let cure_deadline = date
                .checked_add_days(Days::new(u64::from(terms.demand_notice_cure_days)))
                .ok_or_else(|| Error::internal(anyhow::anyhow!("cure deadline overflows")))?;
            let params: BTreeMap<String, String> = [
                ("orderNo", order.order_no.clone()),
                ("days", days_past_due.to_string()),
                ("amount", yuan(outstanding_fen)),
                ("cureDeadline", cure_deadline.format("%Y-%m-%d").to_string()),
            ]
            .into_iter()
            .map(|(k, v)| (k.to_owned(), v))
            .collect();
            let batch = crate::operate::send::queue_system_notice(
                conn,
                now,
                DEMAND_TEMPLATE,
                order.customer_id,
                &params,
                serde_json::json!({ "mode": "DEMAND_NOTICE", "orderNo": order.order_no }),
            )
            .await?;
            demand_notice::ActiveModel {
                order_id: Set(order.id),
                sent_on: Set(date),
                cure_deadline: Set(cure_deadline),
                days_past_due: Set(i32::try_from(days_past_due).unwrap_or(i32::MAX)),
                outstanding_fen: Set(outstanding_fen),
                batch_id: Set(batch),
                status: Set(DemandNoticeStatus::Sent.code().to_owned()),
                closed_on: Set(None),
                created_at: Set(now),
                ..Default::default()
            }
            .insert(conn)
            .await
            .map_err(|e| {
                crate::error::conflict_on_unique(e, "该订单的催告函刚由另一处发出，请重试")
            })?;
        }
        (OrderStatus::Overdue | OrderStatus::Surrendering, _) | (_, None) => {}
        (other, Some(notice)) => {
            let to = if matches!(other, OrderStatus::Repaying | OrderStatus::Settled) {
                DemandNoticeStatus::Cured
            } else {
                DemandNoticeStatus::Closed
            };
            demand_notice::Entity::update_many()
                .col_expr(demand_notice::Column::Status, Expr::value(to.code()))
                .col_expr(demand_notice::Column::ClosedOn, Expr::value(Some(date)))
                .filter(demand_notice::Column::Id.eq(notice.id))
                .filter(demand_notice::Column::Status.eq(DemandNoticeStatus::Sent.code()))
                .exec(conn)
                .await?;
        }
    }
    Ok(())
}
