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
    /// The insurer's confirmation (投保确认): proposal number, final premium, special agreement.
    pub proposal_no: String,
    pub final_premium_fen: Option<i64>,
    pub special_agreement: String,
    /// '' until confirmed; APPROVED.
    pub underwriting: String,
    /// The issued policy (电子保单).
    pub policy_no: String,
    pub start_date: Option<Date>,
    pub end_date: Option<Date>,
    pub e_policy_file_id: Option<i64>,
    pub e_policy_sha256: String,
    pub issued_at: Option<DateTimeUtc>,
    pub created_at: DateTimeUtc,
    pub created_by: Option<i64>,
    pub updated_at: DateTimeUtc,
    pub updated_by: Option<i64>,
    pub version: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
