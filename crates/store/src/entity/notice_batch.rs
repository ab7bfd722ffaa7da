//! A notice sending (通知发送批次): one template sent to a set of customers, delivered in the
//! background; the counters are kept up to date by the delivery worker.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "notice_batch")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub notice_template_id: i64,
    pub template_code: String,
    pub template_name: String,
    pub channel: String,
    /// The template's content when the batch was made.
    pub content: String,
    pub sms_template_code: Option<String>,
    /// JSON object: the values of the template's own placeholders.
    pub params: String,
    /// JSON: who was chosen.
    pub target: String,
    /// RUNNING or FINISHED.
    pub status: String,
    pub total: i32,
    pub sent: i32,
    pub failed: i32,
    pub finished_at: Option<DateTimeUtc>,
    pub created_at: DateTimeUtc,
    pub created_by: Option<i64>,
    pub updated_at: DateTimeUtc,
    pub updated_by: Option<i64>,
    pub version: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
