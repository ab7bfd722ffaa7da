//! 业务管理, orders part 2 (docs/orders.md): the lists of 订单车主声明及授权书, 投保确认, 订单合同管理,
//! 首付款管理, 放款管理 and 电子保单, and their commands: contracts and signing, the insurer's
//! confirmation, down-payment receipts, disbursement and its reversal, e-policies, refunds.

use super::business::{
    Answer, OrderPageBody, OrderRowData, OrderViewData, date, export, list, ms, parse_date,
};
use super::common::{ExportData, PageData};
use crate::AppState;
use crate::auth::{Admin, Client};
use crate::envelope::{Envelope, ok};
use crate::error::ApiError;
use crate::extract::{Json, Path};
use crate::upload::{Multipart, file_response};
use axum::extract::{Query, State, rejection::QueryRejection};
use axum::response::Response;
use serde::{Deserialize, Serialize};
use service::order::Stage;
use service::order::contracts::{ContractView, kind_name};
use service::order::down_payment::{Receipt, ReceiptInput, Refund, RefundInput};
use service::order::insure::PolicyConfirmation;
use service::order::policy::PolicyIssue;
use service::order::progress::OrderProgress;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(declaration_page))
        .routes(routes!(insure_page))
        .routes(routes!(sign_page))
        .routes(routes!(downpayment_page))
        .routes(routes!(disbursement_page))
        .routes(routes!(policy_page))
        .routes(routes!(declaration_export))
        .routes(routes!(insure_export))
        .routes(routes!(sign_export))
        .routes(routes!(downpayment_export))
        .routes(routes!(disbursement_export))
        .routes(routes!(policy_export))
        .routes(routes!(declaration_generate))
        .routes(routes!(contract_generate))
        .routes(routes!(contract_list))
        .routes(routes!(contract_resend))
        .routes(routes!(contract_void))
        .routes(routes!(contract_upload))
        .routes(routes!(contract_file))
        .routes(routes!(insure_tolerance))
        .routes(routes!(insure_confirm))
        .routes(routes!(down_payment_record))
        .routes(routes!(down_payment_confirm))
        .routes(routes!(down_payment_reject))
        .routes(routes!(order_disburse))
        .routes(routes!(order_disburse_reverse))
        .routes(routes!(policy_upload))
        .routes(routes!(policy_file))
        .routes(routes!(receipt_voucher))
        .routes(routes!(order_refund))
}

// ------------------------------------------------------------------ lists

stage_list!(
    declaration_page,
    declaration_export,
    Stage::Declaration,
    "/api/admin/order/declaration/page",
    "orderDeclarationPage",
    "/api/admin/order/declaration/export",
    "orderDeclarationExport",
    "订单车主声明及授权书: PENDING_DECLARATION."
);
stage_list!(
    insure_page,
    insure_export,
    Stage::Insure,
    "/api/admin/order/insure/page",
    "orderInsurePage",
    "/api/admin/order/insure/export",
    "orderInsureExport",
    "投保确认: PENDING_INSURE_CONFIRM."
);
stage_list!(
    sign_page,
    sign_export,
    Stage::Sign,
    "/api/admin/order/sign/page",
    "orderSignPage",
    "/api/admin/order/sign/export",
    "orderSignExport",
    "订单合同管理: PENDING_SIGN."
);
stage_list!(
    downpayment_page,
    downpayment_export,
    Stage::DownPayment,
    "/api/admin/order/downpayment/page",
    "orderDownPaymentPage",
    "/api/admin/order/downpayment/export",
    "orderDownPaymentExport",
    "首付款管理: PENDING_DOWN_PAYMENT."
);
stage_list!(
    disbursement_page,
    disbursement_export,
    Stage::Disbursement,
    "/api/admin/order/disbursement/page",
    "orderDisbursementPage",
    "/api/admin/order/disbursement/export",
    "orderDisbursementExport",
    "放款管理: PENDING_DISBURSEMENT and PENDING_POLICY."
);
stage_list!(
    policy_page,
    policy_export,
    Stage::Policy,
    "/api/admin/order/policy/page",
    "orderPolicyPage",
    "/api/admin/order/policy/export",
    "orderPolicyExport",
    "电子保单: PENDING_POLICY."
);

// ------------------------------------------------------------------ the order page's parts

/// A signer of a contract.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignerData {
    pub id: i64,
    /// CUSTOMER, PLATFORM or CAPITAL.
    pub role: String,
    pub name: String,
    /// PENDING or SIGNED.
    pub status: String,
    #[schema(required = true)]
    pub signed_at: Option<i64>,
    pub ip: String,
    /// The local signing page (`/sign/<token>`) while the signer may sign.
    #[schema(required = true)]
    pub sign_url: Option<String>,
}

/// A contract instance.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContractData {
    pub id: i64,
    pub order_id: i64,
    /// DECLARATION or LOAN.
    pub package: String,
    pub doc_kind: String,
    pub doc_kind_name: String,
    pub title: String,
    pub contract_no: String,
    pub template_code: String,
    pub template_version: i32,
    /// SIGNING, SIGNED, REJECTED or VOIDED.
    pub status: String,
    /// local or bestsign.
    pub provider: String,
    #[schema(required = true)]
    pub flow_id: Option<String>,
    pub rendered_sha256: String,
    #[schema(required = true)]
    pub signed_sha256: Option<String>,
    /// '' until signed; ESIGN or SCAN.
    pub signed_via: String,
    #[schema(required = true)]
    pub signed_at: Option<i64>,
    pub void_reason: String,
    pub created_at: i64,
    pub signers: Vec<SignerData>,
}

impl From<ContractView> for ContractData {
    fn from(v: ContractView) -> Self {
        let c = v.contract;
        ContractData {
            id: c.id,
            order_id: c.order_id,
            package: c.package,
            doc_kind_name: kind_name(&c.doc_kind).to_owned(),
            doc_kind: c.doc_kind,
            title: c.title,
            contract_no: c.contract_no,
            template_code: c.template_code,
            template_version: c.template_version,
            status: c.status,
            provider: c.provider,
            flow_id: c.flow_id,
            rendered_sha256: c.rendered_sha256,
            signed_sha256: c.signed_sha256,
            signed_via: c.signed_via,
            signed_at: c.signed_at.map(ms),
            void_reason: c.void_reason,
            created_at: ms(c.created_at),
            signers: v
                .signers
                .into_iter()
                .map(|(s, url)| SignerData {
                    id: s.id,
                    role: s.role,
                    name: s.name,
                    status: s.status,
                    signed_at: s.signed_at.map(ms),
                    ip: s.ip,
                    sign_url: url,
                })
                .collect(),
        }
    }
}

/// Money received for an order (the down payment).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReceiptData {
    pub id: i64,
    pub amount_fen: i64,
    /// BANK_TRANSFER, WITHHOLD, ONLINE_PAY or OFFLINE.
    pub channel: String,
    pub serial_no: String,
    pub payer: String,
    pub value_date: String,
    #[schema(required = true)]
    pub voucher_file_id: Option<i64>,
    /// RECORDED, CONFIRMED or REJECTED.
    pub status: String,
    pub recorded_by_name: String,
    pub recorded_at: i64,
    #[schema(required = true)]
    pub confirmed_by_name: Option<String>,
    #[schema(required = true)]
    pub confirmed_at: Option<i64>,
    #[schema(required = true)]
    pub journal_id: Option<i64>,
    pub reject_reason: String,
}

impl From<Receipt> for ReceiptData {
    fn from(r: Receipt) -> Self {
        ReceiptData {
            id: r.id,
            amount_fen: r.amount_fen,
            channel: r.channel,
            serial_no: r.serial_no,
            payer: r.payer,
            value_date: date(r.value_date),
            voucher_file_id: r.voucher_file_id,
            status: r.status,
            recorded_by_name: r.recorded_by_name,
            recorded_at: ms(r.created_at),
            confirmed_by_name: r.confirmed_by.map(|_| r.confirmed_by_name),
            confirmed_at: r.confirmed_at.map(ms),
            journal_id: r.journal_id,
            reject_reason: r.reject_reason,
        }
    }
}

/// Money paid back to the customer (a cancellation's refund).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RefundData {
    pub id: i64,
    pub amount_fen: i64,
    pub channel: String,
    pub serial_no: String,
    pub value_date: String,
    pub reason: String,
    pub created_by_name: String,
    pub created_at: i64,
    pub journal_id: i64,
}

impl From<Refund> for RefundData {
    fn from(r: Refund) -> Self {
        RefundData {
            id: r.id,
            amount_fen: r.amount_fen,
            channel: r.channel,
            serial_no: r.serial_no,
            value_date: date(r.value_date),
            reason: r.reason,
            created_by_name: r.created_by_name,
            created_at: ms(r.created_at),
            journal_id: r.journal_id,
        }
    }
}

/// An instalment of the stored plan.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlanItemData {
    pub seq: i32,
    pub due_date: String,
    pub principal_fen: i64,
    pub interest_fen: i64,
    pub fee_fen: i64,
    pub total_fen: i64,
    /// Principal still owed after this instalment.
    pub remaining_fen: i64,
    /// The deposit is offset against it.
    pub deposit_offset: bool,
}

/// The stored repayment plan.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlanData {
    pub id: i64,
    /// PENDING (signed, not yet disbursed) or ACTIVE.
    pub status: String,
    pub method: String,
    pub principal_fen: i64,
    pub interest_fen: i64,
    pub fee_fen: i64,
    pub term_n: i32,
    pub version_no: i32,
    pub items: Vec<PlanItemData>,
}

/// The order's disbursement.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DisbursementData {
    pub id: i64,
    pub amount_fen: i64,
    pub value_date: String,
    pub serial_no: String,
    pub journal_id: i64,
    pub reversed: bool,
    pub reverse_reason: String,
    #[schema(required = true)]
    pub reversed_at: Option<i64>,
    pub created_by_name: String,
    pub created_at: i64,
}

/// The order's premium payment line and its application.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PremiumLineRefData {
    pub line_id: i64,
    /// LIVE or PAID.
    pub line_status: String,
    pub application_id: i64,
    pub application_no: String,
    /// The application's status.
    pub status: String,
}

/// Adds the later steps to the order page.
pub(super) fn fill_progress(data: &mut OrderViewData, p: OrderProgress) {
    data.contracts = p.contracts.into_iter().map(Into::into).collect();
    data.receipts = p.receipts.into_iter().map(Into::into).collect();
    data.refunds = p.refunds.into_iter().map(Into::into).collect();
    data.received_fen = p.received_fen;
    data.plan = p.plan.map(|(plan, items)| {
        let mut remaining = plan.principal_fen;
        PlanData {
            id: plan.id,
            status: plan.status,
            method: plan.method,
            principal_fen: plan.principal_fen,
            interest_fen: plan.interest_fen,
            fee_fen: plan.fee_fen,
            term_n: plan.term_n,
            version_no: plan.version_no,
            items: items
                .into_iter()
                .map(|i| {
                    remaining -= i.principal_due_fen;
                    PlanItemData {
                        seq: i.seq,
                        due_date: date(i.due_date),
                        principal_fen: i.principal_due_fen,
                        interest_fen: i.interest_due_fen,
                        fee_fen: i.fee_due_fen,
                        total_fen: i.principal_due_fen + i.interest_due_fen + i.fee_due_fen,
                        remaining_fen: remaining,
                        deposit_offset: i.is_deposit_offset,
                    }
                })
                .collect(),
        }
    });
    data.disbursement = p.disbursement.map(|d| DisbursementData {
        id: d.id,
        amount_fen: d.amount_fen,
        value_date: date(d.value_date),
        serial_no: d.serial_no,
        journal_id: d.journal_id,
        reversed: d.reversed_at.is_some(),
        reverse_reason: d.reverse_reason,
        reversed_at: d.reversed_at.map(ms),
        created_by_name: d.created_by_name,
        created_at: ms(d.created_at),
    });
    data.premium_line = p.premium_line.map(|(line, app)| PremiumLineRefData {
        line_id: line.id,
        line_status: line.status,
        application_id: app.id,
        application_no: app.application_no,
        status: app.status,
    });
}

// ------------------------------------------------------------------ contracts

/// 生成车主声明及授权书: renders the owner's declaration and power of attorney (PENDING_DECLARATION)
/// and sends them for signing; earlier live ones are voided.
#[utoipa::path(post, path = "/api/admin/order/declaration/generate/{id}", tag = "business",
    operation_id = "orderDeclarationGenerate", security(("token" = ["admin:order_info:declaration"])),
    params(("id" = i64, Path)), responses((status = 200, body = Envelope<Vec<ContractData>>)))]
async fn declaration_generate(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
) -> Answer<Vec<ContractData>> {
    let made = s.app.generate_declaration(&me, &c, id).await?;
    Ok(ok(made.into_iter().map(Into::into).collect()))
}

/// 生成合同: renders the loan package (借款合同, 服务协议, 代扣授权书, 个人信息授权书) of an order
/// awaiting signing and sends it for signing.
#[utoipa::path(post, path = "/api/admin/order/contract/generate/{id}", tag = "business",
    operation_id = "orderContractGenerate", security(("token" = ["admin:order_info:contract"])),
    params(("id" = i64, Path)), responses((status = 200, body = Envelope<Vec<ContractData>>)))]
async fn contract_generate(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
) -> Answer<Vec<ContractData>> {
    let made = s.app.generate_contracts(&me, &c, id).await?;
    Ok(ok(made.into_iter().map(Into::into).collect()))
}

/// The contracts of an order, newest first.
#[utoipa::path(get, path = "/api/admin/order/contract/list/{id}", tag = "business",
    operation_id = "orderContractList", security(("token" = ["admin:order_info:table"])),
    params(("id" = i64, Path)), responses((status = 200, body = Envelope<Vec<ContractData>>)))]
async fn contract_list(
    State(s): State<AppState>,
    Admin(me): Admin,
    Path(id): Path<i64>,
) -> Answer<Vec<ContractData>> {
    let rows = s.app.order_contracts(&me, id).await?;
    Ok(ok(rows.into_iter().map(Into::into).collect()))
}

/// 重新发送: new signing links for the signers who have not signed (the old ones stop working).
/// Needs the permission of the contract's package (declaration or contract).
#[utoipa::path(post, path = "/api/admin/order/contract/resend/{id}", tag = "business",
    operation_id = "orderContractResend", security(("token" = [])),
    params(("id" = i64, Path)), responses((status = 200, body = Envelope<ContractData>)))]
async fn contract_resend(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
) -> Answer<ContractData> {
    Ok(ok(s.app.resend_contract(&me, &c, id).await?.into()))
}

/// A reason.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct FlowReasonBody {
    pub reason: String,
}

/// 作废: voids a contract while the order is still at its step. Needs the permission of the
/// contract's package.
#[utoipa::path(post, path = "/api/admin/order/contract/void/{id}", tag = "business",
    operation_id = "orderContractVoid", security(("token" = [])),
    params(("id" = i64, Path)), request_body = FlowReasonBody,
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn contract_void(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
    Json(body): Json<FlowReasonBody>,
) -> Answer<Option<String>> {
    s.app.void_contract(&me, &c, id, &body.reason).await?;
    Ok(ok(None))
}

/// An uploaded signed scan: `file` (PDF or image) and `verified` = `true`.
#[derive(Debug, ToSchema)]
#[schema(rename_all = "camelCase")]
#[allow(dead_code)]
pub struct SignedScanUpload {
    /// `true`: the uploader checked every party's signature and seal on the scan.
    pub verified: String,
    #[schema(value_type = String, format = Binary)]
    pub file: Vec<u8>,
}

/// 上传签署件: a signed scan replaces the electronic signing of one contract.
#[utoipa::path(post, path = "/api/admin/order/contract/upload/{id}", tag = "business",
    operation_id = "orderContractUpload", security(("token" = [])),
    params(("id" = i64, Path)),
    request_body(content = SignedScanUpload, content_type = "multipart/form-data"),
    responses((status = 200, body = Envelope<ContractData>)))]
async fn contract_upload(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
    form: Multipart,
) -> Answer<ContractData> {
    let verified = form.text("verified").is_some_and(|v| v == "true");
    let file = form.file("file")?;
    Ok(ok(s
        .app
        .upload_signed_contract(&me, &c, id, file, verified)
        .await?
        .into()))
}

/// Which version of a contract's file.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ContractFileQuery {
    /// `true`: the signed PDF when there is one.
    pub signed: Option<bool>,
}

/// The contract's PDF (inline): the signed one with `signed=true`, else the rendered one.
#[utoipa::path(get, path = "/api/admin/order/contract/file/{id}", tag = "business",
    operation_id = "orderContractFile", security(("token" = ["admin:order_info:table"])),
    params(("id" = i64, Path), ContractFileQuery),
    responses((status = 200, description = "The PDF", content_type = "application/pdf")))]
async fn contract_file(
    State(s): State<AppState>,
    Admin(me): Admin,
    Path(id): Path<i64>,
    query: Result<Query<ContractFileQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let signed = query.ok().and_then(|Query(q)| q.signed).unwrap_or(false);
    let content = s.app.contract_file(&me, id, signed).await?;
    Ok(file_response(content, true))
}

// ------------------------------------------------------------------ insurance confirmation

/// The premium change the insurer may make without a new approval.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ToleranceData {
    /// bp of the quoted premium (500 = 5 %).
    pub tolerance_bp: i64,
}

/// 保费变动容差 from 订单规则配置, for the 投保确认 dialog.
#[utoipa::path(get, path = "/api/admin/order/insure/tolerance", tag = "business",
    operation_id = "orderInsureTolerance", security(("token" = ["admin:order_info:table"])),
    responses((status = 200, body = Envelope<ToleranceData>)))]
async fn insure_tolerance(State(s): State<AppState>, Admin(me): Admin) -> Answer<ToleranceData> {
    Ok(ok(ToleranceData {
        tolerance_bp: s.app.premium_tolerance(&me).await?,
    }))
}

/// One policy's underwriting result.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct InsurePolicyBody {
    pub id: i64,
    /// 投保单号.
    pub proposal_no: String,
    pub final_premium_fen: i64,
    /// 特别约定.
    pub special_agreement: String,
}

/// The insurer's confirmation of every policy of the order.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct InsureBody {
    /// The order's version as read.
    pub version: i64,
    pub policies: Vec<InsurePolicyBody>,
}

/// What the confirmation led to.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InsureOutcomeData {
    /// CONFIRMED (→ 待签约) or REQUOTED (→ 进件待审核).
    pub outcome: String,
    pub change_bp: i64,
    pub tolerance_bp: i64,
}

/// 投保确认 (T13 / T14).
#[utoipa::path(post, path = "/api/admin/order/insure/{id}", tag = "business",
    operation_id = "orderInsureConfirm", security(("token" = ["admin:order_info:insure"])),
    params(("id" = i64, Path), crate::idempotency::IdempotencyKey), request_body = InsureBody,
    responses((status = 200, body = Envelope<InsureOutcomeData>)))]
async fn insure_confirm(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
    Json(body): Json<InsureBody>,
) -> Answer<InsureOutcomeData> {
    let outcome = s
        .app
        .confirm_insurance(
            &me,
            &c,
            id,
            body.version,
            body.policies
                .into_iter()
                .map(|p| PolicyConfirmation {
                    id: p.id,
                    proposal_no: p.proposal_no,
                    final_premium_fen: p.final_premium_fen,
                    special_agreement: p.special_agreement,
                })
                .collect(),
        )
        .await?;
    Ok(ok(InsureOutcomeData {
        outcome: outcome.outcome.to_owned(),
        change_bp: outcome.change_bp,
        tolerance_bp: outcome.tolerance_bp,
    }))
}

// ------------------------------------------------------------------ down payment

/// 登记收款 (multipart): `amountFen`, `channel`, `serialNo`, `payer`, `valueDate`
/// (YYYY-MM-DD) and an optional `voucher` (image or PDF).
#[derive(Debug, ToSchema)]
#[schema(rename_all = "camelCase")]
#[allow(dead_code)]
pub struct ReceiptUpload {
    pub amount_fen: i64,
    /// BANK_TRANSFER, WITHHOLD, ONLINE_PAY or OFFLINE.
    pub channel: String,
    pub serial_no: String,
    pub payer: String,
    pub value_date: String,
    #[schema(value_type = Option<String>, format = Binary)]
    pub voucher: Option<Vec<u8>>,
}

/// 登记收款: records the down payment received (the amount due at down payment).
#[utoipa::path(post, path = "/api/admin/order/down-payment/record/{id}", tag = "business",
    operation_id = "orderDownPaymentRecord", security(("token" = ["admin:order_info:down_payment"])),
    params(("id" = i64, Path)),
    request_body(content = ReceiptUpload, content_type = "multipart/form-data"),
    responses((status = 200, body = Envelope<ReceiptData>)))]
async fn down_payment_record(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
    form: Multipart,
) -> Answer<ReceiptData> {
    let amount_fen = form
        .text("amountFen")
        .and_then(|t| t.parse().ok())
        .ok_or_else(|| ApiError::invalid("amountFen", "请填写收款金额（分）"))?;
    let value_date = parse_date("valueDate", &form.text("valueDate").unwrap_or_default())?;
    let voucher = form.file("voucher").ok();
    let input = ReceiptInput {
        amount_fen,
        channel: form.text("channel").unwrap_or_default(),
        serial_no: form.text("serialNo").unwrap_or_default(),
        payer: form.text("payer").unwrap_or_default(),
        value_date,
        voucher,
    };
    Ok(ok(s
        .app
        .record_down_payment(&me, &c, id, input)
        .await?
        .into()))
}

/// 确认收款 (T16): another user confirms a recorded receipt; journal E1.
#[utoipa::path(post, path = "/api/admin/order/down-payment/confirm/{id}", tag = "business",
    operation_id = "orderDownPaymentConfirm", security(("token" = ["admin:order_info:down_payment"])),
    params(("id" = i64, Path), crate::idempotency::IdempotencyKey),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn down_payment_confirm(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
) -> Answer<Option<String>> {
    s.app.confirm_down_payment(&me, &c, id).await?;
    Ok(ok(None))
}

/// 驳回: a recorded receipt was wrong.
#[utoipa::path(post, path = "/api/admin/order/down-payment/reject/{id}", tag = "business",
    operation_id = "orderDownPaymentReject", security(("token" = ["admin:order_info:down_payment"])),
    params(("id" = i64, Path)), request_body = FlowReasonBody,
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn down_payment_reject(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
    Json(body): Json<FlowReasonBody>,
) -> Answer<Option<String>> {
    s.app.reject_down_payment(&me, &c, id, &body.reason).await?;
    Ok(ok(None))
}

// ------------------------------------------------------------------ disbursement

/// A payment's bank reference.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct DisburseBody {
    pub serial_no: String,
    /// YYYY-MM-DD.
    pub value_date: String,
}

/// 确认放款 (T18): pays the order's line of an approved premium payment application.
#[utoipa::path(post, path = "/api/admin/order/disburse/{id}", tag = "business",
    operation_id = "orderDisburse", security(("token" = ["admin:order_info:disburse"])),
    params(("id" = i64, Path), crate::idempotency::IdempotencyKey), request_body = DisburseBody,
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn order_disburse(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
    Json(body): Json<DisburseBody>,
) -> Answer<Option<String>> {
    let value_date = parse_date("valueDate", &body.value_date)?;
    s.app
        .disburse_order(&me, &c, id, &body.serial_no, value_date)
        .await?;
    Ok(ok(None))
}

/// 冲正 (T19): reverses the disbursement before any repayment.
#[utoipa::path(post, path = "/api/admin/order/disburse/reverse/{id}", tag = "business",
    operation_id = "orderDisburseReverse", security(("token" = ["admin:order_info:disburse_reverse"])),
    params(("id" = i64, Path), crate::idempotency::IdempotencyKey), request_body = FlowReasonBody,
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn order_disburse_reverse(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
    Json(body): Json<FlowReasonBody>,
) -> Answer<Option<String>> {
    s.app
        .reverse_disbursement(&me, &c, id, &body.reason)
        .await?;
    Ok(ok(None))
}

// ------------------------------------------------------------------ e-policy

/// An e-policy upload: `file` (PDF), `policyNo`, `startDate` and `endDate` (YYYY-MM-DD).
#[derive(Debug, ToSchema)]
#[schema(rename_all = "camelCase")]
#[allow(dead_code)]
pub struct PolicyUpload {
    pub policy_no: String,
    pub start_date: String,
    pub end_date: String,
    #[schema(value_type = String, format = Binary)]
    pub file: Vec<u8>,
}

/// 上传电子保单: the last policy issued moves the order to 还款中 (or 逾期).
#[utoipa::path(post, path = "/api/admin/order/policy/upload/{id}", tag = "business",
    operation_id = "orderPolicyUpload", security(("token" = ["admin:order_info:policy"])),
    params(("id" = i64, Path)),
    request_body(content = PolicyUpload, content_type = "multipart/form-data"),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn policy_upload(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
    form: Multipart,
) -> Answer<Option<String>> {
    let day = |field: &str| -> Result<Option<chrono::NaiveDate>, ApiError> {
        match form.text(field) {
            Some(t) => parse_date(field, &t).map(Some),
            None => Ok(None),
        }
    };
    let issue = PolicyIssue {
        policy_no: form.text("policyNo").unwrap_or_default(),
        start_date: day("startDate")?,
        end_date: day("endDate")?,
    };
    let file = form.file("file")?;
    s.app.upload_policy(&me, &c, id, issue, file).await?;
    Ok(ok(None))
}

/// The e-policy PDF of a policy (inline).
#[utoipa::path(get, path = "/api/admin/order/policy/file/{id}", tag = "business",
    operation_id = "orderPolicyFile", security(("token" = ["admin:order_info:table"])),
    params(("id" = i64, Path)),
    responses((status = 200, description = "The PDF", content_type = "application/pdf")))]
async fn policy_file(
    State(s): State<AppState>,
    Admin(me): Admin,
    Path(id): Path<i64>,
) -> Result<Response, ApiError> {
    Ok(file_response(s.app.policy_file(&me, id).await?, true))
}

/// The voucher of a down-payment receipt (inline).
#[utoipa::path(get, path = "/api/admin/order/down-payment/voucher/{id}", tag = "business",
    operation_id = "orderReceiptVoucher", security(("token" = ["admin:order_info:table"])),
    params(("id" = i64, Path)),
    responses((status = 200, description = "The voucher (image or PDF)", content(("image/*"), ("application/pdf")))))]
async fn receipt_voucher(
    State(s): State<AppState>,
    Admin(me): Admin,
    Path(id): Path<i64>,
) -> Result<Response, ApiError> {
    Ok(file_response(s.app.receipt_voucher(&me, id).await?, true))
}

// ------------------------------------------------------------------ refund

/// A refund of everything received.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct RefundBody {
    pub channel: String,
    pub serial_no: String,
    /// YYYY-MM-DD.
    pub value_date: String,
    pub reason: String,
}

/// 登记退款 (E13): pays back what was received, so that the order can be cancelled.
#[utoipa::path(post, path = "/api/admin/order/refund/{id}", tag = "business",
    operation_id = "orderRefund", security(("token" = ["admin:order_info:cancel"])),
    params(("id" = i64, Path), crate::idempotency::IdempotencyKey), request_body = RefundBody,
    responses((status = 200, body = Envelope<RefundData>)))]
async fn order_refund(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
    Json(body): Json<RefundBody>,
) -> Answer<RefundData> {
    let value_date = parse_date("valueDate", &body.value_date)?;
    let row = s
        .app
        .refund_received(
            &me,
            &c,
            id,
            RefundInput {
                channel: body.channel,
                serial_no: body.serial_no,
                value_date,
                reason: body.reason,
            },
        )
        .await?;
    Ok(ok(row.into()))
}
