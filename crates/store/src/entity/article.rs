//! An article (文章): a title, a category, an optional cover image and a sanitized HTML body;
//! DRAFT until published.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "article")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub category_id: i64,
    pub title: String,
    /// The `stored_file` row of the cover image.
    pub cover_file_id: Option<i64>,
    /// HTML, sanitized by the server before it is stored.
    #[sea_orm(column_type = "Text")]
    pub body: String,
    /// DRAFT or PUBLISHED.
    pub status: String,
    /// Set when published, cleared when unpublished.
    pub published_at: Option<DateTimeUtc>,
    pub created_at: DateTimeUtc,
    pub created_by: Option<i64>,
    pub updated_at: DateTimeUtc,
    pub updated_by: Option<i64>,
    pub version: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
