//! A capital provider (资金方): funds the loans.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "capital_provider")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    #[sea_orm(unique)]
    pub name: String,
    /// The name's sort key, `domain::text::name_key(name)`, written with the name
    /// (docs/lists.md "Sorting by name").
    pub name_key: String,
    /// BANK, CONSUMER_FINANCE, MICRO_LOAN, FACTORING or TRUST.
    pub kind: String,
    /// ACTIVE, PAUSED or TERMINATED; only an ACTIVE provider's users may sign in.
    pub status: String,
    pub credit_limit_fen: i64,
    /// Reserved by allocations not yet disbursed (read-only on the screens).
    pub credit_reserved_fen: i64,
    /// Disbursed and not yet repaid (read-only on the screens).
    pub credit_used_fen: i64,
    pub cost_rate_bp: i32,
    pub penalty_share_bp: i32,
    /// NONE, PLATFORM_ADVANCE_AFTER_N_DAYS or BUYBACK.
    pub guarantee_mode: String,
    pub advance_after_days: i32,
    /// T+0, T+1 or MONTHLY.
    pub settlement_cycle: String,
    /// AUTO or MANUAL.
    pub accept_mode: String,
    pub contact_name: String,
    pub contact_phone: String,
    pub notify_mobile: String,
    pub created_at: DateTimeUtc,
    pub created_by: Option<i64>,
    pub updated_at: DateTimeUtc,
    pub updated_by: Option<i64>,
    pub version: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
