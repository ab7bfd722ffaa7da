//! A capital provider's e-signature account (organisation, credit code, seal).
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "capital_esign_account")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    #[sea_orm(unique)]
    pub capital_provider_id: i64,
    pub org_name: String,
    pub credit_code: String,
    pub legal_representative: String,
    pub contact_mobile: String,
    pub seal_file_id: Option<i64>,
    /// UNSUBMITTED, PENDING or VERIFIED.
    pub status: String,
    pub submitted_at: Option<DateTimeUtc>,
    pub verified_at: Option<DateTimeUtc>,
    pub created_at: DateTimeUtc,
    pub created_by: Option<i64>,
    pub updated_at: DateTimeUtc,
    pub updated_by: Option<i64>,
    pub version: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
