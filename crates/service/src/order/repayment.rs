//! 还款阶段 (repaymentOrder): money received after disbursement, and everything derived from it
//! (docs/repayments.md).
//!
//! A repayment is an immutable fact (amount, channel, bank serial number — unique —, payer, value
//! date). One user records it, another confirms it. Everything else — how it is allocated, the
//! penalties, the instalments' paid and outstanding amounts and status, the order's outstanding,
//! days past due, bucket and REPAYING/OVERDUE/SETTLED status — is derived by the money core's
//! replay ([`domain::money::replay::replay`]) and stored by [`sync_order`] in the same
//! transaction: journal E4 for a newly allocated repayment, a corrective journal when a backdated
//! fact or a reversal changes the split of an earlier one, the deposit offset (E11) when the last
//! instalment falls due, the penalty rows, the bucket history and the transitions T21/T22/T23/T29.
//!
//! The nightly job `repayments` runs [`sync_order`] for every repaying order for the business
//! date; every money command runs it for today (the inline catch-up), so a command never works on
//! stale amounts.

use super::down_payment::{CHANNELS, order_ref};
use super::plan::plan_of;
use super::purpose::FACT_ID_BASE;
use super::transition::{self as order_transition, Event, status_of};
use super::{TermsSnapshot, money_error, yuan};
use crate::ledger::{NewJournal, Reversal, post_journal, reverse_journal};
use crate::principal::{ClientInfo, Principal};
use crate::transition::{self as record_transition, By, Change, Logged};
use crate::{Beehive, Error, Result};
use chrono::{DateTime, NaiveDate, Utc};
use domain::ledger::{Counterparty, Event as LedgerEvent, RepaymentSource, RepaymentSplit};
use domain::money::allocation::{AllocationLine, PaymentAllocation};
use domain::money::delinquency::default_buckets;
use domain::money::ledger::{ItemLedger, ItemStatus};
use domain::money::payoff::{PayoffQuote, payoff_quote};
use domain::money::product::Component;
use domain::money::replay::{
    DEPOSIT_OFFSET_ID, FactKind, MoneyFact, Recovery, ReplayResult, replay,
};
use domain::money::{Fen, Plan};
use domain::order::{OrderEvent, OrderStatus};
use domain::permission::codes::{ORDER_INFO_REPAY, ORDER_INFO_TABLE, ORDER_PLAN_REVERSE};
use domain::status::{RepaymentStatus, Status, WaiverStatus};
use std::collections::{BTreeMap, HashMap};
use store::entity::{
    allocation, capital_provider, journal, order_bucket_history, order_money_fact, order_plan_item,
    orders, penalty_accrual, repayment, repayment_allocation, waiver,
};
use store::sea_orm::sea_query::{Expr, ExprTrait};
use store::sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, EntityTrait, QueryFilter,
    QueryOrder, Set,
};

pub use super::purpose::{
    DEPOSIT_OFFSET, EARLY_SETTLEMENT, FIRST_INSTALMENT, REPAYMENT, SURRENDER_REFUND,
};

/// Where the money of a repayment comes from.
pub const SOURCES: &[(&str, &str)] = &[("CUSTOMER", "客户"), ("THIRD_PARTY", "第三方代付")];

/// The statuses in which an order takes repayments (a repayment into a SETTLED order becomes the
/// customer's credit).
pub const REPAYABLE: [OrderStatus; 5] = [
    OrderStatus::PendingPolicy,
    OrderStatus::Repaying,
    OrderStatus::Overdue,
    OrderStatus::Surrendering,
    OrderStatus::Settled,
];

/// The statuses the nightly run works on.
pub const RUNNING: [OrderStatus; 3] = [
    OrderStatus::PendingPolicy,
    OrderStatus::Repaying,
    OrderStatus::Overdue,
];

/// The statuses the nightly run catches up: the running ones and a surrender in progress (its
/// customer may still pay; its demand notice stands).
pub const NIGHTLY: [OrderStatus; 4] = [
    OrderStatus::PendingPolicy,
    OrderStatus::Repaying,
    OrderStatus::Overdue,
    OrderStatus::Surrendering,
];

/// How an order settled.
pub const SETTLE_NORMAL: &str = "NORMAL";
pub const SETTLE_EARLY: &str = "EARLY";
pub const SETTLE_DEPOSIT_OFFSET: &str = "DEPOSIT_OFFSET";

/// Money facts other than repayments.
const CANCEL_INTEREST: &str = "CANCEL_INTEREST";
const CHARGE_FEE: &str = "CHARGE_FEE";

/// A repayment as the form records it.
#[derive(Debug, Clone)]
pub struct RepaymentInput {
    pub amount_fen: i64,
    pub source: String,
    pub channel: String,
    pub serial_no: String,
    pub payer: String,
    pub value_date: NaiveDate,
    pub voucher: Option<crate::files::NewFile>,
    /// 提前结清: the amount must equal the payoff quote at the value date (today).
    pub early_settlement: bool,
}

/// How a repayment would be allocated, before it is recorded.
#[derive(Debug, Clone)]
pub struct Preview {
    pub lines: Vec<AllocationLine>,
    pub overpayment_fen: i64,
    pub outstanding_before_fen: i64,
    pub outstanding_after_fen: i64,
    pub days_past_due_after: u32,
}

/// The order's money as the order page shows it.
#[derive(Debug, Clone)]
pub struct OrderMoney {
    pub business_date: NaiveDate,
    pub items: Vec<ItemLedger>,
    pub repayments: Vec<RepaymentView>,
    pub penalties: Vec<penalty_accrual::Model>,
    pub journals: Vec<crate::ledger::JournalView>,
    pub outstanding_fen: i64,
    pub paid_fen: i64,
    pub customer_credit_fen: i64,
    pub days_past_due: i32,
    pub bucket: String,
}

/// A repayment with its allocation.
#[derive(Debug, Clone)]
pub struct RepaymentView {
    pub row: repayment::Model,
    pub lines: Vec<repayment_allocation::Model>,
}

fn not_found() -> Error {
    Error::NotFound("还款记录不存在".to_owned())
}

/// The order with this id, or 404 订单不存在.
pub(crate) async fn order_or_404<C: ConnectionTrait>(
    conn: &C,
    order_id: i64,
) -> Result<orders::Model> {
    orders::Entity::find_by_id(order_id)
        .one(conn)
        .await?
        .ok_or_else(|| Error::NotFound("订单不存在".to_owned()))
}

fn component_code(c: Component) -> &'static str {
    match c {
        Component::Penalty => "PENALTY",
        Component::Fee => "FEE",
        Component::Interest => "INTEREST",
        Component::Principal => "PRINCIPAL",
    }
}

fn component_of(code: &str) -> Option<Component> {
    Component::ALL
        .into_iter()
        .find(|c| component_code(*c) == code)
}

/// The stored code of an instalment status.
pub fn item_status_code(s: ItemStatus) -> &'static str {
    match s {
        ItemStatus::NotDue => "NOT_DUE",
        ItemStatus::Due => "DUE",
        ItemStatus::Overdue => "OVERDUE",
        ItemStatus::Paid => "PAID",
        ItemStatus::Cancelled => "CANCELLED",
        ItemStatus::WrittenOff => "WRITTEN_OFF",
    }
}

fn seq_i32(seq: u32) -> i32 {
    i32::try_from(seq).unwrap_or(i32::MAX)
}

fn id_u64(id: i64) -> u64 {
    u64::try_from(id).unwrap_or(0)
}

/// An order's repayments and other money facts as stored.
pub(crate) struct Facts {
    repayments: Vec<repayment::Model>,
    pub(crate) others: Vec<order_money_fact::Model>,
    /// The EFFECTIVE waivers: their lines count from the day each was approved.
    pub(crate) waivers: Vec<waiver::Model>,
}

impl Facts {
    async fn load(conn: &impl ConnectionTrait, order_id: i64) -> Result<Facts> {
        Ok(Facts {
            repayments: repayment::Entity::find()
                .filter(repayment::Column::OrderId.eq(order_id))
                .order_by_asc(repayment::Column::Id)
                .all(conn)
                .await?,
            others: order_money_fact::Entity::find()
                .filter(order_money_fact::Column::OrderId.eq(order_id))
                .order_by_asc(order_money_fact::Column::Id)
                .all(conn)
                .await?,
            waivers: waiver::Entity::find()
                .filter(waiver::Column::OrderId.eq(order_id))
                .filter(waiver::Column::Status.eq(WaiverStatus::Effective.code()))
                .order_by_asc(waiver::Column::Id)
                .all(conn)
                .await?,
        })
    }

    fn confirmed(&self) -> impl Iterator<Item = &repayment::Model> {
        self.repayments
            .iter()
            .filter(|r| r.status == RepaymentStatus::Confirmed.code())
    }

    /// The replay's facts: confirmed repayments (the deposit offset is the replay's own), and
    /// the other facts whose repayment stands.
    fn money_facts(&self) -> Vec<MoneyFact> {
        let standing: Vec<i64> = self.confirmed().map(|r| r.id).collect();
        let mut facts: Vec<MoneyFact> = self
            .confirmed()
            .filter(|r| r.purpose != DEPOSIT_OFFSET)
            .map(|r| MoneyFact {
                id: id_u64(r.id),
                value_date: r.value_date,
                kind: FactKind::Repayment {
                    amount_fen: Fen(r.amount_fen),
                },
            })
            .collect();
        for f in &self.others {
            if f.ref_type == "repayment" && !standing.contains(&f.ref_id) {
                continue;
            }
            let seq = f.item_seq.and_then(|s| u32::try_from(s).ok()).unwrap_or(0);
            let kind = match f.kind.as_str() {
                CANCEL_INTEREST => FactKind::CancelInterest {
                    item_seq: seq,
                    amount_fen: f.amount_fen.map(Fen),
                },
                CHARGE_FEE => FactKind::ChargeFee {
                    item_seq: seq,
                    amount_fen: Fen(f.amount_fen.unwrap_or(0)),
                },
                super::advance::ADVANCE => FactKind::Advance {
                    item_seq: seq,
                    component: match f.component.as_deref() {
                        Some("INTEREST") => Component::Interest,
                        _ => Component::Principal,
                    },
                    amount_fen: Fen(f.amount_fen.unwrap_or(0)),
                },
                super::write_off_facts::WRITE_OFF => FactKind::WriteOff {
                    item_seq: f.item_seq.and_then(|s| u32::try_from(s).ok()),
                },
                super::surrender_facts::PENALTY_STOP => FactKind::PenaltyStop,
                _ => continue,
            };
            facts.push(MoneyFact {
                id: FACT_ID_BASE + id_u64(f.id),
                value_date: f.value_date,
                kind,
            });
        }
        for w in &self.waivers {
            facts.extend(super::waiver_facts::facts_of(w));
        }
        facts
    }
}

/// Replays an order to `date` with `extra` facts added (a preview), from its snapshot.
fn run(
    snapshot: &TermsSnapshot,
    plan: &Plan,
    facts: &[MoneyFact],
    date: NaiveDate,
) -> Result<ReplayResult> {
    replay(&snapshot.terms, plan, facts, date, &default_buckets()).map_err(money_error)
}

/// The allocation rows of a repayment as a domain allocation (what its journals say now).
fn posted_allocation(
    rows: &[repayment_allocation::Model],
    overpayment_fen: i64,
) -> PaymentAllocation {
    PaymentAllocation {
        lines: rows
            .iter()
            .filter_map(|r| {
                Some(AllocationLine {
                    item_seq: u32::try_from(r.item_seq).ok()?,
                    component: component_of(&r.component)?,
                    amount_fen: Fen(r.amount_fen),
                })
            })
            .collect(),
        overpayment_fen: Fen(overpayment_fen),
    }
}

/// Two allocations that post the same amounts per instalment and component.
fn same_split(a: &PaymentAllocation, b: &PaymentAllocation) -> bool {
    let sums = |x: &PaymentAllocation| {
        let mut m: BTreeMap<(u32, Component), i64> = BTreeMap::new();
        for l in &x.lines {
            if l.amount_fen.is_positive() {
                *m.entry((l.item_seq, l.component)).or_default() += l.amount_fen.get();
            }
        }
        m
    };
    a.overpayment_fen == b.overpayment_fen && sums(a) == sums(b)
}

fn source_of(row: &repayment::Model) -> (RepaymentSource, LedgerEvent) {
    match row.purpose.as_str() {
        DEPOSIT_OFFSET => (RepaymentSource::Deposit, LedgerEvent::DepositOffset),
        FIRST_INSTALMENT => (RepaymentSource::CustomerCredit, LedgerEvent::Repayment),
        SURRENDER_REFUND => (RepaymentSource::Collection, LedgerEvent::SurrenderRefund),
        _ => (RepaymentSource::Collection, LedgerEvent::Repayment),
    }
}

/// What [`sync_order`] found and did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Synced {
    pub status: OrderStatus,
    pub outstanding_fen: i64,
    pub days_past_due: u32,
    /// An instalment is past its due date and grace days (the OVERDUE flag).
    pub late: bool,
    /// False when the order was already replayed to a later date (a late nightly unit).
    pub replayed: bool,
}

/// Who a sync acts as, and who made what a reopening approves.
pub(crate) struct SyncBy<'a> {
    pub by: &'a By,
    pub user_id: Option<i64>,
    /// The reversal that may reopen a closed order: the confirmer of the reversed repayment.
    pub reopen_maker: Option<Option<i64>>,
}

impl<'a> SyncBy<'a> {
    /// A user's action (not a reversal).
    pub(crate) fn user(by: &'a By, user_id: i64) -> Self {
        Self {
            by,
            user_id: Some(user_id),
            reopen_maker: None,
        }
    }
}

/// Replays the order to `date` and stores what it derives (module docs). The caller holds the
/// write transaction; the order row is re-read here and updated by compare-and-set.
pub(crate) async fn sync_order<C: ConnectionTrait>(
    conn: &C,
    who: &SyncBy<'_>,
    now: DateTime<Utc>,
    order_id: i64,
    date: NaiveDate,
) -> Result<Synced> {
    let order = order_or_404(conn, order_id).await?;
    let status = status_of(&order)?;
    if order.disbursed_at.is_none() || order.plan_id.is_none() {
        return Err(Error::Conflict(format!(
            "订单尚未放款，不能还款（当前状态：{}）",
            status.label()
        )));
    }
    if order.replayed_on.is_some_and(|d| d > date) {
        return Ok(Synced {
            status,
            outstanding_fen: order.outstanding_fen,
            days_past_due: u32::try_from(order.overdue_days).unwrap_or(0),
            late: order.status == OrderStatus::Overdue.code(),
            replayed: false,
        });
    }
    let (snapshot, plan) = plan_of(&order)?;
    ensure_first_instalment(conn, now, &order, &plan, date).await?;
    super::waiver_facts::settle_conditions(conn, who.by, now, order.id, date).await?;
    let mut facts = Facts::load(conn, order.id).await?;
    let mut result = run(&snapshot, &plan, &facts.money_facts(), date)?;

    // The deposit offset is a fact of its own once the replay applies it.
    if let Some(offset) = result.repayments.iter().find(|r| r.id == DEPOSIT_OFFSET_ID)
        && !facts.repayments.iter().any(|r| r.purpose == DEPOSIT_OFFSET)
    {
        insert_system_repayment(
            conn,
            now,
            &order,
            DEPOSIT_OFFSET,
            "DEPOSIT",
            offset.amount_fen.get(),
            offset.value_date,
        )
        .await?;
        facts = Facts::load(conn, order.id).await?;
    }

    // Instalments overdue for the provider's advance days: the platform advances them (E6).
    let reference = order_ref(conn, &order).await?;
    if super::advance::advance_due(
        conn,
        now,
        &order,
        &reference,
        (&snapshot, &plan),
        &facts.money_facts(),
        &result,
        date,
    )
    .await?
    {
        facts = Facts::load(conn, order.id).await?;
        result = run(&snapshot, &plan, &facts.money_facts(), date)?;
    }

    // Allocations and their journals.
    let share = match order.capital_provider_id {
        Some(cp) => capital_provider::Entity::find_by_id(cp)
            .one(conn)
            .await?
            .map_or(0, |p| p.penalty_share_bp),
        None => 0,
    };
    let mut stored: HashMap<i64, Vec<repayment_allocation::Model>> = HashMap::new();
    for row in repayment_allocation::Entity::find()
        .filter(repayment_allocation::Column::OrderId.eq(order.id))
        .order_by_asc(repayment_allocation::Column::Id)
        .all(conn)
        .await?
    {
        stored.entry(row.repayment_id).or_default().push(row);
    }
    for applied in &result.repayments {
        let row = if applied.id == DEPOSIT_OFFSET_ID {
            facts
                .repayments
                .iter()
                .find(|r| r.purpose == DEPOSIT_OFFSET)
        } else {
            facts.repayments.iter().find(|r| id_u64(r.id) == applied.id)
        };
        let Some(row) = row else { continue };
        let old_rows = stored.remove(&row.id).unwrap_or_default();
        let old = posted_allocation(&old_rows, row.overpayment_fen);
        let old_recovery = Recovery {
            principal_fen: Fen(row.recovered_principal_fen),
            interest_fen: Fen(row.recovered_interest_fen),
            penalty_fen: Fen(row.recovered_penalty_fen),
        };
        if row.journal_id.is_some()
            && same_split(&old, &applied.allocation)
            && old_recovery == applied.recovery
        {
            continue;
        }
        let (source, event) = source_of(row);
        let new_lines = domain::ledger::repayment(
            &reference,
            &RepaymentSplit::recovering(&applied.allocation, share, &applied.recovery),
            source,
        );
        let journal_id = match row.journal_id {
            None => {
                post_journal(
                    conn,
                    now,
                    &NewJournal {
                        event,
                        order_id: Some(order.id),
                        business_date: row.value_date,
                        idempotency_key: format!("repayment:{}", row.id),
                        counterparty: counterparty_of(row, &order, &reference),
                        created_by: who.user_id,
                        description: format!(
                            "{} {} 流水号 {}",
                            purpose_label(&row.purpose),
                            order.order_no,
                            row.serial_no
                        ),
                        lines: new_lines,
                    },
                )
                .await?
            }
            Some(first) => {
                let count = journal::Entity::find()
                    .filter(
                        journal::Column::IdempotencyKey
                            .like(format!("repayment:{}:resplit:%", row.id)),
                    )
                    .all(conn)
                    .await?
                    .len();
                let mut lines = domain::ledger::mirror(&domain::ledger::repayment(
                    &reference,
                    &RepaymentSplit::recovering(&old, share, &old_recovery),
                    source,
                ));
                lines.extend(new_lines);
                post_journal(
                    conn,
                    now,
                    &NewJournal {
                        event,
                        order_id: Some(order.id),
                        business_date: date,
                        idempotency_key: format!("repayment:{}:resplit:{}", row.id, count + 1),
                        counterparty: counterparty_of(row, &order, &reference),
                        created_by: who.user_id,
                        description: format!(
                            "重新分配 {} 流水号 {}（较早日期的款项或冲正改变了分配）",
                            order.order_no, row.serial_no
                        ),
                        lines,
                    },
                )
                .await?;
                first
            }
        };
        repayment_allocation::Entity::delete_many()
            .filter(repayment_allocation::Column::RepaymentId.eq(row.id))
            .exec(conn)
            .await?;
        for line in applied
            .allocation
            .lines
            .iter()
            .filter(|l| l.amount_fen.is_positive())
        {
            repayment_allocation::ActiveModel {
                repayment_id: Set(row.id),
                order_id: Set(order.id),
                item_seq: Set(seq_i32(line.item_seq)),
                component: Set(component_code(line.component).to_owned()),
                amount_fen: Set(line.amount_fen.get()),
                ..Default::default()
            }
            .insert(conn)
            .await?;
        }
        repayment::Entity::update_many()
            .col_expr(
                repayment::Column::OverpaymentFen,
                Expr::value(applied.allocation.overpayment_fen.get()),
            )
            .col_expr(repayment::Column::JournalId, Expr::value(Some(journal_id)))
            .col_expr(
                repayment::Column::RecoveredPrincipalFen,
                Expr::value(applied.recovery.principal_fen.get()),
            )
            .col_expr(
                repayment::Column::RecoveredInterestFen,
                Expr::value(applied.recovery.interest_fen.get()),
            )
            .col_expr(
                repayment::Column::RecoveredPenaltyFen,
                Expr::value(applied.recovery.penalty_fen.get()),
            )
            .filter(repayment::Column::Id.eq(row.id))
            .exec(conn)
            .await?;
    }

    super::waiver_facts::sync_journals(conn, who.user_id, now, &order, &reference, &result, date)
        .await?;
    super::write_off_facts::sync_journals(
        conn,
        who.user_id,
        now,
        &order,
        &reference,
        (&facts.others, &result),
        date,
    )
    .await?;
    sync_penalties(conn, order.id, &result).await?;
    sync_items(conn, order.id, &result).await?;

    // The order's derived columns, compare-and-set.
    let paid: i64 = result
        .repayments
        .iter()
        .map(|r| r.amount_fen.get() - r.allocation.overpayment_fen.get())
        .sum();
    let next = result
        .items
        .iter()
        .find(|it| it.due_date >= date && it.outstanding().is_ok_and(|o| o.is_positive()))
        .or_else(|| {
            result
                .items
                .iter()
                .find(|it| it.outstanding().is_ok_and(|o| o.is_positive()))
        });
    let next_due_fen = next
        .and_then(|it| it.outstanding().ok())
        .map_or(0, Fen::get);
    let bucket = result.bucket.clone().unwrap_or_default();
    let dpd = i32::try_from(result.days_past_due).unwrap_or(i32::MAX);
    let changed = orders::Entity::update_many()
        .col_expr(
            orders::Column::OutstandingFen,
            Expr::value(result.outstanding_fen.get()),
        )
        .col_expr(orders::Column::PaidFen, Expr::value(paid))
        .col_expr(orders::Column::OverdueDays, Expr::value(dpd))
        .col_expr(orders::Column::Bucket, Expr::value(bucket.clone()))
        .col_expr(
            orders::Column::CustomerCreditFen,
            Expr::value(
                result.customer_credit_fen.get()
                    - super::surrender_facts::paid_out_fen(conn, order.id).await?,
            ),
        )
        .col_expr(
            orders::Column::NextDueDate,
            Expr::value(next.map(|it| it.due_date)),
        )
        .col_expr(orders::Column::NextDueFen, Expr::value(next_due_fen))
        .col_expr(orders::Column::ReplayedOn, Expr::value(Some(date)))
        .col_expr(
            orders::Column::Version,
            Expr::col(orders::Column::Version).add(1),
        )
        .filter(orders::Column::Id.eq(order.id))
        .filter(orders::Column::Version.eq(order.version))
        .exec(conn)
        .await?
        .rows_affected;
    if changed != 1 {
        return Err(Error::Conflict(crate::error::STALE.to_owned()));
    }
    if bucket != order.bucket {
        order_bucket_history::ActiveModel {
            order_id: Set(order.id),
            business_date: Set(date),
            from_bucket: Set(order.bucket.clone()),
            to_bucket: Set(bucket.clone()),
            days_past_due: Set(dpd),
            created_at: Set(now),
            ..Default::default()
        }
        .insert(conn)
        .await?;
    }

    let status = transition_for(conn, who, now, order.id, date, &result, &facts).await?;
    super::surrender_facts::demand_notice_step(
        conn,
        now,
        &order,
        status,
        result.days_past_due,
        result.outstanding_fen.get(),
        &snapshot.terms,
        date,
    )
    .await?;
    Ok(Synced {
        status,
        outstanding_fen: result.outstanding_fen.get(),
        days_past_due: result.days_past_due,
        late: result
            .items
            .iter()
            .any(|it| it.status == ItemStatus::Overdue),
        replayed: true,
    })
}

/// Who the money of a repayment came from: the insurer for a surrender refund, else the customer.
fn counterparty_of(
    row: &repayment::Model,
    order: &orders::Model,
    reference: &domain::ledger::OrderRef,
) -> Counterparty {
    if row.purpose == SURRENDER_REFUND {
        Counterparty::Insurer(reference.insurer_id)
    } else {
        Counterparty::Customer(Some(order.customer_id))
    }
}

fn purpose_label(purpose: &str) -> &'static str {
    match purpose {
        SURRENDER_REFUND => "退保款",
        EARLY_SETTLEMENT => "提前结清",
        FIRST_INSTALMENT => "首期款（随首付收取）",
        DEPOSIT_OFFSET => "保证金抵扣末期",
        _ => "还款",
    }
}

/// The 期初 first instalment was paid with the down payment into the customer's credit: it
/// becomes a repayment (from that credit) on its due date, once.
async fn ensure_first_instalment<C: ConnectionTrait>(
    conn: &C,
    now: DateTime<Utc>,
    order: &orders::Model,
    plan: &Plan,
    date: NaiveDate,
) -> Result<()> {
    if order.first_instalment_fen <= 0 {
        return Ok(());
    }
    let Some(first) = plan.items.first() else {
        return Ok(());
    };
    let exists = repayment::Entity::find()
        .filter(repayment::Column::OrderId.eq(order.id))
        .filter(repayment::Column::Purpose.eq(FIRST_INSTALMENT))
        .filter(repayment::Column::Status.ne(RepaymentStatus::Reversed.code()))
        .one(conn)
        .await?
        .is_some();
    if exists {
        return Ok(());
    }
    insert_system_repayment(
        conn,
        now,
        order,
        FIRST_INSTALMENT,
        "CREDIT",
        order.first_instalment_fen,
        std::cmp::min(first.due_date, date),
    )
    .await
}

/// Who recorded or confirmed a repayment: a user (id and name) or the system (no id).
pub(crate) struct Hand {
    pub id: Option<i64>,
    pub name: String,
}

/// A new repayment row: what differs between a payment a user records, one the system books
/// (first instalment, deposit offset) and an insurer's surrender refund. The rest is the same for
/// every new row: no journal yet, no overpayment, neither rejected nor reversed.
pub(crate) struct NewRepayment {
    pub order_id: i64,
    pub purpose: &'static str,
    pub source: String,
    pub amount_fen: i64,
    pub channel: String,
    pub serial_no: String,
    pub payer: String,
    pub value_date: NaiveDate,
    pub voucher_file_id: Option<i64>,
    pub recorded: Hand,
    /// Confirmed at its creation (a system payment, a refund confirmed as it is settled); `None`
    /// leaves it RECORDED for another user to confirm.
    pub confirmed: Option<Hand>,
    pub quote: Option<serde_json::Value>,
    /// The user who writes the row (`None`: the system).
    pub by: Option<i64>,
    pub now: DateTime<Utc>,
}

impl NewRepayment {
    pub(crate) fn into_model(self) -> repayment::ActiveModel {
        let status = if self.confirmed.is_some() {
            RepaymentStatus::Confirmed
        } else {
            RepaymentStatus::Recorded
        };
        let (confirmed_by, confirmed_by_name, confirmed_at) = match self.confirmed {
            Some(hand) => (hand.id, hand.name, Some(self.now)),
            None => (None, String::new(), None),
        };
        repayment::ActiveModel {
            order_id: Set(self.order_id),
            purpose: Set(self.purpose.to_owned()),
            source: Set(self.source),
            amount_fen: Set(self.amount_fen),
            channel: Set(self.channel),
            serial_no: Set(self.serial_no),
            payer: Set(self.payer),
            value_date: Set(self.value_date),
            voucher_file_id: Set(self.voucher_file_id),
            status: Set(status.code().to_owned()),
            recorded_by: Set(self.recorded.id),
            recorded_by_name: Set(self.recorded.name),
            confirmed_by: Set(confirmed_by),
            confirmed_by_name: Set(confirmed_by_name),
            confirmed_at: Set(confirmed_at),
            journal_id: Set(None),
            overpayment_fen: Set(0),
            reject_reason: Set(String::new()),
            reversed_by: Set(None),
            reversed_by_name: Set(String::new()),
            reversed_at: Set(None),
            reversal_reason: Set(String::new()),
            reversal_journal_id: Set(None),
            quote: Set(self.quote),
            created_at: Set(self.now),
            created_by: Set(self.by),
            updated_at: Set(self.now),
            updated_by: Set(self.by),
            version: Set(0),
            ..Default::default()
        }
    }
}

async fn insert_system_repayment<C: ConnectionTrait>(
    conn: &C,
    now: DateTime<Utc>,
    order: &orders::Model,
    purpose: &'static str,
    source: &str,
    amount_fen: i64,
    value_date: NaiveDate,
) -> Result<()> {
    let (channel, serial) = match purpose {
        DEPOSIT_OFFSET => ("DEPOSIT", format!("DEPOSIT-{}", order.order_no)),
        _ => ("DOWN_PAYMENT", format!("FIRST-{}", order.order_no)),
    };
    let system = || Hand {
        id: None,
        name: "系统".to_owned(),
    };
    NewRepayment {
        order_id: order.id,
        purpose,
        source: source.to_owned(),
        amount_fen,
        channel: channel.to_owned(),
        serial_no: serial,
        payer: String::new(),
        value_date,
        voucher_file_id: None,
        recorded: system(),
        confirmed: Some(system()),
        quote: None,
        by: None,
        now,
    }
    .into_model()
    .insert(conn)
    .await?;
    Ok(())
}

/// Stores the replay's penalty rows: adds the new days, corrects changed ones, removes those a
/// backdated payment or a reversal took away. A second run of the same day changes nothing.
async fn sync_penalties<C: ConnectionTrait>(
    conn: &C,
    order_id: i64,
    result: &ReplayResult,
) -> Result<()> {
    let mut existing: HashMap<(i32, NaiveDate), penalty_accrual::Model> =
        penalty_accrual::Entity::find()
            .filter(penalty_accrual::Column::OrderId.eq(order_id))
            .all(conn)
            .await?
            .into_iter()
            .map(|r| ((r.item_seq, r.accrual_date), r))
            .collect();
    for a in &result.penalty_accruals {
        let key = (seq_i32(a.item_seq), a.accrual_date);
        match existing.remove(&key) {
            Some(row)
                if row.amount_fen == a.amount_fen.get() && row.base_fen == a.base_fen.get() => {}
            Some(row) => {
                penalty_accrual::Entity::update_many()
                    .col_expr(
                        penalty_accrual::Column::AmountFen,
                        Expr::value(a.amount_fen.get()),
                    )
                    .col_expr(
                        penalty_accrual::Column::BaseFen,
                        Expr::value(a.base_fen.get()),
                    )
                    .filter(penalty_accrual::Column::Id.eq(row.id))
                    .exec(conn)
                    .await?;
            }
            None => {
                penalty_accrual::ActiveModel {
                    order_id: Set(order_id),
                    item_seq: Set(key.0),
                    accrual_date: Set(a.accrual_date),
                    base_fen: Set(a.base_fen.get()),
                    amount_fen: Set(a.amount_fen.get()),
                    ..Default::default()
                }
                .insert(conn)
                .await?;
            }
        }
    }
    let gone: Vec<i64> = existing.values().map(|r| r.id).collect();
    if !gone.is_empty() {
        penalty_accrual::Entity::delete_many()
            .filter(penalty_accrual::Column::Id.is_in(gone))
            .exec(conn)
            .await?;
    }
    Ok(())
}

/// Stores each instalment's replayed amounts and status (only those that changed).
async fn sync_items<C: ConnectionTrait>(
    conn: &C,
    order_id: i64,
    result: &ReplayResult,
) -> Result<()> {
    let Some(plan_id) = orders::Entity::find_by_id(order_id)
        .one(conn)
        .await?
        .and_then(|o| o.plan_id)
    else {
        return Ok(());
    };
    let stored: HashMap<i32, order_plan_item::Model> = order_plan_item::Entity::find()
        .filter(order_plan_item::Column::PlanId.eq(plan_id))
        .all(conn)
        .await?
        .into_iter()
        .map(|r| (r.seq, r))
        .collect();
    for it in &result.items {
        let Some(row) = stored.get(&seq_i32(it.seq)) else {
            continue;
        };
        let mut view = it.clone();
        view.pending_penalty.clear();
        let ledger = serde_json::to_value(&view).map_err(Error::internal)?;
        let paid =
            Fen::sum(Component::ALL.map(|c| it.component(c).paid_fen)).map_err(money_error)?;
        let waived =
            Fen::sum(Component::ALL.map(|c| it.component(c).waived_fen)).map_err(money_error)?;
        let outstanding = it.outstanding().map_err(money_error)?;
        let status = item_status_code(it.status);
        let overdue_days = i32::try_from(it.overdue_days).unwrap_or(i32::MAX);
        if row.ledger.as_ref() == Some(&ledger)
            && row.status == status
            && row.overdue_days == overdue_days
        {
            continue;
        }
        order_plan_item::Entity::update_many()
            .col_expr(order_plan_item::Column::Ledger, Expr::value(Some(ledger)))
            .col_expr(order_plan_item::Column::Status, Expr::value(status))
            .col_expr(order_plan_item::Column::PaidFen, Expr::value(paid.get()))
            .col_expr(
                order_plan_item::Column::WaivedFen,
                Expr::value(waived.get()),
            )
            .col_expr(
                order_plan_item::Column::PenaltyFen,
                Expr::value(it.penalty.due_fen.get()),
            )
            .col_expr(
                order_plan_item::Column::OutstandingFen,
                Expr::value(outstanding.get()),
            )
            .col_expr(
                order_plan_item::Column::AdvancedFen,
                Expr::value(it.advanced_fen.get()),
            )
            .col_expr(
                order_plan_item::Column::RecoveredFen,
                Expr::value(it.recovered_fen.get()),
            )
            .col_expr(
                order_plan_item::Column::AdvanceWaivedFen,
                Expr::value(it.advance_waived_fen.get()),
            )
            .col_expr(
                order_plan_item::Column::AdvanceWrittenOffFen,
                Expr::value(it.advance_written_off_fen.get()),
            )
            .col_expr(
                order_plan_item::Column::AdvancedOn,
                Expr::value(it.advanced_on),
            )
            .col_expr(
                order_plan_item::Column::OverdueDays,
                Expr::value(overdue_days),
            )
            .col_expr(
                order_plan_item::Column::SettledOn,
                Expr::value(it.settled_on),
            )
            .filter(order_plan_item::Column::Id.eq(row.id))
            .exec(conn)
            .await?;
    }
    Ok(())
}

/// The status the replay calls for, reached through the one order transition (T21, T22, T23,
/// T29), with the credit released at settlement and taken again at reopening.
async fn transition_for<C: ConnectionTrait>(
    conn: &C,
    who: &SyncBy<'_>,
    now: DateTime<Utc>,
    order_id: i64,
    date: NaiveDate,
    result: &ReplayResult,
    facts: &Facts,
) -> Result<OrderStatus> {
    use OrderStatus as S;
    let order = order_or_404(conn, order_id).await?;
    let status = status_of(&order)?;
    let owed = result.outstanding_fen.is_positive();
    let late = result
        .items
        .iter()
        .any(|it| it.status == ItemStatus::Overdue);
    let detail = serde_json::json!({
        "outstandingFen": result.outstanding_fen.get(),
        "daysPastDue": result.days_past_due,
        "bucket": result.bucket,
        "overdueItems": result.items.iter().filter(|it| it.status == ItemStatus::Overdue)
            .map(|it| serde_json::json!({
                "seq": it.seq,
                "dueDate": it.due_date,
                "outstandingFen": it.outstanding().map_or(0, Fen::get),
            })).collect::<Vec<_>>(),
    });
    let event = match status {
        S::PendingPolicy | S::Repaying | S::Overdue if !owed => {
            let settle_type = settle_type(facts);
            Some(
                Event::to_target(OrderEvent::Settle, status, S::Settled)?
                    .comment(settle_type)
                    .set(orders::Column::SettleType, Expr::value(settle_type))
                    .set(orders::Column::SettledAt, Expr::value(Some(now))),
            )
        }
        S::Surrendering if !owed => {
            match super::surrender_facts::refund_applied(conn, order.id).await? {
                // The refund was applied: the rest was paid (or written off) → 已退保 (T26).
                Some(applied) => {
                    super::surrender_facts::shortfall_paid(conn, who.by, now, &applied).await?;
                    Some(
                        // Maker ≠ checker was the settlement's (the settler is not the
                        // applicant); whoever confirmed the payment that cleared it closes it.
                        Event::to_target(OrderEvent::SurrenderSettled, status, S::Surrendered)?
                            .reference("surrender", applied.id)
                            .comment(format!("退保申请 {}", applied.surrender_no))
                            .set(orders::Column::SettleType, Expr::value("SURRENDER"))
                            .set(orders::Column::SettledAt, Expr::value(Some(now))),
                    )
                }
                // The customer paid everything before any refund (T27).
                None => {
                    let settle_type = settle_type(facts);
                    Some(
                        Event::to_target(OrderEvent::Settle, status, S::Settled)?
                            .comment(settle_type)
                            .set(orders::Column::SettleType, Expr::value(settle_type))
                            .set(orders::Column::SettledAt, Expr::value(Some(now))),
                    )
                }
            }
        }
        S::Repaying if late => Some(Event::to_target(
            OrderEvent::BecameOverdue,
            status,
            S::Overdue,
        )?),
        S::Overdue if !late => Some(Event::to_target(OrderEvent::Cured, status, S::Repaying)?),
        S::Settled if owed => {
            let Some(maker) = who.reopen_maker else {
                return Err(Error::Conflict("已结清订单只能通过冲正重新打开".to_owned()));
            };
            let to = if late { S::Overdue } else { S::Repaying };
            Some(
                Event::to_target(OrderEvent::Reopen, status, to)?
                    .maker(maker)
                    .set(orders::Column::SettleType, Expr::value(""))
                    .set(
                        orders::Column::SettledAt,
                        Expr::value(Option::<DateTime<Utc>>::None),
                    ),
            )
        }
        _ => None,
    };
    let Some(event) = event else {
        return Ok(status);
    };
    let to = event.to;
    let event = event.amount(result.outstanding_fen.get()).detail(detail);
    order_transition::apply(conn, who.by, now, date, &order, event).await?;
    match (status, to) {
        (_, S::Settled | S::Surrendered) => move_credit_back(conn, &order, now, true).await?,
        (S::Settled, _) => move_credit_back(conn, &order, now, false).await?,
        _ => {}
    }
    Ok(to)
}

fn settle_type(facts: &Facts) -> &'static str {
    let confirmed: Vec<&repayment::Model> = facts.confirmed().collect();
    if confirmed.iter().any(|r| r.purpose == EARLY_SETTLEMENT) {
        return SETTLE_EARLY;
    }
    let last_other = confirmed
        .iter()
        .filter(|r| r.purpose != DEPOSIT_OFFSET)
        .map(|r| r.value_date)
        .max();
    match confirmed.iter().find(|r| r.purpose == DEPOSIT_OFFSET) {
        Some(d) if last_other.is_none_or(|o| o < d.value_date) => SETTLE_DEPOSIT_OFFSET,
        _ => SETTLE_NORMAL,
    }
}

/// Settled: the provider's used credit is released and the allocation CLOSED; reopened: taken
/// again (the exposure is real again, even beyond the limit) and the allocation FUNDED.
pub(crate) async fn move_credit_back<C: ConnectionTrait>(
    conn: &C,
    order: &orders::Model,
    now: DateTime<Utc>,
    settled: bool,
) -> Result<()> {
    let Some(cp) = order.capital_provider_id else {
        return Ok(());
    };
    let fen = order.financed_fen;
    let mut update =
        capital_provider::Entity::update_many().filter(capital_provider::Column::Id.eq(cp));
    if settled {
        update = update
            .col_expr(
                capital_provider::Column::CreditUsedFen,
                Expr::col(capital_provider::Column::CreditUsedFen).sub(fen),
            )
            .filter(capital_provider::Column::CreditUsedFen.gte(fen));
    } else {
        update = update.col_expr(
            capital_provider::Column::CreditUsedFen,
            Expr::col(capital_provider::Column::CreditUsedFen).add(fen),
        );
    }
    update.exec(conn).await?;
    let (from, to) = if settled {
        ("FUNDED", "CLOSED")
    } else {
        ("CLOSED", "FUNDED")
    };
    allocation::Entity::update_many()
        .col_expr(allocation::Column::Status, Expr::value(to))
        .col_expr(allocation::Column::UpdatedAt, Expr::value(now))
        .col_expr(
            allocation::Column::Version,
            Expr::col(allocation::Column::Version).add(1),
        )
        .filter(allocation::Column::OrderId.eq(order.id))
        .filter(allocation::Column::Status.eq(from))
        .exec(conn)
        .await?;
    Ok(())
}

pub(crate) fn check_serial(serial: &str, fields: &mut BTreeMap<String, String>) {
    let s = serial.trim();
    if s.is_empty() {
        fields.insert("serialNo".to_owned(), "请填写银行流水号".to_owned());
    } else if s.chars().count() > 64 || s.chars().any(|c| c.is_control() || c.is_whitespace()) {
        fields.insert(
            "serialNo".to_owned(),
            "银行流水号不超过 64 个字符，且不能含空格".to_owned(),
        );
    }
}

impl Beehive {
    async fn repayable_order<C: ConnectionTrait>(
        &self,
        conn: &C,
        order_id: i64,
    ) -> Result<(orders::Model, OrderStatus)> {
        let order = order_or_404(conn, order_id).await?;
        let status = status_of(&order)?;
        if !REPAYABLE.contains(&status) || order.disbursed_at.is_none() {
            return Err(Error::Conflict(format!(
                "当前状态不允许登记还款（当前状态：{}）",
                status.label()
            )));
        }
        Ok((order, status))
    }

    /// The order replayed to `date` as stored now (read-only).
    pub(crate) async fn replayed_order(
        &self,
        conn: &impl ConnectionTrait,
        order: &orders::Model,
        date: NaiveDate,
    ) -> Result<(TermsSnapshot, ReplayResult)> {
        self.replayed(conn, order, &[], date).await
    }

    /// The order replayed to `date` as stored now, plus `extra` facts (read-only).
    pub(crate) async fn replayed(
        &self,
        conn: &impl ConnectionTrait,
        order: &orders::Model,
        extra: &[MoneyFact],
        date: NaiveDate,
    ) -> Result<(TermsSnapshot, ReplayResult)> {
        let (snapshot, plan) = plan_of(order)?;
        let facts = Facts::load(conn, order.id).await?;
        let mut all = facts.money_facts();
        if order.first_instalment_fen > 0
            && !facts
                .repayments
                .iter()
                .any(|r| r.purpose == FIRST_INSTALMENT)
            && let Some(first) = plan.items.first()
        {
            all.push(MoneyFact {
                id: u64::MAX - 2,
                value_date: std::cmp::min(first.due_date, date),
                kind: FactKind::Repayment {
                    amount_fen: Fen(order.first_instalment_fen),
                },
            });
        }
        all.extend_from_slice(extra);
        Ok((snapshot.clone(), run(&snapshot, &plan, &all, date)?))
    }

    /// 还款预览: how `amount_fen` received on `value_date` would be allocated.
    pub async fn preview_repayment(
        &self,
        me: &Principal,
        order_id: i64,
        amount_fen: i64,
        value_date: NaiveDate,
    ) -> Result<Preview> {
        me.require(ORDER_INFO_TABLE)?;
        let today = self.business_date().await?;
        let (order, _) = self.repayable_order(&self.db, order_id).await?;
        let mut fields = BTreeMap::new();
        if amount_fen <= 0 {
            fields.insert("amountFen".to_owned(), "还款金额须大于 0".to_owned());
        }
        if value_date > today {
            fields.insert(
                "valueDate".to_owned(),
                "到账日期不能晚于今天（业务日期）".to_owned(),
            );
        }
        if let Some(message) = fields.values().next().cloned() {
            return Err(Error::Invalid { message, fields });
        }
        let (_, before) = self.replayed(&self.db, &order, &[], today).await?;
        let probe = MoneyFact {
            id: u64::MAX - 1,
            value_date,
            kind: FactKind::Repayment {
                amount_fen: Fen(amount_fen),
            },
        };
        let (_, after) = self.replayed(&self.db, &order, &[probe], today).await?;
        let applied = after
            .repayments
            .iter()
            .find(|r| r.id == u64::MAX - 1)
            .ok_or_else(|| Error::internal(anyhow::anyhow!("preview lost its payment")))?;
        Ok(Preview {
            lines: applied
                .allocation
                .lines
                .iter()
                .filter(|l| l.amount_fen.is_positive())
                .cloned()
                .collect(),
            overpayment_fen: applied.allocation.overpayment_fen.get(),
            outstanding_before_fen: before.outstanding_fen.get(),
            outstanding_after_fen: after.outstanding_fen.get(),
            days_past_due_after: after.days_past_due,
        })
    }

    /// 提前结清报价: what settles the order on `date` (today or later) under its product's rule.
    pub async fn payoff_quote(
        &self,
        me: &Principal,
        order_id: i64,
        date: Option<NaiveDate>,
    ) -> Result<PayoffQuote> {
        me.require(ORDER_INFO_TABLE)?;
        let today = self.business_date().await?;
        let date = date.unwrap_or(today);
        if date < today || (date - today).num_days() > 90 {
            return Err(Error::invalid(
                "date",
                "报价日期须在今天（业务日期）起 90 天内",
            ));
        }
        let (order, status) = self.repayable_order(&self.db, order_id).await?;
        if status == OrderStatus::Settled || status == OrderStatus::Surrendering {
            return Err(Error::Conflict(format!(
                "当前状态不能提前结清（当前状态：{}）",
                status.label()
            )));
        }
        self.quote_at(&self.db, &order, date).await
    }

    pub(crate) async fn quote_at(
        &self,
        conn: &impl ConnectionTrait,
        order: &orders::Model,
        date: NaiveDate,
    ) -> Result<PayoffQuote> {
        let (snapshot, result) = self.replayed(conn, order, &[], date).await?;
        payoff_quote(&snapshot.terms, &result.items, date).map_err(money_error)
    }

    /// 登记还款: records money received for a disbursed order (step one of two).
    pub async fn record_repayment(
        &self,
        me: &Principal,
        client: &ClientInfo,
        order_id: i64,
        input: RepaymentInput,
    ) -> Result<repayment::Model> {
        me.require(ORDER_INFO_REPAY)?;
        let now = self.clock.now();
        let today = self.business_date().await?;
        let by = By::user(me, client);
        let txn = store::begin_write(&self.db).await?;
        let (order, status) = self.repayable_order(&txn, order_id).await?;
        let mut fields = BTreeMap::new();
        if input.amount_fen <= 0 {
            fields.insert("amountFen".to_owned(), "还款金额须大于 0".to_owned());
        } else if input.amount_fen > 100_000_000_000 {
            fields.insert("amountFen".to_owned(), "还款金额过大".to_owned());
        }
        if !SOURCES.iter().any(|(c, _)| *c == input.source) {
            fields.insert(
                "source".to_owned(),
                "付款来源须为客户或第三方代付".to_owned(),
            );
        }
        if !CHANNELS.iter().any(|(c, _)| *c == input.channel) {
            fields.insert(
                "channel".to_owned(),
                "收款渠道须为银行转账、代扣、线上支付或线下收款".to_owned(),
            );
        }
        check_serial(&input.serial_no, &mut fields);
        let payer = input.payer.trim();
        if payer.is_empty() {
            fields.insert("payer".to_owned(), "请填写付款人".to_owned());
        } else if payer.chars().count() > 64 || payer.chars().any(char::is_control) {
            fields.insert("payer".to_owned(), "付款人不超过 64 个字符".to_owned());
        }
        let disbursed_on = order.disbursed_at.map(|t| {
            t.with_timezone(&crate::clock::DEFAULT_TIME_ZONE)
                .date_naive()
        });
        if input.value_date > today {
            fields.insert(
                "valueDate".to_owned(),
                "到账日期不能晚于今天（业务日期）".to_owned(),
            );
        } else if disbursed_on.is_some_and(|d| input.value_date < d) {
            fields.insert(
                "valueDate".to_owned(),
                "到账日期不能早于放款日期".to_owned(),
            );
        }
        let mut quote = None;
        if input.early_settlement {
            if status == OrderStatus::Settled || status == OrderStatus::Surrendering {
                return Err(Error::Conflict(format!(
                    "当前状态不能提前结清（当前状态：{}）",
                    status.label()
                )));
            }
            if input.value_date != today {
                fields.insert(
                    "valueDate".to_owned(),
                    "提前结清的到账日期须为今天（业务日期）".to_owned(),
                );
            } else {
                let q = self.quote_at(&txn, &order, today).await?;
                if q.total_fen.get() != input.amount_fen {
                    fields.insert(
                        "amountFen".to_owned(),
                        format!("提前结清金额须等于结清报价 {} 元", yuan(q.total_fen.get())),
                    );
                }
                quote = Some(q);
            }
        }
        if let Some(message) = fields.values().next().cloned() {
            return Err(Error::Invalid { message, fields });
        }
        let serial = input.serial_no.trim().to_owned();
        if repayment::Entity::find()
            .filter(repayment::Column::SerialNo.eq(&serial))
            .one(&txn)
            .await?
            .is_some()
        {
            return Err(Error::Conflict(format!("银行流水号 {serial} 已登记")));
        }
        let voucher = self.store_voucher(&txn, &by, input.voucher).await?;
        let purpose = if input.early_settlement {
            EARLY_SETTLEMENT
        } else {
            REPAYMENT
        };
        let row = NewRepayment {
            order_id: order.id,
            purpose,
            source: input.source.clone(),
            amount_fen: input.amount_fen,
            channel: input.channel.clone(),
            serial_no: serial.clone(),
            payer: payer.to_owned(),
            value_date: input.value_date,
            voucher_file_id: voucher,
            recorded: Hand {
                id: Some(me.user_id),
                name: me.name.clone(),
            },
            confirmed: None,
            quote: quote
                .map(|q| serde_json::to_value(q).map_err(Error::internal))
                .transpose()?,
            by: Some(me.user_id),
            now,
        }
        .into_model()
        .insert(&txn)
        .await
        .map_err(|e| crate::error::conflict_on_unique(e, &format!("银行流水号 {serial} 已登记")))?;
        crate::audit::record(
            &txn,
            crate::audit::Entry {
                actor: &by.actor,
                action: "repayment.record",
                target_type: "repayment",
                target_id: Some(row.id.to_string()),
                success: true,
                detail: serde_json::json!({
                    "orderNo": order.order_no,
                    "purpose": row.purpose,
                    "amountFen": row.amount_fen,
                    "channel": row.channel,
                    "serialNo": row.serial_no,
                    "valueDate": row.value_date,
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

    /// 确认还款: another user confirms a recorded repayment; the order is replayed with it
    /// (allocation, journal E4, statuses) in the same transaction.
    pub async fn confirm_repayment(
        &self,
        me: &Principal,
        client: &ClientInfo,
        repayment_id: i64,
    ) -> Result<Synced> {
        me.require(ORDER_INFO_REPAY)?;
        let now = self.clock.now();
        let today = self.business_date().await?;
        let by = By::user(me, client);
        let txn = store::begin_write(&self.db).await?;
        let row = repayment::Entity::find_by_id(repayment_id)
            .one(&txn)
            .await?
            .ok_or_else(not_found)?;
        let from = RepaymentStatus::parse(&row.status).ok_or_else(not_found)?;
        from.check(RepaymentStatus::Confirmed)?;
        if row.recorded_by == Some(me.user_id) {
            return Err(Error::Forbidden(
                "不能确认自己登记的还款（登记人与确认人须为不同用户）".to_owned(),
            ));
        }
        let (order, _) = self.repayable_order(&txn, row.order_id).await?;
        if row.purpose == EARLY_SETTLEMENT {
            let now_quote = self.quote_at(&txn, &order, row.value_date).await?;
            let recorded: Option<PayoffQuote> = row
                .quote
                .clone()
                .and_then(|v| serde_json::from_value(v).ok());
            if recorded.as_ref() != Some(&now_quote) {
                return Err(Error::Conflict(format!(
                    "结清报价已变化（现为 {} 元），请驳回后按新报价重新登记",
                    yuan(now_quote.total_fen.get())
                )));
            }
            // Future interest is cancelled, not waived; the settlement fee is charged on the
            // first instalment not yet due (or the last one).
            for line in now_quote
                .lines
                .iter()
                .filter(|l| l.cancelled_interest_fen.is_positive())
            {
                insert_fact(
                    &txn,
                    now,
                    &order,
                    CANCEL_INTEREST,
                    line.item_seq,
                    Some(line.cancelled_interest_fen.get()),
                    row.value_date,
                    row.id,
                    me.user_id,
                )
                .await?;
            }
            if now_quote.settlement_fee_fen.is_positive() {
                let (_, plan) = plan_of(&order)?;
                let seq = plan
                    .items
                    .iter()
                    .find(|it| it.due_date > row.value_date)
                    .or(plan.items.last())
                    .map_or(1, |it| it.seq);
                insert_fact(
                    &txn,
                    now,
                    &order,
                    CHARGE_FEE,
                    seq,
                    Some(now_quote.settlement_fee_fen.get()),
                    row.value_date,
                    row.id,
                    me.user_id,
                )
                .await?;
            }
        }
        record_transition::apply::<repayment::Entity, _, _>(
            &txn,
            &by,
            now,
            Change {
                id: row.id,
                from,
                to: RepaymentStatus::Confirmed,
                version: row.version,
                event: "confirm",
                reason: "",
            },
            vec![
                (
                    repayment::Column::ConfirmedBy,
                    Expr::value(Some(me.user_id)),
                ),
                (
                    repayment::Column::ConfirmedByName,
                    Expr::value(me.name.clone()),
                ),
                (repayment::Column::ConfirmedAt, Expr::value(Some(now))),
                (repayment::Column::UpdatedAt, Expr::value(now)),
                (repayment::Column::UpdatedBy, Expr::value(Some(me.user_id))),
            ],
            Some(Logged {
                action: "repayment.confirm",
                detail: serde_json::json!({
                    "orderNo": order.order_no,
                    "amountFen": row.amount_fen,
                    "serialNo": row.serial_no,
                    "valueDate": row.value_date,
                }),
            }),
        )
        .await?;
        let synced = sync_order(&txn, &SyncBy::user(&by, me.user_id), now, order.id, today).await?;
        txn.commit().await?;
        Ok(synced)
    }

    /// 驳回: a recorded repayment was wrong; it is kept, rejected (its serial number stays used).
    pub async fn reject_repayment(
        &self,
        me: &Principal,
        client: &ClientInfo,
        repayment_id: i64,
        reason: &str,
    ) -> Result<()> {
        me.require(ORDER_INFO_REPAY)?;
        let reason = reason.trim();
        if reason.is_empty() {
            return Err(Error::invalid("reason", "请填写驳回原因"));
        }
        let reason: String = reason.chars().take(500).collect();
        let now = self.clock.now();
        let by = By::user(me, client);
        let txn = store::begin_write(&self.db).await?;
        let row = repayment::Entity::find_by_id(repayment_id)
            .one(&txn)
            .await?
            .ok_or_else(not_found)?;
        let from = RepaymentStatus::parse(&row.status).ok_or_else(not_found)?;
        record_transition::apply::<repayment::Entity, _, _>(
            &txn,
            &by,
            now,
            Change {
                id: row.id,
                from,
                to: RepaymentStatus::Rejected,
                version: row.version,
                event: "reject",
                reason: &reason,
            },
            vec![
                (repayment::Column::RejectReason, Expr::value(reason.clone())),
                (repayment::Column::UpdatedAt, Expr::value(now)),
                (repayment::Column::UpdatedBy, Expr::value(Some(me.user_id))),
            ],
            Some(Logged {
                action: "repayment.reject",
                detail: serde_json::json!({ "serialNo": row.serial_no, "reason": reason }),
            }),
        )
        .await?;
        txn.commit().await?;
        Ok(())
    }

    /// 冲正: a confirmed repayment bounced or was booked by mistake. Its journals are mirrored,
    /// the order replayed without it (a closed order reopens, T29). Twice → 409.
    pub async fn reverse_repayment(
        &self,
        me: &Principal,
        client: &ClientInfo,
        repayment_id: i64,
        reason: &str,
    ) -> Result<Synced> {
        me.require(ORDER_PLAN_REVERSE)?;
        let reason = reason.trim();
        if reason.is_empty() {
            return Err(Error::invalid("reason", "请填写冲正原因"));
        }
        let reason: String = reason.chars().take(500).collect();
        let now = self.clock.now();
        let today = self.business_date().await?;
        let by = By::user(me, client);
        let txn = store::begin_write(&self.db).await?;
        let row = repayment::Entity::find_by_id(repayment_id)
            .one(&txn)
            .await?
            .ok_or_else(not_found)?;
        let from = RepaymentStatus::parse(&row.status).ok_or_else(not_found)?;
        from.check(RepaymentStatus::Reversed)?;
        if row.purpose == FIRST_INSTALMENT || row.purpose == DEPOSIT_OFFSET {
            return Err(Error::Conflict(
                "系统生成的首期款和保证金抵扣不能冲正".to_owned(),
            ));
        }
        if row.purpose == SURRENDER_REFUND {
            return Err(Error::Conflict(
                "退保款随退保申请冲账，不能单独冲正".to_owned(),
            ));
        }
        if row.confirmed_by == Some(me.user_id) {
            return Err(Error::Forbidden(
                "不能冲正自己确认的还款（确认人与冲正人须为不同用户）".to_owned(),
            ));
        }
        let order = order_or_404(&txn, row.order_id).await?;
        if order.status == OrderStatus::Surrendered.code() {
            return Err(Error::Conflict(
                "已退保订单的还款不能冲正（保单已退，订单已结案）".to_owned(),
            ));
        }
        let reversal_id = reverse_repayment_journals(
            &txn,
            now,
            &row,
            today,
            Some(me.user_id),
            &format!(
                "冲正还款 {} 流水号 {}：{reason}",
                order.order_no, row.serial_no
            ),
        )
        .await?;
        repayment_allocation::Entity::delete_many()
            .filter(repayment_allocation::Column::RepaymentId.eq(row.id))
            .exec(&txn)
            .await?;
        record_transition::apply::<repayment::Entity, _, _>(
            &txn,
            &by,
            now,
            Change {
                id: row.id,
                from,
                to: RepaymentStatus::Reversed,
                version: row.version,
                event: "reverse",
                reason: &reason,
            },
            vec![
                (repayment::Column::ReversedBy, Expr::value(Some(me.user_id))),
                (
                    repayment::Column::ReversedByName,
                    Expr::value(me.name.clone()),
                ),
                (repayment::Column::ReversedAt, Expr::value(Some(now))),
                (
                    repayment::Column::ReversalReason,
                    Expr::value(reason.clone()),
                ),
                (
                    repayment::Column::ReversalJournalId,
                    Expr::value(reversal_id),
                ),
                (repayment::Column::OverpaymentFen, Expr::value(0_i64)),
                (repayment::Column::UpdatedAt, Expr::value(now)),
                (repayment::Column::UpdatedBy, Expr::value(Some(me.user_id))),
            ],
            Some(Logged {
                action: "repayment.reverse",
                detail: serde_json::json!({
                    "orderNo": order.order_no,
                    "amountFen": row.amount_fen,
                    "serialNo": row.serial_no,
                    "reason": reason,
                }),
            }),
        )
        .await?;
        let synced = sync_order(
            &txn,
            &SyncBy {
                by: &by,
                user_id: Some(me.user_id),
                reopen_maker: Some(row.confirmed_by),
            },
            now,
            order.id,
            today,
        )
        .await?;
        txn.commit().await?;
        Ok(synced)
    }

    /// Catches one order up to `date` in its own transaction (the nightly unit's work, for one
    /// order).
    pub async fn catch_up_order(&self, order_id: i64, date: NaiveDate) -> Result<Synced> {
        let txn = store::begin_write(&self.db).await?;
        let synced = self.sync_repayments(&txn, order_id, date).await?;
        txn.commit().await?;
        Ok(synced)
    }

    /// Catches one order up to `date` in the caller's transaction (the nightly unit).
    pub(crate) async fn sync_repayments(
        &self,
        conn: &impl ConnectionTrait,
        order_id: i64,
        date: NaiveDate,
    ) -> Result<Synced> {
        let by = By::system("repayments");
        sync_order(
            conn,
            &SyncBy {
                by: &by,
                user_id: None,
                reopen_maker: None,
            },
            self.clock.now(),
            order_id,
            date,
        )
        .await
    }

    /// The order's money for the order page: instalments with their amounts, repayments with
    /// their allocations, penalties by day, the order's journals.
    pub async fn order_money(&self, me: &Principal, order_id: i64) -> Result<OrderMoney> {
        me.require(ORDER_INFO_TABLE)?;
        let order = order_or_404(&self.db, order_id).await?;
        let business_date = self.business_date().await?;
        let items: Vec<ItemLedger> = match order.plan_id {
            Some(plan_id) => order_plan_item::Entity::find()
                .filter(order_plan_item::Column::PlanId.eq(plan_id))
                .order_by_asc(order_plan_item::Column::Seq)
                .all(&self.db)
                .await?
                .into_iter()
                .filter_map(|r| r.ledger.and_then(|v| serde_json::from_value(v).ok()))
                .collect(),
            None => Vec::new(),
        };
        let rows = repayment::Entity::find()
            .filter(repayment::Column::OrderId.eq(order.id))
            .order_by_desc(repayment::Column::ValueDate)
            .order_by_desc(repayment::Column::Id)
            .all(&self.db)
            .await?;
        let mut lines: HashMap<i64, Vec<repayment_allocation::Model>> = HashMap::new();
        for l in repayment_allocation::Entity::find()
            .filter(repayment_allocation::Column::OrderId.eq(order.id))
            .order_by_asc(repayment_allocation::Column::Id)
            .all(&self.db)
            .await?
        {
            lines.entry(l.repayment_id).or_default().push(l);
        }
        let repayments = rows
            .into_iter()
            .map(|row| RepaymentView {
                lines: lines.remove(&row.id).unwrap_or_default(),
                row,
            })
            .collect();
        let penalties = penalty_accrual::Entity::find()
            .filter(penalty_accrual::Column::OrderId.eq(order.id))
            .order_by_desc(penalty_accrual::Column::AccrualDate)
            .order_by_asc(penalty_accrual::Column::ItemSeq)
            .all(&self.db)
            .await?;
        let journals = crate::ledger::order_journals(&self.db, order.id).await?;
        Ok(OrderMoney {
            business_date,
            items,
            repayments,
            penalties,
            journals,
            outstanding_fen: order.outstanding_fen,
            paid_fen: order.paid_fen,
            customer_credit_fen: order.customer_credit_fen,
            days_past_due: order.overdue_days,
            bucket: order.bucket,
        })
    }

    /// A repayment's voucher (bank slip).
    pub async fn repayment_voucher(
        &self,
        me: &Principal,
        repayment_id: i64,
    ) -> Result<crate::files::FileContent> {
        me.require(ORDER_INFO_TABLE)?;
        let row = repayment::Entity::find_by_id(repayment_id)
            .one(&self.db)
            .await?
            .ok_or_else(not_found)?;
        let file_id = row
            .voucher_file_id
            .ok_or_else(|| Error::NotFound("该还款没有凭证".to_owned()))?;
        self.open_file(file_id).await
    }
}

/// Mirrors every journal of a repayment (its E4 and any corrections); the first mirror's id.
async fn reverse_repayment_journals<C: ConnectionTrait>(
    conn: &C,
    now: DateTime<Utc>,
    row: &repayment::Model,
    today: NaiveDate,
    user_id: Option<i64>,
    description: &str,
) -> Result<Option<i64>> {
    let journals = journal::Entity::find()
        .filter(
            Condition::any()
                .add(journal::Column::IdempotencyKey.eq(format!("repayment:{}", row.id)))
                .add(
                    journal::Column::IdempotencyKey.like(format!("repayment:{}:resplit:%", row.id)),
                ),
        )
        .order_by_asc(journal::Column::Id)
        .all(conn)
        .await?;
    let mut reversal_id = None;
    for j in &journals {
        let id = reverse_journal(
            conn,
            now,
            j.id,
            &Reversal {
                idempotency_key: format!("reversal:repayment:{}:{}", row.id, j.id),
                business_date: today,
                created_by: user_id,
                description: description.to_owned(),
            },
        )
        .await?;
        reversal_id.get_or_insert(id);
    }
    Ok(reversal_id)
}

/// The disbursement is being reversed (T19): refused while a customer repayment stands; the
/// system's first-instalment repayment is reversed with its journals, and the order's derived
/// money (penalties, item ledgers, outstanding) cleared until the next disbursement.
pub(crate) async fn undo_for_disbursement_reversal<C: ConnectionTrait>(
    conn: &C,
    now: DateTime<Utc>,
    order: &orders::Model,
    today: NaiveDate,
    user_id: i64,
) -> Result<()> {
    let rows = repayment::Entity::find()
        .filter(repayment::Column::OrderId.eq(order.id))
        .filter(repayment::Column::Status.is_in([
            RepaymentStatus::Recorded.code(),
            RepaymentStatus::Confirmed.code(),
        ]))
        .all(conn)
        .await?;
    if rows.iter().any(|r| r.purpose != FIRST_INSTALMENT) {
        return Err(Error::Conflict(
            "该订单已有还款记录，请先冲正或驳回还款再冲正放款".to_owned(),
        ));
    }
    for row in &rows {
        let reversal_id = reverse_repayment_journals(
            conn,
            now,
            row,
            today,
            Some(user_id),
            &format!("放款冲正，首期款退回客户余额 {}", order.order_no),
        )
        .await?;
        repayment_allocation::Entity::delete_many()
            .filter(repayment_allocation::Column::RepaymentId.eq(row.id))
            .exec(conn)
            .await?;
        repayment::Entity::update_many()
            .col_expr(
                repayment::Column::Status,
                Expr::value(RepaymentStatus::Reversed.code()),
            )
            .col_expr(repayment::Column::ReversedBy, Expr::value(Some(user_id)))
            .col_expr(repayment::Column::ReversedAt, Expr::value(Some(now)))
            .col_expr(repayment::Column::ReversalReason, Expr::value("放款冲正"))
            .col_expr(
                repayment::Column::ReversalJournalId,
                Expr::value(reversal_id),
            )
            .col_expr(repayment::Column::UpdatedAt, Expr::value(now))
            .col_expr(
                repayment::Column::Version,
                Expr::col(repayment::Column::Version).add(1),
            )
            .filter(repayment::Column::Id.eq(row.id))
            .exec(conn)
            .await?;
    }
    penalty_accrual::Entity::delete_many()
        .filter(penalty_accrual::Column::OrderId.eq(order.id))
        .exec(conn)
        .await?;
    if let Some(plan_id) = order.plan_id {
        order_plan_item::Entity::update_many()
            .col_expr(
                order_plan_item::Column::Ledger,
                Expr::value(Option::<serde_json::Value>::None),
            )
            .filter(order_plan_item::Column::PlanId.eq(plan_id))
            .exec(conn)
            .await?;
    }
    orders::Entity::update_many()
        .col_expr(orders::Column::OutstandingFen, Expr::value(0_i64))
        .col_expr(orders::Column::PaidFen, Expr::value(0_i64))
        .col_expr(orders::Column::OverdueDays, Expr::value(0_i32))
        .col_expr(orders::Column::Bucket, Expr::value(""))
        .col_expr(orders::Column::CustomerCreditFen, Expr::value(0_i64))
        .col_expr(
            orders::Column::NextDueDate,
            Expr::value(Option::<NaiveDate>::None),
        )
        .col_expr(orders::Column::NextDueFen, Expr::value(0_i64))
        .col_expr(
            orders::Column::ReplayedOn,
            Expr::value(Option::<NaiveDate>::None),
        )
        .filter(orders::Column::Id.eq(order.id))
        .exec(conn)
        .await?;
    Ok(())
}

#[allow(clippy::too_many_arguments)]
async fn insert_fact<C: ConnectionTrait>(
    conn: &C,
    now: DateTime<Utc>,
    order: &orders::Model,
    kind: &str,
    item_seq: u32,
    amount_fen: Option<i64>,
    value_date: NaiveDate,
    repayment_id: i64,
    user_id: i64,
) -> Result<()> {
    order_money_fact::ActiveModel {
        order_id: Set(order.id),
        kind: Set(kind.to_owned()),
        item_seq: Set(Some(seq_i32(item_seq))),
        component: Set(Some("INTEREST".to_owned()).filter(|_| kind == CANCEL_INTEREST)),
        amount_fen: Set(amount_fen),
        value_date: Set(value_date),
        ref_type: Set("repayment".to_owned()),
        ref_id: Set(repayment_id),
        created_at: Set(now),
        created_by: Set(Some(user_id)),
        ..Default::default()
    }
    .insert(conn)
    .await?;
    Ok(())
}

/// 每日还款任务 `repayments`: catches every repaying order up to the business date — instalments
/// due and overdue, penalty rows, the OVERDUE flag (T21/T22), the bucket history, the deposit
/// offset of the last instalment (E11). Idempotent: a second run of a date changes nothing.
pub struct RepaymentsJob;

impl crate::jobs::DailyJob for RepaymentsJob {
    fn name(&self) -> &str {
        "repayments"
    }

    fn about(&self) -> &str {
        "replays every repaying order to the business date: due and overdue instalments, penalties, the OVERDUE flag, buckets, the deposit offset, the platform advances (代偿)"
    }

    fn units<'a>(
        &'a self,
        app: &'a Beehive,
        _date: NaiveDate,
    ) -> futures::future::BoxFuture<'a, Result<Vec<String>>> {
        Box::pin(async move {
            Ok(orders::Entity::find()
                .filter(orders::Column::Status.is_in(NIGHTLY.map(|s| s.code())))
                .filter(orders::Column::PlanId.is_not_null())
                .filter(orders::Column::DisbursedAt.is_not_null())
                .order_by_asc(orders::Column::Id)
                .all(&app.db)
                .await?
                .into_iter()
                .map(|o| o.id.to_string())
                .collect())
        })
    }

    fn work<'a>(
        &'a self,
        app: &'a Beehive,
        tx: &'a store::sea_orm::DatabaseTransaction,
        date: NaiveDate,
        unit: &'a str,
    ) -> futures::future::BoxFuture<'a, Result<()>> {
        Box::pin(async move {
            let id: i64 = unit
                .parse()
                .map_err(|_| Error::internal(anyhow::anyhow!("repayments unit {unit}")))?;
            app.sync_repayments(tx, id, date).await?;
            Ok(())
        })
    }
}
