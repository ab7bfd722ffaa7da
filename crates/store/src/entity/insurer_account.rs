//! A settlement bank account of an insurer; the number is encrypted, shown masked.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "insurer_account")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub insurer_id: i64,
    pub bank_name: String,
    pub branch_name: String,
    pub account_name: String,
    pub account_no_enc: String,
    pub account_no_mask: String,
    pub created_at: DateTimeUtc,
    pub created_by: Option<i64>,
    pub updated_at: DateTimeUtc,
    pub updated_by: Option<i64>,
    pub version: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
