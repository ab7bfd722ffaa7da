//! The operation log: every change writes one row inside the change's own transaction.

use crate::Result;
use store::entity::operation_log;
use store::sea_orm::{ActiveModelTrait, ConnectionTrait, Set};

/// Who did something.
#[derive(Debug, Clone)]
pub enum Actor {
    /// The command line, start-up or a background job.
    System(&'static str),
    Admin {
        id: i64,
        name: String,
    },
    Capital {
        id: i64,
        name: String,
    },
}

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

/// Appends `entry` using `conn` (the caller's transaction).
pub async fn record(conn: &impl ConnectionTrait, entry: Entry<'_>) -> Result<()> {
    let (kind, id, name) = match entry.actor {
        Actor::System(name) => ("system", None, (*name).to_owned()),
        Actor::Admin { id, name } => ("admin", Some(*id), name.clone()),
        Actor::Capital { id, name } => ("capital", Some(*id), name.clone()),
    };
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
        created_at: Set(chrono::Utc::now()),
        ..Default::default()
    }
    .insert(conn)
    .await?;
    Ok(())
}
