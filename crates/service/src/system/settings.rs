//! Settings (安全设置 and 系统设置): one row of the `setting` table per group, its values as one
//! JSON document, so that every instance reads the same values. A group without a row has its
//! defaults. Reads go through a small per-process cache that a save clears at once and that
//! forgets anything older than [`CACHE_TTL`] (another instance's save shows within that time).

use crate::audit::log_change;
use crate::auth::settings::SecuritySettings;
use crate::error::{FieldChecks, OrInvalid};
use crate::principal::{ClientInfo, Principal};
use crate::{Beehive, Error, Result};
use chrono::Utc;
use domain::text;
use object_store::path::Path as ObjectPath;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use store::entity::setting;
use store::sea_orm::{ActiveModelTrait, ConnectionTrait, EntityTrait, Set};

/// The page permission of 安全设置; it is also the permission to save (config screens have no
/// separate button permission).
use domain::permission::codes::CONFIG_SECURITY as SECURITY;
/// The page permission of 系统设置, also the permission to save and to change the logo.
use domain::permission::codes::CONFIG_SYSTEM as SYSTEM;

const SECURITY_KEY: &str = "security";
const SYSTEM_KEY: &str = "system";

/// How long a value read from the database is trusted without reading it again.
pub const CACHE_TTL: Duration = Duration::from_secs(2);

/// A cached row value and when it was read.
type Cached = (Instant, Option<serde_json::Value>);

/// The per-process cache of setting rows.
#[derive(Clone, Default)]
pub struct Cache(Arc<Mutex<HashMap<&'static str, Cached>>>);

impl Cache {
    fn get(&self, key: &'static str) -> Option<Option<serde_json::Value>> {
        let map = self.0.lock().ok()?;
        map.get(key)
            .filter(|(at, _)| at.elapsed() < CACHE_TTL)
            .map(|(_, v)| v.clone())
    }

    fn put(&self, key: &'static str, value: Option<serde_json::Value>) {
        if let Ok(mut map) = self.0.lock() {
            map.insert(key, (Instant::now(), value));
        }
    }

    fn forget(&self, key: &'static str) {
        if let Ok(mut map) = self.0.lock() {
            map.remove(key);
        }
    }
}

/// 安全设置 as the screen shows and saves it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SecurityConfig {
    /// Token lifetime in minutes, 5..=1440.
    pub token_minutes: u32,
    /// Refresh-token lifetime in hours, 1..=720.
    pub refresh_hours: u32,
    pub single_session: bool,
    /// Failed sign-ins of one account before it is locked, 1..=20.
    pub max_failures: u32,
    /// Minutes a lock lasts (and the window failures are counted in), 1..=1440.
    pub lock_minutes: u32,
    /// Days an administrator's password is valid, 0 (never expires)..=365.
    pub password_expiry_days: u32,
    pub sms_per_minute: u32,
    pub sms_per_day: u32,
    pub sms_per_ip_per_hour: u32,
    /// IPv4/IPv6 addresses or CIDR ranges allowed to call the admin API; empty = everyone.
    pub ip_allow_list: Vec<String>,
}

fn whole(d: Duration, unit: u64) -> u32 {
    u32::try_from(d.as_secs() / unit).unwrap_or(u32::MAX)
}

impl SecurityConfig {
    /// The editable values of `base` (the defaults when nothing was saved).
    pub fn from_settings(base: &SecuritySettings) -> Self {
        SecurityConfig {
            token_minutes: whole(base.token_lifetime, 60),
            refresh_hours: whole(base.refresh_lifetime, 3600),
            single_session: base.single_session,
            max_failures: u32::try_from(base.max_failures).unwrap_or(5),
            lock_minutes: whole(base.lock_duration, 60),
            password_expiry_days: base.password_expiry_days,
            sms_per_minute: u32::try_from(base.sms_per_minute).unwrap_or(1),
            sms_per_day: u32::try_from(base.sms_per_day).unwrap_or(10),
            sms_per_ip_per_hour: u32::try_from(base.sms_per_ip_per_hour).unwrap_or(30),
            ip_allow_list: base.ip_allow_list.clone(),
        }
    }

    /// `base` with these values in place of its editable ones.
    fn apply(&self, base: &SecuritySettings) -> SecuritySettings {
        SecuritySettings {
            token_lifetime: Duration::from_secs(u64::from(self.token_minutes) * 60),
            refresh_lifetime: Duration::from_secs(u64::from(self.refresh_hours) * 3600),
            single_session: self.single_session,
            max_failures: i32::try_from(self.max_failures).unwrap_or(5),
            lock_duration: Duration::from_secs(u64::from(self.lock_minutes) * 60),
            password_expiry_days: self.password_expiry_days,
            sms_per_minute: u64::from(self.sms_per_minute),
            sms_per_day: u64::from(self.sms_per_day),
            sms_per_ip_per_hour: u64::from(self.sms_per_ip_per_hour),
            ip_allow_list: self.ip_allow_list.clone(),
            ..base.clone()
        }
    }
}

fn in_range(field: &str, label: &str, value: u32, min: u32, max: u32, unit: &str) -> Result<()> {
    if (min..=max).contains(&value) {
        Ok(())
    } else {
        Err(Error::invalid(
            field,
            format!("{label}须在 {min} 到 {max}{unit}之间"),
        ))
    }
}

/// One allow-list entry: an address, or an address and a prefix length.
fn parse_entry(entry: &str) -> Option<(IpAddr, u32)> {
    let (addr, prefix) = match entry.split_once('/') {
        Some((addr, prefix)) => (addr, Some(prefix)),
        None => (entry, None),
    };
    let addr: IpAddr = addr.trim().parse().ok()?;
    let max = if addr.is_ipv4() { 32 } else { 128 };
    let prefix = match prefix {
        Some(p) => p.trim().parse::<u32>().ok().filter(|p| *p <= max)?,
        None => max,
    };
    Some((addr, prefix))
}

/// Whether `ip` is `entry` or inside its range.
fn entry_matches(entry: &str, ip: IpAddr) -> bool {
    let Some((addr, prefix)) = parse_entry(entry) else {
        return false;
    };
    match (addr.to_canonical(), ip.to_canonical()) {
        (IpAddr::V4(a), IpAddr::V4(b)) => {
            let shift = 32 - prefix;
            u32::from(a).checked_shr(shift).unwrap_or(0)
                == u32::from(b).checked_shr(shift).unwrap_or(0)
        }
        (IpAddr::V6(a), IpAddr::V6(b)) => {
            let shift = 128 - prefix;
            u128::from(a).checked_shr(shift).unwrap_or(0)
                == u128::from(b).checked_shr(shift).unwrap_or(0)
        }
        _ => false,
    }
}

/// Whether a request from `ip` may call the admin API under `list`.
pub fn ip_allowed(list: &[String], ip: Option<&str>) -> bool {
    if list.is_empty() {
        return true;
    }
    let Some(ip) = ip.and_then(|ip| ip.parse::<IpAddr>().ok()) else {
        return false;
    };
    list.iter().any(|entry| entry_matches(entry, ip))
}

/// The checked configuration: ranges, and the allow-list trimmed, de-duplicated and parsed.
fn check_security(input: &SecurityConfig) -> Result<SecurityConfig> {
    // Every field's mistake in one answer.
    let mut c = FieldChecks::default();
    c.check(in_range(
        "tokenMinutes",
        "令牌有效期",
        input.token_minutes,
        5,
        1440,
        " 分钟",
    ))?;
    c.check(in_range(
        "refreshHours",
        "刷新令牌有效期",
        input.refresh_hours,
        1,
        720,
        " 小时",
    ))?;
    c.check(in_range(
        "maxFailures",
        "登录失败锁定次数",
        input.max_failures,
        1,
        20,
        " 次",
    ))?;
    c.check(in_range(
        "lockMinutes",
        "锁定时长",
        input.lock_minutes,
        1,
        1440,
        " 分钟",
    ))?;
    c.check(in_range(
        "passwordExpiryDays",
        "密码有效期",
        input.password_expiry_days,
        0,
        365,
        " 天",
    ))?;
    c.check(in_range(
        "smsPerMinute",
        "同一手机号每分钟短信数",
        input.sms_per_minute,
        1,
        10,
        " 条",
    ))?;
    c.check(in_range(
        "smsPerDay",
        "同一手机号每天短信数",
        input.sms_per_day,
        1,
        100,
        " 条",
    ))?;
    c.check(in_range(
        "smsPerIpPerHour",
        "同一 IP 每小时短信数",
        input.sms_per_ip_per_hour,
        1,
        1000,
        " 条",
    ))?;
    let mut list: Vec<String> = Vec::new();
    for entry in &input.ip_allow_list {
        let entry = entry.trim();
        if entry.is_empty() {
            continue;
        }
        if parse_entry(entry).is_none() {
            if !c.failed("ipAllowList") {
                c.fail(
                    "ipAllowList",
                    format!("{entry} 不是有效的 IP 地址或 CIDR 网段"),
                );
            }
            continue;
        }
        if !list.iter().any(|e| e == entry) {
            list.push(entry.to_owned());
        }
    }
    if list.len() > 100 && !c.failed("ipAllowList") {
        c.fail("ipAllowList", "IP 白名单最多 100 条");
    }
    c.finish()?;
    Ok(SecurityConfig {
        ip_allow_list: list,
        ..input.clone()
    })
}

/// The logo kept in object storage.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Logo {
    pub object_name: String,
    pub content_type: String,
    /// Changes with every upload (epoch milliseconds); part of the logo's address.
    pub version: i64,
}

/// 系统设置 as stored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct SystemConfig {
    /// Empty = the built-in application title of each language.
    pub platform_name: String,
    pub service_phone: String,
    pub service_email: String,
    /// 10, 20, 30 or 50.
    pub page_size: u32,
    /// MiB, 1..=100.
    pub upload_limit_mib: u32,
    /// An IANA zone from [`TIME_ZONES`].
    pub time_zone: String,
    pub logo: Option<Logo>,
}

impl Default for SystemConfig {
    fn default() -> Self {
        SystemConfig {
            platform_name: String::new(),
            service_phone: String::new(),
            service_email: String::new(),
            page_size: 10,
            upload_limit_mib: 10,
            time_zone: "Asia/Shanghai".to_owned(),
            logo: None,
        }
    }
}

/// What the 系统设置 screen saves (the logo has its own calls).
#[derive(Debug, Clone, Default)]
pub struct SystemInput {
    pub platform_name: String,
    pub service_phone: String,
    pub service_email: String,
    pub page_size: u32,
    pub upload_limit_mib: u32,
    pub time_zone: String,
}

/// The business time zones one may choose.
pub const TIME_ZONES: &[&str] = &[
    "Asia/Shanghai",
    "Asia/Hong_Kong",
    "Asia/Taipei",
    "Asia/Singapore",
    "Asia/Tokyo",
    "Asia/Seoul",
    "Asia/Bangkok",
    "Asia/Jakarta",
    "Asia/Kolkata",
    "Asia/Dubai",
    "Europe/London",
    "Europe/Paris",
    "Europe/Berlin",
    "Europe/Madrid",
    "Europe/Moscow",
    "America/New_York",
    "America/Chicago",
    "America/Denver",
    "America/Los_Angeles",
    "America/Mexico_City",
    "America/Sao_Paulo",
    "Australia/Sydney",
    "UTC",
];

pub const PAGE_SIZES: &[u32] = &[10, 20, 30, 50];

/// Largest logo accepted.
pub const LOGO_MAX_BYTES: usize = 512 * 1024;

fn is_email(value: &str) -> bool {
    let Some((local, domain)) = value.split_once('@') else {
        return false;
    };
    !local.is_empty()
        && !domain.contains('@')
        && domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && !value.chars().any(char::is_whitespace)
}

fn check_system(input: &SystemInput) -> Result<SystemInput> {
    // Every field's mistake in one answer.
    let mut c = FieldChecks::default();
    let platform_name = c.check(
        text::optional(Some(&input.platform_name), 32)
            .or_invalid_as("platformName", "平台名称")
            .map(Option::unwrap_or_default),
    )?;
    let service_phone = c.check(
        text::optional(Some(&input.service_phone), 32)
            .or_invalid_as("servicePhone", "客服电话")
            .map(Option::unwrap_or_default),
    )?;
    if let Some(phone) = &service_phone
        && !phone
            .chars()
            .all(|c| c.is_ascii_digit() || " +-()".contains(c))
    {
        c.fail("servicePhone", "客服电话只能包含数字、空格和 + - ( )");
    }
    let service_email = c.check(
        text::optional(Some(&input.service_email), 64)
            .or_invalid_as("serviceEmail", "客服邮箱")
            .map(Option::unwrap_or_default),
    )?;
    if let Some(email) = &service_email
        && !email.is_empty()
        && !is_email(email)
    {
        c.fail("serviceEmail", "请输入正确的邮箱地址");
    }
    if !PAGE_SIZES.contains(&input.page_size) {
        c.fail("pageSize", "默认每页条数只能是 10、20、30 或 50");
    }
    c.check(in_range(
        "uploadLimitMib",
        "上传文件大小上限",
        input.upload_limit_mib,
        1,
        100,
        " MB",
    ))?;
    let time_zone = input.time_zone.trim();
    if !TIME_ZONES.contains(&time_zone) {
        c.fail("timeZone", "请选择列表中的时区");
    }
    let (Some(platform_name), Some(service_phone), Some(service_email)) =
        (platform_name, service_phone, service_email)
    else {
        return Err(c.into_error());
    };
    c.finish()?;
    Ok(SystemInput {
        platform_name,
        service_phone,
        service_email,
        time_zone: time_zone.to_owned(),
        ..input.clone()
    })
}

/// The image type of `bytes` by its first bytes: PNG, JPEG or WebP.
pub fn image_type(bytes: &[u8]) -> Option<&'static str> {
    crate::files::sniff(bytes).filter(|t| matches!(*t, "image/png" | "image/jpeg" | "image/webp"))
}

/// What the sign-in page and the workspace show as the platform's identity.
#[derive(Debug, Clone)]
pub struct Branding {
    /// Empty = the built-in title.
    pub platform_name: String,
    pub logo_version: Option<i64>,
    /// The rows a list shows before the user picks another size (10, 20, 30 or 50).
    pub default_page_size: u32,
}

/// The logo image.
#[derive(Debug, Clone)]
pub struct LogoImage {
    pub content_type: String,
    pub bytes: bytes::Bytes,
}

async fn write_row(
    conn: &impl ConnectionTrait,
    me: &Principal,
    key: &str,
    existing: Option<setting::Model>,
    value: serde_json::Value,
    now: chrono::DateTime<Utc>,
) -> Result<()> {
    match existing {
        Some(row) => {
            setting::ActiveModel {
                key: Set(row.key),
                value: Set(value),
                updated_at: Set(now),
                updated_by: Set(Some(me.user_id)),
                version: Set(row.version + 1),
                ..Default::default()
            }
            .update(conn)
            .await?;
        }
        None => {
            setting::ActiveModel {
                key: Set(key.to_owned()),
                value: Set(value),
                created_at: Set(now),
                created_by: Set(Some(me.user_id)),
                updated_at: Set(now),
                updated_by: Set(Some(me.user_id)),
                version: Set(0),
            }
            .insert(conn)
            .await?;
        }
    }
    Ok(())
}

impl Beehive {
    /// The stored value of a group, through the cache.
    async fn setting_value(&self, key: &'static str) -> Result<Option<serde_json::Value>> {
        if let Some(cached) = self.settings_cache.get(key) {
            return Ok(cached);
        }
        let value = setting::Entity::find_by_id(key.to_owned())
            .one(&self.db)
            .await?
            .map(|row| row.value);
        self.settings_cache.put(key, value.clone());
        Ok(value)
    }

    async fn stored_security(&self) -> Result<SecurityConfig> {
        Ok(match self.setting_value(SECURITY_KEY).await? {
            Some(value) => serde_json::from_value(value).map_err(Error::internal)?,
            None => SecurityConfig::from_settings(&self.security),
        })
    }

    async fn stored_system(&self) -> Result<SystemConfig> {
        Ok(match self.setting_value(SYSTEM_KEY).await? {
            Some(value) => serde_json::from_value(value).map_err(Error::internal)?,
            None => SystemConfig::default(),
        })
    }

    /// 系统设置's time zone (Asia/Shanghai until it is saved).
    pub async fn time_zone(&self) -> Result<chrono_tz::Tz> {
        Ok(crate::clock::zone(&self.stored_system().await?.time_zone))
    }

    /// Today's business date in 系统设置's time zone.
    pub async fn business_date(&self) -> Result<chrono::NaiveDate> {
        Ok(crate::clock::business_date(
            self.clock.now(),
            self.time_zone().await?,
        ))
    }

    /// The largest upload 系统设置 allows (its upload limit, in MiB).
    pub async fn upload_limit_mib(&self) -> Result<u32> {
        Ok(self.stored_system().await?.upload_limit_mib)
    }

    /// The security settings in force now (sign-in, refresh, locks and SMS limits read this):
    /// the start-up settings as they are until 安全设置 was saved (a sub-minute start-up token
    /// lifetime survives), else the saved values over them.
    pub(crate) async fn current_security(&self) -> Result<SecuritySettings> {
        Ok(match self.setting_value(SECURITY_KEY).await? {
            Some(value) => serde_json::from_value::<SecurityConfig>(value)
                .map_err(Error::internal)?
                .apply(&self.security),
            None => (*self.security).clone(),
        })
    }

    /// Whether a request from `ip` may call the admin API (the IP allow-list).
    pub async fn admin_ip_allowed(&self, ip: Option<&str>) -> Result<bool> {
        Ok(ip_allowed(&self.stored_security().await?.ip_allow_list, ip))
    }

    /// 安全设置 as saved (or the defaults).
    pub async fn security_config(&self, me: &Principal) -> Result<SecurityConfig> {
        me.require(SECURITY)?;
        self.stored_security().await
    }

    /// Saves 安全设置; sign-in honours the new values from the next request on.
    pub async fn update_security_config(
        &self,
        me: &Principal,
        client: &ClientInfo,
        input: &SecurityConfig,
    ) -> Result<SecurityConfig> {
        me.require(SECURITY)?;
        let after = check_security(input)?;
        if !ip_allowed(&after.ip_allow_list, client.ip.as_deref()) {
            return Err(Error::Conflict(
                "保存后您当前的 IP 将无法访问，请先将其加入白名单".to_owned(),
            ));
        }
        let txn = store::begin_write(&self.db).await?;
        let existing = setting::Entity::find_by_id(SECURITY_KEY.to_owned())
            .one(&txn)
            .await?;
        let before = match &existing {
            Some(row) => serde_json::from_value(row.value.clone()).map_err(Error::internal)?,
            None => SecurityConfig::from_settings(&self.security),
        };
        let value = serde_json::to_value(&after).map_err(Error::internal)?;
        write_row(
            &txn,
            me,
            SECURITY_KEY,
            existing,
            value.clone(),
            self.clock.now(),
        )
        .await?;
        log_change(
            &txn,
            me,
            client,
            "setting.update_security",
            "setting",
            None,
            serde_json::json!({ "key": SECURITY_KEY, "before": before, "after": value }),
            self.clock.now(),
        )
        .await?;
        txn.commit().await?;
        self.settings_cache.forget(SECURITY_KEY);
        Ok(after)
    }

    /// 系统设置 as saved (or the defaults).
    pub async fn system_config(&self, me: &Principal) -> Result<SystemConfig> {
        me.require(SYSTEM)?;
        self.stored_system().await
    }

    /// Saves 系统设置 (the logo is kept).
    pub async fn update_system_config(
        &self,
        me: &Principal,
        client: &ClientInfo,
        input: &SystemInput,
    ) -> Result<SystemConfig> {
        me.require(SYSTEM)?;
        let checked = check_system(input)?;
        self.change_system(me, client, "setting.update_system", |before| {
            Ok(SystemConfig {
                platform_name: checked.platform_name.clone(),
                service_phone: checked.service_phone.clone(),
                service_email: checked.service_email.clone(),
                page_size: checked.page_size,
                upload_limit_mib: checked.upload_limit_mib,
                time_zone: checked.time_zone.clone(),
                logo: before.logo.clone(),
            })
        })
        .await
        .map(|(after, _)| after)
    }

    /// Reads, changes and writes 系统设置 in one transaction with its log entry; answers the
    /// new and the old values.
    async fn change_system(
        &self,
        me: &Principal,
        client: &ClientInfo,
        action: &str,
        change: impl FnOnce(&SystemConfig) -> Result<SystemConfig>,
    ) -> Result<(SystemConfig, SystemConfig)> {
        let txn = store::begin_write(&self.db).await?;
        let existing = setting::Entity::find_by_id(SYSTEM_KEY.to_owned())
            .one(&txn)
            .await?;
        let before: SystemConfig = match &existing {
            Some(row) => serde_json::from_value(row.value.clone()).map_err(Error::internal)?,
            None => SystemConfig::default(),
        };
        let after = change(&before)?;
        let value = serde_json::to_value(&after).map_err(Error::internal)?;
        write_row(
            &txn,
            me,
            SYSTEM_KEY,
            existing,
            value.clone(),
            self.clock.now(),
        )
        .await?;
        log_change(
            &txn,
            me,
            client,
            action,
            "setting",
            None,
            serde_json::json!({ "key": SYSTEM_KEY, "before": before, "after": value }),
            self.clock.now(),
        )
        .await?;
        txn.commit().await?;
        self.settings_cache.forget(SYSTEM_KEY);
        Ok((after, before))
    }

    /// Replaces the logo with `bytes` (PNG, JPEG or WebP by content, at most 512 KiB).
    pub async fn upload_logo(
        &self,
        me: &Principal,
        client: &ClientInfo,
        bytes: bytes::Bytes,
    ) -> Result<SystemConfig> {
        me.require(SYSTEM)?;
        if bytes.is_empty() {
            return Err(Error::invalid("file", "请选择图片文件"));
        }
        if bytes.len() > LOGO_MAX_BYTES {
            return Err(Error::invalid("file", "Logo 图片不能超过 512 KB"));
        }
        let Some(content_type) = image_type(&bytes) else {
            return Err(Error::invalid("file", "Logo 只能是 PNG、JPEG 或 WebP 图片"));
        };
        let version = self.clock.now().timestamp_millis();
        let object_name = format!("branding/logo-{version}");
        self.storage
            .store
            .put(&ObjectPath::from(object_name.as_str()), bytes.into())
            .await
            .map_err(Error::internal)?;
        let logo = Logo {
            object_name,
            content_type: content_type.to_owned(),
            version,
        };
        let (after, before) = self
            .change_system(me, client, "setting.upload_logo", |before| {
                Ok(SystemConfig {
                    logo: Some(logo.clone()),
                    ..before.clone()
                })
            })
            .await?;
        self.remove_logo_object(before.logo.as_ref()).await;
        Ok(after)
    }

    /// Removes the logo: the built-in bee logo shows again.
    pub async fn delete_logo(&self, me: &Principal, client: &ClientInfo) -> Result<SystemConfig> {
        me.require(SYSTEM)?;
        let (after, before) = self
            .change_system(me, client, "setting.delete_logo", |before| {
                Ok(SystemConfig {
                    logo: None,
                    ..before.clone()
                })
            })
            .await?;
        self.remove_logo_object(before.logo.as_ref()).await;
        Ok(after)
    }

    async fn remove_logo_object(&self, logo: Option<&Logo>) {
        if let Some(logo) = logo
            && let Err(err) = self
                .storage
                .store
                .delete(&ObjectPath::from(logo.object_name.as_str()))
                .await
        {
            tracing::warn!(error = %err, "could not delete the previous logo");
        }
    }

    /// The platform name and logo version anyone may read (the sign-in page shows them).
    pub async fn branding(&self) -> Result<Branding> {
        let system = self.stored_system().await?;
        Ok(Branding {
            platform_name: system.platform_name,
            logo_version: system.logo.map(|l| l.version),
            default_page_size: system.page_size,
        })
    }

    /// The logo image, if one is set.
    pub async fn branding_logo(&self) -> Result<Option<LogoImage>> {
        let Some(logo) = self.stored_system().await?.logo else {
            return Ok(None);
        };
        let path = ObjectPath::from(logo.object_name.as_str());
        let found = match self.storage.store.get(&path).await {
            Ok(found) => found,
            Err(object_store::Error::NotFound { .. }) => return Ok(None),
            Err(other) => return Err(Error::internal(other)),
        };
        let bytes = found.bytes().await.map_err(Error::internal)?;
        Ok(Some(LogoImage {
            content_type: logo.content_type,
            bytes,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn allow_list_matches_addresses_and_ranges() {
        let list = vec![
            "10.0.0.0/8".to_owned(),
            "192.168.1.7".to_owned(),
            "2001:db8::/32".to_owned(),
        ];
        assert!(ip_allowed(&list, Some("10.20.30.40")));
        assert!(ip_allowed(&list, Some("192.168.1.7")));
        assert!(!ip_allowed(&list, Some("192.168.1.8")));
        assert!(ip_allowed(&list, Some("2001:db8:1::5")));
        assert!(!ip_allowed(&list, Some("2001:db9::1")));
        assert!(!ip_allowed(&list, Some("127.0.0.1")));
        assert!(!ip_allowed(&list, None));
        assert!(ip_allowed(&[], None));
        assert!(ip_allowed(&["0.0.0.0/0".to_owned()], Some("8.8.8.8")));
        assert!(ip_allowed(
            &["10.0.0.0/8".to_owned()],
            Some("::ffff:10.1.2.3")
        ));
    }

    #[test]
    fn entries_are_checked() {
        for bad in ["10.0.0.0/33", "abc", "10.0.0/8", "::1/129", "1.2.3.4/"] {
            assert!(parse_entry(bad).is_none(), "{bad}");
        }
        for good in ["10.0.0.0/8", "::1", "fe80::/10", "1.2.3.4"] {
            assert!(parse_entry(good).is_some(), "{good}");
        }
    }

    #[test]
    fn image_types_by_magic_bytes() {
        assert_eq!(image_type(b"\x89PNG\r\n\x1a\nxxxx"), Some("image/png"));
        assert_eq!(image_type(&[0xFF, 0xD8, 0xFF, 0xE0]), Some("image/jpeg"));
        assert_eq!(image_type(b"RIFF\0\0\0\0WEBPVP8 "), Some("image/webp"));
        assert_eq!(image_type(b"<svg xmlns=..."), None);
        assert_eq!(image_type(b"GIF89a"), None);
    }

    #[test]
    fn emails() {
        assert!(is_email("service@example.com"));
        assert!(!is_email("service@example"));
        assert!(!is_email("a b@example.com"));
        assert!(!is_email("@example.com"));
    }
}
