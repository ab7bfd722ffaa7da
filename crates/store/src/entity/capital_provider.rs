//! A capital provider (资金方): funds the loans.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "capital_provider")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    #[sea_orm(unique)]
    pub name: String,
    /// BANK, CONSUMER_FINANCE, MICRO_LOAN, FACTORING or TRUST.
    pub kind: String,
    /// ACTIVE, PAUSED or TERMINATED; only an ACTIVE provider's users may sign in.
    pub status: String,
    pub created_at: DateTimeUtc,
    pub created_by: Option<i64>,
    pub updated_at: DateTimeUtc,
    pub updated_by: Option<i64>,
    pub version: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
