//! Partner management (合作方管理): insurers (保险公司管理) and capital providers (资金方管理:
//! their bank accounts, users and e-signature account). The provider's own workspace is
//! `capital.rs`.

use super::common::{
    ExportData, IdData, PageData, PasswordData, ResetPasswordBody, SortDto, UserCreatedData,
    page_request,
};
use crate::AppState;
use crate::auth::{Admin, Client};
use crate::envelope::{Envelope, ok};
use crate::error::ApiError;
use crate::extract::{Json, Path};
use crate::upload::file_response;
use axum::extract::State;
use axum::response::Response;
use serde::{Deserialize, Serialize};
use service::partner::capital_provider::{
    CapitalUserRow, EsignView, NewCapitalUser, ProviderAccountInput, ProviderAccountRow,
    ProviderFilter, ProviderInput, ProviderRow,
};
use service::partner::insurers::{InsurerAccountInput, InsurerFilter, InsurerInput, InsurerRow};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(insurer_page))
        .routes(routes!(insurer_export))
        .routes(routes!(insurer_view))
        .routes(routes!(insurer_create))
        .routes(routes!(insurer_update))
        .routes(routes!(insurer_status))
        .routes(routes!(provider_page))
        .routes(routes!(provider_export))
        .routes(routes!(provider_view))
        .routes(routes!(provider_create))
        .routes(routes!(provider_update))
        .routes(routes!(provider_status))
        .routes(routes!(account_list))
        .routes(routes!(account_create))
        .routes(routes!(account_update))
        .routes(routes!(account_default))
        .routes(routes!(account_status))
        .routes(routes!(user_list))
        .routes(routes!(user_create))
        .routes(routes!(user_status))
        .routes(routes!(user_reset_password))
        .routes(routes!(user_sign_out))
        .routes(routes!(esign_view))
        .routes(routes!(esign_seal))
        .routes(routes!(esign_review))
}

type Answer<T> = Result<Envelope<T>, ApiError>;

fn ms(t: chrono::DateTime<chrono::Utc>) -> i64 {
    t.timestamp_millis()
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct EnabledBody {
    pub enabled: bool,
}

// ---------------------------------------------------------------------------------------------
// Insurers

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct InsurerPageBody {
    pub page: Option<i64>,
    pub size: Option<i64>,
    /// `id`, `name`, `code`, `createdAt` (default id desc).
    pub sort: Option<SortDto>,
    /// Contained in the name.
    pub name: Option<String>,
    /// Contained in the code.
    pub code: Option<String>,
    pub enabled: Option<bool>,
}

impl InsurerPageBody {
    fn split(self) -> (service::paging::PageRequest, InsurerFilter) {
        (
            page_request(self.page, self.size, self.sort),
            InsurerFilter {
                name: self.name,
                code: self.code,
                enabled: self.enabled,
            },
        )
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InsurerAccountData {
    pub id: i64,
    pub bank_name: String,
    pub branch_name: String,
    pub account_name: String,
    /// Masked: `6222********7890`.
    pub account_no_mask: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InsurerData {
    pub id: i64,
    pub name: String,
    pub code: String,
    pub contact_name: String,
    pub contact_phone: String,
    /// Fee of a commercial policy surrendered before its start, basis points.
    pub pre_start_fee_bp: i32,
    /// 365 or 360.
    pub day_basis: i32,
    /// VEHICLE_SCRAPPED, VEHICLE_TRANSFERRED, DUPLICATE_INSURANCE, OTHER.
    pub compulsory_reasons: Vec<String>,
    pub enabled: bool,
    pub accounts: Vec<InsurerAccountData>,
    pub created_at: i64,
    pub updated_at: i64,
}

impl From<InsurerRow> for InsurerData {
    fn from(r: InsurerRow) -> Self {
        InsurerData {
            id: r.id,
            name: r.name,
            code: r.code,
            contact_name: r.contact_name,
            contact_phone: r.contact_phone,
            pre_start_fee_bp: r.pre_start_fee_bp,
            day_basis: r.day_basis,
            compulsory_reasons: r.compulsory_reasons,
            enabled: r.enabled,
            accounts: r
                .accounts
                .into_iter()
                .map(|a| InsurerAccountData {
                    id: a.id,
                    bank_name: a.bank_name,
                    branch_name: a.branch_name,
                    account_name: a.account_name,
                    account_no_mask: a.account_no_mask,
                })
                .collect(),
            created_at: ms(r.created_at),
            updated_at: ms(r.updated_at),
        }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct InsurerAccountBody {
    /// A kept account's id; absent for a new one.
    pub id: Option<i64>,
    pub bank_name: String,
    pub branch_name: Option<String>,
    pub account_name: String,
    /// 8 to 30 digits. Required for a new account; absent on a kept one keeps its number.
    pub account_no: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct InsurerBody {
    pub name: String,
    /// 2 to 32 letters, digits, `_` or `-`; stored upper-case; unique.
    pub code: String,
    pub contact_name: Option<String>,
    pub contact_phone: Option<String>,
    /// 0 to 10000.
    pub pre_start_fee_bp: i32,
    /// 365 or 360.
    pub day_basis: i32,
    pub compulsory_reasons: Vec<String>,
    pub enabled: bool,
    /// The settlement accounts, all of them: the ones left out are removed.
    pub accounts: Vec<InsurerAccountBody>,
}

impl From<InsurerBody> for InsurerInput {
    fn from(b: InsurerBody) -> Self {
        InsurerInput {
            name: b.name,
            code: b.code,
            contact_name: b.contact_name,
            contact_phone: b.contact_phone,
            pre_start_fee_bp: b.pre_start_fee_bp,
            day_basis: b.day_basis,
            compulsory_reasons: b.compulsory_reasons,
            enabled: b.enabled,
            accounts: b
                .accounts
                .into_iter()
                .map(|a| InsurerAccountInput {
                    id: a.id,
                    bank_name: a.bank_name,
                    branch_name: a.branch_name,
                    account_name: a.account_name,
                    account_no: a.account_no,
                })
                .collect(),
        }
    }
}

/// One page of insurers (account numbers masked).
#[utoipa::path(post, path = "/api/admin/insurer/page", tag = "partner", operation_id = "insurerPage",
    security(("token" = ["admin:insurance_company:table"])), request_body = InsurerPageBody,
    responses((status = 200, body = Envelope<PageData<InsurerData>>)))]
async fn insurer_page(
    State(s): State<AppState>,
    Admin(me): Admin,
    Json(body): Json<InsurerPageBody>,
) -> Answer<PageData<InsurerData>> {
    let (request, filter) = body.split();
    let page = s.app.insurer_page(&me, &request, &filter).await?;
    Ok(ok(PageData::from_page(page, Into::into)))
}

/// Exports every insurer matching the filters (account numbers masked).
#[utoipa::path(post, path = "/api/admin/insurer/export", tag = "partner",
    operation_id = "insurerExport", security(("token" = ["admin:insurance_company:export"])),
    request_body = InsurerPageBody, responses((status = 200, body = Envelope<ExportData>)))]
async fn insurer_export(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Json(body): Json<InsurerPageBody>,
) -> Answer<ExportData> {
    let (request, filter) = body.split();
    Ok(ok(s
        .app
        .export_insurers(&me, &c, &request, &filter)
        .await?
        .into()))
}

/// One insurer.
#[utoipa::path(get, path = "/api/admin/insurer/view/{id}", tag = "partner",
    operation_id = "insurerView", security(("token" = ["admin:insurance_company:table"])),
    params(("id" = i64, Path)), responses((status = 200, body = Envelope<InsurerData>)))]
async fn insurer_view(
    State(s): State<AppState>,
    Admin(me): Admin,
    Path(id): Path<i64>,
) -> Answer<InsurerData> {
    Ok(ok(s.app.insurer_view(&me, id).await?.into()))
}

/// Creates an insurer with its settlement accounts.
#[utoipa::path(post, path = "/api/admin/insurer/create", tag = "partner",
    operation_id = "insurerCreate", security(("token" = ["admin:insurance_company:create"])),
    request_body = InsurerBody, responses((status = 200, body = Envelope<IdData>)))]
async fn insurer_create(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Json(body): Json<InsurerBody>,
) -> Answer<IdData> {
    let id = s.app.create_insurer(&me, &c, body.into()).await?;
    Ok(ok(IdData { id }))
}

/// Changes an insurer and its settlement accounts.
#[utoipa::path(post, path = "/api/admin/insurer/update/{id}", tag = "partner",
    operation_id = "insurerUpdate", security(("token" = ["admin:insurance_company:update"])),
    params(("id" = i64, Path)), request_body = InsurerBody,
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn insurer_update(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
    Json(body): Json<InsurerBody>,
) -> Answer<Option<String>> {
    s.app.update_insurer(&me, &c, id, body.into()).await?;
    Ok(ok(None))
}

/// Enables or disables an insurer.
#[utoipa::path(post, path = "/api/admin/insurer/status/{id}", tag = "partner",
    operation_id = "insurerStatus", security(("token" = ["admin:insurance_company:update"])),
    params(("id" = i64, Path)), request_body = EnabledBody,
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn insurer_status(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
    Json(body): Json<EnabledBody>,
) -> Answer<Option<String>> {
    s.app.set_insurer_enabled(&me, &c, id, body.enabled).await?;
    Ok(ok(None))
}

// ---------------------------------------------------------------------------------------------
// Capital providers

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct ProviderPageBody {
    pub page: Option<i64>,
    pub size: Option<i64>,
    /// `id`, `name`, `creditLimitFen`, `createdAt` (default id desc).
    pub sort: Option<SortDto>,
    pub name: Option<String>,
    pub kind: Option<String>,
    pub status: Option<String>,
}

impl ProviderPageBody {
    fn split(self) -> (service::paging::PageRequest, ProviderFilter) {
        (
            page_request(self.page, self.size, self.sort),
            ProviderFilter {
                name: self.name,
                kind: self.kind,
                status: self.status,
            },
        )
    }
}

/// A capital provider. Money in fen, rates in basis points.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProviderData {
    pub id: i64,
    pub name: String,
    /// BANK, CONSUMER_FINANCE, MICRO_LOAN, FACTORING, TRUST.
    pub kind: String,
    /// ACTIVE, PAUSED, TERMINATED.
    pub status: String,
    pub credit_limit_fen: i64,
    pub credit_reserved_fen: i64,
    pub credit_used_fen: i64,
    pub credit_available_fen: i64,
    pub cost_rate_bp: i32,
    pub penalty_share_bp: i32,
    /// NONE, PLATFORM_ADVANCE_AFTER_N_DAYS, BUYBACK.
    pub guarantee_mode: String,
    pub advance_after_days: i32,
    /// T+0, T+1, MONTHLY.
    pub settlement_cycle: String,
    /// AUTO, MANUAL.
    pub accept_mode: String,
    pub contact_name: String,
    /// Masked in lists.
    pub contact_phone: String,
    /// Masked in lists.
    pub notify_mobile: String,
    pub user_count: u64,
    pub created_at: i64,
    pub updated_at: i64,
}

impl From<ProviderRow> for ProviderData {
    fn from(p: ProviderRow) -> Self {
        ProviderData {
            id: p.id,
            name: p.name,
            kind: p.kind,
            status: p.status,
            credit_limit_fen: p.credit_limit_fen,
            credit_reserved_fen: p.credit_reserved_fen,
            credit_used_fen: p.credit_used_fen,
            credit_available_fen: p.credit_available_fen,
            cost_rate_bp: p.cost_rate_bp,
            penalty_share_bp: p.penalty_share_bp,
            guarantee_mode: p.guarantee_mode,
            advance_after_days: p.advance_after_days,
            settlement_cycle: p.settlement_cycle,
            accept_mode: p.accept_mode,
            contact_name: p.contact_name,
            contact_phone: p.contact_phone,
            notify_mobile: p.notify_mobile,
            user_count: p.user_count,
            created_at: ms(p.created_at),
            updated_at: ms(p.updated_at),
        }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct ProviderBody {
    pub name: String,
    pub kind: String,
    /// Fen, 0 to 10^13; not below reserved + used.
    pub credit_limit_fen: i64,
    pub cost_rate_bp: i32,
    pub penalty_share_bp: i32,
    pub guarantee_mode: String,
    /// 1 to 365 with PLATFORM_ADVANCE_AFTER_N_DAYS.
    pub advance_after_days: i32,
    pub settlement_cycle: String,
    pub accept_mode: String,
    pub contact_name: Option<String>,
    pub contact_phone: Option<String>,
    pub notify_mobile: Option<String>,
}

impl From<ProviderBody> for ProviderInput {
    fn from(b: ProviderBody) -> Self {
        ProviderInput {
            name: b.name,
            kind: b.kind,
            credit_limit_fen: b.credit_limit_fen,
            cost_rate_bp: b.cost_rate_bp,
            penalty_share_bp: b.penalty_share_bp,
            guarantee_mode: b.guarantee_mode,
            advance_after_days: b.advance_after_days,
            settlement_cycle: b.settlement_cycle,
            accept_mode: b.accept_mode,
            contact_name: b.contact_name,
            contact_phone: b.contact_phone,
            notify_mobile: b.notify_mobile,
        }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ProviderStatusBody {
    /// ACTIVE, PAUSED or TERMINATED.
    pub status: String,
}

/// One page of capital providers (contacts masked).
#[utoipa::path(post, path = "/api/admin/capital/page", tag = "partner",
    operation_id = "capitalProviderPage", security(("token" = ["admin:capital_company:table"])),
    request_body = ProviderPageBody,
    responses((status = 200, body = Envelope<PageData<ProviderData>>)))]
async fn provider_page(
    State(s): State<AppState>,
    Admin(me): Admin,
    Json(body): Json<ProviderPageBody>,
) -> Answer<PageData<ProviderData>> {
    let (request, filter) = body.split();
    let page = s.app.provider_page(&me, &request, &filter).await?;
    Ok(ok(PageData::from_page(page, Into::into)))
}

/// Exports every capital provider matching the filters (contacts masked).
#[utoipa::path(post, path = "/api/admin/capital/export", tag = "partner",
    operation_id = "capitalProviderExport", security(("token" = ["admin:capital_company:export"])),
    request_body = ProviderPageBody, responses((status = 200, body = Envelope<ExportData>)))]
async fn provider_export(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Json(body): Json<ProviderPageBody>,
) -> Answer<ExportData> {
    let (request, filter) = body.split();
    Ok(ok(s
        .app
        .export_providers(&me, &c, &request, &filter)
        .await?
        .into()))
}

/// One capital provider in full (contacts unmasked; the viewing is logged).
#[utoipa::path(get, path = "/api/admin/capital/view/{id}", tag = "partner",
    operation_id = "capitalProviderView", security(("token" = ["admin:capital_company:table"])),
    params(("id" = i64, Path)), responses((status = 200, body = Envelope<ProviderData>)))]
async fn provider_view(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
) -> Answer<ProviderData> {
    Ok(ok(s.app.provider_view(&me, &c, id).await?.into()))
}

/// Creates a capital provider (ACTIVE).
#[utoipa::path(post, path = "/api/admin/capital/create", tag = "partner",
    operation_id = "capitalProviderCreate", security(("token" = ["admin:capital_company:create"])),
    request_body = ProviderBody, responses((status = 200, body = Envelope<IdData>)))]
async fn provider_create(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Json(body): Json<ProviderBody>,
) -> Answer<IdData> {
    let id = s.app.create_provider(&me, &c, body.into()).await?;
    Ok(ok(IdData { id }))
}

/// Changes a capital provider's terms.
#[utoipa::path(post, path = "/api/admin/capital/update/{id}", tag = "partner",
    operation_id = "capitalProviderUpdate", security(("token" = ["admin:capital_company:update"])),
    params(("id" = i64, Path)), request_body = ProviderBody,
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn provider_update(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
    Json(body): Json<ProviderBody>,
) -> Answer<Option<String>> {
    s.app.update_provider(&me, &c, id, body.into()).await?;
    Ok(ok(None))
}

/// Sets a provider's status; PAUSED and TERMINATED end its users' sessions.
#[utoipa::path(post, path = "/api/admin/capital/status/{id}", tag = "partner",
    operation_id = "capitalProviderStatus", security(("token" = ["admin:capital_company:status"])),
    params(("id" = i64, Path)), request_body = ProviderStatusBody,
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn provider_status(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
    Json(body): Json<ProviderStatusBody>,
) -> Answer<Option<String>> {
    s.app.set_provider_status(&me, &c, id, &body.status).await?;
    Ok(ok(None))
}

// -- bank accounts ----------------------------------------------------------------------------

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProviderAccountData {
    pub id: i64,
    pub capital_provider_id: i64,
    /// DISBURSE, COLLECT, SETTLEMENT.
    pub purpose: String,
    pub bank_name: String,
    pub branch_name: String,
    pub account_name: String,
    /// Masked: `6222********7890`.
    pub account_no_mask: String,
    pub is_default: bool,
    pub enabled: bool,
    pub created_at: i64,
}

impl From<ProviderAccountRow> for ProviderAccountData {
    fn from(a: ProviderAccountRow) -> Self {
        ProviderAccountData {
            id: a.id,
            capital_provider_id: a.capital_provider_id,
            purpose: a.purpose,
            bank_name: a.bank_name,
            branch_name: a.branch_name,
            account_name: a.account_name,
            account_no_mask: a.account_no_mask,
            is_default: a.is_default,
            enabled: a.enabled,
            created_at: ms(a.created_at),
        }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct ProviderAccountBody {
    pub purpose: String,
    pub bank_name: String,
    pub branch_name: Option<String>,
    pub account_name: String,
    /// 8 to 30 digits; required when creating, absent on an edit keeps the number.
    pub account_no: Option<String>,
    #[serde(default)]
    pub is_default: bool,
}

impl From<ProviderAccountBody> for ProviderAccountInput {
    fn from(b: ProviderAccountBody) -> Self {
        ProviderAccountInput {
            purpose: b.purpose,
            bank_name: b.bank_name,
            branch_name: b.branch_name,
            account_name: b.account_name,
            account_no: b.account_no,
            is_default: b.is_default,
        }
    }
}

/// A provider's bank accounts (numbers masked).
#[utoipa::path(get, path = "/api/admin/capital/account/list/{providerId}", tag = "partner",
    operation_id = "capitalAccountList", security(("token" = ["admin:capital_company:table"])),
    params(("providerId" = i64, Path)),
    responses((status = 200, body = Envelope<Vec<ProviderAccountData>>)))]
async fn account_list(
    State(s): State<AppState>,
    Admin(me): Admin,
    Path(provider_id): Path<i64>,
) -> Answer<Vec<ProviderAccountData>> {
    let list = s.app.provider_account_list(&me, provider_id).await?;
    Ok(ok(list.into_iter().map(Into::into).collect()))
}

/// Adds a bank account to a provider.
#[utoipa::path(post, path = "/api/admin/capital/account/create/{providerId}", tag = "partner",
    operation_id = "capitalAccountCreate", security(("token" = ["admin:capital_company:account"])),
    params(("providerId" = i64, Path)), request_body = ProviderAccountBody,
    responses((status = 200, body = Envelope<IdData>)))]
async fn account_create(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(provider_id): Path<i64>,
    Json(body): Json<ProviderAccountBody>,
) -> Answer<IdData> {
    let id = s
        .app
        .create_provider_account(&me, &c, provider_id, body.into())
        .await?;
    Ok(ok(IdData { id }))
}

/// Changes a bank account.
#[utoipa::path(post, path = "/api/admin/capital/account/update/{id}", tag = "partner",
    operation_id = "capitalAccountUpdate", security(("token" = ["admin:capital_company:account"])),
    params(("id" = i64, Path)), request_body = ProviderAccountBody,
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn account_update(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
    Json(body): Json<ProviderAccountBody>,
) -> Answer<Option<String>> {
    s.app
        .update_provider_account(&me, &c, id, body.into())
        .await?;
    Ok(ok(None))
}

/// Makes a bank account the default of its purpose.
#[utoipa::path(post, path = "/api/admin/capital/account/default/{id}", tag = "partner",
    operation_id = "capitalAccountDefault", security(("token" = ["admin:capital_company:account"])),
    params(("id" = i64, Path)), responses((status = 200, body = Envelope<Option<String>>)))]
async fn account_default(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
) -> Answer<Option<String>> {
    s.app.set_provider_account_default(&me, &c, id).await?;
    Ok(ok(None))
}

/// Enables or disables a bank account.
#[utoipa::path(post, path = "/api/admin/capital/account/status/{id}", tag = "partner",
    operation_id = "capitalAccountStatus", security(("token" = ["admin:capital_company:account"])),
    params(("id" = i64, Path)), request_body = EnabledBody,
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn account_status(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
    Json(body): Json<EnabledBody>,
) -> Answer<Option<String>> {
    s.app
        .set_provider_account_enabled(&me, &c, id, body.enabled)
        .await?;
    Ok(ok(None))
}

// -- users ------------------------------------------------------------------------------------

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CapitalUserData {
    pub id: i64,
    pub capital_provider_id: i64,
    pub account: String,
    pub name: String,
    /// Masked (`138****5678`).
    #[schema(required = true)]
    pub mobile: Option<String>,
    pub enabled: bool,
    pub created_at: i64,
}

impl From<CapitalUserRow> for CapitalUserData {
    fn from(u: CapitalUserRow) -> Self {
        CapitalUserData {
            id: u.id,
            capital_provider_id: u.capital_provider_id,
            account: u.account,
            name: u.name,
            mobile: u.mobile,
            enabled: u.enabled,
            created_at: ms(u.created_at),
        }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CapitalUserBody {
    /// 3 to 32 letters, digits or `_ . - @`; unique among capital-provider users.
    pub account: String,
    pub name: String,
    pub mobile: Option<String>,
    /// MD5 hex of the password; absent → generated and answered once.
    pub password: Option<String>,
}

/// A provider's sign-in users (mobiles masked).
#[utoipa::path(get, path = "/api/admin/capital/user/list/{providerId}", tag = "partner",
    operation_id = "capitalUserList", security(("token" = ["admin:capital_company:table"])),
    params(("providerId" = i64, Path)),
    responses((status = 200, body = Envelope<Vec<CapitalUserData>>)))]
async fn user_list(
    State(s): State<AppState>,
    Admin(me): Admin,
    Path(provider_id): Path<i64>,
) -> Answer<Vec<CapitalUserData>> {
    let list = s.app.provider_user_list(&me, provider_id).await?;
    Ok(ok(list.into_iter().map(Into::into).collect()))
}

/// Creates a sign-in user of a provider.
#[utoipa::path(post, path = "/api/admin/capital/user/create/{providerId}", tag = "partner",
    operation_id = "capitalUserCreate", security(("token" = ["admin:capital_company:user"])),
    params(("providerId" = i64, Path)), request_body = CapitalUserBody,
    responses((status = 200, body = Envelope<UserCreatedData>)))]
async fn user_create(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(provider_id): Path<i64>,
    Json(body): Json<CapitalUserBody>,
) -> Answer<UserCreatedData> {
    let input = NewCapitalUser {
        account: body.account,
        name: body.name,
        mobile: body.mobile,
        password: body.password,
    };
    let (id, password) = s
        .app
        .create_provider_user(&me, &c, provider_id, input)
        .await?;
    Ok(ok(UserCreatedData { id, password }))
}

/// Enables or disables a provider's user (disabling ends its sessions).
#[utoipa::path(post, path = "/api/admin/capital/user/status/{id}", tag = "partner",
    operation_id = "capitalUserStatus", security(("token" = ["admin:capital_company:user"])),
    params(("id" = i64, Path)), request_body = EnabledBody,
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn user_status(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
    Json(body): Json<EnabledBody>,
) -> Answer<Option<String>> {
    s.app
        .set_provider_user_enabled(&me, &c, id, body.enabled)
        .await?;
    Ok(ok(None))
}

/// Sets a new password (given or generated) and ends the user's sessions.
#[utoipa::path(post, path = "/api/admin/capital/user/reset-password/{id}", tag = "partner",
    operation_id = "capitalUserResetPassword",
    security(("token" = ["admin:capital_company:reset_password"])),
    params(("id" = i64, Path)), request_body = ResetPasswordBody,
    responses((status = 200, body = Envelope<PasswordData>)))]
async fn user_reset_password(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
    Json(body): Json<ResetPasswordBody>,
) -> Answer<PasswordData> {
    let password = s
        .app
        .reset_provider_user_password(&me, &c, id, body.password.as_deref())
        .await?;
    Ok(ok(PasswordData { password }))
}

/// Ends every session of a provider's user.
#[utoipa::path(post, path = "/api/admin/capital/user/sign-out/{id}", tag = "partner",
    operation_id = "capitalUserSignOut", security(("token" = ["admin:capital_company:sign_out"])),
    params(("id" = i64, Path)), responses((status = 200, body = Envelope<Option<String>>)))]
async fn user_sign_out(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
) -> Answer<Option<String>> {
    s.app.sign_out_provider_user(&me, &c, id).await?;
    Ok(ok(None))
}

// -- e-signature account ----------------------------------------------------------------------

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EsignData {
    pub capital_provider_id: i64,
    pub org_name: String,
    pub credit_code: String,
    pub legal_representative: String,
    pub contact_mobile: String,
    /// The seal image's file id (preview through the seal call).
    #[schema(required = true)]
    pub seal_file_id: Option<i64>,
    #[schema(required = true)]
    pub seal_file_name: Option<String>,
    /// UNSUBMITTED, PENDING, VERIFIED.
    pub status: String,
    #[schema(required = true)]
    pub submitted_at: Option<i64>,
    #[schema(required = true)]
    pub verified_at: Option<i64>,
}

impl From<EsignView> for EsignData {
    fn from(e: EsignView) -> Self {
        EsignData {
            capital_provider_id: e.capital_provider_id,
            org_name: e.org_name,
            credit_code: e.credit_code,
            legal_representative: e.legal_representative,
            contact_mobile: e.contact_mobile,
            seal_file_id: e.seal_file_id,
            seal_file_name: e.seal_file_name,
            status: e.status,
            submitted_at: e.submitted_at.map(ms),
            verified_at: e.verified_at.map(ms),
        }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ReviewBody {
    /// true → VERIFIED; false → back to UNSUBMITTED.
    pub approved: bool,
}

/// A provider's e-signature account.
#[utoipa::path(get, path = "/api/admin/capital/signature/{providerId}", tag = "partner",
    operation_id = "capitalEsignView", security(("token" = ["admin:capital_company:table"])),
    params(("providerId" = i64, Path)), responses((status = 200, body = Envelope<EsignData>)))]
async fn esign_view(
    State(s): State<AppState>,
    Admin(me): Admin,
    Path(provider_id): Path<i64>,
) -> Answer<EsignData> {
    Ok(ok(s.app.provider_esign(&me, provider_id).await?.into()))
}

/// A provider's seal image (inline, for preview).
#[utoipa::path(get, path = "/api/admin/capital/signature/seal/{providerId}", tag = "partner",
    operation_id = "capitalEsignSeal", security(("token" = ["admin:capital_company:table"])),
    params(("providerId" = i64, Path)),
    responses((status = 200, description = "The seal image", content_type = "image/*")))]
async fn esign_seal(
    State(s): State<AppState>,
    Admin(me): Admin,
    Path(provider_id): Path<i64>,
) -> Result<Response, ApiError> {
    Ok(file_response(
        s.app.provider_seal(&me, provider_id).await?,
        true,
    ))
}

/// Verifies a submitted e-signature account, or sends it back.
#[utoipa::path(post, path = "/api/admin/capital/signature/review/{providerId}", tag = "partner",
    operation_id = "capitalEsignReview", security(("token" = ["admin:capital_company:signature"])),
    params(("providerId" = i64, Path)), request_body = ReviewBody,
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn esign_review(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(provider_id): Path<i64>,
    Json(body): Json<ReviewBody>,
) -> Answer<Option<String>> {
    s.app
        .review_provider_esign(&me, &c, provider_id, body.approved)
        .await?;
    Ok(ok(None))
}
