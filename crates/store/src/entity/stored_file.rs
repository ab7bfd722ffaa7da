//! An uploaded file (customer and order documents, images, seals): where its bytes are in
//! object storage and what was checked when it arrived. Rows are never deleted: the record that
//! uses a file (a customer file, an order file, a banner) carries its own soft-delete flag, so
//! the object and the audit trail stay.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "stored_file")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// `files/<purpose>/<yyyy>/<mm>/<uuid>`; never chosen by the uploader.
    #[sea_orm(unique)]
    pub object_name: String,
    /// The uploader's file name, cleaned (no path, no control characters), at most 255 chars.
    pub file_name: String,
    /// Decided from the content (magic bytes), never from what the client claimed.
    pub content_type: String,
    pub size_bytes: i64,
    /// Lower-case hex SHA-256 of the content.
    pub sha256: String,
    /// What the file is for: CUSTOMER_FILE, ORDER_FILE, BANNER, ARTICLE_COVER, SEAL, ...
    pub purpose: String,
    /// `admin`, `capital` or `system`.
    pub uploaded_by_kind: String,
    pub uploaded_by: Option<i64>,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
