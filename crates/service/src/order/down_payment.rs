//! 首付款管理 (downPayments): the down payment (+ fee, deposit and, 期初, the first instalment)
//! received for a signed order. One user records the receipt (amount = what is due, channel,
//! bank serial number — unique —, payer, value date, voucher); another confirms it: journal E1
//! and T16 in one transaction. A wrong record is rejected (its serial number stays used: the
//! bank statement line was looked at).
//!
//! Also here: the refund of money received when an order is cancelled before disbursement
//! (E13; the cancellation waits for it) and the daily job that cancels orders past their signing
//! or down-payment deadline (T17).

use super::transition::{self as order_transition, Event, status_of};
use super::{contracts, yuan};
use crate::audit::{self, Entry};
use crate::ledger::{NewJournal, post_journal};
use crate::principal::{ClientInfo, Principal};
use crate::transition::{self as record_transition, By, Change, Logged};
use crate::{Beehive, Error, Result};
use chrono::NaiveDate;
use domain::ledger::{Counterparty, DownPayment, Event as LedgerEvent, OrderRef};
use domain::money::Fen;
use domain::order::{OrderEvent, OrderStatus};
use domain::permission::codes::{ORDER_INFO_CANCEL, ORDER_INFO_DOWN_PAYMENT};
use domain::status::{ReceiptStatus, Status};
use std::collections::BTreeMap;
use store::entity::{customer_refund, insurance_policy, order_receipt, orders};
use store::sea_orm::sea_query::Expr;
use store::sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, Set,
};

pub const DOWN_PAYMENT: &str = "DOWN_PAYMENT";
pub const CHANNELS: &[(&str, &str)] = &[
    ("BANK_TRANSFER", "银行转账"),
    ("WITHHOLD", "代扣"),
    ("ONLINE_PAY", "线上支付"),
    ("OFFLINE", "线下收款"),
];

/// A receipt as the form records it.
#[derive(Debug, Clone)]
pub struct ReceiptInput {
    pub amount_fen: i64,
    pub channel: String,
    pub serial_no: String,
    pub payer: String,
    pub value_date: NaiveDate,
    /// The bank slip or payment screenshot (image or PDF).
    pub voucher: Option<crate::files::NewFile>,
}

/// A refund as the form records it.
#[derive(Debug, Clone)]
pub struct RefundInput {
    pub channel: String,
    pub serial_no: String,
    pub value_date: NaiveDate,
    pub reason: String,
}

fn receipt_not_found() -> Error {
    Error::NotFound("收款记录不存在".to_owned())
}

/// A bank serial number: 1–64 visible characters without spaces.
fn check_serial(field: &str, serial: &str, fields: &mut BTreeMap<String, String>) {
    let s = serial.trim();
    if s.is_empty() {
        fields.insert(field.to_owned(), "请填写银行流水号".to_owned());
    } else if s.chars().count() > 64 || s.chars().any(|c| c.is_control() || c.is_whitespace()) {
        fields.insert(
            field.to_owned(),
            "银行流水号不超过 64 个字符，且不能含空格".to_owned(),
        );
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

/// The ids the order's journals name.
pub(crate) async fn order_ref(
    conn: &impl ConnectionTrait,
    order: &orders::Model,
) -> Result<OrderRef> {
    let insurer_id = main_insurer(conn, order.id).await?;
    Ok(OrderRef {
        order_id: order.id,
        capital_provider_id: order.capital_provider_id.unwrap_or(0),
        insurer_id,
    })
}

/// The insurer the order's premium is paid to: the insurer of its commercial policy, else of
/// its first policy (docs/orders.md "One payee per order").
pub(crate) async fn main_insurer(conn: &impl ConnectionTrait, order_id: i64) -> Result<i64> {
    let policies = insurance_policy::Entity::find()
        .filter(insurance_policy::Column::OrderId.eq(order_id))
        .order_by_asc(insurance_policy::Column::Id)
        .all(conn)
        .await?;
    policies
        .iter()
        .find(|p| p.kind == "COMMERCIAL")
        .or_else(|| policies.first())
        .map(|p| p.insurer_id)
        .ok_or_else(|| Error::Conflict("订单没有保单".to_owned()))
}

/// What the customer pays at down payment, by part.
pub fn down_payment_of(order: &orders::Model) -> DownPayment {
    DownPayment {
        down: Fen(order.down_payment_fen),
        fee: Fen(order.upfront_fee_fen),
        deposit: Fen(order.deposit_fen),
        first_instalment: Fen(order.first_instalment_fen),
    }
}

/// Money received for the order and not refunded: confirmed receipts − refunds.
pub(crate) async fn money_held(conn: &impl ConnectionTrait, order_id: i64) -> Result<i64> {
    let received: i64 = order_receipt::Entity::find()
        .filter(order_receipt::Column::OrderId.eq(order_id))
        .filter(order_receipt::Column::Status.eq(ReceiptStatus::Confirmed.code()))
        .all(conn)
        .await?
        .iter()
        .map(|r| r.amount_fen)
        .sum();
    let refunded: i64 = customer_refund::Entity::find()
        .filter(customer_refund::Column::OrderId.eq(order_id))
        .all(conn)
        .await?
        .iter()
        .map(|r| r.amount_fen)
        .sum();
    Ok(received - refunded)
}

impl Beehive {
    /// Stores a payment slip (`voucher`: image or PDF) in the caller's transaction.
    pub(crate) async fn store_voucher(
        &self,
        conn: &impl ConnectionTrait,
        by: &By,
        voucher: Option<crate::files::NewFile>,
    ) -> Result<Option<i64>> {
        let Some(file) = voucher else {
            return Ok(None);
        };
        let stored = self
            .store_file(
                conn,
                &by.actor,
                "PAYMENT_VOUCHER",
                "voucher",
                file,
                crate::files::Accept::ImagesAndPdf,
            )
            .await?;
        Ok(Some(stored.id))
    }

    /// 登记收款: records the down payment received for an order awaiting it.
    pub async fn record_down_payment(
        &self,
        me: &Principal,
        client: &ClientInfo,
        order_id: i64,
        input: ReceiptInput,
    ) -> Result<order_receipt::Model> {
        me.require(ORDER_INFO_DOWN_PAYMENT)?;
        let now = self.clock.now();
        let day = self.business_date().await?;
        let by = By::user(me, client);
        let txn = store::begin_write(&self.db).await?;
        let order = orders::Entity::find_by_id(order_id)
            .one(&txn)
            .await?
            .ok_or_else(|| Error::NotFound("订单不存在".to_owned()))?;
        let status = status_of(&order)?;
        if status != OrderStatus::PendingDownPayment {
            return Err(Error::Conflict(format!(
                "当前状态不允许该操作（当前状态：{}）",
                status.label()
            )));
        }
        let mut fields = BTreeMap::new();
        if input.amount_fen != order.due_at_down_payment_fen {
            fields.insert(
                "amountFen".to_owned(),
                format!(
                    "收款金额须等于应收首付合计 {} 元",
                    yuan(order.due_at_down_payment_fen)
                ),
            );
        }
        check_channel(&input.channel, &mut fields);
        check_serial("serialNo", &input.serial_no, &mut fields);
        let payer = input.payer.trim();
        if payer.is_empty() {
            fields.insert("payer".to_owned(), "请填写付款人".to_owned());
        } else if payer.chars().count() > 64 || payer.chars().any(char::is_control) {
            fields.insert("payer".to_owned(), "付款人不超过 64 个字符".to_owned());
        }
        if input.value_date > day {
            fields.insert(
                "valueDate".to_owned(),
                "到账日期不能晚于今天（业务日期）".to_owned(),
            );
        }
        if let Some(message) = fields.values().next().cloned() {
            return Err(Error::Invalid { message, fields });
        }
        let serial = input.serial_no.trim().to_owned();
        if order_receipt::Entity::find()
            .filter(order_receipt::Column::SerialNo.eq(&serial))
            .one(&txn)
            .await?
            .is_some()
        {
            return Err(Error::Conflict(format!("银行流水号 {serial} 已登记")));
        }
        let voucher = self.store_voucher(&txn, &by, input.voucher).await?;
        let row = order_receipt::ActiveModel {
            order_id: Set(order.id),
            purpose: Set(DOWN_PAYMENT.to_owned()),
            amount_fen: Set(input.amount_fen),
            channel: Set(input.channel.clone()),
            serial_no: Set(serial.clone()),
            payer: Set(payer.to_owned()),
            value_date: Set(input.value_date),
            voucher_file_id: Set(voucher),
            status: Set(ReceiptStatus::Recorded.code().to_owned()),
            recorded_by: Set(me.user_id),
            recorded_by_name: Set(me.name.clone()),
            confirmed_by: Set(None),
            confirmed_by_name: Set(String::new()),
            confirmed_at: Set(None),
            journal_id: Set(None),
            reject_reason: Set(String::new()),
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
                &format!("银行流水号 {serial} 已登记，或该订单已有待确认的收款"),
            )
        })?;
        audit::record(
            &txn,
            Entry {
                actor: &by.actor,
                action: "order_receipt.record",
                target_type: "order_receipt",
                target_id: Some(row.id.to_string()),
                success: true,
                detail: serde_json::json!({
                    "orderNo": order.order_no,
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

    /// 确认收款: another user confirms a recorded receipt: journal E1, T16.
    pub async fn confirm_down_payment(
        &self,
        me: &Principal,
        client: &ClientInfo,
        receipt_id: i64,
    ) -> Result<()> {
        me.require(ORDER_INFO_DOWN_PAYMENT)?;
        let now = self.clock.now();
        let day = self.business_date().await?;
        let by = By::user(me, client);
        let txn = store::begin_write(&self.db).await?;
        let receipt = order_receipt::Entity::find_by_id(receipt_id)
            .one(&txn)
            .await?
            .ok_or_else(receipt_not_found)?;
        let order = orders::Entity::find_by_id(receipt.order_id)
            .one(&txn)
            .await?
            .ok_or_else(receipt_not_found)?;
        let from = ReceiptStatus::parse(&receipt.status).ok_or_else(receipt_not_found)?;
        from.check(ReceiptStatus::Confirmed)?;
        let event = Event::to_next(OrderEvent::DownPaymentConfirmed, status_of(&order)?)?;
        if receipt.recorded_by == me.user_id {
            return Err(Error::Forbidden(
                "不能确认自己登记的收款（登记人与确认人须为不同用户）".to_owned(),
            ));
        }
        let paid = down_payment_of(&order);
        if paid.total() != receipt.amount_fen {
            return Err(Error::Conflict(format!(
                "收款金额 {} 元与应收首付合计 {} 元不符，请驳回后重新登记",
                yuan(receipt.amount_fen),
                yuan(paid.total())
            )));
        }
        let reference = order_ref(&txn, &order).await?;
        let journal_id = post_journal(
            &txn,
            now,
            &NewJournal {
                event: LedgerEvent::DownPaymentReceived,
                order_id: Some(order.id),
                business_date: receipt.value_date,
                idempotency_key: format!("receipt:{}", receipt.id),
                counterparty: Counterparty::Customer(Some(order.customer_id)),
                created_by: Some(me.user_id),
                description: format!("首付款 {} 流水号 {}", order.order_no, receipt.serial_no),
                lines: domain::ledger::down_payment_received(&reference, &paid),
            },
        )
        .await?;
        record_transition::apply::<order_receipt::Entity, _, _>(
            &txn,
            &by,
            now,
            Change {
                id: receipt.id,
                from,
                to: ReceiptStatus::Confirmed,
                version: receipt.version,
                event: "confirm",
                reason: "",
            },
            vec![
                (
                    order_receipt::Column::ConfirmedBy,
                    Expr::value(Some(me.user_id)),
                ),
                (
                    order_receipt::Column::ConfirmedByName,
                    Expr::value(me.name.clone()),
                ),
                (order_receipt::Column::ConfirmedAt, Expr::value(Some(now))),
                (
                    order_receipt::Column::JournalId,
                    Expr::value(Some(journal_id)),
                ),
                (order_receipt::Column::UpdatedAt, Expr::value(now)),
                (
                    order_receipt::Column::UpdatedBy,
                    Expr::value(Some(me.user_id)),
                ),
            ],
            Some(Logged {
                action: "order_receipt.confirm",
                detail: serde_json::json!({
                    "orderNo": order.order_no,
                    "amountFen": receipt.amount_fen,
                    "serialNo": receipt.serial_no,
                    "journalId": journal_id,
                }),
            }),
        )
        .await?;
        let event = event
            .maker(Some(receipt.recorded_by))
            .amount(receipt.amount_fen)
            .reference("order_receipt", receipt.id)
            .detail(serde_json::json!({
                "channel": receipt.channel,
                "serialNo": receipt.serial_no,
                "payer": receipt.payer,
                "valueDate": receipt.value_date,
                "journalId": journal_id,
                "downPaymentFen": paid.down.get(),
                "feeFen": paid.fee.get(),
                "depositFen": paid.deposit.get(),
                "firstInstalmentFen": paid.first_instalment.get(),
            }))
            .set(orders::Column::DownPaidAt, Expr::value(Some(now)));
        order_transition::apply(&txn, &by, now, day, &order, event).await?;
        txn.commit().await?;
        Ok(())
    }

    /// 驳回: a recorded receipt was wrong (amount, serial, payer); it is kept, rejected.
    pub async fn reject_down_payment(
        &self,
        me: &Principal,
        client: &ClientInfo,
        receipt_id: i64,
        reason: &str,
    ) -> Result<()> {
        me.require(ORDER_INFO_DOWN_PAYMENT)?;
        let reason = reason.trim();
        if reason.is_empty() {
            return Err(Error::invalid("reason", "请填写驳回原因"));
        }
        let now = self.clock.now();
        let by = By::user(me, client);
        let txn = store::begin_write(&self.db).await?;
        let receipt = order_receipt::Entity::find_by_id(receipt_id)
            .one(&txn)
            .await?
            .ok_or_else(receipt_not_found)?;
        let from = ReceiptStatus::parse(&receipt.status).ok_or_else(receipt_not_found)?;
        let reason: String = reason.chars().take(500).collect();
        record_transition::apply::<order_receipt::Entity, _, _>(
            &txn,
            &by,
            now,
            Change {
                id: receipt.id,
                from,
                to: ReceiptStatus::Rejected,
                version: receipt.version,
                event: "reject",
                reason: &reason,
            },
            vec![
                (
                    order_receipt::Column::RejectReason,
                    Expr::value(reason.clone()),
                ),
                (order_receipt::Column::UpdatedAt, Expr::value(now)),
                (
                    order_receipt::Column::UpdatedBy,
                    Expr::value(Some(me.user_id)),
                ),
            ],
            Some(Logged {
                action: "order_receipt.reject",
                detail: serde_json::json!({ "serialNo": receipt.serial_no, "reason": reason }),
            }),
        )
        .await?;
        txn.commit().await?;
        Ok(())
    }

    /// A receipt's voucher (bank slip).
    pub async fn receipt_voucher(
        &self,
        me: &Principal,
        receipt_id: i64,
    ) -> Result<crate::files::FileContent> {
        me.require(domain::permission::codes::ORDER_INFO_TABLE)?;
        let receipt = order_receipt::Entity::find_by_id(receipt_id)
            .one(&self.db)
            .await?
            .ok_or_else(receipt_not_found)?;
        let file = receipt
            .voucher_file_id
            .ok_or_else(|| Error::NotFound("该收款没有上传凭证".to_owned()))?;
        self.open_file(file).await
    }

    /// The receipts and refunds of an order.
    pub async fn receipts_of(
        &self,
        order_id: i64,
    ) -> Result<(Vec<order_receipt::Model>, Vec<customer_refund::Model>)> {
        let receipts = order_receipt::Entity::find()
            .filter(order_receipt::Column::OrderId.eq(order_id))
            .order_by_desc(order_receipt::Column::Id)
            .all(&self.db)
            .await?;
        let refunds = customer_refund::Entity::find()
            .filter(customer_refund::Column::OrderId.eq(order_id))
            .order_by_desc(customer_refund::Column::Id)
            .all(&self.db)
            .await?;
        Ok((receipts, refunds))
    }

    /// 登记退款: pays back everything received for an order that is to be cancelled before
    /// disbursement (E13). The order must still be cancellable.
    pub async fn refund_received(
        &self,
        me: &Principal,
        client: &ClientInfo,
        order_id: i64,
        input: RefundInput,
    ) -> Result<customer_refund::Model> {
        me.require(ORDER_INFO_CANCEL)?;
        let now = self.clock.now();
        let day = self.business_date().await?;
        let by = By::user(me, client);
        let txn = store::begin_write(&self.db).await?;
        let order = orders::Entity::find_by_id(order_id)
            .one(&txn)
            .await?
            .ok_or_else(|| Error::NotFound("订单不存在".to_owned()))?;
        let status = status_of(&order)?;
        OrderEvent::Cancel
            .target(status)
            .map_err(|e| Error::Conflict(e.to_string()))?;
        let mut fields = BTreeMap::new();
        check_channel(&input.channel, &mut fields);
        check_serial("serialNo", &input.serial_no, &mut fields);
        let reason = input.reason.trim();
        if reason.is_empty() {
            fields.insert("reason".to_owned(), "请填写退款原因".to_owned());
        }
        if input.value_date > day {
            fields.insert(
                "valueDate".to_owned(),
                "退款日期不能晚于今天（业务日期）".to_owned(),
            );
        }
        if let Some(message) = fields.values().next().cloned() {
            return Err(Error::Invalid { message, fields });
        }
        let held = money_held(&txn, order.id).await?;
        if held <= 0 {
            return Err(Error::Conflict("该订单没有待退还的款项".to_owned()));
        }
        let receipt = order_receipt::Entity::find()
            .filter(order_receipt::Column::OrderId.eq(order.id))
            .filter(order_receipt::Column::Status.eq(ReceiptStatus::Confirmed.code()))
            .one(&txn)
            .await?
            .ok_or_else(|| Error::Conflict("该订单没有已确认的收款".to_owned()))?;
        let collected = down_payment_of(&order);
        if collected.total() != held {
            return Err(Error::internal(anyhow::anyhow!(
                "order {} holds {held} but its down payment is {}",
                order.id,
                collected.total()
            )));
        }
        let reference = order_ref(&txn, &order).await?;
        let serial = input.serial_no.trim().to_owned();
        let journal_id = post_journal(
            &txn,
            now,
            &NewJournal {
                event: LedgerEvent::CancellationRefund,
                order_id: Some(order.id),
                business_date: input.value_date,
                idempotency_key: format!("refund:{}:{}", order.id, receipt.id),
                counterparty: Counterparty::Customer(Some(order.customer_id)),
                created_by: Some(me.user_id),
                description: format!("取消退款 {} 流水号 {serial}", order.order_no),
                lines: domain::ledger::cancellation_refund(&reference, &collected),
            },
        )
        .await?;
        let row = customer_refund::ActiveModel {
            order_id: Set(order.id),
            amount_fen: Set(held),
            channel: Set(input.channel.clone()),
            serial_no: Set(serial.clone()),
            value_date: Set(input.value_date),
            reason: Set(reason.chars().take(500).collect()),
            journal_id: Set(journal_id),
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
        .map_err(|e| crate::error::conflict_on_unique(e, &format!("银行流水号 {serial} 已登记")))?;
        audit::record(
            &txn,
            Entry {
                actor: &by.actor,
                action: "order.refund",
                target_type: "orders",
                target_id: Some(order.id.to_string()),
                success: true,
                detail: serde_json::json!({
                    "orderNo": order.order_no,
                    "amountFen": held,
                    "serialNo": serial,
                    "journalId": journal_id,
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

    /// T17 for one order in the daily job's transaction: past its signing or down-payment
    /// deadline and nothing received or being confirmed → cancelled, credit released, contracts
    /// voided. Answers whether it cancelled.
    pub(crate) async fn time_out_order(
        &self,
        conn: &impl ConnectionTrait,
        id: i64,
        date: NaiveDate,
    ) -> Result<bool> {
        let now = self.clock.now();
        let Some(order) = orders::Entity::find_by_id(id).one(conn).await? else {
            return Ok(false);
        };
        let status = status_of(&order)?;
        let (deadline, missing) = match status {
            OrderStatus::PendingSign => (order.sign_deadline, "合同未在签约期限内签署完成"),
            OrderStatus::PendingDownPayment => {
                (order.down_payment_deadline, "首付款未在期限内付清")
            }
            _ => return Ok(false),
        };
        let Some(deadline) = deadline else {
            return Ok(false);
        };
        if date <= deadline {
            return Ok(false);
        }
        let in_flight = order_receipt::Entity::find()
            .filter(order_receipt::Column::OrderId.eq(order.id))
            .filter(order_receipt::Column::Status.is_in([
                ReceiptStatus::Recorded.code(),
                ReceiptStatus::Confirmed.code(),
            ]))
            .one(conn)
            .await?;
        if in_flight.is_some() {
            return Ok(false);
        }
        let by = By::system("deadlines");
        let released =
            super::allocation::release_live(conn, &order, "CANCELLED", missing, now).await?;
        contracts::void_live(conn, &by, now, order.id, None, "订单超时取消").await?;
        let mut event = Event::to_next(OrderEvent::Timeout, status)?
            .comment(missing)
            .detail(serde_json::json!({ "deadline": deadline, "missing": missing }))
            .set(orders::Column::CancelReason, Expr::value(missing))
            .set(orders::Column::CancelledAt, Expr::value(Some(now)));
        if let Some((allocation_id, _)) = released {
            event = event.reference("allocation", allocation_id);
        }
        order_transition::apply(conn, &by, now, date, &order, event).await?;
        Ok(true)
    }
}

/// The daily job `deadlines`: cancels the orders past their signing or down-payment deadline
/// (T17).
pub struct DeadlineJob;

impl crate::jobs::DailyJob for DeadlineJob {
    fn name(&self) -> &str {
        "deadlines"
    }

    fn about(&self) -> &str {
        "cancels orders not signed or not paid by their deadline (T17) and releases their credit"
    }

    fn units<'a>(
        &'a self,
        app: &'a Beehive,
        date: NaiveDate,
    ) -> futures::future::BoxFuture<'a, Result<Vec<String>>> {
        Box::pin(async move {
            use store::sea_orm::Condition;
            Ok(orders::Entity::find()
                .filter(
                    Condition::any()
                        .add(
                            Condition::all()
                                .add(orders::Column::Status.eq(OrderStatus::PendingSign.code()))
                                .add(orders::Column::SignDeadline.lt(date)),
                        )
                        .add(
                            Condition::all()
                                .add(
                                    orders::Column::Status
                                        .eq(OrderStatus::PendingDownPayment.code()),
                                )
                                .add(orders::Column::DownPaymentDeadline.lt(date)),
                        ),
                )
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
                .map_err(|_| Error::internal(anyhow::anyhow!("deadline unit {unit}")))?;
            app.time_out_order(tx, id, date).await?;
            Ok(())
        })
    }
}

/// A receipt row, as the API shows it.
pub type Receipt = order_receipt::Model;
/// A refund row, as the API shows it.
pub type Refund = customer_refund::Model;
