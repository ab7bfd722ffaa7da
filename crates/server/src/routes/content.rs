//! Content management (内容管理): the data dictionary, area data, banners and articles.

use super::common::{IdData, PageData, SortDto, page_request};
use crate::AppState;
use crate::auth::{Admin, Client, Signed};
use crate::envelope::{Envelope, ok};
use crate::error::ApiError;
use crate::extract::{Form, Json, Path};
use crate::upload::{Multipart, file_response, upload_body_limit};
use axum::extract::{Query, State, rejection::QueryRejection};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use service::content::area::{AreaNode, areas};
use service::content::article::{
    Article, ArticleFilter, ArticleInput, ArticleRow, CategoryInput, CategoryRow,
};
use service::content::banner::{Banner, BannerFilter, BannerInput, BannerRow, UploadedImage};
use service::content::dictionary::{
    DictItem, DictItemInput, DictOption, DictTypeInput, DictTypeRow,
};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    let uploads = OpenApiRouter::new()
        .routes(routes!(banner_image_upload))
        .routes(routes!(article_cover_upload))
        .layer(upload_body_limit());
    OpenApiRouter::new()
        .routes(routes!(dictionary_types))
        .routes(routes!(dictionary_type_create))
        .routes(routes!(dictionary_type_update))
        .routes(routes!(dictionary_type_delete))
        .routes(routes!(dictionary_items))
        .routes(routes!(dictionary_item_create))
        .routes(routes!(dictionary_item_update))
        .routes(routes!(dictionary_item_delete))
        .routes(routes!(dictionary_options))
        .routes(routes!(area_data_get, area_data_form))
        .routes(routes!(banner_page))
        .routes(routes!(banner_create))
        .routes(routes!(banner_update))
        .routes(routes!(banner_delete))
        .routes(routes!(banner_image))
        .routes(routes!(article_categories))
        .routes(routes!(article_category_create))
        .routes(routes!(article_category_update))
        .routes(routes!(article_category_delete))
        .routes(routes!(article_page))
        .routes(routes!(article_view))
        .routes(routes!(article_create))
        .routes(routes!(article_update))
        .routes(routes!(article_publish))
        .routes(routes!(article_unpublish))
        .routes(routes!(article_delete))
        .routes(routes!(article_cover))
        .merge(uploads)
}

type Answer<T> = Result<Envelope<T>, ApiError>;

fn ms(t: chrono::DateTime<chrono::Utc>) -> i64 {
    t.timestamp_millis()
}

fn from_ms(
    field: &str,
    value: Option<i64>,
) -> Result<Option<chrono::DateTime<chrono::Utc>>, ApiError> {
    value
        .map(|v| {
            chrono::DateTime::from_timestamp_millis(v)
                .ok_or_else(|| ApiError::invalid(field, "时间不正确"))
        })
        .transpose()
}

// ---------------------------------------------------------------------------------------------
// Data dictionary

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DictTypeData {
    pub id: i64,
    pub code: String,
    pub name_zh: String,
    pub name_en: String,
    pub remark: String,
    /// Seeded and relied on by the code: cannot be deleted.
    pub built_in: bool,
    pub item_count: u64,
    pub updated_at: i64,
}

impl From<DictTypeRow> for DictTypeData {
    fn from(t: DictTypeRow) -> Self {
        DictTypeData {
            id: t.id,
            code: t.code,
            name_zh: t.name_zh,
            name_en: t.name_en,
            remark: t.remark,
            built_in: t.built_in,
            item_count: t.item_count,
            updated_at: ms(t.updated_at),
        }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct DictTypeBody {
    /// Lower-case letters, digits and `_`, starting with a letter; ignored on update (a type's
    /// code never changes).
    #[serde(default)]
    pub code: String,
    pub name_zh: String,
    #[serde(default)]
    pub name_en: String,
    #[serde(default)]
    pub remark: String,
}

impl From<DictTypeBody> for DictTypeInput {
    fn from(b: DictTypeBody) -> Self {
        DictTypeInput {
            code: b.code,
            name_zh: b.name_zh,
            name_en: b.name_en,
            remark: b.remark,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DictItemData {
    pub id: i64,
    pub type_id: i64,
    pub code: String,
    pub label_zh: String,
    pub label_en: String,
    /// Empty when none: the web shows the English, then the Chinese label.
    pub label_es: String,
    /// Empty when none: the web shows the English, then the Chinese label.
    pub label_ja: String,
    pub sort: i32,
    pub enabled: bool,
    /// Relied on by the code: cannot be deleted, disabled or have its code changed.
    pub built_in: bool,
    pub updated_at: i64,
}

impl From<DictItem> for DictItemData {
    fn from(i: DictItem) -> Self {
        DictItemData {
            id: i.id,
            type_id: i.type_id,
            code: i.code,
            label_zh: i.label_zh,
            label_en: i.label_en,
            label_es: i.label_es,
            label_ja: i.label_ja,
            sort: i.sort,
            enabled: i.enabled,
            built_in: i.built_in,
            updated_at: ms(i.updated_at),
        }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DictItemBody {
    /// Letters, digits and `_`, starting with a letter; unique in its type.
    pub code: String,
    /// At most 64 characters.
    pub label_zh: String,
    /// Optional, at most 128 characters.
    #[serde(default)]
    pub label_en: String,
    /// Spanish; optional, at most 128 characters.
    #[serde(default)]
    pub label_es: String,
    /// Japanese; optional, at most 128 characters.
    #[serde(default)]
    pub label_ja: String,
    pub sort: Option<i32>,
    pub enabled: bool,
}

impl From<DictItemBody> for DictItemInput {
    fn from(b: DictItemBody) -> Self {
        DictItemInput {
            code: b.code,
            label_zh: b.label_zh,
            label_en: b.label_en,
            label_es: b.label_es,
            label_ja: b.label_ja,
            sort: b.sort,
            enabled: b.enabled,
        }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DictItemCreateBody {
    pub type_id: i64,
    #[serde(flatten)]
    pub item: DictItemBody,
}

/// One option of a dictionary-backed select.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DictOptionData {
    pub code: String,
    pub label_zh: String,
    /// Empty when none (then the Chinese label).
    pub label_en: String,
    /// Empty when none (then the English, then the Chinese label).
    pub label_es: String,
    /// Empty when none (then the English, then the Chinese label).
    pub label_ja: String,
    pub enabled: bool,
}

impl From<DictOption> for DictOptionData {
    fn from(o: DictOption) -> Self {
        DictOptionData {
            code: o.code,
            label_zh: o.label_zh,
            label_en: o.label_en,
            label_es: o.label_es,
            label_ja: o.label_ja,
            enabled: o.enabled,
        }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct DictOptionsQuery {
    /// Include disabled items (to label codes saved before they were disabled).
    pub all: Option<bool>,
}

/// Every dictionary type with its number of items.
#[utoipa::path(get, path = "/api/admin/dictionary/types", tag = "content",
    operation_id = "dictionaryTypes", security(("token" = ["admin:dictionary:table"])),
    responses((status = 200, body = Envelope<Vec<DictTypeData>>)))]
async fn dictionary_types(
    State(s): State<AppState>,
    Admin(me): Admin,
) -> Answer<Vec<DictTypeData>> {
    let types = s.app.dictionary_types(&me).await?;
    Ok(ok(types.into_iter().map(Into::into).collect()))
}

/// Creates a dictionary type.
#[utoipa::path(post, path = "/api/admin/dictionary/type/create", tag = "content",
    operation_id = "dictionaryTypeCreate", security(("token" = ["admin:dictionary:create"])),
    request_body = DictTypeBody, responses((status = 200, body = Envelope<IdData>)))]
async fn dictionary_type_create(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Json(body): Json<DictTypeBody>,
) -> Answer<IdData> {
    let id = s.app.create_dictionary_type(&me, &c, body.into()).await?;
    Ok(ok(IdData { id }))
}

/// Renames a dictionary type (its code never changes).
#[utoipa::path(post, path = "/api/admin/dictionary/type/update/{id}", tag = "content",
    operation_id = "dictionaryTypeUpdate", security(("token" = ["admin:dictionary:update"])),
    params(("id" = i64, Path)), request_body = DictTypeBody,
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn dictionary_type_update(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
    Json(body): Json<DictTypeBody>,
) -> Answer<Option<String>> {
    s.app
        .update_dictionary_type(&me, &c, id, body.into())
        .await?;
    Ok(ok(None))
}

/// Deletes a dictionary type that is not built in and has no items.
#[utoipa::path(post, path = "/api/admin/dictionary/type/delete/{id}", tag = "content",
    operation_id = "dictionaryTypeDelete", security(("token" = ["admin:dictionary:delete"])),
    params(("id" = i64, Path)), responses((status = 200, body = Envelope<Option<String>>)))]
async fn dictionary_type_delete(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
) -> Answer<Option<String>> {
    s.app.delete_dictionary_type(&me, &c, id).await?;
    Ok(ok(None))
}

/// Every item of a type, disabled ones too, by sort.
#[utoipa::path(get, path = "/api/admin/dictionary/items/{typeId}", tag = "content",
    operation_id = "dictionaryItems", security(("token" = ["admin:dictionary:table"])),
    params(("typeId" = i64, Path)), responses((status = 200, body = Envelope<Vec<DictItemData>>)))]
async fn dictionary_items(
    State(s): State<AppState>,
    Admin(me): Admin,
    Path(type_id): Path<i64>,
) -> Answer<Vec<DictItemData>> {
    let items = s.app.dictionary_items(&me, type_id).await?;
    Ok(ok(items.into_iter().map(Into::into).collect()))
}

/// Adds an item to a type.
#[utoipa::path(post, path = "/api/admin/dictionary/item/create", tag = "content",
    operation_id = "dictionaryItemCreate", security(("token" = ["admin:dictionary:create"])),
    request_body = DictItemCreateBody, responses((status = 200, body = Envelope<IdData>)))]
async fn dictionary_item_create(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Json(body): Json<DictItemCreateBody>,
) -> Answer<IdData> {
    let id = s
        .app
        .create_dictionary_item(&me, &c, body.type_id, body.item.into())
        .await?;
    Ok(ok(IdData { id }))
}

/// Changes an item (a built-in one keeps its code and stays enabled).
#[utoipa::path(post, path = "/api/admin/dictionary/item/update/{id}", tag = "content",
    operation_id = "dictionaryItemUpdate", security(("token" = ["admin:dictionary:update"])),
    params(("id" = i64, Path)), request_body = DictItemBody,
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn dictionary_item_update(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
    Json(body): Json<DictItemBody>,
) -> Answer<Option<String>> {
    s.app
        .update_dictionary_item(&me, &c, id, body.into())
        .await?;
    Ok(ok(None))
}

/// Deletes an item that is not built in.
#[utoipa::path(post, path = "/api/admin/dictionary/item/delete/{id}", tag = "content",
    operation_id = "dictionaryItemDelete", security(("token" = ["admin:dictionary:delete"])),
    params(("id" = i64, Path)), responses((status = 200, body = Envelope<Option<String>>)))]
async fn dictionary_item_delete(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
) -> Answer<Option<String>> {
    s.app.delete_dictionary_item(&me, &c, id).await?;
    Ok(ok(None))
}

/// The enabled items of a type for a select, by sort (any signed-in user, administrator or
/// capital provider). `all=true` adds the disabled ones.
#[utoipa::path(get, path = "/api/common/dictionary/{typeCode}", tag = "common",
    operation_id = "dictionaryOptions", security(("token" = [])),
    params(("typeCode" = String, Path), DictOptionsQuery),
    responses((status = 200, body = Envelope<Vec<DictOptionData>>)))]
async fn dictionary_options(
    State(s): State<AppState>,
    Signed(_me): Signed,
    Path(type_code): Path<String>,
    query: Result<Query<DictOptionsQuery>, QueryRejection>,
) -> Answer<Vec<DictOptionData>> {
    let all = query.ok().and_then(|Query(q)| q.all).unwrap_or(false);
    let options = s.app.dictionary_options(&type_code, all).await?;
    Ok(ok(options.into_iter().map(Into::into).collect()))
}

// ---------------------------------------------------------------------------------------------
// Area data

/// An administrative area and the areas under it (empty `children` for a district).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AreaData {
    /// 6 digits (9 for the towns of the cities without districts).
    pub code: String,
    pub name: String,
    #[schema(no_recursion)]
    pub children: Vec<AreaData>,
}

impl AreaData {
    fn tree(node: &AreaNode) -> Self {
        AreaData {
            code: node.code.clone(),
            name: node.name.clone(),
            children: node.children.iter().map(AreaData::tree).collect(),
        }
    }

    /// The node alone; `children` left empty.
    fn one(node: &AreaNode) -> Self {
        AreaData {
            code: node.code.clone(),
            name: node.name.clone(),
            children: Vec::new(),
        }
    }
}

#[derive(Debug, Default, Deserialize, ToSchema, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct AreaQuery {
    /// Answer only the children of this area (without their own children); absent: the whole
    /// tree (province → city → district).
    pub parent_code: Option<String>,
}

/// The whole tree (cached by the browser with its ETag) or the children of `parentCode`.
fn area_answer(headers: &HeaderMap, query: &AreaQuery) -> Result<Response, ApiError> {
    let data = areas();
    if let Some(parent) = query
        .parent_code
        .as_deref()
        .filter(|p| !p.trim().is_empty())
    {
        let children = data.children(Some(parent))?;
        return Ok(ok(children.iter().map(AreaData::one).collect::<Vec<_>>()).into_response());
    }
    let fresh = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|tag| tag.trim() == data.etag));
    let etag =
        HeaderValue::from_str(&data.etag).map_err(|e| ApiError(service::Error::internal(e)))?;
    let cache = HeaderValue::from_static("private, no-cache");
    if fresh {
        let mut response = StatusCode::NOT_MODIFIED.into_response();
        response.headers_mut().insert(header::ETAG, etag);
        response.headers_mut().insert(header::CACHE_CONTROL, cache);
        return Ok(response);
    }
    let mut response = ok(data.tree.iter().map(AreaData::tree).collect::<Vec<_>>()).into_response();
    response.headers_mut().insert(header::ETAG, etag);
    response.headers_mut().insert(header::CACHE_CONTROL, cache);
    Ok(response)
}

/// China's administrative areas, province → city → district (any signed-in user). The whole
/// tree answers an `ETag`; `If-None-Match` with it answers 304.
#[utoipa::path(get, path = "/api/common/area/data", tag = "common",
    operation_id = "areaData", security(("token" = [])), params(AreaQuery),
    responses((status = 200, body = Envelope<Vec<AreaData>>), (status = 304)))]
async fn area_data_get(
    Signed(_me): Signed,
    headers: HeaderMap,
    query: Result<Query<AreaQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let Query(query) = query.map_err(|_| ApiError::invalid("parentCode", "参数不正确"))?;
    area_answer(&headers, &query)
}

/// The same as `GET`, as the spec's 'form' call (urlencoded body, optional `parentCode`).
#[utoipa::path(post, path = "/api/common/area/data", tag = "common",
    operation_id = "areaDataForm", security(("token" = [])),
    request_body(content = AreaQuery, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Vec<AreaData>>), (status = 304)))]
async fn area_data_form(
    Signed(_me): Signed,
    headers: HeaderMap,
    Form(query): Form<AreaQuery>,
) -> Result<Response, ApiError> {
    area_answer(&headers, &query)
}

// ---------------------------------------------------------------------------------------------
// Banners

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct BannerPageBody {
    pub page: Option<i64>,
    pub size: Option<i64>,
    /// `sort`, `createdAt`, `validFrom` or `validTo`; default `sort` ascending.
    pub sort: Option<SortDto>,
    /// Title contains.
    pub title: Option<String>,
    /// A `banner_position` code.
    pub position: Option<String>,
    pub enabled: Option<bool>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BannerData {
    pub id: i64,
    pub title: String,
    pub position: String,
    pub image_file_id: i64,
    pub link: String,
    pub sort: i32,
    #[schema(required = true)]
    pub valid_from: Option<i64>,
    #[schema(required = true)]
    pub valid_to: Option<i64>,
    pub enabled: bool,
    /// Enabled and inside its validity window now.
    pub showing: bool,
    pub created_at: i64,
    pub updated_at: i64,
}

impl From<BannerRow> for BannerData {
    fn from(r: BannerRow) -> Self {
        let b: Banner = r.banner;
        BannerData {
            id: b.id,
            title: b.title,
            position: b.position,
            image_file_id: b.image_file_id,
            link: b.link,
            sort: b.sort,
            valid_from: b.valid_from.map(ms),
            valid_to: b.valid_to.map(ms),
            enabled: b.enabled,
            showing: r.showing,
            created_at: ms(b.created_at),
            updated_at: ms(b.updated_at),
        }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct BannerBody {
    /// 1 to 64 characters.
    pub title: String,
    /// An enabled `banner_position` code.
    pub position: String,
    /// The `fileId` an image upload answered.
    pub image_file_id: i64,
    /// `http(s)://...` or an in-app path `/...`; empty for none.
    #[serde(default)]
    pub link: String,
    pub sort: Option<i32>,
    /// Epoch milliseconds; absent: from now on.
    pub valid_from: Option<i64>,
    /// Epoch milliseconds, after `validFrom`; absent: no end.
    pub valid_to: Option<i64>,
    pub enabled: bool,
}

impl BannerBody {
    fn input(self) -> Result<BannerInput, ApiError> {
        Ok(BannerInput {
            valid_from: from_ms("validFrom", self.valid_from)?,
            valid_to: from_ms("validTo", self.valid_to)?,
            title: self.title,
            position: self.position,
            image_file_id: self.image_file_id,
            link: self.link,
            sort: self.sort,
            enabled: self.enabled,
        })
    }
}

/// An uploaded image: use `fileId` in the record that shows it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UploadedImageData {
    pub file_id: i64,
    pub file_name: String,
    pub size: i64,
}

impl From<UploadedImage> for UploadedImageData {
    fn from(u: UploadedImage) -> Self {
        UploadedImageData {
            file_id: u.file_id,
            file_name: u.file_name,
            size: u.size,
        }
    }
}

/// An image upload: one multipart field `file`.
#[derive(Debug, ToSchema)]
#[allow(dead_code)]
pub struct ImageUpload {
    /// JPEG, PNG, WebP or GIF (checked by content), within 系统设置's upload limit.
    #[schema(value_type = String, format = Binary)]
    pub file: Vec<u8>,
}

/// Banners, paged.
#[utoipa::path(post, path = "/api/admin/banner/page", tag = "content",
    operation_id = "bannerPage", security(("token" = ["admin:banner:table"])),
    request_body = BannerPageBody, responses((status = 200, body = Envelope<PageData<BannerData>>)))]
async fn banner_page(
    State(s): State<AppState>,
    Admin(me): Admin,
    Json(body): Json<BannerPageBody>,
) -> Answer<PageData<BannerData>> {
    let request = page_request(body.page, body.size, body.sort);
    let filter = BannerFilter {
        title: body.title,
        position: body.position,
        enabled: body.enabled,
    };
    let page = s.app.banner_page(&me, &request, &filter).await?;
    Ok(ok(PageData::from_page(page, Into::into)))
}

/// Uploads a banner image (create or update permission).
#[utoipa::path(post, path = "/api/admin/banner/image/upload", tag = "content",
    operation_id = "bannerImageUpload",
    security(("token" = ["admin:banner:create"]), ("token" = ["admin:banner:update"])),
    request_body(content = ImageUpload, content_type = "multipart/form-data"),
    responses((status = 200, body = Envelope<UploadedImageData>)))]
async fn banner_image_upload(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    form: Multipart,
) -> Answer<UploadedImageData> {
    let file = form.file("file")?;
    Ok(ok(s.app.upload_banner_image(&me, &c, file).await?.into()))
}

/// A banner image for preview.
#[utoipa::path(get, path = "/api/admin/banner/image/{fileId}", tag = "content",
    operation_id = "bannerImage", security(("token" = ["admin:banner:table"])),
    params(("fileId" = i64, Path)),
    responses((status = 200, description = "The image", content_type = "image/*")))]
async fn banner_image(
    State(s): State<AppState>,
    Admin(me): Admin,
    Path(file_id): Path<i64>,
) -> Result<Response, ApiError> {
    Ok(file_response(s.app.banner_image(&me, file_id).await?, true))
}

/// Creates a banner.
#[utoipa::path(post, path = "/api/admin/banner/create", tag = "content",
    operation_id = "bannerCreate", security(("token" = ["admin:banner:create"])),
    request_body = BannerBody, responses((status = 200, body = Envelope<IdData>)))]
async fn banner_create(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Json(body): Json<BannerBody>,
) -> Answer<IdData> {
    let id = s.app.create_banner(&me, &c, body.input()?).await?;
    Ok(ok(IdData { id }))
}

/// Changes a banner.
#[utoipa::path(post, path = "/api/admin/banner/update/{id}", tag = "content",
    operation_id = "bannerUpdate", security(("token" = ["admin:banner:update"])),
    params(("id" = i64, Path)), request_body = BannerBody,
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn banner_update(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
    Json(body): Json<BannerBody>,
) -> Answer<Option<String>> {
    s.app.update_banner(&me, &c, id, body.input()?).await?;
    Ok(ok(None))
}

/// Deletes a banner.
#[utoipa::path(post, path = "/api/admin/banner/delete/{id}", tag = "content",
    operation_id = "bannerDelete", security(("token" = ["admin:banner:delete"])),
    params(("id" = i64, Path)), responses((status = 200, body = Envelope<Option<String>>)))]
async fn banner_delete(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
) -> Answer<Option<String>> {
    s.app.delete_banner(&me, &c, id).await?;
    Ok(ok(None))
}

// ---------------------------------------------------------------------------------------------
// Articles

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ArticleCategoryData {
    pub id: i64,
    pub name: String,
    pub sort: i32,
    pub enabled: bool,
    pub article_count: u64,
}

impl From<CategoryRow> for ArticleCategoryData {
    fn from(r: CategoryRow) -> Self {
        ArticleCategoryData {
            id: r.category.id,
            name: r.category.name,
            sort: r.category.sort,
            enabled: r.category.enabled,
            article_count: r.article_count,
        }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct ArticleCategoryBody {
    /// 1 to 64 characters, unique.
    pub name: String,
    pub sort: Option<i32>,
    pub enabled: bool,
}

impl From<ArticleCategoryBody> for CategoryInput {
    fn from(b: ArticleCategoryBody) -> Self {
        CategoryInput {
            name: b.name,
            sort: b.sort,
            enabled: b.enabled,
        }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct ArticlePageBody {
    pub page: Option<i64>,
    pub size: Option<i64>,
    /// `createdAt` (default, descending), `updatedAt`, `publishedAt` or `title`.
    pub sort: Option<SortDto>,
    pub title: Option<String>,
    pub category_id: Option<i64>,
    /// DRAFT or PUBLISHED.
    pub status: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ArticleData {
    pub id: i64,
    pub title: String,
    pub category_id: i64,
    pub category_name: String,
    #[schema(required = true)]
    pub cover_file_id: Option<i64>,
    /// Sanitized HTML (empty in the list).
    pub body: String,
    /// DRAFT or PUBLISHED.
    pub status: String,
    #[schema(required = true)]
    pub published_at: Option<i64>,
    pub created_at: i64,
    pub updated_at: i64,
}

impl From<ArticleRow> for ArticleData {
    fn from(r: ArticleRow) -> Self {
        let a: Article = r.article;
        ArticleData {
            id: a.id,
            title: a.title,
            category_id: a.category_id,
            category_name: r.category_name,
            cover_file_id: a.cover_file_id,
            body: a.body,
            status: a.status,
            published_at: a.published_at.map(ms),
            created_at: ms(a.created_at),
            updated_at: ms(a.updated_at),
        }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct ArticleBody {
    /// 1 to 128 characters.
    pub title: String,
    /// An enabled category.
    pub category_id: i64,
    /// The `fileId` a cover upload answered.
    pub cover_file_id: Option<i64>,
    /// HTML from the editor; the server sanitizes it.
    pub body: String,
}

impl From<ArticleBody> for ArticleInput {
    fn from(b: ArticleBody) -> Self {
        ArticleInput {
            title: b.title,
            category_id: b.category_id,
            cover_file_id: b.cover_file_id,
            body: b.body,
        }
    }
}

/// Every article category with its number of articles.
#[utoipa::path(get, path = "/api/admin/article/category/list", tag = "content",
    operation_id = "articleCategories", security(("token" = ["admin:article_type:table"])),
    responses((status = 200, body = Envelope<Vec<ArticleCategoryData>>)))]
async fn article_categories(
    State(s): State<AppState>,
    Admin(me): Admin,
) -> Answer<Vec<ArticleCategoryData>> {
    let rows = s.app.article_categories(&me).await?;
    Ok(ok(rows.into_iter().map(Into::into).collect()))
}

/// Creates an article category.
#[utoipa::path(post, path = "/api/admin/article/category/create", tag = "content",
    operation_id = "articleCategoryCreate", security(("token" = ["admin:article_type:category"])),
    request_body = ArticleCategoryBody, responses((status = 200, body = Envelope<IdData>)))]
async fn article_category_create(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Json(body): Json<ArticleCategoryBody>,
) -> Answer<IdData> {
    let id = s.app.create_article_category(&me, &c, body.into()).await?;
    Ok(ok(IdData { id }))
}

/// Changes an article category.
#[utoipa::path(post, path = "/api/admin/article/category/update/{id}", tag = "content",
    operation_id = "articleCategoryUpdate", security(("token" = ["admin:article_type:category"])),
    params(("id" = i64, Path)), request_body = ArticleCategoryBody,
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn article_category_update(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
    Json(body): Json<ArticleCategoryBody>,
) -> Answer<Option<String>> {
    s.app
        .update_article_category(&me, &c, id, body.into())
        .await?;
    Ok(ok(None))
}

/// Deletes an article category without articles.
#[utoipa::path(post, path = "/api/admin/article/category/delete/{id}", tag = "content",
    operation_id = "articleCategoryDelete", security(("token" = ["admin:article_type:category"])),
    params(("id" = i64, Path)), responses((status = 200, body = Envelope<Option<String>>)))]
async fn article_category_delete(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
) -> Answer<Option<String>> {
    s.app.delete_article_category(&me, &c, id).await?;
    Ok(ok(None))
}

/// Articles, paged (bodies left out).
#[utoipa::path(post, path = "/api/admin/article/page", tag = "content",
    operation_id = "articlePage", security(("token" = ["admin:article_type:table"])),
    request_body = ArticlePageBody, responses((status = 200, body = Envelope<PageData<ArticleData>>)))]
async fn article_page(
    State(s): State<AppState>,
    Admin(me): Admin,
    Json(body): Json<ArticlePageBody>,
) -> Answer<PageData<ArticleData>> {
    let request = page_request(body.page, body.size, body.sort);
    let filter = ArticleFilter {
        title: body.title,
        category_id: body.category_id,
        status: body.status,
    };
    let page = s.app.article_page(&me, &request, &filter).await?;
    Ok(ok(PageData::from_page(page, Into::into)))
}

/// One article with its body.
#[utoipa::path(get, path = "/api/admin/article/view/{id}", tag = "content",
    operation_id = "articleView", security(("token" = ["admin:article_type:table"])),
    params(("id" = i64, Path)), responses((status = 200, body = Envelope<ArticleData>)))]
async fn article_view(
    State(s): State<AppState>,
    Admin(me): Admin,
    Path(id): Path<i64>,
) -> Answer<ArticleData> {
    Ok(ok(s.app.article_view(&me, id).await?.into()))
}

/// Uploads an article cover (create or update permission).
#[utoipa::path(post, path = "/api/admin/article/cover/upload", tag = "content",
    operation_id = "articleCoverUpload",
    security(("token" = ["admin:article_type:create"]), ("token" = ["admin:article_type:update"])),
    request_body(content = ImageUpload, content_type = "multipart/form-data"),
    responses((status = 200, body = Envelope<UploadedImageData>)))]
async fn article_cover_upload(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    form: Multipart,
) -> Answer<UploadedImageData> {
    let file = form.file("file")?;
    Ok(ok(s.app.upload_article_cover(&me, &c, file).await?.into()))
}

/// An article cover for preview.
#[utoipa::path(get, path = "/api/admin/article/cover/{fileId}", tag = "content",
    operation_id = "articleCover", security(("token" = ["admin:article_type:table"])),
    params(("fileId" = i64, Path)),
    responses((status = 200, description = "The image", content_type = "image/*")))]
async fn article_cover(
    State(s): State<AppState>,
    Admin(me): Admin,
    Path(file_id): Path<i64>,
) -> Result<Response, ApiError> {
    Ok(file_response(
        s.app.article_cover(&me, file_id).await?,
        true,
    ))
}

/// Creates an article as a draft.
#[utoipa::path(post, path = "/api/admin/article/create", tag = "content",
    operation_id = "articleCreate", security(("token" = ["admin:article_type:create"])),
    request_body = ArticleBody, responses((status = 200, body = Envelope<IdData>)))]
async fn article_create(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Json(body): Json<ArticleBody>,
) -> Answer<IdData> {
    let id = s.app.create_article(&me, &c, body.into()).await?;
    Ok(ok(IdData { id }))
}

/// Changes an article.
#[utoipa::path(post, path = "/api/admin/article/update/{id}", tag = "content",
    operation_id = "articleUpdate", security(("token" = ["admin:article_type:update"])),
    params(("id" = i64, Path)), request_body = ArticleBody,
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn article_update(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
    Json(body): Json<ArticleBody>,
) -> Answer<Option<String>> {
    s.app.update_article(&me, &c, id, body.into()).await?;
    Ok(ok(None))
}

/// Publishes a draft; its publish time is now.
#[utoipa::path(post, path = "/api/admin/article/publish/{id}", tag = "content",
    operation_id = "articlePublish", security(("token" = ["admin:article_type:publish"])),
    params(("id" = i64, Path)), responses((status = 200, body = Envelope<Option<String>>)))]
async fn article_publish(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
) -> Answer<Option<String>> {
    s.app.set_article_published(&me, &c, id, true).await?;
    Ok(ok(None))
}

/// Takes a published article back to draft.
#[utoipa::path(post, path = "/api/admin/article/unpublish/{id}", tag = "content",
    operation_id = "articleUnpublish", security(("token" = ["admin:article_type:publish"])),
    params(("id" = i64, Path)), responses((status = 200, body = Envelope<Option<String>>)))]
async fn article_unpublish(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
) -> Answer<Option<String>> {
    s.app.set_article_published(&me, &c, id, false).await?;
    Ok(ok(None))
}

/// Deletes an article.
#[utoipa::path(post, path = "/api/admin/article/delete/{id}", tag = "content",
    operation_id = "articleDelete", security(("token" = ["admin:article_type:delete"])),
    params(("id" = i64, Path)), responses((status = 200, body = Envelope<Option<String>>)))]
async fn article_delete(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
) -> Answer<Option<String>> {
    s.app.delete_article(&me, &c, id).await?;
    Ok(ok(None))
}
