//! A bank account of a capital provider, by purpose; the number is encrypted, shown masked.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "capital_provider_account")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub capital_provider_id: i64,
    /// DISBURSE, COLLECT or SETTLEMENT.
    pub purpose: String,
    pub bank_name: String,
    pub branch_name: String,
    pub account_name: String,
    pub account_no_enc: String,
    pub account_no_mask: String,
    /// At most one default per provider and purpose.
    pub is_default: bool,
    pub enabled: bool,
    pub created_at: DateTimeUtc,
    pub created_by: Option<i64>,
    pub updated_at: DateTimeUtc,
    pub updated_by: Option<i64>,
    pub version: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
