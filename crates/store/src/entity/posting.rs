//! One line of a journal: an account, a side and an amount > 0. Append-only like its journal.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "posting")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub journal_id: i64,
    pub account_id: i64,
    /// `D` or `C`.
    pub side: String,
    pub amount_fen: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
