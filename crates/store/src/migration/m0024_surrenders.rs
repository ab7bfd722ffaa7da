//! Surrender (退保, docs/surrenders.md): the demand notice (催告函) sent before a default surrender,
//! with its cure deadline, and the surrender application with every step to the insurer's refund
//! applied to the order (T24–T27, E9). The built-in in-app notice template `DEMAND_NOTICE` carries
//! the notice's text; staff may edit it in 通知模板.

use super::common::audited;
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
#[allow(clippy::enum_variant_names)] // the column is surrender_no
enum Surrender {
    Table,
    Id,
    SurrenderNo,
    OrderId,
    Reason,
    InitiatedBy,
    Remark,
    RequestedCancelDate,
    EstimateFen,
    Estimate,
    PayoffFen,
    OutstandingFen,
    NoticeId,
    NoticeSentOn,
    CureDeadline,
    Status,
    CreatedByName,
    ApprovedBy,
    ApprovedByName,
    ApprovedAt,
    SubmittedOn,
    InsurerRefundFen,
    EndorsementNo,
    EffectiveDate,
    RefundReceivedOn,
    RefundChannel,
    RefundSerialNo,
    RepaymentId,
    AppliedFen,
    SurplusFen,
    ShortfallFen,
    ShortfallResolution,
    Bearer,
    SettledBy,
    SettledByName,
    SettledAt,
    SurplusPaidOn,
    PayoutChannel,
    PayoutSerialNo,
    PayoutJournalId,
    RejectReason,
    PostedClaimFen,
    PostedPrincipalFen,
}

#[derive(DeriveIden)]
enum DemandNotice {
    Table,
    Id,
    OrderId,
    SentOn,
    CureDeadline,
    DaysPastDue,
    OutstandingFen,
    BatchId,
    Status,
    ClosedOn,
    CreatedAt,
}

const DEMAND_TEMPLATE: (&str, &str, &str) = (
    "DEMAND_NOTICE",
    "逾期催告函（退保前）",
    "尊敬的{customer.name}：您的保费分期订单{orderNo}已逾期{days}天，尚欠{amount}元。\
     请于{cureDeadline}前还清欠款；逾期仍未清偿的，我方将依您签署的授权委托书向保险公司申请退保，\
     以退还的保费清偿欠款，余款退还给您，不足部分仍由您承担。",
);

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(DemandNotice::Table)
                    .col(big_pk_auto(DemandNotice::Id))
                    .col(big_integer(DemandNotice::OrderId))
                    .col(date(DemandNotice::SentOn))
                    .col(date(DemandNotice::CureDeadline))
                    .col(integer(DemandNotice::DaysPastDue))
                    .col(big_integer(DemandNotice::OutstandingFen))
                    // The notice batch that delivered it (none when the template was disabled).
                    .col(big_integer_null(DemandNotice::BatchId))
                    .col(string_len(DemandNotice::Status, 16))
                    .col(date_null(DemandNotice::ClosedOn))
                    .col(timestamp_with_time_zone(DemandNotice::CreatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_demand_notice_order")
                    .table(DemandNotice::Table)
                    .col(DemandNotice::OrderId)
                    .to_owned(),
            )
            .await?;
        // One standing notice per order: the nightly run and an inline catch-up never send two.
        manager
            .get_connection()
            .execute_unprepared(
                "CREATE UNIQUE INDEX uq_demand_notice_open ON demand_notice (order_id) \
                 WHERE status = 'SENT'",
            )
            .await?;
        manager
            .create_table(audited(
                Table::create()
                    .table(Surrender::Table)
                    .col(big_pk_auto(Surrender::Id))
                    .col(string_len(Surrender::SurrenderNo, 32))
                    .col(big_integer(Surrender::OrderId))
                    .col(string_len(Surrender::Reason, 32))
                    // CUSTOMER or PLATFORM (a default surrender under the power of attorney).
                    .col(string_len(Surrender::InitiatedBy, 16))
                    .col(string_len(Surrender::Remark, 500).default(""))
                    .col(date(Surrender::RequestedCancelDate))
                    // The estimated refund of the order's policies (JSON per policy beside it).
                    .col(big_integer(Surrender::EstimateFen))
                    .col(text(Surrender::Estimate))
                    // The payoff at the requested cancellation date and what was owed, when filed.
                    .col(big_integer(Surrender::PayoffFen))
                    .col(big_integer(Surrender::OutstandingFen))
                    .col(big_integer_null(Surrender::NoticeId))
                    .col(date_null(Surrender::NoticeSentOn))
                    .col(date_null(Surrender::CureDeadline))
                    .col(string_len(Surrender::Status, 24))
                    .col(string_len(Surrender::CreatedByName, 64))
                    .col(big_integer_null(Surrender::ApprovedBy))
                    .col(string_len(Surrender::ApprovedByName, 64).default(""))
                    .col(timestamp_with_time_zone_null(Surrender::ApprovedAt))
                    .col(date_null(Surrender::SubmittedOn))
                    // The insurer's confirmation (批单): the actual refund and the effective date.
                    .col(big_integer_null(Surrender::InsurerRefundFen))
                    .col(string_len(Surrender::EndorsementNo, 64).default(""))
                    .col(date_null(Surrender::EffectiveDate))
                    // The refund received and applied (T26).
                    .col(date_null(Surrender::RefundReceivedOn))
                    .col(string_len(Surrender::RefundChannel, 24).default(""))
                    .col(string_len(Surrender::RefundSerialNo, 64).default(""))
                    .col(big_integer_null(Surrender::RepaymentId))
                    .col(big_integer(Surrender::AppliedFen).default(0))
                    .col(big_integer(Surrender::SurplusFen).default(0))
                    .col(big_integer(Surrender::ShortfallFen).default(0))
                    // '', OPEN, PAID or WRITTEN_OFF.
                    .col(string_len(Surrender::ShortfallResolution, 16).default(""))
                    // Who bears a written-off shortfall: CAPITAL_PROVIDER or PLATFORM.
                    .col(string_len(Surrender::Bearer, 24).default(""))
                    .col(big_integer_null(Surrender::SettledBy))
                    .col(string_len(Surrender::SettledByName, 64).default(""))
                    .col(timestamp_with_time_zone_null(Surrender::SettledAt))
                    // The surplus paid out to the customer.
                    .col(date_null(Surrender::SurplusPaidOn))
                    .col(string_len(Surrender::PayoutChannel, 24).default(""))
                    .col(string_len(Surrender::PayoutSerialNo, 64).default(""))
                    .col(big_integer_null(Surrender::PayoutJournalId))
                    .col(string_len(Surrender::RejectReason, 500).default(""))
                    // Derived: a written-off shortfall's E10 as posted.
                    .col(big_integer(Surrender::PostedClaimFen).default(0))
                    .col(big_integer(Surrender::PostedPrincipalFen).default(0))
                    .to_owned(),
            ))
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("uq_surrender_no")
                    .table(Surrender::Table)
                    .col(Surrender::SurrenderNo)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_surrender_order")
                    .table(Surrender::Table)
                    .col(Surrender::OrderId)
                    .to_owned(),
            )
            .await?;
        // One live surrender per order.
        manager
            .get_connection()
            .execute_unprepared(
                "CREATE UNIQUE INDEX uq_surrender_open ON surrender (order_id) WHERE status IN \
                 ('PENDING_APPROVAL', 'APPROVED', 'SUBMITTED_TO_INSURER', 'INSURER_CONFIRMED', \
                 'REFUND_RECEIVED')",
            )
            .await?;
        let (code, name, content) = DEMAND_TEMPLATE;
        manager
            .exec_stmt(
                Query::insert()
                    .into_table(Alias::new("notice_template"))
                    .columns([
                        Alias::new("code"),
                        Alias::new("name"),
                        Alias::new("channel"),
                        Alias::new("content"),
                        Alias::new("enabled"),
                        Alias::new("created_at"),
                        Alias::new("updated_at"),
                        Alias::new("version"),
                    ])
                    .values_panic([
                        code.into(),
                        name.into(),
                        "IN_APP".into(),
                        content.into(),
                        true.into(),
                        Expr::current_timestamp(),
                        Expr::current_timestamp(),
                        0.into(),
                    ])
                    .to_owned(),
            )
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .exec_stmt(
                Query::delete()
                    .from_table(Alias::new("notice_template"))
                    .and_where(Expr::col(Alias::new("code")).eq(DEMAND_TEMPLATE.0))
                    .to_owned(),
            )
            .await?;
        manager
            .drop_table(Table::drop().table(Surrender::Table).to_owned())
            .await?;
        manager
            .drop_table(Table::drop().table(DemandNotice::Table).to_owned())
            .await
    }
}
