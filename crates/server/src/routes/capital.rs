//! 资金管理, the capital provider's own workspace under `/api/capital/...`: account information,
//! the e-signature account and the contract templates that apply to it. Every call is scoped to
//! the signed-in user's provider (the service reads through its `ProviderScope`); an id of
//! another provider's record answers 404.

use super::operate::{ContractTemplateData, pdf_response};
use super::partners::{EsignData, ProviderAccountData, ProviderData};
use crate::AppState;
use crate::auth::{Capital, Client};
use crate::envelope::{Envelope, ok};
use crate::error::ApiError;
use crate::extract::{Json, Path};
use crate::upload::{Multipart, file_response, upload_body_limit};
use axum::extract::State;
use axum::response::Response;
use serde::{Deserialize, Serialize};
use service::capital::{AccountInfo, ContactInput, EsignInput};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(capital_account_info))
        .routes(routes!(capital_bank_account))
        .routes(routes!(capital_contact))
        .routes(routes!(capital_esign))
        .routes(routes!(capital_esign_save))
        .routes(routes!(capital_esign_submit))
        .routes(routes!(capital_seal))
        .routes(routes!(capital_contract_list))
        .routes(routes!(capital_contract_preview))
        .merge(
            OpenApiRouter::new()
                .routes(routes!(capital_seal_upload))
                .layer(upload_body_limit()),
        )
}

type Answer<T> = Result<Envelope<T>, ApiError>;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CapitalAccountInfoData {
    /// The signed-in user's own provider (contacts unmasked).
    pub provider: ProviderData,
    /// Its bank accounts (numbers masked).
    pub accounts: Vec<ProviderAccountData>,
}

impl From<AccountInfo> for CapitalAccountInfoData {
    fn from(i: AccountInfo) -> Self {
        CapitalAccountInfoData {
            provider: i.provider.into(),
            accounts: i.accounts.into_iter().map(Into::into).collect(),
        }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct CapitalContactBody {
    pub contact_name: Option<String>,
    pub contact_phone: Option<String>,
    /// 11-digit mainland mobile, or empty.
    pub notify_mobile: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct CapitalEsignBody {
    pub org_name: String,
    /// 统一社会信用代码: 18 characters with its check character.
    pub credit_code: String,
    pub legal_representative: String,
    pub contact_mobile: String,
}

/// A seal upload: one multipart field `file` (an image).
#[derive(Debug, ToSchema)]
#[allow(dead_code)]
pub struct SealUpload {
    /// JPEG, PNG, WebP or GIF (checked by content), within 系统设置's upload limit.
    #[schema(value_type = String, format = Binary)]
    pub file: Vec<u8>,
}

/// The signed-in provider's profile, credit and bank accounts.
#[utoipa::path(get, path = "/api/capital/account/info", tag = "capital",
    operation_id = "capitalAccountInfo", security(("token" = ["capital:order:table"])),
    responses((status = 200, body = Envelope<CapitalAccountInfoData>)))]
async fn capital_account_info(
    State(s): State<AppState>,
    Capital(me): Capital,
) -> Answer<CapitalAccountInfoData> {
    Ok(ok(s.app.capital_account_info(&me).await?.into()))
}

/// One of the provider's own bank accounts; another provider's answers 404.
#[utoipa::path(get, path = "/api/capital/account/bank/{id}", tag = "capital",
    operation_id = "capitalBankAccount", security(("token" = ["capital:order:table"])),
    params(("id" = i64, Path)), responses((status = 200, body = Envelope<ProviderAccountData>)))]
async fn capital_bank_account(
    State(s): State<AppState>,
    Capital(me): Capital,
    Path(id): Path<i64>,
) -> Answer<ProviderAccountData> {
    Ok(ok(s.app.capital_bank_account(&me, id).await?.into()))
}

/// The provider changes its contact person, telephone and notification mobile.
#[utoipa::path(post, path = "/api/capital/account/contact", tag = "capital",
    operation_id = "capitalContactUpdate", security(("token" = ["capital:order:table"])),
    request_body = CapitalContactBody, responses((status = 200, body = Envelope<Option<String>>)))]
async fn capital_contact(
    State(s): State<AppState>,
    Capital(me): Capital,
    Client(c): Client,
    Json(body): Json<CapitalContactBody>,
) -> Answer<Option<String>> {
    let input = ContactInput {
        contact_name: body.contact_name,
        contact_phone: body.contact_phone,
        notify_mobile: body.notify_mobile,
    };
    s.app.update_capital_contact(&me, &c, input).await?;
    Ok(ok(None))
}

/// The provider's e-signature account.
#[utoipa::path(get, path = "/api/capital/signature", tag = "capital",
    operation_id = "capitalSignature", security(("token" = ["capital:order:table"])),
    responses((status = 200, body = Envelope<EsignData>)))]
async fn capital_esign(State(s): State<AppState>, Capital(me): Capital) -> Answer<EsignData> {
    Ok(ok(s.app.capital_esign(&me).await?.into()))
}

/// Saves the e-signature account's fields (UNSUBMITTED; refused while under review).
#[utoipa::path(post, path = "/api/capital/signature/save", tag = "capital",
    operation_id = "capitalSignatureSave", security(("token" = ["capital:order:table"])),
    request_body = CapitalEsignBody, responses((status = 200, body = Envelope<EsignData>)))]
async fn capital_esign_save(
    State(s): State<AppState>,
    Capital(me): Capital,
    Client(c): Client,
    Json(body): Json<CapitalEsignBody>,
) -> Answer<EsignData> {
    let input = EsignInput {
        org_name: body.org_name,
        credit_code: body.credit_code,
        legal_representative: body.legal_representative,
        contact_mobile: body.contact_mobile,
    };
    Ok(ok(s.app.save_capital_esign(&me, &c, input).await?.into()))
}

/// Submits the e-signature account for verification (PENDING).
#[utoipa::path(post, path = "/api/capital/signature/submit", tag = "capital",
    operation_id = "capitalSignatureSubmit", security(("token" = ["capital:order:table"])),
    responses((status = 200, body = Envelope<EsignData>)))]
async fn capital_esign_submit(
    State(s): State<AppState>,
    Capital(me): Capital,
    Client(c): Client,
) -> Answer<EsignData> {
    Ok(ok(s.app.submit_capital_esign(&me, &c).await?.into()))
}

/// Uploads the seal image (multipart field `file`).
#[utoipa::path(post, path = "/api/capital/signature/seal", tag = "capital",
    operation_id = "capitalSealUpload", security(("token" = ["capital:order:table"])),
    request_body(content = SealUpload, content_type = "multipart/form-data"),
    responses((status = 200, body = Envelope<EsignData>)))]
async fn capital_seal_upload(
    State(s): State<AppState>,
    Capital(me): Capital,
    Client(c): Client,
    form: Multipart,
) -> Answer<EsignData> {
    let file = form.file("file")?;
    Ok(ok(s.app.upload_capital_seal(&me, &c, file).await?.into()))
}

/// The provider's own seal image (inline); another file id answers 404.
#[utoipa::path(get, path = "/api/capital/signature/seal/{fileId}", tag = "capital",
    operation_id = "capitalSeal", security(("token" = ["capital:order:table"])),
    params(("fileId" = i64, Path)),
    responses((status = 200, description = "The seal image", content_type = "image/*")))]
async fn capital_seal(
    State(s): State<AppState>,
    Capital(me): Capital,
    Path(file_id): Path<i64>,
) -> Result<Response, ApiError> {
    Ok(file_response(s.app.capital_seal(&me, file_id).await?, true))
}

/// The ACTIVE contract templates that apply to the capital user's provider (its own and
/// general ones).
#[utoipa::path(get, path = "/api/capital/contract/template/list", tag = "capital",
    operation_id = "capitalContractTemplateList", security(("token" = ["capital:order:table"])),
    responses((status = 200, body = Envelope<Vec<ContractTemplateData>>)))]
async fn capital_contract_list(
    State(s): State<AppState>,
    Capital(me): Capital,
) -> Answer<Vec<ContractTemplateData>> {
    let rows = s.app.capital_contract_templates(&me).await?;
    Ok(ok(rows
        .iter()
        .map(|(r, provider)| {
            ContractTemplateData::of(r, provider.clone(), Some(r.template_version))
        })
        .collect()))
}

/// A preview for a capital user; another provider's template answers 404.
#[utoipa::path(get, path = "/api/capital/contract/template/preview/{id}", tag = "capital",
    operation_id = "capitalContractTemplatePreview", security(("token" = ["capital:order:table"])),
    params(("id" = i64, Path)),
    responses((status = 200, description = "The PDF", content_type = "application/pdf")))]
async fn capital_contract_preview(
    State(s): State<AppState>,
    Capital(me): Capital,
    Path(id): Path<i64>,
) -> Result<Response, ApiError> {
    Ok(pdf_response(
        s.app.capital_preview_contract_template(&me, id).await?,
    ))
}
