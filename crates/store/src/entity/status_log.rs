//! The status log: one append-only row per status change of a record (who, when, from, to,
//! the event and its reason), written with the change itself.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "status_log")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// The kind of record, e.g. `capital_provider`.
    pub entity_type: String,
    pub entity_id: i64,
    /// `None` for a record's first status.
    pub from_status: Option<String>,
    pub to_status: String,
    /// What happened, e.g. `pause`, `submit`, `activate`.
    pub event: String,
    /// `admin`, `capital` or `system`.
    pub actor_kind: String,
    pub actor_id: Option<i64>,
    pub actor_name: String,
    pub reason: String,
    pub request_id: Option<String>,
    /// The record's version after the change.
    pub version_after: i64,
    pub occurred_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
