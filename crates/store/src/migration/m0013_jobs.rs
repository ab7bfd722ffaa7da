//! Business-date jobs and idempotency keys.
//!
//! `job_run`: one row per (job, business date) — the run of a daily job for a date, RUNNING
//! until none of its units waits, then DONE (or FAILED when a unit gave up); catch-up reads it.
//! `job_unit`: one row per (job, business date, unit) — the run record that makes a job
//! idempotent per unit: unique, claimed with a lease, DONE in the same transaction as the
//! unit's work. `idempotency_key`: one row per (caller, key) — the first answer of a command
//! sent with an `Idempotency-Key` header, replayed to a retry until it expires.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum JobRun {
    Table,
    Id,
    Job,
    BusinessDate,
    Status,
    Units,
    Failed,
    StartedAt,
    FinishedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum JobUnit {
    Table,
    Id,
    Job,
    BusinessDate,
    Unit,
    Status,
    Attempts,
    Reason,
    ClaimToken,
    ClaimedAt,
    FinishedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum IdempotencyKey {
    Table,
    Id,
    Caller,
    Key,
    RequestHash,
    Status,
    ResponseBody,
    CreatedAt,
    UpdatedAt,
    ExpiresAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(JobRun::Table)
                    .col(big_pk_auto(JobRun::Id))
                    .col(string_len(JobRun::Job, 64))
                    .col(date(JobRun::BusinessDate))
                    .col(string_len(JobRun::Status, 16))
                    .col(integer(JobRun::Units).default(0))
                    .col(integer(JobRun::Failed).default(0))
                    .col(timestamp_with_time_zone(JobRun::StartedAt))
                    .col(timestamp_with_time_zone_null(JobRun::FinishedAt))
                    .col(timestamp_with_time_zone(JobRun::UpdatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("uq_job_run_job_date")
                    .table(JobRun::Table)
                    .col(JobRun::Job)
                    .col(JobRun::BusinessDate)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(JobUnit::Table)
                    .col(big_pk_auto(JobUnit::Id))
                    .col(string_len(JobUnit::Job, 64))
                    .col(date(JobUnit::BusinessDate))
                    .col(string_len(JobUnit::Unit, 128))
                    .col(string_len(JobUnit::Status, 16))
                    .col(integer(JobUnit::Attempts).default(0))
                    .col(string_len(JobUnit::Reason, 500).default(""))
                    .col(string_len_null(JobUnit::ClaimToken, 64))
                    .col(timestamp_with_time_zone_null(JobUnit::ClaimedAt))
                    .col(timestamp_with_time_zone_null(JobUnit::FinishedAt))
                    .col(timestamp_with_time_zone(JobUnit::UpdatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("uq_job_unit_job_date_unit")
                    .table(JobUnit::Table)
                    .col(JobUnit::Job)
                    .col(JobUnit::BusinessDate)
                    .col(JobUnit::Unit)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_job_unit_status")
                    .table(JobUnit::Table)
                    .col(JobUnit::Job)
                    .col(JobUnit::BusinessDate)
                    .col(JobUnit::Status)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(IdempotencyKey::Table)
                    .col(big_pk_auto(IdempotencyKey::Id))
                    .col(string_len(IdempotencyKey::Caller, 64))
                    .col(string_len(IdempotencyKey::Key, 128))
                    .col(string_len(IdempotencyKey::RequestHash, 64))
                    .col(string_len(IdempotencyKey::Status, 16))
                    .col(text_null(IdempotencyKey::ResponseBody))
                    .col(timestamp_with_time_zone(IdempotencyKey::CreatedAt))
                    .col(timestamp_with_time_zone(IdempotencyKey::UpdatedAt))
                    .col(timestamp_with_time_zone(IdempotencyKey::ExpiresAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("uq_idempotency_key_caller_key")
                    .table(IdempotencyKey::Table)
                    .col(IdempotencyKey::Caller)
                    .col(IdempotencyKey::Key)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_idempotency_key_expires")
                    .table(IdempotencyKey::Table)
                    .col(IdempotencyKey::ExpiresAt)
                    .to_owned(),
            )
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            IdempotencyKey::Table.into_iden(),
            JobUnit::Table.into_iden(),
            JobRun::Table.into_iden(),
        ] {
            manager
                .drop_table(Table::drop().table(table).to_owned())
                .await?;
        }
        Ok(())
    }
}
