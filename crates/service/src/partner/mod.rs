//! Partners: capital providers and their sign-in accounts. (The fundSide screen comes with the
//! partners work; sign-in needs providers and users to exist, and the command line makes them.)

use crate::audit::{self, Actor, Entry};
use crate::{Beehive, Error, Result, password};
use chrono::Utc;
use store::entity::{capital_provider, capital_user};
use store::sea_orm::{
    ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, Set, TransactionTrait,
};

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
        let txn = self.db.begin().await?;
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
        let txn = self.db.begin().await?;
        let found = capital_provider::Entity::find_by_id(provider_id)
            .one(&txn)
            .await?
            .ok_or_else(|| Error::NotFound("资金方不存在".to_owned()))?;
        capital_provider::ActiveModel {
            id: Set(found.id),
            status: Set(status.to_owned()),
            updated_at: Set(Utc::now()),
            version: Set(found.version + 1),
            ..Default::default()
        }
        .update(&txn)
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
        let txn = self.db.begin().await?;
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
