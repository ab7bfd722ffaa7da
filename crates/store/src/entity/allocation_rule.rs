//! An allocation rule: which capital provider takes which orders, at what priority and weight.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "allocation_rule")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub name: String,
    pub priority: i32,
    pub weight: i32,
    pub enabled: bool,
    pub rule_version: i32,
    pub capital_provider_id: i64,
    /// `domain::allocation::Conditions` as JSON.
    pub conditions: Json,
    pub daily_quota_fen: Option<i64>,
    pub window_start: Option<String>,
    pub window_end: Option<String>,
    pub effective_from: Option<Date>,
    pub effective_to: Option<Date>,
    pub swrr_current: i64,
    pub remark: String,
    pub created_at: DateTimeUtc,
    pub created_by: Option<i64>,
    pub updated_at: DateTimeUtc,
    pub updated_by: Option<i64>,
    pub version: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
