//! The SMS port's adapter: sends through the provider configured in 短信/OCR接口配置 (the
//! outbox or Aliyun) and records every send in the usage list (短信/OCR使用记录).

use super::{
    ALIYUN_ENDPOINT, LOGIN_CODE, LOGIN_CODE_TEXT, SLOT_SMS, SMS_ALIYUN, SMS_OUTBOX, SmsSettings,
    Stored, aliyun, load_slot, settings_of, stored_secret,
};
use crate::clock::Clock;
use crate::ports::{Delivery, Sms};
use crate::secret::{SecretKey, UNREADABLE};
use crate::{Error, Result};
use domain::placeholder;
use futures::future::BoxFuture;
use std::collections::BTreeMap;
use std::sync::Arc;
use store::entity::{provider_usage, sms_outbox, sms_template};
use store::sea_orm::{
    ActiveModelTrait, ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, Set,
};

/// The environment variable that, set to `1`, prints each outbox SMS (sign-in codes included)
/// to the console for development. Never set in production.
pub const DEV_PRINT_SMS: &str = "BEEHIVE_DEV_PRINT_SMS";

fn dev_print_enabled() -> bool {
    std::env::var(DEV_PRINT_SMS).is_ok_and(|v| v == "1")
}

/// What the log line of an outbox SMS carries: the masked mobile and the template code, never
/// the content (a sign-in code in a log would let anyone reading it sign in).
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct OutboxLogFields<'a> {
    pub mobile: String,
    pub template: &'a str,
}

pub(crate) fn outbox_log_fields<'a>(mobile: &str, template: &'a str) -> OutboxLogFields<'a> {
    OutboxLogFields {
        mobile: domain::mask::mobile(mobile),
        template,
    }
}

/// Sends SMS through the configured provider.
#[derive(Clone)]
pub struct SmsGateway {
    db: DatabaseConnection,
    http: reqwest::Client,
    secrets: Arc<SecretKey>,
    clock: Clock,
}

impl SmsGateway {
    pub fn new(
        db: DatabaseConnection,
        http: reqwest::Client,
        secrets: Arc<SecretKey>,
        clock: Clock,
    ) -> Self {
        SmsGateway {
            db,
            http,
            secrets,
            clock,
        }
    }

    /// Sends the SMS of template `code` to `mobile` through the configured provider and
    /// records the use. `Ok(Err(message))` when the provider refused or could not be reached.
    async fn send(
        &self,
        mobile: &str,
        code: &str,
        params: &BTreeMap<String, String>,
    ) -> Result<std::result::Result<(), String>> {
        let template = sms_template::Entity::find()
            .filter(sms_template::Column::Code.eq(code))
            .one(&self.db)
            .await?;
        let (content, provider_template_id) = match template {
            Some(t) if t.enabled => (fill(&t.content, params), t.provider_template_id),
            Some(_) => return Err(Error::Conflict(format!("短信模板 {code} 已停用"))),
            None if code == LOGIN_CODE => (fill(LOGIN_CODE_TEXT, params), String::new()),
            None => return Err(Error::NotFound(format!("短信模板 {code} 不存在"))),
        };
        let row = load_slot(&self.db, SLOT_SMS).await?;
        let settings: SmsSettings = settings_of(row.as_ref());
        let provider = row
            .as_ref()
            .map_or(SMS_OUTBOX, |r| r.kind.as_str())
            .to_owned();
        let outcome = if provider == SMS_ALIYUN {
            match stored_secret(&self.secrets, row.as_ref()) {
                Stored::Readable(secret) if !provider_template_id.is_empty() => {
                    let template_param = serde_json::to_string(params).map_err(Error::internal)?;
                    aliyun::send(
                        &self.http,
                        &aliyun::SendSms {
                            endpoint: if settings.endpoint.is_empty() {
                                ALIYUN_ENDPOINT
                            } else {
                                &settings.endpoint
                            },
                            access_key_id: &settings.access_key_id,
                            access_key_secret: &secret,
                            sign_name: &settings.sign_name,
                            template_code: &provider_template_id,
                            phone_numbers: mobile,
                            template_param,
                        },
                        self.clock.now(),
                    )
                    .await
                }
                Stored::Readable(_) => Err(format!("短信模板 {code} 未填写服务商模板编号")),
                Stored::None => Err("短信服务未配置 AccessKey Secret".to_owned()),
                Stored::Unreadable => Err(UNREADABLE.to_owned()),
            }
        } else {
            let sign = if settings.sign_name.is_empty() {
                "小蜜蜂"
            } else {
                settings.sign_name.as_str()
            };
            let text = format!("【{sign}】{content}");
            sms_outbox::ActiveModel {
                mobile: Set(mobile.to_owned()),
                content: Set(text.clone()),
                provider: Set(SMS_OUTBOX.to_owned()),
                status: Set("sent".to_owned()),
                created_at: Set(self.clock.now()),
                ..Default::default()
            }
            .insert(&self.db)
            .await?;
            let fields = outbox_log_fields(mobile, code);
            tracing::info!(
                target: "sms_outbox",
                mobile = %fields.mobile,
                template = fields.template,
                "SMS kept in the outbox"
            );
            if dev_print_enabled() {
                tracing::warn!(
                    "{DEV_PRINT_SMS}=1: SMS content printed to the console; \
                     NEVER set this in production (anyone reading the console can sign in)"
                );
                // Development only, opted into above: the console, never the log.
                #[allow(clippy::print_stderr)]
                {
                    eprintln!("[{DEV_PRINT_SMS}] {mobile}: {text}");
                }
            }
            Ok(())
        };
        if let Err(message) = &outcome {
            tracing::warn!(provider, template = code, message, "SMS not sent");
        }
        self.record_usage(Usage {
            kind: "sms",
            provider: &provider,
            target: &domain::mask::mobile(mobile),
            template_code: code,
            outcome: &outcome,
            cost_units: 1,
        })
        .await?;
        Ok(outcome)
    }

    async fn record_usage(&self, usage: Usage<'_>) -> Result<()> {
        let (outcome, error_message, cost) = match usage.outcome {
            Ok(()) => ("success", String::new(), usage.cost_units),
            Err(m) => ("failure", m.chars().take(500).collect(), 0),
        };
        provider_usage::ActiveModel {
            kind: Set(usage.kind.to_owned()),
            provider: Set(usage.provider.to_owned()),
            target: Set(usage.target.to_owned()),
            template_code: Set(usage.template_code.to_owned()),
            outcome: Set(outcome.to_owned()),
            error_message: Set(error_message),
            cost_units: Set(cost),
            created_at: Set(self.clock.now()),
            ..Default::default()
        }
        .insert(&self.db)
        .await?;
        Ok(())
    }
}

impl Sms for SmsGateway {
    fn send_template<'a>(
        &'a self,
        mobile: &'a str,
        code: &'a str,
        params: &'a BTreeMap<String, String>,
    ) -> BoxFuture<'a, Result<Delivery>> {
        Box::pin(self.send(mobile, code, params))
    }
}

struct Usage<'a> {
    kind: &'a str,
    provider: &'a str,
    target: &'a str,
    template_code: &'a str,
    outcome: &'a std::result::Result<(), String>,
    cost_units: i32,
}

/// `content` with its `{{name}}` placeholders filled from `params` (unknown ones stay). Only the
/// outbox sends this text; Aliyun fills its own copy of the template (its `${name}`) from the
/// same `params`, sent as its TemplateParam JSON.
fn fill(content: &str, params: &BTreeMap<String, String>) -> String {
    placeholder::fill(content, |name| params.get(name).cloned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_outbox_log_line_carries_a_masked_mobile_and_no_content() {
        let fields = outbox_log_fields("13812345678", LOGIN_CODE);
        assert_eq!(fields.mobile, domain::mask::mobile("13812345678"));
        assert!(!fields.mobile.contains("12345"), "{fields:?}");
        assert!(fields.mobile.starts_with("138") && fields.mobile.ends_with("5678"));
        assert_eq!(fields.template, LOGIN_CODE);
        // The struct has no room for the content: the code never reaches the log.
        let shown = format!("{fields:?}");
        assert!(!shown.contains("13812345678"), "{shown}");
    }
}
