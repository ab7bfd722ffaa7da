//! An order's stored repayment plan (PENDING at signing, ACTIVE at disbursement).
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "order_plan")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub order_id: i64,
    pub version_no: i32,
    pub status: String,
    pub method: String,
    pub principal_fen: i64,
    pub interest_fen: i64,
    pub fee_fen: i64,
    pub term_n: i32,
    pub anchor_date: Date,
    pub generator_version: i32,
    pub schedule_hash: String,
    pub activated_at: Option<DateTimeUtc>,
    pub created_at: DateTimeUtc,
    pub created_by: Option<i64>,
    pub updated_at: DateTimeUtc,
    pub updated_by: Option<i64>,
    pub version: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
