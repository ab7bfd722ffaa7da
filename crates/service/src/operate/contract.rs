//! 合同管理: versioned contract templates. A template is a code; each save of an ACTIVE (or
//! RETIRED) version makes a new DRAFT version (same code, version + 1) so that an ACTIVE
//! version's text never changes and issued contracts keep the text they were made from.
//! Activating a version retires the code's previously active one (at most one ACTIVE per
//! code, backed by a partial unique index). Bodies use `{{variable}}`s from a fixed catalogue.

use super::pdf::{self, DocumentText};
use crate::audit::log_change;
use crate::error::conflict_on_unique;
use crate::error::{FieldChecks, OrInvalid};
use crate::export::{Cell, ExportColumn, Exportable, Exported};
use crate::interface::templates::check_code;
use crate::paging::{self, Page, PageRequest};
use crate::principal::{ClientInfo, Principal};
use crate::transition::{self, By, Change, Logged};
use crate::{Beehive, Error, Result};
use chrono::Utc;
use domain::placeholder::{self, NameRule};
use domain::status::{Status, TemplateStatus};
use domain::text;
use store::entity::{capital_provider, contract_template};
use store::sea_orm::sea_query::{Expr, ExprTrait, Query};
use store::sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, EntityTrait, Order, QueryFilter, QueryOrder, Select,
    Set,
};

/// A contract template version as the service answers it.
pub type ContractTemplateModel = contract_template::Model;

use domain::permission::codes::TEMPLATE_CONTRACT_ACTIVATE as ACTIVATE;
use domain::permission::codes::TEMPLATE_CONTRACT_CREATE as CREATE;
use domain::permission::codes::TEMPLATE_CONTRACT_EXPORT as EXPORT;
use domain::permission::codes::TEMPLATE_CONTRACT_TABLE as TABLE;
use domain::permission::codes::TEMPLATE_CONTRACT_UPDATE as UPDATE;
/// Capital-provider users read the templates that apply to them.
pub const CAPITAL: &str = domain::permission::CAPITAL_ORDER_TABLE;

const DRAFT: &str = "DRAFT";
const ACTIVE: &str = "ACTIVE";

/// The document kinds (code, Chinese name).
pub const DOC_KINDS: &[(&str, &str)] = &[
    ("LOAN_CONTRACT", "借款合同"),
    ("SERVICE_AGREEMENT", "服务协议"),
    ("OWNER_DECLARATION", "车主声明"),
    ("POWER_OF_ATTORNEY", "授权委托书"),
    ("WITHHOLDING_AUTH", "代扣授权书"),
    ("PRIVACY_AUTH", "个人信息授权书"),
    ("SETTLEMENT_CERTIFICATE", "结清证明"),
];

/// A variable a body may use: its name, what it means, and the sample the preview shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Variable {
    pub name: &'static str,
    pub label: &'static str,
    pub sample: &'static str,
}

const fn var(name: &'static str, label: &'static str, sample: &'static str) -> Variable {
    Variable {
        name,
        label,
        sample,
    }
}

/// The variable catalogue: what a contract can be filled with when it is issued.
pub const VARIABLES: &[Variable] = &[
    var("customer.name", "客户姓名/名称", "张三"),
    var("customer.idNo", "证件号码", "110101199003071234"),
    var("customer.mobile", "手机号码", "13800138000"),
    var("customer.address", "联系地址", "北京市朝阳区建国路88号"),
    var("customer.customerNo", "客户编号", "C20261122000001"),
    var("order.orderNo", "订单编号", "BH202611220001"),
    var("order.totalPremium", "保费总额（元）", "15,000.00"),
    var("order.downPayment", "首付金额（元）", "3,000.00"),
    var("order.financedAmount", "融资金额（元）", "12,000.00"),
    var(
        "order.financedAmountUpper",
        "融资金额（大写）",
        "壹万贰仟元整",
    ),
    var("order.termCount", "分期期数", "12"),
    var("order.annualRate", "年化利率", "7.20%"),
    var("order.instalmentAmount", "每期应还（元）", "1,040.00"),
    var("order.firstDueDate", "首期还款日", "2026年12月22日"),
    var("capital.name", "资金方名称", "示例银行股份有限公司"),
    var("vehicle.plateNo", "车牌号码", "京A12345"),
    var("vehicle.vin", "车架号（VIN）", "LSVAM4187C2184847"),
    var("vehicle.brandModel", "品牌型号", "大众 帕萨特 2.0T"),
    var("insurer.name", "保险公司", "中国人民财产保险股份有限公司"),
    var("bank.name", "代扣银行", "中国工商银行"),
    var("bank.cardNo", "代扣卡号", "6222 0200 0000 1234"),
    var("contract.no", "合同编号", "HT202611220001"),
    var("platform.name", "平台名称", "小蜜蜂任务共享系统"),
    var("today", "签署日期", ""),
    var("certificate.no", "证明编号", "JQ202611220001"),
    var("settle.date", "结清日期", "2027年11月22日"),
    var("settle.type", "结清方式", "正常结清"),
    var("settle.paidTotal", "已还合计（元）", "12,480.00"),
    var("settle.paidPrincipal", "已还本金（元）", "12,000.00"),
    var("settle.paidInterest", "已还利息（元）", "456.00"),
    var("settle.paidFee", "已还手续费（元）", "0.00"),
    var("settle.paidPenalty", "已还罚息（元）", "24.00"),
    var("settle.waived", "减免合计（元）", "0.00"),
];

pub fn variable(name: &str) -> Option<&'static Variable> {
    VARIABLES.iter().find(|v| v.name == name)
}

fn kind_name(code: &str) -> Option<&'static str> {
    DOC_KINDS.iter().find(|(c, _)| *c == code).map(|(_, n)| *n)
}

fn status_name(status: &str) -> String {
    TemplateStatus::parse(status).map_or_else(|| status.to_owned(), |s| s.label().to_owned())
}

/// A template row's status.
fn template_status(row: &contract_template::Model) -> Result<TemplateStatus> {
    TemplateStatus::parse(&row.status)
        .ok_or_else(|| Error::internal(anyhow::anyhow!("unknown template status {}", row.status)))
}

/// The variable names contract template bodies take (`{{ name }}`): any, checked against the
/// variable catalogue.
pub const CONTRACT_PLACEHOLDERS: NameRule = NameRule::Any;

/// The catalogue variables a body uses (in order of first use); an unknown one → 400 naming it.
pub fn check_body(body: &str) -> Result<Vec<String>> {
    let names = placeholder::names(body, CONTRACT_PLACEHOLDERS).or_invalid_as("body", "正文的")?;
    if let Some(name) = names.iter().find(|name| variable(name).is_none()) {
        return Err(Error::invalid(
            "body",
            format!("未知变量：{{{{{name}}}}}，请从变量列表中选择"),
        ));
    }
    Ok(names)
}

/// The body with every variable replaced by `value(name)`.
pub fn fill(body: &str, value: impl Fn(&str) -> String) -> Result<String> {
    placeholder::parse(body, CONTRACT_PLACEHOLDERS).or_invalid_as("body", "正文的")?;
    Ok(placeholder::fill(body, |name| Some(value(name))))
}

/// A row of the template list: the latest version of each code.
#[derive(Debug, Clone)]
pub struct TemplateRow {
    pub template: contract_template::Model,
    pub capital_provider_name: Option<String>,
    /// The version currently ACTIVE for this code, if any.
    pub active_version: Option<i32>,
}

#[derive(Debug, Clone, Default)]
pub struct TemplateFilter {
    /// Contained in the code or the name.
    pub keyword: Option<String>,
    pub doc_kind: Option<String>,
    pub status: Option<String>,
    pub capital_provider_id: Option<i64>,
}

/// What create and update take (`code` is ignored by update).
#[derive(Debug, Clone, Default)]
pub struct TemplateInput {
    pub code: String,
    pub name: String,
    pub doc_kind: String,
    pub capital_provider_id: Option<i64>,
    pub body: String,
    pub remark: Option<String>,
}

/// What a save did: the version that now holds the text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Saved {
    pub id: i64,
    pub template_version: i32,
    /// A new DRAFT version was made (the edited one was ACTIVE or RETIRED).
    pub new_version: bool,
}

/// A rendered PDF.
#[derive(Debug, Clone)]
pub struct RenderedPdf {
    pub file_name: String,
    pub bytes: Vec<u8>,
}

impl Exportable for contract_template::Model {
    const SHEET: &'static str = "合同模板";
    fn columns() -> Vec<ExportColumn<Self>> {
        vec![
            ExportColumn {
                header: "模板编码",
                width: 20.0,
                value: |r| Cell::from(r.code.as_str()),
            },
            ExportColumn {
                header: "模板名称",
                width: 24.0,
                value: |r| Cell::from(r.name.as_str()),
            },
            ExportColumn {
                header: "文书类型",
                width: 14.0,
                value: |r| Cell::from(kind_name(&r.doc_kind).unwrap_or(&r.doc_kind)),
            },
            ExportColumn {
                header: "资金方编号",
                width: 12.0,
                value: |r| Cell::from(r.capital_provider_id),
            },
            ExportColumn {
                header: "版本",
                width: 8.0,
                value: |r| Cell::from(i64::from(r.template_version)),
            },
            ExportColumn {
                header: "状态",
                width: 10.0,
                value: |r| Cell::from(status_name(&r.status)),
            },
            ExportColumn {
                header: "更新时间",
                width: 20.0,
                value: |r| Cell::from(r.updated_at),
            },
        ]
    }
}

fn not_found() -> Error {
    Error::NotFound("合同模板不存在".to_owned())
}

/// Checked name, kind, body (with its variables) and remark.
struct Checked {
    name: String,
    doc_kind: String,
    body: String,
    variables: Vec<String>,
    remark: String,
}

fn check_input(input: &TemplateInput) -> Result<Checked> {
    // Every field's mistake in one answer.
    let mut c = FieldChecks::default();
    let name = c.check(text::required(&input.name, 128).or_invalid_as("name", "模板名称"))?;
    let doc_kind = input.doc_kind.trim();
    if kind_name(doc_kind).is_none() {
        c.fail(
            "docKind",
            "请选择文书类型：借款合同、服务协议、车主声明、授权委托书或代扣授权书",
        );
    }
    let body = input.body.replace("\r\n", "\n");
    let variables = if body.trim().is_empty() {
        c.fail("body", "合同正文不能为空");
        None
    } else if body.chars().count() > 50_000 {
        c.fail("body", "合同正文不能超过 50000 个字符");
        None
    } else {
        c.check(check_body(&body))?
    };
    let remark = input
        .remark
        .as_deref()
        .unwrap_or_default()
        .trim()
        .to_owned();
    if remark.chars().count() > 500 {
        c.fail("remark", "备注不能超过 500 个字符");
    }
    let (Some(name), Some(variables)) = (name, variables) else {
        return Err(c.into_error());
    };
    c.finish()?;
    Ok(Checked {
        name,
        doc_kind: doc_kind.to_owned(),
        body,
        variables,
        remark,
    })
}

fn latest_versions() -> Condition {
    Condition::all().add(
        contract_template::Column::Id.in_subquery(
            Query::select()
                .expr(Expr::col(contract_template::Column::Id).max())
                .from(contract_template::Entity)
                .group_by_col(contract_template::Column::Code)
                .to_owned(),
        ),
    )
}

fn filtered(filter: &TemplateFilter) -> Result<Select<contract_template::Entity>> {
    let mut query = contract_template::Entity::find().filter(latest_versions());
    if let Some(keyword) = paging::text("keyword", filter.keyword.as_deref())? {
        query = query.filter(
            Condition::any()
                .add(paging::contains(contract_template::Column::Code, keyword))
                .add(paging::contains(contract_template::Column::Name, keyword)),
        );
    }
    if let Some(kind) = paging::text("docKind", filter.doc_kind.as_deref())? {
        if kind_name(kind).is_none() {
            return Err(Error::invalid("docKind", "文书类型不正确"));
        }
        query = query.filter(contract_template::Column::DocKind.eq(kind));
    }
    match paging::text("status", filter.status.as_deref())? {
        None => {}
        Some(s) if TemplateStatus::parse(s).is_some() => {
            query = query.filter(contract_template::Column::Status.eq(s));
        }
        Some(_) => {
            return Err(Error::invalid(
                "status",
                "状态只能是 DRAFT、ACTIVE 或 RETIRED",
            ));
        }
    }
    if let Some(provider) = filter.capital_provider_id {
        query = query.filter(contract_template::Column::CapitalProviderId.eq(provider));
    }
    Ok(query)
}

const SORTS: &[(&str, contract_template::Column)] = &[
    ("code", contract_template::Column::Code),
    ("updatedAt", contract_template::Column::UpdatedAt),
    ("id", contract_template::Column::Id),
];

/// Today's date in Asia/Shanghai, as contracts write it.
/// A business date as contracts write it: `2026年11月24日`.
fn date_text(day: chrono::NaiveDate) -> String {
    day.format("%Y年%m月%d日").to_string()
}

impl Beehive {
    async fn provider_names(
        &self,
        ids: impl Iterator<Item = i64>,
    ) -> Result<std::collections::HashMap<i64, String>> {
        let ids: Vec<i64> = ids.collect();
        if ids.is_empty() {
            return Ok(Default::default());
        }
        Ok(capital_provider::Entity::find()
            .filter(capital_provider::Column::Id.is_in(ids))
            .all(&self.db)
            .await?
            .into_iter()
            .map(|p| (p.id, p.name))
            .collect())
    }

    async fn check_provider(&self, id: Option<i64>) -> Result<Option<i64>> {
        let Some(id) = id else { return Ok(None) };
        capital_provider::Entity::find_by_id(id)
            .one(&self.db)
            .await?
            .ok_or_else(|| Error::invalid("capitalProviderId", "资金方不存在"))?;
        Ok(Some(id))
    }

    /// The capital providers a template can be tied to (id, name), for the editor's select.
    pub async fn contract_provider_options(&self, me: &Principal) -> Result<Vec<(i64, String)>> {
        me.require(TABLE)?;
        Ok(capital_provider::Entity::find()
            .order_by_asc(capital_provider::Column::Id)
            .all(&self.db)
            .await?
            .into_iter()
            .map(|p| (p.id, p.name))
            .collect())
    }

    /// One row per template code: its latest version.
    pub async fn contract_template_page(
        &self,
        me: &Principal,
        request: &PageRequest,
        filter: &TemplateFilter,
    ) -> Result<Page<TemplateRow>> {
        me.require(TABLE)?;
        let paging = request.check(SORTS, (contract_template::Column::UpdatedAt, Order::Desc))?;
        let query = paging.order(filtered(filter)?, contract_template::Column::Id);
        let (rows, total) = paging.fetch(&self.db, query).await?;
        let codes: Vec<String> = rows.iter().map(|r| r.code.clone()).collect();
        let active: std::collections::HashMap<String, i32> = if codes.is_empty() {
            Default::default()
        } else {
            contract_template::Entity::find()
                .filter(contract_template::Column::Code.is_in(codes))
                .filter(contract_template::Column::Status.eq(ACTIVE))
                .all(&self.db)
                .await?
                .into_iter()
                .map(|r| (r.code, r.template_version))
                .collect()
        };
        let names = self
            .provider_names(rows.iter().filter_map(|r| r.capital_provider_id))
            .await?;
        let records = rows
            .into_iter()
            .map(|template| TemplateRow {
                capital_provider_name: template
                    .capital_provider_id
                    .and_then(|id| names.get(&id).cloned()),
                active_version: active.get(&template.code).copied(),
                template,
            })
            .collect();
        Ok(paging.page_of(records, total))
    }

    pub async fn export_contract_templates(
        &self,
        me: &Principal,
        client: &ClientInfo,
        request: &PageRequest,
        filter: &TemplateFilter,
    ) -> Result<Exported> {
        me.require(EXPORT)?;
        let paging = request.check(SORTS, (contract_template::Column::UpdatedAt, Order::Desc))?;
        let query = paging.order(filtered(filter)?, contract_template::Column::Id);
        self.export_list(me, client, "contract_template", query)
            .await
    }

    /// Every version of the template whose version `id` is, newest first.
    pub async fn contract_template_versions(
        &self,
        me: &Principal,
        id: i64,
    ) -> Result<Vec<contract_template::Model>> {
        me.require(TABLE)?;
        let row = contract_template::Entity::find_by_id(id)
            .one(&self.db)
            .await?
            .ok_or_else(not_found)?;
        Ok(contract_template::Entity::find()
            .filter(contract_template::Column::Code.eq(row.code))
            .order_by_desc(contract_template::Column::TemplateVersion)
            .all(&self.db)
            .await?)
    }

    pub async fn contract_template_view(
        &self,
        me: &Principal,
        id: i64,
    ) -> Result<(contract_template::Model, Option<String>)> {
        me.require(TABLE)?;
        let row = contract_template::Entity::find_by_id(id)
            .one(&self.db)
            .await?
            .ok_or_else(not_found)?;
        let name = self
            .provider_names(row.capital_provider_id.into_iter())
            .await?
            .remove(&row.capital_provider_id.unwrap_or_default());
        Ok((row, name))
    }

    /// Creates version 1 of a new template code, as a DRAFT.
    pub async fn create_contract_template(
        &self,
        me: &Principal,
        client: &ClientInfo,
        input: TemplateInput,
    ) -> Result<Saved> {
        me.require(CREATE)?;
        let code = check_code(&input.code)?;
        let checked = check_input(&input)?;
        let provider = self.check_provider(input.capital_provider_id).await?;
        let now = self.clock.now();
        let txn = store::begin_write(&self.db).await?;
        let taken = contract_template::Entity::find()
            .filter(contract_template::Column::Code.eq(&code))
            .one(&txn)
            .await?;
        if taken.is_some() {
            return Err(Error::Conflict("模板编码已存在".to_owned()));
        }
        let created = contract_template::ActiveModel {
            code: Set(code.clone()),
            name: Set(checked.name.clone()),
            doc_kind: Set(checked.doc_kind.clone()),
            capital_provider_id: Set(provider),
            template_version: Set(1),
            status: Set(DRAFT.to_owned()),
            body: Set(checked.body),
            variables: Set(serde_json::to_string(&checked.variables).map_err(Error::internal)?),
            remark: Set(checked.remark),
            activated_at: Set(None),
            retired_at: Set(None),
            created_at: Set(now),
            created_by: Set(Some(me.user_id)),
            updated_at: Set(now),
            updated_by: Set(Some(me.user_id)),
            version: Set(0),
            ..Default::default()
        }
        .insert(&txn)
        .await
        .map_err(|e| conflict_on_unique(e, "模板编码已存在"))?;
        log_change(&txn, me, client, "contract_template.create", "contract_template", Some(created.id), serde_json::json!({ "code": code, "name": checked.name, "docKind": checked.doc_kind, "templateVersion": 1 }), self.clock.now())
        .await?;
        txn.commit().await?;
        Ok(Saved {
            id: created.id,
            template_version: 1,
            new_version: false,
        })
    }

    /// Saves a version: a DRAFT is changed in place; an ACTIVE or RETIRED one is left as it
    /// is and the text goes into a new DRAFT version (409 when the code already has a draft).
    pub async fn update_contract_template(
        &self,
        me: &Principal,
        client: &ClientInfo,
        id: i64,
        input: TemplateInput,
    ) -> Result<Saved> {
        me.require(UPDATE)?;
        let checked = check_input(&input)?;
        let provider = self.check_provider(input.capital_provider_id).await?;
        let now = self.clock.now();
        let txn = store::begin_write(&self.db).await?;
        let row = contract_template::Entity::find_by_id(id)
            .one(&txn)
            .await?
            .ok_or_else(not_found)?;
        let variables = serde_json::to_string(&checked.variables).map_err(Error::internal)?;
        let saved = if row.status == DRAFT {
            let updated = contract_template::Entity::update_many()
                .col_expr(
                    contract_template::Column::Name,
                    Expr::value(checked.name.clone()),
                )
                .col_expr(
                    contract_template::Column::DocKind,
                    Expr::value(checked.doc_kind.clone()),
                )
                .col_expr(
                    contract_template::Column::CapitalProviderId,
                    Expr::value(provider),
                )
                .col_expr(contract_template::Column::Body, Expr::value(checked.body))
                .col_expr(contract_template::Column::Variables, Expr::value(variables))
                .col_expr(
                    contract_template::Column::Remark,
                    Expr::value(checked.remark),
                )
                .col_expr(contract_template::Column::UpdatedAt, Expr::value(now))
                .col_expr(
                    contract_template::Column::UpdatedBy,
                    Expr::value(Some(me.user_id)),
                )
                .col_expr(
                    contract_template::Column::Version,
                    Expr::value(row.version + 1),
                )
                .filter(contract_template::Column::Id.eq(id))
                .filter(contract_template::Column::Status.eq(DRAFT))
                .exec(&txn)
                .await?;
            if updated.rows_affected == 0 {
                return Err(Error::Conflict(
                    "该版本已不是草稿（可能刚被启用），请刷新后重试".to_owned(),
                ));
            }
            Saved {
                id,
                template_version: row.template_version,
                new_version: false,
            }
        } else {
            let versions = contract_template::Entity::find()
                .filter(contract_template::Column::Code.eq(&row.code))
                .all(&txn)
                .await?;
            if let Some(draft) = versions.iter().find(|v| v.status == DRAFT) {
                return Err(Error::Conflict(format!(
                    "该模板已有草稿版本 V{}，请编辑该草稿",
                    draft.template_version
                )));
            }
            let next = versions
                .iter()
                .map(|v| v.template_version)
                .max()
                .unwrap_or(row.template_version)
                + 1;
            let created = contract_template::ActiveModel {
                code: Set(row.code.clone()),
                name: Set(checked.name.clone()),
                doc_kind: Set(checked.doc_kind.clone()),
                capital_provider_id: Set(provider),
                template_version: Set(next),
                status: Set(DRAFT.to_owned()),
                body: Set(checked.body),
                variables: Set(variables),
                remark: Set(checked.remark),
                activated_at: Set(None),
                retired_at: Set(None),
                created_at: Set(now),
                created_by: Set(Some(me.user_id)),
                updated_at: Set(now),
                updated_by: Set(Some(me.user_id)),
                version: Set(0),
                ..Default::default()
            }
            .insert(&txn)
            .await
            .map_err(|e| conflict_on_unique(e, "该模板刚刚生成了新版本，请刷新后重试"))?;
            Saved {
                id: created.id,
                template_version: next,
                new_version: true,
            }
        };
        log_change(
            &txn,
            me,
            client,
            "contract_template.update",
            "contract_template",
            Some(saved.id),
            serde_json::json!({
                "code": row.code,
                "editedVersion": row.template_version,
                "templateVersion": saved.template_version,
                "newVersion": saved.new_version,
            }),
            self.clock.now(),
        )
        .await?;
        txn.commit().await?;
        Ok(saved)
    }

    /// Makes version `id` the code's ACTIVE one; the previously active version is retired in the
    /// same transaction.
    pub async fn activate_contract_template(
        &self,
        me: &Principal,
        client: &ClientInfo,
        id: i64,
    ) -> Result<()> {
        me.require(ACTIVATE)?;
        let now = self.clock.now();
        let by = By::user(me, client);
        let txn = store::begin_write(&self.db).await?;
        let row = contract_template::Entity::find_by_id(id)
            .one(&txn)
            .await?
            .ok_or_else(not_found)?;
        let from = template_status(&row)?;
        let previous = contract_template::Entity::find()
            .filter(contract_template::Column::Code.eq(&row.code))
            .filter(contract_template::Column::Status.eq(ACTIVE))
            .filter(contract_template::Column::Id.ne(id))
            .one(&txn)
            .await?;
        if let Some(previous) = &previous {
            transition::apply::<contract_template::Entity, _, _>(
                &txn,
                &by,
                now,
                Change {
                    id: previous.id,
                    from: TemplateStatus::Active,
                    to: TemplateStatus::Retired,
                    version: previous.version,
                    event: "superseded",
                    reason: "",
                },
                vec![
                    (contract_template::Column::RetiredAt, Expr::value(Some(now))),
                    (contract_template::Column::UpdatedAt, Expr::value(now)),
                    (
                        contract_template::Column::UpdatedBy,
                        Expr::value(Some(me.user_id)),
                    ),
                ],
                // The activation's own entry names the retired version.
                None,
            )
            .await?;
        }
        transition::apply::<contract_template::Entity, _, _>(
            &txn,
            &by,
            now,
            Change {
                id,
                from,
                to: TemplateStatus::Active,
                version: row.version,
                event: "activate",
                reason: "",
            },
            vec![
                (
                    contract_template::Column::ActivatedAt,
                    Expr::value(Some(now)),
                ),
                (
                    contract_template::Column::RetiredAt,
                    Expr::value(None::<chrono::DateTime<Utc>>),
                ),
                (contract_template::Column::UpdatedAt, Expr::value(now)),
                (
                    contract_template::Column::UpdatedBy,
                    Expr::value(Some(me.user_id)),
                ),
            ],
            Some(Logged {
                action: "contract_template.activate",
                detail: serde_json::json!({
                    "code": row.code,
                    "templateVersion": row.template_version,
                    "retiredVersion": previous.map(|p| p.template_version),
                }),
            }),
        )
        .await?;
        txn.commit().await?;
        Ok(())
    }

    /// Retires the ACTIVE version `id`: the code has no active version afterwards.
    pub async fn retire_contract_template(
        &self,
        me: &Principal,
        client: &ClientInfo,
        id: i64,
    ) -> Result<()> {
        me.require(ACTIVATE)?;
        let now = self.clock.now();
        let txn = store::begin_write(&self.db).await?;
        let row = contract_template::Entity::find_by_id(id)
            .one(&txn)
            .await?
            .ok_or_else(not_found)?;
        transition::apply::<contract_template::Entity, _, _>(
            &txn,
            &By::user(me, client),
            now,
            Change {
                id,
                from: template_status(&row)?,
                to: TemplateStatus::Retired,
                version: row.version,
                event: "retire",
                reason: "",
            },
            vec![
                (contract_template::Column::RetiredAt, Expr::value(Some(now))),
                (contract_template::Column::UpdatedAt, Expr::value(now)),
                (contract_template::Column::UpdatedBy, Expr::value(Some(me.user_id))),
            ],
            Some(Logged {
                action: "contract_template.retire",
                detail: serde_json::json!({ "code": row.code, "templateVersion": row.template_version }),
            }),
        )
        .await?;
        txn.commit().await?;
        Ok(())
    }

    /// The version's text filled with sample values, as a PDF.
    pub async fn preview_contract_template(&self, me: &Principal, id: i64) -> Result<RenderedPdf> {
        me.require(TABLE)?;
        let row = contract_template::Entity::find_by_id(id)
            .one(&self.db)
            .await?
            .ok_or_else(not_found)?;
        self.render_preview(row).await
    }

    pub(crate) async fn render_preview(
        &self,
        row: contract_template::Model,
    ) -> Result<RenderedPdf> {
        let provider = self
            .provider_names(row.capital_provider_id.into_iter())
            .await?
            .remove(&row.capital_provider_id.unwrap_or_default());
        let today = date_text(self.business_date().await?);
        let body = fill(&row.body, |name| match name {
            "today" => today.clone(),
            "capital.name" => provider
                .clone()
                .unwrap_or_else(|| "示例银行股份有限公司".to_owned()),
            other => variable(other).map_or_else(String::new, |v| v.sample.to_owned()),
        })?;
        let subtitle = format!(
            "{} · 模板编码 {} · 第 {} 版（{}） · 样例数据预览",
            kind_name(&row.doc_kind).unwrap_or(&row.doc_kind),
            row.code,
            row.template_version,
            status_name(&row.status)
        );
        let title = row.name.clone();
        let bytes = tokio::task::spawn_blocking(move || {
            pdf::render(&DocumentText {
                title: &title,
                subtitle: &subtitle,
                body: &body,
            })
        })
        .await
        .map_err(Error::internal)??;
        Ok(RenderedPdf {
            file_name: format!("{}-V{}.pdf", row.code, row.template_version),
            bytes,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_variables() {
        assert!(check_body("{{customer.name").is_err());
        assert!(check_body("customer.name}}").is_err());
        assert!(check_body("{{}}").is_err());
        assert_eq!(
            check_body("{{customer.name}}{{today}}{{customer.name}}").ok(),
            Some(vec!["customer.name".to_owned(), "today".to_owned()])
        );
        let err = check_body("{{customer.nmae}}").err().map(|e| e.to_string());
        assert!(err.is_some_and(|m| m.contains("{{customer.nmae}}")));
    }

    #[test]
    fn fills_and_codes() {
        assert_eq!(
            fill("甲方：{{customer.name}}。", |n| format!("<{n}>")).ok(),
            Some("甲方：<customer.name>。".to_owned())
        );
        assert_eq!(
            chrono::NaiveDate::from_ymd_opt(2023, 11, 5)
                .map(date_text)
                .as_deref(),
            Some("2023年11月05日")
        );
    }
}
