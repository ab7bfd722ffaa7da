//! 资金方管理 (admin:capital_company:table): capital providers and their terms, their bank
//! accounts (one default per purpose), their sign-in users, and a view of their e-signature
//! account.

use super::{check_account_no, check_bp};
use crate::audit::log_change;
use crate::error::conflict_on_unique;
use crate::error::{FieldChecks, OrInvalid};
use crate::export::log_export;
use crate::export::{Cell, EXPORT_BATCH, ExportColumn, ExportSink, Exportable, Exported};
use crate::files::FileContent;
use crate::paging::{self, Page, PageRequest};
use crate::principal::{AccountKind, ClientInfo, Principal};
use crate::system::{check_password, new_password};
use crate::transition::{self, By, Change, Logged};
use crate::{Beehive, Error, Result};
use chrono::{DateTime, Utc};
use domain::contact;
use domain::credit::{Credit, CreditError};
use domain::status::{EsignStatus, ProviderStatus, Status};
use domain::text;
use std::collections::HashMap;
use store::entity::{
    capital_esign_account, capital_provider, capital_provider_account, capital_user,
};
use store::save_if_unchanged;
use store::sea_orm::sea_query::Expr;
use store::sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, Order, PaginatorTrait,
    QueryFilter, QueryOrder, Select, Set,
};

use domain::permission::codes::CAPITAL_COMPANY_ACCOUNT as ACCOUNT;
use domain::permission::codes::CAPITAL_COMPANY_CREATE as CREATE;
use domain::permission::codes::CAPITAL_COMPANY_EXPORT as EXPORT;
use domain::permission::codes::CAPITAL_COMPANY_RESET_PASSWORD as RESET_PASSWORD;
use domain::permission::codes::CAPITAL_COMPANY_SIGN_OUT as SIGN_OUT;
use domain::permission::codes::CAPITAL_COMPANY_SIGNATURE as SIGNATURE;
use domain::permission::codes::CAPITAL_COMPANY_STATUS as STATUS;
use domain::permission::codes::CAPITAL_COMPANY_TABLE as TABLE;
use domain::permission::codes::CAPITAL_COMPANY_UPDATE as UPDATE;
use domain::permission::codes::CAPITAL_COMPANY_USER as USER;

pub const KINDS: [(&str, &str); 5] = [
    ("BANK", "银行"),
    ("CONSUMER_FINANCE", "消费金融公司"),
    ("MICRO_LOAN", "小额贷款公司"),
    ("FACTORING", "保理公司"),
    ("TRUST", "信托公司"),
];
pub const GUARANTEE_MODES: [(&str, &str); 3] = [
    ("NONE", "无担保"),
    ("PLATFORM_ADVANCE_AFTER_N_DAYS", "逾期 N 天平台代偿"),
    ("BUYBACK", "平台回购"),
];
pub const SETTLEMENT_CYCLES: [(&str, &str); 3] =
    [("T+0", "T+0"), ("T+1", "T+1"), ("MONTHLY", "按月")];
pub const ACCEPT_MODES: [(&str, &str); 2] = [("AUTO", "自动接单"), ("MANUAL", "人工确认")];
pub const PURPOSES: [(&str, &str); 3] = [
    ("DISBURSE", "放款账户"),
    ("COLLECT", "收款账户"),
    ("SETTLEMENT", "结算账户"),
];
/// The largest credit limit: 100 billion yuan, in fen.
pub const MAX_CREDIT_FEN: i64 = 10_000_000_000_000;

fn label<'a>(table: &'a [(&'a str, &'a str)], code: &'a str) -> &'a str {
    table
        .iter()
        .find(|(c, _)| *c == code)
        .map_or(code, |(_, l)| l)
}

fn one_of(field: &str, label: &str, table: &[(&str, &str)], value: &str) -> Result<String> {
    let value = value.trim();
    if table.iter().any(|(c, _)| *c == value) {
        Ok(value.to_owned())
    } else {
        let codes: Vec<&str> = table.iter().map(|(c, _)| *c).collect();
        Err(Error::invalid(
            field,
            format!("{label}只能是 {}", codes.join("、")),
        ))
    }
}

/// A status code from a request; else 400 naming `status`.
pub(crate) fn parse_status(status: &str) -> Result<ProviderStatus> {
    ProviderStatus::parse(status.trim())
        .ok_or_else(|| Error::invalid("status", "状态只能是 ACTIVE、PAUSED 或 TERMINATED"))
}

/// A provider's credit figures.
fn credit_of(p: &capital_provider::Model) -> Credit {
    Credit {
        limit_fen: p.credit_limit_fen,
        reserved_fen: p.credit_reserved_fen,
        used_fen: p.credit_used_fen,
    }
}

pub(crate) fn provider_not_found() -> Error {
    Error::NotFound("资金方不存在".to_owned())
}

fn account_not_found() -> Error {
    Error::NotFound("银行账户不存在".to_owned())
}

fn user_not_found() -> Error {
    Error::NotFound("资金方用户不存在".to_owned())
}

#[derive(Debug, Clone, Default)]
pub struct ProviderFilter {
    pub name: Option<String>,
    pub kind: Option<String>,
    pub status: Option<String>,
}

/// What an administrator enters for a provider. Money in fen, rates in basis points.
#[derive(Debug, Clone, Default)]
pub struct ProviderInput {
    pub name: String,
    pub kind: String,
    pub credit_limit_fen: i64,
    pub cost_rate_bp: i32,
    pub penalty_share_bp: i32,
    pub guarantee_mode: String,
    pub advance_after_days: i32,
    pub settlement_cycle: String,
    pub accept_mode: String,
    pub contact_name: Option<String>,
    pub contact_phone: Option<String>,
    pub notify_mobile: Option<String>,
}

/// A provider as the screens show it.
#[derive(Debug, Clone)]
pub struct ProviderRow {
    pub id: i64,
    pub name: String,
    pub kind: String,
    pub status: String,
    pub credit_limit_fen: i64,
    pub credit_reserved_fen: i64,
    pub credit_used_fen: i64,
    /// Limit − reserved − used (may be negative after a limit cut).
    pub credit_available_fen: i64,
    pub cost_rate_bp: i32,
    pub penalty_share_bp: i32,
    pub guarantee_mode: String,
    pub advance_after_days: i32,
    pub settlement_cycle: String,
    pub accept_mode: String,
    pub contact_name: String,
    /// Masked in lists and exports.
    pub contact_phone: String,
    /// Masked in lists and exports.
    pub notify_mobile: String,
    pub user_count: u64,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

pub(crate) fn provider_row(p: capital_provider::Model, mask: bool, user_count: u64) -> ProviderRow {
    let hide = |v: String| {
        if mask && !v.is_empty() {
            domain::mask::mobile(&v)
        } else {
            v
        }
    };
    ProviderRow {
        id: p.id,
        credit_available_fen: credit_of(&p).available(),
        name: p.name,
        kind: p.kind,
        status: p.status,
        credit_limit_fen: p.credit_limit_fen,
        credit_reserved_fen: p.credit_reserved_fen,
        credit_used_fen: p.credit_used_fen,
        cost_rate_bp: p.cost_rate_bp,
        penalty_share_bp: p.penalty_share_bp,
        guarantee_mode: p.guarantee_mode,
        advance_after_days: p.advance_after_days,
        settlement_cycle: p.settlement_cycle,
        accept_mode: p.accept_mode,
        contact_name: p.contact_name,
        contact_phone: hide(p.contact_phone),
        notify_mobile: hide(p.notify_mobile),
        user_count,
        created_at: p.created_at,
        updated_at: p.updated_at,
    }
}

/// Fen as yuan with two decimals: `123456` → `1234.56`.
pub fn yuan(fen: i64) -> String {
    let sign = if fen < 0 { "-" } else { "" };
    let abs = fen.unsigned_abs();
    format!("{sign}{}.{:02}", abs / 100, abs % 100)
}

impl Exportable for ProviderRow {
    const SHEET: &'static str = "资金方";
    fn columns() -> Vec<ExportColumn<Self>> {
        vec![
            ExportColumn {
                header: "编号",
                width: 8.0,
                value: |r| Cell::from(r.id),
            },
            ExportColumn {
                header: "资金方名称",
                width: 24.0,
                value: |r| Cell::from(r.name.as_str()),
            },
            ExportColumn {
                header: "类型",
                width: 14.0,
                value: |r| Cell::from(label(&KINDS, &r.kind)),
            },
            ExportColumn {
                header: "状态",
                width: 10.0,
                value: |r| {
                    Cell::from(
                        ProviderStatus::parse(&r.status)
                            .map_or_else(|| r.status.clone(), |s| s.label().to_owned()),
                    )
                },
            },
            ExportColumn {
                header: "授信额度（元）",
                width: 16.0,
                value: |r| Cell::from(yuan(r.credit_limit_fen)),
            },
            ExportColumn {
                header: "已占用（元）",
                width: 16.0,
                value: |r| Cell::from(yuan(r.credit_reserved_fen)),
            },
            ExportColumn {
                header: "已使用（元）",
                width: 16.0,
                value: |r| Cell::from(yuan(r.credit_used_fen)),
            },
            ExportColumn {
                header: "可用额度（元）",
                width: 16.0,
                value: |r| Cell::from(yuan(r.credit_available_fen)),
            },
            ExportColumn {
                header: "资金成本（基点）",
                width: 12.0,
                value: |r| Cell::from(i64::from(r.cost_rate_bp)),
            },
            ExportColumn {
                header: "罚息分成（基点）",
                width: 12.0,
                value: |r| Cell::from(i64::from(r.penalty_share_bp)),
            },
            ExportColumn {
                header: "担保方式",
                width: 18.0,
                value: |r| Cell::from(label(&GUARANTEE_MODES, &r.guarantee_mode)),
            },
            ExportColumn {
                header: "代偿天数",
                width: 10.0,
                value: |r| Cell::from(i64::from(r.advance_after_days)),
            },
            ExportColumn {
                header: "结算周期",
                width: 10.0,
                value: |r| Cell::from(label(&SETTLEMENT_CYCLES, &r.settlement_cycle)),
            },
            ExportColumn {
                header: "接单方式",
                width: 10.0,
                value: |r| Cell::from(label(&ACCEPT_MODES, &r.accept_mode)),
            },
            ExportColumn {
                header: "联系人",
                width: 12.0,
                value: |r| Cell::from(r.contact_name.as_str()),
            },
            ExportColumn {
                header: "联系电话",
                width: 16.0,
                value: |r| Cell::from(r.contact_phone.as_str()),
            },
            ExportColumn {
                header: "通知手机号",
                width: 16.0,
                value: |r| Cell::from(r.notify_mobile.as_str()),
            },
            ExportColumn {
                header: "创建时间",
                width: 20.0,
                value: |r| Cell::from(r.created_at),
            },
        ]
    }
}

const SORTS: &[(&str, capital_provider::Column)] = &[
    ("id", capital_provider::Column::Id),
    ("name", capital_provider::Column::NameKey),
    ("creditLimitFen", capital_provider::Column::CreditLimitFen),
    ("createdAt", capital_provider::Column::CreatedAt),
];

/// The "name" sort orders by the name's key, then the name (docs/lists.md "Sorting by name").
const NAME_SORT: (capital_provider::Column, capital_provider::Column) = (
    capital_provider::Column::NameKey,
    capital_provider::Column::Name,
);

fn filtered(filter: &ProviderFilter) -> Result<Select<capital_provider::Entity>> {
    let mut query = capital_provider::Entity::find();
    if let Some(v) = paging::text("name", filter.name.as_deref())? {
        query = query.filter(paging::contains(capital_provider::Column::Name, v));
    }
    if let Some(v) = paging::text("kind", filter.kind.as_deref())? {
        query = query.filter(capital_provider::Column::Kind.eq(v));
    }
    if let Some(v) = paging::text("status", filter.status.as_deref())? {
        query = query.filter(capital_provider::Column::Status.eq(v));
    }
    Ok(query)
}

async fn provider_rows(
    conn: &impl ConnectionTrait,
    found: Vec<capital_provider::Model>,
    mask: bool,
) -> Result<Vec<ProviderRow>> {
    let ids: Vec<i64> = found.iter().map(|p| p.id).collect();
    let mut counts: HashMap<i64, u64> = HashMap::new();
    for u in capital_user::Entity::find()
        .filter(capital_user::Column::CapitalProviderId.is_in(ids))
        .all(conn)
        .await?
    {
        *counts.entry(u.capital_provider_id).or_default() += 1;
    }
    Ok(found
        .into_iter()
        .map(|p| {
            let n = counts.get(&p.id).copied().unwrap_or_default();
            provider_row(p, mask, n)
        })
        .collect())
}

struct CheckedProvider {
    name: String,
    kind: String,
    credit_limit_fen: i64,
    cost_rate_bp: i32,
    penalty_share_bp: i32,
    guarantee_mode: String,
    advance_after_days: i32,
    settlement_cycle: String,
    accept_mode: String,
    contact_name: String,
    contact_phone: String,
    notify_mobile: String,
}

/// The provider's fields; each mistake goes into `c` (every one reported in one answer).
fn check_provider(c: &mut FieldChecks, input: &ProviderInput) -> Result<Option<CheckedProvider>> {
    let name = c.check(text::required(&input.name, 128).or_invalid_as("name", "资金方名称"))?;
    let kind = c.check(one_of("kind", "资金方类型", &KINDS, &input.kind))?;
    if !(0..=MAX_CREDIT_FEN).contains(&input.credit_limit_fen) {
        c.fail("creditLimitFen", "授信额度须在 0 到 1000 亿元之间");
    }
    let guarantee_mode = c.check(one_of(
        "guaranteeMode",
        "担保方式",
        &GUARANTEE_MODES,
        &input.guarantee_mode,
    ))?;
    let advancing = guarantee_mode.as_deref() == Some("PLATFORM_ADVANCE_AFTER_N_DAYS");
    if advancing && !(1..=365).contains(&input.advance_after_days) {
        c.fail("advanceAfterDays", "代偿天数须在 1 到 365 天之间");
    }
    let cost_rate_bp = c.check(check_bp(
        "costRateBp",
        "资金成本年化利率",
        input.cost_rate_bp,
        10_000,
    ))?;
    let penalty_share_bp = c.check(check_bp(
        "penaltyShareBp",
        "罚息分成比例",
        input.penalty_share_bp,
        10_000,
    ))?;
    let settlement_cycle = c.check(one_of(
        "settlementCycle",
        "结算周期",
        &SETTLEMENT_CYCLES,
        &input.settlement_cycle,
    ))?;
    let accept_mode = c.check(one_of(
        "acceptMode",
        "接单方式",
        &ACCEPT_MODES,
        &input.accept_mode,
    ))?;
    let contact_name = c.check(
        text::optional(input.contact_name.as_deref(), 64)
            .or_invalid_as("contactName", "联系人")
            .map(Option::unwrap_or_default),
    )?;
    let contact_phone = c.check(
        contact::optional_phone(input.contact_phone.as_deref()).or_invalid("contactPhone"),
    )?;
    let notify_mobile = c.check(
        contact::optional_mobile(input.notify_mobile.as_deref())
            .or_invalid("notifyMobile")
            .map(Option::unwrap_or_default),
    )?;
    let (
        Some(name),
        Some(kind),
        Some(guarantee_mode),
        Some(cost_rate_bp),
        Some(penalty_share_bp),
        Some(settlement_cycle),
        Some(accept_mode),
        Some(contact_name),
        Some(contact_phone),
        Some(notify_mobile),
    ) = (
        name,
        kind,
        guarantee_mode,
        cost_rate_bp,
        penalty_share_bp,
        settlement_cycle,
        accept_mode,
        contact_name,
        contact_phone,
        notify_mobile,
    )
    else {
        return Ok(None);
    };
    Ok(Some(CheckedProvider {
        name,
        kind,
        credit_limit_fen: input.credit_limit_fen,
        cost_rate_bp,
        penalty_share_bp,
        advance_after_days: if advancing {
            input.advance_after_days
        } else {
            input.advance_after_days.clamp(0, 365)
        },
        guarantee_mode,
        settlement_cycle,
        accept_mode,
        contact_name,
        contact_phone,
        notify_mobile,
    }))
}

/// Whether another provider (not `except`) already has `name`.
async fn name_taken(conn: &impl ConnectionTrait, name: &str, except: Option<i64>) -> Result<bool> {
    let mut query =
        capital_provider::Entity::find().filter(capital_provider::Column::Name.eq(name));
    if let Some(id) = except {
        query = query.filter(capital_provider::Column::Id.ne(id));
    }
    Ok(query.count(conn).await? > 0)
}

// ---------------------------------------------------------------------------------------------
// Bank accounts

#[derive(Debug, Clone, Default)]
pub struct ProviderAccountInput {
    pub purpose: String,
    pub bank_name: String,
    pub branch_name: Option<String>,
    pub account_name: String,
    /// Required for a new account; on an edit, absent keeps the stored number.
    pub account_no: Option<String>,
    pub is_default: bool,
}

/// A bank account's checked fields.
struct CheckedAccount {
    purpose: String,
    bank_name: String,
    branch_name: String,
    account_name: String,
    /// The plain number when one was given.
    number: Option<String>,
}

/// Every field of a bank account, every mistake in one answer (`new`: the number is required).
fn check_account(input: &ProviderAccountInput, new: bool) -> Result<CheckedAccount> {
    let mut c = FieldChecks::default();
    let purpose = c.check(one_of("purpose", "账户用途", &PURPOSES, &input.purpose))?;
    let bank_name =
        c.check(text::required(&input.bank_name, 64).or_invalid_as("bankName", "开户银行"))?;
    let branch_name = c.check(
        text::optional(input.branch_name.as_deref(), 128)
            .or_invalid_as("branchName", "开户支行")
            .map(Option::unwrap_or_default),
    )?;
    let account_name =
        c.check(text::required(&input.account_name, 128).or_invalid_as("accountName", "户名"))?;
    let number = match c.check(paging::text("accountNo", input.account_no.as_deref()))? {
        Some(Some(n)) => c.check(check_account_no("accountNo", n))?.map(Some),
        Some(None) if new => {
            c.fail("accountNo", "银行账号不能为空");
            None
        }
        Some(None) => Some(None),
        None => None,
    };
    let (Some(purpose), Some(bank_name), Some(branch_name), Some(account_name), Some(number)) =
        (purpose, bank_name, branch_name, account_name, number)
    else {
        return Err(c.into_error());
    };
    c.finish()?;
    Ok(CheckedAccount {
        purpose,
        bank_name,
        branch_name,
        account_name,
        number,
    })
}

#[derive(Debug, Clone)]
pub struct ProviderAccountRow {
    pub id: i64,
    pub capital_provider_id: i64,
    pub purpose: String,
    pub bank_name: String,
    pub branch_name: String,
    pub account_name: String,
    /// Masked: `6222********7890`.
    pub account_no_mask: String,
    pub is_default: bool,
    pub enabled: bool,
    pub created_at: DateTime<Utc>,
}

impl From<capital_provider_account::Model> for ProviderAccountRow {
    fn from(a: capital_provider_account::Model) -> Self {
        ProviderAccountRow {
            id: a.id,
            capital_provider_id: a.capital_provider_id,
            purpose: a.purpose,
            bank_name: a.bank_name,
            branch_name: a.branch_name,
            account_name: a.account_name,
            account_no_mask: a.account_no_mask,
            is_default: a.is_default,
            enabled: a.enabled,
            created_at: a.created_at,
        }
    }
}

/// A provider's accounts, by purpose then id.
pub(crate) async fn provider_accounts(
    conn: &impl ConnectionTrait,
    provider_id: i64,
) -> Result<Vec<ProviderAccountRow>> {
    Ok(capital_provider_account::Entity::find()
        .filter(capital_provider_account::Column::CapitalProviderId.eq(provider_id))
        .order_by_asc(capital_provider_account::Column::Purpose)
        .order_by_asc(capital_provider_account::Column::Id)
        .all(conn)
        .await?
        .into_iter()
        .map(Into::into)
        .collect())
}

/// Clears the default flag of every other account of the provider with that purpose: one
/// default per purpose, in the caller's transaction.
async fn clear_other_defaults(
    conn: &impl ConnectionTrait,
    provider_id: i64,
    purpose: &str,
    keep: i64,
) -> Result<()> {
    capital_provider_account::Entity::update_many()
        .col_expr(
            capital_provider_account::Column::IsDefault,
            store::sea_orm::sea_query::Expr::value(false),
        )
        .filter(capital_provider_account::Column::CapitalProviderId.eq(provider_id))
        .filter(capital_provider_account::Column::Purpose.eq(purpose))
        .filter(capital_provider_account::Column::Id.ne(keep))
        .exec(conn)
        .await?;
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Users

#[derive(Debug, Clone)]
pub struct CapitalUserRow {
    pub id: i64,
    pub capital_provider_id: i64,
    pub account: String,
    pub name: String,
    /// Masked (`138****5678`).
    pub mobile: Option<String>,
    pub enabled: bool,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Clone, Default)]
pub struct NewCapitalUser {
    pub account: String,
    pub name: String,
    pub mobile: Option<String>,
    /// MD5 hex of the chosen password; absent → generated and answered once.
    pub password: Option<String>,
}

// ---------------------------------------------------------------------------------------------
// E-signature account

/// A provider's e-signature account as both sides see it.
#[derive(Debug, Clone)]
pub struct EsignView {
    pub capital_provider_id: i64,
    pub org_name: String,
    pub credit_code: String,
    pub legal_representative: String,
    pub contact_mobile: String,
    pub seal_file_id: Option<i64>,
    pub seal_file_name: Option<String>,
    /// UNSUBMITTED, PENDING or VERIFIED.
    pub status: String,
    pub submitted_at: Option<DateTime<Utc>>,
    pub verified_at: Option<DateTime<Utc>>,
}

pub(crate) async fn esign_view(conn: &impl ConnectionTrait, provider_id: i64) -> Result<EsignView> {
    let found = capital_esign_account::Entity::find()
        .filter(capital_esign_account::Column::CapitalProviderId.eq(provider_id))
        .one(conn)
        .await?;
    esign_view_of(conn, provider_id, found).await
}

/// The view of provider `provider_id`'s e-signature account `found` (an empty draft if none).
pub(crate) async fn esign_view_of(
    conn: &impl ConnectionTrait,
    provider_id: i64,
    found: Option<capital_esign_account::Model>,
) -> Result<EsignView> {
    let Some(e) = found else {
        return Ok(EsignView {
            capital_provider_id: provider_id,
            org_name: String::new(),
            credit_code: String::new(),
            legal_representative: String::new(),
            contact_mobile: String::new(),
            seal_file_id: None,
            seal_file_name: None,
            status: EsignStatus::Unsubmitted.code().to_owned(),
            submitted_at: None,
            verified_at: None,
        });
    };
    let seal_file_name = match e.seal_file_id {
        Some(id) => store::entity::stored_file::Entity::find_by_id(id)
            .one(conn)
            .await?
            .map(|f| f.file_name),
        None => None,
    };
    Ok(EsignView {
        capital_provider_id: provider_id,
        org_name: e.org_name,
        credit_code: e.credit_code,
        legal_representative: e.legal_representative,
        contact_mobile: e.contact_mobile,
        seal_file_id: e.seal_file_id,
        seal_file_name,
        status: e.status,
        submitted_at: e.submitted_at,
        verified_at: e.verified_at,
    })
}

impl Beehive {
    async fn provider(
        &self,
        conn: &impl ConnectionTrait,
        id: i64,
    ) -> Result<capital_provider::Model> {
        capital_provider::Entity::find_by_id(id)
            .one(conn)
            .await?
            .ok_or_else(provider_not_found)
    }

    pub async fn provider_page(
        &self,
        me: &Principal,
        request: &PageRequest,
        filter: &ProviderFilter,
    ) -> Result<Page<ProviderRow>> {
        me.require(TABLE)?;
        let paging = request.check(SORTS, (capital_provider::Column::Id, Order::Desc))?;
        let query =
            paging.order_by_name(filtered(filter)?, NAME_SORT, capital_provider::Column::Id);
        let (found, total) = paging.fetch(&self.db, query).await?;
        Ok(paging.page_of(provider_rows(&self.db, found, true).await?, total))
    }

    pub async fn export_providers(
        &self,
        me: &Principal,
        client: &ClientInfo,
        request: &PageRequest,
        filter: &ProviderFilter,
    ) -> Result<Exported> {
        me.require(EXPORT)?;
        let paging = request.check(SORTS, (capital_provider::Column::Id, Order::Desc))?;
        let query =
            paging.order_by_name(filtered(filter)?, NAME_SORT, capital_provider::Column::Id);
        let txn = self.export_snapshot().await?;
        let mut sink = ExportSink::start();
        let mut batches = query.paginate(&txn, EXPORT_BATCH);
        while let Some(found) = batches.fetch_and_next().await? {
            if !sink.write(provider_rows(&txn, found, true).await?).await? {
                break;
            }
        }
        txn.commit().await?;
        let exported = self.finish_export(me, sink).await?;
        log_export(
            &self.db,
            me,
            client,
            "capital_provider",
            &exported,
            self.clock.now(),
        )
        .await?;
        Ok(exported)
    }

    /// One provider in full (contacts unmasked; the viewing is logged).
    pub async fn provider_view(
        &self,
        me: &Principal,
        client: &ClientInfo,
        id: i64,
    ) -> Result<ProviderRow> {
        me.require(TABLE)?;
        let found = self.provider(&self.db, id).await?;
        let name = found.name.clone();
        let row = provider_rows(&self.db, vec![found], false)
            .await?
            .into_iter()
            .next()
            .ok_or_else(provider_not_found)?;
        if !row.contact_phone.is_empty() || !row.notify_mobile.is_empty() {
            log_change(
                &self.db,
                me,
                client,
                "capital_provider.view_personal",
                "capital_provider",
                Some(id),
                serde_json::json!({ "name": name, "fields": ["contactPhone", "notifyMobile"] }),
                self.clock.now(),
            )
            .await?;
        }
        Ok(row)
    }

    pub async fn create_provider(
        &self,
        me: &Principal,
        client: &ClientInfo,
        input: ProviderInput,
    ) -> Result<i64> {
        me.require(CREATE)?;
        // Every field and the name's uniqueness in one answer.
        let mut checks = FieldChecks::default();
        let c = check_provider(&mut checks, &input)?;
        let txn = store::begin_write(&self.db).await?;
        if !checks.failed("name") && name_taken(&txn, input.name.trim(), None).await? {
            checks.fail("name", "资金方名称已存在");
        }
        let Some(c) = c else {
            return Err(checks.into_error());
        };
        checks.finish()?;
        let now = self.clock.now();
        let created = capital_provider::ActiveModel {
            name: Set(c.name.clone()),
            name_key: Set(domain::text::name_key(&c.name)),
            kind: Set(c.kind.clone()),
            status: Set(ProviderStatus::Active.code().to_owned()),
            credit_limit_fen: Set(c.credit_limit_fen),
            credit_reserved_fen: Set(0),
            credit_used_fen: Set(0),
            cost_rate_bp: Set(c.cost_rate_bp),
            penalty_share_bp: Set(c.penalty_share_bp),
            guarantee_mode: Set(c.guarantee_mode.clone()),
            advance_after_days: Set(c.advance_after_days),
            settlement_cycle: Set(c.settlement_cycle.clone()),
            accept_mode: Set(c.accept_mode.clone()),
            contact_name: Set(c.contact_name),
            contact_phone: Set(c.contact_phone),
            notify_mobile: Set(c.notify_mobile),
            created_at: Set(now),
            created_by: Set(Some(me.user_id)),
            updated_at: Set(now),
            updated_by: Set(Some(me.user_id)),
            version: Set(0),
            ..Default::default()
        }
        .insert(&txn)
        .await
        .map_err(|e| conflict_on_unique(e, "资金方名称已存在"))?;
        log_change(
            &txn,
            me,
            client,
            "capital_provider.create",
            "capital_provider",
            Some(created.id),
            serde_json::json!({
                "name": c.name, "kind": c.kind, "creditLimitFen": c.credit_limit_fen,
                "costRateBp": c.cost_rate_bp, "penaltyShareBp": c.penalty_share_bp,
                "guaranteeMode": c.guarantee_mode, "advanceAfterDays": c.advance_after_days,
                "settlementCycle": c.settlement_cycle, "acceptMode": c.accept_mode,
            }),
            self.clock.now(),
        )
        .await?;
        txn.commit().await?;
        Ok(created.id)
    }

    /// Changes a provider's terms. The credit limit may not go below what is reserved and used.
    pub async fn update_provider(
        &self,
        me: &Principal,
        client: &ClientInfo,
        id: i64,
        input: ProviderInput,
    ) -> Result<()> {
        me.require(UPDATE)?;
        // Every field, the limit against what is taken and the name's uniqueness in one answer.
        let mut checks = FieldChecks::default();
        let c = check_provider(&mut checks, &input)?;
        let txn = store::begin_write(&self.db).await?;
        let found = self.provider(&txn, id).await?;
        if !checks.failed("creditLimitFen")
            && let Err(refused) = credit_of(&found).check_limit(input.credit_limit_fen)
        {
            let message = match refused {
                CreditError::BelowTaken { taken_fen } => {
                    format!(
                        "授信额度不能低于已占用与已使用之和（{} 元）",
                        yuan(taken_fen)
                    )
                }
                other => other.to_string(),
            };
            checks.fail("creditLimitFen", message);
        }
        if !checks.failed("name") && name_taken(&txn, input.name.trim(), Some(id)).await? {
            checks.fail("name", "资金方名称已存在");
        }
        let Some(c) = c else {
            return Err(checks.into_error());
        };
        checks.finish()?;
        save_if_unchanged(
            &txn,
            capital_provider::ActiveModel {
                id: Set(id),
                name: Set(c.name.clone()),
                name_key: Set(domain::text::name_key(&c.name)),
                kind: Set(c.kind.clone()),
                credit_limit_fen: Set(c.credit_limit_fen),
                cost_rate_bp: Set(c.cost_rate_bp),
                penalty_share_bp: Set(c.penalty_share_bp),
                guarantee_mode: Set(c.guarantee_mode.clone()),
                advance_after_days: Set(c.advance_after_days),
                settlement_cycle: Set(c.settlement_cycle.clone()),
                accept_mode: Set(c.accept_mode.clone()),
                contact_name: Set(c.contact_name),
                contact_phone: Set(c.contact_phone),
                notify_mobile: Set(c.notify_mobile),
                updated_at: Set(self.clock.now()),
                updated_by: Set(Some(me.user_id)),
                version: Set(found.version + 1),
                ..Default::default()
            },
            capital_provider::Column::Version,
            found.version,
        )
        .await
        .map_err(|e| conflict_on_unique(e, "资金方名称已存在"))?;
        log_change(
            &txn,
            me,
            client,
            "capital_provider.update",
            "capital_provider",
            Some(id),
            serde_json::json!({
                "name": c.name, "kind": c.kind,
                "creditLimitFen": { "from": found.credit_limit_fen, "to": c.credit_limit_fen },
                "costRateBp": c.cost_rate_bp, "penaltyShareBp": c.penalty_share_bp,
                "guaranteeMode": c.guarantee_mode, "advanceAfterDays": c.advance_after_days,
                "settlementCycle": c.settlement_cycle, "acceptMode": c.accept_mode,
            }),
            self.clock.now(),
        )
        .await?;
        txn.commit().await?;
        Ok(())
    }

    /// ACTIVE, PAUSED or TERMINATED. Leaving ACTIVE ends the sessions of the provider's users
    /// (and sign-in refuses them while it is not ACTIVE); TERMINATED is final.
    pub async fn set_provider_status(
        &self,
        me: &Principal,
        client: &ClientInfo,
        id: i64,
        status: &str,
    ) -> Result<()> {
        me.require(STATUS)?;
        let to = parse_status(status)?;
        let txn = store::begin_write(&self.db).await?;
        let found = self.provider(&txn, id).await?;
        self.change_provider_status(&txn, &By::user(me, client), &found, to)
            .await?;
        txn.commit().await?;
        Ok(())
    }

    /// The one status change of a capital provider, for the screen and the command line: the
    /// transition table (TERMINATED is final), the compare-and-set, the status log, the
    /// operation log, and the sign-out of the provider's users when it stops being ACTIVE.
    pub(crate) async fn change_provider_status(
        &self,
        txn: &impl ConnectionTrait,
        by: &By,
        found: &capital_provider::Model,
        to: ProviderStatus,
    ) -> Result<()> {
        let from = ProviderStatus::parse(&found.status).ok_or_else(|| {
            Error::internal(anyhow::anyhow!("unknown provider status {}", found.status))
        })?;
        if from == ProviderStatus::Terminated {
            return Err(Error::Conflict(
                "已终止合作的资金方不能恢复，请新建资金方".to_owned(),
            ));
        }
        let now = self.clock.now();
        let mut signed_out = 0;
        if to != ProviderStatus::Active {
            for u in capital_user::Entity::find()
                .filter(capital_user::Column::CapitalProviderId.eq(found.id))
                .all(txn)
                .await?
            {
                crate::auth::revoke_all_sessions(
                    txn,
                    AccountKind::Capital,
                    u.id,
                    "provider_inactive",
                )
                .await?;
                signed_out += 1;
            }
        }
        let updated_by = match &by.actor {
            crate::principal::Actor::Admin { id, .. } => Some(*id),
            _ => None,
        };
        transition::apply::<capital_provider::Entity, _, _>(
            txn,
            by,
            now,
            Change {
                id: found.id,
                from,
                to,
                version: found.version,
                event: "set_status",
                reason: "",
            },
            vec![
                (capital_provider::Column::UpdatedAt, Expr::value(now)),
                (capital_provider::Column::UpdatedBy, Expr::value(updated_by)),
            ],
            Some(Logged {
                action: "capital_provider.set_status",
                detail: serde_json::json!({ "name": found.name, "usersSignedOut": signed_out }),
            }),
        )
        .await?;
        Ok(())
    }

    // -- bank accounts ------------------------------------------------------------------------

    pub async fn provider_account_list(
        &self,
        me: &Principal,
        provider_id: i64,
    ) -> Result<Vec<ProviderAccountRow>> {
        me.require(TABLE)?;
        self.provider(&self.db, provider_id).await?;
        provider_accounts(&self.db, provider_id).await
    }

    /// Adds a bank account. The first enabled account of a purpose becomes its default; asking
    /// for default moves the default from the other account of that purpose.
    pub async fn create_provider_account(
        &self,
        me: &Principal,
        client: &ClientInfo,
        provider_id: i64,
        input: ProviderAccountInput,
    ) -> Result<i64> {
        me.require(ACCOUNT)?;
        let CheckedAccount {
            purpose,
            bank_name,
            branch_name,
            account_name,
            number,
        } = check_account(&input, true)?;
        let Some(number) = number else {
            return Err(Error::invalid("accountNo", "银行账号不能为空"));
        };
        let txn = store::begin_write(&self.db).await?;
        let provider = self.provider(&txn, provider_id).await?;
        let has_default = capital_provider_account::Entity::find()
            .filter(capital_provider_account::Column::CapitalProviderId.eq(provider_id))
            .filter(capital_provider_account::Column::Purpose.eq(purpose.as_str()))
            .filter(capital_provider_account::Column::IsDefault.eq(true))
            .count(&txn)
            .await?
            > 0;
        let is_default = input.is_default || !has_default;
        let now = self.clock.now();
        let mask = domain::mask::account_no(&number);
        let created = capital_provider_account::ActiveModel {
            capital_provider_id: Set(provider_id),
            purpose: Set(purpose.clone()),
            bank_name: Set(bank_name.clone()),
            branch_name: Set(branch_name),
            account_name: Set(account_name.clone()),
            account_no_enc: Set(self.secrets.encrypt(&number)),
            account_no_mask: Set(mask.clone()),
            is_default: Set(is_default),
            enabled: Set(true),
            created_at: Set(now),
            created_by: Set(Some(me.user_id)),
            updated_at: Set(now),
            updated_by: Set(Some(me.user_id)),
            version: Set(0),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
        if is_default {
            clear_other_defaults(&txn, provider_id, &purpose, created.id).await?;
        }
        log_change(
            &txn,
            me,
            client,
            "capital_provider_account.create",
            "capital_provider_account",
            Some(created.id),
            serde_json::json!({
                "provider": provider.name, "providerId": provider_id, "purpose": purpose,
                "bankName": bank_name, "accountName": account_name, "accountNo": mask,
                "isDefault": is_default,
            }),
            self.clock.now(),
        )
        .await?;
        txn.commit().await?;
        Ok(created.id)
    }

    pub async fn update_provider_account(
        &self,
        me: &Principal,
        client: &ClientInfo,
        id: i64,
        input: ProviderAccountInput,
    ) -> Result<()> {
        me.require(ACCOUNT)?;
        let CheckedAccount {
            purpose,
            bank_name,
            branch_name,
            account_name,
            number,
        } = check_account(&input, false)?;
        let txn = store::begin_write(&self.db).await?;
        let found = capital_provider_account::Entity::find_by_id(id)
            .one(&txn)
            .await?
            .ok_or_else(account_not_found)?;
        if input.is_default && !found.enabled {
            return Err(Error::invalid("isDefault", "停用的账户不能设为默认"));
        }
        let is_default = input.is_default || (found.is_default && found.purpose == purpose);
        let mut active = capital_provider_account::ActiveModel {
            id: Set(id),
            purpose: Set(purpose.clone()),
            bank_name: Set(bank_name.clone()),
            branch_name: Set(branch_name),
            account_name: Set(account_name.clone()),
            is_default: Set(is_default),
            updated_at: Set(self.clock.now()),
            updated_by: Set(Some(me.user_id)),
            version: Set(found.version + 1),
            ..Default::default()
        };
        let mut mask = found.account_no_mask.clone();
        if let Some(n) = number.as_deref() {
            mask = domain::mask::account_no(n);
            active.account_no_enc = Set(self.secrets.encrypt(n));
            active.account_no_mask = Set(mask.clone());
        }
        save_if_unchanged(
            &txn,
            active,
            capital_provider_account::Column::Version,
            found.version,
        )
        .await?;
        if is_default {
            clear_other_defaults(&txn, found.capital_provider_id, &purpose, id).await?;
        }
        log_change(
            &txn,
            me,
            client,
            "capital_provider_account.update",
            "capital_provider_account",
            Some(id),
            serde_json::json!({
                "providerId": found.capital_provider_id, "purpose": purpose,
                "bankName": bank_name, "accountName": account_name, "accountNo": mask,
                "numberChanged": number.is_some(), "isDefault": is_default,
            }),
            self.clock.now(),
        )
        .await?;
        txn.commit().await?;
        Ok(())
    }

    /// Makes the account its purpose's default (the previous default stops being one).
    pub async fn set_provider_account_default(
        &self,
        me: &Principal,
        client: &ClientInfo,
        id: i64,
    ) -> Result<()> {
        me.require(ACCOUNT)?;
        let txn = store::begin_write(&self.db).await?;
        let found = capital_provider_account::Entity::find_by_id(id)
            .one(&txn)
            .await?
            .ok_or_else(account_not_found)?;
        if !found.enabled {
            return Err(Error::Conflict("停用的账户不能设为默认".to_owned()));
        }
        clear_other_defaults(&txn, found.capital_provider_id, &found.purpose, id).await?;
        save_if_unchanged(
            &txn,
            capital_provider_account::ActiveModel {
                id: Set(id),
                is_default: Set(true),
                updated_at: Set(self.clock.now()),
                updated_by: Set(Some(me.user_id)),
                version: Set(found.version + 1),
                ..Default::default()
            },
            capital_provider_account::Column::Version,
            found.version,
        )
        .await?;
        log_change(
            &txn,
            me,
            client,
            "capital_provider_account.set_default",
            "capital_provider_account",
            Some(id),
            serde_json::json!({
                "providerId": found.capital_provider_id, "purpose": found.purpose,
                "accountNo": found.account_no_mask,
            }),
            self.clock.now(),
        )
        .await?;
        txn.commit().await?;
        Ok(())
    }

    /// Enables or disables an account; a disabled account stops being the default.
    pub async fn set_provider_account_enabled(
        &self,
        me: &Principal,
        client: &ClientInfo,
        id: i64,
        enabled: bool,
    ) -> Result<()> {
        me.require(ACCOUNT)?;
        let txn = store::begin_write(&self.db).await?;
        let found = capital_provider_account::Entity::find_by_id(id)
            .one(&txn)
            .await?
            .ok_or_else(account_not_found)?;
        save_if_unchanged(
            &txn,
            capital_provider_account::ActiveModel {
                id: Set(id),
                enabled: Set(enabled),
                is_default: Set(enabled && found.is_default),
                updated_at: Set(self.clock.now()),
                updated_by: Set(Some(me.user_id)),
                version: Set(found.version + 1),
                ..Default::default()
            },
            capital_provider_account::Column::Version,
            found.version,
        )
        .await?;
        log_change(
            &txn,
            me,
            client,
            if enabled {
                "capital_provider_account.enable"
            } else {
                "capital_provider_account.disable"
            },
            "capital_provider_account",
            Some(id),
            serde_json::json!({
                "providerId": found.capital_provider_id, "purpose": found.purpose,
                "accountNo": found.account_no_mask,
            }),
            self.clock.now(),
        )
        .await?;
        txn.commit().await?;
        Ok(())
    }

    // -- users --------------------------------------------------------------------------------

    pub async fn provider_user_list(
        &self,
        me: &Principal,
        provider_id: i64,
    ) -> Result<Vec<CapitalUserRow>> {
        me.require(TABLE)?;
        self.provider(&self.db, provider_id).await?;
        Ok(capital_user::Entity::find()
            .filter(capital_user::Column::CapitalProviderId.eq(provider_id))
            .order_by_asc(capital_user::Column::Id)
            .all(&self.db)
            .await?
            .into_iter()
            .map(|u| CapitalUserRow {
                id: u.id,
                capital_provider_id: u.capital_provider_id,
                account: u.account,
                name: u.name,
                mobile: u.mobile.map(|m| domain::mask::mobile(&m)),
                enabled: u.enabled,
                created_at: u.created_at,
            })
            .collect())
    }

    /// Creates a sign-in account of the provider; answers its id and the generated password
    /// (shown once) when none was chosen.
    pub async fn create_provider_user(
        &self,
        me: &Principal,
        client: &ClientInfo,
        provider_id: i64,
        input: NewCapitalUser,
    ) -> Result<(i64, Option<String>)> {
        me.require(USER)?;
        // Every field and the account's uniqueness in one answer.
        let mut c = FieldChecks::default();
        let account = input.account.trim().to_owned();
        if !domain::validate::is_account_name(&account) {
            c.fail("account", "账号须为 3 到 32 位字母、数字或 _ . - @");
        }
        let name = c.check(text::required(&input.name, 64).or_invalid_as("name", "姓名"))?;
        let mobile = c.check(
            contact::optional_mobile(input.mobile.as_deref())
                .or_invalid("mobile")
                .map(Option::unwrap_or_default),
        )?;
        c.check(check_password(input.password.as_deref()))?;
        let provider = self.provider(&self.db, provider_id).await?;
        if !c.failed("account")
            && capital_user::Entity::find()
                .filter(capital_user::Column::Account.eq(account.as_str()))
                .count(&self.db)
                .await?
                > 0
        {
            c.fail("account", "账号已存在");
        }
        let (Some(name), Some(mobile)) = (name, mobile) else {
            return Err(c.into_error());
        };
        c.finish()?;
        let (hash, generated) = new_password(input.password.as_deref()).await?;
        let txn = store::begin_write(&self.db).await?;
        if capital_user::Entity::find()
            .filter(capital_user::Column::Account.eq(account.as_str()))
            .count(&txn)
            .await?
            > 0
        {
            return Err(Error::invalid("account", "账号已存在"));
        }
        let now = self.clock.now();
        let created = capital_user::ActiveModel {
            capital_provider_id: Set(provider_id),
            account: Set(account.clone()),
            name: Set(name.clone()),
            mobile: Set((!mobile.is_empty()).then_some(mobile)),
            password_hash: Set(hash),
            enabled: Set(true),
            password_changed_at: Set(now),
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
        log_change(
            &txn,
            me,
            client,
            "capital_user.create",
            "capital_user",
            Some(created.id),
            serde_json::json!({
                "account": account, "name": name, "provider": provider.name,
                "providerId": provider_id, "passwordGenerated": generated.is_some(),
            }),
            self.clock.now(),
        )
        .await?;
        txn.commit().await?;
        Ok((created.id, generated))
    }

    async fn capital_user(
        &self,
        conn: &impl ConnectionTrait,
        id: i64,
    ) -> Result<capital_user::Model> {
        capital_user::Entity::find_by_id(id)
            .one(conn)
            .await?
            .ok_or_else(user_not_found)
    }

    /// Enables or disables a provider's user; disabling ends its sessions.
    pub async fn set_provider_user_enabled(
        &self,
        me: &Principal,
        client: &ClientInfo,
        id: i64,
        enabled: bool,
    ) -> Result<()> {
        me.require(USER)?;
        let txn = store::begin_write(&self.db).await?;
        let user = self.capital_user(&txn, id).await?;
        capital_user::ActiveModel {
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
            crate::auth::revoke_all_sessions(&txn, AccountKind::Capital, id, "disabled").await?;
        }
        log_change(
            &txn,
            me,
            client,
            if enabled {
                "capital_user.enable"
            } else {
                "capital_user.disable"
            },
            "capital_user",
            Some(id),
            serde_json::json!({ "account": user.account, "providerId": user.capital_provider_id }),
            self.clock.now(),
        )
        .await?;
        txn.commit().await?;
        Ok(())
    }

    /// Sets a new password (MD5 hex, or generated and answered once) and ends the user's sessions.
    pub async fn reset_provider_user_password(
        &self,
        me: &Principal,
        client: &ClientInfo,
        id: i64,
        password: Option<&str>,
    ) -> Result<Option<String>> {
        me.require(RESET_PASSWORD)?;
        let (hash, generated) = new_password(password).await?;
        let txn = store::begin_write(&self.db).await?;
        let user = self.capital_user(&txn, id).await?;
        let now = self.clock.now();
        capital_user::ActiveModel {
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
        crate::auth::revoke_all_sessions(&txn, AccountKind::Capital, id, "password_reset").await?;
        log_change(
            &txn,
            me,
            client,
            "capital_user.reset_password",
            "capital_user",
            Some(id),
            serde_json::json!({
                "account": user.account, "providerId": user.capital_provider_id,
                "passwordGenerated": generated.is_some(), "sessionsRevoked": true,
            }),
            self.clock.now(),
        )
        .await?;
        txn.commit().await?;
        Ok(generated)
    }

    /// Ends every session of a provider's user.
    pub async fn sign_out_provider_user(
        &self,
        me: &Principal,
        client: &ClientInfo,
        id: i64,
    ) -> Result<()> {
        me.require(SIGN_OUT)?;
        let txn = store::begin_write(&self.db).await?;
        let user = self.capital_user(&txn, id).await?;
        crate::auth::revoke_all_sessions(&txn, AccountKind::Capital, id, "signed_out").await?;
        log_change(
            &txn,
            me,
            client,
            "capital_user.sign_out",
            "capital_user",
            Some(id),
            serde_json::json!({ "account": user.account, "providerId": user.capital_provider_id }),
            self.clock.now(),
        )
        .await?;
        txn.commit().await?;
        Ok(())
    }

    // -- e-signature account ------------------------------------------------------------------

    pub async fn provider_esign(&self, me: &Principal, provider_id: i64) -> Result<EsignView> {
        me.require(TABLE)?;
        self.provider(&self.db, provider_id).await?;
        esign_view(&self.db, provider_id).await
    }

    /// The seal image of a provider's e-signature account.
    pub async fn provider_seal(&self, me: &Principal, provider_id: i64) -> Result<FileContent> {
        me.require(TABLE)?;
        self.provider(&self.db, provider_id).await?;
        let view = esign_view(&self.db, provider_id).await?;
        let id = view
            .seal_file_id
            .ok_or_else(|| Error::NotFound("尚未上传印章图片".to_owned()))?;
        self.open_file(id).await
    }

    /// Verifies a submitted (PENDING) e-signature account, or sends it back (UNSUBMITTED).
    pub async fn review_provider_esign(
        &self,
        me: &Principal,
        client: &ClientInfo,
        provider_id: i64,
        approved: bool,
    ) -> Result<()> {
        me.require(SIGNATURE)?;
        let txn = store::begin_write(&self.db).await?;
        self.provider(&txn, provider_id).await?;
        let found = capital_esign_account::Entity::find()
            .filter(capital_esign_account::Column::CapitalProviderId.eq(provider_id))
            .one(&txn)
            .await?
            .filter(|e| e.status == EsignStatus::Pending.code())
            .ok_or_else(|| Error::Conflict("电子签章账户未提交审核".to_owned()))?;
        let now = self.clock.now();
        let (to, event, action) = if approved {
            (EsignStatus::Verified, "verify", "capital_esign.verify")
        } else {
            (
                EsignStatus::Unsubmitted,
                "send_back",
                "capital_esign.reject",
            )
        };
        transition::apply::<capital_esign_account::Entity, _, _>(
            &txn,
            &By::user(me, client),
            now,
            Change {
                id: found.id,
                from: EsignStatus::Pending,
                to,
                version: found.version,
                event,
                reason: "",
            },
            vec![
                (
                    capital_esign_account::Column::VerifiedAt,
                    Expr::value(approved.then_some(now)),
                ),
                (capital_esign_account::Column::UpdatedAt, Expr::value(now)),
                (
                    capital_esign_account::Column::UpdatedBy,
                    Expr::value(Some(me.user_id)),
                ),
            ],
            Some(Logged {
                action,
                detail: serde_json::json!({ "providerId": provider_id, "orgName": found.org_name }),
            }),
        )
        .await?;
        txn.commit().await?;
        Ok(())
    }
}
