//! The run of a daily job for one business date (catch-up reads the last one).
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "job_run")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub job: String,
    pub business_date: Date,
    /// RUNNING, DONE (every unit done) or FAILED (some unit gave up).
    pub status: String,
    /// Units of the run, and how many of them failed (when it finished).
    pub units: i32,
    pub failed: i32,
    pub started_at: DateTimeUtc,
    pub finished_at: Option<DateTimeUtc>,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
