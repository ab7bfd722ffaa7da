//! Outside providers (系统管理 › 短信/OCR接口配置): SMS and OCR provider configuration.
//! Secrets are write-only: answers say whether one is set, never what it is.

use super::common::{ExportData, IdData, PageData, SortDto, page_request};
use crate::AppState;
use crate::auth::{Admin, Client};
use crate::envelope::{Envelope, ok};
use crate::error::ApiError;
use crate::extract::{Json, Path};
use axum::extract::State;
use serde::{Deserialize, Serialize};
use service::interface::esign::SignatureConfigInput;
use service::interface::templates::{TemplateFilter, TemplateInput, TemplateRow};
use service::interface::usage::{UsageFilter, UsageRow};
use service::interface::{
    InterfaceConfig, OcrConfigInput, OcrConfigView, SmsConfigInput, SmsConfigView,
};
use std::collections::BTreeMap;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(interface_config))
        .routes(routes!(interface_sms_update))
        .routes(routes!(interface_ocr_update))
        .routes(routes!(usage_page))
        .routes(routes!(usage_export))
        .routes(routes!(template_page))
        .routes(routes!(template_export))
        .routes(routes!(template_create))
        .routes(routes!(template_update))
        .routes(routes!(template_delete))
        .routes(routes!(template_test))
        .routes(routes!(signature_config))
        .routes(routes!(signature_update))
        .routes(routes!(signature_test))
}

type Answer<T> = Result<Envelope<T>, ApiError>;

/// The SMS provider (no secret).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SmsConfigData {
    /// `outbox` (built in: messages are kept in the outbox) or `aliyun`.
    pub kind: String,
    pub endpoint: String,
    pub access_key_id: String,
    pub sign_name: String,
    /// Whether an AccessKey Secret is stored (its value is never answered).
    pub access_key_secret_set: bool,
    /// '密钥已失效，请重新填写' when the stored secret no longer decrypts.
    #[schema(required = true)]
    pub access_key_secret_error: Option<String>,
}

impl From<SmsConfigView> for SmsConfigData {
    fn from(v: SmsConfigView) -> Self {
        SmsConfigData {
            kind: v.kind,
            endpoint: v.endpoint,
            access_key_id: v.access_key_id,
            sign_name: v.sign_name,
            access_key_secret_set: v.access_key_secret_set,
            access_key_secret_error: v.access_key_secret_error,
        }
    }
}

/// The OCR provider (no secret).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OcrConfigData {
    /// `manual`: staff type the data in.
    pub kind: String,
    pub endpoint: String,
    pub app_key: String,
    pub app_secret_set: bool,
    #[schema(required = true)]
    pub app_secret_error: Option<String>,
}

impl From<OcrConfigView> for OcrConfigData {
    fn from(v: OcrConfigView) -> Self {
        OcrConfigData {
            kind: v.kind,
            endpoint: v.endpoint,
            app_key: v.app_key,
            app_secret_set: v.app_secret_set,
            app_secret_error: v.app_secret_error,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct InterfaceConfigData {
    pub sms: SmsConfigData,
    pub ocr: OcrConfigData,
}

impl From<InterfaceConfig> for InterfaceConfigData {
    fn from(c: InterfaceConfig) -> Self {
        InterfaceConfigData {
            sms: c.sms.into(),
            ocr: c.ocr.into(),
        }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct SmsConfigBody {
    /// `outbox` or `aliyun`.
    pub kind: String,
    /// https URL (http only for 127.0.0.1/localhost); default `https://dysmsapi.aliyuncs.com`.
    pub endpoint: Option<String>,
    pub access_key_id: Option<String>,
    /// Absent or empty keeps the stored secret; a value replaces it.
    pub access_key_secret: Option<String>,
    pub sign_name: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct OcrConfigBody {
    /// `manual`.
    pub kind: String,
    pub endpoint: Option<String>,
    pub app_key: Option<String>,
    /// Absent or empty keeps the stored secret; a value replaces it.
    pub app_secret: Option<String>,
}

/// The SMS and OCR provider configuration (secrets only as "set" flags).
#[utoipa::path(get, path = "/api/admin/config/interface", tag = "system",
    operation_id = "interfaceConfig", security(("token" = ["admin:config:icl_interface"])),
    responses((status = 200, body = Envelope<InterfaceConfigData>)))]
async fn interface_config(
    State(s): State<AppState>,
    Admin(me): Admin,
) -> Answer<InterfaceConfigData> {
    Ok(ok(s.app.interface_config(&me).await?.into()))
}

/// Saves the SMS provider.
#[utoipa::path(post, path = "/api/admin/config/interface/sms/update", tag = "system",
    operation_id = "interfaceSmsUpdate", security(("token" = ["admin:config:icl_interface"])),
    request_body = SmsConfigBody, responses((status = 200, body = Envelope<Option<String>>)))]
async fn interface_sms_update(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Json(body): Json<SmsConfigBody>,
) -> Answer<Option<String>> {
    s.app
        .update_sms_config(
            &me,
            &c,
            SmsConfigInput {
                kind: body.kind,
                endpoint: body.endpoint,
                access_key_id: body.access_key_id,
                access_key_secret: body.access_key_secret,
                sign_name: body.sign_name,
            },
        )
        .await?;
    Ok(ok(None))
}

/// Saves the OCR provider.
#[utoipa::path(post, path = "/api/admin/config/interface/ocr/update", tag = "system",
    operation_id = "interfaceOcrUpdate", security(("token" = ["admin:config:icl_interface"])),
    request_body = OcrConfigBody, responses((status = 200, body = Envelope<Option<String>>)))]
async fn interface_ocr_update(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Json(body): Json<OcrConfigBody>,
) -> Answer<Option<String>> {
    s.app
        .update_ocr_config(
            &me,
            &c,
            OcrConfigInput {
                kind: body.kind,
                endpoint: body.endpoint,
                app_key: body.app_key,
                app_secret: body.app_secret,
            },
        )
        .await?;
    Ok(ok(None))
}

// ---------------------------------------------------------------------------------------------
// 短信/OCR使用记录

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct UsagePageBody {
    pub page: Option<i64>,
    pub size: Option<i64>,
    pub sort: Option<SortDto>,
    /// Epoch ms, inclusive.
    pub from: Option<i64>,
    /// Epoch ms, inclusive.
    pub to: Option<i64>,
    /// `sms` or `ocr`.
    pub kind: Option<String>,
    /// `outbox`, `aliyun`, `manual`.
    pub provider: Option<String>,
    /// `success` or `failure`.
    pub outcome: Option<String>,
    /// Contained in the masked target, e.g. `5678`.
    pub target: Option<String>,
}

impl UsagePageBody {
    fn split(self) -> (service::paging::PageRequest, UsageFilter) {
        (
            page_request(self.page, self.size, self.sort),
            UsageFilter {
                from: self.from,
                to: self.to,
                kind: self.kind,
                provider: self.provider,
                outcome: self.outcome,
                target: self.target,
            },
        )
    }
}

/// One use of an outside provider.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UsageData {
    pub id: i64,
    /// `sms` or `ocr`.
    pub kind: String,
    pub provider: String,
    /// Masked, e.g. `138****5678`.
    pub target: String,
    pub template_code: String,
    /// `success` or `failure`.
    pub outcome: String,
    pub error_message: String,
    pub cost_units: i32,
    pub created_at: i64,
}

impl From<UsageRow> for UsageData {
    fn from(r: UsageRow) -> Self {
        UsageData {
            id: r.id,
            kind: r.kind,
            provider: r.provider,
            target: r.target,
            template_code: r.template_code,
            outcome: r.outcome,
            error_message: r.error_message,
            cost_units: r.cost_units,
            created_at: r.created_at.timestamp_millis(),
        }
    }
}

/// One page of the SMS/OCR usage records (newest first).
#[utoipa::path(post, path = "/api/admin/icl_interface/usage/page", tag = "system",
    operation_id = "usagePage", security(("token" = ["admin:icl_interface:table"])),
    request_body = UsagePageBody, responses((status = 200, body = Envelope<PageData<UsageData>>)))]
async fn usage_page(
    State(s): State<AppState>,
    Admin(me): Admin,
    Json(body): Json<UsagePageBody>,
) -> Answer<PageData<UsageData>> {
    let (request, filter) = body.split();
    let page = s.app.usage_page(&me, &request, &filter).await?;
    Ok(ok(PageData::from_page(page, Into::into)))
}

/// Exports the usage records matching the filters.
#[utoipa::path(post, path = "/api/admin/icl_interface/usage/export", tag = "system",
    operation_id = "usageExport", security(("token" = ["admin:icl_interface:export"])),
    request_body = UsagePageBody, responses((status = 200, body = Envelope<ExportData>)))]
async fn usage_export(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Json(body): Json<UsagePageBody>,
) -> Answer<ExportData> {
    let (request, filter) = body.split();
    Ok(ok(s
        .app
        .export_usage(&me, &c, &request, &filter)
        .await?
        .into()))
}

// ---------------------------------------------------------------------------------------------
// 短信模板配置

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct TemplatePageBody {
    pub page: Option<i64>,
    pub size: Option<i64>,
    pub sort: Option<SortDto>,
    /// Contained in the code or the name.
    pub keyword: Option<String>,
    pub enabled: Option<bool>,
}

/// An SMS template.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TemplateData {
    pub id: i64,
    pub code: String,
    pub name: String,
    /// The text with `{{placeholder}}`s.
    pub content: String,
    /// The provider's template id, e.g. `SMS_123456` (empty: not registered yet).
    pub provider_template_id: String,
    pub enabled: bool,
    pub updated_at: i64,
}

impl From<TemplateRow> for TemplateData {
    fn from(r: TemplateRow) -> Self {
        TemplateData {
            id: r.id,
            code: r.code,
            name: r.name,
            content: r.content,
            provider_template_id: r.provider_template_id,
            enabled: r.enabled,
            updated_at: r.updated_at.timestamp_millis(),
        }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct TemplateBody {
    /// `^[A-Z][A-Z0-9_]{1,63}$`, unique; ignored by update (it never changes).
    #[serde(default)]
    pub code: String,
    /// 1 to 64 characters.
    pub name: String,
    /// 1 to 500 characters; `{{name}}` placeholders (blanks inside ignored), names
    /// `^[a-zA-Z][a-zA-Z0-9_]*$`; the former `{name}` is refused.
    pub content: String,
    pub provider_template_id: Option<String>,
    pub enabled: bool,
}

impl From<TemplateBody> for TemplateInput {
    fn from(b: TemplateBody) -> Self {
        TemplateInput {
            code: b.code,
            name: b.name,
            content: b.content,
            provider_template_id: b.provider_template_id,
            enabled: b.enabled,
        }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct TemplateTestBody {
    pub mobile: String,
    /// A value for every placeholder of the template.
    #[serde(default)]
    pub params: BTreeMap<String, String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TemplateTestData {
    /// Whether the provider accepted the message.
    pub success: bool,
    /// The provider's error when it did not.
    pub message: String,
}

/// One page of the SMS templates.
#[utoipa::path(post, path = "/api/admin/config/sms/template/page", tag = "system",
    operation_id = "smsTemplatePage", security(("token" = ["admin:config:sms"])),
    request_body = TemplatePageBody, responses((status = 200, body = Envelope<PageData<TemplateData>>)))]
async fn template_page(
    State(s): State<AppState>,
    Admin(me): Admin,
    Json(body): Json<TemplatePageBody>,
) -> Answer<PageData<TemplateData>> {
    let request = page_request(body.page, body.size, body.sort);
    let filter = TemplateFilter {
        keyword: body.keyword,
        enabled: body.enabled,
    };
    let page = s.app.template_page(&me, &request, &filter).await?;
    Ok(ok(PageData::from_page(page, Into::into)))
}

/// Exports the SMS templates matching the filters.
#[utoipa::path(post, path = "/api/admin/config/sms/template/export", tag = "system",
    operation_id = "smsTemplateExport", security(("token" = ["admin:config:sms_export"])),
    request_body = TemplatePageBody, responses((status = 200, body = Envelope<ExportData>)))]
async fn template_export(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Json(body): Json<TemplatePageBody>,
) -> Answer<ExportData> {
    let request = page_request(body.page, body.size, body.sort);
    let filter = TemplateFilter {
        keyword: body.keyword,
        enabled: body.enabled,
    };
    Ok(ok(s
        .app
        .export_templates(&me, &c, &request, &filter)
        .await?
        .into()))
}

/// Creates an SMS template.
#[utoipa::path(post, path = "/api/admin/config/sms/template/create", tag = "system",
    operation_id = "smsTemplateCreate", security(("token" = ["admin:config:sms"])),
    request_body = TemplateBody, responses((status = 200, body = Envelope<IdData>)))]
async fn template_create(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Json(body): Json<TemplateBody>,
) -> Answer<IdData> {
    let id = s.app.create_template(&me, &c, body.into()).await?;
    Ok(ok(IdData { id }))
}

/// Updates an SMS template (its code never changes).
#[utoipa::path(post, path = "/api/admin/config/sms/template/update/{id}", tag = "system",
    operation_id = "smsTemplateUpdate", security(("token" = ["admin:config:sms"])),
    params(("id" = i64, Path)), request_body = TemplateBody,
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn template_update(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
    Json(body): Json<TemplateBody>,
) -> Answer<Option<String>> {
    s.app.update_template(&me, &c, id, body.into()).await?;
    Ok(ok(None))
}

/// Deletes an SMS template (not `LOGIN_CODE`).
#[utoipa::path(post, path = "/api/admin/config/sms/template/delete/{id}", tag = "system",
    operation_id = "smsTemplateDelete", security(("token" = ["admin:config:sms"])),
    params(("id" = i64, Path)), responses((status = 200, body = Envelope<Option<String>>)))]
async fn template_delete(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
) -> Answer<Option<String>> {
    s.app.delete_template(&me, &c, id).await?;
    Ok(ok(None))
}

/// Sends the template to a mobile through the configured provider (recorded in the usage list).
#[utoipa::path(post, path = "/api/admin/config/sms/template/test/{id}", tag = "system",
    operation_id = "smsTemplateTest", security(("token" = ["admin:config:sms"])),
    params(("id" = i64, Path)), request_body = TemplateTestBody,
    responses((status = 200, body = Envelope<TemplateTestData>)))]
async fn template_test(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
    Json(body): Json<TemplateTestBody>,
) -> Answer<TemplateTestData> {
    let sent = s
        .app
        .test_send_template(&me, &c, id, &body.mobile, &body.params)
        .await?;
    Ok(ok(TemplateTestData {
        success: sent.success,
        message: sent.message,
    }))
}

// ---------------------------------------------------------------------------------------------
// 电子签章接口配置

/// The e-signature provider (no private key).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignatureConfigData {
    /// `none` or `bestsign`.
    pub kind: String,
    pub endpoint: String,
    pub developer_id: String,
    /// Whether a private key is stored (its value is never answered).
    pub private_key_set: bool,
    /// '密钥已失效，请重新填写' when the stored key no longer decrypts.
    #[schema(required = true)]
    pub private_key_error: Option<String>,
    /// This Beehive's public address (https) the provider posts its notices to.
    pub callback_base: String,
    /// The platform's signing account: unified social credit code and contact mobile.
    pub platform_credit_code: String,
    pub platform_mobile: String,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct SignatureConfigBody {
    /// `none` or `bestsign`.
    pub kind: String,
    /// https URL (http only for 127.0.0.1/localhost); required for bestsign.
    pub endpoint: Option<String>,
    pub developer_id: Option<String>,
    /// Absent or empty keeps the stored key; a value replaces it.
    pub private_key: Option<String>,
    /// Required for bestsign: this Beehive's public https address for the provider's notices.
    pub callback_base: Option<String>,
    /// Required for bestsign: 18 characters.
    pub platform_credit_code: Option<String>,
    /// Required for bestsign: 11 digits.
    pub platform_mobile: Option<String>,
}

/// What a connection test found.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConnectionTestData {
    /// Reached and answered with a status below 500.
    pub ok: bool,
    #[schema(required = true)]
    pub status: Option<u16>,
    pub elapsed_ms: u64,
    pub message: String,
}

/// The e-signature provider configuration (the private key only as a "set" flag).
#[utoipa::path(get, path = "/api/admin/config/signature", tag = "system",
    operation_id = "signatureConfig", security(("token" = ["admin:config:bestsign"])),
    responses((status = 200, body = Envelope<SignatureConfigData>)))]
async fn signature_config(
    State(s): State<AppState>,
    Admin(me): Admin,
) -> Answer<SignatureConfigData> {
    let v = s.app.signature_config(&me).await?;
    Ok(ok(SignatureConfigData {
        kind: v.kind,
        endpoint: v.endpoint,
        developer_id: v.developer_id,
        private_key_set: v.private_key_set,
        private_key_error: v.private_key_error,
        callback_base: v.callback_base,
        platform_credit_code: v.platform_credit_code,
        platform_mobile: v.platform_mobile,
    }))
}

/// Saves the e-signature provider.
#[utoipa::path(post, path = "/api/admin/config/signature/update", tag = "system",
    operation_id = "signatureUpdate", security(("token" = ["admin:config:bestsign"])),
    request_body = SignatureConfigBody, responses((status = 200, body = Envelope<Option<String>>)))]
async fn signature_update(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Json(body): Json<SignatureConfigBody>,
) -> Answer<Option<String>> {
    s.app
        .update_signature_config(
            &me,
            &c,
            SignatureConfigInput {
                kind: body.kind,
                endpoint: body.endpoint,
                developer_id: body.developer_id,
                private_key: body.private_key,
                callback_base: body.callback_base,
                platform_credit_code: body.platform_credit_code,
                platform_mobile: body.platform_mobile,
            },
        )
        .await?;
    Ok(ok(None))
}

/// Tests the connection to the saved endpoint (one request, 5 s timeout).
#[utoipa::path(post, path = "/api/admin/config/signature/test", tag = "system",
    operation_id = "signatureTest", security(("token" = ["admin:config:bestsign"])),
    responses((status = 200, body = Envelope<ConnectionTestData>)))]
async fn signature_test(State(s): State<AppState>, Admin(me): Admin) -> Answer<ConnectionTestData> {
    let t = s.app.test_signature_connection(&me).await?;
    Ok(ok(ConnectionTestData {
        ok: t.ok,
        status: t.status,
        elapsed_ms: t.elapsed_ms,
        message: t.message,
    }))
}
