//! Failed sign-ins, counted per account and per IP address in the database (shared by every
//! instance); past the threshold the account or address is locked for a while.

use super::AccountKind;
use super::settings::SecuritySettings;
use crate::{Error, Result};
use chrono::{DateTime, TimeDelta, Utc};
use store::entity::login_guard;
use store::sea_orm::{ActiveModelTrait, DatabaseConnection, EntityTrait, Set};

pub(super) fn account_key(kind: AccountKind, account: &str) -> String {
    let account: String = account.chars().take(64).collect();
    format!("account:{}:{}", kind.as_str(), account.to_lowercase())
}

pub(super) fn ip_key(ip: &str) -> String {
    format!("ip:{ip}")
}

/// The end of the lock on the account or the address, if one is locked at `now`.
pub(super) async fn locked_until(
    db: &DatabaseConnection,
    account_key: &str,
    ip_key: Option<&str>,
    now: DateTime<Utc>,
) -> Result<Option<DateTime<Utc>>> {
    let mut until = None;
    for key in std::iter::once(account_key).chain(ip_key) {
        let row = login_guard::Entity::find_by_id(key.to_owned())
            .one(db)
            .await?;
        if let Some(locked) = row.and_then(|r| r.locked_until).filter(|t| *t > now) {
            until = Some(until.map_or(locked, |u: DateTime<Utc>| u.max(locked)));
        }
    }
    Ok(until)
}

/// The refusal while locked: says how long is left, in whole minutes rounded up.
pub(super) fn locked_error(until: DateTime<Utc>, now: DateTime<Utc>) -> Error {
    let seconds = (until - now).num_seconds().max(1);
    let minutes = (seconds + 59) / 60;
    Error::TooManyAttempts(format!(
        "登录失败次数过多，已被锁定，请 {minutes} 分钟后再试"
    ))
}

/// Counts one failure for the account and the address; locks whichever reached its threshold.
pub(super) async fn record_failure(
    db: &DatabaseConnection,
    settings: &SecuritySettings,
    account_key: &str,
    ip_key: Option<&str>,
    now: DateTime<Utc>,
) -> Result<()> {
    let window = TimeDelta::from_std(settings.lock_duration).map_err(Error::internal)?;
    let keys = std::iter::once((account_key, settings.max_failures))
        .chain(ip_key.map(|k| (k, settings.max_failures_per_ip)));
    for (key, threshold) in keys {
        let txn = store::begin_write(db).await?;
        let existing = login_guard::Entity::find_by_id(key.to_owned())
            .one(&txn)
            .await?;
        let (failures, first) = match &existing {
            // A lock that ended, or failures older than the window, start a new count.
            Some(row)
                if row.locked_until.is_none_or(|t| t > now)
                    && row.first_failure_at + window > now =>
            {
                (row.failures + 1, row.first_failure_at)
            }
            _ => (1, now),
        };
        let locked_until = (failures >= threshold).then_some(now + window);
        let model = login_guard::ActiveModel {
            key: Set(key.to_owned()),
            failures: Set(failures),
            first_failure_at: Set(first),
            locked_until: Set(locked_until),
            updated_at: Set(now),
        };
        if existing.is_some() {
            model.update(&txn).await?;
        } else {
            model.insert(&txn).await?;
        }
        txn.commit().await?;
    }
    Ok(())
}

/// A successful sign-in clears the account's count.
pub(super) async fn clear(db: &DatabaseConnection, account_key: &str) -> Result<()> {
    login_guard::Entity::delete_by_id(account_key.to_owned())
        .exec(db)
        .await?;
    Ok(())
}
