//! One order's financed premium on a premium payment application.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "premium_payment_line")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub application_id: i64,
    pub order_id: i64,
    pub amount_fen: i64,
    pub status: String,
    pub paid_at: Option<DateTimeUtc>,
    pub serial_no: String,
    pub created_at: DateTimeUtc,
    pub created_by: Option<i64>,
    pub updated_at: DateTimeUtc,
    pub updated_by: Option<i64>,
    pub version: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
