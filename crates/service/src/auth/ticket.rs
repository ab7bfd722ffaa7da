//! The login identifier (`uid`): a one-time ticket for one sign-in attempt.
//!
//! `GET /api/{kind}/login/uid` issues one; the sign-in (or SMS code request) must present it;
//! it is consumed by the first use, whatever the outcome, and expires after five minutes.
//! It makes every attempt a fresh round trip (no blind replay of a captured request), binds the
//! attempt to the account kind, and gives the per-IP limits a cheap first gate.

use super::settings::SecuritySettings;
use super::{AccountKind, ClientInfo, Ticket};
use crate::clock::Clock;
use crate::{Error, Result};
use store::entity::login_ticket;
use store::sea_orm::sea_query::Expr;
use store::sea_orm::{
    ActiveModelTrait, ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, Set,
};

pub(super) async fn issue(
    db: &DatabaseConnection,
    clock: &Clock,
    settings: &SecuritySettings,
    kind: AccountKind,
    client: &ClientInfo,
) -> Result<Ticket> {
    let uid = super::session::random_token();
    let now = clock.now();
    let lifetime =
        chrono::TimeDelta::from_std(settings.ticket_lifetime).map_err(Error::internal)?;
    // Expired tickets are of no use to anyone: drop them as new ones are made.
    login_ticket::Entity::delete_many()
        .filter(login_ticket::Column::ExpiresAt.lt(now - chrono::TimeDelta::hours(1)))
        .exec(db)
        .await?;
    login_ticket::ActiveModel {
        uid_hash: Set(super::session::digest(&uid)),
        account_kind: Set(kind.as_str().to_owned()),
        expires_at: Set(now + lifetime),
        used_at: Set(None),
        ip: Set(client.ip.clone()),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(Ticket {
        uid,
        expires_in_seconds: settings.ticket_lifetime.as_secs(),
    })
}

/// Uses the ticket up; refuses a missing, unknown, used or expired one.
pub(super) async fn consume(
    db: &DatabaseConnection,
    clock: &Clock,
    kind: AccountKind,
    uid: &str,
) -> Result<()> {
    let uid = uid.trim();
    if uid.is_empty() {
        return Err(Error::invalid("uid", "缺少登录标识 uid，请刷新页面后重试"));
    }
    let now = clock.now();
    let updated = login_ticket::Entity::update_many()
        .col_expr(login_ticket::Column::UsedAt, Expr::value(now))
        .filter(login_ticket::Column::UidHash.eq(super::session::digest(uid)))
        .filter(login_ticket::Column::AccountKind.eq(kind.as_str()))
        .filter(login_ticket::Column::UsedAt.is_null())
        .filter(login_ticket::Column::ExpiresAt.gt(now))
        .exec(db)
        .await?;
    if updated.rows_affected == 1 {
        Ok(())
    } else {
        Err(Error::invalid("uid", "登录标识已失效，请重新登录"))
    }
}
