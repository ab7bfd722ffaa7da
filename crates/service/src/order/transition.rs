//! The one way an order's status changes (docs/orders.md "The transition").
//!
//! [`apply`] does, in the caller's transaction: the table check (`OrderEvent::check`, 409
//! naming the current status), maker ≠ checker for the events that need it (403), the
//! compare-and-set of status and version with the columns the event sets, one
//! `order_status_log` row and the operation-log entry. Nothing is written when any step refuses.

use crate::audit::{self, Entry};
use crate::principal::Actor;
use crate::transition::By;
use crate::{Error, Result};
use chrono::{DateTime, NaiveDate, Utc};
use domain::order::{OrderEvent, OrderStatus};
use domain::status::Status;
use store::entity::{order_status_log, orders};
use store::sea_orm::sea_query::{Expr, SimpleExpr};
use store::sea_orm::{ActiveModelTrait, ConnectionTrait, EntityTrait, Set};
use store::stateful::compare_and_set;

/// One event happening to an order the caller read in this transaction.
#[derive(Debug, Clone)]
pub struct Event {
    pub event: OrderEvent,
    /// Where it leads (one of the event's targets).
    pub to: OrderStatus,
    /// Who made what this event approves (maker ≠ checker); `None` when nobody did (a system
    /// allocation) or the event needs no check.
    pub maker: Option<i64>,
    pub reason_code: String,
    pub comment: String,
    pub amount_fen: Option<i64>,
    /// What the event refers to (`allocation`, 12).
    pub reference: Option<(&'static str, i64)>,
    /// What else it recorded (fields to fix, changed fields, …).
    pub detail: Option<serde_json::Value>,
    /// The order's columns it sets besides status, version and the bookkeeping ones.
    pub set: Vec<(orders::Column, SimpleExpr)>,
}

impl Event {
    /// An event with its only target from `from` (409 when `from` is not a start of it).
    pub fn to_next(event: OrderEvent, from: OrderStatus) -> Result<Self> {
        Ok(Event {
            event,
            to: event.target(from).map_err(|e| conflict(&e))?,
            maker: None,
            reason_code: String::new(),
            comment: String::new(),
            amount_fen: None,
            reference: None,
            detail: None,
            set: Vec::new(),
        })
    }

    /// An event with one of its targets chosen (409 when the table does not allow it).
    pub fn to_target(event: OrderEvent, from: OrderStatus, to: OrderStatus) -> Result<Self> {
        event.check(from, to).map_err(|e| conflict(&e))?;
        Ok(Event {
            event,
            to,
            maker: None,
            reason_code: String::new(),
            comment: String::new(),
            amount_fen: None,
            reference: None,
            detail: None,
            set: Vec::new(),
        })
    }

    pub fn comment(mut self, text: impl Into<String>) -> Self {
        self.comment = text.into();
        self
    }

    pub fn maker(mut self, maker: Option<i64>) -> Self {
        self.maker = maker;
        self
    }

    pub fn set(mut self, column: orders::Column, value: SimpleExpr) -> Self {
        self.set.push((column, value));
        self
    }

    pub fn detail(mut self, detail: serde_json::Value) -> Self {
        self.detail = Some(detail);
        self
    }

    pub fn reference(mut self, kind: &'static str, id: i64) -> Self {
        self.reference = Some((kind, id));
        self
    }

    pub fn amount(mut self, fen: i64) -> Self {
        self.amount_fen = Some(fen);
        self
    }
}

fn conflict(e: &domain::status::IllegalTransition) -> Error {
    Error::Conflict(e.to_string())
}

/// The status of a stored order.
pub fn status_of(order: &orders::Model) -> Result<OrderStatus> {
    OrderStatus::parse(&order.status)
        .ok_or_else(|| Error::internal(anyhow::anyhow!("unknown order status {}", order.status)))
}

/// Applies `event` to `order` (as read in this transaction). Answers the order's version after.
pub async fn apply<C: ConnectionTrait>(
    conn: &C,
    by: &By,
    now: DateTime<Utc>,
    business_date: NaiveDate,
    order: &orders::Model,
    event: Event,
) -> Result<i64> {
    let from = status_of(order)?;
    event
        .event
        .check(from, event.to)
        .map_err(|e| conflict(&e))?;
    if event.event.is_maker_checker()
        && let (Some(maker), Actor::Admin { id, .. } | Actor::Capital { id, .. }) =
            (event.maker, &by.actor)
        && maker == *id
    {
        return Err(Error::Forbidden(
            "不能审批自己经办的订单（经办人与审批人须为不同用户）".to_owned(),
        ));
    }
    let by_id = match &by.actor {
        Actor::Admin { id, .. } => Some(*id),
        _ => None,
    };
    let mut set = event.set;
    set.push((orders::Column::StatusSort, Expr::value(event.to.sort())));
    set.push((orders::Column::StatusChangedAt, Expr::value(now)));
    set.push((orders::Column::UpdatedAt, Expr::value(now)));
    set.push((orders::Column::UpdatedBy, Expr::value(by_id)));
    let changed = compare_and_set::<orders::Entity, C>(
        conn,
        order.id,
        from.code(),
        event.to.code(),
        order.version,
        set,
    )
    .await?;
    if !changed {
        return Err(lost_race(conn, order.id, from).await?);
    }
    let version_after = order.version + 1;
    let (actor_type, actor_id, actor_name) = match &by.actor {
        Actor::System(name) => ("SYSTEM", None, (*name).to_owned()),
        Actor::Admin { id, name } => ("USER", Some(*id), name.clone()),
        Actor::Capital { id, name } => ("CP", Some(*id), name.clone()),
    };
    order_status_log::ActiveModel {
        order_id: Set(order.id),
        from_status: Set(Some(from.code().to_owned())),
        to_status: Set(event.to.code().to_owned()),
        event: Set(event.event.code().to_owned()),
        actor_type: Set(actor_type.to_owned()),
        actor_id: Set(actor_id),
        actor_name: Set(actor_name),
        business_date: Set(business_date),
        occurred_at: Set(now),
        reason_code: Set(event.reason_code.clone()),
        comment: Set(event.comment.chars().take(500).collect()),
        amount_fen: Set(event.amount_fen),
        ref_type: Set(event.reference.map(|r| r.0.to_owned()).unwrap_or_default()),
        ref_id: Set(event.reference.map(|r| r.1)),
        detail: Set(event.detail.clone()),
        idempotency_key: Set(None),
        request_id: Set(by.request_id.clone()),
        order_version_after: Set(version_after),
        ..Default::default()
    }
    .insert(conn)
    .await?;
    audit::record(
        conn,
        Entry {
            actor: &by.actor,
            action: &format!("order.{}", event.event.code().to_lowercase()),
            target_type: "orders",
            target_id: Some(order.id.to_string()),
            success: true,
            detail: serde_json::json!({
                "orderNo": order.order_no,
                "from": from.code(),
                "to": event.to.code(),
                "reason": event.comment,
                "reasonCode": event.reason_code,
                "amountFen": event.amount_fen,
                "detail": event.detail,
            }),
            ip: by.ip.clone(),
            request_id: by.request_id.clone(),
        },
        now,
    )
    .await?;
    Ok(version_after)
}

/// The first log row of an order (its application, `∅ → APPLIED`).
pub async fn log_created<C: ConnectionTrait>(
    conn: &C,
    by: &By,
    now: DateTime<Utc>,
    business_date: NaiveDate,
    order: &orders::Model,
) -> Result<()> {
    let (actor_type, actor_id, actor_name) = match &by.actor {
        Actor::System(name) => ("SYSTEM", None, (*name).to_owned()),
        Actor::Admin { id, name } => ("USER", Some(*id), name.clone()),
        Actor::Capital { id, name } => ("CP", Some(*id), name.clone()),
    };
    order_status_log::ActiveModel {
        order_id: Set(order.id),
        from_status: Set(None),
        to_status: Set(OrderStatus::Applied.code().to_owned()),
        event: Set(OrderEvent::Apply.code().to_owned()),
        actor_type: Set(actor_type.to_owned()),
        actor_id: Set(actor_id),
        actor_name: Set(actor_name),
        business_date: Set(business_date),
        occurred_at: Set(now),
        reason_code: Set(String::new()),
        comment: Set(String::new()),
        amount_fen: Set(Some(order.requested_premium_fen)),
        ref_type: Set(String::new()),
        ref_id: Set(None),
        detail: Set(None),
        idempotency_key: Set(None),
        request_id: Set(by.request_id.clone()),
        order_version_after: Set(order.version),
        ..Default::default()
    }
    .insert(conn)
    .await?;
    Ok(())
}

/// The 409 of a compare-and-set that changed nothing.
async fn lost_race<C: ConnectionTrait>(conn: &C, id: i64, read: OrderStatus) -> Result<Error> {
    let current = orders::Entity::find_by_id(id).one(conn).await?;
    Ok(
        match current.as_ref().and_then(|o| OrderStatus::parse(&o.status)) {
            Some(now) if now != read => {
                Error::Conflict(format!("当前状态不允许该操作（当前状态：{}）", now.label()))
            }
            Some(_) => Error::Conflict(crate::error::STALE.to_owned()),
            None => Error::NotFound("订单不存在".to_owned()),
        },
    )
}
