//! Platform advances (代偿, docs/advances.md): when an instalment has been overdue for the capital
//! provider's advance days, the platform pays the provider that instalment's unpaid principal and
//! interest (journal E6) and takes over the claim on the customer (逾期挂账). The advance is an
//! immutable money fact of the order (`order_money_fact`, kind ADVANCE): the replay marks the
//! instalment advanced from that day, what the customer pays on it afterwards recovers the advance
//! (E7, folded into the repayment's journal) and interest waived on it gives the claim up (E8).
//!
//! Advances are made by [`advance_due`], called from every sync of an order (the nightly run and
//! the inline catch-up before a money command). The advance's date and amount do not depend on
//! when the sync runs: the date is the due date plus the advance days, the amount what was unpaid
//! at the end of that day as the facts stand, so a catch-up over many days advances exactly what
//! a day-by-day run would have. The journal's idempotency key (`advance:{order}:{instalment}`)
//! makes a second advance of one instalment impossible, also under concurrent syncs.

use super::yuan;
use super::{TermsSnapshot, money_error};
use crate::audit::{self, Entry};
use crate::ledger::{NewJournal, post_journal};
use crate::paging::{self, Page, PageRequest};
use crate::principal::Actor;
use crate::principal::Principal;
use crate::{Error, Result};
use chrono::{DateTime, Days, NaiveDate, Utc};
use domain::ledger::{Counterparty, Event as LedgerEvent, OrderRef};
use domain::money::Plan;
use domain::money::delinquency::default_buckets;
use domain::money::replay::{MoneyFact, ReplayResult, replay};
use domain::permission::codes::ORDER_PLAN_OVERDUE_TABLE;
use std::collections::HashMap;
use store::entity::{
    capital_provider, customer, order_money_fact, order_plan_item, orders, vehicle,
};
use store::sea_orm::sea_query::{Expr, ExprTrait, Query};
use store::sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, Order as QueryOrderBy,
    QueryFilter, Set,
};

/// The guarantee mode under which the platform advances overdue instalments.
pub(crate) const GUARANTEE_ADVANCE: &str = "PLATFORM_ADVANCE_AFTER_N_DAYS";

/// The money-fact kind of an advance.
pub(crate) const ADVANCE: &str = "ADVANCE";

/// The business date on which an instalment due on `due` is advanced after `days` days overdue.
pub(crate) fn advance_day(due: NaiveDate, days: u32) -> Option<NaiveDate> {
    due.checked_add_days(Days::new(u64::from(days)))
}

/// Advances every instalment of `order` whose advance day has come by `date` and that still had
/// principal or interest unpaid at the end of that day. Answers whether it advanced anything (the
/// caller then replays again with the new facts).
#[allow(clippy::too_many_arguments)]
pub(crate) async fn advance_due<C: ConnectionTrait>(
    conn: &C,
    now: DateTime<Utc>,
    order: &orders::Model,
    reference: &OrderRef,
    (snapshot, plan): (&TermsSnapshot, &Plan),
    facts: &[MoneyFact],
    result: &ReplayResult,
    date: NaiveDate,
) -> Result<bool> {
    let Some(cp) = order.capital_provider_id else {
        return Ok(false);
    };
    let Some(provider) = capital_provider::Entity::find_by_id(cp).one(conn).await? else {
        return Ok(false);
    };
    // Only a provider whose guarantee is the platform's advance after N days is advanced to
    // (NONE: the provider bears its losses; BUYBACK: the platform repurchases whole orders).
    if provider.guarantee_mode != GUARANTEE_ADVANCE {
        return Ok(false);
    }
    let Ok(days) = u32::try_from(provider.advance_after_days) else {
        return Ok(false);
    };
    if days == 0 {
        return Ok(false);
    }
    let mut advanced = false;
    for item in &result.items {
        if item.advanced_fen.is_positive() {
            continue;
        }
        let Some(day) = advance_day(item.due_date, days) else {
            continue;
        };
        if day > date {
            continue;
        }
        // Paid off by its advance day and untouched since: nothing to advance, no replay needed
        // (the nightly run would otherwise replay every paid instalment again each night).
        if item.settled_on.is_some_and(|settled| settled <= day) {
            continue;
        }
        // The instalment as it stood at the end of its advance day.
        let known: Vec<MoneyFact> = facts
            .iter()
            .filter(|f| f.value_date <= day)
            .cloned()
            .collect();
        let then =
            replay(&snapshot.terms, plan, &known, day, &default_buckets()).map_err(money_error)?;
        let Some(at) = then.items.iter().find(|it| it.seq == item.seq) else {
            continue;
        };
        let principal = at.principal.outstanding_fen;
        let interest = at.interest.outstanding_fen;
        let amount = principal.plus(interest).map_err(money_error)?;
        if !amount.is_positive() {
            continue;
        }
        let seq = i32::try_from(item.seq).unwrap_or(i32::MAX);
        let journal_id = post_journal(
            conn,
            now,
            &NewJournal {
                event: LedgerEvent::Advance,
                order_id: Some(order.id),
                business_date: day,
                idempotency_key: format!("advance:{}:{}", order.id, item.seq),
                counterparty: Counterparty::CapitalProvider(cp),
                created_by: None,
                description: format!(
                    "平台代偿 {} 第 {} 期（逾期 {} 天）：本金 {} 元，利息 {} 元",
                    order.order_no,
                    item.seq,
                    days,
                    yuan(principal.get()),
                    yuan(interest.get())
                ),
                lines: domain::ledger::advance(reference, principal, interest),
            },
        )
        .await?;
        for (component, part) in [("PRINCIPAL", principal), ("INTEREST", interest)] {
            if !part.is_positive() {
                continue;
            }
            order_money_fact::ActiveModel {
                order_id: Set(order.id),
                kind: Set(ADVANCE.to_owned()),
                item_seq: Set(Some(seq)),
                component: Set(Some(component.to_owned())),
                amount_fen: Set(Some(part.get())),
                value_date: Set(day),
                ref_type: Set("journal".to_owned()),
                ref_id: Set(journal_id),
                created_at: Set(now),
                created_by: Set(None),
                ..Default::default()
            }
            .insert(conn)
            .await?;
        }
        audit::record(
            conn,
            Entry {
                actor: &Actor::System("repayments"),
                action: "order.advance",
                target_type: "orders",
                target_id: Some(order.id.to_string()),
                success: true,
                detail: serde_json::json!({
                    "orderNo": order.order_no,
                    "itemSeq": item.seq,
                    "advancedOn": day,
                    "principalFen": principal.get(),
                    "interestFen": interest.get(),
                    "capitalProviderId": cp,
                }),
                ip: None,
                request_id: None,
            },
            now,
        )
        .await?;
        advanced = true;
    }
    Ok(advanced)
}

/// 逾期挂账: an advanced instalment the platform still claims (or, with `all`, any advanced one).
#[derive(Debug, Clone)]
pub struct AdvanceRow {
    pub order_id: i64,
    pub order_no: String,
    pub customer_name: String,
    pub plate_no: String,
    pub capital_provider_id: Option<i64>,
    pub capital_provider_name: String,
    pub item_seq: i32,
    pub due_date: NaiveDate,
    pub advanced_on: Option<NaiveDate>,
    pub advanced_fen: i64,
    pub recovered_fen: i64,
    pub waived_fen: i64,
    /// The claim written off by a recovery application (追偿核销).
    pub written_off_fen: i64,
    pub claim_fen: i64,
    pub days_past_due: i32,
    /// The instalment's status (OVERDUE while unpaid, PAID once recovered).
    pub item_status: String,
}

/// The 逾期挂账 list's filters.
#[derive(Debug, Clone, Default)]
pub struct AdvanceFilter {
    pub order_no: Option<String>,
    pub customer_name: Option<String>,
    pub capital_provider_id: Option<i64>,
    /// The advance date from … to (inclusive).
    pub advanced_from: Option<NaiveDate>,
    pub advanced_to: Option<NaiveDate>,
    /// Also the instalments fully recovered or waived.
    pub all: bool,
}

const SORTS: &[(&str, order_plan_item::Column)] = &[
    ("advancedOn", order_plan_item::Column::AdvancedOn),
    ("advancedFen", order_plan_item::Column::AdvancedFen),
    ("overdueDays", order_plan_item::Column::OverdueDays),
    ("dueDate", order_plan_item::Column::DueDate),
];

impl crate::Beehive {
    /// 逾期挂账 (`admin:order_plan_overdue:table`): the advanced instalments, newest advance first.
    pub async fn advance_page(
        &self,
        me: &Principal,
        request: &PageRequest,
        filter: &AdvanceFilter,
    ) -> Result<Page<AdvanceRow>> {
        me.require(ORDER_PLAN_OVERDUE_TABLE)?;
        let paging = request.check(
            SORTS,
            (order_plan_item::Column::AdvancedOn, QueryOrderBy::Desc),
        )?;
        let query = paging.order(advance_query(filter)?, order_plan_item::Column::Id);
        let (items, total) = paging.fetch(&self.db, query).await?;
        let records = advance_rows(&self.db, items).await?;
        Ok(paging.page_of(records, total))
    }

    /// 导出 of 逾期挂账 as filtered and sorted on the screen (the list's own permission: the
    /// catalogue has no export button for it).
    pub async fn export_advances(
        &self,
        me: &Principal,
        client: &crate::principal::ClientInfo,
        request: &PageRequest,
        filter: &AdvanceFilter,
    ) -> Result<crate::export::Exported> {
        me.require(ORDER_PLAN_OVERDUE_TABLE)?;
        let paging = request.check(
            SORTS,
            (order_plan_item::Column::AdvancedOn, QueryOrderBy::Desc),
        )?;
        let query = paging.order(advance_query(filter)?, order_plan_item::Column::Id);
        let txn = self.export_snapshot().await?;
        let mut sink = crate::export::ExportSink::start();
        let mut batches = store::sea_orm::PaginatorTrait::paginate(query, &txn, 500);
        while let Some(items) = batches.fetch_and_next().await? {
            let rows = advance_rows(&txn, items).await?;
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
            "逾期挂账列表",
            &exported,
            self.clock.now(),
        )
        .await?;
        Ok(exported)
    }
}

/// The advanced instalments `filter` selects (unsorted).
fn advance_query(
    filter: &AdvanceFilter,
) -> Result<store::sea_orm::Select<order_plan_item::Entity>> {
    let mut orders_q = Query::select()
        .column(orders::Column::PlanId)
        .from(orders::Entity)
        .and_where(orders::Column::PlanId.is_not_null())
        .to_owned();
    if let Some(v) = paging::text("orderNo", filter.order_no.as_deref())? {
        orders_q.and_where(paging::contains(orders::Column::OrderNo, v));
    }
    if let Some(id) = filter.capital_provider_id {
        orders_q.and_where(orders::Column::CapitalProviderId.eq(id));
    }
    if let Some(v) = paging::text("customerName", filter.customer_name.as_deref())? {
        orders_q.and_where(
            orders::Column::CustomerId.in_subquery(
                Query::select()
                    .column(customer::Column::Id)
                    .from(customer::Entity)
                    .and_where(paging::contains(customer::Column::Name, v))
                    .to_owned(),
            ),
        );
    }
    if let (Some(from), Some(to)) = (filter.advanced_from, filter.advanced_to)
        && from > to
    {
        return Err(Error::invalid("advancedOn", "开始日期不能晚于结束日期"));
    }
    let mut query = order_plan_item::Entity::find()
        .filter(order_plan_item::Column::AdvancedFen.gt(0))
        .filter(order_plan_item::Column::PlanId.in_subquery(orders_q));
    if !filter.all {
        query = query.filter(
            Expr::col(order_plan_item::Column::AdvancedFen)
                .sub(Expr::col(order_plan_item::Column::RecoveredFen))
                .sub(Expr::col(order_plan_item::Column::AdvanceWaivedFen))
                .sub(Expr::col(order_plan_item::Column::AdvanceWrittenOffFen))
                .gt(0),
        );
    }
    if let Some(from) = filter.advanced_from {
        query = query.filter(order_plan_item::Column::AdvancedOn.gte(from));
    }
    if let Some(to) = filter.advanced_to {
        query = query.filter(order_plan_item::Column::AdvancedOn.lte(to));
    }
    Ok(query)
}

/// The rows of `items`, with their orders' names looked up together.
async fn advance_rows<C: ConnectionTrait>(
    conn: &C,
    items: Vec<order_plan_item::Model>,
) -> Result<Vec<AdvanceRow>> {
    let plan_ids: Vec<i64> = items.iter().map(|it| it.plan_id).collect();
    let order_rows: HashMap<i64, orders::Model> = orders::Entity::find()
        .filter(orders::Column::PlanId.is_in(plan_ids))
        .all(conn)
        .await?
        .into_iter()
        .filter_map(|o| o.plan_id.map(|p| (p, o)))
        .collect();
    let names = |v: Vec<(i64, String)>| v.into_iter().collect::<HashMap<i64, String>>();
    let customers = names(
        customer::Entity::find()
            .filter(customer::Column::Id.is_in(order_rows.values().map(|o| o.customer_id)))
            .all(conn)
            .await?
            .into_iter()
            .map(|c| (c.id, c.name))
            .collect(),
    );
    let plates = names(
        vehicle::Entity::find()
            .filter(vehicle::Column::Id.is_in(order_rows.values().map(|o| o.vehicle_id)))
            .all(conn)
            .await?
            .into_iter()
            .map(|v| (v.id, v.plate_no))
            .collect(),
    );
    let providers = names(
        capital_provider::Entity::find()
            .filter(
                capital_provider::Column::Id
                    .is_in(order_rows.values().filter_map(|o| o.capital_provider_id)),
            )
            .all(conn)
            .await?
            .into_iter()
            .map(|p| (p.id, p.name))
            .collect(),
    );
    let records = items
        .into_iter()
        .filter_map(|it| {
            let o = order_rows.get(&it.plan_id)?;
            Some(AdvanceRow {
                order_id: o.id,
                order_no: o.order_no.clone(),
                customer_name: customers.get(&o.customer_id).cloned().unwrap_or_default(),
                plate_no: plates.get(&o.vehicle_id).cloned().unwrap_or_default(),
                capital_provider_id: o.capital_provider_id,
                capital_provider_name: o
                    .capital_provider_id
                    .and_then(|id| providers.get(&id).cloned())
                    .unwrap_or_default(),
                item_seq: it.seq,
                due_date: it.due_date,
                advanced_on: it.advanced_on,
                advanced_fen: it.advanced_fen,
                recovered_fen: it.recovered_fen,
                waived_fen: it.advance_waived_fen,
                written_off_fen: it.advance_written_off_fen,
                claim_fen: Ord::max(
                    it.advanced_fen
                        - it.recovered_fen
                        - it.advance_waived_fen
                        - it.advance_written_off_fen,
                    0,
                ),
                days_past_due: it.overdue_days,
                item_status: it.status,
            })
        })
        .collect();
    Ok(records)
}

impl crate::export::Exportable for AdvanceRow {
    const SHEET: &'static str = "逾期挂账列表";
    fn columns() -> Vec<crate::export::ExportColumn<Self>> {
        use crate::export::{Cell, ExportColumn};
        vec![
            ExportColumn {
                header: "订单编号",
                width: 20.0,
                value: |r| Cell::from(r.order_no.as_str()),
            },
            ExportColumn {
                header: "客户名称",
                width: 16.0,
                value: |r| Cell::from(r.customer_name.as_str()),
            },
            ExportColumn {
                header: "车牌号",
                width: 12.0,
                value: |r| Cell::from(r.plate_no.as_str()),
            },
            ExportColumn {
                header: "资金方",
                width: 18.0,
                value: |r| Cell::from(r.capital_provider_name.as_str()),
            },
            ExportColumn {
                header: "期次",
                width: 8.0,
                value: |r| Cell::from(i64::from(r.item_seq)),
            },
            ExportColumn {
                header: "应还日",
                width: 12.0,
                value: |r| Cell::from(r.due_date.to_string()),
            },
            ExportColumn {
                header: "代偿日",
                width: 12.0,
                value: |r| Cell::from(r.advanced_on.map(|d| d.to_string())),
            },
            ExportColumn {
                header: "代偿金额（元）",
                width: 14.0,
                value: |r| Cell::from(yuan(r.advanced_fen)),
            },
            ExportColumn {
                header: "已追回（元）",
                width: 14.0,
                value: |r| Cell::from(yuan(r.recovered_fen)),
            },
            ExportColumn {
                header: "已减免（元）",
                width: 14.0,
                value: |r| Cell::from(yuan(r.waived_fen)),
            },
            ExportColumn {
                header: "已核销（元）",
                width: 14.0,
                value: |r| Cell::from(yuan(r.written_off_fen)),
            },
            ExportColumn {
                header: "挂账余额（元）",
                width: 14.0,
                value: |r| Cell::from(yuan(r.claim_fen)),
            },
            ExportColumn {
                header: "逾期天数",
                width: 10.0,
                value: |r| Cell::from(i64::from(r.days_past_due)),
            },
        ]
    }
}
