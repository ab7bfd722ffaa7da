//! A money fact of an order other than a repayment (cancelled interest, a charged fee, …),
//! immutable; it counts while what it belongs to (`ref_type`, `ref_id`) stands.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "order_money_fact")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub order_id: i64,
    pub kind: String,
    pub item_seq: Option<i32>,
    pub component: Option<String>,
    pub amount_fen: Option<i64>,
    pub value_date: Date,
    pub ref_type: String,
    pub ref_id: i64,
    pub created_at: DateTimeUtc,
    pub created_by: Option<i64>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
