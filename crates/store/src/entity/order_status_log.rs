//! One row per change of an order's status (append-only): the order page's timeline.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "order_status_log")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub order_id: i64,
    pub from_status: Option<String>,
    pub to_status: String,
    pub event: String,
    /// USER, SYSTEM, CP or CALLBACK.
    pub actor_type: String,
    pub actor_id: Option<i64>,
    pub actor_name: String,
    pub business_date: Date,
    pub occurred_at: DateTimeUtc,
    pub reason_code: String,
    pub comment: String,
    pub amount_fen: Option<i64>,
    pub ref_type: String,
    pub ref_id: Option<i64>,
    pub detail: Option<Json>,
    pub idempotency_key: Option<String>,
    pub request_id: Option<String>,
    pub order_version_after: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
