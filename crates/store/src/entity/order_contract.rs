//! A contract instance of an order: rendered from a template version, signed through the e-signature port or by an uploaded scan.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "order_contract")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub order_id: i64,
    pub package: String,
    pub doc_kind: String,
    pub title: String,
    pub contract_no: String,
    pub template_id: i64,
    pub template_code: String,
    pub template_version: i32,
    pub capital_provider_id: Option<i64>,
    pub variables: Json,
    pub rendered_file_id: i64,
    pub rendered_sha256: String,
    pub provider: String,
    pub flow_id: Option<String>,
    pub status: String,
    pub signed_via: String,
    pub signed_file_id: Option<i64>,
    pub signed_sha256: Option<String>,
    pub signed_at: Option<DateTimeUtc>,
    pub verified_by: Option<i64>,
    pub void_reason: String,
    pub voided_at: Option<DateTimeUtc>,
    pub created_at: DateTimeUtc,
    pub created_by: Option<i64>,
    pub updated_at: DateTimeUtc,
    pub updated_by: Option<i64>,
    pub version: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
