//! A demand notice (催告函) sent to an overdue customer before a default surrender: the cure
//! deadline after which the platform may surrender the policy under the power of attorney.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "demand_notice")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub order_id: i64,
    pub sent_on: Date,
    pub cure_deadline: Date,
    pub days_past_due: i32,
    pub outstanding_fen: i64,
    pub batch_id: Option<i64>,
    /// SENT, CURED or CLOSED.
    pub status: String,
    pub closed_on: Option<Date>,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
