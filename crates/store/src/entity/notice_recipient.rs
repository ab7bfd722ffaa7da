//! One customer of a notice batch and how its delivery went.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "notice_recipient")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub batch_id: i64,
    pub customer_id: i64,
    pub customer_name: String,
    pub mobile_mask: String,
    /// QUEUED, SENDING (claimed by a worker), SENT or FAILED.
    pub status: String,
    pub attempts: i32,
    pub reason: String,
    pub claim_token: Option<String>,
    pub claimed_at: Option<DateTimeUtc>,
    pub sent_at: Option<DateTimeUtc>,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
