//! Recovery applications (追偿申请, docs/recoveries.md): the platform's claim on the instalments it
//! advanced (代偿) handed to a collection agency or to court, or written off. A write-off's money
//! facts are `order_money_fact` rows (WRITE_OFF, one per instalment, `ref_type` "recovery"); the
//! instalment keeps the claim written off (`advance_written_off_fen`).

use super::common::audited;
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
#[allow(clippy::enum_variant_names)] // the column is recovery_no
enum Recovery {
    Table,
    Id,
    RecoveryNo,
    OrderId,
    Method,
    Agency,
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
    ApprovedOn,
    RejectReason,
    ExecutedOn,
    ExecutedByName,
    Result,
    RecoveredFen,
    CostFen,
    CostJournalId,
    PostedClaimFen,
    PostedPrincipalFen,
}

#[derive(DeriveIden)]
enum OrderPlanItem {
    Table,
    AdvanceWrittenOffFen,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(audited(
                Table::create()
                    .table(Recovery::Table)
                    .col(big_pk_auto(Recovery::Id))
                    .col(string_len(Recovery::RecoveryNo, 32))
                    .col(big_integer(Recovery::OrderId))
                    // COLLECTION_AGENCY, LITIGATION or WRITE_OFF.
                    .col(string_len(Recovery::Method, 24))
                    // The collection agency or the court (empty for a write-off).
                    .col(string_len(Recovery::Agency, 100).default(""))
                    // The claim when applied for.
                    .col(big_integer(Recovery::ClaimFen))
                    .col(string_len(Recovery::Reason, 500))
                    .col(integer(Recovery::Levels))
                    .col(string_len(Recovery::Status, 24))
                    .col(string_len(Recovery::CreatedByName, 64))
                    .col(big_integer_null(Recovery::FirstBy))
                    .col(string_len(Recovery::FirstByName, 64).default(""))
                    .col(timestamp_with_time_zone_null(Recovery::FirstAt))
                    .col(big_integer_null(Recovery::SecondBy))
                    .col(string_len(Recovery::SecondByName, 64).default(""))
                    .col(timestamp_with_time_zone_null(Recovery::SecondAt))
                    .col(date_null(Recovery::ApprovedOn))
                    .col(string_len(Recovery::RejectReason, 500).default(""))
                    .col(date_null(Recovery::ExecutedOn))
                    .col(string_len(Recovery::ExecutedByName, 64).default(""))
                    // How the case ended (agency, litigation).
                    .col(string_len(Recovery::Result, 500).default(""))
                    // What repayments recovered from approval to the close (agency, litigation).
                    .col(big_integer(Recovery::RecoveredFen).default(0))
                    .col(big_integer(Recovery::CostFen).default(0))
                    .col(big_integer_null(Recovery::CostJournalId))
                    // Derived (write-off): the claim and the provider's principal written off, as
                    // posted (E10).
                    .col(big_integer(Recovery::PostedClaimFen).default(0))
                    .col(big_integer(Recovery::PostedPrincipalFen).default(0))
                    .to_owned(),
            ))
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("uq_recovery_no")
                    .table(Recovery::Table)
                    .col(Recovery::RecoveryNo)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_recovery_order")
                    .table(Recovery::Table)
                    .col(Recovery::OrderId)
                    .to_owned(),
            )
            .await?;
        // One application per order open at a time (waiting for approval, or a case in progress).
        manager
            .get_connection()
            .execute_unprepared(
                "CREATE UNIQUE INDEX uq_recovery_open ON recovery (order_id) \
                 WHERE status IN ('PENDING_APPROVAL', 'PENDING_SECOND', 'APPROVED')",
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(OrderPlanItem::Table)
                    .add_column(
                        ColumnDef::new(OrderPlanItem::AdvanceWrittenOffFen)
                            .big_integer()
                            .not_null()
                            .default(0),
                    )
                    .to_owned(),
            )
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(OrderPlanItem::Table)
                    .drop_column(OrderPlanItem::AdvanceWrittenOffFen)
                    .to_owned(),
            )
            .await?;
        manager
            .drop_table(Table::drop().table(Recovery::Table).to_owned())
            .await
    }
}
