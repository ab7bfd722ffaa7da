//! 业务管理 › 减免申请 (`/business/exemptionApplication`, `admin:order_plan_reduction:*`,
//! docs/waivers.md): waivers of interest, fee and penalty — the form's data for an order, apply,
//! approve at one or two levels, reject, withdraw, the list.

use super::business::{Answer, date, ms, parse_date};
use super::common::{PageData, SortDto, page_request};
use crate::AppState;
use crate::auth::{Admin, Client};
use crate::envelope::{Envelope, ok};
use crate::extract::{Json, Path};
use axum::extract::State;
use domain::money::product::Component;
use domain::money::waiver::WaiverLine;
use serde::{Deserialize, Serialize};
use service::order::waiver::{Waivable, WaiverFilter, WaiverInput, WaiverRow};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(waiver_page))
        .routes(routes!(waiver_waivable))
        .routes(routes!(waiver_create))
        .routes(routes!(waiver_approve))
        .routes(routes!(waiver_reject))
        .routes(routes!(waiver_withdraw))
}

/// The list's filters.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct WaiverPageBody {
    pub page: Option<i64>,
    pub size: Option<i64>,
    /// `id`, `createdAt` or `totalFen`.
    pub sort: Option<SortDto>,
    pub status: Option<String>,
    /// Contained in the order number.
    pub order_no: Option<String>,
    /// One order's waivers (the order page).
    pub order_id: Option<i64>,
}

/// One instalment's share of an approved waiver.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WaiverLineData {
    pub item_seq: u32,
    /// PENALTY, FEE or INTEREST.
    pub component: String,
    pub amount_fen: i64,
}

fn component_code(c: Component) -> &'static str {
    match c {
        Component::Penalty => "PENALTY",
        Component::Fee => "FEE",
        Component::Interest => "INTEREST",
        Component::Principal => "PRINCIPAL",
    }
}

impl From<WaiverLine> for WaiverLineData {
    fn from(l: WaiverLine) -> Self {
        WaiverLineData {
            item_seq: l.item_seq,
            component: component_code(l.component).to_owned(),
            amount_fen: l.amount_fen.get(),
        }
    }
}

/// A waiver application.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WaiverData {
    pub id: i64,
    pub waiver_no: String,
    pub order_id: i64,
    pub order_no: String,
    pub customer_name: String,
    pub order_status: String,
    /// The instalment, or null: every instalment already due.
    #[schema(required = true)]
    pub item_seq: Option<i32>,
    pub interest_fen: i64,
    pub fee_fen: i64,
    pub penalty_fen: i64,
    pub total_fen: i64,
    /// PLATFORM or CAPITAL_PROVIDER.
    pub bearer: String,
    pub reason: String,
    pub conditional: bool,
    pub expected_fen: i64,
    #[schema(required = true)]
    pub valid_until: Option<String>,
    /// Approvals needed: 1, or 2 above the order rules' threshold.
    pub levels: i32,
    /// PENDING_APPROVAL, PENDING_SECOND, APPROVED, EFFECTIVE, REJECTED, WITHDRAWN, EXPIRED.
    pub status: String,
    #[schema(required = true)]
    pub created_by: Option<i64>,
    pub created_by_name: String,
    pub created_at: i64,
    #[schema(required = true)]
    pub first_by: Option<i64>,
    pub first_by_name: String,
    #[schema(required = true)]
    pub first_at: Option<i64>,
    pub second_by_name: String,
    #[schema(required = true)]
    pub second_at: Option<i64>,
    #[schema(required = true)]
    pub approved_on: Option<String>,
    #[schema(required = true)]
    pub effective_on: Option<String>,
    /// Why it was rejected or withdrawn.
    pub reject_reason: String,
    /// Fixed at the last approval.
    pub lines: Vec<WaiverLineData>,
}

impl From<WaiverRow> for WaiverData {
    fn from(r: WaiverRow) -> Self {
        let w = r.waiver;
        WaiverData {
            id: w.id,
            waiver_no: w.waiver_no,
            order_id: w.order_id,
            order_no: r.order_no,
            customer_name: r.customer_name,
            order_status: r.order_status,
            item_seq: w.item_seq,
            interest_fen: w.interest_fen,
            fee_fen: w.fee_fen,
            penalty_fen: w.penalty_fen,
            total_fen: w.total_fen,
            bearer: w.bearer,
            reason: w.reason,
            conditional: w.conditional,
            expected_fen: w.expected_fen,
            valid_until: w.valid_until.map(date),
            levels: w.levels,
            status: w.status,
            created_by: w.created_by,
            created_by_name: w.created_by_name,
            created_at: ms(w.created_at),
            first_by: w.first_by,
            first_by_name: w.first_by_name,
            first_at: w.first_at.map(ms),
            second_by_name: w.second_by_name,
            second_at: w.second_at.map(ms),
            approved_on: w.approved_on.map(date),
            effective_on: w.effective_on.map(date),
            reject_reason: w.reject_reason,
            lines: r.lines.into_iter().map(Into::into).collect(),
        }
    }
}

/// The waivers.
#[utoipa::path(post, path = "/api/admin/order/waiver/page", tag = "business",
    operation_id = "waiverPage", security(("token" = ["admin:order_plan_reduction:table"])),
    request_body = WaiverPageBody, responses((status = 200, body = Envelope<PageData<WaiverData>>)))]
async fn waiver_page(
    State(s): State<AppState>,
    Admin(me): Admin,
    Json(b): Json<WaiverPageBody>,
) -> Answer<PageData<WaiverData>> {
    let filter = WaiverFilter {
        status: b.status,
        order_no: b.order_no,
        order_id: b.order_id,
    };
    let page = s
        .app
        .waiver_page(&me, &page_request(b.page, b.size, b.sort), &filter)
        .await?;
    Ok(ok(PageData::from_page(page, Into::into)))
}

/// An instalment with what is outstanding today.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WaivableItemData {
    pub seq: u32,
    pub due_date: String,
    /// NOT_DUE, DUE, OVERDUE.
    pub status: String,
    pub interest_fen: i64,
    pub fee_fen: i64,
    pub penalty_fen: i64,
    pub outstanding_fen: i64,
    /// Already due: covered by a waiver of every due instalment.
    pub due: bool,
}

/// What the waiver form needs for an order.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WaivableData {
    pub order_no: String,
    pub business_date: String,
    pub items: Vec<WaivableItemData>,
    pub outstanding_fen: i64,
    /// Above this total a second approval is needed.
    pub second_approval_fen: i64,
    /// Waivers of the order waiting for approval or for the customer's payment.
    pub open: i64,
}

impl From<Waivable> for WaivableData {
    fn from(w: Waivable) -> Self {
        WaivableData {
            order_no: w.order_no,
            business_date: date(w.business_date),
            items: w
                .items
                .into_iter()
                .map(|i| WaivableItemData {
                    seq: i.seq,
                    due_date: date(i.due_date),
                    status: i.status.to_owned(),
                    interest_fen: i.interest_fen,
                    fee_fen: i.fee_fen,
                    penalty_fen: i.penalty_fen,
                    outstanding_fen: i.outstanding_fen,
                    due: i.due,
                })
                .collect(),
            outstanding_fen: w.outstanding_fen,
            second_approval_fen: w.second_approval_fen,
            open: w.open,
        }
    }
}

/// The order as the waiver form sees it today.
#[utoipa::path(get, path = "/api/admin/order/waiver/waivable/{id}", tag = "business",
    operation_id = "waiverWaivable", security(("token" = ["admin:order_plan_reduction:create"])),
    params(("id" = i64, Path)),
    responses((status = 200, body = Envelope<WaivableData>)))]
async fn waiver_waivable(
    State(s): State<AppState>,
    Admin(me): Admin,
    Path(id): Path<i64>,
) -> Answer<WaivableData> {
    Ok(ok(s.app.waivable(&me, id).await?.into()))
}

/// A waiver to apply for.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct WaiverBody {
    /// One instalment, or null for every instalment already due.
    pub item_seq: Option<u32>,
    pub interest_fen: i64,
    pub fee_fen: i64,
    pub penalty_fen: i64,
    /// PLATFORM or CAPITAL_PROVIDER.
    pub bearer: String,
    pub reason: String,
    #[serde(default)]
    pub conditional: bool,
    /// Conditional: what the customer must pay (from approval) for the waiver to take effect.
    #[serde(default)]
    pub expected_fen: i64,
    /// Conditional: the last day for that payment (YYYY-MM-DD).
    pub valid_until: Option<String>,
}

/// 申请减免.
#[utoipa::path(post, path = "/api/admin/order/waiver/create/{id}", tag = "business",
    operation_id = "waiverCreate", security(("token" = ["admin:order_plan_reduction:create"])),
    params(("id" = i64, Path)), request_body = WaiverBody,
    responses((status = 200, body = Envelope<WaiverData>)))]
async fn waiver_create(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
    Json(b): Json<WaiverBody>,
) -> Answer<WaiverData> {
    let valid_until = match b.valid_until.as_deref().map(str::trim) {
        Some(text) if !text.is_empty() => Some(parse_date("validUntil", text)?),
        _ => None,
    };
    let row = s
        .app
        .create_waiver(
            &me,
            &c,
            id,
            WaiverInput {
                item_seq: b.item_seq,
                interest_fen: b.interest_fen,
                fee_fen: b.fee_fen,
                penalty_fen: b.penalty_fen,
                bearer: b.bearer,
                reason: b.reason,
                conditional: b.conditional,
                expected_fen: b.expected_fen,
                valid_until,
            },
        )
        .await?;
    Ok(ok(WaiverRow {
        order_no: String::new(),
        customer_name: String::new(),
        order_status: String::new(),
        lines: Vec::new(),
        waiver: row,
    }
    .into()))
}

/// 审批通过 (first or second level; the last re-checks the amounts against today).
#[utoipa::path(post, path = "/api/admin/order/waiver/approve/{id}", tag = "business",
    operation_id = "waiverApprove", security(("token" = ["admin:order_plan_reduction:approve"])),
    params(("id" = i64, Path)),
    responses((status = 200, body = Envelope<WaiverData>)))]
async fn waiver_approve(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
) -> Answer<WaiverData> {
    let row = s.app.approve_waiver(&me, &c, id).await?;
    let lines = row
        .lines
        .clone()
        .and_then(|v| serde_json::from_value(v).ok())
        .unwrap_or_default();
    Ok(ok(WaiverRow {
        order_no: String::new(),
        customer_name: String::new(),
        order_status: String::new(),
        lines,
        waiver: row,
    }
    .into()))
}

/// A reason.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct WaiverReasonBody {
    pub reason: String,
}

/// 驳回 (an approver).
#[utoipa::path(post, path = "/api/admin/order/waiver/reject/{id}", tag = "business",
    operation_id = "waiverReject", security(("token" = ["admin:order_plan_reduction:approve"])),
    params(("id" = i64, Path)), request_body = WaiverReasonBody,
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn waiver_reject(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
    Json(b): Json<WaiverReasonBody>,
) -> Answer<Option<String>> {
    s.app.close_waiver(&me, &c, id, &b.reason, false).await?;
    Ok(ok(None))
}

/// 撤回 (before it takes effect).
#[utoipa::path(post, path = "/api/admin/order/waiver/withdraw/{id}", tag = "business",
    operation_id = "waiverWithdraw", security(("token" = ["admin:order_plan_reduction:create"])),
    params(("id" = i64, Path)), request_body = WaiverReasonBody,
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn waiver_withdraw(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
    Json(b): Json<WaiverReasonBody>,
) -> Answer<Option<String>> {
    s.app.close_waiver(&me, &c, id, &b.reason, true).await?;
    Ok(ok(None))
}
