//! 公司缴费管理 › 保费管理 (`/companyRepayment/premiumManagement`, `admin:order_premium:*`):
//! premium payment applications that pay the financed premium of disbursable orders to the
//! insurers (docs/orders.md "Premium payment applications").

use super::business::{Answer, date, ms, parse_date};
use super::common::{PageData, SortDto, page_request};
use crate::AppState;
use crate::auth::{Admin, Client};
use crate::envelope::{Envelope, ok};
use crate::error::ApiError;
use crate::extract::{Json, Path};
use crate::upload::{Multipart, file_response};
use axum::extract::State;
use axum::response::Response;
use serde::{Deserialize, Serialize};
use service::order::premium::{
    CandidateGroup, NewPremiumPayment, Payment, PremiumFilter, PremiumLine, PremiumRow,
};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(premium_candidates))
        .routes(routes!(premium_payees))
        .routes(routes!(premium_page))
        .routes(routes!(premium_view))
        .routes(routes!(premium_create))
        .routes(routes!(premium_submit))
        .routes(routes!(premium_approve))
        .routes(routes!(premium_pay))
        .routes(routes!(premium_cancel))
        .routes(routes!(premium_voucher))
}

/// Which orders to offer.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct CandidatesBody {
    pub capital_provider_id: Option<i64>,
    pub insurer_id: Option<i64>,
}

/// An order that can be put on an application.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CandidateOrderData {
    pub id: i64,
    pub order_no: String,
    pub customer_name: String,
    pub plate_no: String,
    pub financed_fen: i64,
}

/// Orders of one provider paid to one insurer.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CandidateGroupData {
    pub capital_provider_id: i64,
    pub capital_provider_name: String,
    pub insurer_id: i64,
    pub insurer_name: String,
    pub orders: Vec<CandidateOrderData>,
    pub total_fen: i64,
}

impl From<CandidateGroup> for CandidateGroupData {
    fn from(g: CandidateGroup) -> Self {
        CandidateGroupData {
            capital_provider_id: g.capital_provider_id,
            capital_provider_name: g.capital_provider_name,
            insurer_id: g.insurer_id,
            insurer_name: g.insurer_name,
            total_fen: g.total_fen,
            orders: g
                .orders
                .into_iter()
                .map(|o| CandidateOrderData {
                    id: o.id,
                    order_no: o.order_no,
                    customer_name: o.customer_name,
                    plate_no: o.plate_no,
                    financed_fen: o.financed_fen,
                })
                .collect(),
        }
    }
}

/// Orders awaiting disbursement on no application, grouped by provider and insurer.
#[utoipa::path(post, path = "/api/admin/premium/candidates", tag = "business",
    operation_id = "premiumCandidates", security(("token" = ["admin:order_premium:table"])),
    request_body = CandidatesBody, responses((status = 200, body = Envelope<Vec<CandidateGroupData>>)))]
async fn premium_candidates(
    State(s): State<AppState>,
    Admin(me): Admin,
    Json(body): Json<CandidatesBody>,
) -> Answer<Vec<CandidateGroupData>> {
    let groups = s
        .app
        .premium_candidates(&me, body.capital_provider_id, body.insurer_id)
        .await?;
    Ok(ok(groups.into_iter().map(Into::into).collect()))
}

/// An insurer's account a premium can be paid to.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PayeeData {
    pub id: i64,
    pub bank_name: String,
    pub branch_name: String,
    pub account_name: String,
    /// Masked.
    pub account_no_mask: String,
}

/// The insurer's settlement accounts.
#[utoipa::path(get, path = "/api/admin/premium/payees/{insurerId}", tag = "business",
    operation_id = "premiumPayees", security(("token" = ["admin:order_premium:table"])),
    params(("insurerId" = i64, Path)), responses((status = 200, body = Envelope<Vec<PayeeData>>)))]
async fn premium_payees(
    State(s): State<AppState>,
    Admin(me): Admin,
    Path(insurer_id): Path<i64>,
) -> Answer<Vec<PayeeData>> {
    let rows = s.app.premium_payees(&me, insurer_id).await?;
    Ok(ok(rows
        .into_iter()
        .map(|a| PayeeData {
            id: a.id,
            bank_name: a.bank_name,
            branch_name: a.branch_name,
            account_name: a.account_name,
            account_no_mask: a.account_no_mask,
        })
        .collect()))
}

/// The filters of the application list.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct PremiumPageBody {
    pub page: Option<i64>,
    pub size: Option<i64>,
    /// `id`, `createdAt` or `totalFen`.
    pub sort: Option<SortDto>,
    pub status: Option<String>,
    pub capital_provider_id: Option<i64>,
    pub insurer_id: Option<i64>,
    /// Contained in the application number.
    pub application_no: Option<String>,
}

/// A premium payment application.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PremiumRowData {
    pub id: i64,
    pub application_no: String,
    pub capital_provider_id: i64,
    pub capital_provider_name: String,
    pub insurer_id: i64,
    pub insurer_name: String,
    pub payee_account_id: i64,
    pub payee_bank: String,
    pub payee_account_name: String,
    pub payee_account_mask: String,
    pub total_fen: i64,
    pub line_count: i32,
    /// DRAFT, SUBMITTED, CP_APPROVED, PARTIALLY_PAID, PAID or CANCELLED.
    pub status: String,
    pub remark: String,
    pub cp_approval_no: String,
    #[schema(required = true)]
    pub bank_serial_no: Option<String>,
    #[schema(required = true)]
    pub value_date: Option<String>,
    #[schema(required = true)]
    pub voucher_file_id: Option<i64>,
    pub cancel_reason: String,
    pub created_by_name: String,
    pub created_at: i64,
    #[schema(required = true)]
    pub submitted_at: Option<i64>,
    #[schema(required = true)]
    pub approved_at: Option<i64>,
    #[schema(required = true)]
    pub paid_at: Option<i64>,
}

impl From<PremiumRow> for PremiumRowData {
    fn from(r: PremiumRow) -> Self {
        let a = r.application;
        let payee = r.payee;
        PremiumRowData {
            id: a.id,
            application_no: a.application_no,
            capital_provider_id: a.capital_provider_id,
            capital_provider_name: r.capital_provider_name,
            insurer_id: a.insurer_id,
            insurer_name: r.insurer_name,
            payee_account_id: a.payee_account_id,
            payee_bank: payee
                .as_ref()
                .map(|p| p.bank_name.clone())
                .unwrap_or_default(),
            payee_account_name: payee
                .as_ref()
                .map(|p| p.account_name.clone())
                .unwrap_or_default(),
            payee_account_mask: payee
                .as_ref()
                .map(|p| p.account_no_mask.clone())
                .unwrap_or_default(),
            total_fen: a.total_fen,
            line_count: a.line_count,
            status: a.status,
            remark: a.remark,
            cp_approval_no: a.cp_approval_no,
            bank_serial_no: a.bank_serial_no,
            value_date: a.value_date.map(date),
            voucher_file_id: a.voucher_file_id,
            cancel_reason: a.cancel_reason,
            created_by_name: a.created_by_name,
            created_at: ms(a.created_at),
            submitted_at: a.submitted_at.map(ms),
            approved_at: a.approved_at.map(ms),
            paid_at: a.paid_at.map(ms),
        }
    }
}

/// The applications.
#[utoipa::path(post, path = "/api/admin/premium/page", tag = "business",
    operation_id = "premiumPage", security(("token" = ["admin:order_premium:table"])),
    request_body = PremiumPageBody, responses((status = 200, body = Envelope<PageData<PremiumRowData>>)))]
async fn premium_page(
    State(s): State<AppState>,
    Admin(me): Admin,
    Json(b): Json<PremiumPageBody>,
) -> Answer<PageData<PremiumRowData>> {
    let filter = PremiumFilter {
        status: b.status,
        capital_provider_id: b.capital_provider_id,
        insurer_id: b.insurer_id,
        application_no: b.application_no,
    };
    let page = s
        .app
        .premium_page(&me, &page_request(b.page, b.size, b.sort), &filter)
        .await?;
    Ok(ok(PageData::from_page(page, Into::into)))
}

/// A line of an application.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PremiumLineData {
    pub id: i64,
    pub order_id: i64,
    pub order_no: String,
    pub customer_name: String,
    pub plate_no: String,
    pub amount_fen: i64,
    /// LIVE, PAID, REMOVED or REVERSED.
    pub status: String,
    #[schema(required = true)]
    pub paid_at: Option<i64>,
    pub serial_no: String,
}

impl From<PremiumLine> for PremiumLineData {
    fn from(l: PremiumLine) -> Self {
        PremiumLineData {
            id: l.line.id,
            order_id: l.line.order_id,
            order_no: l.order_no,
            customer_name: l.customer_name,
            plate_no: l.plate_no,
            amount_fen: l.line.amount_fen,
            status: l.line.status,
            paid_at: l.line.paid_at.map(ms),
            serial_no: l.line.serial_no,
        }
    }
}

/// An application with its lines.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PremiumViewData {
    pub application: PremiumRowData,
    pub lines: Vec<PremiumLineData>,
}

/// One application with its lines.
#[utoipa::path(get, path = "/api/admin/premium/view/{id}", tag = "business",
    operation_id = "premiumView", security(("token" = ["admin:order_premium:table"])),
    params(("id" = i64, Path)), responses((status = 200, body = Envelope<PremiumViewData>)))]
async fn premium_view(
    State(s): State<AppState>,
    Admin(me): Admin,
    Path(id): Path<i64>,
) -> Answer<PremiumViewData> {
    let (row, lines) = s.app.premium_view(&me, id).await?;
    Ok(ok(PremiumViewData {
        application: row.into(),
        lines: lines.into_iter().map(Into::into).collect(),
    }))
}

/// A new application.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct PremiumCreateBody {
    pub capital_provider_id: i64,
    pub insurer_id: i64,
    /// One of the insurer's accounts.
    pub payee_account_id: i64,
    pub order_ids: Vec<i64>,
    #[serde(default)]
    pub remark: String,
}

/// The application created.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PremiumCreatedData {
    pub id: i64,
    pub application_no: String,
}

/// 新建申请 (DRAFT).
#[utoipa::path(post, path = "/api/admin/premium/create", tag = "business",
    operation_id = "premiumCreate", security(("token" = ["admin:order_premium:create"])),
    params(crate::idempotency::IdempotencyKey), request_body = PremiumCreateBody,
    responses((status = 200, body = Envelope<PremiumCreatedData>)))]
async fn premium_create(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Json(b): Json<PremiumCreateBody>,
) -> Answer<PremiumCreatedData> {
    let row = s
        .app
        .create_premium_payment(
            &me,
            &c,
            NewPremiumPayment {
                capital_provider_id: b.capital_provider_id,
                insurer_id: b.insurer_id,
                payee_account_id: b.payee_account_id,
                order_ids: b.order_ids,
                remark: b.remark,
            },
        )
        .await?;
    Ok(ok(PremiumCreatedData {
        id: row.id,
        application_no: row.application_no,
    }))
}

/// 提交资金方 (DRAFT → SUBMITTED).
#[utoipa::path(post, path = "/api/admin/premium/submit/{id}", tag = "business",
    operation_id = "premiumSubmit", security(("token" = ["admin:order_premium:create"])),
    params(("id" = i64, Path)), responses((status = 200, body = Envelope<Option<String>>)))]
async fn premium_submit(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
) -> Answer<Option<String>> {
    s.app.submit_premium_payment(&me, &c, id).await?;
    Ok(ok(None))
}

/// The provider's approval.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct PremiumApproveBody {
    pub approval_no: String,
}

/// 记录资金方审批 (SUBMITTED → CP_APPROVED).
#[utoipa::path(post, path = "/api/admin/premium/approve/{id}", tag = "business",
    operation_id = "premiumApprove", security(("token" = ["admin:order_premium:create"])),
    params(("id" = i64, Path)), request_body = PremiumApproveBody,
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn premium_approve(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
    Json(b): Json<PremiumApproveBody>,
) -> Answer<Option<String>> {
    s.app
        .approve_premium_payment(&me, &c, id, &b.approval_no)
        .await?;
    Ok(ok(None))
}

/// 标记已付 (multipart): `bankSerialNo`, `valueDate` (YYYY-MM-DD), optional `voucher`.
#[derive(Debug, ToSchema)]
#[schema(rename_all = "camelCase")]
#[allow(dead_code)]
pub struct PremiumPayUpload {
    pub bank_serial_no: String,
    pub value_date: String,
    #[schema(value_type = Option<String>, format = Binary)]
    pub voucher: Option<Vec<u8>>,
}

/// 标记已付: every line paid with one bank payment; each order disbursed (T18). The creator
/// may not.
#[utoipa::path(post, path = "/api/admin/premium/pay/{id}", tag = "business",
    operation_id = "premiumPay", security(("token" = ["admin:order_premium:pay"])),
    params(("id" = i64, Path)),
    request_body(content = PremiumPayUpload, content_type = "multipart/form-data"),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn premium_pay(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
    form: Multipart,
) -> Answer<Option<String>> {
    let value_date = parse_date("valueDate", &form.text("valueDate").unwrap_or_default())?;
    let payment = Payment {
        bank_serial_no: form.text("bankSerialNo").unwrap_or_default(),
        value_date,
        voucher: form.file("voucher").ok(),
    };
    s.app.pay_premium_payment(&me, &c, id, payment).await?;
    Ok(ok(None))
}

/// A reason.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct PremiumCancelBody {
    pub reason: String,
}

/// 取消 (before payment): the lines free their orders.
#[utoipa::path(post, path = "/api/admin/premium/cancel/{id}", tag = "business",
    operation_id = "premiumCancel", security(("token" = ["admin:order_premium:create"])),
    params(("id" = i64, Path)), request_body = PremiumCancelBody,
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn premium_cancel(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
    Json(b): Json<PremiumCancelBody>,
) -> Answer<Option<String>> {
    s.app.cancel_premium_payment(&me, &c, id, &b.reason).await?;
    Ok(ok(None))
}

/// The payment slip uploaded with 标记已付 (inline).
#[utoipa::path(get, path = "/api/admin/premium/voucher/{id}", tag = "business",
    operation_id = "premiumVoucher", security(("token" = ["admin:order_premium:table"])),
    params(("id" = i64, Path)),
    responses((status = 200, description = "The voucher (image or PDF)", content(("image/*"), ("application/pdf")))))]
async fn premium_voucher(
    State(s): State<AppState>,
    Admin(me): Admin,
    Path(id): Path<i64>,
) -> Result<Response, ApiError> {
    Ok(file_response(s.app.premium_voucher(&me, id).await?, true))
}
