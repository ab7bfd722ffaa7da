//! The first answer of a command sent with an `Idempotency-Key` header, per caller and key.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "idempotency_key")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// Whose key: `admin:<id>` or `capital:<id>`.
    pub caller: String,
    pub key: String,
    /// SHA-256 (hex) of the method, the path and the body of the first request.
    pub request_hash: String,
    /// IN_PROGRESS or DONE.
    pub status: String,
    /// The answer (the envelope) replayed to a retry, once DONE.
    pub response_body: Option<String>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    pub expires_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
