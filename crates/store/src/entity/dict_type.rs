//! A data-dictionary type (数据字典类型): a named list of codes used by selects. Built-in types
//! are seeded by the migration and relied on by the code.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "dict_type")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// `customer_kind`, `id_type`, ...; unique, never changed.
    #[sea_orm(unique)]
    pub code: String,
    pub name_zh: String,
    pub name_en: String,
    pub remark: String,
    /// Seeded and relied on by the code: cannot be deleted.
    pub built_in: bool,
    pub created_at: DateTimeUtc,
    pub created_by: Option<i64>,
    pub updated_at: DateTimeUtc,
    pub updated_by: Option<i64>,
    pub version: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
