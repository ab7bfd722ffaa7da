//! Administrator accounts: enable/disable and roles. (The screens come with system management;
//! the rules that sign-in depends on live here already.)

use crate::audit::{self, Entry};
use crate::error::{FieldChecks, OrInvalid};
use crate::principal::AccountKind;
use crate::principal::Actor;
use crate::{Beehive, Error, Result};
use chrono::Utc;
use domain::text;
use store::entity::{admin_user, admin_user_role, role};
use store::sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, QuerySelect, Set};

impl Beehive {
    /// Enables or disables an administrator; disabling ends all its sessions.
    pub async fn set_admin_enabled(
        &self,
        actor: &Actor,
        user_id: i64,
        enabled: bool,
    ) -> Result<()> {
        let txn = store::begin_write(&self.db).await?;
        let user = admin_user::Entity::find_by_id(user_id)
            .one(&txn)
            .await?
            .ok_or_else(|| Error::NotFound("用户不存在".to_owned()))?;
        let now = self.clock.now();
        admin_user::ActiveModel {
            id: Set(user.id),
            enabled: Set(enabled),
            updated_at: Set(now),
            version: Set(user.version + 1),
            ..Default::default()
        }
        .update(&txn)
        .await?;
        if !enabled {
            crate::auth::revoke_all_sessions(&txn, AccountKind::Admin, user.id, "disabled").await?;
        }
        audit::record(
            &txn,
            Entry {
                actor,
                action: if enabled {
                    "admin_user.enable"
                } else {
                    "admin_user.disable"
                },
                target_type: "admin_user",
                target_id: Some(user.id.to_string()),
                success: true,
                detail: serde_json::json!({ "account": user.account }),
                ip: None,
                request_id: None,
            },
            self.clock.now(),
        )
        .await?;
        txn.commit().await?;
        Ok(())
    }

    /// Replaces an administrator's roles; removing any role ends its sessions.
    pub async fn set_admin_roles(
        &self,
        actor: &Actor,
        user_id: i64,
        role_ids: &[i64],
    ) -> Result<()> {
        let txn = store::begin_write(&self.db).await?;
        let user = admin_user::Entity::find_by_id(user_id)
            .one(&txn)
            .await?
            .ok_or_else(|| Error::NotFound("用户不存在".to_owned()))?;
        let known = role::Entity::find()
            .filter(role::Column::Id.is_in(role_ids.to_vec()))
            .all(&txn)
            .await?;
        if known.len() != role_ids.len() {
            return Err(Error::invalid("roleIds", "包含不存在的角色"));
        }
        let held: Vec<i64> = admin_user_role::Entity::find()
            .filter(admin_user_role::Column::UserId.eq(user_id))
            .all(&txn)
            .await?
            .into_iter()
            .map(|r| r.role_id)
            .collect();
        let removed: Vec<i64> = held
            .iter()
            .copied()
            .filter(|r| !role_ids.contains(r))
            .collect();
        admin_user_role::Entity::delete_many()
            .filter(admin_user_role::Column::UserId.eq(user_id))
            .exec(&txn)
            .await?;
        for role_id in role_ids {
            admin_user_role::ActiveModel {
                user_id: Set(user_id),
                role_id: Set(*role_id),
            }
            .insert(&txn)
            .await?;
        }
        if !removed.is_empty() {
            crate::auth::revoke_all_sessions(&txn, AccountKind::Admin, user_id, "roles_removed")
                .await?;
        }
        audit::record(
            &txn,
            Entry {
                actor,
                action: "admin_user.set_roles",
                target_type: "admin_user",
                target_id: Some(user.id.to_string()),
                success: true,
                detail: serde_json::json!({ "roleIds": role_ids, "removed": removed }),
                ip: None,
                request_id: None,
            },
            self.clock.now(),
        )
        .await?;
        txn.commit().await?;
        Ok(())
    }
}

// ---------------------------------------------------------------------------------------------
// The administrator screens (用户管理).

use super::organization;
use super::roles::{check_grantable, role_permissions};
use crate::audit::log_change;
use crate::error::conflict_on_unique;
use crate::export::log_export;
use crate::export::{Cell, EXPORT_BATCH, ExportColumn, ExportSink, Exportable, Exported};
use crate::paging::{self, Page, PageRequest};
use crate::password;
use crate::principal::{ClientInfo, Principal};
use chrono::DateTime;
use std::collections::{BTreeSet, HashMap};
use store::entity::department;
use store::sea_orm::sea_query::Query;
use store::sea_orm::{ConnectionTrait, Order, PaginatorTrait, Select};

use domain::permission::codes::USER_CREATE as CREATE;
use domain::permission::codes::USER_EXPORT as EXPORT;
use domain::permission::codes::USER_RESET_PASSWORD as RESET_PASSWORD;
use domain::permission::codes::USER_SIGN_OUT as SIGN_OUT;
use domain::permission::codes::USER_TABLE as TABLE;
use domain::permission::codes::USER_UPDATE as UPDATE;

const LAST_SUPER: &str = "至少保留一个启用的超级管理员";

/// Filters of the administrator list.
#[derive(Debug, Clone, Default)]
pub struct UserFilter {
    pub account: Option<String>,
    pub name: Option<String>,
    pub mobile: Option<String>,
    /// That department and every department under it.
    pub department_id: Option<i64>,
    pub role_id: Option<i64>,
    pub enabled: Option<bool>,
}

#[derive(Debug, Clone)]
pub struct RoleRef {
    pub id: i64,
    /// Stable: the web names a built-in role (`super_admin`) in the reader's language by it.
    pub code: String,
    pub name: String,
}

/// One line of the administrator list (mobile masked).
#[derive(Debug, Clone)]
pub struct AdminUserRow {
    pub id: i64,
    pub account: String,
    pub name: String,
    pub mobile: Option<String>,
    pub department_id: Option<i64>,
    pub department_name: Option<String>,
    pub roles: Vec<RoleRef>,
    pub enabled: bool,
    pub is_super: bool,
    pub created_at: DateTime<Utc>,
}

/// One administrator in full (mobile unmasked).
#[derive(Debug, Clone)]
pub struct AdminUserView {
    pub row: AdminUserRow,
    pub role_ids: Vec<i64>,
}

/// A new administrator. `password` is the MD5 hex of the chosen password; without it one is
/// generated and answered once.
#[derive(Debug, Clone, Default)]
pub struct NewAdminUser {
    pub account: String,
    pub name: String,
    pub mobile: Option<String>,
    pub department_id: Option<i64>,
    pub role_ids: Vec<i64>,
    pub password: Option<String>,
}

#[derive(Debug, Clone, Default)]
pub struct UserUpdate {
    pub name: String,
    pub mobile: Option<String>,
    pub department_id: Option<i64>,
    pub role_ids: Vec<i64>,
}

const SORTS: &[(&str, admin_user::Column)] = &[
    ("id", admin_user::Column::Id),
    ("account", admin_user::Column::Account),
    ("name", admin_user::Column::NameKey),
    ("createdAt", admin_user::Column::CreatedAt),
];

/// The "name" sort orders by the name's key, then the name (docs/lists.md "Sorting by name").
const NAME_SORT: (admin_user::Column, admin_user::Column) =
    (admin_user::Column::NameKey, admin_user::Column::Name);

fn user_not_found() -> Error {
    Error::NotFound("用户不存在".to_owned())
}

fn check_mobile(mobile: Option<&str>) -> Result<Option<String>> {
    domain::contact::optional_mobile(mobile).or_invalid("mobile")
}

/// The department must exist and be enabled.
async fn check_department(conn: &impl ConnectionTrait, id: Option<i64>) -> Result<()> {
    let Some(id) = id else { return Ok(()) };
    match department::Entity::find_by_id(id).one(conn).await? {
        Some(d) if d.enabled => Ok(()),
        Some(_) => Err(Error::invalid("departmentId", "部门已停用")),
        None => Err(Error::invalid("departmentId", "部门不存在")),
    }
}

/// The distinct roles of `ids`; an unknown id is a 400 naming `roleIds`.
async fn load_roles(conn: &impl ConnectionTrait, ids: &[i64]) -> Result<Vec<role::Model>> {
    let wanted: BTreeSet<i64> = ids.iter().copied().collect();
    let found = role::Entity::find()
        .filter(role::Column::Id.is_in(wanted.iter().copied()))
        .all(conn)
        .await?;
    if found.len() != wanted.len() {
        return Err(Error::invalid("roleIds", "包含不存在的角色"));
    }
    Ok(found)
}

/// The grant rule for roles: `me` must hold every permission of each role.
async fn check_roles_grantable(
    conn: &impl ConnectionTrait,
    me: &Principal,
    roles: &[role::Model],
) -> Result<()> {
    for r in roles {
        let perms = role_permissions(conn, r).await?;
        check_grantable(me, &perms)?;
    }
    Ok(())
}

/// Nobody manages an administrator who holds a permission they do not hold themselves.
async fn check_manageable(conn: &impl ConnectionTrait, me: &Principal, user_id: i64) -> Result<()> {
    if user_id == me.user_id {
        return Ok(());
    }
    let theirs = crate::auth::admin_authorities(conn, user_id).await?;
    match theirs.iter().find(|p| !me.authorities.contains(*p)) {
        Some(_) => Err(Error::Forbidden("不能管理权限高于您的用户".to_owned())),
        None => Ok(()),
    }
}

/// Ids of the enabled super roles.
async fn super_role_ids(conn: &impl ConnectionTrait) -> Result<Vec<i64>> {
    Ok(role::Entity::find()
        .select_only()
        .column(role::Column::Id)
        .filter(role::Column::IsSuper.eq(true))
        .filter(role::Column::Enabled.eq(true))
        .into_tuple::<i64>()
        .all(conn)
        .await?)
}

/// Whether `user_id` is enabled and holds an enabled super role.
async fn is_enabled_super(conn: &impl ConnectionTrait, user_id: i64) -> Result<bool> {
    let supers = super_role_ids(conn).await?;
    let Some(user) = admin_user::Entity::find_by_id(user_id).one(conn).await? else {
        return Ok(false);
    };
    Ok(user.enabled
        && admin_user_role::Entity::find()
            .filter(admin_user_role::Column::UserId.eq(user_id))
            .filter(admin_user_role::Column::RoleId.is_in(supers))
            .count(conn)
            .await?
            > 0)
}

/// Refuses when `user_id` is the last enabled administrator holding an enabled super role.
async fn refuse_last_super(conn: &impl ConnectionTrait, user_id: i64) -> Result<()> {
    if !is_enabled_super(conn, user_id).await? {
        return Ok(());
    }
    let supers = super_role_ids(conn).await?;
    let holders: Vec<i64> = admin_user_role::Entity::find()
        .select_only()
        .column(admin_user_role::Column::UserId)
        .filter(admin_user_role::Column::RoleId.is_in(supers))
        .filter(admin_user_role::Column::UserId.ne(user_id))
        .into_tuple::<i64>()
        .all(conn)
        .await?;
    let others = admin_user::Entity::find()
        .filter(admin_user::Column::Id.is_in(holders))
        .filter(admin_user::Column::Enabled.eq(true))
        .count(conn)
        .await?;
    if others == 0 {
        return Err(Error::Conflict(LAST_SUPER.to_owned()));
    }
    Ok(())
}

fn filtered(
    conn_filter: &UserFilter,
    subtree: Option<Vec<i64>>,
) -> Result<Select<admin_user::Entity>> {
    let mut query = admin_user::Entity::find();
    if let Some(v) = paging::text("account", conn_filter.account.as_deref())? {
        query = query.filter(paging::contains(admin_user::Column::Account, v));
    }
    if let Some(v) = paging::text("name", conn_filter.name.as_deref())? {
        query = query.filter(paging::contains(admin_user::Column::Name, v));
    }
    if let Some(v) = paging::text("mobile", conn_filter.mobile.as_deref())? {
        query = query.filter(paging::contains(admin_user::Column::Mobile, v));
    }
    if let Some(ids) = subtree {
        query = query.filter(admin_user::Column::DepartmentId.is_in(ids));
    }
    if let Some(role_id) = conn_filter.role_id {
        query = query.filter(
            admin_user::Column::Id.in_subquery(
                Query::select()
                    .column(admin_user_role::Column::UserId)
                    .from(admin_user_role::Entity)
                    .and_where(admin_user_role::Column::RoleId.eq(role_id))
                    .to_owned(),
            ),
        );
    }
    if let Some(enabled) = conn_filter.enabled {
        query = query.filter(admin_user::Column::Enabled.eq(enabled));
    }
    Ok(query)
}

/// List rows for `users`: department names, roles, super flag; mobiles masked when `mask`.
async fn user_rows(
    conn: &impl ConnectionTrait,
    users: Vec<admin_user::Model>,
    mask: bool,
) -> Result<Vec<(AdminUserRow, Vec<i64>)>> {
    let user_ids: Vec<i64> = users.iter().map(|u| u.id).collect();
    let links = admin_user_role::Entity::find()
        .filter(admin_user_role::Column::UserId.is_in(user_ids))
        .all(conn)
        .await?;
    let role_ids: BTreeSet<i64> = links.iter().map(|l| l.role_id).collect();
    let roles: HashMap<i64, role::Model> = role::Entity::find()
        .filter(role::Column::Id.is_in(role_ids))
        .all(conn)
        .await?
        .into_iter()
        .map(|r| (r.id, r))
        .collect();
    let dept_ids: BTreeSet<i64> = users.iter().filter_map(|u| u.department_id).collect();
    let depts: HashMap<i64, String> = department::Entity::find()
        .filter(department::Column::Id.is_in(dept_ids))
        .all(conn)
        .await?
        .into_iter()
        .map(|d| (d.id, d.name))
        .collect();
    let mut by_user: HashMap<i64, Vec<i64>> = HashMap::new();
    for l in links {
        by_user.entry(l.user_id).or_default().push(l.role_id);
    }
    Ok(users
        .into_iter()
        .map(|u| {
            let mut ids = by_user.remove(&u.id).unwrap_or_default();
            ids.sort_unstable();
            let held: Vec<&role::Model> = ids.iter().filter_map(|id| roles.get(id)).collect();
            let row = AdminUserRow {
                id: u.id,
                mobile: u
                    .mobile
                    .map(|m| if mask { domain::mask::mobile(&m) } else { m }),
                department_name: u.department_id.and_then(|d| depts.get(&d).cloned()),
                department_id: u.department_id,
                roles: held
                    .iter()
                    .map(|r| RoleRef {
                        id: r.id,
                        code: r.code.clone(),
                        name: r.name.clone(),
                    })
                    .collect(),
                is_super: held.iter().any(|r| r.is_super && r.enabled),
                account: u.account,
                name: u.name,
                enabled: u.enabled,
                created_at: u.created_at,
            };
            (row, ids)
        })
        .collect())
}

async fn hash_md5(md5_hex: String) -> Result<String> {
    tokio::task::spawn_blocking(move || password::hash(&md5_hex))
        .await
        .map_err(Error::internal)?
}

/// A given password must be the MD5 of the typed one (none given: one is generated).
pub(crate) fn check_password(given: Option<&str>) -> Result<()> {
    match paging::text("password", given)? {
        Some(md5) if !domain::validate::is_md5_hex(md5) => Err(Error::invalid(
            "password",
            "密码须为 32 位十六进制的 MD5 值",
        )),
        _ => Ok(()),
    }
}

/// The stored hash and, when generated, the plain password to show once.
pub(crate) async fn new_password(given: Option<&str>) -> Result<(String, Option<String>)> {
    check_password(given)?;
    match paging::text("password", given)? {
        Some(md5) => Ok((hash_md5(md5.to_ascii_lowercase()).await?, None)),
        None => {
            let plain = password::generate();
            let hash = hash_md5(password::md5_hex(&plain)).await?;
            Ok((hash, Some(plain)))
        }
    }
}

impl Exportable for AdminUserRow {
    const SHEET: &'static str = "用户列表";
    fn columns() -> Vec<ExportColumn<Self>> {
        vec![
            ExportColumn {
                header: "编号",
                width: 8.0,
                value: |r| Cell::from(r.id),
            },
            ExportColumn {
                header: "账号",
                width: 18.0,
                value: |r| Cell::from(r.account.as_str()),
            },
            ExportColumn {
                header: "姓名",
                width: 14.0,
                value: |r| Cell::from(r.name.as_str()),
            },
            ExportColumn {
                header: "手机号",
                width: 14.0,
                value: |r| Cell::from(r.mobile.clone()),
            },
            ExportColumn {
                header: "部门",
                width: 18.0,
                value: |r| Cell::from(r.department_name.clone()),
            },
            ExportColumn {
                header: "角色",
                width: 24.0,
                value: |r| {
                    let names: Vec<&str> = r.roles.iter().map(|x| x.name.as_str()).collect();
                    Cell::from(names.join("、"))
                },
            },
            ExportColumn {
                header: "状态",
                width: 8.0,
                value: |r| Cell::from(if r.enabled { "启用" } else { "停用" }),
            },
            ExportColumn {
                header: "超级管理员",
                width: 10.0,
                value: |r| Cell::from(r.is_super),
            },
            ExportColumn {
                header: "创建时间",
                width: 20.0,
                value: |r| Cell::from(r.created_at),
            },
        ]
    }
}

impl Beehive {
    async fn user_query(&self, filter: &UserFilter) -> Result<Select<admin_user::Entity>> {
        let subtree = match filter.department_id {
            Some(id) => Some(organization::subtree_ids(&self.db, id).await?),
            None => None,
        };
        filtered(filter, subtree)
    }

    pub async fn admin_user_page(
        &self,
        me: &Principal,
        request: &PageRequest,
        filter: &UserFilter,
    ) -> Result<Page<AdminUserRow>> {
        me.require(TABLE)?;
        let paging = request.check(SORTS, (admin_user::Column::Id, Order::Asc))?;
        let query = paging.order_by_name(
            self.user_query(filter).await?,
            NAME_SORT,
            admin_user::Column::Id,
        );
        let (found, total) = paging.fetch(&self.db, query).await?;
        let records = user_rows(&self.db, found, true)
            .await?
            .into_iter()
            .map(|(row, _)| row)
            .collect();
        Ok(paging.page_of(records, total))
    }

    pub async fn export_admin_users(
        &self,
        me: &Principal,
        client: &ClientInfo,
        request: &PageRequest,
        filter: &UserFilter,
    ) -> Result<Exported> {
        me.require(EXPORT)?;
        let paging = request.check(SORTS, (admin_user::Column::Id, Order::Asc))?;
        let query = paging.order_by_name(
            self.user_query(filter).await?,
            NAME_SORT,
            admin_user::Column::Id,
        );
        let txn = self.export_snapshot().await?;
        let mut sink = ExportSink::start();
        let mut batches = query.paginate(&txn, EXPORT_BATCH);
        while let Some(found) = batches.fetch_and_next().await? {
            let rows: Vec<AdminUserRow> = user_rows(&txn, found, true)
                .await?
                .into_iter()
                .map(|(row, _)| row)
                .collect();
            if !sink.write(rows).await? {
                break;
            }
        }
        txn.commit().await?;
        let exported = self.finish_export(me, sink).await?;
        log_export(
            &self.db,
            me,
            client,
            "admin_user",
            &exported,
            self.clock.now(),
        )
        .await?;
        Ok(exported)
    }

    /// One administrator in full. Showing the unmasked mobile is itself logged (docs/architecture.md:
    /// personal data in full is shown with a permission and the viewing is audited).
    pub async fn admin_user_view(
        &self,
        me: &Principal,
        client: &ClientInfo,
        id: i64,
    ) -> Result<AdminUserView> {
        me.require(TABLE)?;
        let user = admin_user::Entity::find_by_id(id)
            .one(&self.db)
            .await?
            .ok_or_else(user_not_found)?;
        let account = user.account.clone();
        let (row, role_ids) = user_rows(&self.db, vec![user], false)
            .await?
            .into_iter()
            .next()
            .ok_or_else(user_not_found)?;
        if row.mobile.is_some() {
            log_change(
                &self.db,
                me,
                client,
                "admin_user.view_personal",
                "admin_user",
                Some(id),
                serde_json::json!({ "account": account, "fields": ["mobile"] }),
                self.clock.now(),
            )
            .await?;
        }
        Ok(AdminUserView { row, role_ids })
    }

    /// Creates an administrator; answers its id and the generated password (shown once).
    pub async fn create_admin_user(
        &self,
        me: &Principal,
        client: &ClientInfo,
        input: NewAdminUser,
    ) -> Result<(i64, Option<String>)> {
        me.require(CREATE)?;
        // Every field is checked and every mistake reported in one answer.
        let mut c = FieldChecks::default();
        let account = input.account.trim().to_owned();
        if !domain::validate::is_account_name(&account) {
            c.fail("account", "账号须为 3 到 32 位字母、数字或 _ . - @");
        }
        let name = c.check(text::required(&input.name, 64).or_invalid_as("name", "姓名"))?;
        let mobile = c.check(check_mobile(input.mobile.as_deref()))?;
        c.check(check_password(input.password.as_deref()))?;
        let roles = c.check(load_roles(&self.db, &input.role_ids).await)?;
        c.check(check_department(&self.db, input.department_id).await)?;
        let (Some(name), Some(mobile), Some(roles)) = (name, mobile, roles) else {
            return Err(c.into_error());
        };
        c.finish()?;
        check_roles_grantable(&self.db, me, &roles).await?;
        let (hash, generated) = new_password(input.password.as_deref()).await?;

        let txn = store::begin_write(&self.db).await?;
        if admin_user::Entity::find()
            .filter(admin_user::Column::Account.eq(account.as_str()))
            .count(&txn)
            .await?
            > 0
        {
            return Err(Error::Conflict("账号已存在".to_owned()));
        }
        let now = self.clock.now();
        let created = admin_user::ActiveModel {
            account: Set(account.clone()),
            name: Set(name.clone()),
            name_key: Set(domain::text::name_key(&name)),
            mobile: Set(mobile),
            password_hash: Set(hash),
            enabled: Set(true),
            password_changed_at: Set(now),
            department_id: Set(input.department_id),
            created_at: Set(now),
            created_by: Set(Some(me.user_id)),
            updated_at: Set(now),
            updated_by: Set(Some(me.user_id)),
            version: Set(0),
            ..Default::default()
        }
        .insert(&txn)
        .await
        .map_err(|e| conflict_on_unique(e, "账号已存在"))?;
        let role_ids: Vec<i64> = roles.iter().map(|r| r.id).collect();
        for role_id in &role_ids {
            admin_user_role::ActiveModel {
                user_id: Set(created.id),
                role_id: Set(*role_id),
            }
            .insert(&txn)
            .await?;
        }
        log_change(
            &txn,
            me,
            client,
            "admin_user.create",
            "admin_user",
            Some(created.id),
            serde_json::json!({
                "account": account,
                "name": name,
                "departmentId": input.department_id,
                "roleIds": role_ids,
                "passwordGenerated": generated.is_some(),
            }),
            self.clock.now(),
        )
        .await?;
        txn.commit().await?;
        Ok((created.id, generated))
    }

    /// Changes name, mobile, department and roles.
    pub async fn update_admin_user(
        &self,
        me: &Principal,
        client: &ClientInfo,
        id: i64,
        input: UserUpdate,
    ) -> Result<()> {
        me.require(UPDATE)?;
        // Every field is checked and every mistake reported in one answer (the department's
        // once the user is found: only a changed department must be enabled).
        let mut c = FieldChecks::default();
        let name = c.check(text::required(&input.name, 64).or_invalid_as("name", "姓名"))?;
        let mobile = c.check(check_mobile(input.mobile.as_deref()))?;
        let roles = c.check(load_roles(&self.db, &input.role_ids).await)?;
        let txn = store::begin_write(&self.db).await?;
        let user = admin_user::Entity::find_by_id(id)
            .one(&txn)
            .await?
            .ok_or_else(user_not_found)?;
        check_manageable(&txn, me, id).await?;
        if input.department_id != user.department_id {
            c.check(check_department(&txn, input.department_id).await)?;
        }
        let (Some(name), Some(mobile), Some(roles)) = (name, mobile, roles) else {
            return Err(c.into_error());
        };
        c.finish()?;
        let held: BTreeSet<i64> = admin_user_role::Entity::find()
            .filter(admin_user_role::Column::UserId.eq(id))
            .all(&txn)
            .await?
            .into_iter()
            .map(|l| l.role_id)
            .collect();
        let wanted: BTreeSet<i64> = roles.iter().map(|r| r.id).collect();
        let added: Vec<role::Model> = roles
            .iter()
            .filter(|r| !held.contains(&r.id))
            .cloned()
            .collect();
        check_roles_grantable(&txn, me, &added).await?;
        let removed: Vec<i64> = held.difference(&wanted).copied().collect();
        let supers = super_role_ids(&txn).await?;
        if removed.iter().any(|r| supers.contains(r)) && !wanted.iter().any(|r| supers.contains(r))
        {
            refuse_last_super(&txn, id).await?;
        }
        admin_user::ActiveModel {
            id: Set(id),
            name: Set(name.clone()),
            name_key: Set(domain::text::name_key(&name)),
            mobile: Set(mobile),
            department_id: Set(input.department_id),
            updated_at: Set(self.clock.now()),
            updated_by: Set(Some(me.user_id)),
            version: Set(user.version + 1),
            ..Default::default()
        }
        .update(&txn)
        .await?;
        if !removed.is_empty() {
            admin_user_role::Entity::delete_many()
                .filter(admin_user_role::Column::UserId.eq(id))
                .filter(admin_user_role::Column::RoleId.is_in(removed.clone()))
                .exec(&txn)
                .await?;
        }
        for r in &added {
            admin_user_role::ActiveModel {
                user_id: Set(id),
                role_id: Set(r.id),
            }
            .insert(&txn)
            .await?;
        }
        log_change(
            &txn,
            me,
            client,
            "admin_user.update",
            "admin_user",
            Some(id),
            serde_json::json!({
                "account": user.account,
                "name": name,
                "departmentId": input.department_id,
                "rolesAdded": added.iter().map(|r| r.id).collect::<Vec<_>>(),
                "rolesRemoved": removed,
            }),
            self.clock.now(),
        )
        .await?;
        txn.commit().await?;
        Ok(())
    }

    /// Enables or disables an administrator from the screen; disabling ends its sessions.
    pub async fn set_admin_user_status(
        &self,
        me: &Principal,
        client: &ClientInfo,
        id: i64,
        enabled: bool,
    ) -> Result<()> {
        me.require(UPDATE)?;
        if !enabled && id == me.user_id {
            return Err(Error::Conflict("不能停用当前登录的账号".to_owned()));
        }
        let txn = store::begin_write(&self.db).await?;
        let user = admin_user::Entity::find_by_id(id)
            .one(&txn)
            .await?
            .ok_or_else(user_not_found)?;
        check_manageable(&txn, me, id).await?;
        if !enabled {
            refuse_last_super(&txn, id).await?;
        }
        admin_user::ActiveModel {
            id: Set(id),
            enabled: Set(enabled),
            updated_at: Set(self.clock.now()),
            updated_by: Set(Some(me.user_id)),
            version: Set(user.version + 1),
            ..Default::default()
        }
        .update(&txn)
        .await?;
        if !enabled {
            crate::auth::revoke_all_sessions(&txn, AccountKind::Admin, id, "disabled").await?;
        }
        log_change(
            &txn,
            me,
            client,
            if enabled {
                "admin_user.enable"
            } else {
                "admin_user.disable"
            },
            "admin_user",
            Some(id),
            serde_json::json!({ "account": user.account }),
            self.clock.now(),
        )
        .await?;
        txn.commit().await?;
        Ok(())
    }

    /// Sets a new password (MD5 hex, or generated and answered once) and ends the user's sessions.
    pub async fn reset_admin_password(
        &self,
        me: &Principal,
        client: &ClientInfo,
        id: i64,
        password: Option<&str>,
    ) -> Result<Option<String>> {
        me.require(RESET_PASSWORD)?;
        let (hash, generated) = new_password(password).await?;
        let txn = store::begin_write(&self.db).await?;
        let user = admin_user::Entity::find_by_id(id)
            .one(&txn)
            .await?
            .ok_or_else(user_not_found)?;
        check_manageable(&txn, me, id).await?;
        let now = self.clock.now();
        admin_user::ActiveModel {
            id: Set(id),
            password_hash: Set(hash),
            password_changed_at: Set(now),
            updated_at: Set(now),
            updated_by: Set(Some(me.user_id)),
            version: Set(user.version + 1),
            ..Default::default()
        }
        .update(&txn)
        .await?;
        crate::auth::revoke_all_sessions(&txn, AccountKind::Admin, id, "password_reset").await?;
        log_change(
            &txn,
            me,
            client,
            "admin_user.reset_password",
            "admin_user",
            Some(id),
            serde_json::json!({
                "account": user.account,
                "passwordGenerated": generated.is_some(),
                "sessionsRevoked": true,
            }),
            self.clock.now(),
        )
        .await?;
        txn.commit().await?;
        Ok(generated)
    }

    /// Ends every session of an administrator.
    pub async fn sign_out_admin_user(
        &self,
        me: &Principal,
        client: &ClientInfo,
        id: i64,
    ) -> Result<()> {
        me.require(SIGN_OUT)?;
        let txn = store::begin_write(&self.db).await?;
        let user = admin_user::Entity::find_by_id(id)
            .one(&txn)
            .await?
            .ok_or_else(user_not_found)?;
        check_manageable(&txn, me, id).await?;
        crate::auth::revoke_all_sessions(&txn, AccountKind::Admin, id, "signed_out").await?;
        log_change(
            &txn,
            me,
            client,
            "admin_user.sign_out",
            "admin_user",
            Some(id),
            serde_json::json!({ "account": user.account }),
            self.clock.now(),
        )
        .await?;
        txn.commit().await?;
        Ok(())
    }
}
