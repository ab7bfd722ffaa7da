//! Settings screens of system management (安全设置, 系统设置) and the public branding the
//! sign-in page reads. Reading and saving a settings screen both need its page permission.

use crate::AppState;
use crate::auth::{Admin, Client};
use crate::envelope::{Envelope, ok};
use crate::error::ApiError;
use crate::extract::Json;
use crate::upload::Multipart;
use axum::body::Body;
use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use service::system::settings::{
    PAGE_SIZES, SecurityConfig, SystemConfig, SystemInput, TIME_ZONES,
};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(security_get))
        .routes(routes!(security_update))
        .routes(routes!(system_get))
        .routes(routes!(system_update))
        .routes(routes!(business_date))
        .routes(routes!(logo_upload))
        .routes(routes!(logo_delete))
        .routes(routes!(branding))
        .routes(routes!(branding_logo))
}

type Answer<T> = Result<Envelope<T>, ApiError>;

/// 安全设置. Every value is required when saving.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct SecurityData {
    /// Token lifetime in minutes, 5 to 1440 (default 120).
    pub token_minutes: u32,
    /// Refresh-token lifetime in hours, 1 to 720 (default 168).
    pub refresh_hours: u32,
    /// A new sign-in ends the account's other sessions (default on).
    pub single_session: bool,
    /// Failed sign-ins of one account before it is locked, 1 to 20 (default 5).
    pub max_failures: u32,
    /// Lock minutes, 1 to 1440 (default 15).
    pub lock_minutes: u32,
    /// Days an administrator's password is valid, 0 (never expires) to 365 (default 0).
    pub password_expiry_days: u32,
    /// SMS codes per mobile per minute, 1 to 10 (default 1).
    pub sms_per_minute: u32,
    /// SMS codes per mobile per day, 1 to 100 (default 10).
    pub sms_per_day: u32,
    /// SMS codes an IP address may ask for per hour, 1 to 1000 (default 30).
    pub sms_per_ip_per_hour: u32,
    /// IPv4/IPv6 addresses or CIDR ranges that may call the admin API, at most 100; empty =
    /// everyone.
    pub ip_allow_list: Vec<String>,
}

impl From<SecurityConfig> for SecurityData {
    fn from(c: SecurityConfig) -> Self {
        SecurityData {
            token_minutes: c.token_minutes,
            refresh_hours: c.refresh_hours,
            single_session: c.single_session,
            max_failures: c.max_failures,
            lock_minutes: c.lock_minutes,
            password_expiry_days: c.password_expiry_days,
            sms_per_minute: c.sms_per_minute,
            sms_per_day: c.sms_per_day,
            sms_per_ip_per_hour: c.sms_per_ip_per_hour,
            ip_allow_list: c.ip_allow_list,
        }
    }
}

impl From<SecurityData> for SecurityConfig {
    fn from(d: SecurityData) -> Self {
        SecurityConfig {
            token_minutes: d.token_minutes,
            refresh_hours: d.refresh_hours,
            single_session: d.single_session,
            max_failures: d.max_failures,
            lock_minutes: d.lock_minutes,
            password_expiry_days: d.password_expiry_days,
            sms_per_minute: d.sms_per_minute,
            sms_per_day: d.sms_per_day,
            sms_per_ip_per_hour: d.sms_per_ip_per_hour,
            ip_allow_list: d.ip_allow_list,
        }
    }
}

/// The security settings in force.
#[utoipa::path(get, path = "/api/admin/config/security", tag = "system",
    operation_id = "securityConfig", security(("token" = ["admin:config:security"])),
    responses((status = 200, body = Envelope<SecurityData>)))]
async fn security_get(State(s): State<AppState>, Admin(me): Admin) -> Answer<SecurityData> {
    Ok(ok(s.app.security_config(&me).await?.into()))
}

/// Saves the security settings; sign-in, refresh, locks and SMS limits honour them at once.
/// A list that would shut out the caller's own address answers 409.
#[utoipa::path(post, path = "/api/admin/config/security/update", tag = "system",
    operation_id = "securityConfigUpdate", security(("token" = ["admin:config:security"])),
    request_body = SecurityData, responses((status = 200, body = Envelope<SecurityData>)))]
async fn security_update(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Json(body): Json<SecurityData>,
) -> Answer<SecurityData> {
    let saved = s.app.update_security_config(&me, &c, &body.into()).await?;
    Ok(ok(saved.into()))
}

/// 系统设置 as the screen shows it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SystemData {
    /// Empty = the built-in application title of each language.
    pub platform_name: String,
    pub service_phone: String,
    pub service_email: String,
    /// 10, 20, 30 or 50.
    pub page_size: u32,
    /// MiB, 1 to 100.
    pub upload_limit_mib: u32,
    /// IANA time zone, one of `timeZones`.
    pub time_zone: String,
    /// The address of the logo, `null` when the built-in logo shows.
    #[schema(required = true)]
    pub logo_url: Option<String>,
    /// The time zones one may choose.
    pub time_zones: Vec<String>,
    /// The page sizes one may choose.
    pub page_sizes: Vec<u32>,
}

fn logo_url(version: Option<i64>) -> Option<String> {
    version.map(|v| format!("/api/common/branding/logo?v={v}"))
}

impl From<SystemConfig> for SystemData {
    fn from(c: SystemConfig) -> Self {
        SystemData {
            platform_name: c.platform_name,
            service_phone: c.service_phone,
            service_email: c.service_email,
            page_size: c.page_size,
            upload_limit_mib: c.upload_limit_mib,
            time_zone: c.time_zone,
            logo_url: logo_url(c.logo.map(|l| l.version)),
            time_zones: TIME_ZONES.iter().map(|z| (*z).to_owned()).collect(),
            page_sizes: PAGE_SIZES.to_vec(),
        }
    }
}

/// The business date as 系统设置 shows it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BusinessDateData {
    /// Today's business date in the business time zone, `YYYY-MM-DD`.
    pub business_date: String,
    /// The business time zone (IANA).
    pub time_zone: String,
    /// The server's clock, epoch milliseconds.
    pub server_time: i64,
    /// The time of day the daily jobs run (`HH:MM`, business time zone); `null` when this
    /// server runs no daily schedule.
    #[schema(required = true)]
    pub daily_jobs_at: Option<String>,
    /// Each daily job and its latest run.
    pub jobs: Vec<DailyJobData>,
}

/// A daily job and its latest run.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DailyJobData {
    pub name: String,
    pub about: String,
    /// The business date of its latest run, `YYYY-MM-DD`; `null` before its first run.
    #[schema(required = true)]
    pub last_date: Option<String>,
    /// RUNNING, DONE or FAILED; `null` before its first run.
    #[schema(required = true)]
    pub last_status: Option<String>,
}

impl From<service::jobs::BusinessDateInfo> for BusinessDateData {
    fn from(i: service::jobs::BusinessDateInfo) -> Self {
        BusinessDateData {
            business_date: i.business_date.to_string(),
            time_zone: i.time_zone,
            server_time: i.server_time.timestamp_millis(),
            daily_jobs_at: i.daily_jobs_at,
            jobs: i
                .jobs
                .into_iter()
                .map(|j| DailyJobData {
                    name: j.name,
                    about: j.about,
                    last_date: j.last_date.map(|d| d.to_string()),
                    last_status: j.last_status,
                })
                .collect(),
        }
    }
}

/// The business date: the calendar day due dates and daily jobs count in (系统设置's time zone),
/// with the server time and the daily jobs' latest runs.
#[utoipa::path(get, path = "/api/admin/config/system/business-date", tag = "system",
    operation_id = "businessDate", security(("token" = ["admin:config:system"])),
    responses((status = 200, body = Envelope<BusinessDateData>)))]
async fn business_date(State(s): State<AppState>, Admin(me): Admin) -> Answer<BusinessDateData> {
    Ok(ok(s.app.business_date_info(&me).await?.into()))
}

/// What saving 系统设置 takes (the logo has its own calls).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct SystemBody {
    /// 0 to 32 characters.
    pub platform_name: String,
    /// 0 to 32 characters: digits, spaces, `+ - ( )`.
    pub service_phone: String,
    /// 0 to 64 characters, an e-mail address.
    pub service_email: String,
    pub page_size: u32,
    pub upload_limit_mib: u32,
    pub time_zone: String,
}

/// The system settings.
#[utoipa::path(get, path = "/api/admin/config/system", tag = "system",
    operation_id = "systemConfig", security(("token" = ["admin:config:system"])),
    responses((status = 200, body = Envelope<SystemData>)))]
async fn system_get(State(s): State<AppState>, Admin(me): Admin) -> Answer<SystemData> {
    Ok(ok(s.app.system_config(&me).await?.into()))
}

/// Saves the system settings.
#[utoipa::path(post, path = "/api/admin/config/system/update", tag = "system",
    operation_id = "systemConfigUpdate", security(("token" = ["admin:config:system"])),
    request_body = SystemBody, responses((status = 200, body = Envelope<SystemData>)))]
async fn system_update(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Json(body): Json<SystemBody>,
) -> Answer<SystemData> {
    let input = SystemInput {
        platform_name: body.platform_name,
        service_phone: body.service_phone,
        service_email: body.service_email,
        page_size: body.page_size,
        upload_limit_mib: body.upload_limit_mib,
        time_zone: body.time_zone,
    };
    Ok(ok(s
        .app
        .update_system_config(&me, &c, &input)
        .await?
        .into()))
}

/// A logo upload: one multipart field `file`.
#[derive(Debug, ToSchema)]
#[allow(dead_code)]
pub struct LogoUpload {
    /// PNG, JPEG or WebP (checked by content), at most 512 KiB.
    #[schema(value_type = String, format = Binary)]
    pub file: Vec<u8>,
}

/// Replaces the logo (multipart field `file`; PNG, JPEG or WebP, at most 512 KiB).
#[utoipa::path(post, path = "/api/admin/config/system/logo", tag = "system",
    operation_id = "systemLogoUpload", security(("token" = ["admin:config:system"])),
    request_body(content = LogoUpload, content_type = "multipart/form-data"),
    responses((status = 200, body = Envelope<SystemData>)))]
async fn logo_upload(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    form: Multipart,
) -> Answer<SystemData> {
    let file = form.file("file")?;
    Ok(ok(s.app.upload_logo(&me, &c, file.bytes).await?.into()))
}

/// Removes the logo; the built-in logo shows again.
#[utoipa::path(post, path = "/api/admin/config/system/logo/delete", tag = "system",
    operation_id = "systemLogoDelete", security(("token" = ["admin:config:system"])),
    responses((status = 200, body = Envelope<SystemData>)))]
async fn logo_delete(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
) -> Answer<SystemData> {
    Ok(ok(s.app.delete_logo(&me, &c).await?.into()))
}

/// The platform's name and logo, for the sign-in page and the workspace, and the lists'
/// default page size (系统设置; nothing secret).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BrandingData {
    /// Empty = the built-in application title.
    pub platform_name: String,
    #[schema(required = true)]
    pub logo_url: Option<String>,
    /// Rows per page of a list until the user picks another size: 10, 20, 30 or 50.
    pub default_page_size: u32,
}

/// The platform name and logo address; public (no token).
#[utoipa::path(get, path = "/api/common/branding", tag = "common", operation_id = "branding",
    responses((status = 200, body = Envelope<BrandingData>)))]
async fn branding(State(s): State<AppState>) -> Answer<BrandingData> {
    let b = s.app.branding().await?;
    Ok(ok(BrandingData {
        platform_name: b.platform_name,
        logo_url: logo_url(b.logo_version),
        default_page_size: b.default_page_size,
    }))
}

/// The logo image; public (no token). The `v` parameter only changes the address when the
/// logo changes.
#[utoipa::path(get, path = "/api/common/branding/logo", tag = "common",
    operation_id = "brandingLogo",
    responses(
        (status = 200, description = "The logo image (PNG, JPEG or WebP)", content_type = "image/*")))]
async fn branding_logo(State(s): State<AppState>) -> Result<Response, ApiError> {
    let Some(logo) = s.app.branding_logo().await? else {
        return Err(ApiError(service::Error::NotFound("未设置 Logo".to_owned())));
    };
    let mut response = Body::from(logo.bytes).into_response();
    let headers = response.headers_mut();
    if let Ok(value) = HeaderValue::from_str(&logo.content_type) {
        headers.insert(header::CONTENT_TYPE, value);
    }
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=86400"),
    );
    Ok(response)
}
