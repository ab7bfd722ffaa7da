//! Work claimed with a lease: background jobs claim a few rows of their table at a time with one
//! conditional `UPDATE … WHERE status = <waiting>`, marked with a random token, so two workers
//! (two `beehive serve` instances on one PostgreSQL) never take the same row; a claim whose lease
//! ran out (a worker died) is put back for the next pass.

use chrono::{DateTime, Utc};
use sea_orm::sea_query::{Expr, ExprTrait, Order, Query};
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder,
};

/// A table whose rows wait in one status and are worked in another under a lease.
pub trait Leased: EntityTrait {
    fn id_column() -> Self::Column;
    fn status_column() -> Self::Column;
    fn token_column() -> Self::Column;
    fn claimed_at_column() -> Self::Column;
    fn attempts_column() -> Self::Column;
    fn updated_at_column() -> Self::Column;
}

/// The statuses a leased row moves between and how long a claim lasts.
#[derive(Debug, Clone, Copy)]
pub struct Lease<'a> {
    /// The status of a row waiting to be worked.
    pub waiting: &'a str,
    /// The status of a claimed row.
    pub claimed: &'a str,
    pub duration: chrono::Duration,
}

/// Puts back rows whose claim is older than the lease; answers how many.
pub async fn release_expired<E: Leased, C: ConnectionTrait>(
    conn: &C,
    lease: Lease<'_>,
    now: DateTime<Utc>,
) -> Result<u64, DbErr> {
    Ok(E::update_many()
        .col_expr(E::status_column(), Expr::value(lease.waiting))
        .col_expr(E::token_column(), Expr::value(None::<String>))
        .filter(E::status_column().eq(lease.claimed))
        .filter(E::claimed_at_column().lt(now - lease.duration))
        .exec(conn)
        .await?
        .rows_affected)
}

/// Claims up to `limit` waiting rows (oldest id first) for `token`; answers the claimed rows.
pub async fn claim<E: Leased, C: ConnectionTrait>(
    conn: &C,
    lease: Lease<'_>,
    token: &str,
    limit: u64,
    now: DateTime<Utc>,
) -> Result<Vec<E::Model>, DbErr> {
    claim_where::<E, C>(conn, lease, token, limit, now, Condition::all()).await
}

/// [`claim`] among the waiting rows that also match `only` (e.g. one job's units of one date).
pub async fn claim_where<E: Leased, C: ConnectionTrait>(
    conn: &C,
    lease: Lease<'_>,
    token: &str,
    limit: u64,
    now: DateTime<Utc>,
    only: Condition,
) -> Result<Vec<E::Model>, DbErr> {
    let claimed = E::update_many()
        .col_expr(E::status_column(), Expr::value(lease.claimed))
        .col_expr(E::token_column(), Expr::value(Some(token.to_owned())))
        .col_expr(E::claimed_at_column(), Expr::value(Some(now)))
        .col_expr(E::attempts_column(), Expr::col(E::attempts_column()).add(1))
        .col_expr(E::updated_at_column(), Expr::value(now))
        .filter(E::status_column().eq(lease.waiting))
        .filter(
            E::id_column().in_subquery(
                Query::select()
                    .column(E::id_column())
                    .from(E::default())
                    .and_where(E::status_column().eq(lease.waiting))
                    .cond_where(only)
                    .order_by(E::id_column(), Order::Asc)
                    .limit(limit)
                    .to_owned(),
            ),
        )
        .exec(conn)
        .await?
        .rows_affected;
    if claimed == 0 {
        return Ok(Vec::new());
    }
    E::find()
        .filter(E::token_column().eq(token))
        .filter(E::status_column().eq(lease.claimed))
        .order_by_asc(E::id_column())
        .all(conn)
        .await
}

impl Leased for crate::entity::notice_recipient::Entity {
    fn id_column() -> Self::Column {
        crate::entity::notice_recipient::Column::Id
    }
    fn status_column() -> Self::Column {
        crate::entity::notice_recipient::Column::Status
    }
    fn token_column() -> Self::Column {
        crate::entity::notice_recipient::Column::ClaimToken
    }
    fn claimed_at_column() -> Self::Column {
        crate::entity::notice_recipient::Column::ClaimedAt
    }
    fn attempts_column() -> Self::Column {
        crate::entity::notice_recipient::Column::Attempts
    }
    fn updated_at_column() -> Self::Column {
        crate::entity::notice_recipient::Column::UpdatedAt
    }
}

impl Leased for crate::entity::job_unit::Entity {
    fn id_column() -> Self::Column {
        crate::entity::job_unit::Column::Id
    }
    fn status_column() -> Self::Column {
        crate::entity::job_unit::Column::Status
    }
    fn token_column() -> Self::Column {
        crate::entity::job_unit::Column::ClaimToken
    }
    fn claimed_at_column() -> Self::Column {
        crate::entity::job_unit::Column::ClaimedAt
    }
    fn attempts_column() -> Self::Column {
        crate::entity::job_unit::Column::Attempts
    }
    fn updated_at_column() -> Self::Column {
        crate::entity::job_unit::Column::UpdatedAt
    }
}
