//! The operation log: every change writes one row inside the change's own transaction.

use crate::Result;
use crate::principal::{Actor, ClientInfo, Principal};
use store::entity::operation_log;
use store::sea_orm::{ActiveModelTrait, ConnectionTrait, Set};

/// One operation-log entry.
#[derive(Debug, Clone)]
pub struct Entry<'a> {
    pub actor: &'a Actor,
    pub action: &'a str,
    pub target_type: &'a str,
    pub target_id: Option<String>,
    pub success: bool,
    /// Details as JSON. Callers never put a secret or a password here.
    pub detail: serde_json::Value,
    pub ip: Option<String>,
    pub request_id: Option<String>,
}

/// The operation log's and the status log's columns for `actor`: kind, id and name.
pub(crate) fn actor_columns(actor: &Actor) -> (&'static str, Option<i64>, String) {
    match actor {
        Actor::System(name) => ("system", None, (*name).to_owned()),
        Actor::Admin { id, name } => ("admin", Some(*id), name.clone()),
        Actor::Capital { id, name } => ("capital", Some(*id), name.clone()),
    }
}

/// Appends `entry` at `now` using `conn` (the caller's transaction).
pub async fn record(
    conn: &impl ConnectionTrait,
    entry: Entry<'_>,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<()> {
    let (kind, id, name) = actor_columns(entry.actor);
    operation_log::ActiveModel {
        actor_kind: Set(kind.to_owned()),
        actor_id: Set(id),
        actor_name: Set(name),
        action: Set(entry.action.to_owned()),
        target_type: Set(entry.target_type.to_owned()),
        target_id: Set(entry.target_id),
        outcome: Set(if entry.success { "success" } else { "failure" }.to_owned()),
        detail: Set(entry.detail.to_string()),
        ip: Set(entry.ip),
        request_id: Set(entry.request_id),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(conn)
    .await?;
    Ok(())
}

/// Writes the operation-log entry of a successful change made by `me` (in the change's own
/// transaction `conn`).
#[allow(clippy::too_many_arguments)]
pub(crate) async fn log_change(
    conn: &impl ConnectionTrait,
    me: &Principal,
    client: &ClientInfo,
    action: &str,
    target_type: &str,
    target_id: Option<i64>,
    detail: serde_json::Value,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<()> {
    record(
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
        now,
    )
    .await
}
