//! Administrator accounts: enable/disable and roles. (The screens come with system management;
//! the rules that sign-in depends on live here already.)

use crate::audit::{self, Actor, Entry};
use crate::auth::AccountKind;
use crate::{Beehive, Error, Result};
use chrono::Utc;
use store::entity::{admin_user, admin_user_role, role};
use store::sea_orm::{
    ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, Set, TransactionTrait,
};

impl Beehive {
    /// Enables or disables an administrator; disabling ends all its sessions.
    pub async fn set_admin_enabled(
        &self,
        actor: &Actor,
        user_id: i64,
        enabled: bool,
    ) -> Result<()> {
        let txn = self.db.begin().await?;
        let user = admin_user::Entity::find_by_id(user_id)
            .one(&txn)
            .await?
            .ok_or_else(|| Error::NotFound("用户不存在".to_owned()))?;
        let now = Utc::now();
        admin_user::ActiveModel {
            id: Set(user.id),
            enabled: Set(enabled),
            updated_at: Set(now),
            version: Set(user.version + 1),
            ..Default::default()
        }
        .update(&txn)
        .await?;
        if !enabled {
            crate::auth::revoke_all_sessions(&txn, AccountKind::Admin, user.id, "disabled").await?;
        }
        audit::record(
            &txn,
            Entry {
                actor,
                action: if enabled {
                    "admin_user.enable"
                } else {
                    "admin_user.disable"
                },
                target_type: "admin_user",
                target_id: Some(user.id.to_string()),
                success: true,
                detail: serde_json::json!({ "account": user.account }),
                ip: None,
                request_id: None,
            },
        )
        .await?;
        txn.commit().await?;
        Ok(())
    }

    /// Replaces an administrator's roles; removing any role ends its sessions.
    pub async fn set_admin_roles(
        &self,
        actor: &Actor,
        user_id: i64,
        role_ids: &[i64],
    ) -> Result<()> {
        let txn = self.db.begin().await?;
        let user = admin_user::Entity::find_by_id(user_id)
            .one(&txn)
            .await?
            .ok_or_else(|| Error::NotFound("用户不存在".to_owned()))?;
        let known = role::Entity::find()
            .filter(role::Column::Id.is_in(role_ids.to_vec()))
            .all(&txn)
            .await?;
        if known.len() != role_ids.len() {
            return Err(Error::invalid("roleIds", "包含不存在的角色"));
        }
        let held: Vec<i64> = admin_user_role::Entity::find()
            .filter(admin_user_role::Column::UserId.eq(user_id))
            .all(&txn)
            .await?
            .into_iter()
            .map(|r| r.role_id)
            .collect();
        let removed: Vec<i64> = held
            .iter()
            .copied()
            .filter(|r| !role_ids.contains(r))
            .collect();
        admin_user_role::Entity::delete_many()
            .filter(admin_user_role::Column::UserId.eq(user_id))
            .exec(&txn)
            .await?;
        for role_id in role_ids {
            admin_user_role::ActiveModel {
                user_id: Set(user_id),
                role_id: Set(*role_id),
            }
            .insert(&txn)
            .await?;
        }
        if !removed.is_empty() {
            crate::auth::revoke_all_sessions(&txn, AccountKind::Admin, user_id, "roles_removed")
                .await?;
        }
        audit::record(
            &txn,
            Entry {
                actor,
                action: "admin_user.set_roles",
                target_type: "admin_user",
                target_id: Some(user.id.to_string()),
                success: true,
                detail: serde_json::json!({ "roleIds": role_ids, "removed": removed }),
                ip: None,
                request_id: None,
            },
        )
        .await?;
        txn.commit().await?;
        Ok(())
    }
}
