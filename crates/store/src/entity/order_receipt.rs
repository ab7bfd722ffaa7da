//! Money received for an order (the down payment): recorded by one user, confirmed by another.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "order_receipt")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub order_id: i64,
    pub purpose: String,
    pub amount_fen: i64,
    pub channel: String,
    pub serial_no: String,
    pub payer: String,
    pub value_date: Date,
    pub voucher_file_id: Option<i64>,
    pub status: String,
    pub recorded_by: i64,
    pub recorded_by_name: String,
    pub confirmed_by: Option<i64>,
    pub confirmed_by_name: String,
    pub confirmed_at: Option<DateTimeUtc>,
    pub journal_id: Option<i64>,
    pub reject_reason: String,
    pub created_at: DateTimeUtc,
    pub created_by: Option<i64>,
    pub updated_at: DateTimeUtc,
    pub updated_by: Option<i64>,
    pub version: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
