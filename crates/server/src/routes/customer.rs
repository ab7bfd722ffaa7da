//! Customers (客户管理, operate/customerManagement): customers, their vehicles and files.
//! Order files have their service (service::customer::order_files) but no routes until orders
//! exist (docs/customers.md).

use super::common::{ExportData, IdData, PageData, SortDto, page_request};
use crate::AppState;
use crate::auth::{Admin, Client};
use crate::envelope::{Envelope, ok};
use crate::error::ApiError;
use crate::extract::{Json, Path};
use crate::upload::{Multipart, file_response, upload_body_limit};
use axum::extract::State;
use axum::response::Response;
use serde::{Deserialize, Serialize};
use service::customer::VehicleRow as Vehicle;
use service::customer::{
    CustomerFileFilter, CustomerFileRow, CustomerFilter, CustomerInput, CustomerRow, CustomerView,
    NewCustomerFile, Personal, VehicleInput,
};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(customer_page))
        .routes(routes!(customer_export))
        .routes(routes!(customer_view))
        .routes(routes!(customer_create))
        .routes(routes!(customer_update))
        .routes(routes!(customer_reveal))
        .routes(routes!(customer_password))
        .routes(routes!(vehicle_create))
        .routes(routes!(vehicle_update))
        .routes(routes!(vehicle_delete))
        .routes(routes!(customer_file_page))
        .routes(routes!(customer_file_delete))
        .routes(routes!(customer_file_preview))
        .routes(routes!(customer_file_download))
        .merge(
            OpenApiRouter::new()
                .routes(routes!(customer_file_create))
                .layer(upload_body_limit()),
        )
}

type Answer<T> = Result<Envelope<T>, ApiError>;

fn ms(t: chrono::DateTime<chrono::Utc>) -> i64 {
    t.timestamp_millis()
}

// ---------------------------------------------------------------------------------------------
// Customers

/// The customer list's request: paging, sort (`id`, `customerNo`, `name`, `createdAt`,
/// `updatedAt`), filters.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomerPageBody {
    pub page: Option<i64>,
    pub size: Option<i64>,
    pub sort: Option<SortDto>,
    /// Name contains.
    pub name: Option<String>,
    /// Customer number contains.
    pub customer_no: Option<String>,
    /// Exact mobile.
    pub mobile: Option<String>,
    /// Exact ID number, or an enterprise's credit code.
    pub id_no: Option<String>,
    /// INDIVIDUAL or ENTERPRISE.
    pub kind: Option<String>,
    /// ENABLED or DISABLED.
    pub status: Option<String>,
    /// PENDING, VERIFIED or REJECTED.
    pub kyc_status: Option<String>,
    /// Created at or after (epoch ms).
    pub from: Option<i64>,
    /// Created at or before (epoch ms).
    pub to: Option<i64>,
}

impl CustomerPageBody {
    fn split(self) -> Result<(service::paging::PageRequest, CustomerFilter), ApiError> {
        let created_from = self
            .from
            .map(|v| service::paging::time_from_ms("from", v))
            .transpose()?;
        let created_to = self
            .to
            .map(|v| service::paging::time_from_ms("to", v))
            .transpose()?;
        Ok((
            page_request(self.page, self.size, self.sort),
            CustomerFilter {
                name: self.name,
                customer_no: self.customer_no,
                mobile: self.mobile,
                id_no: self.id_no,
                kind: self.kind,
                status: self.status,
                kyc_status: self.kyc_status,
                created_from,
                created_to,
            },
        ))
    }
}

/// A customer; ID number, mobile and bank card masked.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomerData {
    pub id: i64,
    /// C + yyyymmdd + 6 digits.
    pub customer_no: String,
    /// INDIVIDUAL or ENTERPRISE.
    pub kind: String,
    pub name: String,
    #[schema(required = true)]
    pub id_type: Option<String>,
    /// Masked (`110***********002X`).
    #[schema(required = true)]
    pub id_no: Option<String>,
    /// Masked (`138****5678`).
    pub mobile: String,
    #[schema(required = true)]
    pub credit_code: Option<String>,
    #[schema(required = true)]
    pub province_code: Option<String>,
    #[schema(required = true)]
    pub city_code: Option<String>,
    #[schema(required = true)]
    pub district_code: Option<String>,
    pub address: String,
    pub status: String,
    pub kyc_status: String,
    #[schema(required = true)]
    pub bank_name: Option<String>,
    /// Masked (`6222***********0123`).
    #[schema(required = true)]
    pub bank_card: Option<String>,
    pub remark: String,
    /// Whether the customer has an app password.
    pub password_set: bool,
    pub created_at: i64,
    pub updated_at: i64,
}

impl From<CustomerRow> for CustomerData {
    fn from(c: CustomerRow) -> Self {
        CustomerData {
            id: c.id,
            customer_no: c.customer_no,
            kind: c.kind,
            name: c.name,
            id_type: c.id_type,
            id_no: c.id_no,
            mobile: c.mobile,
            credit_code: c.credit_code,
            province_code: c.province_code,
            city_code: c.city_code,
            district_code: c.district_code,
            address: c.address,
            status: c.status,
            kyc_status: c.kyc_status,
            bank_name: c.bank_name,
            bank_card: c.bank_card,
            remark: c.remark,
            password_set: c.password_set,
            created_at: ms(c.created_at),
            updated_at: ms(c.updated_at),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VehicleData {
    pub id: i64,
    pub customer_id: i64,
    pub plate_no: String,
    pub vin: String,
    pub engine_no: String,
    pub brand_model: String,
    /// PRIVATE, NON_OPERATING_CORP, OPERATING or TRUCK.
    pub usage: String,
    #[schema(required = true)]
    pub seats: Option<i32>,
    /// `YYYY-MM-DD`.
    #[schema(required = true)]
    pub register_date: Option<String>,
    pub owner_name: String,
    pub owner_is_customer: bool,
    pub created_at: i64,
}

impl From<Vehicle> for VehicleData {
    fn from(v: Vehicle) -> Self {
        VehicleData {
            id: v.id,
            customer_id: v.customer_id,
            plate_no: v.plate_no,
            vin: v.vin,
            engine_no: v.engine_no,
            brand_model: v.brand_model,
            usage: v.usage,
            seats: v.seats,
            register_date: v.register_date.map(|d| d.format("%Y-%m-%d").to_string()),
            owner_name: v.owner_name,
            owner_is_customer: v.owner_is_customer,
            created_at: ms(v.created_at),
        }
    }
}

/// The detail page: the customer (masked) and its vehicles.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomerViewData {
    pub customer: CustomerData,
    pub vehicles: Vec<VehicleData>,
}

impl From<CustomerView> for CustomerViewData {
    fn from(v: CustomerView) -> Self {
        CustomerViewData {
            customer: v.customer.into(),
            vehicles: v.vehicles.into_iter().map(Into::into).collect(),
        }
    }
}

/// What the customer form sends. On update, `idNo`, `mobile` and `bankCard` left out (or
/// `null`) keep the stored values; `bankCard: ""` removes the card.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct CustomerBody {
    /// INDIVIDUAL or ENTERPRISE.
    pub kind: String,
    /// Person's or enterprise's name, 1 to 128 characters.
    pub name: String,
    /// RESIDENT_ID, PASSPORT, HK_MACAO_PERMIT, TAIWAN_PERMIT or FOREIGN_PERMANENT (required for
    /// individuals; an enterprise's legal representative's, optional).
    pub id_type: Option<String>,
    /// A resident ID: 18 characters, GB 11643 check character, valid birth date.
    pub id_no: Option<String>,
    /// 11 digits, 1[3-9]... (required on create).
    pub mobile: Option<String>,
    /// 统一社会信用代码 (enterprises, required; GB 32100 check character).
    pub credit_code: Option<String>,
    pub province_code: Option<String>,
    pub city_code: Option<String>,
    pub district_code: Option<String>,
    /// Address detail, at most 255 characters.
    pub address: Option<String>,
    /// ENABLED (default) or DISABLED.
    pub status: Option<String>,
    /// PENDING (default), VERIFIED or REJECTED.
    pub kyc_status: Option<String>,
    pub bank_name: Option<String>,
    /// 12 to 19 digits.
    pub bank_card: Option<String>,
    pub remark: Option<String>,
}

impl From<CustomerBody> for CustomerInput {
    fn from(b: CustomerBody) -> Self {
        CustomerInput {
            kind: b.kind,
            name: b.name,
            id_type: b.id_type,
            id_no: b.id_no,
            mobile: b.mobile,
            credit_code: b.credit_code,
            province_code: b.province_code,
            city_code: b.city_code,
            district_code: b.district_code,
            address: b.address,
            status: b.status,
            kyc_status: b.kyc_status,
            bank_name: b.bank_name,
            bank_card: b.bank_card,
            remark: b.remark,
        }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RevealBody {
    /// `idNo`, `mobile` or `bankCard`.
    pub field: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RevealData {
    /// The full value; `null` when the customer has none.
    #[schema(required = true)]
    pub value: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CustomerPasswordBody {
    /// MD5 hex of the new password.
    pub password: String,
}

/// One page of customers (ID number, mobile and bank card masked).
#[utoipa::path(post, path = "/api/admin/customer/page", tag = "customer",
    operation_id = "customerPage", security(("token" = ["admin:customer:table"])),
    request_body = CustomerPageBody,
    responses((status = 200, body = Envelope<PageData<CustomerData>>)))]
async fn customer_page(
    State(s): State<AppState>,
    Admin(me): Admin,
    Json(body): Json<CustomerPageBody>,
) -> Answer<PageData<CustomerData>> {
    let (request, filter) = body.split()?;
    let page = s.app.customer_page(&me, &request, &filter).await?;
    Ok(ok(PageData::from_page(page, Into::into)))
}

/// Exports every customer matching the filters (masked).
#[utoipa::path(post, path = "/api/admin/customer/export", tag = "customer",
    operation_id = "customerExport", security(("token" = ["admin:customer:export"])),
    request_body = CustomerPageBody, responses((status = 200, body = Envelope<ExportData>)))]
async fn customer_export(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Json(body): Json<CustomerPageBody>,
) -> Answer<ExportData> {
    let (request, filter) = body.split()?;
    Ok(ok(s
        .app
        .export_customers(&me, &c, &request, &filter)
        .await?
        .into()))
}

/// A customer (masked) with its vehicles.
#[utoipa::path(post, path = "/api/admin/customer/view/{id}", tag = "customer",
    operation_id = "customerView", security(("token" = ["admin:customer:table"])),
    params(("id" = i64, Path)), responses((status = 200, body = Envelope<CustomerViewData>)))]
async fn customer_view(
    State(s): State<AppState>,
    Admin(me): Admin,
    Path(id): Path<i64>,
) -> Answer<CustomerViewData> {
    Ok(ok(s.app.customer_view(&me, id).await?.into()))
}

/// Creates a customer (the customer number is generated).
#[utoipa::path(post, path = "/api/admin/customer/create", tag = "customer",
    operation_id = "customerCreate", security(("token" = ["admin:customer:create"])),
    request_body = CustomerBody, responses((status = 200, body = Envelope<IdData>)))]
async fn customer_create(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Json(body): Json<CustomerBody>,
) -> Answer<IdData> {
    let id = s.app.create_customer(&me, &c, body.into()).await?;
    Ok(ok(IdData { id }))
}

/// Changes a customer.
#[utoipa::path(post, path = "/api/admin/customer/update/{id}", tag = "customer",
    operation_id = "customerUpdate", security(("token" = ["admin:customer:update"])),
    params(("id" = i64, Path)), request_body = CustomerBody,
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn customer_update(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
    Json(body): Json<CustomerBody>,
) -> Answer<Option<String>> {
    s.app.update_customer(&me, &c, id, body.into()).await?;
    Ok(ok(None))
}

/// Shows one personal value in full (`idNo`, `mobile` or `bankCard`); the showing is logged.
#[utoipa::path(post, path = "/api/admin/customer/reveal/{id}", tag = "customer",
    operation_id = "customerReveal", security(("token" = ["admin:customer:reveal"])),
    params(("id" = i64, Path)), request_body = RevealBody,
    responses((status = 200, body = Envelope<RevealData>)))]
async fn customer_reveal(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
    Json(body): Json<RevealBody>,
) -> Answer<RevealData> {
    let field = Personal::parse(body.field.trim())?;
    let value = s.app.reveal_customer(&me, &c, id, field).await?;
    Ok(ok(RevealData { value }))
}

/// Sets the customer's app password (MD5 hex from the client; stored as argon2).
#[utoipa::path(post, path = "/api/admin/customer/password/{id}", tag = "customer",
    operation_id = "customerPassword", security(("token" = ["admin:customer:password"])),
    params(("id" = i64, Path)), request_body = CustomerPasswordBody,
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn customer_password(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
    Json(body): Json<CustomerPasswordBody>,
) -> Answer<Option<String>> {
    s.app
        .set_customer_password(&me, &c, id, &body.password)
        .await?;
    Ok(ok(None))
}

// ---------------------------------------------------------------------------------------------
// Vehicles

/// A new vehicle: its customer and the vehicle's fields.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct VehicleCreateBody {
    /// The customer the vehicle belongs to.
    pub customer_id: i64,
    /// Chinese plate (京A12345; new energy 粤BD12345 / 粤B12345D).
    pub plate_no: String,
    /// 17 characters, no I/O/Q, ISO 3779 check digit at position 9.
    pub vin: String,
    pub engine_no: Option<String>,
    pub brand_model: Option<String>,
    /// PRIVATE, NON_OPERATING_CORP, OPERATING or TRUCK.
    pub usage: String,
    /// 1 to 99.
    pub seats: Option<i32>,
    /// `YYYY-MM-DD`, not in the future.
    pub register_date: Option<String>,
    /// The owner is the customer (default true).
    pub owner_is_customer: Option<bool>,
    /// Required when the owner is not the customer.
    pub owner_name: Option<String>,
}

impl VehicleCreateBody {
    fn input(self) -> VehicleInput {
        VehicleInput {
            customer_id: self.customer_id,
            plate_no: self.plate_no,
            vin: self.vin,
            engine_no: self.engine_no,
            brand_model: self.brand_model,
            usage: self.usage,
            seats: self.seats,
            register_date: self.register_date,
            owner_is_customer: self.owner_is_customer.unwrap_or(true),
            owner_name: self.owner_name,
        }
    }
}

/// A vehicle's fields on update (its customer does not change).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct VehicleBody {
    /// Chinese plate (京A12345; new energy 粤BD12345 / 粤B12345D).
    pub plate_no: String,
    /// 17 characters, no I/O/Q, ISO 3779 check digit at position 9.
    pub vin: String,
    pub engine_no: Option<String>,
    pub brand_model: Option<String>,
    /// PRIVATE, NON_OPERATING_CORP, OPERATING or TRUCK.
    pub usage: String,
    /// 1 to 99.
    pub seats: Option<i32>,
    /// `YYYY-MM-DD`, not in the future.
    pub register_date: Option<String>,
    /// The owner is the customer (default true).
    pub owner_is_customer: Option<bool>,
    /// Required when the owner is not the customer.
    pub owner_name: Option<String>,
}

impl VehicleBody {
    fn input(self) -> VehicleInput {
        VehicleInput {
            customer_id: 0,
            plate_no: self.plate_no,
            vin: self.vin,
            engine_no: self.engine_no,
            brand_model: self.brand_model,
            usage: self.usage,
            seats: self.seats,
            register_date: self.register_date,
            owner_is_customer: self.owner_is_customer.unwrap_or(true),
            owner_name: self.owner_name,
        }
    }
}

/// Adds a vehicle to a customer.
#[utoipa::path(post, path = "/api/admin/customer/vehicle/create", tag = "customer",
    operation_id = "vehicleCreate", security(("token" = ["admin:customer:vehicle"])),
    request_body = VehicleCreateBody, responses((status = 200, body = Envelope<IdData>)))]
async fn vehicle_create(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Json(body): Json<VehicleCreateBody>,
) -> Answer<IdData> {
    let id = s.app.create_vehicle(&me, &c, body.input()).await?;
    Ok(ok(IdData { id }))
}

/// Changes a vehicle.
#[utoipa::path(post, path = "/api/admin/customer/vehicle/update/{id}", tag = "customer",
    operation_id = "vehicleUpdate", security(("token" = ["admin:customer:vehicle"])),
    params(("id" = i64, Path)), request_body = VehicleBody,
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn vehicle_update(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
    Json(body): Json<VehicleBody>,
) -> Answer<Option<String>> {
    s.app.update_vehicle(&me, &c, id, body.input()).await?;
    Ok(ok(None))
}

/// Deletes a vehicle (kept, marked deleted).
#[utoipa::path(post, path = "/api/admin/customer/vehicle/delete/{id}", tag = "customer",
    operation_id = "vehicleDelete", security(("token" = ["admin:customer:vehicle"])),
    params(("id" = i64, Path)), responses((status = 200, body = Envelope<Option<String>>)))]
async fn vehicle_delete(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
) -> Answer<Option<String>> {
    s.app.delete_vehicle(&me, &c, id).await?;
    Ok(ok(None))
}

// ---------------------------------------------------------------------------------------------
// Customer files

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct CustomerFilePageBody {
    pub page: Option<i64>,
    pub size: Option<i64>,
    /// `id`, `kind` or `createdAt`.
    pub sort: Option<SortDto>,
    pub customer_id: i64,
    /// ID_FRONT, ID_BACK, DRIVING_LICENSE, VEHICLE_LICENSE or OTHER.
    pub kind: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomerFileData {
    pub id: i64,
    pub customer_id: i64,
    pub kind: String,
    pub remark: String,
    pub file_name: String,
    /// `image/png`, `image/jpeg`, `image/webp`, `image/gif` or `application/pdf`.
    pub content_type: String,
    pub size_bytes: i64,
    #[schema(required = true)]
    pub uploaded_by: Option<String>,
    pub created_at: i64,
}

impl From<CustomerFileRow> for CustomerFileData {
    fn from(f: CustomerFileRow) -> Self {
        CustomerFileData {
            id: f.id,
            customer_id: f.customer_id,
            kind: f.kind,
            remark: f.remark,
            file_name: f.file_name,
            content_type: f.content_type,
            size_bytes: f.size_bytes,
            uploaded_by: f.uploaded_by,
            created_at: ms(f.created_at),
        }
    }
}

/// An upload: multipart fields `customerId`, `kind`, `remark` (optional) and `file`.
#[derive(Debug, ToSchema)]
#[schema(rename_all = "camelCase")]
#[allow(dead_code)]
pub struct CustomerFileUpload {
    pub customer_id: i64,
    pub kind: String,
    pub remark: Option<String>,
    #[schema(value_type = String, format = Binary)]
    pub file: Vec<u8>,
}

/// One page of a customer's files (deleted ones are not listed).
#[utoipa::path(post, path = "/api/admin/customer/file/page", tag = "customer",
    operation_id = "customerFilePage", security(("token" = ["admin:customer:table"])),
    request_body = CustomerFilePageBody,
    responses((status = 200, body = Envelope<PageData<CustomerFileData>>)))]
async fn customer_file_page(
    State(s): State<AppState>,
    Admin(me): Admin,
    Json(body): Json<CustomerFilePageBody>,
) -> Answer<PageData<CustomerFileData>> {
    let request = page_request(body.page, body.size, body.sort);
    let filter = CustomerFileFilter {
        customer_id: body.customer_id,
        kind: body.kind,
    };
    let page = s.app.customer_file_page(&me, &request, &filter).await?;
    Ok(ok(PageData::from_page(page, Into::into)))
}

/// Uploads a customer file (images or PDF; size limit from 系统设置).
#[utoipa::path(post, path = "/api/admin/customer/file/create", tag = "customer",
    operation_id = "customerFileCreate", security(("token" = ["admin:customer:file_upload"])),
    request_body(content = CustomerFileUpload, content_type = "multipart/form-data"),
    responses((status = 200, body = Envelope<IdData>)))]
async fn customer_file_create(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    form: Multipart,
) -> Answer<IdData> {
    let input = NewCustomerFile {
        customer_id: form.id("customerId")?,
        kind: form
            .text("kind")
            .ok_or_else(|| ApiError::invalid("kind", "请选择资料类型"))?,
        remark: form.text("remark"),
        file: form.file("file")?,
    };
    let id = s.app.create_customer_file(&me, &c, input).await?;
    Ok(ok(IdData { id }))
}

/// Deletes a customer file (the row and the stored object are kept, marked deleted).
#[utoipa::path(post, path = "/api/admin/customer/file/delete/{id}", tag = "customer",
    operation_id = "customerFileDelete", security(("token" = ["admin:customer:file_delete"])),
    params(("id" = i64, Path)), responses((status = 200, body = Envelope<Option<String>>)))]
async fn customer_file_delete(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
) -> Answer<Option<String>> {
    s.app.delete_customer_file(&me, &c, id).await?;
    Ok(ok(None))
}

/// The file for preview in the browser (inline); a deleted file answers 404.
#[utoipa::path(get, path = "/api/admin/customer/file/preview/{id}", tag = "customer",
    operation_id = "customerFilePreview", security(("token" = ["admin:customer:table"])),
    params(("id" = i64, Path)),
    responses((status = 200, description = "The file (image or PDF)",
        content(("image/*"), ("application/pdf")))))]
async fn customer_file_preview(
    State(s): State<AppState>,
    Admin(me): Admin,
    Path(id): Path<i64>,
) -> Result<Response, ApiError> {
    Ok(file_response(
        s.app.open_customer_file(&me, id).await?,
        true,
    ))
}

/// The file as a download (attachment); a deleted file answers 404.
#[utoipa::path(get, path = "/api/admin/customer/file/download/{id}", tag = "customer",
    operation_id = "customerFileDownload", security(("token" = ["admin:customer:table"])),
    params(("id" = i64, Path)),
    responses((status = 200, description = "The file (image or PDF)",
        content(("image/*"), ("application/pdf")))))]
async fn customer_file_download(
    State(s): State<AppState>,
    Admin(me): Admin,
    Path(id): Path<i64>,
) -> Result<Response, ApiError> {
    Ok(file_response(
        s.app.open_customer_file(&me, id).await?,
        false,
    ))
}
