//! Idempotency keys: a command sent with an `Idempotency-Key` header runs once per caller and
//! key. The first request records the key IN_PROGRESS (a unique row per caller and key), runs,
//! and stores its answer (DONE); a retry with the same key and the same request gets that answer
//! again without running anything; the same key with another request is refused with 422; the
//! same key while the first request still runs is refused with 409. Records expire after
//! [`KEY_LIFETIME`]; the daily `housekeeping` job deletes expired ones.
//!
//! The HTTP side (which operations opt in, reading and replaying bodies) is the server's
//! middleware; this module owns the table and the rules.

use crate::principal::Principal;
use crate::{Beehive, Error, Result};
use chrono::{DateTime, Utc};
use sha2::{Digest, Sha256};
use store::entity::idempotency_key::{self, Column, Entity};
use store::sea_orm::sea_query::Expr;
use store::sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set, SqlErr,
};

/// The request header.
pub const HEADER: &str = "Idempotency-Key";

/// How long a key and its answer are kept.
pub const KEY_LIFETIME: chrono::Duration = chrono::Duration::hours(24);

/// The longest key accepted.
pub const MAX_KEY_LEN: usize = 128;

const IN_PROGRESS: &str = "IN_PROGRESS";
const DONE: &str = "DONE";

/// What to do with a request that carries a key.
#[derive(Debug)]
pub enum Begun {
    /// First time: run the command, then [`Beehive::idempotency_finish`] with its answer.
    Run(Ticket),
    /// Seen and finished: answer this stored body again.
    Replay(String),
}

/// The record of a request being run.
#[derive(Debug)]
pub struct Ticket {
    id: i64,
}

/// Whether `key` is an acceptable key: 1 to 128 visible ASCII characters (a UUID is typical).
pub fn check_key(key: &str) -> Result<()> {
    if key.is_empty() || key.len() > MAX_KEY_LEN || !key.bytes().all(|b| b.is_ascii_graphic()) {
        return Err(Error::invalid(
            HEADER,
            format!("幂等键 {HEADER} 须为 1 到 {MAX_KEY_LEN} 个可见 ASCII 字符"),
        ));
    }
    Ok(())
}

/// The fingerprint of a request: method, path (with its query) and body.
pub fn request_hash(method: &str, path: &str, body: &[u8]) -> String {
    let mut hash = Sha256::new();
    hash.update(method.as_bytes());
    hash.update(b"\n");
    hash.update(path.as_bytes());
    hash.update(b"\n");
    hash.update(body);
    hex::encode(hash.finalize())
}

fn caller(me: &Principal) -> String {
    format!("{}:{}", me.kind.as_str(), me.user_id)
}

/// Deletes the records that expired before `now`; answers how many.
pub(crate) async fn delete_expired<C: ConnectionTrait>(
    conn: &C,
    now: DateTime<Utc>,
) -> Result<u64> {
    Ok(Entity::delete_many()
        .filter(Column::ExpiresAt.lt(now))
        .exec(conn)
        .await?
        .rows_affected)
}

impl Beehive {
    /// Records `key` of `me` for the request fingerprinted `hash` (see [`request_hash`]).
    /// Answers [`Begun::Run`] the first time, [`Begun::Replay`] once the first request finished;
    /// 409 while it still runs, 422 when the key was used for another request.
    pub async fn idempotency_begin(&self, me: &Principal, key: &str, hash: &str) -> Result<Begun> {
        check_key(key)?;
        let caller = caller(me);
        let now = self.clock.now();
        // An expired record is forgotten: the key starts afresh.
        Entity::delete_many()
            .filter(Column::Caller.eq(&caller))
            .filter(Column::Key.eq(key))
            .filter(Column::ExpiresAt.lt(now))
            .exec(&self.db)
            .await?;
        let inserted = idempotency_key::ActiveModel {
            caller: Set(caller.clone()),
            key: Set(key.to_owned()),
            request_hash: Set(hash.to_owned()),
            status: Set(IN_PROGRESS.to_owned()),
            response_body: Set(None),
            created_at: Set(now),
            updated_at: Set(now),
            expires_at: Set(now + KEY_LIFETIME),
            ..Default::default()
        }
        .insert(&self.db)
        .await;
        match inserted {
            Ok(row) => return Ok(Begun::Run(Ticket { id: row.id })),
            Err(e) if matches!(e.sql_err(), Some(SqlErr::UniqueConstraintViolation(_))) => {}
            Err(e) => return Err(e.into()),
        }
        let Some(seen) = Entity::find()
            .filter(Column::Caller.eq(&caller))
            .filter(Column::Key.eq(key))
            .one(&self.db)
            .await?
        else {
            // The first request failed and released the key between our insert and this read.
            return Err(Error::Conflict(in_progress()));
        };
        if seen.request_hash != hash {
            return Err(Error::Unprocessable(format!(
                "幂等键 {key} 已用于另一个请求（内容不同），请为新的操作使用新的幂等键"
            )));
        }
        match (seen.status.as_str(), seen.response_body) {
            (DONE, Some(body)) => Ok(Begun::Replay(body)),
            _ => Err(Error::Conflict(in_progress())),
        }
    }

    /// Finishes the request of `ticket`: stores `answer` for replays, or, when `None` (the
    /// command did not reach an outcome worth repeating, e.g. a lost race or a server error),
    /// forgets the key so that a retry with it runs again.
    pub async fn idempotency_finish(&self, ticket: Ticket, answer: Option<String>) -> Result<()> {
        let now = self.clock.now();
        match answer {
            Some(body) => {
                Entity::update_many()
                    .col_expr(Column::Status, Expr::value(DONE))
                    .col_expr(Column::ResponseBody, Expr::value(Some(body)))
                    .col_expr(Column::UpdatedAt, Expr::value(now))
                    .filter(Column::Id.eq(ticket.id))
                    .exec(&self.db)
                    .await?;
            }
            None => {
                Entity::delete_by_id(ticket.id).exec(&self.db).await?;
            }
        }
        Ok(())
    }
}

fn in_progress() -> String {
    "相同幂等键的请求正在处理中，请稍后刷新查看结果".to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_short_visible_ascii() {
        assert!(check_key("0f8fad5b-d9cb-469f-a165-70867728950e").is_ok());
        assert!(check_key("").is_err());
        assert!(check_key("has space").is_err());
        assert!(check_key("幂等").is_err());
        assert!(check_key(&"k".repeat(MAX_KEY_LEN + 1)).is_err());
    }

    #[test]
    fn the_fingerprint_covers_method_path_and_body() {
        let a = request_hash("POST", "/api/x", b"{\"a\":1}");
        assert_eq!(a, request_hash("POST", "/api/x", b"{\"a\":1}"));
        assert_ne!(a, request_hash("POST", "/api/y", b"{\"a\":1}"));
        assert_ne!(a, request_hash("POST", "/api/x", b"{\"a\":2}"));
    }
}
