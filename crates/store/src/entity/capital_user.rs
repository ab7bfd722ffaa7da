//! A capital-provider user's sign-in account; belongs to one capital provider.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "capital_user")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub capital_provider_id: i64,
    #[sea_orm(unique)]
    pub account: String,
    pub name: String,
    pub mobile: Option<String>,
    pub password_hash: String,
    pub enabled: bool,
    pub password_changed_at: DateTimeUtc,
    pub created_at: DateTimeUtc,
    pub created_by: Option<i64>,
    pub updated_at: DateTimeUtc,
    pub updated_by: Option<i64>,
    pub version: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
