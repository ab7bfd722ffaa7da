//! A collection note (催收记录) on an order: how the customer was contacted and what came of it.
//! Only ever added.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "collection_note")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub order_id: i64,
    pub method: String,
    pub contact: String,
    pub result: String,
    pub promised_date: Option<Date>,
    pub promised_fen: Option<i64>,
    pub created_at: DateTimeUtc,
    pub created_by: Option<i64>,
    pub created_by_name: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
