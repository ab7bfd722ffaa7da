//! 业务管理 › 退保申请 (`/business/surrenderApplication`, `admin:order_refund:*`,
//! docs/surrenders.md): the form's estimate for an order, apply, approve (T24), reject, withdraw,
//! submit to the insurer, the insurer's confirmation or refusal, cancel (T25), the refund applied
//! (T26) and the surplus paid out, the list and its export.

use super::business::{Answer, OrderPageBody, OrderRowData, date, export, list, ms, parse_date};
use super::common::{ExportData, PageData, SortDto, page_request};
use crate::AppState;
use crate::auth::{Admin, Client};
use crate::envelope::{Envelope, ok};
use crate::error::ApiError;
use crate::extract::{Json, Path};
use axum::extract::{Query, State, rejection::QueryRejection};
use serde::{Deserialize, Serialize};
use service::order::Stage;
use service::order::surrender::{
    ConfirmInput, DemandNoticeModel, PayoutInput, PolicyEstimate, SettleInput, SettlePreview,
    SurrenderFilter, SurrenderInput, SurrenderModel, SurrenderQuote, SurrenderRow,
};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(surrendered_page))
        .routes(routes!(surrendered_export))
        .routes(routes!(surrender_quote))
        .routes(routes!(surrender_page))
        .routes(routes!(surrender_export))
        .routes(routes!(surrender_create))
        .routes(routes!(surrender_approve))
        .routes(routes!(surrender_reject))
        .routes(routes!(surrender_withdraw))
        .routes(routes!(surrender_submit))
        .routes(routes!(surrender_confirm))
        .routes(routes!(surrender_decline))
        .routes(routes!(surrender_cancel))
        .routes(routes!(surrender_settle_preview))
        .routes(routes!(surrender_settle))
        .routes(routes!(surrender_payout))
}

stage_list!(
    surrendered_page,
    surrendered_export,
    Stage::Surrendered,
    "/api/admin/order/surrendered/page",
    "orderSurrenderedPage",
    "/api/admin/order/surrendered/export",
    "orderSurrenderedExport",
    "已退保订单: SURRENDERED, with the refund applied, the surplus paid out and what was paid per component."
);

/// One policy's estimated refund.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PolicyEstimateData {
    pub policy_id: i64,
    /// COMMERCIAL, COMPULSORY or VEHICLE_TAX.
    pub kind: String,
    pub insurer_name: String,
    pub policy_no: String,
    pub premium_fen: i64,
    #[schema(required = true)]
    pub start_date: Option<String>,
    #[schema(required = true)]
    pub end_date: Option<String>,
    pub refund_fen: i64,
    pub days_remaining: i64,
    pub days_in_term: i64,
    /// PRE_START, PRO_RATA, SHORT_RATE or NONE.
    pub method: String,
    /// Why nothing is refunded: COMPULSORY_REASON_NOT_ALLOWED, POLICY_EXPIRED,
    /// VEHICLE_TAX_NOT_REFUNDABLE.
    #[schema(required = true)]
    pub reason_code: Option<String>,
}

impl From<PolicyEstimate> for PolicyEstimateData {
    fn from(p: PolicyEstimate) -> Self {
        PolicyEstimateData {
            policy_id: p.policy_id,
            kind: p.kind,
            insurer_name: p.insurer_name,
            policy_no: p.policy_no,
            premium_fen: p.premium_fen,
            start_date: p.start_date.map(date),
            end_date: p.end_date.map(date),
            refund_fen: p.refund_fen,
            days_remaining: p.days_remaining,
            days_in_term: p.days_in_term,
            method: p.method,
            reason_code: p.reason_code,
        }
    }
}

/// A demand notice (催告函).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DemandNoticeData {
    pub id: i64,
    pub sent_on: String,
    pub cure_deadline: String,
    pub days_past_due: i32,
    pub outstanding_fen: i64,
    /// SENT, CURED or CLOSED.
    pub status: String,
    #[schema(required = true)]
    pub closed_on: Option<String>,
    /// Whether it went out through the notice template (false: the template was disabled).
    pub delivered: bool,
}

impl From<DemandNoticeModel> for DemandNoticeData {
    fn from(n: DemandNoticeModel) -> Self {
        DemandNoticeData {
            id: n.id,
            sent_on: date(n.sent_on),
            cure_deadline: date(n.cure_deadline),
            days_past_due: n.days_past_due,
            outstanding_fen: n.outstanding_fen,
            status: n.status,
            closed_on: n.closed_on.map(date),
            delivered: n.batch_id.is_some(),
        }
    }
}

/// What filing a surrender would say.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SurrenderQuoteData {
    pub order_id: i64,
    pub order_no: String,
    pub order_status: String,
    pub customer_name: String,
    pub business_date: String,
    pub reason: String,
    pub cancel_date: String,
    /// Σ the policies' estimated refunds.
    pub estimate_fen: i64,
    /// What settles the order at the cancellation date.
    pub payoff_fen: i64,
    pub outstanding_fen: i64,
    pub days_past_due: i32,
    pub policies: Vec<PolicyEstimateData>,
    #[schema(required = true)]
    pub notice: Option<DemandNoticeData>,
    /// Why it cannot be filed now; null when it can.
    #[schema(required = true)]
    pub blocked: Option<String>,
    #[schema(required = true)]
    pub open_no: Option<String>,
}

impl From<SurrenderQuote> for SurrenderQuoteData {
    fn from(q: SurrenderQuote) -> Self {
        SurrenderQuoteData {
            order_id: q.order_id,
            order_no: q.order_no,
            order_status: q.order_status,
            customer_name: q.customer_name,
            business_date: date(q.business_date),
            reason: q.reason,
            cancel_date: date(q.cancel_date),
            estimate_fen: q.estimate_fen,
            payoff_fen: q.payoff_fen,
            outstanding_fen: q.outstanding_fen,
            days_past_due: q.days_past_due,
            policies: q.policies.into_iter().map(Into::into).collect(),
            notice: q.notice.map(Into::into),
            blocked: q.blocked,
            open_no: q.open_no,
        }
    }
}

/// The quote's reason and date.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct SurrenderQuoteQuery {
    /// A reason code; CUSTOMER_REQUEST when absent.
    pub reason: Option<String>,
    /// YYYY-MM-DD; today (the business date) when absent.
    pub cancel_date: Option<String>,
}

/// 退保试算 for an order.
#[utoipa::path(get, path = "/api/admin/order/surrender/quote/{id}", tag = "business",
    operation_id = "surrenderQuote", security(("token" = ["admin:order_refund:table"])),
    params(("id" = i64, Path), SurrenderQuoteQuery),
    responses((status = 200, body = Envelope<SurrenderQuoteData>)))]
async fn surrender_quote(
    State(s): State<AppState>,
    Admin(me): Admin,
    Path(id): Path<i64>,
    query: Result<Query<SurrenderQuoteQuery>, QueryRejection>,
) -> Answer<SurrenderQuoteData> {
    let Query(q) = query.map_err(|_| ApiError::invalid("cancelDate", "日期格式应为 YYYY-MM-DD"))?;
    let day = q
        .cancel_date
        .as_deref()
        .map(|d| parse_date("cancelDate", d))
        .transpose()?;
    Ok(ok(s
        .app
        .surrender_quote(&me, id, q.reason.as_deref(), day)
        .await?
        .into()))
}

/// The list's filters.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct SurrenderPageBody {
    pub page: Option<i64>,
    pub size: Option<i64>,
    /// `id`, `createdAt` or `estimateFen`.
    pub sort: Option<SortDto>,
    pub status: Option<String>,
    pub reason: Option<String>,
    /// Contained in the order number.
    pub order_no: Option<String>,
    /// Contained in the customer's name.
    pub customer_name: Option<String>,
    /// One order's applications (the order page).
    pub order_id: Option<i64>,
}

impl SurrenderPageBody {
    fn split(self) -> (service::paging::PageRequest, SurrenderFilter) {
        (
            page_request(self.page, self.size, self.sort),
            SurrenderFilter {
                status: self.status,
                reason: self.reason,
                order_no: self.order_no,
                customer_name: self.customer_name,
                order_id: self.order_id,
            },
        )
    }
}

/// A surrender application.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SurrenderData {
    pub id: i64,
    pub surrender_no: String,
    pub order_id: i64,
    pub order_no: String,
    pub customer_name: String,
    pub capital_provider_name: String,
    pub order_status: String,
    /// DEFAULT, CUSTOMER_REQUEST, VEHICLE_SOLD, TOTAL_LOSS, DUPLICATE or POLICY_NOT_ISSUED.
    pub reason: String,
    /// CUSTOMER or PLATFORM.
    pub initiated_by: String,
    pub remark: String,
    pub requested_cancel_date: String,
    pub estimate_fen: i64,
    pub payoff_fen: i64,
    pub outstanding_fen: i64,
    #[schema(required = true)]
    pub notice_sent_on: Option<String>,
    #[schema(required = true)]
    pub cure_deadline: Option<String>,
    /// PENDING_APPROVAL, APPROVED, SUBMITTED_TO_INSURER, INSURER_CONFIRMED, REFUND_RECEIVED,
    /// SETTLED, REJECTED, WITHDRAWN, CANCELLED, INSURER_DECLINED.
    pub status: String,
    #[schema(required = true)]
    pub created_by: Option<i64>,
    pub created_by_name: String,
    pub created_at: i64,
    pub approved_by_name: String,
    #[schema(required = true)]
    pub approved_at: Option<i64>,
    #[schema(required = true)]
    pub submitted_on: Option<String>,
    #[schema(required = true)]
    pub insurer_refund_fen: Option<i64>,
    pub endorsement_no: String,
    #[schema(required = true)]
    pub effective_date: Option<String>,
    #[schema(required = true)]
    pub refund_received_on: Option<String>,
    pub refund_channel: String,
    pub refund_serial_no: String,
    pub applied_fen: i64,
    pub surplus_fen: i64,
    pub shortfall_fen: i64,
    /// '', OPEN, PAID or WRITTEN_OFF.
    pub shortfall_resolution: String,
    /// Who bears a written-off shortfall: CAPITAL_PROVIDER or PLATFORM.
    pub bearer: String,
    pub settled_by_name: String,
    #[schema(required = true)]
    pub settled_at: Option<i64>,
    #[schema(required = true)]
    pub surplus_paid_on: Option<String>,
    pub payout_channel: String,
    pub payout_serial_no: String,
    /// Why it was rejected, withdrawn, cancelled or declined.
    pub reject_reason: String,
    /// The estimate per policy when filed.
    pub policies: Vec<PolicyEstimateData>,
}

impl From<SurrenderRow> for SurrenderData {
    fn from(r: SurrenderRow) -> Self {
        let policies = r.policies().into_iter().map(Into::into).collect();
        let row = r.surrender;
        SurrenderData {
            id: row.id,
            surrender_no: row.surrender_no,
            order_id: row.order_id,
            order_no: r.order_no,
            customer_name: r.customer_name,
            capital_provider_name: r.capital_provider_name,
            order_status: r.order_status,
            reason: row.reason,
            initiated_by: row.initiated_by,
            remark: row.remark,
            requested_cancel_date: date(row.requested_cancel_date),
            estimate_fen: row.estimate_fen,
            payoff_fen: row.payoff_fen,
            outstanding_fen: row.outstanding_fen,
            notice_sent_on: row.notice_sent_on.map(date),
            cure_deadline: row.cure_deadline.map(date),
            status: row.status,
            created_by: row.created_by,
            created_by_name: row.created_by_name,
            created_at: ms(row.created_at),
            approved_by_name: row.approved_by_name,
            approved_at: row.approved_at.map(ms),
            submitted_on: row.submitted_on.map(date),
            insurer_refund_fen: row.insurer_refund_fen,
            endorsement_no: row.endorsement_no,
            effective_date: row.effective_date.map(date),
            refund_received_on: row.refund_received_on.map(date),
            refund_channel: row.refund_channel,
            refund_serial_no: row.refund_serial_no,
            applied_fen: row.applied_fen,
            surplus_fen: row.surplus_fen,
            shortfall_fen: row.shortfall_fen,
            shortfall_resolution: row.shortfall_resolution,
            bearer: row.bearer,
            settled_by_name: row.settled_by_name,
            settled_at: row.settled_at.map(ms),
            surplus_paid_on: row.surplus_paid_on.map(date),
            payout_channel: row.payout_channel,
            payout_serial_no: row.payout_serial_no,
            reject_reason: row.reject_reason,
            policies,
        }
    }
}

/// A command's answer: the application alone (the list adds the order's names).
fn bare(row: SurrenderModel) -> SurrenderData {
    SurrenderRow {
        surrender: row,
        order_no: String::new(),
        customer_name: String::new(),
        capital_provider_name: String::new(),
        order_status: String::new(),
    }
    .into()
}

/// The surrender applications.
#[utoipa::path(post, path = "/api/admin/order/surrender/page", tag = "business",
    operation_id = "surrenderPage", security(("token" = ["admin:order_refund:table"])),
    request_body = SurrenderPageBody, responses((status = 200, body = Envelope<PageData<SurrenderData>>)))]
async fn surrender_page(
    State(s): State<AppState>,
    Admin(me): Admin,
    Json(b): Json<SurrenderPageBody>,
) -> Answer<PageData<SurrenderData>> {
    let (request, filter) = b.split();
    let page = s.app.surrender_page(&me, &request, &filter).await?;
    Ok(ok(PageData::from_page(page, Into::into)))
}

/// 导出 the applications as filtered and sorted.
#[utoipa::path(post, path = "/api/admin/order/surrender/export", tag = "business",
    operation_id = "surrenderExport", security(("token" = ["admin:order_refund:table"])),
    request_body = SurrenderPageBody, responses((status = 200, body = Envelope<ExportData>)))]
async fn surrender_export(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Json(b): Json<SurrenderPageBody>,
) -> Answer<ExportData> {
    let (request, filter) = b.split();
    Ok(ok(s
        .app
        .export_surrenders(&me, &c, &request, &filter)
        .await?
        .into()))
}

/// An application.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct SurrenderBody {
    pub order_id: i64,
    pub reason: String,
    /// YYYY-MM-DD.
    pub requested_cancel_date: String,
    #[serde(default)]
    pub remark: String,
}

/// 申请退保.
#[utoipa::path(post, path = "/api/admin/order/surrender/create", tag = "business",
    operation_id = "surrenderCreate", security(("token" = ["admin:order_refund:table"])),
    request_body = SurrenderBody, responses((status = 200, body = Envelope<SurrenderData>)))]
async fn surrender_create(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Json(b): Json<SurrenderBody>,
) -> Answer<SurrenderData> {
    let input = SurrenderInput {
        order_id: b.order_id,
        reason: b.reason,
        requested_cancel_date: parse_date("requestedCancelDate", &b.requested_cancel_date)?,
        remark: b.remark,
    };
    Ok(ok(bare(s.app.create_surrender(&me, &c, input).await?)))
}

/// 审批通过: the order → 退保中 (T24).
#[utoipa::path(post, path = "/api/admin/order/surrender/approve/{id}", tag = "business",
    operation_id = "surrenderApprove", security(("token" = ["admin:order_refund:approve"])),
    params(("id" = i64, Path)), responses((status = 200, body = Envelope<SurrenderData>)))]
async fn surrender_approve(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
) -> Answer<SurrenderData> {
    Ok(ok(bare(s.app.approve_surrender(&me, &c, id).await?)))
}

/// A reason.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SurrenderReasonBody {
    pub reason: String,
}

/// 驳回.
#[utoipa::path(post, path = "/api/admin/order/surrender/reject/{id}", tag = "business",
    operation_id = "surrenderReject", security(("token" = ["admin:order_refund:approve"])),
    params(("id" = i64, Path)), request_body = SurrenderReasonBody,
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn surrender_reject(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
    Json(b): Json<SurrenderReasonBody>,
) -> Answer<Option<String>> {
    s.app
        .reject_surrender(&me, &c, id, &b.reason, false)
        .await?;
    Ok(ok(None))
}

/// 撤回 (the applicant).
#[utoipa::path(post, path = "/api/admin/order/surrender/withdraw/{id}", tag = "business",
    operation_id = "surrenderWithdraw", security(("token" = ["admin:order_refund:table"])),
    params(("id" = i64, Path)), request_body = SurrenderReasonBody,
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn surrender_withdraw(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
    Json(b): Json<SurrenderReasonBody>,
) -> Answer<Option<String>> {
    s.app.reject_surrender(&me, &c, id, &b.reason, true).await?;
    Ok(ok(None))
}

/// When it was sent to the insurer.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct SurrenderSubmitBody {
    /// YYYY-MM-DD.
    pub submitted_on: String,
}

/// 提交保险公司.
#[utoipa::path(post, path = "/api/admin/order/surrender/submit/{id}", tag = "business",
    operation_id = "surrenderSubmit", security(("token" = ["admin:order_refund:approve"])),
    params(("id" = i64, Path)), request_body = SurrenderSubmitBody,
    responses((status = 200, body = Envelope<SurrenderData>)))]
async fn surrender_submit(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
    Json(b): Json<SurrenderSubmitBody>,
) -> Answer<SurrenderData> {
    let day = parse_date("submittedOn", &b.submitted_on)?;
    Ok(ok(bare(s.app.submit_surrender(&me, &c, id, day).await?)))
}

/// The insurer's confirmation (批单).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct SurrenderConfirmBody {
    /// The refund the insurer confirms (fen).
    pub insurer_refund_fen: i64,
    pub endorsement_no: String,
    /// YYYY-MM-DD: the cancellation's effective date.
    pub effective_date: String,
}

/// 保险公司确认.
#[utoipa::path(post, path = "/api/admin/order/surrender/confirm/{id}", tag = "business",
    operation_id = "surrenderConfirm", security(("token" = ["admin:order_refund:approve"])),
    params(("id" = i64, Path)), request_body = SurrenderConfirmBody,
    responses((status = 200, body = Envelope<SurrenderData>)))]
async fn surrender_confirm(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
    Json(b): Json<SurrenderConfirmBody>,
) -> Answer<SurrenderData> {
    let input = ConfirmInput {
        insurer_refund_fen: b.insurer_refund_fen,
        endorsement_no: b.endorsement_no,
        effective_date: parse_date("effectiveDate", &b.effective_date)?,
    };
    Ok(ok(bare(s.app.confirm_surrender(&me, &c, id, input).await?)))
}

/// 保险公司拒绝: the order back to 还款中 / 逾期 (T25).
#[utoipa::path(post, path = "/api/admin/order/surrender/decline/{id}", tag = "business",
    operation_id = "surrenderDecline", security(("token" = ["admin:order_refund:approve"])),
    params(("id" = i64, Path)), request_body = SurrenderReasonBody,
    responses((status = 200, body = Envelope<SurrenderData>)))]
async fn surrender_decline(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
    Json(b): Json<SurrenderReasonBody>,
) -> Answer<SurrenderData> {
    Ok(ok(bare(
        s.app.abort_surrender(&me, &c, id, &b.reason, true).await?,
    )))
}

/// 撤销退保 (the customer cured): the order back to 还款中 / 逾期 (T25).
#[utoipa::path(post, path = "/api/admin/order/surrender/cancel/{id}", tag = "business",
    operation_id = "surrenderCancel", security(("token" = ["admin:order_refund:approve"])),
    params(("id" = i64, Path)), request_body = SurrenderReasonBody,
    responses((status = 200, body = Envelope<SurrenderData>)))]
async fn surrender_cancel(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
    Json(b): Json<SurrenderReasonBody>,
) -> Answer<SurrenderData> {
    Ok(ok(bare(
        s.app.abort_surrender(&me, &c, id, &b.reason, false).await?,
    )))
}

/// How the refund would settle the order.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SettlePreviewData {
    pub refund_fen: i64,
    /// What the order owes after the cancellation at the effective date.
    pub payoff_fen: i64,
    pub applied_fen: i64,
    /// Returned to the customer.
    pub surplus_fen: i64,
    /// Still owed.
    pub shortfall_fen: i64,
    pub effective_date: String,
}

impl From<SettlePreview> for SettlePreviewData {
    fn from(p: SettlePreview) -> Self {
        SettlePreviewData {
            refund_fen: p.refund_fen,
            payoff_fen: p.payoff_fen,
            applied_fen: p.applied_fen,
            surplus_fen: p.surplus_fen,
            shortfall_fen: p.shortfall_fen,
            effective_date: date(p.effective_date),
        }
    }
}

/// The day the refund arrived.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct SettlePreviewQuery {
    /// YYYY-MM-DD; today when absent.
    pub received_on: Option<String>,
}

/// 冲账试算.
#[utoipa::path(get, path = "/api/admin/order/surrender/settle-preview/{id}", tag = "business",
    operation_id = "surrenderSettlePreview", security(("token" = ["admin:order_refund:settle"])),
    params(("id" = i64, Path), SettlePreviewQuery),
    responses((status = 200, body = Envelope<SettlePreviewData>)))]
async fn surrender_settle_preview(
    State(s): State<AppState>,
    Admin(me): Admin,
    Path(id): Path<i64>,
    query: Result<Query<SettlePreviewQuery>, QueryRejection>,
) -> Answer<SettlePreviewData> {
    let Query(q) = query.map_err(|_| ApiError::invalid("receivedOn", "日期格式应为 YYYY-MM-DD"))?;
    let day = q
        .received_on
        .as_deref()
        .map(|d| parse_date("receivedOn", d))
        .transpose()?;
    Ok(ok(s
        .app
        .surrender_settle_preview(&me, id, day)
        .await?
        .into()))
}

/// The refund received.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct SurrenderSettleBody {
    /// YYYY-MM-DD.
    pub received_on: String,
    /// BANK_TRANSFER, WITHHOLD, ONLINE_PAY or OFFLINE (not needed for a zero refund).
    #[serde(default)]
    pub channel: String,
    #[serde(default)]
    pub serial_no: String,
    /// When the refund leaves a shortfall: OPEN (the customer still owes it) or WRITTEN_OFF.
    pub shortfall_resolution: Option<String>,
    /// With WRITTEN_OFF: CAPITAL_PROVIDER or PLATFORM.
    pub bearer: Option<String>,
}

/// 退保款确认并冲账 (T26).
#[utoipa::path(post, path = "/api/admin/order/surrender/settle/{id}", tag = "business",
    operation_id = "surrenderSettle", security(("token" = ["admin:order_refund:settle"])),
    params(("id" = i64, Path)), request_body = SurrenderSettleBody,
    responses((status = 200, body = Envelope<SurrenderData>)))]
async fn surrender_settle(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
    Json(b): Json<SurrenderSettleBody>,
) -> Answer<SurrenderData> {
    let input = SettleInput {
        received_on: parse_date("receivedOn", &b.received_on)?,
        channel: b.channel,
        serial_no: b.serial_no,
        shortfall_resolution: b.shortfall_resolution,
        bearer: b.bearer,
    };
    Ok(ok(bare(s.app.settle_surrender(&me, &c, id, input).await?)))
}

/// The surplus paid out.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct SurrenderPayoutBody {
    /// YYYY-MM-DD.
    pub paid_on: String,
    pub channel: String,
    pub serial_no: String,
}

/// 退还余款.
#[utoipa::path(post, path = "/api/admin/order/surrender/payout/{id}", tag = "business",
    operation_id = "surrenderPayout", security(("token" = ["admin:order_refund:settle"])),
    params(("id" = i64, Path)), request_body = SurrenderPayoutBody,
    responses((status = 200, body = Envelope<SurrenderData>)))]
async fn surrender_payout(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
    Json(b): Json<SurrenderPayoutBody>,
) -> Answer<SurrenderData> {
    let input = PayoutInput {
        paid_on: parse_date("paidOn", &b.paid_on)?,
        channel: b.channel,
        serial_no: b.serial_no,
    };
    Ok(ok(bare(s.app.pay_out_surrender(&me, &c, id, input).await?)))
}
