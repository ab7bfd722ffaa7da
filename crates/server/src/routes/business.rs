//! 业务管理 (`/business`): the order lists of each screen, the order page, the order commands of
//! part 1 (application, intake, review, allocation, cancellation), the allocation rules and
//! records, a customer's orders and the order files (docs/orders.md).

use super::common::IdData;
use super::common::{ExportData, PageData, SortDto, page_request};
use super::order_rules::ScheduleData;
use crate::AppState;
use crate::auth::{Admin, Capital, Client};
use crate::envelope::{Envelope, ok};
use crate::error::ApiError;
use crate::extract::{Json, Path};
use crate::upload::{Multipart, file_response};
use axum::extract::State;
use axum::response::Response;
use domain::allocation::Conditions;
use domain::order::{OrderEvent, OrderStatus};
use domain::status::Status;
use serde::{Deserialize, Serialize};
use service::customer::order_files::{
    Examine, NewOrderFile, OrderFileApplyFilter, OrderFileApplyRow, OrderFileFilter, OrderFileRow,
};
use service::order::allocation::{Acceptance, AllocationRow, BatchOutcome, RuleInput, RuleRow};
use service::order::{
    IntakeInput, NewApplication, OrderFilter, OrderRow, OrderView, PolicyQuote, Review, Stage,
};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(apply_page))
        .routes(routes!(intake_page))
        .routes(routes!(review_page))
        .routes(routes!(queue_page))
        .routes(routes!(rejected_page))
        .routes(routes!(all_page))
        .routes(routes!(apply_export))
        .routes(routes!(intake_export))
        .routes(routes!(review_export))
        .routes(routes!(queue_export))
        .routes(routes!(all_export))
        .routes(routes!(order_view))
        .routes(routes!(order_choices))
        .routes(routes!(order_apply))
        .routes(routes!(order_start_intake))
        .routes(routes!(order_save_intake))
        .routes(routes!(order_submit))
        .routes(routes!(order_approve))
        .routes(routes!(order_return))
        .routes(routes!(order_reject))
        .routes(routes!(order_cancel))
        .routes(routes!(order_allocate))
        .routes(routes!(order_auto_allocate))
        .routes(routes!(order_accept))
        .routes(routes!(order_unallocate))
        .routes(routes!(order_no_funder))
        .routes(routes!(rule_page))
        .routes(routes!(rule_create))
        .routes(routes!(rule_update))
        .routes(routes!(rule_enable))
        .routes(routes!(rule_disable))
        .routes(routes!(allocation_page))
        .routes(routes!(customer_order_page))
        .routes(routes!(customer_order_view))
        .routes(routes!(capital_accept))
        .routes(routes!(order_file_page))
        .routes(routes!(order_file_create))
        .routes(routes!(order_file_delete))
        .routes(routes!(order_file_preview))
        .routes(routes!(order_file_apply_page))
        .routes(routes!(order_file_apply_examine))
}

pub(super) type Answer<T> = Result<Envelope<T>, ApiError>;

pub(super) fn ms(t: chrono::DateTime<chrono::Utc>) -> i64 {
    t.timestamp_millis()
}

pub(super) fn date(d: chrono::NaiveDate) -> String {
    d.format("%Y-%m-%d").to_string()
}

pub(super) fn parse_date(field: &str, text: &str) -> Result<chrono::NaiveDate, ApiError> {
    chrono::NaiveDate::parse_from_str(text.trim(), "%Y-%m-%d")
        .map_err(|_| service::Error::invalid(field, "日期格式为 YYYY-MM-DD").into())
}

// ------------------------------------------------------------------ lists

/// One stage list of the order lists (page and export), filtered to the stage's statuses: used by
/// the section's screens in `order_flow` and `repayment`.
macro_rules! stage_list {
    ($page:ident, $export:ident, $stage:expr, $path:literal, $op:literal, $export_path:literal, $export_op:literal, $doc:literal) => {
        stage_list!($page, $export, $stage, $path, $op, $export_path, $export_op, $doc, "admin:order_info:table", "admin:order_info:export");
    };
    ($page:ident, $export:ident, $stage:expr, $path:literal, $op:literal, $export_path:literal, $export_op:literal, $doc:literal, $perm:literal, $export_perm:literal) => {
        #[doc = $doc]
        #[utoipa::path(post, path = $path, tag = "business",
            operation_id = $op, security(("token" = [$perm])),
            request_body = OrderPageBody, responses((status = 200, body = Envelope<PageData<OrderRowData>>)))]
        async fn $page(
            State(s): State<AppState>,
            Admin(me): Admin,
            Json(body): Json<OrderPageBody>,
        ) -> Answer<PageData<OrderRowData>> {
            list(&s, &me, $stage, body).await
        }

        #[doc = "Exports the list (Excel), filtered like it."]
        #[utoipa::path(post, path = $export_path, tag = "business",
            operation_id = $export_op, security(("token" = [$export_perm])),
            request_body = OrderPageBody, responses((status = 200, body = Envelope<ExportData>)))]
        async fn $export(
            State(s): State<AppState>,
            Admin(me): Admin,
            Client(c): Client,
            Json(body): Json<OrderPageBody>,
        ) -> Answer<ExportData> {
            export(&s, &me, &c, $stage, body).await
        }
    };
}

/// The filters of every order list.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct OrderPageBody {
    pub page: Option<i64>,
    pub size: Option<i64>,
    /// `id`, `orderNo`, `appliedAt`, `statusSort`, `updatedAt`, `financedFen`, `overdueDays`,
    /// `outstandingFen` or `nextDueDate`.
    pub sort: Option<SortDto>,
    /// Contained in the order number.
    pub order_no: Option<String>,
    /// Contained in the customer's name.
    pub customer_name: Option<String>,
    /// The customer's mobile, exactly.
    pub mobile: Option<String>,
    /// Contained in the plate number.
    pub plate_no: Option<String>,
    /// One of the list's statuses.
    pub status: Option<String>,
    pub capital_provider_id: Option<i64>,
    pub insurer_id: Option<i64>,
    /// Applied at or after (epoch ms).
    pub applied_from: Option<i64>,
    /// Applied before (epoch ms).
    pub applied_to: Option<i64>,
    /// The delinquency bucket, exactly (the lists after disbursement).
    pub bucket: Option<String>,
    /// Days past due at least.
    pub dpd_from: Option<i32>,
    /// Days past due at most.
    pub dpd_to: Option<i32>,
}

impl OrderPageBody {
    fn split(self) -> (service::paging::PageRequest, OrderFilter) {
        (
            page_request(self.page, self.size, self.sort),
            OrderFilter {
                order_no: self.order_no,
                customer_name: self.customer_name,
                mobile: self.mobile,
                plate_no: self.plate_no,
                status: self.status,
                capital_provider_id: self.capital_provider_id,
                insurer_id: self.insurer_id,
                customer_id: None,
                applied_from: self.applied_from,
                applied_to: self.applied_to,
                bucket: self.bucket,
                dpd_from: self.dpd_from,
                dpd_to: self.dpd_to,
            },
        )
    }
}

/// An order in a list.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderRowData {
    pub id: i64,
    pub order_no: String,
    /// `APPLIED`, `INTAKE`, … (docs/orders.md).
    pub status: String,
    pub status_sort: i32,
    pub customer_id: i64,
    pub customer_name: String,
    /// Masked.
    pub customer_mobile: String,
    pub vehicle_id: i64,
    pub plate_no: String,
    pub vin: String,
    pub product_id: i64,
    pub product_code: String,
    pub product_name: String,
    pub product_version: i32,
    pub term_n: i32,
    pub channel: String,
    pub total_premium_fen: i64,
    pub down_payment_fen: i64,
    pub financed_fen: i64,
    #[schema(required = true)]
    pub approved_financed_fen: Option<i64>,
    #[schema(required = true)]
    pub capital_provider_id: Option<i64>,
    #[schema(required = true)]
    pub capital_provider_name: Option<String>,
    pub insurer_names: Vec<String>,
    #[schema(required = true)]
    pub assignee_name: Option<String>,
    /// Who reviewed it last (approved, returned or rejected).
    #[schema(required = true)]
    pub reviewer_name: Option<String>,
    pub return_count: i32,
    pub return_reason: String,
    pub reject_reason_code: String,
    pub reject_reason: String,
    /// REVIEW or ALLOCATION for rejected orders.
    pub reject_stage: String,
    pub applied_at: i64,
    #[schema(required = true)]
    pub submitted_at: Option<i64>,
    pub status_changed_at: i64,
    pub updated_at: i64,
    pub version: i64,
    /// After disbursement (derived by the replay): what is owed now, paid so far, days past due,
    /// the delinquency bucket (the first one, M0, when not past due; empty before
    /// disbursement), the next instalment, how and when it settled.
    pub outstanding_fen: i64,
    pub paid_fen: i64,
    pub overdue_days: i32,
    pub bucket: String,
    #[schema(required = true)]
    pub next_due_date: Option<String>,
    pub next_due_fen: i64,
    pub customer_credit_fen: i64,
    /// NORMAL, EARLY or DEPOSIT_OFFSET; empty when not settled.
    pub settle_type: String,
    #[schema(required = true)]
    pub settled_at: Option<i64>,
    #[schema(required = true)]
    pub disbursed_at: Option<i64>,
    /// The latest demand notice (催告函): SENT, CURED or CLOSED; empty when none was sent.
    pub demand_notice_status: String,
    #[schema(required = true)]
    pub notice_sent_on: Option<String>,
    /// After it the platform may surrender the policy for default.
    #[schema(required = true)]
    pub cure_deadline: Option<String>,
    /// What the payments went to, per component (refunds applied included).
    pub paid_principal_fen: i64,
    pub paid_interest_fen: i64,
    pub paid_fee_fen: i64,
    pub paid_penalty_fen: i64,
    /// The surrender whose refund was applied (已退保订单): its number, the insurer's refund, what
    /// it paid of the order, the surplus for the customer (and when it was paid out), the
    /// shortfall and how it was handled.
    pub surrender_no: String,
    #[schema(required = true)]
    pub surrender_refund_fen: Option<i64>,
    pub surrender_applied_fen: i64,
    pub surrender_surplus_fen: i64,
    #[schema(required = true)]
    pub surplus_paid_on: Option<String>,
    pub surrender_shortfall_fen: i64,
    pub shortfall_resolution: String,
}

impl From<OrderRow> for OrderRowData {
    fn from(r: OrderRow) -> Self {
        let o = r.order;
        OrderRowData {
            id: o.id,
            order_no: o.order_no,
            status: o.status,
            status_sort: o.status_sort,
            customer_id: o.customer_id,
            customer_name: r.customer_name,
            customer_mobile: r.customer_mobile,
            vehicle_id: o.vehicle_id,
            plate_no: r.plate_no,
            vin: r.vin,
            product_id: o.product_id,
            product_code: o.product_code,
            product_name: r.product_name,
            product_version: o.product_version,
            term_n: o.term_n,
            channel: o.channel,
            total_premium_fen: o.total_premium_fen,
            down_payment_fen: o.down_payment_fen,
            financed_fen: o.financed_fen,
            approved_financed_fen: o.approved_financed_fen,
            capital_provider_id: o.capital_provider_id,
            capital_provider_name: r.capital_provider_name,
            insurer_names: r.insurer_names,
            assignee_name: r.assignee_name,
            reviewer_name: r.reviewer_name,
            return_count: o.return_count,
            return_reason: o.return_reason,
            reject_reason_code: o.reject_reason_code,
            reject_reason: o.reject_reason,
            reject_stage: o.reject_stage,
            applied_at: ms(o.applied_at),
            submitted_at: o.submitted_at.map(ms),
            status_changed_at: ms(o.status_changed_at),
            updated_at: ms(o.updated_at),
            version: o.version,
            outstanding_fen: o.outstanding_fen,
            paid_fen: o.paid_fen,
            overdue_days: o.overdue_days,
            bucket: o.bucket,
            next_due_date: o.next_due_date.map(|d| d.to_string()),
            next_due_fen: o.next_due_fen,
            customer_credit_fen: o.customer_credit_fen,
            settle_type: o.settle_type,
            settled_at: o.settled_at.map(ms),
            disbursed_at: o.disbursed_at.map(ms),
            demand_notice_status: r
                .demand_notice
                .as_ref()
                .map(|n| n.status.clone())
                .unwrap_or_default(),
            notice_sent_on: r.demand_notice.as_ref().map(|n| date(n.sent_on)),
            cure_deadline: r.demand_notice.as_ref().map(|n| date(n.cure_deadline)),
            paid_principal_fen: r.paid_by_component.principal_fen,
            paid_interest_fen: r.paid_by_component.interest_fen,
            paid_fee_fen: r.paid_by_component.fee_fen,
            paid_penalty_fen: r.paid_by_component.penalty_fen,
            surrender_no: r
                .surrender
                .as_ref()
                .map(|s| s.surrender_no.clone())
                .unwrap_or_default(),
            surrender_refund_fen: r.surrender.as_ref().and_then(|s| s.insurer_refund_fen),
            surrender_applied_fen: r.surrender.as_ref().map_or(0, |s| s.applied_fen),
            surrender_surplus_fen: r.surrender.as_ref().map_or(0, |s| s.surplus_fen),
            surplus_paid_on: r
                .surrender
                .as_ref()
                .and_then(|s| s.surplus_paid_on)
                .map(date),
            surrender_shortfall_fen: r.surrender.as_ref().map_or(0, |s| s.shortfall_fen),
            shortfall_resolution: r
                .surrender
                .as_ref()
                .map(|s| s.shortfall_resolution.clone())
                .unwrap_or_default(),
        }
    }
}

pub(super) async fn list(
    s: &AppState,
    me: &service::principal::Principal,
    stage: Stage,
    body: OrderPageBody,
) -> Answer<PageData<OrderRowData>> {
    let (request, filter) = body.split();
    let page = s.app.order_page(me, stage, &request, &filter).await?;
    Ok(ok(PageData::from_page(page, Into::into)))
}

/// 订单申请列表: applications (APPLIED).
#[utoipa::path(post, path = "/api/admin/order/apply/page", tag = "business",
    operation_id = "orderApplyPage", security(("token" = ["admin:order_apply:table"])),
    request_body = OrderPageBody, responses((status = 200, body = Envelope<PageData<OrderRowData>>)))]
async fn apply_page(
    State(s): State<AppState>,
    Admin(me): Admin,
    Json(body): Json<OrderPageBody>,
) -> Answer<PageData<OrderRowData>> {
    list(&s, &me, Stage::Apply, body).await
}

/// 待进件订单: APPLIED, INTAKE and RETURNED.
#[utoipa::path(post, path = "/api/admin/order/intake/page", tag = "business",
    operation_id = "orderIntakePage", security(("token" = ["admin:order_info:table"])),
    request_body = OrderPageBody, responses((status = 200, body = Envelope<PageData<OrderRowData>>)))]
async fn intake_page(
    State(s): State<AppState>,
    Admin(me): Admin,
    Json(body): Json<OrderPageBody>,
) -> Answer<PageData<OrderRowData>> {
    list(&s, &me, Stage::Intake, body).await
}

/// 进件审核: INTAKE_REVIEW.
#[utoipa::path(post, path = "/api/admin/order/review/page", tag = "business",
    operation_id = "orderReviewPage", security(("token" = ["admin:order_info:table"])),
    request_body = OrderPageBody, responses((status = 200, body = Envelope<PageData<OrderRowData>>)))]
async fn review_page(
    State(s): State<AppState>,
    Admin(me): Admin,
    Json(body): Json<OrderPageBody>,
) -> Answer<PageData<OrderRowData>> {
    list(&s, &me, Stage::Review, body).await
}

/// 分配队列: PENDING_ALLOCATION.
#[utoipa::path(post, path = "/api/admin/order/queue/page", tag = "business",
    operation_id = "orderQueuePage", security(("token" = ["admin:assignment_queue:table"])),
    request_body = OrderPageBody, responses((status = 200, body = Envelope<PageData<OrderRowData>>)))]
async fn queue_page(
    State(s): State<AppState>,
    Admin(me): Admin,
    Json(body): Json<OrderPageBody>,
) -> Answer<PageData<OrderRowData>> {
    list(&s, &me, Stage::Queue, body).await
}

/// 拒单记录: REJECTED, with the reason, stage and reviewer.
#[utoipa::path(post, path = "/api/admin/order/rejected/page", tag = "business",
    operation_id = "orderRejectedPage", security(("token" = ["admin:statistics:not_pass"])),
    request_body = OrderPageBody, responses((status = 200, body = Envelope<PageData<OrderRowData>>)))]
async fn rejected_page(
    State(s): State<AppState>,
    Admin(me): Admin,
    Json(body): Json<OrderPageBody>,
) -> Answer<PageData<OrderRowData>> {
    list(&s, &me, Stage::Rejected, body).await
}

/// 综合业务订单: every order.
#[utoipa::path(post, path = "/api/admin/order/all/page", tag = "business",
    operation_id = "orderAllPage", security(("token" = ["admin:order_info:table"])),
    request_body = OrderPageBody, responses((status = 200, body = Envelope<PageData<OrderRowData>>)))]
async fn all_page(
    State(s): State<AppState>,
    Admin(me): Admin,
    Json(body): Json<OrderPageBody>,
) -> Answer<PageData<OrderRowData>> {
    list(&s, &me, Stage::All, body).await
}

pub(super) async fn export(
    s: &AppState,
    me: &service::principal::Principal,
    c: &service::principal::ClientInfo,
    stage: Stage,
    body: OrderPageBody,
) -> Answer<ExportData> {
    let (request, filter) = body.split();
    Ok(ok(s
        .app
        .export_orders(me, c, stage, &request, &filter)
        .await?
        .into()))
}

/// Exports the applications (Excel), filtered like the list.
#[utoipa::path(post, path = "/api/admin/order/apply/export", tag = "business",
    operation_id = "orderApplyExport", security(("token" = ["admin:order_apply:export"])),
    request_body = OrderPageBody, responses((status = 200, body = Envelope<ExportData>)))]
async fn apply_export(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Json(body): Json<OrderPageBody>,
) -> Answer<ExportData> {
    export(&s, &me, &c, Stage::Apply, body).await
}

/// Exports the orders awaiting intake (Excel), filtered like the list.
#[utoipa::path(post, path = "/api/admin/order/intake/export", tag = "business",
    operation_id = "orderIntakeExport", security(("token" = ["admin:order_info:export"])),
    request_body = OrderPageBody, responses((status = 200, body = Envelope<ExportData>)))]
async fn intake_export(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Json(body): Json<OrderPageBody>,
) -> Answer<ExportData> {
    export(&s, &me, &c, Stage::Intake, body).await
}

/// Exports the orders awaiting review (Excel), filtered like the list.
#[utoipa::path(post, path = "/api/admin/order/review/export", tag = "business",
    operation_id = "orderReviewExport", security(("token" = ["admin:order_info:export"])),
    request_body = OrderPageBody, responses((status = 200, body = Envelope<ExportData>)))]
async fn review_export(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Json(body): Json<OrderPageBody>,
) -> Answer<ExportData> {
    export(&s, &me, &c, Stage::Review, body).await
}

/// Exports the allocation queue (Excel), filtered like the list.
#[utoipa::path(post, path = "/api/admin/order/queue/export", tag = "business",
    operation_id = "orderQueueExport", security(("token" = ["admin:assignment_queue:export"])),
    request_body = OrderPageBody, responses((status = 200, body = Envelope<ExportData>)))]
async fn queue_export(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Json(body): Json<OrderPageBody>,
) -> Answer<ExportData> {
    export(&s, &me, &c, Stage::Queue, body).await
}

/// Exports every order (Excel), filtered like 综合业务订单.
#[utoipa::path(post, path = "/api/admin/order/all/export", tag = "business",
    operation_id = "orderAllExport", security(("token" = ["admin:order_info:export"])),
    request_body = OrderPageBody, responses((status = 200, body = Envelope<ExportData>)))]
async fn all_export(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Json(body): Json<OrderPageBody>,
) -> Answer<ExportData> {
    export(&s, &me, &c, Stage::All, body).await
}

// ------------------------------------------------------------------ the order page

/// A quoted policy.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct PolicyData {
    /// COMMERCIAL, COMPULSORY or VEHICLE_TAX.
    pub kind: String,
    pub insurer_id: i64,
    /// Read only: the insurer's name.
    #[serde(default)]
    pub insurer_name: String,
    pub premium_fen: i64,
}

/// One row of the timeline.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TimelineData {
    #[schema(required = true)]
    pub from_status: Option<String>,
    pub to_status: String,
    pub event: String,
    /// The event's Chinese name.
    pub event_label: String,
    /// USER, SYSTEM or CP.
    pub actor_type: String,
    pub actor_name: String,
    pub business_date: String,
    pub occurred_at: i64,
    pub reason_code: String,
    pub comment: String,
    #[schema(required = true)]
    pub amount_fen: Option<i64>,
    #[schema(required = true, value_type = Option<Object>)]
    pub detail: Option<serde_json::Value>,
}

/// An allocation record.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AllocationData {
    pub id: i64,
    pub order_id: i64,
    pub order_no: String,
    pub order_status: String,
    pub customer_name: String,
    pub capital_provider_id: i64,
    pub capital_provider_name: String,
    #[schema(required = true)]
    pub rule_id: Option<i64>,
    #[schema(required = true)]
    pub rule_version: Option<i32>,
    /// AUTO or MANUAL.
    pub mode: String,
    pub reserved_fen: i64,
    /// RESERVED, ACTIVE, FUNDED, CLOSED, DECLINED or CANCELLED.
    pub status: String,
    pub reason: String,
    pub cp_approval_no: String,
    pub allocated_by_name: String,
    pub created_at: i64,
    #[schema(required = true)]
    pub ended_at: Option<i64>,
}

impl From<AllocationRow> for AllocationData {
    fn from(r: AllocationRow) -> Self {
        let a = r.allocation;
        AllocationData {
            id: a.id,
            order_id: a.order_id,
            order_no: r.order_no,
            order_status: r.order_status,
            customer_name: r.customer_name,
            capital_provider_id: a.capital_provider_id,
            capital_provider_name: r.capital_provider_name,
            rule_id: a.rule_id,
            rule_version: a.rule_version,
            mode: a.mode,
            reserved_fen: a.reserved_fen,
            status: a.status,
            reason: a.reason,
            cp_approval_no: a.cp_approval_no,
            allocated_by_name: a.allocated_by_name,
            created_at: ms(a.created_at),
            ended_at: a.ended_at.map(ms),
        }
    }
}

/// Another order of the same customer or vehicle.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RelatedOrderData {
    pub id: i64,
    pub order_no: String,
    pub status: String,
}

/// The order page: everything about one order.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderViewData {
    pub order: OrderRowData,
    pub customer_kind: String,
    /// Masked.
    pub customer_id_no: String,
    pub customer_address: String,
    pub vehicle_brand_model: String,
    pub vehicle_usage: String,
    pub vehicle_engine_no: String,
    pub vehicle_owner_name: String,
    #[schema(required = true)]
    pub anchor_date: Option<String>,
    #[schema(required = true)]
    pub first_due_date: Option<String>,
    pub upfront_fee_fen: i64,
    pub deposit_fen: i64,
    pub first_instalment_fen: i64,
    pub due_at_down_payment_fen: i64,
    pub review_opinion: String,
    #[schema(required = true)]
    pub return_fields: Option<Vec<String>>,
    pub cancel_reason: String,
    pub remark: String,
    /// The terms snapshot was taken (the order was submitted).
    pub snapshotted: bool,
    pub policies: Vec<PolicyViewData>,
    #[schema(required = true)]
    pub schedule: Option<ScheduleData>,
    pub allocations: Vec<AllocationData>,
    pub timeline: Vec<TimelineData>,
    /// The events this order can take now (codes), whatever the user's permissions.
    pub next_events: Vec<String>,
    pub same_customer_orders: Vec<RelatedOrderData>,
    /// Orders of other customers with a vehicle of the same VIN.
    pub same_vin_orders: Vec<RelatedOrderData>,
    /// The contracts (declaration and loan package), newest first.
    pub contracts: Vec<super::order_flow::ContractData>,
    /// Down-payment receipts, newest first.
    pub receipts: Vec<super::order_flow::ReceiptData>,
    /// Refunds of money received (cancellation).
    pub refunds: Vec<super::order_flow::RefundData>,
    /// Confirmed receipts − refunds (fen).
    pub received_fen: i64,
    /// The stored repayment plan (from signing on).
    #[schema(required = true)]
    pub plan: Option<super::order_flow::PlanData>,
    /// The live (or last) disbursement.
    #[schema(required = true)]
    pub disbursement: Option<super::order_flow::DisbursementData>,
    /// The order's premium payment line (LIVE or PAID) and its application.
    #[schema(required = true)]
    pub premium_line: Option<super::order_flow::PremiumLineRefData>,
}

/// A policy of an order as the order page shows it: the quote, the insurer's confirmation and
/// the issued e-policy.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PolicyViewData {
    pub id: i64,
    /// COMMERCIAL, COMPULSORY or VEHICLE_TAX.
    pub kind: String,
    pub insurer_id: i64,
    pub insurer_name: String,
    /// The quoted premium.
    pub premium_fen: i64,
    /// QUOTED, UNDERWRITTEN or ISSUED.
    pub status: String,
    pub proposal_no: String,
    #[schema(required = true)]
    pub final_premium_fen: Option<i64>,
    pub special_agreement: String,
    /// '' until confirmed; APPROVED.
    pub underwriting: String,
    pub policy_no: String,
    #[schema(required = true)]
    pub start_date: Option<String>,
    #[schema(required = true)]
    pub end_date: Option<String>,
    #[schema(required = true)]
    pub e_policy_file_id: Option<i64>,
    pub e_policy_sha256: String,
    /// Every policy of an order is financed and needs its e-policy.
    pub financed: bool,
}

impl From<OrderView> for OrderViewData {
    fn from(v: OrderView) -> Self {
        let o = &v.row.order;
        let status = OrderStatus::parse(&o.status);
        let next_events = status
            .map(|s| {
                OrderEvent::all()
                    .filter(|e| e.allowed_from(s))
                    .map(|e| e.code().to_owned())
                    .collect()
            })
            .unwrap_or_default();
        let related = |rows: Vec<(i64, String, String)>| {
            rows.into_iter()
                .map(|(id, order_no, status)| RelatedOrderData {
                    id,
                    order_no,
                    status,
                })
                .collect()
        };
        let order_no = o.order_no.clone();
        let order_status = o.status.clone();
        let customer_name = v.row.customer_name.clone();
        OrderViewData {
            customer_kind: v.customer.kind.clone(),
            customer_id_no: v.customer.id_no_mask.clone().unwrap_or_default(),
            customer_address: v.customer.address.clone(),
            vehicle_brand_model: v.vehicle.brand_model.clone(),
            vehicle_usage: v.vehicle.usage.clone(),
            vehicle_engine_no: v.vehicle.engine_no.clone(),
            vehicle_owner_name: v.vehicle.owner_name.clone(),
            anchor_date: o.anchor_date.map(date),
            first_due_date: o.first_due_date.map(date),
            upfront_fee_fen: o.upfront_fee_fen,
            deposit_fen: o.deposit_fen,
            first_instalment_fen: o.first_instalment_fen,
            due_at_down_payment_fen: o.due_at_down_payment_fen,
            review_opinion: o.review_opinion.clone(),
            return_fields: o
                .return_fields
                .clone()
                .and_then(|f| serde_json::from_value(f).ok()),
            cancel_reason: o.cancel_reason.clone(),
            remark: o.remark.clone(),
            snapshotted: o.terms_snapshot.is_some(),
            policies: v
                .policies
                .into_iter()
                .map(|(p, name)| PolicyViewData {
                    id: p.id,
                    kind: p.kind,
                    insurer_id: p.insurer_id,
                    insurer_name: name,
                    premium_fen: p.premium_fen,
                    status: p.status,
                    proposal_no: p.proposal_no,
                    final_premium_fen: p.final_premium_fen,
                    special_agreement: p.special_agreement,
                    underwriting: p.underwriting,
                    policy_no: p.policy_no,
                    start_date: p.start_date.map(date),
                    end_date: p.end_date.map(date),
                    e_policy_file_id: p.e_policy_file_id,
                    e_policy_sha256: p.e_policy_sha256,
                    financed: true,
                })
                .collect(),
            schedule: v.schedule.map(Into::into),
            allocations: v
                .allocations
                .into_iter()
                .map(|(a, name)| {
                    AllocationRow {
                        allocation: a,
                        order_no: order_no.clone(),
                        order_status: order_status.clone(),
                        customer_name: customer_name.clone(),
                        capital_provider_name: name,
                    }
                    .into()
                })
                .collect(),
            timeline: v
                .timeline
                .into_iter()
                .map(|t| TimelineData {
                    event_label: OrderEvent::parse(&t.event)
                        .map(|e| e.label().to_owned())
                        .unwrap_or_else(|| t.event.clone()),
                    from_status: t.from_status,
                    to_status: t.to_status,
                    event: t.event,
                    actor_type: t.actor_type,
                    actor_name: t.actor_name,
                    business_date: date(t.business_date),
                    occurred_at: ms(t.occurred_at),
                    reason_code: t.reason_code,
                    comment: t.comment,
                    amount_fen: t.amount_fen,
                    detail: t.detail,
                })
                .collect(),
            next_events,
            same_customer_orders: related(v.same_customer),
            same_vin_orders: related(v.same_vin),
            order: v.row.into(),
            contracts: Vec::new(),
            receipts: Vec::new(),
            refunds: Vec::new(),
            received_fen: 0,
            plan: None,
            disbursement: None,
            premium_line: None,
        }
    }
}

/// The order page.
#[utoipa::path(get, path = "/api/admin/order/view/{id}", tag = "business",
    operation_id = "orderView", security(("token" = ["admin:order_info:table"])),
    params(("id" = i64, Path)), responses((status = 200, body = Envelope<OrderViewData>)))]
async fn order_view(
    State(s): State<AppState>,
    Admin(me): Admin,
    Path(id): Path<i64>,
) -> Answer<OrderViewData> {
    let view = s.app.order_view(&me, id).await?;
    let progress = s.app.order_progress(id).await?;
    let mut data: OrderViewData = view.into();
    super::order_flow::fill_progress(&mut data, progress);
    Ok(ok(data))
}

/// An insurer the order screens offer.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InsurerChoiceData {
    pub id: i64,
    pub name: String,
    pub code: String,
    /// Disabled insurers stay for filters and older orders; new quotes use enabled ones.
    pub enabled: bool,
}

/// A capital provider the order screens offer, with its credit (fen).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProviderChoiceData {
    pub id: i64,
    pub name: String,
    /// Only ACTIVE providers take orders.
    pub status: String,
    /// AUTO or MANUAL.
    pub accept_mode: String,
    pub credit_limit_fen: i64,
    pub credit_reserved_fen: i64,
    pub credit_used_fen: i64,
}

/// The choices of the order screens.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderChoicesData {
    /// The ACTIVE product versions (a newer DRAFT is not offered until activated).
    pub products: Vec<super::order_rules::ProductData>,
    pub insurers: Vec<InsurerChoiceData>,
    pub providers: Vec<ProviderChoiceData>,
}

/// The products, insurers and capital providers the order screens offer, for any holder of an
/// order screen's permission (申请, 订单, 分配队列 or 审核不通过); others get 403.
#[utoipa::path(get, path = "/api/admin/order/choices", tag = "business",
    operation_id = "orderChoices", security(("token" = [])),
    responses((status = 200, body = Envelope<OrderChoicesData>)))]
async fn order_choices(State(s): State<AppState>, Admin(me): Admin) -> Answer<OrderChoicesData> {
    let c = s.app.order_choices(&me).await?;
    Ok(ok(OrderChoicesData {
        products: c
            .products
            .into_iter()
            .map(|p| {
                let active = Some(p.row.product_version);
                super::order_rules::ProductData::of(p, active)
            })
            .collect(),
        insurers: c
            .insurers
            .into_iter()
            .map(|i| InsurerChoiceData {
                id: i.id,
                name: i.name,
                code: i.code,
                enabled: i.enabled,
            })
            .collect(),
        providers: c
            .providers
            .into_iter()
            .map(|p| ProviderChoiceData {
                id: p.id,
                name: p.name,
                status: p.status,
                accept_mode: p.accept_mode,
                credit_limit_fen: p.credit_limit_fen,
                credit_reserved_fen: p.credit_reserved_fen,
                credit_used_fen: p.credit_used_fen,
            })
            .collect(),
    }))
}

// ------------------------------------------------------------------ commands

/// A new application (T1).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct ApplyBody {
    pub customer_id: i64,
    /// One of the customer's vehicles.
    pub vehicle_id: i64,
    /// An ACTIVE product version.
    pub product_id: i64,
    /// One of the product's term options.
    pub term_n: u32,
    /// The premium to finance, fen.
    pub requested_premium_fen: i64,
    /// By default the premium less the product's least down payment.
    pub requested_financed_fen: Option<i64>,
    pub channel: Option<String>,
    pub remark: Option<String>,
}

/// The created order.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreatedOrderData {
    pub id: i64,
    pub order_no: String,
}

/// 提交申请 (T1): a new order, APPLIED.
#[utoipa::path(post, path = "/api/admin/order/apply", tag = "business",
    operation_id = "orderApply", security(("token" = ["admin:order_apply:create"])),
    request_body = ApplyBody, params(crate::idempotency::IdempotencyKey), responses((status = 200, body = Envelope<CreatedOrderData>)))]
async fn order_apply(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Json(b): Json<ApplyBody>,
) -> Answer<CreatedOrderData> {
    let row = s
        .app
        .apply_order(
            &me,
            &c,
            NewApplication {
                customer_id: b.customer_id,
                vehicle_id: b.vehicle_id,
                product_id: b.product_id,
                term_n: b.term_n,
                requested_premium_fen: b.requested_premium_fen,
                requested_financed_fen: b.requested_financed_fen,
                channel: b.channel.unwrap_or_default(),
                remark: b.remark.unwrap_or_default(),
            },
        )
        .await?;
    Ok(ok(CreatedOrderData {
        id: row.id,
        order_no: row.order_no,
    }))
}

/// 开始进件 (T2): the caller takes the application into intake.
#[utoipa::path(post, path = "/api/admin/order/start-intake/{id}", tag = "business",
    operation_id = "orderStartIntake", security(("token" = ["admin:order_info:edit"])),
    params(("id" = i64, Path), crate::idempotency::IdempotencyKey), responses((status = 200, body = Envelope<Option<String>>)))]
async fn order_start_intake(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
) -> Answer<Option<String>> {
    s.app.start_intake(&me, &c, id).await?;
    Ok(ok(None))
}

/// The intake form.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct IntakeBody {
    pub vehicle_id: i64,
    pub product_id: i64,
    pub term_n: u32,
    /// `YYYY-MM-DD`: the policy start.
    pub anchor_date: String,
    pub policies: Vec<PolicyData>,
    pub financed_fen: i64,
    pub channel: Option<String>,
    pub remark: Option<String>,
    /// The version the form was read at (409 when the order changed since).
    pub version: i64,
}

/// Saves the intake form (INTAKE or RETURNED): the amounts are computed by the product's rules;
/// every refused field is named in `data.fields`.
#[utoipa::path(post, path = "/api/admin/order/intake/{id}", tag = "business",
    operation_id = "orderSaveIntake", security(("token" = ["admin:order_info:edit"])),
    params(("id" = i64, Path)), request_body = IntakeBody, responses((status = 200, body = Envelope<OrderRowData>)))]
async fn order_save_intake(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
    Json(b): Json<IntakeBody>,
) -> Answer<OrderRowData> {
    let input = IntakeInput {
        vehicle_id: b.vehicle_id,
        product_id: b.product_id,
        term_n: b.term_n,
        anchor_date: parse_date("anchorDate", &b.anchor_date)?,
        policies: b
            .policies
            .into_iter()
            .map(|p| PolicyQuote {
                kind: p.kind,
                insurer_id: p.insurer_id,
                premium_fen: p.premium_fen,
            })
            .collect(),
        financed_fen: b.financed_fen,
        channel: b.channel.unwrap_or_default(),
        remark: b.remark.unwrap_or_default(),
        version: b.version,
    };
    s.app.save_intake(&me, &c, id, input).await?;
    let view = s.app.order_view(&me, id).await.map(|v| v.row);
    match view {
        Ok(row) => Ok(ok(row.into())),
        Err(e) => Err(e.into()),
    }
}

/// 提交审核 (T3) or 重新提交 (T6): the terms snapshot is taken.
#[utoipa::path(post, path = "/api/admin/order/submit/{id}", tag = "business",
    operation_id = "orderSubmit", security(("token" = ["admin:order_info:submit"])),
    params(("id" = i64, Path), crate::idempotency::IdempotencyKey), responses((status = 200, body = Envelope<Option<String>>)))]
async fn order_submit(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
) -> Answer<Option<String>> {
    s.app.submit_intake(&me, &c, id).await?;
    Ok(ok(None))
}

/// 通过 (T4).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct ApproveBody {
    /// At most the financed amount asked for; by default all of it.
    pub approved_financed_fen: Option<i64>,
    pub opinion: Option<String>,
}

/// 通过 (T4): the order enters the allocation queue (and the rules may take it at once). The
/// submitter may not approve.
#[utoipa::path(post, path = "/api/admin/order/approve/{id}", tag = "business",
    operation_id = "orderApprove", security(("token" = ["admin:order_info:review"])),
    params(("id" = i64, Path), crate::idempotency::IdempotencyKey), request_body = ApproveBody, responses((status = 200, body = Envelope<Option<String>>)))]
async fn order_approve(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
    Json(b): Json<ApproveBody>,
) -> Answer<Option<String>> {
    s.app
        .review_order(
            &me,
            &c,
            id,
            Review::Approve {
                approved_financed_fen: b.approved_financed_fen,
                opinion: b.opinion.unwrap_or_default(),
            },
        )
        .await?;
    Ok(ok(None))
}

/// 退回 (T5).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct ReturnBody {
    /// Required.
    pub reason: String,
    /// What to fix: customer, vehicle, policies, amounts, documents, product, other.
    pub fields: Vec<String>,
}

/// 退回 (T5): back to the submitter with the reason and what to fix.
#[utoipa::path(post, path = "/api/admin/order/return/{id}", tag = "business",
    operation_id = "orderReturn", security(("token" = ["admin:order_info:review"])),
    params(("id" = i64, Path), crate::idempotency::IdempotencyKey), request_body = ReturnBody, responses((status = 200, body = Envelope<Option<String>>)))]
async fn order_return(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
    Json(b): Json<ReturnBody>,
) -> Answer<Option<String>> {
    s.app
        .review_order(
            &me,
            &c,
            id,
            Review::Return {
                reason: b.reason,
                fields: b.fields,
            },
        )
        .await?;
    Ok(ok(None))
}

/// 拒绝 (T7).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct RejectBody {
    /// A code of the `reject_reason` dictionary.
    pub reason_code: String,
    pub reason: Option<String>,
}

/// 拒绝 (T7).
#[utoipa::path(post, path = "/api/admin/order/reject/{id}", tag = "business",
    operation_id = "orderReject", security(("token" = ["admin:order_info:review"])),
    params(("id" = i64, Path), crate::idempotency::IdempotencyKey), request_body = RejectBody, responses((status = 200, body = Envelope<Option<String>>)))]
async fn order_reject(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
    Json(b): Json<RejectBody>,
) -> Answer<Option<String>> {
    s.app
        .review_order(
            &me,
            &c,
            id,
            Review::Reject {
                reason_code: b.reason_code,
                reason: b.reason.unwrap_or_default(),
            },
        )
        .await?;
    Ok(ok(None))
}

/// A reason, required.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct ReasonBody {
    pub reason: String,
}

/// 取消订单 (T30): before signing; the credit reservation is released.
#[utoipa::path(post, path = "/api/admin/order/cancel/{id}", tag = "business",
    operation_id = "orderCancel", security(("token" = ["admin:order_info:cancel"])),
    params(("id" = i64, Path), crate::idempotency::IdempotencyKey), request_body = ReasonBody, responses((status = 200, body = Envelope<Option<String>>)))]
async fn order_cancel(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
    Json(b): Json<ReasonBody>,
) -> Answer<Option<String>> {
    s.app.cancel_order(&me, &c, id, &b.reason).await?;
    Ok(ok(None))
}

/// 分配 (T8) of one or more queued orders to a provider.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct AllocateBody {
    /// 1 to 200 orders.
    pub order_ids: Vec<i64>,
    pub capital_provider_id: i64,
}

/// The outcome for one order.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OutcomeData {
    pub order_id: i64,
    pub ok: bool,
    pub message: String,
}

impl From<BatchOutcome> for OutcomeData {
    fn from(o: BatchOutcome) -> Self {
        OutcomeData {
            order_id: o.order_id,
            ok: o.ok,
            message: o.message,
        }
    }
}

/// 分配 (T8) by hand: each order in its own transaction. One order refused answers its error;
/// in a batch each order has its outcome.
#[utoipa::path(post, path = "/api/admin/order/allocate", tag = "business",
    operation_id = "orderAllocate", security(("token" = ["admin:assignment_queue:allocate"])),
    request_body = AllocateBody, params(crate::idempotency::IdempotencyKey), responses((status = 200, body = Envelope<Vec<OutcomeData>>)))]
async fn order_allocate(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Json(b): Json<AllocateBody>,
) -> Answer<Vec<OutcomeData>> {
    let outcomes = s
        .app
        .allocate_orders(&me, &c, &b.order_ids, b.capital_provider_id)
        .await?;
    Ok(ok(outcomes.into_iter().map(Into::into).collect()))
}

/// How many orders the rules took.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AutoAllocationData {
    pub taken: u64,
    pub left: u64,
}

/// 自动分配: runs the allocation rules over the queue now.
#[utoipa::path(post, path = "/api/admin/order/auto-allocate", tag = "business",
    operation_id = "orderAutoAllocate", security(("token" = ["admin:assignment_queue:allocate"])),
    responses((status = 200, body = Envelope<AutoAllocationData>)))]
async fn order_auto_allocate(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
) -> Answer<AutoAllocationData> {
    let (taken, left) = s.app.run_auto_allocation(&me, &c).await?;
    Ok(ok(AutoAllocationData { taken, left }))
}

/// The provider's confirmation (T9).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct AcceptBody {
    /// The provider's approval number.
    pub approval_no: Option<String>,
    /// The provider's cost rate, bp (its configured one by default).
    pub cost_rate_bp: Option<i32>,
    /// Must equal the reserved amount.
    pub approved_fen: Option<i64>,
}

impl From<AcceptBody> for Acceptance {
    fn from(b: AcceptBody) -> Self {
        Acceptance {
            approval_no: b.approval_no.unwrap_or_default(),
            cost_rate_bp: b.cost_rate_bp,
            approved_fen: b.approved_fen,
        }
    }
}

/// 代资金方确认 (T9 for a MANUAL-accept provider, by the platform).
#[utoipa::path(post, path = "/api/admin/order/accept/{id}", tag = "business",
    operation_id = "orderAccept", security(("token" = ["admin:assignment_queue:allocate"])),
    params(("id" = i64, Path), crate::idempotency::IdempotencyKey), request_body = AcceptBody, responses((status = 200, body = Envelope<Option<String>>)))]
async fn order_accept(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
    Json(b): Json<AcceptBody>,
) -> Answer<Option<String>> {
    s.app.accept_for_provider(&me, &c, id, b.into()).await?;
    Ok(ok(None))
}

/// 撤回分配 (T10): the credit is released and the order is back in the queue.
#[utoipa::path(post, path = "/api/admin/order/unallocate/{id}", tag = "business",
    operation_id = "orderUnallocate", security(("token" = ["admin:assignment_queue:allocate"])),
    params(("id" = i64, Path), crate::idempotency::IdempotencyKey), request_body = ReasonBody, responses((status = 200, body = Envelope<Option<String>>)))]
async fn order_unallocate(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
    Json(b): Json<ReasonBody>,
) -> Answer<Option<String>> {
    s.app.unallocate_order(&me, &c, id, &b.reason).await?;
    Ok(ok(None))
}

/// 无资金方，拒绝 (T11).
#[utoipa::path(post, path = "/api/admin/order/no-funder/{id}", tag = "business",
    operation_id = "orderNoFunder", security(("token" = ["admin:assignment_queue:allocate"])),
    params(("id" = i64, Path), crate::idempotency::IdempotencyKey), request_body = ReasonBody, responses((status = 200, body = Envelope<Option<String>>)))]
async fn order_no_funder(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
    Json(b): Json<ReasonBody>,
) -> Answer<Option<String>> {
    s.app.reject_no_funder(&me, &c, id, &b.reason).await?;
    Ok(ok(None))
}

/// 确认订单 (T9) by the provider's own user: only an order allocated to its provider.
#[utoipa::path(post, path = "/api/capital/order/accept/{id}", tag = "capital",
    operation_id = "capitalOrderAccept", security(("token" = ["capital:order:table"])),
    params(("id" = i64, Path), crate::idempotency::IdempotencyKey), request_body = AcceptBody, responses((status = 200, body = Envelope<Option<String>>)))]
async fn capital_accept(
    State(s): State<AppState>,
    Capital(me): Capital,
    Client(c): Client,
    Path(id): Path<i64>,
    Json(b): Json<AcceptBody>,
) -> Answer<Option<String>> {
    s.app.accept_as_provider(&me, &c, id, b.into()).await?;
    Ok(ok(None))
}

// ------------------------------------------------------------------ rules and records

/// An allocation rule.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RuleData {
    pub id: i64,
    pub name: String,
    pub priority: i32,
    pub weight: i32,
    pub enabled: bool,
    pub rule_version: i32,
    pub capital_provider_id: i64,
    pub capital_provider_name: String,
    pub conditions: Conditions,
    #[schema(required = true)]
    pub daily_quota_fen: Option<i64>,
    #[schema(required = true)]
    pub window_start: Option<String>,
    #[schema(required = true)]
    pub window_end: Option<String>,
    #[schema(required = true)]
    pub effective_from: Option<String>,
    #[schema(required = true)]
    pub effective_to: Option<String>,
    pub remark: String,
    pub updated_at: i64,
    pub version: i64,
}

impl From<RuleRow> for RuleData {
    fn from(r: RuleRow) -> Self {
        let rule = r.rule;
        RuleData {
            id: rule.id,
            name: rule.name,
            priority: rule.priority,
            weight: rule.weight,
            enabled: rule.enabled,
            rule_version: rule.rule_version,
            capital_provider_id: rule.capital_provider_id,
            capital_provider_name: r.capital_provider_name,
            conditions: serde_json::from_value(rule.conditions).unwrap_or_default(),
            daily_quota_fen: rule.daily_quota_fen,
            window_start: rule.window_start,
            window_end: rule.window_end,
            effective_from: rule.effective_from.map(date),
            effective_to: rule.effective_to.map(date),
            remark: rule.remark,
            updated_at: ms(rule.updated_at),
            version: rule.version,
        }
    }
}

/// Paging only.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct RulePageBody {
    pub page: Option<i64>,
    pub size: Option<i64>,
    /// `priority`, `id` or `updatedAt`.
    pub sort: Option<SortDto>,
}

/// The allocation rules, highest priority first.
#[utoipa::path(post, path = "/api/admin/allocation/rule/page", tag = "business",
    operation_id = "allocationRulePage", security(("token" = ["admin:order_info:table"])),
    request_body = RulePageBody, responses((status = 200, body = Envelope<PageData<RuleData>>)))]
async fn rule_page(
    State(s): State<AppState>,
    Admin(me): Admin,
    Json(b): Json<RulePageBody>,
) -> Answer<PageData<RuleData>> {
    let page = s
        .app
        .allocation_rule_page(&me, &page_request(b.page, b.size, b.sort))
        .await?;
    Ok(ok(PageData::from_page(page, Into::into)))
}

/// A rule as saved.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct RuleBody {
    /// 1 to 64 characters.
    pub name: String,
    /// 0–999, higher first.
    pub priority: i32,
    /// 1–100: the share among rules of equal priority.
    pub weight: i32,
    pub capital_provider_id: i64,
    #[serde(default)]
    pub conditions: Conditions,
    pub daily_quota_fen: Option<i64>,
    /// `HH:MM`, with `windowEnd`.
    pub window_start: Option<String>,
    pub window_end: Option<String>,
    /// `YYYY-MM-DD`.
    pub effective_from: Option<String>,
    pub effective_to: Option<String>,
    pub remark: Option<String>,
    /// The version read (update only).
    pub version: Option<i64>,
}

fn rule_input(b: RuleBody) -> Result<(RuleInput, Option<i64>), ApiError> {
    let blank = |v: Option<String>| v.filter(|s| !s.trim().is_empty());
    let effective_from = blank(b.effective_from)
        .map(|d| parse_date("effectiveFrom", &d))
        .transpose()?;
    let effective_to = blank(b.effective_to)
        .map(|d| parse_date("effectiveTo", &d))
        .transpose()?;
    Ok((
        RuleInput {
            name: b.name,
            priority: b.priority,
            weight: b.weight,
            capital_provider_id: b.capital_provider_id,
            conditions: b.conditions,
            daily_quota_fen: b.daily_quota_fen,
            window_start: blank(b.window_start),
            window_end: blank(b.window_end),
            effective_from,
            effective_to,
            remark: b.remark.unwrap_or_default(),
        },
        b.version,
    ))
}

/// Creates an allocation rule (version 1, enabled).
#[utoipa::path(post, path = "/api/admin/allocation/rule/create", tag = "business",
    operation_id = "allocationRuleCreate", security(("token" = ["admin:assignment_queue:allocate"])),
    request_body = RuleBody, responses((status = 200, body = Envelope<CreatedOrderData>)))]
async fn rule_create(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Json(b): Json<RuleBody>,
) -> Answer<CreatedOrderData> {
    let (input, _) = rule_input(b)?;
    let saved = s
        .app
        .save_allocation_rule(&me, &c, None, input, None)
        .await?;
    Ok(ok(CreatedOrderData {
        id: saved.id,
        order_no: String::new(),
    }))
}

/// Saves a new version of a rule (409 over a newer one).
#[utoipa::path(post, path = "/api/admin/allocation/rule/update/{id}", tag = "business",
    operation_id = "allocationRuleUpdate", security(("token" = ["admin:assignment_queue:allocate"])),
    params(("id" = i64, Path)), request_body = RuleBody, responses((status = 200, body = Envelope<Option<String>>)))]
async fn rule_update(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
    Json(b): Json<RuleBody>,
) -> Answer<Option<String>> {
    let (input, version) = rule_input(b)?;
    s.app
        .save_allocation_rule(&me, &c, Some(id), input, version)
        .await?;
    Ok(ok(None))
}

/// Turns a rule on.
#[utoipa::path(post, path = "/api/admin/allocation/rule/enable/{id}", tag = "business",
    operation_id = "allocationRuleEnable", security(("token" = ["admin:assignment_queue:allocate"])),
    params(("id" = i64, Path)), responses((status = 200, body = Envelope<Option<String>>)))]
async fn rule_enable(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
) -> Answer<Option<String>> {
    s.app.set_allocation_rule_enabled(&me, &c, id, true).await?;
    Ok(ok(None))
}

/// Turns a rule off.
#[utoipa::path(post, path = "/api/admin/allocation/rule/disable/{id}", tag = "business",
    operation_id = "allocationRuleDisable", security(("token" = ["admin:assignment_queue:allocate"])),
    params(("id" = i64, Path)), responses((status = 200, body = Envelope<Option<String>>)))]
async fn rule_disable(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
) -> Answer<Option<String>> {
    s.app
        .set_allocation_rule_enabled(&me, &c, id, false)
        .await?;
    Ok(ok(None))
}

/// Paging and a status.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct AllocationPageBody {
    pub page: Option<i64>,
    pub size: Option<i64>,
    /// `id` or `createdAt`.
    pub sort: Option<SortDto>,
    /// RESERVED, ACTIVE, FUNDED, CLOSED, DECLINED or CANCELLED.
    pub status: Option<String>,
}

/// The allocation records, newest first.
#[utoipa::path(post, path = "/api/admin/allocation/page", tag = "business",
    operation_id = "allocationPage", security(("token" = ["admin:order_info:table"])),
    request_body = AllocationPageBody, responses((status = 200, body = Envelope<PageData<AllocationData>>)))]
async fn allocation_page(
    State(s): State<AppState>,
    Admin(me): Admin,
    Json(b): Json<AllocationPageBody>,
) -> Answer<PageData<AllocationData>> {
    let page = s
        .app
        .allocation_page(
            &me,
            &page_request(b.page, b.size, b.sort),
            b.status.as_deref(),
        )
        .await?;
    Ok(ok(PageData::from_page(page, Into::into)))
}

// ------------------------------------------------------------------ a customer's orders

/// A customer's orders, paged.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct CustomerOrderPageBody {
    pub customer_id: i64,
    pub page: Option<i64>,
    pub size: Option<i64>,
    pub sort: Option<SortDto>,
}

/// A customer's orders (the customer page's orders section).
#[utoipa::path(post, path = "/api/admin/customer/order/page", tag = "business",
    operation_id = "customerOrderPage", security(("token" = ["admin:customer:table"])),
    request_body = CustomerOrderPageBody, responses((status = 200, body = Envelope<PageData<OrderRowData>>)))]
async fn customer_order_page(
    State(s): State<AppState>,
    Admin(me): Admin,
    Json(b): Json<CustomerOrderPageBody>,
) -> Answer<PageData<OrderRowData>> {
    let page = s
        .app
        .customer_order_page(&me, &page_request(b.page, b.size, b.sort), b.customer_id)
        .await?;
    Ok(ok(PageData::from_page(page, Into::into)))
}

/// One order of a customer (the order page's data).
#[utoipa::path(get, path = "/api/admin/customer/order/view/{id}", tag = "business",
    operation_id = "customerOrderView", security(("token" = ["admin:order_info:table"])),
    params(("id" = i64, Path)), responses((status = 200, body = Envelope<OrderViewData>)))]
async fn customer_order_view(
    State(s): State<AppState>,
    Admin(me): Admin,
    Path(id): Path<i64>,
) -> Answer<OrderViewData> {
    Ok(ok(s.app.order_view(&me, id).await?.into()))
}

// ------------------------------------------------------------------ order files

/// Paging and an order.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct OrderFilePageBody {
    pub page: Option<i64>,
    pub size: Option<i64>,
    /// `id`, `kind` or `createdAt`.
    pub sort: Option<SortDto>,
    pub order_id: Option<i64>,
    /// A code of the `order_file_kind` dictionary.
    pub kind: Option<String>,
}

/// A document of an order.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderFileData {
    pub id: i64,
    pub order_id: i64,
    pub kind: String,
    pub remark: String,
    pub file_name: String,
    pub content_type: String,
    pub size_bytes: i64,
    pub sha256: String,
    #[schema(required = true)]
    pub uploaded_by: Option<String>,
    pub created_at: i64,
}

impl From<OrderFileRow> for OrderFileData {
    fn from(f: OrderFileRow) -> Self {
        OrderFileData {
            id: f.id,
            order_id: f.order_id,
            kind: f.kind,
            remark: f.remark,
            file_name: f.file_name,
            content_type: f.content_type,
            size_bytes: f.size_bytes,
            sha256: f.sha256,
            uploaded_by: f.uploaded_by,
            created_at: ms(f.created_at),
        }
    }
}

/// The documents of orders, newest first (deleted ones are not listed).
#[utoipa::path(post, path = "/api/admin/order/file/page", tag = "business",
    operation_id = "orderFilePage", security(("token" = ["admin:order_info:table"])),
    request_body = OrderFilePageBody, responses((status = 200, body = Envelope<PageData<OrderFileData>>)))]
async fn order_file_page(
    State(s): State<AppState>,
    Admin(me): Admin,
    Json(b): Json<OrderFilePageBody>,
) -> Answer<PageData<OrderFileData>> {
    let filter = OrderFileFilter {
        order_id: b.order_id,
        kind: b.kind,
    };
    let page = s
        .app
        .order_file_page(&me, &page_request(b.page, b.size, b.sort), &filter)
        .await?;
    Ok(ok(PageData::from_page(page, Into::into)))
}

/// An upload: multipart fields `orderId`, `kind`, `remark` (optional) and `file`.
#[derive(Debug, ToSchema)]
#[schema(rename_all = "camelCase")]
#[allow(dead_code)]
pub struct OrderFileUpload {
    pub order_id: i64,
    pub kind: String,
    pub remark: Option<String>,
    #[schema(value_type = String, format = Binary)]
    pub file: Vec<u8>,
}

/// Adds a document to an existing order (images or PDF; size limit from 系统设置).
#[utoipa::path(post, path = "/api/admin/order/file/create", tag = "business",
    operation_id = "orderFileCreate", security(("token" = ["admin:order_info:edit"])),
    request_body(content = OrderFileUpload, content_type = "multipart/form-data"),
    responses((status = 200, body = Envelope<IdData>)))]
async fn order_file_create(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    form: Multipart,
) -> Answer<IdData> {
    let input = NewOrderFile {
        order_id: form.id("orderId")?,
        kind: form
            .text("kind")
            .ok_or_else(|| ApiError::invalid("kind", "请选择文件类型"))?,
        remark: form.text("remark"),
        file: form.file("file")?,
    };
    let id = s.app.create_order_file(&me, &c, input).await?;
    Ok(ok(IdData { id }))
}

/// Deletes a document of an order (kept, marked deleted).
#[utoipa::path(post, path = "/api/admin/order/file/delete/{id}", tag = "business",
    operation_id = "orderFileDelete", security(("token" = ["admin:order_info:edit"])),
    params(("id" = i64, Path)), responses((status = 200, body = Envelope<Option<String>>)))]
async fn order_file_delete(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
) -> Answer<Option<String>> {
    s.app.delete_order_file(&me, &c, id).await?;
    Ok(ok(None))
}

/// A document for preview in the browser (inline).
#[utoipa::path(get, path = "/api/admin/order/file/preview/{id}", tag = "business",
    operation_id = "orderFilePreview", security(("token" = ["admin:order_info:table"])),
    params(("id" = i64, Path)),
    responses((status = 200, description = "The file (image or PDF)", content(("image/*"), ("application/pdf")))))]
async fn order_file_preview(
    State(s): State<AppState>,
    Admin(me): Admin,
    Path(id): Path<i64>,
) -> Result<Response, ApiError> {
    Ok(file_response(s.app.open_order_file(&me, id).await?, true))
}

/// Paging, an order and a status.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct OrderFileApplyPageBody {
    pub page: Option<i64>,
    pub size: Option<i64>,
    /// `id`, `createdAt` or `examinedAt`.
    pub sort: Option<SortDto>,
    pub order_id: Option<i64>,
    /// PENDING, APPROVED or REJECTED.
    pub status: Option<String>,
}

/// An application to add or replace a document.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderFileApplyData {
    pub id: i64,
    pub order_id: i64,
    pub kind: String,
    #[schema(required = true)]
    pub replaces_id: Option<i64>,
    pub reason: String,
    /// PENDING, APPROVED or REJECTED.
    pub status: String,
    pub reject_reason: String,
    pub file_name: String,
    pub content_type: String,
    #[schema(required = true)]
    pub applicant: Option<String>,
    #[schema(required = true)]
    pub examiner: Option<String>,
    pub created_at: i64,
    #[schema(required = true)]
    pub examined_at: Option<i64>,
}

impl From<OrderFileApplyRow> for OrderFileApplyData {
    fn from(r: OrderFileApplyRow) -> Self {
        let a = r.apply;
        OrderFileApplyData {
            id: a.id,
            order_id: a.order_id,
            kind: a.kind,
            replaces_id: a.replaces_id,
            reason: a.reason,
            status: a.status,
            reject_reason: a.reject_reason,
            file_name: r.file_name,
            content_type: r.content_type,
            applicant: r.applicant,
            examiner: r.examiner,
            created_at: ms(a.created_at),
            examined_at: a.examined_at.map(ms),
        }
    }
}

/// The document applications, newest first.
#[utoipa::path(post, path = "/api/admin/order/file/apply/page", tag = "business",
    operation_id = "orderFileApplyPage", security(("token" = ["admin:order_info:table"])),
    request_body = OrderFileApplyPageBody, responses((status = 200, body = Envelope<PageData<OrderFileApplyData>>)))]
async fn order_file_apply_page(
    State(s): State<AppState>,
    Admin(me): Admin,
    Json(b): Json<OrderFileApplyPageBody>,
) -> Answer<PageData<OrderFileApplyData>> {
    let filter = OrderFileApplyFilter {
        order_id: b.order_id,
        status: b.status,
    };
    let page = s
        .app
        .order_file_apply_page(&me, &page_request(b.page, b.size, b.sort), &filter)
        .await?;
    Ok(ok(PageData::from_page(page, Into::into)))
}

/// The decision on an application.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct ExamineBody {
    pub approve: bool,
    /// Required when refusing.
    pub reject_reason: Option<String>,
}

/// Approves (the document is added or replaces the old one) or refuses an application.
#[utoipa::path(post, path = "/api/admin/order/file/apply/examine/{id}", tag = "business",
    operation_id = "orderFileApplyExamine", security(("token" = ["admin:order_info:file_examine"])),
    params(("id" = i64, Path)), request_body = ExamineBody, responses((status = 200, body = Envelope<Option<String>>)))]
async fn order_file_apply_examine(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
    Json(b): Json<ExamineBody>,
) -> Answer<Option<String>> {
    let decision = if b.approve {
        Examine::Approve
    } else {
        Examine::Reject(b.reject_reason.unwrap_or_default())
    };
    s.app
        .examine_order_file_apply(&me, &c, id, decision)
        .await?;
    Ok(ok(None))
}
