//! A verification code sent by SMS. Only its hash is kept.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "sms_code")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub mobile: String,
    pub purpose: String,
    pub code_hash: String,
    pub expires_at: DateTimeUtc,
    pub attempts: i32,
    pub used_at: Option<DateTimeUtc>,
    pub ip: Option<String>,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
