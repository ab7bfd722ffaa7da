//! 核销 (T28, docs/write-offs.md): writing off everything an overdue order still owes, from the
//! order page (`admin:order_plan:write_off`).
//!
//! An application names who bears the capital provider's principal (the provider, or the platform
//! buying it out) and a reason; it records what the order owes per component that day. Its maker
//! cannot approve it; above the order rules' write-off threshold a second approver (neither the
//! maker nor the first approver) is needed. The last approval brings the order up to today; if it
//! is no longer overdue (a payment cured it) the approval is refused. Otherwise, in one
//! transaction: a WRITE_OFF money fact for the whole order dated today, the application EXECUTED
//! with the amounts of today, the order OVERDUE → WRITTEN_OFF (T28), the replay writing everything
//! off and the journal E10 ([`super::write_off_facts`]), and the provider's credit released.

use super::approval::{check_approver, check_closer, closing_reason};
use super::repayment::{SyncBy, move_credit_back, sync_order};
use super::transition::{self as order_transition, Event, status_of};
use super::write_off_facts::{BEARER_PLATFORM, ORDER_WRITE_OFF, WRITE_OFF};
use crate::principal::{ClientInfo, Principal};
use crate::transition::{self as record_transition, By, Change, Logged};
use crate::{Beehive, Error, Result};
use chrono::NaiveDate;
use domain::money::Fen;
use domain::money::product::Component;
use domain::money::replay::ReplayResult;
use domain::order::{OrderEvent, OrderStatus};
use domain::permission::codes::{ORDER_INFO_TABLE, ORDER_PLAN_WRITE_OFF};
use domain::status::{Status, WriteOffStatus};
use std::collections::BTreeMap;
use store::entity::{order_money_fact, orders, write_off};
use store::sea_orm::sea_query::Expr;
use store::sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter,
    QueryOrder, Set,
};

/// A write-off application as stored.
pub use store::entity::write_off::Model as WriteOffRow;

/// Who bears the provider's principal.
pub const BEARERS: &[(&str, &str)] = &[
    ("CAPITAL_PROVIDER", "资金方承担"),
    (BEARER_PLATFORM, "平台承担（买断资金方本金）"),
];

const OPEN: [WriteOffStatus; 2] = [
    WriteOffStatus::PendingApproval,
    WriteOffStatus::PendingSecond,
];

fn not_found() -> Error {
    Error::NotFound("核销申请不存在".to_owned())
}

/// What an overdue order owes today, as a write-off would give it up.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Owed {
    pub principal_fen: i64,
    pub interest_fen: i64,
    pub fee_fen: i64,
    pub penalty_fen: i64,
    pub total_fen: i64,
    /// The part the platform claims (advanced, not recovered).
    pub claim_fen: i64,
}

fn owed(result: &ReplayResult) -> Owed {
    let sum = |c: Component| -> i64 {
        result
            .items
            .iter()
            .map(|it| it.component(c).outstanding_fen.get())
            .sum()
    };
    Owed {
        principal_fen: sum(Component::Principal),
        interest_fen: sum(Component::Interest),
        fee_fen: sum(Component::Fee),
        penalty_fen: sum(Component::Penalty),
        total_fen: result.outstanding_fen.get(),
        claim_fen: result
            .items
            .iter()
            .map(|it| it.advance_claim().map_or(0, Fen::get))
            .sum(),
    }
}

/// The write-off form's data for an order.
#[derive(Debug, Clone)]
pub struct WriteOffQuote {
    pub order_no: String,
    pub order_status: String,
    pub business_date: NaiveDate,
    pub owed: Owed,
    /// A write-off above this total needs a second approval.
    pub second_approval_fen: i64,
    /// The order's application waiting for approval, if any.
    pub open_no: Option<String>,
}

/// What an application says.
#[derive(Debug, Clone)]
pub struct WriteOffInput {
    pub bearer: String,
    pub reason: String,
}

impl Beehive {
    async fn overdue_order<C: ConnectionTrait>(
        &self,
        conn: &C,
        order_id: i64,
    ) -> Result<orders::Model> {
        let order = orders::Entity::find_by_id(order_id)
            .one(conn)
            .await?
            .ok_or_else(|| Error::NotFound("订单不存在".to_owned()))?;
        let status = status_of(&order)?;
        if status != OrderStatus::Overdue {
            return Err(Error::Conflict(format!(
                "只有逾期订单可以核销（当前状态：{}）",
                status.label()
            )));
        }
        Ok(order)
    }

    async fn open_write_off<C: ConnectionTrait>(
        &self,
        conn: &C,
        order_id: i64,
    ) -> Result<Option<write_off::Model>> {
        Ok(write_off::Entity::find()
            .filter(write_off::Column::OrderId.eq(order_id))
            .filter(write_off::Column::Status.is_in(OPEN.map(|s| s.code())))
            .one(conn)
            .await?)
    }

    /// What the overdue order owes today, for the write-off form.
    pub async fn write_off_quote(&self, me: &Principal, order_id: i64) -> Result<WriteOffQuote> {
        me.require(ORDER_PLAN_WRITE_OFF)?;
        let today = self.business_date().await?;
        let order = self.overdue_order(&self.db, order_id).await?;
        let (_, result) = self.replayed_order(&self.db, &order, today).await?;
        let rules = self.current_order_rules().await?;
        Ok(WriteOffQuote {
            order_no: order.order_no.clone(),
            order_status: order.status.clone(),
            business_date: today,
            owed: owed(&result),
            second_approval_fen: rules.write_off_second_approval_fen,
            open_no: self
                .open_write_off(&self.db, order.id)
                .await?
                .map(|w| w.write_off_no),
        })
    }

    /// 申请核销: PENDING_APPROVAL with what the order owes today.
    pub async fn create_write_off(
        &self,
        me: &Principal,
        client: &ClientInfo,
        order_id: i64,
        input: WriteOffInput,
    ) -> Result<write_off::Model> {
        me.require(ORDER_PLAN_WRITE_OFF)?;
        let mut fields = BTreeMap::new();
        if !BEARERS.iter().any(|(c, _)| *c == input.bearer) {
            fields.insert("bearer".to_owned(), "承担方须为资金方或平台".to_owned());
        }
        let reason = input.reason.trim();
        if reason.is_empty() {
            fields.insert("reason".to_owned(), "请填写核销原因".to_owned());
        } else if reason.chars().count() > 500 {
            fields.insert("reason".to_owned(), "核销原因不超过 500 个字符".to_owned());
        }
        if let Some(message) = fields.values().next().cloned() {
            return Err(Error::Invalid { message, fields });
        }
        let now = self.clock.now();
        let today = self.business_date().await?;
        let by = By::user(me, client);
        let rules = self.current_order_rules().await?;
        let txn = store::begin_write(&self.db).await?;
        let order = self.overdue_order(&txn, order_id).await?;
        if let Some(open) = self.open_write_off(&txn, order.id).await? {
            return Err(Error::Conflict(format!(
                "该订单已有待审批的核销申请 {}",
                open.write_off_no
            )));
        }
        let (_, result) = self.replayed_order(&txn, &order, today).await?;
        let o = owed(&result);
        if o.total_fen <= 0 {
            return Err(Error::Conflict("该订单没有未还金额，无需核销".to_owned()));
        }
        let levels = if o.total_fen > rules.write_off_second_approval_fen {
            2
        } else {
            1
        };
        let count = write_off::Entity::find().count(&txn).await? + 1;
        let write_off_no = format!("HX{}{:05}", today.format("%Y%m%d"), count);
        let row = write_off::ActiveModel {
            write_off_no: Set(write_off_no.clone()),
            order_id: Set(order.id),
            bearer: Set(input.bearer.clone()),
            principal_fen: Set(o.principal_fen),
            interest_fen: Set(o.interest_fen),
            fee_fen: Set(o.fee_fen),
            penalty_fen: Set(o.penalty_fen),
            total_fen: Set(o.total_fen),
            claim_fen: Set(o.claim_fen),
            reason: Set(reason.to_owned()),
            levels: Set(levels),
            status: Set(WriteOffStatus::PendingApproval.code().to_owned()),
            created_by_name: Set(me.name.clone()),
            first_by: Set(None),
            first_by_name: Set(String::new()),
            first_at: Set(None),
            second_by: Set(None),
            second_by_name: Set(String::new()),
            second_at: Set(None),
            executed_on: Set(None),
            reject_reason: Set(String::new()),
            posted_claim_fen: Set(0),
            posted_principal_fen: Set(0),
            created_at: Set(now),
            created_by: Set(Some(me.user_id)),
            updated_at: Set(now),
            updated_by: Set(Some(me.user_id)),
            version: Set(0),
            ..Default::default()
        }
        .insert(&txn)
        .await
        .map_err(|e| {
            crate::error::conflict_on_unique(
                e,
                "该订单刚有另一份核销申请提交（或编号冲突），请刷新后重试",
            )
        })?;
        crate::audit::record(
            &txn,
            crate::audit::Entry {
                actor: &by.actor,
                action: "write_off.create",
                target_type: "orders",
                target_id: Some(order.id.to_string()),
                success: true,
                detail: serde_json::json!({
                    "writeOffNo": write_off_no,
                    "orderNo": order.order_no,
                    "totalFen": o.total_fen,
                    "bearer": row.bearer,
                    "levels": levels,
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

    /// 审批通过: the first level, or the last one (the order written off now).
    pub async fn approve_write_off(
        &self,
        me: &Principal,
        client: &ClientInfo,
        write_off_id: i64,
    ) -> Result<write_off::Model> {
        me.require(ORDER_PLAN_WRITE_OFF)?;
        let now = self.clock.now();
        let today = self.business_date().await?;
        let by = By::user(me, client);
        let txn = store::begin_write(&self.db).await?;
        let row = write_off::Entity::find_by_id(write_off_id)
            .one(&txn)
            .await?
            .ok_or_else(not_found)?;
        let from = WriteOffStatus::parse(&row.status).ok_or_else(not_found)?;
        if !OPEN.contains(&from) {
            return Err(Error::Conflict(format!(
                "该核销申请{}，不能审批",
                from.label()
            )));
        }
        check_approver(
            "核销申请",
            row.created_by,
            row.first_by,
            from == WriteOffStatus::PendingSecond,
            me.user_id,
        )?;
        let first_level = from == WriteOffStatus::PendingApproval;
        let last = !first_level || row.levels <= 1;
        let who = SyncBy::user(&by, me.user_id);
        let mut set = Vec::new();
        if first_level {
            set.push((write_off::Column::FirstBy, Expr::value(Some(me.user_id))));
            set.push((write_off::Column::FirstByName, Expr::value(me.name.clone())));
            set.push((write_off::Column::FirstAt, Expr::value(Some(now))));
        } else {
            set.push((write_off::Column::SecondBy, Expr::value(Some(me.user_id))));
            set.push((
                write_off::Column::SecondByName,
                Expr::value(me.name.clone()),
            ));
            set.push((write_off::Column::SecondAt, Expr::value(Some(now))));
        }
        // The order as of today: a payment since the application may have cured it.
        self.overdue_order(&txn, row.order_id).await?;
        sync_order(&txn, &who, now, row.order_id, today).await?;
        let order = orders::Entity::find_by_id(row.order_id)
            .one(&txn)
            .await?
            .ok_or_else(|| Error::NotFound("订单不存在".to_owned()))?;
        if status_of(&order)? != OrderStatus::Overdue {
            return Err(Error::Conflict(format!(
                "订单已不再逾期（当前状态：{}），不能核销，请驳回该申请",
                status_of(&order)?.label()
            )));
        }
        let to = if last {
            let (_, result) = self.replayed_order(&txn, &order, today).await?;
            let o = owed(&result);
            order_money_fact::ActiveModel {
                order_id: Set(order.id),
                kind: Set(WRITE_OFF.to_owned()),
                item_seq: Set(None),
                component: Set(None),
                amount_fen: Set(Some(o.total_fen)),
                value_date: Set(today),
                ref_type: Set(ORDER_WRITE_OFF.to_owned()),
                ref_id: Set(row.id),
                created_at: Set(now),
                created_by: Set(Some(me.user_id)),
                ..Default::default()
            }
            .insert(&txn)
            .await?;
            set.push((
                write_off::Column::PrincipalFen,
                Expr::value(o.principal_fen),
            ));
            set.push((write_off::Column::InterestFen, Expr::value(o.interest_fen)));
            set.push((write_off::Column::FeeFen, Expr::value(o.fee_fen)));
            set.push((write_off::Column::PenaltyFen, Expr::value(o.penalty_fen)));
            set.push((write_off::Column::TotalFen, Expr::value(o.total_fen)));
            set.push((write_off::Column::ClaimFen, Expr::value(o.claim_fen)));
            set.push((write_off::Column::ExecutedOn, Expr::value(Some(today))));
            order_transition::apply(
                &txn,
                &by,
                now,
                today,
                &order,
                Event::to_target(
                    OrderEvent::WriteOff,
                    OrderStatus::Overdue,
                    OrderStatus::WrittenOff,
                )?
                .maker(row.created_by)
                .amount(o.total_fen)
                .reference("write_off", row.id)
                .comment(format!("核销申请 {}", row.write_off_no)),
            )
            .await?;
            WriteOffStatus::Executed
        } else {
            WriteOffStatus::PendingSecond
        };
        set.push((write_off::Column::UpdatedAt, Expr::value(now)));
        set.push((write_off::Column::UpdatedBy, Expr::value(Some(me.user_id))));
        record_transition::apply::<write_off::Entity, _, _>(
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
                action: "write_off.approve",
                detail: serde_json::json!({
                    "writeOffNo": row.write_off_no,
                    "orderNo": order.order_no,
                    "totalFen": row.total_fen,
                    "level": if first_level { 1 } else { 2 },
                }),
            }),
        )
        .await?;
        if to == WriteOffStatus::Executed {
            // The replay writes everything off; the journal E10 follows; the provider's credit
            // is free again.
            sync_order(&txn, &who, now, order.id, today).await?;
            move_credit_back(&txn, &order, now, true).await?;
        }
        let row = write_off::Entity::find_by_id(write_off_id)
            .one(&txn)
            .await?
            .ok_or_else(not_found)?;
        txn.commit().await?;
        Ok(row)
    }

    /// 驳回 (an approver) or 撤回 (the maker) an application not yet executed.
    pub async fn reject_write_off(
        &self,
        me: &Principal,
        client: &ClientInfo,
        write_off_id: i64,
        reason: &str,
        withdraw: bool,
    ) -> Result<()> {
        me.require(ORDER_PLAN_WRITE_OFF)?;
        let reason = closing_reason(reason, withdraw)?;
        let now = self.clock.now();
        let by = By::user(me, client);
        let txn = store::begin_write(&self.db).await?;
        let row = write_off::Entity::find_by_id(write_off_id)
            .one(&txn)
            .await?
            .ok_or_else(not_found)?;
        let from = WriteOffStatus::parse(&row.status).ok_or_else(not_found)?;
        let to = if withdraw {
            WriteOffStatus::Withdrawn
        } else {
            WriteOffStatus::Rejected
        };
        check_closer("核销申请", row.created_by, me.user_id, withdraw)?;
        if from.check(to).is_err() {
            return Err(Error::Conflict(format!(
                "该核销申请{}，不能{}",
                from.label(),
                if withdraw { "撤回" } else { "驳回" }
            )));
        }
        record_transition::apply::<write_off::Entity, _, _>(
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
                (write_off::Column::RejectReason, Expr::value(reason.clone())),
                (write_off::Column::UpdatedAt, Expr::value(now)),
                (write_off::Column::UpdatedBy, Expr::value(Some(me.user_id))),
            ],
            Some(Logged {
                action: if withdraw {
                    "write_off.withdraw"
                } else {
                    "write_off.reject"
                },
                detail: serde_json::json!({ "writeOffNo": row.write_off_no, "reason": reason }),
            }),
        )
        .await?;
        txn.commit().await?;
        Ok(())
    }

    /// The order's write-off applications, newest first (the order page).
    pub async fn order_write_offs(
        &self,
        me: &Principal,
        order_id: i64,
    ) -> Result<Vec<write_off::Model>> {
        if me.require(ORDER_PLAN_WRITE_OFF).is_err() {
            me.require(ORDER_INFO_TABLE)?;
        }
        Ok(write_off::Entity::find()
            .filter(write_off::Column::OrderId.eq(order_id))
            .order_by_desc(write_off::Column::Id)
            .all(&self.db)
            .await?)
    }
}
