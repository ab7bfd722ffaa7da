//! Roles (角色管理): named sets of `admin:` permissions. The grant rule: nobody grants, or
//! takes away, a permission they do not hold themselves.

use crate::audit::log_change;
use crate::error::conflict_on_unique;
use crate::error::{FieldChecks, OrInvalid};
use crate::export::log_export;
use crate::export::{Cell, EXPORT_BATCH, ExportColumn, ExportSink, Exportable, Exported};
use crate::paging::{self, Page, PageRequest};
use crate::principal::{ClientInfo, Principal};
use crate::{Beehive, Error, Result};
use chrono::{DateTime, Utc};
use domain::permission::{self, Audience, Kind, Section};
use domain::text;
use std::collections::{BTreeSet, HashMap};
use store::entity::{admin_user_role, role, role_permission};
use store::sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, Order, PaginatorTrait,
    QueryFilter, Select, Set,
};

use domain::permission::codes::ROLE_CREATE as CREATE;
use domain::permission::codes::ROLE_DELETE as DELETE;
use domain::permission::codes::ROLE_EXPORT as EXPORT;
use domain::permission::codes::ROLE_TABLE as TABLE;
use domain::permission::codes::ROLE_UPDATE as UPDATE;

/// One section of the catalogue as the role dialog shows it.
#[derive(Debug, Clone)]
pub struct CatalogueSection {
    pub section: &'static str,
    pub label_zh: &'static str,
    pub label_en: &'static str,
    pub permissions: Vec<CataloguePermission>,
}

#[derive(Debug, Clone)]
pub struct CataloguePermission {
    pub code: &'static str,
    pub kind: &'static str,
    pub label_zh: &'static str,
    pub label_en: &'static str,
}

/// Filters of the role list.
#[derive(Debug, Clone, Default)]
pub struct RoleFilter {
    pub name: Option<String>,
    pub enabled: Option<bool>,
}

/// One line of the role list.
#[derive(Debug, Clone)]
pub struct RoleRow {
    pub id: i64,
    pub code: String,
    pub name: String,
    pub description: String,
    pub enabled: bool,
    pub is_super: bool,
    pub permission_count: u64,
    pub user_count: u64,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// A role with its permissions.
#[derive(Debug, Clone)]
pub struct RoleView {
    pub id: i64,
    pub code: String,
    pub name: String,
    pub description: String,
    pub enabled: bool,
    pub is_super: bool,
    pub permissions: Vec<String>,
}

/// What create and update take (`code` is ignored by update: it never changes).
#[derive(Debug, Clone, Default)]
pub struct RoleInput {
    pub code: String,
    pub name: String,
    pub description: Option<String>,
    pub enabled: bool,
    pub permissions: Vec<String>,
}

fn not_found() -> Error {
    Error::NotFound("角色不存在".to_owned())
}

/// The 403 of the grant rule.
pub(crate) fn cannot_grant(code: &str) -> Error {
    Error::Forbidden(format!("不能授予您没有的权限：{code}"))
}

/// Refuses unless `me` holds every one of `codes`.
pub(crate) fn check_grantable<'a>(
    me: &Principal,
    codes: impl IntoIterator<Item = &'a String>,
) -> Result<()> {
    match codes.into_iter().find(|c| !me.authorities.contains(*c)) {
        Some(missing) => Err(cannot_grant(missing)),
        None => Ok(()),
    }
}

/// The permissions a role grants: every `admin:` one for the super role, else its rows.
pub(crate) async fn role_permissions(
    conn: &impl ConnectionTrait,
    role: &role::Model,
) -> Result<BTreeSet<String>> {
    if role.is_super {
        return Ok(permission::admin_codes().map(str::to_owned).collect());
    }
    Ok(role_permission::Entity::find()
        .filter(role_permission::Column::RoleId.eq(role.id))
        .all(conn)
        .await?
        .into_iter()
        .map(|rp| rp.permission)
        .collect())
}

fn check_code(code: &str) -> Result<String> {
    let code = code.trim();
    let mut chars = code.chars();
    let first_ok = chars.next().is_some_and(|c| c.is_ascii_lowercase());
    let len = code.chars().count();
    let rest_ok = chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
    if !(first_ok && rest_ok && (2..=64).contains(&len)) {
        return Err(Error::invalid(
            "code",
            "角色编码须以小写字母开头，由 2 到 64 位小写字母、数字或下划线组成",
        ));
    }
    Ok(code.to_owned())
}

/// Checked code, name, description and permission set; every field's mistake in one answer.
/// The code is checked only when creating (update never changes it; it answers it empty).
fn check_input(
    input: &RoleInput,
    creating: bool,
) -> Result<(String, String, String, BTreeSet<String>)> {
    let mut c = FieldChecks::default();
    let code = if creating {
        c.check(check_code(&input.code))?
    } else {
        None
    };
    let name = c.check(text::required(&input.name, 64).or_invalid_as("name", "角色名称"))?;
    let description = input.description.as_deref().unwrap_or_default().trim();
    if description.chars().count() > 255 {
        c.fail("description", "角色描述不能超过 255 个字符");
    }
    let mut permissions = BTreeSet::new();
    for code in &input.permissions {
        let code = code.trim();
        match permission::find(code) {
            Some(p) if p.audience() == Audience::Admin => {
                permissions.insert(code.to_owned());
            }
            _ => {
                c.fail(
                    "permissions",
                    format!("权限 {code} 不存在或不能授予平台角色"),
                );
            }
        }
    }
    // A role grants something (the role dialog says the same before asking).
    if input.permissions.is_empty() {
        c.fail("permissions", "请至少选择一项权限");
    }
    let Some(name) = name else {
        return Err(c.into_error());
    };
    c.finish()?;
    Ok((
        code.unwrap_or_default(),
        name,
        description.to_owned(),
        permissions,
    ))
}

fn filtered(filter: &RoleFilter) -> Result<Select<role::Entity>> {
    let mut query = role::Entity::find();
    if let Some(name) = paging::text("name", filter.name.as_deref())? {
        query = query.filter(paging::contains(role::Column::Name, name));
    }
    if let Some(enabled) = filter.enabled {
        query = query.filter(role::Column::Enabled.eq(enabled));
    }
    Ok(query)
}

const SORTS: &[(&str, role::Column)] = &[
    ("id", role::Column::Id),
    ("code", role::Column::Code),
    ("name", role::Column::NameKey),
    ("createdAt", role::Column::CreatedAt),
];

/// The "name" sort orders by the name's key, then the name (docs/lists.md "Sorting by name").
const NAME_SORT: (role::Column, role::Column) = (role::Column::NameKey, role::Column::Name);

async fn counts_by_role(
    conn: &impl ConnectionTrait,
    ids: &[i64],
) -> Result<(HashMap<i64, u64>, HashMap<i64, u64>)> {
    let perms = paging::count_by(
        conn,
        role_permission::Entity::find().filter(role_permission::Column::RoleId.is_in(ids.to_vec())),
        role_permission::Column::RoleId,
        role_permission::Column::Permission,
    )
    .await?;
    let users = paging::count_by(
        conn,
        admin_user_role::Entity::find().filter(admin_user_role::Column::RoleId.is_in(ids.to_vec())),
        admin_user_role::Column::RoleId,
        admin_user_role::Column::UserId,
    )
    .await?;
    Ok((perms, users))
}

async fn rows(conn: &impl ConnectionTrait, roles: Vec<role::Model>) -> Result<Vec<RoleRow>> {
    let ids: Vec<i64> = roles.iter().map(|r| r.id).collect();
    let (perms, users) = counts_by_role(conn, &ids).await?;
    let admin_total = permission::admin_codes().count() as u64;
    Ok(roles
        .into_iter()
        .map(|r| RoleRow {
            permission_count: if r.is_super {
                admin_total
            } else {
                perms.get(&r.id).copied().unwrap_or(0)
            },
            user_count: users.get(&r.id).copied().unwrap_or(0),
            id: r.id,
            code: r.code,
            name: r.name,
            description: r.description,
            enabled: r.enabled,
            is_super: r.is_super,
            created_at: r.created_at,
            updated_at: r.updated_at,
        })
        .collect())
}

impl Exportable for RoleRow {
    const SHEET: &'static str = "角色列表";
    fn columns() -> Vec<ExportColumn<Self>> {
        vec![
            ExportColumn {
                header: "编号",
                width: 8.0,
                value: |r| Cell::from(r.id),
            },
            ExportColumn {
                header: "角色编码",
                width: 20.0,
                value: |r| Cell::from(r.code.as_str()),
            },
            ExportColumn {
                header: "角色名称",
                width: 20.0,
                value: |r| Cell::from(r.name.as_str()),
            },
            ExportColumn {
                header: "描述",
                width: 30.0,
                value: |r| Cell::from(r.description.as_str()),
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
                header: "权限数",
                width: 8.0,
                value: |r| Cell::from(i64::try_from(r.permission_count).unwrap_or(i64::MAX)),
            },
            ExportColumn {
                header: "用户数",
                width: 8.0,
                value: |r| Cell::from(i64::try_from(r.user_count).unwrap_or(i64::MAX)),
            },
            ExportColumn {
                header: "创建时间",
                width: 20.0,
                value: |r| Cell::from(r.created_at),
            },
            ExportColumn {
                header: "更新时间",
                width: 20.0,
                value: |r| Cell::from(r.updated_at),
            },
        ]
    }
}

impl Beehive {
    /// The `admin:` permissions, grouped by section in catalogue order.
    pub fn permission_catalogue(&self, me: &Principal) -> Result<Vec<CatalogueSection>> {
        me.require(TABLE)?;
        let mut sections: Vec<CatalogueSection> = Vec::new();
        let mut order: Vec<Section> = Vec::new();
        for p in permission::CATALOGUE
            .iter()
            .filter(|p| p.audience() == Audience::Admin)
        {
            if !order.contains(&p.section) {
                order.push(p.section);
                sections.push(CatalogueSection {
                    section: p.section.key(),
                    label_zh: p.section.label_zh(),
                    label_en: p.section.label_en(),
                    permissions: Vec::new(),
                });
            }
            let at = order.iter().position(|s| *s == p.section).unwrap_or(0);
            if let Some(section) = sections.get_mut(at) {
                section.permissions.push(CataloguePermission {
                    code: p.code,
                    kind: match p.kind {
                        Kind::Page => "page",
                        Kind::Button => "button",
                    },
                    label_zh: p.label_zh,
                    label_en: p.label_en,
                });
            }
        }
        Ok(sections)
    }

    pub async fn role_page(
        &self,
        me: &Principal,
        request: &PageRequest,
        filter: &RoleFilter,
    ) -> Result<Page<RoleRow>> {
        me.require(TABLE)?;
        let paging = request.check(SORTS, (role::Column::Id, Order::Asc))?;
        let query = paging.order_by_name(filtered(filter)?, NAME_SORT, role::Column::Id);
        let (found, total) = paging.fetch(&self.db, query).await?;
        Ok(paging.page_of(rows(&self.db, found).await?, total))
    }

    pub async fn export_roles(
        &self,
        me: &Principal,
        client: &ClientInfo,
        request: &PageRequest,
        filter: &RoleFilter,
    ) -> Result<Exported> {
        me.require(EXPORT)?;
        let paging = request.check(SORTS, (role::Column::Id, Order::Asc))?;
        let query = paging.order_by_name(filtered(filter)?, NAME_SORT, role::Column::Id);
        let txn = self.export_snapshot().await?;
        let mut sink = ExportSink::start();
        let mut batches = query.paginate(&txn, EXPORT_BATCH);
        while let Some(found) = batches.fetch_and_next().await? {
            if !sink.write(rows(&txn, found).await?).await? {
                break;
            }
        }
        txn.commit().await?;
        let exported = self.finish_export(me, sink).await?;
        log_export(&self.db, me, client, "role", &exported, self.clock.now()).await?;
        Ok(exported)
    }

    pub async fn role_view(&self, me: &Principal, id: i64) -> Result<RoleView> {
        me.require(TABLE)?;
        let found = role::Entity::find_by_id(id)
            .one(&self.db)
            .await?
            .ok_or_else(not_found)?;
        let permissions = role_permissions(&self.db, &found).await?;
        Ok(RoleView {
            id: found.id,
            code: found.code,
            name: found.name,
            description: found.description,
            enabled: found.enabled,
            is_super: found.is_super,
            permissions: permissions.into_iter().collect(),
        })
    }

    pub async fn create_role(
        &self,
        me: &Principal,
        client: &ClientInfo,
        input: RoleInput,
    ) -> Result<i64> {
        me.require(CREATE)?;
        let (code, name, description, permissions) = check_input(&input, true)?;
        check_grantable(me, &permissions)?;
        let txn = store::begin_write(&self.db).await?;
        if role::Entity::find()
            .filter(role::Column::Code.eq(code.as_str()))
            .count(&txn)
            .await?
            > 0
        {
            return Err(Error::Conflict("角色编码已存在".to_owned()));
        }
        let now = self.clock.now();
        let created = role::ActiveModel {
            code: Set(code.clone()),
            name: Set(name.clone()),
            name_key: Set(domain::text::name_key(&name)),
            description: Set(description),
            enabled: Set(input.enabled),
            is_super: Set(false),
            created_at: Set(now),
            created_by: Set(Some(me.user_id)),
            updated_at: Set(now),
            updated_by: Set(Some(me.user_id)),
            version: Set(0),
            ..Default::default()
        }
        .insert(&txn)
        .await
        .map_err(|e| conflict_on_unique(e, "角色编码已存在"))?;
        insert_permissions(&txn, created.id, &permissions).await?;
        log_change(
            &txn,
            me,
            client,
            "role.create",
            "role",
            Some(created.id),
            serde_json::json!({
                "code": code,
                "name": name,
                "enabled": input.enabled,
                "permissions": permissions,
            }),
            self.clock.now(),
        )
        .await?;
        txn.commit().await?;
        Ok(created.id)
    }

    pub async fn update_role(
        &self,
        me: &Principal,
        client: &ClientInfo,
        id: i64,
        input: RoleInput,
    ) -> Result<()> {
        me.require(UPDATE)?;
        let (_, name, description, permissions) = check_input(&input, false)?;
        let txn = store::begin_write(&self.db).await?;
        let current = role::Entity::find_by_id(id)
            .one(&txn)
            .await?
            .ok_or_else(not_found)?;
        if current.is_super {
            return Err(Error::Conflict("超级管理员角色不能修改".to_owned()));
        }
        let held = role_permissions(&txn, &current).await?;
        let added: BTreeSet<String> = permissions.difference(&held).cloned().collect();
        let removed: BTreeSet<String> = held.difference(&permissions).cloned().collect();
        check_grantable(me, added.iter().chain(removed.iter()))?;
        role::ActiveModel {
            id: Set(id),
            name: Set(name.clone()),
            name_key: Set(domain::text::name_key(&name)),
            description: Set(description),
            enabled: Set(input.enabled),
            updated_at: Set(self.clock.now()),
            updated_by: Set(Some(me.user_id)),
            version: Set(current.version + 1),
            ..Default::default()
        }
        .update(&txn)
        .await?;
        if !removed.is_empty() {
            role_permission::Entity::delete_many()
                .filter(role_permission::Column::RoleId.eq(id))
                .filter(role_permission::Column::Permission.is_in(removed.iter().cloned()))
                .exec(&txn)
                .await?;
        }
        insert_permissions(&txn, id, &added).await?;
        log_change(
            &txn,
            me,
            client,
            "role.update",
            "role",
            Some(id),
            serde_json::json!({
                "code": current.code,
                "name": name,
                "previousName": current.name,
                "enabled": input.enabled,
                "previousEnabled": current.enabled,
                "added": added,
                "removed": removed,
            }),
            self.clock.now(),
        )
        .await?;
        txn.commit().await?;
        Ok(())
    }

    pub async fn delete_role(&self, me: &Principal, client: &ClientInfo, id: i64) -> Result<()> {
        me.require(DELETE)?;
        let txn = store::begin_write(&self.db).await?;
        let current = role::Entity::find_by_id(id)
            .one(&txn)
            .await?
            .ok_or_else(not_found)?;
        if current.is_super {
            return Err(Error::Conflict("超级管理员角色不能删除".to_owned()));
        }
        let users = admin_user_role::Entity::find()
            .filter(admin_user_role::Column::RoleId.eq(id))
            .count(&txn)
            .await?;
        if users > 0 {
            return Err(Error::Conflict("该角色已分配给用户，不能删除".to_owned()));
        }
        role_permission::Entity::delete_many()
            .filter(role_permission::Column::RoleId.eq(id))
            .exec(&txn)
            .await?;
        role::Entity::delete_by_id(id).exec(&txn).await?;
        log_change(
            &txn,
            me,
            client,
            "role.delete",
            "role",
            Some(id),
            serde_json::json!({ "code": current.code, "name": current.name }),
            self.clock.now(),
        )
        .await?;
        txn.commit().await?;
        Ok(())
    }
}

async fn insert_permissions(
    conn: &impl ConnectionTrait,
    role_id: i64,
    codes: &BTreeSet<String>,
) -> Result<()> {
    if codes.is_empty() {
        return Ok(());
    }
    role_permission::Entity::insert_many(codes.iter().map(|code| role_permission::ActiveModel {
        role_id: Set(role_id),
        permission: Set(code.clone()),
    }))
    .exec(conn)
    .await?;
    Ok(())
}
