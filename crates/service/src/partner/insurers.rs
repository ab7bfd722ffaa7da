//! 保险公司管理 (admin:insurance_company:table): insurers, their settlement bank accounts
//! (numbers encrypted, shown masked) and surrender rules.

use super::{check_account_no, check_bp};
use crate::audit::log_change;
use crate::error::{FieldChecks, OrInvalid};
use crate::export::log_export;
use crate::export::{Cell, EXPORT_BATCH, ExportColumn, ExportSink, Exportable, Exported};
use crate::paging::{self, Page, PageRequest};
use crate::principal::{ClientInfo, Principal};
use crate::{Beehive, Error, Result};
use chrono::{DateTime, Utc};
use domain::contact;
use domain::text;
use std::collections::HashMap;
use store::entity::{insurer, insurer_account};
use store::save_if_unchanged;
use store::sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, Order, PaginatorTrait,
    QueryFilter, QueryOrder, Select, Set,
};

use domain::permission::codes::INSURANCE_COMPANY_CREATE as CREATE;
use domain::permission::codes::INSURANCE_COMPANY_EXPORT as EXPORT;
use domain::permission::codes::INSURANCE_COMPANY_TABLE as TABLE;
use domain::permission::codes::INSURANCE_COMPANY_UPDATE as UPDATE;

/// The reasons for which a 交强险 (compulsory insurance) surrender may be allowed.
pub const COMPULSORY_REASONS: [(&str, &str); 4] = [
    ("VEHICLE_SCRAPPED", "车辆报废"),
    ("VEHICLE_TRANSFERRED", "车辆转让"),
    ("DUPLICATE_INSURANCE", "重复投保"),
    ("OTHER", "其他"),
];

/// The daily-rate bases an insurer may use.
pub const DAY_BASES: [i32; 2] = [365, 360];

#[derive(Debug, Clone, Default)]
pub struct InsurerFilter {
    pub name: Option<String>,
    pub code: Option<String>,
    pub enabled: Option<bool>,
}

/// A settlement account in a create or edit: `id` of a kept one (its number stays unless a new
/// one is given), none for a new one (number required).
#[derive(Debug, Clone, Default)]
pub struct InsurerAccountInput {
    pub id: Option<i64>,
    pub bank_name: String,
    pub branch_name: Option<String>,
    pub account_name: String,
    pub account_no: Option<String>,
}

#[derive(Debug, Clone, Default)]
pub struct InsurerInput {
    pub name: String,
    pub code: String,
    pub contact_name: Option<String>,
    pub contact_phone: Option<String>,
    pub pre_start_fee_bp: i32,
    pub day_basis: i32,
    pub compulsory_reasons: Vec<String>,
    pub enabled: bool,
    pub accounts: Vec<InsurerAccountInput>,
}

#[derive(Debug, Clone)]
pub struct InsurerAccountRow {
    pub id: i64,
    pub bank_name: String,
    pub branch_name: String,
    pub account_name: String,
    /// Masked: `6222********7890`.
    pub account_no_mask: String,
}

/// One insurer with its accounts (numbers masked).
#[derive(Debug, Clone)]
pub struct InsurerRow {
    pub id: i64,
    pub name: String,
    pub code: String,
    pub contact_name: String,
    pub contact_phone: String,
    pub pre_start_fee_bp: i32,
    pub day_basis: i32,
    pub compulsory_reasons: Vec<String>,
    pub enabled: bool,
    pub accounts: Vec<InsurerAccountRow>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

const SORTS: &[(&str, insurer::Column)] = &[
    ("id", insurer::Column::Id),
    ("name", insurer::Column::NameKey),
    ("code", insurer::Column::Code),
    ("createdAt", insurer::Column::CreatedAt),
];

/// The "name" sort orders by the name's key, then the name (docs/lists.md "Sorting by name").
const NAME_SORT: (insurer::Column, insurer::Column) =
    (insurer::Column::NameKey, insurer::Column::Name);

fn not_found() -> Error {
    Error::NotFound("保险公司不存在".to_owned())
}

fn reason_label(code: &str) -> &str {
    COMPULSORY_REASONS
        .iter()
        .find(|(c, _)| *c == code)
        .map_or(code, |(_, l)| l)
}

impl Exportable for InsurerRow {
    const SHEET: &'static str = "保险公司";
    fn columns() -> Vec<ExportColumn<Self>> {
        vec![
            ExportColumn {
                header: "编号",
                width: 8.0,
                value: |r| Cell::from(r.id),
            },
            ExportColumn {
                header: "保险公司名称",
                width: 24.0,
                value: |r| Cell::from(r.name.as_str()),
            },
            ExportColumn {
                header: "编码",
                width: 12.0,
                value: |r| Cell::from(r.code.as_str()),
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
                header: "起保前退保手续费（基点）",
                width: 14.0,
                value: |r| Cell::from(i64::from(r.pre_start_fee_bp)),
            },
            ExportColumn {
                header: "日费率计算天数",
                width: 12.0,
                value: |r| Cell::from(i64::from(r.day_basis)),
            },
            ExportColumn {
                header: "交强险可退保原因",
                width: 28.0,
                value: |r| {
                    let labels: Vec<&str> = r
                        .compulsory_reasons
                        .iter()
                        .map(|c| reason_label(c))
                        .collect();
                    Cell::from(labels.join("、"))
                },
            },
            ExportColumn {
                header: "结算账户",
                width: 48.0,
                value: |r| {
                    let lines: Vec<String> = r
                        .accounts
                        .iter()
                        .map(|a| {
                            format!("{} {} {}", a.bank_name, a.account_name, a.account_no_mask)
                        })
                        .collect();
                    Cell::from(lines.join("；"))
                },
            },
            ExportColumn {
                header: "状态",
                width: 8.0,
                value: |r| Cell::from(if r.enabled { "启用" } else { "停用" }),
            },
            ExportColumn {
                header: "创建时间",
                width: 20.0,
                value: |r| Cell::from(r.created_at),
            },
        ]
    }
}

fn filtered(filter: &InsurerFilter) -> Result<Select<insurer::Entity>> {
    let mut query = insurer::Entity::find();
    if let Some(v) = paging::text("name", filter.name.as_deref())? {
        query = query.filter(paging::contains(insurer::Column::Name, v));
    }
    if let Some(v) = paging::text("code", filter.code.as_deref())? {
        query = query.filter(paging::contains(insurer::Column::Code, v));
    }
    if let Some(enabled) = filter.enabled {
        query = query.filter(insurer::Column::Enabled.eq(enabled));
    }
    Ok(query)
}

async fn rows(conn: &impl ConnectionTrait, found: Vec<insurer::Model>) -> Result<Vec<InsurerRow>> {
    let ids: Vec<i64> = found.iter().map(|i| i.id).collect();
    let mut accounts: HashMap<i64, Vec<InsurerAccountRow>> = HashMap::new();
    for a in insurer_account::Entity::find()
        .filter(insurer_account::Column::InsurerId.is_in(ids))
        .order_by_asc(insurer_account::Column::Id)
        .all(conn)
        .await?
    {
        accounts
            .entry(a.insurer_id)
            .or_default()
            .push(InsurerAccountRow {
                id: a.id,
                bank_name: a.bank_name,
                branch_name: a.branch_name,
                account_name: a.account_name,
                account_no_mask: a.account_no_mask,
            });
    }
    Ok(found
        .into_iter()
        .map(|i| InsurerRow {
            accounts: accounts.remove(&i.id).unwrap_or_default(),
            compulsory_reasons: i
                .compulsory_reasons
                .split(',')
                .filter(|c| !c.is_empty())
                .map(str::to_owned)
                .collect(),
            id: i.id,
            name: i.name,
            code: i.code,
            contact_name: i.contact_name,
            contact_phone: i.contact_phone,
            pre_start_fee_bp: i.pre_start_fee_bp,
            day_basis: i.day_basis,
            enabled: i.enabled,
            created_at: i.created_at,
            updated_at: i.updated_at,
        })
        .collect())
}

/// The checked fields of an insurer (accounts apart).
struct Checked {
    name: String,
    code: String,
    contact_name: String,
    contact_phone: String,
    pre_start_fee_bp: i32,
    day_basis: i32,
    reasons: String,
}

/// The insurer's own fields; each mistake goes into `c` (every one reported in one answer).
fn check(c: &mut FieldChecks, input: &InsurerInput) -> Result<Option<Checked>> {
    let name = c.check(text::required(&input.name, 128).or_invalid_as("name", "保险公司名称"))?;
    let code = input.code.trim().to_ascii_uppercase();
    if !(2..=32).contains(&code.len())
        || !code
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    {
        c.fail("code", "编码须为 2 到 32 位字母、数字、_ 或 -");
    }
    let contact_name = c.check(
        text::optional(input.contact_name.as_deref(), 64)
            .or_invalid_as("contactName", "联系人")
            .map(Option::unwrap_or_default),
    )?;
    let contact_phone = c.check(
        contact::optional_phone(input.contact_phone.as_deref()).or_invalid("contactPhone"),
    )?;
    let pre_start_fee_bp = c.check(check_bp(
        "preStartFeeBp",
        "起保前退保手续费",
        input.pre_start_fee_bp,
        10_000,
    ))?;
    if !DAY_BASES.contains(&input.day_basis) {
        c.fail("dayBasis", "日费率计算天数只能是 365 或 360");
    }
    let mut reasons: Vec<&str> = Vec::new();
    for r in &input.compulsory_reasons {
        let r = r.trim();
        if !COMPULSORY_REASONS.iter().any(|(c, _)| *c == r) {
            c.fail("compulsoryReasons", format!("未知的交强险退保原因：{r}"));
            continue;
        }
        if !reasons.contains(&r) {
            reasons.push(r);
        }
    }
    if input.accounts.len() > 20 {
        c.fail("accounts", "结算账户不能超过 20 个");
    }
    let (Some(name), Some(contact_name), Some(contact_phone), Some(pre_start_fee_bp)) =
        (name, contact_name, contact_phone, pre_start_fee_bp)
    else {
        return Ok(None);
    };
    Ok(Some(Checked {
        name,
        code,
        contact_name,
        contact_phone,
        pre_start_fee_bp,
        day_basis: input.day_basis,
        reasons: reasons.join(","),
    }))
}

/// One checked account: bank, branch, holder, and the plain number when one was given.
struct CheckedAccount {
    id: Option<i64>,
    bank_name: String,
    branch_name: String,
    account_name: String,
    number: Option<String>,
}

/// Every row's fields (`accounts[i].name`), each mistake into `c`; `None` when one failed.
fn check_accounts(
    c: &mut FieldChecks,
    accounts: &[InsurerAccountInput],
) -> Result<Option<Vec<CheckedAccount>>> {
    let mut checked = Vec::new();
    for (i, a) in accounts.iter().enumerate() {
        let f = |name: &str| format!("accounts[{i}].{name}");
        let number = match c.check(paging::text("accountNo", a.account_no.as_deref()))? {
            Some(Some(n)) => c.check(check_account_no(&f("accountNo"), n))?.map(Some),
            Some(None) if a.id.is_none() => {
                c.fail(&f("accountNo"), "银行账号不能为空");
                None
            }
            Some(None) => Some(None),
            None => None,
        };
        let bank_name =
            c.check(text::required(&a.bank_name, 64).or_invalid_as(&f("bankName"), "开户银行"))?;
        let branch_name = c.check(
            text::optional(a.branch_name.as_deref(), 128)
                .or_invalid_as(&f("branchName"), "开户支行")
                .map(Option::unwrap_or_default),
        )?;
        let account_name =
            c.check(text::required(&a.account_name, 128).or_invalid_as(&f("accountName"), "户名"))?;
        if let (Some(number), Some(bank_name), Some(branch_name), Some(account_name)) =
            (number, bank_name, branch_name, account_name)
        {
            checked.push(CheckedAccount {
                id: a.id,
                bank_name,
                branch_name,
                account_name,
                number,
            });
        }
    }
    Ok((checked.len() == accounts.len()).then_some(checked))
}

/// Whether another insurer (not `except`) already has `code`.
async fn code_taken(conn: &impl ConnectionTrait, code: &str, except: Option<i64>) -> Result<bool> {
    let mut query = insurer::Entity::find().filter(insurer::Column::Code.eq(code));
    if let Some(id) = except {
        query = query.filter(insurer::Column::Id.ne(id));
    }
    Ok(query.count(conn).await? > 0)
}

impl Beehive {
    pub async fn insurer_page(
        &self,
        me: &Principal,
        request: &PageRequest,
        filter: &InsurerFilter,
    ) -> Result<Page<InsurerRow>> {
        me.require(TABLE)?;
        let paging = request.check(SORTS, (insurer::Column::Id, Order::Desc))?;
        let query = paging.order_by_name(filtered(filter)?, NAME_SORT, insurer::Column::Id);
        let (found, total) = paging.fetch(&self.db, query).await?;
        Ok(paging.page_of(rows(&self.db, found).await?, total))
    }

    /// Every insurer matching the filters, as a spreadsheet (account numbers masked).
    pub async fn export_insurers(
        &self,
        me: &Principal,
        client: &ClientInfo,
        request: &PageRequest,
        filter: &InsurerFilter,
    ) -> Result<Exported> {
        me.require(EXPORT)?;
        let paging = request.check(SORTS, (insurer::Column::Id, Order::Desc))?;
        let query = paging.order_by_name(filtered(filter)?, NAME_SORT, insurer::Column::Id);
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
        log_export(&self.db, me, client, "insurer", &exported, self.clock.now()).await?;
        Ok(exported)
    }

    pub async fn insurer_view(&self, me: &Principal, id: i64) -> Result<InsurerRow> {
        me.require(TABLE)?;
        let found = insurer::Entity::find_by_id(id)
            .one(&self.db)
            .await?
            .ok_or_else(not_found)?;
        rows(&self.db, vec![found])
            .await?
            .into_iter()
            .next()
            .ok_or_else(not_found)
    }

    /// The enabled insurers, by name in pinyin order (for choosing one elsewhere).
    pub async fn insurer_options(&self, me: &Principal) -> Result<Vec<(i64, String)>> {
        me.require(TABLE)?;
        Ok(insurer::Entity::find()
            .filter(insurer::Column::Enabled.eq(true))
            .order_by_asc(insurer::Column::NameKey)
            .order_by_asc(insurer::Column::Name)
            .order_by_asc(insurer::Column::Id)
            .all(&self.db)
            .await?
            .into_iter()
            .map(|i| (i.id, i.name))
            .collect())
    }

    pub async fn create_insurer(
        &self,
        me: &Principal,
        client: &ClientInfo,
        input: InsurerInput,
    ) -> Result<i64> {
        me.require(CREATE)?;
        // Every field, every account row and the code's uniqueness in one answer.
        let mut checks = FieldChecks::default();
        let c = check(&mut checks, &input)?;
        let accounts = check_accounts(&mut checks, &input.accounts)?;
        if input.accounts.iter().any(|a| a.id.is_some()) {
            checks.fail("accounts", "新增保险公司时结算账户不能带编号");
        }
        let txn = store::begin_write(&self.db).await?;
        if !checks.failed("code")
            && code_taken(&txn, &input.code.trim().to_ascii_uppercase(), None).await?
        {
            checks.fail("code", "保险公司编码已存在");
        }
        let (Some(c), Some(accounts)) = (c, accounts) else {
            return Err(checks.into_error());
        };
        checks.finish()?;
        let now = self.clock.now();
        let created = insurer::ActiveModel {
            name: Set(c.name.clone()),
            name_key: Set(domain::text::name_key(&c.name)),
            code: Set(c.code.clone()),
            contact_name: Set(c.contact_name),
            contact_phone: Set(c.contact_phone),
            pre_start_fee_bp: Set(c.pre_start_fee_bp),
            day_basis: Set(c.day_basis),
            compulsory_reasons: Set(c.reasons.clone()),
            enabled: Set(input.enabled),
            created_at: Set(now),
            created_by: Set(Some(me.user_id)),
            updated_at: Set(now),
            updated_by: Set(Some(me.user_id)),
            version: Set(0),
            ..Default::default()
        }
        .insert(&txn)
        .await
        .map_err(|e| crate::error::conflict_on_unique(e, "保险公司编码已存在"))?;
        let masks = self
            .write_insurer_accounts(&txn, me, created.id, accounts)
            .await?;
        log_change(
            &txn,
            me,
            client,
            "insurer.create",
            "insurer",
            Some(created.id),
            serde_json::json!({
                "name": c.name, "code": c.code, "preStartFeeBp": c.pre_start_fee_bp,
                "dayBasis": c.day_basis, "compulsoryReasons": c.reasons,
                "enabled": input.enabled, "accounts": masks,
            }),
            self.clock.now(),
        )
        .await?;
        txn.commit().await?;
        Ok(created.id)
    }

    pub async fn update_insurer(
        &self,
        me: &Principal,
        client: &ClientInfo,
        id: i64,
        input: InsurerInput,
    ) -> Result<()> {
        me.require(UPDATE)?;
        // Every field, every account row and the code's uniqueness in one answer.
        let mut checks = FieldChecks::default();
        let c = check(&mut checks, &input)?;
        let accounts = check_accounts(&mut checks, &input.accounts)?;
        let txn = store::begin_write(&self.db).await?;
        let found = insurer::Entity::find_by_id(id)
            .one(&txn)
            .await?
            .ok_or_else(not_found)?;
        if !checks.failed("code")
            && code_taken(&txn, &input.code.trim().to_ascii_uppercase(), Some(id)).await?
        {
            checks.fail("code", "保险公司编码已存在");
        }
        let (Some(c), Some(accounts)) = (c, accounts) else {
            return Err(checks.into_error());
        };
        checks.finish()?;
        save_if_unchanged(
            &txn,
            insurer::ActiveModel {
                id: Set(id),
                name: Set(c.name.clone()),
                name_key: Set(domain::text::name_key(&c.name)),
                code: Set(c.code.clone()),
                contact_name: Set(c.contact_name),
                contact_phone: Set(c.contact_phone),
                pre_start_fee_bp: Set(c.pre_start_fee_bp),
                day_basis: Set(c.day_basis),
                compulsory_reasons: Set(c.reasons.clone()),
                enabled: Set(input.enabled),
                updated_at: Set(self.clock.now()),
                updated_by: Set(Some(me.user_id)),
                version: Set(found.version + 1),
                ..Default::default()
            },
            insurer::Column::Version,
            found.version,
        )
        .await
        .map_err(|e| crate::error::conflict_on_unique(e, "保险公司编码已存在"))?;
        let masks = self.write_insurer_accounts(&txn, me, id, accounts).await?;
        log_change(
            &txn,
            me,
            client,
            "insurer.update",
            "insurer",
            Some(id),
            serde_json::json!({
                "name": c.name, "code": c.code, "preStartFeeBp": c.pre_start_fee_bp,
                "dayBasis": c.day_basis, "compulsoryReasons": c.reasons,
                "enabled": input.enabled, "accounts": masks,
                "from": { "name": found.name, "code": found.code, "enabled": found.enabled },
            }),
            self.clock.now(),
        )
        .await?;
        txn.commit().await?;
        Ok(())
    }

    /// Makes the insurer's accounts the given list: kept ones (by id) updated, new ones added,
    /// the others removed. Answers the masks for the log.
    async fn write_insurer_accounts(
        &self,
        txn: &impl ConnectionTrait,
        me: &Principal,
        insurer_id: i64,
        accounts: Vec<CheckedAccount>,
    ) -> Result<Vec<String>> {
        let existing: HashMap<i64, insurer_account::Model> = insurer_account::Entity::find()
            .filter(insurer_account::Column::InsurerId.eq(insurer_id))
            .all(txn)
            .await?
            .into_iter()
            .map(|a| (a.id, a))
            .collect();
        // The row named is the one in the request (its index among all accounts sent).
        if let Some(i) = accounts
            .iter()
            .position(|a| a.id.is_some_and(|id| !existing.contains_key(&id)))
        {
            return Err(Error::invalid(
                &format!("accounts[{i}].id"),
                "结算账户不存在",
            ));
        }
        let kept: Vec<i64> = accounts.iter().filter_map(|a| a.id).collect();
        insurer_account::Entity::delete_many()
            .filter(insurer_account::Column::InsurerId.eq(insurer_id))
            .filter(insurer_account::Column::Id.is_not_in(kept))
            .exec(txn)
            .await?;
        let now = self.clock.now();
        let mut masks = Vec::new();
        for a in accounts {
            let sealed = a
                .number
                .as_deref()
                .map(|n| (self.secrets.encrypt(n), domain::mask::account_no(n)));
            match a.id.and_then(|id| existing.get(&id)) {
                Some(old) => {
                    let mask = sealed
                        .as_ref()
                        .map_or(old.account_no_mask.clone(), |(_, m)| m.clone());
                    let mut active = insurer_account::ActiveModel {
                        id: Set(old.id),
                        bank_name: Set(a.bank_name),
                        branch_name: Set(a.branch_name),
                        account_name: Set(a.account_name),
                        updated_at: Set(now),
                        updated_by: Set(Some(me.user_id)),
                        version: Set(old.version + 1),
                        ..Default::default()
                    };
                    if let Some((enc, mask)) = sealed {
                        active.account_no_enc = Set(enc);
                        active.account_no_mask = Set(mask);
                    }
                    active.update(txn).await?;
                    masks.push(mask);
                }
                None => {
                    let (enc, mask) =
                        sealed.ok_or_else(|| Error::invalid("accounts", "银行账号不能为空"))?;
                    insurer_account::ActiveModel {
                        insurer_id: Set(insurer_id),
                        bank_name: Set(a.bank_name),
                        branch_name: Set(a.branch_name),
                        account_name: Set(a.account_name),
                        account_no_enc: Set(enc),
                        account_no_mask: Set(mask.clone()),
                        created_at: Set(now),
                        created_by: Set(Some(me.user_id)),
                        updated_at: Set(now),
                        updated_by: Set(Some(me.user_id)),
                        version: Set(0),
                        ..Default::default()
                    }
                    .insert(txn)
                    .await?;
                    masks.push(mask);
                }
            }
        }
        Ok(masks)
    }

    pub async fn set_insurer_enabled(
        &self,
        me: &Principal,
        client: &ClientInfo,
        id: i64,
        enabled: bool,
    ) -> Result<()> {
        me.require(UPDATE)?;
        let txn = store::begin_write(&self.db).await?;
        let found = insurer::Entity::find_by_id(id)
            .one(&txn)
            .await?
            .ok_or_else(not_found)?;
        save_if_unchanged(
            &txn,
            insurer::ActiveModel {
                id: Set(id),
                enabled: Set(enabled),
                updated_at: Set(self.clock.now()),
                updated_by: Set(Some(me.user_id)),
                version: Set(found.version + 1),
                ..Default::default()
            },
            insurer::Column::Version,
            found.version,
        )
        .await?;
        log_change(
            &txn,
            me,
            client,
            if enabled {
                "insurer.enable"
            } else {
                "insurer.disable"
            },
            "insurer",
            Some(id),
            serde_json::json!({ "name": found.name, "code": found.code }),
            self.clock.now(),
        )
        .await?;
        txn.commit().await?;
        Ok(())
    }
}
