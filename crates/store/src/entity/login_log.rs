//! One row per sign-in attempt, successful or not.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "login_log")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// The account (or mobile) as typed.
    pub account: String,
    pub account_kind: String,
    pub user_id: Option<i64>,
    /// `password`, `sms` or `refresh`.
    pub method: String,
    pub ip: Option<String>,
    pub user_agent: Option<String>,
    /// `success` or `failure`.
    pub outcome: String,
    pub reason: String,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
