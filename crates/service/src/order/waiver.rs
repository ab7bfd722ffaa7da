//! 减免申请 (exemptionApplication, docs/waivers.md): waiving part of an order's interest, fee or
//! penalty.
//!
//! A waiver names its scope (one instalment, or every instalment already due), the amount per
//! component, who bears it, and whether it is conditional ("pay ¥X by D and the rest is waived").
//! Its maker cannot approve it; above the order rules' threshold a second approver (neither the
//! maker nor the first approver) is needed. At the last approval the amounts are checked again
//! against what is outstanding now (invariant 27) and spread over the instalments
//! ([`domain::money::waiver::spread`]); the waiver row then is the money fact: while it is
//! EFFECTIVE the replay applies its lines from the day it was approved.
//!
//! Unconditional waivers are EFFECTIVE at approval. A conditional one is APPROVED until the
//! customer's repayments from its approval reach the expected amount by its deadline; every sync
//! of the order ([`super::repayment::sync_order`], in the repayment command or the nightly run)
//! settles that: EFFECTIVE when reached, back to APPROVED if a reversal takes it away, EXPIRED
//! after the deadline. Interest the platform bears is posted to the provider (E8) as the replay
//! applies it; the posted amount follows what is applied, with a mirror when it falls.

use super::approval::{check_approver, check_closer, closing_reason};
use super::repayment::{RUNNING, SyncBy, sync_order};
use super::transition::status_of;
use super::waiver_facts::lines_of;
use super::yuan;
use crate::paging::{self, Page, PageRequest};
use crate::principal::{ClientInfo, Principal};
use crate::transition::{self as record_transition, By, Change, Logged};
use crate::{Beehive, Error, Result};
use chrono::NaiveDate;
use domain::money::Fen;
use domain::money::ledger::ItemLedger;
use domain::money::product::Component;
use domain::money::replay::ReplayResult;
use domain::money::waiver::{WaiverLine, covered, spread};
use domain::permission::codes::{
    ORDER_PLAN_REDUCTION_APPROVE, ORDER_PLAN_REDUCTION_CREATE, ORDER_PLAN_REDUCTION_TABLE,
};
use domain::status::{Status, WaiverStatus};
use std::collections::BTreeMap;
use store::entity::{customer, orders, waiver};
use store::sea_orm::sea_query::Expr;
use store::sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, Order, PaginatorTrait,
    QueryFilter, Set,
};

/// Who bears a waiver.
pub const BEARERS: &[(&str, &str)] =
    &[("PLATFORM", "平台承担"), ("CAPITAL_PROVIDER", "资金方承担")];
/// The longest a conditional waiver may wait for the customer's payment.
pub const MAX_VALID_DAYS: u64 = 90;

const SORTS: &[(&str, waiver::Column)] = &[
    ("id", waiver::Column::Id),
    ("createdAt", waiver::Column::CreatedAt),
    ("totalFen", waiver::Column::TotalFen),
];

fn not_found() -> Error {
    Error::NotFound("减免申请不存在".to_owned())
}

/// What a waiver asks for.
#[derive(Debug, Clone)]
pub struct WaiverInput {
    pub item_seq: Option<u32>,
    pub interest_fen: i64,
    pub fee_fen: i64,
    pub penalty_fen: i64,
    pub bearer: String,
    pub reason: String,
    pub conditional: bool,
    pub expected_fen: i64,
    pub valid_until: Option<NaiveDate>,
}

/// One instalment as the waiver form shows it: what is outstanding per component today.
#[derive(Debug, Clone)]
pub struct WaivableItem {
    pub seq: u32,
    pub due_date: NaiveDate,
    pub status: &'static str,
    pub interest_fen: i64,
    pub fee_fen: i64,
    pub penalty_fen: i64,
    pub outstanding_fen: i64,
    /// Already due: covered by a waiver of the whole order.
    pub due: bool,
}

/// The waiver form's data for an order.
#[derive(Debug, Clone)]
pub struct Waivable {
    pub order_no: String,
    pub business_date: NaiveDate,
    pub items: Vec<WaivableItem>,
    pub outstanding_fen: i64,
    /// A waiver above this total needs a second approval.
    pub second_approval_fen: i64,
    /// Waivers of this order still waiting for approval or for the customer's payment.
    pub open: i64,
}

/// A row of 减免申请.
#[derive(Debug, Clone)]
pub struct WaiverRow {
    pub waiver: waiver::Model,
    pub order_no: String,
    pub customer_name: String,
    pub order_status: String,
    pub lines: Vec<WaiverLine>,
}

#[derive(Debug, Clone, Default)]
pub struct WaiverFilter {
    pub status: Option<String>,
    pub order_no: Option<String>,
    pub order_id: Option<i64>,
}

fn component_field(c: Component) -> &'static str {
    match c {
        Component::Interest => "interestFen",
        Component::Fee => "feeFen",
        Component::Penalty => "penaltyFen",
        Component::Principal => "principalFen",
    }
}

fn component_label(c: Component) -> &'static str {
    match c {
        Component::Interest => "利息",
        Component::Fee => "手续费",
        Component::Penalty => "罚息",
        Component::Principal => "本金",
    }
}

fn item_status(it: &ItemLedger) -> &'static str {
    super::repayment::item_status_code(it.status)
}

impl Beehive {
    /// The order as a waiver sees it today: the instalments with what is outstanding.
    pub async fn waivable(&self, me: &Principal, order_id: i64) -> Result<Waivable> {
        me.require(ORDER_PLAN_REDUCTION_CREATE)?;
        let today = self.business_date().await?;
        let order = self.waivable_order(&self.db, order_id).await?;
        let (_, result) = self.replayed_order(&self.db, &order, today).await?;
        let rules = self.current_order_rules().await?;
        let open = waiver::Entity::find()
            .filter(waiver::Column::OrderId.eq(order.id))
            .filter(waiver::Column::Status.is_in([
                WaiverStatus::PendingApproval.code(),
                WaiverStatus::PendingSecond.code(),
                WaiverStatus::Approved.code(),
            ]))
            .count(&self.db)
            .await?;
        let due: Vec<u32> = covered(&result.items, None, today)
            .iter()
            .map(|it| it.seq)
            .collect();
        Ok(Waivable {
            order_no: order.order_no.clone(),
            business_date: today,
            items: result
                .items
                .iter()
                .filter(|it| it.outstanding().is_ok_and(|o| o.is_positive()))
                .map(|it| WaivableItem {
                    seq: it.seq,
                    due_date: it.due_date,
                    status: item_status(it),
                    interest_fen: it.interest.outstanding_fen.get(),
                    fee_fen: it.fee.outstanding_fen.get(),
                    penalty_fen: it.penalty.outstanding_fen.get(),
                    outstanding_fen: it.outstanding().map_or(0, Fen::get),
                    due: due.contains(&it.seq),
                })
                .collect(),
            outstanding_fen: result.outstanding_fen.get(),
            second_approval_fen: rules.waiver_second_approval_fen,
            open: i64::try_from(open).unwrap_or(0),
        })
    }

    async fn waivable_order<C: ConnectionTrait>(
        &self,
        conn: &C,
        order_id: i64,
    ) -> Result<orders::Model> {
        let order = orders::Entity::find_by_id(order_id)
            .one(conn)
            .await?
            .ok_or_else(|| Error::NotFound("订单不存在".to_owned()))?;
        let status = status_of(&order)?;
        if !RUNNING.contains(&status) || order.disbursed_at.is_none() {
            return Err(Error::Conflict(format!(
                "当前状态不能减免（当前状态：{}）",
                status.label()
            )));
        }
        Ok(order)
    }

    /// 申请减免: checked against what is outstanding today; PENDING_APPROVAL.
    pub async fn create_waiver(
        &self,
        me: &Principal,
        client: &ClientInfo,
        order_id: i64,
        input: WaiverInput,
    ) -> Result<waiver::Model> {
        me.require(ORDER_PLAN_REDUCTION_CREATE)?;
        let now = self.clock.now();
        let today = self.business_date().await?;
        let by = By::user(me, client);
        let rules = self.current_order_rules().await?;
        let txn = store::begin_write(&self.db).await?;
        let order = self.waivable_order(&txn, order_id).await?;
        let (_, result) = self.replayed_order(&txn, &order, today).await?;
        let mut fields = BTreeMap::new();
        for (field, v) in [
            ("interestFen", input.interest_fen),
            ("feeFen", input.fee_fen),
            ("penaltyFen", input.penalty_fen),
        ] {
            if v < 0 {
                fields.insert(field.to_owned(), "减免金额不能为负".to_owned());
            }
        }
        let total = input
            .interest_fen
            .saturating_add(input.fee_fen)
            .saturating_add(input.penalty_fen);
        if fields.is_empty() && total <= 0 {
            fields.insert("penaltyFen".to_owned(), "请填写至少一项减免金额".to_owned());
        }
        if let Some(seq) = input.item_seq
            && !result.items.iter().any(|it| it.seq == seq)
        {
            fields.insert("itemSeq".to_owned(), "没有这一期".to_owned());
        }
        if !BEARERS.iter().any(|(c, _)| *c == input.bearer) {
            fields.insert("bearer".to_owned(), "承担方须为平台或资金方".to_owned());
        }
        let reason = input.reason.trim();
        if reason.is_empty() {
            fields.insert("reason".to_owned(), "请填写减免原因".to_owned());
        } else if reason.chars().count() > 500 {
            fields.insert("reason".to_owned(), "减免原因不超过 500 个字符".to_owned());
        }
        if input.conditional {
            if input.expected_fen <= 0 {
                fields.insert(
                    "expectedFen".to_owned(),
                    "请填写客户须还款的金额".to_owned(),
                );
            } else if input.expected_fen > result.outstanding_fen.get() {
                fields.insert(
                    "expectedFen".to_owned(),
                    format!(
                        "须还款金额不能超过订单未还金额 {} 元",
                        yuan(result.outstanding_fen.get())
                    ),
                );
            }
            match input.valid_until {
                None => {
                    fields.insert("validUntil".to_owned(), "请选择还款截止日".to_owned());
                }
                Some(d) if d < today => {
                    fields.insert(
                        "validUntil".to_owned(),
                        "还款截止日不能早于今天（业务日期）".to_owned(),
                    );
                }
                Some(d) if d > today + chrono::Days::new(MAX_VALID_DAYS) => {
                    fields.insert(
                        "validUntil".to_owned(),
                        format!("还款截止日最多在 {MAX_VALID_DAYS} 天之后"),
                    );
                }
                Some(_) => {}
            }
        }
        // What is outstanding is checked with the other fields, all errors in one answer.
        if !["interestFen", "feeFen", "penaltyFen", "itemSeq"]
            .iter()
            .any(|f| fields.contains_key(*f))
        {
            excess_fields(&result, &input, today, &mut fields)?;
        }
        if let Some(message) = fields.values().next().cloned() {
            return Err(Error::Invalid { message, fields });
        }
        let count = waiver::Entity::find().count(&txn).await? + 1;
        let waiver_no = format!("JM{}{:05}", today.format("%Y%m%d"), count);
        let levels = if total > rules.waiver_second_approval_fen {
            2
        } else {
            1
        };
        let row = waiver::ActiveModel {
            waiver_no: Set(waiver_no.clone()),
            order_id: Set(order.id),
            item_seq: Set(input.item_seq.and_then(|s| i32::try_from(s).ok())),
            interest_fen: Set(input.interest_fen),
            fee_fen: Set(input.fee_fen),
            penalty_fen: Set(input.penalty_fen),
            total_fen: Set(total),
            bearer: Set(input.bearer.clone()),
            reason: Set(reason.to_owned()),
            conditional: Set(input.conditional),
            expected_fen: Set(if input.conditional {
                input.expected_fen
            } else {
                0
            }),
            valid_until: Set(if input.conditional {
                input.valid_until
            } else {
                None
            }),
            levels: Set(levels),
            status: Set(WaiverStatus::PendingApproval.code().to_owned()),
            created_by_name: Set(me.name.clone()),
            first_by: Set(None),
            first_by_name: Set(String::new()),
            first_at: Set(None),
            second_by: Set(None),
            second_by_name: Set(String::new()),
            second_at: Set(None),
            approved_on: Set(None),
            effective_on: Set(None),
            reject_reason: Set(String::new()),
            lines: Set(None),
            posted_fen: Set(0),
            created_at: Set(now),
            created_by: Set(Some(me.user_id)),
            updated_at: Set(now),
            updated_by: Set(Some(me.user_id)),
            version: Set(0),
            ..Default::default()
        }
        .insert(&txn)
        .await
        .map_err(|e| crate::error::conflict_on_unique(e, "减免申请编号冲突，请重试"))?;
        crate::audit::record(
            &txn,
            crate::audit::Entry {
                actor: &by.actor,
                action: "waiver.create",
                target_type: "waiver",
                target_id: Some(row.id.to_string()),
                success: true,
                detail: serde_json::json!({
                    "waiverNo": waiver_no,
                    "orderNo": order.order_no,
                    "totalFen": total,
                    "levels": levels,
                    "conditional": input.conditional,
                }),
                ip: by.ip.clone(),
                request_id: by.request_id.clone(),
            },
            now,
        )
        .await?;
        txn.commit().await?;
        Ok(row)
    }

    /// 审批通过: the first level, or the last one (re-checked against today's outstanding, the
    /// lines fixed, EFFECTIVE or — conditional — APPROVED).
    pub async fn approve_waiver(
        &self,
        me: &Principal,
        client: &ClientInfo,
        waiver_id: i64,
    ) -> Result<waiver::Model> {
        me.require(ORDER_PLAN_REDUCTION_APPROVE)?;
        let now = self.clock.now();
        let today = self.business_date().await?;
        let by = By::user(me, client);
        let txn = store::begin_write(&self.db).await?;
        let row = waiver::Entity::find_by_id(waiver_id)
            .one(&txn)
            .await?
            .ok_or_else(not_found)?;
        let from = WaiverStatus::parse(&row.status).ok_or_else(not_found)?;
        if !matches!(
            from,
            WaiverStatus::PendingApproval | WaiverStatus::PendingSecond
        ) {
            return Err(Error::Conflict(format!(
                "该减免申请{}，不能审批",
                from.label()
            )));
        }
        check_approver(
            "减免申请",
            row.created_by,
            row.first_by,
            from == WaiverStatus::PendingSecond,
            me.user_id,
        )?;
        let order = self.waivable_order(&txn, row.order_id).await?;
        let first_level = from == WaiverStatus::PendingApproval;
        let last = !first_level || row.levels <= 1;
        let mut set = Vec::new();
        if first_level {
            set.push((waiver::Column::FirstBy, Expr::value(Some(me.user_id))));
            set.push((waiver::Column::FirstByName, Expr::value(me.name.clone())));
            set.push((waiver::Column::FirstAt, Expr::value(Some(now))));
        } else {
            set.push((waiver::Column::SecondBy, Expr::value(Some(me.user_id))));
            set.push((waiver::Column::SecondByName, Expr::value(me.name.clone())));
            set.push((waiver::Column::SecondAt, Expr::value(Some(now))));
        }
        // The order as of today (penalties to date, every repayment confirmed so far), then the
        // amounts against it, at every level: never more than is outstanding (invariant 27).
        sync_order(&txn, &SyncBy::user(&by, me.user_id), now, order.id, today).await?;
        let order = self.waivable_order(&txn, row.order_id).await?;
        let (_, result) = self.replayed_order(&txn, &order, today).await?;
        let input = input_of(&row);
        let mut fields = BTreeMap::new();
        excess_fields(&result, &input, today, &mut fields)?;
        if let Some(message) = fields.into_values().next() {
            return Err(Error::Conflict(format!(
                "{message}（审批时重新核对：期间已有还款或减免），请驳回后重新申请"
            )));
        }
        if row.conditional && row.valid_until.is_some_and(|d| d < today) {
            return Err(Error::Conflict(
                "还款截止日已过，不能再批准该减免".to_owned(),
            ));
        }
        let to = if !last {
            WaiverStatus::PendingSecond
        } else {
            let lines = match spread(&result.items, input.item_seq, today, &amounts_of(&input))
                .map_err(|e| Error::Conflict(e.to_string()))?
            {
                Ok(lines) => lines,
                Err(_) => {
                    return Err(Error::Conflict(
                        "减免金额超过当前未还金额，请驳回后重新申请".to_owned(),
                    ));
                }
            };
            set.push((
                waiver::Column::Lines,
                Expr::value(Some(serde_json::to_value(&lines).map_err(Error::internal)?)),
            ));
            set.push((waiver::Column::ApprovedOn, Expr::value(Some(today))));
            if row.conditional {
                WaiverStatus::Approved
            } else {
                set.push((waiver::Column::EffectiveOn, Expr::value(Some(today))));
                WaiverStatus::Effective
            }
        };
        set.push((waiver::Column::UpdatedAt, Expr::value(now)));
        set.push((waiver::Column::UpdatedBy, Expr::value(Some(me.user_id))));
        record_transition::apply::<waiver::Entity, _, _>(
            &txn,
            &by,
            now,
            Change {
                id: row.id,
                from,
                to,
                version: row.version,
                event: if first_level {
                    "approve"
                } else {
                    "approve_second"
                },
                reason: "",
            },
            set,
            Some(Logged {
                action: "waiver.approve",
                detail: serde_json::json!({
                    "waiverNo": row.waiver_no,
                    "orderNo": order.order_no,
                    "totalFen": row.total_fen,
                    "level": if first_level { 1 } else { 2 },
                }),
            }),
        )
        .await?;
        if to == WaiverStatus::Effective || to == WaiverStatus::Approved {
            // The waiver now counts (or its condition may already be met): the order follows.
            sync_order(&txn, &SyncBy::user(&by, me.user_id), now, order.id, today).await?;
        }
        let row = waiver::Entity::find_by_id(waiver_id)
            .one(&txn)
            .await?
            .ok_or_else(not_found)?;
        txn.commit().await?;
        Ok(row)
    }

    /// 驳回 (an approver) or 撤回 (a maker) a waiver not yet effective.
    pub async fn close_waiver(
        &self,
        me: &Principal,
        client: &ClientInfo,
        waiver_id: i64,
        reason: &str,
        withdraw: bool,
    ) -> Result<()> {
        me.require(if withdraw {
            ORDER_PLAN_REDUCTION_CREATE
        } else {
            ORDER_PLAN_REDUCTION_APPROVE
        })?;
        let reason = closing_reason(reason, withdraw)?;
        let now = self.clock.now();
        let by = By::user(me, client);
        let txn = store::begin_write(&self.db).await?;
        let row = waiver::Entity::find_by_id(waiver_id)
            .one(&txn)
            .await?
            .ok_or_else(not_found)?;
        let from = WaiverStatus::parse(&row.status).ok_or_else(not_found)?;
        let to = if withdraw {
            WaiverStatus::Withdrawn
        } else {
            WaiverStatus::Rejected
        };
        check_closer("减免申请", row.created_by, me.user_id, withdraw)?;
        if from.check(to).is_err() {
            return Err(Error::Conflict(format!(
                "该减免申请{}，不能{}",
                from.label(),
                if withdraw { "撤回" } else { "驳回" }
            )));
        }
        record_transition::apply::<waiver::Entity, _, _>(
            &txn,
            &by,
            now,
            Change {
                id: row.id,
                from,
                to,
                version: row.version,
                event: if withdraw { "withdraw" } else { "reject" },
                reason: &reason,
            },
            vec![
                (waiver::Column::RejectReason, Expr::value(reason.clone())),
                (waiver::Column::UpdatedAt, Expr::value(now)),
                (waiver::Column::UpdatedBy, Expr::value(Some(me.user_id))),
            ],
            Some(Logged {
                action: if withdraw {
                    "waiver.withdraw"
                } else {
                    "waiver.reject"
                },
                detail: serde_json::json!({ "waiverNo": row.waiver_no, "reason": reason }),
            }),
        )
        .await?;
        txn.commit().await?;
        Ok(())
    }

    /// 减免申请 list, newest first.
    pub async fn waiver_page(
        &self,
        me: &Principal,
        request: &PageRequest,
        filter: &WaiverFilter,
    ) -> Result<Page<WaiverRow>> {
        me.require(ORDER_PLAN_REDUCTION_TABLE)?;
        let paging = request.check(SORTS, (waiver::Column::Id, Order::Desc))?;
        let mut query = waiver::Entity::find();
        if let Some(status) = paging::text("status", filter.status.as_deref())? {
            if WaiverStatus::parse(status).is_none() {
                return Err(Error::invalid("status", "未知的减免状态"));
            }
            query = query.filter(waiver::Column::Status.eq(status));
        }
        if let Some(id) = filter.order_id {
            query = query.filter(waiver::Column::OrderId.eq(id));
        }
        if let Some(no) = paging::text("orderNo", filter.order_no.as_deref())? {
            let ids: Vec<i64> = orders::Entity::find()
                .filter(orders::Column::OrderNo.contains(no))
                .all(&self.db)
                .await?
                .into_iter()
                .map(|o| o.id)
                .collect();
            query = query.filter(waiver::Column::OrderId.is_in(ids));
        }
        let query = paging.order(query, waiver::Column::Id);
        let (records, total) = paging.fetch(&self.db, query).await?;
        let mut rows = Vec::new();
        for w in records {
            let order = orders::Entity::find_by_id(w.order_id).one(&self.db).await?;
            let customer_name = match &order {
                Some(o) => customer::Entity::find_by_id(o.customer_id)
                    .one(&self.db)
                    .await?
                    .map(|c| c.name)
                    .unwrap_or_default(),
                None => String::new(),
            };
            rows.push(WaiverRow {
                lines: lines_of(&w),
                order_no: order
                    .as_ref()
                    .map(|o| o.order_no.clone())
                    .unwrap_or_default(),
                order_status: order.map(|o| o.status).unwrap_or_default(),
                customer_name,
                waiver: w,
            });
        }
        Ok(paging.page_of(rows, total))
    }
}

fn input_of(row: &waiver::Model) -> WaiverInput {
    WaiverInput {
        item_seq: row.item_seq.and_then(|s| u32::try_from(s).ok()),
        interest_fen: row.interest_fen,
        fee_fen: row.fee_fen,
        penalty_fen: row.penalty_fen,
        bearer: row.bearer.clone(),
        reason: row.reason.clone(),
        conditional: row.conditional,
        expected_fen: row.expected_fen,
        valid_until: row.valid_until,
    }
}

fn amounts_of(input: &WaiverInput) -> [(Component, Fen); 3] {
    [
        (Component::Penalty, Fen(input.penalty_fen)),
        (Component::Fee, Fen(input.fee_fen)),
        (Component::Interest, Fen(input.interest_fen)),
    ]
}

/// A field error for each component asking for more than is outstanding on the covered
/// instalments today.
fn excess_fields(
    result: &ReplayResult,
    input: &WaiverInput,
    today: NaiveDate,
    fields: &mut BTreeMap<String, String>,
) -> Result<()> {
    let spread = spread(&result.items, input.item_seq, today, &amounts_of(input))
        .map_err(|e| Error::Conflict(e.to_string()))?;
    if let Err(excess) = spread {
        for e in excess {
            fields.insert(
                component_field(e.component).to_owned(),
                format!(
                    "{}最多可减免 {} 元（{}未还）",
                    component_label(e.component),
                    yuan(e.outstanding_fen.get()),
                    match input.item_seq {
                        Some(seq) => format!("第 {seq} 期"),
                        None => "已到期各期".to_owned(),
                    }
                ),
            );
        }
    }
    Ok(())
}
