//! A financing product version (产品): its terms as the JSON snapshot orders copy. DRAFT versions
//! are edited; an ACTIVE version never changes; activating one retires the code's previous one.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "product")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub code: String,
    pub name: String,
    pub product_version: i32,
    /// DRAFT, ACTIVE or RETIRED.
    pub status: String,
    /// `domain::money::ProductTerms` as JSON (camelCase).
    pub terms: Json,
    pub remark: String,
    pub activated_at: Option<DateTimeUtc>,
    pub retired_at: Option<DateTimeUtc>,
    pub created_at: DateTimeUtc,
    pub created_by: Option<i64>,
    pub updated_at: DateTimeUtc,
    pub updated_by: Option<i64>,
    pub version: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
