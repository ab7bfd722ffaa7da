//! 订单规则配置: versioned financing products. A product is a code; each version holds the full
//! terms as the JSON snapshot orders copy. The order rules themselves are one row of `setting`.

use super::common::audited;
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

// `ProductVersion` is the column `product_version` (the product's own version number).
#[allow(clippy::enum_variant_names)]
#[derive(DeriveIden)]
enum Product {
    Table,
    Id,
    Code,
    Name,
    ProductVersion,
    Status,
    Terms,
    Remark,
    ActivatedAt,
    RetiredAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(audited(
                Table::create()
                    .table(Product::Table)
                    .col(big_pk_auto(Product::Id))
                    .col(string_len(Product::Code, 64))
                    .col(string_len(Product::Name, 64))
                    // 1, 2, ... per code; the terms of a version never change once it was ACTIVE.
                    .col(integer(Product::ProductVersion))
                    // DRAFT, ACTIVE or RETIRED.
                    .col(string_len(Product::Status, 16))
                    // The product terms, exactly the JSON an order snapshots.
                    .col(json(Product::Terms))
                    .col(string_len(Product::Remark, 500).default(""))
                    .col(timestamp_with_time_zone_null(Product::ActivatedAt))
                    .col(timestamp_with_time_zone_null(Product::RetiredAt))
                    .to_owned(),
            ))
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("uq_product_code_version")
                    .table(Product::Table)
                    .col(Product::Code)
                    .col(Product::ProductVersion)
                    .unique()
                    .to_owned(),
            )
            .await?;
        // At most one ACTIVE version per code, even with two activations at once.
        manager
            .get_connection()
            .execute_unprepared(
                "CREATE UNIQUE INDEX uq_product_active ON product (code) WHERE status = 'ACTIVE'",
            )
            .await?;
        // At most one DRAFT version per code: an edit of an ACTIVE version cannot fork twice.
        manager
            .get_connection()
            .execute_unprepared(
                "CREATE UNIQUE INDEX uq_product_draft ON product (code) WHERE status = 'DRAFT'",
            )
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(Product::Table).to_owned())
            .await
    }
}
