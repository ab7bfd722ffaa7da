//! The configuration of one outside provider (SMS, OCR, e-signature). The secret is stored
//! encrypted by the service; it is never read back out through the API.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "provider_config")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// `sms`, `ocr` or `esign`.
    #[sea_orm(unique)]
    pub slot: String,
    pub kind: String,
    /// JSON of the non-secret fields.
    pub settings: String,
    /// `v1:` + base64(nonce ‖ AES-256-GCM ciphertext).
    pub secret: Option<String>,
    pub created_at: DateTimeUtc,
    pub created_by: Option<i64>,
    pub updated_at: DateTimeUtc,
    pub updated_by: Option<i64>,
    pub version: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
