//! 保费管理 (companyRepayment/premiumManagement) and 放款管理 (loanConfirmation).
//!
//! A premium payment application batches orders awaiting disbursement per (capital provider,
//! insurer, payee account): DRAFT → SUBMITTED (sent to the provider) → CP_APPROVED (the
//! provider's approval recorded) → PAID. Each order is one line, unique per order while LIVE or
//! PAID (a partial unique index), so no order is paid twice. A line paid — the whole
//! application with one bank serial number, or one order from 放款管理 — disburses its order:
//! journal E3 (the provider's loan principal against its bank), the plan ACTIVE, the credit
//! reserved → used, the allocation FUNDED, T18, all in one transaction. 冲正 (T19) mirrors the
//! journal and puts everything back; the line is REVERSED, so the order can be paid again.

use super::down_payment::main_insurer;
use super::plan;
use super::transition::{self as order_transition, Event, status_of};
use crate::ledger::{NewJournal, Reversal, post_journal, reverse_journal};
use crate::paging::{self, Page, PageRequest};

use crate::principal::{ClientInfo, Principal};
use crate::transition::{self as record_transition, By, Change, Logged};
use crate::{Beehive, Error, Result};
use chrono::{DateTime, NaiveDate, Utc};
use domain::ledger::{Counterparty, Event as LedgerEvent, OrderRef};
use domain::money::Fen;
use domain::order::{OrderEvent, OrderStatus};
use domain::permission::codes::{
    ORDER_INFO_DISBURSE, ORDER_INFO_DISBURSE_REVERSE, ORDER_PREMIUM_CREATE, ORDER_PREMIUM_PAY,
    ORDER_PREMIUM_TABLE,
};
use domain::status::{PremiumLineStatus, PremiumStatus, Status};
use std::collections::{BTreeMap, HashMap};
use store::entity::{
    allocation, capital_provider, customer, disbursement, insurer, insurer_account, orders,
    premium_payment, premium_payment_line, vehicle,
};
use store::sea_orm::sea_query::{Expr, ExprTrait};
use store::sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, Order, PaginatorTrait,
    QueryFilter, QueryOrder, Set,
};

/// A group of orders that can go on one application.
#[derive(Debug, Clone)]
pub struct CandidateGroup {
    pub capital_provider_id: i64,
    pub capital_provider_name: String,
    pub insurer_id: i64,
    pub insurer_name: String,
    pub orders: Vec<CandidateOrder>,
    pub total_fen: i64,
}

#[derive(Debug, Clone)]
pub struct CandidateOrder {
    pub id: i64,
    pub order_no: String,
    pub customer_name: String,
    pub plate_no: String,
    pub financed_fen: i64,
}

/// An application with the names its list shows.
#[derive(Debug, Clone)]
pub struct PremiumRow {
    pub application: premium_payment::Model,
    pub capital_provider_name: String,
    pub insurer_name: String,
    pub payee: Option<insurer_account::Model>,
}

/// A line with its order.
#[derive(Debug, Clone)]
pub struct PremiumLine {
    pub line: premium_payment_line::Model,
    pub order_no: String,
    pub customer_name: String,
    pub plate_no: String,
}

#[derive(Debug, Clone, Default)]
pub struct PremiumFilter {
    pub status: Option<String>,
    pub capital_provider_id: Option<i64>,
    pub insurer_id: Option<i64>,
    pub application_no: Option<String>,
}

#[derive(Debug, Clone)]
pub struct NewPremiumPayment {
    pub capital_provider_id: i64,
    pub insurer_id: i64,
    pub payee_account_id: i64,
    pub order_ids: Vec<i64>,
    pub remark: String,
}

/// What paying records.
#[derive(Debug, Clone)]
pub struct Payment {
    pub bank_serial_no: String,
    pub value_date: NaiveDate,
    /// The payment slip (image or PDF).
    pub voucher: Option<crate::files::NewFile>,
}

const SORTS: &[(&str, premium_payment::Column)] = &[
    ("id", premium_payment::Column::Id),
    ("createdAt", premium_payment::Column::CreatedAt),
    ("totalFen", premium_payment::Column::TotalFen),
];

fn not_found() -> Error {
    Error::NotFound("保费支付申请不存在".to_owned())
}

fn check_serial(field: &str, serial: &str) -> Result<String> {
    let s = serial.trim();
    if s.is_empty() {
        return Err(Error::invalid(field, "请填写银行流水号"));
    }
    if s.chars().count() > 64 || s.chars().any(|c| c.is_control() || c.is_whitespace()) {
        return Err(Error::invalid(
            field,
            "银行流水号不超过 64 个字符，且不能含空格",
        ));
    }
    Ok(s.to_owned())
}

/// Moves reserved credit to used (disbursement) or back (its reversal).
async fn move_credit(
    conn: &impl ConnectionTrait,
    provider_id: i64,
    fen: i64,
    to_used: bool,
) -> Result<()> {
    let (from, to) = if to_used {
        (
            capital_provider::Column::CreditReservedFen,
            capital_provider::Column::CreditUsedFen,
        )
    } else {
        (
            capital_provider::Column::CreditUsedFen,
            capital_provider::Column::CreditReservedFen,
        )
    };
    let changed = capital_provider::Entity::update_many()
        .col_expr(from, Expr::col(from).sub(fen))
        .col_expr(to, Expr::col(to).add(fen))
        .filter(capital_provider::Column::Id.eq(provider_id))
        .filter(from.gte(fen))
        .exec(conn)
        .await?
        .rows_affected;
    if changed != 1 {
        return Err(Error::internal(anyhow::anyhow!(
            "provider {provider_id} holds less credit than {fen} to move"
        )));
    }
    Ok(())
}

/// Sets the order's live allocation from `from` to `to` (ACTIVE ↔ FUNDED).
async fn set_allocation(
    conn: &impl ConnectionTrait,
    order_id: i64,
    from: &str,
    to: &str,
    now: DateTime<Utc>,
) -> Result<()> {
    allocation::Entity::update_many()
        .col_expr(allocation::Column::Status, Expr::value(to))
        .col_expr(allocation::Column::UpdatedAt, Expr::value(now))
        .col_expr(
            allocation::Column::Version,
            Expr::col(allocation::Column::Version).add(1),
        )
        .filter(allocation::Column::OrderId.eq(order_id))
        .filter(allocation::Column::Status.eq(from))
        .exec(conn)
        .await?;
    Ok(())
}

impl Beehive {
    /// Orders awaiting disbursement that are on no live line, grouped by provider and insurer.
    pub async fn premium_candidates(
        &self,
        me: &Principal,
        capital_provider_id: Option<i64>,
        insurer_id: Option<i64>,
    ) -> Result<Vec<CandidateGroup>> {
        me.require(ORDER_PREMIUM_TABLE)?;
        let mut query = orders::Entity::find()
            .filter(orders::Column::Status.eq(OrderStatus::PendingDisbursement.code()));
        if let Some(cp) = capital_provider_id {
            query = query.filter(orders::Column::CapitalProviderId.eq(cp));
        }
        let rows = query.order_by_asc(orders::Column::Id).all(&self.db).await?;
        let on_lines: Vec<i64> = premium_payment_line::Entity::find()
            .filter(premium_payment_line::Column::Status.is_in([
                PremiumLineStatus::Live.code(),
                PremiumLineStatus::Paid.code(),
            ]))
            .all(&self.db)
            .await?
            .into_iter()
            .map(|l| l.order_id)
            .collect();
        let mut groups: BTreeMap<(i64, i64), CandidateGroup> = BTreeMap::new();
        let names = self.names(&rows).await?;
        for order in rows.iter().filter(|o| !on_lines.contains(&o.id)) {
            let Some(cp) = order.capital_provider_id else {
                continue;
            };
            let ins = main_insurer(&self.db, order.id).await?;
            if insurer_id.is_some_and(|i| i != ins) {
                continue;
            }
            let group = groups.entry((cp, ins)).or_insert_with(|| CandidateGroup {
                capital_provider_id: cp,
                capital_provider_name: names.providers.get(&cp).cloned().unwrap_or_default(),
                insurer_id: ins,
                insurer_name: String::new(),
                orders: Vec::new(),
                total_fen: 0,
            });
            group.total_fen += order.financed_fen;
            group.orders.push(CandidateOrder {
                id: order.id,
                order_no: order.order_no.clone(),
                customer_name: names
                    .customers
                    .get(&order.customer_id)
                    .cloned()
                    .unwrap_or_default(),
                plate_no: names
                    .plates
                    .get(&order.vehicle_id)
                    .cloned()
                    .unwrap_or_default(),
                financed_fen: order.financed_fen,
            });
        }
        let insurers: HashMap<i64, String> = insurer::Entity::find()
            .all(&self.db)
            .await?
            .into_iter()
            .map(|i| (i.id, i.name))
            .collect();
        Ok(groups
            .into_values()
            .map(|mut g| {
                g.insurer_name = insurers.get(&g.insurer_id).cloned().unwrap_or_default();
                g
            })
            .collect())
    }

    async fn names(&self, rows: &[orders::Model]) -> Result<Names> {
        let customer_ids: Vec<i64> = rows.iter().map(|o| o.customer_id).collect();
        let vehicle_ids: Vec<i64> = rows.iter().map(|o| o.vehicle_id).collect();
        Ok(Names {
            customers: customer::Entity::find()
                .filter(customer::Column::Id.is_in(customer_ids))
                .all(&self.db)
                .await?
                .into_iter()
                .map(|c| (c.id, c.name))
                .collect(),
            plates: vehicle::Entity::find()
                .filter(vehicle::Column::Id.is_in(vehicle_ids))
                .all(&self.db)
                .await?
                .into_iter()
                .map(|v| (v.id, v.plate_no))
                .collect(),
            providers: capital_provider::Entity::find()
                .all(&self.db)
                .await?
                .into_iter()
                .map(|p| (p.id, p.name))
                .collect(),
        })
    }

    /// The insurer's accounts a payment can go to.
    pub async fn premium_payees(
        &self,
        me: &Principal,
        insurer_id: i64,
    ) -> Result<Vec<insurer_account::Model>> {
        me.require(ORDER_PREMIUM_TABLE)?;
        Ok(insurer_account::Entity::find()
            .filter(insurer_account::Column::InsurerId.eq(insurer_id))
            .order_by_asc(insurer_account::Column::Id)
            .all(&self.db)
            .await?)
    }

    /// The applications, newest first by default.
    pub async fn premium_page(
        &self,
        me: &Principal,
        request: &PageRequest,
        filter: &PremiumFilter,
    ) -> Result<Page<PremiumRow>> {
        me.require(ORDER_PREMIUM_TABLE)?;
        let paging = request.check(SORTS, (premium_payment::Column::Id, Order::Desc))?;
        let mut query = premium_payment::Entity::find();
        if let Some(status) = paging::text("status", filter.status.as_deref())? {
            if PremiumStatus::parse(status).is_none() {
                return Err(Error::invalid("status", "未知的申请状态"));
            }
            query = query.filter(premium_payment::Column::Status.eq(status));
        }
        if let Some(cp) = filter.capital_provider_id {
            query = query.filter(premium_payment::Column::CapitalProviderId.eq(cp));
        }
        if let Some(ins) = filter.insurer_id {
            query = query.filter(premium_payment::Column::InsurerId.eq(ins));
        }
        if let Some(no) = paging::text("applicationNo", filter.application_no.as_deref())? {
            query = query.filter(premium_payment::Column::ApplicationNo.contains(no));
        }
        let query = paging.order(query, premium_payment::Column::Id);
        let (records, total) = paging.fetch(&self.db, query).await?;
        let mut rows = Vec::new();
        for application in records {
            rows.push(self.premium_row(application).await?);
        }
        Ok(paging.page_of(rows, total))
    }

    async fn premium_row(&self, application: premium_payment::Model) -> Result<PremiumRow> {
        let capital_provider_name =
            capital_provider::Entity::find_by_id(application.capital_provider_id)
                .one(&self.db)
                .await?
                .map(|p| p.name)
                .unwrap_or_default();
        let insurer_name = insurer::Entity::find_by_id(application.insurer_id)
            .one(&self.db)
            .await?
            .map(|i| i.name)
            .unwrap_or_default();
        let payee = insurer_account::Entity::find_by_id(application.payee_account_id)
            .one(&self.db)
            .await?;
        Ok(PremiumRow {
            application,
            capital_provider_name,
            insurer_name,
            payee,
        })
    }

    /// The payment slip of a paid application.
    pub async fn premium_voucher(
        &self,
        me: &Principal,
        id: i64,
    ) -> Result<crate::files::FileContent> {
        me.require(ORDER_PREMIUM_TABLE)?;
        let application = premium_payment::Entity::find_by_id(id)
            .one(&self.db)
            .await?
            .ok_or_else(not_found)?;
        let file = application
            .voucher_file_id
            .ok_or_else(|| Error::NotFound("该申请没有上传付款凭证".to_owned()))?;
        self.open_file(file).await
    }

    /// One application with its lines.
    pub async fn premium_view(
        &self,
        me: &Principal,
        id: i64,
    ) -> Result<(PremiumRow, Vec<PremiumLine>)> {
        me.require(ORDER_PREMIUM_TABLE)?;
        let application = premium_payment::Entity::find_by_id(id)
            .one(&self.db)
            .await?
            .ok_or_else(not_found)?;
        let row = self.premium_row(application).await?;
        let lines = premium_payment_line::Entity::find()
            .filter(premium_payment_line::Column::ApplicationId.eq(id))
            .order_by_asc(premium_payment_line::Column::Id)
            .all(&self.db)
            .await?;
        let order_ids: Vec<i64> = lines.iter().map(|l| l.order_id).collect();
        let orders_of: Vec<orders::Model> = orders::Entity::find()
            .filter(orders::Column::Id.is_in(order_ids))
            .all(&self.db)
            .await?;
        let names = self.names(&orders_of).await?;
        let by_id: HashMap<i64, &orders::Model> = orders_of.iter().map(|o| (o.id, o)).collect();
        Ok((
            row,
            lines
                .into_iter()
                .map(|line| {
                    let order = by_id.get(&line.order_id);
                    PremiumLine {
                        order_no: order.map(|o| o.order_no.clone()).unwrap_or_default(),
                        customer_name: order
                            .and_then(|o| names.customers.get(&o.customer_id).cloned())
                            .unwrap_or_default(),
                        plate_no: order
                            .and_then(|o| names.plates.get(&o.vehicle_id).cloned())
                            .unwrap_or_default(),
                        line,
                    }
                })
                .collect(),
        ))
    }

    /// A DRAFT application for `input.order_ids` (each awaiting disbursement, of the provider,
    /// paid to the insurer, on no live line).
    pub async fn create_premium_payment(
        &self,
        me: &Principal,
        client: &ClientInfo,
        input: NewPremiumPayment,
    ) -> Result<premium_payment::Model> {
        me.require(ORDER_PREMIUM_CREATE)?;
        let now = self.clock.now();
        let day = self.business_date().await?;
        let by = By::user(me, client);
        let remark = input.remark.trim();
        if remark.chars().count() > 500 {
            return Err(Error::invalid("remark", "备注不超过 500 个字符"));
        }
        if input.order_ids.is_empty() {
            return Err(Error::invalid("orderIds", "请至少选择一个订单"));
        }
        if input.order_ids.len() > 200 {
            return Err(Error::invalid("orderIds", "一次最多 200 个订单"));
        }
        let txn = store::begin_write(&self.db).await?;
        let provider = capital_provider::Entity::find_by_id(input.capital_provider_id)
            .one(&txn)
            .await?
            .ok_or_else(|| Error::invalid("capitalProviderId", "资金方不存在"))?;
        insurer::Entity::find_by_id(input.insurer_id)
            .one(&txn)
            .await?
            .ok_or_else(|| Error::invalid("insurerId", "保险公司不存在"))?;
        insurer_account::Entity::find_by_id(input.payee_account_id)
            .one(&txn)
            .await?
            .filter(|a| a.insurer_id == input.insurer_id)
            .ok_or_else(|| Error::invalid("payeeAccountId", "收款账户不属于该保险公司"))?;
        let mut seen = Vec::new();
        let mut fields = BTreeMap::new();
        let mut picked = Vec::new();
        for (i, id) in input.order_ids.iter().enumerate() {
            let field = format!("orderIds[{i}]");
            if seen.contains(id) {
                fields.insert(field, "订单重复".to_owned());
                continue;
            }
            seen.push(*id);
            let Some(order) = orders::Entity::find_by_id(*id).one(&txn).await? else {
                fields.insert(field, "订单不存在".to_owned());
                continue;
            };
            if status_of(&order)? != OrderStatus::PendingDisbursement {
                fields.insert(field, format!("订单 {} 不在待放款状态", order.order_no));
            } else if order.capital_provider_id != Some(provider.id) {
                fields.insert(field, format!("订单 {} 不属于该资金方", order.order_no));
            } else if main_insurer(&txn, order.id).await? != input.insurer_id {
                fields.insert(
                    field,
                    format!("订单 {} 的保费不付给该保险公司", order.order_no),
                );
            } else {
                picked.push(order);
            }
        }
        if let Some(message) = fields.values().next().cloned() {
            return Err(Error::Invalid { message, fields });
        }
        let count = premium_payment::Entity::find().count(&txn).await? + 1;
        let application_no = format!("PP{}{:05}", day.format("%Y%m%d"), count);
        let total: i64 = picked.iter().map(|o| o.financed_fen).sum();
        let application = premium_payment::ActiveModel {
            application_no: Set(application_no.clone()),
            capital_provider_id: Set(provider.id),
            insurer_id: Set(input.insurer_id),
            payee_account_id: Set(input.payee_account_id),
            total_fen: Set(total),
            line_count: Set(i32::try_from(picked.len()).unwrap_or(i32::MAX)),
            status: Set(PremiumStatus::Draft.code().to_owned()),
            remark: Set(remark.to_owned()),
            created_by_name: Set(me.name.clone()),
            cp_approval_no: Set(String::new()),
            cancel_reason: Set(String::new()),
            created_at: Set(now),
            created_by: Set(Some(me.user_id)),
            updated_at: Set(now),
            updated_by: Set(Some(me.user_id)),
            version: Set(0),
            ..Default::default()
        }
        .insert(&txn)
        .await
        .map_err(|e| crate::error::conflict_on_unique(e, "申请编号冲突，请重试"))?;
        for order in &picked {
            premium_payment_line::ActiveModel {
                application_id: Set(application.id),
                order_id: Set(order.id),
                amount_fen: Set(order.financed_fen),
                status: Set(PremiumLineStatus::Live.code().to_owned()),
                paid_at: Set(None),
                serial_no: Set(String::new()),
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
                    &format!("订单 {} 已在其他保费支付申请中", order.order_no),
                )
            })?;
        }
        crate::audit::record(
            &txn,
            crate::audit::Entry {
                actor: &by.actor,
                action: "premium_payment.create",
                target_type: "premium_payment",
                target_id: Some(application.id.to_string()),
                success: true,
                detail: serde_json::json!({
                    "applicationNo": application_no,
                    "totalFen": total,
                    "orders": picked.iter().map(|o| o.order_no.clone()).collect::<Vec<_>>(),
                }),
                ip: by.ip.clone(),
                request_id: by.request_id.clone(),
            },
            now,
        )
        .await?;
        txn.commit().await?;
        Ok(application)
    }

    #[allow(clippy::too_many_arguments)]
    async fn premium_step(
        &self,
        me: &Principal,
        client: &ClientInfo,
        id: i64,
        to: PremiumStatus,
        event: &str,
        reason: &str,
        set: Vec<(
            premium_payment::Column,
            store::sea_orm::sea_query::SimpleExpr,
        )>,
    ) -> Result<()> {
        let now = self.clock.now();
        let by = By::user(me, client);
        let txn = store::begin_write(&self.db).await?;
        let application = premium_payment::Entity::find_by_id(id)
            .one(&txn)
            .await?
            .ok_or_else(not_found)?;
        let from = PremiumStatus::parse(&application.status).ok_or_else(not_found)?;
        let mut set = set;
        set.push((premium_payment::Column::UpdatedAt, Expr::value(now)));
        set.push((
            premium_payment::Column::UpdatedBy,
            Expr::value(Some(me.user_id)),
        ));
        record_transition::apply::<premium_payment::Entity, _, _>(
            &txn,
            &by,
            now,
            Change {
                id,
                from,
                to,
                version: application.version,
                event,
                reason,
            },
            set,
            Some(Logged {
                action: &format!("premium_payment.{event}"),
                detail: serde_json::json!({ "applicationNo": application.application_no, "reason": reason }),
            }),
        )
        .await?;
        if to == PremiumStatus::Cancelled {
            premium_payment_line::Entity::update_many()
                .col_expr(
                    premium_payment_line::Column::Status,
                    Expr::value(PremiumLineStatus::Removed.code()),
                )
                .col_expr(premium_payment_line::Column::UpdatedAt, Expr::value(now))
                .col_expr(
                    premium_payment_line::Column::Version,
                    Expr::col(premium_payment_line::Column::Version).add(1),
                )
                .filter(premium_payment_line::Column::ApplicationId.eq(id))
                .filter(premium_payment_line::Column::Status.eq(PremiumLineStatus::Live.code()))
                .exec(&txn)
                .await?;
        }
        txn.commit().await?;
        Ok(())
    }

    /// DRAFT → SUBMITTED: sent to the provider.
    pub async fn submit_premium_payment(
        &self,
        me: &Principal,
        client: &ClientInfo,
        id: i64,
    ) -> Result<()> {
        me.require(ORDER_PREMIUM_CREATE)?;
        let now = self.clock.now();
        self.premium_step(
            me,
            client,
            id,
            PremiumStatus::Submitted,
            "submit",
            "",
            vec![
                (
                    premium_payment::Column::SubmittedBy,
                    Expr::value(Some(me.user_id)),
                ),
                (premium_payment::Column::SubmittedAt, Expr::value(Some(now))),
            ],
        )
        .await
    }

    /// SUBMITTED → CP_APPROVED: the provider's approval number recorded.
    pub async fn approve_premium_payment(
        &self,
        me: &Principal,
        client: &ClientInfo,
        id: i64,
        approval_no: &str,
    ) -> Result<()> {
        me.require(ORDER_PREMIUM_CREATE)?;
        let no = approval_no.trim();
        if no.is_empty() {
            return Err(Error::invalid("approvalNo", "请填写资金方审批编号"));
        }
        if no.chars().count() > 64 || no.chars().any(char::is_control) {
            return Err(Error::invalid("approvalNo", "审批编号不超过 64 个字符"));
        }
        let now = self.clock.now();
        self.premium_step(
            me,
            client,
            id,
            PremiumStatus::CpApproved,
            "approve",
            "",
            vec![
                (premium_payment::Column::CpApprovalNo, Expr::value(no)),
                (
                    premium_payment::Column::ApprovedBy,
                    Expr::value(Some(me.user_id)),
                ),
                (premium_payment::Column::ApprovedAt, Expr::value(Some(now))),
            ],
        )
        .await
    }

    /// Cancels an application not yet paid; its lines free their orders.
    pub async fn cancel_premium_payment(
        &self,
        me: &Principal,
        client: &ClientInfo,
        id: i64,
        reason: &str,
    ) -> Result<()> {
        me.require(ORDER_PREMIUM_CREATE)?;
        let reason = reason.trim();
        if reason.is_empty() {
            return Err(Error::invalid("reason", "请填写取消原因"));
        }
        let reason: String = reason.chars().take(500).collect();
        self.premium_step(
            me,
            client,
            id,
            PremiumStatus::Cancelled,
            "cancel",
            &reason,
            vec![(
                premium_payment::Column::CancelReason,
                Expr::value(reason.clone()),
            )],
        )
        .await
    }

    /// 标记已付: every live line paid with one bank serial number; each order disbursed.
    /// The creator of the application may not mark it paid.
    pub async fn pay_premium_payment(
        &self,
        me: &Principal,
        client: &ClientInfo,
        id: i64,
        payment: Payment,
    ) -> Result<()> {
        me.require(ORDER_PREMIUM_PAY)?;
        let serial = check_serial("bankSerialNo", &payment.bank_serial_no)?;
        let now = self.clock.now();
        let day = self.business_date().await?;
        if payment.value_date > day {
            return Err(Error::invalid(
                "valueDate",
                "付款日期不能晚于今天（业务日期）",
            ));
        }
        let by = By::user(me, client);
        let txn = store::begin_write(&self.db).await?;
        let application = premium_payment::Entity::find_by_id(id)
            .one(&txn)
            .await?
            .ok_or_else(not_found)?;
        let from = PremiumStatus::parse(&application.status).ok_or_else(not_found)?;
        from.check(PremiumStatus::Paid)?;
        if application.created_by == Some(me.user_id) {
            return Err(Error::Forbidden(
                "不能支付自己创建的申请（经办人与复核人须为不同用户）".to_owned(),
            ));
        }
        let lines = premium_payment_line::Entity::find()
            .filter(premium_payment_line::Column::ApplicationId.eq(id))
            .filter(premium_payment_line::Column::Status.eq(PremiumLineStatus::Live.code()))
            .all(&txn)
            .await?;
        if lines.is_empty() {
            return Err(Error::Conflict(
                "申请中没有待支付的订单（订单已取消或已单独放款），请取消该申请".to_owned(),
            ));
        }
        // The serial number first: one bank payment is one application (a unique index).
        premium_payment::Entity::update_many()
            .col_expr(
                premium_payment::Column::BankSerialNo,
                Expr::value(Some(serial.clone())),
            )
            .filter(premium_payment::Column::Id.eq(id))
            .exec(&txn)
            .await
            .map_err(|e| crate::error::conflict_on_unique(e, "银行流水号已用于其他付款"))?;
        for line in &lines {
            self.disburse_line(
                &txn,
                &by,
                now,
                day,
                &application,
                line,
                &serial,
                payment.value_date,
            )
            .await?;
        }
        let voucher = self.store_voucher(&txn, &by, payment.voucher).await?;
        record_transition::apply::<premium_payment::Entity, _, _>(
            &txn,
            &by,
            now,
            Change {
                id,
                from,
                to: PremiumStatus::Paid,
                version: application.version,
                event: "pay",
                reason: "",
            },
            vec![
                (
                    premium_payment::Column::ValueDate,
                    Expr::value(Some(payment.value_date)),
                ),
                (premium_payment::Column::VoucherFileId, Expr::value(voucher)),
                (
                    premium_payment::Column::PaidBy,
                    Expr::value(Some(me.user_id)),
                ),
                (premium_payment::Column::PaidAt, Expr::value(Some(now))),
                (premium_payment::Column::UpdatedAt, Expr::value(now)),
            ],
            Some(Logged {
                action: "premium_payment.pay",
                detail: serde_json::json!({
                    "applicationNo": application.application_no,
                    "bankSerialNo": serial,
                    "lines": lines.len(),
                    "totalFen": lines.iter().map(|l| l.amount_fen).sum::<i64>(),
                }),
            }),
        )
        .await?;
        txn.commit().await?;
        Ok(())
    }

    /// 确认放款 from 放款管理: the order's line of a CP_APPROVED (or partly paid) application is
    /// paid on its own.
    pub async fn disburse_order(
        &self,
        me: &Principal,
        client: &ClientInfo,
        order_id: i64,
        serial_no: &str,
        value_date: NaiveDate,
    ) -> Result<()> {
        me.require(ORDER_INFO_DISBURSE)?;
        let serial = check_serial("serialNo", serial_no)?;
        let now = self.clock.now();
        let day = self.business_date().await?;
        if value_date > day {
            return Err(Error::invalid(
                "valueDate",
                "放款日期不能晚于今天（业务日期）",
            ));
        }
        let by = By::user(me, client);
        let txn = store::begin_write(&self.db).await?;
        let order = orders::Entity::find_by_id(order_id)
            .one(&txn)
            .await?
            .ok_or_else(|| Error::NotFound("订单不存在".to_owned()))?;
        Event::to_next(OrderEvent::Disbursed, status_of(&order)?)?;
        let line = premium_payment_line::Entity::find()
            .filter(premium_payment_line::Column::OrderId.eq(order.id))
            .filter(premium_payment_line::Column::Status.eq(PremiumLineStatus::Live.code()))
            .one(&txn)
            .await?
            .ok_or_else(|| {
                Error::Conflict("该订单不在任何保费支付申请中，请先在保费管理中创建申请".to_owned())
            })?;
        let application = premium_payment::Entity::find_by_id(line.application_id)
            .one(&txn)
            .await?
            .ok_or_else(not_found)?;
        let from = PremiumStatus::parse(&application.status).ok_or_else(not_found)?;
        if !matches!(
            from,
            PremiumStatus::CpApproved | PremiumStatus::PartiallyPaid
        ) {
            return Err(Error::Conflict(format!(
                "保费支付申请 {} 尚未经资金方审批（当前状态：{}）",
                application.application_no,
                from.label()
            )));
        }
        if application.created_by == Some(me.user_id) {
            return Err(Error::Forbidden(
                "不能为自己创建的申请确认放款（经办人与复核人须为不同用户）".to_owned(),
            ));
        }
        self.disburse_line(
            &txn,
            &by,
            now,
            day,
            &application,
            &line,
            &serial,
            value_date,
        )
        .await?;
        let left = premium_payment_line::Entity::find()
            .filter(premium_payment_line::Column::ApplicationId.eq(application.id))
            .filter(premium_payment_line::Column::Status.eq(PremiumLineStatus::Live.code()))
            .count(&txn)
            .await?;
        let to = if left == 0 {
            PremiumStatus::Paid
        } else {
            PremiumStatus::PartiallyPaid
        };
        if to != from {
            record_transition::apply::<premium_payment::Entity, _, _>(
                &txn,
                &by,
                now,
                Change {
                    id: application.id,
                    from,
                    to,
                    version: application.version,
                    event: "pay_line",
                    reason: "",
                },
                vec![(premium_payment::Column::UpdatedAt, Expr::value(now))],
                Some(Logged {
                    action: "premium_payment.pay_line",
                    detail: serde_json::json!({
                        "applicationNo": application.application_no,
                        "orderNo": order.order_no,
                        "serialNo": serial,
                    }),
                }),
            )
            .await?;
        }
        txn.commit().await?;
        Ok(())
    }

    /// Pays one line: its order is disbursed (E3, plan ACTIVE, credit used, allocation FUNDED, T18).
    #[allow(clippy::too_many_arguments)]
    async fn disburse_line(
        &self,
        conn: &impl ConnectionTrait,
        by: &By,
        now: DateTime<Utc>,
        day: NaiveDate,
        application: &premium_payment::Model,
        line: &premium_payment_line::Model,
        serial: &str,
        value_date: NaiveDate,
    ) -> Result<()> {
        let order = orders::Entity::find_by_id(line.order_id)
            .one(conn)
            .await?
            .ok_or_else(|| Error::NotFound("订单不存在".to_owned()))?;
        let event = Event::to_next(OrderEvent::Disbursed, status_of(&order)?)?;
        if line.amount_fen != order.financed_fen {
            return Err(Error::Conflict(format!(
                "订单 {} 的融资额已变化，请取消该申请后重新创建",
                order.order_no
            )));
        }
        let provider_id = order
            .capital_provider_id
            .ok_or_else(|| Error::Conflict("订单尚未确定资金方".to_owned()))?;
        let changed = premium_payment_line::Entity::update_many()
            .col_expr(
                premium_payment_line::Column::Status,
                Expr::value(PremiumLineStatus::Paid.code()),
            )
            .col_expr(premium_payment_line::Column::PaidAt, Expr::value(Some(now)))
            .col_expr(premium_payment_line::Column::SerialNo, Expr::value(serial))
            .col_expr(premium_payment_line::Column::UpdatedAt, Expr::value(now))
            .col_expr(
                premium_payment_line::Column::Version,
                Expr::col(premium_payment_line::Column::Version).add(1),
            )
            .filter(premium_payment_line::Column::Id.eq(line.id))
            .filter(premium_payment_line::Column::Status.eq(PremiumLineStatus::Live.code()))
            .filter(premium_payment_line::Column::Version.eq(line.version))
            .exec(conn)
            .await?
            .rows_affected;
        if changed != 1 {
            return Err(Error::Conflict(crate::error::STALE.to_owned()));
        }
        let reference = OrderRef {
            order_id: order.id,
            capital_provider_id: provider_id,
            insurer_id: application.insurer_id,
        };
        let journal_id = post_journal(
            conn,
            now,
            &NewJournal {
                event: LedgerEvent::Disbursement,
                order_id: Some(order.id),
                business_date: value_date,
                idempotency_key: format!("disburse:line:{}", line.id),
                counterparty: Counterparty::Insurer(application.insurer_id),
                created_by: match &by.actor {
                    crate::principal::Actor::Admin { id, .. } => Some(*id),
                    _ => None,
                },
                description: format!(
                    "放款 {} 保费支付申请 {} 流水号 {serial}",
                    order.order_no, application.application_no
                ),
                lines: domain::ledger::disbursement(&reference, Fen(order.financed_fen), false),
            },
        )
        .await?;
        // The person's display name, as receipts show it (the actor carries the account).
        let by_name = match &by.actor {
            crate::principal::Actor::Admin { id, name } => {
                store::entity::admin_user::Entity::find_by_id(*id)
                    .one(conn)
                    .await?
                    .map_or_else(|| name.clone(), |u| u.name)
            }
            crate::principal::Actor::Capital { name, .. } => name.clone(),
            crate::principal::Actor::System(name) => (*name).to_owned(),
        };
        let row = disbursement::ActiveModel {
            order_id: Set(order.id),
            line_id: Set(line.id),
            capital_provider_id: Set(provider_id),
            insurer_id: Set(application.insurer_id),
            amount_fen: Set(order.financed_fen),
            value_date: Set(value_date),
            serial_no: Set(serial.to_owned()),
            journal_id: Set(journal_id),
            created_by_name: Set(by_name),
            reversed_at: Set(None),
            reversed_by: Set(None),
            reverse_reason: Set(String::new()),
            reversal_journal_id: Set(None),
            created_at: Set(now),
            created_by: Set(match &by.actor {
                crate::principal::Actor::Admin { id, .. } => Some(*id),
                _ => None,
            }),
            updated_at: Set(now),
            updated_by: Set(None),
            version: Set(0),
            ..Default::default()
        }
        .insert(conn)
        .await
        .map_err(|e| crate::error::conflict_on_unique(e, "该订单已放款，不能重复放款"))?;
        let plan_id =
            plan::set_plan_status(conn, order.id, plan::PENDING, plan::ACTIVE, now).await?;
        move_credit(conn, provider_id, order.financed_fen, true).await?;
        set_allocation(conn, order.id, "ACTIVE", "FUNDED", now).await?;
        let event = event
            .maker(application.created_by)
            .amount(order.financed_fen)
            .reference("disbursement", row.id)
            .detail(serde_json::json!({
                "applicationNo": application.application_no,
                "serialNo": serial,
                "valueDate": value_date,
                "payeeAccountId": application.payee_account_id,
                "journalId": journal_id,
                "planId": plan_id,
            }))
            .set(orders::Column::DisbursedAt, Expr::value(Some(now)));
        order_transition::apply(conn, by, now, day, &order, event).await?;
        // The plan is live: its derived money (outstanding, next due, item ledgers) from now on.
        super::repayment::sync_order(
            conn,
            &super::repayment::SyncBy {
                by,
                user_id: match &by.actor {
                    crate::principal::Actor::Admin { id, .. } => Some(*id),
                    _ => None,
                },
                reopen_maker: None,
            },
            now,
            order.id,
            day,
        )
        .await?;
        Ok(())
    }

    /// 冲正 (T19): the disbursement reversed before any repayment; the user who disbursed may
    /// not reverse it.
    pub async fn reverse_disbursement(
        &self,
        me: &Principal,
        client: &ClientInfo,
        order_id: i64,
        reason: &str,
    ) -> Result<()> {
        me.require(ORDER_INFO_DISBURSE_REVERSE)?;
        let reason = reason.trim();
        if reason.is_empty() {
            return Err(Error::invalid("reason", "请填写冲正原因"));
        }
        let reason: String = reason.chars().take(500).collect();
        let now = self.clock.now();
        let day = self.business_date().await?;
        let by = By::user(me, client);
        let txn = store::begin_write(&self.db).await?;
        let order = orders::Entity::find_by_id(order_id)
            .one(&txn)
            .await?
            .ok_or_else(|| Error::NotFound("订单不存在".to_owned()))?;
        let event = Event::to_next(OrderEvent::UndoDisburse, status_of(&order)?)?;
        let live = disbursement::Entity::find()
            .filter(disbursement::Column::OrderId.eq(order.id))
            .filter(disbursement::Column::ReversedAt.is_null())
            .one(&txn)
            .await?
            .ok_or_else(|| Error::Conflict("该订单没有可冲正的放款".to_owned()))?;
        let reversal = reverse_journal(
            &txn,
            now,
            live.journal_id,
            &Reversal {
                idempotency_key: format!("disburse:reverse:{}", live.id),
                business_date: day,
                created_by: Some(me.user_id),
                description: format!("放款冲正 {}：{reason}", order.order_no),
            },
        )
        .await?;
        let changed = disbursement::Entity::update_many()
            .col_expr(disbursement::Column::ReversedAt, Expr::value(Some(now)))
            .col_expr(
                disbursement::Column::ReversedBy,
                Expr::value(Some(me.user_id)),
            )
            .col_expr(
                disbursement::Column::ReverseReason,
                Expr::value(reason.clone()),
            )
            .col_expr(
                disbursement::Column::ReversalJournalId,
                Expr::value(Some(reversal)),
            )
            .col_expr(disbursement::Column::UpdatedAt, Expr::value(now))
            .col_expr(
                disbursement::Column::Version,
                Expr::col(disbursement::Column::Version).add(1),
            )
            .filter(disbursement::Column::Id.eq(live.id))
            .filter(disbursement::Column::ReversedAt.is_null())
            .exec(&txn)
            .await?
            .rows_affected;
        if changed != 1 {
            return Err(Error::Conflict("该放款已冲正".to_owned()));
        }
        premium_payment_line::Entity::update_many()
            .col_expr(
                premium_payment_line::Column::Status,
                Expr::value(PremiumLineStatus::Reversed.code()),
            )
            .col_expr(premium_payment_line::Column::UpdatedAt, Expr::value(now))
            .col_expr(
                premium_payment_line::Column::Version,
                Expr::col(premium_payment_line::Column::Version).add(1),
            )
            .filter(premium_payment_line::Column::Id.eq(live.line_id))
            .filter(premium_payment_line::Column::Status.eq(PremiumLineStatus::Paid.code()))
            .exec(&txn)
            .await?;
        super::repayment::undo_for_disbursement_reversal(&txn, now, &order, day, me.user_id)
            .await?;
        plan::set_plan_status(&txn, order.id, plan::ACTIVE, plan::PENDING, now).await?;
        move_credit(&txn, live.capital_provider_id, live.amount_fen, false).await?;
        set_allocation(&txn, order.id, "FUNDED", "ACTIVE", now).await?;
        let event = event
            .maker(live.created_by)
            .comment(reason.clone())
            .amount(live.amount_fen)
            .reference("disbursement", live.id)
            .detail(
                serde_json::json!({ "reversalJournalId": reversal, "serialNo": live.serial_no }),
            )
            .set(
                orders::Column::DisbursedAt,
                Expr::value(Option::<DateTime<Utc>>::None),
            );
        order_transition::apply(&txn, &by, now, day, &order, event).await?;
        txn.commit().await?;
        Ok(())
    }

    /// The order's disbursement (the live one, else the last) and its live premium line with the
    /// application's number and status.
    pub async fn disbursement_of(
        &self,
        order_id: i64,
    ) -> Result<(
        Option<disbursement::Model>,
        Option<(premium_payment_line::Model, premium_payment::Model)>,
    )> {
        let disbursed = disbursement::Entity::find()
            .filter(disbursement::Column::OrderId.eq(order_id))
            .order_by_desc(disbursement::Column::Id)
            .one(&self.db)
            .await?;
        let line = premium_payment_line::Entity::find()
            .filter(premium_payment_line::Column::OrderId.eq(order_id))
            .filter(premium_payment_line::Column::Status.is_in([
                PremiumLineStatus::Live.code(),
                PremiumLineStatus::Paid.code(),
            ]))
            .one(&self.db)
            .await?;
        let line = match line {
            Some(l) => premium_payment::Entity::find_by_id(l.application_id)
                .one(&self.db)
                .await?
                .map(|a| (l, a)),
            None => None,
        };
        Ok((disbursed, line))
    }
}

/// Removes the order's live line from its (unpaid) application: a cancellation before payment
/// (T31). The application's total and count follow.
pub(crate) async fn remove_live_line(
    conn: &impl ConnectionTrait,
    order_id: i64,
    now: DateTime<Utc>,
) -> Result<()> {
    let paid = premium_payment_line::Entity::find()
        .filter(premium_payment_line::Column::OrderId.eq(order_id))
        .filter(premium_payment_line::Column::Status.eq(PremiumLineStatus::Paid.code()))
        .one(conn)
        .await?;
    if paid.is_some() {
        return Err(Error::Conflict("该订单的保费已支付，不能取消".to_owned()));
    }
    let Some(line) = premium_payment_line::Entity::find()
        .filter(premium_payment_line::Column::OrderId.eq(order_id))
        .filter(premium_payment_line::Column::Status.eq(PremiumLineStatus::Live.code()))
        .one(conn)
        .await?
    else {
        return Ok(());
    };
    premium_payment_line::Entity::update_many()
        .col_expr(
            premium_payment_line::Column::Status,
            Expr::value(PremiumLineStatus::Removed.code()),
        )
        .col_expr(premium_payment_line::Column::UpdatedAt, Expr::value(now))
        .filter(premium_payment_line::Column::Id.eq(line.id))
        .exec(conn)
        .await?;
    premium_payment::Entity::update_many()
        .col_expr(
            premium_payment::Column::TotalFen,
            Expr::col(premium_payment::Column::TotalFen).sub(line.amount_fen),
        )
        .col_expr(
            premium_payment::Column::LineCount,
            Expr::col(premium_payment::Column::LineCount).sub(1),
        )
        .col_expr(premium_payment::Column::UpdatedAt, Expr::value(now))
        .filter(premium_payment::Column::Id.eq(line.application_id))
        .exec(conn)
        .await?;
    Ok(())
}

struct Names {
    customers: HashMap<i64, String>,
    plates: HashMap<i64, String>,
    providers: HashMap<i64, String>,
}
