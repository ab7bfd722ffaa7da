//! The status log: one append-only row per status change of any record (capital providers,
//! e-signature accounts, contract templates, notice batches; orders later), written by the one
//! transition mechanism in the same transaction as the change.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum StatusLog {
    Table,
    Id,
    EntityType,
    EntityId,
    FromStatus,
    ToStatus,
    Event,
    ActorKind,
    ActorId,
    ActorName,
    Reason,
    RequestId,
    VersionAfter,
    OccurredAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(StatusLog::Table)
                    .col(big_pk_auto(StatusLog::Id))
                    .col(string_len(StatusLog::EntityType, 64))
                    .col(big_integer(StatusLog::EntityId))
                    .col(string_len_null(StatusLog::FromStatus, 32))
                    .col(string_len(StatusLog::ToStatus, 32))
                    .col(string_len(StatusLog::Event, 64))
                    .col(string_len(StatusLog::ActorKind, 16))
                    .col(big_integer_null(StatusLog::ActorId))
                    .col(string_len(StatusLog::ActorName, 64))
                    .col(string_len(StatusLog::Reason, 500).default(""))
                    .col(string_len_null(StatusLog::RequestId, 64))
                    .col(big_integer(StatusLog::VersionAfter))
                    .col(timestamp_with_time_zone(StatusLog::OccurredAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_status_log_entity")
                    .table(StatusLog::Table)
                    .col(StatusLog::EntityType)
                    .col(StatusLog::EntityId)
                    .to_owned(),
            )
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(StatusLog::Table).to_owned())
            .await
    }
}
