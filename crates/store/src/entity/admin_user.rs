//! A platform administrator's sign-in account.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "admin_user")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    #[sea_orm(unique)]
    pub account: String,
    pub name: String,
    /// The name's sort key, `domain::text::name_key(name)`, written with the name
    /// (docs/lists.md "Sorting by name").
    pub name_key: String,
    pub mobile: Option<String>,
    /// argon2id of the MD5 hex the client sends.
    pub password_hash: String,
    pub enabled: bool,
    pub password_changed_at: DateTimeUtc,
    /// The department (organization) the administrator belongs to.
    pub department_id: Option<i64>,
    pub created_at: DateTimeUtc,
    pub created_by: Option<i64>,
    pub updated_at: DateTimeUtc,
    pub updated_by: Option<i64>,
    pub version: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
