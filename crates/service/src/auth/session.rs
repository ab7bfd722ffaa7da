//! Sessions: opaque random tokens, only their SHA-256 kept; a single-use refresh token.

use super::settings::SecuritySettings;
use super::{AccountKind, ClientInfo};
use crate::clock::Clock;
use crate::{Error, Result};
use chrono::{DateTime, TimeDelta, Utc};
use rand::RngCore;
use sha2::{Digest, Sha256};
use store::entity::session;
use store::sea_orm::sea_query::Expr;
use store::sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter,
    Set,
};

const ACTIVE: &str = "active";
const SUPERSEDED: &str = "superseded";
const REVOKED: &str = "revoked";

/// 32 random bytes, hex.
pub(super) fn random_token() -> String {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    hex::encode(bytes)
}

pub(super) fn digest(value: &str) -> String {
    hex::encode(Sha256::digest(value.as_bytes()))
}

pub(super) struct Opened {
    pub token: String,
    pub refresh_token: String,
    pub expires_at: DateTime<Utc>,
}

pub(super) struct Rotated {
    pub user_id: i64,
    pub token: String,
    pub refresh_token: String,
    pub expires_at: DateTime<Utc>,
}

fn lifetimes(settings: &SecuritySettings) -> Result<(TimeDelta, TimeDelta)> {
    Ok((
        TimeDelta::from_std(settings.token_lifetime).map_err(Error::internal)?,
        TimeDelta::from_std(settings.refresh_lifetime).map_err(Error::internal)?,
    ))
}

/// Opens a session; with single-session on, the account's other sessions are superseded
/// (their next request answers code 504).
pub(super) async fn open(
    db: &DatabaseConnection,
    clock: &Clock,
    settings: &SecuritySettings,
    kind: AccountKind,
    user_id: i64,
    client: &ClientInfo,
) -> Result<Opened> {
    let (token_life, refresh_life) = lifetimes(settings)?;
    let now = clock.now();
    let token = random_token();
    let refresh_token = random_token();
    let txn = store::begin_write(db).await?;
    if settings.single_session {
        session::Entity::update_many()
            .col_expr(session::Column::State, Expr::value(SUPERSEDED))
            .col_expr(
                session::Column::EndedReason,
                Expr::value("signed_in_elsewhere"),
            )
            .filter(session::Column::AccountKind.eq(kind.as_str()))
            .filter(session::Column::UserId.eq(user_id))
            .filter(session::Column::State.eq(ACTIVE))
            .exec(&txn)
            .await?;
    }
    session::ActiveModel {
        account_kind: Set(kind.as_str().to_owned()),
        user_id: Set(user_id),
        token_hash: Set(digest(&token)),
        refresh_hash: Set(digest(&refresh_token)),
        previous_refresh_hash: Set(None),
        expires_at: Set(now + token_life),
        refresh_expires_at: Set(now + refresh_life),
        state: Set(ACTIVE.to_owned()),
        ended_reason: Set(None),
        ip: Set(client.ip.clone()),
        user_agent: Set(client
            .user_agent
            .as_ref()
            .map(|ua| ua.chars().take(255).collect())),
        created_at: Set(now),
        refreshed_at: Set(None),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    txn.commit().await?;
    Ok(Opened {
        token,
        refresh_token,
        expires_at: now + token_life,
    })
}

fn check_state(row: &session::Model) -> Result<()> {
    match row.state.as_str() {
        ACTIVE => Ok(()),
        SUPERSEDED => Err(Error::SignedInElsewhere),
        _ => Err(Error::LoggedOut),
    }
}

/// The session of `token`, if it may still be used.
pub(super) async fn find_valid(
    db: &DatabaseConnection,
    clock: &Clock,
    kind: AccountKind,
    token: &str,
) -> Result<session::Model> {
    let row = session::Entity::find()
        .filter(session::Column::TokenHash.eq(digest(token)))
        .filter(session::Column::AccountKind.eq(kind.as_str()))
        .one(db)
        .await?
        .ok_or(Error::LoggedOut)?;
    check_state(&row)?;
    if row.expires_at <= clock.now() {
        return Err(Error::Expired);
    }
    Ok(row)
}

/// Rotates both tokens. A refresh token works once: presenting a replaced one again revokes
/// the session (it was copied), and answers HTTP 401.
pub(super) async fn refresh(
    db: &DatabaseConnection,
    clock: &Clock,
    settings: &SecuritySettings,
    kind: AccountKind,
    refresh_token: &str,
) -> Result<Rotated> {
    let presented = digest(refresh_token.trim());
    let now = clock.now();
    let row = session::Entity::find()
        .filter(session::Column::RefreshHash.eq(presented.clone()))
        .filter(session::Column::AccountKind.eq(kind.as_str()))
        .one(db)
        .await?;
    let Some(row) = row else {
        let reused = session::Entity::find()
            .filter(session::Column::PreviousRefreshHash.eq(presented))
            .filter(session::Column::AccountKind.eq(kind.as_str()))
            .one(db)
            .await?;
        if let Some(stolen) = reused {
            revoke(db, stolen.id, "refresh_token_reused").await?;
        }
        return Err(Error::LoggedOut);
    };
    check_state(&row)?;
    if row.refresh_expires_at <= now {
        return Err(Error::Expired);
    }
    let (token_life, _) = lifetimes(settings)?;
    let token = random_token();
    let new_refresh = random_token();
    let expires_at = now + token_life;
    let updated = session::Entity::update_many()
        .col_expr(session::Column::TokenHash, Expr::value(digest(&token)))
        .col_expr(
            session::Column::RefreshHash,
            Expr::value(digest(&new_refresh)),
        )
        .col_expr(
            session::Column::PreviousRefreshHash,
            Expr::value(row.refresh_hash.clone()),
        )
        .col_expr(session::Column::ExpiresAt, Expr::value(expires_at))
        .col_expr(session::Column::RefreshedAt, Expr::value(now))
        .filter(session::Column::Id.eq(row.id))
        .filter(session::Column::RefreshHash.eq(row.refresh_hash.clone()))
        .filter(session::Column::State.eq(ACTIVE))
        .exec(db)
        .await?;
    if updated.rows_affected != 1 {
        // Another refresh with the same token won the race.
        return Err(Error::LoggedOut);
    }
    Ok(Rotated {
        user_id: row.user_id,
        token,
        refresh_token: new_refresh,
        expires_at,
    })
}

/// Ends one session.
pub(super) async fn revoke(db: &impl ConnectionTrait, session_id: i64, reason: &str) -> Result<()> {
    session::Entity::update_many()
        .col_expr(session::Column::State, Expr::value(REVOKED))
        .col_expr(session::Column::EndedReason, Expr::value(reason))
        .filter(session::Column::Id.eq(session_id))
        .filter(session::Column::State.ne(REVOKED))
        .exec(db)
        .await?;
    Ok(())
}

/// Ends every session of an account (password change, disabled account, roles removed).
pub(crate) async fn revoke_all(
    db: &impl ConnectionTrait,
    kind: AccountKind,
    user_id: i64,
    reason: &str,
) -> Result<()> {
    session::Entity::update_many()
        .col_expr(session::Column::State, Expr::value(REVOKED))
        .col_expr(session::Column::EndedReason, Expr::value(reason))
        .filter(session::Column::AccountKind.eq(kind.as_str()))
        .filter(session::Column::UserId.eq(user_id))
        .filter(session::Column::State.ne(REVOKED))
        .exec(db)
        .await?;
    Ok(())
}
