//! A policy of an order: quoted at intake (kind, insurer, premium), confirmed and issued later.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "insurance_policy")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub order_id: i64,
    /// COMMERCIAL, COMPULSORY or VEHICLE_TAX.
    pub kind: String,
    pub insurer_id: i64,
    pub premium_fen: i64,
    /// QUOTED, …
    pub status: String,
    pub quote_no: String,
    pub created_at: DateTimeUtc,
    pub created_by: Option<i64>,
    pub updated_at: DateTimeUtc,
    pub updated_by: Option<i64>,
    pub version: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
