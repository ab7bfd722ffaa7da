//! Outside providers: their configuration (secrets encrypted by the service), the record of
//! every use (SMS sent, OCR called) and the SMS templates.

use super::common::audited;
use sea_orm_migration::sea_orm::ConnectionTrait;
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum ProviderConfig {
    Table,
    Id,
    Slot,
    Kind,
    Settings,
    Secret,
}

#[derive(DeriveIden)]
enum ProviderUsage {
    Table,
    Id,
    Kind,
    Provider,
    Target,
    TemplateCode,
    Outcome,
    ErrorMessage,
    CostUnits,
    CreatedAt,
}

#[derive(DeriveIden)]
enum SmsTemplate {
    Table,
    Id,
    Code,
    Name,
    Content,
    ProviderTemplateId,
    Enabled,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(audited(
                Table::create()
                    .table(ProviderConfig::Table)
                    .col(big_pk_auto(ProviderConfig::Id))
                    // `sms`, `ocr` or `esign`: one row each.
                    .col(string_len(ProviderConfig::Slot, 16).unique_key())
                    .col(string_len(ProviderConfig::Kind, 32))
                    // JSON of the non-secret fields.
                    .col(text(ProviderConfig::Settings))
                    // `v1:` + base64(nonce ‖ AES-256-GCM ciphertext) of the secret, or NULL.
                    .col(text_null(ProviderConfig::Secret))
                    .to_owned(),
            ))
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(ProviderUsage::Table)
                    .col(big_pk_auto(ProviderUsage::Id))
                    .col(string_len(ProviderUsage::Kind, 16))
                    .col(string_len(ProviderUsage::Provider, 32))
                    // Masked: 138****5678.
                    .col(string_len(ProviderUsage::Target, 64))
                    .col(string_len(ProviderUsage::TemplateCode, 64))
                    .col(string_len(ProviderUsage::Outcome, 16))
                    .col(string_len(ProviderUsage::ErrorMessage, 512))
                    .col(integer(ProviderUsage::CostUnits).default(0))
                    .col(timestamp_with_time_zone(ProviderUsage::CreatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_provider_usage_created_at")
                    .table(ProviderUsage::Table)
                    .col(ProviderUsage::CreatedAt)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(audited(
                Table::create()
                    .table(SmsTemplate::Table)
                    .col(big_pk_auto(SmsTemplate::Id))
                    .col(string_len(SmsTemplate::Code, 64).unique_key())
                    .col(string_len(SmsTemplate::Name, 64))
                    .col(string_len(SmsTemplate::Content, 500))
                    .col(string_len(SmsTemplate::ProviderTemplateId, 64))
                    .col(boolean(SmsTemplate::Enabled).default(true))
                    .to_owned(),
            ))
            .await?;
        let db = manager.get_connection();
        let now = "CURRENT_TIMESTAMP";
        db.execute_unprepared(&format!(
            "INSERT INTO sms_template (code, name, content, provider_template_id, enabled, \
             created_at, updated_at, version) VALUES ('LOGIN_CODE', '登录验证码', \
             '您的登录验证码为{{code}}，5分钟内有效。', '', TRUE, {now}, {now}, 0)"
        ))
        .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in ["sms_template", "provider_usage", "provider_config"] {
            manager
                .drop_table(Table::drop().table(Alias::new(table)).to_owned())
                .await?;
        }
        Ok(())
    }
}
