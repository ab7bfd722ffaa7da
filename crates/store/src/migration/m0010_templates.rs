//! 合同管理, 通知模板, 通知管理: versioned contract templates, customer notice templates, and
//! notice batches with one delivery row per recipient (delivered in the background), plus the
//! customers' in-app messages.

use super::common::audited;
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum ContractTemplate {
    Table,
    Id,
    Code,
    Name,
    DocKind,
    CapitalProviderId,
    TemplateVersion,
    Status,
    Body,
    Variables,
    Remark,
    ActivatedAt,
    RetiredAt,
}

#[derive(DeriveIden)]
enum NoticeTemplate {
    Table,
    Id,
    Code,
    Name,
    Channel,
    Content,
    SmsTemplateId,
    Enabled,
}

#[derive(DeriveIden)]
enum NoticeBatch {
    Table,
    Id,
    NoticeTemplateId,
    TemplateCode,
    TemplateName,
    Channel,
    Content,
    SmsTemplateCode,
    Params,
    Target,
    Status,
    Total,
    Sent,
    Failed,
    FinishedAt,
}

#[derive(DeriveIden)]
enum NoticeRecipient {
    Table,
    Id,
    BatchId,
    CustomerId,
    CustomerName,
    MobileMask,
    Status,
    Attempts,
    Reason,
    ClaimToken,
    ClaimedAt,
    SentAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum CustomerMessage {
    Table,
    Id,
    CustomerId,
    BatchId,
    Title,
    Content,
    ReadAt,
    CreatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(audited(
                Table::create()
                    .table(ContractTemplate::Table)
                    .col(big_pk_auto(ContractTemplate::Id))
                    .col(string_len(ContractTemplate::Code, 64))
                    .col(string_len(ContractTemplate::Name, 128))
                    // LOAN_CONTRACT, SERVICE_AGREEMENT, OWNER_DECLARATION, POWER_OF_ATTORNEY,
                    // WITHHOLDING_AUTH.
                    .col(string_len(ContractTemplate::DocKind, 32))
                    .col(big_integer_null(ContractTemplate::CapitalProviderId))
                    // 1, 2, ... per code; a version is never changed once ACTIVE.
                    .col(integer(ContractTemplate::TemplateVersion))
                    // DRAFT, ACTIVE or RETIRED.
                    .col(string_len(ContractTemplate::Status, 16))
                    .col(text(ContractTemplate::Body))
                    // The variables the body uses, as a JSON array of names.
                    .col(text(ContractTemplate::Variables))
                    .col(string_len(ContractTemplate::Remark, 500).default(""))
                    .col(timestamp_with_time_zone_null(ContractTemplate::ActivatedAt))
                    .col(timestamp_with_time_zone_null(ContractTemplate::RetiredAt))
                    .to_owned(),
            ))
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("uq_contract_template_code_version")
                    .table(ContractTemplate::Table)
                    .col(ContractTemplate::Code)
                    .col(ContractTemplate::TemplateVersion)
                    .unique()
                    .to_owned(),
            )
            .await?;
        // At most one ACTIVE version per code, even with two activations at once (a partial
        // index: the same statement on SQLite and PostgreSQL).
        manager
            .get_connection()
            .execute_unprepared(
                "CREATE UNIQUE INDEX uq_contract_template_active ON contract_template (code) \
                 WHERE status = 'ACTIVE'",
            )
            .await?;
        manager
            .create_table(audited(
                Table::create()
                    .table(NoticeTemplate::Table)
                    .col(big_pk_auto(NoticeTemplate::Id))
                    .col(string_len(NoticeTemplate::Code, 64).unique_key())
                    .col(string_len(NoticeTemplate::Name, 64))
                    // SMS or IN_APP.
                    .col(string_len(NoticeTemplate::Channel, 16))
                    .col(string_len(NoticeTemplate::Content, 1000))
                    // The SMS template the provider sends (required for SMS).
                    .col(big_integer_null(NoticeTemplate::SmsTemplateId))
                    .col(boolean(NoticeTemplate::Enabled).default(true))
                    .to_owned(),
            ))
            .await?;
        manager
            .create_table(audited(
                Table::create()
                    .table(NoticeBatch::Table)
                    .col(big_pk_auto(NoticeBatch::Id))
                    .col(big_integer(NoticeBatch::NoticeTemplateId))
                    .col(string_len(NoticeBatch::TemplateCode, 64))
                    .col(string_len(NoticeBatch::TemplateName, 64))
                    .col(string_len(NoticeBatch::Channel, 16))
                    // The template's content and SMS template when the batch was made: later
                    // edits of the template do not change a batch (nor its retries).
                    .col(string_len(NoticeBatch::Content, 1000))
                    .col(string_len_null(NoticeBatch::SmsTemplateCode, 64))
                    // The values of the template's own placeholders, JSON object.
                    .col(text(NoticeBatch::Params))
                    // Who was chosen: { "mode": "ONE"|"LIST"|"FILTER", ... } as JSON.
                    .col(text(NoticeBatch::Target))
                    // RUNNING or FINISHED.
                    .col(string_len(NoticeBatch::Status, 16))
                    .col(integer(NoticeBatch::Total))
                    .col(integer(NoticeBatch::Sent).default(0))
                    .col(integer(NoticeBatch::Failed).default(0))
                    .col(timestamp_with_time_zone_null(NoticeBatch::FinishedAt))
                    .to_owned(),
            ))
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(NoticeRecipient::Table)
                    .col(big_pk_auto(NoticeRecipient::Id))
                    .col(big_integer(NoticeRecipient::BatchId))
                    .col(big_integer(NoticeRecipient::CustomerId))
                    .col(string_len(NoticeRecipient::CustomerName, 128))
                    .col(string_len(NoticeRecipient::MobileMask, 32))
                    // QUEUED, SENDING (claimed by a worker), SENT or FAILED.
                    .col(string_len(NoticeRecipient::Status, 16))
                    .col(integer(NoticeRecipient::Attempts).default(0))
                    .col(string_len(NoticeRecipient::Reason, 500).default(""))
                    // Which worker pass claimed the row (random), and when.
                    .col(string_len_null(NoticeRecipient::ClaimToken, 32))
                    .col(timestamp_with_time_zone_null(NoticeRecipient::ClaimedAt))
                    .col(timestamp_with_time_zone_null(NoticeRecipient::SentAt))
                    .col(timestamp_with_time_zone(NoticeRecipient::UpdatedAt))
                    .to_owned(),
            )
            .await?;
        for (name, cols) in [
            (
                "idx_notice_recipient_status",
                vec![NoticeRecipient::Status, NoticeRecipient::Id],
            ),
            (
                "idx_notice_recipient_batch",
                vec![NoticeRecipient::BatchId, NoticeRecipient::Status],
            ),
        ] {
            let mut index = Index::create();
            index.name(name).table(NoticeRecipient::Table);
            for col in cols {
                index.col(col);
            }
            manager.create_index(index.to_owned()).await?;
        }
        manager
            .create_table(
                Table::create()
                    .table(CustomerMessage::Table)
                    .col(big_pk_auto(CustomerMessage::Id))
                    .col(big_integer(CustomerMessage::CustomerId))
                    .col(big_integer_null(CustomerMessage::BatchId))
                    .col(string_len(CustomerMessage::Title, 64))
                    .col(string_len(CustomerMessage::Content, 1000))
                    .col(timestamp_with_time_zone_null(CustomerMessage::ReadAt))
                    .col(timestamp_with_time_zone(CustomerMessage::CreatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_customer_message_customer")
                    .table(CustomerMessage::Table)
                    .col(CustomerMessage::CustomerId)
                    .to_owned(),
            )
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            "customer_message",
            "notice_recipient",
            "notice_batch",
            "notice_template",
            "contract_template",
        ] {
            manager
                .drop_table(Table::drop().table(Alias::new(table)).to_owned())
                .await?;
        }
        Ok(())
    }
}
