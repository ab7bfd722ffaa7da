//! Partners (合作方管理): insurers (保险公司管理, `insurers`) and capital providers with their bank
//! accounts, users and e-signature account (资金方管理, `capital_provider`). The provider's own
//! workspace is the `capital` module. The command line also creates providers and users (below).

pub mod capital_provider;
pub mod insurers;

use crate::audit::{self, Entry};
use crate::principal::Actor;
use crate::transition::By;
use crate::{Beehive, Error, Result, password};
use domain::status::Status as _;
use store::entity::{capital_provider as provider_entity, capital_user};
use store::sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, Set};

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
        if let Some(found) = provider_entity::Entity::find()
            .filter(provider_entity::Column::Name.eq(name))
            .one(&self.db)
            .await?
        {
            return Ok(found.id);
        }
        let txn = store::begin_write(&self.db).await?;
        let now = self.clock.now();
        let created = provider_entity::ActiveModel {
            name: Set(name.to_owned()),
            kind: Set("BANK".to_owned()),
            status: Set(domain::status::ProviderStatus::Active.code().to_owned()),
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
            self.clock.now(),
        )
        .await?;
        txn.commit().await?;
        Ok(created.id)
    }

    /// The id of the capital provider named `name` (the command line names providers).
    pub async fn capital_provider_id(&self, name: &str) -> Result<i64> {
        provider_entity::Entity::find()
            .filter(provider_entity::Column::Name.eq(name.trim()))
            .one(&self.db)
            .await?
            .map(|p| p.id)
            .ok_or_else(capital_provider::provider_not_found)
    }

    /// Sets a capital provider's status from the command line: the same change as the screen's
    /// (TERMINATED is final, the users are signed out when it stops being ACTIVE).
    pub async fn set_capital_provider_status(
        &self,
        by: &By,
        provider_id: i64,
        status: &str,
    ) -> Result<()> {
        let to = capital_provider::parse_status(status)?;
        let txn = store::begin_write(&self.db).await?;
        let found = provider_entity::Entity::find_by_id(provider_id)
            .one(&txn)
            .await?
            .ok_or_else(capital_provider::provider_not_found)?;
        self.change_provider_status(&txn, by, &found, to).await?;
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
        if provider_entity::Entity::find_by_id(provider_id)
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
        let now = self.clock.now();
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
            self.clock.now(),
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
    }

    #[test]
    fn phones_and_rates() {
        assert!(check_bp("r", "费率", 10_001, 10_000).is_err());
        assert!(check_bp("r", "费率", -1, 10_000).is_err());
    }
}
