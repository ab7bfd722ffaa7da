//! An instalment of a stored plan: what falls due when.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "order_plan_item")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub plan_id: i64,
    pub order_id: i64,
    pub seq: i32,
    pub from_date: Date,
    pub due_date: Date,
    pub principal_due_fen: i64,
    pub interest_due_fen: i64,
    pub fee_due_fen: i64,
    pub is_deposit_offset: bool,
    pub status: String,
    /// The replay's amounts per component (paid, waived, written off, cancelled, outstanding).
    pub ledger: Option<Json>,
    pub paid_fen: i64,
    pub waived_fen: i64,
    pub penalty_fen: i64,
    pub outstanding_fen: i64,
    pub advanced_fen: i64,
    /// The advance recovered from the customer since (principal + interest, E7).
    pub recovered_fen: i64,
    /// The advance given up by waivers since.
    pub advance_waived_fen: i64,
    /// The claim written off (追偿核销).
    pub advance_written_off_fen: i64,
    /// The business date the platform advanced the instalment (代偿).
    pub advanced_on: Option<Date>,
    pub overdue_days: i32,
    pub settled_on: Option<Date>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
