//! 订单规则配置, part two: versioned financing products and the schedule calculator.
//!
//! A product is a code; each version holds the full `ProductTerms`, stored as the JSON snapshot
//! an order copies. A DRAFT version is edited in place; editing an ACTIVE or RETIRED version
//! leaves it untouched and puts the new terms in a new DRAFT version (version + 1), so the terms
//! of a version that was ever active never change. Activating a version retires the code's
//! previously active one in the same transaction (at most one ACTIVE per code, backed by a
//! partial unique index). The calculator runs the domain's schedule and IRR functions on a
//! version's terms: the same numbers an order will store.

use super::order_rules::field_errors;
use crate::audit::log_change;
use crate::error::{FieldChecks, OrInvalid, conflict_on_unique};
use crate::export::{Cell, ExportColumn, Exportable, Exported};
use crate::paging::{self, Page, PageRequest};
use crate::principal::{ClientInfo, Principal};
use crate::transition::{self, By, Change, Logged};
use crate::{Beehive, Error, Result};
use chrono::{NaiveDate, Utc};
use domain::money::irr::{AnnualisedRate, annualised_rate};
use domain::money::product::RatePeriod;
use domain::money::{Fen, Plan, ProductTerms, generate_plan};
use domain::status::{ProductStatus, Status};
use domain::text;
use std::collections::HashMap;
use store::entity::product;
use store::sea_orm::sea_query::{Expr, ExprTrait, Query};
use store::sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, EntityTrait, Order, QueryFilter, QueryOrder, Select,
    Set,
};

use domain::permission::codes::CONFIG_ORDER as ORDER;

/// A product version as stored, its terms parsed.
#[derive(Debug, Clone)]
pub struct ProductVersion {
    pub row: product::Model,
    pub terms: ProductTerms,
}

/// A row of the product list: the latest version of each code.
#[derive(Debug, Clone)]
pub struct ProductRow {
    pub product: ProductVersion,
    /// The version currently ACTIVE for this code, if any.
    pub active_version: Option<i32>,
}

#[derive(Debug, Clone, Default)]
pub struct ProductFilter {
    /// Contained in the code or the name.
    pub keyword: Option<String>,
    pub status: Option<String>,
}

/// What create and update take (`code` is ignored by update).
#[derive(Debug, Clone)]
pub struct ProductInput {
    pub code: String,
    pub name: String,
    pub remark: Option<String>,
    pub terms: ProductTerms,
}

/// What a save did: the version that now holds the terms.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SavedProduct {
    pub id: i64,
    pub product_version: i32,
    /// A new DRAFT version was made (the edited one was ACTIVE or RETIRED).
    pub new_version: bool,
}

/// What the calculator takes.
#[derive(Debug, Clone)]
pub struct ScheduleInput {
    /// A product version's id.
    pub product_id: i64,
    pub principal_fen: i64,
    pub term: u32,
    pub anchor_date: NaiveDate,
}

/// One instalment of a calculated plan.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScheduleLine {
    pub seq: u32,
    pub due_date: NaiveDate,
    pub principal_fen: i64,
    pub interest_fen: i64,
    pub fee_fen: i64,
    /// Principal + interest + fee.
    pub total_fen: i64,
    /// Principal still owed after this instalment.
    pub remaining_fen: i64,
    pub is_deposit_offset: bool,
}

/// A calculated plan with its totals and rates.
#[derive(Debug, Clone)]
pub struct ScheduleQuote {
    pub product_id: i64,
    pub product_version: i32,
    pub plan: Plan,
    pub lines: Vec<ScheduleLine>,
    /// Σ of every instalment's total.
    pub total_repayment_fen: i64,
    /// The product's nominal rate as a yearly figure (a monthly rate × 12), in bp.
    pub nominal_annual_bp: i64,
    /// The annualised rate of the customer's cash flows; `None` when the flows have none (e.g.
    /// a single 期初 instalment paid at the start).
    pub annualised: Option<AnnualisedRate>,
}

/// A share in bp as `1.00%`; a daily rate in ppm as `0.0500%`.
fn percent_text(value: i64, places: u32) -> String {
    let scale = 10_i64.pow(places);
    format!(
        "{}.{:0width$}%",
        value / scale,
        (value % scale).abs(),
        width = places as usize
    )
}

fn term_i64(r: &product::Model, field: &str) -> i64 {
    r.terms[field].as_i64().unwrap_or_default()
}

fn method_name(code: &str) -> &str {
    match code {
        "ANNUITY" => "等额本息",
        "EQUAL_PRINCIPAL" => "等额本金",
        "FLAT" => "等本等息",
        "BULLET" => "先息后本",
        other => other,
    }
}

impl Exportable for product::Model {
    const SHEET: &'static str = "产品";
    fn columns() -> Vec<ExportColumn<Self>> {
        vec![
            ExportColumn {
                header: "产品编码",
                width: 16.0,
                value: |r| Cell::from(r.code.as_str()),
            },
            ExportColumn {
                header: "产品名称",
                width: 24.0,
                value: |r| Cell::from(r.name.as_str()),
            },
            ExportColumn {
                header: "版本",
                width: 8.0,
                value: |r| Cell::from(i64::from(r.product_version)),
            },
            ExportColumn {
                header: "状态",
                width: 10.0,
                value: |r| {
                    Cell::from(
                        ProductStatus::parse(&r.status).map_or(r.status.as_str(), |s| s.label()),
                    )
                },
            },
            ExportColumn {
                header: "还款方式",
                width: 12.0,
                value: |r| {
                    Cell::from(method_name(
                        r.terms["scheduleMethod"].as_str().unwrap_or_default(),
                    ))
                },
            },
            ExportColumn {
                header: "可选期数",
                width: 14.0,
                value: |r| {
                    let options: Vec<String> = r.terms["termOptions"]
                        .as_array()
                        .map(|a| a.iter().map(|v| v.to_string()).collect())
                        .unwrap_or_default();
                    Cell::from(options.join("/"))
                },
            },
            ExportColumn {
                header: "利率",
                width: 12.0,
                value: |r| {
                    let period = if r.terms["ratePeriod"] == "YEAR" {
                        "年"
                    } else {
                        "月"
                    };
                    Cell::from(format!(
                        "{}/{period}",
                        percent_text(term_i64(r, "rateBp"), 2)
                    ))
                },
            },
            ExportColumn {
                header: "手续费率",
                width: 10.0,
                value: |r| Cell::from(percent_text(term_i64(r, "feeRateBp"), 2)),
            },
            ExportColumn {
                header: "日罚息率",
                width: 10.0,
                value: |r| Cell::from(percent_text(term_i64(r, "penaltyRatePpmPerDay"), 4)),
            },
            ExportColumn {
                header: "宽限期（天）",
                width: 12.0,
                value: |r| Cell::from(term_i64(r, "penaltyGraceDays")),
            },
            ExportColumn {
                header: "罚息上限",
                width: 10.0,
                value: |r| Cell::from(percent_text(term_i64(r, "penaltyCapBpOfPrincipal"), 2)),
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
    Error::NotFound("产品不存在".to_owned())
}

fn check_code(code: &str) -> Result<String> {
    let code = code.trim();
    let mut chars = code.chars();
    let ok = chars.next().is_some_and(|c| c.is_ascii_uppercase())
        && chars.all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
        && (2..=64).contains(&code.len());
    if !ok {
        return Err(Error::invalid(
            "code",
            "产品编码须以大写字母开头，由 2 到 64 位大写字母、数字或下划线组成",
        ));
    }
    Ok(code.to_owned())
}

/// Checked code (only when creating: a version never changes it; answered empty otherwise),
/// name, remark and terms; every field's mistake in one answer.
fn check_input(
    input: &ProductInput,
    creating: bool,
) -> Result<(String, String, String, serde_json::Value)> {
    let mut c = FieldChecks::default();
    let code = if creating {
        c.check(check_code(&input.code))?
    } else {
        None
    };
    let name = c.check(text::required(&input.name, 64).or_invalid_as("name", "产品名称"))?;
    let remark = input
        .remark
        .as_deref()
        .unwrap_or_default()
        .trim()
        .to_owned();
    if remark.chars().count() > 500 {
        c.fail("remark", "备注不能超过 500 个字符");
    }
    c.check(
        input
            .terms
            .validate()
            .map_err(|errs| field_errors("terms.", errs)),
    )?;
    let Some(name) = name else {
        return Err(c.into_error());
    };
    c.finish()?;
    let terms = serde_json::to_value(&input.terms).map_err(Error::internal)?;
    Ok((code.unwrap_or_default(), name, remark, terms))
}

pub(crate) fn parse(row: product::Model) -> Result<ProductVersion> {
    let terms = serde_json::from_value(row.terms.clone()).map_err(Error::internal)?;
    Ok(ProductVersion { row, terms })
}

fn status_of(row: &product::Model) -> Result<ProductStatus> {
    ProductStatus::parse(&row.status)
        .ok_or_else(|| Error::internal(anyhow::anyhow!("unknown product status {}", row.status)))
}

fn latest_versions() -> Condition {
    Condition::all().add(
        product::Column::Id.in_subquery(
            Query::select()
                .expr(Expr::col(product::Column::Id).max())
                .from(product::Entity)
                .group_by_col(product::Column::Code)
                .to_owned(),
        ),
    )
}

fn filtered(filter: &ProductFilter) -> Result<Select<product::Entity>> {
    let mut query = product::Entity::find().filter(latest_versions());
    if let Some(keyword) = paging::text("keyword", filter.keyword.as_deref())? {
        query = query.filter(
            Condition::any()
                .add(paging::contains(product::Column::Code, keyword))
                .add(paging::contains(product::Column::Name, keyword)),
        );
    }
    match paging::text("status", filter.status.as_deref())? {
        None => {}
        Some(s) if ProductStatus::parse(s).is_some() => {
            query = query.filter(product::Column::Status.eq(s));
        }
        Some(_) => {
            return Err(Error::invalid(
                "status",
                "状态只能是 DRAFT、ACTIVE 或 RETIRED",
            ));
        }
    }
    Ok(query)
}

const SORTS: &[(&str, product::Column)] = &[
    ("code", product::Column::Code),
    ("updatedAt", product::Column::UpdatedAt),
    ("id", product::Column::Id),
];

/// The plan's lines with totals and remaining principal, and the rates.
pub fn quote(row: &product::Model, terms: &ProductTerms, plan: Plan) -> Result<ScheduleQuote> {
    let mut remaining = plan.principal_fen.get();
    let mut total_repayment = 0_i64;
    let mut lines = Vec::with_capacity(plan.items.len());
    for item in &plan.items {
        let total = item.total().or_invalid("principalFen")?.get();
        remaining -= item.principal_fen.get();
        total_repayment += total;
        lines.push(ScheduleLine {
            seq: item.seq,
            due_date: item.due_date,
            principal_fen: item.principal_fen.get(),
            interest_fen: item.interest_fen.get(),
            fee_fen: item.fee_fen.get(),
            total_fen: total,
            remaining_fen: remaining,
            is_deposit_offset: item.is_deposit_offset,
        });
    }
    let rate = i64::from(terms.rate_bp.get());
    let nominal_annual_bp = match terms.rate_period {
        RatePeriod::Month => rate * 12,
        RatePeriod::Year => rate,
    };
    let annualised = annualised_rate(&plan, terms.repay_timing).ok();
    Ok(ScheduleQuote {
        product_id: row.id,
        product_version: row.product_version,
        plan,
        lines,
        total_repayment_fen: total_repayment,
        nominal_annual_bp,
        annualised,
    })
}

impl Beehive {
    async fn product_row(
        &self,
        conn: &impl store::sea_orm::ConnectionTrait,
        id: i64,
    ) -> Result<product::Model> {
        product::Entity::find_by_id(id)
            .one(conn)
            .await?
            .ok_or_else(not_found)
    }

    /// One row per product code: its latest version, and which version is active.
    pub async fn product_page(
        &self,
        me: &Principal,
        request: &PageRequest,
        filter: &ProductFilter,
    ) -> Result<Page<ProductRow>> {
        me.require(ORDER)?;
        let paging = request.check(SORTS, (product::Column::UpdatedAt, Order::Desc))?;
        let query = paging.order(filtered(filter)?, product::Column::Id);
        let (rows, total) = paging.fetch(&self.db, query).await?;
        let codes: Vec<String> = rows.iter().map(|r| r.code.clone()).collect();
        let active: HashMap<String, i32> = if codes.is_empty() {
            HashMap::new()
        } else {
            product::Entity::find()
                .filter(product::Column::Code.is_in(codes))
                .filter(product::Column::Status.eq(ProductStatus::Active.code()))
                .all(&self.db)
                .await?
                .into_iter()
                .map(|r| (r.code, r.product_version))
                .collect()
        };
        let mut records = Vec::with_capacity(rows.len());
        for row in rows {
            records.push(ProductRow {
                active_version: active.get(&row.code).copied(),
                product: parse(row)?,
            });
        }
        Ok(paging.page_of(records, total))
    }

    /// Exports the product list (the latest version of each code, filtered like the list).
    pub async fn export_products(
        &self,
        me: &Principal,
        client: &ClientInfo,
        request: &PageRequest,
        filter: &ProductFilter,
    ) -> Result<Exported> {
        me.require(ORDER)?;
        let paging = request.check(SORTS, (product::Column::UpdatedAt, Order::Desc))?;
        let query = paging.order(filtered(filter)?, product::Column::Id);
        self.export_list(me, client, "product", query).await
    }

    /// One product version with its terms.
    pub async fn product_view(&self, me: &Principal, id: i64) -> Result<ProductVersion> {
        me.require(ORDER)?;
        parse(self.product_row(&self.db, id).await?)
    }

    /// Every version of the product whose version `id` is, newest first.
    pub async fn product_versions(&self, me: &Principal, id: i64) -> Result<Vec<ProductVersion>> {
        me.require(ORDER)?;
        let row = self.product_row(&self.db, id).await?;
        product::Entity::find()
            .filter(product::Column::Code.eq(row.code))
            .order_by_desc(product::Column::ProductVersion)
            .all(&self.db)
            .await?
            .into_iter()
            .map(parse)
            .collect()
    }

    /// The terms a new product starts with: the defaults, with the order rules' advance days,
    /// penalty cap and cure days.
    pub async fn product_defaults(&self, me: &Principal) -> Result<ProductTerms> {
        me.require(ORDER)?;
        Ok(self.current_order_rules().await?.new_product_terms())
    }

    /// Creates version 1 of a new product code, as a DRAFT.
    pub async fn create_product(
        &self,
        me: &Principal,
        client: &ClientInfo,
        input: ProductInput,
    ) -> Result<SavedProduct> {
        me.require(ORDER)?;
        let (code, name, remark, terms) = check_input(&input, true)?;
        let now = self.clock.now();
        let txn = store::begin_write(&self.db).await?;
        let taken = product::Entity::find()
            .filter(product::Column::Code.eq(&code))
            .one(&txn)
            .await?;
        if taken.is_some() {
            return Err(Error::Conflict("产品编码已存在".to_owned()));
        }
        let created = product::ActiveModel {
            code: Set(code.clone()),
            name: Set(name.clone()),
            product_version: Set(1),
            status: Set(ProductStatus::Draft.code().to_owned()),
            terms: Set(terms.clone()),
            remark: Set(remark),
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
        .map_err(|e| conflict_on_unique(e, "产品编码已存在"))?;
        log_change(
            &txn,
            me,
            client,
            "product.create",
            "product",
            Some(created.id),
            serde_json::json!({ "code": code, "name": name, "productVersion": 1, "terms": terms }),
            now,
        )
        .await?;
        txn.commit().await?;
        Ok(SavedProduct {
            id: created.id,
            product_version: 1,
            new_version: false,
        })
    }

    /// Saves a version: a DRAFT is changed in place; an ACTIVE or RETIRED one is left as it is
    /// and the terms go into a new DRAFT version (409 when the code already has a draft).
    pub async fn update_product(
        &self,
        me: &Principal,
        client: &ClientInfo,
        id: i64,
        input: ProductInput,
    ) -> Result<SavedProduct> {
        me.require(ORDER)?;
        let (_, name, remark, terms) = check_input(&input, false)?;
        let now = self.clock.now();
        let txn = store::begin_write(&self.db).await?;
        let row = self.product_row(&txn, id).await?;
        let saved = if status_of(&row)? == ProductStatus::Draft {
            store::save_if_unchanged(
                &txn,
                product::ActiveModel {
                    id: Set(id),
                    name: Set(name.clone()),
                    terms: Set(terms.clone()),
                    remark: Set(remark),
                    updated_at: Set(now),
                    updated_by: Set(Some(me.user_id)),
                    version: Set(row.version + 1),
                    ..Default::default()
                },
                product::Column::Version,
                row.version,
            )
            .await?;
            SavedProduct {
                id,
                product_version: row.product_version,
                new_version: false,
            }
        } else {
            let versions = product::Entity::find()
                .filter(product::Column::Code.eq(&row.code))
                .all(&txn)
                .await?;
            if let Some(draft) = versions
                .iter()
                .find(|v| v.status == ProductStatus::Draft.code())
            {
                return Err(Error::Conflict(format!(
                    "该产品已有草稿版本 V{}，请编辑该草稿",
                    draft.product_version
                )));
            }
            let next = versions
                .iter()
                .map(|v| v.product_version)
                .max()
                .unwrap_or(row.product_version)
                + 1;
            let created = product::ActiveModel {
                code: Set(row.code.clone()),
                name: Set(name.clone()),
                product_version: Set(next),
                status: Set(ProductStatus::Draft.code().to_owned()),
                terms: Set(terms.clone()),
                remark: Set(remark),
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
            .map_err(|e| conflict_on_unique(e, "该产品刚刚生成了新版本，请刷新后重试"))?;
            SavedProduct {
                id: created.id,
                product_version: next,
                new_version: true,
            }
        };
        log_change(
            &txn,
            me,
            client,
            "product.update",
            "product",
            Some(saved.id),
            serde_json::json!({
                "code": row.code,
                "name": name,
                "editedVersion": row.product_version,
                "productVersion": saved.product_version,
                "newVersion": saved.new_version,
                "before": row.terms,
                "after": terms,
            }),
            now,
        )
        .await?;
        txn.commit().await?;
        Ok(saved)
    }

    /// Makes version `id` the code's ACTIVE one; the previously active version is retired in the
    /// same transaction.
    pub async fn activate_product(
        &self,
        me: &Principal,
        client: &ClientInfo,
        id: i64,
    ) -> Result<()> {
        me.require(ORDER)?;
        let now = self.clock.now();
        let by = By::user(me, client);
        let txn = store::begin_write(&self.db).await?;
        let row = self.product_row(&txn, id).await?;
        let from = status_of(&row)?;
        // Checked before anything changes, so a refused activation retires nothing.
        from.check(ProductStatus::Active)?;
        let previous = product::Entity::find()
            .filter(product::Column::Code.eq(&row.code))
            .filter(product::Column::Status.eq(ProductStatus::Active.code()))
            .filter(product::Column::Id.ne(id))
            .one(&txn)
            .await?;
        if let Some(previous) = &previous {
            transition::apply::<product::Entity, _, _>(
                &txn,
                &by,
                now,
                Change {
                    id: previous.id,
                    from: ProductStatus::Active,
                    to: ProductStatus::Retired,
                    version: previous.version,
                    event: "superseded",
                    reason: "",
                },
                vec![
                    (product::Column::RetiredAt, Expr::value(Some(now))),
                    (product::Column::UpdatedAt, Expr::value(now)),
                    (product::Column::UpdatedBy, Expr::value(Some(me.user_id))),
                ],
                // The activation's own entry names the retired version.
                None,
            )
            .await?;
        }
        transition::apply::<product::Entity, _, _>(
            &txn,
            &by,
            now,
            Change {
                id,
                from,
                to: ProductStatus::Active,
                version: row.version,
                event: "activate",
                reason: "",
            },
            vec![
                (product::Column::ActivatedAt, Expr::value(Some(now))),
                (
                    product::Column::RetiredAt,
                    Expr::value(None::<chrono::DateTime<Utc>>),
                ),
                (product::Column::UpdatedAt, Expr::value(now)),
                (product::Column::UpdatedBy, Expr::value(Some(me.user_id))),
            ],
            Some(Logged {
                action: "product.activate",
                detail: serde_json::json!({
                    "code": row.code,
                    "productVersion": row.product_version,
                    "retiredVersion": previous.map(|p| p.product_version),
                }),
            }),
        )
        .await?;
        txn.commit().await?;
        Ok(())
    }

    /// Retires the ACTIVE version `id`: the code has no active version afterwards.
    pub async fn retire_product(&self, me: &Principal, client: &ClientInfo, id: i64) -> Result<()> {
        me.require(ORDER)?;
        let now = self.clock.now();
        let txn = store::begin_write(&self.db).await?;
        let row = self.product_row(&txn, id).await?;
        transition::apply::<product::Entity, _, _>(
            &txn,
            &By::user(me, client),
            now,
            Change {
                id,
                from: status_of(&row)?,
                to: ProductStatus::Retired,
                version: row.version,
                event: "retire",
                reason: "",
            },
            vec![
                (product::Column::RetiredAt, Expr::value(Some(now))),
                (product::Column::UpdatedAt, Expr::value(now)),
                (product::Column::UpdatedBy, Expr::value(Some(me.user_id))),
            ],
            Some(Logged {
                action: "product.retire",
                detail: serde_json::json!({ "code": row.code, "productVersion": row.product_version }),
            }),
        )
        .await?;
        txn.commit().await?;
        Ok(())
    }

    /// The plan a product version gives for a principal, term and anchor date: the domain's
    /// schedule and annualised rate, nothing recomputed here. The principal and term must be
    /// ones the product allows.
    pub async fn product_schedule(
        &self,
        me: &Principal,
        input: &ScheduleInput,
    ) -> Result<ScheduleQuote> {
        me.require(ORDER)?;
        let version = parse(self.product_row(&self.db, input.product_id).await?)?;
        let terms = &version.terms;
        if !terms.term_options.contains(&input.term) {
            let options: Vec<String> = terms.term_options.iter().map(u32::to_string).collect();
            return Err(Error::invalid(
                "term",
                format!("该产品的期数只能是 {} 期之一", options.join("、")),
            ));
        }
        let min = terms.min_principal(input.term).get();
        let max = terms.max_financed_fen.get();
        if input.principal_fen < min || input.principal_fen > max {
            return Err(Error::invalid(
                "principalFen",
                format!(
                    "融资本金须在 {} 元到 {} 元之间（{} 期）",
                    yuan(min),
                    yuan(max),
                    input.term
                ),
            ));
        }
        let plan = generate_plan(
            terms,
            Fen(input.principal_fen),
            input.term,
            input.anchor_date,
        )
        .or_invalid("principalFen")?;
        quote(&version.row, terms, plan)
    }
}

/// `123456` fen as `1234.56`.
fn yuan(fen: i64) -> String {
    format!("{}.{:02}", fen / 100, (fen % 100).abs())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_and_yuan() {
        assert!(check_code("CAR_12").is_ok());
        assert!(check_code("car").is_err());
        assert!(check_code("A").is_err());
        assert_eq!(yuan(100_000_000), "1000000.00");
        assert_eq!(yuan(1_205), "12.05");
        assert_eq!(percent_text(2_400, 2), "24.00%");
        assert_eq!(percent_text(500, 4), "0.0500%");
    }
}
