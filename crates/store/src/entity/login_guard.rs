//! Failed sign-in counter for one account or one IP address, and its lock.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "login_guard")]
pub struct Model {
    /// `account:<kind>:<account>` or `ip:<address>`.
    #[sea_orm(primary_key, auto_increment = false)]
    pub key: String,
    pub failures: i32,
    pub first_failure_at: DateTimeUtc,
    pub locked_until: Option<DateTimeUtc>,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
