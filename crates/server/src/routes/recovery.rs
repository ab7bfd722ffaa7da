//! 业务管理 › 追偿申请 (`/business/recoveryApplication`, `admin:order_plan_recover:*`,
//! docs/recoveries.md): the platform's claim on the instalments it advanced — the form's data for
//! an order, apply, approve at one or two levels, close an agency or litigation case, reject,
//! withdraw, the list.

use super::business::{Answer, date, ms};
use super::common::{PageData, SortDto, page_request};
use crate::AppState;
use crate::auth::{Admin, Client};
use crate::envelope::{Envelope, ok};
use crate::extract::{Json, Path};
use axum::extract::State;
use serde::{Deserialize, Serialize};
use service::order::recovery::{
    Recoverable, RecoveryClose, RecoveryFilter, RecoveryInput, RecoveryRow,
};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(recovery_page))
        .routes(routes!(recovery_recoverable))
        .routes(routes!(recovery_create))
        .routes(routes!(recovery_approve))
        .routes(routes!(recovery_close))
        .routes(routes!(recovery_reject))
        .routes(routes!(recovery_withdraw))
}

/// The list's filters.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct RecoveryPageBody {
    pub page: Option<i64>,
    pub size: Option<i64>,
    /// `id`, `createdAt` or `claimFen`.
    pub sort: Option<SortDto>,
    pub status: Option<String>,
    /// COLLECTION_AGENCY, LITIGATION or WRITE_OFF.
    pub method: Option<String>,
    /// Contained in the order number.
    pub order_no: Option<String>,
    /// One order's applications (the order page).
    pub order_id: Option<i64>,
}

/// A recovery application.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecoveryData {
    pub id: i64,
    pub recovery_no: String,
    pub order_id: i64,
    pub order_no: String,
    pub customer_name: String,
    pub capital_provider_name: String,
    pub order_status: String,
    /// COLLECTION_AGENCY, LITIGATION or WRITE_OFF.
    pub method: String,
    /// The collection agency or the court.
    pub agency: String,
    /// What the platform claimed on the order's advanced instalments when applied for.
    pub claim_fen: i64,
    pub reason: String,
    /// Approvals needed: 1, or 2 for a write-off above the order rules' threshold.
    pub levels: i32,
    /// PENDING_APPROVAL, PENDING_SECOND, APPROVED, EXECUTED, REJECTED, CANCELLED.
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
    /// Why it was rejected or withdrawn.
    pub reject_reason: String,
    #[schema(required = true)]
    pub executed_on: Option<String>,
    pub executed_by_name: String,
    /// How an agency or litigation case ended.
    pub result: String,
    /// Recovered by repayments since approval (agency, litigation; fixed at the close).
    pub recovered_fen: i64,
    /// The case's cost to the platform.
    pub cost_fen: i64,
    /// The claim written off (write-off).
    pub written_off_fen: i64,
}

impl From<RecoveryRow> for RecoveryData {
    fn from(r: RecoveryRow) -> Self {
        let row = r.recovery;
        RecoveryData {
            id: row.id,
            recovery_no: row.recovery_no,
            order_id: row.order_id,
            order_no: r.order_no,
            customer_name: r.customer_name,
            capital_provider_name: r.capital_provider_name,
            order_status: r.order_status,
            method: row.method,
            agency: row.agency,
            claim_fen: row.claim_fen,
            reason: row.reason,
            levels: row.levels,
            status: row.status,
            created_by: row.created_by,
            created_by_name: row.created_by_name,
            created_at: ms(row.created_at),
            first_by: row.first_by,
            first_by_name: row.first_by_name,
            first_at: row.first_at.map(ms),
            second_by_name: row.second_by_name,
            second_at: row.second_at.map(ms),
            approved_on: row.approved_on.map(date),
            reject_reason: row.reject_reason,
            executed_on: row.executed_on.map(date),
            executed_by_name: row.executed_by_name,
            result: row.result,
            recovered_fen: r.recovered_fen,
            cost_fen: row.cost_fen,
            written_off_fen: row.posted_claim_fen,
        }
    }
}

/// The recovery applications.
#[utoipa::path(post, path = "/api/admin/order/recovery/page", tag = "business",
    operation_id = "recoveryPage", security(("token" = ["admin:order_plan_recover:table"])),
    request_body = RecoveryPageBody, responses((status = 200, body = Envelope<PageData<RecoveryData>>)))]
async fn recovery_page(
    State(s): State<AppState>,
    Admin(me): Admin,
    Json(b): Json<RecoveryPageBody>,
) -> Answer<PageData<RecoveryData>> {
    let filter = RecoveryFilter {
        status: b.status,
        method: b.method,
        order_no: b.order_no,
        order_id: b.order_id,
    };
    let page = s
        .app
        .recovery_page(&me, &page_request(b.page, b.size, b.sort), &filter)
        .await?;
    Ok(ok(PageData::from_page(page, Into::into)))
}

/// An advanced instalment with what the platform still claims on it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClaimItemData {
    pub seq: u32,
    pub due_date: String,
    #[schema(required = true)]
    pub advanced_on: Option<String>,
    pub advanced_fen: i64,
    pub recovered_fen: i64,
    pub claim_fen: i64,
    /// What the customer owes on it in all (with penalty).
    pub outstanding_fen: i64,
    pub days_past_due: u32,
}

/// What the application form needs for an order.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecoverableData {
    pub order_no: String,
    pub customer_name: String,
    pub business_date: String,
    pub items: Vec<ClaimItemData>,
    /// Σ claim.
    pub claim_fen: i64,
    /// A write-off above this claim needs a second approval.
    pub second_approval_fen: i64,
    /// The order's application still open, if any.
    #[schema(required = true)]
    pub open_no: Option<String>,
}

impl From<Recoverable> for RecoverableData {
    fn from(r: Recoverable) -> Self {
        RecoverableData {
            order_no: r.order_no,
            customer_name: r.customer_name,
            business_date: date(r.business_date),
            items: r
                .items
                .into_iter()
                .map(|i| ClaimItemData {
                    seq: i.seq,
                    due_date: date(i.due_date),
                    advanced_on: i.advanced_on.map(date),
                    advanced_fen: i.advanced_fen,
                    recovered_fen: i.recovered_fen,
                    claim_fen: i.claim_fen,
                    outstanding_fen: i.outstanding_fen,
                    days_past_due: i.days_past_due,
                })
                .collect(),
            claim_fen: r.claim_fen,
            second_approval_fen: r.second_approval_fen,
            open_no: r.open_no,
        }
    }
}

/// The order as the application form sees it today.
#[utoipa::path(get, path = "/api/admin/order/recovery/recoverable/{id}", tag = "business",
    operation_id = "recoveryRecoverable", security(("token" = ["admin:order_plan_recover:create"])),
    params(("id" = i64, Path)),
    responses((status = 200, body = Envelope<RecoverableData>)))]
async fn recovery_recoverable(
    State(s): State<AppState>,
    Admin(me): Admin,
    Path(id): Path<i64>,
) -> Answer<RecoverableData> {
    Ok(ok(s.app.recoverable(&me, id).await?.into()))
}

/// An application.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct RecoveryBody {
    /// COLLECTION_AGENCY, LITIGATION or WRITE_OFF.
    pub method: String,
    /// The collection agency or the court (not for a write-off).
    #[serde(default)]
    pub agency: String,
    pub reason: String,
}

/// 申请追偿.
#[utoipa::path(post, path = "/api/admin/order/recovery/create/{id}", tag = "business",
    operation_id = "recoveryCreate", security(("token" = ["admin:order_plan_recover:create"])),
    params(("id" = i64, Path)), request_body = RecoveryBody,
    responses((status = 200, body = Envelope<RecoveryData>)))]
async fn recovery_create(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
    Json(b): Json<RecoveryBody>,
) -> Answer<RecoveryData> {
    let row = s
        .app
        .create_recovery(
            &me,
            &c,
            id,
            RecoveryInput {
                method: b.method,
                agency: b.agency,
                reason: b.reason,
            },
        )
        .await?;
    Ok(ok(RecoveryRow::bare(row).into()))
}

/// 审批通过 (first or second level; a write-off's last approval writes the claim off).
#[utoipa::path(post, path = "/api/admin/order/recovery/approve/{id}", tag = "business",
    operation_id = "recoveryApprove", security(("token" = ["admin:order_plan_recover:approve"])),
    params(("id" = i64, Path)),
    responses((status = 200, body = Envelope<RecoveryData>)))]
async fn recovery_approve(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
) -> Answer<RecoveryData> {
    Ok(ok(RecoveryRow::bare(
        s.app.approve_recovery(&me, &c, id).await?,
    )
    .into()))
}

/// How a case ended.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct RecoveryCloseBody {
    pub result: String,
    /// The agency's fee or the court costs the platform paid (fen).
    #[serde(default)]
    pub cost_fen: i64,
}

/// 结案 (an agency or litigation case).
#[utoipa::path(post, path = "/api/admin/order/recovery/close/{id}", tag = "business",
    operation_id = "recoveryClose", security(("token" = ["admin:order_plan_recover:create"])),
    params(("id" = i64, Path)), request_body = RecoveryCloseBody,
    responses((status = 200, body = Envelope<RecoveryData>)))]
async fn recovery_close(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
    Json(b): Json<RecoveryCloseBody>,
) -> Answer<RecoveryData> {
    let row = s
        .app
        .close_recovery(
            &me,
            &c,
            id,
            RecoveryClose {
                result: b.result,
                cost_fen: b.cost_fen,
            },
        )
        .await?;
    Ok(ok(RecoveryRow::bare(row).into()))
}

/// A reason.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct RecoveryReasonBody {
    pub reason: String,
}

/// 驳回 (an approver).
#[utoipa::path(post, path = "/api/admin/order/recovery/reject/{id}", tag = "business",
    operation_id = "recoveryReject", security(("token" = ["admin:order_plan_recover:approve"])),
    params(("id" = i64, Path)), request_body = RecoveryReasonBody,
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn recovery_reject(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
    Json(b): Json<RecoveryReasonBody>,
) -> Answer<Option<String>> {
    s.app.reject_recovery(&me, &c, id, &b.reason, false).await?;
    Ok(ok(None))
}

/// 撤回 (the maker, before approval).
#[utoipa::path(post, path = "/api/admin/order/recovery/withdraw/{id}", tag = "business",
    operation_id = "recoveryWithdraw", security(("token" = ["admin:order_plan_recover:create"])),
    params(("id" = i64, Path)), request_body = RecoveryReasonBody,
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn recovery_withdraw(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
    Json(b): Json<RecoveryReasonBody>,
) -> Answer<Option<String>> {
    s.app.reject_recovery(&me, &c, id, &b.reason, true).await?;
    Ok(ok(None))
}
