//! The operation log: one append-only row per change (who, what, target, outcome).
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "operation_log")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// `admin`, `capital` or `system` (the command line, start-up, jobs).
    pub actor_kind: String,
    pub actor_id: Option<i64>,
    pub actor_name: String,
    /// What was done, e.g. `admin_user.create`.
    pub action: String,
    pub target_type: String,
    pub target_id: Option<String>,
    /// `success` or `failure`.
    pub outcome: String,
    /// JSON with the details; never a secret or a password.
    pub detail: String,
    pub ip: Option<String>,
    pub request_id: Option<String>,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
