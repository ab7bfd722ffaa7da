//! An application to add (or replace) a document of an order; staff approve it (the file
//! becomes an order file) or reject it with a reason.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "order_file_apply")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub order_id: i64,
    pub kind: String,
    /// The proposed file (`stored_file`).
    pub file_id: i64,
    /// The order file it replaces on approval, if any.
    pub replaces_id: Option<i64>,
    pub reason: String,
    /// PENDING, APPROVED or REJECTED.
    pub status: String,
    pub examined_by: Option<i64>,
    pub examined_at: Option<DateTimeUtc>,
    pub reject_reason: String,
    /// The order file made on approval.
    pub order_file_id: Option<i64>,
    pub created_at: DateTimeUtc,
    pub created_by: Option<i64>,
    pub updated_at: DateTimeUtc,
    pub updated_by: Option<i64>,
    pub version: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
