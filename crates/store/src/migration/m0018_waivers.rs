//! Waivers (减免申请, docs/waivers.md): an application to waive part of an order's interest,
//! fees or penalty, approved at one or two levels. The waiver row is the money fact: while it is
//! EFFECTIVE the replay applies its lines (per instalment and component) from the day it was
//! approved.

use super::common::audited;
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
#[allow(clippy::enum_variant_names)] // the column is waiver_no
enum Waiver {
    Table,
    Id,
    WaiverNo,
    OrderId,
    ItemSeq,
    InterestFen,
    FeeFen,
    PenaltyFen,
    TotalFen,
    Bearer,
    Reason,
    Conditional,
    ExpectedFen,
    ValidUntil,
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
    EffectiveOn,
    RejectReason,
    Lines,
    PostedFen,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(audited(
                Table::create()
                    .table(Waiver::Table)
                    .col(big_pk_auto(Waiver::Id))
                    .col(string_len(Waiver::WaiverNo, 32))
                    .col(big_integer(Waiver::OrderId))
                    // One instalment, or NULL: every instalment with something outstanding,
                    // oldest first.
                    .col(integer_null(Waiver::ItemSeq))
                    .col(big_integer(Waiver::InterestFen))
                    .col(big_integer(Waiver::FeeFen))
                    .col(big_integer(Waiver::PenaltyFen))
                    .col(big_integer(Waiver::TotalFen))
                    // PLATFORM or CAPITAL_PROVIDER.
                    .col(string_len(Waiver::Bearer, 24))
                    .col(string_len(Waiver::Reason, 500))
                    .col(boolean(Waiver::Conditional))
                    // A conditional waiver takes effect once the customer has paid this much
                    // (from its approval, by `valid_until`).
                    .col(big_integer(Waiver::ExpectedFen).default(0))
                    .col(date_null(Waiver::ValidUntil))
                    // 1 or 2 approvals (the order rules' threshold).
                    .col(integer(Waiver::Levels))
                    .col(string_len(Waiver::Status, 24))
                    .col(string_len(Waiver::CreatedByName, 64))
                    .col(big_integer_null(Waiver::FirstBy))
                    .col(string_len(Waiver::FirstByName, 64).default(""))
                    .col(timestamp_with_time_zone_null(Waiver::FirstAt))
                    .col(big_integer_null(Waiver::SecondBy))
                    .col(string_len(Waiver::SecondByName, 64).default(""))
                    .col(timestamp_with_time_zone_null(Waiver::SecondAt))
                    .col(date_null(Waiver::ApprovedOn))
                    .col(date_null(Waiver::EffectiveOn))
                    .col(string_len(Waiver::RejectReason, 500).default(""))
                    // The amounts per instalment and component, fixed at the last approval.
                    .col(json_null(Waiver::Lines))
                    // Derived: the interest waived the platform has posted (E8) for the provider.
                    .col(big_integer(Waiver::PostedFen).default(0))
                    .to_owned(),
            ))
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("uq_waiver_no")
                    .table(Waiver::Table)
                    .col(Waiver::WaiverNo)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_waiver_order")
                    .table(Waiver::Table)
                    .col(Waiver::OrderId)
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_waiver_status")
                    .table(Waiver::Table)
                    .col(Waiver::Status)
                    .to_owned(),
            )
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(Waiver::Table).to_owned())
            .await
    }
}
