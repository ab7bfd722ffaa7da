//! 逾期管理 (overdueManagement, docs/overdue.md): the OVERDUE orders (the list is
//! [`super::Stage::Overdue`], filtered by bucket and days past due) and their collection notes —
//! who contacted the customer, how, what was said or promised. Notes are only ever added; reading
//! and adding both need `admin:order_plan:table` (the collection staff's own permission).

use super::repayment::REPAYABLE;
use super::transition::status_of;
use crate::audit::{self, Entry};
use crate::principal::{ClientInfo, Principal};
use crate::transition::By;
use crate::{Beehive, Error, Result};
use chrono::NaiveDate;
use domain::permission::codes::ORDER_PLAN_TABLE;
use domain::status::Status;
use std::collections::BTreeMap;
use store::entity::{collection_note, orders};
use store::sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, Set};

/// How the customer was contacted.
pub const METHODS: &[(&str, &str)] = &[
    ("PHONE", "电话"),
    ("SMS", "短信"),
    ("VISIT", "上门"),
    ("LETTER", "信函"),
    ("OTHER", "其他"),
];

/// The latest a promise to pay may be.
pub const MAX_PROMISE_DAYS: u64 = 90;

/// A collection note as stored.
pub type Note = collection_note::Model;

/// A note to add.
#[derive(Debug, Clone)]
pub struct NoteInput {
    pub method: String,
    pub contact: String,
    pub result: String,
    pub promised_date: Option<NaiveDate>,
    pub promised_fen: Option<i64>,
}

impl Beehive {
    /// The order's collection notes, newest first.
    pub async fn collection_notes(
        &self,
        me: &Principal,
        order_id: i64,
    ) -> Result<Vec<collection_note::Model>> {
        me.require(ORDER_PLAN_TABLE)?;
        orders::Entity::find_by_id(order_id)
            .one(&self.db)
            .await?
            .ok_or_else(|| Error::NotFound("订单不存在".to_owned()))?;
        Ok(collection_note::Entity::find()
            .filter(collection_note::Column::OrderId.eq(order_id))
            .order_by_desc(collection_note::Column::CreatedAt)
            .order_by_desc(collection_note::Column::Id)
            .all(&self.db)
            .await?)
    }

    /// 添加催收记录 on a disbursed order that is still owed.
    pub async fn add_collection_note(
        &self,
        me: &Principal,
        client: &ClientInfo,
        order_id: i64,
        input: NoteInput,
    ) -> Result<collection_note::Model> {
        me.require(ORDER_PLAN_TABLE)?;
        let now = self.clock.now();
        let today = self.business_date().await?;
        let by = By::user(me, client);
        let order = orders::Entity::find_by_id(order_id)
            .one(&self.db)
            .await?
            .ok_or_else(|| Error::NotFound("订单不存在".to_owned()))?;
        let status = status_of(&order)?;
        if !REPAYABLE.contains(&status)
            || status == domain::order::OrderStatus::Settled
            || order.disbursed_at.is_none()
        {
            return Err(Error::Conflict(format!(
                "当前状态不能添加催收记录（当前状态：{}）",
                status.label()
            )));
        }
        let mut fields = BTreeMap::new();
        if !METHODS.iter().any(|(c, _)| *c == input.method) {
            fields.insert(
                "method".to_owned(),
                "联系方式须为电话、短信、上门、信函或其他".to_owned(),
            );
        }
        let contact = input.contact.trim();
        if contact.is_empty() {
            fields.insert("contact".to_owned(), "请填写联系对象".to_owned());
        } else if contact.chars().count() > 64 {
            fields.insert("contact".to_owned(), "联系对象不超过 64 个字符".to_owned());
        }
        let result = input.result.trim();
        if result.is_empty() {
            fields.insert("result".to_owned(), "请填写催收结果".to_owned());
        } else if result.chars().count() > 500 {
            fields.insert("result".to_owned(), "催收结果不超过 500 个字符".to_owned());
        }
        match input.promised_date {
            Some(d) if d < today => {
                fields.insert(
                    "promisedDate".to_owned(),
                    "承诺还款日不能早于今天（业务日期）".to_owned(),
                );
            }
            Some(d) if d > today + chrono::Days::new(MAX_PROMISE_DAYS) => {
                fields.insert(
                    "promisedDate".to_owned(),
                    format!("承诺还款日最多在 {MAX_PROMISE_DAYS} 天之后"),
                );
            }
            _ => {}
        }
        match input.promised_fen {
            Some(f) if f <= 0 || f > order.outstanding_fen.max(0) => {
                fields.insert(
                    "promisedFen".to_owned(),
                    format!(
                        "承诺还款金额须大于 0 且不超过未还金额 {} 元",
                        super::yuan(order.outstanding_fen)
                    ),
                );
            }
            Some(_) if input.promised_date.is_none() => {
                fields.insert(
                    "promisedDate".to_owned(),
                    "填写了承诺金额，请同时选择承诺还款日".to_owned(),
                );
            }
            _ => {}
        }
        if let Some(message) = fields.values().next().cloned() {
            return Err(Error::Invalid { message, fields });
        }
        let txn = store::begin_write(&self.db).await?;
        let note = collection_note::ActiveModel {
            order_id: Set(order.id),
            method: Set(input.method.clone()),
            contact: Set(contact.to_owned()),
            result: Set(result.to_owned()),
            promised_date: Set(input.promised_date),
            promised_fen: Set(input.promised_fen),
            created_at: Set(now),
            created_by: Set(Some(me.user_id)),
            created_by_name: Set(me.name.clone()),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
        audit::record(
            &txn,
            Entry {
                actor: &by.actor,
                action: "collection_note.create",
                target_type: "orders",
                target_id: Some(order.id.to_string()),
                success: true,
                detail: serde_json::json!({
                    "orderNo": order.order_no,
                    "method": input.method,
                    "promisedDate": input.promised_date,
                    "promisedFen": input.promised_fen,
                }),
                ip: by.ip.clone(),
                request_id: by.request_id.clone(),
            },
            now,
        )
        .await?;
        txn.commit().await?;
        Ok(note)
    }
}
