//! 通知管理: sending a notice to one customer, a list, or everyone a filter matches.
//!
//! The request only writes the batch and one QUEUED row per customer (in chunks) and answers;
//! a background worker started with the server delivers. A worker pass claims a few QUEUED rows
//! with one conditional `UPDATE ... WHERE status = 'QUEUED'` marked with a random token (so two
//! instances never deliver the same row), delivers them (SMS through the SMS port, in-app as a
//! `customer_message`), marks each SENT or FAILED with the reason, and refreshes the batch's
//! counters. Rows claimed by an instance that died are queued again after a lease of 5 minutes;
//! queued rows are picked up at start-up, so a restart loses nothing.

use super::notice::{self, IN_APP, SMS, sms_name, split_placeholders};
use crate::audit::log_change;
use crate::export::{Cell, ExportColumn, Exportable, Exported};
use crate::interface::templates::SMS_PLACEHOLDERS;
use crate::paging::{self, Page, PageRequest};
use crate::principal::{ClientInfo, Principal};
use crate::transition::{self, By, Change, Logged};
use crate::{Beehive, Error, Result};
use domain::placeholder;
use domain::status::{DeliveryStatus, NoticeStatus, Status};
use std::collections::{BTreeMap, HashMap};
use std::time::Duration;
use store::entity::{
    customer, customer_message, notice_batch, notice_recipient, notice_template, sms_template,
};
use store::lease::{self, Lease};
use store::sea_orm::sea_query::{Expr, ExprTrait};
use store::sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, EntityTrait, Order, QueryFilter,
    QueryOrder, QuerySelect, Select, Set,
};

/// A notice batch as the service answers it.
pub type BatchModel = notice_batch::Model;

use domain::permission::codes::NOTICE_SEND_CREATE as CREATE;
use domain::permission::codes::NOTICE_SEND_EXPORT as EXPORT;
use domain::permission::codes::NOTICE_SEND_RETRY as RETRY;
use domain::permission::codes::NOTICE_SEND_TABLE as TABLE;

// The stored codes of the statuses (domain::status): batches RUNNING/FINISHED, recipients
// QUEUED → SENDING → SENT or FAILED.
const QUEUED: &str = "QUEUED";
const SENDING: &str = "SENDING";
const SENT: &str = "SENT";
const FAILED: &str = "FAILED";
const RUNNING: &str = "RUNNING";

/// How many recipients one worker pass claims.
const CLAIM: u64 = 50;
/// How many recipient rows one INSERT writes.
const INSERT_CHUNK: u64 = 500;
/// A claim older than this belonged to an instance that stopped; the rows are queued again.
const LEASE: Duration = Duration::from_secs(300);
/// The most customers a hand-picked list may name.
pub const MAX_LIST: usize = 1000;

/// Which customers a filter chooses (the customer list's filters).
#[derive(Debug, Clone, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CustomerFilter {
    /// INDIVIDUAL or ENTERPRISE.
    pub kind: Option<String>,
    /// ENABLED or DISABLED.
    pub status: Option<String>,
    /// Contained in the name.
    pub name: Option<String>,
    /// Created at or after (epoch ms).
    pub created_from: Option<i64>,
    /// Created at or before (epoch ms).
    pub created_to: Option<i64>,
}

/// Who receives a notice.
#[derive(Debug, Clone)]
pub enum Target {
    /// Hand-picked customers (one or more).
    Customers(Vec<i64>),
    /// Everyone the filter matches when the batch is made.
    Filter(CustomerFilter),
}

#[derive(Debug, Clone)]
pub struct SendInput {
    pub template_id: i64,
    /// Values of the template's own placeholders.
    pub params: BTreeMap<String, String>,
    pub target: Target,
}

/// A customer as the recipient picker shows it.
#[derive(Debug, Clone)]
pub struct CustomerPick {
    pub id: i64,
    pub customer_no: String,
    pub name: String,
    pub kind: String,
    pub status: String,
    pub mobile_mask: String,
    pub created_at: chrono::DateTime<chrono::Utc>,
}

/// A batch with its live counts.
#[derive(Debug, Clone)]
pub struct BatchProgress {
    pub batch: notice_batch::Model,
    /// QUEUED or being delivered.
    pub pending: i64,
    pub sent: i64,
    pub failed: i64,
    /// Done (sent or failed) out of total, 0..=100.
    pub percent: i64,
}

#[derive(Debug, Clone, Default)]
pub struct BatchFilter {
    /// Contained in the template code or name.
    pub keyword: Option<String>,
    pub channel: Option<String>,
    pub status: Option<String>,
    pub from: Option<i64>,
    pub to: Option<i64>,
}

#[derive(Debug, Clone, Default)]
pub struct RecipientFilter {
    pub status: Option<String>,
    /// Contained in the customer's name.
    pub name: Option<String>,
}

impl Exportable for notice_batch::Model {
    const SHEET: &'static str = "通知发送记录";
    fn columns() -> Vec<ExportColumn<Self>> {
        vec![
            ExportColumn {
                header: "批次号",
                width: 8.0,
                value: |r| Cell::from(r.id),
            },
            ExportColumn {
                header: "通知模板",
                width: 22.0,
                value: |r| Cell::from(format!("{}（{}）", r.template_name, r.template_code)),
            },
            ExportColumn {
                header: "渠道",
                width: 8.0,
                value: |r| Cell::from(notice::channel_name(&r.channel)),
            },
            ExportColumn {
                header: "状态",
                width: 10.0,
                value: |r| {
                    Cell::from(
                        NoticeStatus::parse(&r.status)
                            .map_or(NoticeStatus::Running.label(), NoticeStatus::label),
                    )
                },
            },
            ExportColumn {
                header: "总数",
                width: 8.0,
                value: |r| Cell::from(i64::from(r.total)),
            },
            ExportColumn {
                header: "成功",
                width: 8.0,
                value: |r| Cell::from(i64::from(r.sent)),
            },
            ExportColumn {
                header: "失败",
                width: 8.0,
                value: |r| Cell::from(i64::from(r.failed)),
            },
            ExportColumn {
                header: "创建时间",
                width: 20.0,
                value: |r| Cell::from(r.created_at),
            },
        ]
    }
}

fn customer_query(filter: &CustomerFilter) -> Result<Select<customer::Entity>> {
    let mut query = customer::Entity::find();
    match paging::text("kind", filter.kind.as_deref())? {
        None => {}
        Some(k @ ("INDIVIDUAL" | "ENTERPRISE")) => {
            query = query.filter(customer::Column::Kind.eq(k));
        }
        Some(_) => {
            return Err(Error::invalid(
                "filter.kind",
                "客户类型只能是 INDIVIDUAL 或 ENTERPRISE",
            ));
        }
    }
    match paging::text("status", filter.status.as_deref())? {
        None => {}
        Some(s @ ("ENABLED" | "DISABLED")) => {
            query = query.filter(customer::Column::Status.eq(s));
        }
        Some(_) => {
            return Err(Error::invalid(
                "filter.status",
                "客户状态只能是 ENABLED 或 DISABLED",
            ));
        }
    }
    if let Some(name) = paging::text("name", filter.name.as_deref())? {
        query = query.filter(paging::contains(customer::Column::Name, name));
    }
    if let Some(from) = filter.created_from {
        query = query.filter(
            customer::Column::CreatedAt.gte(paging::time_from_ms("filter.createdFrom", from)?),
        );
    }
    if let Some(to) = filter.created_to {
        query = query
            .filter(customer::Column::CreatedAt.lte(paging::time_from_ms("filter.createdTo", to)?));
    }
    Ok(query)
}

fn batch_not_found() -> Error {
    Error::NotFound("通知发送记录不存在".to_owned())
}

const CUSTOMER_SORTS: &[(&str, customer::Column)] = &[
    ("id", customer::Column::Id),
    ("createdAt", customer::Column::CreatedAt),
    ("name", customer::Column::NameKey),
];

const BATCH_SORTS: &[(&str, notice_batch::Column)] = &[
    ("id", notice_batch::Column::Id),
    ("createdAt", notice_batch::Column::CreatedAt),
];

const RECIPIENT_SORTS: &[(&str, notice_recipient::Column)] = &[
    ("id", notice_recipient::Column::Id),
    ("updatedAt", notice_recipient::Column::UpdatedAt),
];

fn batch_query(filter: &BatchFilter) -> Result<Select<notice_batch::Entity>> {
    let mut query = notice_batch::Entity::find();
    if let Some(keyword) = paging::text("keyword", filter.keyword.as_deref())? {
        query = query.filter(
            Condition::any()
                .add(paging::contains(
                    notice_batch::Column::TemplateCode,
                    keyword,
                ))
                .add(paging::contains(
                    notice_batch::Column::TemplateName,
                    keyword,
                )),
        );
    }
    match paging::text("channel", filter.channel.as_deref())? {
        None => {}
        Some(c @ (SMS | IN_APP)) => query = query.filter(notice_batch::Column::Channel.eq(c)),
        Some(_) => return Err(Error::invalid("channel", "渠道只能是 SMS 或 IN_APP")),
    }
    match paging::text("status", filter.status.as_deref())? {
        None => {}
        Some(s) if NoticeStatus::parse(s).is_some() => {
            query = query.filter(notice_batch::Column::Status.eq(s));
        }
        Some(_) => return Err(Error::invalid("status", "状态只能是 RUNNING 或 FINISHED")),
    }
    if let Some(from) = filter.from {
        query =
            query.filter(notice_batch::Column::CreatedAt.gte(paging::time_from_ms("from", from)?));
    }
    if let Some(to) = filter.to {
        query = query.filter(notice_batch::Column::CreatedAt.lte(paging::time_from_ms("to", to)?));
    }
    Ok(query)
}

/// Counts of a batch's recipients by status.
async fn counts(conn: &impl ConnectionTrait, batch_id: i64) -> Result<HashMap<String, i64>> {
    let rows: Vec<(String, i64)> = notice_recipient::Entity::find()
        .select_only()
        .column(notice_recipient::Column::Status)
        .column_as(Expr::col(notice_recipient::Column::Id).count(), "n")
        .filter(notice_recipient::Column::BatchId.eq(batch_id))
        .group_by(notice_recipient::Column::Status)
        .into_tuple()
        .all(conn)
        .await?;
    Ok(rows.into_iter().collect())
}

fn progress(batch: notice_batch::Model, counts: &HashMap<String, i64>) -> BatchProgress {
    let get = |s: &str| counts.get(s).copied().unwrap_or_default();
    let (sent, failed) = (get(SENT), get(FAILED));
    let pending = get(QUEUED) + get(SENDING);
    let total = std::cmp::max(i64::from(batch.total), 1);
    BatchProgress {
        percent: ((sent + failed) * 100 / total).clamp(0, 100),
        batch,
        pending,
        sent,
        failed,
    }
}

fn to_i32(n: i64) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

impl Beehive {
    /// Customers for the recipient picker (and the count a filter reaches).
    pub async fn notice_customer_page(
        &self,
        me: &Principal,
        request: &PageRequest,
        filter: &CustomerFilter,
    ) -> Result<Page<CustomerPick>> {
        me.require(TABLE)?;
        let paging = request.check(CUSTOMER_SORTS, (customer::Column::Id, Order::Desc))?;
        let query = paging.order_by_name(
            customer_query(filter)?,
            (customer::Column::NameKey, customer::Column::Name),
            customer::Column::Id,
        );
        let (rows, total) = paging.fetch(&self.db, query).await?;
        let records = rows
            .into_iter()
            .map(|c| CustomerPick {
                id: c.id,
                customer_no: c.customer_no,
                name: c.name,
                kind: c.kind,
                status: c.status,
                mobile_mask: c.mobile_mask,
                created_at: c.created_at,
            })
            .collect();
        Ok(paging.page_of(records, total))
    }

    /// Creates a batch and its QUEUED recipients; the worker delivers them. Answers the batch.
    pub async fn send_notice(
        &self,
        me: &Principal,
        client: &ClientInfo,
        input: SendInput,
    ) -> Result<notice_batch::Model> {
        me.require(CREATE)?;
        let template = notice_template::Entity::find_by_id(input.template_id)
            .one(&self.db)
            .await?
            .ok_or_else(|| Error::invalid("templateId", "通知模板不存在"))?;
        if !template.enabled {
            return Err(Error::invalid("templateId", "通知模板已停用"));
        }
        let (_, names) = split_placeholders(&template.content)?;
        let mut params = BTreeMap::new();
        for name in names {
            let value = input
                .params
                .get(&name)
                .map(|v| v.trim())
                .unwrap_or_default();
            if value.is_empty() {
                return Err(Error::invalid(
                    &format!("params.{name}"),
                    format!("请填写参数 {name}"),
                ));
            }
            if value.chars().count() > 64 {
                return Err(Error::invalid(
                    &format!("params.{name}"),
                    format!("参数 {name} 不能超过 64 个字符"),
                ));
            }
            params.insert(name, value.to_owned());
        }
        let sms_code = match template.sms_template_id {
            Some(id) if template.channel == SMS => sms_template::Entity::find_by_id(id)
                .one(&self.db)
                .await?
                .map(|t| t.code),
            _ => None,
        };
        if template.channel == SMS && sms_code.is_none() {
            return Err(Error::invalid("templateId", "通知模板关联的短信模板不存在"));
        }
        let (query, target_json) = match &input.target {
            Target::Customers(ids) => {
                let mut ids = ids.clone();
                ids.sort_unstable();
                ids.dedup();
                if ids.is_empty() {
                    return Err(Error::invalid("customerIds", "请选择接收通知的客户"));
                }
                if ids.len() > MAX_LIST {
                    return Err(Error::invalid(
                        "customerIds",
                        format!("一次最多选择 {MAX_LIST} 位客户，更多请按条件发送"),
                    ));
                }
                let found: Vec<i64> = customer::Entity::find()
                    .select_only()
                    .column(customer::Column::Id)
                    .filter(customer::Column::Id.is_in(ids.clone()))
                    .into_tuple()
                    .all(&self.db)
                    .await?;
                if let Some(missing) = ids.iter().find(|id| !found.contains(id)) {
                    return Err(Error::invalid(
                        "customerIds",
                        format!("客户 #{missing} 不存在"),
                    ));
                }
                (
                    customer::Entity::find().filter(customer::Column::Id.is_in(ids.clone())),
                    serde_json::json!({ "mode": "CUSTOMERS", "customerIds": ids }),
                )
            }
            Target::Filter(filter) => (
                customer_query(filter)?,
                serde_json::json!({ "mode": "FILTER", "filter": filter }),
            ),
        };
        let now = self.clock.now();
        let txn = store::begin_write(&self.db).await?;
        let batch = notice_batch::ActiveModel {
            notice_template_id: Set(template.id),
            template_code: Set(template.code.clone()),
            template_name: Set(template.name.clone()),
            channel: Set(template.channel.clone()),
            content: Set(template.content.clone()),
            sms_template_code: Set(sms_code),
            params: Set(serde_json::to_string(&params).map_err(Error::internal)?),
            target: Set(target_json.to_string()),
            status: Set(RUNNING.to_owned()),
            total: Set(0),
            sent: Set(0),
            failed: Set(0),
            finished_at: Set(None),
            created_at: Set(now),
            created_by: Set(Some(me.user_id)),
            updated_at: Set(now),
            updated_by: Set(Some(me.user_id)),
            version: Set(0),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
        let mut total: i64 = 0;
        let mut last = 0_i64;
        loop {
            let chunk = query
                .clone()
                .filter(customer::Column::Id.gt(last))
                .order_by_asc(customer::Column::Id)
                .limit(INSERT_CHUNK)
                .all(&txn)
                .await?;
            let Some(tail) = chunk.last() else { break };
            last = tail.id;
            total += i64::try_from(chunk.len()).unwrap_or_default();
            let rows = chunk.into_iter().map(|c| notice_recipient::ActiveModel {
                batch_id: Set(batch.id),
                customer_id: Set(c.id),
                customer_name: Set(c.name),
                mobile_mask: Set(c.mobile_mask),
                status: Set(QUEUED.to_owned()),
                attempts: Set(0),
                reason: Set(String::new()),
                claim_token: Set(None),
                claimed_at: Set(None),
                sent_at: Set(None),
                updated_at: Set(now),
                ..Default::default()
            });
            notice_recipient::Entity::insert_many(rows)
                .exec(&txn)
                .await?;
        }
        if total == 0 {
            return Err(Error::invalid("target", "没有符合条件的客户"));
        }
        let mut active: notice_batch::ActiveModel = batch.into();
        active.total = Set(to_i32(total));
        let batch = active.update(&txn).await?;
        log_change(
            &txn,
            me,
            client,
            "notice_send.create",
            "notice_batch",
            Some(batch.id),
            serde_json::json!({
                "template": template.code,
                "channel": template.channel,
                "total": total,
                "target": target_json,
            }),
            self.clock.now(),
        )
        .await?;
        txn.commit().await?;
        self.wake_jobs();
        Ok(batch)
    }

    /// Queues a batch's FAILED recipients again (409 when none failed).
    pub async fn retry_notice_batch(
        &self,
        me: &Principal,
        client: &ClientInfo,
        id: i64,
    ) -> Result<u64> {
        me.require(RETRY)?;
        let now = self.clock.now();
        let txn = store::begin_write(&self.db).await?;
        let batch = notice_batch::Entity::find_by_id(id)
            .one(&txn)
            .await?
            .ok_or_else(batch_not_found)?;
        let requeued = notice_recipient::Entity::update_many()
            .col_expr(notice_recipient::Column::Status, Expr::value(QUEUED))
            .col_expr(
                notice_recipient::Column::ClaimToken,
                Expr::value(None::<String>),
            )
            .col_expr(notice_recipient::Column::UpdatedAt, Expr::value(now))
            .filter(notice_recipient::Column::BatchId.eq(id))
            .filter(notice_recipient::Column::Status.eq(FAILED))
            .exec(&txn)
            .await?
            .rows_affected;
        if requeued == 0 {
            return Err(Error::Conflict("该批次没有发送失败的记录".to_owned()));
        }
        let counts = counts(&txn, id).await?;
        let sent = to_i32(counts.get(SENT).copied().unwrap_or_default());
        let detail = serde_json::json!({ "template": batch.template_code, "requeued": requeued });
        let mut set = vec![
            (notice_batch::Column::Sent, Expr::value(sent)),
            (notice_batch::Column::Failed, Expr::value(0)),
            (notice_batch::Column::UpdatedAt, Expr::value(now)),
            (
                notice_batch::Column::UpdatedBy,
                Expr::value(Some(me.user_id)),
            ),
        ];
        if batch.status == NoticeStatus::Finished.code() {
            // A finished batch runs again: FINISHED → RUNNING through the transition mechanism.
            set.push((
                notice_batch::Column::FinishedAt,
                Expr::value(None::<chrono::DateTime<chrono::Utc>>),
            ));
            transition::apply::<notice_batch::Entity, _, _>(
                &txn,
                &By::user(me, client),
                now,
                Change {
                    id,
                    from: NoticeStatus::Finished,
                    to: NoticeStatus::Running,
                    version: batch.version,
                    event: "retry",
                    reason: "",
                },
                set,
                Some(Logged {
                    action: "notice_send.retry",
                    detail,
                }),
            )
            .await?;
        } else {
            // Still running: only its counters change.
            let mut update = notice_batch::Entity::update_many()
                .col_expr(
                    notice_batch::Column::Version,
                    Expr::col(notice_batch::Column::Version).add(1),
                )
                .filter(notice_batch::Column::Id.eq(id))
                .filter(notice_batch::Column::Version.eq(batch.version));
            for (column, value) in set {
                update = update.col_expr(column, value);
            }
            if update.exec(&txn).await?.rows_affected == 0 {
                return Err(Error::Conflict(crate::error::STALE.to_owned()));
            }
            log_change(
                &txn,
                me,
                client,
                "notice_send.retry",
                "notice_batch",
                Some(id),
                detail,
                now,
            )
            .await?;
        }
        txn.commit().await?;
        self.wake_jobs();
        Ok(requeued)
    }

    pub async fn notice_batch_page(
        &self,
        me: &Principal,
        request: &PageRequest,
        filter: &BatchFilter,
    ) -> Result<Page<notice_batch::Model>> {
        me.require(TABLE)?;
        let paging = request.check(BATCH_SORTS, (notice_batch::Column::Id, Order::Desc))?;
        let query = paging.order(batch_query(filter)?, notice_batch::Column::Id);
        let (rows, total) = paging.fetch(&self.db, query).await?;
        Ok(paging.page_of(rows, total))
    }

    pub async fn export_notice_batches(
        &self,
        me: &Principal,
        client: &ClientInfo,
        request: &PageRequest,
        filter: &BatchFilter,
    ) -> Result<Exported> {
        me.require(EXPORT)?;
        let paging = request.check(BATCH_SORTS, (notice_batch::Column::Id, Order::Desc))?;
        let query = paging.order(batch_query(filter)?, notice_batch::Column::Id);
        self.export_list(me, client, "notice_batch", query).await
    }

    /// A batch with its live counts (the progress view polls this).
    pub async fn notice_batch_view(&self, me: &Principal, id: i64) -> Result<BatchProgress> {
        me.require(TABLE)?;
        let batch = notice_batch::Entity::find_by_id(id)
            .one(&self.db)
            .await?
            .ok_or_else(batch_not_found)?;
        let counts = counts(&self.db, id).await?;
        Ok(progress(batch, &counts))
    }

    pub async fn notice_recipient_page(
        &self,
        me: &Principal,
        batch_id: i64,
        request: &PageRequest,
        filter: &RecipientFilter,
    ) -> Result<Page<notice_recipient::Model>> {
        me.require(TABLE)?;
        notice_batch::Entity::find_by_id(batch_id)
            .one(&self.db)
            .await?
            .ok_or_else(batch_not_found)?;
        let paging = request.check(RECIPIENT_SORTS, (notice_recipient::Column::Id, Order::Asc))?;
        let mut query =
            notice_recipient::Entity::find().filter(notice_recipient::Column::BatchId.eq(batch_id));
        match paging::text("status", filter.status.as_deref())? {
            None => {}
            Some(s) if DeliveryStatus::parse(s).is_some() => {
                query = query.filter(notice_recipient::Column::Status.eq(s));
            }
            Some(_) => {
                return Err(Error::invalid(
                    "status",
                    "状态只能是 QUEUED、SENDING、SENT 或 FAILED",
                ));
            }
        }
        if let Some(name) = paging::text("name", filter.name.as_deref())? {
            query = query.filter(paging::contains(
                notice_recipient::Column::CustomerName,
                name,
            ));
        }
        let query = paging.order(query, notice_recipient::Column::Id);
        let (rows, total) = paging.fetch(&self.db, query).await?;
        Ok(paging.page_of(rows, total))
    }

    /// One delivery pass: re-queues expired claims, claims up to 50 QUEUED recipients and
    /// delivers them. Answers how many it delivered (sent or failed).
    pub async fn deliver_notices_once(&self) -> Result<usize> {
        let now = self.clock.now();
        let lease = Lease {
            waiting: QUEUED,
            claimed: SENDING,
            duration: chrono::Duration::from_std(LEASE).map_err(Error::internal)?,
        };
        lease::release_expired::<notice_recipient::Entity, _>(&self.db, lease, now).await?;
        let token = format!("{:032x}", rand::random::<u128>());
        let rows = lease::claim::<notice_recipient::Entity, _>(&self.db, lease, &token, CLAIM, now)
            .await?;
        if rows.is_empty() {
            return Ok(0);
        }
        let mut by_batch: BTreeMap<i64, Vec<notice_recipient::Model>> = BTreeMap::new();
        for row in rows {
            by_batch.entry(row.batch_id).or_default().push(row);
        }
        let mut done = 0;
        for (batch_id, rows) in by_batch {
            let Some(batch) = notice_batch::Entity::find_by_id(batch_id)
                .one(&self.db)
                .await?
            else {
                continue;
            };
            done += rows.len();
            self.deliver(&batch, rows, &token).await?;
            self.refresh_batch(batch_id).await?;
        }
        Ok(done)
    }

    async fn deliver(
        &self,
        batch: &notice_batch::Model,
        rows: Vec<notice_recipient::Model>,
        token: &str,
    ) -> Result<()> {
        let params: BTreeMap<String, String> =
            serde_json::from_str(&batch.params).unwrap_or_default();
        let ids: Vec<i64> = rows.iter().map(|r| r.customer_id).collect();
        let customers: HashMap<i64, customer::Model> = customer::Entity::find()
            .filter(customer::Column::Id.is_in(ids))
            .all(&self.db)
            .await?
            .into_iter()
            .map(|c| (c.id, c))
            .collect();
        let values = |c: &customer::Model| {
            let mut values = params.clone();
            values.insert("customer.name".to_owned(), c.name.clone());
            values.insert("customer.customerNo".to_owned(), c.customer_no.clone());
            values
        };
        let mut outcomes: Vec<(i64, std::result::Result<(), String>)> = Vec::new();
        if batch.channel == IN_APP {
            let mut messages = Vec::new();
            for row in &rows {
                match customers.get(&row.customer_id) {
                    Some(c) => {
                        let values = values(c);
                        let text = placeholder::fill(&batch.content, |n| values.get(n).cloned());
                        messages.push(customer_message::ActiveModel {
                            customer_id: Set(c.id),
                            batch_id: Set(Some(batch.id)),
                            title: Set(batch.template_name.clone()),
                            content: Set(text.chars().take(1000).collect()),
                            read_at: Set(None),
                            created_at: Set(self.clock.now()),
                            ..Default::default()
                        });
                        outcomes.push((row.id, Ok(())));
                    }
                    None => outcomes.push((row.id, Err("客户不存在".to_owned()))),
                }
            }
            let txn = store::begin_write(&self.db).await?;
            if !messages.is_empty() {
                customer_message::Entity::insert_many(messages)
                    .exec(&txn)
                    .await?;
            }
            self.mark(&txn, &outcomes, token).await?;
            txn.commit().await?;
            return Ok(());
        }
        let code = batch.sms_template_code.clone().unwrap_or_default();
        let needed = match sms_template::Entity::find()
            .filter(sms_template::Column::Code.eq(&code))
            .one(&self.db)
            .await?
        {
            Some(t) => placeholder::names(&t.content, SMS_PLACEHOLDERS).unwrap_or_default(),
            None => Vec::new(),
        };
        for row in &rows {
            let outcome = match customers.get(&row.customer_id) {
                None => Err("客户不存在".to_owned()),
                Some(c) => match self.secrets.decrypt(&c.mobile_enc) {
                    Err(_) => Err("客户手机号无法解密".to_owned()),
                    Ok(mobile) => {
                        let all: BTreeMap<String, String> = values(c)
                            .into_iter()
                            .map(|(k, v)| (sms_name(&k), v))
                            .collect();
                        let sms_params: BTreeMap<String, String> = all
                            .into_iter()
                            .filter(|(k, _)| needed.contains(k))
                            .collect();
                        match self.sms.send_template(&mobile, &code, &sms_params).await {
                            Ok(result) => result,
                            Err(e) => Err(e.to_string()),
                        }
                    }
                },
            };
            outcomes.push((row.id, outcome));
        }
        self.mark(&self.db, &outcomes, token).await
    }

    /// Marks claimed rows SENT or FAILED (only rows still claimed with `token`).
    async fn mark(
        &self,
        conn: &impl ConnectionTrait,
        outcomes: &[(i64, std::result::Result<(), String>)],
        token: &str,
    ) -> Result<()> {
        let now = self.clock.now();
        let sent: Vec<i64> = outcomes
            .iter()
            .filter(|(_, o)| o.is_ok())
            .map(|(id, _)| *id)
            .collect();
        if !sent.is_empty() {
            notice_recipient::Entity::update_many()
                .col_expr(notice_recipient::Column::Status, Expr::value(SENT))
                .col_expr(notice_recipient::Column::Reason, Expr::value(""))
                .col_expr(notice_recipient::Column::SentAt, Expr::value(Some(now)))
                .col_expr(notice_recipient::Column::UpdatedAt, Expr::value(now))
                .filter(notice_recipient::Column::Id.is_in(sent))
                .filter(notice_recipient::Column::ClaimToken.eq(token))
                .filter(notice_recipient::Column::Status.eq(SENDING))
                .exec(conn)
                .await?;
        }
        for (id, outcome) in outcomes {
            if let Err(reason) = outcome {
                notice_recipient::Entity::update_many()
                    .col_expr(notice_recipient::Column::Status, Expr::value(FAILED))
                    .col_expr(
                        notice_recipient::Column::Reason,
                        Expr::value(reason.chars().take(500).collect::<String>()),
                    )
                    .col_expr(notice_recipient::Column::UpdatedAt, Expr::value(now))
                    .filter(notice_recipient::Column::Id.eq(*id))
                    .filter(notice_recipient::Column::ClaimToken.eq(token))
                    .filter(notice_recipient::Column::Status.eq(SENDING))
                    .exec(conn)
                    .await?;
            }
        }
        Ok(())
    }

    /// Recomputes a batch's counters; a RUNNING batch with nothing pending becomes FINISHED
    /// (through the transition mechanism: the status log records it).
    async fn refresh_batch(&self, batch_id: i64) -> Result<()> {
        let counts = counts(&self.db, batch_id).await?;
        let get = |s: &str| counts.get(s).copied().unwrap_or_default();
        let pending = get(QUEUED) + get(SENDING);
        let now = self.clock.now();
        notice_batch::Entity::update_many()
            .col_expr(notice_batch::Column::Sent, Expr::value(to_i32(get(SENT))))
            .col_expr(
                notice_batch::Column::Failed,
                Expr::value(to_i32(get(FAILED))),
            )
            .col_expr(notice_batch::Column::UpdatedAt, Expr::value(now))
            .filter(notice_batch::Column::Id.eq(batch_id))
            .exec(&self.db)
            .await?;
        if pending > 0 {
            return Ok(());
        }
        let txn = store::begin_write(&self.db).await?;
        let Some(batch) = notice_batch::Entity::find_by_id(batch_id).one(&txn).await? else {
            return Ok(());
        };
        if batch.status != NoticeStatus::Running.code() {
            return Ok(());
        }
        let finished = transition::apply::<notice_batch::Entity, _, _>(
            &txn,
            &By::system("notices"),
            now,
            Change {
                id: batch_id,
                from: NoticeStatus::Running,
                to: NoticeStatus::Finished,
                version: batch.version,
                event: "finish",
                reason: "",
            },
            vec![(notice_batch::Column::FinishedAt, Expr::value(Some(now)))],
            None,
        )
        .await;
        match finished {
            Ok(_) => txn.commit().await?,
            // Another worker finished it (or a retry started it again) in between.
            Err(Error::Conflict(_)) => {}
            Err(e) => return Err(e),
        }
        Ok(())
    }
}

/// Queues a system notice (no sender: the nightly run, docs/surrenders.md) from the template
/// `code` to one customer, in the caller's transaction; the worker delivers it. Answers the
/// batch, or `None` when the template is missing, disabled, not in-app without its SMS template,
/// or needs a value `params` does not give (the notice is then recorded without a delivery).
pub(crate) async fn queue_system_notice<C: ConnectionTrait>(
    conn: &C,
    now: chrono::DateTime<chrono::Utc>,
    code: &str,
    customer_id: i64,
    params: &BTreeMap<String, String>,
    target: serde_json::Value,
) -> Result<Option<i64>> {
    let Some(template) = notice_template::Entity::find()
        .filter(notice_template::Column::Code.eq(code))
        .one(conn)
        .await?
    else {
        return Ok(None);
    };
    if !template.enabled {
        return Ok(None);
    }
    let Ok((_, names)) = split_placeholders(&template.content) else {
        return Ok(None);
    };
    if names.iter().any(|n| !params.contains_key(n)) {
        return Ok(None);
    }
    let sms_code = match template.sms_template_id {
        Some(id) if template.channel == SMS => sms_template::Entity::find_by_id(id)
            .one(conn)
            .await?
            .map(|t| t.code),
        _ => None,
    };
    if template.channel == SMS && sms_code.is_none() {
        return Ok(None);
    }
    let Some(who) = customer::Entity::find_by_id(customer_id).one(conn).await? else {
        return Ok(None);
    };
    let used: BTreeMap<&String, &String> =
        params.iter().filter(|(k, _)| names.contains(k)).collect();
    let batch = notice_batch::ActiveModel {
        notice_template_id: Set(template.id),
        template_code: Set(template.code.clone()),
        template_name: Set(template.name.clone()),
        channel: Set(template.channel.clone()),
        content: Set(template.content.clone()),
        sms_template_code: Set(sms_code),
        params: Set(serde_json::to_string(&used).map_err(Error::internal)?),
        target: Set(target.to_string()),
        status: Set(RUNNING.to_owned()),
        total: Set(1),
        sent: Set(0),
        failed: Set(0),
        finished_at: Set(None),
        created_at: Set(now),
        created_by: Set(None),
        updated_at: Set(now),
        updated_by: Set(None),
        version: Set(0),
        ..Default::default()
    }
    .insert(conn)
    .await?;
    notice_recipient::ActiveModel {
        batch_id: Set(batch.id),
        customer_id: Set(who.id),
        customer_name: Set(who.name),
        mobile_mask: Set(who.mobile_mask),
        status: Set(QUEUED.to_owned()),
        attempts: Set(0),
        reason: Set(String::new()),
        claim_token: Set(None),
        claimed_at: Set(None),
        sent_at: Set(None),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(conn)
    .await?;
    Ok(Some(batch.id))
}

#[cfg(test)]
mod status_codes {
    use super::*;

    #[test]
    fn the_stored_codes_are_the_domain_statuses() {
        for (code, status) in [
            (QUEUED, DeliveryStatus::Queued),
            (SENDING, DeliveryStatus::Sending),
            (SENT, DeliveryStatus::Sent),
            (FAILED, DeliveryStatus::Failed),
        ] {
            assert_eq!(code, status.code());
        }
        assert_eq!(RUNNING, NoticeStatus::Running.code());
    }
}
