//! 订单规则配置 (`/systemManagement/orderRules`, `admin:config:order`): the order rules, the
//! versioned products with their terms, and the schedule calculator. Reading and saving all need
//! the page permission (settings screens have no separate button permissions).

use super::common::{ExportData, PageData, SortDto, page_request};
use crate::AppState;
use crate::auth::Admin;
use crate::auth::Client;
use crate::envelope::{Envelope, ok};
use crate::error::ApiError;
use crate::extract::{Json, Path};
use axum::extract::State;
use domain::money::ProductTerms;
use domain::money::irr::AnnualisedRate;
use domain::money::rules::OrderRules;
use serde::{Deserialize, Serialize};
use service::system::order_rules::VersionedRules;
use service::system::products::{
    ProductFilter, ProductInput, ProductRow, ProductVersion, SavedProduct, ScheduleInput,
    ScheduleQuote,
};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(rules_get))
        .routes(routes!(rules_update))
        .routes(routes!(product_page))
        .routes(routes!(product_export))
        .routes(routes!(product_defaults))
        .routes(routes!(product_view))
        .routes(routes!(product_versions))
        .routes(routes!(product_create))
        .routes(routes!(product_update))
        .routes(routes!(product_activate))
        .routes(routes!(product_retire))
        .routes(routes!(product_schedule))
}

type Answer<T> = Result<Envelope<T>, ApiError>;

// ---------------------------------------------------------------- order rules

/// The order rules and the version a save must send back.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderRulesData {
    pub rules: OrderRules,
    /// 0 while nothing was saved; each save adds one.
    pub version: i64,
}

impl From<VersionedRules> for OrderRulesData {
    fn from(v: VersionedRules) -> Self {
        OrderRulesData {
            rules: v.rules,
            version: v.version,
        }
    }
}

/// Saving the order rules: all of them, and the version they were read at.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct OrderRulesBody {
    pub rules: OrderRules,
    /// The `version` the screen read; another save in between answers 409.
    pub version: i64,
}

/// The order rules in force (the defaults until saved).
#[utoipa::path(get, path = "/api/admin/config/order-rules", tag = "system",
    operation_id = "orderRules", security(("token" = ["admin:config:order"])),
    responses((status = 200, body = Envelope<OrderRulesData>)))]
async fn rules_get(State(s): State<AppState>, Admin(me): Admin) -> Answer<OrderRulesData> {
    Ok(ok(s.app.order_rules(&me).await?.into()))
}

/// Saves the order rules. Invalid values answer 400 with every field (`rules.…`) in
/// `data.fields`; a save over a newer version answers 409.
#[utoipa::path(post, path = "/api/admin/config/order-rules/update", tag = "system",
    operation_id = "orderRulesUpdate", security(("token" = ["admin:config:order"])),
    request_body = OrderRulesBody, responses((status = 200, body = Envelope<OrderRulesData>)))]
async fn rules_update(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Json(body): Json<OrderRulesBody>,
) -> Answer<OrderRulesData> {
    Ok(ok(s
        .app
        .update_order_rules(&me, &c, body.rules, body.version)
        .await?
        .into()))
}

// ---------------------------------------------------------------- products

/// A product version.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductData {
    pub id: i64,
    pub code: String,
    pub name: String,
    pub product_version: i32,
    /// DRAFT, ACTIVE or RETIRED.
    pub status: String,
    /// The version of this code that is ACTIVE now (list rows only).
    #[schema(required = true)]
    pub active_version: Option<i32>,
    pub remark: String,
    pub terms: ProductTerms,
    #[schema(required = true)]
    pub activated_at: Option<i64>,
    #[schema(required = true)]
    pub retired_at: Option<i64>,
    pub created_at: i64,
    pub updated_at: i64,
}

impl ProductData {
    pub(crate) fn of(p: ProductVersion, active: Option<i32>) -> Self {
        let r = p.row;
        ProductData {
            id: r.id,
            code: r.code,
            name: r.name,
            product_version: r.product_version,
            status: r.status,
            active_version: active,
            remark: r.remark,
            terms: p.terms,
            activated_at: r.activated_at.map(|t| t.timestamp_millis()),
            retired_at: r.retired_at.map(|t| t.timestamp_millis()),
            created_at: r.created_at.timestamp_millis(),
            updated_at: r.updated_at.timestamp_millis(),
        }
    }
}

impl From<ProductRow> for ProductData {
    fn from(r: ProductRow) -> Self {
        ProductData::of(r.product, r.active_version)
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct ProductPageBody {
    pub page: Option<i64>,
    pub size: Option<i64>,
    pub sort: Option<SortDto>,
    /// Contained in the code or the name.
    pub keyword: Option<String>,
    /// Of the latest version: DRAFT, ACTIVE or RETIRED.
    pub status: Option<String>,
}

/// A product's code, name, remark and terms.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct ProductBody {
    /// `^[A-Z][A-Z0-9_]{1,63}$`, unique; ignored by update (it never changes).
    #[serde(default)]
    pub code: String,
    /// 1 to 64 characters.
    pub name: String,
    pub remark: Option<String>,
    /// Every term; refused terms answer 400 with each field as `terms.<field>` in `data.fields`.
    pub terms: ProductTerms,
}

impl From<ProductBody> for ProductInput {
    fn from(b: ProductBody) -> Self {
        ProductInput {
            code: b.code,
            name: b.name,
            remark: b.remark,
            terms: b.terms,
        }
    }
}

/// Which version a save wrote.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SavedProductData {
    pub id: i64,
    pub product_version: i32,
    /// A new DRAFT version was made (an ACTIVE or RETIRED version is never changed).
    pub new_version: bool,
}

impl From<SavedProduct> for SavedProductData {
    fn from(s: SavedProduct) -> Self {
        SavedProductData {
            id: s.id,
            product_version: s.product_version,
            new_version: s.new_version,
        }
    }
}

/// One row per product code: its latest version.
#[utoipa::path(post, path = "/api/admin/config/product/page", tag = "system",
    operation_id = "productPage", security(("token" = ["admin:config:order"])),
    request_body = ProductPageBody,
    responses((status = 200, body = Envelope<PageData<ProductData>>)))]
async fn product_page(
    State(s): State<AppState>,
    Admin(me): Admin,
    Json(body): Json<ProductPageBody>,
) -> Answer<PageData<ProductData>> {
    let request = page_request(body.page, body.size, body.sort);
    let filter = ProductFilter {
        keyword: body.keyword,
        status: body.status,
    };
    let page = s.app.product_page(&me, &request, &filter).await?;
    Ok(ok(PageData::from_page(page, Into::into)))
}

/// Exports the product list (Excel), filtered like the list.
#[utoipa::path(post, path = "/api/admin/config/product/export", tag = "system",
    operation_id = "productExport", security(("token" = ["admin:config:order"])),
    request_body = ProductPageBody, responses((status = 200, body = Envelope<ExportData>)))]
async fn product_export(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Json(body): Json<ProductPageBody>,
) -> Answer<ExportData> {
    let request = page_request(body.page, body.size, body.sort);
    let filter = ProductFilter {
        keyword: body.keyword,
        status: body.status,
    };
    Ok(ok(s
        .app
        .export_products(&me, &c, &request, &filter)
        .await?
        .into()))
}

/// The terms a new product starts with (the order rules' defaults applied).
#[utoipa::path(get, path = "/api/admin/config/product/defaults", tag = "system",
    operation_id = "productDefaults", security(("token" = ["admin:config:order"])),
    responses((status = 200, body = Envelope<ProductTerms>)))]
async fn product_defaults(State(s): State<AppState>, Admin(me): Admin) -> Answer<ProductTerms> {
    Ok(ok(s.app.product_defaults(&me).await?))
}

/// One product version with its terms.
#[utoipa::path(get, path = "/api/admin/config/product/view/{id}", tag = "system",
    operation_id = "productView", security(("token" = ["admin:config:order"])),
    params(("id" = i64, Path)), responses((status = 200, body = Envelope<ProductData>)))]
async fn product_view(
    State(s): State<AppState>,
    Admin(me): Admin,
    Path(id): Path<i64>,
) -> Answer<ProductData> {
    Ok(ok(ProductData::of(
        s.app.product_view(&me, id).await?,
        None,
    )))
}

/// Every version of the product (newest first).
#[utoipa::path(get, path = "/api/admin/config/product/versions/{id}", tag = "system",
    operation_id = "productVersions", security(("token" = ["admin:config:order"])),
    params(("id" = i64, Path)), responses((status = 200, body = Envelope<Vec<ProductData>>)))]
async fn product_versions(
    State(s): State<AppState>,
    Admin(me): Admin,
    Path(id): Path<i64>,
) -> Answer<Vec<ProductData>> {
    let rows = s.app.product_versions(&me, id).await?;
    Ok(ok(rows
        .into_iter()
        .map(|p| ProductData::of(p, None))
        .collect()))
}

/// Creates a product (version 1, DRAFT).
#[utoipa::path(post, path = "/api/admin/config/product/create", tag = "system",
    operation_id = "productCreate", security(("token" = ["admin:config:order"])),
    request_body = ProductBody, responses((status = 200, body = Envelope<SavedProductData>)))]
async fn product_create(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Json(body): Json<ProductBody>,
) -> Answer<SavedProductData> {
    Ok(ok(s.app.create_product(&me, &c, body.into()).await?.into()))
}

/// Saves a version: a DRAFT in place; an ACTIVE or RETIRED one into a new DRAFT version.
#[utoipa::path(post, path = "/api/admin/config/product/update/{id}", tag = "system",
    operation_id = "productUpdate", security(("token" = ["admin:config:order"])),
    params(("id" = i64, Path)), request_body = ProductBody,
    responses((status = 200, body = Envelope<SavedProductData>)))]
async fn product_update(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
    Json(body): Json<ProductBody>,
) -> Answer<SavedProductData> {
    Ok(ok(s
        .app
        .update_product(&me, &c, id, body.into())
        .await?
        .into()))
}

/// Activates a version; the code's previously active version is retired.
#[utoipa::path(post, path = "/api/admin/config/product/activate/{id}", tag = "system",
    operation_id = "productActivate", security(("token" = ["admin:config:order"])),
    params(("id" = i64, Path)), responses((status = 200, body = Envelope<Option<String>>)))]
async fn product_activate(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
) -> Answer<Option<String>> {
    s.app.activate_product(&me, &c, id).await?;
    Ok(ok(None))
}

/// Retires the ACTIVE version (the code then has none active; new orders cannot use it).
#[utoipa::path(post, path = "/api/admin/config/product/retire/{id}", tag = "system",
    operation_id = "productRetire", security(("token" = ["admin:config:order"])),
    params(("id" = i64, Path)), responses((status = 200, body = Envelope<Option<String>>)))]
async fn product_retire(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
) -> Answer<Option<String>> {
    s.app.retire_product(&me, &c, id).await?;
    Ok(ok(None))
}

// ---------------------------------------------------------------- calculator

/// What the calculator takes.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct ScheduleBody {
    /// A product version's id (any status).
    pub product_id: i64,
    /// The financed amount in fen, within the product's minimum for the term and its maximum.
    pub principal_fen: i64,
    /// One of the product's term options.
    pub term: u32,
    /// `YYYY-MM-DD`: interest runs from it and due dates count from it.
    pub anchor_date: String,
}

/// One instalment.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScheduleLineData {
    pub seq: u32,
    /// `YYYY-MM-DD`.
    pub due_date: String,
    pub principal_fen: i64,
    pub interest_fen: i64,
    pub fee_fen: i64,
    /// Principal + interest + fee.
    pub total_fen: i64,
    /// Principal still owed after this instalment.
    pub remaining_fen: i64,
    /// The deposit is offset against this instalment when it falls due.
    pub is_deposit_offset: bool,
}

/// The plan, its totals and rates.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScheduleData {
    pub product_id: i64,
    pub product_version: i32,
    pub principal_fen: i64,
    pub term: u32,
    /// `YYYY-MM-DD`.
    pub anchor_date: String,
    /// The schedule generator's version (stored with each order's plan).
    pub generator_version: u32,
    /// The level instalment of an ANNUITY (principal + interest), else null.
    #[schema(required = true)]
    pub emi_fen: Option<i64>,
    /// Fee charged once with the down payment.
    pub upfront_fee_fen: i64,
    /// Deposit collected with the down payment.
    pub deposit_fen: i64,
    pub total_principal_fen: i64,
    pub total_interest_fen: i64,
    /// Σ per-instalment fees.
    pub total_fee_fen: i64,
    /// Σ instalment totals.
    pub total_repayment_fen: i64,
    /// The product's nominal rate per year (a monthly rate × 12), bp.
    pub nominal_annual_bp: i64,
    /// The annualised rate (IRR) of the customer's cash flows; null when there is none.
    #[schema(required = true)]
    pub annualised: Option<AnnualisedRate>,
    pub lines: Vec<ScheduleLineData>,
}

impl From<ScheduleQuote> for ScheduleData {
    fn from(q: ScheduleQuote) -> Self {
        let date = |d: chrono::NaiveDate| d.format("%Y-%m-%d").to_string();
        ScheduleData {
            product_id: q.product_id,
            product_version: q.product_version,
            principal_fen: q.plan.principal_fen.get(),
            term: q.plan.n,
            anchor_date: date(q.plan.anchor_date),
            generator_version: q.plan.generator_version,
            emi_fen: q.plan.emi_fen.map(|f| f.get()),
            upfront_fee_fen: q.plan.upfront_fee_fen.get(),
            deposit_fen: q.plan.deposit_fen.get(),
            total_principal_fen: q.plan.total_principal_fen.get(),
            total_interest_fen: q.plan.total_interest_fen.get(),
            total_fee_fen: q.plan.total_fee_fen.get(),
            total_repayment_fen: q.total_repayment_fen,
            nominal_annual_bp: q.nominal_annual_bp,
            annualised: q.annualised,
            lines: q
                .lines
                .into_iter()
                .map(|l| ScheduleLineData {
                    seq: l.seq,
                    due_date: date(l.due_date),
                    principal_fen: l.principal_fen,
                    interest_fen: l.interest_fen,
                    fee_fen: l.fee_fen,
                    total_fen: l.total_fen,
                    remaining_fen: l.remaining_fen,
                    is_deposit_offset: l.is_deposit_offset,
                })
                .collect(),
        }
    }
}

/// The repayment plan a product version gives for a principal, term and anchor date, computed
/// by the same functions that will make an order's plan.
#[utoipa::path(post, path = "/api/admin/config/product/schedule", tag = "system",
    operation_id = "productSchedule", security(("token" = ["admin:config:order"])),
    request_body = ScheduleBody, responses((status = 200, body = Envelope<ScheduleData>)))]
async fn product_schedule(
    State(s): State<AppState>,
    Admin(me): Admin,
    Json(body): Json<ScheduleBody>,
) -> Answer<ScheduleData> {
    let anchor_date = chrono::NaiveDate::parse_from_str(body.anchor_date.trim(), "%Y-%m-%d")
        .map_err(|_| ApiError::invalid("anchorDate", "起息日须为 YYYY-MM-DD 格式的日期"))?;
    let input = ScheduleInput {
        product_id: body.product_id,
        principal_fen: body.principal_fen,
        term: body.term,
        anchor_date,
    };
    Ok(ok(s.app.product_schedule(&me, &input).await?.into()))
}
