//! An account of the double-entry ledger: one owner's (the platform's or a capital provider's)
//! account code, optionally per sub-ledger key (an order, a capital provider, an insurer).
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "ledger_account")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// `PLATFORM` or `CP`.
    pub owner_type: String,
    /// The capital provider's id; 0 for the platform.
    pub owner_id: i64,
    /// The chart's code, e.g. `P.COLLECTION`.
    pub code: String,
    /// ASSET, LIABILITY, INCOME, EXPENSE or EQUITY.
    pub account_type: String,
    /// "" for none.
    pub subledger_key: String,
    pub currency: String,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
