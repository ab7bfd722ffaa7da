//! The first administrator and the built-in super-administrator role.

use crate::audit::{self, Entry};
use crate::principal::Actor;
use crate::{Error, Result, password};
use chrono::{DateTime, Utc};
use domain::permission;
use std::collections::BTreeSet;
use store::entity::{admin_user, admin_user_role, role, role_permission};
use store::sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait,
    PaginatorTrait, QueryFilter, Set,
};

/// The code of the built-in role that holds every `admin:` permission.
pub const SUPER_ROLE_CODE: &str = "super_admin";
/// The account created on the first start.
pub const FIRST_ADMIN_ACCOUNT: &str = "admin";

/// An administrator created by start-up or the command line.
#[derive(Debug, Clone)]
pub struct FirstAdmin {
    pub account: String,
    /// The password when it was generated: shown once, stored nowhere.
    pub generated_password: Option<String>,
}

/// Makes the super-administrator role exist and hold exactly the `admin:` permissions of
/// the catalogue (new permissions reach it on the next start, removed ones leave it).
pub async fn sync_super_role(db: &DatabaseConnection, now: DateTime<Utc>) -> Result<()> {
    let txn = store::begin_write(db).await?;
    let role_id = super_role_id(&txn, now).await?;
    let held: BTreeSet<String> = role_permission::Entity::find()
        .filter(role_permission::Column::RoleId.eq(role_id))
        .all(&txn)
        .await?
        .into_iter()
        .map(|rp| rp.permission)
        .collect();
    let wanted: BTreeSet<String> = permission::admin_codes().map(str::to_owned).collect();
    let missing: Vec<&String> = wanted.difference(&held).collect();
    let stale: Vec<&String> = held.difference(&wanted).collect();
    if !missing.is_empty() {
        role_permission::Entity::insert_many(missing.iter().map(|code| {
            role_permission::ActiveModel {
                role_id: Set(role_id),
                permission: Set((*code).clone()),
            }
        }))
        .exec(&txn)
        .await?;
    }
    if !stale.is_empty() {
        role_permission::Entity::delete_many()
            .filter(role_permission::Column::RoleId.eq(role_id))
            .filter(role_permission::Column::Permission.is_in(stale.iter().map(|s| s.as_str())))
            .exec(&txn)
            .await?;
    }
    if !missing.is_empty() || !stale.is_empty() {
        audit::record(
            &txn,
            Entry {
                actor: &Actor::System("startup"),
                action: "role.sync_super",
                target_type: "role",
                target_id: Some(role_id.to_string()),
                success: true,
                detail: serde_json::json!({ "added": missing, "removed": stale }),
                ip: None,
                request_id: None,
            },
            now,
        )
        .await?;
    }
    txn.commit().await?;
    Ok(())
}

/// The built-in super-administrator role's name.
const SUPER_ROLE_NAME: &str = "超级管理员";

async fn super_role_id(conn: &impl ConnectionTrait, now: DateTime<Utc>) -> Result<i64> {
    if let Some(existing) = role::Entity::find()
        .filter(role::Column::IsSuper.eq(true))
        .one(conn)
        .await?
    {
        return Ok(existing.id);
    }
    let created = role::ActiveModel {
        code: Set(SUPER_ROLE_CODE.to_owned()),
        name: Set(SUPER_ROLE_NAME.to_owned()),
        name_key: Set(domain::text::name_key(SUPER_ROLE_NAME)),
        description: Set("内置角色，拥有全部平台管理权限".to_owned()),
        enabled: Set(true),
        is_super: Set(true),
        created_at: Set(now),
        updated_at: Set(now),
        version: Set(0),
        ..Default::default()
    }
    .insert(conn)
    .await?;
    Ok(created.id)
}

/// Creates `admin` holding the super-administrator role when no administrator exists.
/// `password` is the operator's choice (`BEEHIVE_ADMIN_PASSWORD`); without it one is generated.
pub async fn ensure_first_admin(
    db: &DatabaseConnection,
    password: Option<String>,
    now: DateTime<Utc>,
) -> Result<Option<FirstAdmin>> {
    if admin_user::Entity::find().count(db).await? > 0 {
        return Ok(None);
    }
    match create_super_admin(
        db,
        FIRST_ADMIN_ACCOUNT,
        "超级管理员",
        None,
        password,
        "startup",
        now,
    )
    .await
    {
        Ok(created) => Ok(Some(created)),
        // Another instance starting at the same moment created it first.
        Err(Error::Conflict(_)) => Ok(None),
        Err(other) => Err(other),
    }
}

/// Creates an enabled administrator holding the super-administrator role; `via` names
/// what asked for it (`startup` or `cli`) in the operation log.
pub async fn create_super_admin(
    db: &DatabaseConnection,
    account: &str,
    name: &str,
    mobile: Option<&str>,
    password: Option<String>,
    via: &'static str,
    now: DateTime<Utc>,
) -> Result<FirstAdmin> {
    let new = password::NewAccount::check(account, name, mobile, password)?;
    let (account, name, hash) = (new.account.as_str(), new.name.as_str(), new.hash.clone());
    let generated = new.generated_password.is_some();

    let txn = store::begin_write(db).await?;
    if admin_user::Entity::find()
        .filter(admin_user::Column::Account.eq(account))
        .one(&txn)
        .await?
        .is_some()
    {
        return Err(Error::Conflict(format!("账号 {account} 已存在")));
    }
    let role_id = super_role_id(&txn, now).await?;
    let inserted = admin_user::ActiveModel {
        account: Set(account.to_owned()),
        name: Set(name.to_owned()),
        name_key: Set(domain::text::name_key(name)),
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
    .await
    .map_err(|e| match e.sql_err() {
        Some(store::sea_orm::SqlErr::UniqueConstraintViolation(_)) => {
            Error::Conflict(format!("账号 {account} 已存在"))
        }
        _ => Error::from(e),
    })?;
    admin_user_role::ActiveModel {
        user_id: Set(inserted.id),
        role_id: Set(role_id),
    }
    .insert(&txn)
    .await?;
    audit::record(
        &txn,
        Entry {
            actor: &Actor::System(via),
            action: "admin_user.create",
            target_type: "admin_user",
            target_id: Some(inserted.id.to_string()),
            success: true,
            detail: serde_json::json!({
                "account": account,
                "role": SUPER_ROLE_CODE,
                "passwordGenerated": generated,
            }),
            ip: None,
            request_id: None,
        },
        now,
    )
    .await?;
    txn.commit().await?;
    Ok(FirstAdmin {
        account: account.to_owned(),
        generated_password: new.generated_password,
    })
}
