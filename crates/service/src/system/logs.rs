//! The journal (日志管理): the operation log and the login log, read-only.

use super::target_names::target_names;
use crate::export::{
    Cell, EXPORT_BATCH, ExportColumn, ExportSink, Exportable, Exported, log_export,
};
use crate::paging::{self, Page, PageRequest};
use crate::principal::{ClientInfo, Principal};
use crate::{Beehive, Error, Result};
use store::entity::{login_log, operation_log};
use store::sea_orm::{
    ColumnTrait, ConnectionTrait, EntityTrait, Order, PaginatorTrait, QueryFilter, Select,
};

use domain::permission::codes::LOGS_EXPORT as EXPORT;
use domain::permission::codes::LOGS_TABLE as TABLE;

/// Filters of the operation log.
#[derive(Debug, Clone, Default)]
pub struct OperationFilter {
    /// Epoch ms, inclusive.
    pub from: Option<i64>,
    pub to: Option<i64>,
    /// Contained in the actor's name.
    pub actor: Option<String>,
    /// Exact action, e.g. `role.update`.
    pub action: Option<String>,
    pub outcome: Option<String>,
}

/// Filters of the login log.
#[derive(Debug, Clone, Default)]
pub struct LoginFilter {
    pub from: Option<i64>,
    pub to: Option<i64>,
    /// Contained in the account as typed.
    pub account: Option<String>,
    pub outcome: Option<String>,
}

/// A row of the operation log with the name of its target, read with the page.
#[derive(Debug, Clone)]
pub struct OperationRow {
    pub log: operation_log::Model,
    /// What the target's own screen calls it now (a customer's name, an order's number, a
    /// role's name, …): `None` when its type has no name or the record is gone.
    pub target_name: Option<String>,
}

/// `rows` with their targets' names (one query per target type, `target_names`).
async fn named(
    conn: &impl ConnectionTrait,
    rows: Vec<operation_log::Model>,
) -> Result<Vec<OperationRow>> {
    let names = target_names(conn, &rows).await?;
    Ok(rows
        .into_iter()
        .zip(names)
        .map(|(log, target_name)| OperationRow { log, target_name })
        .collect())
}

pub type LoginRow = login_log::Model;

fn check_outcome(outcome: Option<&str>) -> Result<Option<String>> {
    match paging::text("outcome", outcome)? {
        None => Ok(None),
        Some(o @ ("success" | "failure")) => Ok(Some(o.to_owned())),
        Some(_) => Err(Error::invalid(
            "outcome",
            "结果 outcome 只能是 success 或 failure",
        )),
    }
}

fn range<C: ColumnTrait, E: EntityTrait>(
    mut query: Select<E>,
    column: C,
    from: Option<i64>,
    to: Option<i64>,
) -> Result<Select<E>> {
    if let Some(from) = from {
        query = query.filter(column.gte(paging::time_from_ms("from", from)?));
    }
    if let Some(to) = to {
        query = query.filter(column.lte(paging::time_from_ms("to", to)?));
    }
    Ok(query)
}

const OPERATION_SORTS: &[(&str, operation_log::Column)] = &[
    ("createdAt", operation_log::Column::CreatedAt),
    ("id", operation_log::Column::Id),
];

const LOGIN_SORTS: &[(&str, login_log::Column)] = &[
    ("createdAt", login_log::Column::CreatedAt),
    ("id", login_log::Column::Id),
];

fn operation_query(filter: &OperationFilter) -> Result<Select<operation_log::Entity>> {
    let mut query = range(
        operation_log::Entity::find(),
        operation_log::Column::CreatedAt,
        filter.from,
        filter.to,
    )?;
    if let Some(actor) = paging::text("actor", filter.actor.as_deref())? {
        query = query.filter(paging::contains(operation_log::Column::ActorName, actor));
    }
    if let Some(action) = paging::text("action", filter.action.as_deref())? {
        query = query.filter(operation_log::Column::Action.eq(action));
    }
    if let Some(outcome) = check_outcome(filter.outcome.as_deref())? {
        query = query.filter(operation_log::Column::Outcome.eq(outcome));
    }
    Ok(query)
}

fn login_query(filter: &LoginFilter) -> Result<Select<login_log::Entity>> {
    let mut query = range(
        login_log::Entity::find(),
        login_log::Column::CreatedAt,
        filter.from,
        filter.to,
    )?;
    if let Some(account) = paging::text("account", filter.account.as_deref())? {
        query = query.filter(paging::contains(login_log::Column::Account, account));
    }
    if let Some(outcome) = check_outcome(filter.outcome.as_deref())? {
        query = query.filter(login_log::Column::Outcome.eq(outcome));
    }
    Ok(query)
}

fn outcome_zh(outcome: &str) -> &'static str {
    if outcome == "success" {
        "成功"
    } else {
        "失败"
    }
}

impl Exportable for OperationRow {
    const SHEET: &'static str = "操作日志";
    fn columns() -> Vec<ExportColumn<Self>> {
        vec![
            ExportColumn {
                header: "编号",
                width: 8.0,
                value: |r| Cell::from(r.log.id),
            },
            ExportColumn {
                header: "时间",
                width: 20.0,
                value: |r| Cell::from(r.log.created_at),
            },
            ExportColumn {
                header: "操作人类型",
                width: 10.0,
                value: |r| Cell::from(r.log.actor_kind.as_str()),
            },
            ExportColumn {
                header: "操作人编号",
                width: 10.0,
                value: |r| Cell::from(r.log.actor_id),
            },
            ExportColumn {
                header: "操作人",
                width: 14.0,
                value: |r| Cell::from(r.log.actor_name.as_str()),
            },
            ExportColumn {
                header: "操作",
                width: 24.0,
                value: |r| Cell::from(r.log.action.as_str()),
            },
            ExportColumn {
                header: "对象类型",
                width: 14.0,
                value: |r| Cell::from(r.log.target_type.as_str()),
            },
            ExportColumn {
                header: "对象编号",
                width: 10.0,
                value: |r| Cell::from(r.log.target_id.clone()),
            },
            ExportColumn {
                header: "对象名称",
                width: 20.0,
                value: |r| Cell::from(r.target_name.clone()),
            },
            ExportColumn {
                header: "结果",
                width: 8.0,
                value: |r| Cell::from(outcome_zh(&r.log.outcome)),
            },
            ExportColumn {
                header: "详情",
                width: 40.0,
                value: |r| Cell::from(r.log.detail.as_str()),
            },
            ExportColumn {
                header: "IP",
                width: 16.0,
                value: |r| Cell::from(r.log.ip.clone()),
            },
            ExportColumn {
                header: "请求编号",
                width: 36.0,
                value: |r| Cell::from(r.log.request_id.clone()),
            },
        ]
    }
}

impl Exportable for login_log::Model {
    const SHEET: &'static str = "登录日志";
    fn columns() -> Vec<ExportColumn<Self>> {
        vec![
            ExportColumn {
                header: "编号",
                width: 8.0,
                value: |r| Cell::from(r.id),
            },
            ExportColumn {
                header: "时间",
                width: 20.0,
                value: |r| Cell::from(r.created_at),
            },
            ExportColumn {
                header: "账号",
                width: 18.0,
                value: |r| Cell::from(r.account.as_str()),
            },
            ExportColumn {
                header: "账号类型",
                width: 10.0,
                value: |r| Cell::from(r.account_kind.as_str()),
            },
            ExportColumn {
                header: "用户编号",
                width: 10.0,
                value: |r| Cell::from(r.user_id),
            },
            ExportColumn {
                header: "方式",
                width: 10.0,
                value: |r| Cell::from(r.method.as_str()),
            },
            ExportColumn {
                header: "结果",
                width: 8.0,
                value: |r| Cell::from(outcome_zh(&r.outcome)),
            },
            ExportColumn {
                header: "原因",
                width: 16.0,
                value: |r| Cell::from(r.reason.as_str()),
            },
            ExportColumn {
                header: "IP",
                width: 16.0,
                value: |r| Cell::from(r.ip.clone()),
            },
            ExportColumn {
                header: "浏览器",
                width: 40.0,
                value: |r| Cell::from(r.user_agent.clone()),
            },
        ]
    }
}

impl Beehive {
    pub async fn operation_log_page(
        &self,
        me: &Principal,
        request: &PageRequest,
        filter: &OperationFilter,
    ) -> Result<Page<OperationRow>> {
        me.require(TABLE)?;
        let paging = request.check(
            OPERATION_SORTS,
            (operation_log::Column::CreatedAt, Order::Desc),
        )?;
        let query = paging.order(operation_query(filter)?, operation_log::Column::Id);
        let (rows, total) = paging.fetch(&self.db, query).await?;
        Ok(paging.page_of(named(&self.db, rows).await?, total))
    }

    pub async fn login_log_page(
        &self,
        me: &Principal,
        request: &PageRequest,
        filter: &LoginFilter,
    ) -> Result<Page<LoginRow>> {
        me.require(TABLE)?;
        let paging = request.check(LOGIN_SORTS, (login_log::Column::CreatedAt, Order::Desc))?;
        let query = paging.order(login_query(filter)?, login_log::Column::Id);
        let (rows, total) = paging.fetch(&self.db, query).await?;
        Ok(paging.page_of(rows, total))
    }

    pub async fn export_operation_log(
        &self,
        me: &Principal,
        client: &ClientInfo,
        request: &PageRequest,
        filter: &OperationFilter,
    ) -> Result<Exported> {
        me.require(EXPORT)?;
        let paging = request.check(
            OPERATION_SORTS,
            (operation_log::Column::CreatedAt, Order::Desc),
        )?;
        let query = paging.order(operation_query(filter)?, operation_log::Column::Id);
        // Batches from one snapshot, each with its targets' names (as the page reads them).
        let txn = self.export_snapshot().await?;
        let mut sink = ExportSink::start();
        let mut batches = query.paginate(&txn, EXPORT_BATCH);
        while let Some(rows) = batches.fetch_and_next().await? {
            if !sink.write(named(&txn, rows).await?).await? {
                break;
            }
        }
        txn.commit().await?;
        let exported = self.finish_export(me, sink).await?;
        log_export(
            &self.db,
            me,
            client,
            "operation_log",
            &exported,
            self.clock.now(),
        )
        .await?;
        Ok(exported)
    }

    pub async fn export_login_log(
        &self,
        me: &Principal,
        client: &ClientInfo,
        request: &PageRequest,
        filter: &LoginFilter,
    ) -> Result<Exported> {
        me.require(EXPORT)?;
        let paging = request.check(LOGIN_SORTS, (login_log::Column::CreatedAt, Order::Desc))?;
        let query = paging.order(login_query(filter)?, login_log::Column::Id);
        self.export_list(me, client, "login_log", query).await
    }
}
