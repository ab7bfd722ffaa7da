//! A contract template version (合同模板): a document kind's text with `{{variables}}`,
//! optionally tied to one capital provider. DRAFT versions are edited; an ACTIVE version never
//! changes (issued contracts keep its number); activating one retires the code's previous one.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "contract_template")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub code: String,
    pub name: String,
    /// LOAN_CONTRACT, SERVICE_AGREEMENT, OWNER_DECLARATION, POWER_OF_ATTORNEY, WITHHOLDING_AUTH.
    pub doc_kind: String,
    pub capital_provider_id: Option<i64>,
    pub template_version: i32,
    /// DRAFT, ACTIVE or RETIRED.
    pub status: String,
    pub body: String,
    /// JSON array of the variable names the body uses.
    pub variables: String,
    pub remark: String,
    pub activated_at: Option<DateTimeUtc>,
    pub retired_at: Option<DateTimeUtc>,
    pub created_at: DateTimeUtc,
    pub created_by: Option<i64>,
    pub updated_at: DateTimeUtc,
    pub updated_by: Option<i64>,
    pub version: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
