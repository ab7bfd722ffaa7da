//! A signed-in session. Only SHA-256 hashes of the tokens are kept.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "session")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// `admin` or `capital`.
    pub account_kind: String,
    pub user_id: i64,
    #[sea_orm(unique)]
    pub token_hash: String,
    #[sea_orm(unique)]
    pub refresh_hash: String,
    /// The refresh token this one replaced: presenting it again revokes the session.
    pub previous_refresh_hash: Option<String>,
    pub expires_at: DateTimeUtc,
    pub refresh_expires_at: DateTimeUtc,
    /// `active`, `superseded` (signed in elsewhere) or `revoked`.
    pub state: String,
    pub ended_reason: Option<String>,
    pub ip: Option<String>,
    pub user_agent: Option<String>,
    pub created_at: DateTimeUtc,
    pub refreshed_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
