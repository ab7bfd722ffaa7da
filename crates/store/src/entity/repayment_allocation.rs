//! How a confirmed repayment is split over the instalments and components (derived by the
//! replay; rewritten, with a corrective journal, when a backdated fact changes the split).
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "repayment_allocation")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub repayment_id: i64,
    pub order_id: i64,
    pub item_seq: i32,
    pub component: String,
    pub amount_fen: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
