//! 电子签章接口配置: the e-signature provider (`none` or `bestsign`) with its private key
//! encrypted at rest, and a connection test. A configuration screen: its page permission
//! covers reading, saving and testing.

use super::{Stored, check_endpoint, load_slot, settings_of};
use crate::error::OrInvalid;
use crate::principal::{ClientInfo, Principal};
use crate::secret::UNREADABLE;
use crate::{Beehive, Error, Result};
use domain::text;
use serde::{Deserialize, Serialize};
use std::time::{Duration, Instant};

use domain::permission::codes::CONFIG_BESTSIGN as PAGE;
pub const ESIGN_NONE: &str = "none";
pub const ESIGN_BESTSIGN: &str = "bestsign";
const SLOT: &str = "esign";
const TEST_TIMEOUT: Duration = Duration::from_secs(5);

/// The e-signature provider as the screen shows it (no private key).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SignatureConfigView {
    /// `none` or `bestsign`.
    pub kind: String,
    pub endpoint: String,
    pub developer_id: String,
    pub private_key_set: bool,
    pub private_key_error: Option<String>,
    /// This Beehive's public address the provider posts its notices to.
    pub callback_base: String,
    /// The platform's unified social credit code and contact mobile: its signing account.
    pub platform_credit_code: String,
    pub platform_mobile: String,
}

/// What the form saves. An absent or blank private key keeps the stored one.
#[derive(Debug, Clone, Default)]
pub struct SignatureConfigInput {
    pub kind: String,
    pub endpoint: Option<String>,
    pub developer_id: Option<String>,
    pub private_key: Option<String>,
    pub callback_base: Option<String>,
    pub platform_credit_code: Option<String>,
    pub platform_mobile: Option<String>,
}

/// The outcome of a connection test.
#[derive(Debug, Clone)]
pub struct ConnectionTest {
    /// Reached and answered without a server error (status below 500).
    pub ok: bool,
    /// The HTTP status, when an answer came.
    pub status: Option<u16>,
    pub elapsed_ms: u64,
    pub message: String,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub(crate) struct SignatureSettings {
    pub(crate) endpoint: String,
    pub(crate) developer_id: String,
    pub(crate) callback_base: String,
    pub(crate) platform_credit_code: String,
    pub(crate) platform_mobile: String,
}

impl Beehive {
    /// The e-signature provider configuration, without its private key.
    pub async fn signature_config(&self, me: &Principal) -> Result<SignatureConfigView> {
        me.require(PAGE)?;
        let row = load_slot(&self.db, SLOT).await?;
        let settings: SignatureSettings = settings_of(row.as_ref());
        let secret = self.stored_secret(row.as_ref());
        Ok(SignatureConfigView {
            kind: row
                .as_ref()
                .map_or(ESIGN_NONE, |r| r.kind.as_str())
                .to_owned(),
            endpoint: settings.endpoint,
            developer_id: settings.developer_id,
            private_key_set: secret.is_set(),
            private_key_error: secret.error(),
            callback_base: settings.callback_base,
            platform_credit_code: settings.platform_credit_code,
            platform_mobile: settings.platform_mobile,
        })
    }

    /// Saves the e-signature provider.
    pub async fn update_signature_config(
        &self,
        me: &Principal,
        client: &ClientInfo,
        input: SignatureConfigInput,
    ) -> Result<()> {
        me.require(PAGE)?;
        let kind = input.kind.trim();
        let bestsign = match kind {
            ESIGN_NONE => false,
            ESIGN_BESTSIGN => true,
            _ => {
                return Err(Error::invalid(
                    "kind",
                    "电子签章服务商须为 none 或 bestsign",
                ));
            }
        };
        let endpoint = match input.endpoint.as_deref().map(str::trim) {
            Some(e) if !e.is_empty() => check_endpoint("endpoint", "接口地址", e)?,
            _ if bestsign => return Err(Error::invalid("endpoint", "接口地址不能为空")),
            _ => String::new(),
        };
        let developer_id = text::required_if(input.developer_id.as_deref(), 64, bestsign)
            .or_invalid_as("developerId", "开发者编号")?;
        let callback_base = match input.callback_base.as_deref().map(str::trim) {
            Some(e) if !e.is_empty() => check_endpoint("callbackBase", "回调地址", e)?,
            _ if bestsign => return Err(Error::invalid("callbackBase", "回调地址不能为空")),
            _ => String::new(),
        };
        let platform_credit_code = input
            .platform_credit_code
            .as_deref()
            .map(str::trim)
            .unwrap_or_default()
            .to_uppercase();
        if bestsign && platform_credit_code.is_empty() {
            return Err(Error::invalid(
                "platformCreditCode",
                "请填写平台的统一社会信用代码（平台签署账户）",
            ));
        }
        if !platform_credit_code.is_empty()
            && (platform_credit_code.chars().count() != 18
                || !platform_credit_code
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric()))
        {
            return Err(Error::invalid(
                "platformCreditCode",
                "统一社会信用代码为 18 位数字或大写字母",
            ));
        }
        let platform_mobile = input
            .platform_mobile
            .as_deref()
            .map(str::trim)
            .unwrap_or_default()
            .to_owned();
        if bestsign && platform_mobile.is_empty() {
            return Err(Error::invalid(
                "platformMobile",
                "请填写平台签署联系人手机号",
            ));
        }
        if !platform_mobile.is_empty()
            && (platform_mobile.len() != 11
                || !platform_mobile.starts_with('1')
                || !platform_mobile.chars().all(|c| c.is_ascii_digit()))
        {
            return Err(Error::invalid("platformMobile", "手机号须为 11 位数字"));
        }
        let private_key = input
            .private_key
            .as_deref()
            .map(str::trim)
            .filter(|k| !k.is_empty());
        if private_key.is_some_and(|k| k.len() > 8192) {
            return Err(Error::invalid("privateKey", "私钥不能超过 8192 个字符"));
        }
        if bestsign && private_key.is_none() {
            match self.stored_secret(load_slot(&self.db, SLOT).await?.as_ref()) {
                Stored::Readable(_) => {}
                Stored::None => return Err(Error::invalid("privateKey", "私钥不能为空")),
                Stored::Unreadable => return Err(Error::invalid("privateKey", UNREADABLE)),
            }
        }
        let settings = serde_json::to_value(SignatureSettings {
            endpoint,
            developer_id,
            callback_base: callback_base.trim_end_matches('/').to_owned(),
            platform_credit_code,
            platform_mobile,
        })
        .map_err(Error::internal)?;
        self.save_slot(
            me,
            client,
            SLOT,
            kind,
            settings,
            private_key.map(str::to_owned),
            "privateKey",
        )
        .await
    }

    /// The configured provider when it is BestSign (with its settings); `None` for the built-in
    /// local signing. A BestSign configuration whose key no longer decrypts is a 409.
    pub(crate) async fn bestsign(
        &self,
    ) -> Result<Option<(super::bestsign::BestSign, SignatureSettings)>> {
        let row = load_slot(&self.db, SLOT).await?;
        if row.as_ref().map(|r| r.kind.as_str()) != Some(ESIGN_BESTSIGN) {
            return Ok(None);
        }
        let settings: SignatureSettings = settings_of(row.as_ref());
        let key = match self.stored_secret(row.as_ref()) {
            Stored::Readable(key) => key,
            Stored::None | Stored::Unreadable => {
                return Err(Error::Conflict(
                    "电子签章接口配置的私钥未设置或已失效，请重新填写".to_owned(),
                ));
            }
        };
        let adapter = super::bestsign::BestSign::new(
            self.http.clone(),
            self.clock.clone(),
            &settings.endpoint,
            &settings.developer_id,
            &key,
        )?;
        Ok(Some((adapter, settings)))
    }

    /// Makes one request to the saved endpoint (5 s timeout) and reports what happened.
    pub async fn test_signature_connection(&self, me: &Principal) -> Result<ConnectionTest> {
        me.require(PAGE)?;
        let row = load_slot(&self.db, SLOT).await?;
        let settings: SignatureSettings = settings_of(row.as_ref());
        let kind = row.as_ref().map_or(ESIGN_NONE, |r| r.kind.as_str());
        if kind == ESIGN_NONE || settings.endpoint.is_empty() {
            return Err(Error::Conflict(
                "请先选择电子签章服务商并保存接口地址".to_owned(),
            ));
        }
        let started = Instant::now();
        let answer = self
            .http
            .get(&settings.endpoint)
            .timeout(TEST_TIMEOUT)
            .send()
            .await;
        let elapsed_ms = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
        Ok(match answer {
            Ok(response) => {
                let status = response.status().as_u16();
                let ok = status < 500;
                ConnectionTest {
                    ok,
                    status: Some(status),
                    elapsed_ms,
                    message: if ok {
                        format!("连接成功（HTTP {status}）")
                    } else {
                        format!("服务返回错误（HTTP {status}）")
                    },
                }
            }
            Err(e) => ConnectionTest {
                ok: false,
                status: None,
                elapsed_ms,
                message: if e.is_timeout() {
                    "连接超时（5 秒内无响应）".to_owned()
                } else {
                    "无法连接到接口地址".to_owned()
                },
            },
        })
    }
}
