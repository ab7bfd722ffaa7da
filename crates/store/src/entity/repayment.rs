//! Money received for an order after disbursement (还款记录): an immutable fact — amount, source,
//! channel, bank serial number (unique), value date. Its allocation and overpayment are derived
//! by the replay; confirming posts journal E4, reversing posts its mirror.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "repayment")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub order_id: i64,
    pub purpose: String,
    pub source: String,
    pub amount_fen: i64,
    pub channel: String,
    pub serial_no: String,
    pub payer: String,
    pub value_date: Date,
    pub voucher_file_id: Option<i64>,
    pub status: String,
    pub recorded_by: Option<i64>,
    pub recorded_by_name: String,
    pub confirmed_by: Option<i64>,
    pub confirmed_by_name: String,
    pub confirmed_at: Option<DateTimeUtc>,
    pub journal_id: Option<i64>,
    pub overpayment_fen: i64,
    /// Principal, interest and penalty of it that recovered a platform advance (E7).
    pub recovered_principal_fen: i64,
    pub recovered_interest_fen: i64,
    pub recovered_penalty_fen: i64,
    pub reject_reason: String,
    pub reversed_by: Option<i64>,
    pub reversed_by_name: String,
    pub reversed_at: Option<DateTimeUtc>,
    pub reversal_reason: String,
    pub reversal_journal_id: Option<i64>,
    pub quote: Option<Json>,
    pub created_at: DateTimeUtc,
    pub created_by: Option<i64>,
    pub updated_at: DateTimeUtc,
    pub updated_by: Option<i64>,
    pub version: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
