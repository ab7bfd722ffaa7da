//! A document of an order (docs/business.md). Deleting one sets `deleted` and keeps
//! the stored object and the row.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "order_file")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub order_id: i64,
    /// An enabled item of the data-dictionary type `order_file_kind` when saved.
    pub kind: String,
    /// The `stored_file` row.
    pub file_id: i64,
    pub sha256: String,
    pub remark: String,
    /// The approved application it came from, if any.
    pub apply_id: Option<i64>,
    pub deleted: bool,
    pub deleted_at: Option<DateTimeUtc>,
    pub deleted_by: Option<i64>,
    pub created_at: DateTimeUtc,
    pub created_by: Option<i64>,
    pub updated_at: DateTimeUtc,
    pub updated_by: Option<i64>,
    pub version: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
