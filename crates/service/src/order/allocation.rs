//! Allocation to capital providers (docs/orders.md "Allocation"): the rules, the manual and the
//! automatic allocation (T8), the provider's acceptance (T9), the withdrawal (T10) and the
//! rejection for want of a funder (T11).
//!
//! The credit reservation is one conditional UPDATE (`limit − reserved − used ≥ amount`), so
//! concurrent allocations can never over-reserve a provider; a rule's daily quota is the same
//! kind of UPDATE on its counter for the business date.

use super::transition::{self, Event, status_of};
use crate::audit::log_change;
use crate::paging::{Page, PageRequest};
use crate::principal::{ClientInfo, Principal};
use crate::transition::By;
use crate::{Beehive, Error, Result};
use chrono::{DateTime, NaiveDate, Timelike, Utc};
use domain::allocation::{Candidate, Conditions, OrderFacts, in_window, parse_time_of_day, rank};
use domain::order::{OrderEvent, OrderStatus};
use domain::permission::codes::{ASSIGNMENT_QUEUE_ALLOCATE, ORDER_INFO_TABLE};
use domain::status::{ProviderStatus, Status};
use std::collections::{BTreeMap, HashMap};
use store::entity::{
    allocation, allocation_rule, capital_provider, customer, insurance_policy, orders, vehicle,
};
use store::sea_orm::sea_query::{Expr, ExprTrait};
use store::sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, Order, QueryFilter, QueryOrder,
    Set, Statement,
};

pub const AUTO: &str = "AUTO";
pub const MANUAL: &str = "MANUAL";
pub const RESERVED: &str = "RESERVED";
pub const ACTIVE: &str = "ACTIVE";

/// An allocation rule as saved.
#[derive(Debug, Clone)]
pub struct RuleInput {
    pub name: String,
    pub priority: i32,
    pub weight: i32,
    pub capital_provider_id: i64,
    pub conditions: Conditions,
    pub daily_quota_fen: Option<i64>,
    pub window_start: Option<String>,
    pub window_end: Option<String>,
    pub effective_from: Option<NaiveDate>,
    pub effective_to: Option<NaiveDate>,
    pub remark: String,
}

/// A rule row with its provider's name.
#[derive(Debug, Clone)]
pub struct RuleRow {
    pub rule: allocation_rule::Model,
    pub capital_provider_name: String,
}

/// An allocation record with its order and provider.
#[derive(Debug, Clone)]
pub struct AllocationRow {
    pub allocation: allocation::Model,
    pub order_no: String,
    pub order_status: String,
    pub customer_name: String,
    pub capital_provider_name: String,
}

/// What the provider (or the platform on its behalf) confirms at T9.
#[derive(Debug, Clone, Default)]
pub struct Acceptance {
    pub approval_no: String,
    pub cost_rate_bp: Option<i32>,
    pub approved_fen: Option<i64>,
}

/// The outcome for one order of a batch allocation.
#[derive(Debug, Clone)]
pub struct BatchOutcome {
    pub order_id: i64,
    pub ok: bool,
    pub message: String,
}

fn check_rule(input: &RuleInput) -> Result<()> {
    let mut fields = BTreeMap::new();
    let name = input.name.trim();
    if name.is_empty() {
        fields.insert("name".to_owned(), "请填写规则名称".to_owned());
    } else if name.chars().count() > 64 {
        fields.insert("name".to_owned(), "规则名称不能超过 64 个字符".to_owned());
    }
    if !(0..=999).contains(&input.priority) {
        fields.insert("priority".to_owned(), "优先级须在 0 到 999 之间".to_owned());
    }
    if !(1..=100).contains(&input.weight) {
        fields.insert("weight".to_owned(), "权重须在 1 到 100 之间".to_owned());
    }
    if input.daily_quota_fen.is_some_and(|q| q <= 0) {
        fields.insert("dailyQuotaFen".to_owned(), "每日额度必须大于 0".to_owned());
    }
    match (&input.window_start, &input.window_end) {
        (None, None) => {}
        (Some(s), Some(e)) => {
            if parse_time_of_day(s).is_none() {
                fields.insert("windowStart".to_owned(), "时间格式为 HH:MM".to_owned());
            }
            if parse_time_of_day(e).is_none() {
                fields.insert("windowEnd".to_owned(), "时间格式为 HH:MM".to_owned());
            }
            if s == e {
                fields.insert(
                    "windowEnd".to_owned(),
                    "结束时间不能等于开始时间".to_owned(),
                );
            }
        }
        (None, Some(_)) => {
            fields.insert(
                "windowStart".to_owned(),
                "请同时填写开始和结束时间".to_owned(),
            );
        }
        (Some(_), None) => {
            fields.insert(
                "windowEnd".to_owned(),
                "请同时填写开始和结束时间".to_owned(),
            );
        }
    }
    if let (Some(f), Some(t)) = (input.effective_from, input.effective_to)
        && t < f
    {
        fields.insert(
            "effectiveTo".to_owned(),
            "失效日期不能早于生效日期".to_owned(),
        );
    }
    for (field, message) in input.conditions.validate() {
        fields.entry(field).or_insert(message);
    }
    if input.remark.chars().count() > 500 {
        fields.insert("remark".to_owned(), "备注不能超过 500 个字符".to_owned());
    }
    if let Some(message) = fields.values().next().cloned() {
        return Err(Error::Invalid { message, fields });
    }
    Ok(())
}

/// `UPDATE capital_provider SET credit_reserved_fen = credit_reserved_fen + f WHERE id = ? AND
/// status = 'ACTIVE' AND credit_limit_fen - credit_reserved_fen - credit_used_fen >= f`.
async fn reserve(conn: &impl ConnectionTrait, provider_id: i64, fen: i64) -> Result<bool> {
    let changed = capital_provider::Entity::update_many()
        .col_expr(
            capital_provider::Column::CreditReservedFen,
            Expr::col(capital_provider::Column::CreditReservedFen).add(fen),
        )
        .filter(capital_provider::Column::Id.eq(provider_id))
        .filter(capital_provider::Column::Status.eq(ProviderStatus::Active.code()))
        .filter(
            Expr::col(capital_provider::Column::CreditLimitFen)
                .sub(Expr::col(capital_provider::Column::CreditReservedFen))
                .sub(Expr::col(capital_provider::Column::CreditUsedFen))
                .gte(fen),
        )
        .exec(conn)
        .await?
        .rows_affected;
    Ok(changed == 1)
}

/// Gives back a reservation.
async fn unreserve(conn: &impl ConnectionTrait, provider_id: i64, fen: i64) -> Result<()> {
    let changed = capital_provider::Entity::update_many()
        .col_expr(
            capital_provider::Column::CreditReservedFen,
            Expr::col(capital_provider::Column::CreditReservedFen).sub(fen),
        )
        .filter(capital_provider::Column::Id.eq(provider_id))
        .filter(capital_provider::Column::CreditReservedFen.gte(fen))
        .exec(conn)
        .await?
        .rows_affected;
    if changed != 1 {
        return Err(Error::internal(anyhow::anyhow!(
            "provider {provider_id} holds less reserved credit than {fen}"
        )));
    }
    Ok(())
}

/// Counts `fen` against a rule's quota of `day`, unless it would pass the quota.
async fn take_quota(
    conn: &impl ConnectionTrait,
    rule_id: i64,
    day: NaiveDate,
    quota: i64,
    fen: i64,
) -> Result<bool> {
    let backend = conn.get_database_backend();
    let pg = backend == store::sea_orm::DatabaseBackend::Postgres;
    let insert = if pg {
        "INSERT INTO allocation_quota (rule_id, day, used_fen) VALUES ($1, $2, 0) ON CONFLICT DO NOTHING"
    } else {
        "INSERT INTO allocation_quota (rule_id, day, used_fen) VALUES (?, ?, 0) ON CONFLICT DO NOTHING"
    };
    conn.execute_raw(Statement::from_sql_and_values(
        backend,
        insert,
        [rule_id.into(), day.into()],
    ))
    .await?;
    let update = if pg {
        "UPDATE allocation_quota SET used_fen = used_fen + $1 WHERE rule_id = $2 AND day = $3 AND used_fen + $1 <= $4"
    } else {
        "UPDATE allocation_quota SET used_fen = used_fen + ?1 WHERE rule_id = ?2 AND day = ?3 AND used_fen + ?1 <= ?4"
    };
    let changed = conn
        .execute_raw(Statement::from_sql_and_values(
            backend,
            update,
            [fen.into(), rule_id.into(), day.into(), quota.into()],
        ))
        .await?
        .rows_affected();
    Ok(changed == 1)
}

/// Whether the provider's available credit covers `fen` as read (the reservation's UPDATE
/// decides for good).
fn has_credit(provider: &capital_provider::Model, fen: i64) -> bool {
    provider.credit_limit_fen - provider.credit_reserved_fen - provider.credit_used_fen >= fen
}

async fn give_back_quota(
    conn: &impl ConnectionTrait,
    rule_id: i64,
    day: NaiveDate,
    fen: i64,
) -> Result<()> {
    let backend = conn.get_database_backend();
    let sql = if backend == store::sea_orm::DatabaseBackend::Postgres {
        "UPDATE allocation_quota SET used_fen = used_fen - $1 WHERE rule_id = $2 AND day = $3"
    } else {
        "UPDATE allocation_quota SET used_fen = used_fen - ?1 WHERE rule_id = ?2 AND day = ?3"
    };
    conn.execute_raw(Statement::from_sql_and_values(
        backend,
        sql,
        [fen.into(), rule_id.into(), day.into()],
    ))
    .await?;
    Ok(())
}

/// Ends the order's live allocation (RESERVED or ACTIVE) as `status`, giving its credit back.
/// Answers the allocation and the amount released, if there was one.
pub(crate) async fn release_live(
    conn: &impl ConnectionTrait,
    order: &orders::Model,
    status: &str,
    reason: &str,
    now: DateTime<Utc>,
) -> Result<Option<(i64, i64)>> {
    let Some(live) = allocation::Entity::find()
        .filter(allocation::Column::OrderId.eq(order.id))
        .filter(allocation::Column::Status.is_in([RESERVED, ACTIVE]))
        .one(conn)
        .await?
    else {
        return Ok(None);
    };
    let changed = allocation::Entity::update_many()
        .col_expr(allocation::Column::Status, Expr::value(status))
        .col_expr(
            allocation::Column::Reason,
            Expr::value(reason.chars().take(500).collect::<String>()),
        )
        .col_expr(allocation::Column::EndedAt, Expr::value(Some(now)))
        .col_expr(allocation::Column::UpdatedAt, Expr::value(now))
        .col_expr(
            allocation::Column::Version,
            Expr::col(allocation::Column::Version).add(1),
        )
        .filter(allocation::Column::Id.eq(live.id))
        .filter(allocation::Column::Version.eq(live.version))
        .exec(conn)
        .await?
        .rows_affected;
    if changed != 1 {
        return Err(Error::Conflict(crate::error::STALE.to_owned()));
    }
    unreserve(conn, live.capital_provider_id, live.reserved_fen).await?;
    Ok(Some((live.id, live.reserved_fen)))
}

/// The amount an allocation reserves: the approved financed amount.
fn amount_of(order: &orders::Model) -> i64 {
    order.approved_financed_fen.unwrap_or(order.financed_fen)
}

impl Beehive {
    /// T8 for one order, in the caller's transaction: reserves the credit (409 when the provider
    /// has too little or is not ACTIVE), records the allocation and moves the order; a provider
    /// that accepts automatically passes T9 in the same transaction.
    #[allow(clippy::too_many_arguments)]
    async fn allocate_in(
        &self,
        conn: &impl ConnectionTrait,
        by: &By,
        now: DateTime<Utc>,
        day: NaiveDate,
        order: &orders::Model,
        provider: &capital_provider::Model,
        rule: Option<&allocation_rule::Model>,
    ) -> Result<i64> {
        let event = Event::to_next(OrderEvent::Allocate, status_of(order)?)?;
        let fen = amount_of(order);
        if !reserve(conn, provider.id, fen).await? {
            return Err(Error::Conflict(format!(
                "资金方「{}」未启用或可用额度不足",
                provider.name
            )));
        }
        let (by_id, by_name) = match &by.actor {
            crate::principal::Actor::Admin { id, name } => (Some(*id), name.clone()),
            crate::principal::Actor::Capital { id, name } => (Some(*id), name.clone()),
            crate::principal::Actor::System(name) => (None, (*name).to_owned()),
        };
        let mode = if rule.is_some() { AUTO } else { MANUAL };
        let record = allocation::ActiveModel {
            order_id: Set(order.id),
            capital_provider_id: Set(provider.id),
            rule_id: Set(rule.map(|r| r.id)),
            rule_version: Set(rule.map(|r| r.rule_version)),
            mode: Set(mode.to_owned()),
            reserved_fen: Set(fen),
            status: Set(RESERVED.to_owned()),
            reason: Set(String::new()),
            cp_approval_no: Set(String::new()),
            cp_cost_rate_bp: Set(None),
            approved_fen: Set(None),
            allocated_by: Set(by_id),
            allocated_by_name: Set(by_name),
            ended_at: Set(None),
            created_at: Set(now),
            created_by: Set(by_id),
            updated_at: Set(now),
            updated_by: Set(by_id),
            version: Set(0),
            ..Default::default()
        }
        .insert(conn)
        .await
        .map_err(|e| crate::error::conflict_on_unique(e, "该订单已分配资金方"))?;
        let event = event
            .amount(fen)
            .reference("allocation", record.id)
            .detail(serde_json::json!({
                "capitalProviderId": provider.id,
                "capitalProviderName": provider.name,
                "mode": mode,
                "ruleId": rule.map(|r| r.id),
                "ruleVersion": rule.map(|r| r.rule_version),
                "reservedFen": fen,
            }))
            .set(
                orders::Column::CapitalProviderId,
                Expr::value(Some(provider.id)),
            )
            .set(orders::Column::AllocationId, Expr::value(Some(record.id)))
            .set(orders::Column::AllocatedAt, Expr::value(Some(now)));
        let version = transition::apply(conn, by, now, day, order, event).await?;
        if provider.accept_mode == AUTO {
            let mut order = order.clone();
            order.status = OrderStatus::Allocated.code().to_owned();
            order.version = version;
            self.accept_in(
                conn,
                &By::system("auto-accept"),
                now,
                day,
                &order,
                &record,
                provider,
                Acceptance::default(),
            )
            .await?;
        }
        Ok(record.id)
    }

    /// T9 in the caller's transaction.
    #[allow(clippy::too_many_arguments)]
    async fn accept_in(
        &self,
        conn: &impl ConnectionTrait,
        by: &By,
        now: DateTime<Utc>,
        day: NaiveDate,
        order: &orders::Model,
        record: &allocation::Model,
        provider: &capital_provider::Model,
        acceptance: Acceptance,
    ) -> Result<()> {
        let event = Event::to_next(OrderEvent::CpAccept, status_of(order)?)?;
        let approval_no = acceptance.approval_no.trim().to_owned();
        if approval_no.chars().count() > 64 {
            return Err(Error::invalid("approvalNo", "审批编号不能超过 64 个字符"));
        }
        let cost = acceptance.cost_rate_bp.unwrap_or(provider.cost_rate_bp);
        if !(0..=10_000).contains(&cost) {
            return Err(Error::invalid(
                "costRateBp",
                "资金成本须在 0 到 10000 bp 之间",
            ));
        }
        let approved = acceptance.approved_fen.unwrap_or(record.reserved_fen);
        if approved != record.reserved_fen {
            return Err(Error::invalid(
                "approvedFen",
                "资金方批准金额须等于分配时占用的额度（金额变化请撤回后重新分配）",
            ));
        }
        let changed = allocation::Entity::update_many()
            .col_expr(allocation::Column::Status, Expr::value(ACTIVE))
            .col_expr(
                allocation::Column::CpApprovalNo,
                Expr::value(approval_no.clone()),
            )
            .col_expr(allocation::Column::CpCostRateBp, Expr::value(Some(cost)))
            .col_expr(allocation::Column::ApprovedFen, Expr::value(Some(approved)))
            .col_expr(allocation::Column::UpdatedAt, Expr::value(now))
            .col_expr(
                allocation::Column::Version,
                Expr::col(allocation::Column::Version).add(1),
            )
            .filter(allocation::Column::Id.eq(record.id))
            .filter(allocation::Column::Status.eq(RESERVED))
            .exec(conn)
            .await?
            .rows_affected;
        if changed != 1 {
            return Err(Error::Conflict(crate::error::STALE.to_owned()));
        }
        let event = event
            .amount(approved)
            .reference("allocation", record.id)
            .comment(approval_no.clone())
            .detail(serde_json::json!({ "approvalNo": approval_no, "costRateBp": cost, "approvedFen": approved }))
            .set(orders::Column::AcceptedAt, Expr::value(Some(now)));
        transition::apply(conn, by, now, day, order, event).await?;
        Ok(())
    }

    /// After a re-quote (T14) and the new approval, the order goes back to the provider that
    /// already took it: T8 and T9 again (logged as the system), the reservation adjusted to the
    /// newly approved amount. Answers false when there is nothing to resume (no live allocation,
    /// or the provider cannot take the larger amount: the allocation is then released and the
    /// order stays in the queue).
    pub(crate) async fn resume_allocation(&self, id: i64) -> Result<bool> {
        let now = self.clock.now();
        let day = self.business_date().await?;
        let txn = store::begin_write(&self.db).await?;
        let Some(order) = orders::Entity::find_by_id(id).one(&txn).await? else {
            return Ok(false);
        };
        if status_of(&order)? != OrderStatus::PendingAllocation {
            return Ok(false);
        }
        let Some(live) = allocation::Entity::find()
            .filter(allocation::Column::OrderId.eq(id))
            .filter(allocation::Column::Status.eq(ACTIVE))
            .one(&txn)
            .await?
        else {
            return Ok(false);
        };
        let by = By::system("requote");
        let fen = amount_of(&order);
        let delta = fen - live.reserved_fen;
        if delta > 0 && !reserve(&txn, live.capital_provider_id, delta).await? {
            release_live(&txn, &order, "CANCELLED", "重新审批后资金方额度不足", now).await?;
            txn.commit().await?;
            return Ok(false);
        }
        if delta < 0 {
            unreserve(&txn, live.capital_provider_id, -delta).await?;
        }
        let changed = allocation::Entity::update_many()
            .col_expr(allocation::Column::ReservedFen, Expr::value(fen))
            .col_expr(allocation::Column::ApprovedFen, Expr::value(Some(fen)))
            .col_expr(allocation::Column::UpdatedAt, Expr::value(now))
            .col_expr(
                allocation::Column::Version,
                Expr::col(allocation::Column::Version).add(1),
            )
            .filter(allocation::Column::Id.eq(live.id))
            .filter(allocation::Column::Version.eq(live.version))
            .exec(&txn)
            .await?
            .rows_affected;
        if changed != 1 {
            return Err(Error::Conflict(crate::error::STALE.to_owned()));
        }
        let detail = serde_json::json!({
            "capitalProviderId": live.capital_provider_id,
            "reservedFen": fen,
            "previousReservedFen": live.reserved_fen,
            "requote": true,
        });
        let allocate = Event::to_next(OrderEvent::Allocate, OrderStatus::PendingAllocation)?
            .amount(fen)
            .reference("allocation", live.id)
            .comment("重新审批后回到原资金方")
            .detail(detail.clone())
            .set(orders::Column::AllocatedAt, Expr::value(Some(now)));
        let version = transition::apply(&txn, &by, now, day, &order, allocate).await?;
        let mut order = order;
        order.status = OrderStatus::Allocated.code().to_owned();
        order.version = version;
        let accept = Event::to_next(OrderEvent::CpAccept, OrderStatus::Allocated)?
            .amount(fen)
            .reference("allocation", live.id)
            .comment(live.cp_approval_no.clone())
            .detail(detail)
            .set(orders::Column::AcceptedAt, Expr::value(Some(now)));
        transition::apply(&txn, &by, now, day, &order, accept).await?;
        txn.commit().await?;
        Ok(true)
    }

    /// T8 by hand, for one or more orders: each in its own transaction, each with its outcome.
    pub async fn allocate_orders(
        &self,
        me: &Principal,
        client: &ClientInfo,
        order_ids: &[i64],
        provider_id: i64,
    ) -> Result<Vec<BatchOutcome>> {
        me.require(ASSIGNMENT_QUEUE_ALLOCATE)?;
        if order_ids.is_empty() {
            return Err(Error::invalid("orderIds", "请选择要分配的订单"));
        }
        if order_ids.len() > 200 {
            return Err(Error::invalid("orderIds", "一次最多分配 200 个订单"));
        }
        let by = By::user(me, client);
        let mut outcomes = Vec::with_capacity(order_ids.len());
        for &id in order_ids {
            let result = async {
                let now = self.clock.now();
                let day = self.business_date().await?;
                let txn = store::begin_write(&self.db).await?;
                let order = orders::Entity::find_by_id(id)
                    .one(&txn)
                    .await?
                    .ok_or_else(|| Error::NotFound("订单不存在".to_owned()))?;
                let provider = capital_provider::Entity::find_by_id(provider_id)
                    .one(&txn)
                    .await?
                    .ok_or_else(|| Error::invalid("capitalProviderId", "资金方不存在"))?;
                self.allocate_in(&txn, &by, now, day, &order, &provider, None)
                    .await?;
                txn.commit().await?;
                Ok::<_, Error>(())
            }
            .await;
            match result {
                Ok(()) => outcomes.push(BatchOutcome {
                    order_id: id,
                    ok: true,
                    message: "已分配".to_owned(),
                }),
                Err(Error::Internal(e)) => return Err(Error::Internal(e)),
                Err(Error::DatabaseUnavailable(e)) => return Err(Error::DatabaseUnavailable(e)),
                Err(e) if order_ids.len() == 1 => return Err(e),
                Err(e) => outcomes.push(BatchOutcome {
                    order_id: id,
                    ok: false,
                    message: e.to_string(),
                }),
            }
        }
        Ok(outcomes)
    }

    /// The rules that may take `order` now, best first (docs/orders.md "Automatic allocation").
    async fn candidates_for(
        &self,
        conn: &impl ConnectionTrait,
        order: &orders::Model,
        day: NaiveDate,
        minute: u32,
    ) -> Result<(Vec<allocation_rule::Model>, Vec<(i64, i64)>)> {
        let rules = allocation_rule::Entity::find()
            .filter(allocation_rule::Column::Enabled.eq(true))
            .order_by_asc(allocation_rule::Column::Id)
            .all(conn)
            .await?;
        let policies = insurance_policy::Entity::find()
            .filter(insurance_policy::Column::OrderId.eq(order.id))
            .all(conn)
            .await?;
        let region = customer::Entity::find_by_id(order.customer_id)
            .one(conn)
            .await?
            .and_then(|c| c.province_code);
        let usage = vehicle::Entity::find_by_id(order.vehicle_id)
            .one(conn)
            .await?
            .map(|v| v.usage)
            .unwrap_or_default();
        // Providers this order was withdrawn from are not tried again.
        let declined: Vec<i64> = allocation::Entity::find()
            .filter(allocation::Column::OrderId.eq(order.id))
            .all(conn)
            .await?
            .into_iter()
            .map(|a| a.capital_provider_id)
            .collect();
        let facts = OrderFacts {
            insurer_ids: policies.iter().map(|p| p.insurer_id).collect(),
            region,
            vehicle_usage: usage,
            product_code: order.product_code.clone(),
            term: order.term_n.unsigned_abs(),
            financed_fen: amount_of(order),
        };
        let eligible: Vec<allocation_rule::Model> = rules
            .into_iter()
            .filter(|r| !declined.contains(&r.capital_provider_id))
            .filter(|r| r.effective_from.is_none_or(|f| f <= day))
            .filter(|r| r.effective_to.is_none_or(|t| day <= t))
            .filter(|r| {
                match (
                    r.window_start.as_deref().and_then(parse_time_of_day),
                    r.window_end.as_deref().and_then(parse_time_of_day),
                ) {
                    (Some(s), Some(e)) => in_window(s, e, minute),
                    _ => true,
                }
            })
            .filter(|r| {
                serde_json::from_value::<Conditions>(r.conditions.clone())
                    .is_ok_and(|c| c.matches(&facts))
            })
            .collect();
        let candidates: Vec<Candidate> = eligible
            .iter()
            .map(|r| Candidate {
                rule_id: r.id,
                priority: r.priority,
                weight: r.weight,
                current: r.swrr_current,
            })
            .collect();
        let (order_idx, deltas) = rank(&candidates);
        let ranked = order_idx.into_iter().map(|i| eligible[i].clone()).collect();
        // The round-robin changes of the top group, by rule id.
        let deltas = deltas
            .into_iter()
            .map(|(i, d)| (eligible[i].id, d))
            .collect();
        Ok((ranked, deltas))
    }

    /// Tries the rules on one queued order in its own transaction; answers whether a provider
    /// took it.
    pub async fn auto_allocate_order(&self, id: i64) -> Result<bool> {
        let day = self.business_date().await?;
        let txn = store::begin_write(&self.db).await?;
        let taken = self.auto_allocate_in(&txn, id, day).await?;
        txn.commit().await?;
        Ok(taken)
    }

    /// Tries the rules on one queued order in `txn` (the daily job's transaction or the
    /// caller's): the ranked rules in turn, each with its quota and the provider's credit, the
    /// first that holds takes it. Nothing is written when none does.
    pub(crate) async fn auto_allocate_in(
        &self,
        txn: &impl ConnectionTrait,
        id: i64,
        day: NaiveDate,
    ) -> Result<bool> {
        let now = self.clock.now();
        let zone = self.time_zone().await?;
        let local = now.with_timezone(&zone);
        let minute = local.hour() * 60 + local.minute();
        let by = By::system("allocation");
        let Some(order) = orders::Entity::find_by_id(id).one(txn).await? else {
            return Ok(false);
        };
        if status_of(&order)? != OrderStatus::PendingAllocation {
            return Ok(false);
        }
        let (ranked, deltas) = self.candidates_for(txn, &order, day, minute).await?;
        let fen = amount_of(&order);
        for (position, rule) in ranked.iter().enumerate() {
            let Some(provider) = capital_provider::Entity::find_by_id(rule.capital_provider_id)
                .one(txn)
                .await?
            else {
                continue;
            };
            if provider.status != ProviderStatus::Active.code() {
                continue;
            }
            // Both refusals below change nothing, so the next rule is tried on a clean slate:
            // the quota's UPDATE is conditional, and the reservation is checked before the
            // quota is taken.
            if !has_credit(&provider, fen) {
                continue;
            }
            if let Some(quota) = rule.daily_quota_fen
                && !take_quota(txn, rule.id, day, quota, fen).await?
            {
                continue;
            }
            match self
                .allocate_in(txn, &by, now, day, &order, &provider, Some(rule))
                .await
            {
                Ok(_) => {
                    // The round-robin state moves only when its group's winner took the order.
                    if position == 0 {
                        for &(rule_id, delta) in &deltas {
                            allocation_rule::Entity::update_many()
                                .col_expr(
                                    allocation_rule::Column::SwrrCurrent,
                                    Expr::col(allocation_rule::Column::SwrrCurrent).add(delta),
                                )
                                .filter(allocation_rule::Column::Id.eq(rule_id))
                                .exec(txn)
                                .await?;
                        }
                    }
                    return Ok(true);
                }
                // Another allocation took the credit meanwhile: give the quota back, try on.
                Err(Error::Conflict(_)) => {
                    if rule.daily_quota_fen.is_some() {
                        give_back_quota(txn, rule.id, day, fen).await?;
                    }
                }
                Err(e) => return Err(e),
            }
        }
        Ok(false)
    }

    /// Runs the automatic allocation over the whole queue, oldest first: (taken, left).
    pub async fn auto_allocate_queue(&self) -> Result<(u64, u64)> {
        let ids: Vec<i64> = orders::Entity::find()
            .filter(orders::Column::Status.eq(OrderStatus::PendingAllocation.code()))
            .order_by_asc(orders::Column::Id)
            .all(&self.db)
            .await?
            .into_iter()
            .map(|o| o.id)
            .collect();
        let (mut taken, mut left) = (0, 0);
        for id in ids {
            if self.auto_allocate_order(id).await? {
                taken += 1;
            } else {
                left += 1;
            }
        }
        Ok((taken, left))
    }

    /// The queue's "自动分配" button.
    pub async fn run_auto_allocation(
        &self,
        me: &Principal,
        client: &ClientInfo,
    ) -> Result<(u64, u64)> {
        me.require(ASSIGNMENT_QUEUE_ALLOCATE)?;
        let (taken, left) = self.auto_allocate_queue().await?;
        log_change(
            &self.db,
            me,
            client,
            "order.auto_allocate",
            "orders",
            None,
            serde_json::json!({ "taken": taken, "left": left }),
            self.clock.now(),
        )
        .await?;
        Ok((taken, left))
    }

    /// T9 by the platform on the provider's behalf (代资金方确认).
    pub async fn accept_for_provider(
        &self,
        me: &Principal,
        client: &ClientInfo,
        id: i64,
        acceptance: Acceptance,
    ) -> Result<()> {
        me.require(ASSIGNMENT_QUEUE_ALLOCATE)?;
        self.accept(By::user(me, client), None, id, acceptance)
            .await
    }

    /// T9 by the provider's own user: only its own orders.
    pub async fn accept_as_provider(
        &self,
        me: &Principal,
        client: &ClientInfo,
        id: i64,
        acceptance: Acceptance,
    ) -> Result<()> {
        let scope = me.provider_scope()?;
        self.accept(
            By::user(me, client),
            Some(scope.provider_id()),
            id,
            acceptance,
        )
        .await
    }

    async fn accept(
        &self,
        by: By,
        own: Option<i64>,
        id: i64,
        acceptance: Acceptance,
    ) -> Result<()> {
        let now = self.clock.now();
        let day = self.business_date().await?;
        let txn = store::begin_write(&self.db).await?;
        let order = orders::Entity::find_by_id(id)
            .one(&txn)
            .await?
            .filter(|o| own.is_none() || o.capital_provider_id == own)
            .ok_or_else(|| Error::NotFound("订单不存在".to_owned()))?;
        Event::to_next(OrderEvent::CpAccept, status_of(&order)?)?;
        let record = allocation::Entity::find()
            .filter(allocation::Column::OrderId.eq(id))
            .filter(allocation::Column::Status.eq(RESERVED))
            .one(&txn)
            .await?
            .ok_or_else(|| Error::Conflict(crate::error::STALE.to_owned()))?;
        let provider = capital_provider::Entity::find_by_id(record.capital_provider_id)
            .one(&txn)
            .await?
            .ok_or_else(|| Error::NotFound("资金方不存在".to_owned()))?;
        self.accept_in(&txn, &by, now, day, &order, &record, &provider, acceptance)
            .await?;
        txn.commit().await?;
        Ok(())
    }

    /// T10: withdraws the allocation (the provider declined, or operations re-allocate); the
    /// credit is released and the order is back in the queue. The user who allocated by hand
    /// may not withdraw it.
    pub async fn unallocate_order(
        &self,
        me: &Principal,
        client: &ClientInfo,
        id: i64,
        reason: &str,
    ) -> Result<()> {
        me.require(ASSIGNMENT_QUEUE_ALLOCATE)?;
        let now = self.clock.now();
        let day = self.business_date().await?;
        let reason = reason.trim();
        let txn = store::begin_write(&self.db).await?;
        let order = orders::Entity::find_by_id(id)
            .one(&txn)
            .await?
            .ok_or_else(|| Error::NotFound("订单不存在".to_owned()))?;
        let event = Event::to_next(OrderEvent::Unallocate, status_of(&order)?)?;
        if reason.is_empty() {
            return Err(Error::invalid("reason", "请填写撤回原因"));
        }
        if reason.chars().count() > 500 {
            return Err(Error::invalid("reason", "撤回原因不能超过 500 个字符"));
        }
        let live = allocation::Entity::find()
            .filter(allocation::Column::OrderId.eq(id))
            .filter(allocation::Column::Status.is_in([RESERVED, ACTIVE]))
            .one(&txn)
            .await?;
        let maker = live.as_ref().and_then(|a| {
            if a.mode == MANUAL {
                a.allocated_by
            } else {
                None
            }
        });
        // Maker ≠ checker before anything changes.
        let by = By::user(me, client);
        if maker == Some(me.user_id) {
            return Err(Error::Forbidden(
                "不能审批自己经办的订单（经办人与审批人须为不同用户）".to_owned(),
            ));
        }
        let released = release_live(&txn, &order, "CANCELLED", reason, now).await?;
        // The provider's documents (declaration, power of attorney) go with it.
        super::contracts::void_live(&txn, &by, now, order.id, None, "撤回分配，合同作废").await?;
        let mut event = event
            .maker(maker)
            .comment(reason)
            .set(orders::Column::CapitalProviderId, Expr::value(None::<i64>))
            .set(orders::Column::AllocationId, Expr::value(None::<i64>));
        if let Some((allocation_id, fen)) = released {
            event = event
                .reference("allocation", allocation_id)
                .amount(fen)
                .detail(serde_json::json!({ "releasedFen": fen }));
        }
        transition::apply(&txn, &by, now, day, &order, event).await?;
        txn.commit().await?;
        Ok(())
    }

    /// T11: no provider will fund it.
    pub async fn reject_no_funder(
        &self,
        me: &Principal,
        client: &ClientInfo,
        id: i64,
        reason: &str,
    ) -> Result<()> {
        me.require(ASSIGNMENT_QUEUE_ALLOCATE)?;
        let now = self.clock.now();
        let day = self.business_date().await?;
        let reason = reason.trim();
        let txn = store::begin_write(&self.db).await?;
        let order = orders::Entity::find_by_id(id)
            .one(&txn)
            .await?
            .ok_or_else(|| Error::NotFound("订单不存在".to_owned()))?;
        let event = Event::to_next(OrderEvent::NoFunder, status_of(&order)?)?;
        if reason.is_empty() {
            return Err(Error::invalid("reason", "请填写拒绝原因"));
        }
        if reason.chars().count() > 500 {
            return Err(Error::invalid("reason", "拒绝原因不能超过 500 个字符"));
        }
        let tried: Vec<i64> = allocation::Entity::find()
            .filter(allocation::Column::OrderId.eq(id))
            .all(&txn)
            .await?
            .into_iter()
            .map(|a| a.capital_provider_id)
            .collect();
        let event = event
            .maker(order.reviewed_by)
            .comment(reason)
            .detail(serde_json::json!({ "providersTried": tried }))
            .set(orders::Column::RejectReason, Expr::value(reason))
            .set(orders::Column::RejectReasonCode, Expr::value("NO_FUNDER"))
            .set(orders::Column::RejectStage, Expr::value("ALLOCATION"))
            .set(orders::Column::ReviewedBy, Expr::value(Some(me.user_id)))
            .set(orders::Column::RejectedAt, Expr::value(Some(now)));
        transition::apply(&txn, &By::user(me, client), now, day, &order, event).await?;
        txn.commit().await?;
        Ok(())
    }

    // ------------------------------------------------------------------ rules

    pub async fn allocation_rule_page(
        &self,
        me: &Principal,
        request: &PageRequest,
    ) -> Result<Page<RuleRow>> {
        me.require(ORDER_INFO_TABLE)?;
        let paging = request.check(RULE_SORTS, (allocation_rule::Column::Priority, Order::Desc))?;
        let query = paging.order(allocation_rule::Entity::find(), allocation_rule::Column::Id);
        let (rows, total) = paging.fetch(&self.db, query).await?;
        let names = self
            .capital_provider_names(rows.iter().map(|r| r.capital_provider_id).collect())
            .await?;
        Ok(paging.page_of(
            rows.into_iter()
                .map(|rule| RuleRow {
                    capital_provider_name: names
                        .get(&rule.capital_provider_id)
                        .cloned()
                        .unwrap_or_default(),
                    rule,
                })
                .collect(),
            total,
        ))
    }

    async fn capital_provider_names(&self, ids: Vec<i64>) -> Result<HashMap<i64, String>> {
        Ok(capital_provider::Entity::find()
            .filter(capital_provider::Column::Id.is_in(ids))
            .all(&self.db)
            .await?
            .into_iter()
            .map(|p| (p.id, p.name))
            .collect())
    }

    /// Creates a rule (version 1) or saves a new version of rule `id`.
    pub async fn save_allocation_rule(
        &self,
        me: &Principal,
        client: &ClientInfo,
        id: Option<i64>,
        input: RuleInput,
        version: Option<i64>,
    ) -> Result<allocation_rule::Model> {
        me.require(ASSIGNMENT_QUEUE_ALLOCATE)?;
        check_rule(&input)?;
        let now = self.clock.now();
        let txn = store::begin_write(&self.db).await?;
        let provider = capital_provider::Entity::find_by_id(input.capital_provider_id)
            .one(&txn)
            .await?
            .ok_or_else(|| Error::invalid("capitalProviderId", "资金方不存在"))?;
        if provider.status == ProviderStatus::Terminated.code() {
            return Err(Error::invalid("capitalProviderId", "资金方已终止合作"));
        }
        let conditions = serde_json::to_value(&input.conditions).map_err(Error::internal)?;
        let saved = match id {
            None => {
                allocation_rule::ActiveModel {
                    name: Set(input.name.trim().to_owned()),
                    priority: Set(input.priority),
                    weight: Set(input.weight),
                    enabled: Set(true),
                    rule_version: Set(1),
                    capital_provider_id: Set(input.capital_provider_id),
                    conditions: Set(conditions),
                    daily_quota_fen: Set(input.daily_quota_fen),
                    window_start: Set(input.window_start.clone()),
                    window_end: Set(input.window_end.clone()),
                    effective_from: Set(input.effective_from),
                    effective_to: Set(input.effective_to),
                    swrr_current: Set(0),
                    remark: Set(input.remark.trim().to_owned()),
                    created_at: Set(now),
                    created_by: Set(Some(me.user_id)),
                    updated_at: Set(now),
                    updated_by: Set(Some(me.user_id)),
                    version: Set(0),
                    ..Default::default()
                }
                .insert(&txn)
                .await?
            }
            Some(id) => {
                let before = allocation_rule::Entity::find_by_id(id)
                    .one(&txn)
                    .await?
                    .ok_or_else(|| Error::NotFound("分配规则不存在".to_owned()))?;
                let read = version.unwrap_or(before.version);
                let changed = allocation_rule::Entity::update_many()
                    .col_expr(
                        allocation_rule::Column::Name,
                        Expr::value(input.name.trim()),
                    )
                    .col_expr(
                        allocation_rule::Column::Priority,
                        Expr::value(input.priority),
                    )
                    .col_expr(allocation_rule::Column::Weight, Expr::value(input.weight))
                    .col_expr(
                        allocation_rule::Column::CapitalProviderId,
                        Expr::value(input.capital_provider_id),
                    )
                    .col_expr(allocation_rule::Column::Conditions, Expr::value(conditions))
                    .col_expr(
                        allocation_rule::Column::DailyQuotaFen,
                        Expr::value(input.daily_quota_fen),
                    )
                    .col_expr(
                        allocation_rule::Column::WindowStart,
                        Expr::value(input.window_start.clone()),
                    )
                    .col_expr(
                        allocation_rule::Column::WindowEnd,
                        Expr::value(input.window_end.clone()),
                    )
                    .col_expr(
                        allocation_rule::Column::EffectiveFrom,
                        Expr::value(input.effective_from),
                    )
                    .col_expr(
                        allocation_rule::Column::EffectiveTo,
                        Expr::value(input.effective_to),
                    )
                    .col_expr(
                        allocation_rule::Column::Remark,
                        Expr::value(input.remark.trim()),
                    )
                    .col_expr(
                        allocation_rule::Column::RuleVersion,
                        Expr::col(allocation_rule::Column::RuleVersion).add(1),
                    )
                    .col_expr(allocation_rule::Column::UpdatedAt, Expr::value(now))
                    .col_expr(
                        allocation_rule::Column::UpdatedBy,
                        Expr::value(Some(me.user_id)),
                    )
                    .col_expr(
                        allocation_rule::Column::Version,
                        Expr::col(allocation_rule::Column::Version).add(1),
                    )
                    .filter(allocation_rule::Column::Id.eq(id))
                    .filter(allocation_rule::Column::Version.eq(read))
                    .exec(&txn)
                    .await?
                    .rows_affected;
                if changed != 1 {
                    return Err(Error::Conflict(crate::error::STALE.to_owned()));
                }
                allocation_rule::Entity::find_by_id(id)
                    .one(&txn)
                    .await?
                    .ok_or_else(|| Error::NotFound("分配规则不存在".to_owned()))?
            }
        };
        log_change(
            &txn,
            me,
            client,
            if id.is_some() { "allocation_rule.update" } else { "allocation_rule.create" },
            "allocation_rule",
            Some(saved.id),
            serde_json::json!({ "name": saved.name, "ruleVersion": saved.rule_version, "capitalProviderId": saved.capital_provider_id, "priority": saved.priority, "weight": saved.weight, "conditions": saved.conditions }),
            now,
        )
        .await?;
        txn.commit().await?;
        Ok(saved)
    }

    /// Turns a rule on or off.
    pub async fn set_allocation_rule_enabled(
        &self,
        me: &Principal,
        client: &ClientInfo,
        id: i64,
        enabled: bool,
    ) -> Result<()> {
        me.require(ASSIGNMENT_QUEUE_ALLOCATE)?;
        let now = self.clock.now();
        let txn = store::begin_write(&self.db).await?;
        let changed = allocation_rule::Entity::update_many()
            .col_expr(allocation_rule::Column::Enabled, Expr::value(enabled))
            .col_expr(allocation_rule::Column::UpdatedAt, Expr::value(now))
            .col_expr(
                allocation_rule::Column::Version,
                Expr::col(allocation_rule::Column::Version).add(1),
            )
            .filter(allocation_rule::Column::Id.eq(id))
            .exec(&txn)
            .await?
            .rows_affected;
        if changed != 1 {
            return Err(Error::NotFound("分配规则不存在".to_owned()));
        }
        log_change(
            &txn,
            me,
            client,
            if enabled {
                "allocation_rule.enable"
            } else {
                "allocation_rule.disable"
            },
            "allocation_rule",
            Some(id),
            serde_json::json!({}),
            now,
        )
        .await?;
        txn.commit().await?;
        Ok(())
    }

    /// The allocation records, newest first.
    pub async fn allocation_page(
        &self,
        me: &Principal,
        request: &PageRequest,
        status: Option<&str>,
    ) -> Result<Page<AllocationRow>> {
        me.require(ORDER_INFO_TABLE)?;
        let paging = request.check(ALLOCATION_SORTS, (allocation::Column::Id, Order::Desc))?;
        let mut query = allocation::Entity::find();
        if let Some(s) = crate::paging::text("status", status)? {
            query = query.filter(allocation::Column::Status.eq(s));
        }
        let query = paging.order(query, allocation::Column::Id);
        let (rows, total) = paging.fetch(&self.db, query).await?;
        let names = self
            .capital_provider_names(rows.iter().map(|r| r.capital_provider_id).collect())
            .await?;
        let orders: HashMap<i64, orders::Model> = orders::Entity::find()
            .filter(orders::Column::Id.is_in(rows.iter().map(|r| r.order_id).collect::<Vec<_>>()))
            .all(&self.db)
            .await?
            .into_iter()
            .map(|o| (o.id, o))
            .collect();
        let customers: HashMap<i64, String> = customer::Entity::find()
            .filter(
                customer::Column::Id
                    .is_in(orders.values().map(|o| o.customer_id).collect::<Vec<_>>()),
            )
            .all(&self.db)
            .await?
            .into_iter()
            .map(|c| (c.id, c.name))
            .collect();
        Ok(paging.page_of(
            rows.into_iter()
                .map(|a| {
                    let order = orders.get(&a.order_id);
                    AllocationRow {
                        order_no: order.map(|o| o.order_no.clone()).unwrap_or_default(),
                        order_status: order.map(|o| o.status.clone()).unwrap_or_default(),
                        customer_name: order
                            .and_then(|o| customers.get(&o.customer_id).cloned())
                            .unwrap_or_default(),
                        capital_provider_name: names
                            .get(&a.capital_provider_id)
                            .cloned()
                            .unwrap_or_default(),
                        allocation: a,
                    }
                })
                .collect(),
            total,
        ))
    }
}

const RULE_SORTS: &[(&str, allocation_rule::Column)] = &[
    ("priority", allocation_rule::Column::Priority),
    ("id", allocation_rule::Column::Id),
    ("updatedAt", allocation_rule::Column::UpdatedAt),
];

const ALLOCATION_SORTS: &[(&str, allocation::Column)] = &[
    ("id", allocation::Column::Id),
    ("createdAt", allocation::Column::CreatedAt),
];

/// The daily job `allocation`: tries the rules on every order still in the queue (the catch-up
/// for orders no rule could take when they arrived: credit freed, a rule added, a window opened).
pub struct AllocationJob;

impl crate::jobs::DailyJob for AllocationJob {
    fn name(&self) -> &str {
        "allocation"
    }

    fn about(&self) -> &str {
        "tries the allocation rules on every order waiting in the allocation queue"
    }

    fn units<'a>(
        &'a self,
        app: &'a Beehive,
        _: NaiveDate,
    ) -> futures::future::BoxFuture<'a, Result<Vec<String>>> {
        Box::pin(async move {
            Ok(orders::Entity::find()
                .filter(orders::Column::Status.eq(OrderStatus::PendingAllocation.code()))
                .order_by_asc(orders::Column::Id)
                .all(&app.db)
                .await?
                .into_iter()
                .map(|o| o.id.to_string())
                .collect())
        })
    }

    fn work<'a>(
        &'a self,
        app: &'a Beehive,
        tx: &'a store::sea_orm::DatabaseTransaction,
        date: NaiveDate,
        unit: &'a str,
    ) -> futures::future::BoxFuture<'a, Result<()>> {
        Box::pin(async move {
            let id: i64 = unit
                .parse()
                .map_err(|_| Error::internal(anyhow::anyhow!("allocation unit {unit}")))?;
            app.auto_allocate_in(tx, id, date).await?;
            Ok(())
        })
    }
}
