//! SMS sign-in codes, sent through the configured SMS provider (template `LOGIN_CODE`).
//!
//! Codes are 6 digits, stored as SHA-256 of `mobile:code`, single-use, valid five minutes,
//! allow five wrong tries. Sending is limited per mobile (1 a minute, 10 a day) and per IP.
//! A code is only really sent to the mobile of an enabled administrator, but the answer is the
//! same either way, so the call cannot be used to find out which mobiles are registered.

use super::ClientInfo;
use super::settings::SecuritySettings;
use crate::clock::Clock;
use crate::{Error, Result};
use chrono::TimeDelta;
use rand::Rng;
use sha2::{Digest, Sha256};
use store::entity::{admin_user, sms_code};
use store::sea_orm::sea_query::{Expr, ExprTrait};
use store::sea_orm::{
    ActiveModelTrait, ColumnTrait, DatabaseConnection, EntityTrait, PaginatorTrait, QueryFilter,
    QueryOrder, Set,
};

const PURPOSE_ADMIN_LOGIN: &str = "admin_login";

fn code_digest(mobile: &str, code: &str) -> String {
    hex::encode(Sha256::digest(format!("{mobile}:{code}").as_bytes()))
}

pub(super) async fn send_login_code(
    app: &crate::Beehive,
    settings: &SecuritySettings,
    mobile: &str,
    client: &ClientInfo,
) -> Result<()> {
    let db = &app.db;
    let now = app.clock.now();
    let sent_since = |since| {
        sms_code::Entity::find()
            .filter(sms_code::Column::Mobile.eq(mobile))
            .filter(sms_code::Column::CreatedAt.gt(since))
            .count(db)
    };
    if sent_since(now - TimeDelta::minutes(1)).await? >= settings.sms_per_minute {
        return Err(Error::TooManyAttempts(
            "验证码发送过于频繁，请 1 分钟后再试".to_owned(),
        ));
    }
    if sent_since(now - TimeDelta::days(1)).await? >= settings.sms_per_day {
        return Err(Error::TooManyAttempts(
            "该手机号今日获取验证码的次数已达上限，请明天再试".to_owned(),
        ));
    }
    if let Some(ip) = &client.ip {
        let from_ip = sms_code::Entity::find()
            .filter(sms_code::Column::Ip.eq(ip.as_str()))
            .filter(sms_code::Column::CreatedAt.gt(now - TimeDelta::hours(1)))
            .count(db)
            .await?;
        if from_ip >= settings.sms_per_ip_per_hour {
            return Err(Error::TooManyAttempts(
                "获取验证码过于频繁，请稍后再试".to_owned(),
            ));
        }
    }
    let code = format!("{:06}", rand::rng().random_range(0..1_000_000u32));
    let lifetime = TimeDelta::from_std(settings.sms_code_lifetime).map_err(Error::internal)?;
    sms_code::ActiveModel {
        mobile: Set(mobile.to_owned()),
        purpose: Set(PURPOSE_ADMIN_LOGIN.to_owned()),
        code_hash: Set(code_digest(mobile, &code)),
        expires_at: Set(now + lifetime),
        attempts: Set(0),
        used_at: Set(None),
        ip: Set(client.ip.clone()),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await?;

    let registered = admin_user::Entity::find()
        .filter(admin_user::Column::Mobile.eq(mobile))
        .filter(admin_user::Column::Enabled.eq(true))
        .one(db)
        .await?
        .is_some();
    if registered {
        let mut params = std::collections::BTreeMap::new();
        params.insert("code".to_owned(), code);
        // A provider's refusal is recorded in the usage list; the answer stays the same so
        // the call tells nothing about which mobiles are registered.
        let _ = app
            .sms
            .send_template(mobile, crate::interface::LOGIN_CODE, &params)
            .await?;
    }
    Ok(())
}

/// Checks `code` against the latest unused code of `mobile` and uses it up when it matches.
pub(super) async fn check_login_code(
    db: &DatabaseConnection,
    clock: &Clock,
    settings: &SecuritySettings,
    mobile: &str,
    code: &str,
) -> Result<()> {
    let now = clock.now();
    let latest = sms_code::Entity::find()
        .filter(sms_code::Column::Mobile.eq(mobile))
        .filter(sms_code::Column::Purpose.eq(PURPOSE_ADMIN_LOGIN))
        .filter(sms_code::Column::UsedAt.is_null())
        .order_by_desc(sms_code::Column::Id)
        .one(db)
        .await?;
    let Some(row) = latest.filter(|r| r.expires_at > now) else {
        return Err(Error::invalid("code", "验证码已失效，请重新获取"));
    };
    if row.attempts >= settings.sms_code_attempts {
        return Err(Error::invalid("code", "验证码错误次数过多，请重新获取"));
    }
    if row.code_hash != code_digest(mobile, code) {
        sms_code::Entity::update_many()
            .col_expr(
                sms_code::Column::Attempts,
                Expr::col(sms_code::Column::Attempts).add(1),
            )
            .filter(sms_code::Column::Id.eq(row.id))
            .exec(db)
            .await?;
        return Err(Error::invalid("code", "验证码错误"));
    }
    let used = sms_code::Entity::update_many()
        .col_expr(sms_code::Column::UsedAt, Expr::value(now))
        .filter(sms_code::Column::Id.eq(row.id))
        .filter(sms_code::Column::UsedAt.is_null())
        .exec(db)
        .await?;
    if used.rows_affected != 1 {
        return Err(Error::invalid("code", "验证码已失效，请重新获取"));
    }
    Ok(())
}
