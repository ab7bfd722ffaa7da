//! An order write-off application (核销, T28): everything the overdue order still owes, borne by
//! the capital provider or the platform; approved at `levels` levels by users other than its maker.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "write_off")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub write_off_no: String,
    pub order_id: i64,
    pub bearer: String,
    pub principal_fen: i64,
    pub interest_fen: i64,
    pub fee_fen: i64,
    pub penalty_fen: i64,
    pub total_fen: i64,
    pub claim_fen: i64,
    pub reason: String,
    pub levels: i32,
    pub status: String,
    pub created_by_name: String,
    pub first_by: Option<i64>,
    pub first_by_name: String,
    pub first_at: Option<DateTimeUtc>,
    pub second_by: Option<i64>,
    pub second_by_name: String,
    pub second_at: Option<DateTimeUtc>,
    pub executed_on: Option<Date>,
    pub reject_reason: String,
    pub posted_claim_fen: i64,
    pub posted_principal_fen: i64,
    pub created_at: DateTimeUtc,
    pub created_by: Option<i64>,
    pub updated_at: DateTimeUtc,
    pub updated_by: Option<i64>,
    pub version: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
