//! One use of an outside provider: an SMS sent (or refused) or an OCR call.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "provider_usage")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// `sms` or `ocr`.
    pub kind: String,
    /// `outbox`, `aliyun`, `manual`, ...
    pub provider: String,
    /// The masked target, e.g. `138****5678`.
    pub target: String,
    pub template_code: String,
    /// `success` or `failure`.
    pub outcome: String,
    pub error_message: String,
    pub cost_units: i32,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
