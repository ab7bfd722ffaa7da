//! A role: a named set of permissions.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "role")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    #[sea_orm(unique)]
    pub code: String,
    pub name: String,
    /// The name's sort key, `domain::text::name_key(name)`, written with the name
    /// (docs/lists.md "Sorting by name").
    pub name_key: String,
    pub description: String,
    pub enabled: bool,
    /// The built-in super-administrator role: holds every `admin:` permission, cannot be removed.
    pub is_super: bool,
    pub created_at: DateTimeUtc,
    pub created_by: Option<i64>,
    pub updated_at: DateTimeUtc,
    pub updated_by: Option<i64>,
    pub version: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
