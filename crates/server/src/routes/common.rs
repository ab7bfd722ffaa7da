//! What every list shares: the paging part of a request, a page of records, an export's
//! answer; and the download of an exported file.

use crate::AppState;
use crate::auth::Signed;
use crate::envelope::{Envelope, ok};
use crate::error::ApiError;
use crate::upload::encode_filename;
use axum::body::Body;
use axum::extract::{Query, State, rejection::QueryRejection};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use service::export::Exported;
use service::paging::{Page, PageRequest, SortRequest};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(download))
        .routes(routes!(business_today))
}

/// `{ "field": "createdAt", "order": "desc" }`; the field must be one the list allows.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct SortDto {
    pub field: String,
    /// `asc` (default) or `desc`.
    pub order: Option<String>,
}

/// The paging part of a list request.
pub fn page_request(page: Option<i64>, size: Option<i64>, sort: Option<SortDto>) -> PageRequest {
    PageRequest {
        page,
        size,
        sort: sort.map(|s| SortRequest {
            field: s.field,
            order: s.order,
        }),
    }
}

/// One page of a list.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PageData<T> {
    pub records: Vec<T>,
    /// Rows matching the filters, all pages together.
    pub total: u64,
    pub page: u64,
    pub size: u64,
}

impl<T> PageData<T> {
    pub fn from_page<S>(page: Page<S>, f: impl FnMut(S) -> T) -> Self {
        PageData {
            records: page.records.into_iter().map(f).collect(),
            total: page.total,
            page: page.page,
            size: page.size,
        }
    }
}

/// What an export answers: download the file with `GET /api/file/download`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExportData {
    pub object_name: String,
    /// Data rows written (the header line not counted).
    pub rows: u64,
}

impl From<Exported> for ExportData {
    fn from(e: Exported) -> Self {
        ExportData {
            object_name: e.object_name,
            rows: e.rows,
        }
    }
}

/// `{ id }` of a created record.
#[derive(Debug, Serialize, ToSchema)]
pub struct IdData {
    pub id: i64,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct DownloadQuery {
    /// The `objectName` an export answered.
    pub object_name: String,
    /// Remove the file once it has been read.
    pub delete: Option<bool>,
}

/// Downloads one of the caller's own exported files (administrator or capital-provider user).
/// Another user's file, a name that escapes the caller's folder or a missing file answer 404.
#[utoipa::path(get, path = "/api/file/download", tag = "common", operation_id = "fileDownload",
    security(("token" = [])), params(DownloadQuery),
    responses(
        (status = 200, description = "The file (xlsx)",
         content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")))]
async fn download(
    State(s): State<AppState>,
    Signed(me): Signed,
    query: Result<Query<DownloadQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let Query(query) =
        query.map_err(|_| ApiError::invalid("objectName", "缺少文件名 objectName"))?;
    let delete = query.delete.unwrap_or(false);
    let file = s.app.download(&me, &query.object_name, delete).await?;
    let disposition = format!(
        "attachment; filename*=UTF-8''{}",
        encode_filename(&file.file_name)
    );
    let mut response = Body::from_stream(file.body).into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(file.content_type),
    );
    if let Ok(value) = HeaderValue::from_str(&disposition) {
        headers.insert(header::CONTENT_DISPOSITION, value);
    }
    // With a length, the server stops reading the body at its last byte, and the removal that
    // follows the content (see `Beehive::download`) would never run.
    if !delete {
        headers.insert(header::CONTENT_LENGTH, HeaderValue::from(file.size));
    }
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(response)
}

/// A new sign-in account (administrator or capital-provider user).
#[derive(Debug, Serialize, ToSchema)]
pub struct UserCreatedData {
    pub id: i64,
    /// The generated password, shown once; `null` when the caller chose one.
    #[schema(required = true)]
    pub password: Option<String>,
}

/// A password reset: the caller's choice, or none for a generated one.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ResetPasswordBody {
    /// MD5 hex of the new password; absent → generated and answered once.
    pub password: Option<String>,
}

/// The outcome of a password reset.
#[derive(Debug, Serialize, ToSchema)]
pub struct PasswordData {
    /// The generated password, shown once; `null` when the caller chose one.
    #[schema(required = true)]
    pub password: Option<String>,
}

/// Today's business date, for any signed-in user.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BusinessTodayData {
    /// Today in the business time zone (系统设置), `YYYY-MM-DD`: the last day a receipt or a
    /// payment may be dated.
    pub business_date: String,
    /// The business time zone (IANA).
    pub time_zone: String,
}

/// Today's business date and time zone, for the workspace's date pickers (an administrator or
/// a capital-provider user; no permission beyond being signed in).
#[utoipa::path(get, path = "/api/common/business-date", tag = "common",
    operation_id = "businessToday", security(("token" = [])),
    responses((status = 200, body = Envelope<BusinessTodayData>)))]
async fn business_today(
    State(s): State<AppState>,
    Signed(me): Signed,
) -> Result<Envelope<BusinessTodayData>, ApiError> {
    let (date, zone) = s.app.business_today(&me).await?;
    Ok(ok(BusinessTodayData {
        business_date: date.to_string(),
        time_zone: zone,
    }))
}
