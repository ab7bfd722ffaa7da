//! 短信/OCR使用记录: every use of an outside provider, read-only. Targets are stored masked.

use crate::export::{Cell, ExportColumn, Exportable, Exported};
use crate::paging::{self, Page, PageRequest};
use crate::principal::{ClientInfo, Principal};
use crate::{Beehive, Error, Result};
use store::entity::provider_usage;
use store::sea_orm::{ColumnTrait, EntityTrait, Order, QueryFilter, Select};

use domain::permission::codes::ICL_INTERFACE_EXPORT as EXPORT;
use domain::permission::codes::ICL_INTERFACE_TABLE as TABLE;

/// Filters of the usage list.
#[derive(Debug, Clone, Default)]
pub struct UsageFilter {
    /// Epoch ms, inclusive.
    pub from: Option<i64>,
    pub to: Option<i64>,
    /// `sms` or `ocr`.
    pub kind: Option<String>,
    /// `outbox`, `aliyun`, `manual`, ...
    pub provider: Option<String>,
    /// `success` or `failure`.
    pub outcome: Option<String>,
    /// Contained in the (masked) target.
    pub target: Option<String>,
}

pub type UsageRow = provider_usage::Model;

const SORTS: &[(&str, provider_usage::Column)] = &[
    ("createdAt", provider_usage::Column::CreatedAt),
    ("id", provider_usage::Column::Id),
];

fn query(filter: &UsageFilter) -> Result<Select<provider_usage::Entity>> {
    let mut query = provider_usage::Entity::find();
    if let Some(from) = filter.from {
        query = query
            .filter(provider_usage::Column::CreatedAt.gte(paging::time_from_ms("from", from)?));
    }
    if let Some(to) = filter.to {
        query =
            query.filter(provider_usage::Column::CreatedAt.lte(paging::time_from_ms("to", to)?));
    }
    match paging::text("kind", filter.kind.as_deref())? {
        None => {}
        Some(k @ ("sms" | "ocr")) => query = query.filter(provider_usage::Column::Kind.eq(k)),
        Some(_) => return Err(Error::invalid("kind", "类型 kind 只能是 sms 或 ocr")),
    }
    if let Some(provider) = paging::text("provider", filter.provider.as_deref())? {
        query = query.filter(provider_usage::Column::Provider.eq(provider));
    }
    match paging::text("outcome", filter.outcome.as_deref())? {
        None => {}
        Some(o @ ("success" | "failure")) => {
            query = query.filter(provider_usage::Column::Outcome.eq(o));
        }
        Some(_) => {
            return Err(Error::invalid(
                "outcome",
                "结果 outcome 只能是 success 或 failure",
            ));
        }
    }
    if let Some(target) = paging::text("target", filter.target.as_deref())? {
        query = query.filter(paging::contains(provider_usage::Column::Target, target));
    }
    Ok(query)
}

fn kind_zh(kind: &str) -> &str {
    match kind {
        "sms" => "短信",
        "ocr" => "OCR",
        other => other,
    }
}

fn provider_zh(provider: &str) -> &str {
    match provider {
        "outbox" => "内置发件箱",
        "aliyun" => "阿里云短信",
        "manual" => "人工录入",
        other => other,
    }
}

impl Exportable for provider_usage::Model {
    const SHEET: &'static str = "短信OCR使用记录";
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
                header: "类型",
                width: 8.0,
                value: |r| Cell::from(kind_zh(&r.kind)),
            },
            ExportColumn {
                header: "服务商",
                width: 14.0,
                value: |r| Cell::from(provider_zh(&r.provider)),
            },
            ExportColumn {
                header: "对象",
                width: 16.0,
                value: |r| Cell::from(r.target.as_str()),
            },
            ExportColumn {
                header: "模板编码",
                width: 18.0,
                value: |r| Cell::from(r.template_code.as_str()),
            },
            ExportColumn {
                header: "结果",
                width: 8.0,
                value: |r| {
                    Cell::from(if r.outcome == "success" {
                        "成功"
                    } else {
                        "失败"
                    })
                },
            },
            ExportColumn {
                header: "失败原因",
                width: 40.0,
                value: |r| Cell::from(r.error_message.as_str()),
            },
            ExportColumn {
                header: "计费条数",
                width: 10.0,
                value: |r| Cell::from(i64::from(r.cost_units)),
            },
        ]
    }
}

impl Beehive {
    /// One page of the usage records, newest first by default.
    pub async fn usage_page(
        &self,
        me: &Principal,
        request: &PageRequest,
        filter: &UsageFilter,
    ) -> Result<Page<UsageRow>> {
        me.require(TABLE)?;
        let paging = request.check(SORTS, (provider_usage::Column::CreatedAt, Order::Desc))?;
        let query = paging.order(query(filter)?, provider_usage::Column::Id);
        let (rows, total) = paging.fetch(&self.db, query).await?;
        Ok(paging.page_of(rows, total))
    }

    /// Exports the usage records matching the filters.
    pub async fn export_usage(
        &self,
        me: &Principal,
        client: &ClientInfo,
        request: &PageRequest,
        filter: &UsageFilter,
    ) -> Result<Exported> {
        me.require(EXPORT)?;
        let paging = request.check(SORTS, (provider_usage::Column::CreatedAt, Order::Desc))?;
        let query = paging.order(query(filter)?, provider_usage::Column::Id);
        self.export_list(me, client, "provider_usage", query).await
    }
}
