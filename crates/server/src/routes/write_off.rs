//! 核销 from the order page (T28, `admin:order_plan:write_off`, docs/write-offs.md): what an
//! overdue order owes today, apply, approve at one or two levels, reject, withdraw, the order's
//! applications.

use super::business::{Answer, date, ms};
use crate::AppState;
use crate::auth::{Admin, Client};
use crate::envelope::{Envelope, ok};
use crate::extract::{Json, Path};
use axum::extract::State;
use serde::{Deserialize, Serialize};
use service::order::write_off::{WriteOffInput, WriteOffQuote, WriteOffRow};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(write_off_quote))
        .routes(routes!(write_off_list))
        .routes(routes!(write_off_create))
        .routes(routes!(write_off_approve))
        .routes(routes!(write_off_reject))
        .routes(routes!(write_off_withdraw))
}

/// What an overdue order owes per component (fen).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OwedData {
    pub principal_fen: i64,
    pub interest_fen: i64,
    pub fee_fen: i64,
    pub penalty_fen: i64,
    pub total_fen: i64,
    /// The part the platform claims after advancing instalments (逾期挂账).
    pub claim_fen: i64,
}

/// The write-off form's data.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WriteOffQuoteData {
    pub order_no: String,
    pub order_status: String,
    pub business_date: String,
    pub owed: OwedData,
    /// A write-off above this total needs a second approval.
    pub second_approval_fen: i64,
    /// The order's application waiting for approval, if any.
    #[schema(required = true)]
    pub open_no: Option<String>,
}

impl From<WriteOffQuote> for WriteOffQuoteData {
    fn from(q: WriteOffQuote) -> Self {
        WriteOffQuoteData {
            order_no: q.order_no,
            order_status: q.order_status,
            business_date: date(q.business_date),
            owed: OwedData {
                principal_fen: q.owed.principal_fen,
                interest_fen: q.owed.interest_fen,
                fee_fen: q.owed.fee_fen,
                penalty_fen: q.owed.penalty_fen,
                total_fen: q.owed.total_fen,
                claim_fen: q.owed.claim_fen,
            },
            second_approval_fen: q.second_approval_fen,
            open_no: q.open_no,
        }
    }
}

/// A write-off application.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WriteOffData {
    pub id: i64,
    pub write_off_no: String,
    pub order_id: i64,
    /// CAPITAL_PROVIDER or PLATFORM.
    pub bearer: String,
    /// What the order owed when applied for; at execution, what was written off.
    pub principal_fen: i64,
    pub interest_fen: i64,
    pub fee_fen: i64,
    pub penalty_fen: i64,
    pub total_fen: i64,
    pub claim_fen: i64,
    pub reason: String,
    /// Approvals needed: 1, or 2 above the order rules' threshold.
    pub levels: i32,
    /// PENDING_APPROVAL, PENDING_SECOND, EXECUTED, REJECTED, WITHDRAWN.
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
    pub executed_on: Option<String>,
    /// Why it was rejected or withdrawn.
    pub reject_reason: String,
}

impl From<WriteOffRow> for WriteOffData {
    fn from(w: WriteOffRow) -> Self {
        WriteOffData {
            id: w.id,
            write_off_no: w.write_off_no,
            order_id: w.order_id,
            bearer: w.bearer,
            principal_fen: w.principal_fen,
            interest_fen: w.interest_fen,
            fee_fen: w.fee_fen,
            penalty_fen: w.penalty_fen,
            total_fen: w.total_fen,
            claim_fen: w.claim_fen,
            reason: w.reason,
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
            executed_on: w.executed_on.map(date),
            reject_reason: w.reject_reason,
        }
    }
}

/// What an overdue order owes today, for the write-off form.
#[utoipa::path(get, path = "/api/admin/order/write-off/quote/{id}", tag = "business",
    operation_id = "writeOffQuote", security(("token" = ["admin:order_plan:write_off"])),
    params(("id" = i64, Path)),
    responses((status = 200, body = Envelope<WriteOffQuoteData>)))]
async fn write_off_quote(
    State(s): State<AppState>,
    Admin(me): Admin,
    Path(id): Path<i64>,
) -> Answer<WriteOffQuoteData> {
    Ok(ok(s.app.write_off_quote(&me, id).await?.into()))
}

/// The order's write-off applications, newest first.
#[utoipa::path(get, path = "/api/admin/order/write-off/list/{id}", tag = "business",
    operation_id = "writeOffList", security(("token" = ["admin:order_info:table"])),
    params(("id" = i64, Path)),
    responses((status = 200, body = Envelope<Vec<WriteOffData>>)))]
async fn write_off_list(
    State(s): State<AppState>,
    Admin(me): Admin,
    Path(id): Path<i64>,
) -> Answer<Vec<WriteOffData>> {
    let rows = s.app.order_write_offs(&me, id).await?;
    Ok(ok(rows.into_iter().map(Into::into).collect()))
}

/// An application.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct WriteOffBody {
    /// CAPITAL_PROVIDER or PLATFORM.
    pub bearer: String,
    pub reason: String,
}

/// 申请核销.
#[utoipa::path(post, path = "/api/admin/order/write-off/create/{id}", tag = "business",
    operation_id = "writeOffCreate", security(("token" = ["admin:order_plan:write_off"])),
    params(("id" = i64, Path)), request_body = WriteOffBody,
    responses((status = 200, body = Envelope<WriteOffData>)))]
async fn write_off_create(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
    Json(b): Json<WriteOffBody>,
) -> Answer<WriteOffData> {
    let row = s
        .app
        .create_write_off(
            &me,
            &c,
            id,
            WriteOffInput {
                bearer: b.bearer,
                reason: b.reason,
            },
        )
        .await?;
    Ok(ok(row.into()))
}

/// 审批通过 (first or second level; the last writes the order off: T28).
#[utoipa::path(post, path = "/api/admin/order/write-off/approve/{id}", tag = "business",
    operation_id = "writeOffApprove", security(("token" = ["admin:order_plan:write_off"])),
    params(("id" = i64, Path)),
    responses((status = 200, body = Envelope<WriteOffData>)))]
async fn write_off_approve(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
) -> Answer<WriteOffData> {
    Ok(ok(s.app.approve_write_off(&me, &c, id).await?.into()))
}

/// A reason.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct WriteOffReasonBody {
    pub reason: String,
}

/// 驳回 (an approver).
#[utoipa::path(post, path = "/api/admin/order/write-off/reject/{id}", tag = "business",
    operation_id = "writeOffReject", security(("token" = ["admin:order_plan:write_off"])),
    params(("id" = i64, Path)), request_body = WriteOffReasonBody,
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn write_off_reject(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
    Json(b): Json<WriteOffReasonBody>,
) -> Answer<Option<String>> {
    s.app
        .reject_write_off(&me, &c, id, &b.reason, false)
        .await?;
    Ok(ok(None))
}

/// 撤回 (the maker, before approval).
#[utoipa::path(post, path = "/api/admin/order/write-off/withdraw/{id}", tag = "business",
    operation_id = "writeOffWithdraw", security(("token" = ["admin:order_plan:write_off"])),
    params(("id" = i64, Path)), request_body = WriteOffReasonBody,
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn write_off_withdraw(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
    Json(b): Json<WriteOffReasonBody>,
) -> Answer<Option<String>> {
    s.app.reject_write_off(&me, &c, id, &b.reason, true).await?;
    Ok(ok(None))
}
