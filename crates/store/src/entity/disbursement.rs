//! A disbursement: the financed premium paid to the insurer for an order (E3); reversed at most once.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "disbursement")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub order_id: i64,
    pub line_id: i64,
    pub capital_provider_id: i64,
    pub insurer_id: i64,
    pub amount_fen: i64,
    pub value_date: Date,
    pub serial_no: String,
    pub journal_id: i64,
    pub created_by_name: String,
    pub reversed_at: Option<DateTimeUtc>,
    pub reversed_by: Option<i64>,
    pub reverse_reason: String,
    pub reversal_journal_id: Option<i64>,
    pub created_at: DateTimeUtc,
    pub created_by: Option<i64>,
    pub updated_at: DateTimeUtc,
    pub updated_by: Option<i64>,
    pub version: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
