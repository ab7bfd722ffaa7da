//! A premium payment application (保费支付申请): orders awaiting disbursement batched per capital provider, insurer and payee account.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "premium_payment")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub application_no: String,
    pub capital_provider_id: i64,
    pub insurer_id: i64,
    pub payee_account_id: i64,
    pub total_fen: i64,
    pub line_count: i32,
    pub status: String,
    pub remark: String,
    pub created_by_name: String,
    pub submitted_by: Option<i64>,
    pub submitted_at: Option<DateTimeUtc>,
    pub cp_approval_no: String,
    pub approved_by: Option<i64>,
    pub approved_at: Option<DateTimeUtc>,
    pub bank_serial_no: Option<String>,
    pub value_date: Option<Date>,
    pub voucher_file_id: Option<i64>,
    pub paid_by: Option<i64>,
    pub paid_at: Option<DateTimeUtc>,
    pub cancel_reason: String,
    pub created_at: DateTimeUtc,
    pub created_by: Option<i64>,
    pub updated_at: DateTimeUtc,
    pub updated_by: Option<i64>,
    pub version: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
