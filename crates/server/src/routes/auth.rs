//! Sign-in, refresh, SMS codes, the current permissions, password change and logout for
//! administrators (`/api/admin/...`) and capital-provider users (`/api/capital/...`).

use crate::AppState;
use crate::auth::{Admin, Capital, Client};
use crate::envelope::{Envelope, ok};
use crate::error::ApiError;
use crate::extract::{Form, Json, Path};
use axum::extract::State;
use serde::{Deserialize, Serialize};
use service::auth::SignedIn;
use service::principal::AccountKind;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(admin_uid))
        .routes(routes!(admin_login))
        .routes(routes!(admin_refresh))
        .routes(routes!(admin_sms_login))
        .routes(routes!(admin_send_code))
        .routes(routes!(admin_permission))
        .routes(routes!(admin_password))
        .routes(routes!(admin_logout))
        .routes(routes!(capital_uid))
        .routes(routes!(capital_login))
        .routes(routes!(capital_refresh))
        .routes(routes!(capital_password))
        .routes(routes!(capital_logout))
}

/// A login identifier: present it with the next sign-in attempt.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UidData {
    /// One-time: used up by the next sign-in attempt, whatever its outcome.
    pub uid: String,
    /// Seconds until it expires (300).
    pub expires_in: u64,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct AccountLogin {
    /// A fresh login identifier from `GET .../login/uid`.
    pub uid: String,
    pub username: String,
    /// MD5 hex of the typed password.
    pub password: String,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct SmsLogin {
    pub uid: String,
    pub mobile: String,
    /// The 6-digit code received by SMS.
    pub code: String,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct CodeRequest {
    /// A fresh login identifier (required; kept optional here so that a missing one is
    /// refused naming `uid`).
    #[schema(required = true, value_type = String)]
    pub uid: Option<String>,
}

/// A session (the product specification): the token goes in the `authorization-token` header.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionData {
    pub token: String,
    /// Single-use: `POST .../login/refresh/{refreshToken}` after `expirationTime`.
    pub refresh_token: String,
    /// When the token expires, epoch milliseconds.
    pub expiration_time: i64,
    /// The account's id: screens tell the user's own records by it (maker ≠ checker).
    pub user_id: i64,
    pub username: String,
    /// The person's name (the top bar's greeting).
    pub name: String,
    /// The administrator's permissions; absent for capital-provider users.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub authorities: Option<Vec<String>>,
}

impl From<SignedIn> for SessionData {
    fn from(s: SignedIn) -> Self {
        SessionData {
            token: s.token,
            refresh_token: s.refresh_token,
            expiration_time: s.expiration_time,
            user_id: s.user_id,
            username: s.username,
            name: s.name,
            authorities: s.authorities,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PermissionData {
    pub username: String,
    pub name: String,
    /// Permission strings (the product specification): the user's roles and visible buttons.
    pub authorities: Vec<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct PasswordChange {
    /// MD5 hex of the current password.
    pub password_old: String,
    /// MD5 hex of the new password.
    pub password_new: String,
    /// Always `true` (the product specification).
    pub enabled: Option<bool>,
}

impl PasswordChange {
    fn check(&self) -> Result<(), ApiError> {
        if self.enabled == Some(false) {
            return Err(ApiError::invalid("enabled", "enabled 只能为 true"));
        }
        Ok(())
    }
}

type Answer<T> = Result<Envelope<T>, ApiError>;

/// Login identifier for an administrator's sign-in attempt.
#[utoipa::path(get, path = "/api/admin/login/uid", tag = "auth", operation_id = "adminLoginUid",
    responses((status = 200, body = Envelope<UidData>)))]
async fn admin_uid(State(s): State<AppState>, Client(c): Client) -> Answer<UidData> {
    uid(&s, AccountKind::Admin, &c).await
}

/// Login identifier for a capital-provider user's sign-in attempt.
#[utoipa::path(get, path = "/api/capital/login/uid", tag = "auth", operation_id = "capitalLoginUid",
    responses((status = 200, body = Envelope<UidData>)))]
async fn capital_uid(State(s): State<AppState>, Client(c): Client) -> Answer<UidData> {
    uid(&s, AccountKind::Capital, &c).await
}

async fn uid(
    s: &AppState,
    kind: AccountKind,
    c: &service::principal::ClientInfo,
) -> Answer<UidData> {
    let ticket = s.app.issue_login_ticket(kind, c).await?;
    Ok(ok(UidData {
        uid: ticket.uid,
        expires_in: ticket.expires_in_seconds,
    }))
}

/// Administrator sign-in with account and password.
#[utoipa::path(post, path = "/api/admin/login/account", tag = "auth", operation_id = "adminLogin",
    request_body = AccountLogin, responses((status = 200, body = Envelope<SessionData>)))]
async fn admin_login(
    State(s): State<AppState>,
    Client(c): Client,
    Json(body): Json<AccountLogin>,
) -> Answer<SessionData> {
    let signed = s
        .app
        .login_with_password(
            AccountKind::Admin,
            &body.uid,
            &body.username,
            &body.password,
            &c,
        )
        .await?;
    Ok(ok(signed.into()))
}

/// Capital-provider user sign-in with account and password.
#[utoipa::path(post, path = "/api/capital/login/account", tag = "auth", operation_id = "capitalLogin",
    request_body = AccountLogin, responses((status = 200, body = Envelope<SessionData>)))]
async fn capital_login(
    State(s): State<AppState>,
    Client(c): Client,
    Json(body): Json<AccountLogin>,
) -> Answer<SessionData> {
    let signed = s
        .app
        .login_with_password(
            AccountKind::Capital,
            &body.uid,
            &body.username,
            &body.password,
            &c,
        )
        .await?;
    Ok(ok(signed.into()))
}

/// Rotates an administrator's tokens (form-encoded, no body). The old refresh token is dead.
#[utoipa::path(post, path = "/api/admin/login/refresh/{refreshToken}", tag = "auth",
    operation_id = "adminRefresh", params(("refreshToken" = String, Path)),
    responses((status = 200, body = Envelope<SessionData>),
        (status = 401, description = "The refresh token is unknown, used, expired or signed out.")))]
async fn admin_refresh(
    State(s): State<AppState>,
    Path(refresh_token): Path<String>,
) -> Answer<SessionData> {
    Ok(ok(s
        .app
        .refresh_session(AccountKind::Admin, &refresh_token)
        .await?
        .into()))
}

/// Rotates a capital-provider user's tokens (form-encoded, no body).
#[utoipa::path(post, path = "/api/capital/login/refresh/{refreshToken}", tag = "auth",
    operation_id = "capitalRefresh", params(("refreshToken" = String, Path)),
    responses((status = 200, body = Envelope<SessionData>),
        (status = 401, description = "The refresh token is unknown, used, expired or signed out.")))]
async fn capital_refresh(
    State(s): State<AppState>,
    Path(refresh_token): Path<String>,
) -> Answer<SessionData> {
    Ok(ok(s
        .app
        .refresh_session(AccountKind::Capital, &refresh_token)
        .await?
        .into()))
}

/// Administrator sign-in with a code received by SMS.
#[utoipa::path(post, path = "/api/admin/login/sms", tag = "auth", operation_id = "adminSmsLogin",
    request_body = SmsLogin, responses((status = 200, body = Envelope<SessionData>)))]
async fn admin_sms_login(
    State(s): State<AppState>,
    Client(c): Client,
    Json(body): Json<SmsLogin>,
) -> Answer<SessionData> {
    let signed = s
        .app
        .login_with_sms(&body.uid, &body.mobile, &body.code, &c)
        .await?;
    Ok(ok(signed.into()))
}

/// Sends a sign-in code to an administrator's registered mobile (form-encoded body `uid`).
/// The answer is the same whether or not the mobile is registered.
#[utoipa::path(post, path = "/api/admin/login/code/{mobile}", tag = "auth",
    operation_id = "adminSendCode", params(("mobile" = String, Path)),
    request_body(content = CodeRequest, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn admin_send_code(
    State(s): State<AppState>,
    Client(c): Client,
    Path(mobile): Path<String>,
    Form(body): Form<CodeRequest>,
) -> Answer<Option<String>> {
    s.app
        .send_login_code(body.uid.as_deref().unwrap_or_default(), &mobile, &c)
        .await?;
    let mut answer = ok(None);
    answer.msg = "验证码已发送，5 分钟内有效".to_owned();
    Ok(answer)
}

/// The signed-in administrator's permissions.
#[utoipa::path(get, path = "/api/admin/role/permission", tag = "auth",
    operation_id = "adminPermission", security(("token" = [])),
    responses((status = 200, body = Envelope<PermissionData>)))]
async fn admin_permission(Admin(me): Admin) -> Answer<PermissionData> {
    Ok(ok(PermissionData {
        username: me.account,
        name: me.name,
        authorities: me.authorities.into_iter().collect(),
    }))
}

/// Changes the signed-in administrator's password and ends all its sessions.
#[utoipa::path(post, path = "/api/admin/user/password/update", tag = "auth",
    operation_id = "adminPasswordUpdate", security(("token" = [])), request_body = PasswordChange,
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn admin_password(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Json(body): Json<PasswordChange>,
) -> Answer<Option<String>> {
    body.check()?;
    s.app
        .change_password(&me, &body.password_old, &body.password_new, &c)
        .await?;
    Ok(ok(None))
}

/// Changes the signed-in capital-provider user's password and ends all its sessions.
#[utoipa::path(post, path = "/api/capital/password/update", tag = "auth",
    operation_id = "capitalPasswordUpdate", security(("token" = [])), request_body = PasswordChange,
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn capital_password(
    State(s): State<AppState>,
    Capital(me): Capital,
    Client(c): Client,
    Json(body): Json<PasswordChange>,
) -> Answer<Option<String>> {
    body.check()?;
    s.app
        .change_password(&me, &body.password_old, &body.password_new, &c)
        .await?;
    Ok(ok(None))
}

/// Ends the administrator's session; its token answers HTTP 401 afterwards.
#[utoipa::path(post, path = "/api/admin/logout", tag = "auth", operation_id = "adminLogout",
    security(("token" = [])), responses((status = 200, body = Envelope<Option<String>>)))]
async fn admin_logout(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
) -> Answer<Option<String>> {
    s.app.logout(&me, &c).await?;
    Ok(ok(None))
}

/// Ends the capital-provider user's session.
#[utoipa::path(post, path = "/api/capital/logout", tag = "auth", operation_id = "capitalLogout",
    security(("token" = [])), responses((status = 200, body = Envelope<Option<String>>)))]
async fn capital_logout(
    State(s): State<AppState>,
    Capital(me): Capital,
    Client(c): Client,
) -> Answer<Option<String>> {
    s.app.logout(&me, &c).await?;
    Ok(ok(None))
}
