//! One item of a data-dictionary type: a code and its labels. A built-in item is one the code
//! relies on: it cannot be deleted, disabled or have its code changed (labels and sort may change).
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "dict_item")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub type_id: i64,
    /// Unique within its type.
    pub code: String,
    pub label_zh: String,
    /// Empty when not given (the web then shows the Chinese label).
    pub label_en: String,
    /// Spanish; empty when not given (the web then shows the English, then the Chinese label).
    pub label_es: String,
    /// Japanese; empty when not given.
    pub label_ja: String,
    pub sort: i32,
    pub enabled: bool,
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
