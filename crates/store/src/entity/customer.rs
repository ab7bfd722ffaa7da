//! A customer (客户): the car owner who finances a premium, an individual or an enterprise.
//! ID number, mobile and bank card are encrypted (`*_enc`), shown masked (`*_mask`) and found
//! by a keyed hash (`*_hash`).
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "customer")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    #[sea_orm(unique)]
    pub customer_no: String,
    /// INDIVIDUAL or ENTERPRISE.
    pub kind: String,
    pub name: String,
    /// The name's sort key, `domain::text::name_key(name)`, written with the name
    /// (docs/lists.md "Sorting by name").
    pub name_key: String,
    pub id_type: Option<String>,
    pub id_no_enc: Option<String>,
    pub id_no_mask: Option<String>,
    #[sea_orm(unique)]
    pub id_no_hash: Option<String>,
    pub mobile_enc: String,
    pub mobile_mask: String,
    pub mobile_hash: String,
    #[sea_orm(unique)]
    pub credit_code: Option<String>,
    pub province_code: Option<String>,
    pub city_code: Option<String>,
    pub district_code: Option<String>,
    pub address: String,
    /// ENABLED or DISABLED.
    pub status: String,
    /// PENDING, VERIFIED or REJECTED.
    pub kyc_status: String,
    pub bank_name: Option<String>,
    pub bank_card_enc: Option<String>,
    pub bank_card_mask: Option<String>,
    pub password_hash: Option<String>,
    pub password_changed_at: Option<DateTimeUtc>,
    pub remark: String,
    pub created_at: DateTimeUtc,
    pub created_by: Option<i64>,
    pub updated_at: DateTimeUtc,
    pub updated_by: Option<i64>,
    pub version: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
