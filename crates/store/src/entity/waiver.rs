//! A waiver application (减免申请): interest, fee and penalty to waive on one instalment or on
//! every outstanding one, who bears it, unconditional or conditional on the customer paying
//! `expected_fen` by `valid_until`; approved at `levels` levels by users other than its maker.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "waiver")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub waiver_no: String,
    pub order_id: i64,
    pub item_seq: Option<i32>,
    pub interest_fen: i64,
    pub fee_fen: i64,
    pub penalty_fen: i64,
    pub total_fen: i64,
    pub bearer: String,
    pub reason: String,
    pub conditional: bool,
    pub expected_fen: i64,
    pub valid_until: Option<Date>,
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
    pub effective_on: Option<Date>,
    pub reject_reason: String,
    pub lines: Option<Json>,
    pub posted_fen: i64,
    /// The interest of advanced instalments given up, as posted (E8 on an advanced item).
    pub posted_advance_fen: i64,
    pub created_at: DateTimeUtc,
    pub created_by: Option<i64>,
    pub updated_at: DateTimeUtc,
    pub updated_by: Option<i64>,
    pub version: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
