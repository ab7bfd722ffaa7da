//! Order files (the product specification `/admin/order/file/*`): the documents of an order and the applications
//! to add or replace one, examined by staff. A file or an application names an existing order
//! (400 naming `orderId` otherwise); the routes are in the business screens (docs/orders.md).

use super::{DICT_ORDER_FILE_KIND, check_dict, filter_code};
use crate::audit::log_change;
use crate::customer::files::admin_names;
use crate::error::OrInvalid;
use crate::files::{Accept, FileContent, NewFile};
use crate::paging::{self, Page, PageRequest};
use crate::principal::{ClientInfo, Principal};
use crate::{Beehive, Error, Result};
use chrono::{DateTime, Utc};
use domain::text;
use std::collections::HashMap;
use store::entity::{order_file, order_file_apply, orders, stored_file};
use store::sea_orm::sea_query::Expr;
use store::sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, Order, QueryFilter, Set};

/// Adding and deleting an order's files, applying for one.
use domain::permission::codes::ORDER_INFO_EDIT as EDIT;
/// Approving or rejecting a file application.
use domain::permission::codes::ORDER_INFO_FILE_EXAMINE as EXAMINE;
/// Seeing an order's files (the orders page).
use domain::permission::codes::ORDER_INFO_TABLE as TABLE;

pub const PENDING: &str = "PENDING";
pub const APPROVED: &str = "APPROVED";
pub const REJECTED: &str = "REJECTED";

/// A new document of an order.
#[derive(Debug, Clone)]
pub struct NewOrderFile {
    pub order_id: i64,
    pub kind: String,
    pub remark: Option<String>,
    pub file: NewFile,
}

/// An application to add a document to an order, or to replace one (`replaces_id`).
#[derive(Debug, Clone)]
pub struct NewOrderFileApply {
    pub order_id: i64,
    pub kind: String,
    pub replaces_id: Option<i64>,
    pub reason: Option<String>,
    pub file: NewFile,
}

#[derive(Debug, Clone, Default)]
pub struct OrderFileFilter {
    pub order_id: Option<i64>,
    pub kind: Option<String>,
}

#[derive(Debug, Clone, Default)]
pub struct OrderFileApplyFilter {
    pub order_id: Option<i64>,
    pub status: Option<String>,
}

/// One order file with its stored file's name, type and size.
#[derive(Debug, Clone)]
pub struct OrderFileRow {
    pub id: i64,
    pub order_id: i64,
    pub kind: String,
    pub remark: String,
    pub file_name: String,
    pub content_type: String,
    pub size_bytes: i64,
    pub sha256: String,
    pub apply_id: Option<i64>,
    pub uploaded_by: Option<String>,
    pub created_at: DateTime<Utc>,
}

/// One file application.
#[derive(Debug, Clone)]
pub struct OrderFileApplyRow {
    pub apply: order_file_apply::Model,
    pub file_name: String,
    pub content_type: String,
    pub applicant: Option<String>,
    pub examiner: Option<String>,
}

/// The decision on an application.
#[derive(Debug, Clone)]
pub enum Examine {
    Approve,
    /// With the reason the applicant is told (required).
    Reject(String),
}

const FILE_SORTS: &[(&str, order_file::Column)] = &[
    ("id", order_file::Column::Id),
    ("kind", order_file::Column::Kind),
    ("createdAt", order_file::Column::CreatedAt),
];

const APPLY_SORTS: &[(&str, order_file_apply::Column)] = &[
    ("id", order_file_apply::Column::Id),
    ("createdAt", order_file_apply::Column::CreatedAt),
    ("examinedAt", order_file_apply::Column::ExaminedAt),
];

/// Refuses an order id that names no order.
async fn check_order(conn: &impl store::sea_orm::ConnectionTrait, order_id: i64) -> Result<()> {
    if orders::Entity::find_by_id(order_id)
        .one(conn)
        .await?
        .is_none()
    {
        return Err(Error::invalid("orderId", "订单不存在"));
    }
    Ok(())
}

fn file_not_found() -> Error {
    Error::NotFound("订单文件不存在或已被删除".to_owned())
}

fn apply_not_found() -> Error {
    Error::NotFound("文件申请不存在".to_owned())
}

impl Beehive {
    async fn stored_map(&self, ids: Vec<i64>) -> Result<HashMap<i64, stored_file::Model>> {
        Ok(self
            .stored_files(&ids)
            .await?
            .into_iter()
            .map(|f| (f.id, f))
            .collect())
    }

    /// One page of live order files (of one order when `order_id` is given).
    pub async fn order_file_page(
        &self,
        me: &Principal,
        request: &PageRequest,
        filter: &OrderFileFilter,
    ) -> Result<Page<OrderFileRow>> {
        me.require(TABLE)?;
        let paging = request.check(FILE_SORTS, (order_file::Column::CreatedAt, Order::Desc))?;
        let mut query = order_file::Entity::find().filter(order_file::Column::Deleted.eq(false));
        if let Some(order_id) = filter.order_id {
            query = query.filter(order_file::Column::OrderId.eq(order_id));
        }
        if let Some(kind) = paging::text("kind", filter.kind.as_deref())? {
            let kind = filter_code("kind", "文件类型", kind)?;
            query = query.filter(order_file::Column::Kind.eq(kind));
        }
        let (rows, total) = paging
            .fetch(&self.db, paging.order(query, order_file::Column::Id))
            .await?;
        let files = self
            .stored_map(rows.iter().map(|r| r.file_id).collect())
            .await?;
        let names = admin_names(&self.db, rows.iter().filter_map(|r| r.created_by)).await?;
        let records = rows
            .into_iter()
            .map(|r| {
                let file = files.get(&r.file_id);
                OrderFileRow {
                    id: r.id,
                    order_id: r.order_id,
                    kind: r.kind,
                    remark: r.remark,
                    file_name: file.map(|f| f.file_name.clone()).unwrap_or_default(),
                    content_type: file.map(|f| f.content_type.clone()).unwrap_or_default(),
                    size_bytes: file.map_or(0, |f| f.size_bytes),
                    sha256: r.sha256,
                    apply_id: r.apply_id,
                    uploaded_by: r.created_by.and_then(|id| names.get(&id).cloned()),
                    created_at: r.created_at,
                }
            })
            .collect();
        Ok(paging.page_of(records, total))
    }

    /// Adds a document to an order (images or PDF, 系统设置's size limit); answers its id.
    pub async fn create_order_file(
        &self,
        me: &Principal,
        client: &ClientInfo,
        input: NewOrderFile,
    ) -> Result<i64> {
        me.require(EDIT)?;
        check_order(&self.db, input.order_id).await?;
        let kind = check_dict(
            &self.db,
            "kind",
            "文件类型",
            DICT_ORDER_FILE_KIND,
            &input.kind,
        )
        .await?;
        let remark = text::optional(input.remark.as_deref(), 255)
            .or_invalid_as("remark", "备注")?
            .unwrap_or_default();
        let txn = store::begin_write(&self.db).await?;
        let stored = self
            .store_file(
                &txn,
                &me.actor(),
                "order",
                "file",
                input.file,
                Accept::ImagesAndPdf,
            )
            .await?;
        let now = self.clock.now();
        let created = order_file::ActiveModel {
            order_id: Set(input.order_id),
            kind: Set(kind.clone()),
            file_id: Set(stored.id),
            sha256: Set(stored.sha256.clone()),
            remark: Set(remark),
            apply_id: Set(None),
            deleted: Set(false),
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
            "order_file.create",
            "order_file",
            Some(created.id),
            serde_json::json!({
                "orderId": input.order_id, "kind": kind,
                "fileName": stored.file_name, "sha256": stored.sha256,
            }),
            self.clock.now(),
        )
        .await?;
        txn.commit().await?;
        Ok(created.id)
    }

    /// Deletes an order file (soft: flag, time and user; the object is kept).
    pub async fn delete_order_file(
        &self,
        me: &Principal,
        client: &ClientInfo,
        id: i64,
    ) -> Result<()> {
        me.require(EDIT)?;
        let txn = store::begin_write(&self.db).await?;
        let found = order_file::Entity::find_by_id(id)
            .one(&txn)
            .await?
            .filter(|f| !f.deleted)
            .ok_or_else(file_not_found)?;
        let now = self.clock.now();
        let done = order_file::Entity::update_many()
            .col_expr(order_file::Column::Deleted, Expr::value(true))
            .col_expr(order_file::Column::DeletedAt, Expr::value(now))
            .col_expr(order_file::Column::DeletedBy, Expr::value(me.user_id))
            .col_expr(order_file::Column::UpdatedAt, Expr::value(now))
            .col_expr(order_file::Column::UpdatedBy, Expr::value(me.user_id))
            .col_expr(order_file::Column::Version, Expr::value(found.version + 1))
            .filter(order_file::Column::Id.eq(id))
            .filter(order_file::Column::Deleted.eq(false))
            .exec(&txn)
            .await?;
        if done.rows_affected == 0 {
            return Err(file_not_found());
        }
        log_change(&txn, me, client, "order_file.delete", "order_file", Some(id), serde_json::json!({ "orderId": found.order_id, "kind": found.kind, "fileId": found.file_id }), self.clock.now())
        .await?;
        txn.commit().await?;
        Ok(())
    }

    /// The content of a live order file; a deleted one is 404.
    pub async fn open_order_file(&self, me: &Principal, id: i64) -> Result<FileContent> {
        me.require(TABLE)?;
        let found = order_file::Entity::find_by_id(id)
            .one(&self.db)
            .await?
            .filter(|f| !f.deleted)
            .ok_or_else(file_not_found)?;
        self.open_file(found.file_id).await
    }

    /// Applies to add a document to an order (or replace `replaces_id`, a live file of the
    /// same order); the file waits, stored, until examined. Answers the application's id.
    pub async fn apply_order_file(
        &self,
        me: &Principal,
        client: &ClientInfo,
        input: NewOrderFileApply,
    ) -> Result<i64> {
        me.require(EDIT)?;
        check_order(&self.db, input.order_id).await?;
        let kind = check_dict(
            &self.db,
            "kind",
            "文件类型",
            DICT_ORDER_FILE_KIND,
            &input.kind,
        )
        .await?;
        let reason = text::optional(input.reason.as_deref(), 255)
            .or_invalid_as("reason", "申请说明")?
            .unwrap_or_default();
        let txn = store::begin_write(&self.db).await?;
        if let Some(replaces) = input.replaces_id {
            let target = order_file::Entity::find_by_id(replaces)
                .one(&txn)
                .await?
                .filter(|f| !f.deleted && f.order_id == input.order_id);
            if target.is_none() {
                return Err(Error::invalid(
                    "replacesId",
                    "要替换的文件不存在或不属于该订单",
                ));
            }
        }
        let stored = self
            .store_file(
                &txn,
                &me.actor(),
                "order",
                "file",
                input.file,
                Accept::ImagesAndPdf,
            )
            .await?;
        let now = self.clock.now();
        let created = order_file_apply::ActiveModel {
            order_id: Set(input.order_id),
            kind: Set(kind.clone()),
            file_id: Set(stored.id),
            replaces_id: Set(input.replaces_id),
            reason: Set(reason),
            status: Set(PENDING.to_owned()),
            examined_by: Set(None),
            examined_at: Set(None),
            reject_reason: Set(String::new()),
            order_file_id: Set(None),
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
            "order_file_apply.create",
            "order_file_apply",
            Some(created.id),
            serde_json::json!({
                "orderId": input.order_id, "kind": kind, "replacesId": input.replaces_id,
                "fileName": stored.file_name,
            }),
            self.clock.now(),
        )
        .await?;
        txn.commit().await?;
        Ok(created.id)
    }

    /// One page of file applications (pending ones first by default: oldest first).
    pub async fn order_file_apply_page(
        &self,
        me: &Principal,
        request: &PageRequest,
        filter: &OrderFileApplyFilter,
    ) -> Result<Page<OrderFileApplyRow>> {
        me.require(TABLE)?;
        let paging = request.check(APPLY_SORTS, (order_file_apply::Column::Id, Order::Desc))?;
        let mut query = order_file_apply::Entity::find();
        if let Some(order_id) = filter.order_id {
            query = query.filter(order_file_apply::Column::OrderId.eq(order_id));
        }
        if let Some(status) = paging::text("status", filter.status.as_deref())? {
            if ![PENDING, APPROVED, REJECTED].contains(&status) {
                return Err(Error::invalid(
                    "status",
                    "状态只能是 PENDING、APPROVED 或 REJECTED",
                ));
            }
            query = query.filter(order_file_apply::Column::Status.eq(status));
        }
        let (rows, total) = paging
            .fetch(&self.db, paging.order(query, order_file_apply::Column::Id))
            .await?;
        let files = self
            .stored_map(rows.iter().map(|r| r.file_id).collect())
            .await?;
        // Collected first: an iterator held across the await would make the future not `Send`
        // for every lifetime (the route could not hold it).
        let people: Vec<i64> = rows
            .iter()
            .flat_map(|r| [r.created_by, r.examined_by])
            .flatten()
            .collect();
        let names = admin_names(&self.db, people.into_iter()).await?;
        let records = rows
            .into_iter()
            .map(|apply| {
                let file = files.get(&apply.file_id);
                OrderFileApplyRow {
                    file_name: file.map(|f| f.file_name.clone()).unwrap_or_default(),
                    content_type: file.map(|f| f.content_type.clone()).unwrap_or_default(),
                    applicant: apply.created_by.and_then(|id| names.get(&id).cloned()),
                    examiner: apply.examined_by.and_then(|id| names.get(&id).cloned()),
                    apply,
                }
            })
            .collect();
        Ok(paging.page_of(records, total))
    }

    /// The proposed file of an application (to look at it before deciding).
    pub async fn open_order_file_apply(&self, me: &Principal, id: i64) -> Result<FileContent> {
        me.require(TABLE)?;
        let found = order_file_apply::Entity::find_by_id(id)
            .one(&self.db)
            .await?
            .ok_or_else(apply_not_found)?;
        self.open_file(found.file_id).await
    }

    /// Approves (the file becomes an order file; a replaced file is deleted) or rejects (with
    /// a reason) a pending application. Two examiners at once: one wins, the other gets 409.
    /// Answers the new order file's id on approval.
    pub async fn examine_order_file_apply(
        &self,
        me: &Principal,
        client: &ClientInfo,
        id: i64,
        decision: Examine,
    ) -> Result<Option<i64>> {
        me.require(EXAMINE)?;
        let reject_reason = match &decision {
            Examine::Approve => String::new(),
            Examine::Reject(reason) => {
                text::required(reason, 255).or_invalid_as("rejectReason", "驳回原因")?
            }
        };
        let txn = store::begin_write(&self.db).await?;
        let apply = order_file_apply::Entity::find_by_id(id)
            .one(&txn)
            .await?
            .ok_or_else(apply_not_found)?;
        let now = self.clock.now();
        let status = match decision {
            Examine::Approve => APPROVED,
            Examine::Reject(_) => REJECTED,
        };
        let claimed = order_file_apply::Entity::update_many()
            .col_expr(order_file_apply::Column::Status, Expr::value(status))
            .col_expr(
                order_file_apply::Column::ExaminedBy,
                Expr::value(me.user_id),
            )
            .col_expr(order_file_apply::Column::ExaminedAt, Expr::value(now))
            .col_expr(
                order_file_apply::Column::RejectReason,
                Expr::value(reject_reason.clone()),
            )
            .col_expr(order_file_apply::Column::UpdatedAt, Expr::value(now))
            .col_expr(order_file_apply::Column::UpdatedBy, Expr::value(me.user_id))
            .col_expr(
                order_file_apply::Column::Version,
                Expr::value(apply.version + 1),
            )
            .filter(order_file_apply::Column::Id.eq(id))
            .filter(order_file_apply::Column::Status.eq(PENDING))
            .exec(&txn)
            .await?;
        if claimed.rows_affected == 0 {
            return Err(Error::Conflict("该申请已审核，请刷新后查看".to_owned()));
        }
        let mut made = None;
        if status == APPROVED {
            let sha256 = self
                .stored_files(&[apply.file_id])
                .await?
                .into_iter()
                .next()
                .map(|f| f.sha256)
                .unwrap_or_default();
            let created = order_file::ActiveModel {
                order_id: Set(apply.order_id),
                kind: Set(apply.kind.clone()),
                file_id: Set(apply.file_id),
                sha256: Set(sha256),
                remark: Set(apply.reason.clone()),
                apply_id: Set(Some(apply.id)),
                deleted: Set(false),
                created_at: Set(now),
                created_by: Set(apply.created_by),
                updated_at: Set(now),
                updated_by: Set(Some(me.user_id)),
                version: Set(0),
                ..Default::default()
            }
            .insert(&txn)
            .await?;
            if let Some(replaced) = apply.replaces_id {
                order_file::Entity::update_many()
                    .col_expr(order_file::Column::Deleted, Expr::value(true))
                    .col_expr(order_file::Column::DeletedAt, Expr::value(now))
                    .col_expr(order_file::Column::DeletedBy, Expr::value(me.user_id))
                    .col_expr(order_file::Column::UpdatedAt, Expr::value(now))
                    .filter(order_file::Column::Id.eq(replaced))
                    .filter(order_file::Column::Deleted.eq(false))
                    .exec(&txn)
                    .await?;
            }
            order_file_apply::Entity::update_many()
                .col_expr(
                    order_file_apply::Column::OrderFileId,
                    Expr::value(created.id),
                )
                .filter(order_file_apply::Column::Id.eq(id))
                .exec(&txn)
                .await?;
            made = Some(created.id);
        }
        log_change(
            &txn,
            me,
            client,
            if made.is_some() {
                "order_file_apply.approve"
            } else {
                "order_file_apply.reject"
            },
            "order_file_apply",
            Some(id),
            serde_json::json!({
                "orderId": apply.order_id, "kind": apply.kind, "replacesId": apply.replaces_id,
                "orderFileId": made, "rejectReason": reject_reason,
            }),
            self.clock.now(),
        )
        .await?;
        txn.commit().await?;
        Ok(made)
    }
}
