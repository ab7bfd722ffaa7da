//! A file of a customer (ID card sides, driving licence, vehicle licence, other). Deleting one
//! sets `deleted` and keeps the stored object and the row.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "customer_file")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub customer_id: i64,
    /// ID_FRONT, ID_BACK, DRIVING_LICENSE, VEHICLE_LICENSE or OTHER.
    pub kind: String,
    /// The `stored_file` row.
    pub file_id: i64,
    pub remark: String,
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
