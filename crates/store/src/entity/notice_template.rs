//! A notice template (通知模板) for customers: SMS (through a linked SMS template) or in-app.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "notice_template")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    #[sea_orm(unique)]
    pub code: String,
    pub name: String,
    /// SMS or IN_APP.
    pub channel: String,
    /// Text with `{{customer.name}}`-style placeholders (`{{name}}` since m0027).
    pub content: String,
    pub sms_template_id: Option<i64>,
    pub enabled: bool,
    pub created_at: DateTimeUtc,
    pub created_by: Option<i64>,
    pub updated_at: DateTimeUtc,
    pub updated_by: Option<i64>,
    pub version: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
