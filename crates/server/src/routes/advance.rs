//! 业务管理 › 逾期挂账 (`/business/overdueAccount`, `admin:order_plan_overdue:table`,
//! docs/advances.md): the instalments the platform advanced (代偿) to the capital provider and
//! still claims from the customer, with what was advanced, when, and what was recovered since.

use super::business::{Answer, date, parse_date};
use super::common::{ExportData, PageData, SortDto, page_request};
use crate::AppState;
use crate::auth::{Admin, Client};
use crate::envelope::{Envelope, ok};
use crate::error::ApiError;
use crate::extract::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use service::order::advance::{AdvanceFilter, AdvanceRow};
use service::paging::PageRequest;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(advance_page))
        .routes(routes!(advance_export))
}

/// The list's filters.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct AdvancePageBody {
    pub page: Option<i64>,
    pub size: Option<i64>,
    /// `advancedOn` (the default, newest first), `advancedFen`, `overdueDays` or `dueDate`.
    pub sort: Option<SortDto>,
    /// Contained in the order number.
    pub order_no: Option<String>,
    /// Contained in the customer's name.
    pub customer_name: Option<String>,
    pub capital_provider_id: Option<i64>,
    /// Advanced on or after (YYYY-MM-DD).
    pub advanced_from: Option<String>,
    /// Advanced on or before (YYYY-MM-DD).
    pub advanced_to: Option<String>,
    /// Also the instalments fully recovered or waived (default: only those still claimed).
    pub all: Option<bool>,
}

/// An advanced instalment.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdvanceData {
    pub order_id: i64,
    pub order_no: String,
    pub customer_name: String,
    pub plate_no: String,
    #[schema(required = true)]
    pub capital_provider_id: Option<i64>,
    pub capital_provider_name: String,
    pub item_seq: i32,
    pub due_date: String,
    #[schema(required = true)]
    pub advanced_on: Option<String>,
    /// Principal + interest the platform paid the provider.
    pub advanced_fen: i64,
    /// Recovered from the customer since.
    pub recovered_fen: i64,
    /// Interest waived since (the claim given up).
    pub waived_fen: i64,
    /// Written off since by a recovery application (追偿核销).
    pub written_off_fen: i64,
    /// Still claimed: advanced − recovered − waived − written off.
    pub claim_fen: i64,
    pub days_past_due: i32,
    /// The instalment's status: NOT_DUE, DUE, OVERDUE, PAID, CANCELLED, WRITTEN_OFF.
    pub item_status: String,
}

impl From<AdvanceRow> for AdvanceData {
    fn from(r: AdvanceRow) -> Self {
        AdvanceData {
            order_id: r.order_id,
            order_no: r.order_no,
            customer_name: r.customer_name,
            plate_no: r.plate_no,
            capital_provider_id: r.capital_provider_id,
            capital_provider_name: r.capital_provider_name,
            item_seq: r.item_seq,
            due_date: date(r.due_date),
            advanced_on: r.advanced_on.map(date),
            advanced_fen: r.advanced_fen,
            recovered_fen: r.recovered_fen,
            waived_fen: r.waived_fen,
            written_off_fen: r.written_off_fen,
            claim_fen: r.claim_fen,
            days_past_due: r.days_past_due,
            item_status: r.item_status,
        }
    }
}

/// 逾期挂账: the advanced instalments still claimed, newest advance first.
#[utoipa::path(post, path = "/api/admin/order/advance/page", tag = "business",
    operation_id = "advancePage", security(("token" = ["admin:order_plan_overdue:table"])),
    request_body = AdvancePageBody, responses((status = 200, body = Envelope<PageData<AdvanceData>>)))]
async fn advance_page(
    State(s): State<AppState>,
    Admin(me): Admin,
    Json(b): Json<AdvancePageBody>,
) -> Answer<PageData<AdvanceData>> {
    let (request, filter) = b.into_parts()?;
    let page = s.app.advance_page(&me, &request, &filter).await?;
    Ok(ok(PageData::from_page(page, Into::into)))
}

impl AdvancePageBody {
    fn into_parts(self) -> Result<(PageRequest, AdvanceFilter), ApiError> {
        let day = |field: &str, v: Option<String>| match v.as_deref().map(str::trim) {
            None | Some("") => Ok(None),
            Some(t) => parse_date(field, t).map(Some),
        };
        let filter = AdvanceFilter {
            order_no: self.order_no,
            customer_name: self.customer_name,
            capital_provider_id: self.capital_provider_id,
            advanced_from: day("advancedFrom", self.advanced_from)?,
            advanced_to: day("advancedTo", self.advanced_to)?,
            all: self.all.unwrap_or(false),
        };
        Ok((page_request(self.page, self.size, self.sort), filter))
    }
}

/// 导出 逾期挂账 as filtered and sorted (the list's own permission).
#[utoipa::path(post, path = "/api/admin/order/advance/export", tag = "business",
    operation_id = "advanceExport", security(("token" = ["admin:order_plan_overdue:table"])),
    request_body = AdvancePageBody, responses((status = 200, body = Envelope<ExportData>)))]
async fn advance_export(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Json(b): Json<AdvancePageBody>,
) -> Answer<ExportData> {
    let (request, filter) = b.into_parts()?;
    Ok(ok(s
        .app
        .export_advances(&me, &c, &request, &filter)
        .await?
        .into()))
}
