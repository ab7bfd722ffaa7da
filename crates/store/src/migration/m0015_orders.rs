//! Orders, part 1 (docs/orders.md): the order and its status log, the policies quoted on it, the
//! allocation rules and the allocation records, the daily order-number sequence and the daily
//! quota counters of the allocation rules.

use super::common::audited;
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Orders {
    Table,
    Id,
    OrderNo,
    Status,
    StatusSort,
    StatusChangedAt,
    CustomerId,
    VehicleId,
    ProductId,
    ProductCode,
    ProductVersion,
    TermN,
    Channel,
    RequestedPremiumFen,
    RequestedFinancedFen,
    AnchorDate,
    TotalPremiumFen,
    DownPaymentFen,
    FinancedFen,
    UpfrontFeeFen,
    DepositFen,
    FirstInstalmentFen,
    DueAtDownPaymentFen,
    ApprovedFinancedFen,
    FirstDueDate,
    TermsSnapshot,
    ScheduleHash,
    CapitalProviderId,
    AllocationId,
    AssigneeId,
    SubmittedBy,
    ReviewedBy,
    ReturnCount,
    ReturnReason,
    ReturnFields,
    ReviewOpinion,
    RejectReasonCode,
    RejectReason,
    RejectStage,
    CancelReason,
    Remark,
    AppliedAt,
    IntakeStartedAt,
    SubmittedAt,
    ApprovedAt,
    AllocatedAt,
    AcceptedAt,
    RejectedAt,
    CancelledAt,
}

#[derive(DeriveIden)]
enum OrderStatusLog {
    Table,
    Id,
    OrderId,
    FromStatus,
    ToStatus,
    Event,
    ActorType,
    ActorId,
    ActorName,
    BusinessDate,
    OccurredAt,
    ReasonCode,
    Comment,
    AmountFen,
    RefType,
    RefId,
    Detail,
    IdempotencyKey,
    RequestId,
    OrderVersionAfter,
}

#[derive(DeriveIden)]
enum InsurancePolicy {
    Table,
    Id,
    OrderId,
    Kind,
    InsurerId,
    PremiumFen,
    Status,
    QuoteNo,
}

#[derive(DeriveIden)]
enum AllocationRule {
    Table,
    Id,
    Name,
    Priority,
    Weight,
    Enabled,
    RuleVersion,
    CapitalProviderId,
    Conditions,
    DailyQuotaFen,
    WindowStart,
    WindowEnd,
    EffectiveFrom,
    EffectiveTo,
    SwrrCurrent,
    Remark,
}

#[derive(DeriveIden)]
enum Allocation {
    Table,
    Id,
    OrderId,
    CapitalProviderId,
    RuleId,
    RuleVersion,
    Mode,
    ReservedFen,
    Status,
    Reason,
    CpApprovalNo,
    CpCostRateBp,
    ApprovedFen,
    AllocatedBy,
    AllocatedByName,
    EndedAt,
}

#[derive(DeriveIden)]
enum AllocationQuota {
    Table,
    RuleId,
    Day,
    UsedFen,
}

#[derive(DeriveIden)]
enum OrderDaySeq {
    Table,
    Day,
    Last,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(audited(
                Table::create()
                    .table(Orders::Table)
                    .col(big_pk_auto(Orders::Id))
                    .col(string_len(Orders::OrderNo, 32))
                    .col(string_len(Orders::Status, 32))
                    .col(integer(Orders::StatusSort))
                    .col(timestamp_with_time_zone(Orders::StatusChangedAt))
                    .col(big_integer(Orders::CustomerId))
                    .col(big_integer(Orders::VehicleId))
                    // The product version chosen (its row), and its code and number for lists.
                    .col(big_integer(Orders::ProductId))
                    .col(string_len(Orders::ProductCode, 64))
                    .col(integer(Orders::ProductVersion))
                    .col(integer(Orders::TermN))
                    .col(string_len(Orders::Channel, 64).default(""))
                    .col(big_integer(Orders::RequestedPremiumFen))
                    .col(big_integer(Orders::RequestedFinancedFen))
                    // Policy start (interest runs from here unless disbursed later).
                    .col(date_null(Orders::AnchorDate))
                    // The amounts: computed by the product's rules at each intake save, frozen
                    // with the terms snapshot at submission.
                    .col(big_integer(Orders::TotalPremiumFen).default(0))
                    .col(big_integer(Orders::DownPaymentFen).default(0))
                    .col(big_integer(Orders::FinancedFen).default(0))
                    .col(big_integer(Orders::UpfrontFeeFen).default(0))
                    .col(big_integer(Orders::DepositFen).default(0))
                    .col(big_integer(Orders::FirstInstalmentFen).default(0))
                    .col(big_integer(Orders::DueAtDownPaymentFen).default(0))
                    .col(big_integer_null(Orders::ApprovedFinancedFen))
                    .col(date_null(Orders::FirstDueDate))
                    // The product terms, quotes, amounts and schedule copied at submission.
                    .col(json_null(Orders::TermsSnapshot))
                    .col(string_len_null(Orders::ScheduleHash, 64))
                    .col(big_integer_null(Orders::CapitalProviderId))
                    .col(big_integer_null(Orders::AllocationId))
                    .col(big_integer_null(Orders::AssigneeId))
                    // The maker of the submission (maker ≠ checker) and the last reviewer.
                    .col(big_integer_null(Orders::SubmittedBy))
                    .col(big_integer_null(Orders::ReviewedBy))
                    .col(integer(Orders::ReturnCount).default(0))
                    .col(string_len(Orders::ReturnReason, 500).default(""))
                    .col(json_null(Orders::ReturnFields))
                    .col(string_len(Orders::ReviewOpinion, 500).default(""))
                    .col(string_len(Orders::RejectReasonCode, 64).default(""))
                    .col(string_len(Orders::RejectReason, 500).default(""))
                    .col(string_len(Orders::RejectStage, 32).default(""))
                    .col(string_len(Orders::CancelReason, 500).default(""))
                    .col(string_len(Orders::Remark, 500).default(""))
                    .col(timestamp_with_time_zone(Orders::AppliedAt))
                    .col(timestamp_with_time_zone_null(Orders::IntakeStartedAt))
                    .col(timestamp_with_time_zone_null(Orders::SubmittedAt))
                    .col(timestamp_with_time_zone_null(Orders::ApprovedAt))
                    .col(timestamp_with_time_zone_null(Orders::AllocatedAt))
                    .col(timestamp_with_time_zone_null(Orders::AcceptedAt))
                    .col(timestamp_with_time_zone_null(Orders::RejectedAt))
                    .col(timestamp_with_time_zone_null(Orders::CancelledAt))
                    .to_owned(),
            ))
            .await?;
        for (name, cols, unique) in [
            ("uq_orders_order_no", vec![Orders::OrderNo], true),
            (
                "ix_orders_status",
                vec![Orders::StatusSort, Orders::Id],
                false,
            ),
            ("ix_orders_customer", vec![Orders::CustomerId], false),
            ("ix_orders_vehicle", vec![Orders::VehicleId], false),
            ("ix_orders_provider", vec![Orders::CapitalProviderId], false),
        ] {
            let mut index = Index::create();
            index.name(name).table(Orders::Table);
            for col in cols {
                index.col(col);
            }
            if unique {
                index.unique();
            }
            manager.create_index(index.to_owned()).await?;
        }

        manager
            .create_table(
                Table::create()
                    .table(OrderStatusLog::Table)
                    .col(big_pk_auto(OrderStatusLog::Id))
                    .col(big_integer(OrderStatusLog::OrderId))
                    .col(string_len_null(OrderStatusLog::FromStatus, 32))
                    .col(string_len(OrderStatusLog::ToStatus, 32))
                    .col(string_len(OrderStatusLog::Event, 32))
                    // USER, SYSTEM, CP or CALLBACK.
                    .col(string_len(OrderStatusLog::ActorType, 16))
                    .col(big_integer_null(OrderStatusLog::ActorId))
                    .col(string_len(OrderStatusLog::ActorName, 64))
                    .col(date(OrderStatusLog::BusinessDate))
                    .col(timestamp_with_time_zone(OrderStatusLog::OccurredAt))
                    .col(string_len(OrderStatusLog::ReasonCode, 64).default(""))
                    .col(string_len(OrderStatusLog::Comment, 500).default(""))
                    .col(big_integer_null(OrderStatusLog::AmountFen))
                    .col(string_len(OrderStatusLog::RefType, 32).default(""))
                    .col(big_integer_null(OrderStatusLog::RefId))
                    // What else the event recorded (fields to fix, changed fields, CPs tried…).
                    .col(json_null(OrderStatusLog::Detail))
                    .col(string_len_null(OrderStatusLog::IdempotencyKey, 128))
                    .col(string_len_null(OrderStatusLog::RequestId, 64))
                    .col(big_integer(OrderStatusLog::OrderVersionAfter))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_order_status_log_order")
                    .table(OrderStatusLog::Table)
                    .col(OrderStatusLog::OrderId)
                    .col(OrderStatusLog::Id)
                    .to_owned(),
            )
            .await?;
        // One log row per order version: a second writer of the same transition cannot log twice.
        manager
            .create_index(
                Index::create()
                    .name("uq_order_status_log_version")
                    .table(OrderStatusLog::Table)
                    .col(OrderStatusLog::OrderId)
                    .col(OrderStatusLog::OrderVersionAfter)
                    .unique()
                    .to_owned(),
            )
            .await?;
        // The log is append-only on both databases.
        let conn = manager.get_connection();
        match manager.get_database_backend() {
            sea_orm::DatabaseBackend::Postgres => {
                conn.execute_unprepared(
                    "CREATE FUNCTION order_status_log_append_only() RETURNS trigger AS $$ \
                     BEGIN RAISE EXCEPTION 'order_status_log is append-only'; END; $$ LANGUAGE plpgsql",
                )
                .await?;
                conn.execute_unprepared(
                    "CREATE TRIGGER order_status_log_no_change BEFORE UPDATE OR DELETE ON order_status_log \
                     FOR EACH ROW EXECUTE FUNCTION order_status_log_append_only()",
                )
                .await?;
            }
            _ => {
                for op in ["UPDATE", "DELETE"] {
                    conn.execute_unprepared(&format!(
                        "CREATE TRIGGER order_status_log_no_{} BEFORE {op} ON order_status_log \
                         BEGIN SELECT RAISE(ABORT, 'order_status_log is append-only'); END",
                        op.to_lowercase()
                    ))
                    .await?;
                }
            }
        }

        manager
            .create_table(audited(
                Table::create()
                    .table(InsurancePolicy::Table)
                    .col(big_pk_auto(InsurancePolicy::Id))
                    .col(big_integer(InsurancePolicy::OrderId))
                    // COMMERCIAL, COMPULSORY (交强险) or VEHICLE_TAX (车船税).
                    .col(string_len(InsurancePolicy::Kind, 16))
                    .col(big_integer(InsurancePolicy::InsurerId))
                    .col(big_integer(InsurancePolicy::PremiumFen))
                    // QUOTED until the insurer's confirmation (orders, part 2).
                    .col(string_len(InsurancePolicy::Status, 16))
                    .col(string_len(InsurancePolicy::QuoteNo, 64).default(""))
                    .to_owned(),
            ))
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("uq_insurance_policy_order_kind")
                    .table(InsurancePolicy::Table)
                    .col(InsurancePolicy::OrderId)
                    .col(InsurancePolicy::Kind)
                    .unique()
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(audited(
                Table::create()
                    .table(AllocationRule::Table)
                    .col(big_pk_auto(AllocationRule::Id))
                    .col(string_len(AllocationRule::Name, 64))
                    // Higher first.
                    .col(integer(AllocationRule::Priority))
                    .col(integer(AllocationRule::Weight))
                    .col(boolean(AllocationRule::Enabled))
                    // 1, 2, … : each saved edit is a new version; allocations name the version used.
                    .col(integer(AllocationRule::RuleVersion))
                    .col(big_integer(AllocationRule::CapitalProviderId))
                    .col(json(AllocationRule::Conditions))
                    .col(big_integer_null(AllocationRule::DailyQuotaFen))
                    // "HH:MM" in the business time zone, both or neither.
                    .col(string_len_null(AllocationRule::WindowStart, 5))
                    .col(string_len_null(AllocationRule::WindowEnd, 5))
                    .col(date_null(AllocationRule::EffectiveFrom))
                    .col(date_null(AllocationRule::EffectiveTo))
                    // Smooth weighted round-robin state among rules of equal priority.
                    .col(big_integer(AllocationRule::SwrrCurrent).default(0))
                    .col(string_len(AllocationRule::Remark, 500).default(""))
                    .to_owned(),
            ))
            .await?;

        manager
            .create_table(audited(
                Table::create()
                    .table(Allocation::Table)
                    .col(big_pk_auto(Allocation::Id))
                    .col(big_integer(Allocation::OrderId))
                    .col(big_integer(Allocation::CapitalProviderId))
                    .col(big_integer_null(Allocation::RuleId))
                    .col(integer_null(Allocation::RuleVersion))
                    // AUTO or MANUAL.
                    .col(string_len(Allocation::Mode, 16))
                    .col(big_integer(Allocation::ReservedFen))
                    // RESERVED, ACTIVE, FUNDED, CLOSED, DECLINED, CANCELLED.
                    .col(string_len(Allocation::Status, 16))
                    .col(string_len(Allocation::Reason, 500).default(""))
                    .col(string_len(Allocation::CpApprovalNo, 64).default(""))
                    .col(integer_null(Allocation::CpCostRateBp))
                    .col(big_integer_null(Allocation::ApprovedFen))
                    .col(big_integer_null(Allocation::AllocatedBy))
                    .col(string_len(Allocation::AllocatedByName, 64).default(""))
                    .col(timestamp_with_time_zone_null(Allocation::EndedAt))
                    .to_owned(),
            ))
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_allocation_order")
                    .table(Allocation::Table)
                    .col(Allocation::OrderId)
                    .to_owned(),
            )
            .await?;
        // At most one live allocation per order.
        manager
            .get_connection()
            .execute_unprepared(
                "CREATE UNIQUE INDEX uq_allocation_live ON allocation (order_id) \
                 WHERE status IN ('RESERVED', 'ACTIVE', 'FUNDED')",
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(AllocationQuota::Table)
                    .col(big_integer(AllocationQuota::RuleId))
                    .col(date(AllocationQuota::Day))
                    .col(big_integer(AllocationQuota::UsedFen))
                    .primary_key(
                        Index::create()
                            .col(AllocationQuota::RuleId)
                            .col(AllocationQuota::Day),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(OrderDaySeq::Table)
                    .col(date(OrderDaySeq::Day).primary_key())
                    .col(integer(OrderDaySeq::Last))
                    .to_owned(),
            )
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            OrderDaySeq::Table.into_iden(),
            AllocationQuota::Table.into_iden(),
            Allocation::Table.into_iden(),
            AllocationRule::Table.into_iden(),
            InsurancePolicy::Table.into_iden(),
            OrderStatusLog::Table.into_iden(),
            Orders::Table.into_iden(),
        ] {
            manager
                .drop_table(Table::drop().table(table).to_owned())
                .await?;
        }
        Ok(())
    }
}
