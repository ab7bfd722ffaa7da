//! Persistence: SeaORM entities, migrations and connection set-up for SQLite and PostgreSQL.
//!
//! The service layer is the only user of this crate; the server never sees SeaORM.

pub mod entity;
pub mod lease;
pub mod migration;
pub mod scope;
pub mod stateful;

pub use sea_orm;

use sea_orm::{
    ConnectOptions, ConnectionTrait, Database, DatabaseConnection, DbBackend, DbErr,
    SqliteTransactionMode, TransactionOptions, TransactionTrait,
};
use sea_orm_migration::MigratorTrait;
use std::time::Duration;

/// Which database engine a connection talks to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Engine {
    Sqlite,
    Postgres,
}

impl Engine {
    pub fn name(self) -> &'static str {
        match self {
            Engine::Sqlite => "sqlite",
            Engine::Postgres => "postgres",
        }
    }

    pub fn of(db: &DatabaseConnection) -> Engine {
        match db.get_database_backend() {
            DbBackend::Postgres => Engine::Postgres,
            _ => Engine::Sqlite,
        }
    }
}

/// Opens a pool on `url` (`sqlite://path?mode=rwc` or `postgres://...`).
pub async fn connect(url: &str) -> Result<DatabaseConnection, DbErr> {
    let mut options = ConnectOptions::new(url.to_owned());
    options
        .max_connections(if url.starts_with("sqlite:") { 8 } else { 16 })
        .min_connections(1)
        .connect_timeout(Duration::from_secs(10))
        .acquire_timeout(Duration::from_secs(10))
        .sqlx_logging(false);
    let db = Database::connect(options).await?;
    if Engine::of(&db) == Engine::Sqlite {
        // WAL lets readers and the single writer work at the same time; it is kept in the file.
        db.execute_unprepared("PRAGMA journal_mode = WAL").await?;
    }
    Ok(db)
}

/// Begins a transaction that writes. On SQLite it is `BEGIN IMMEDIATE`: writers queue for the one
/// write lock (up to the busy timeout) before they read, so a read-then-write never fails because
/// another writer committed after its read; PostgreSQL ignores the mode (its transactions rely on
/// row locks and the version compare-and-set).
pub async fn begin_write<C: TransactionTrait>(db: &C) -> Result<C::Transaction, DbErr> {
    db.begin_with_options(TransactionOptions {
        sqlite_transaction_mode: Some(SqliteTransactionMode::Immediate),
        ..TransactionOptions::default()
    })
    .await
}

/// Applies every pending migration.
pub async fn migrate(db: &DatabaseConnection) -> Result<(), DbErr> {
    migration::Migrator::up(db, None).await
}

/// Names of the migrations already applied, oldest first.
pub async fn applied_migrations(db: &DatabaseConnection) -> Result<Vec<String>, DbErr> {
    Ok(migration::Migrator::get_applied_migrations(db)
        .await?
        .into_iter()
        .map(|m| m.name().to_owned())
        .collect())
}

/// A cheap round trip that proves the database answers.
pub async fn ping(db: &DatabaseConnection) -> Result<(), DbErr> {
    db.ping().await
}

/// Writes `model` (its id set, its `version` the one read plus one) only while the row still
/// holds `read`, the version this transaction read it at (the version compare-and-set): a change
/// committed in between, by another user or a concurrent allocation, makes this one fail with
/// `DbErr::RecordNotUpdated` (a 409 in the service) and nothing is written.
pub async fn save_if_unchanged<A, C>(
    conn: &C,
    model: A,
    version: <A::Entity as sea_orm::EntityTrait>::Column,
    read: i64,
) -> Result<(), DbErr>
where
    A: sea_orm::ActiveModelTrait,
    C: ConnectionTrait,
{
    use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
    <A::Entity as EntityTrait>::update(model)
        .validate()?
        .filter(version.eq(read))
        .exec_without_returning(conn)
        .await?;
    Ok(())
}
