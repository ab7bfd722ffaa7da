//! A recovery application (追偿申请): the platform's claim on an order's advanced instalments handed
//! to a collection agency or to court, or written off; approved at `levels` levels by users other
//! than its maker.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "recovery")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub recovery_no: String,
    pub order_id: i64,
    pub method: String,
    pub agency: String,
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
    pub approved_on: Option<Date>,
    pub reject_reason: String,
    pub executed_on: Option<Date>,
    pub executed_by_name: String,
    pub result: String,
    pub recovered_fen: i64,
    pub cost_fen: i64,
    pub cost_journal_id: Option<i64>,
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
