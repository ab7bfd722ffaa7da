//! System management: the organization tree, roles, administrators and the journal.

pub mod bootstrap;
pub mod logs;
pub mod organization;
pub mod roles;
pub mod settings;
mod users;

pub(crate) use users::new_password;
pub use users::{AdminUserRow, AdminUserView, NewAdminUser, RoleRef, UserFilter, UserUpdate};

use crate::audit::{self, Entry};
use crate::auth::{ClientInfo, Principal};
use crate::export::Exported;
use crate::{Error, Result};
use store::sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, SqlErr,
};

/// Writes the operation-log entry of a successful change made by `me`.
pub(crate) async fn log_change(
    conn: &impl ConnectionTrait,
    me: &Principal,
    client: &ClientInfo,
    action: &str,
    target_type: &str,
    target_id: Option<i64>,
    detail: serde_json::Value,
) -> Result<()> {
    audit::record(
        conn,
        Entry {
            actor: &me.actor(),
            action,
            target_type,
            target_id: target_id.map(|id| id.to_string()),
            success: true,
            detail,
            ip: client.ip.clone(),
            request_id: client.request_id.clone(),
        },
    )
    .await
}

/// Writes the operation-log entry of an export of the list `list` (its rows and file).
pub(crate) async fn log_export(
    conn: &impl ConnectionTrait,
    me: &Principal,
    client: &ClientInfo,
    list: &str,
    exported: &Exported,
) -> Result<()> {
    log_change(
        conn,
        me,
        client,
        "export",
        list,
        None,
        serde_json::json!({ "list": list, "rows": exported.rows, "objectName": exported.object_name }),
    )
    .await
}

/// A unique-constraint violation as a 409 with `message`; anything else as usual.
pub(crate) fn conflict_on_unique(err: DbErr, message: &str) -> Error {
    match err.sql_err() {
        Some(SqlErr::UniqueConstraintViolation(_)) => Error::Conflict(message.to_owned()),
        _ => Error::from(err),
    }
}

/// Writes `model` (its id set, its `version` the one read plus one) only while the row still
/// holds `read`, the version this transaction read it at (DOMAIN.md §2.4's version CAS): a change
/// committed in between, by another user or a concurrent allocation, makes this one fail with
/// `DbErr::RecordNotUpdated` (a 409 through `Error::from`) and nothing is written.
pub(crate) async fn save_if_unchanged<A, C>(
    conn: &C,
    model: A,
    version: <A::Entity as EntityTrait>::Column,
    read: i64,
) -> std::result::Result<(), DbErr>
where
    A: ActiveModelTrait,
    C: ConnectionTrait,
{
    <A::Entity as EntityTrait>::update(model)
        .validate()?
        .filter(version.eq(read))
        .exec_without_returning(conn)
        .await?;
    Ok(())
}

/// A trimmed required name of 1 to `max` characters.
pub(crate) fn required_text(field: &str, label: &str, value: &str, max: usize) -> Result<String> {
    let value = value.trim();
    if value.is_empty() {
        return Err(Error::invalid(field, format!("{label}不能为空")));
    }
    if value.chars().count() > max {
        return Err(Error::invalid(
            field,
            format!("{label}不能超过 {max} 个字符"),
        ));
    }
    Ok(value.to_owned())
}
