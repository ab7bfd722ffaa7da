//! System management (系统管理): organization, roles, administrators, the journal.

use super::common::{
    ExportData, IdData, PageData, PasswordData, ResetPasswordBody, SortDto, UserCreatedData,
    page_request,
};
use crate::AppState;
use crate::auth::{Admin, Client};
use crate::envelope::{Envelope, ok};
use crate::error::ApiError;
use crate::extract::{Json, Path};
use axum::extract::State;
use serde::{Deserialize, Serialize};
use service::system::logs::{LoginFilter, LoginRow, OperationFilter, OperationRow};
use service::system::organization::{DepartmentInput, DepartmentNode};
use service::system::roles::{CatalogueSection, RoleFilter, RoleInput, RoleRow, RoleView};
use service::system::{AdminUserRow, AdminUserView, NewAdminUser, UserFilter, UserUpdate};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(organization_tree))
        .routes(routes!(organization_create))
        .routes(routes!(organization_update))
        .routes(routes!(organization_status))
        .routes(routes!(organization_delete))
        .routes(routes!(role_catalogue))
        .routes(routes!(role_page))
        .routes(routes!(role_view))
        .routes(routes!(role_create))
        .routes(routes!(role_update))
        .routes(routes!(role_delete))
        .routes(routes!(role_export))
        .routes(routes!(user_page))
        .routes(routes!(user_view))
        .routes(routes!(user_create))
        .routes(routes!(user_update))
        .routes(routes!(user_status))
        .routes(routes!(user_reset_password))
        .routes(routes!(user_sign_out))
        .routes(routes!(user_export))
        .routes(routes!(operation_log_page))
        .routes(routes!(operation_log_export))
        .routes(routes!(login_log_page))
        .routes(routes!(login_log_export))
}

type Answer<T> = Result<Envelope<T>, ApiError>;

fn ms(t: chrono::DateTime<chrono::Utc>) -> i64 {
    t.timestamp_millis()
}

// ---------------------------------------------------------------------------------------------
// Organization

/// A department and its sub-departments.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DepartmentData {
    pub id: i64,
    #[schema(required = true)]
    pub parent_id: Option<i64>,
    pub name: String,
    pub sort: i32,
    pub enabled: bool,
    /// Administrators directly in this department.
    pub user_count: u64,
    #[schema(no_recursion)]
    pub children: Vec<DepartmentData>,
}

impl From<DepartmentNode> for DepartmentData {
    fn from(n: DepartmentNode) -> Self {
        DepartmentData {
            id: n.id,
            parent_id: n.parent_id,
            name: n.name,
            sort: n.sort,
            enabled: n.enabled,
            user_count: n.user_count,
            children: n.children.into_iter().map(Into::into).collect(),
        }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct DepartmentBody {
    /// The parent department; `null` for a top-level one.
    pub parent_id: Option<i64>,
    /// 1 to 64 characters, trimmed; unique among siblings.
    pub name: String,
    pub sort: Option<i32>,
}

impl From<DepartmentBody> for DepartmentInput {
    fn from(b: DepartmentBody) -> Self {
        DepartmentInput {
            parent_id: b.parent_id,
            name: b.name,
            sort: b.sort,
        }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct StatusBody {
    pub enabled: bool,
}

/// The organization tree, siblings ordered by sort then id.
#[utoipa::path(get, path = "/api/admin/organization/tree", tag = "system",
    operation_id = "organizationTree", security(("token" = ["admin:organization:table"])),
    responses((status = 200, body = Envelope<Vec<DepartmentData>>)))]
async fn organization_tree(
    State(s): State<AppState>,
    Admin(me): Admin,
) -> Answer<Vec<DepartmentData>> {
    let tree = s.app.department_tree(&me).await?;
    Ok(ok(tree.into_iter().map(Into::into).collect()))
}

/// Creates a department.
#[utoipa::path(post, path = "/api/admin/organization/create", tag = "system",
    operation_id = "organizationCreate", security(("token" = ["admin:organization:create"])),
    request_body = DepartmentBody, responses((status = 200, body = Envelope<IdData>)))]
async fn organization_create(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Json(body): Json<DepartmentBody>,
) -> Answer<IdData> {
    let id = s.app.create_department(&me, &c, body.into()).await?;
    Ok(ok(IdData { id }))
}

/// Renames and moves a department (its subtree moves with it).
#[utoipa::path(post, path = "/api/admin/organization/update/{id}", tag = "system",
    operation_id = "organizationUpdate", security(("token" = ["admin:organization:update"])),
    params(("id" = i64, Path)), request_body = DepartmentBody,
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn organization_update(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
    Json(body): Json<DepartmentBody>,
) -> Answer<Option<String>> {
    s.app.update_department(&me, &c, id, body.into()).await?;
    Ok(ok(None))
}

/// Enables or disables a department.
#[utoipa::path(post, path = "/api/admin/organization/status/{id}", tag = "system",
    operation_id = "organizationStatus", security(("token" = ["admin:organization:update"])),
    params(("id" = i64, Path)), request_body = StatusBody,
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn organization_status(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
    Json(body): Json<StatusBody>,
) -> Answer<Option<String>> {
    s.app
        .set_department_enabled(&me, &c, id, body.enabled)
        .await?;
    Ok(ok(None))
}

/// Deletes a department that has no sub-departments and no administrators.
#[utoipa::path(post, path = "/api/admin/organization/delete/{id}", tag = "system",
    operation_id = "organizationDelete", security(("token" = ["admin:organization:delete"])),
    params(("id" = i64, Path)), responses((status = 200, body = Envelope<Option<String>>)))]
async fn organization_delete(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
) -> Answer<Option<String>> {
    s.app.delete_department(&me, &c, id).await?;
    Ok(ok(None))
}

// ---------------------------------------------------------------------------------------------
// Roles

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CatalogueSectionData {
    /// The section's route word, e.g. `systemManagement`.
    pub section: String,
    pub label_zh: String,
    pub label_en: String,
    pub permissions: Vec<CataloguePermissionData>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CataloguePermissionData {
    pub code: String,
    /// `page` or `button`.
    pub kind: String,
    pub label_zh: String,
    pub label_en: String,
}

impl From<CatalogueSection> for CatalogueSectionData {
    fn from(s: CatalogueSection) -> Self {
        CatalogueSectionData {
            section: s.section.to_owned(),
            label_zh: s.label_zh.to_owned(),
            label_en: s.label_en.to_owned(),
            permissions: s
                .permissions
                .into_iter()
                .map(|p| CataloguePermissionData {
                    code: p.code.to_owned(),
                    kind: p.kind.to_owned(),
                    label_zh: p.label_zh.to_owned(),
                    label_en: p.label_en.to_owned(),
                })
                .collect(),
        }
    }
}

/// The role list's request: paging, sort (`id`, `code`, `name`, `createdAt`) and filters.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct RolePageBody {
    pub page: Option<i64>,
    pub size: Option<i64>,
    pub sort: Option<SortDto>,
    /// Contained in the name.
    pub name: Option<String>,
    pub enabled: Option<bool>,
}

impl RolePageBody {
    fn split(self) -> (service::paging::PageRequest, RoleFilter) {
        (
            page_request(self.page, self.size, self.sort),
            RoleFilter {
                name: self.name,
                enabled: self.enabled,
            },
        )
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RoleRowData {
    pub id: i64,
    pub code: String,
    pub name: String,
    pub description: String,
    pub enabled: bool,
    pub is_super: bool,
    pub permission_count: u64,
    pub user_count: u64,
    pub created_at: i64,
    pub updated_at: i64,
}

impl From<RoleRow> for RoleRowData {
    fn from(r: RoleRow) -> Self {
        RoleRowData {
            id: r.id,
            code: r.code,
            name: r.name,
            description: r.description,
            enabled: r.enabled,
            is_super: r.is_super,
            permission_count: r.permission_count,
            user_count: r.user_count,
            created_at: ms(r.created_at),
            updated_at: ms(r.updated_at),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RoleViewData {
    pub id: i64,
    pub code: String,
    pub name: String,
    pub description: String,
    pub enabled: bool,
    pub is_super: bool,
    pub permissions: Vec<String>,
}

impl From<RoleView> for RoleViewData {
    fn from(r: RoleView) -> Self {
        RoleViewData {
            id: r.id,
            code: r.code,
            name: r.name,
            description: r.description,
            enabled: r.enabled,
            is_super: r.is_super,
            permissions: r.permissions,
        }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct RoleCreateBody {
    /// `^[a-z][a-z0-9_]{1,63}$`, unique, never changes.
    pub code: String,
    /// 1 to 64 characters.
    pub name: String,
    /// Up to 255 characters.
    pub description: Option<String>,
    pub enabled: bool,
    /// `admin:` permission strings of the catalogue; only ones the caller holds.
    pub permissions: Vec<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct RoleUpdateBody {
    pub name: String,
    pub description: Option<String>,
    pub enabled: bool,
    pub permissions: Vec<String>,
}

/// The `admin:` permissions grouped by menu section, for the role dialog.
#[utoipa::path(get, path = "/api/admin/role/catalogue", tag = "system",
    operation_id = "roleCatalogue", security(("token" = ["admin:role:table"])),
    responses((status = 200, body = Envelope<Vec<CatalogueSectionData>>)))]
async fn role_catalogue(
    State(s): State<AppState>,
    Admin(me): Admin,
) -> Answer<Vec<CatalogueSectionData>> {
    let sections = s.app.permission_catalogue(&me)?;
    Ok(ok(sections.into_iter().map(Into::into).collect()))
}

/// One page of roles.
#[utoipa::path(post, path = "/api/admin/role/page", tag = "system", operation_id = "rolePage",
    security(("token" = ["admin:role:table"])), request_body = RolePageBody,
    responses((status = 200, body = Envelope<PageData<RoleRowData>>)))]
async fn role_page(
    State(s): State<AppState>,
    Admin(me): Admin,
    Json(body): Json<RolePageBody>,
) -> Answer<PageData<RoleRowData>> {
    let (request, filter) = body.split();
    let page = s.app.role_page(&me, &request, &filter).await?;
    Ok(ok(PageData::from_page(page, Into::into)))
}

/// Exports every role matching the filters to an Excel file.
#[utoipa::path(post, path = "/api/admin/role/export", tag = "system", operation_id = "roleExport",
    security(("token" = ["admin:role:export"])), request_body = RolePageBody,
    responses((status = 200, body = Envelope<ExportData>)))]
async fn role_export(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Json(body): Json<RolePageBody>,
) -> Answer<ExportData> {
    let (request, filter) = body.split();
    Ok(ok(s
        .app
        .export_roles(&me, &c, &request, &filter)
        .await?
        .into()))
}

/// A role with its permissions.
#[utoipa::path(get, path = "/api/admin/role/view/{id}", tag = "system", operation_id = "roleView",
    security(("token" = ["admin:role:table"])), params(("id" = i64, Path)),
    responses((status = 200, body = Envelope<RoleViewData>)))]
async fn role_view(
    State(s): State<AppState>,
    Admin(me): Admin,
    Path(id): Path<i64>,
) -> Answer<RoleViewData> {
    Ok(ok(s.app.role_view(&me, id).await?.into()))
}

/// Creates a role.
#[utoipa::path(post, path = "/api/admin/role/create", tag = "system", operation_id = "roleCreate",
    security(("token" = ["admin:role:create"])), request_body = RoleCreateBody,
    responses((status = 200, body = Envelope<IdData>)))]
async fn role_create(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Json(body): Json<RoleCreateBody>,
) -> Answer<IdData> {
    let input = RoleInput {
        code: body.code,
        name: body.name,
        description: body.description,
        enabled: body.enabled,
        permissions: body.permissions,
    };
    Ok(ok(IdData {
        id: s.app.create_role(&me, &c, input).await?,
    }))
}

/// Changes a role's name, description, status and permissions (signed-in users feel it at once).
#[utoipa::path(post, path = "/api/admin/role/update/{id}", tag = "system", operation_id = "roleUpdate",
    security(("token" = ["admin:role:update"])), params(("id" = i64, Path)),
    request_body = RoleUpdateBody, responses((status = 200, body = Envelope<Option<String>>)))]
async fn role_update(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
    Json(body): Json<RoleUpdateBody>,
) -> Answer<Option<String>> {
    let input = RoleInput {
        code: String::new(),
        name: body.name,
        description: body.description,
        enabled: body.enabled,
        permissions: body.permissions,
    };
    s.app.update_role(&me, &c, id, input).await?;
    Ok(ok(None))
}

/// Deletes a role no administrator holds.
#[utoipa::path(post, path = "/api/admin/role/delete/{id}", tag = "system", operation_id = "roleDelete",
    security(("token" = ["admin:role:delete"])), params(("id" = i64, Path)),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn role_delete(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
) -> Answer<Option<String>> {
    s.app.delete_role(&me, &c, id).await?;
    Ok(ok(None))
}

// ---------------------------------------------------------------------------------------------
// Administrators

/// The administrator list's request: paging, sort (`id`, `account`, `name`, `createdAt`), filters.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct UserPageBody {
    pub page: Option<i64>,
    pub size: Option<i64>,
    pub sort: Option<SortDto>,
    pub account: Option<String>,
    pub name: Option<String>,
    pub mobile: Option<String>,
    /// That department and every department under it.
    pub department_id: Option<i64>,
    pub role_id: Option<i64>,
    pub enabled: Option<bool>,
}

impl UserPageBody {
    fn split(self) -> (service::paging::PageRequest, UserFilter) {
        (
            page_request(self.page, self.size, self.sort),
            UserFilter {
                account: self.account,
                name: self.name,
                mobile: self.mobile,
                department_id: self.department_id,
                role_id: self.role_id,
                enabled: self.enabled,
            },
        )
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RoleRefData {
    pub id: i64,
    /// The role's code (`super_admin` for the built-in super-administrator role).
    pub code: String,
    pub name: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserRowData {
    pub id: i64,
    pub account: String,
    pub name: String,
    /// Masked (`138****5678`) in lists.
    #[schema(required = true)]
    pub mobile: Option<String>,
    #[schema(required = true)]
    pub department_id: Option<i64>,
    #[schema(required = true)]
    pub department_name: Option<String>,
    pub roles: Vec<RoleRefData>,
    pub enabled: bool,
    /// Holds an enabled super-administrator role.
    pub is_super: bool,
    pub created_at: i64,
}

impl From<AdminUserRow> for UserRowData {
    fn from(u: AdminUserRow) -> Self {
        UserRowData {
            id: u.id,
            account: u.account,
            name: u.name,
            mobile: u.mobile,
            department_id: u.department_id,
            department_name: u.department_name,
            roles: u
                .roles
                .into_iter()
                .map(|r| RoleRefData {
                    id: r.id,
                    code: r.code,
                    name: r.name,
                })
                .collect(),
            enabled: u.enabled,
            is_super: u.is_super,
            created_at: ms(u.created_at),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserViewData {
    pub id: i64,
    pub account: String,
    pub name: String,
    /// Unmasked.
    #[schema(required = true)]
    pub mobile: Option<String>,
    #[schema(required = true)]
    pub department_id: Option<i64>,
    #[schema(required = true)]
    pub department_name: Option<String>,
    pub roles: Vec<RoleRefData>,
    pub role_ids: Vec<i64>,
    pub enabled: bool,
    pub is_super: bool,
    pub created_at: i64,
}

impl From<AdminUserView> for UserViewData {
    fn from(v: AdminUserView) -> Self {
        let row = UserRowData::from(v.row);
        UserViewData {
            id: row.id,
            account: row.account,
            name: row.name,
            mobile: row.mobile,
            department_id: row.department_id,
            department_name: row.department_name,
            roles: row.roles,
            role_ids: v.role_ids,
            enabled: row.enabled,
            is_super: row.is_super,
            created_at: row.created_at,
        }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct UserCreateBody {
    /// 3 to 32 letters, digits or `_ . - @`.
    pub account: String,
    pub name: String,
    /// 11-digit mainland mobile, or empty.
    pub mobile: Option<String>,
    pub department_id: Option<i64>,
    pub role_ids: Vec<i64>,
    /// MD5 hex of the password; absent → the server generates one and answers it once.
    pub password: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct UserUpdateBody {
    pub name: String,
    pub mobile: Option<String>,
    pub department_id: Option<i64>,
    pub role_ids: Vec<i64>,
}

/// One page of administrators (mobiles masked).
#[utoipa::path(post, path = "/api/admin/user/page", tag = "system", operation_id = "userPage",
    security(("token" = ["admin:user:table"])), request_body = UserPageBody,
    responses((status = 200, body = Envelope<PageData<UserRowData>>)))]
async fn user_page(
    State(s): State<AppState>,
    Admin(me): Admin,
    Json(body): Json<UserPageBody>,
) -> Answer<PageData<UserRowData>> {
    let (request, filter) = body.split();
    let page = s.app.admin_user_page(&me, &request, &filter).await?;
    Ok(ok(PageData::from_page(page, Into::into)))
}

/// Exports every administrator matching the filters (mobiles masked).
#[utoipa::path(post, path = "/api/admin/user/export", tag = "system", operation_id = "userExport",
    security(("token" = ["admin:user:export"])), request_body = UserPageBody,
    responses((status = 200, body = Envelope<ExportData>)))]
async fn user_export(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Json(body): Json<UserPageBody>,
) -> Answer<ExportData> {
    let (request, filter) = body.split();
    Ok(ok(s
        .app
        .export_admin_users(&me, &c, &request, &filter)
        .await?
        .into()))
}

/// One administrator in full (mobile unmasked; the viewing is written to the operation log).
#[utoipa::path(get, path = "/api/admin/user/view/{id}", tag = "system", operation_id = "userView",
    security(("token" = ["admin:user:table"])), params(("id" = i64, Path)),
    responses((status = 200, body = Envelope<UserViewData>)))]
async fn user_view(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
) -> Answer<UserViewData> {
    Ok(ok(s.app.admin_user_view(&me, &c, id).await?.into()))
}

/// Creates an administrator.
#[utoipa::path(post, path = "/api/admin/user/create", tag = "system", operation_id = "userCreate",
    security(("token" = ["admin:user:create"])), request_body = UserCreateBody,
    responses((status = 200, body = Envelope<UserCreatedData>)))]
async fn user_create(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Json(body): Json<UserCreateBody>,
) -> Answer<UserCreatedData> {
    let input = NewAdminUser {
        account: body.account,
        name: body.name,
        mobile: body.mobile,
        department_id: body.department_id,
        role_ids: body.role_ids,
        password: body.password,
    };
    let (id, password) = s.app.create_admin_user(&me, &c, input).await?;
    Ok(ok(UserCreatedData { id, password }))
}

/// Changes an administrator's name, mobile, department and roles.
#[utoipa::path(post, path = "/api/admin/user/update/{id}", tag = "system", operation_id = "userUpdate",
    security(("token" = ["admin:user:update"])), params(("id" = i64, Path)),
    request_body = UserUpdateBody, responses((status = 200, body = Envelope<Option<String>>)))]
async fn user_update(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
    Json(body): Json<UserUpdateBody>,
) -> Answer<Option<String>> {
    let input = UserUpdate {
        name: body.name,
        mobile: body.mobile,
        department_id: body.department_id,
        role_ids: body.role_ids,
    };
    s.app.update_admin_user(&me, &c, id, input).await?;
    Ok(ok(None))
}

/// Enables or disables an administrator (disabling ends its sessions).
#[utoipa::path(post, path = "/api/admin/user/status/{id}", tag = "system", operation_id = "userStatus",
    security(("token" = ["admin:user:update"])), params(("id" = i64, Path)),
    request_body = StatusBody, responses((status = 200, body = Envelope<Option<String>>)))]
async fn user_status(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
    Json(body): Json<StatusBody>,
) -> Answer<Option<String>> {
    s.app
        .set_admin_user_status(&me, &c, id, body.enabled)
        .await?;
    Ok(ok(None))
}

/// Sets a new password (given or generated) and ends the administrator's sessions.
#[utoipa::path(post, path = "/api/admin/user/reset-password/{id}", tag = "system",
    operation_id = "userResetPassword", security(("token" = ["admin:user:reset_password"])),
    params(("id" = i64, Path)), request_body = ResetPasswordBody,
    responses((status = 200, body = Envelope<PasswordData>)))]
async fn user_reset_password(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
    Json(body): Json<ResetPasswordBody>,
) -> Answer<PasswordData> {
    let password = s
        .app
        .reset_admin_password(&me, &c, id, body.password.as_deref())
        .await?;
    Ok(ok(PasswordData { password }))
}

/// Ends every session of an administrator.
#[utoipa::path(post, path = "/api/admin/user/sign-out/{id}", tag = "system",
    operation_id = "userSignOut", security(("token" = ["admin:user:sign_out"])),
    params(("id" = i64, Path)), responses((status = 200, body = Envelope<Option<String>>)))]
async fn user_sign_out(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Path(id): Path<i64>,
) -> Answer<Option<String>> {
    s.app.sign_out_admin_user(&me, &c, id).await?;
    Ok(ok(None))
}

// ---------------------------------------------------------------------------------------------
// Journal

/// The operation log's request: paging, sort (`createdAt`, `id`; default createdAt desc), filters.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct OperationLogPageBody {
    pub page: Option<i64>,
    pub size: Option<i64>,
    pub sort: Option<SortDto>,
    /// Epoch ms, inclusive.
    pub from: Option<i64>,
    /// Epoch ms, inclusive.
    pub to: Option<i64>,
    /// Contained in the actor's name.
    pub actor: Option<String>,
    /// Exact action, e.g. `role.update`.
    pub action: Option<String>,
    /// `success` or `failure`.
    pub outcome: Option<String>,
}

impl OperationLogPageBody {
    fn split(self) -> (service::paging::PageRequest, OperationFilter) {
        (
            page_request(self.page, self.size, self.sort),
            OperationFilter {
                from: self.from,
                to: self.to,
                actor: self.actor,
                action: self.action,
                outcome: self.outcome,
            },
        )
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OperationLogData {
    pub id: i64,
    /// `admin`, `capital` or `system`.
    pub actor_kind: String,
    #[schema(required = true)]
    pub actor_id: Option<i64>,
    pub actor_name: String,
    pub action: String,
    pub target_type: String,
    #[schema(required = true)]
    pub target_id: Option<String>,
    /// The target's name now (a customer's name, an order's number, a role's name, …); null when
    /// its type has no name or the record is gone.
    #[schema(required = true)]
    pub target_name: Option<String>,
    pub outcome: String,
    /// JSON text.
    pub detail: String,
    #[schema(required = true)]
    pub ip: Option<String>,
    #[schema(required = true)]
    pub request_id: Option<String>,
    pub created_at: i64,
}

impl From<OperationRow> for OperationLogData {
    fn from(row: OperationRow) -> Self {
        let r = row.log;
        OperationLogData {
            id: r.id,
            actor_kind: r.actor_kind,
            actor_id: r.actor_id,
            actor_name: r.actor_name,
            action: r.action,
            target_type: r.target_type,
            target_id: r.target_id,
            target_name: row.target_name,
            outcome: r.outcome,
            detail: r.detail,
            ip: r.ip,
            request_id: r.request_id,
            created_at: ms(r.created_at),
        }
    }
}

/// The login log's request: paging, sort (`createdAt`, `id`; default createdAt desc), filters.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct LoginLogPageBody {
    pub page: Option<i64>,
    pub size: Option<i64>,
    pub sort: Option<SortDto>,
    pub from: Option<i64>,
    pub to: Option<i64>,
    /// Contained in the account as typed.
    pub account: Option<String>,
    /// `success` or `failure`.
    pub outcome: Option<String>,
}

impl LoginLogPageBody {
    fn split(self) -> (service::paging::PageRequest, LoginFilter) {
        (
            page_request(self.page, self.size, self.sort),
            LoginFilter {
                from: self.from,
                to: self.to,
                account: self.account,
                outcome: self.outcome,
            },
        )
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoginLogData {
    pub id: i64,
    /// The account or mobile as typed.
    pub account: String,
    /// `admin` or `capital`.
    pub account_kind: String,
    #[schema(required = true)]
    pub user_id: Option<i64>,
    /// `password`, `sms`, `logout`, ...
    pub method: String,
    #[schema(required = true)]
    pub ip: Option<String>,
    #[schema(required = true)]
    pub user_agent: Option<String>,
    /// `success` or `failure`.
    pub outcome: String,
    pub reason: String,
    pub created_at: i64,
}

impl From<LoginRow> for LoginLogData {
    fn from(r: LoginRow) -> Self {
        LoginLogData {
            id: r.id,
            account: r.account,
            account_kind: r.account_kind,
            user_id: r.user_id,
            method: r.method,
            ip: r.ip,
            user_agent: r.user_agent,
            outcome: r.outcome,
            reason: r.reason,
            created_at: ms(r.created_at),
        }
    }
}

/// One page of the operation log.
#[utoipa::path(post, path = "/api/admin/logs/operation/page", tag = "system",
    operation_id = "operationLogPage", security(("token" = ["admin:logs:table"])),
    request_body = OperationLogPageBody,
    responses((status = 200, body = Envelope<PageData<OperationLogData>>)))]
async fn operation_log_page(
    State(s): State<AppState>,
    Admin(me): Admin,
    Json(body): Json<OperationLogPageBody>,
) -> Answer<PageData<OperationLogData>> {
    let (request, filter) = body.split();
    let page = s.app.operation_log_page(&me, &request, &filter).await?;
    Ok(ok(PageData::from_page(page, Into::into)))
}

/// Exports the operation log matching the filters.
#[utoipa::path(post, path = "/api/admin/logs/operation/export", tag = "system",
    operation_id = "operationLogExport", security(("token" = ["admin:logs:export"])),
    request_body = OperationLogPageBody, responses((status = 200, body = Envelope<ExportData>)))]
async fn operation_log_export(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Json(body): Json<OperationLogPageBody>,
) -> Answer<ExportData> {
    let (request, filter) = body.split();
    Ok(ok(s
        .app
        .export_operation_log(&me, &c, &request, &filter)
        .await?
        .into()))
}

/// One page of the login log.
#[utoipa::path(post, path = "/api/admin/logs/login/page", tag = "system",
    operation_id = "loginLogPage", security(("token" = ["admin:logs:table"])),
    request_body = LoginLogPageBody,
    responses((status = 200, body = Envelope<PageData<LoginLogData>>)))]
async fn login_log_page(
    State(s): State<AppState>,
    Admin(me): Admin,
    Json(body): Json<LoginLogPageBody>,
) -> Answer<PageData<LoginLogData>> {
    let (request, filter) = body.split();
    let page = s.app.login_log_page(&me, &request, &filter).await?;
    Ok(ok(PageData::from_page(page, Into::into)))
}

/// Exports the login log matching the filters.
#[utoipa::path(post, path = "/api/admin/logs/login/export", tag = "system",
    operation_id = "loginLogExport", security(("token" = ["admin:logs:export"])),
    request_body = LoginLogPageBody, responses((status = 200, body = Envelope<ExportData>)))]
async fn login_log_export(
    State(s): State<AppState>,
    Admin(me): Admin,
    Client(c): Client,
    Json(body): Json<LoginLogPageBody>,
) -> Answer<ExportData> {
    let (request, filter) = body.split();
    Ok(ok(s
        .app
        .export_login_log(&me, &c, &request, &filter)
        .await?
        .into()))
}
