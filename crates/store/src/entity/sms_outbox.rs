//! Messages of the built-in SMS provider: kept here instead of being sent.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "sms_outbox")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub mobile: String,
    pub content: String,
    pub provider: String,
    pub status: String,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
