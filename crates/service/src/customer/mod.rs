//! Customers (客户管理, operate/customerManagement): car owners, individual or enterprise, with
//! their vehicles and files; and the storage and review of order files (docs/customers.md).
//!
//! ID numbers, mobiles and bank cards are encrypted at rest, shown masked, found by exact
//! search through a keyed blind index, and shown in full only with `admin:customer:reveal`,
//! each showing written to the operation log (without the value).

mod files;
pub mod order_files;
mod vehicles;

pub use files::{CustomerFileFilter, CustomerFileRow, NewCustomerFile};
pub use vehicles::VehicleInput;

use crate::audit::log_change;
use crate::error::conflict_on_unique;
use crate::error::{FieldChecks, OrInvalid};
use crate::export::{Cell, ExportColumn, Exportable, Exported};
use crate::paging::{self, Page, PageRequest};
use crate::principal::{ClientInfo, Principal};
use crate::{Beehive, Error, Result, password};
use chrono::{DateTime, Datelike, NaiveDate, Utc};
use domain::customer::{self as rules, Choice};
use domain::text;
use rand::Rng;
use store::entity::{customer, vehicle};
use store::save_if_unchanged;
use store::sea_orm::sea_query::Condition;
use store::sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, Order, PaginatorTrait,
    QueryFilter, QueryOrder, Select, Set,
};

use domain::permission::codes::CUSTOMER_CREATE as CREATE;
use domain::permission::codes::CUSTOMER_EXPORT as EXPORT;
use domain::permission::codes::CUSTOMER_FILE_DELETE as FILE_DELETE;
use domain::permission::codes::CUSTOMER_FILE_UPLOAD as FILE_UPLOAD;
use domain::permission::codes::CUSTOMER_PASSWORD as PASSWORD;
use domain::permission::codes::CUSTOMER_REVEAL as REVEAL;
use domain::permission::codes::CUSTOMER_TABLE as TABLE;
use domain::permission::codes::CUSTOMER_UPDATE as UPDATE;
use domain::permission::codes::CUSTOMER_VEHICLE as VEHICLE;

/// Blind-index purposes (one per kind of value).
const ID_NO: &str = "customer.id_no";
pub(crate) const MOBILE: &str = "customer.mobile";

pub(crate) fn customer_not_found() -> Error {
    Error::NotFound("客户不存在".to_owned())
}

/// The code `value` of `list`, or 400 naming `field`.
pub(crate) fn check_choice(
    field: &str,
    label: &str,
    list: &[Choice],
    value: &str,
) -> Result<String> {
    let value = value.trim();
    match rules::choice(list, value) {
        Some(ch) => Ok(ch.code.to_owned()),
        None => {
            let codes: Vec<&str> = list.iter().map(|ch| ch.code).collect();
            Err(Error::invalid(
                field,
                format!("{label}只能是 {}", codes.join("、")),
            ))
        }
    }
}

/// The data-dictionary types the customer feature reads (seeded by m0009_content; an
/// administrator may add items, built-in ones cannot be deleted).
pub(crate) const DICT_CUSTOMER_KIND: &str = "customer_kind";
pub(crate) const DICT_ID_TYPE: &str = "id_type";
pub(crate) const DICT_VEHICLE_USAGE: &str = "vehicle_usage";
pub(crate) const DICT_CUSTOMER_FILE_KIND: &str = "customer_file_kind";
pub(crate) const DICT_ORDER_FILE_KIND: &str = "order_file_kind";

/// The code `value` when it is an enabled item of the dictionary type `type_code`, or 400
/// naming `field`.
pub(crate) async fn check_dict(
    conn: &impl ConnectionTrait,
    field: &str,
    label: &str,
    type_code: &str,
    value: &str,
) -> Result<String> {
    let value = value.trim();
    if value.is_empty() {
        return Err(Error::invalid(field, format!("请选择{label}")));
    }
    if crate::content::dictionary::dictionary_has(conn, type_code, value).await? {
        Ok(value.to_owned())
    } else {
        Err(Error::invalid(
            field,
            format!("{label}只能是数据字典中启用的项（{value} 不存在或已停用）"),
        ))
    }
}

/// A code to filter a list by (a dictionary code, disabled ones included: old records keep
/// theirs): letters, digits and `_`, at most 64 characters; 400 naming `field` otherwise.
pub(crate) fn filter_code(field: &str, label: &str, value: &str) -> Result<String> {
    let value = value.trim();
    if value.is_empty()
        || value.len() > 64
        || !value
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_')
    {
        return Err(Error::invalid(field, format!("{label}代码不正确")));
    }
    Ok(value.to_owned())
}

/// What a customer form sends (create and update). On update, `id_no`, `mobile` and
/// `bank_card` absent (`None`) keep the stored values (the form only shows them masked); on
/// create `mobile` is required.
#[derive(Debug, Clone, Default)]
pub struct CustomerInput {
    pub kind: String,
    pub name: String,
    pub id_type: Option<String>,
    pub id_no: Option<String>,
    pub mobile: Option<String>,
    pub credit_code: Option<String>,
    pub province_code: Option<String>,
    pub city_code: Option<String>,
    pub district_code: Option<String>,
    pub address: Option<String>,
    pub status: Option<String>,
    pub kyc_status: Option<String>,
    pub bank_name: Option<String>,
    /// `Some("")` removes the card on update.
    pub bank_card: Option<String>,
    pub remark: Option<String>,
}

/// Filters of the customer list.
#[derive(Debug, Clone, Default)]
pub struct CustomerFilter {
    /// Contains.
    pub name: Option<String>,
    /// Contains.
    pub customer_no: Option<String>,
    /// Exact (blind index).
    pub mobile: Option<String>,
    /// Exact: an ID number (blind index) or an enterprise's credit code.
    pub id_no: Option<String>,
    pub kind: Option<String>,
    pub status: Option<String>,
    pub kyc_status: Option<String>,
    pub created_from: Option<DateTime<Utc>>,
    pub created_to: Option<DateTime<Utc>>,
}

/// A customer as lists and the detail page show it (personal data masked).
#[derive(Debug, Clone)]
pub struct CustomerRow {
    pub id: i64,
    pub customer_no: String,
    pub kind: String,
    pub name: String,
    pub id_type: Option<String>,
    pub id_no: Option<String>,
    pub mobile: String,
    pub credit_code: Option<String>,
    pub province_code: Option<String>,
    pub city_code: Option<String>,
    pub district_code: Option<String>,
    pub address: String,
    pub status: String,
    pub kyc_status: String,
    pub bank_name: Option<String>,
    pub bank_card: Option<String>,
    pub remark: String,
    pub password_set: bool,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl From<customer::Model> for CustomerRow {
    fn from(m: customer::Model) -> Self {
        CustomerRow {
            id: m.id,
            customer_no: m.customer_no,
            kind: m.kind,
            name: m.name,
            id_type: m.id_type,
            id_no: m.id_no_mask,
            mobile: m.mobile_mask,
            credit_code: m.credit_code,
            province_code: m.province_code,
            city_code: m.city_code,
            district_code: m.district_code,
            address: m.address,
            status: m.status,
            kyc_status: m.kyc_status,
            bank_name: m.bank_name,
            bank_card: m.bank_card_mask,
            remark: m.remark,
            password_set: m.password_hash.is_some(),
            created_at: m.created_at,
            updated_at: m.updated_at,
        }
    }
}

/// The detail page: the customer (masked) and its live vehicles.
#[derive(Debug, Clone)]
pub struct CustomerView {
    pub customer: CustomerRow,
    pub vehicles: Vec<VehicleRow>,
}

/// A vehicle of a customer.
#[derive(Debug, Clone)]
pub struct VehicleRow {
    pub id: i64,
    pub customer_id: i64,
    pub plate_no: String,
    pub vin: String,
    pub engine_no: String,
    pub brand_model: String,
    pub usage: String,
    pub seats: Option<i32>,
    pub register_date: Option<NaiveDate>,
    pub owner_name: String,
    pub owner_is_customer: bool,
    pub created_at: DateTime<Utc>,
}

impl From<vehicle::Model> for VehicleRow {
    fn from(v: vehicle::Model) -> Self {
        VehicleRow {
            id: v.id,
            customer_id: v.customer_id,
            plate_no: v.plate_no,
            vin: v.vin,
            engine_no: v.engine_no,
            brand_model: v.brand_model,
            usage: v.usage,
            seats: v.seats,
            register_date: v.register_date,
            owner_name: v.owner_name,
            owner_is_customer: v.owner_is_customer,
            created_at: v.created_at,
        }
    }
}

/// Which personal value 'show full' reveals.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Personal {
    IdNo,
    Mobile,
    BankCard,
}

impl Personal {
    pub fn parse(field: &str) -> Result<Personal> {
        match field {
            "idNo" => Ok(Personal::IdNo),
            "mobile" => Ok(Personal::Mobile),
            "bankCard" => Ok(Personal::BankCard),
            _ => Err(Error::invalid(
                "field",
                "字段 field 只能是 idNo、mobile 或 bankCard",
            )),
        }
    }

    fn name(self) -> &'static str {
        match self {
            Personal::IdNo => "idNo",
            Personal::Mobile => "mobile",
            Personal::BankCard => "bankCard",
        }
    }
}

const SORTS: &[(&str, customer::Column)] = &[
    ("id", customer::Column::Id),
    ("customerNo", customer::Column::CustomerNo),
    ("name", customer::Column::NameKey),
    ("createdAt", customer::Column::CreatedAt),
    ("updatedAt", customer::Column::UpdatedAt),
];

/// The "name" sort orders by the name's key, then the name (docs/lists.md "Sorting by name").
const NAME_SORT: (customer::Column, customer::Column) =
    (customer::Column::NameKey, customer::Column::Name);

impl Exportable for customer::Model {
    const SHEET: &'static str = "客户列表";
    fn columns() -> Vec<ExportColumn<Self>> {
        vec![
            ExportColumn {
                header: "客户编号",
                width: 20.0,
                value: |r| Cell::from(r.customer_no.as_str()),
            },
            ExportColumn {
                header: "客户类型",
                width: 10.0,
                value: |r| Cell::from(rules::label(rules::CUSTOMER_KINDS, &r.kind)),
            },
            ExportColumn {
                header: "客户名称",
                width: 24.0,
                value: |r| Cell::from(r.name.as_str()),
            },
            ExportColumn {
                header: "证件类型",
                width: 14.0,
                value: |r| {
                    Cell::from(
                        r.id_type
                            .as_deref()
                            .map(|t| rules::label(rules::ID_TYPES, t)),
                    )
                },
            },
            ExportColumn {
                header: "证件号码",
                width: 22.0,
                value: |r| Cell::from(r.id_no_mask.clone()),
            },
            ExportColumn {
                header: "手机号",
                width: 14.0,
                value: |r| Cell::from(r.mobile_mask.as_str()),
            },
            ExportColumn {
                header: "统一社会信用代码",
                width: 22.0,
                value: |r| Cell::from(r.credit_code.clone()),
            },
            ExportColumn {
                header: "地址",
                width: 30.0,
                value: |r| Cell::from(r.address.as_str()),
            },
            ExportColumn {
                header: "状态",
                width: 8.0,
                value: |r| Cell::from(rules::label(rules::CUSTOMER_STATUSES, &r.status)),
            },
            ExportColumn {
                header: "实名认证",
                width: 10.0,
                value: |r| Cell::from(rules::label(rules::KYC_STATUSES, &r.kyc_status)),
            },
            ExportColumn {
                header: "开户银行",
                width: 18.0,
                value: |r| Cell::from(r.bank_name.clone()),
            },
            ExportColumn {
                header: "银行卡号",
                width: 22.0,
                value: |r| Cell::from(r.bank_card_mask.clone()),
            },
            ExportColumn {
                header: "创建时间",
                width: 20.0,
                value: |r| Cell::from(r.created_at),
            },
        ]
    }
}

/// A checked customer form.
struct Checked {
    kind: String,
    name: String,
    id_type: Option<String>,
    /// `Some(None)`: clear; `None`: keep.
    id_no: Option<Option<String>>,
    mobile: Option<String>,
    credit_code: Option<String>,
    province_code: Option<String>,
    city_code: Option<String>,
    district_code: Option<String>,
    address: String,
    status: String,
    kyc_status: String,
    bank_name: Option<String>,
    bank_card: Option<Option<String>>,
    remark: String,
}

/// The address's area codes: none, or a province, a city of it and a district of that city
/// (the area data of content/area.rs); 400 naming the first field that does not fit.
type AreaCodes = (Option<String>, Option<String>, Option<String>);

fn check_area(
    province: Option<&str>,
    city: Option<&str>,
    district: Option<&str>,
) -> Result<AreaCodes> {
    let (province, city, district) = (
        paging::text("provinceCode", province)?,
        paging::text("cityCode", city)?,
        paging::text("districtCode", district)?,
    );
    if province.is_none() && city.is_none() && district.is_none() {
        return Ok((None, None, None));
    }
    let areas = crate::content::area::areas();
    let Some(p) = province.and_then(|code| areas.tree.iter().find(|p| p.code == code)) else {
        return Err(Error::invalid("provinceCode", "请选择有效的省份"));
    };
    let Some(c) = city.and_then(|code| p.children.iter().find(|c| c.code == code)) else {
        return Err(Error::invalid(
            "cityCode",
            format!("请选择{}下的城市", p.name),
        ));
    };
    let Some(d) = district.and_then(|code| c.children.iter().find(|d| d.code == code)) else {
        return Err(Error::invalid(
            "districtCode",
            format!("请选择{}下的区县", c.name),
        ));
    };
    Ok((
        Some(p.code.clone()),
        Some(c.code.clone()),
        Some(d.code.clone()),
    ))
}

/// Checks an ID number of `id_type`; answers it normalized (upper case).
fn check_id_no(id_type: &str, value: &str, today: NaiveDate) -> Result<String> {
    let value = value.trim().to_ascii_uppercase();
    if id_type == rules::RESIDENT_ID {
        let (y, m, d) = rules::resident_id(&value).or_invalid("idNo")?;
        let born = NaiveDate::from_ymd_opt(i32::try_from(y).unwrap_or(0), m, d);
        if born.is_none_or(|b| b > today) {
            return Err(Error::invalid("idNo", "身份证号中的出生日期无效"));
        }
    } else if !(5..=32).contains(&value.len())
        || !value
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-')
    {
        return Err(Error::invalid(
            "idNo",
            "证件号码须为 5 到 32 位字母、数字或 -",
        ));
    }
    Ok(value)
}

fn check_mobile(value: &str) -> Result<String> {
    domain::contact::mobile(value).or_invalid("mobile")
}

fn check_card(value: &str) -> Result<String> {
    let value: String = value.chars().filter(|c| !c.is_whitespace()).collect();
    if !(12..=19).contains(&value.len()) || !value.bytes().all(|b| b.is_ascii_digit()) {
        return Err(Error::invalid("bankCard", "银行卡号须为 12 到 19 位数字"));
    }
    Ok(value)
}

async fn check_input(
    conn: &impl ConnectionTrait,
    input: &CustomerInput,
    creating: bool,
    today: NaiveDate,
) -> Result<Checked> {
    // Every field is checked and every mistake reported in one answer.
    let mut c = FieldChecks::default();
    let kind =
        c.check(check_dict(conn, "kind", "客户类型", DICT_CUSTOMER_KIND, &input.kind).await)?;
    // An administrator may add kinds; the code knows the enterprise one (credit code, no
    // personal ID required) and treats every other kind as a person.
    let enterprise = kind.as_deref() == Some(rules::ENTERPRISE);
    let name = c.check(
        text::required(&input.name, 128)
            .or_invalid_as("name", if enterprise { "企业名称" } else { "姓名" }),
    )?;
    let id_type = match c.check(paging::text("idType", input.id_type.as_deref()))? {
        Some(Some(t)) => c
            .check(check_dict(conn, "idType", "证件类型", DICT_ID_TYPE, t).await)?
            .map(Some),
        Some(None) if enterprise => Some(None),
        Some(None) => {
            c.fail("idType", "请选择证件类型");
            None
        }
        None => None,
    };
    let id_no = match (input.id_no.as_deref().map(str::trim), &id_type) {
        (None, _) if !creating => Some(None),
        (Some(""), _) | (None, _) if enterprise => Some(Some(None)),
        (Some(""), _) | (None, _) => {
            c.fail("idNo", "证件号码不能为空");
            None
        }
        (Some(v), Some(Some(t))) => c.check(check_id_no(t, v, today))?.map(|v| Some(Some(v))),
        (Some(_), Some(None)) => {
            if !c.failed("idType") {
                c.fail("idType", "请选择证件类型");
            }
            None
        }
        // The ID type is wrong: its error is already reported.
        (Some(_), None) => None,
    };
    let mobile = match input.mobile.as_deref().map(str::trim) {
        None | Some("") if !creating => Some(None),
        None | Some("") => {
            c.fail("mobile", "手机号不能为空");
            None
        }
        Some(v) => c.check(check_mobile(v))?.map(Some),
    };
    let credit_code = match c.check(paging::text("creditCode", input.credit_code.as_deref()))? {
        Some(Some(v)) if enterprise => {
            let v = v.to_ascii_uppercase();
            if domain::contact::is_credit_code(&v) {
                Some(Some(v))
            } else {
                // The one wording of the rule (partners' credit codes say the same).
                c.fail(
                    "creditCode",
                    domain::contact::ContactError::CreditCode.to_string(),
                );
                None
            }
        }
        Some(None) if enterprise => {
            c.fail("creditCode", "企业客户须填写统一社会信用代码");
            None
        }
        Some(_) => Some(None),
        None => None,
    };
    let bank_card = match input.bank_card.as_deref().map(str::trim) {
        None if !creating => Some(None),
        None | Some("") => Some(Some(None)),
        Some(v) => c.check(check_card(v))?.map(|v| Some(Some(v))),
    };
    let bank_name = c.check(
        text::optional(input.bank_name.as_deref(), 64).or_invalid_as("bankName", "开户银行"),
    )?;
    if matches!(bank_card, Some(Some(Some(_)))) && matches!(bank_name, Some(None)) {
        c.fail("bankName", "填写银行卡号时须填写开户银行");
    }
    let status = match c.check(paging::text("status", input.status.as_deref()))? {
        Some(Some(s)) => c.check(check_choice("status", "状态", rules::CUSTOMER_STATUSES, s))?,
        Some(None) => Some("ENABLED".to_owned()),
        None => None,
    };
    let kyc_status = match c.check(paging::text("kycStatus", input.kyc_status.as_deref()))? {
        Some(Some(s)) => c.check(check_choice(
            "kycStatus",
            "实名认证状态",
            rules::KYC_STATUSES,
            s,
        ))?,
        Some(None) => Some("PENDING".to_owned()),
        None => None,
    };
    let area = c.check(check_area(
        input.province_code.as_deref(),
        input.city_code.as_deref(),
        input.district_code.as_deref(),
    ))?;
    let address = c.check(
        text::optional(input.address.as_deref(), 255).or_invalid_as("address", "详细地址"),
    )?;
    let remark =
        c.check(text::optional(input.remark.as_deref(), 500).or_invalid_as("remark", "备注"))?;
    let (
        Some(kind),
        Some(name),
        Some(id_type),
        Some(id_no),
        Some(mobile),
        Some(credit_code),
        Some(bank_card),
        Some(bank_name),
        Some(status),
        Some(kyc_status),
        Some((province_code, city_code, district_code)),
        Some(address),
        Some(remark),
    ) = (
        kind,
        name,
        id_type,
        id_no,
        mobile,
        credit_code,
        bank_card,
        bank_name,
        status,
        kyc_status,
        area,
        address,
        remark,
    )
    else {
        return Err(c.into_error());
    };
    c.finish()?;
    Ok(Checked {
        kind,
        name,
        id_type,
        id_no,
        mobile,
        credit_code,
        province_code,
        city_code,
        district_code,
        address: address.unwrap_or_default(),
        status,
        kyc_status,
        bank_name,
        bank_card,
        remark: remark.unwrap_or_default(),
    })
}

impl Beehive {
    /// A mobile filter as users type it: the whole number (matched on its blind index), the last
    /// four digits (the part the masked number shows), or the masked number as shown
    /// (`138****5678`).
    pub(crate) fn mobile_matches(&self, typed: &str) -> Condition {
        let typed = typed.trim();
        if typed.len() == 4 && typed.bytes().all(|b| b.is_ascii_digit()) {
            Condition::all().add(customer::Column::MobileMask.like(format!("%{typed}")))
        } else if typed.contains('*') {
            Condition::all().add(customer::Column::MobileMask.eq(typed))
        } else {
            Condition::all()
                .add(customer::Column::MobileHash.eq(self.secrets.blind_index(MOBILE, typed)))
        }
    }

    fn filtered_customers(&self, filter: &CustomerFilter) -> Result<Select<customer::Entity>> {
        let mut query = customer::Entity::find();
        if let Some(v) = paging::text("name", filter.name.as_deref())? {
            query = query.filter(paging::contains(customer::Column::Name, v));
        }
        if let Some(v) = paging::text("customerNo", filter.customer_no.as_deref())? {
            query = query.filter(paging::contains(customer::Column::CustomerNo, v));
        }
        if let Some(v) = paging::text("mobile", filter.mobile.as_deref())? {
            query = query.filter(self.mobile_matches(v));
        }
        if let Some(v) = paging::text("idNo", filter.id_no.as_deref())? {
            let v = v.to_ascii_uppercase();
            query = query.filter(
                Condition::any()
                    .add(customer::Column::IdNoHash.eq(self.secrets.blind_index(ID_NO, &v)))
                    .add(customer::Column::CreditCode.eq(v)),
            );
        }
        if let Some(v) = paging::text("kind", filter.kind.as_deref())? {
            query = query.filter(customer::Column::Kind.eq(filter_code("kind", "客户类型", v)?));
        }
        if let Some(v) = paging::text("status", filter.status.as_deref())? {
            query = query.filter(customer::Column::Status.eq(check_choice(
                "status",
                "状态",
                rules::CUSTOMER_STATUSES,
                v,
            )?));
        }
        if let Some(v) = paging::text("kycStatus", filter.kyc_status.as_deref())? {
            query = query.filter(customer::Column::KycStatus.eq(check_choice(
                "kycStatus",
                "实名认证状态",
                rules::KYC_STATUSES,
                v,
            )?));
        }
        if let Some(from) = filter.created_from {
            query = query.filter(customer::Column::CreatedAt.gte(from));
        }
        if let Some(to) = filter.created_to {
            query = query.filter(customer::Column::CreatedAt.lte(to));
        }
        Ok(query)
    }

    /// One page of customers (personal data masked).
    pub async fn customer_page(
        &self,
        me: &Principal,
        request: &PageRequest,
        filter: &CustomerFilter,
    ) -> Result<Page<CustomerRow>> {
        me.require(TABLE)?;
        let paging = request.check(SORTS, (customer::Column::CreatedAt, Order::Desc))?;
        let query = paging.order_by_name(
            self.filtered_customers(filter)?,
            NAME_SORT,
            customer::Column::Id,
        );
        let (rows, total) = paging.fetch(&self.db, query).await?;
        Ok(paging.page_of(rows.into_iter().map(Into::into).collect(), total))
    }

    /// Exports every customer matching the filters (personal data masked).
    pub async fn export_customers(
        &self,
        me: &Principal,
        client: &ClientInfo,
        request: &PageRequest,
        filter: &CustomerFilter,
    ) -> Result<Exported> {
        me.require(EXPORT)?;
        let paging = request.check(SORTS, (customer::Column::CreatedAt, Order::Desc))?;
        let query = paging.order_by_name(
            self.filtered_customers(filter)?,
            NAME_SORT,
            customer::Column::Id,
        );
        self.export_list(me, client, "customer", query).await
    }

    pub(crate) async fn find_customer(
        &self,
        conn: &impl ConnectionTrait,
        id: i64,
    ) -> Result<customer::Model> {
        customer::Entity::find_by_id(id)
            .one(conn)
            .await?
            .ok_or_else(customer_not_found)
    }

    /// The detail page's customer (masked) and live vehicles.
    pub async fn customer_view(&self, me: &Principal, id: i64) -> Result<CustomerView> {
        me.require(TABLE)?;
        let found = self.find_customer(&self.db, id).await?;
        let vehicles = vehicle::Entity::find()
            .filter(vehicle::Column::CustomerId.eq(id))
            .filter(vehicle::Column::Deleted.eq(false))
            .order_by_asc(vehicle::Column::Id)
            .all(&self.db)
            .await?;
        Ok(CustomerView {
            customer: found.into(),
            vehicles: vehicles.into_iter().map(Into::into).collect(),
        })
    }

    /// One personal value of a customer in full; the showing is logged (field name only).
    pub async fn reveal_customer(
        &self,
        me: &Principal,
        client: &ClientInfo,
        id: i64,
        field: Personal,
    ) -> Result<Option<String>> {
        me.require(REVEAL)?;
        let found = self.find_customer(&self.db, id).await?;
        let sealed = match field {
            Personal::IdNo => found.id_no_enc.clone(),
            Personal::Mobile => Some(found.mobile_enc.clone()),
            Personal::BankCard => found.bank_card_enc.clone(),
        };
        let value = match sealed {
            Some(s) => Some(self.secrets.decrypt(&s).map_err(|_| {
                Error::Conflict("该信息无法解密（密钥已变更），请重新填写".to_owned())
            })?),
            None => None,
        };
        log_change(
            &self.db,
            me,
            client,
            "customer.reveal",
            "customer",
            Some(id),
            serde_json::json!({ "customerNo": found.customer_no, "field": field.name() }),
            self.clock.now(),
        )
        .await?;
        Ok(value)
    }

    /// Refuses (400 naming the field) an ID number or credit code another customer holds.
    async fn refuse_duplicates(
        &self,
        conn: &impl ConnectionTrait,
        id: Option<i64>,
        id_hash: Option<&str>,
        credit_code: Option<&str>,
    ) -> Result<()> {
        let others = |q: Select<customer::Entity>| match id {
            Some(id) => q.filter(customer::Column::Id.ne(id)),
            None => q,
        };
        if let Some(hash) = id_hash
            && others(customer::Entity::find().filter(customer::Column::IdNoHash.eq(hash)))
                .count(conn)
                .await?
                > 0
        {
            return Err(Error::invalid("idNo", "该证件号码已登记为其他客户"));
        }
        if let Some(code) = credit_code
            && others(customer::Entity::find().filter(customer::Column::CreditCode.eq(code)))
                .count(conn)
                .await?
                > 0
        {
            return Err(Error::invalid(
                "creditCode",
                "该统一社会信用代码已登记为其他客户",
            ));
        }
        Ok(())
    }

    /// Creates a customer; answers its id.
    pub async fn create_customer(
        &self,
        me: &Principal,
        client: &ClientInfo,
        input: CustomerInput,
    ) -> Result<i64> {
        me.require(CREATE)?;
        let now = self.clock.now();
        let c = check_input(&self.db, &input, true, self.business_date().await?).await?;
        let id_no = c.id_no.clone().flatten();
        let id_hash = id_no.as_deref().map(|v| self.secrets.blind_index(ID_NO, v));
        let mobile = c.mobile.clone().unwrap_or_default();
        let card = c.bank_card.clone().flatten();
        let txn = store::begin_write(&self.db).await?;
        self.refuse_duplicates(&txn, None, id_hash.as_deref(), c.credit_code.as_deref())
            .await?;
        let mut random = [0u8; 8];
        rand::rng().fill(&mut random);
        let created = customer::ActiveModel {
            // Replaced below by C + date + the id; unique meanwhile.
            customer_no: Set(format!("T{}", hex::encode(random))),
            kind: Set(c.kind.clone()),
            name: Set(c.name.clone()),
            name_key: Set(domain::text::name_key(&c.name)),
            id_type: Set(c.id_type.clone()),
            id_no_enc: Set(id_no.as_deref().map(|v| self.secrets.encrypt(v))),
            id_no_mask: Set(id_no.as_deref().map(domain::mask::id_no)),
            id_no_hash: Set(id_hash.clone()),
            mobile_enc: Set(self.secrets.encrypt(&mobile)),
            mobile_mask: Set(domain::mask::mobile(&mobile)),
            mobile_hash: Set(self.secrets.blind_index(MOBILE, &mobile)),
            credit_code: Set(c.credit_code.clone()),
            province_code: Set(c.province_code.clone()),
            city_code: Set(c.city_code.clone()),
            district_code: Set(c.district_code.clone()),
            address: Set(c.address.clone()),
            status: Set(c.status.clone()),
            kyc_status: Set(c.kyc_status.clone()),
            bank_name: Set(c.bank_name.clone()),
            bank_card_enc: Set(card.as_deref().map(|v| self.secrets.encrypt(v))),
            bank_card_mask: Set(card.as_deref().map(domain::mask::card)),
            password_hash: Set(None),
            password_changed_at: Set(None),
            remark: Set(c.remark.clone()),
            created_at: Set(now),
            created_by: Set(Some(me.user_id)),
            updated_at: Set(now),
            updated_by: Set(Some(me.user_id)),
            version: Set(0),
            ..Default::default()
        }
        .insert(&txn)
        .await
        .map_err(|e| conflict_on_unique(e, "证件号码或统一社会信用代码已登记为其他客户"))?;
        let day = self.business_date().await?;
        let number = format!(
            "C{:04}{:02}{:02}{:06}",
            day.year(),
            day.month(),
            day.day(),
            created.id % 1_000_000
        );
        customer::ActiveModel {
            id: Set(created.id),
            customer_no: Set(number.clone()),
            ..Default::default()
        }
        .update(&txn)
        .await?;
        log_change(
            &txn,
            me,
            client,
            "customer.create",
            "customer",
            Some(created.id),
            serde_json::json!({
                "customerNo": number,
                "kind": c.kind,
                "name": c.name,
                "idNo": created.id_no_mask,
                "mobile": created.mobile_mask,
                "creditCode": c.credit_code,
            }),
            self.clock.now(),
        )
        .await?;
        txn.commit().await?;
        Ok(created.id)
    }

    /// Changes a customer. Personal values left out keep their stored values.
    pub async fn update_customer(
        &self,
        me: &Principal,
        client: &ClientInfo,
        id: i64,
        input: CustomerInput,
    ) -> Result<()> {
        me.require(UPDATE)?;
        let now = self.clock.now();
        let c = check_input(&self.db, &input, false, self.business_date().await?).await?;
        let txn = store::begin_write(&self.db).await?;
        let found = self.find_customer(&txn, id).await?;
        if c.kind == "INDIVIDUAL" && c.id_no.is_none() && found.id_no_enc.is_none() {
            return Err(Error::invalid("idNo", "证件号码不能为空"));
        }
        let id_hash = c
            .id_no
            .clone()
            .flatten()
            .map(|v| self.secrets.blind_index(ID_NO, &v));
        self.refuse_duplicates(&txn, Some(id), id_hash.as_deref(), c.credit_code.as_deref())
            .await?;
        let mut changed: Vec<&str> = Vec::new();
        let mut model = customer::ActiveModel {
            id: Set(id),
            kind: Set(c.kind.clone()),
            name: Set(c.name.clone()),
            name_key: Set(domain::text::name_key(&c.name)),
            id_type: Set(c.id_type.clone()),
            credit_code: Set(c.credit_code.clone()),
            province_code: Set(c.province_code.clone()),
            city_code: Set(c.city_code.clone()),
            district_code: Set(c.district_code.clone()),
            address: Set(c.address.clone()),
            status: Set(c.status.clone()),
            kyc_status: Set(c.kyc_status.clone()),
            bank_name: Set(c.bank_name.clone()),
            remark: Set(c.remark.clone()),
            updated_at: Set(now),
            updated_by: Set(Some(me.user_id)),
            version: Set(found.version + 1),
            ..Default::default()
        };
        if let Some(id_no) = &c.id_no {
            changed.push("idNo");
            model.id_no_enc = Set(id_no.as_deref().map(|v| self.secrets.encrypt(v)));
            model.id_no_mask = Set(id_no.as_deref().map(domain::mask::id_no));
            model.id_no_hash = Set(id_hash.clone());
        }
        if let Some(mobile) = &c.mobile {
            changed.push("mobile");
            model.mobile_enc = Set(self.secrets.encrypt(mobile));
            model.mobile_mask = Set(domain::mask::mobile(mobile));
            model.mobile_hash = Set(self.secrets.blind_index(MOBILE, mobile));
        }
        if let Some(card) = &c.bank_card {
            changed.push("bankCard");
            model.bank_card_enc = Set(card.as_deref().map(|v| self.secrets.encrypt(v)));
            model.bank_card_mask = Set(card.as_deref().map(domain::mask::card));
        }
        save_if_unchanged(&txn, model, customer::Column::Version, found.version)
            .await
            .map_err(|e| conflict_on_unique(e, "证件号码或统一社会信用代码已登记为其他客户"))?;
        log_change(
            &txn,
            me,
            client,
            "customer.update",
            "customer",
            Some(id),
            serde_json::json!({
                "customerNo": found.customer_no,
                "name": c.name,
                "kind": c.kind,
                "status": c.status,
                "kycStatus": c.kyc_status,
                "personalChanged": changed,
            }),
            self.clock.now(),
        )
        .await?;
        txn.commit().await?;
        Ok(())
    }

    /// Sets the customer's app password (`md5_hex`: the MD5 hex the client sends).
    pub async fn set_customer_password(
        &self,
        me: &Principal,
        client: &ClientInfo,
        id: i64,
        md5_hex: &str,
    ) -> Result<()> {
        me.require(PASSWORD)?;
        let md5_hex = md5_hex.trim();
        if !domain::validate::is_md5_hex(md5_hex) {
            return Err(Error::invalid(
                "password",
                "密码须为 32 位十六进制的 MD5 值",
            ));
        }
        let md5 = md5_hex.to_ascii_lowercase();
        let hash = tokio::task::spawn_blocking(move || password::hash(&md5))
            .await
            .map_err(Error::internal)??;
        let txn = store::begin_write(&self.db).await?;
        let found = self.find_customer(&txn, id).await?;
        let now = self.clock.now();
        save_if_unchanged(
            &txn,
            customer::ActiveModel {
                id: Set(id),
                password_hash: Set(Some(hash)),
                password_changed_at: Set(Some(now)),
                updated_at: Set(now),
                updated_by: Set(Some(me.user_id)),
                version: Set(found.version + 1),
                ..Default::default()
            },
            customer::Column::Version,
            found.version,
        )
        .await?;
        log_change(
            &txn,
            me,
            client,
            "customer.set_password",
            "customer",
            Some(id),
            serde_json::json!({ "customerNo": found.customer_no }),
            self.clock.now(),
        )
        .await?;
        txn.commit().await?;
        Ok(())
    }
}
