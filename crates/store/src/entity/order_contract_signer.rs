//! A party who signs a contract instance, with what the signing recorded.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "order_contract_signer")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub contract_id: i64,
    pub order_id: i64,
    pub seq: i32,
    pub role: String,
    pub name: String,
    pub id_no_mask: String,
    pub token_hash: Option<String>,
    pub token_enc: Option<String>,
    pub status: String,
    pub signed_at: Option<DateTimeUtc>,
    pub ip: String,
    pub user_agent: String,
    pub document_sha256: String,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
