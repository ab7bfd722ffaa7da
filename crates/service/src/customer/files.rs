//! A customer's files (ID card sides, licences, other): upload through `store_file`, list,
//! preview and download, delete (soft: the row keeps a deleted flag, time and user; the object
//! stays; deleted files vanish from the list and are no longer served).

use super::{
    DICT_CUSTOMER_FILE_KIND, FILE_DELETE, FILE_UPLOAD, TABLE, check_dict, customer_not_found,
    filter_code,
};
use crate::audit::log_change;
use crate::error::OrInvalid;
use crate::files::{Accept, FileContent, NewFile};
use crate::paging::{self, Page, PageRequest};
use crate::principal::{ClientInfo, Principal};
use crate::{Beehive, Error, Result};
use chrono::{DateTime, Utc};
use domain::text;
use std::collections::HashMap;
use store::entity::{admin_user, customer, customer_file, stored_file};
use store::save_if_unchanged;
use store::sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, Order, QueryFilter, Set,
};

/// An upload: the customer, the kind, a remark and the file.
#[derive(Debug, Clone)]
pub struct NewCustomerFile {
    pub customer_id: i64,
    pub kind: String,
    pub remark: Option<String>,
    pub file: NewFile,
}

#[derive(Debug, Clone, Default)]
pub struct CustomerFileFilter {
    pub customer_id: i64,
    pub kind: Option<String>,
}

/// One line of a customer's file list.
#[derive(Debug, Clone)]
pub struct CustomerFileRow {
    pub id: i64,
    pub customer_id: i64,
    pub kind: String,
    pub remark: String,
    pub file_name: String,
    pub content_type: String,
    pub size_bytes: i64,
    pub uploaded_by: Option<String>,
    pub created_at: DateTime<Utc>,
}

const SORTS: &[(&str, customer_file::Column)] = &[
    ("id", customer_file::Column::Id),
    ("kind", customer_file::Column::Kind),
    ("createdAt", customer_file::Column::CreatedAt),
];

fn file_not_found() -> Error {
    Error::NotFound("文件不存在或已被删除".to_owned())
}

/// The names of administrators `ids`.
pub(crate) async fn admin_names(
    conn: &impl ConnectionTrait,
    ids: impl Iterator<Item = i64>,
) -> Result<HashMap<i64, String>> {
    let ids: Vec<i64> = ids.collect();
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    Ok(admin_user::Entity::find()
        .filter(admin_user::Column::Id.is_in(ids))
        .all(conn)
        .await?
        .into_iter()
        .map(|u| (u.id, u.name))
        .collect())
}

impl Beehive {
    /// One page of a customer's live files, newest first by default.
    pub async fn customer_file_page(
        &self,
        me: &Principal,
        request: &PageRequest,
        filter: &CustomerFileFilter,
    ) -> Result<Page<CustomerFileRow>> {
        me.require(TABLE)?;
        let paging = request.check(SORTS, (customer_file::Column::CreatedAt, Order::Desc))?;
        self.find_customer(&self.db, filter.customer_id).await?;
        let mut query = customer_file::Entity::find()
            .filter(customer_file::Column::CustomerId.eq(filter.customer_id))
            .filter(customer_file::Column::Deleted.eq(false));
        if let Some(kind) = paging::text("kind", filter.kind.as_deref())? {
            let kind = filter_code("kind", "资料类型", kind)?;
            query = query.filter(customer_file::Column::Kind.eq(kind));
        }
        let query = paging.order(query, customer_file::Column::Id);
        let (rows, total) = paging.fetch(&self.db, query).await?;
        let files: HashMap<i64, stored_file::Model> = self
            .stored_files(&rows.iter().map(|r| r.file_id).collect::<Vec<_>>())
            .await?
            .into_iter()
            .map(|f| (f.id, f))
            .collect();
        let names = admin_names(&self.db, rows.iter().filter_map(|r| r.created_by)).await?;
        let records = rows
            .into_iter()
            .map(|r| {
                let file = files.get(&r.file_id);
                CustomerFileRow {
                    id: r.id,
                    customer_id: r.customer_id,
                    kind: r.kind,
                    remark: r.remark,
                    file_name: file.map(|f| f.file_name.clone()).unwrap_or_default(),
                    content_type: file.map(|f| f.content_type.clone()).unwrap_or_default(),
                    size_bytes: file.map_or(0, |f| f.size_bytes),
                    uploaded_by: r.created_by.and_then(|id| names.get(&id).cloned()),
                    created_at: r.created_at,
                }
            })
            .collect();
        Ok(paging.page_of(records, total))
    }

    /// Uploads a file of a customer (images or PDF, within 系统设置's size limit); answers its id.
    pub async fn create_customer_file(
        &self,
        me: &Principal,
        client: &ClientInfo,
        input: NewCustomerFile,
    ) -> Result<i64> {
        me.require(FILE_UPLOAD)?;
        let kind = check_dict(
            &self.db,
            "kind",
            "资料类型",
            DICT_CUSTOMER_FILE_KIND,
            &input.kind,
        )
        .await?;
        let remark = text::optional(input.remark.as_deref(), 255)
            .or_invalid_as("remark", "备注")?
            .unwrap_or_default();
        let txn = store::begin_write(&self.db).await?;
        let owner = customer::Entity::find_by_id(input.customer_id)
            .one(&txn)
            .await?
            .ok_or_else(customer_not_found)?;
        let stored = self
            .store_file(
                &txn,
                &me.actor(),
                "customer",
                "file",
                input.file,
                Accept::ImagesAndPdf,
            )
            .await?;
        let now = self.clock.now();
        let created = customer_file::ActiveModel {
            customer_id: Set(owner.id),
            kind: Set(kind.clone()),
            file_id: Set(stored.id),
            remark: Set(remark),
            deleted: Set(false),
            deleted_at: Set(None),
            deleted_by: Set(None),
            created_at: Set(now),
            created_by: Set(Some(me.user_id)),
            updated_at: Set(now),
            updated_by: Set(Some(me.user_id)),
            version: Set(0),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
        log_change(
            &txn,
            me,
            client,
            "customer_file.create",
            "customer_file",
            Some(created.id),
            serde_json::json!({
                "customerId": owner.id,
                "customerNo": owner.customer_no,
                "kind": kind,
                "fileName": stored.file_name,
                "size": stored.size_bytes,
                "sha256": stored.sha256,
            }),
            self.clock.now(),
        )
        .await?;
        txn.commit().await?;
        Ok(created.id)
    }

    /// Deletes a customer's file: the row is marked deleted (time, user), the object is kept.
    pub async fn delete_customer_file(
        &self,
        me: &Principal,
        client: &ClientInfo,
        id: i64,
    ) -> Result<()> {
        me.require(FILE_DELETE)?;
        let txn = store::begin_write(&self.db).await?;
        let found = customer_file::Entity::find_by_id(id)
            .one(&txn)
            .await?
            .filter(|f| !f.deleted)
            .ok_or_else(file_not_found)?;
        let now = self.clock.now();
        save_if_unchanged(
            &txn,
            customer_file::ActiveModel {
                id: Set(id),
                deleted: Set(true),
                deleted_at: Set(Some(now)),
                deleted_by: Set(Some(me.user_id)),
                updated_at: Set(now),
                updated_by: Set(Some(me.user_id)),
                version: Set(found.version + 1),
                ..Default::default()
            },
            customer_file::Column::Version,
            found.version,
        )
        .await?;
        log_change(
            &txn,
            me,
            client,
            "customer_file.delete",
            "customer_file",
            Some(id),
            serde_json::json!({
                "customerId": found.customer_id,
                "kind": found.kind,
                "fileId": found.file_id,
            }),
            self.clock.now(),
        )
        .await?;
        txn.commit().await?;
        Ok(())
    }

    /// The content of a live customer file (preview or download); a deleted one is 404.
    pub async fn open_customer_file(&self, me: &Principal, id: i64) -> Result<FileContent> {
        me.require(TABLE)?;
        let found = customer_file::Entity::find_by_id(id)
            .one(&self.db)
            .await?
            .filter(|f| !f.deleted)
            .ok_or_else(file_not_found)?;
        self.open_file(found.file_id).await
    }
}
