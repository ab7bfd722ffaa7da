//! Collection notes (催收记录, docs/overdue.md): who contacted an overdue customer, how, what was
//! said or promised. Notes are only ever added.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum CollectionNote {
    Table,
    Id,
    OrderId,
    Method,
    Contact,
    Result,
    PromisedDate,
    PromisedFen,
    CreatedAt,
    CreatedBy,
    CreatedByName,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(CollectionNote::Table)
                    .col(big_pk_auto(CollectionNote::Id))
                    .col(big_integer(CollectionNote::OrderId))
                    // PHONE, SMS, VISIT, LETTER, OTHER.
                    .col(string_len(CollectionNote::Method, 16))
                    // Who was reached (the customer, a family member, …).
                    .col(string_len(CollectionNote::Contact, 64))
                    .col(string_len(CollectionNote::Result, 500))
                    .col(date_null(CollectionNote::PromisedDate))
                    .col(big_integer_null(CollectionNote::PromisedFen))
                    .col(timestamp_with_time_zone(CollectionNote::CreatedAt))
                    .col(big_integer_null(CollectionNote::CreatedBy))
                    .col(string_len(CollectionNote::CreatedByName, 64))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_collection_note_order")
                    .table(CollectionNote::Table)
                    .col(CollectionNote::OrderId)
                    .to_owned(),
            )
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(CollectionNote::Table).to_owned())
            .await
    }
}
