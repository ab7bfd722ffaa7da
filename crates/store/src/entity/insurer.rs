//! An insurer (保险公司): issues the financed policies and refunds surrendered premium.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "insurer")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub name: String,
    /// The name's sort key, `domain::text::name_key(name)`, written with the name
    /// (docs/lists.md "Sorting by name").
    pub name_key: String,
    #[sea_orm(unique)]
    pub code: String,
    pub contact_name: String,
    pub contact_phone: String,
    pub pre_start_fee_bp: i32,
    /// 365 or 360.
    pub day_basis: i32,
    /// Comma-separated reason codes that allow a 交强险 surrender.
    pub compulsory_reasons: String,
    pub enabled: bool,
    pub created_at: DateTimeUtc,
    pub created_by: Option<i64>,
    pub updated_at: DateTimeUtc,
    pub updated_by: Option<i64>,
    pub version: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
