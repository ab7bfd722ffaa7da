//! An advertisement (广告): an image shown at a position of the customer app, with an optional
//! link, an order and a validity window.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "banner")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub title: String,
    /// A `banner_position` dictionary code.
    pub position: String,
    /// The `stored_file` row of the image.
    pub image_file_id: i64,
    /// `http(s)://...` or an in-app path `/...`; empty for none.
    pub link: String,
    pub sort: i32,
    pub valid_from: Option<DateTimeUtc>,
    pub valid_to: Option<DateTimeUtc>,
    pub enabled: bool,
    pub created_at: DateTimeUtc,
    pub created_by: Option<i64>,
    pub updated_at: DateTimeUtc,
    pub updated_by: Option<i64>,
    pub version: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
