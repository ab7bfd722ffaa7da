//! Uploaded files: one row per upload, pointing at its object in storage.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum StoredFile {
    Table,
    Id,
    ObjectName,
    FileName,
    ContentType,
    SizeBytes,
    Sha256,
    Purpose,
    UploadedByKind,
    UploadedBy,
    CreatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(StoredFile::Table)
                    .col(big_pk_auto(StoredFile::Id))
                    .col(string_len(StoredFile::ObjectName, 255).unique_key())
                    .col(string_len(StoredFile::FileName, 255))
                    .col(string_len(StoredFile::ContentType, 64))
                    .col(big_integer(StoredFile::SizeBytes))
                    .col(string_len(StoredFile::Sha256, 64))
                    .col(string_len(StoredFile::Purpose, 32))
                    .col(string_len(StoredFile::UploadedByKind, 16))
                    .col(big_integer_null(StoredFile::UploadedBy))
                    .col(timestamp_with_time_zone(StoredFile::CreatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_stored_file_sha256")
                    .table(StoredFile::Table)
                    .col(StoredFile::Sha256)
                    .to_owned(),
            )
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(StoredFile::Table).to_owned())
            .await
    }
}
