//! Contract instances of an order (docs/orders.md "Contracts and signing"): the owner's
//! declaration package (车主声明 + 授权委托书, T12) and the loan package (借款合同, 服务协议,
//! 代扣授权书, 个人信息授权书, T15).
//!
//! A contract is rendered from the ACTIVE template version of its kind (the order's capital
//! provider's own version first, else the general one), filled from the order, stored as a PDF
//! with its SHA-256, and signed either through the e-signature port or by an uploaded scan that
//! the uploader verified. The built-in **local signing** is the default provider: each signer
//! gets a link to Beehive's signing page (`/sign/<token>`); signing records the name typed, time,
//! IP, browser and the hash of the document shown. When the last signer signs, the signed PDF
//! (the document plus a signing page with each signature block and seal) is stored and, when the
//! whole package is signed, the order moves on in the same transaction.

use super::transition::{self as order_transition, Event, status_of};
use crate::audit::{self, Entry};
use crate::files::{Accept, FileContent, NewFile};
use crate::operate::contract::{DOC_KINDS, fill, variable};
use crate::operate::pdf::{self, DocumentText, SealImage, SignatureBlock, SigningPage};
use crate::principal::{Actor, ClientInfo, Principal};
use crate::transition::{self as record_transition, By, Change, Logged};
use crate::{Beehive, Error, Result};
use chrono::{DateTime, NaiveDate, Utc};
use domain::order::{OrderEvent, OrderStatus};
use domain::permission::codes::{ORDER_INFO_CONTRACT, ORDER_INFO_DECLARATION, ORDER_INFO_TABLE};
use domain::status::{ContractStatus, Status, TemplateStatus};
use rand::Rng;
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;
use store::entity::{
    capital_esign_account, capital_provider, contract_template, customer, insurance_policy,
    insurer, order_contract, order_contract_signer, orders, stored_file, vehicle,
};
use store::sea_orm::sea_query::Expr;
use store::sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter,
    QueryOrder, Set,
};

pub const DECLARATION: &str = "DECLARATION";
pub const LOAN: &str = "LOAN";
pub const DECLARATION_KINDS: &[&str] = &["OWNER_DECLARATION", "POWER_OF_ATTORNEY"];
pub const LOAN_KINDS: &[&str] = &[
    "LOAN_CONTRACT",
    "SERVICE_AGREEMENT",
    "WITHHOLDING_AUTH",
    "PRIVACY_AUTH",
];
/// The settlement certificate's template kind (结清证明, not signed: [`super::certificate`]).
pub const SETTLEMENT_CERTIFICATE: &str = "SETTLEMENT_CERTIFICATE";
pub const CUSTOMER: &str = "CUSTOMER";
pub const PLATFORM: &str = "PLATFORM";
pub const CAPITAL: &str = "CAPITAL";
pub const LOCAL: &str = "local";
const PENDING: &str = "PENDING";
const SIGNED: &str = "SIGNED";
const DEFAULT_PLATFORM_NAME: &str = "小蜜蜂任务共享系统";

/// Who signs a document of `kind`, in signing order.
pub fn signer_roles(kind: &str) -> &'static [&'static str] {
    match kind {
        "LOAN_CONTRACT" => &[CUSTOMER, CAPITAL, PLATFORM],
        "SERVICE_AGREEMENT" => &[CUSTOMER, PLATFORM],
        _ => &[CUSTOMER],
    }
}

fn role_name(role: &str) -> &'static str {
    match role {
        CUSTOMER => "借款人（客户）",
        CAPITAL => "出借人（资金方）",
        _ => "服务方（平台）",
    }
}

pub fn kind_name(kind: &str) -> &'static str {
    DOC_KINDS
        .iter()
        .find(|(c, _)| *c == kind)
        .map_or("合同", |(_, n)| *n)
}

fn permission_of(package: &str) -> &'static str {
    if package == DECLARATION {
        ORDER_INFO_DECLARATION
    } else {
        ORDER_INFO_CONTRACT
    }
}

/// A contract with its signers; `sign_path` is the local signing page of a signer who may
/// still sign (`/sign/<token>`), for staff to send on.
#[derive(Debug, Clone)]
pub struct ContractView {
    pub contract: order_contract::Model,
    pub signers: Vec<(order_contract_signer::Model, Option<String>)>,
}

/// What the public signing page shows.
#[derive(Debug, Clone)]
pub struct SigningView {
    pub contract_no: String,
    pub title: String,
    pub doc_kind_name: String,
    pub order_no: String,
    pub signer_role: String,
    /// Masked for a person (张*三); an organisation's name in full.
    pub signer_name: String,
    /// PENDING, SIGNED, or CLOSED (the contract is no longer out for signing).
    pub status: String,
    pub document_sha256: String,
    pub signed_at: Option<DateTime<Utc>>,
}

fn not_found() -> Error {
    Error::NotFound("合同不存在".to_owned())
}

fn link_not_found() -> Error {
    Error::NotFound("签署链接无效或已失效".to_owned())
}

fn token_hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

pub(crate) fn yuan(fen: i64) -> String {
    let sign = if fen < 0 { "-" } else { "" };
    let abs = fen.unsigned_abs();
    let int = (abs / 100).to_string();
    let mut grouped = String::new();
    for (i, c) in int.chars().enumerate() {
        if i > 0 && (int.len() - i).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(c);
    }
    format!("{sign}{grouped}.{:02}", abs % 100)
}

pub(crate) fn date_cn(day: NaiveDate) -> String {
    day.format("%Y年%m月%d日").to_string()
}

/// 张*三: the first and last character of a person's name.
pub fn mask_person(name: &str) -> String {
    let chars: Vec<char> = name.chars().collect();
    match chars.len() {
        0 => String::new(),
        1 => name.to_owned(),
        2 => format!("{}*", chars[0]),
        n => format!("{}{}{}", chars[0], "*".repeat(n - 2), chars[n - 1]),
    }
}

/// 壹万贰仟元整: an amount in Chinese capital numerals (大写), to the fen.
pub fn amount_upper(fen: i64) -> String {
    const DIGITS: [char; 10] = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'];
    const UNITS: [&str; 4] = ["", "拾", "佰", "仟"];
    const GROUPS: [&str; 3] = ["", "万", "亿"];
    let fen = fen.unsigned_abs();
    let yuan = fen / 100;
    let (jiao, cents) = ((fen / 10) % 10, fen % 10);
    // Groups of four digits, lowest first.
    let mut groups = Vec::new();
    let mut rest = yuan;
    while rest > 0 {
        groups.push(rest % 10_000);
        rest /= 10_000;
    }
    let mut out = String::new();
    let mut need_zero = false;
    for (gi, group) in groups.iter().enumerate().rev() {
        if *group == 0 {
            need_zero = !out.is_empty();
            continue;
        }
        let digits = [
            group / 1000,
            (group / 100) % 10,
            (group / 10) % 10,
            group % 10,
        ];
        for (i, d) in digits.iter().enumerate() {
            if *d == 0 {
                if !out.is_empty() {
                    need_zero = true;
                }
                continue;
            }
            if need_zero {
                out.push('零');
                need_zero = false;
            }
            out.push(DIGITS[usize::try_from(*d).unwrap_or(0)]);
            out.push_str(UNITS[3 - i]);
        }
        out.push_str(GROUPS.get(gi).copied().unwrap_or("万亿"));
    }
    if out.is_empty() {
        if jiao == 0 && cents == 0 {
            return "零元整".to_owned();
        }
    } else {
        out.push('元');
    }
    if jiao == 0 && cents == 0 {
        out.push('整');
        return out;
    }
    if jiao > 0 {
        out.push(DIGITS[usize::try_from(jiao).unwrap_or(0)]);
        out.push('角');
    } else if !out.is_empty() {
        out.push('零');
    }
    if cents > 0 {
        out.push(DIGITS[usize::try_from(cents).unwrap_or(0)]);
        out.push('分');
    }
    out
}

/// What a contract's variables are filled with.
pub(crate) struct Filling {
    pub(crate) values: BTreeMap<String, String>,
}

/// Whose seal a block shows.
struct Party {
    role: &'static str,
    name: String,
    id_mask: String,
}

impl Beehive {
    async fn platform_name(&self) -> Result<String> {
        let name = self.branding().await?.platform_name;
        Ok(if name.trim().is_empty() {
            DEFAULT_PLATFORM_NAME.to_owned()
        } else {
            name
        })
    }

    /// The values a contract of `order` is filled with (`contract.no` and `today` included).
    pub(crate) async fn filling(
        &self,
        conn: &impl ConnectionTrait,
        order: &orders::Model,
        contract_no: &str,
        day: NaiveDate,
    ) -> Result<Filling> {
        let customer = customer::Entity::find_by_id(order.customer_id)
            .one(conn)
            .await?
            .ok_or_else(|| Error::internal(anyhow::anyhow!("order without customer")))?;
        let vehicle = vehicle::Entity::find_by_id(order.vehicle_id)
            .one(conn)
            .await?
            .ok_or_else(|| Error::internal(anyhow::anyhow!("order without vehicle")))?;
        let provider = match order.capital_provider_id {
            Some(id) => capital_provider::Entity::find_by_id(id).one(conn).await?,
            None => None,
        };
        let policies = insurance_policy::Entity::find()
            .filter(insurance_policy::Column::OrderId.eq(order.id))
            .order_by_asc(insurance_policy::Column::Id)
            .all(conn)
            .await?;
        let insurer_name = match policies.first() {
            Some(p) => insurer::Entity::find_by_id(p.insurer_id)
                .one(conn)
                .await?
                .map(|i| i.name)
                .unwrap_or_default(),
            None => String::new(),
        };
        let reveal = |stored: Option<&String>| -> Result<String> {
            match stored {
                Some(s) => self
                    .secrets
                    .decrypt(s)
                    .map_err(|_| Error::Conflict(crate::secret::UNREADABLE.to_owned())),
                None => Ok(String::new()),
            }
        };
        let snapshot: Option<super::TermsSnapshot> = order
            .terms_snapshot
            .clone()
            .and_then(|v| serde_json::from_value(v).ok());
        let (instalment, annual) = match &snapshot {
            Some(s) => {
                let plan = domain::money::generate_plan(
                    &s.terms,
                    domain::money::Fen(order.financed_fen),
                    s.term_n,
                    s.anchor_date,
                )
                .map_err(|e| Error::Conflict(e.to_string()))?;
                let first = plan
                    .items
                    .first()
                    .map(|i| i.total().map(|t| t.get()).unwrap_or(0))
                    .unwrap_or(0);
                let rate = domain::money::irr::annualised_rate(&plan, s.terms.repay_timing)
                    .ok()
                    .map(|r| r.effective_annual_bp)
                    .map_or_else(String::new, |bp| {
                        format!("{}.{:02}%", bp / 100, (bp % 100).abs())
                    });
                (yuan(plan.emi_fen.map_or(first, |e| e.get())), rate)
            }
            None => (String::new(), String::new()),
        };
        let mut values = BTreeMap::new();
        let mut put = |k: &str, v: String| {
            values.insert(k.to_owned(), v);
        };
        put("customer.name", customer.name.clone());
        let id_no = reveal(customer.id_no_enc.as_ref())?;
        put(
            "customer.idNo",
            if id_no.is_empty() {
                customer.credit_code.clone().unwrap_or_default()
            } else {
                id_no
            },
        );
        put("customer.mobile", reveal(Some(&customer.mobile_enc))?);
        put("customer.address", customer.address.clone());
        put("customer.customerNo", customer.customer_no.clone());
        put("order.orderNo", order.order_no.clone());
        put("order.totalPremium", yuan(order.total_premium_fen));
        put("order.downPayment", yuan(order.down_payment_fen));
        put("order.financedAmount", yuan(order.financed_fen));
        put(
            "order.financedAmountUpper",
            amount_upper(order.financed_fen),
        );
        put("order.termCount", order.term_n.to_string());
        put("order.annualRate", annual);
        put("order.instalmentAmount", instalment);
        put(
            "order.firstDueDate",
            order.first_due_date.map(date_cn).unwrap_or_default(),
        );
        put(
            "capital.name",
            provider
                .as_ref()
                .map(|p| p.name.clone())
                .unwrap_or_default(),
        );
        put("vehicle.plateNo", vehicle.plate_no.clone());
        put("vehicle.vin", vehicle.vin.clone());
        put("vehicle.brandModel", vehicle.brand_model.clone());
        put("insurer.name", insurer_name);
        put("bank.name", customer.bank_name.clone().unwrap_or_default());
        put("bank.cardNo", reveal(customer.bank_card_enc.as_ref())?);
        put("contract.no", contract_no.to_owned());
        put("platform.name", self.platform_name().await?);
        put("today", date_cn(day));
        Ok(Filling { values })
    }

    /// The ACTIVE template of `kind` for the order's provider (its own version first).
    pub(crate) async fn template_for(
        &self,
        conn: &impl ConnectionTrait,
        kind: &str,
        provider_id: Option<i64>,
    ) -> Result<contract_template::Model> {
        let rows = contract_template::Entity::find()
            .filter(contract_template::Column::DocKind.eq(kind))
            .filter(contract_template::Column::Status.eq(TemplateStatus::Active.code()))
            .order_by_desc(contract_template::Column::Id)
            .all(conn)
            .await?;
        let own = rows
            .iter()
            .find(|t| t.capital_provider_id.is_some() && t.capital_provider_id == provider_id);
        let general = rows.iter().find(|t| t.capital_provider_id.is_none());
        own.or(general).cloned().ok_or_else(|| {
            Error::Conflict(format!(
                "「{}」没有生效的合同模板，请先在合同管理中启用",
                kind_name(kind)
            ))
        })
    }

    /// The parties who sign a document of `kind` for `order`.
    async fn parties(
        &self,
        conn: &impl ConnectionTrait,
        order: &orders::Model,
        kind: &str,
    ) -> Result<Vec<Party>> {
        let customer = customer::Entity::find_by_id(order.customer_id)
            .one(conn)
            .await?
            .ok_or_else(|| Error::internal(anyhow::anyhow!("order without customer")))?;
        let provider = match order.capital_provider_id {
            Some(id) => capital_provider::Entity::find_by_id(id).one(conn).await?,
            None => None,
        };
        let platform = self.platform_name().await?;
        signer_roles(kind)
            .iter()
            .map(|role| {
                Ok(match *role {
                    CUSTOMER => Party {
                        role: CUSTOMER,
                        name: customer.name.clone(),
                        id_mask: customer.id_no_mask.clone().unwrap_or_default(),
                    },
                    CAPITAL => Party {
                        role: CAPITAL,
                        name: provider
                            .as_ref()
                            .map(|p| p.name.clone())
                            .ok_or_else(|| Error::Conflict("订单尚未确定资金方".to_owned()))?,
                        id_mask: String::new(),
                    },
                    _ => Party {
                        role: PLATFORM,
                        name: platform.clone(),
                        id_mask: String::new(),
                    },
                })
            })
            .collect()
    }

    /// Renders the contract body of `template` filled with `filling` as a PDF.
    pub(crate) async fn render_contract(
        template: &contract_template::Model,
        contract_no: &str,
        values: &BTreeMap<String, String>,
        signing: Option<SigningPage>,
    ) -> Result<Vec<u8>> {
        let body = fill(&template.body, |name| {
            values
                .get(name)
                .cloned()
                .unwrap_or_else(|| variable(name).map_or_else(String::new, |_| String::new()))
        })?;
        let title = template.name.clone();
        let subtitle = format!(
            "{} · {} {} · 模板 {} 第 {} 版",
            kind_name(&template.doc_kind),
            if template.doc_kind == SETTLEMENT_CERTIFICATE {
                "证明编号"
            } else {
                "合同编号"
            },
            contract_no,
            template.code,
            template.template_version
        );
        tokio::task::spawn_blocking(move || {
            let doc = DocumentText {
                title: &title,
                subtitle: &subtitle,
                body: &body,
            };
            match &signing {
                Some(page) => pdf::render_signed(&doc, page),
                None => pdf::render(&doc),
            }
        })
        .await
        .map_err(Error::internal)?
    }

    /// Generates the documents of `package` for an order in `status` (earlier live ones of those
    /// kinds are voided) and sends them for signing.
    async fn generate_package(
        &self,
        me: &Principal,
        client: &ClientInfo,
        order_id: i64,
        package: &'static str,
    ) -> Result<Vec<ContractView>> {
        let (kinds, status) = if package == DECLARATION {
            (DECLARATION_KINDS, OrderStatus::PendingDeclaration)
        } else {
            (LOAN_KINDS, OrderStatus::PendingSign)
        };
        me.require(permission_of(package))?;
        let now = self.clock.now();
        let day = self.business_date().await?;
        let by = By::user(me, client);
        let bestsign = self.bestsign().await?;
        let txn = store::begin_write(&self.db).await?;
        let order = orders::Entity::find_by_id(order_id)
            .one(&txn)
            .await?
            .ok_or_else(|| Error::NotFound("订单不存在".to_owned()))?;
        let current = status_of(&order)?;
        if current != status {
            return Err(Error::Conflict(format!(
                "当前状态不允许该操作（当前状态：{}）",
                current.label()
            )));
        }
        void_live(
            &txn,
            &by,
            now,
            order.id,
            Some(kinds),
            "重新生成合同，原合同作废",
        )
        .await?;
        let mut seq = order_contract::Entity::find()
            .filter(order_contract::Column::OrderId.eq(order.id))
            .count(&txn)
            .await?;
        let mut made = Vec::new();
        for kind in kinds {
            seq += 1;
            let template = self
                .template_for(&txn, kind, order.capital_provider_id)
                .await?;
            let contract_no = format!("HT{}{:02}", order.order_no.trim_start_matches("BH"), seq);
            let filling = self.filling(&txn, &order, &contract_no, day).await?;
            let bytes =
                Self::render_contract(&template, &contract_no, &filling.values, None).await?;
            let file = self
                .store_file(
                    &txn,
                    &by.actor,
                    "CONTRACT",
                    "file",
                    NewFile {
                        file_name: format!("{contract_no}.pdf"),
                        bytes: bytes.into(),
                    },
                    Accept::ImagesAndPdf,
                )
                .await?;
            let contract = order_contract::ActiveModel {
                order_id: Set(order.id),
                package: Set(package.to_owned()),
                doc_kind: Set((*kind).to_owned()),
                title: Set(template.name.clone()),
                contract_no: Set(contract_no.clone()),
                template_id: Set(template.id),
                template_code: Set(template.code.clone()),
                template_version: Set(template.template_version),
                capital_provider_id: Set(order.capital_provider_id),
                variables: Set(serde_json::to_value(&filling.values).map_err(Error::internal)?),
                rendered_file_id: Set(file.id),
                rendered_sha256: Set(file.sha256.clone()),
                provider: Set(LOCAL.to_owned()),
                flow_id: Set(None),
                status: Set(ContractStatus::Signing.code().to_owned()),
                signed_via: Set(String::new()),
                created_at: Set(now),
                created_by: Set(Some(me.user_id)),
                updated_at: Set(now),
                updated_by: Set(Some(me.user_id)),
                version: Set(0),
                ..Default::default()
            }
            .insert(&txn)
            .await
            .map_err(|e| crate::error::conflict_on_unique(e, "合同正在生成，请稍后刷新"))?;
            let mut signer_ids = Vec::new();
            for (i, party) in self
                .parties(&txn, &order, kind)
                .await?
                .into_iter()
                .enumerate()
            {
                let token = new_token();
                let signer = order_contract_signer::ActiveModel {
                    contract_id: Set(contract.id),
                    order_id: Set(order.id),
                    seq: Set(i32::try_from(i + 1).unwrap_or(1)),
                    role: Set(party.role.to_owned()),
                    name: Set(party.name),
                    id_no_mask: Set(party.id_mask),
                    token_hash: Set(Some(token_hash(&token))),
                    token_enc: Set(Some(self.secrets.encrypt(&token))),
                    status: Set(PENDING.to_owned()),
                    created_at: Set(now),
                    ..Default::default()
                }
                .insert(&txn)
                .await?;
                signer_ids.push(signer.id);
            }
            if let Some((adapter, settings)) = &bestsign {
                self.start_bestsign_flow(
                    &txn,
                    adapter,
                    settings,
                    &order,
                    &contract,
                    &signer_ids,
                    &file,
                )
                .await?;
            }
            audit::record(
                &txn,
                Entry {
                    actor: &by.actor,
                    action: "order_contract.generate",
                    target_type: "order_contract",
                    target_id: Some(contract.id.to_string()),
                    success: true,
                    detail: serde_json::json!({
                        "orderNo": order.order_no,
                        "contractNo": contract_no,
                        "docKind": kind,
                        "template": template.code,
                        "templateVersion": template.template_version,
                        "sha256": file.sha256,
                    }),
                    ip: by.ip.clone(),
                    request_id: by.request_id.clone(),
                },
                now,
            )
            .await?;
            made.push(contract.id);
        }
        txn.commit().await?;
        let mut out = Vec::new();
        for id in made {
            out.push(self.contract_view(&self.db, id).await?);
        }
        Ok(out)
    }

    /// 车主声明 + 授权委托书 for an order awaiting the owner's declaration.
    pub async fn generate_declaration(
        &self,
        me: &Principal,
        client: &ClientInfo,
        order_id: i64,
    ) -> Result<Vec<ContractView>> {
        self.generate_package(me, client, order_id, DECLARATION)
            .await
    }

    /// The loan package for an order awaiting signing.
    pub async fn generate_contracts(
        &self,
        me: &Principal,
        client: &ClientInfo,
        order_id: i64,
    ) -> Result<Vec<ContractView>> {
        self.generate_package(me, client, order_id, LOAN).await
    }

    pub(crate) async fn contract_view(
        &self,
        conn: &impl ConnectionTrait,
        id: i64,
    ) -> Result<ContractView> {
        let contract = order_contract::Entity::find_by_id(id)
            .one(conn)
            .await?
            .ok_or_else(not_found)?;
        let signing = contract.status == ContractStatus::Signing.code();
        let signers = order_contract_signer::Entity::find()
            .filter(order_contract_signer::Column::ContractId.eq(id))
            .order_by_asc(order_contract_signer::Column::Seq)
            .all(conn)
            .await?
            .into_iter()
            .map(|s| {
                let path = (signing && s.status == PENDING)
                    .then(|| {
                        s.token_enc
                            .as_deref()
                            .and_then(|t| self.secrets.decrypt(t).ok())
                    })
                    .flatten()
                    .map(|t| {
                        if t.starts_with("http") {
                            t
                        } else {
                            format!("/sign/{t}")
                        }
                    });
                (s, path)
            })
            .collect();
        Ok(ContractView { contract, signers })
    }

    /// The contracts of an order, newest first.
    pub async fn order_contracts(
        &self,
        me: &Principal,
        order_id: i64,
    ) -> Result<Vec<ContractView>> {
        me.require(ORDER_INFO_TABLE)?;
        self.contracts_of(order_id).await
    }

    pub(crate) async fn contracts_of(&self, order_id: i64) -> Result<Vec<ContractView>> {
        let ids: Vec<i64> = order_contract::Entity::find()
            .filter(order_contract::Column::OrderId.eq(order_id))
            .order_by_desc(order_contract::Column::Id)
            .all(&self.db)
            .await?
            .into_iter()
            .map(|c| c.id)
            .collect();
        let mut out = Vec::new();
        for id in ids {
            out.push(self.contract_view(&self.db, id).await?);
        }
        Ok(out)
    }

    /// New signing links for the signers who have not signed (the old links stop working).
    pub async fn resend_contract(
        &self,
        me: &Principal,
        client: &ClientInfo,
        id: i64,
    ) -> Result<ContractView> {
        let now = self.clock.now();
        let by = By::user(me, client);
        let txn = store::begin_write(&self.db).await?;
        let contract = order_contract::Entity::find_by_id(id)
            .one(&txn)
            .await?
            .ok_or_else(not_found)?;
        me.require(permission_of(&contract.package))?;
        if contract.status != ContractStatus::Signing.code() {
            return Err(Error::Conflict("只能重新发送签署中的合同".to_owned()));
        }
        let pending = order_contract_signer::Entity::find()
            .filter(order_contract_signer::Column::ContractId.eq(id))
            .filter(order_contract_signer::Column::Status.eq(PENDING))
            .all(&txn)
            .await?;
        for signer in &pending {
            let token = new_token();
            order_contract_signer::Entity::update_many()
                .col_expr(
                    order_contract_signer::Column::TokenHash,
                    Expr::value(Some(token_hash(&token))),
                )
                .col_expr(
                    order_contract_signer::Column::TokenEnc,
                    Expr::value(Some(self.secrets.encrypt(&token))),
                )
                .filter(order_contract_signer::Column::Id.eq(signer.id))
                .filter(order_contract_signer::Column::Status.eq(PENDING))
                .exec(&txn)
                .await?;
        }
        audit::record(
            &txn,
            Entry {
                actor: &by.actor,
                action: "order_contract.resend",
                target_type: "order_contract",
                target_id: Some(id.to_string()),
                success: true,
                detail: serde_json::json!({ "contractNo": contract.contract_no, "signers": pending.len() }),
                ip: by.ip.clone(),
                request_id: by.request_id.clone(),
            },
            now,
        )
        .await?;
        txn.commit().await?;
        self.contract_view(&self.db, id).await
    }

    /// Voids a contract (a reason is required); a voided package must be generated again.
    pub async fn void_contract(
        &self,
        me: &Principal,
        client: &ClientInfo,
        id: i64,
        reason: &str,
    ) -> Result<()> {
        let now = self.clock.now();
        let by = By::user(me, client);
        let reason = reason.trim();
        let txn = store::begin_write(&self.db).await?;
        let contract = order_contract::Entity::find_by_id(id)
            .one(&txn)
            .await?
            .ok_or_else(not_found)?;
        me.require(permission_of(&contract.package))?;
        if reason.is_empty() {
            return Err(Error::invalid("reason", "请填写作废原因"));
        }
        let order = orders::Entity::find_by_id(contract.order_id)
            .one(&txn)
            .await?
            .ok_or_else(not_found)?;
        let status = status_of(&order)?;
        let open = if contract.package == DECLARATION {
            status == OrderStatus::PendingDeclaration
        } else {
            status == OrderStatus::PendingSign
        };
        if !open {
            return Err(Error::Conflict(format!(
                "订单已进入下一环节，合同不能作废（当前状态：{}）",
                status.label()
            )));
        }
        void_one(&txn, &by, now, &contract, reason).await?;
        txn.commit().await?;
        Ok(())
    }

    /// A signed scan replaces the electronic signing: the uploader confirms (`verified`) that
    /// the signatures and seals on it are the parties'.
    pub async fn upload_signed_contract(
        &self,
        me: &Principal,
        client: &ClientInfo,
        id: i64,
        file: NewFile,
        verified: bool,
    ) -> Result<ContractView> {
        let now = self.clock.now();
        let day = self.business_date().await?;
        let by = By::user(me, client);
        if !verified {
            return Err(Error::invalid(
                "verified",
                "请核验签署件上各方的签名与签章后勾选确认",
            ));
        }
        let txn = store::begin_write(&self.db).await?;
        let contract = order_contract::Entity::find_by_id(id)
            .one(&txn)
            .await?
            .ok_or_else(not_found)?;
        me.require(permission_of(&contract.package))?;
        let from = ContractStatus::parse(&contract.status).ok_or_else(not_found)?;
        from.check(ContractStatus::Signed)?;
        let stored = self
            .store_file(
                &txn,
                &by.actor,
                "CONTRACT",
                "file",
                file,
                Accept::ImagesAndPdf,
            )
            .await?;
        record_transition::apply::<order_contract::Entity, _, _>(
            &txn,
            &by,
            now,
            Change {
                id: contract.id,
                from,
                to: ContractStatus::Signed,
                version: contract.version,
                event: "upload_signed",
                reason: "",
            },
            vec![
                (order_contract::Column::SignedVia, Expr::value("SCAN")),
                (
                    order_contract::Column::SignedFileId,
                    Expr::value(Some(stored.id)),
                ),
                (
                    order_contract::Column::SignedSha256,
                    Expr::value(Some(stored.sha256.clone())),
                ),
                (order_contract::Column::SignedAt, Expr::value(Some(now))),
                (
                    order_contract::Column::VerifiedBy,
                    Expr::value(Some(me.user_id)),
                ),
                (order_contract::Column::UpdatedAt, Expr::value(now)),
            ],
            Some(Logged {
                action: "order_contract.upload_signed",
                detail: serde_json::json!({
                    "contractNo": contract.contract_no,
                    "sha256": stored.sha256,
                    "fileName": stored.file_name,
                }),
            }),
        )
        .await?;
        self.after_signed(&txn, &by, now, day, contract.order_id, &contract.package)
            .await?;
        txn.commit().await?;
        self.contract_view(&self.db, id).await
    }

    /// The contract's PDF: the signed one when `signed` and it exists, else the rendered one.
    pub async fn contract_file(
        &self,
        me: &Principal,
        id: i64,
        signed: bool,
    ) -> Result<FileContent> {
        me.require(ORDER_INFO_TABLE)?;
        let contract = order_contract::Entity::find_by_id(id)
            .one(&self.db)
            .await?
            .ok_or_else(not_found)?;
        let file = match (signed, contract.signed_file_id) {
            (true, Some(f)) => f,
            _ => contract.rendered_file_id,
        };
        self.open_file(file).await
    }

    async fn signer_by_token(
        &self,
        conn: &impl ConnectionTrait,
        token: &str,
    ) -> Result<(order_contract_signer::Model, order_contract::Model)> {
        if token.len() != 64 || !token.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(link_not_found());
        }
        let signer = order_contract_signer::Entity::find()
            .filter(order_contract_signer::Column::TokenHash.eq(token_hash(token)))
            .one(conn)
            .await?
            .ok_or_else(link_not_found)?;
        let contract = order_contract::Entity::find_by_id(signer.contract_id)
            .one(conn)
            .await?
            .ok_or_else(link_not_found)?;
        Ok((signer, contract))
    }

    fn signing_view_of(
        signer: &order_contract_signer::Model,
        contract: &order_contract::Model,
        order_no: String,
    ) -> SigningView {
        let status = if signer.status == SIGNED {
            SIGNED
        } else if contract.status == ContractStatus::Signing.code() {
            PENDING
        } else {
            "CLOSED"
        };
        SigningView {
            contract_no: contract.contract_no.clone(),
            title: contract.title.clone(),
            doc_kind_name: kind_name(&contract.doc_kind).to_owned(),
            order_no,
            signer_role: signer.role.clone(),
            signer_name: if signer.role == CUSTOMER {
                mask_person(&signer.name)
            } else {
                signer.name.clone()
            },
            status: status.to_owned(),
            document_sha256: contract.rendered_sha256.clone(),
            signed_at: signer.signed_at,
        }
    }

    /// The public signing page's view of a link.
    pub async fn signing_view(&self, token: &str) -> Result<SigningView> {
        let (signer, contract) = self.signer_by_token(&self.db, token).await?;
        let order_no = orders::Entity::find_by_id(contract.order_id)
            .one(&self.db)
            .await?
            .map(|o| o.order_no)
            .unwrap_or_default();
        Ok(Self::signing_view_of(&signer, &contract, order_no))
    }

    /// The document a link's signer reads (the rendered, unsigned PDF).
    pub async fn signing_file(&self, token: &str) -> Result<FileContent> {
        let (_, contract) = self.signer_by_token(&self.db, token).await?;
        self.open_file(contract.rendered_file_id).await
    }

    /// Signs through the local signing page: the signer types their full name and agrees.
    /// Signing twice answers the signature already given.
    pub async fn sign_contract(
        &self,
        token: &str,
        name: &str,
        agree: bool,
        client: &ClientInfo,
    ) -> Result<SigningView> {
        let now = self.clock.now();
        let day = self.business_date().await?;
        let txn = store::begin_write(&self.db).await?;
        let (signer, contract) = self.signer_by_token(&txn, token).await?;
        let order = orders::Entity::find_by_id(contract.order_id)
            .one(&txn)
            .await?
            .ok_or_else(link_not_found)?;
        if signer.status == SIGNED {
            return Ok(Self::signing_view_of(&signer, &contract, order.order_no));
        }
        if contract.status != ContractStatus::Signing.code() {
            return Err(Error::Conflict(
                "该文件已不在签署中（已作废或已完成），请联系工作人员".to_owned(),
            ));
        }
        let mut fields = BTreeMap::new();
        if name.trim() != signer.name {
            fields.insert(
                "name".to_owned(),
                "请输入签署人全名（与证件或营业执照一致）".to_owned(),
            );
        }
        if !agree {
            fields.insert(
                "agree".to_owned(),
                "请阅读文件并勾选同意后再签署".to_owned(),
            );
        }
        if let Some(message) = fields.values().next().cloned() {
            return Err(Error::Invalid { message, fields });
        }
        let ip: String = client
            .ip
            .clone()
            .unwrap_or_default()
            .chars()
            .take(64)
            .collect();
        let agent: String = client
            .user_agent
            .clone()
            .unwrap_or_default()
            .chars()
            .take(255)
            .collect();
        let changed = order_contract_signer::Entity::update_many()
            .col_expr(order_contract_signer::Column::Status, Expr::value(SIGNED))
            .col_expr(
                order_contract_signer::Column::SignedAt,
                Expr::value(Some(now)),
            )
            .col_expr(order_contract_signer::Column::Ip, Expr::value(ip.clone()))
            .col_expr(order_contract_signer::Column::UserAgent, Expr::value(agent))
            .col_expr(
                order_contract_signer::Column::DocumentSha256,
                Expr::value(contract.rendered_sha256.clone()),
            )
            .filter(order_contract_signer::Column::Id.eq(signer.id))
            .filter(order_contract_signer::Column::Status.eq(PENDING))
            .exec(&txn)
            .await?
            .rows_affected;
        if changed != 1 {
            return Err(Error::Conflict(crate::error::STALE.to_owned()));
        }
        let by = By {
            actor: Actor::System("signing"),
            ip: client.ip.clone(),
            request_id: client.request_id.clone(),
        };
        audit::record(
            &txn,
            Entry {
                actor: &by.actor,
                action: "order_contract.sign",
                target_type: "order_contract",
                target_id: Some(contract.id.to_string()),
                success: true,
                detail: serde_json::json!({
                    "contractNo": contract.contract_no,
                    "role": signer.role,
                    "signer": signer.name,
                    "ip": ip,
                    "documentSha256": contract.rendered_sha256,
                }),
                ip: by.ip.clone(),
                request_id: by.request_id.clone(),
            },
            now,
        )
        .await?;
        let left = order_contract_signer::Entity::find()
            .filter(order_contract_signer::Column::ContractId.eq(contract.id))
            .filter(order_contract_signer::Column::Status.eq(PENDING))
            .count(&txn)
            .await?;
        if left == 0 {
            self.complete_signing(&txn, &by, now, &contract).await?;
            self.after_signed(&txn, &by, now, day, contract.order_id, &contract.package)
                .await?;
        }
        let signer = order_contract_signer::Entity::find_by_id(signer.id)
            .one(&txn)
            .await?
            .ok_or_else(link_not_found)?;
        let contract = order_contract::Entity::find_by_id(contract.id)
            .one(&txn)
            .await?
            .ok_or_else(link_not_found)?;
        txn.commit().await?;
        Ok(Self::signing_view_of(&signer, &contract, order.order_no))
    }

    /// Every signer signed: the signed PDF (document + signing page) is stored and the contract
    /// is SIGNED.
    async fn complete_signing(
        &self,
        conn: &impl ConnectionTrait,
        by: &By,
        now: DateTime<Utc>,
        contract: &order_contract::Model,
    ) -> Result<()> {
        let template = contract_template::Entity::find_by_id(contract.template_id)
            .one(conn)
            .await?
            .ok_or_else(|| Error::internal(anyhow::anyhow!("contract without template")))?;
        let values: BTreeMap<String, String> =
            serde_json::from_value(contract.variables.clone()).map_err(Error::internal)?;
        let signers = order_contract_signer::Entity::find()
            .filter(order_contract_signer::Column::ContractId.eq(contract.id))
            .order_by_asc(order_contract_signer::Column::Seq)
            .all(conn)
            .await?;
        let seal = self
            .seal_picture(conn, contract.capital_provider_id)
            .await?;
        let zone = self.time_zone().await?;
        let mut blocks = Vec::new();
        for s in &signers {
            let at = s
                .signed_at
                .map(|t| {
                    t.with_timezone(&zone)
                        .format("%Y-%m-%d %H:%M:%S")
                        .to_string()
                })
                .unwrap_or_default();
            let mut lines = vec![
                format!("签署时间：{at}（{}）", zone.name()),
                format!("签署 IP：{}", s.ip),
                format!("签署方式：本系统电子签署，签署人输入全名并确认同意"),
            ];
            if !s.id_no_mask.is_empty() {
                lines.insert(0, format!("证件号码：{}", s.id_no_mask));
            }
            blocks.push(SignatureBlock {
                role: role_name(&s.role).to_owned(),
                name: s.name.clone(),
                lines,
                organisation: s.role != CUSTOMER,
                seal: if s.role == CAPITAL {
                    seal.clone()
                } else {
                    None
                },
            });
        }
        let bytes = Self::render_contract(
            &template,
            &contract.contract_no,
            &values,
            Some(SigningPage {
                document_sha256: contract.rendered_sha256.clone(),
                contract_no: contract.contract_no.clone(),
                blocks,
            }),
        )
        .await?;
        self.store_signed(conn, by, now, contract, bytes).await
    }

    /// Stores the signed PDF of `contract` (every signer signed electronically) and moves it
    /// SIGNING → SIGNED: the local page's last signature and a provider's completion notice.
    async fn store_signed(
        &self,
        conn: &impl ConnectionTrait,
        by: &By,
        now: DateTime<Utc>,
        contract: &order_contract::Model,
        bytes: Vec<u8>,
    ) -> Result<()> {
        let stored = self
            .store_file(
                conn,
                &by.actor,
                "CONTRACT",
                "file",
                NewFile {
                    file_name: format!("{}-signed.pdf", contract.contract_no),
                    bytes: bytes.into(),
                },
                Accept::ImagesAndPdf,
            )
            .await?;
        record_transition::apply::<order_contract::Entity, _, _>(
            conn,
            by,
            now,
            Change {
                id: contract.id,
                from: ContractStatus::Signing,
                to: ContractStatus::Signed,
                version: contract.version,
                event: "signed",
                reason: "",
            },
            vec![
                (order_contract::Column::SignedVia, Expr::value("ESIGN")),
                (
                    order_contract::Column::SignedFileId,
                    Expr::value(Some(stored.id)),
                ),
                (
                    order_contract::Column::SignedSha256,
                    Expr::value(Some(stored.sha256.clone())),
                ),
                (order_contract::Column::SignedAt, Expr::value(Some(now))),
                (order_contract::Column::UpdatedAt, Expr::value(now)),
            ],
            Some(Logged {
                action: "order_contract.signed",
                detail: serde_json::json!({
                    "contractNo": contract.contract_no,
                    "flowId": contract.flow_id,
                    "sha256": stored.sha256,
                    "documentSha256": contract.rendered_sha256,
                }),
            }),
        )
        .await?;
        Ok(())
    }

    /// The capital provider's seal picture, when its e-signature account has one.
    async fn seal_picture(
        &self,
        conn: &impl ConnectionTrait,
        provider_id: Option<i64>,
    ) -> Result<Option<SealImage>> {
        use futures::TryStreamExt;
        let Some(provider_id) = provider_id else {
            return Ok(None);
        };
        let Some(file_id) = capital_esign_account::Entity::find()
            .filter(capital_esign_account::Column::CapitalProviderId.eq(provider_id))
            .one(conn)
            .await?
            .and_then(|a| a.seal_file_id)
        else {
            return Ok(None);
        };
        let Some(row) = stored_file::Entity::find_by_id(file_id).one(conn).await? else {
            return Ok(None);
        };
        let content = match self.open_file(row.id).await {
            Ok(c) => c,
            Err(Error::NotFound(_)) => return Ok(None),
            Err(e) => return Err(e),
        };
        let chunks: Vec<bytes::Bytes> =
            content.body.try_collect().await.map_err(Error::internal)?;
        let bytes = chunks.concat();
        Ok(match row.content_type.as_str() {
            "image/png" => Some(SealImage::Png(bytes)),
            "image/jpeg" => Some(SealImage::Jpeg(bytes)),
            _ => None,
        })
    }

    /// After a contract of `package` was signed: when every document of the package is, the
    /// order passes T12 (declaration) or T15 (loan package, the plan stored PENDING).
    pub(crate) async fn after_signed(
        &self,
        conn: &impl ConnectionTrait,
        by: &By,
        now: DateTime<Utc>,
        day: NaiveDate,
        order_id: i64,
        package: &str,
    ) -> Result<()> {
        let kinds = if package == DECLARATION {
            DECLARATION_KINDS
        } else {
            LOAN_KINDS
        };
        let live = order_contract::Entity::find()
            .filter(order_contract::Column::OrderId.eq(order_id))
            .filter(order_contract::Column::Package.eq(package))
            .filter(order_contract::Column::Status.eq(ContractStatus::Signed.code()))
            .all(conn)
            .await?;
        if !kinds.iter().all(|k| live.iter().any(|c| c.doc_kind == *k)) {
            return Ok(());
        }
        let order = orders::Entity::find_by_id(order_id)
            .one(conn)
            .await?
            .ok_or_else(|| Error::NotFound("订单不存在".to_owned()))?;
        let from = status_of(&order)?;
        let detail = serde_json::json!({
            "contracts": live.iter().map(|c| serde_json::json!({
                "contractNo": c.contract_no,
                "docKind": c.doc_kind,
                "signedVia": c.signed_via,
                "sha256": c.signed_sha256,
            })).collect::<Vec<_>>(),
        });
        if package == DECLARATION {
            let event = Event::to_next(OrderEvent::DeclarationSigned, from)?
                .detail(detail)
                .set(orders::Column::DeclaredAt, Expr::value(Some(now)));
            order_transition::apply(conn, by, now, day, &order, event).await?;
        } else {
            let rules = self.current_order_rules().await?;
            let plan_id = super::plan::store_plan(conn, &order, now).await?;
            let deadline = day + chrono::Days::new(u64::from(rules.down_payment_deadline_days));
            let event = Event::to_next(OrderEvent::ContractSigned, from)?
                .detail(detail)
                .reference("order_plan", plan_id)
                .set(orders::Column::SignedAt, Expr::value(Some(now)))
                .set(orders::Column::PlanId, Expr::value(Some(plan_id)))
                .set(
                    orders::Column::DownPaymentDeadline,
                    Expr::value(Some(deadline)),
                );
            order_transition::apply(conn, by, now, day, &order, event).await?;
        }
        Ok(())
    }
}

impl Beehive {
    /// Sends a contract to BestSign: its signers (the customer by ID and mobile, the provider
    /// by its e-signature account, the platform by 电子签章接口配置), the PDF, the callback
    /// address with this contract's secret. Each signer's link is kept (encrypted) instead of a
    /// local token.
    #[allow(clippy::too_many_arguments)]
    async fn start_bestsign_flow(
        &self,
        conn: &impl ConnectionTrait,
        adapter: &crate::interface::bestsign::BestSign,
        settings: &crate::interface::esign::SignatureSettings,
        order: &orders::Model,
        contract: &order_contract::Model,
        signer_ids: &[i64],
        file: &stored_file::Model,
    ) -> Result<()> {
        use crate::ports::{ESign, FlowRequest, FlowSigner};
        use futures::TryStreamExt;
        let signers = order_contract_signer::Entity::find()
            .filter(order_contract_signer::Column::Id.is_in(signer_ids.iter().copied()))
            .order_by_asc(order_contract_signer::Column::Seq)
            .all(conn)
            .await?;
        let customer = customer::Entity::find_by_id(order.customer_id)
            .one(conn)
            .await?
            .ok_or_else(|| Error::internal(anyhow::anyhow!("order without customer")))?;
        let reveal = |stored: Option<&String>| -> String {
            stored
                .and_then(|s| self.secrets.decrypt(s).ok())
                .unwrap_or_default()
        };
        let mut flow_signers = Vec::new();
        for s in &signers {
            let (id_no, mobile, organisation) = match s.role.as_str() {
                CUSTOMER => {
                    let enterprise = customer.kind == "ENTERPRISE";
                    let id = if enterprise {
                        customer.credit_code.clone().unwrap_or_default()
                    } else {
                        reveal(customer.id_no_enc.as_ref())
                    };
                    (id, reveal(Some(&customer.mobile_enc)), enterprise)
                }
                CAPITAL => {
                    let account = capital_esign_account::Entity::find()
                        .filter(
                            capital_esign_account::Column::CapitalProviderId
                                .eq(order.capital_provider_id.unwrap_or(0)),
                        )
                        .one(conn)
                        .await?
                        .filter(|a| !a.credit_code.is_empty() && !a.contact_mobile.is_empty())
                        .ok_or_else(|| {
                            Error::Conflict(format!(
                                "资金方「{}」的电子签章账户未填写统一社会信用代码或联系人手机号",
                                s.name
                            ))
                        })?;
                    (account.credit_code, account.contact_mobile, true)
                }
                _ => (
                    settings.platform_credit_code.clone(),
                    settings.platform_mobile.clone(),
                    true,
                ),
            };
            flow_signers.push(FlowSigner {
                key: s.id.to_string(),
                role: s.role.clone(),
                name: s.name.clone(),
                id_no,
                mobile,
                is_organisation: organisation,
            });
        }
        // The file's row is not committed yet: read its object, not `open_file` (a new query).
        let content = self
            .storage
            .store
            .get(&file.object_name.as_str().into())
            .await
            .map_err(Error::internal)?;
        let chunks: Vec<bytes::Bytes> = content
            .into_stream()
            .try_collect()
            .await
            .map_err(Error::internal)?;
        let secret = self
            .secrets
            .blind_index("esign-notice", &contract.contract_no);
        let flow = adapter
            .create_flow(FlowRequest {
                contract_no: contract.contract_no.clone(),
                title: contract.title.clone(),
                pdf: chunks.concat(),
                signers: flow_signers,
                callback_url: format!(
                    "{}/api/esign/notice/bestsign/{}/{secret}",
                    settings.callback_base, contract.contract_no
                ),
            })
            .await?;
        order_contract::Entity::update_many()
            .col_expr(
                order_contract::Column::Provider,
                Expr::value(crate::interface::esign::ESIGN_BESTSIGN),
            )
            .col_expr(
                order_contract::Column::FlowId,
                Expr::value(Some(flow.flow_id)),
            )
            .filter(order_contract::Column::Id.eq(contract.id))
            .exec(conn)
            .await
            .map_err(|e| crate::error::conflict_on_unique(e, "签署流程编号重复"))?;
        for (key, url) in flow.urls {
            let Ok(id) = key.parse::<i64>() else { continue };
            order_contract_signer::Entity::update_many()
                .col_expr(
                    order_contract_signer::Column::TokenHash,
                    Expr::value(Option::<String>::None),
                )
                .col_expr(
                    order_contract_signer::Column::TokenEnc,
                    Expr::value(Some(self.secrets.encrypt(&url))),
                )
                .filter(order_contract_signer::Column::Id.eq(id))
                .exec(conn)
                .await?;
        }
        Ok(())
    }

    /// A notice of the e-signature provider about contract `contract_no`: authentic when the
    /// address carries the contract's secret (given to the provider with the flow) or when the
    /// provider signed it. Idempotent (a signer signed twice, a flow completed twice change
    /// nothing) and safe out of order (a completion before a signer's notice signs everyone).
    pub async fn esign_notice(
        &self,
        contract_no: &str,
        secret: &str,
        headers: &[(String, String)],
        body: &[u8],
    ) -> Result<()> {
        use crate::ports::{ESign, FlowNotice};
        let Some((adapter, _)) = self.bestsign().await? else {
            return Err(Error::Conflict("未启用上上签电子签章".to_owned()));
        };
        let expected = self.secrets.blind_index("esign-notice", contract_no);
        let by_address = expected.len() == secret.len()
            && expected
                .bytes()
                .zip(secret.bytes())
                .fold(0u8, |acc, (a, b)| acc | (a ^ b))
                == 0;
        let notice = if by_address {
            crate::interface::bestsign::parse_notice(body)?
        } else {
            adapter.verify_notice(headers, body)?
        };
        let flow_id = match &notice {
            FlowNotice::SignerSigned { flow_id, .. }
            | FlowNotice::SignerRejected { flow_id, .. }
            | FlowNotice::Completed { flow_id } => flow_id.clone(),
        };
        let now = self.clock.now();
        let day = self.business_date().await?;
        let by = By::system("esign");
        // Nothing to do for a contract no longer out for signing (a repeated notice): answered
        // before any download.
        let known = order_contract::Entity::find()
            .filter(order_contract::Column::FlowId.eq(&flow_id))
            .one(&self.db)
            .await?
            .filter(|c| c.contract_no == contract_no)
            .ok_or_else(not_found)?;
        if known.status != ContractStatus::Signing.code() {
            return Ok(());
        }
        // The signed document is fetched before the transaction (a network call).
        let signed_pdf = match &notice {
            FlowNotice::Completed { .. } => Some(adapter.signed_document(&flow_id).await?),
            _ => None,
        };
        let txn = store::begin_write(&self.db).await?;
        let contract = order_contract::Entity::find()
            .filter(order_contract::Column::FlowId.eq(&flow_id))
            .one(&txn)
            .await?
            .filter(|c| c.contract_no == contract_no)
            .ok_or_else(not_found)?;
        if contract.status != ContractStatus::Signing.code() {
            return Ok(()); // already signed, voided or refused: nothing to do again
        }
        match notice {
            FlowNotice::SignerSigned { signer_key, .. } => {
                let id: i64 = signer_key.parse().map_err(|_| not_found())?;
                order_contract_signer::Entity::update_many()
                    .col_expr(order_contract_signer::Column::Status, Expr::value(SIGNED))
                    .col_expr(
                        order_contract_signer::Column::SignedAt,
                        Expr::value(Some(now)),
                    )
                    .col_expr(
                        order_contract_signer::Column::DocumentSha256,
                        Expr::value(contract.rendered_sha256.clone()),
                    )
                    .filter(order_contract_signer::Column::Id.eq(id))
                    .filter(order_contract_signer::Column::ContractId.eq(contract.id))
                    .filter(order_contract_signer::Column::Status.eq(PENDING))
                    .exec(&txn)
                    .await?;
            }
            FlowNotice::SignerRejected { reason, .. } => {
                record_transition::apply::<order_contract::Entity, _, _>(
                    &txn,
                    &by,
                    now,
                    Change {
                        id: contract.id,
                        from: ContractStatus::Signing,
                        to: ContractStatus::Rejected,
                        version: contract.version,
                        event: "reject",
                        reason: &reason,
                    },
                    vec![(order_contract::Column::UpdatedAt, Expr::value(now))],
                    Some(Logged {
                        action: "order_contract.rejected",
                        detail: serde_json::json!({ "contractNo": contract.contract_no, "reason": reason }),
                    }),
                )
                .await?;
            }
            FlowNotice::Completed { .. } => {
                order_contract_signer::Entity::update_many()
                    .col_expr(order_contract_signer::Column::Status, Expr::value(SIGNED))
                    .col_expr(
                        order_contract_signer::Column::SignedAt,
                        Expr::value(Some(now)),
                    )
                    .col_expr(
                        order_contract_signer::Column::DocumentSha256,
                        Expr::value(contract.rendered_sha256.clone()),
                    )
                    .filter(order_contract_signer::Column::ContractId.eq(contract.id))
                    .filter(order_contract_signer::Column::Status.eq(PENDING))
                    .exec(&txn)
                    .await?;
                self.store_signed(&txn, &by, now, &contract, signed_pdf.unwrap_or_default())
                    .await?;
                self.after_signed(&txn, &by, now, day, contract.order_id, &contract.package)
                    .await?;
            }
        }
        txn.commit().await?;
        Ok(())
    }
}

fn new_token() -> String {
    let mut bytes = [0u8; 32];
    rand::rng().fill(&mut bytes);
    hex::encode(bytes)
}

async fn void_one(
    conn: &impl ConnectionTrait,
    by: &By,
    now: DateTime<Utc>,
    contract: &order_contract::Model,
    reason: &str,
) -> Result<()> {
    let from = ContractStatus::parse(&contract.status).ok_or_else(not_found)?;
    record_transition::apply::<order_contract::Entity, _, _>(
        conn,
        by,
        now,
        Change {
            id: contract.id,
            from,
            to: ContractStatus::Voided,
            version: contract.version,
            event: "void",
            reason,
        },
        vec![
            (
                order_contract::Column::VoidReason,
                Expr::value(reason.chars().take(500).collect::<String>()),
            ),
            (order_contract::Column::VoidedAt, Expr::value(Some(now))),
            (order_contract::Column::UpdatedAt, Expr::value(now)),
        ],
        Some(Logged {
            action: "order_contract.void",
            detail: serde_json::json!({ "contractNo": contract.contract_no, "reason": reason }),
        }),
    )
    .await?;
    // The links stop working.
    order_contract_signer::Entity::update_many()
        .col_expr(
            order_contract_signer::Column::TokenHash,
            Expr::value(Option::<String>::None),
        )
        .filter(order_contract_signer::Column::ContractId.eq(contract.id))
        .filter(order_contract_signer::Column::Status.eq(PENDING))
        .exec(conn)
        .await?;
    Ok(())
}

/// Voids the order's live contracts (of `kinds`, or all): re-allocation, re-quote, timeout,
/// cancellation and re-generation use it.
pub(crate) async fn void_live(
    conn: &impl ConnectionTrait,
    by: &By,
    now: DateTime<Utc>,
    order_id: i64,
    kinds: Option<&[&str]>,
    reason: &str,
) -> Result<usize> {
    let mut query = order_contract::Entity::find()
        .filter(order_contract::Column::OrderId.eq(order_id))
        .filter(order_contract::Column::Status.is_in([
            ContractStatus::Signing.code(),
            ContractStatus::Signed.code(),
        ]));
    if let Some(kinds) = kinds {
        query = query.filter(order_contract::Column::DocKind.is_in(kinds.iter().copied()));
    }
    let live = query.all(conn).await?;
    for contract in &live {
        void_one(conn, by, now, contract, reason).await?;
    }
    Ok(live.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_in_capitals() {
        assert_eq!(amount_upper(1_200_000), "壹万贰仟元整");
        assert_eq!(amount_upper(100_000_000), "壹佰万元整");
        assert_eq!(amount_upper(1_000_001), "壹万元零壹分");
        assert_eq!(amount_upper(1_005_050), "壹万零伍拾元伍角");
        assert_eq!(amount_upper(10_000_000_000), "壹亿元整");
        assert_eq!(amount_upper(12_345), "壹佰贰拾叁元肆角伍分");
        assert_eq!(amount_upper(0), "零元整");
    }

    #[test]
    fn names_are_masked_for_the_signing_page() {
        assert_eq!(mask_person("郭子豪"), "郭*豪");
        assert_eq!(mask_person("李四"), "李*");
        assert_eq!(mask_person("欧阳娜娜"), "欧**娜");
    }

    #[test]
    fn yuan_groups_thousands() {
        assert_eq!(yuan(1_234_567), "12,345.67");
        assert_eq!(yuan(5), "0.05");
    }
}
