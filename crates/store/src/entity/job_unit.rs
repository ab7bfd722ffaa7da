//! The run record of one unit (an order, a housekeeping task) of a daily job for one business
//! date: unique per (job, date, unit), claimed with a lease, DONE with the unit's work.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "job_unit")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub job: String,
    pub business_date: Date,
    pub unit: String,
    /// WAITING, CLAIMED (a runner holds its lease), DONE or FAILED (gave up after its attempts).
    pub status: String,
    pub attempts: i32,
    /// Why the last attempt failed.
    pub reason: String,
    pub claim_token: Option<String>,
    pub claimed_at: Option<DateTimeUtc>,
    pub finished_at: Option<DateTimeUtc>,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
