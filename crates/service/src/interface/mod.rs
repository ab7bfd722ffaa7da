//! Outside providers (短信/OCR接口配置): which SMS and OCR services the platform uses, with
//! their API keys encrypted at rest, and the sending of SMS through the configured one.
//!
//! The API never answers a secret: reads say whether one is set; an update without a new
//! secret keeps the stored one. Operation-log entries name the fields that changed, never a
//! secret's value.

pub mod aliyun;
pub mod bestsign;
pub mod esign;
mod sms;
pub mod templates;
pub mod usage;

pub use sms::SmsGateway;

use crate::audit::log_change;
use crate::error::OrInvalid;
use crate::principal::{ClientInfo, Principal};
use crate::secret::UNREADABLE;
use crate::{Beehive, Error, Result};
use domain::text;
use serde::{Deserialize, Serialize};
use store::entity::provider_config;
use store::sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set,
};

/// The page permission of 短信/OCR接口配置: reading and saving.
use domain::permission::codes::CONFIG_ICL_INTERFACE as INTERFACE_CONFIG;

pub const SMS_OUTBOX: &str = "outbox";
pub const SMS_ALIYUN: &str = "aliyun";
pub const OCR_MANUAL: &str = "manual";
pub const ALIYUN_ENDPOINT: &str = "https://dysmsapi.aliyuncs.com";

pub(crate) const SLOT_SMS: &str = "sms";
const SLOT_OCR: &str = "ocr";

/// The SMS provider as the screen shows it (no secret).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SmsConfigView {
    /// `outbox` or `aliyun`.
    pub kind: String,
    pub endpoint: String,
    pub access_key_id: String,
    pub sign_name: String,
    pub access_key_secret_set: bool,
    /// Set when the stored secret no longer decrypts (the server key changed).
    pub access_key_secret_error: Option<String>,
}

/// The OCR provider as the screen shows it (no secret).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OcrConfigView {
    /// `manual` (staff type the data in).
    pub kind: String,
    pub endpoint: String,
    pub app_key: String,
    pub app_secret_set: bool,
    pub app_secret_error: Option<String>,
}

#[derive(Debug, Clone)]
pub struct InterfaceConfig {
    pub sms: SmsConfigView,
    pub ocr: OcrConfigView,
}

/// What the SMS card saves. An absent or empty secret keeps the stored one.
#[derive(Debug, Clone, Default)]
pub struct SmsConfigInput {
    pub kind: String,
    pub endpoint: Option<String>,
    pub access_key_id: Option<String>,
    pub access_key_secret: Option<String>,
    pub sign_name: Option<String>,
}

/// What the OCR card saves. An absent or empty secret keeps the stored one.
#[derive(Debug, Clone, Default)]
pub struct OcrConfigInput {
    pub kind: String,
    pub endpoint: Option<String>,
    pub app_key: Option<String>,
    pub app_secret: Option<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
struct SmsSettings {
    endpoint: String,
    access_key_id: String,
    sign_name: String,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
struct OcrSettings {
    endpoint: String,
    app_key: String,
}

/// A stored secret, decrypted.
enum Stored {
    None,
    Readable(String),
    Unreadable,
}

impl Stored {
    fn is_set(&self) -> bool {
        !matches!(self, Stored::None)
    }
    fn error(&self) -> Option<String> {
        matches!(self, Stored::Unreadable).then(|| UNREADABLE.to_owned())
    }
}

/// Checks an endpoint URL: https, or http only on this machine (127.0.0.1 / localhost).
pub(crate) fn check_endpoint(field: &str, label: &str, value: &str) -> Result<String> {
    let value = value.trim();
    if value.is_empty() {
        return Err(Error::invalid(field, format!("{label}不能为空")));
    }
    if value.chars().count() > 255 {
        return Err(Error::invalid(field, format!("{label}不能超过 255 个字符")));
    }
    let parsed = url::Url::parse(value)
        .map_err(|_| Error::invalid(field, format!("{label}不是有效的网址")))?;
    let host = parsed.host_str().unwrap_or_default();
    let local = matches!(host, "127.0.0.1" | "localhost" | "[::1]");
    match parsed.scheme() {
        "https" if !host.is_empty() => {}
        "http" if local => {}
        "http" => {
            return Err(Error::invalid(
                field,
                format!("{label}须使用 https（仅本机地址可用 http）"),
            ));
        }
        _ => return Err(Error::invalid(field, format!("{label}不是有效的网址"))),
    }
    Ok(value.trim_end_matches('/').to_owned())
}

/// A new secret given in an update (absent or blank means "keep").
fn new_secret(field: &str, label: &str, value: Option<&str>) -> Result<Option<String>> {
    let value = value.unwrap_or_default().trim();
    if value.is_empty() {
        return Ok(None);
    }
    if value.chars().count() > 256 {
        return Err(Error::invalid(field, format!("{label}不能超过 256 个字符")));
    }
    Ok(Some(value.to_owned()))
}

async fn load_slot(
    conn: &impl ConnectionTrait,
    slot: &str,
) -> Result<Option<provider_config::Model>> {
    Ok(provider_config::Entity::find()
        .filter(provider_config::Column::Slot.eq(slot))
        .one(conn)
        .await?)
}

fn settings_of<T: for<'de> Deserialize<'de> + Default>(row: Option<&provider_config::Model>) -> T {
    row.and_then(|r| serde_json::from_str(&r.settings).ok())
        .unwrap_or_default()
}

/// Diffs two JSON objects by key: the names of the fields whose values differ.
fn changed_fields(old: &serde_json::Value, new: &serde_json::Value) -> Vec<String> {
    let (Some(old), Some(new)) = (old.as_object(), new.as_object()) else {
        return Vec::new();
    };
    new.iter()
        .filter(|(k, v)| old.get(*k) != Some(*v))
        .map(|(k, _)| k.clone())
        .collect()
}

/// The secret of a configuration slot, decrypted.
fn stored_secret(
    secrets: &crate::secret::SecretKey,
    row: Option<&provider_config::Model>,
) -> Stored {
    match row.and_then(|r| r.secret.as_deref()) {
        None => Stored::None,
        Some(sealed) => match secrets.decrypt(sealed) {
            Ok(plain) => Stored::Readable(plain),
            Err(_) => Stored::Unreadable,
        },
    }
}

impl Beehive {
    fn stored_secret(&self, row: Option<&provider_config::Model>) -> Stored {
        stored_secret(&self.secrets, row)
    }

    /// Saves one slot (insert or update) with an optional new secret, and logs the change.
    #[allow(clippy::too_many_arguments)]
    async fn save_slot(
        &self,
        me: &Principal,
        client: &ClientInfo,
        slot: &str,
        kind: &str,
        settings: serde_json::Value,
        secret: Option<String>,
        secret_field: &str,
    ) -> Result<()> {
        let now = self.clock.now();
        let txn = store::begin_write(&self.db).await?;
        let row = load_slot(&txn, slot).await?;
        let mut before = row
            .as_ref()
            .and_then(|r| serde_json::from_str::<serde_json::Value>(&r.settings).ok())
            .unwrap_or_else(|| serde_json::json!({}));
        if let Some(obj) = before.as_object_mut() {
            obj.insert(
                "kind".to_owned(),
                serde_json::Value::String(
                    row.as_ref()
                        .map_or_else(|| default_kind(slot).to_owned(), |r| r.kind.clone()),
                ),
            );
        }
        let mut after = settings.clone();
        if let Some(obj) = after.as_object_mut() {
            obj.insert(
                "kind".to_owned(),
                serde_json::Value::String(kind.to_owned()),
            );
        }
        let mut changed = changed_fields(&before, &after);
        let sealed = secret.as_deref().map(|s| self.secrets.encrypt(s));
        if sealed.is_some() {
            changed.push(secret_field.to_owned());
        }
        let settings_text = settings.to_string();
        let id = match row {
            Some(row) => {
                let id = row.id;
                let version = row.version;
                let keep_secret = row.secret.clone();
                let mut active: provider_config::ActiveModel = row.into();
                active.kind = Set(kind.to_owned());
                active.settings = Set(settings_text);
                active.secret = Set(sealed.or(keep_secret));
                active.updated_at = Set(now);
                active.updated_by = Set(Some(me.user_id));
                active.version = Set(version + 1);
                active.update(&txn).await?;
                id
            }
            None => {
                provider_config::ActiveModel {
                    slot: Set(slot.to_owned()),
                    kind: Set(kind.to_owned()),
                    settings: Set(settings_text),
                    secret: Set(sealed),
                    created_at: Set(now),
                    created_by: Set(Some(me.user_id)),
                    updated_at: Set(now),
                    updated_by: Set(Some(me.user_id)),
                    version: Set(0),
                    ..Default::default()
                }
                .insert(&txn)
                .await?
                .id
            }
        };
        log_change(
            &txn,
            me,
            client,
            &format!("provider_config.{slot}"),
            "provider_config",
            Some(id),
            serde_json::json!({ "slot": slot, "kind": kind, "changed": changed }),
            self.clock.now(),
        )
        .await?;
        txn.commit().await?;
        Ok(())
    }

    async fn sms_view(&self) -> Result<SmsConfigView> {
        let row = load_slot(&self.db, SLOT_SMS).await?;
        let settings: SmsSettings = settings_of(row.as_ref());
        let secret = self.stored_secret(row.as_ref());
        Ok(SmsConfigView {
            kind: row
                .as_ref()
                .map_or(SMS_OUTBOX, |r| r.kind.as_str())
                .to_owned(),
            endpoint: if settings.endpoint.is_empty() {
                ALIYUN_ENDPOINT.to_owned()
            } else {
                settings.endpoint
            },
            access_key_id: settings.access_key_id,
            sign_name: settings.sign_name,
            access_key_secret_set: secret.is_set(),
            access_key_secret_error: secret.error(),
        })
    }

    async fn ocr_view(&self) -> Result<OcrConfigView> {
        let row = load_slot(&self.db, SLOT_OCR).await?;
        let settings: OcrSettings = settings_of(row.as_ref());
        let secret = self.stored_secret(row.as_ref());
        Ok(OcrConfigView {
            kind: row
                .as_ref()
                .map_or(OCR_MANUAL, |r| r.kind.as_str())
                .to_owned(),
            endpoint: settings.endpoint,
            app_key: settings.app_key,
            app_secret_set: secret.is_set(),
            app_secret_error: secret.error(),
        })
    }

    /// Both provider configurations, without their secrets.
    pub async fn interface_config(&self, me: &Principal) -> Result<InterfaceConfig> {
        me.require(INTERFACE_CONFIG)?;
        Ok(InterfaceConfig {
            sms: self.sms_view().await?,
            ocr: self.ocr_view().await?,
        })
    }

    /// Saves the SMS provider.
    pub async fn update_sms_config(
        &self,
        me: &Principal,
        client: &ClientInfo,
        input: SmsConfigInput,
    ) -> Result<()> {
        me.require(INTERFACE_CONFIG)?;
        let kind = input.kind.trim();
        let aliyun = match kind {
            SMS_OUTBOX => false,
            SMS_ALIYUN => true,
            _ => return Err(Error::invalid("kind", "短信服务商须为 outbox 或 aliyun")),
        };
        let endpoint = match input.endpoint.as_deref().map(str::trim) {
            Some(e) if !e.is_empty() => check_endpoint("endpoint", "接口地址", e)?,
            _ if aliyun => ALIYUN_ENDPOINT.to_owned(),
            _ => String::new(),
        };
        let access_key_id = text::required_if(input.access_key_id.as_deref(), 128, aliyun)
            .or_invalid_as("accessKeyId", "AccessKey ID")?;
        let sign_name = text::required_if(input.sign_name.as_deref(), 32, aliyun)
            .or_invalid_as("signName", "短信签名")?;
        let secret = new_secret(
            "accessKeySecret",
            "AccessKey Secret",
            input.access_key_secret.as_deref(),
        )?;
        if aliyun && secret.is_none() {
            match self.stored_secret(load_slot(&self.db, SLOT_SMS).await?.as_ref()) {
                Stored::Readable(_) => {}
                Stored::None => {
                    return Err(Error::invalid(
                        "accessKeySecret",
                        "AccessKey Secret不能为空",
                    ));
                }
                Stored::Unreadable => return Err(Error::invalid("accessKeySecret", UNREADABLE)),
            }
        }
        let settings = serde_json::to_value(SmsSettings {
            endpoint,
            access_key_id,
            sign_name,
        })
        .map_err(Error::internal)?;
        self.save_slot(
            me,
            client,
            SLOT_SMS,
            kind,
            settings,
            secret,
            "accessKeySecret",
        )
        .await
    }

    /// Saves the OCR provider (only `manual` today; the shape is kept for a real one).
    pub async fn update_ocr_config(
        &self,
        me: &Principal,
        client: &ClientInfo,
        input: OcrConfigInput,
    ) -> Result<()> {
        me.require(INTERFACE_CONFIG)?;
        let kind = input.kind.trim();
        if kind != OCR_MANUAL {
            return Err(Error::invalid("kind", "OCR 服务商须为 manual（人工录入）"));
        }
        let endpoint = match input.endpoint.as_deref().map(str::trim) {
            Some(e) if !e.is_empty() => check_endpoint("endpoint", "接口地址", e)?,
            _ => String::new(),
        };
        let app_key = text::optional(input.app_key.as_deref(), 128)
            .or_invalid_as("appKey", "AppKey")
            .map(Option::unwrap_or_default)?;
        let secret = new_secret("appSecret", "AppSecret", input.app_secret.as_deref())?;
        let settings =
            serde_json::to_value(OcrSettings { endpoint, app_key }).map_err(Error::internal)?;
        self.save_slot(me, client, SLOT_OCR, kind, settings, secret, "appSecret")
            .await
    }
}

/// The template of the sign-in code.
pub const LOGIN_CODE: &str = "LOGIN_CODE";
pub(crate) const LOGIN_CODE_TEXT: &str = "您的登录验证码为{{code}}，5分钟内有效。";

fn default_kind(slot: &str) -> &'static str {
    match slot {
        SLOT_SMS => SMS_OUTBOX,
        SLOT_OCR => OCR_MANUAL,
        _ => "none",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn endpoints() {
        assert!(
            check_endpoint("e", "x", "https://dysmsapi.aliyuncs.com/")
                .is_ok_and(|e| e == "https://dysmsapi.aliyuncs.com")
        );
        assert!(check_endpoint("e", "x", "http://127.0.0.1:9000").is_ok());
        assert!(check_endpoint("e", "x", "http://localhost:9000").is_ok());
        assert!(check_endpoint("e", "x", "http://example.com").is_err());
        assert!(check_endpoint("e", "x", "ftp://example.com").is_err());
        assert!(check_endpoint("e", "x", "not a url").is_err());
        assert!(check_endpoint("e", "x", "").is_err());
    }

    #[test]
    fn changed_field_names() {
        let a = serde_json::json!({"kind": "outbox", "endpoint": "a"});
        let b = serde_json::json!({"kind": "aliyun", "endpoint": "a", "signName": "s"});
        assert_eq!(
            changed_fields(&a, &b),
            vec!["kind".to_owned(), "signName".to_owned()]
        );
    }
}
