//! 运营管理 (operate): 合同管理 (contract templates, versioned, PDF preview), 通知模板 and
//! 通知管理 (notice batches delivered in the background); and the capital-provider users'
//! read-only view of the contract templates that apply to them.

use super::common::{ExportData, IdData, PageData, SortDto, page_request};
use crate::AppState;
use crate::auth::{Admin, Client};
use crate::envelope::{Envelope, ok};
use crate::error::ApiError;
use crate::extract::{Json, Path};
use crate::upload::encode_filename;
use axum::body::Body;
use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use service::operate::contract::{
    self, ContractTemplateModel, RenderedPdf, Saved, TemplateFilter, TemplateInput, TemplateRow,
};
use service::operate::notice::{NoticeTemplateFilter, NoticeTemplateInput, NoticeTemplateRow};
use service::operate::send::{
    BatchFilter, BatchProgress, CustomerFilter, CustomerPick, RecipientFilter, SendInput, Target,
};
use std::collections::BTreeMap;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(contract_catalogue))
        .routes(routes!(contract_page))
        .routes(routes!(contract_export))
        .routes(routes!(contract_view))
        .routes(routes!(contract_versions))
        .routes(routes!(contract_create))
        .routes(routes!(contract_update))
        .routes(routes!(contract_activate))
        .routes(routes!(contract_retire))
        .routes(routes!(contract_preview))
        .routes(routes!(notice_template_page))
        .routes(routes!(notice_template_export))
        .routes(routes!(notice_template_options))
        .routes(routes!(notice_sms_options))
        .routes(routes!(notice_template_create))
        .routes(routes!(notice_template_update))
        .routes(routes!(notice_template_delete))
        .routes(routes!(notice_customer_page))
        .routes(routes!(notice_send))
        .routes(routes!(notice_batch_page))
        .routes(routes!(notice_batch_export))
        .routes(routes!(notice_batch_view))
        .routes(routes!(notice_batch_retry))
        .routes(routes!(notice_recipient_page))
}

type Answer<T> = Result<Envelope<T>, ApiError>;

pub(super) fn pdf_response(pdf: RenderedPdf) -> Response {
    let length = pdf.bytes.len();
    let mut response = Body::from(pdf.bytes).into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/pdf"),
    );
    if let Ok(value) = HeaderValue::from_str(&format!(
        "inline; filename*=UTF-8''{}",
        encode_filename(&pdf.file_name)
    )) {
        headers.insert(header::CONTENT_DISPOSITION, value);
    }
    headers.insert(header::CONTENT_LENGTH, HeaderValue::from(length));
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("private, no-store"),
    );
    response
}

// ---------------------------------------------------------------- contract templates

/// A variable of the contract catalogue.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VariableData {
    /// Written `{{name}}` in a body.
    pub name: String,
    pub label: String,
    /// What the preview shows (empty: computed, e.g. today's date).
    pub sample: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OptionData {
    pub value: String,
    pub label: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProviderOptionData {
    pub id: i64,
    pub name: String,
}

/// What the contract editor offers: document kinds, variables, capital providers.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContractCatalogueData {
    pub doc_kinds: Vec<OptionData>,
    pub variables: Vec<VariableData>,
    pub providers: Vec<ProviderOptionData>,
}

/// A contract template version.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContractTemplateData {
    pub id: i64,
    pub code: String,
    pub name: String,
    /// LOAN_CONTRACT, SERVICE_AGREEMENT, OWNER_DECLARATION, POWER_OF_ATTORNEY, WITHHOLDING_AUTH.
    pub doc_kind: String,
    #[schema(required = true)]
    pub capital_provider_id: Option<i64>,
    #[schema(required = true)]
    pub capital_provider_name: Option<String>,
    pub template_version: i32,
    /// DRAFT, ACTIVE or RETIRED.
    pub status: String,
    /// The version of this code that is ACTIVE now (list rows only).
    #[schema(required = true)]
    pub active_version: Option<i32>,
    /// The variables the body uses.
    pub variables: Vec<String>,
    pub remark: String,
    #[schema(required = true)]
    pub activated_at: Option<i64>,
    #[schema(required = true)]
    pub retired_at: Option<i64>,
    pub updated_at: i64,
    pub created_at: i64,
}

impl ContractTemplateData {
    pub(super) fn of(
        t: &ContractTemplateModel,
        provider: Option<String>,
        active: Option<i32>,
    ) -> Self {
        ContractTemplateData {
            id: t.id,
            code: t.code.clone(),
            name: t.name.clone(),
            doc_kind: t.doc_kind.clone(),
            capital_provider_id: t.capital_provider_id,
            capital_provider_name: provider,
            template_version: t.template_version,
            status: t.status.clone(),
            active_version: active,
            variables: serde_json::from_str(&t.variables).unwrap_or_default(),
            remark: t.remark.clone(),
            activated_at: t.activated_at.map(|t| t.timestamp_millis()),
            retired_at: t.retired_at.map(|t| t.timestamp_millis()),
            updated_at: t.updated_at.timestamp_millis(),
            created_at: t.created_at.timestamp_millis(),
        }
    }
}

impl From<TemplateRow> for ContractTemplateData {
    fn from(r: TemplateRow) -> Self {
        ContractTemplateData::of(&r.template, r.capital_provider_name, r.active_version)
    }
}

/// A version with its body (the editor).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContractTemplateDetailData {
    #[serde(flatten)]
    pub template: ContractTemplateData,
    pub body: String,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct ContractPageBody {
    pub page: Option<i64>,
    pub size: Option<i64>,
    pub sort: Option<SortDto>,
    /// Contained in the code or the name.
    pub keyword: Option<String>,
    pub doc_kind: Option<String>,
    /// Of the latest version: DRAFT, ACTIVE or RETIRED.
    pub status: Option<String>,
    pub capital_provider_id: Option<i64>,
}

impl ContractPageBody {
    fn split(self) -> (service::paging::PageRequest, TemplateFilter) {
        (
            page_request(self.page, self.size, self.sort),
            TemplateFilter {
                keyword: self.keyword,
                doc_kind: self.doc_kind,
                status: self.status,
                capital_provider_id: self.capital_provider_id,
            },
        )
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct ContractBody {
    /// `^[A-Z][A-Z0-9_]{1,63}$`, unique; ignored by update (it never changes).
    #[serde(default)]
    pub code: String,
    pub name: String,
    pub doc_kind: String,
    /// Tie the template to one capital provider (absent: applies to all).
    pub capital_provider_id: Option<i64>,
    /// Text with `{{variable}}`s from the catalogue.
    pub body: String,
    pub remark: Option<String>,
}

impl From<ContractBody> for TemplateInput {
    fn from(b: ContractBody) -> Self {
        TemplateInput {
            code: b.code,
            name: b.name,
            doc_kind: b.doc_kind,
            capital_provider_id: b.capital_provider_id,
            body: b.body,
            remark: b.remark,
        }
    }
}

/// Which version a save wrote.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SavedData {
    pub id: i64,
    pub template_version: i32,
    /// A new DRAFT version was made (an ACTIVE or RETIRED version is never changed).
    pub new_version: bool,
}

impl From<Saved> for SavedData {
    fn from(s: Saved) -> Self {
        SavedData {
            id: s.id,
            template_version: s.template_version,
            new_version: s.new_version,
        }
    }
}

/// Document kinds, the variable catalogue and the capital providers, for the editor.
#[utoipa::path(get, path = "/api/admin/contract/template/catalogue", tag = "operate",
    operation_id = "contractTemplateCatalogue", security(("token" = ["admin:template_contract:table"])),
    responses((status = 200, body = Envelope<ContractCatalogueData>)))]
async fn contract_catalogue(
    State(s): State<AppState>,
    Admin(me): Admin,
) -> Answer<ContractCatalogueData> {
    let providers = s.app.contract_provider_options(&me).await?;
    Ok(ok(ContractCatalogueData {
        doc_kinds: contract::DOC_KINDS
            .iter()
            .map(|(value, label)| OptionData {
                value: (*value).to_owned(),
                label: (*label).to_owned(),
            })
            .collect(),
        variables: contract::VARIABLES
            .iter()
            .map(|v| VariableData {
                name: v.name.to_owned(),
                label: v.label.to_owned(),
                sample: v.sample.to_owned(),
            })
            .collect(),
        providers: providers
            .into_iter()
            .map(|(id, name)| ProviderOptionData { id, name })
            .collect(),
    }))
}

/// Contract templates: one row per code, its latest version.
#[utoipa::path(post, path = "/api/admin/contract/template/page", tag = "operate",
    operation_id = "contractTemplatePage", security(("token" = ["admin:template_contract:table"])),
    request_body = ContractPageBody,
    responses((status = 200, body = Envelope<PageData<ContractTemplateData>>)))]
async fn contract_page(
    State(s): State<AppState>,
    Admin(me): Admin,
    Json(body): Json<ContractPageBody>,
) -> Answer<PageData<ContractTemplateData>> {
    let (request, filter) = body.split();
    let page = s.app.contract_template_page(&me, &request, &filter).await?;
    Ok(ok(PageData::from_page(page, Into::into)))
}

/// Exports the contract template list.
#[utoipa::path(post, path = "/api/admin/contract/template/export", tag = "operate",
    operation_id = "contractTemplateExport", security(("token" = ["admin:template_contract:export"])),
    request_body = ContractPageBody, responses((status = 200, body = Envelope<ExportData>)))]
async fn contract_export(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Json(body): Json<ContractPageBody>,
) -> Answer<ExportData> {
    let (request, filter) = body.split();
    Ok(ok(s
        .app
        .export_contract_templates(&me, &c, &request, &filter)
        .await?
        .into()))
}

/// One version with its body.
#[utoipa::path(get, path = "/api/admin/contract/template/view/{id}", tag = "operate",
    operation_id = "contractTemplateView", security(("token" = ["admin:template_contract:table"])),
    params(("id" = i64, Path)),
    responses((status = 200, body = Envelope<ContractTemplateDetailData>)))]
async fn contract_view(
    State(s): State<AppState>,
    Admin(me): Admin,
    Path(id): Path<i64>,
) -> Answer<ContractTemplateDetailData> {
    let (row, provider) = s.app.contract_template_view(&me, id).await?;
    Ok(ok(ContractTemplateDetailData {
        template: ContractTemplateData::of(&row, provider, None),
        body: row.body,
    }))
}

/// Every version of the template (newest first): the version history.
#[utoipa::path(get, path = "/api/admin/contract/template/versions/{id}", tag = "operate",
    operation_id = "contractTemplateVersions", security(("token" = ["admin:template_contract:table"])),
    params(("id" = i64, Path)),
    responses((status = 200, body = Envelope<Vec<ContractTemplateData>>)))]
async fn contract_versions(
    State(s): State<AppState>,
    Admin(me): Admin,
    Path(id): Path<i64>,
) -> Answer<Vec<ContractTemplateData>> {
    let rows = s.app.contract_template_versions(&me, id).await?;
    Ok(ok(rows
        .iter()
        .map(|r| ContractTemplateData::of(r, None, None))
        .collect()))
}

/// Creates a template (version 1, DRAFT). An unknown variable answers 400 naming it.
#[utoipa::path(post, path = "/api/admin/contract/template/create", tag = "operate",
    operation_id = "contractTemplateCreate", security(("token" = ["admin:template_contract:create"])),
    request_body = ContractBody, responses((status = 200, body = Envelope<SavedData>)))]
async fn contract_create(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Json(body): Json<ContractBody>,
) -> Answer<SavedData> {
    Ok(ok(s
        .app
        .create_contract_template(&me, &c, body.into())
        .await?
        .into()))
}

/// Saves a version: a DRAFT in place; an ACTIVE or RETIRED one into a new DRAFT version.
#[utoipa::path(post, path = "/api/admin/contract/template/update/{id}", tag = "operate",
    operation_id = "contractTemplateUpdate", security(("token" = ["admin:template_contract:update"])),
    params(("id" = i64, Path)), request_body = ContractBody,
    responses((status = 200, body = Envelope<SavedData>)))]
async fn contract_update(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
    Json(body): Json<ContractBody>,
) -> Answer<SavedData> {
    Ok(ok(s
        .app
        .update_contract_template(&me, &c, id, body.into())
        .await?
        .into()))
}

/// Activates a version; the code's previously active version is retired.
#[utoipa::path(post, path = "/api/admin/contract/template/activate/{id}", tag = "operate",
    operation_id = "contractTemplateActivate", security(("token" = ["admin:template_contract:activate"])),
    params(("id" = i64, Path)), responses((status = 200, body = Envelope<Option<String>>)))]
async fn contract_activate(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
) -> Answer<Option<String>> {
    s.app.activate_contract_template(&me, &c, id).await?;
    Ok(ok(None))
}

/// Retires the ACTIVE version (the code then has none active).
#[utoipa::path(post, path = "/api/admin/contract/template/retire/{id}", tag = "operate",
    operation_id = "contractTemplateRetire", security(("token" = ["admin:template_contract:activate"])),
    params(("id" = i64, Path)), responses((status = 200, body = Envelope<Option<String>>)))]
async fn contract_retire(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
) -> Answer<Option<String>> {
    s.app.retire_contract_template(&me, &c, id).await?;
    Ok(ok(None))
}

/// The version rendered with sample values, as a PDF (inline).
#[utoipa::path(get, path = "/api/admin/contract/template/preview/{id}", tag = "operate",
    operation_id = "contractTemplatePreview", security(("token" = ["admin:template_contract:table"])),
    params(("id" = i64, Path)),
    responses((status = 200, description = "The PDF", content_type = "application/pdf")))]
async fn contract_preview(
    State(s): State<AppState>,
    Admin(me): Admin,
    Path(id): Path<i64>,
) -> Result<Response, ApiError> {
    Ok(pdf_response(
        s.app.preview_contract_template(&me, id).await?,
    ))
}

// ---------------------------------------------------------------- notice templates

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NoticeTemplateData {
    pub id: i64,
    pub code: String,
    pub name: String,
    /// SMS or IN_APP.
    pub channel: String,
    pub content: String,
    #[schema(required = true)]
    pub sms_template_id: Option<i64>,
    #[schema(required = true)]
    pub sms_template_code: Option<String>,
    #[schema(required = true)]
    pub sms_template_name: Option<String>,
    /// The values a sender types in (placeholders that are not customer variables).
    pub params: Vec<String>,
    pub enabled: bool,
    /// Whether a notice batch was sent with it: then it cannot be deleted (409), only disabled.
    pub sent: bool,
    pub updated_at: i64,
}

impl From<NoticeTemplateRow> for NoticeTemplateData {
    fn from(r: NoticeTemplateRow) -> Self {
        NoticeTemplateData {
            id: r.template.id,
            code: r.template.code,
            name: r.template.name,
            channel: r.template.channel,
            content: r.template.content,
            sms_template_id: r.template.sms_template_id,
            sms_template_code: r.sms_template_code,
            sms_template_name: r.sms_template_name,
            params: r.params,
            enabled: r.template.enabled,
            sent: r.sent,
            updated_at: r.template.updated_at.timestamp_millis(),
        }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct NoticeTemplatePageBody {
    pub page: Option<i64>,
    pub size: Option<i64>,
    pub sort: Option<SortDto>,
    pub keyword: Option<String>,
    pub channel: Option<String>,
    pub enabled: Option<bool>,
}

impl NoticeTemplatePageBody {
    fn split(self) -> (service::paging::PageRequest, NoticeTemplateFilter) {
        (
            page_request(self.page, self.size, self.sort),
            NoticeTemplateFilter {
                keyword: self.keyword,
                channel: self.channel,
                enabled: self.enabled,
            },
        )
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct NoticeTemplateBody {
    /// `^[A-Z][A-Z0-9_]{1,63}$`, unique; ignored by update.
    #[serde(default)]
    pub code: String,
    pub name: String,
    /// SMS or IN_APP.
    pub channel: String,
    /// Up to 1000 characters with `{{customer.name}}`, `{{customer.customerNo}}` and `{{value}}`s.
    pub content: String,
    /// Required for SMS: the SMS template the provider sends.
    pub sms_template_id: Option<i64>,
    pub enabled: bool,
}

impl From<NoticeTemplateBody> for NoticeTemplateInput {
    fn from(b: NoticeTemplateBody) -> Self {
        NoticeTemplateInput {
            code: b.code,
            name: b.name,
            channel: b.channel,
            content: b.content,
            sms_template_id: b.sms_template_id,
            enabled: b.enabled,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SmsOptionData {
    pub id: i64,
    pub code: String,
    pub name: String,
    pub content: String,
    pub enabled: bool,
}

#[utoipa::path(post, path = "/api/admin/notice/template/page", tag = "operate",
    operation_id = "noticeTemplatePage", security(("token" = ["admin:notice_template:table"])),
    request_body = NoticeTemplatePageBody,
    responses((status = 200, body = Envelope<PageData<NoticeTemplateData>>)))]
async fn notice_template_page(
    State(s): State<AppState>,
    Admin(me): Admin,
    Json(body): Json<NoticeTemplatePageBody>,
) -> Answer<PageData<NoticeTemplateData>> {
    let (request, filter) = body.split();
    let page = s.app.notice_template_page(&me, &request, &filter).await?;
    Ok(ok(PageData::from_page(page, Into::into)))
}

#[utoipa::path(post, path = "/api/admin/notice/template/export", tag = "operate",
    operation_id = "noticeTemplateExport", security(("token" = ["admin:notice_template:export"])),
    request_body = NoticeTemplatePageBody, responses((status = 200, body = Envelope<ExportData>)))]
async fn notice_template_export(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Json(body): Json<NoticeTemplatePageBody>,
) -> Answer<ExportData> {
    let (request, filter) = body.split();
    Ok(ok(s
        .app
        .export_notice_templates(&me, &c, &request, &filter)
        .await?
        .into()))
}

/// The enabled notice templates (the send dialog's select).
#[utoipa::path(get, path = "/api/admin/notice/template/options", tag = "operate",
    operation_id = "noticeTemplateOptions", security(("token" = ["admin:notice_send:table"])),
    responses((status = 200, body = Envelope<Vec<NoticeTemplateData>>)))]
async fn notice_template_options(
    State(s): State<AppState>,
    Admin(me): Admin,
) -> Answer<Vec<NoticeTemplateData>> {
    let rows = s.app.notice_template_options(&me).await?;
    Ok(ok(rows.into_iter().map(Into::into).collect()))
}

/// The SMS templates a notice can be linked to.
#[utoipa::path(get, path = "/api/admin/notice/template/sms-options", tag = "operate",
    operation_id = "noticeSmsOptions", security(("token" = ["admin:notice_template:table"])),
    responses((status = 200, body = Envelope<Vec<SmsOptionData>>)))]
async fn notice_sms_options(
    State(s): State<AppState>,
    Admin(me): Admin,
) -> Answer<Vec<SmsOptionData>> {
    let rows = s.app.notice_sms_options(&me).await?;
    Ok(ok(rows
        .into_iter()
        .map(|t| SmsOptionData {
            id: t.id,
            code: t.code,
            name: t.name,
            content: t.content,
            enabled: t.enabled,
        })
        .collect()))
}

#[utoipa::path(post, path = "/api/admin/notice/template/create", tag = "operate",
    operation_id = "noticeTemplateCreate", security(("token" = ["admin:notice_template:create"])),
    request_body = NoticeTemplateBody, responses((status = 200, body = Envelope<IdData>)))]
async fn notice_template_create(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Json(body): Json<NoticeTemplateBody>,
) -> Answer<IdData> {
    let id = s.app.create_notice_template(&me, &c, body.into()).await?;
    Ok(ok(IdData { id }))
}

#[utoipa::path(post, path = "/api/admin/notice/template/update/{id}", tag = "operate",
    operation_id = "noticeTemplateUpdate", security(("token" = ["admin:notice_template:update"])),
    params(("id" = i64, Path)), request_body = NoticeTemplateBody,
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn notice_template_update(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
    Json(body): Json<NoticeTemplateBody>,
) -> Answer<Option<String>> {
    s.app
        .update_notice_template(&me, &c, id, body.into())
        .await?;
    Ok(ok(None))
}

/// Deletes a template never sent (409 otherwise: disable it instead).
#[utoipa::path(post, path = "/api/admin/notice/template/delete/{id}", tag = "operate",
    operation_id = "noticeTemplateDelete", security(("token" = ["admin:notice_template:delete"])),
    params(("id" = i64, Path)), responses((status = 200, body = Envelope<Option<String>>)))]
async fn notice_template_delete(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
) -> Answer<Option<String>> {
    s.app.delete_notice_template(&me, &c, id).await?;
    Ok(ok(None))
}

// ---------------------------------------------------------------- notice sending

#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct CustomerFilterDto {
    /// INDIVIDUAL or ENTERPRISE.
    pub kind: Option<String>,
    /// ENABLED or DISABLED.
    pub status: Option<String>,
    /// Contained in the name.
    pub name: Option<String>,
    /// Created from (epoch ms, inclusive).
    pub created_from: Option<i64>,
    /// Created to (epoch ms, inclusive).
    pub created_to: Option<i64>,
}

impl From<CustomerFilterDto> for CustomerFilter {
    fn from(f: CustomerFilterDto) -> Self {
        CustomerFilter {
            kind: f.kind,
            status: f.status,
            name: f.name,
            created_from: f.created_from,
            created_to: f.created_to,
        }
    }
}

/// The recipient picker's customer list: paging and the filter of [`CustomerFilterDto`].
/// (Spelled out rather than flattened so that unknown fields are refused.)
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct NoticeCustomerPageBody {
    pub page: Option<i64>,
    pub size: Option<i64>,
    pub sort: Option<SortDto>,
    /// INDIVIDUAL or ENTERPRISE.
    pub kind: Option<String>,
    /// ENABLED or DISABLED.
    pub status: Option<String>,
    /// Contained in the name.
    pub name: Option<String>,
    /// Created from (epoch ms, inclusive).
    pub created_from: Option<i64>,
    /// Created to (epoch ms, inclusive).
    pub created_to: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomerPickData {
    pub id: i64,
    pub customer_no: String,
    pub name: String,
    pub kind: String,
    pub status: String,
    pub mobile_mask: String,
    pub created_at: i64,
}

impl From<CustomerPick> for CustomerPickData {
    fn from(c: CustomerPick) -> Self {
        CustomerPickData {
            id: c.id,
            customer_no: c.customer_no,
            name: c.name,
            kind: c.kind,
            status: c.status,
            mobile_mask: c.mobile_mask,
            created_at: c.created_at.timestamp_millis(),
        }
    }
}

/// Customers to pick recipients from; `total` is how many a filter reaches.
#[utoipa::path(post, path = "/api/admin/notice/customer/page", tag = "operate",
    operation_id = "noticeCustomerPage", security(("token" = ["admin:notice_send:table"])),
    request_body = NoticeCustomerPageBody,
    responses((status = 200, body = Envelope<PageData<CustomerPickData>>)))]
async fn notice_customer_page(
    State(s): State<AppState>,
    Admin(me): Admin,
    Json(body): Json<NoticeCustomerPageBody>,
) -> Answer<PageData<CustomerPickData>> {
    let request = page_request(body.page, body.size, body.sort);
    let filter = CustomerFilter {
        kind: body.kind,
        status: body.status,
        name: body.name,
        created_from: body.created_from,
        created_to: body.created_to,
    };
    let page = s.app.notice_customer_page(&me, &request, &filter).await?;
    Ok(ok(PageData::from_page(page, Into::into)))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct SendBody {
    pub template_id: i64,
    /// Values of the template's own placeholders (`{{dueDate}}` → `"dueDate": "..."`).
    #[serde(default)]
    pub params: BTreeMap<String, String>,
    /// CUSTOMERS (the `customerIds`) or FILTER (everyone `filter` matches now).
    pub mode: String,
    #[serde(default)]
    pub customer_ids: Vec<i64>,
    pub filter: Option<CustomerFilterDto>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BatchData {
    pub id: i64,
    pub template_id: i64,
    pub template_code: String,
    pub template_name: String,
    pub channel: String,
    pub content: String,
    pub params: BTreeMap<String, String>,
    /// RUNNING or FINISHED.
    pub status: String,
    pub total: i64,
    pub sent: i64,
    pub failed: i64,
    /// Still to deliver (view only; list rows: total - sent - failed).
    pub pending: i64,
    /// Done (sent or failed) out of total, 0..=100.
    pub percent: i64,
    pub created_at: i64,
    #[schema(required = true)]
    pub finished_at: Option<i64>,
}

impl From<BatchProgress> for BatchData {
    fn from(p: BatchProgress) -> Self {
        let b = p.batch;
        BatchData {
            id: b.id,
            template_id: b.notice_template_id,
            template_code: b.template_code,
            template_name: b.template_name,
            channel: b.channel,
            content: b.content,
            params: serde_json::from_str(&b.params).unwrap_or_default(),
            status: b.status,
            total: i64::from(b.total),
            sent: p.sent,
            failed: p.failed,
            pending: p.pending,
            percent: p.percent,
            created_at: b.created_at.timestamp_millis(),
            finished_at: b.finished_at.map(|t| t.timestamp_millis()),
        }
    }
}

fn batch_row(b: service::operate::send::BatchModel) -> BatchData {
    let sent = i64::from(b.sent);
    let failed = i64::from(b.failed);
    let total = i64::from(b.total);
    BatchProgress {
        pending: (total - sent - failed).max(0),
        sent,
        failed,
        percent: if total > 0 {
            ((sent + failed) * 100 / total).clamp(0, 100)
        } else {
            0
        },
        batch: b,
    }
    .into()
}

/// Sends a notice: creates the batch and its queued recipients and answers at once; delivery
/// runs in the background. With an `Idempotency-Key`, a resent request creates no second batch.
#[utoipa::path(post, path = "/api/admin/notice/batch/create", tag = "operate",
    operation_id = "noticeSend", security(("token" = ["admin:notice_send:create"])),
    params(crate::idempotency::IdempotencyKey),
    request_body = SendBody, responses((status = 200, body = Envelope<BatchData>)))]
async fn notice_send(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Json(body): Json<SendBody>,
) -> Answer<BatchData> {
    let target = match body.mode.as_str() {
        "CUSTOMERS" => Target::Customers(body.customer_ids),
        "FILTER" => Target::Filter(body.filter.unwrap_or_default().into()),
        _ => {
            return Err(ApiError::invalid(
                "mode",
                "发送对象 mode 只能是 CUSTOMERS 或 FILTER",
            ));
        }
    };
    let batch = s
        .app
        .send_notice(
            &me,
            &c,
            SendInput {
                template_id: body.template_id,
                params: body.params,
                target,
            },
        )
        .await?;
    Ok(ok(batch_row(batch)))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct BatchPageBody {
    pub page: Option<i64>,
    pub size: Option<i64>,
    pub sort: Option<SortDto>,
    /// Contained in the template code or name.
    pub keyword: Option<String>,
    pub channel: Option<String>,
    /// RUNNING or FINISHED.
    pub status: Option<String>,
    pub from: Option<i64>,
    pub to: Option<i64>,
}

impl BatchPageBody {
    fn split(self) -> (service::paging::PageRequest, BatchFilter) {
        (
            page_request(self.page, self.size, self.sort),
            BatchFilter {
                keyword: self.keyword,
                channel: self.channel,
                status: self.status,
                from: self.from,
                to: self.to,
            },
        )
    }
}

#[utoipa::path(post, path = "/api/admin/notice/batch/page", tag = "operate",
    operation_id = "noticeBatchPage", security(("token" = ["admin:notice_send:table"])),
    request_body = BatchPageBody,
    responses((status = 200, body = Envelope<PageData<BatchData>>)))]
async fn notice_batch_page(
    State(s): State<AppState>,
    Admin(me): Admin,
    Json(body): Json<BatchPageBody>,
) -> Answer<PageData<BatchData>> {
    let (request, filter) = body.split();
    let page = s.app.notice_batch_page(&me, &request, &filter).await?;
    Ok(ok(PageData::from_page(page, batch_row)))
}

#[utoipa::path(post, path = "/api/admin/notice/batch/export", tag = "operate",
    operation_id = "noticeBatchExport", security(("token" = ["admin:notice_send:export"])),
    request_body = BatchPageBody, responses((status = 200, body = Envelope<ExportData>)))]
async fn notice_batch_export(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Json(body): Json<BatchPageBody>,
) -> Answer<ExportData> {
    let (request, filter) = body.split();
    Ok(ok(s
        .app
        .export_notice_batches(&me, &c, &request, &filter)
        .await?
        .into()))
}

/// A batch's progress (the page polls this while it runs).
#[utoipa::path(get, path = "/api/admin/notice/batch/view/{id}", tag = "operate",
    operation_id = "noticeBatchView", security(("token" = ["admin:notice_send:table"])),
    params(("id" = i64, Path)), responses((status = 200, body = Envelope<BatchData>)))]
async fn notice_batch_view(
    State(s): State<AppState>,
    Admin(me): Admin,
    Path(id): Path<i64>,
) -> Answer<BatchData> {
    Ok(ok(s.app.notice_batch_view(&me, id).await?.into()))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RetryData {
    /// How many failed recipients were queued again.
    pub requeued: u64,
}

/// Queues the batch's FAILED recipients again (409 when none failed).
#[utoipa::path(post, path = "/api/admin/notice/batch/retry/{id}", tag = "operate",
    operation_id = "noticeBatchRetry", security(("token" = ["admin:notice_send:retry"])),
    params(("id" = i64, Path)), responses((status = 200, body = Envelope<RetryData>)))]
async fn notice_batch_retry(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
) -> Answer<RetryData> {
    let requeued = s.app.retry_notice_batch(&me, &c, id).await?;
    Ok(ok(RetryData { requeued }))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct RecipientPageBody {
    pub page: Option<i64>,
    pub size: Option<i64>,
    pub sort: Option<SortDto>,
    /// QUEUED, SENDING, SENT or FAILED.
    pub status: Option<String>,
    /// Contained in the customer's name.
    pub name: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecipientData {
    pub id: i64,
    pub customer_id: i64,
    pub customer_name: String,
    pub mobile_mask: String,
    /// QUEUED, SENDING, SENT or FAILED.
    pub status: String,
    pub attempts: i32,
    /// Why it failed.
    pub reason: String,
    #[schema(required = true)]
    pub sent_at: Option<i64>,
    pub updated_at: i64,
}

/// The recipients of a batch and how each delivery went.
#[utoipa::path(post, path = "/api/admin/notice/batch/recipients/{id}", tag = "operate",
    operation_id = "noticeRecipientPage", security(("token" = ["admin:notice_send:table"])),
    params(("id" = i64, Path)), request_body = RecipientPageBody,
    responses((status = 200, body = Envelope<PageData<RecipientData>>)))]
async fn notice_recipient_page(
    State(s): State<AppState>,
    Admin(me): Admin,
    Path(id): Path<i64>,
    Json(body): Json<RecipientPageBody>,
) -> Answer<PageData<RecipientData>> {
    let request = page_request(body.page, body.size, body.sort);
    let filter = RecipientFilter {
        status: body.status,
        name: body.name,
    };
    let page = s
        .app
        .notice_recipient_page(&me, id, &request, &filter)
        .await?;
    Ok(ok(PageData::from_page(page, |r| RecipientData {
        id: r.id,
        customer_id: r.customer_id,
        customer_name: r.customer_name,
        mobile_mask: r.mobile_mask,
        status: r.status,
        attempts: r.attempts,
        reason: r.reason,
        sent_at: r.sent_at.map(|t| t.timestamp_millis()),
        updated_at: r.updated_at.timestamp_millis(),
    })))
}
