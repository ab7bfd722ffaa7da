//! A customer's vehicle.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "vehicle")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub customer_id: i64,
    pub plate_no: String,
    /// 17 characters with a valid check digit.
    pub vin: String,
    pub engine_no: String,
    pub brand_model: String,
    /// PRIVATE, NON_OPERATING_CORP, OPERATING or TRUCK.
    pub usage: String,
    pub seats: Option<i32>,
    pub register_date: Option<Date>,
    pub owner_name: String,
    pub owner_is_customer: bool,
    pub deleted: bool,
    pub created_at: DateTimeUtc,
    pub created_by: Option<i64>,
    pub updated_at: DateTimeUtc,
    pub updated_by: Option<i64>,
    pub version: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
