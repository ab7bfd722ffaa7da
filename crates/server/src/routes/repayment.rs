//! 业务管理, repayment (docs/repayments.md): the lists of 还款阶段 and 已结清订单, the order's money
//! (plan with paid and outstanding per component, repayments with their allocations, penalties
//! by day, journals), and the repayment commands: preview, record, confirm, reject, reverse, the
//! early-settlement quote.

use super::business::{Answer, OrderPageBody, OrderRowData, date, export, list, ms, parse_date};
use super::common::{ExportData, PageData};
use crate::AppState;
use crate::auth::{Admin, Client};
use crate::envelope::{Envelope, ok};
use crate::error::ApiError;
use crate::extract::{Json, Path};
use crate::upload::{Multipart, file_response};
use axum::extract::{Query, State, rejection::QueryRejection};
use axum::response::Response;
use domain::ledger::{Line, Owner, Side};
use domain::money::allocation::AllocationLine;
use domain::money::ledger::{ComponentAmounts, ItemLedger};
use domain::money::payoff::PayoffQuote;
use domain::status::Status;
use serde::{Deserialize, Serialize};
use service::order::Stage;
use service::order::repayment::{
    OrderMoney, Preview, RepaymentInput, RepaymentView, Synced, item_status_code,
};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(repayment_page))
        .routes(routes!(repayment_export))
        .routes(routes!(settled_page))
        .routes(routes!(settled_export))
        .routes(routes!(order_money))
        .routes(routes!(repayment_preview))
        .routes(routes!(payoff_quote))
        .routes(routes!(repayment_record))
        .routes(routes!(repayment_confirm))
        .routes(routes!(repayment_reject))
        .routes(routes!(repayment_reverse))
        .routes(routes!(repayment_voucher))
        .routes(routes!(settlement_certificate))
}

stage_list!(
    repayment_page,
    repayment_export,
    Stage::Repayment,
    "/api/admin/order/repayment/page",
    "orderRepaymentPage",
    "/api/admin/order/repayment/export",
    "orderRepaymentExport",
    "还款阶段: PENDING_POLICY, REPAYING and OVERDUE, with the next instalment, outstanding and days past due."
);
stage_list!(
    settled_page,
    settled_export,
    Stage::Settled,
    "/api/admin/order/settled/page",
    "orderSettledPage",
    "/api/admin/order/settled/export",
    "orderSettledExport",
    "已结清订单: SETTLED, with how and when each settled."
);

// ------------------------------------------------------------------ the order's money

/// One component of an instalment: `due = paid + waived + writtenOff + cancelled + outstanding`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ComponentData {
    pub due_fen: i64,
    pub paid_fen: i64,
    pub waived_fen: i64,
    pub written_off_fen: i64,
    pub cancelled_fen: i64,
    pub outstanding_fen: i64,
}

impl From<&ComponentAmounts> for ComponentData {
    fn from(c: &ComponentAmounts) -> Self {
        ComponentData {
            due_fen: c.due_fen.get(),
            paid_fen: c.paid_fen.get(),
            waived_fen: c.waived_fen.get(),
            written_off_fen: c.written_off_fen.get(),
            cancelled_fen: c.cancelled_fen.get(),
            outstanding_fen: c.outstanding_fen.get(),
        }
    }
}

/// An instalment as the replay left it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ItemData {
    pub seq: u32,
    pub from_date: String,
    pub due_date: String,
    /// NOT_DUE, DUE, OVERDUE, PAID, CANCELLED, WRITTEN_OFF.
    pub status: String,
    /// Partly paid.
    pub partial: bool,
    pub is_deposit_offset: bool,
    pub principal: ComponentData,
    pub interest: ComponentData,
    pub fee: ComponentData,
    /// The penalty accrued so far (its `dueFen`) and what became of it.
    pub penalty: ComponentData,
    pub outstanding_fen: i64,
    pub overdue_days: u32,
    #[schema(required = true)]
    pub settled_on: Option<String>,
    /// What the platform advanced (代偿) on it to the capital provider; 0 when not advanced.
    pub advanced_fen: i64,
    /// The business date of the advance.
    #[schema(required = true)]
    pub advanced_on: Option<String>,
    /// Principal + interest the customer paid on it since the advance (recovered by the platform).
    pub recovered_fen: i64,
    /// Interest of it waived since the advance (the platform's claim given up).
    pub advance_waived_fen: i64,
    /// The claim written off by a recovery application (追偿核销).
    pub advance_written_off_fen: i64,
    /// What the platform still claims of its advance (逾期挂账).
    pub advance_claim_fen: i64,
    /// The principal part of the claim (the provider no longer carries it).
    pub advance_claim_principal_fen: i64,
}

impl From<&ItemLedger> for ItemData {
    fn from(it: &ItemLedger) -> Self {
        ItemData {
            seq: it.seq,
            from_date: date(it.from_date),
            due_date: date(it.due_date),
            status: item_status_code(it.status).to_owned(),
            partial: it.partial,
            is_deposit_offset: it.is_deposit_offset,
            principal: (&it.principal).into(),
            interest: (&it.interest).into(),
            fee: (&it.fee).into(),
            penalty: (&it.penalty).into(),
            outstanding_fen: it.outstanding().map_or(0, |f| f.get()),
            overdue_days: it.overdue_days,
            settled_on: it.settled_on.map(date),
            advanced_fen: it.advanced_fen.get(),
            advanced_on: it.advanced_on.map(date),
            recovered_fen: it.recovered_fen.get(),
            advance_waived_fen: it.advance_waived_fen.get(),
            advance_written_off_fen: it.advance_written_off_fen.get(),
            advance_claim_fen: it.advance_claim().map_or(0, |f| f.get()),
            advance_claim_principal_fen: it.advance_claim_principal().map_or(0, |f| f.get()),
        }
    }
}

/// Part of a repayment applied to one component of one instalment.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AllocationLineData {
    pub item_seq: u32,
    /// PENALTY, FEE, INTEREST or PRINCIPAL.
    pub component: String,
    pub amount_fen: i64,
}

fn component_code(c: domain::money::product::Component) -> String {
    serde_json::to_value(c)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default()
}

impl From<&AllocationLine> for AllocationLineData {
    fn from(l: &AllocationLine) -> Self {
        AllocationLineData {
            item_seq: l.item_seq,
            component: component_code(l.component),
            amount_fen: l.amount_fen.get(),
        }
    }
}

/// A repayment with its allocation.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RepaymentData {
    pub id: i64,
    pub order_id: i64,
    /// REPAYMENT, EARLY_SETTLEMENT, FIRST_INSTALMENT (paid with the down payment) or
    /// DEPOSIT_OFFSET (the deposit offsetting the last instalment).
    pub purpose: String,
    /// CUSTOMER, THIRD_PARTY, CREDIT or DEPOSIT.
    pub source: String,
    pub amount_fen: i64,
    pub channel: String,
    pub serial_no: String,
    pub payer: String,
    pub value_date: String,
    pub has_voucher: bool,
    /// RECORDED, CONFIRMED, REJECTED, REVERSED.
    pub status: String,
    #[schema(required = true)]
    pub recorded_by: Option<i64>,
    pub recorded_by_name: String,
    /// Who confirmed it: the one user who may not reverse it.
    #[schema(required = true)]
    pub confirmed_by: Option<i64>,
    pub confirmed_by_name: String,
    #[schema(required = true)]
    pub confirmed_at: Option<i64>,
    /// What nothing was owed for (the customer's credit).
    pub overpayment_fen: i64,
    /// Principal + interest of it that recovered a platform advance (代偿) rather than going to
    /// the capital provider.
    pub recovered_fen: i64,
    pub reject_reason: String,
    pub reversed_by_name: String,
    #[schema(required = true)]
    pub reversed_at: Option<i64>,
    pub reversal_reason: String,
    pub created_at: i64,
    pub lines: Vec<AllocationLineData>,
}

impl From<RepaymentView> for RepaymentData {
    fn from(v: RepaymentView) -> Self {
        let r = v.row;
        RepaymentData {
            id: r.id,
            order_id: r.order_id,
            purpose: r.purpose,
            source: r.source,
            amount_fen: r.amount_fen,
            channel: r.channel,
            serial_no: r.serial_no,
            payer: r.payer,
            value_date: date(r.value_date),
            has_voucher: r.voucher_file_id.is_some(),
            status: r.status,
            recorded_by: r.recorded_by,
            recorded_by_name: r.recorded_by_name,
            confirmed_by: r.confirmed_by,
            confirmed_by_name: r.confirmed_by_name,
            confirmed_at: r.confirmed_at.map(ms),
            overpayment_fen: r.overpayment_fen,
            recovered_fen: r.recovered_principal_fen + r.recovered_interest_fen,
            reject_reason: r.reject_reason,
            reversed_by_name: r.reversed_by_name,
            reversed_at: r.reversed_at.map(ms),
            reversal_reason: r.reversal_reason,
            created_at: ms(r.created_at),
            lines: v
                .lines
                .into_iter()
                .map(|l| AllocationLineData {
                    item_seq: u32::try_from(l.item_seq).unwrap_or(0),
                    component: l.component,
                    amount_fen: l.amount_fen,
                })
                .collect(),
        }
    }
}

/// One day's penalty on one instalment.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PenaltyData {
    pub item_seq: i32,
    pub date: String,
    pub base_fen: i64,
    pub amount_fen: i64,
}

/// A posting of a journal.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PostingData {
    /// PLATFORM or CAPITAL.
    pub owner: String,
    /// The account code (P.COLLECTION, C.LOAN_PRINCIPAL, …).
    pub account: String,
    pub subledger: String,
    /// D or C.
    pub side: String,
    pub amount_fen: i64,
}

impl From<&Line> for PostingData {
    fn from(l: &Line) -> Self {
        PostingData {
            owner: match l.owner {
                Owner::Platform => "PLATFORM".to_owned(),
                Owner::CapitalProvider(_) => "CAPITAL".to_owned(),
            },
            account: l.account.code().to_owned(),
            subledger: l.subledger.clone(),
            side: match l.side {
                Side::Debit => "D".to_owned(),
                Side::Credit => "C".to_owned(),
            },
            amount_fen: l.amount.get(),
        }
    }
}

/// A journal of the order.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct JournalData {
    pub id: i64,
    /// DOWN_PAYMENT_RECEIVED, DISBURSEMENT, REPAYMENT, DEPOSIT_OFFSET, REVERSAL, …
    pub event_type: String,
    pub business_date: String,
    pub occurred_at: i64,
    pub description: String,
    #[schema(required = true)]
    pub reversal_of_id: Option<i64>,
    pub postings: Vec<PostingData>,
}

/// The order's money (the order page's 还款 tab).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderMoneyData {
    pub business_date: String,
    pub items: Vec<ItemData>,
    pub repayments: Vec<RepaymentData>,
    pub penalties: Vec<PenaltyData>,
    pub journals: Vec<JournalData>,
    pub outstanding_fen: i64,
    pub paid_fen: i64,
    pub customer_credit_fen: i64,
    pub days_past_due: i32,
    pub bucket: String,
}

impl From<OrderMoney> for OrderMoneyData {
    fn from(m: OrderMoney) -> Self {
        OrderMoneyData {
            business_date: date(m.business_date),
            items: m.items.iter().map(ItemData::from).collect(),
            repayments: m.repayments.into_iter().map(RepaymentData::from).collect(),
            penalties: m
                .penalties
                .into_iter()
                .map(|p| PenaltyData {
                    item_seq: p.item_seq,
                    date: date(p.accrual_date),
                    base_fen: p.base_fen,
                    amount_fen: p.amount_fen,
                })
                .collect(),
            journals: m
                .journals
                .into_iter()
                .map(|j| JournalData {
                    id: j.journal.id,
                    event_type: j.journal.event_type,
                    business_date: date(j.journal.business_date),
                    occurred_at: ms(j.journal.occurred_at),
                    description: j.journal.description,
                    reversal_of_id: j.journal.reversal_of_id,
                    postings: j.lines.iter().map(PostingData::from).collect(),
                })
                .collect(),
            outstanding_fen: m.outstanding_fen,
            paid_fen: m.paid_fen,
            customer_credit_fen: m.customer_credit_fen,
            days_past_due: m.days_past_due,
            bucket: m.bucket,
        }
    }
}

/// The order's plan with paid and outstanding amounts, its repayments, penalties and journals.
#[utoipa::path(get, path = "/api/admin/order/money/{id}", tag = "business",
    operation_id = "orderMoney", security(("token" = ["admin:order_info:table"])),
    params(("id" = i64, Path)),
    responses((status = 200, body = Envelope<OrderMoneyData>)))]
async fn order_money(
    State(s): State<AppState>,
    Admin(me): Admin,
    Path(id): Path<i64>,
) -> Answer<OrderMoneyData> {
    Ok(ok(s.app.order_money(&me, id).await?.into()))
}

// ------------------------------------------------------------------ preview and quote

/// A repayment to preview.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct PreviewBody {
    pub amount_fen: i64,
    /// YYYY-MM-DD.
    pub value_date: String,
}

/// How the repayment would be allocated.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PreviewData {
    pub lines: Vec<AllocationLineData>,
    pub overpayment_fen: i64,
    pub outstanding_before_fen: i64,
    pub outstanding_after_fen: i64,
    pub days_past_due_after: u32,
}

impl From<Preview> for PreviewData {
    fn from(p: Preview) -> Self {
        PreviewData {
            lines: p.lines.iter().map(AllocationLineData::from).collect(),
            overpayment_fen: p.overpayment_fen,
            outstanding_before_fen: p.outstanding_before_fen,
            outstanding_after_fen: p.outstanding_after_fen,
            days_past_due_after: p.days_past_due_after,
        }
    }
}

/// 分配预览: how an amount received on a date would be allocated (nothing is stored).
#[utoipa::path(post, path = "/api/admin/order/repayment/preview/{id}", tag = "business",
    operation_id = "orderRepaymentPreview", security(("token" = ["admin:order_info:table"])),
    params(("id" = i64, Path)), request_body = PreviewBody,
    responses((status = 200, body = Envelope<PreviewData>)))]
async fn repayment_preview(
    State(s): State<AppState>,
    Admin(me): Admin,
    Path(id): Path<i64>,
    Json(body): Json<PreviewBody>,
) -> Answer<PreviewData> {
    let value_date = parse_date("valueDate", &body.value_date)?;
    Ok(ok(s
        .app
        .preview_repayment(&me, id, body.amount_fen, value_date)
        .await?
        .into()))
}

/// The quote's date.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct QuoteQuery {
    /// YYYY-MM-DD; today (the business date) when absent.
    pub date: Option<String>,
}

/// One instalment of a payoff quote.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuoteLineData {
    pub item_seq: u32,
    pub principal_fen: i64,
    pub interest_fen: i64,
    pub fee_fen: i64,
    pub penalty_fen: i64,
    /// Future interest not owed (cancelled, not waived).
    pub cancelled_interest_fen: i64,
}

/// What settles the order on a date.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuoteData {
    pub date: String,
    pub principal_fen: i64,
    pub interest_fen: i64,
    pub fee_fen: i64,
    pub penalty_fen: i64,
    pub settlement_fee_fen: i64,
    pub total_fen: i64,
    pub cancelled_interest_fen: i64,
    pub lines: Vec<QuoteLineData>,
}

impl From<PayoffQuote> for QuoteData {
    fn from(q: PayoffQuote) -> Self {
        QuoteData {
            date: date(q.date),
            principal_fen: q.principal_fen.get(),
            interest_fen: q.interest_fen.get(),
            fee_fen: q.fee_fen.get(),
            penalty_fen: q.penalty_fen.get(),
            settlement_fee_fen: q.settlement_fee_fen.get(),
            total_fen: q.total_fen.get(),
            cancelled_interest_fen: q.cancelled_interest_fen.get(),
            lines: q
                .lines
                .iter()
                .map(|l| QuoteLineData {
                    item_seq: l.item_seq,
                    principal_fen: l.principal_fen.get(),
                    interest_fen: l.interest_fen.get(),
                    fee_fen: l.fee_fen.get(),
                    penalty_fen: l.penalty_fen.get(),
                    cancelled_interest_fen: l.cancelled_interest_fen.get(),
                })
                .collect(),
        }
    }
}

/// 提前结清报价: what settles the order on a date under its product's rule.
#[utoipa::path(get, path = "/api/admin/order/payoff/{id}", tag = "business",
    operation_id = "orderPayoffQuote", security(("token" = ["admin:order_info:table"])),
    params(("id" = i64, Path), QuoteQuery),
    responses((status = 200, body = Envelope<QuoteData>)))]
async fn payoff_quote(
    State(s): State<AppState>,
    Admin(me): Admin,
    Path(id): Path<i64>,
    query: Result<Query<QuoteQuery>, QueryRejection>,
) -> Answer<QuoteData> {
    let Query(q) = query.map_err(|_| ApiError::invalid("date", "日期格式应为 YYYY-MM-DD"))?;
    let day = q
        .date
        .as_deref()
        .map(|d| parse_date("date", d))
        .transpose()?;
    Ok(ok(s.app.payoff_quote(&me, id, day).await?.into()))
}

// ------------------------------------------------------------------ commands

/// A repayment as the form sends it.
#[derive(Debug, ToSchema)]
#[schema(rename_all = "camelCase")]
#[allow(dead_code)]
pub struct RepaymentUpload {
    pub amount_fen: i64,
    /// CUSTOMER or THIRD_PARTY.
    pub source: String,
    /// BANK_TRANSFER, WITHHOLD, ONLINE_PAY or OFFLINE.
    pub channel: String,
    pub serial_no: String,
    pub payer: String,
    /// YYYY-MM-DD.
    pub value_date: String,
    /// "true" for 提前结清 (the amount must equal today's quote).
    pub early_settlement: Option<String>,
    #[schema(value_type = Option<String>, format = Binary)]
    pub voucher: Option<Vec<u8>>,
}

/// What a repayment command left.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SyncedData {
    /// The order's status after it.
    pub status: String,
    pub outstanding_fen: i64,
    pub days_past_due: u32,
}

impl From<Synced> for SyncedData {
    fn from(s: Synced) -> Self {
        SyncedData {
            status: s.status.code().to_owned(),
            outstanding_fen: s.outstanding_fen,
            days_past_due: s.days_past_due,
        }
    }
}

/// 登记还款: records money received (step one; another user confirms).
#[utoipa::path(post, path = "/api/admin/order/repayment/record/{id}", tag = "business",
    operation_id = "orderRepaymentRecord", security(("token" = ["admin:order_info:repay"])),
    params(("id" = i64, Path)),
    request_body(content = RepaymentUpload, content_type = "multipart/form-data"),
    responses((status = 200, body = Envelope<RepaymentData>)))]
async fn repayment_record(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
    form: Multipart,
) -> Answer<RepaymentData> {
    let amount_fen = form
        .text("amountFen")
        .and_then(|t| t.trim().parse().ok())
        .ok_or_else(|| ApiError::invalid("amountFen", "请填写还款金额（分）"))?;
    let value_date = parse_date("valueDate", &form.text("valueDate").unwrap_or_default())?;
    let early_settlement = match form.text("earlySettlement").as_deref() {
        None | Some("" | "false") => false,
        Some("true") => true,
        Some(_) => {
            return Err(ApiError::invalid(
                "earlySettlement",
                "提前结清须为 true 或 false",
            ));
        }
    };
    let input = RepaymentInput {
        amount_fen,
        source: form.text("source").unwrap_or_else(|| "CUSTOMER".to_owned()),
        channel: form.text("channel").unwrap_or_default(),
        serial_no: form.text("serialNo").unwrap_or_default(),
        payer: form.text("payer").unwrap_or_default(),
        value_date,
        voucher: form.file("voucher").ok(),
        early_settlement,
    };
    let row = s.app.record_repayment(&me, &c, id, input).await?;
    Ok(ok(RepaymentView {
        row,
        lines: Vec::new(),
    }
    .into()))
}

/// 确认还款: another user confirms; the order is replayed with it (allocation, journal E4, status).
#[utoipa::path(post, path = "/api/admin/order/repayment/confirm/{id}", tag = "business",
    operation_id = "orderRepaymentConfirm", security(("token" = ["admin:order_info:repay"])),
    params(("id" = i64, Path), crate::idempotency::IdempotencyKey),
    responses((status = 200, body = Envelope<SyncedData>)))]
async fn repayment_confirm(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
) -> Answer<SyncedData> {
    Ok(ok(s.app.confirm_repayment(&me, &c, id).await?.into()))
}

/// A reason.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct RepaymentReasonBody {
    pub reason: String,
}

/// 驳回: a recorded repayment was wrong.
#[utoipa::path(post, path = "/api/admin/order/repayment/reject/{id}", tag = "business",
    operation_id = "orderRepaymentReject", security(("token" = ["admin:order_info:repay"])),
    params(("id" = i64, Path)), request_body = RepaymentReasonBody,
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn repayment_reject(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
    Json(body): Json<RepaymentReasonBody>,
) -> Answer<Option<String>> {
    s.app.reject_repayment(&me, &c, id, &body.reason).await?;
    Ok(ok(None))
}

/// 冲正: a confirmed repayment bounced or was a mistake (mirror journals, replay, T29).
#[utoipa::path(post, path = "/api/admin/order/repayment/reverse/{id}", tag = "business",
    operation_id = "orderRepaymentReverse", security(("token" = ["admin:order_plan:reverse"])),
    params(("id" = i64, Path), crate::idempotency::IdempotencyKey), request_body = RepaymentReasonBody,
    responses((status = 200, body = Envelope<SyncedData>)))]
async fn repayment_reverse(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
    Json(body): Json<RepaymentReasonBody>,
) -> Answer<SyncedData> {
    Ok(ok(s
        .app
        .reverse_repayment(&me, &c, id, &body.reason)
        .await?
        .into()))
}

/// The voucher of a repayment (inline).
#[utoipa::path(get, path = "/api/admin/order/repayment/voucher/{id}", tag = "business",
    operation_id = "orderRepaymentVoucher", security(("token" = ["admin:order_info:table"])),
    params(("id" = i64, Path)),
    responses((status = 200, description = "The voucher (image or PDF)", content(("image/*"), ("application/pdf")))))]
async fn repayment_voucher(
    State(s): State<AppState>,
    Admin(me): Admin,
    Path(id): Path<i64>,
) -> Result<Response, ApiError> {
    Ok(file_response(s.app.repayment_voucher(&me, id).await?, true))
}

/// 结清证明 of a settled order (inline PDF), issued on the first request (docs/settlement-certificate.md).
#[utoipa::path(get, path = "/api/admin/order/settlement-certificate/{id}", tag = "business",
    operation_id = "orderSettlementCertificate", security(("token" = ["admin:order_info:table"])),
    params(("id" = i64, Path)),
    responses((status = 200, description = "The certificate", content_type = "application/pdf")))]
async fn settlement_certificate(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
) -> Result<Response, ApiError> {
    Ok(file_response(
        s.app.settlement_certificate(&me, &c, id).await?,
        true,
    ))
}
