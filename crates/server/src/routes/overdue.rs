//! 业务管理 › 逾期管理 (`/business/overdueManagement`, `admin:order_plan:table`,
//! docs/overdue.md): the OVERDUE orders with days past due, bucket and what is owed (filtered by
//! bucket and days past due), and their collection notes.

use super::business::{Answer, OrderPageBody, OrderRowData, date, export, list, ms, parse_date};
use super::common::{ExportData, PageData};
use crate::AppState;
use crate::auth::{Admin, Client};
use crate::envelope::{Envelope, ok};
use crate::extract::{Json, Path};
use axum::extract::State;
use serde::{Deserialize, Serialize};
use service::order::Stage;
use service::order::overdue::{Note, NoteInput};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(overdue_page))
        .routes(routes!(overdue_export))
        .routes(routes!(collection_list))
        .routes(routes!(collection_create))
}

stage_list!(
    overdue_page,
    overdue_export,
    Stage::Overdue,
    "/api/admin/order/overdue/page",
    "orderOverduePage",
    "/api/admin/order/overdue/export",
    "orderOverdueExport",
    "逾期管理: OVERDUE, with days past due, bucket and outstanding; filter by `bucket`, `dpdFrom`, `dpdTo`.",
    "admin:order_plan:table",
    "admin:order_plan:table"
);

/// A collection note.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CollectionNoteData {
    pub id: i64,
    pub order_id: i64,
    /// PHONE, SMS, VISIT, LETTER or OTHER.
    pub method: String,
    pub contact: String,
    pub result: String,
    #[schema(required = true)]
    pub promised_date: Option<String>,
    #[schema(required = true)]
    pub promised_fen: Option<i64>,
    pub created_at: i64,
    pub created_by_name: String,
}

impl From<Note> for CollectionNoteData {
    fn from(n: Note) -> Self {
        CollectionNoteData {
            id: n.id,
            order_id: n.order_id,
            method: n.method,
            contact: n.contact,
            result: n.result,
            promised_date: n.promised_date.map(date),
            promised_fen: n.promised_fen,
            created_at: ms(n.created_at),
            created_by_name: n.created_by_name,
        }
    }
}

/// The order's collection notes, newest first.
#[utoipa::path(get, path = "/api/admin/order/collection/list/{id}", tag = "business",
    operation_id = "collectionList", security(("token" = ["admin:order_plan:table"])),
    params(("id" = i64, Path)),
    responses((status = 200, body = Envelope<Vec<CollectionNoteData>>)))]
async fn collection_list(
    State(s): State<AppState>,
    Admin(me): Admin,
    Path(id): Path<i64>,
) -> Answer<Vec<CollectionNoteData>> {
    Ok(ok(s
        .app
        .collection_notes(&me, id)
        .await?
        .into_iter()
        .map(Into::into)
        .collect()))
}

/// A note to add.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct CollectionNoteBody {
    /// PHONE, SMS, VISIT, LETTER or OTHER.
    pub method: String,
    /// Who was reached.
    pub contact: String,
    pub result: String,
    /// A promise to pay: the day (YYYY-MM-DD) …
    pub promised_date: Option<String>,
    /// … and the amount (fen).
    pub promised_fen: Option<i64>,
}

/// 添加催收记录.
#[utoipa::path(post, path = "/api/admin/order/collection/create/{id}", tag = "business",
    operation_id = "collectionCreate", security(("token" = ["admin:order_plan:table"])),
    params(("id" = i64, Path)), request_body = CollectionNoteBody,
    responses((status = 200, body = Envelope<CollectionNoteData>)))]
async fn collection_create(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
    Json(b): Json<CollectionNoteBody>,
) -> Answer<CollectionNoteData> {
    let promised_date = match b.promised_date.as_deref().map(str::trim) {
        Some(text) if !text.is_empty() => Some(parse_date("promisedDate", text)?),
        _ => None,
    };
    Ok(ok(s
        .app
        .add_collection_note(
            &me,
            &c,
            id,
            NoteInput {
                method: b.method,
                contact: b.contact,
                result: b.result,
                promised_date,
                promised_fen: b.promised_fen,
            },
        )
        .await?
        .into()))
}
