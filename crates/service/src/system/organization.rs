//! The organization tree (组织架构): departments with a materialised path (`/1/5/`), so that
//! "this department and everything under it" is one prefix match.

use crate::audit::log_change;
use crate::error::conflict_on_unique;
use crate::error::{FieldChecks, OrInvalid};
use crate::paging::{count_by, starts_with};
use crate::principal::{ClientInfo, Principal};
use crate::{Beehive, Error, Result};
use domain::text;
use std::collections::HashMap;
use store::entity::{admin_user, department};
use store::sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter,
    QuerySelect, Set,
};

use domain::permission::codes::ORGANIZATION_CREATE as CREATE;
use domain::permission::codes::ORGANIZATION_DELETE as DELETE;
use domain::permission::codes::ORGANIZATION_TABLE as TABLE;
use domain::permission::codes::ORGANIZATION_UPDATE as UPDATE;

const SAME_NAME: &str = "同一上级下已有同名部门";

/// One node of the tree.
#[derive(Debug, Clone)]
pub struct DepartmentNode {
    pub id: i64,
    pub parent_id: Option<i64>,
    pub name: String,
    pub sort: i32,
    pub enabled: bool,
    /// Administrators directly in this department.
    pub user_count: u64,
    pub children: Vec<DepartmentNode>,
}

/// A new department or a department's new place and name.
#[derive(Debug, Clone)]
pub struct DepartmentInput {
    pub parent_id: Option<i64>,
    pub name: String,
    pub sort: Option<i32>,
}

fn not_found() -> Error {
    Error::NotFound("部门不存在".to_owned())
}

async fn find(conn: &impl ConnectionTrait, id: i64) -> Result<department::Model> {
    department::Entity::find_by_id(id)
        .one(conn)
        .await?
        .ok_or_else(not_found)
}

/// Refuses a sibling of the same name (`except` is the department being renamed).
async fn check_unique_name(
    conn: &impl ConnectionTrait,
    parent_id: Option<i64>,
    name: &str,
    except: Option<i64>,
) -> Result<()> {
    let mut query = department::Entity::find().filter(department::Column::Name.eq(name));
    query = match parent_id {
        Some(parent) => query.filter(department::Column::ParentId.eq(parent)),
        None => query.filter(department::Column::ParentId.is_null()),
    };
    if let Some(id) = except {
        query = query.filter(department::Column::Id.ne(id));
    }
    if query.count(conn).await? > 0 {
        return Err(Error::Conflict(SAME_NAME.to_owned()));
    }
    Ok(())
}

/// The parent's path, or `/` for a top-level department; an unknown parent is a 400.
async fn parent_path(conn: &impl ConnectionTrait, parent_id: Option<i64>) -> Result<String> {
    match parent_id {
        None => Ok("/".to_owned()),
        Some(id) => department::Entity::find_by_id(id)
            .one(conn)
            .await?
            .map(|p| p.path)
            .ok_or_else(|| Error::invalid("parentId", "上级部门不存在")),
    }
}

/// Ids of `path`'s department and every department under it.
pub(crate) async fn subtree_ids(
    conn: &impl ConnectionTrait,
    department_id: i64,
) -> Result<Vec<i64>> {
    let Some(root) = department::Entity::find_by_id(department_id)
        .one(conn)
        .await?
    else {
        return Ok(Vec::new());
    };
    Ok(department::Entity::find()
        .select_only()
        .column(department::Column::Id)
        .filter(starts_with(department::Column::Path, &root.path))
        .into_tuple::<i64>()
        .all(conn)
        .await?)
}

impl Beehive {
    /// The whole tree, siblings ordered by `sort` then id.
    pub async fn department_tree(&self, me: &Principal) -> Result<Vec<DepartmentNode>> {
        me.require(TABLE)?;
        let all = department::Entity::find().all(&self.db).await?;
        let counts = count_by(
            &self.db,
            admin_user::Entity::find(),
            admin_user::Column::DepartmentId,
            admin_user::Column::Id,
        )
        .await?;
        let mut by_parent: HashMap<Option<i64>, Vec<department::Model>> = HashMap::new();
        for d in all {
            by_parent.entry(d.parent_id).or_default().push(d);
        }
        Ok(build(None, &mut by_parent, &counts, 0))
    }

    /// Creates a department; answers its id.
    pub async fn create_department(
        &self,
        me: &Principal,
        client: &ClientInfo,
        input: DepartmentInput,
    ) -> Result<i64> {
        me.require(CREATE)?;
        // The name and the parent are both checked and reported in one answer.
        let mut c = FieldChecks::default();
        let name = c.check(text::required(&input.name, 64).or_invalid_as("name", "部门名称"))?;
        let txn = store::begin_write(&self.db).await?;
        let parent = c.check(parent_path(&txn, input.parent_id).await)?;
        let (Some(name), Some(parent)) = (name, parent) else {
            return Err(c.into_error());
        };
        c.finish()?;
        check_unique_name(&txn, input.parent_id, &name, None).await?;
        let now = self.clock.now();
        let created = department::ActiveModel {
            parent_id: Set(input.parent_id),
            name: Set(name.clone()),
            path: Set(String::new()),
            sort: Set(input.sort.unwrap_or(0)),
            enabled: Set(true),
            created_at: Set(now),
            created_by: Set(Some(me.user_id)),
            updated_at: Set(now),
            updated_by: Set(Some(me.user_id)),
            version: Set(0),
            ..Default::default()
        }
        .insert(&txn)
        .await
        .map_err(|e| conflict_on_unique(e, SAME_NAME))?;
        let path = format!("{parent}{}/", created.id);
        department::ActiveModel {
            id: Set(created.id),
            path: Set(path),
            ..Default::default()
        }
        .update(&txn)
        .await?;
        log_change(
            &txn,
            me,
            client,
            "department.create",
            "department",
            Some(created.id),
            serde_json::json!({ "name": name, "parentId": input.parent_id }),
            self.clock.now(),
        )
        .await?;
        txn.commit().await?;
        Ok(created.id)
    }

    /// Renames and moves a department; the paths of its whole subtree follow in the same
    /// transaction.
    pub async fn update_department(
        &self,
        me: &Principal,
        client: &ClientInfo,
        id: i64,
        input: DepartmentInput,
    ) -> Result<()> {
        me.require(UPDATE)?;
        // The name and the parent are both checked and reported in one answer.
        let mut c = FieldChecks::default();
        let name = c.check(text::required(&input.name, 64).or_invalid_as("name", "部门名称"))?;
        let txn = store::begin_write(&self.db).await?;
        let current = find(&txn, id).await?;
        let parent = c.check(parent_path(&txn, input.parent_id).await)?;
        if input.parent_id == Some(id)
            || parent
                .as_ref()
                .is_some_and(|p| p.starts_with(&current.path))
        {
            c.fail("parentId", "不能移动到自身或下级部门");
        }
        let (Some(name), Some(parent)) = (name, parent) else {
            return Err(c.into_error());
        };
        c.finish()?;
        check_unique_name(&txn, input.parent_id, &name, Some(id)).await?;
        let new_path = format!("{parent}{id}/");
        let now = self.clock.now();
        department::ActiveModel {
            id: Set(id),
            parent_id: Set(input.parent_id),
            name: Set(name.clone()),
            path: Set(new_path.clone()),
            sort: Set(input.sort.unwrap_or(current.sort)),
            updated_at: Set(now),
            updated_by: Set(Some(me.user_id)),
            version: Set(current.version + 1),
            ..Default::default()
        }
        .update(&txn)
        .await
        .map_err(|e| conflict_on_unique(e, SAME_NAME))?;
        if new_path != current.path {
            let below = department::Entity::find()
                .filter(starts_with(department::Column::Path, &current.path))
                .filter(department::Column::Id.ne(id))
                .all(&txn)
                .await?;
            for d in below {
                let rest = d.path.strip_prefix(&current.path).unwrap_or_default();
                department::ActiveModel {
                    id: Set(d.id),
                    path: Set(format!("{new_path}{rest}")),
                    ..Default::default()
                }
                .update(&txn)
                .await?;
            }
        }
        log_change(
            &txn,
            me,
            client,
            "department.update",
            "department",
            Some(id),
            serde_json::json!({
                "name": name,
                "previousName": current.name,
                "parentId": input.parent_id,
                "previousParentId": current.parent_id,
            }),
            self.clock.now(),
        )
        .await?;
        txn.commit().await.map_err(Error::from)
    }

    /// Enables or disables a department (a disabled one takes no new administrators).
    pub async fn set_department_enabled(
        &self,
        me: &Principal,
        client: &ClientInfo,
        id: i64,
        enabled: bool,
    ) -> Result<()> {
        me.require(UPDATE)?;
        let txn = store::begin_write(&self.db).await?;
        let current = find(&txn, id).await?;
        department::ActiveModel {
            id: Set(id),
            enabled: Set(enabled),
            updated_at: Set(self.clock.now()),
            updated_by: Set(Some(me.user_id)),
            version: Set(current.version + 1),
            ..Default::default()
        }
        .update(&txn)
        .await?;
        log_change(
            &txn,
            me,
            client,
            if enabled {
                "department.enable"
            } else {
                "department.disable"
            },
            "department",
            Some(id),
            serde_json::json!({ "name": current.name }),
            self.clock.now(),
        )
        .await?;
        txn.commit().await?;
        Ok(())
    }

    /// Deletes a department without sub-departments and without administrators.
    pub async fn delete_department(
        &self,
        me: &Principal,
        client: &ClientInfo,
        id: i64,
    ) -> Result<()> {
        me.require(DELETE)?;
        let txn = store::begin_write(&self.db).await?;
        let current = find(&txn, id).await?;
        let children = department::Entity::find()
            .filter(department::Column::ParentId.eq(id))
            .count(&txn)
            .await?;
        if children > 0 {
            return Err(Error::Conflict("该部门下还有子部门，不能删除".to_owned()));
        }
        let users = admin_user::Entity::find()
            .filter(admin_user::Column::DepartmentId.eq(id))
            .count(&txn)
            .await?;
        if users > 0 {
            return Err(Error::Conflict("该部门下还有用户，不能删除".to_owned()));
        }
        department::Entity::delete_by_id(id).exec(&txn).await?;
        log_change(
            &txn,
            me,
            client,
            "department.delete",
            "department",
            Some(id),
            serde_json::json!({ "name": current.name }),
            self.clock.now(),
        )
        .await?;
        txn.commit().await?;
        Ok(())
    }
}

/// The children of `parent`, recursively (depth-limited against a corrupt cycle).
fn build(
    parent: Option<i64>,
    by_parent: &mut HashMap<Option<i64>, Vec<department::Model>>,
    counts: &HashMap<i64, u64>,
    depth: usize,
) -> Vec<DepartmentNode> {
    if depth > 64 {
        return Vec::new();
    }
    let mut level = by_parent.remove(&parent).unwrap_or_default();
    level.sort_by_key(|d| (d.sort, d.id));
    level
        .into_iter()
        .map(|d| DepartmentNode {
            children: build(Some(d.id), by_parent, counts, depth + 1),
            user_count: counts.get(&d.id).copied().unwrap_or(0),
            id: d.id,
            parent_id: d.parent_id,
            name: d.name,
            sort: d.sort,
            enabled: d.enabled,
        })
        .collect()
}
