//! An order (订单): from the application through intake, review and allocation to settlement.
//! Its status changes only through the order transition (service::order::transition).
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "orders")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub order_no: String,
    /// `domain::order::OrderStatus` code.
    pub status: String,
    pub status_sort: i32,
    pub status_changed_at: DateTimeUtc,
    pub customer_id: i64,
    pub vehicle_id: i64,
    pub product_id: i64,
    pub product_code: String,
    pub product_version: i32,
    pub term_n: i32,
    pub channel: String,
    pub requested_premium_fen: i64,
    pub requested_financed_fen: i64,
    pub anchor_date: Option<Date>,
    pub total_premium_fen: i64,
    pub down_payment_fen: i64,
    pub financed_fen: i64,
    pub upfront_fee_fen: i64,
    pub deposit_fen: i64,
    pub first_instalment_fen: i64,
    pub due_at_down_payment_fen: i64,
    pub approved_financed_fen: Option<i64>,
    pub first_due_date: Option<Date>,
    /// The terms, quotes, amounts and schedule copied at submission (`TermsSnapshot`).
    pub terms_snapshot: Option<Json>,
    pub schedule_hash: Option<String>,
    pub capital_provider_id: Option<i64>,
    pub allocation_id: Option<i64>,
    pub assignee_id: Option<i64>,
    pub submitted_by: Option<i64>,
    pub reviewed_by: Option<i64>,
    pub return_count: i32,
    pub return_reason: String,
    pub return_fields: Option<Json>,
    pub review_opinion: String,
    pub reject_reason_code: String,
    pub reject_reason: String,
    pub reject_stage: String,
    pub cancel_reason: String,
    pub remark: String,
    pub applied_at: DateTimeUtc,
    pub intake_started_at: Option<DateTimeUtc>,
    pub submitted_at: Option<DateTimeUtc>,
    pub approved_at: Option<DateTimeUtc>,
    pub allocated_at: Option<DateTimeUtc>,
    pub accepted_at: Option<DateTimeUtc>,
    pub rejected_at: Option<DateTimeUtc>,
    pub cancelled_at: Option<DateTimeUtc>,
    pub declared_at: Option<DateTimeUtc>,
    pub insure_confirmed_at: Option<DateTimeUtc>,
    pub signed_at: Option<DateTimeUtc>,
    pub down_paid_at: Option<DateTimeUtc>,
    pub disbursed_at: Option<DateTimeUtc>,
    pub policy_issued_at: Option<DateTimeUtc>,
    /// The last business date to sign (PENDING_SIGN) and to pay the down payment (PENDING_DOWN_PAYMENT).
    pub sign_deadline: Option<Date>,
    pub down_payment_deadline: Option<Date>,
    /// The stored repayment plan (from signing on).
    pub plan_id: Option<i64>,
    /// Derived by the replay (docs/repayments.md): what is owed now, paid so far, days past due,
    /// bucket, the customer's credit, the next instalment, the date replayed to, how it settled.
    pub outstanding_fen: i64,
    pub paid_fen: i64,
    pub overdue_days: i32,
    pub bucket: String,
    pub customer_credit_fen: i64,
    pub next_due_date: Option<Date>,
    pub next_due_fen: i64,
    pub replayed_on: Option<Date>,
    pub settle_type: String,
    pub settled_at: Option<DateTimeUtc>,
    /// The settlement certificate (结清证明) issued for the settlement at `certificate_for`.
    pub certificate_file_id: Option<i64>,
    pub certificate_no: String,
    pub certificate_for: Option<DateTimeUtc>,
    pub created_at: DateTimeUtc,
    pub created_by: Option<i64>,
    pub updated_at: DateTimeUtc,
    pub updated_by: Option<i64>,
    pub version: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
