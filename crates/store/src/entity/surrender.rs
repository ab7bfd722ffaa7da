//! A surrender application (退保申请, T24–T27): the order's policies cancelled with the insurer
//! and the refund applied to what the order owes, the surplus paid out to the customer.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "surrender")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub surrender_no: String,
    pub order_id: i64,
    pub reason: String,
    pub initiated_by: String,
    pub remark: String,
    pub requested_cancel_date: Date,
    pub estimate_fen: i64,
    /// JSON: the estimate per policy.
    #[sea_orm(column_type = "Text")]
    pub estimate: String,
    pub payoff_fen: i64,
    pub outstanding_fen: i64,
    pub notice_id: Option<i64>,
    pub notice_sent_on: Option<Date>,
    pub cure_deadline: Option<Date>,
    pub status: String,
    pub created_by_name: String,
    pub approved_by: Option<i64>,
    pub approved_by_name: String,
    pub approved_at: Option<DateTimeUtc>,
    pub submitted_on: Option<Date>,
    pub insurer_refund_fen: Option<i64>,
    pub endorsement_no: String,
    pub effective_date: Option<Date>,
    pub refund_received_on: Option<Date>,
    pub refund_channel: String,
    pub refund_serial_no: String,
    pub repayment_id: Option<i64>,
    pub applied_fen: i64,
    pub surplus_fen: i64,
    pub shortfall_fen: i64,
    pub shortfall_resolution: String,
    pub bearer: String,
    pub settled_by: Option<i64>,
    pub settled_by_name: String,
    pub settled_at: Option<DateTimeUtc>,
    pub surplus_paid_on: Option<Date>,
    pub payout_channel: String,
    pub payout_serial_no: String,
    pub payout_journal_id: Option<i64>,
    pub reject_reason: String,
    pub posted_claim_fen: i64,
    pub posted_principal_fen: i64,
    pub created_at: DateTimeUtc,
    pub created_by: Option<i64>,
    pub updated_at: DateTimeUtc,
    pub updated_by: Option<i64>,
    pub version: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
