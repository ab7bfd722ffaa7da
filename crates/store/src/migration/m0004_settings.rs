//! Settings edited in system management (安全设置, 系统设置): one row per group, its values
//! as JSON, so that every instance reads the same values.

use super::common::audited;
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Setting {
    Table,
    Key,
    Value,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(audited(
                Table::create()
                    .table(Setting::Table)
                    .col(string_len(Setting::Key, 64).primary_key())
                    .col(json(Setting::Value))
                    .to_owned(),
            ))
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(Setting::Table).to_owned())
            .await
    }
}
