//! 追偿申请 (recoveryApplication, docs/recoveries.md): what the platform does with its claim on the
//! instalments it advanced (代偿, [`super::advance`]) when the customer does not pay it back.
//!
//! An application names the order, the method and a reason; the claim is what the platform still
//! claims on the order's advanced instalments that day. Its maker cannot approve it; a write-off
//! above the order rules' write-off threshold needs a second approver (neither the maker nor the
//! first approver).
//!
//! - **委外催收 / 诉讼** (COLLECTION_AGENCY, LITIGATION): approval hands the claim to the agency or
//!   the court (APPROVED, 追偿中). What they collect comes in as repayments (source third party or
//!   customer) that recover the advance like any other (E7); closing the case records the result,
//!   what those repayments recovered since the approval and the cost (P Dr EXPENSE_COLLECTION /
//!   Cr BANK) — EXECUTED.
//! - **核销** (WRITE_OFF): the last approval brings the order up to today, checks there is still a
//!   claim, and writes off each advanced instalment with a claim (a WRITE_OFF money fact per
//!   instalment, dated today); the replay writes off what is outstanding on it and the sync posts
//!   E10 ([`super::write_off_facts`]) — EXECUTED in the same transaction.

use super::approval::{check_approver, check_closer, closing_reason};
use super::repayment::{RUNNING, SyncBy, sync_order};
use super::transition::status_of;
use super::write_off_facts::{RECOVERY, WRITE_OFF};
use super::yuan;
use crate::ledger::{NewJournal, post_journal};
use crate::paging::{self, Page, PageRequest};
use crate::principal::{ClientInfo, Principal};
use crate::transition::{self as record_transition, By, Change, Logged};
use crate::{Beehive, Error, Result};
use chrono::NaiveDate;
use domain::ledger::{Counterparty, Event as LedgerEvent};
use domain::money::Fen;
use domain::money::replay::ReplayResult;
use domain::permission::codes::{
    ORDER_PLAN_RECOVER_APPROVE, ORDER_PLAN_RECOVER_CREATE, ORDER_PLAN_RECOVER_TABLE,
};
use domain::status::{RecoveryStatus, RepaymentStatus, Status};
use std::collections::{BTreeMap, HashMap};
use store::entity::{capital_provider, customer, order_money_fact, orders, recovery, repayment};
use store::sea_orm::sea_query::Expr;
use store::sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, Order, PaginatorTrait,
    QueryFilter, Set,
};

/// How the claim is pursued.
pub const METHODS: &[(&str, &str)] = &[
    ("COLLECTION_AGENCY", "委外催收"),
    ("LITIGATION", "诉讼"),
    ("WRITE_OFF", "核销"),
];
const METHOD_WRITE_OFF: &str = "WRITE_OFF";

/// Applications still open: one per order at a time.
const OPEN: [RecoveryStatus; 3] = [
    RecoveryStatus::PendingApproval,
    RecoveryStatus::PendingSecond,
    RecoveryStatus::Approved,
];

const SORTS: &[(&str, recovery::Column)] = &[
    ("id", recovery::Column::Id),
    ("createdAt", recovery::Column::CreatedAt),
    ("claimFen", recovery::Column::ClaimFen),
];

fn not_found() -> Error {
    Error::NotFound("追偿申请不存在".to_owned())
}

/// What an application asks for.
#[derive(Debug, Clone)]
pub struct RecoveryInput {
    pub method: String,
    /// The collection agency or the court (agency, litigation).
    pub agency: String,
    pub reason: String,
}

/// How an agency or litigation case ended.
#[derive(Debug, Clone)]
pub struct RecoveryClose {
    pub result: String,
    pub cost_fen: i64,
}

/// An advanced instalment with what the platform still claims on it.
#[derive(Debug, Clone)]
pub struct ClaimItem {
    pub seq: u32,
    pub due_date: NaiveDate,
    pub advanced_on: Option<NaiveDate>,
    pub advanced_fen: i64,
    pub recovered_fen: i64,
    pub claim_fen: i64,
    /// What the customer owes on it in all (with penalty).
    pub outstanding_fen: i64,
    pub days_past_due: u32,
}

/// The application form's data for an order.
#[derive(Debug, Clone)]
pub struct Recoverable {
    pub order_no: String,
    pub customer_name: String,
    pub business_date: NaiveDate,
    pub items: Vec<ClaimItem>,
    pub claim_fen: i64,
    /// A write-off above this claim needs a second approval.
    pub second_approval_fen: i64,
    /// The order's application still open, if any.
    pub open_no: Option<String>,
}

/// A row of 追偿申请.
#[derive(Debug, Clone)]
pub struct RecoveryRow {
    pub recovery: recovery::Model,
    pub order_no: String,
    pub customer_name: String,
    pub capital_provider_name: String,
    pub order_status: String,
    /// Recovered by repayments since approval (live while the case is open, fixed at its close).
    pub recovered_fen: i64,
}

impl RecoveryRow {
    /// The application alone (the answer of a command; the list adds the order's names).
    pub fn bare(recovery: recovery::Model) -> Self {
        RecoveryRow {
            order_no: String::new(),
            customer_name: String::new(),
            capital_provider_name: String::new(),
            order_status: String::new(),
            recovered_fen: recovery.recovered_fen,
            recovery,
        }
    }
}

#[derive(Debug, Clone, Default)]
pub struct RecoveryFilter {
    pub status: Option<String>,
    pub method: Option<String>,
    pub order_no: Option<String>,
    pub order_id: Option<i64>,
}

/// The advanced instalments still claimed, in the replay's result.
fn claims(result: &ReplayResult) -> Vec<ClaimItem> {
    result
        .items
        .iter()
        .filter_map(|it| {
            let claim = it.advance_claim().ok()?.get();
            (claim > 0).then(|| ClaimItem {
                seq: it.seq,
                due_date: it.due_date,
                advanced_on: it.advanced_on,
                advanced_fen: it.advanced_fen.get(),
                recovered_fen: it.recovered_fen.get(),
                claim_fen: claim,
                outstanding_fen: it.outstanding().map_or(0, Fen::get),
                days_past_due: it.overdue_days,
            })
        })
        .collect()
}

fn method_label(code: &str) -> &'static str {
    METHODS
        .iter()
        .find(|(c, _)| *c == code)
        .map_or("追偿", |(_, l)| l)
}

/// What the order's confirmed repayments valued on or after `from` recovered of the advance.
async fn recovered_since<C: ConnectionTrait>(
    conn: &C,
    order_id: i64,
    from: NaiveDate,
) -> Result<i64> {
    Ok(repayment::Entity::find()
        .filter(repayment::Column::OrderId.eq(order_id))
        .filter(repayment::Column::Status.eq(RepaymentStatus::Confirmed.code()))
        .filter(repayment::Column::ValueDate.gte(from))
        .all(conn)
        .await?
        .iter()
        .map(|r| r.recovered_principal_fen + r.recovered_interest_fen)
        .sum())
}

impl Beehive {
    async fn recoverable_order<C: ConnectionTrait>(
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
                "当前状态不能追偿（当前状态：{}）",
                status.label()
            )));
        }
        Ok(order)
    }

    async fn open_recovery<C: ConnectionTrait>(
        &self,
        conn: &C,
        order_id: i64,
    ) -> Result<Option<recovery::Model>> {
        Ok(recovery::Entity::find()
            .filter(recovery::Column::OrderId.eq(order_id))
            .filter(recovery::Column::Status.is_in(OPEN.map(|s| s.code())))
            .one(conn)
            .await?)
    }

    /// The order as an application sees it today: the advanced instalments still claimed.
    pub async fn recoverable(&self, me: &Principal, order_id: i64) -> Result<Recoverable> {
        me.require(ORDER_PLAN_RECOVER_CREATE)?;
        let today = self.business_date().await?;
        let order = self.recoverable_order(&self.db, order_id).await?;
        let (_, result) = self.replayed_order(&self.db, &order, today).await?;
        let rules = self.current_order_rules().await?;
        let items = claims(&result);
        let customer_name = customer::Entity::find_by_id(order.customer_id)
            .one(&self.db)
            .await?
            .map(|c| c.name)
            .unwrap_or_default();
        Ok(Recoverable {
            order_no: order.order_no.clone(),
            customer_name,
            business_date: today,
            claim_fen: items.iter().map(|i| i.claim_fen).sum(),
            items,
            second_approval_fen: rules.write_off_second_approval_fen,
            open_no: self
                .open_recovery(&self.db, order.id)
                .await?
                .map(|r| r.recovery_no),
        })
    }

    /// 申请追偿: PENDING_APPROVAL, with the claim of today.
    pub async fn create_recovery(
        &self,
        me: &Principal,
        client: &ClientInfo,
        order_id: i64,
        input: RecoveryInput,
    ) -> Result<recovery::Model> {
        me.require(ORDER_PLAN_RECOVER_CREATE)?;
        let now = self.clock.now();
        let today = self.business_date().await?;
        let by = By::user(me, client);
        let rules = self.current_order_rules().await?;
        let mut fields = BTreeMap::new();
        if !METHODS.iter().any(|(c, _)| *c == input.method) {
            fields.insert(
                "method".to_owned(),
                "追偿方式须为委外催收、诉讼或核销".to_owned(),
            );
        }
        let agency = input.agency.trim();
        if input.method != METHOD_WRITE_OFF && fields.is_empty() {
            if agency.is_empty() {
                fields.insert(
                    "agency".to_owned(),
                    if input.method == "LITIGATION" {
                        "请填写受理法院".to_owned()
                    } else {
                        "请填写催收机构".to_owned()
                    },
                );
            } else if agency.chars().count() > 100 || agency.chars().any(char::is_control) {
                fields.insert("agency".to_owned(), "机构名称不超过 100 个字符".to_owned());
            }
        }
        let reason = input.reason.trim();
        if reason.is_empty() {
            fields.insert("reason".to_owned(), "请填写追偿原因".to_owned());
        } else if reason.chars().count() > 500 {
            fields.insert("reason".to_owned(), "追偿原因不超过 500 个字符".to_owned());
        }
        if let Some(message) = fields.values().next().cloned() {
            return Err(Error::Invalid { message, fields });
        }
        let txn = store::begin_write(&self.db).await?;
        let order = self.recoverable_order(&txn, order_id).await?;
        if let Some(open) = self.open_recovery(&txn, order.id).await? {
            return Err(Error::Conflict(format!(
                "该订单已有进行中的追偿申请 {}（{}）",
                open.recovery_no,
                RecoveryStatus::parse(&open.status).map_or("", |s| s.label())
            )));
        }
        let (_, result) = self.replayed_order(&txn, &order, today).await?;
        let claim: i64 = claims(&result).iter().map(|i| i.claim_fen).sum();
        if claim <= 0 {
            return Err(Error::Conflict(
                "该订单没有待追偿的代偿款（平台未代偿或已全部收回）".to_owned(),
            ));
        }
        let levels =
            if input.method == METHOD_WRITE_OFF && claim > rules.write_off_second_approval_fen {
                2
            } else {
                1
            };
        let count = recovery::Entity::find().count(&txn).await? + 1;
        let recovery_no = format!("ZC{}{:05}", today.format("%Y%m%d"), count);
        let row = recovery::ActiveModel {
            recovery_no: Set(recovery_no.clone()),
            order_id: Set(order.id),
            method: Set(input.method.clone()),
            agency: Set(if input.method == METHOD_WRITE_OFF {
                String::new()
            } else {
                agency.to_owned()
            }),
            claim_fen: Set(claim),
            reason: Set(reason.to_owned()),
            levels: Set(levels),
            status: Set(RecoveryStatus::PendingApproval.code().to_owned()),
            created_by_name: Set(me.name.clone()),
            first_by: Set(None),
            first_by_name: Set(String::new()),
            first_at: Set(None),
            second_by: Set(None),
            second_by_name: Set(String::new()),
            second_at: Set(None),
            approved_on: Set(None),
            reject_reason: Set(String::new()),
            executed_on: Set(None),
            executed_by_name: Set(String::new()),
            result: Set(String::new()),
            recovered_fen: Set(0),
            cost_fen: Set(0),
            cost_journal_id: Set(None),
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
                "该订单刚有另一份追偿申请提交（或编号冲突），请刷新后重试",
            )
        })?;
        crate::audit::record(
            &txn,
            crate::audit::Entry {
                actor: &by.actor,
                action: "recovery.create",
                target_type: "recovery",
                target_id: Some(row.id.to_string()),
                success: true,
                detail: serde_json::json!({
                    "recoveryNo": recovery_no,
                    "orderNo": order.order_no,
                    "method": row.method,
                    "claimFen": claim,
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

    /// 审批通过: the first level, or the last one (agency, litigation: APPROVED; write-off: the
    /// claim written off now, EXECUTED).
    pub async fn approve_recovery(
        &self,
        me: &Principal,
        client: &ClientInfo,
        recovery_id: i64,
    ) -> Result<recovery::Model> {
        me.require(ORDER_PLAN_RECOVER_APPROVE)?;
        let now = self.clock.now();
        let today = self.business_date().await?;
        let by = By::user(me, client);
        let txn = store::begin_write(&self.db).await?;
        let row = recovery::Entity::find_by_id(recovery_id)
            .one(&txn)
            .await?
            .ok_or_else(not_found)?;
        let from = RecoveryStatus::parse(&row.status).ok_or_else(not_found)?;
        if !matches!(
            from,
            RecoveryStatus::PendingApproval | RecoveryStatus::PendingSecond
        ) {
            return Err(Error::Conflict(format!(
                "该追偿申请{}，不能审批",
                from.label()
            )));
        }
        check_approver(
            "追偿申请",
            row.created_by,
            row.first_by,
            from == RecoveryStatus::PendingSecond,
            me.user_id,
        )?;
        let order = self.recoverable_order(&txn, row.order_id).await?;
        let first_level = from == RecoveryStatus::PendingApproval;
        let last = !first_level || row.levels <= 1;
        let who = SyncBy::user(&by, me.user_id);
        let mut set = Vec::new();
        if first_level {
            set.push((recovery::Column::FirstBy, Expr::value(Some(me.user_id))));
            set.push((recovery::Column::FirstByName, Expr::value(me.name.clone())));
            set.push((recovery::Column::FirstAt, Expr::value(Some(now))));
        } else {
            set.push((recovery::Column::SecondBy, Expr::value(Some(me.user_id))));
            set.push((recovery::Column::SecondByName, Expr::value(me.name.clone())));
            set.push((recovery::Column::SecondAt, Expr::value(Some(now))));
        }
        let write_off = row.method == METHOD_WRITE_OFF;
        let to = if !last {
            RecoveryStatus::PendingSecond
        } else if write_off {
            // The order as of today (penalties, advances and repayments to date), then what is
            // still claimed: the repayments since the application may have recovered it all.
            sync_order(&txn, &who, now, order.id, today).await?;
            let order = self.recoverable_order(&txn, row.order_id).await?;
            let (_, result) = self.replayed_order(&txn, &order, today).await?;
            let items = claims(&result);
            if items.is_empty() {
                return Err(Error::Conflict(
                    "代偿款已全部收回，无需核销，请驳回该申请".to_owned(),
                ));
            }
            for item in &items {
                order_money_fact::ActiveModel {
                    order_id: Set(order.id),
                    kind: Set(WRITE_OFF.to_owned()),
                    item_seq: Set(Some(i32::try_from(item.seq).unwrap_or(i32::MAX))),
                    component: Set(None),
                    amount_fen: Set(Some(item.claim_fen)),
                    value_date: Set(today),
                    ref_type: Set(RECOVERY.to_owned()),
                    ref_id: Set(row.id),
                    created_at: Set(now),
                    created_by: Set(Some(me.user_id)),
                    ..Default::default()
                }
                .insert(&txn)
                .await?;
            }
            set.push((recovery::Column::ApprovedOn, Expr::value(Some(today))));
            set.push((recovery::Column::ExecutedOn, Expr::value(Some(today))));
            set.push((
                recovery::Column::ExecutedByName,
                Expr::value(me.name.clone()),
            ));
            RecoveryStatus::Executed
        } else {
            set.push((recovery::Column::ApprovedOn, Expr::value(Some(today))));
            RecoveryStatus::Approved
        };
        set.push((recovery::Column::UpdatedAt, Expr::value(now)));
        set.push((recovery::Column::UpdatedBy, Expr::value(Some(me.user_id))));
        record_transition::apply::<recovery::Entity, _, _>(
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
                action: "recovery.approve",
                detail: serde_json::json!({
                    "recoveryNo": row.recovery_no,
                    "orderNo": order.order_no,
                    "method": row.method,
                    "claimFen": row.claim_fen,
                    "level": if first_level { 1 } else { 2 },
                }),
            }),
        )
        .await?;
        if to == RecoveryStatus::Executed {
            // The write-off now counts: the replay applies it and the journal (E10) follows.
            sync_order(&txn, &who, now, order.id, today).await?;
        }
        let row = recovery::Entity::find_by_id(recovery_id)
            .one(&txn)
            .await?
            .ok_or_else(not_found)?;
        txn.commit().await?;
        Ok(row)
    }

    /// 结案: an agency or litigation case closed with its result and cost (EXECUTED).
    pub async fn close_recovery(
        &self,
        me: &Principal,
        client: &ClientInfo,
        recovery_id: i64,
        input: RecoveryClose,
    ) -> Result<recovery::Model> {
        me.require(ORDER_PLAN_RECOVER_CREATE)?;
        let mut fields = BTreeMap::new();
        let result = input.result.trim();
        if result.is_empty() {
            fields.insert("result".to_owned(), "请填写追偿结果".to_owned());
        } else if result.chars().count() > 500 {
            fields.insert("result".to_owned(), "追偿结果不超过 500 个字符".to_owned());
        }
        if input.cost_fen < 0 {
            fields.insert("costFen".to_owned(), "追偿费用不能为负".to_owned());
        } else if input.cost_fen > 100_000_000_000 {
            fields.insert("costFen".to_owned(), "追偿费用过大".to_owned());
        }
        if let Some(message) = fields.values().next().cloned() {
            return Err(Error::Invalid { message, fields });
        }
        let now = self.clock.now();
        let today = self.business_date().await?;
        let by = By::user(me, client);
        let txn = store::begin_write(&self.db).await?;
        let row = recovery::Entity::find_by_id(recovery_id)
            .one(&txn)
            .await?
            .ok_or_else(not_found)?;
        let from = RecoveryStatus::parse(&row.status).ok_or_else(not_found)?;
        if from != RecoveryStatus::Approved {
            return Err(Error::Conflict(format!(
                "该追偿申请{}，不能结案",
                from.label()
            )));
        }
        let order = orders::Entity::find_by_id(row.order_id)
            .one(&txn)
            .await?
            .ok_or_else(|| Error::NotFound("订单不存在".to_owned()))?;
        if status_of(&order).is_ok_and(|s| RUNNING.contains(&s)) {
            // Penalties, advances and the repayments' recovery split up to today.
            sync_order(&txn, &SyncBy::user(&by, me.user_id), now, order.id, today).await?;
        }
        let recovered = match row.approved_on {
            Some(from) => recovered_since(&txn, order.id, from).await?,
            None => 0,
        };
        let cost_journal = if input.cost_fen > 0 {
            Some(
                post_journal(
                    &txn,
                    now,
                    &NewJournal {
                        event: LedgerEvent::Recovery,
                        order_id: Some(order.id),
                        business_date: today,
                        idempotency_key: format!("recovery:{}:cost", row.id),
                        counterparty: Counterparty::Platform,
                        created_by: Some(me.user_id),
                        description: format!(
                            "{}费用 {} {}（{}）{} 元",
                            method_label(&row.method),
                            row.recovery_no,
                            order.order_no,
                            row.agency,
                            yuan(input.cost_fen)
                        ),
                        lines: domain::ledger::collection_cost(Fen(input.cost_fen)),
                    },
                )
                .await?,
            )
        } else {
            None
        };
        record_transition::apply::<recovery::Entity, _, _>(
            &txn,
            &by,
            now,
            Change {
                id: row.id,
                from,
                to: RecoveryStatus::Executed,
                version: row.version,
                event: "close",
                reason: "",
            },
            vec![
                (recovery::Column::Result, Expr::value(result.to_owned())),
                (recovery::Column::CostFen, Expr::value(input.cost_fen)),
                (recovery::Column::CostJournalId, Expr::value(cost_journal)),
                (recovery::Column::RecoveredFen, Expr::value(recovered)),
                (recovery::Column::ExecutedOn, Expr::value(Some(today))),
                (
                    recovery::Column::ExecutedByName,
                    Expr::value(me.name.clone()),
                ),
                (recovery::Column::UpdatedAt, Expr::value(now)),
                (recovery::Column::UpdatedBy, Expr::value(Some(me.user_id))),
            ],
            Some(Logged {
                action: "recovery.close",
                detail: serde_json::json!({
                    "recoveryNo": row.recovery_no,
                    "orderNo": order.order_no,
                    "recoveredFen": recovered,
                    "costFen": input.cost_fen,
                }),
            }),
        )
        .await?;
        let row = recovery::Entity::find_by_id(recovery_id)
            .one(&txn)
            .await?
            .ok_or_else(not_found)?;
        txn.commit().await?;
        Ok(row)
    }

    /// 驳回 (an approver) or 撤回 (the maker) an application not yet approved.
    pub async fn reject_recovery(
        &self,
        me: &Principal,
        client: &ClientInfo,
        recovery_id: i64,
        reason: &str,
        withdraw: bool,
    ) -> Result<()> {
        me.require(if withdraw {
            ORDER_PLAN_RECOVER_CREATE
        } else {
            ORDER_PLAN_RECOVER_APPROVE
        })?;
        let reason = closing_reason(reason, withdraw)?;
        let now = self.clock.now();
        let by = By::user(me, client);
        let txn = store::begin_write(&self.db).await?;
        let row = recovery::Entity::find_by_id(recovery_id)
            .one(&txn)
            .await?
            .ok_or_else(not_found)?;
        let from = RecoveryStatus::parse(&row.status).ok_or_else(not_found)?;
        let to = if withdraw {
            RecoveryStatus::Cancelled
        } else {
            RecoveryStatus::Rejected
        };
        check_closer("追偿申请", row.created_by, me.user_id, withdraw)?;
        if from.check(to).is_err() {
            return Err(Error::Conflict(format!(
                "该追偿申请{}，不能{}",
                from.label(),
                if withdraw { "撤回" } else { "驳回" }
            )));
        }
        record_transition::apply::<recovery::Entity, _, _>(
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
                (recovery::Column::RejectReason, Expr::value(reason.clone())),
                (recovery::Column::UpdatedAt, Expr::value(now)),
                (recovery::Column::UpdatedBy, Expr::value(Some(me.user_id))),
            ],
            Some(Logged {
                action: if withdraw {
                    "recovery.withdraw"
                } else {
                    "recovery.reject"
                },
                detail: serde_json::json!({ "recoveryNo": row.recovery_no, "reason": reason }),
            }),
        )
        .await?;
        txn.commit().await?;
        Ok(())
    }

    /// 追偿申请 list, newest first.
    pub async fn recovery_page(
        &self,
        me: &Principal,
        request: &PageRequest,
        filter: &RecoveryFilter,
    ) -> Result<Page<RecoveryRow>> {
        me.require(ORDER_PLAN_RECOVER_TABLE)?;
        let paging = request.check(SORTS, (recovery::Column::Id, Order::Desc))?;
        let mut query = recovery::Entity::find();
        if let Some(status) = paging::text("status", filter.status.as_deref())? {
            if RecoveryStatus::parse(status).is_none() {
                return Err(Error::invalid("status", "未知的追偿状态"));
            }
            query = query.filter(recovery::Column::Status.eq(status));
        }
        if let Some(method) = paging::text("method", filter.method.as_deref())? {
            if !METHODS.iter().any(|(c, _)| *c == method) {
                return Err(Error::invalid("method", "未知的追偿方式"));
            }
            query = query.filter(recovery::Column::Method.eq(method));
        }
        if let Some(id) = filter.order_id {
            query = query.filter(recovery::Column::OrderId.eq(id));
        }
        if let Some(no) = paging::text("orderNo", filter.order_no.as_deref())? {
            query = query.filter(
                recovery::Column::OrderId.in_subquery(
                    store::sea_orm::sea_query::Query::select()
                        .column(orders::Column::Id)
                        .from(orders::Entity)
                        .and_where(paging::contains(orders::Column::OrderNo, no))
                        .to_owned(),
                ),
            );
        }
        let query = paging.order(query, recovery::Column::Id);
        let (records, total) = paging.fetch(&self.db, query).await?;
        let order_rows: HashMap<i64, orders::Model> = orders::Entity::find()
            .filter(orders::Column::Id.is_in(records.iter().map(|r| r.order_id)))
            .all(&self.db)
            .await?
            .into_iter()
            .map(|o| (o.id, o))
            .collect();
        let customers: HashMap<i64, String> = customer::Entity::find()
            .filter(customer::Column::Id.is_in(order_rows.values().map(|o| o.customer_id)))
            .all(&self.db)
            .await?
            .into_iter()
            .map(|c| (c.id, c.name))
            .collect();
        let providers: HashMap<i64, String> = capital_provider::Entity::find()
            .filter(
                capital_provider::Column::Id
                    .is_in(order_rows.values().filter_map(|o| o.capital_provider_id)),
            )
            .all(&self.db)
            .await?
            .into_iter()
            .map(|p| (p.id, p.name))
            .collect();
        let mut rows = Vec::new();
        for r in records {
            let order = order_rows.get(&r.order_id);
            let recovered = match (RecoveryStatus::parse(&r.status), r.approved_on) {
                (Some(RecoveryStatus::Approved), Some(from)) => {
                    recovered_since(&self.db, r.order_id, from).await?
                }
                _ => r.recovered_fen,
            };
            rows.push(RecoveryRow {
                order_no: order.map(|o| o.order_no.clone()).unwrap_or_default(),
                customer_name: order
                    .and_then(|o| customers.get(&o.customer_id).cloned())
                    .unwrap_or_default(),
                capital_provider_name: order
                    .and_then(|o| o.capital_provider_id)
                    .and_then(|id| providers.get(&id).cloned())
                    .unwrap_or_default(),
                order_status: order.map(|o| o.status.clone()).unwrap_or_default(),
                recovered_fen: recovered,
                recovery: r,
            });
        }
        Ok(paging.page_of(rows, total))
    }
}
