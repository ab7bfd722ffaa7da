//! A journal of the ledger: one business event's balanced postings. Append-only (a database
//! trigger refuses UPDATE and DELETE); a reversal is another journal with `reversal_of_id`.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "journal")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// The business event, e.g. `REPAYMENT`, `REVERSAL`.
    pub event_type: String,
    pub order_id: Option<i64>,
    pub business_date: Date,
    pub occurred_at: DateTimeUtc,
    pub created_by: Option<i64>,
    pub description: String,
    #[sea_orm(unique)]
    pub idempotency_key: String,
    #[sea_orm(unique)]
    pub reversal_of_id: Option<i64>,
    /// CUSTOMER, INSURER, CP or PLATFORM.
    pub counterparty_type: String,
    pub counterparty_id: Option<i64>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
