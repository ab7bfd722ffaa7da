//! Orders, part 1 (docs/orders.md): the application (T1), intake (T2, the intake form, T3, T6),
//! review (T4, T5, T7), allocation (T8–T11, in `allocation`), cancellation (T30), the lists of
//! each screen and the order page with its timeline.
//!
//! Every status change goes through [`transition::apply`]; every command is one transaction
//! with its status-log row and operation-log entry. The amounts are the money core's
//! (`domain::money::order::order_amounts`, `generate_plan`); nothing is computed twice.

pub mod advance;
pub mod allocation;
mod approval;
pub mod certificate;
pub mod contracts;
pub mod down_payment;
pub mod insure;
pub mod options;
pub mod overdue;
pub mod plan;
pub mod policy;
pub mod premium;
pub mod progress;
pub mod purpose;
pub mod recovery;
pub mod repayment;
pub mod surrender;
pub mod surrender_facts;
pub mod transition;
pub mod waiver;
pub mod waiver_facts;
pub mod write_off;
pub mod write_off_facts;

use crate::audit::log_change;
use crate::error::OrInvalid;
use crate::paging::{self, Page, PageRequest};
use crate::principal::{ClientInfo, Principal};
use crate::transition::By;
use crate::{Beehive, Error, Result};
use chrono::NaiveDate;
use domain::money::order::{OrderRequest, order_amounts};
use domain::money::{Fen, ProductTerms, generate_plan};
use domain::order::{OrderEvent, OrderStatus};
use domain::permission::codes::{
    ORDER_APPLY_CREATE, ORDER_APPLY_TABLE, ORDER_INFO_CANCEL, ORDER_INFO_EDIT, ORDER_INFO_REVIEW,
    ORDER_INFO_SUBMIT, ORDER_INFO_TABLE,
};
use domain::status::{ProductStatus, Status};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::collections::{BTreeMap, HashMap};
use store::entity::{
    admin_user, allocation as allocation_row, capital_provider, customer, insurance_policy,
    insurer, order_status_log, orders, product, vehicle,
};
use store::sea_orm::sea_query::{Expr, ExprTrait, Query};
use store::sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, EntityTrait, Order, QueryFilter,
    QueryOrder, QuerySelect, Select, Set,
};
use transition::{Event, status_of};

/// The kinds of policy an order may finance.
pub const POLICY_KINDS: [&str; 3] = ["COMMERCIAL", "COMPULSORY", "VEHICLE_TAX"];

/// The reviewer's reasons to return an order name these parts to fix.
pub const RETURN_FIELDS: [&str; 7] = [
    "customer",
    "vehicle",
    "policies",
    "amounts",
    "documents",
    "product",
    "other",
];

/// The screens' lists: which statuses each shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    /// 订单申请列表: applications not yet taken into intake.
    Apply,
    /// 待进件订单: APPLIED, INTAKE, RETURNED.
    Intake,
    /// 进件审核: INTAKE_REVIEW.
    Review,
    /// 分配队列: PENDING_ALLOCATION.
    Queue,
    /// 已拒绝订单.
    Rejected,
    /// 订单车主声明及授权书: PENDING_DECLARATION.
    Declaration,
    /// 投保确认: PENDING_INSURE_CONFIRM.
    Insure,
    /// 订单合同管理: PENDING_SIGN.
    Sign,
    /// 首付款管理: PENDING_DOWN_PAYMENT.
    DownPayment,
    /// 放款管理: PENDING_DISBURSEMENT and PENDING_POLICY (disbursed, reversible).
    Disbursement,
    /// 电子保单: PENDING_POLICY.
    Policy,
    /// 还款阶段: PENDING_POLICY (disbursed, repayments taken), REPAYING, OVERDUE.
    Repayment,
    /// 逾期管理: OVERDUE.
    Overdue,
    /// 已结清订单: SETTLED.
    Settled,
    /// 已退保订单: SURRENDERED.
    Surrendered,
    /// 综合业务订单: every status.
    All,
}

impl Stage {
    fn statuses(self) -> &'static [OrderStatus] {
        use OrderStatus as S;
        match self {
            Stage::Apply => &[S::Applied],
            Stage::Intake => &[S::Applied, S::Intake, S::Returned],
            Stage::Review => &[S::IntakeReview],
            Stage::Queue => &[S::PendingAllocation],
            Stage::Rejected => &[S::Rejected],
            Stage::Declaration => &[S::PendingDeclaration],
            Stage::Insure => &[S::PendingInsureConfirm],
            Stage::Sign => &[S::PendingSign],
            Stage::DownPayment => &[S::PendingDownPayment],
            Stage::Disbursement => &[S::PendingDisbursement, S::PendingPolicy],
            Stage::Policy => &[S::PendingPolicy],
            Stage::Repayment => &[S::PendingPolicy, S::Repaying, S::Overdue],
            Stage::Overdue => &[S::Overdue],
            Stage::Settled => &[S::Settled],
            Stage::Surrendered => &[S::Surrendered],
            Stage::All => OrderStatus::ALL,
        }
    }

    /// The permission of the list's export (the rejected orders have none).
    fn export_permission(self) -> Option<&'static str> {
        use domain::permission::codes::{
            ASSIGNMENT_QUEUE_EXPORT, ORDER_APPLY_EXPORT, ORDER_INFO_EXPORT,
        };
        match self {
            Stage::Apply => Some(ORDER_APPLY_EXPORT),
            Stage::Queue => Some(ASSIGNMENT_QUEUE_EXPORT),
            Stage::Intake
            | Stage::Review
            | Stage::All
            | Stage::Declaration
            | Stage::Insure
            | Stage::Sign
            | Stage::DownPayment
            | Stage::Disbursement
            | Stage::Policy
            | Stage::Repayment
            | Stage::Settled
            | Stage::Surrendered => Some(ORDER_INFO_EXPORT),
            // 逾期管理 has a permission of its own and the catalogue no export permission for it:
            // whoever may see the list may export it (docs/overdue.md).
            Stage::Overdue => Some(domain::permission::codes::ORDER_PLAN_TABLE),
            Stage::Rejected => None,
        }
    }

    /// The list's name in the export log.
    fn list_name(self) -> &'static str {
        match self {
            Stage::Apply => "order_apply",
            Stage::Intake => "order_intake",
            Stage::Review => "order_review",
            Stage::Queue => "order_queue",
            Stage::Rejected => "order_rejected",
            Stage::Declaration => "order_declaration",
            Stage::Insure => "order_insure",
            Stage::Sign => "order_sign",
            Stage::DownPayment => "order_down_payment",
            Stage::Disbursement => "order_disbursement",
            Stage::Policy => "order_policy",
            Stage::Repayment => "order_repayment",
            Stage::Overdue => "order_overdue",
            Stage::Settled => "order_settled",
            Stage::Surrendered => "order_surrendered",
            Stage::All => "order_all",
        }
    }

    fn permission(self) -> &'static str {
        use domain::permission::codes::{
            ASSIGNMENT_QUEUE_TABLE, ORDER_PLAN_TABLE, STATISTICS_NOT_PASS,
        };
        match self {
            Stage::Apply => ORDER_APPLY_TABLE,
            Stage::Overdue => ORDER_PLAN_TABLE,
            Stage::Queue => ASSIGNMENT_QUEUE_TABLE,
            Stage::Rejected => STATISTICS_NOT_PASS,
            Stage::Intake
            | Stage::Review
            | Stage::All
            | Stage::Declaration
            | Stage::Insure
            | Stage::Sign
            | Stage::DownPayment
            | Stage::Disbursement
            | Stage::Policy
            | Stage::Repayment
            | Stage::Settled
            | Stage::Surrendered => ORDER_INFO_TABLE,
        }
    }
}

/// The filters every order list has.
#[derive(Debug, Clone, Default)]
pub struct OrderFilter {
    pub order_no: Option<String>,
    pub customer_name: Option<String>,
    pub mobile: Option<String>,
    pub plate_no: Option<String>,
    pub status: Option<String>,
    pub capital_provider_id: Option<i64>,
    pub insurer_id: Option<i64>,
    pub customer_id: Option<i64>,
    /// Applied on or after (epoch ms).
    pub applied_from: Option<i64>,
    /// Applied before (epoch ms).
    pub applied_to: Option<i64>,
    /// The delinquency bucket (M1, M2, …), exactly.
    pub bucket: Option<String>,
    /// Days past due at least / at most.
    pub dpd_from: Option<i32>,
    pub dpd_to: Option<i32>,
}

/// A row of an order list.
#[derive(Debug, Clone)]
pub struct OrderRow {
    pub order: orders::Model,
    pub customer_name: String,
    pub customer_mobile: String,
    pub plate_no: String,
    pub vin: String,
    pub product_name: String,
    pub capital_provider_name: Option<String>,
    pub insurer_names: Vec<String>,
    /// The intake assignee's and the last reviewer's names.
    pub assignee_name: Option<String>,
    pub reviewer_name: Option<String>,
    /// The latest demand notice (催告函) of the order, if any was sent.
    pub demand_notice: Option<store::entity::demand_notice::Model>,
    /// What the customer's payments went to, per component (after disbursement).
    pub paid_by_component: PaidByComponent,
    /// The surrender whose refund was applied to the order, if any.
    pub surrender: Option<store::entity::surrender::Model>,
}

/// Paid per component, from the repayments' allocations.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PaidByComponent {
    pub principal_fen: i64,
    pub interest_fen: i64,
    pub fee_fen: i64,
    pub penalty_fen: i64,
}

/// A policy quoted on an order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PolicyQuote {
    pub kind: String,
    pub insurer_id: i64,
    pub premium_fen: i64,
}

/// The order page: the row, its policies, its schedule, its allocations and its timeline.
#[derive(Debug, Clone)]
pub struct OrderView {
    pub row: OrderRow,
    pub policies: Vec<(insurance_policy::Model, String)>,
    pub customer: customer::Model,
    pub vehicle: vehicle::Model,
    pub schedule: Option<crate::system::products::ScheduleQuote>,
    pub allocations: Vec<(allocation_row::Model, String)>,
    pub timeline: Vec<order_status_log::Model>,
    /// Other orders of the same customer (id, order no, status) and of the same VIN.
    pub same_customer: Vec<(i64, String, String)>,
    pub same_vin: Vec<(i64, String, String)>,
}

/// An application (T1).
#[derive(Debug, Clone)]
pub struct NewApplication {
    pub customer_id: i64,
    pub vehicle_id: i64,
    pub product_id: i64,
    pub term_n: u32,
    pub requested_premium_fen: i64,
    /// What the customer asks to finance; by default the premium less the product's least down
    /// payment.
    pub requested_financed_fen: Option<i64>,
    pub channel: String,
    pub remark: String,
}

/// The intake form (editable in INTAKE and RETURNED).
#[derive(Debug, Clone)]
pub struct IntakeInput {
    pub vehicle_id: i64,
    pub product_id: i64,
    pub term_n: u32,
    pub anchor_date: NaiveDate,
    pub policies: Vec<PolicyQuote>,
    pub financed_fen: i64,
    pub channel: String,
    pub remark: String,
    /// The version the form was read at.
    pub version: i64,
}

/// What the reviewer decides.
#[derive(Debug, Clone)]
pub enum Review {
    Approve {
        approved_financed_fen: Option<i64>,
        opinion: String,
    },
    Return {
        reason: String,
        fields: Vec<String>,
    },
    Reject {
        reason_code: String,
        reason: String,
    },
}

/// The terms, quotes, amounts and schedule an order keeps from its submission on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TermsSnapshot {
    pub product_id: i64,
    pub product_code: String,
    pub product_name: String,
    pub product_version: i32,
    pub terms: ProductTerms,
    pub policies: Vec<PolicyQuote>,
    pub term_n: u32,
    pub anchor_date: NaiveDate,
    pub total_premium_fen: i64,
    pub down_payment_fen: i64,
    pub financed_fen: i64,
    pub upfront_fee_fen: i64,
    pub deposit_fen: i64,
    pub first_instalment_fen: i64,
    pub due_at_down_payment_fen: i64,
    pub first_due_date: NaiveDate,
    pub schedule_hash: String,
}

fn not_found() -> Error {
    Error::NotFound("订单不存在".to_owned())
}

fn yuan(fen: i64) -> String {
    format!("{}.{:02}", fen / 100, (fen % 100).abs())
}

/// The product version's terms; only an ACTIVE version takes new orders.
async fn active_product(
    conn: &impl ConnectionTrait,
    product_id: i64,
) -> Result<(product::Model, ProductTerms)> {
    let row = product::Entity::find_by_id(product_id)
        .one(conn)
        .await?
        .ok_or_else(|| Error::invalid("productId", "产品不存在"))?;
    if row.status != ProductStatus::Active.code() {
        return Err(Error::invalid("productId", "只能选择已启用的产品版本"));
    }
    let terms: ProductTerms = serde_json::from_value(row.terms.clone()).map_err(Error::internal)?;
    Ok((row, terms))
}

/// The customer and one of its vehicles.
async fn customer_and_vehicle(
    conn: &impl ConnectionTrait,
    customer_id: i64,
    vehicle_id: i64,
) -> Result<(customer::Model, vehicle::Model)> {
    let customer = customer::Entity::find_by_id(customer_id)
        .one(conn)
        .await?
        .ok_or_else(|| Error::invalid("customerId", "客户不存在"))?;
    let vehicle = vehicle::Entity::find_by_id(vehicle_id)
        .one(conn)
        .await?
        .filter(|v| !v.deleted && v.customer_id == customer_id)
        .ok_or_else(|| Error::invalid("vehicleId", "车辆不存在或不属于该客户"))?;
    Ok((customer, vehicle))
}

/// The amounts and the first due date of an intake, every field error at once.
fn amounts_of(
    terms: &ProductTerms,
    input: &IntakeInput,
) -> Result<(domain::money::order::OrderAmounts, NaiveDate, String)> {
    let request = OrderRequest {
        premiums_fen: input.policies.iter().map(|p| Fen(p.premium_fen)).collect(),
        financed_fen: Fen(input.financed_fen),
        term_n: input.term_n,
        anchor_date: input.anchor_date,
    };
    let amounts = order_amounts(terms, &request).map_err(|errs| {
        let mut fields = BTreeMap::new();
        for e in errs {
            let field = match e.field.as_str() {
                "termN" => "termN".to_owned(),
                "financedFen" => "financedFen".to_owned(),
                other => other
                    .replace("premiumsFen", "policies")
                    .replace(']', "].premiumFen"),
            };
            fields.entry(field).or_insert(e.message);
        }
        let message = fields.values().next().cloned().unwrap_or_default();
        Error::Invalid { message, fields }
    })?;
    let plan = generate_plan(
        terms,
        Fen(input.financed_fen),
        input.term_n,
        input.anchor_date,
    )
    .or_invalid("financedFen")?;
    let first_due = plan
        .items
        .first()
        .map(|i| i.due_date)
        .unwrap_or(input.anchor_date);
    let hash = hex::encode(Sha256::digest(
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
    ));
    Ok((amounts, first_due, hash))
}

/// Checks the quoted policies: known kinds, each once, enabled insurers.
async fn check_policies(conn: &impl ConnectionTrait, policies: &[PolicyQuote]) -> Result<()> {
    let mut fields = BTreeMap::new();
    if policies.is_empty() {
        fields.insert("policies".to_owned(), "至少需要一张保单".to_owned());
    }
    let mut seen = Vec::new();
    for (i, p) in policies.iter().enumerate() {
        if !POLICY_KINDS.contains(&p.kind.as_str()) {
            fields.insert(
                format!("policies[{i}].kind"),
                "险种只能是商业险、交强险或车船税".to_owned(),
            );
        } else if seen.contains(&p.kind) {
            fields.insert(
                format!("policies[{i}].kind"),
                "同一险种只能填写一次".to_owned(),
            );
        }
        seen.push(p.kind.clone());
        let ok = insurer::Entity::find_by_id(p.insurer_id)
            .one(conn)
            .await?
            .is_some_and(|i| i.enabled);
        if !ok {
            fields.insert(
                format!("policies[{i}].insurerId"),
                "保险公司不存在或已停用".to_owned(),
            );
        }
        if p.premium_fen <= 0 {
            fields.insert(
                format!("policies[{i}].premiumFen"),
                "保费必须大于 0".to_owned(),
            );
        }
    }
    if let Some(message) = fields.values().next().cloned() {
        return Err(Error::Invalid { message, fields });
    }
    Ok(())
}

fn required_text(field: &str, label: &str, value: &str, max: usize) -> Result<String> {
    if value.trim().is_empty() {
        return Err(Error::invalid(field, format!("请填写{label}")));
    }
    domain::text::required(value, max).map_err(|e| Error::invalid(field, format!("{label}{e}")))
}

fn optional_text(field: &str, label: &str, value: &str, max: usize) -> Result<String> {
    domain::text::optional(Some(value), max)
        .map(Option::unwrap_or_default)
        .map_err(|e| Error::invalid(field, format!("{label}{e}")))
}

impl Beehive {
    async fn order_row(&self, conn: &impl ConnectionTrait, id: i64) -> Result<orders::Model> {
        orders::Entity::find_by_id(id)
            .one(conn)
            .await?
            .ok_or_else(not_found)
    }

    /// The next order number of the business date, from the daily sequence (one upsert).
    async fn next_order_no(&self, conn: &impl ConnectionTrait, day: NaiveDate) -> Result<String> {
        let backend = conn.get_database_backend();
        conn.execute_raw(store::sea_orm::Statement::from_sql_and_values(
            backend,
            match backend {
                store::sea_orm::DatabaseBackend::Postgres => {
                    "INSERT INTO order_day_seq (day, last) VALUES ($1, 1) \
                     ON CONFLICT (day) DO UPDATE SET last = order_day_seq.last + 1"
                }
                _ => {
                    "INSERT INTO order_day_seq (day, last) VALUES (?, 1) \
                     ON CONFLICT (day) DO UPDATE SET last = order_day_seq.last + 1"
                }
            },
            [day.into()],
        ))
        .await?;
        let row = conn
            .query_one_raw(store::sea_orm::Statement::from_sql_and_values(
                backend,
                match backend {
                    store::sea_orm::DatabaseBackend::Postgres => {
                        "SELECT last FROM order_day_seq WHERE day = $1"
                    }
                    _ => "SELECT last FROM order_day_seq WHERE day = ?",
                },
                [day.into()],
            ))
            .await?
            .ok_or_else(|| Error::internal(anyhow::anyhow!("order_day_seq lost its row")))?;
        let last: i32 = row.try_get("", "last")?;
        Ok(domain::order::order_no(day, last.unsigned_abs()))
    }

    /// T1: a new application, APPLIED.
    pub async fn apply_order(
        &self,
        me: &Principal,
        client: &ClientInfo,
        input: NewApplication,
    ) -> Result<orders::Model> {
        me.require(ORDER_APPLY_CREATE)?;
        let now = self.clock.now();
        let day = self.business_date().await?;
        let channel = optional_text("channel", "渠道", &input.channel, 64)?;
        let remark = optional_text("remark", "备注", &input.remark, 500)?;
        let txn = store::begin_write(&self.db).await?;
        customer_and_vehicle(&txn, input.customer_id, input.vehicle_id).await?;
        let (product, terms) = active_product(&txn, input.product_id).await?;
        if !terms.term_options.contains(&input.term_n) {
            let options: Vec<String> = terms.term_options.iter().map(u32::to_string).collect();
            return Err(Error::invalid(
                "termN",
                format!("该产品的期数只能是 {} 期之一", options.join("、")),
            ));
        }
        if input.requested_premium_fen <= 0 {
            return Err(Error::invalid("requestedPremiumFen", "保费必须大于 0"));
        }
        let premium = input.requested_premium_fen;
        // The least down payment, rounded up to the fen: ⌈premium × bp / 10 000⌉.
        let least_down =
            (i128::from(premium) * i128::from(terms.min_down_payment_bp.get()) + 9_999) / 10_000;
        let default_financed =
            (i128::from(premium) - least_down).min(i128::from(terms.max_financed_fen.get()));
        let financed = input
            .requested_financed_fen
            .unwrap_or(i64::try_from(default_financed).unwrap_or(0));
        if financed <= 0 || financed > premium {
            return Err(Error::invalid(
                "requestedFinancedFen",
                "申请融资额须大于 0 且不超过保费",
            ));
        }
        let order_no = self.next_order_no(&txn, day).await?;
        let row = orders::ActiveModel {
            order_no: Set(order_no),
            status: Set(OrderStatus::Applied.code().to_owned()),
            status_sort: Set(OrderStatus::Applied.sort()),
            status_changed_at: Set(now),
            customer_id: Set(input.customer_id),
            vehicle_id: Set(input.vehicle_id),
            product_id: Set(product.id),
            product_code: Set(product.code.clone()),
            product_version: Set(product.product_version),
            term_n: Set(i32::try_from(input.term_n).unwrap_or(0)),
            channel: Set(channel),
            requested_premium_fen: Set(premium),
            requested_financed_fen: Set(financed),
            anchor_date: Set(None),
            total_premium_fen: Set(premium),
            down_payment_fen: Set(premium - financed),
            financed_fen: Set(financed),
            upfront_fee_fen: Set(0),
            deposit_fen: Set(0),
            first_instalment_fen: Set(0),
            due_at_down_payment_fen: Set(0),
            approved_financed_fen: Set(None),
            first_due_date: Set(None),
            terms_snapshot: Set(None),
            schedule_hash: Set(None),
            capital_provider_id: Set(None),
            allocation_id: Set(None),
            assignee_id: Set(None),
            submitted_by: Set(None),
            reviewed_by: Set(None),
            return_count: Set(0),
            return_reason: Set(String::new()),
            return_fields: Set(None),
            review_opinion: Set(String::new()),
            reject_reason_code: Set(String::new()),
            reject_reason: Set(String::new()),
            reject_stage: Set(String::new()),
            cancel_reason: Set(String::new()),
            remark: Set(remark),
            applied_at: Set(now),
            intake_started_at: Set(None),
            submitted_at: Set(None),
            approved_at: Set(None),
            allocated_at: Set(None),
            accepted_at: Set(None),
            rejected_at: Set(None),
            cancelled_at: Set(None),
            created_at: Set(now),
            created_by: Set(Some(me.user_id)),
            updated_at: Set(now),
            updated_by: Set(Some(me.user_id)),
            version: Set(0),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
        let by = By::user(me, client);
        transition::log_created(&txn, &by, now, day, &row).await?;
        log_change(
            &txn,
            me,
            client,
            "order.apply",
            "orders",
            Some(row.id),
            serde_json::json!({ "orderNo": row.order_no, "customerId": row.customer_id, "premiumFen": premium, "termN": input.term_n }),
            now,
        )
        .await?;
        txn.commit().await?;
        Ok(row)
    }

    /// T2: takes an application into intake; the caller becomes its assignee.
    pub async fn start_intake(&self, me: &Principal, client: &ClientInfo, id: i64) -> Result<()> {
        me.require(ORDER_INFO_EDIT)?;
        let now = self.clock.now();
        let day = self.business_date().await?;
        let txn = store::begin_write(&self.db).await?;
        let order = self.order_row(&txn, id).await?;
        let event = Event::to_next(OrderEvent::StartIntake, status_of(&order)?)?
            .set(orders::Column::AssigneeId, Expr::value(Some(me.user_id)))
            .set(orders::Column::IntakeStartedAt, Expr::value(Some(now)));
        transition::apply(&txn, &By::user(me, client), now, day, &order, event).await?;
        txn.commit().await?;
        Ok(())
    }

    /// Saves the intake form: the amounts are the product's rules applied to the policies,
    /// financed amount, term and anchor date (every refused field at once). Only in INTAKE and
    /// RETURNED; a save over a newer version answers 409.
    pub async fn save_intake(
        &self,
        me: &Principal,
        client: &ClientInfo,
        id: i64,
        input: IntakeInput,
    ) -> Result<orders::Model> {
        me.require(ORDER_INFO_EDIT)?;
        let now = self.clock.now();
        let channel = optional_text("channel", "渠道", &input.channel, 64)?;
        let remark = optional_text("remark", "备注", &input.remark, 500)?;
        let txn = store::begin_write(&self.db).await?;
        let order = self.order_row(&txn, id).await?;
        let status = status_of(&order)?;
        if !status.is_editable() {
            return Err(Error::Conflict(format!(
                "当前状态不允许该操作（当前状态：{}）",
                status.label()
            )));
        }
        if order.version != input.version {
            return Err(Error::Conflict(crate::error::STALE.to_owned()));
        }
        customer_and_vehicle(&txn, order.customer_id, input.vehicle_id).await?;
        check_policies(&txn, &input.policies).await?;
        let (product, terms) = active_product(&txn, input.product_id).await?;
        let (amounts, first_due, hash) = amounts_of(&terms, &input)?;
        let before = serde_json::json!({
            "vehicleId": order.vehicle_id, "productId": order.product_id, "termN": order.term_n,
            "financedFen": order.financed_fen, "totalPremiumFen": order.total_premium_fen,
            "anchorDate": order.anchor_date,
        });
        let changed = orders::Entity::update_many()
            .col_expr(orders::Column::VehicleId, Expr::value(input.vehicle_id))
            .col_expr(orders::Column::ProductId, Expr::value(product.id))
            .col_expr(
                orders::Column::ProductCode,
                Expr::value(product.code.clone()),
            )
            .col_expr(
                orders::Column::ProductVersion,
                Expr::value(product.product_version),
            )
            .col_expr(
                orders::Column::TermN,
                Expr::value(i32::try_from(input.term_n).unwrap_or(0)),
            )
            .col_expr(
                orders::Column::AnchorDate,
                Expr::value(Some(input.anchor_date)),
            )
            .col_expr(
                orders::Column::TotalPremiumFen,
                Expr::value(amounts.total_premium_fen.get()),
            )
            .col_expr(
                orders::Column::DownPaymentFen,
                Expr::value(amounts.down_payment_fen.get()),
            )
            .col_expr(
                orders::Column::FinancedFen,
                Expr::value(amounts.financed_fen.get()),
            )
            .col_expr(
                orders::Column::UpfrontFeeFen,
                Expr::value(amounts.upfront_fee_fen.get()),
            )
            .col_expr(
                orders::Column::DepositFen,
                Expr::value(amounts.deposit_fen.get()),
            )
            .col_expr(
                orders::Column::FirstInstalmentFen,
                Expr::value(amounts.first_instalment_fen.get()),
            )
            .col_expr(
                orders::Column::DueAtDownPaymentFen,
                Expr::value(amounts.due_at_down_payment_fen.get()),
            )
            .col_expr(orders::Column::FirstDueDate, Expr::value(Some(first_due)))
            .col_expr(orders::Column::ScheduleHash, Expr::value(Some(hash)))
            .col_expr(orders::Column::Channel, Expr::value(channel))
            .col_expr(orders::Column::Remark, Expr::value(remark))
            .col_expr(orders::Column::UpdatedAt, Expr::value(now))
            .col_expr(orders::Column::UpdatedBy, Expr::value(Some(me.user_id)))
            .col_expr(
                orders::Column::Version,
                Expr::col(orders::Column::Version).add(1),
            )
            .filter(orders::Column::Id.eq(id))
            .filter(orders::Column::Version.eq(order.version))
            .filter(orders::Column::Status.eq(order.status.clone()))
            .exec(&txn)
            .await?
            .rows_affected;
        if changed != 1 {
            return Err(Error::Conflict(crate::error::STALE.to_owned()));
        }
        insurance_policy::Entity::delete_many()
            .filter(insurance_policy::Column::OrderId.eq(id))
            .exec(&txn)
            .await?;
        for p in &input.policies {
            insurance_policy::ActiveModel {
                order_id: Set(id),
                kind: Set(p.kind.clone()),
                insurer_id: Set(p.insurer_id),
                premium_fen: Set(p.premium_fen),
                status: Set("QUOTED".to_owned()),
                quote_no: Set(String::new()),
                created_at: Set(now),
                created_by: Set(Some(me.user_id)),
                updated_at: Set(now),
                updated_by: Set(Some(me.user_id)),
                version: Set(0),
                ..Default::default()
            }
            .insert(&txn)
            .await?;
        }
        log_change(
            &txn,
            me,
            client,
            "order.edit",
            "orders",
            Some(id),
            serde_json::json!({
                "orderNo": order.order_no,
                "before": before,
                "after": {
                    "vehicleId": input.vehicle_id, "productId": product.id, "termN": input.term_n,
                    "financedFen": amounts.financed_fen.get(), "totalPremiumFen": amounts.total_premium_fen.get(),
                    "anchorDate": input.anchor_date, "policies": input.policies,
                },
            }),
            now,
        )
        .await?;
        let saved = self.order_row(&txn, id).await?;
        txn.commit().await?;
        Ok(saved)
    }

    /// The snapshot of an order's saved intake, or the field errors that keep it from review.
    async fn snapshot_of(
        &self,
        conn: &impl ConnectionTrait,
        order: &orders::Model,
    ) -> Result<TermsSnapshot> {
        let policies: Vec<PolicyQuote> = insurance_policy::Entity::find()
            .filter(insurance_policy::Column::OrderId.eq(order.id))
            .order_by_asc(insurance_policy::Column::Id)
            .all(conn)
            .await?
            .into_iter()
            .map(|p| PolicyQuote {
                kind: p.kind,
                insurer_id: p.insurer_id,
                premium_fen: p.premium_fen,
            })
            .collect();
        let Some(anchor_date) = order.anchor_date else {
            return Err(Error::invalid(
                "anchorDate",
                "请先填写并保存进件信息（起保日期、保单、融资额）",
            ));
        };
        check_policies(conn, &policies).await?;
        let (product, terms) = active_product(conn, order.product_id).await?;
        let input = IntakeInput {
            vehicle_id: order.vehicle_id,
            product_id: order.product_id,
            term_n: order.term_n.unsigned_abs(),
            anchor_date,
            policies: policies.clone(),
            financed_fen: order.financed_fen,
            channel: order.channel.clone(),
            remark: order.remark.clone(),
            version: order.version,
        };
        let (amounts, first_due, hash) = amounts_of(&terms, &input)?;
        Ok(TermsSnapshot {
            product_id: product.id,
            product_code: product.code,
            product_name: product.name,
            product_version: product.product_version,
            terms,
            policies,
            term_n: input.term_n,
            anchor_date,
            total_premium_fen: amounts.total_premium_fen.get(),
            down_payment_fen: amounts.down_payment_fen.get(),
            financed_fen: amounts.financed_fen.get(),
            upfront_fee_fen: amounts.upfront_fee_fen.get(),
            deposit_fen: amounts.deposit_fen.get(),
            first_instalment_fen: amounts.first_instalment_fen.get(),
            due_at_down_payment_fen: amounts.due_at_down_payment_fen.get(),
            first_due_date: first_due,
            schedule_hash: hash,
        })
    }

    /// T3 (from INTAKE) or T6 (from RETURNED): the terms snapshot is taken and the order waits
    /// for review. A resubmission records what changed since the previous submission.
    pub async fn submit_intake(&self, me: &Principal, client: &ClientInfo, id: i64) -> Result<()> {
        me.require(ORDER_INFO_SUBMIT)?;
        let now = self.clock.now();
        let day = self.business_date().await?;
        let txn = store::begin_write(&self.db).await?;
        let order = self.order_row(&txn, id).await?;
        let from = status_of(&order)?;
        let kind = if from == OrderStatus::Returned {
            OrderEvent::Resubmit
        } else {
            OrderEvent::SubmitIntake
        };
        // The table first, so a refused submission names the status, not a missing field.
        let event = Event::to_next(kind, from)?;
        let snapshot = self.snapshot_of(&txn, &order).await?;
        let previous: Option<TermsSnapshot> = order
            .terms_snapshot
            .clone()
            .and_then(|v| serde_json::from_value(v).ok());
        let changes = previous.as_ref().map(|p| changed_fields(p, &snapshot));
        let json = serde_json::to_value(&snapshot).map_err(Error::internal)?;
        let mut event = event
            .set(orders::Column::TermsSnapshot, Expr::value(Some(json)))
            .set(orders::Column::SubmittedBy, Expr::value(Some(me.user_id)))
            .set(orders::Column::SubmittedAt, Expr::value(Some(now)))
            .amount(snapshot.financed_fen);
        if let Some(changes) = changes {
            event = event.detail(serde_json::json!({
                "changed": changes,
                "resubmission": order.return_count,
            }));
        }
        transition::apply(&txn, &By::user(me, client), now, day, &order, event).await?;
        txn.commit().await?;
        Ok(())
    }

    /// T4, T5 or T7. The reviewer may not be the submitter. An approval of less than asked
    /// recomputes the amounts with the snapshot's terms.
    pub async fn review_order(
        &self,
        me: &Principal,
        client: &ClientInfo,
        id: i64,
        review: Review,
    ) -> Result<()> {
        me.require(ORDER_INFO_REVIEW)?;
        let now = self.clock.now();
        let day = self.business_date().await?;
        let txn = store::begin_write(&self.db).await?;
        let order = self.order_row(&txn, id).await?;
        let from = status_of(&order)?;
        let by = By::user(me, client);
        let event = match review {
            Review::Approve {
                approved_financed_fen,
                opinion,
            } => {
                let event = Event::to_next(OrderEvent::ApproveIntake, from)?;
                let opinion = optional_text("opinion", "审核意见", &opinion, 500)?;
                let mut snapshot: TermsSnapshot = order
                    .terms_snapshot
                    .clone()
                    .and_then(|v| serde_json::from_value(v).ok())
                    .ok_or_else(|| {
                        Error::internal(anyhow::anyhow!("order {id} has no snapshot"))
                    })?;
                let approved = approved_financed_fen.unwrap_or(snapshot.financed_fen);
                if approved <= 0 || approved > snapshot.financed_fen {
                    return Err(Error::invalid(
                        "approvedFinancedFen",
                        format!(
                            "批准融资额须大于 0 且不超过申请的 {} 元",
                            yuan(snapshot.financed_fen)
                        ),
                    ));
                }
                let mut event = event
                    .maker(order.submitted_by)
                    .comment(opinion.clone())
                    .amount(approved)
                    .set(
                        orders::Column::ApprovedFinancedFen,
                        Expr::value(Some(approved)),
                    )
                    .set(orders::Column::ReviewOpinion, Expr::value(opinion))
                    .set(orders::Column::ReviewedBy, Expr::value(Some(me.user_id)))
                    .set(orders::Column::ApprovedAt, Expr::value(Some(now)));
                if approved != snapshot.financed_fen {
                    let input = IntakeInput {
                        vehicle_id: order.vehicle_id,
                        product_id: snapshot.product_id,
                        term_n: snapshot.term_n,
                        anchor_date: snapshot.anchor_date,
                        policies: snapshot.policies.clone(),
                        financed_fen: approved,
                        channel: String::new(),
                        remark: String::new(),
                        version: order.version,
                    };
                    let (amounts, first_due, hash) =
                        amounts_of(&snapshot.terms, &input).map_err(|e| match e {
                            Error::Invalid { message, .. } => {
                                Error::invalid("approvedFinancedFen", message)
                            }
                            other => other,
                        })?;
                    snapshot.financed_fen = amounts.financed_fen.get();
                    snapshot.down_payment_fen = amounts.down_payment_fen.get();
                    snapshot.upfront_fee_fen = amounts.upfront_fee_fen.get();
                    snapshot.deposit_fen = amounts.deposit_fen.get();
                    snapshot.first_instalment_fen = amounts.first_instalment_fen.get();
                    snapshot.due_at_down_payment_fen = amounts.due_at_down_payment_fen.get();
                    snapshot.first_due_date = first_due;
                    snapshot.schedule_hash = hash.clone();
                    let json = serde_json::to_value(&snapshot).map_err(Error::internal)?;
                    event = event
                        .set(orders::Column::TermsSnapshot, Expr::value(Some(json)))
                        .set(
                            orders::Column::FinancedFen,
                            Expr::value(snapshot.financed_fen),
                        )
                        .set(
                            orders::Column::DownPaymentFen,
                            Expr::value(snapshot.down_payment_fen),
                        )
                        .set(
                            orders::Column::UpfrontFeeFen,
                            Expr::value(snapshot.upfront_fee_fen),
                        )
                        .set(
                            orders::Column::DepositFen,
                            Expr::value(snapshot.deposit_fen),
                        )
                        .set(
                            orders::Column::FirstInstalmentFen,
                            Expr::value(snapshot.first_instalment_fen),
                        )
                        .set(
                            orders::Column::DueAtDownPaymentFen,
                            Expr::value(snapshot.due_at_down_payment_fen),
                        )
                        .set(orders::Column::ScheduleHash, Expr::value(Some(hash)))
                        .detail(serde_json::json!({ "requestedFinancedFen": order.financed_fen }));
                }
                event
            }
            Review::Return { reason, fields } => {
                let event = Event::to_next(OrderEvent::Return, from)?;
                let reason = required_text("reason", "退回原因", &reason, 500)?;
                if fields.is_empty() {
                    return Err(Error::invalid("fields", "请选择需要修改的内容"));
                }
                if let Some(bad) = fields.iter().find(|f| !RETURN_FIELDS.contains(&f.as_str())) {
                    return Err(Error::invalid("fields", format!("未知的修改项：{bad}")));
                }
                event
                    .maker(order.submitted_by)
                    .comment(reason.clone())
                    .detail(serde_json::json!({ "fields": fields, "returnCount": order.return_count + 1 }))
                    .set(orders::Column::ReturnReason, Expr::value(reason))
                    .set(orders::Column::ReturnFields, Expr::value(Some(serde_json::json!(fields))))
                    .set(orders::Column::ReturnCount, Expr::col(orders::Column::ReturnCount).add(1))
                    .set(orders::Column::ReviewedBy, Expr::value(Some(me.user_id)))
            }
            Review::Reject {
                reason_code,
                reason,
            } => {
                let event = Event::to_next(OrderEvent::Reject, from)?;
                let code = crate::customer::check_dict(
                    &txn,
                    "reasonCode",
                    "拒绝原因",
                    "reject_reason",
                    &reason_code,
                )
                .await?;
                let reason = optional_text("reason", "拒绝说明", &reason, 500)?;
                let mut event = event
                    .maker(order.submitted_by)
                    .comment(reason.clone())
                    .set(orders::Column::RejectReasonCode, Expr::value(code.clone()))
                    .set(orders::Column::RejectReason, Expr::value(reason))
                    .set(orders::Column::RejectStage, Expr::value("REVIEW"))
                    .set(orders::Column::ReviewedBy, Expr::value(Some(me.user_id)))
                    .set(orders::Column::RejectedAt, Expr::value(Some(now)));
                event.reason_code = code;
                event
            }
        };
        transition::apply(&txn, &by, now, day, &order, event).await?;
        txn.commit().await?;
        // An approved order enters the queue: the rules may take it at once (a separate
        // transaction: the approval stands even when no rule takes it). A re-quoted order kept
        // its provider and reservation: it goes back to that provider.
        if status_of(&self.order_row(&self.db, id).await?)? == OrderStatus::PendingAllocation
            && !self.resume_allocation(id).await?
        {
            self.auto_allocate_order(id).await?;
        }
        Ok(())
    }

    /// T30/T31: cancels an order before disbursement: money received must have been refunded;
    /// its contracts are voided, its unpaid premium line removed and its credit released.
    pub async fn cancel_order(
        &self,
        me: &Principal,
        client: &ClientInfo,
        id: i64,
        reason: &str,
    ) -> Result<()> {
        me.require(ORDER_INFO_CANCEL)?;
        let now = self.clock.now();
        let day = self.business_date().await?;
        let txn = store::begin_write(&self.db).await?;
        let order = self.order_row(&txn, id).await?;
        let event = Event::to_next(OrderEvent::Cancel, status_of(&order)?)?;
        let reason = required_text("reason", "取消原因", reason, 500)?;
        // Money received must go back first (E13): the cancellation waits for the refund.
        let held = down_payment::money_held(&txn, order.id).await?;
        if held > 0 {
            return Err(Error::Conflict(format!(
                "订单已收款 ¥{}，请先登记退款再取消",
                yuan(held)
            )));
        }
        let pending = store::entity::order_receipt::Entity::find()
            .filter(store::entity::order_receipt::Column::OrderId.eq(order.id))
            .filter(store::entity::order_receipt::Column::Status.eq("RECORDED"))
            .one(&txn)
            .await?;
        if pending.is_some() {
            return Err(Error::Conflict(
                "订单有待确认的收款，请先确认或驳回".to_owned(),
            ));
        }
        premium::remove_live_line(&txn, order.id, now).await?;
        let by = By::user(me, client);
        contracts::void_live(&txn, &by, now, order.id, None, "订单取消").await?;
        let released = allocation::release_live(&txn, &order, "CANCELLED", &reason, now).await?;
        let mut event = event
            .comment(reason.clone())
            .set(orders::Column::CancelReason, Expr::value(reason))
            .set(orders::Column::CancelledAt, Expr::value(Some(now)));
        if let Some((allocation_id, fen)) = released {
            event = event
                .reference("allocation", allocation_id)
                .detail(serde_json::json!({ "releasedFen": fen }));
        }
        transition::apply(&txn, &by, now, day, &order, event).await?;
        txn.commit().await?;
        Ok(())
    }

    /// An order list of one screen.
    pub async fn order_page(
        &self,
        me: &Principal,
        stage: Stage,
        request: &PageRequest,
        filter: &OrderFilter,
    ) -> Result<Page<OrderRow>> {
        me.require(stage.permission())?;
        let paging = request.check(SORTS, (orders::Column::Id, Order::Desc))?;
        let query = paging.order(self.filtered_orders(stage, filter)?, orders::Column::Id);
        let (rows, total) = paging.fetch(&self.db, query).await?;
        let records = self.order_rows(&self.db, rows).await?;
        Ok(paging.page_of(records, total))
    }

    /// Exports an order list as filtered and sorted on the screen (its own permission), read in
    /// batches from one snapshot with the names of each batch looked up together.
    pub async fn export_orders(
        &self,
        me: &Principal,
        client: &ClientInfo,
        stage: Stage,
        request: &PageRequest,
        filter: &OrderFilter,
    ) -> Result<crate::export::Exported> {
        // The export's own permission is the one it needs (as every list's export button).
        let Some(permission) = stage.export_permission() else {
            return Err(Error::Forbidden("该列表不能导出".to_owned()));
        };
        me.require(permission)?;
        let paging = request.check(SORTS, (orders::Column::Id, Order::Desc))?;
        let query = paging.order(self.filtered_orders(stage, filter)?, orders::Column::Id);
        let txn = self.export_snapshot().await?;
        let mut sink = crate::export::ExportSink::start();
        let mut batches = store::sea_orm::PaginatorTrait::paginate(query, &txn, 500);
        while let Some(rows) = batches.fetch_and_next().await? {
            let rows = self.order_rows(&txn, rows).await?;
            if !sink.write(rows).await? {
                break;
            }
        }
        txn.commit().await?;
        let exported = self.finish_export(me, sink).await?;
        crate::export::log_export(
            &self.db,
            me,
            client,
            stage.list_name(),
            &exported,
            self.clock.now(),
        )
        .await?;
        Ok(exported)
    }

    /// A customer's orders (the customer page's orders section).
    pub async fn customer_order_page(
        &self,
        me: &Principal,
        request: &PageRequest,
        customer_id: i64,
    ) -> Result<Page<OrderRow>> {
        me.require(domain::permission::codes::CUSTOMER_TABLE)?;
        let paging = request.check(SORTS, (orders::Column::Id, Order::Desc))?;
        let filter = OrderFilter {
            customer_id: Some(customer_id),
            ..Default::default()
        };
        let query = paging.order(
            self.filtered_orders(Stage::All, &filter)?,
            orders::Column::Id,
        );
        let (rows, total) = paging.fetch(&self.db, query).await?;
        let records = self.order_rows(&self.db, rows).await?;
        Ok(paging.page_of(records, total))
    }

    fn filtered_orders(
        &self,
        stage: Stage,
        filter: &OrderFilter,
    ) -> Result<Select<orders::Entity>> {
        let mut query = orders::Entity::find();
        let statuses: Vec<&str> = stage.statuses().iter().map(|s| s.code()).collect();
        if stage != Stage::All {
            query = query.filter(orders::Column::Status.is_in(statuses.clone()));
        }
        if let Some(v) = paging::text("status", filter.status.as_deref())? {
            if !statuses.contains(&v) {
                return Err(Error::invalid("status", "该列表没有这个订单状态"));
            }
            query = query.filter(orders::Column::Status.eq(v));
        }
        if let Some(v) = paging::text("orderNo", filter.order_no.as_deref())? {
            query = query.filter(paging::contains(orders::Column::OrderNo, v));
        }
        if let Some(id) = filter.customer_id {
            query = query.filter(orders::Column::CustomerId.eq(id));
        }
        let mut customers = Condition::all();
        let mut by_customer = false;
        if let Some(v) = paging::text("customerName", filter.customer_name.as_deref())? {
            customers = customers.add(paging::contains(customer::Column::Name, v));
            by_customer = true;
        }
        if let Some(v) = paging::text("mobile", filter.mobile.as_deref())? {
            customers = customers.add(self.mobile_matches(v));
            by_customer = true;
        }
        if by_customer {
            query = query.filter(
                orders::Column::CustomerId.in_subquery(
                    Query::select()
                        .column(customer::Column::Id)
                        .from(customer::Entity)
                        .cond_where(customers)
                        .to_owned(),
                ),
            );
        }
        if let Some(v) = paging::text("plateNo", filter.plate_no.as_deref())? {
            query = query.filter(
                orders::Column::VehicleId.in_subquery(
                    Query::select()
                        .column(vehicle::Column::Id)
                        .from(vehicle::Entity)
                        .and_where(paging::contains(
                            vehicle::Column::PlateNo,
                            &v.to_uppercase(),
                        ))
                        .to_owned(),
                ),
            );
        }
        if let Some(id) = filter.capital_provider_id {
            query = query.filter(orders::Column::CapitalProviderId.eq(id));
        }
        if let Some(id) = filter.insurer_id {
            query = query.filter(
                orders::Column::Id.in_subquery(
                    Query::select()
                        .column(insurance_policy::Column::OrderId)
                        .from(insurance_policy::Entity)
                        .and_where(insurance_policy::Column::InsurerId.eq(id))
                        .to_owned(),
                ),
            );
        }
        if let Some(ms) = filter.applied_from {
            query = query
                .filter(orders::Column::AppliedAt.gte(paging::time_from_ms("appliedFrom", ms)?));
        }
        if let Some(ms) = filter.applied_to {
            query =
                query.filter(orders::Column::AppliedAt.lt(paging::time_from_ms("appliedTo", ms)?));
        }
        if let Some(v) = paging::text("bucket", filter.bucket.as_deref())? {
            query = query.filter(orders::Column::Bucket.eq(v));
        }
        for (field, v) in [("dpdFrom", filter.dpd_from), ("dpdTo", filter.dpd_to)] {
            if v.is_some_and(|d| !(0..=36_500).contains(&d)) {
                return Err(Error::invalid(field, "逾期天数须在 0 到 36500 之间"));
            }
        }
        if let (Some(from), Some(to)) = (filter.dpd_from, filter.dpd_to)
            && from > to
        {
            return Err(Error::invalid("dpdTo", "逾期天数上限不能小于下限"));
        }
        if let Some(d) = filter.dpd_from {
            query = query.filter(orders::Column::OverdueDays.gte(d));
        }
        if let Some(d) = filter.dpd_to {
            query = query.filter(orders::Column::OverdueDays.lte(d));
        }
        Ok(query)
    }

    /// The list rows of `rows`: names looked up in one query per table.
    async fn order_rows(
        &self,
        conn: &impl ConnectionTrait,
        rows: Vec<orders::Model>,
    ) -> Result<Vec<OrderRow>> {
        let ids = |f: fn(&orders::Model) -> Option<i64>| -> Vec<i64> {
            let mut v: Vec<i64> = rows.iter().filter_map(f).collect();
            v.sort_unstable();
            v.dedup();
            v
        };
        let customers: HashMap<i64, customer::Model> = customer::Entity::find()
            .filter(customer::Column::Id.is_in(ids(|o| Some(o.customer_id))))
            .all(conn)
            .await?
            .into_iter()
            .map(|c| (c.id, c))
            .collect();
        let vehicles: HashMap<i64, vehicle::Model> = vehicle::Entity::find()
            .filter(vehicle::Column::Id.is_in(ids(|o| Some(o.vehicle_id))))
            .all(conn)
            .await?
            .into_iter()
            .map(|v| (v.id, v))
            .collect();
        let products: HashMap<i64, String> = product::Entity::find()
            .filter(product::Column::Id.is_in(ids(|o| Some(o.product_id))))
            .all(conn)
            .await?
            .into_iter()
            .map(|p| (p.id, p.name))
            .collect();
        let providers: HashMap<i64, String> = capital_provider::Entity::find()
            .filter(capital_provider::Column::Id.is_in(ids(|o| o.capital_provider_id)))
            .all(conn)
            .await?
            .into_iter()
            .map(|p| (p.id, p.name))
            .collect();
        let policies = insurance_policy::Entity::find()
            .filter(insurance_policy::Column::OrderId.is_in(ids(|o| Some(o.id))))
            .order_by_asc(insurance_policy::Column::Id)
            .all(conn)
            .await?;
        let insurer_ids: Vec<i64> = policies.iter().map(|p| p.insurer_id).collect();
        let insurers: HashMap<i64, String> = insurer::Entity::find()
            .filter(insurer::Column::Id.is_in(insurer_ids))
            .all(conn)
            .await?
            .into_iter()
            .map(|i| (i.id, i.name))
            .collect();
        let users: HashMap<i64, String> = admin_user::Entity::find()
            .filter(admin_user::Column::Id.is_in({
                let mut v = ids(|o| o.assignee_id);
                v.extend(ids(|o| o.reviewed_by));
                v
            }))
            .all(conn)
            .await?
            .into_iter()
            .map(|u| (u.id, u.name))
            .collect();
        let mut notices: HashMap<i64, store::entity::demand_notice::Model> = HashMap::new();
        for n in store::entity::demand_notice::Entity::find()
            .filter(
                store::entity::demand_notice::Column::OrderId
                    .is_in(rows.iter().map(|o| o.id).collect::<Vec<_>>()),
            )
            .order_by_asc(store::entity::demand_notice::Column::Id)
            .all(conn)
            .await?
        {
            notices.insert(n.order_id, n);
        }
        let ids: Vec<i64> = rows.iter().map(|o| o.id).collect();
        let mut paid: HashMap<i64, PaidByComponent> = HashMap::new();
        let sums: Vec<(i64, String, i64)> = store::entity::repayment_allocation::Entity::find()
            .select_only()
            .column(store::entity::repayment_allocation::Column::OrderId)
            .column(store::entity::repayment_allocation::Column::Component)
            // SUM of a BIGINT is NUMERIC on PostgreSQL; the cast reads back as i64 on both.
            .expr(store::sea_orm::sea_query::Func::cast_as(
                store::sea_orm::sea_query::Func::sum(Expr::col(
                    store::entity::repayment_allocation::Column::AmountFen,
                )),
                "BIGINT",
            ))
            .filter(store::entity::repayment_allocation::Column::OrderId.is_in(ids.clone()))
            .group_by(store::entity::repayment_allocation::Column::OrderId)
            .group_by(store::entity::repayment_allocation::Column::Component)
            .into_tuple()
            .all(conn)
            .await?;
        for (order_id, component, amount) in sums {
            let p = paid.entry(order_id).or_default();
            match component.as_str() {
                "PRINCIPAL" => p.principal_fen = amount,
                "INTEREST" => p.interest_fen = amount,
                "FEE" => p.fee_fen = amount,
                _ => p.penalty_fen = amount,
            }
        }
        let mut surrenders: HashMap<i64, store::entity::surrender::Model> = HashMap::new();
        for s in store::entity::surrender::Entity::find()
            .filter(store::entity::surrender::Column::OrderId.is_in(ids))
            .filter(store::entity::surrender::Column::RefundReceivedOn.is_not_null())
            .order_by_asc(store::entity::surrender::Column::Id)
            .all(conn)
            .await?
        {
            surrenders.insert(s.order_id, s);
        }
        Ok(rows
            .into_iter()
            .map(|order| {
                let c = customers.get(&order.customer_id);
                let v = vehicles.get(&order.vehicle_id);
                let mut insurer_names: Vec<String> = policies
                    .iter()
                    .filter(|p| p.order_id == order.id)
                    .filter_map(|p| insurers.get(&p.insurer_id).cloned())
                    .collect();
                insurer_names.dedup();
                OrderRow {
                    customer_name: c.map(|c| c.name.clone()).unwrap_or_default(),
                    customer_mobile: c.map(|c| c.mobile_mask.clone()).unwrap_or_default(),
                    plate_no: v.map(|v| v.plate_no.clone()).unwrap_or_default(),
                    vin: v.map(|v| v.vin.clone()).unwrap_or_default(),
                    product_name: products.get(&order.product_id).cloned().unwrap_or_default(),
                    capital_provider_name: order
                        .capital_provider_id
                        .and_then(|id| providers.get(&id).cloned()),
                    insurer_names,
                    assignee_name: order.assignee_id.and_then(|id| users.get(&id).cloned()),
                    reviewer_name: order.reviewed_by.and_then(|id| users.get(&id).cloned()),
                    demand_notice: notices.remove(&order.id),
                    paid_by_component: paid.get(&order.id).copied().unwrap_or_default(),
                    surrender: surrenders.remove(&order.id),
                    order,
                }
            })
            .collect())
    }

    /// The order page.
    pub async fn order_view(&self, me: &Principal, id: i64) -> Result<OrderView> {
        me.require(ORDER_INFO_TABLE)?;
        let order = self.order_row(&self.db, id).await?;
        let row = self
            .order_rows(&self.db, vec![order.clone()])
            .await?
            .pop()
            .ok_or_else(not_found)?;
        let customer = customer::Entity::find_by_id(order.customer_id)
            .one(&self.db)
            .await?
            .ok_or_else(not_found)?;
        let vehicle = vehicle::Entity::find_by_id(order.vehicle_id)
            .one(&self.db)
            .await?
            .ok_or_else(not_found)?;
        let policies = insurance_policy::Entity::find()
            .filter(insurance_policy::Column::OrderId.eq(id))
            .order_by_asc(insurance_policy::Column::Id)
            .all(&self.db)
            .await?;
        let insurers: HashMap<i64, String> = insurer::Entity::find()
            .filter(
                insurer::Column::Id
                    .is_in(policies.iter().map(|p| p.insurer_id).collect::<Vec<_>>()),
            )
            .all(&self.db)
            .await?
            .into_iter()
            .map(|i| (i.id, i.name))
            .collect();
        let policies = policies
            .into_iter()
            .map(|p| {
                let name = insurers.get(&p.insurer_id).cloned().unwrap_or_default();
                (p, name)
            })
            .collect();
        let schedule = self.order_schedule(&order).await?;
        let allocations = allocation_row::Entity::find()
            .filter(allocation_row::Column::OrderId.eq(id))
            .order_by_asc(allocation_row::Column::Id)
            .all(&self.db)
            .await?;
        let providers: HashMap<i64, String> = capital_provider::Entity::find()
            .filter(
                capital_provider::Column::Id.is_in(
                    allocations
                        .iter()
                        .map(|a| a.capital_provider_id)
                        .collect::<Vec<_>>(),
                ),
            )
            .all(&self.db)
            .await?
            .into_iter()
            .map(|p| (p.id, p.name))
            .collect();
        let allocations = allocations
            .into_iter()
            .map(|a| {
                let name = providers
                    .get(&a.capital_provider_id)
                    .cloned()
                    .unwrap_or_default();
                (a, name)
            })
            .collect();
        let timeline = order_status_log::Entity::find()
            .filter(order_status_log::Column::OrderId.eq(id))
            .order_by_asc(order_status_log::Column::Id)
            .all(&self.db)
            .await?;
        let others = |rows: Vec<orders::Model>| -> Vec<(i64, String, String)> {
            rows.into_iter()
                .filter(|o| o.id != id)
                .map(|o| (o.id, o.order_no, o.status))
                .collect()
        };
        let same_customer = others(
            orders::Entity::find()
                .filter(orders::Column::CustomerId.eq(order.customer_id))
                .order_by_desc(orders::Column::Id)
                .all(&self.db)
                .await?,
        );
        let same_vin = others(
            orders::Entity::find()
                .filter(orders::Column::CustomerId.ne(order.customer_id))
                .filter(
                    orders::Column::VehicleId.in_subquery(
                        Query::select()
                            .column(vehicle::Column::Id)
                            .from(vehicle::Entity)
                            .and_where(vehicle::Column::Vin.eq(vehicle.vin.clone()))
                            .to_owned(),
                    ),
                )
                .order_by_desc(orders::Column::Id)
                .all(&self.db)
                .await?,
        );
        Ok(OrderView {
            row,
            policies,
            customer,
            vehicle,
            schedule,
            allocations,
            timeline,
            same_customer,
            same_vin,
        })
    }

    /// The schedule of an order: from its snapshot once submitted, else from its saved intake
    /// with the product's current terms (a preview); `None` before the intake has amounts.
    async fn order_schedule(
        &self,
        order: &orders::Model,
    ) -> Result<Option<crate::system::products::ScheduleQuote>> {
        let snapshot: Option<TermsSnapshot> = order
            .terms_snapshot
            .clone()
            .and_then(|v| serde_json::from_value(v).ok());
        let (terms, financed, term_n, anchor) = match (snapshot, order.anchor_date) {
            (Some(s), _) => (s.terms, s.financed_fen, s.term_n, s.anchor_date),
            (None, Some(anchor)) => {
                let Some(row) = product::Entity::find_by_id(order.product_id)
                    .one(&self.db)
                    .await?
                else {
                    return Ok(None);
                };
                let terms: ProductTerms =
                    serde_json::from_value(row.terms).map_err(Error::internal)?;
                (
                    terms,
                    order.financed_fen,
                    order.term_n.unsigned_abs(),
                    anchor,
                )
            }
            (None, None) => return Ok(None),
        };
        let Some(row) = product::Entity::find_by_id(order.product_id)
            .one(&self.db)
            .await?
        else {
            return Ok(None);
        };
        let Ok(plan) = generate_plan(&terms, Fen(financed), term_n, anchor) else {
            return Ok(None);
        };
        crate::system::products::quote(&row, &terms, plan).map(Some)
    }
}

/// The fields a resubmission changed, as `field: [before, after]`.
fn changed_fields(before: &TermsSnapshot, after: &TermsSnapshot) -> serde_json::Value {
    let mut changed = serde_json::Map::new();
    let b = serde_json::to_value(before).unwrap_or_default();
    let a = serde_json::to_value(after).unwrap_or_default();
    if let (Some(b), Some(a)) = (b.as_object(), a.as_object()) {
        for (key, new) in a {
            if key == "terms" || key == "scheduleHash" {
                continue;
            }
            let old = b.get(key).cloned().unwrap_or_default();
            if &old != new {
                changed.insert(key.clone(), serde_json::json!([old, new]));
            }
        }
    }
    serde_json::Value::Object(changed)
}

const SORTS: &[(&str, orders::Column)] = &[
    ("id", orders::Column::Id),
    ("orderNo", orders::Column::OrderNo),
    ("appliedAt", orders::Column::AppliedAt),
    ("statusSort", orders::Column::StatusSort),
    ("updatedAt", orders::Column::UpdatedAt),
    ("financedFen", orders::Column::FinancedFen),
    ("overdueDays", orders::Column::OverdueDays),
    ("outstandingFen", orders::Column::OutstandingFen),
    ("nextDueDate", orders::Column::NextDueDate),
];

impl crate::export::Exportable for OrderRow {
    const SHEET: &'static str = "订单列表";
    fn columns() -> Vec<crate::export::ExportColumn<Self>> {
        use crate::export::{Cell, ExportColumn};
        vec![
            ExportColumn {
                header: "订单编号",
                width: 20.0,
                value: |r| Cell::from(r.order.order_no.as_str()),
            },
            ExportColumn {
                header: "订单状态",
                width: 16.0,
                value: |r| {
                    Cell::from(
                        OrderStatus::parse(&r.order.status)
                            .map_or(r.order.status.as_str(), |s| s.label()),
                    )
                },
            },
            ExportColumn {
                header: "客户名称",
                width: 16.0,
                value: |r| Cell::from(r.customer_name.as_str()),
            },
            ExportColumn {
                header: "手机号",
                width: 14.0,
                value: |r| Cell::from(r.customer_mobile.as_str()),
            },
            ExportColumn {
                header: "车牌号",
                width: 12.0,
                value: |r| Cell::from(r.plate_no.as_str()),
            },
            ExportColumn {
                header: "产品",
                width: 20.0,
                value: |r| Cell::from(format!("{} V{}", r.product_name, r.order.product_version)),
            },
            ExportColumn {
                header: "期数",
                width: 8.0,
                value: |r| Cell::from(i64::from(r.order.term_n)),
            },
            ExportColumn {
                header: "总保费（元）",
                width: 14.0,
                value: |r| Cell::from(yuan(r.order.total_premium_fen)),
            },
            ExportColumn {
                header: "首付（元）",
                width: 14.0,
                value: |r| Cell::from(yuan(r.order.down_payment_fen)),
            },
            ExportColumn {
                header: "融资额（元）",
                width: 14.0,
                value: |r| Cell::from(yuan(r.order.financed_fen)),
            },
            ExportColumn {
                header: "保险公司",
                width: 24.0,
                value: |r| Cell::from(r.insurer_names.join("、")),
            },
            ExportColumn {
                header: "资金方",
                width: 18.0,
                value: |r| Cell::from(r.capital_provider_name.clone().unwrap_or_default()),
            },
            ExportColumn {
                header: "渠道",
                width: 12.0,
                value: |r| Cell::from(r.order.channel.as_str()),
            },
            ExportColumn {
                header: "申请时间",
                width: 20.0,
                value: |r| Cell::from(r.order.applied_at),
            },
            // What repayment made of it (blank before disbursement).
            ExportColumn {
                header: "已还（元）",
                width: 14.0,
                value: |r| disbursed(r, |o| yuan(o.paid_fen)),
            },
            ExportColumn {
                header: "未还（元）",
                width: 14.0,
                value: |r| disbursed(r, |o| yuan(o.outstanding_fen)),
            },
            ExportColumn {
                header: "下期应还日",
                width: 12.0,
                value: |r| Cell::from(r.order.next_due_date.map(|d| d.to_string())),
            },
            ExportColumn {
                header: "下期应还（元）",
                width: 14.0,
                value: |r| Cell::from(r.order.next_due_date.map(|_| yuan(r.order.next_due_fen))),
            },
            ExportColumn {
                header: "逾期天数",
                width: 10.0,
                value: |r| {
                    Cell::from(
                        r.order
                            .disbursed_at
                            .map(|_| i64::from(r.order.overdue_days)),
                    )
                },
            },
            ExportColumn {
                header: "逾期分档",
                width: 10.0,
                value: |r| Cell::from(Some(r.order.bucket.clone()).filter(|b| !b.is_empty())),
            },
            ExportColumn {
                header: "结清时间",
                width: 20.0,
                value: |r| r.order.settled_at.map_or(Cell::Empty, Cell::from),
            },
        ]
    }
}

/// A money figure of a disbursed order, blank before.
fn disbursed(r: &OrderRow, figure: impl Fn(&orders::Model) -> String) -> crate::export::Cell {
    match r.order.disbursed_at {
        Some(_) => crate::export::Cell::from(figure(&r.order)),
        None => crate::export::Cell::Empty,
    }
}

/// A money-core error met while replaying an order: the order's facts do not fit (409).
#[allow(clippy::needless_pass_by_value)] // used as `map_err(money_error)`
pub(crate) fn money_error(e: domain::money::MoneyError) -> Error {
    Error::Conflict(e.to_string())
}
