//! Order write-offs (核销, T28, docs/write-offs.md): an application to write off everything an
//! overdue order still owes, borne by the capital provider or the platform, approved at one or two
//! levels. Its money fact is an `order_money_fact` (WRITE_OFF for the whole order, `ref_type`
//! "write_off"); the amounts it posted (E10) are kept on the row.

use super::common::audited;
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
#[allow(clippy::enum_variant_names)] // the column is write_off_no
enum WriteOff {
    Table,
    Id,
    WriteOffNo,
    OrderId,
    Bearer,
    PrincipalFen,
    InterestFen,
    FeeFen,
    PenaltyFen,
    TotalFen,
    ClaimFen,
    Reason,
    Levels,
    Status,
    CreatedByName,
    FirstBy,
    FirstByName,
    FirstAt,
    SecondBy,
    SecondByName,
    SecondAt,
    ExecutedOn,
    RejectReason,
    PostedClaimFen,
    PostedPrincipalFen,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(audited(
                Table::create()
                    .table(WriteOff::Table)
                    .col(big_pk_auto(WriteOff::Id))
                    .col(string_len(WriteOff::WriteOffNo, 32))
                    .col(big_integer(WriteOff::OrderId))
                    // CAPITAL_PROVIDER or PLATFORM: who bears the provider's principal.
                    .col(string_len(WriteOff::Bearer, 24))
                    // What the order owed per component when applied for (fixed again at the
                    // last approval).
                    .col(big_integer(WriteOff::PrincipalFen))
                    .col(big_integer(WriteOff::InterestFen))
                    .col(big_integer(WriteOff::FeeFen))
                    .col(big_integer(WriteOff::PenaltyFen))
                    .col(big_integer(WriteOff::TotalFen))
                    // The part of it the platform claims (advanced instalments).
                    .col(big_integer(WriteOff::ClaimFen))
                    .col(string_len(WriteOff::Reason, 500))
                    .col(integer(WriteOff::Levels))
                    .col(string_len(WriteOff::Status, 24))
                    .col(string_len(WriteOff::CreatedByName, 64))
                    .col(big_integer_null(WriteOff::FirstBy))
                    .col(string_len(WriteOff::FirstByName, 64).default(""))
                    .col(timestamp_with_time_zone_null(WriteOff::FirstAt))
                    .col(big_integer_null(WriteOff::SecondBy))
                    .col(string_len(WriteOff::SecondByName, 64).default(""))
                    .col(timestamp_with_time_zone_null(WriteOff::SecondAt))
                    .col(date_null(WriteOff::ExecutedOn))
                    .col(string_len(WriteOff::RejectReason, 500).default(""))
                    // Derived: the claim and the provider's principal written off, as posted.
                    .col(big_integer(WriteOff::PostedClaimFen).default(0))
                    .col(big_integer(WriteOff::PostedPrincipalFen).default(0))
                    .to_owned(),
            ))
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("uq_write_off_no")
                    .table(WriteOff::Table)
                    .col(WriteOff::WriteOffNo)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_write_off_order")
                    .table(WriteOff::Table)
                    .col(WriteOff::OrderId)
                    .to_owned(),
            )
            .await?;
        // One application per order waiting for approval.
        manager
            .get_connection()
            .execute_unprepared(
                "CREATE UNIQUE INDEX uq_write_off_open ON write_off (order_id) \
                 WHERE status IN ('PENDING_APPROVAL', 'PENDING_SECOND')",
            )
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(WriteOff::Table).to_owned())
            .await
    }
}
