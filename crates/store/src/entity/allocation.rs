//! An allocation record: an order given to a capital provider, with the credit it reserved.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "allocation")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub order_id: i64,
    pub capital_provider_id: i64,
    pub rule_id: Option<i64>,
    pub rule_version: Option<i32>,
    /// AUTO or MANUAL.
    pub mode: String,
    pub reserved_fen: i64,
    /// RESERVED, ACTIVE, FUNDED, CLOSED, DECLINED or CANCELLED.
    pub status: String,
    pub reason: String,
    pub cp_approval_no: String,
    pub cp_cost_rate_bp: Option<i32>,
    pub approved_fen: Option<i64>,
    pub allocated_by: Option<i64>,
    pub allocated_by_name: String,
    pub ended_at: Option<DateTimeUtc>,
    pub created_at: DateTimeUtc,
    pub created_by: Option<i64>,
    pub updated_at: DateTimeUtc,
    pub updated_by: Option<i64>,
    pub version: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
