//! 退保申请 (surrenderApplication, `admin:order_refund:*`, docs/surrenders.md): the order's
//! policies cancelled with the insurer and the refund applied to what the order owes.
//!
//! Filing (`:table`) records the reason, the requested cancellation date, the estimated refund of
//! each policy (the money core's pro-rata rule with the insurer's surrender rules) and the payoff
//! at that date. A default surrender (逾期违约) needs an overdue order whose demand notice's cure
//! deadline has passed ([`super::surrender_facts`]). Approval (`:approve`, not the maker) starts
//! the surrender: the order → SURRENDERING (T24). Then: submitted to the insurer; the insurer's
//! confirmation (批单号, the actual refund, the effective date) or its refusal; or a cancellation
//! when the customer cured (both T25: the order back to REPAYING or OVERDUE). Settlement
//! (`:settle`, not the maker) applies the refund received, in one transaction: the interest after
//! the effective date cancelled as an early settlement would (the payoff quote at that date), no
//! penalty from that date on, the refund a repayment fact from the insurer (E9) replayed with
//! everything else, a shortfall left to the customer (OPEN) or written off (E10, bearer chosen),
//! and with nothing left owed the order → SURRENDERED (T26). A surplus becomes the customer's
//! credit and is paid out with 退还余款 (E9's payout: P Dr CUSTOMER_CREDIT / Cr COLLECTION).

use super::approval::{check_approver, check_closer, closing_reason};
use super::down_payment::{CHANNELS, order_ref};
use super::plan::plan_of;
use super::purpose::SURRENDER_REFUND;
use super::repayment::{Hand, NewRepayment, SyncBy, check_serial, order_or_404, sync_order};
use super::surrender_facts::{PENALTY_STOP, SURRENDER, standing_notice};
use super::transition::{self as order_transition, Event, status_of};
use super::write_off_facts::{BEARER_PLATFORM, WRITE_OFF};
use super::{money_error, yuan};
use crate::ledger::{NewJournal, post_journal};
use crate::paging::{self, Page, PageRequest};
use crate::principal::{ClientInfo, Principal};
use crate::transition::{self as record_transition, By, Change, Logged};
use crate::{Beehive, Error, Result};
use chrono::NaiveDate;
use domain::ledger::{Counterparty, Event as LedgerEvent, RefundFrom};
use domain::money::payoff::PayoffQuote;
use domain::money::replay::{FactKind, MoneyFact};
use domain::money::surrender::{
    DayBasis, PolicyKind, SurrenderInput as PolicyInput, SurrenderReason, SurrenderRules,
    estimate_refund, split_refund,
};
use domain::money::{Bp, Fen};
use domain::order::{OrderEvent, OrderStatus};
use domain::permission::codes::{ORDER_REFUND_APPROVE, ORDER_REFUND_SETTLE, ORDER_REFUND_TABLE};
use domain::status::{Status, SurrenderStatus};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};
use store::entity::{
    capital_provider, customer, demand_notice, insurance_policy, insurer, order_money_fact, orders,
    surrender,
};
use store::sea_orm::sea_query::{Expr, ExprTrait, Query};
use store::sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, Order, PaginatorTrait,
    QueryFilter, QueryOrder, Set,
};

/// A demand notice as stored.
pub use store::entity::demand_notice::Model as DemandNoticeModel;
/// A surrender application as stored.
pub use store::entity::surrender::Model as SurrenderModel;

/// The reasons of a surrender (codes of the money core's `SurrenderReason`).
pub const REASONS: &[(&str, &str)] = &[
    ("DEFAULT", "逾期违约（依授权委托书退保）"),
    ("CUSTOMER_REQUEST", "客户申请退保"),
    ("VEHICLE_SOLD", "车辆过户/转让"),
    ("TOTAL_LOSS", "车辆报废/全损"),
    ("DUPLICATE", "重复投保"),
    ("POLICY_NOT_ISSUED", "保单未出（全额退保）"),
];

/// How a shortfall left after the refund is handled at settlement.
pub const RESOLUTION_OPEN: &str = "OPEN";
pub const RESOLUTION_WRITTEN_OFF: &str = "WRITTEN_OFF";

/// Who bears a written-off shortfall.
pub const BEARERS: &[(&str, &str)] = &[
    ("CAPITAL_PROVIDER", "资金方承担"),
    (BEARER_PLATFORM, "平台承担（买断资金方本金）"),
];

const LIVE: [SurrenderStatus; 5] = [
    SurrenderStatus::PendingApproval,
    SurrenderStatus::Approved,
    SurrenderStatus::Submitted,
    SurrenderStatus::InsurerConfirmed,
    SurrenderStatus::RefundReceived,
];

/// The statuses from which a surrender may be filed and started (T24).
const STARTABLE: [OrderStatus; 3] = [
    OrderStatus::Repaying,
    OrderStatus::Overdue,
    OrderStatus::PendingPolicy,
];

const SORTS: &[(&str, surrender::Column)] = &[
    ("id", surrender::Column::Id),
    ("createdAt", surrender::Column::CreatedAt),
    ("estimateFen", surrender::Column::EstimateFen),
];

/// Fact ids of the settlement preview's probes (never stored).
const PROBE: u64 = u64::MAX - 1_000;

fn not_found() -> Error {
    Error::NotFound("退保申请不存在".to_owned())
}

fn reason_of(code: &str) -> Option<SurrenderReason> {
    serde_json::from_value(serde_json::Value::String(code.to_owned())).ok()
}

/// The insurer's 交强险 reason codes (保险公司 › 退保规则) as the money core's reasons.
fn compulsory_reasons(codes: &str) -> Vec<SurrenderReason> {
    codes
        .split(',')
        .filter_map(|c| match c.trim() {
            "VEHICLE_SCRAPPED" => Some(SurrenderReason::TotalLoss),
            "VEHICLE_TRANSFERRED" => Some(SurrenderReason::VehicleSold),
            "DUPLICATE_INSURANCE" => Some(SurrenderReason::Duplicate),
            _ => None,
        })
        .collect()
}

/// One policy's estimated refund.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PolicyEstimate {
    pub policy_id: i64,
    pub kind: String,
    pub insurer_name: String,
    pub policy_no: String,
    pub premium_fen: i64,
    pub start_date: Option<NaiveDate>,
    pub end_date: Option<NaiveDate>,
    pub refund_fen: i64,
    pub days_remaining: i64,
    pub days_in_term: i64,
    /// PRE_START, PRO_RATA, SHORT_RATE or NONE.
    pub method: String,
    pub reason_code: Option<String>,
}

/// The application form's data for an order.
#[derive(Debug, Clone)]
pub struct SurrenderQuote {
    pub order_id: i64,
    pub order_no: String,
    pub order_status: String,
    pub customer_name: String,
    pub business_date: NaiveDate,
    pub reason: String,
    pub cancel_date: NaiveDate,
    pub estimate_fen: i64,
    pub payoff_fen: i64,
    pub outstanding_fen: i64,
    pub days_past_due: i32,
    pub policies: Vec<PolicyEstimate>,
    pub notice: Option<demand_notice::Model>,
    /// Why it cannot be filed now.
    pub blocked: Option<String>,
    pub open_no: Option<String>,
}

/// What an application says.
#[derive(Debug, Clone)]
pub struct SurrenderInput {
    pub order_id: i64,
    pub reason: String,
    pub requested_cancel_date: NaiveDate,
    pub remark: String,
}

/// The insurer's confirmation.
#[derive(Debug, Clone)]
pub struct ConfirmInput {
    pub insurer_refund_fen: i64,
    pub endorsement_no: String,
    pub effective_date: NaiveDate,
}

/// The refund received (退保款确认并冲账).
#[derive(Debug, Clone)]
pub struct SettleInput {
    pub received_on: NaiveDate,
    pub channel: String,
    pub serial_no: String,
    pub shortfall_resolution: Option<String>,
    pub bearer: Option<String>,
}

/// The surplus paid out to the customer.
#[derive(Debug, Clone)]
pub struct PayoutInput {
    pub paid_on: NaiveDate,
    pub channel: String,
    pub serial_no: String,
}

/// How the refund would settle the order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SettlePreview {
    pub refund_fen: i64,
    pub payoff_fen: i64,
    pub applied_fen: i64,
    pub surplus_fen: i64,
    pub shortfall_fen: i64,
    pub effective_date: NaiveDate,
}

/// The list's filters.
#[derive(Debug, Clone, Default)]
pub struct SurrenderFilter {
    pub status: Option<String>,
    pub reason: Option<String>,
    pub order_no: Option<String>,
    pub customer_name: Option<String>,
    pub order_id: Option<i64>,
}

/// An application with its order's names.
#[derive(Debug, Clone)]
pub struct SurrenderRow {
    pub surrender: surrender::Model,
    pub order_no: String,
    pub customer_name: String,
    pub capital_provider_name: String,
    pub order_status: String,
}

impl SurrenderRow {
    /// The policy estimates stored with the application.
    pub fn policies(&self) -> Vec<PolicyEstimate> {
        serde_json::from_str(&self.surrender.estimate).unwrap_or_default()
    }
}

/// The 400 of the fields gathered, if any.
fn invalid(fields: BTreeMap<String, String>) -> Result<()> {
    match fields.values().next().cloned() {
        Some(message) => Err(Error::Invalid { message, fields }),
        None => Ok(()),
    }
}

fn check_channel(channel: &str, fields: &mut BTreeMap<String, String>) {
    if !CHANNELS.iter().any(|(c, _)| *c == channel) {
        fields.insert(
            "channel".to_owned(),
            "收款渠道须为银行转账、代扣、线上支付或线下收款".to_owned(),
        );
    }
}

/// Why an order cannot be surrendered for `reason` today (None: it can).
fn blocked(
    status: OrderStatus,
    reason: SurrenderReason,
    notice: Option<&demand_notice::Model>,
    surrender_after_days: u32,
    today: NaiveDate,
) -> Option<String> {
    if !STARTABLE.contains(&status) {
        return Some(format!(
            "当前状态不能申请退保（当前状态：{}）",
            status.label()
        ));
    }
    match reason {
        SurrenderReason::PolicyNotIssued if status != OrderStatus::PendingPolicy => {
            Some("保单已出单，不能按“保单未出”退保".to_owned())
        }
        SurrenderReason::Default if status != OrderStatus::Overdue => {
            Some("只有逾期订单可以按逾期违约退保".to_owned())
        }
        SurrenderReason::Default => match notice {
            None => Some(format!(
                "尚未发出催告函：订单逾期满 {surrender_after_days} 天后由每日任务发出，宽限期满仍未清偿方可按逾期违约退保"
            )),
            Some(n) if n.cure_deadline >= today => Some(format!(
                "催告宽限期至 {}，期满仍未清偿方可按逾期违约退保",
                n.cure_deadline
            )),
            Some(_) => None,
        },
        _ => None,
    }
}

/// The payoff quote's facts at the effective date: the interest it does not charge cancelled, its
/// settlement fee charged, and no penalty from that date on.
fn cancellation_facts(quote: &PayoffQuote, plan_seq_for_fee: u32) -> Vec<(&'static str, u32, i64)> {
    let mut out: Vec<(&'static str, u32, i64)> = quote
        .lines
        .iter()
        .filter(|l| l.cancelled_interest_fen.is_positive())
        .map(|l| {
            (
                "CANCEL_INTEREST",
                l.item_seq,
                l.cancelled_interest_fen.get(),
            )
        })
        .collect();
    if quote.settlement_fee_fen.is_positive() {
        out.push((
            "CHARGE_FEE",
            plan_seq_for_fee,
            quote.settlement_fee_fen.get(),
        ));
    }
    out.push((PENALTY_STOP, 0, 0));
    out
}

fn as_money_fact(n: u64, date: NaiveDate, (kind, seq, amount): (&str, u32, i64)) -> MoneyFact {
    MoneyFact {
        id: PROBE - n,
        value_date: date,
        kind: match kind {
            "CANCEL_INTEREST" => FactKind::CancelInterest {
                item_seq: seq,
                amount_fen: Some(Fen(amount)),
            },
            "CHARGE_FEE" => FactKind::ChargeFee {
                item_seq: seq,
                amount_fen: Fen(amount),
            },
            _ => FactKind::PenaltyStop,
        },
    }
}

impl Beehive {
    async fn live_surrender<C: ConnectionTrait>(
        &self,
        conn: &C,
        order_id: i64,
    ) -> Result<Option<surrender::Model>> {
        Ok(surrender::Entity::find()
            .filter(surrender::Column::OrderId.eq(order_id))
            .filter(surrender::Column::Status.is_in(LIVE.map(|s| s.code())))
            .one(conn)
            .await?)
    }

    /// The estimated refund of each of the order's policies cancelled on `cancel_date`.
    async fn estimate_policies<C: ConnectionTrait>(
        &self,
        conn: &C,
        order: &orders::Model,
        reason: SurrenderReason,
        cancel_date: NaiveDate,
    ) -> Result<Vec<PolicyEstimate>> {
        let (snapshot, _) = plan_of(order)?;
        let policies = insurance_policy::Entity::find()
            .filter(insurance_policy::Column::OrderId.eq(order.id))
            .order_by_asc(insurance_policy::Column::Id)
            .all(conn)
            .await?;
        let insurers: HashMap<i64, insurer::Model> = insurer::Entity::find()
            .filter(insurer::Column::Id.is_in(policies.iter().map(|p| p.insurer_id)))
            .all(conn)
            .await?
            .into_iter()
            .map(|i| (i.id, i))
            .collect();
        let mut out = Vec::new();
        for p in policies {
            let ins = insurers.get(&p.insurer_id);
            let kind = match p.kind.as_str() {
                "COMPULSORY" => PolicyKind::Compulsory,
                "VEHICLE_TAX" => PolicyKind::VehicleTax,
                _ => PolicyKind::Commercial,
            };
            let premium = p.final_premium_fen.unwrap_or(p.premium_fen);
            // A policy not issued yet starts at the order's anchor and runs a year.
            let start = p.start_date.unwrap_or(snapshot.anchor_date);
            let end = p
                .end_date
                .or_else(|| start.checked_add_months(chrono::Months::new(12)))
                .unwrap_or(start);
            let rules = SurrenderRules {
                basis: if ins.is_some_and(|i| i.day_basis == 360) {
                    DayBasis::Days360
                } else {
                    DayBasis::Days365
                },
                pre_start_fee_bp: Bp(ins.map_or(0, |i| i.pre_start_fee_bp)),
                short_rate_bp: None,
                compulsory_allowed_reasons: ins
                    .map(|i| compulsory_reasons(&i.compulsory_reasons))
                    .unwrap_or_default(),
            };
            let estimate = estimate_refund(
                &PolicyInput {
                    kind,
                    premium_fen: Fen(premium),
                    start_date: start,
                    end_date: end,
                    cancel_date,
                    reason,
                },
                &rules,
                snapshot.terms.rounding_mode,
            )
            .map_err(money_error)?;
            out.push(PolicyEstimate {
                policy_id: p.id,
                kind: p.kind.clone(),
                insurer_name: ins.map(|i| i.name.clone()).unwrap_or_default(),
                policy_no: p.policy_no.clone(),
                premium_fen: premium,
                start_date: p.start_date,
                end_date: p.end_date,
                refund_fen: estimate.refund_fen.get(),
                days_remaining: estimate.days_remaining,
                days_in_term: estimate.days_in_term,
                method: serde_json::to_value(estimate.method)
                    .ok()
                    .and_then(|v| v.as_str().map(str::to_owned))
                    .unwrap_or_default(),
                reason_code: estimate.reason_code,
            });
        }
        Ok(out)
    }

    /// What filing a surrender for `reason` with cancellation on `cancel_date` would say.
    async fn quote_surrender<C: ConnectionTrait>(
        &self,
        conn: &C,
        order: &orders::Model,
        reason_code: &str,
        cancel_date: NaiveDate,
        today: NaiveDate,
    ) -> Result<SurrenderQuote> {
        let status = status_of(order)?;
        let reason = reason_of(reason_code)
            .filter(|_| REASONS.iter().any(|(c, _)| *c == reason_code))
            .ok_or_else(|| Error::invalid("reason", "未知的退保原因"))?;
        if order.disbursed_at.is_none() || order.plan_id.is_none() {
            return Err(Error::Conflict(format!(
                "订单尚未放款，不能退保（当前状态：{}）",
                status.label()
            )));
        }
        let (snapshot, now_result) = self.replayed_order(conn, order, today).await?;
        let payoff = self.quote_at(conn, order, cancel_date).await?;
        let policies = self
            .estimate_policies(conn, order, reason, cancel_date)
            .await?;
        let notice = match standing_notice(conn, order.id).await? {
            Some(n) => Some(n),
            None => {
                demand_notice::Entity::find()
                    .filter(demand_notice::Column::OrderId.eq(order.id))
                    .order_by_desc(demand_notice::Column::Id)
                    .one(conn)
                    .await?
            }
        };
        let standing = notice.as_ref().filter(|n| n.status == "SENT");
        let open = self.live_surrender(conn, order.id).await?;
        let mut why = blocked(
            status,
            reason,
            standing,
            snapshot.terms.surrender_after_days,
            today,
        );
        if let Some(o) = &open {
            why = Some(format!("该订单已有进行中的退保申请 {}", o.surrender_no));
        }
        let customer_name = customer::Entity::find_by_id(order.customer_id)
            .one(conn)
            .await?
            .map(|c| c.name)
            .unwrap_or_default();
        Ok(SurrenderQuote {
            order_id: order.id,
            order_no: order.order_no.clone(),
            order_status: order.status.clone(),
            customer_name,
            business_date: today,
            reason: reason_code.to_owned(),
            cancel_date,
            estimate_fen: policies.iter().map(|p| p.refund_fen).sum(),
            payoff_fen: payoff.total_fen.get(),
            outstanding_fen: now_result.outstanding_fen.get(),
            days_past_due: i32::try_from(now_result.days_past_due).unwrap_or(i32::MAX),
            policies,
            notice,
            blocked: why,
            open_no: open.map(|o| o.surrender_no),
        })
    }

    fn check_cancel_date(today: NaiveDate, date: NaiveDate, field: &str) -> Result<()> {
        if date < today || (date - today).num_days() > 90 {
            return Err(Error::invalid(
                field,
                "退保日期须在今天（业务日期）起 90 天内",
            ));
        }
        Ok(())
    }

    /// 退保试算: the estimate per policy, the payoff at the cancellation date and whether the order
    /// may be surrendered for that reason now.
    pub async fn surrender_quote(
        &self,
        me: &Principal,
        order_id: i64,
        reason: Option<&str>,
        cancel_date: Option<NaiveDate>,
    ) -> Result<SurrenderQuote> {
        me.require(ORDER_REFUND_TABLE)?;
        let today = self.business_date().await?;
        let cancel_date = cancel_date.unwrap_or(today);
        Self::check_cancel_date(today, cancel_date, "cancelDate")?;
        let order = order_or_404(&self.db, order_id).await?;
        self.quote_surrender(
            &self.db,
            &order,
            reason.unwrap_or("CUSTOMER_REQUEST"),
            cancel_date,
            today,
        )
        .await
    }

    /// 申请退保: PENDING_APPROVAL with the estimate and the payoff at the requested date.
    pub async fn create_surrender(
        &self,
        me: &Principal,
        client: &ClientInfo,
        input: SurrenderInput,
    ) -> Result<surrender::Model> {
        me.require(ORDER_REFUND_TABLE)?;
        let today = self.business_date().await?;
        let mut fields = BTreeMap::new();
        if !REASONS.iter().any(|(c, _)| *c == input.reason) {
            fields.insert("reason".to_owned(), "请选择退保原因".to_owned());
        }
        if input.requested_cancel_date < today
            || (input.requested_cancel_date - today).num_days() > 90
        {
            fields.insert(
                "requestedCancelDate".to_owned(),
                "退保日期须在今天（业务日期）起 90 天内".to_owned(),
            );
        }
        let remark = input.remark.trim();
        if remark.chars().count() > 500 {
            fields.insert("remark".to_owned(), "备注不超过 500 个字符".to_owned());
        }
        invalid(fields)?;
        let now = self.clock.now();
        let by = By::user(me, client);
        let txn = store::begin_write(&self.db).await?;
        let order = order_or_404(&txn, input.order_id).await?;
        let quote = self
            .quote_surrender(
                &txn,
                &order,
                &input.reason,
                input.requested_cancel_date,
                today,
            )
            .await?;
        if let Some(why) = quote.blocked {
            return Err(Error::Conflict(why));
        }
        let notice = quote.notice.as_ref().filter(|n| n.status == "SENT");
        let count = surrender::Entity::find().count(&txn).await? + 1;
        let surrender_no = format!("TB{}{:05}", today.format("%Y%m%d"), count);
        let row = surrender::ActiveModel {
            surrender_no: Set(surrender_no.clone()),
            order_id: Set(order.id),
            reason: Set(input.reason.clone()),
            initiated_by: Set(if input.reason == "DEFAULT" {
                "PLATFORM".to_owned()
            } else {
                "CUSTOMER".to_owned()
            }),
            remark: Set(remark.to_owned()),
            requested_cancel_date: Set(input.requested_cancel_date),
            estimate_fen: Set(quote.estimate_fen),
            estimate: Set(serde_json::to_string(&quote.policies).map_err(Error::internal)?),
            payoff_fen: Set(quote.payoff_fen),
            outstanding_fen: Set(quote.outstanding_fen),
            notice_id: Set(notice.map(|n| n.id)),
            notice_sent_on: Set(notice.map(|n| n.sent_on)),
            cure_deadline: Set(notice.map(|n| n.cure_deadline)),
            status: Set(SurrenderStatus::PendingApproval.code().to_owned()),
            created_by_name: Set(me.name.clone()),
            created_at: Set(now),
            created_by: Set(Some(me.user_id)),
            updated_at: Set(now),
            updated_by: Set(Some(me.user_id)),
            version: Set(0),
            ..Default::default()
        }
        .insert(&txn)
        .await
        .map_err(|e| {
            crate::error::conflict_on_unique(
                e,
                "该订单刚有另一份退保申请提交（或编号冲突），请刷新后重试",
            )
        })?;
        crate::audit::record(
            &txn,
            crate::audit::Entry {
                actor: &by.actor,
                action: "surrender.create",
                target_type: "orders",
                target_id: Some(order.id.to_string()),
                success: true,
                detail: serde_json::json!({
                    "surrenderNo": surrender_no,
                    "orderNo": order.order_no,
                    "reason": row.reason,
                    "estimateFen": row.estimate_fen,
                    "payoffFen": row.payoff_fen,
                }),
                ip: by.ip.clone(),
                request_id: by.request_id.clone(),
            },
            now,
        )
        .await?;
        txn.commit().await?;
        Ok(row)
    }

    async fn surrender_row<C: ConnectionTrait>(
        &self,
        conn: &C,
        id: i64,
    ) -> Result<(surrender::Model, SurrenderStatus)> {
        let row = surrender::Entity::find_by_id(id)
            .one(conn)
            .await?
            .ok_or_else(not_found)?;
        let status = SurrenderStatus::parse(&row.status).ok_or_else(not_found)?;
        Ok((row, status))
    }

    async fn reload_surrender<C: ConnectionTrait>(
        &self,
        conn: &C,
        id: i64,
    ) -> Result<surrender::Model> {
        Ok(self.surrender_row(conn, id).await?.0)
    }

    /// 审批通过: the surrender starts, the order → SURRENDERING (T24).
    pub async fn approve_surrender(
        &self,
        me: &Principal,
        client: &ClientInfo,
        id: i64,
    ) -> Result<surrender::Model> {
        me.require(ORDER_REFUND_APPROVE)?;
        let now = self.clock.now();
        let today = self.business_date().await?;
        let by = By::user(me, client);
        let txn = store::begin_write(&self.db).await?;
        let (row, from) = self.surrender_row(&txn, id).await?;
        if from != SurrenderStatus::PendingApproval {
            return Err(Error::Conflict(format!(
                "该退保申请{}，不能审批",
                from.label()
            )));
        }
        check_approver("退保申请", row.created_by, None, false, me.user_id)?;
        let who = SyncBy::user(&by, me.user_id);
        let order = order_or_404(&txn, row.order_id).await?;
        if order.disbursed_at.is_some() && order.plan_id.is_some() {
            sync_order(&txn, &who, now, order.id, today).await?;
        }
        let order = order_or_404(&txn, row.order_id).await?;
        let status = status_of(&order)?;
        let (snapshot, _) = plan_of(&order)?;
        let reason = reason_of(&row.reason).ok_or_else(not_found)?;
        let notice = standing_notice(&txn, order.id).await?;
        if let Some(why) = blocked(
            status,
            reason,
            notice.as_ref(),
            snapshot.terms.surrender_after_days,
            today,
        ) {
            return Err(Error::Conflict(format!("{why}，请驳回该申请")));
        }
        order_transition::apply(
            &txn,
            &by,
            now,
            today,
            &order,
            Event::to_target(
                OrderEvent::SurrenderStart,
                status,
                OrderStatus::Surrendering,
            )?
            .maker(row.created_by)
            .amount(row.payoff_fen)
            .reference("surrender", row.id)
            .comment(format!("退保申请 {}", row.surrender_no))
            .detail(serde_json::json!({
                "reason": row.reason,
                "noticeSentOn": notice.as_ref().map(|n| n.sent_on),
                "cureDeadline": notice.as_ref().map(|n| n.cure_deadline),
                "requestedCancelDate": row.requested_cancel_date,
                "payoffFen": row.payoff_fen,
                "estimateFen": row.estimate_fen,
            })),
        )
        .await?;
        record_transition::apply::<surrender::Entity, _, _>(
            &txn,
            &by,
            now,
            Change {
                id: row.id,
                from,
                to: SurrenderStatus::Approved,
                version: row.version,
                event: "approve",
                reason: "",
            },
            vec![
                (surrender::Column::ApprovedBy, Expr::value(Some(me.user_id))),
                (
                    surrender::Column::ApprovedByName,
                    Expr::value(me.name.clone()),
                ),
                (surrender::Column::ApprovedAt, Expr::value(Some(now))),
                (surrender::Column::UpdatedAt, Expr::value(now)),
                (surrender::Column::UpdatedBy, Expr::value(Some(me.user_id))),
            ],
            Some(Logged {
                action: "surrender.approve",
                detail: serde_json::json!({
                    "surrenderNo": row.surrender_no,
                    "orderNo": order.order_no,
                }),
            }),
        )
        .await?;
        let row = self.reload_surrender(&txn, id).await?;
        txn.commit().await?;
        Ok(row)
    }

    /// 驳回 (an approver) or 撤回 (the maker) an application not yet approved.
    pub async fn reject_surrender(
        &self,
        me: &Principal,
        client: &ClientInfo,
        id: i64,
        reason: &str,
        withdraw: bool,
    ) -> Result<()> {
        me.require(if withdraw {
            ORDER_REFUND_TABLE
        } else {
            ORDER_REFUND_APPROVE
        })?;
        let reason = closing_reason(reason, withdraw)?;
        let now = self.clock.now();
        let by = By::user(me, client);
        let txn = store::begin_write(&self.db).await?;
        let (row, from) = self.surrender_row(&txn, id).await?;
        check_closer("退保申请", row.created_by, me.user_id, withdraw)?;
        let to = if withdraw {
            SurrenderStatus::Withdrawn
        } else {
            SurrenderStatus::Rejected
        };
        if from.check(to).is_err() {
            return Err(Error::Conflict(format!(
                "该退保申请{}，不能{}",
                from.label(),
                if withdraw { "撤回" } else { "驳回" }
            )));
        }
        record_transition::apply::<surrender::Entity, _, _>(
            &txn,
            &by,
            now,
            Change {
                id: row.id,
                from,
                to,
                version: row.version,
                event: if withdraw { "withdraw" } else { "reject" },
                reason: &reason,
            },
            vec![
                (surrender::Column::RejectReason, Expr::value(reason.clone())),
                (surrender::Column::UpdatedAt, Expr::value(now)),
                (surrender::Column::UpdatedBy, Expr::value(Some(me.user_id))),
            ],
            Some(Logged {
                action: if withdraw {
                    "surrender.withdraw"
                } else {
                    "surrender.reject"
                },
                detail: serde_json::json!({ "surrenderNo": row.surrender_no, "reason": reason }),
            }),
        )
        .await?;
        txn.commit().await?;
        Ok(())
    }

    /// 提交保险公司: the request sent to the insurer on `submitted_on`.
    pub async fn submit_surrender(
        &self,
        me: &Principal,
        client: &ClientInfo,
        id: i64,
        submitted_on: NaiveDate,
    ) -> Result<surrender::Model> {
        me.require(ORDER_REFUND_APPROVE)?;
        let now = self.clock.now();
        let today = self.business_date().await?;
        let by = By::user(me, client);
        let txn = store::begin_write(&self.db).await?;
        let (row, from) = self.surrender_row(&txn, id).await?;
        let approved_on = row.approved_at.map(|t| {
            t.with_timezone(&crate::clock::DEFAULT_TIME_ZONE)
                .date_naive()
        });
        if submitted_on > today || approved_on.is_some_and(|d| submitted_on < d) {
            return Err(Error::invalid(
                "submittedOn",
                "提交日期须在审批日至今天（业务日期）之间",
            ));
        }
        record_transition::apply::<surrender::Entity, _, _>(
            &txn,
            &by,
            now,
            Change {
                id: row.id,
                from,
                to: SurrenderStatus::Submitted,
                version: row.version,
                event: "submit",
                reason: "",
            },
            vec![
                (
                    surrender::Column::SubmittedOn,
                    Expr::value(Some(submitted_on)),
                ),
                (surrender::Column::UpdatedAt, Expr::value(now)),
                (surrender::Column::UpdatedBy, Expr::value(Some(me.user_id))),
            ],
            Some(Logged {
                action: "surrender.submit",
                detail: serde_json::json!({
                    "surrenderNo": row.surrender_no,
                    "submittedOn": submitted_on,
                }),
            }),
        )
        .await?;
        let row = self.reload_surrender(&txn, id).await?;
        txn.commit().await?;
        Ok(row)
    }

    /// 保险公司确认: the endorsement (批单), the actual refund and the effective date.
    pub async fn confirm_surrender(
        &self,
        me: &Principal,
        client: &ClientInfo,
        id: i64,
        input: ConfirmInput,
    ) -> Result<surrender::Model> {
        me.require(ORDER_REFUND_APPROVE)?;
        let now = self.clock.now();
        let today = self.business_date().await?;
        let by = By::user(me, client);
        let txn = store::begin_write(&self.db).await?;
        let (row, from) = self.surrender_row(&txn, id).await?;
        let order = order_or_404(&txn, row.order_id).await?;
        let disbursed_on = order.disbursed_at.map(|t| {
            t.with_timezone(&crate::clock::DEFAULT_TIME_ZONE)
                .date_naive()
        });
        let mut fields = BTreeMap::new();
        if input.insurer_refund_fen < 0 || input.insurer_refund_fen > 100_000_000_000 {
            fields.insert(
                "insurerRefundFen".to_owned(),
                "退保金额须为 0 至 10 亿元".to_owned(),
            );
        }
        let endorsement = input.endorsement_no.trim();
        if endorsement.is_empty() {
            fields.insert("endorsementNo".to_owned(), "请填写批单号".to_owned());
        } else if endorsement.chars().count() > 64 || endorsement.chars().any(char::is_control) {
            fields.insert(
                "endorsementNo".to_owned(),
                "批单号不超过 64 个字符".to_owned(),
            );
        }
        if disbursed_on.is_some_and(|d| input.effective_date < d) {
            fields.insert(
                "effectiveDate".to_owned(),
                "退保生效日不能早于放款日期".to_owned(),
            );
        } else if input.effective_date > today {
            fields.insert(
                "effectiveDate".to_owned(),
                "退保生效日不能晚于今天（业务日期）：保险公司批单生效后再确认".to_owned(),
            );
        }
        invalid(fields)?;
        record_transition::apply::<surrender::Entity, _, _>(
            &txn,
            &by,
            now,
            Change {
                id: row.id,
                from,
                to: SurrenderStatus::InsurerConfirmed,
                version: row.version,
                event: "insurer_confirm",
                reason: "",
            },
            vec![
                (
                    surrender::Column::InsurerRefundFen,
                    Expr::value(Some(input.insurer_refund_fen)),
                ),
                (
                    surrender::Column::EndorsementNo,
                    Expr::value(endorsement.to_owned()),
                ),
                (
                    surrender::Column::EffectiveDate,
                    Expr::value(Some(input.effective_date)),
                ),
                (surrender::Column::UpdatedAt, Expr::value(now)),
                (surrender::Column::UpdatedBy, Expr::value(Some(me.user_id))),
            ],
            Some(Logged {
                action: "surrender.confirm",
                detail: serde_json::json!({
                    "surrenderNo": row.surrender_no,
                    "insurerRefundFen": input.insurer_refund_fen,
                    "endorsementNo": endorsement,
                    "effectiveDate": input.effective_date,
                }),
            }),
        )
        .await?;
        let row = self.reload_surrender(&txn, id).await?;
        txn.commit().await?;
        Ok(row)
    }

    /// 保险公司拒绝 (`decline`) or 撤销退保 (the customer cured): the surrender ends and the order
    /// goes back to REPAYING or OVERDUE (T25).
    pub async fn abort_surrender(
        &self,
        me: &Principal,
        client: &ClientInfo,
        id: i64,
        reason: &str,
        declined: bool,
    ) -> Result<surrender::Model> {
        me.require(ORDER_REFUND_APPROVE)?;
        let reason = reason.trim();
        if reason.is_empty() {
            return Err(Error::invalid(
                "reason",
                if declined {
                    "请填写保险公司拒绝的原因"
                } else {
                    "请填写撤销退保的原因"
                },
            ));
        }
        let reason: String = reason.chars().take(500).collect();
        let now = self.clock.now();
        let today = self.business_date().await?;
        let by = By::user(me, client);
        let txn = store::begin_write(&self.db).await?;
        let (row, from) = self.surrender_row(&txn, id).await?;
        let to = if declined {
            SurrenderStatus::InsurerDeclined
        } else {
            SurrenderStatus::Cancelled
        };
        if from.check(to).is_err() {
            return Err(Error::Conflict(format!(
                "该退保申请{}，不能{}",
                from.label(),
                if declined {
                    "登记保险公司拒绝"
                } else {
                    "撤销"
                }
            )));
        }
        let order = order_or_404(&txn, row.order_id).await?;
        if status_of(&order)? == OrderStatus::Surrendering
            && from == SurrenderStatus::InsurerConfirmed
        {
            return Err(Error::Conflict(
                "保险公司已确认退保，不能撤销，请在退保款到账后冲账".to_owned(),
            ));
        }
        if status_of(&order)? == OrderStatus::Surrendering {
            let who = SyncBy::user(&by, me.user_id);
            let synced = sync_order(&txn, &who, now, order.id, today).await?;
            let order = order_or_404(&txn, row.order_id).await?;
            if status_of(&order)? == OrderStatus::Surrendering {
                let back = if synced.late {
                    OrderStatus::Overdue
                } else {
                    OrderStatus::Repaying
                };
                order_transition::apply(
                    &txn,
                    &by,
                    now,
                    today,
                    &order,
                    Event::to_target(OrderEvent::SurrenderAbort, OrderStatus::Surrendering, back)?
                        .reference("surrender", row.id)
                        .comment(format!("退保申请 {}：{reason}", row.surrender_no))
                        .detail(serde_json::json!({
                            "declinedByInsurer": declined,
                            "reason": reason,
                        })),
                )
                .await?;
            }
        }
        record_transition::apply::<surrender::Entity, _, _>(
            &txn,
            &by,
            now,
            Change {
                id: row.id,
                from,
                to,
                version: row.version,
                event: if declined {
                    "insurer_decline"
                } else {
                    "cancel"
                },
                reason: &reason,
            },
            vec![
                (surrender::Column::RejectReason, Expr::value(reason.clone())),
                (surrender::Column::UpdatedAt, Expr::value(now)),
                (surrender::Column::UpdatedBy, Expr::value(Some(me.user_id))),
            ],
            Some(Logged {
                action: if declined {
                    "surrender.decline"
                } else {
                    "surrender.cancel"
                },
                detail: serde_json::json!({ "surrenderNo": row.surrender_no, "reason": reason }),
            }),
        )
        .await?;
        let row = self.reload_surrender(&txn, id).await?;
        txn.commit().await?;
        Ok(row)
    }

    /// The payoff quote at the effective date and its facts (for the preview and the settlement).
    async fn cancellation<C: ConnectionTrait>(
        &self,
        conn: &C,
        order: &orders::Model,
        effective: NaiveDate,
    ) -> Result<Vec<(&'static str, u32, i64)>> {
        let quote = self.quote_at(conn, order, effective).await?;
        let (_, plan) = plan_of(order)?;
        let fee_seq = plan
            .items
            .iter()
            .find(|it| it.due_date > effective)
            .or(plan.items.last())
            .map_or(1, |it| it.seq);
        Ok(cancellation_facts(&quote, fee_seq))
    }

    /// How the refund, received on `received_on`, settles the order: payoff (after the
    /// cancellation at the effective date, with every payment so far), applied, surplus, shortfall.
    async fn preview_settlement<C: ConnectionTrait>(
        &self,
        conn: &C,
        row: &surrender::Model,
        order: &orders::Model,
        received_on: NaiveDate,
        today: NaiveDate,
    ) -> Result<SettlePreview> {
        let effective = row
            .effective_date
            .ok_or_else(|| Error::Conflict("保险公司尚未确认退保".to_owned()))?;
        let refund = row.insurer_refund_fen.unwrap_or(0);
        let facts: Vec<MoneyFact> = self
            .cancellation(conn, order, effective)
            .await?
            .into_iter()
            .enumerate()
            .map(|(n, f)| as_money_fact(n as u64, effective, f))
            .collect();
        let (_, before) = self.replayed(conn, order, &facts, today).await?;
        let split = split_refund(Fen(refund), before.outstanding_fen).map_err(money_error)?;
        // The replay applies the refund the same way (invariant 10): checked, not assumed.
        if refund > 0 {
            let mut with_refund = facts.clone();
            with_refund.push(MoneyFact {
                id: PROBE + 1,
                value_date: received_on,
                kind: FactKind::Repayment {
                    amount_fen: Fen(refund),
                },
            });
            let (_, after) = self.replayed(conn, order, &with_refund, today).await?;
            let surplus = after
                .repayments
                .iter()
                .find(|r| r.id == PROBE + 1)
                .map_or(0, |r| r.allocation.overpayment_fen.get());
            if after.outstanding_fen != split.shortfall_fen || surplus != split.surplus_fen.get() {
                return Err(Error::internal(anyhow::anyhow!(
                    "surrender {}: replay gives outstanding {} surplus {surplus}, split gives {:?}",
                    row.id,
                    after.outstanding_fen.get(),
                    split
                )));
            }
        }
        Ok(SettlePreview {
            refund_fen: refund,
            payoff_fen: before.outstanding_fen.get(),
            applied_fen: split.applied_fen.get(),
            surplus_fen: split.surplus_fen.get(),
            shortfall_fen: split.shortfall_fen.get(),
            effective_date: effective,
        })
    }

    fn check_received_on(
        row: &surrender::Model,
        received_on: NaiveDate,
        today: NaiveDate,
        fields: &mut BTreeMap<String, String>,
    ) {
        if received_on > today {
            fields.insert(
                "receivedOn".to_owned(),
                "到账日期不能晚于今天（业务日期）".to_owned(),
            );
        } else if row.effective_date.is_some_and(|d| received_on < d) {
            fields.insert(
                "receivedOn".to_owned(),
                "到账日期不能早于退保生效日".to_owned(),
            );
        }
    }

    /// 冲账试算: how the insurer's refund would settle the order.
    pub async fn surrender_settle_preview(
        &self,
        me: &Principal,
        id: i64,
        received_on: Option<NaiveDate>,
    ) -> Result<SettlePreview> {
        me.require(ORDER_REFUND_SETTLE)?;
        let today = self.business_date().await?;
        let received_on = received_on.unwrap_or(today);
        let (row, status) = self.surrender_row(&self.db, id).await?;
        if status != SurrenderStatus::InsurerConfirmed {
            return Err(Error::Conflict(format!(
                "该退保申请{}，不能冲账",
                status.label()
            )));
        }
        let mut fields = BTreeMap::new();
        Self::check_received_on(&row, received_on, today, &mut fields);
        invalid(fields)?;
        let order = order_or_404(&self.db, row.order_id).await?;
        self.preview_settlement(&self.db, &row, &order, received_on, today)
            .await
    }

    /// 退保款确认并冲账 (T26): the refund received is applied to the order (module docs).
    pub async fn settle_surrender(
        &self,
        me: &Principal,
        client: &ClientInfo,
        id: i64,
        input: SettleInput,
    ) -> Result<surrender::Model> {
        me.require(ORDER_REFUND_SETTLE)?;
        let now = self.clock.now();
        let today = self.business_date().await?;
        let by = By::user(me, client);
        let txn = store::begin_write(&self.db).await?;
        let (row, from) = self.surrender_row(&txn, id).await?;
        if from != SurrenderStatus::InsurerConfirmed {
            return Err(Error::Conflict(format!(
                "该退保申请{}，不能冲账",
                from.label()
            )));
        }
        if row.created_by == Some(me.user_id) {
            return Err(Error::Forbidden(
                "不能为自己提交的退保申请冲账（申请人与冲账人须为不同用户）".to_owned(),
            ));
        }
        let mut fields = BTreeMap::new();
        Self::check_received_on(&row, input.received_on, today, &mut fields);
        let refund = row.insurer_refund_fen.unwrap_or(0);
        if refund > 0 {
            check_channel(&input.channel, &mut fields);
            check_serial(&input.serial_no, &mut fields);
        }
        invalid(fields.clone())?;
        let who = SyncBy::user(&by, me.user_id);
        sync_order(&txn, &who, now, row.order_id, today).await?;
        let order = order_or_404(&txn, row.order_id).await?;
        if status_of(&order)? != OrderStatus::Surrendering {
            return Err(Error::Conflict(format!(
                "订单已不在退保中（当前状态：{}），请撤销该退保申请",
                status_of(&order)?.label()
            )));
        }
        let preview = self
            .preview_settlement(&txn, &row, &order, input.received_on, today)
            .await?;
        let mut resolution = String::new();
        let mut bearer = String::new();
        if preview.shortfall_fen > 0 {
            match input.shortfall_resolution.as_deref() {
                Some(RESOLUTION_OPEN) => resolution = RESOLUTION_OPEN.to_owned(),
                Some(RESOLUTION_WRITTEN_OFF) => {
                    resolution = RESOLUTION_WRITTEN_OFF.to_owned();
                    match input.bearer.as_deref() {
                        Some(b) if BEARERS.iter().any(|(c, _)| *c == b) => bearer = b.to_owned(),
                        _ => {
                            fields.insert(
                                "bearer".to_owned(),
                                "核销差额须选择承担方（资金方或平台）".to_owned(),
                            );
                        }
                    }
                }
                _ => {
                    fields.insert(
                        "shortfallResolution".to_owned(),
                        format!(
                            "退保款不足以结清（差额 {} 元），请选择差额由客户继续偿还或核销",
                            yuan(preview.shortfall_fen)
                        ),
                    );
                }
            }
        }
        invalid(fields)?;
        let effective = preview.effective_date;
        // The cancellation at the effective date: facts of this application.
        for (kind, seq, amount) in self.cancellation(&txn, &order, effective).await? {
            order_money_fact::ActiveModel {
                order_id: Set(order.id),
                kind: Set(kind.to_owned()),
                item_seq: Set((kind != PENALTY_STOP).then(|| i32::try_from(seq).unwrap_or(0))),
                component: Set((kind == "CANCEL_INTEREST").then(|| "INTEREST".to_owned())),
                amount_fen: Set((kind != PENALTY_STOP).then_some(amount)),
                value_date: Set(effective),
                ref_type: Set(SURRENDER.to_owned()),
                ref_id: Set(row.id),
                created_at: Set(now),
                created_by: Set(Some(me.user_id)),
                ..Default::default()
            }
            .insert(&txn)
            .await?;
        }
        let serial = input.serial_no.trim().to_owned();
        let mut repayment_id = None;
        if refund > 0 {
            let payer = match order_ref(&txn, &order).await {
                Ok(r) => insurer::Entity::find_by_id(r.insurer_id)
                    .one(&txn)
                    .await?
                    .map(|i| i.name)
                    .unwrap_or_default(),
                Err(_) => String::new(),
            };
            let rep = NewRepayment {
                order_id: order.id,
                purpose: SURRENDER_REFUND,
                source: "INSURER".to_owned(),
                amount_fen: refund,
                channel: input.channel.clone(),
                serial_no: serial.clone(),
                payer: payer.chars().take(64).collect(),
                value_date: input.received_on,
                voucher_file_id: None,
                recorded: Hand {
                    id: row.created_by,
                    name: row.created_by_name.clone(),
                },
                confirmed: Some(Hand {
                    id: Some(me.user_id),
                    name: me.name.clone(),
                }),
                quote: None,
                by: Some(me.user_id),
                now,
            }
            .into_model()
            .insert(&txn)
            .await
            .map_err(|e| {
                crate::error::conflict_on_unique(e, &format!("银行流水号 {serial} 已登记"))
            })?;
            repayment_id = Some(rep.id);
        }
        if resolution == RESOLUTION_WRITTEN_OFF {
            order_money_fact::ActiveModel {
                order_id: Set(order.id),
                kind: Set(WRITE_OFF.to_owned()),
                item_seq: Set(None),
                component: Set(None),
                amount_fen: Set(Some(preview.shortfall_fen)),
                value_date: Set(std::cmp::max(input.received_on, effective)),
                ref_type: Set(SURRENDER.to_owned()),
                ref_id: Set(row.id),
                created_at: Set(now),
                created_by: Set(Some(me.user_id)),
                ..Default::default()
            }
            .insert(&txn)
            .await?;
        }
        let to = if resolution == RESOLUTION_OPEN {
            SurrenderStatus::RefundReceived
        } else {
            SurrenderStatus::Settled
        };
        record_transition::apply::<surrender::Entity, _, _>(
            &txn,
            &by,
            now,
            Change {
                id: row.id,
                from,
                to,
                version: row.version,
                event: "settle",
                reason: "",
            },
            vec![
                (
                    surrender::Column::RefundReceivedOn,
                    Expr::value(Some(input.received_on)),
                ),
                (
                    surrender::Column::RefundChannel,
                    Expr::value(if refund > 0 {
                        input.channel.clone()
                    } else {
                        String::new()
                    }),
                ),
                (
                    surrender::Column::RefundSerialNo,
                    Expr::value(if refund > 0 {
                        serial.clone()
                    } else {
                        String::new()
                    }),
                ),
                (surrender::Column::RepaymentId, Expr::value(repayment_id)),
                (
                    surrender::Column::AppliedFen,
                    Expr::value(preview.applied_fen),
                ),
                (
                    surrender::Column::SurplusFen,
                    Expr::value(preview.surplus_fen),
                ),
                (
                    surrender::Column::ShortfallFen,
                    Expr::value(preview.shortfall_fen),
                ),
                (
                    surrender::Column::ShortfallResolution,
                    Expr::value(resolution.clone()),
                ),
                (surrender::Column::Bearer, Expr::value(bearer.clone())),
                (surrender::Column::SettledBy, Expr::value(Some(me.user_id))),
                (
                    surrender::Column::SettledByName,
                    Expr::value(me.name.clone()),
                ),
                (surrender::Column::SettledAt, Expr::value(Some(now))),
                (surrender::Column::UpdatedAt, Expr::value(now)),
                (surrender::Column::UpdatedBy, Expr::value(Some(me.user_id))),
            ],
            Some(Logged {
                action: "surrender.settle",
                detail: serde_json::json!({
                    "surrenderNo": row.surrender_no,
                    "orderNo": order.order_no,
                    "refundFen": refund,
                    "payoffFen": preview.payoff_fen,
                    "appliedFen": preview.applied_fen,
                    "surplusFen": preview.surplus_fen,
                    "shortfallFen": preview.shortfall_fen,
                    "shortfallResolution": resolution,
                    "serialNo": serial,
                }),
            }),
        )
        .await?;
        // The replay applies the refund (E9), writes off a shortfall (E10) and, with nothing left
        // owed, the order is surrendered (T26).
        let synced = sync_order(&txn, &who, now, order.id, today).await?;
        let expected = if resolution == RESOLUTION_OPEN {
            preview.shortfall_fen
        } else {
            0
        };
        if synced.outstanding_fen != expected {
            return Err(Error::internal(anyhow::anyhow!(
                "surrender {}: outstanding after settlement {} ≠ {expected}",
                row.id,
                synced.outstanding_fen
            )));
        }
        let row = self.reload_surrender(&txn, id).await?;
        txn.commit().await?;
        Ok(row)
    }

    /// 退还余款: the surplus of the refund paid out to the customer (E9's payout).
    pub async fn pay_out_surrender(
        &self,
        me: &Principal,
        client: &ClientInfo,
        id: i64,
        input: PayoutInput,
    ) -> Result<surrender::Model> {
        me.require(ORDER_REFUND_SETTLE)?;
        let now = self.clock.now();
        let today = self.business_date().await?;
        let by = By::user(me, client);
        let txn = store::begin_write(&self.db).await?;
        let (row, status) = self.surrender_row(&txn, id).await?;
        if !matches!(
            status,
            SurrenderStatus::Settled | SurrenderStatus::RefundReceived
        ) || row.surplus_fen <= 0
        {
            return Err(Error::Conflict("该退保申请没有待退还的余款".to_owned()));
        }
        if row.surplus_paid_on.is_some() {
            return Err(Error::Conflict("该退保申请的余款已退还".to_owned()));
        }
        let mut fields = BTreeMap::new();
        check_channel(&input.channel, &mut fields);
        check_serial(&input.serial_no, &mut fields);
        if input.paid_on > today {
            fields.insert(
                "paidOn".to_owned(),
                "退款日期不能晚于今天（业务日期）".to_owned(),
            );
        } else if row.refund_received_on.is_some_and(|d| input.paid_on < d) {
            fields.insert(
                "paidOn".to_owned(),
                "退款日期不能早于退保款到账日期".to_owned(),
            );
        }
        invalid(fields)?;
        let order = order_or_404(&txn, row.order_id).await?;
        let serial = input.serial_no.trim().to_owned();
        let reference = order_ref(&txn, &order).await?;
        let journal_id = post_journal(
            &txn,
            now,
            &NewJournal {
                event: LedgerEvent::SurrenderRefund,
                order_id: Some(order.id),
                business_date: input.paid_on,
                idempotency_key: format!("surrender:{}:payout", row.id),
                counterparty: Counterparty::Customer(Some(order.customer_id)),
                created_by: Some(me.user_id),
                description: format!(
                    "退还退保余款 {} {} 流水号 {serial}",
                    row.surrender_no, order.order_no
                ),
                lines: domain::ledger::customer_refund(
                    &reference,
                    RefundFrom::CustomerCredit,
                    Fen(row.surplus_fen),
                ),
            },
        )
        .await?;
        let changed = surrender::Entity::update_many()
            .col_expr(
                surrender::Column::SurplusPaidOn,
                Expr::value(Some(input.paid_on)),
            )
            .col_expr(
                surrender::Column::PayoutChannel,
                Expr::value(input.channel.clone()),
            )
            .col_expr(
                surrender::Column::PayoutSerialNo,
                Expr::value(serial.clone()),
            )
            .col_expr(
                surrender::Column::PayoutJournalId,
                Expr::value(Some(journal_id)),
            )
            .col_expr(surrender::Column::UpdatedAt, Expr::value(now))
            .col_expr(surrender::Column::UpdatedBy, Expr::value(Some(me.user_id)))
            .col_expr(
                surrender::Column::Version,
                Expr::col(surrender::Column::Version).add(1),
            )
            .filter(surrender::Column::Id.eq(row.id))
            .filter(surrender::Column::Version.eq(row.version))
            .filter(surrender::Column::SurplusPaidOn.is_null())
            .exec(&txn)
            .await?
            .rows_affected;
        if changed != 1 {
            return Err(Error::Conflict(crate::error::STALE.to_owned()));
        }
        crate::audit::record(
            &txn,
            crate::audit::Entry {
                actor: &by.actor,
                action: "surrender.payout",
                target_type: "surrender",
                target_id: Some(row.id.to_string()),
                success: true,
                detail: serde_json::json!({
                    "surrenderNo": row.surrender_no,
                    "orderNo": order.order_no,
                    "amountFen": row.surplus_fen,
                    "serialNo": serial,
                    "paidOn": input.paid_on,
                    "journalId": journal_id,
                }),
                ip: by.ip.clone(),
                request_id: by.request_id.clone(),
            },
            now,
        )
        .await?;
        // The order's customer credit is what the replay keeps less what was paid out.
        let who = SyncBy::user(&by, me.user_id);
        sync_order(&txn, &who, now, order.id, today).await?;
        let row = self.reload_surrender(&txn, id).await?;
        txn.commit().await?;
        Ok(row)
    }

    /// 退保申请列表.
    pub async fn surrender_page(
        &self,
        me: &Principal,
        request: &PageRequest,
        filter: &SurrenderFilter,
    ) -> Result<Page<SurrenderRow>> {
        me.require(ORDER_REFUND_TABLE)?;
        let paging = request.check(SORTS, (surrender::Column::Id, Order::Desc))?;
        let query = surrender_query(filter)?;
        let query = paging.order(query, surrender::Column::Id);
        let (records, total) = paging.fetch(&self.db, query).await?;
        let rows = surrender_rows(&self.db, records).await?;
        Ok(paging.page_of(rows, total))
    }

    /// 导出 the list as filtered and sorted.
    pub async fn export_surrenders(
        &self,
        me: &Principal,
        client: &ClientInfo,
        request: &PageRequest,
        filter: &SurrenderFilter,
    ) -> Result<crate::export::Exported> {
        me.require(ORDER_REFUND_TABLE)?;
        let paging = request.check(SORTS, (surrender::Column::Id, Order::Desc))?;
        let query = paging.order(surrender_query(filter)?, surrender::Column::Id);
        let txn = self.export_snapshot().await?;
        let mut sink = crate::export::ExportSink::start();
        let mut batches = store::sea_orm::PaginatorTrait::paginate(query, &txn, 500);
        while let Some(items) = batches.fetch_and_next().await? {
            let rows = surrender_rows(&txn, items).await?;
            if !sink.write(rows).await? {
                break;
            }
        }
        txn.commit().await?;
        let exported = self.finish_export(me, sink).await?;
        crate::export::log_export(
            &self.db,
            me,
            client,
            "退保申请",
            &exported,
            self.clock.now(),
        )
        .await?;
        Ok(exported)
    }
}

fn surrender_query(filter: &SurrenderFilter) -> Result<store::sea_orm::Select<surrender::Entity>> {
    let mut query = surrender::Entity::find();
    if let Some(status) = paging::text("status", filter.status.as_deref())? {
        if SurrenderStatus::parse(status).is_none() {
            return Err(Error::invalid("status", "未知的退保申请状态"));
        }
        query = query.filter(surrender::Column::Status.eq(status));
    }
    if let Some(reason) = paging::text("reason", filter.reason.as_deref())? {
        if !REASONS.iter().any(|(c, _)| *c == reason) {
            return Err(Error::invalid("reason", "未知的退保原因"));
        }
        query = query.filter(surrender::Column::Reason.eq(reason));
    }
    if let Some(id) = filter.order_id {
        query = query.filter(surrender::Column::OrderId.eq(id));
    }
    if let Some(no) = paging::text("orderNo", filter.order_no.as_deref())? {
        query = query.filter(
            surrender::Column::OrderId.in_subquery(
                Query::select()
                    .column(orders::Column::Id)
                    .from(orders::Entity)
                    .and_where(paging::contains(orders::Column::OrderNo, no))
                    .to_owned(),
            ),
        );
    }
    if let Some(name) = paging::text("customerName", filter.customer_name.as_deref())? {
        query = query.filter(
            surrender::Column::OrderId.in_subquery(
                Query::select()
                    .column(orders::Column::Id)
                    .from(orders::Entity)
                    .and_where(
                        orders::Column::CustomerId.in_subquery(
                            Query::select()
                                .column(customer::Column::Id)
                                .from(customer::Entity)
                                .and_where(paging::contains(customer::Column::Name, name))
                                .to_owned(),
                        ),
                    )
                    .to_owned(),
            ),
        );
    }
    Ok(query)
}

async fn surrender_rows<C: ConnectionTrait>(
    conn: &C,
    records: Vec<surrender::Model>,
) -> Result<Vec<SurrenderRow>> {
    let order_rows: HashMap<i64, orders::Model> = orders::Entity::find()
        .filter(orders::Column::Id.is_in(records.iter().map(|r| r.order_id)))
        .all(conn)
        .await?
        .into_iter()
        .map(|o| (o.id, o))
        .collect();
    let customers: HashMap<i64, String> = customer::Entity::find()
        .filter(customer::Column::Id.is_in(order_rows.values().map(|o| o.customer_id)))
        .all(conn)
        .await?
        .into_iter()
        .map(|c| (c.id, c.name))
        .collect();
    let providers: HashMap<i64, String> = capital_provider::Entity::find()
        .filter(
            capital_provider::Column::Id
                .is_in(order_rows.values().filter_map(|o| o.capital_provider_id)),
        )
        .all(conn)
        .await?
        .into_iter()
        .map(|p| (p.id, p.name))
        .collect();
    Ok(records
        .into_iter()
        .map(|r| {
            let order = order_rows.get(&r.order_id);
            SurrenderRow {
                order_no: order.map(|o| o.order_no.clone()).unwrap_or_default(),
                customer_name: order
                    .and_then(|o| customers.get(&o.customer_id).cloned())
                    .unwrap_or_default(),
                capital_provider_name: order
                    .and_then(|o| o.capital_provider_id)
                    .and_then(|id| providers.get(&id).cloned())
                    .unwrap_or_default(),
                order_status: order.map(|o| o.status.clone()).unwrap_or_default(),
                surrender: r,
            }
        })
        .collect())
}

fn label_of(table: &[(&str, &'static str)], code: &str) -> String {
    table
        .iter()
        .find(|(c, _)| *c == code)
        .map_or_else(|| code.to_owned(), |(_, l)| (*l).to_owned())
}

impl crate::export::Exportable for SurrenderRow {
    const SHEET: &'static str = "退保申请";
    fn columns() -> Vec<crate::export::ExportColumn<Self>> {
        use crate::export::{Cell, ExportColumn};
        vec![
            ExportColumn {
                header: "退保申请编号",
                width: 20.0,
                value: |r| Cell::from(r.surrender.surrender_no.as_str()),
            },
            ExportColumn {
                header: "订单编号",
                width: 20.0,
                value: |r| Cell::from(r.order_no.as_str()),
            },
            ExportColumn {
                header: "客户名称",
                width: 14.0,
                value: |r| Cell::from(r.customer_name.as_str()),
            },
            ExportColumn {
                header: "资金方",
                width: 18.0,
                value: |r| Cell::from(r.capital_provider_name.as_str()),
            },
            ExportColumn {
                header: "退保原因",
                width: 20.0,
                value: |r| Cell::from(label_of(REASONS, &r.surrender.reason)),
            },
            ExportColumn {
                header: "状态",
                width: 16.0,
                value: |r| {
                    Cell::from(
                        SurrenderStatus::parse(&r.surrender.status)
                            .map_or(r.surrender.status.as_str(), |s| s.label()),
                    )
                },
            },
            ExportColumn {
                header: "申请退保日",
                width: 12.0,
                value: |r| Cell::from(r.surrender.requested_cancel_date.to_string()),
            },
            ExportColumn {
                header: "预估退保金额（元）",
                width: 16.0,
                value: |r| Cell::from(yuan(r.surrender.estimate_fen)),
            },
            ExportColumn {
                header: "结清金额（元）",
                width: 14.0,
                value: |r| Cell::from(yuan(r.surrender.payoff_fen)),
            },
            ExportColumn {
                header: "保险公司退保金额（元）",
                width: 18.0,
                value: |r| Cell::from(r.surrender.insurer_refund_fen.map(yuan)),
            },
            ExportColumn {
                header: "冲抵欠款（元）",
                width: 14.0,
                value: |r| Cell::from(yuan(r.surrender.applied_fen)),
            },
            ExportColumn {
                header: "退还客户（元）",
                width: 14.0,
                value: |r| Cell::from(yuan(r.surrender.surplus_fen)),
            },
            ExportColumn {
                header: "差额（元）",
                width: 12.0,
                value: |r| Cell::from(yuan(r.surrender.shortfall_fen)),
            },
            ExportColumn {
                header: "申请人",
                width: 12.0,
                value: |r| Cell::from(r.surrender.created_by_name.as_str()),
            },
            ExportColumn {
                header: "申请时间",
                width: 20.0,
                value: |r| {
                    Cell::from(
                        r.surrender
                            .created_at
                            .with_timezone(&crate::clock::DEFAULT_TIME_ZONE)
                            .format("%Y-%m-%d %H:%M:%S")
                            .to_string(),
                    )
                },
            },
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::Days;

    #[test]
    fn the_insurers_compulsory_reasons_map_to_the_money_cores() {
        assert_eq!(
            compulsory_reasons("VEHICLE_SCRAPPED, DUPLICATE_INSURANCE,OTHER"),
            vec![SurrenderReason::TotalLoss, SurrenderReason::Duplicate]
        );
        for (code, _) in REASONS {
            assert!(reason_of(code).is_some(), "{code}");
        }
    }

    #[test]
    fn a_default_surrender_waits_for_the_cure_deadline() {
        let today = NaiveDate::from_ymd_opt(2026, 5, 20).unwrap_or_default();
        let notice = |deadline: NaiveDate| demand_notice::Model {
            id: 1,
            order_id: 1,
            sent_on: today,
            cure_deadline: deadline,
            days_past_due: 60,
            outstanding_fen: 1,
            batch_id: None,
            status: "SENT".to_owned(),
            closed_on: None,
            created_at: chrono::DateTime::<chrono::Utc>::default(),
        };
        let d = SurrenderReason::Default;
        assert!(blocked(OrderStatus::Repaying, d, None, 60, today).is_some());
        assert!(blocked(OrderStatus::Overdue, d, None, 60, today).is_some());
        let pending = notice(today);
        assert!(blocked(OrderStatus::Overdue, d, Some(&pending), 60, today).is_some());
        let past = notice(today - Days::new(1));
        assert_eq!(
            blocked(OrderStatus::Overdue, d, Some(&past), 60, today),
            None
        );
        let c = SurrenderReason::CustomerRequest;
        assert_eq!(blocked(OrderStatus::Repaying, c, None, 60, today), None);
        assert!(blocked(OrderStatus::Settled, c, None, 60, today).is_some());
        assert!(
            blocked(
                OrderStatus::Repaying,
                SurrenderReason::PolicyNotIssued,
                None,
                60,
                today
            )
            .is_some()
        );
    }
}
