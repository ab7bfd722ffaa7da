//! Partners (合作方管理): insurers (`insurers`), capital providers with their bank accounts,
//! users and e-signature account (`providers`), and the capital provider's own workspace
//! (`capital`, 资金管理). The command line also creates providers and users (below).

pub mod capital;
pub mod insurers;
pub mod providers;

use crate::audit::{self, Actor, Entry};
use crate::system::save_if_unchanged;
use crate::{Beehive, Error, Result, password};
use chrono::Utc;
use store::entity::{capital_provider, capital_user};
use store::sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, Set};

/// The status of a capital provider; only ACTIVE providers' users may sign in.
pub const PROVIDER_STATUSES: [&str; 3] = ["ACTIVE", "PAUSED", "TERMINATED"];

/// A capital-provider account created with its password.
#[derive(Debug, Clone)]
pub struct CreatedCapitalUser {
    pub provider_id: i64,
    pub user_id: i64,
    pub account: String,
    /// The password when it was generated: shown once, stored nowhere.
    pub generated_password: Option<String>,
}

impl Beehive {
    /// The capital provider named `name`, created (ACTIVE, type BANK) if it does not exist.
    pub async fn ensure_capital_provider(&self, actor: &Actor, name: &str) -> Result<i64> {
        let name = name.trim();
        if name.is_empty() || name.chars().count() > 128 {
            return Err(Error::invalid(
                "provider",
                "资金方名称不能为空，且不超过 128 个字符",
            ));
        }
        if let Some(found) = capital_provider::Entity::find()
            .filter(capital_provider::Column::Name.eq(name))
            .one(&self.db)
            .await?
        {
            return Ok(found.id);
        }
        let txn = store::begin_write(&self.db).await?;
        let now = Utc::now();
        let created = capital_provider::ActiveModel {
            name: Set(name.to_owned()),
            kind: Set("BANK".to_owned()),
            status: Set("ACTIVE".to_owned()),
            created_at: Set(now),
            updated_at: Set(now),
            version: Set(0),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
        audit::record(
            &txn,
            Entry {
                actor,
                action: "capital_provider.create",
                target_type: "capital_provider",
                target_id: Some(created.id.to_string()),
                success: true,
                detail: serde_json::json!({ "name": name }),
                ip: None,
                request_id: None,
            },
        )
        .await?;
        txn.commit().await?;
        Ok(created.id)
    }

    /// Sets a capital provider's status (ACTIVE, PAUSED, TERMINATED).
    pub async fn set_capital_provider_status(
        &self,
        actor: &Actor,
        provider_id: i64,
        status: &str,
    ) -> Result<()> {
        if !PROVIDER_STATUSES.contains(&status) {
            return Err(Error::invalid(
                "status",
                "状态只能是 ACTIVE、PAUSED 或 TERMINATED",
            ));
        }
        let txn = store::begin_write(&self.db).await?;
        let found = capital_provider::Entity::find_by_id(provider_id)
            .one(&txn)
            .await?
            .ok_or_else(|| Error::NotFound("资金方不存在".to_owned()))?;
        save_if_unchanged(
            &txn,
            capital_provider::ActiveModel {
                id: Set(found.id),
                status: Set(status.to_owned()),
                updated_at: Set(Utc::now()),
                version: Set(found.version + 1),
                ..Default::default()
            },
            capital_provider::Column::Version,
            found.version,
        )
        .await?;
        audit::record(
            &txn,
            Entry {
                actor,
                action: "capital_provider.set_status",
                target_type: "capital_provider",
                target_id: Some(found.id.to_string()),
                success: true,
                detail: serde_json::json!({ "from": found.status, "to": status }),
                ip: None,
                request_id: None,
            },
        )
        .await?;
        txn.commit().await?;
        Ok(())
    }

    /// Creates a sign-in account of a capital provider.
    pub async fn create_capital_user(
        &self,
        actor: &Actor,
        provider_id: i64,
        account: &str,
        name: &str,
        mobile: Option<&str>,
        password: Option<String>,
    ) -> Result<CreatedCapitalUser> {
        let new = password::NewAccount::check(account, name, mobile, password)?;
        let (account, name, hash) = (new.account.as_str(), new.name.as_str(), new.hash.clone());
        let generated = new.generated_password.is_some();
        let txn = store::begin_write(&self.db).await?;
        if capital_provider::Entity::find_by_id(provider_id)
            .one(&txn)
            .await?
            .is_none()
        {
            return Err(Error::NotFound("资金方不存在".to_owned()));
        }
        if capital_user::Entity::find()
            .filter(capital_user::Column::Account.eq(account))
            .one(&txn)
            .await?
            .is_some()
        {
            return Err(Error::Conflict(format!("账号 {account} 已存在")));
        }
        let now = Utc::now();
        let created = capital_user::ActiveModel {
            capital_provider_id: Set(provider_id),
            account: Set(account.to_owned()),
            name: Set(name.to_owned()),
            mobile: Set(mobile.map(str::to_owned)),
            password_hash: Set(hash),
            enabled: Set(true),
            password_changed_at: Set(now),
            created_at: Set(now),
            updated_at: Set(now),
            version: Set(0),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
        audit::record(
            &txn,
            Entry {
                actor,
                action: "capital_user.create",
                target_type: "capital_user",
                target_id: Some(created.id.to_string()),
                success: true,
                detail: serde_json::json!({
                    "account": account,
                    "providerId": provider_id,
                    "passwordGenerated": generated,
                }),
                ip: None,
                request_id: None,
            },
        )
        .await?;
        txn.commit().await?;
        Ok(CreatedCapitalUser {
            provider_id,
            user_id: created.id,
            account: account.to_owned(),
            generated_password: new.generated_password,
        })
    }
}

// ---------------------------------------------------------------------------------------------
// What the partner screens share.

/// A bank account number: blanks removed, 8 to 30 digits; else 400 naming `field`.
pub(crate) fn check_account_no(field: &str, raw: &str) -> Result<String> {
    let number: String = raw.chars().filter(|c| !c.is_whitespace()).collect();
    if !(8..=30).contains(&number.len()) || !number.chars().all(|c| c.is_ascii_digit()) {
        return Err(Error::invalid(field, "银行账号须为 8 到 30 位数字"));
    }
    Ok(number)
}

/// `6222********1234`: an account number as lists, exports and the capital provider see it.
pub fn mask_account_no(number: &str) -> String {
    let chars: Vec<char> = number.chars().collect();
    if chars.len() <= 8 {
        let tail: String = chars[chars.len().saturating_sub(4)..].iter().collect();
        return format!("****{tail}");
    }
    let head: String = chars[..4].iter().collect();
    let tail: String = chars[chars.len() - 4..].iter().collect();
    format!("{head}{}{tail}", "*".repeat(chars.len() - 8))
}

/// Basis points between 0 and `max`; else 400 naming `field`.
pub(crate) fn check_bp(field: &str, label: &str, value: i32, max: i32) -> Result<i32> {
    if !(0..=max).contains(&value) {
        return Err(Error::invalid(
            field,
            format!("{label}须在 0 到 {max} 个基点之间"),
        ));
    }
    Ok(value)
}

/// Optional text of at most `max` characters, trimmed.
pub(crate) fn optional_text(
    field: &str,
    label: &str,
    value: Option<&str>,
    max: usize,
) -> Result<String> {
    let value = value.map(str::trim).unwrap_or_default();
    if value.chars().count() > max {
        return Err(Error::invalid(
            field,
            format!("{label}不能超过 {max} 个字符"),
        ));
    }
    Ok(value.to_owned())
}

/// A contact telephone: empty, or 5 to 20 digits with `-`, `+`, blanks or parentheses.
pub(crate) fn check_phone(field: &str, value: Option<&str>) -> Result<String> {
    let value = value.map(str::trim).unwrap_or_default();
    let digits = value.chars().filter(char::is_ascii_digit).count();
    let ok = value.is_empty()
        || ((5..=20).contains(&digits)
            && value.chars().count() <= 32
            && value
                .chars()
                .all(|c| c.is_ascii_digit() || "-+ ()".contains(c)));
    if !ok {
        return Err(Error::invalid(field, "请输入正确的联系电话"));
    }
    Ok(value.to_owned())
}

/// A mainland mobile or empty; else 400 naming `field`.
pub(crate) fn check_mobile_field(field: &str, value: Option<&str>) -> Result<String> {
    let value = value.map(str::trim).unwrap_or_default();
    if !value.is_empty() && !crate::auth::is_mobile(value) {
        return Err(Error::invalid(field, "请输入正确的手机号"));
    }
    Ok(value.to_owned())
}

/// 统一社会信用代码 (GB 32100-2015): 18 characters of `0-9 A-H J-N P-R T U W-Y`, the last one
/// the check character of the first 17.
pub fn is_credit_code(code: &str) -> bool {
    const CHARS: &str = "0123456789ABCDEFGHJKLMNPQRTUWXY";
    const WEIGHTS: [u32; 17] = [
        1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28,
    ];
    let values: Option<Vec<u32>> = code
        .chars()
        .map(|c| CHARS.find(c).and_then(|i| u32::try_from(i).ok()))
        .collect();
    let Some(values) = values else { return false };
    if values.len() != 18 {
        return false;
    }
    let sum: u32 = values.iter().zip(WEIGHTS).map(|(v, w)| v * w).sum();
    let check = (31 - sum % 31) % 31;
    values[17] == check
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn account_numbers_are_checked_and_masked() {
        assert_eq!(
            check_account_no("n", " 6222 0212 3456 7890 ")
                .ok()
                .as_deref(),
            Some("6222021234567890")
        );
        assert!(check_account_no("n", "1234567").is_err());
        assert!(check_account_no("n", "62220212345678X0").is_err());
        assert_eq!(mask_account_no("6222021234567890"), "6222********7890");
        assert_eq!(mask_account_no("12345678"), "****5678");
    }

    #[test]
    fn credit_codes_carry_their_check_character() {
        assert!(is_credit_code("91350100M000100Y43"));
        assert!(is_credit_code("91110000100013051F"));
        assert!(!is_credit_code("911100001000130519"));
        assert!(!is_credit_code("91350100M000100Y44"));
        assert!(!is_credit_code("91350100M000100Y4"));
        assert!(!is_credit_code("91350100I000100Y43"));
    }

    #[test]
    fn phones_and_rates() {
        assert!(check_phone("p", Some("010-88886666")).is_ok());
        assert!(check_phone("p", Some("")).is_ok());
        assert!(check_phone("p", Some("abc")).is_err());
        assert!(check_bp("r", "费率", 10_001, 10_000).is_err());
        assert!(check_bp("r", "费率", -1, 10_000).is_err());
    }
}
