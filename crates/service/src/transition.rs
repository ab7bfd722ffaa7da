//! The one way a record's status changes.
//!
//! [`apply`] checks the change against the status's transition table (domain), then, in the
//! caller's transaction: compare-and-set of status and version (`WHERE id = ? AND status = from
//! AND version = read`), the extra columns the change sets, one status-log row and the
//! operation-log entry. A change the table does not list, or one that lost the race against
//! another change of the same record, is a 409 naming the record's current status; nothing is
//! written. Capital providers, e-signature accounts, contract templates and notice batches
//! change status through here, and so will orders.

use crate::audit::{self, Entry};
use crate::principal::{Actor, ClientInfo, Principal};
use crate::{Error, Result};
use chrono::{DateTime, Utc};
use domain::status::Status;
use store::entity::status_log;
use store::sea_orm::sea_query::SimpleExpr;
use store::sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QuerySelect, Set,
};
use store::stateful::{Stateful, compare_and_set};

/// Who makes a change, for the status log and the operation log.
#[derive(Debug, Clone)]
pub struct By {
    pub actor: Actor,
    pub ip: Option<String>,
    pub request_id: Option<String>,
}

impl By {
    /// A signed-in user's request.
    pub fn user(me: &Principal, client: &ClientInfo) -> Self {
        By {
            actor: me.actor(),
            ip: client.ip.clone(),
            request_id: client.request_id.clone(),
        }
    }

    /// The command line, start-up or a background job.
    pub fn system(name: &'static str) -> Self {
        By {
            actor: Actor::System(name),
            ip: None,
            request_id: None,
        }
    }
}

/// One status change of record `id`, from the status and version the caller read in this
/// transaction.
#[derive(Debug, Clone)]
pub struct Change<'a, S: Status> {
    pub id: i64,
    pub from: S,
    pub to: S,
    /// The version the caller read.
    pub version: i64,
    /// What happened (`pause`, `submit`, `activate`, …), kept in the status log.
    pub event: &'a str,
    /// Why, when the user gave a reason.
    pub reason: &'a str,
}

/// The operation-log entry that goes with a change.
#[derive(Debug, Clone)]
pub struct Logged<'a> {
    /// The action's name in the operation log (`capital_provider.set_status`).
    pub action: &'a str,
    /// Details besides `from` and `to`, which are added.
    pub detail: serde_json::Value,
}

/// Applies `change` to a row of `E` in `conn` (the caller's transaction), setting `set` too,
/// and writes `logged` to the operation log (`None` when the change is one step of an action
/// that writes its own entry, e.g. the retirement of the previous version when a template
/// version is activated). Answers the record's version after the change.
pub async fn apply<E, S, C>(
    conn: &C,
    by: &By,
    now: DateTime<Utc>,
    change: Change<'_, S>,
    set: Vec<(E::Column, SimpleExpr)>,
    logged: Option<Logged<'_>>,
) -> Result<i64>
where
    E: Stateful,
    S: Status,
    C: ConnectionTrait,
{
    change.from.check(change.to)?;
    let changed = compare_and_set::<E, C>(
        conn,
        change.id,
        change.from.code(),
        change.to.code(),
        change.version,
        set,
    )
    .await?;
    if !changed {
        return Err(lost_race::<E, S, C>(conn, change.id, change.from).await?);
    }
    let version_after = change.version + 1;
    let (actor_kind, actor_id, actor_name) = audit::actor_columns(&by.actor);
    status_log::ActiveModel {
        entity_type: Set(S::KIND.to_owned()),
        entity_id: Set(change.id),
        from_status: Set(Some(change.from.code().to_owned())),
        to_status: Set(change.to.code().to_owned()),
        event: Set(change.event.to_owned()),
        actor_kind: Set(actor_kind.to_owned()),
        actor_id: Set(actor_id),
        actor_name: Set(actor_name),
        reason: Set(change.reason.chars().take(500).collect()),
        request_id: Set(by.request_id.clone()),
        version_after: Set(version_after),
        occurred_at: Set(now),
        ..Default::default()
    }
    .insert(conn)
    .await?;
    let Some(logged) = logged else {
        return Ok(version_after);
    };
    let mut detail = logged.detail;
    if let Some(map) = detail.as_object_mut() {
        map.insert("from".to_owned(), change.from.code().into());
        map.insert("to".to_owned(), change.to.code().into());
    }
    audit::record(
        conn,
        Entry {
            actor: &by.actor,
            action: logged.action,
            target_type: S::KIND,
            target_id: Some(change.id.to_string()),
            success: true,
            detail,
            ip: by.ip.clone(),
            request_id: by.request_id.clone(),
        },
        now,
    )
    .await?;
    Ok(version_after)
}

/// The 409 of a compare-and-set that changed nothing: the current status when it moved on,
/// else the stale-version message.
async fn lost_race<E, S, C>(conn: &C, id: i64, read: S) -> Result<Error>
where
    E: Stateful,
    S: Status,
    C: ConnectionTrait,
{
    let current: Option<String> = E::find()
        .select_only()
        .column(E::status_column())
        .filter(E::id_column().eq(id))
        .into_tuple()
        .one(conn)
        .await?;
    Ok(match current.as_deref().and_then(S::parse) {
        Some(now) if now != read => {
            Error::Conflict(format!("当前状态不允许该操作（当前状态：{}）", now.label()))
        }
        Some(_) => Error::Conflict(crate::error::STALE.to_owned()),
        None => Error::NotFound("记录不存在".to_owned()),
    })
}

/// The status changes of record `id` of kind `S`, oldest first (a record's timeline).
pub async fn history<S: Status>(
    conn: &impl ConnectionTrait,
    id: i64,
) -> Result<Vec<status_log::Model>> {
    use store::sea_orm::QueryOrder;
    Ok(status_log::Entity::find()
        .filter(status_log::Column::EntityType.eq(S::KIND))
        .filter(status_log::Column::EntityId.eq(id))
        .order_by_asc(status_log::Column::Id)
        .all(conn)
        .await?)
}
