//! Repayments (docs/repayments.md): the money received after disbursement as immutable facts
//! (`repayment`), the other money facts of an order (`order_money_fact`: cancelled interest and
//! the settlement fee of an early settlement; waivers, advances and write-offs later), and what
//! the money core's replay derives from them: allocations, penalty rows, the instalments' paid /
//! waived / outstanding amounts and status, the order's outstanding, days past due and bucket
//! (with its history).

use super::common::audited;
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Repayment {
    Table,
    Id,
    OrderId,
    Purpose,
    Source,
    AmountFen,
    Channel,
    SerialNo,
    Payer,
    ValueDate,
    VoucherFileId,
    Status,
    RecordedBy,
    RecordedByName,
    ConfirmedBy,
    ConfirmedByName,
    ConfirmedAt,
    JournalId,
    OverpaymentFen,
    RejectReason,
    ReversedBy,
    ReversedByName,
    ReversedAt,
    ReversalReason,
    ReversalJournalId,
    Quote,
}

#[derive(DeriveIden)]
enum RepaymentAllocation {
    Table,
    Id,
    RepaymentId,
    OrderId,
    ItemSeq,
    Component,
    AmountFen,
}

#[derive(DeriveIden)]
enum PenaltyAccrual {
    Table,
    Id,
    OrderId,
    ItemSeq,
    AccrualDate,
    BaseFen,
    AmountFen,
}

#[derive(DeriveIden)]
enum OrderMoneyFact {
    Table,
    Id,
    OrderId,
    Kind,
    ItemSeq,
    Component,
    AmountFen,
    ValueDate,
    RefType,
    RefId,
    CreatedAt,
    CreatedBy,
}

#[derive(DeriveIden)]
enum OrderBucketHistory {
    Table,
    Id,
    OrderId,
    BusinessDate,
    FromBucket,
    ToBucket,
    DaysPastDue,
    CreatedAt,
}

#[derive(DeriveIden)]
enum OrderPlanItem {
    Table,
    Ledger,
    PaidFen,
    WaivedFen,
    PenaltyFen,
    OutstandingFen,
    OverdueDays,
    AdvancedFen,
    SettledOn,
}

#[derive(DeriveIden)]
enum Orders {
    Table,
    OutstandingFen,
    PaidFen,
    OverdueDays,
    Bucket,
    CustomerCreditFen,
    NextDueDate,
    NextDueFen,
    ReplayedOn,
    SettleType,
    SettledAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let conn = manager.get_connection();
        manager
            .create_table(audited(
                Table::create()
                    .table(Repayment::Table)
                    .col(big_pk_auto(Repayment::Id))
                    .col(big_integer(Repayment::OrderId))
                    // REPAYMENT, EARLY_SETTLEMENT, FIRST_INSTALMENT, DEPOSIT_OFFSET.
                    .col(string_len(Repayment::Purpose, 24))
                    // CUSTOMER, THIRD_PARTY, CREDIT (the customer's credit on the order), DEPOSIT.
                    .col(string_len(Repayment::Source, 16))
                    .col(big_integer(Repayment::AmountFen))
                    .col(string_len(Repayment::Channel, 24))
                    .col(string_len(Repayment::SerialNo, 64))
                    .col(string_len(Repayment::Payer, 64))
                    .col(date(Repayment::ValueDate))
                    .col(big_integer_null(Repayment::VoucherFileId))
                    // RECORDED, CONFIRMED, REJECTED, REVERSED.
                    .col(string_len(Repayment::Status, 16))
                    .col(big_integer_null(Repayment::RecordedBy))
                    .col(string_len(Repayment::RecordedByName, 64))
                    .col(big_integer_null(Repayment::ConfirmedBy))
                    .col(string_len(Repayment::ConfirmedByName, 64).default(""))
                    .col(timestamp_with_time_zone_null(Repayment::ConfirmedAt))
                    .col(big_integer_null(Repayment::JournalId))
                    .col(big_integer(Repayment::OverpaymentFen).default(0))
                    .col(string_len(Repayment::RejectReason, 500).default(""))
                    .col(big_integer_null(Repayment::ReversedBy))
                    .col(string_len(Repayment::ReversedByName, 64).default(""))
                    .col(timestamp_with_time_zone_null(Repayment::ReversedAt))
                    .col(string_len(Repayment::ReversalReason, 500).default(""))
                    .col(big_integer_null(Repayment::ReversalJournalId))
                    // The payoff quote an early settlement was recorded against.
                    .col(json_null(Repayment::Quote))
                    .to_owned(),
            ))
            .await?;
        // A bank serial number is one repayment, whatever happens to it (invariant 17).
        manager
            .create_index(
                Index::create()
                    .name("uq_repayment_serial")
                    .table(Repayment::Table)
                    .col(Repayment::SerialNo)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_repayment_order")
                    .table(Repayment::Table)
                    .col(Repayment::OrderId)
                    .to_owned(),
            )
            .await?;
        // The system's own facts (first instalment from the down payment, deposit offset) once
        // per order.
        conn.execute_unprepared(
            "CREATE UNIQUE INDEX uq_repayment_system ON repayment (order_id, purpose) \
             WHERE purpose IN ('FIRST_INSTALMENT', 'DEPOSIT_OFFSET') AND status <> 'REVERSED'",
        )
        .await?;

        manager
            .create_table(
                Table::create()
                    .table(RepaymentAllocation::Table)
                    .col(big_pk_auto(RepaymentAllocation::Id))
                    .col(big_integer(RepaymentAllocation::RepaymentId))
                    .col(big_integer(RepaymentAllocation::OrderId))
                    .col(integer(RepaymentAllocation::ItemSeq))
                    // PENALTY, FEE, INTEREST, PRINCIPAL.
                    .col(string_len(RepaymentAllocation::Component, 16))
                    .col(big_integer(RepaymentAllocation::AmountFen))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_repayment_allocation_order")
                    .table(RepaymentAllocation::Table)
                    .col(RepaymentAllocation::OrderId)
                    .col(RepaymentAllocation::RepaymentId)
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(PenaltyAccrual::Table)
                    .col(big_pk_auto(PenaltyAccrual::Id))
                    .col(big_integer(PenaltyAccrual::OrderId))
                    .col(integer(PenaltyAccrual::ItemSeq))
                    .col(date(PenaltyAccrual::AccrualDate))
                    .col(big_integer(PenaltyAccrual::BaseFen))
                    .col(big_integer(PenaltyAccrual::AmountFen))
                    .to_owned(),
            )
            .await?;
        // One row per instalment and day: a second run of the same day adds nothing.
        manager
            .create_index(
                Index::create()
                    .name("uq_penalty_accrual_day")
                    .table(PenaltyAccrual::Table)
                    .col(PenaltyAccrual::OrderId)
                    .col(PenaltyAccrual::ItemSeq)
                    .col(PenaltyAccrual::AccrualDate)
                    .unique()
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(OrderMoneyFact::Table)
                    .col(big_pk_auto(OrderMoneyFact::Id))
                    .col(big_integer(OrderMoneyFact::OrderId))
                    // CANCEL_INTEREST, CHARGE_FEE (later WAIVER, ADVANCE, WRITE_OFF, PENALTY_STOP).
                    .col(string_len(OrderMoneyFact::Kind, 24))
                    .col(integer_null(OrderMoneyFact::ItemSeq))
                    .col(string_len_null(OrderMoneyFact::Component, 16))
                    .col(big_integer_null(OrderMoneyFact::AmountFen))
                    .col(date(OrderMoneyFact::ValueDate))
                    // What it belongs to: a fact of a reversed repayment no longer counts.
                    .col(string_len(OrderMoneyFact::RefType, 32))
                    .col(big_integer(OrderMoneyFact::RefId))
                    .col(timestamp_with_time_zone(OrderMoneyFact::CreatedAt))
                    .col(big_integer_null(OrderMoneyFact::CreatedBy))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_order_money_fact_order")
                    .table(OrderMoneyFact::Table)
                    .col(OrderMoneyFact::OrderId)
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(OrderBucketHistory::Table)
                    .col(big_pk_auto(OrderBucketHistory::Id))
                    .col(big_integer(OrderBucketHistory::OrderId))
                    .col(date(OrderBucketHistory::BusinessDate))
                    .col(string_len(OrderBucketHistory::FromBucket, 16))
                    .col(string_len(OrderBucketHistory::ToBucket, 16))
                    .col(integer(OrderBucketHistory::DaysPastDue))
                    .col(timestamp_with_time_zone(OrderBucketHistory::CreatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_order_bucket_history_order")
                    .table(OrderBucketHistory::Table)
                    .col(OrderBucketHistory::OrderId)
                    .to_owned(),
            )
            .await?;

        manager
            .alter_table(
                Table::alter()
                    .table(OrderPlanItem::Table)
                    .add_column(ColumnDef::new(OrderPlanItem::Ledger).json().null())
                    .to_owned(),
            )
            .await?;
        for col in [
            OrderPlanItem::PaidFen,
            OrderPlanItem::WaivedFen,
            OrderPlanItem::PenaltyFen,
            OrderPlanItem::OutstandingFen,
            OrderPlanItem::AdvancedFen,
        ] {
            manager
                .alter_table(
                    Table::alter()
                        .table(OrderPlanItem::Table)
                        .add_column(ColumnDef::new(col).big_integer().not_null().default(0))
                        .to_owned(),
                )
                .await?;
        }
        manager
            .alter_table(
                Table::alter()
                    .table(OrderPlanItem::Table)
                    .add_column(
                        ColumnDef::new(OrderPlanItem::OverdueDays)
                            .integer()
                            .not_null()
                            .default(0),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(OrderPlanItem::Table)
                    .add_column(ColumnDef::new(OrderPlanItem::SettledOn).date().null())
                    .to_owned(),
            )
            .await?;

        for col in [
            Orders::OutstandingFen,
            Orders::PaidFen,
            Orders::CustomerCreditFen,
            Orders::NextDueFen,
        ] {
            manager
                .alter_table(
                    Table::alter()
                        .table(Orders::Table)
                        .add_column(ColumnDef::new(col).big_integer().not_null().default(0))
                        .to_owned(),
                )
                .await?;
        }
        manager
            .alter_table(
                Table::alter()
                    .table(Orders::Table)
                    .add_column(
                        ColumnDef::new(Orders::OverdueDays)
                            .integer()
                            .not_null()
                            .default(0),
                    )
                    .to_owned(),
            )
            .await?;
        for (col, len) in [(Orders::Bucket, 16), (Orders::SettleType, 24)] {
            manager
                .alter_table(
                    Table::alter()
                        .table(Orders::Table)
                        .add_column(ColumnDef::new(col).string_len(len).not_null().default(""))
                        .to_owned(),
                )
                .await?;
        }
        for col in [Orders::NextDueDate, Orders::ReplayedOn] {
            manager
                .alter_table(
                    Table::alter()
                        .table(Orders::Table)
                        .add_column(ColumnDef::new(col).date().null())
                        .to_owned(),
                )
                .await?;
        }
        manager
            .alter_table(
                Table::alter()
                    .table(Orders::Table)
                    .add_column(
                        ColumnDef::new(Orders::SettledAt)
                            .timestamp_with_time_zone()
                            .null(),
                    )
                    .to_owned(),
            )
            .await?;
        Ok(())
    }
}
