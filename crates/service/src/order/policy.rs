//! 电子保单 (electronicInsurance): the insurer's e-policy for each policy of a disbursed order —
//! a PDF (checked by content, hashed), the policy number (unique per insurer) and the cover
//! dates. When every policy is issued the order passes T20: REPAYING, or OVERDUE when an
//! instalment is already past its due date and grace days.

use super::transition::{self as order_transition, Event, status_of};
use crate::audit::{self, Entry};
use crate::files::{Accept, NewFile};
use crate::principal::{ClientInfo, Principal};
use crate::transition::By;
use crate::{Beehive, Error, Result};
use chrono::NaiveDate;
use domain::order::{OrderEvent, OrderStatus};
use domain::permission::codes::ORDER_INFO_POLICY;
use domain::status::Status;
use std::collections::BTreeMap;
use store::entity::{insurance_policy, orders};
use store::sea_orm::sea_query::Expr;
use store::sea_orm::{ColumnTrait, EntityTrait, QueryFilter};

pub const ISSUED: &str = "ISSUED";

/// What the upload form sends besides the file.
#[derive(Debug, Clone)]
pub struct PolicyIssue {
    pub policy_no: String,
    pub start_date: Option<NaiveDate>,
    pub end_date: Option<NaiveDate>,
}

impl Beehive {
    /// A policy's e-policy PDF.
    pub async fn policy_file(
        &self,
        me: &Principal,
        policy_id: i64,
    ) -> Result<crate::files::FileContent> {
        me.require(domain::permission::codes::ORDER_INFO_TABLE)?;
        let policy = insurance_policy::Entity::find_by_id(policy_id)
            .one(&self.db)
            .await?
            .ok_or_else(|| Error::NotFound("保单不存在".to_owned()))?;
        let file = policy
            .e_policy_file_id
            .ok_or_else(|| Error::NotFound("该保单尚未上传电子保单".to_owned()))?;
        self.open_file(file).await
    }

    /// Uploads a policy's e-policy; the last one issues the order (T20).
    pub async fn upload_policy(
        &self,
        me: &Principal,
        client: &ClientInfo,
        policy_id: i64,
        issue: PolicyIssue,
        file: NewFile,
    ) -> Result<()> {
        me.require(ORDER_INFO_POLICY)?;
        let now = self.clock.now();
        let day = self.business_date().await?;
        let by = By::user(me, client);
        let mut fields = BTreeMap::new();
        let policy_no = issue.policy_no.trim().to_owned();
        if policy_no.is_empty() {
            fields.insert("policyNo".to_owned(), "请填写保单号".to_owned());
        } else if policy_no.chars().count() > 64
            || policy_no
                .chars()
                .any(|c| c.is_control() || c.is_whitespace())
        {
            fields.insert(
                "policyNo".to_owned(),
                "保单号不超过 64 个字符，且不能含空格".to_owned(),
            );
        }
        match (issue.start_date, issue.end_date) {
            (None, _) => {
                fields.insert("startDate".to_owned(), "请选择保险起期".to_owned());
            }
            (_, None) => {
                fields.insert("endDate".to_owned(), "请选择保险止期".to_owned());
            }
            (Some(s), Some(e)) if e <= s => {
                fields.insert("endDate".to_owned(), "保险止期须晚于起期".to_owned());
            }
            _ => {}
        }
        if crate::files::sniff(&file.bytes) != Some("application/pdf") {
            fields.insert("file".to_owned(), "电子保单须为 PDF 文件".to_owned());
        }
        if let Some(message) = fields.values().next().cloned() {
            return Err(Error::Invalid { message, fields });
        }
        let txn = store::begin_write(&self.db).await?;
        let policy = insurance_policy::Entity::find_by_id(policy_id)
            .one(&txn)
            .await?
            .ok_or_else(|| Error::NotFound("保单不存在".to_owned()))?;
        let order = orders::Entity::find_by_id(policy.order_id)
            .one(&txn)
            .await?
            .ok_or_else(|| Error::NotFound("订单不存在".to_owned()))?;
        let status = status_of(&order)?;
        if status != OrderStatus::PendingPolicy {
            return Err(Error::Conflict(format!(
                "当前状态不允许该操作（当前状态：{}）",
                status.label()
            )));
        }
        if policy.status == ISSUED {
            return Err(Error::Conflict("该保单已上传电子保单".to_owned()));
        }
        let taken = insurance_policy::Entity::find()
            .filter(insurance_policy::Column::InsurerId.eq(policy.insurer_id))
            .filter(insurance_policy::Column::PolicyNo.eq(&policy_no))
            .one(&txn)
            .await?;
        if taken.is_some() {
            return Err(Error::invalid(
                "policyNo",
                format!("保单号 {policy_no} 已登记在该保险公司的其他保单上"),
            ));
        }
        let stored = self
            .store_file(
                &txn,
                &by.actor,
                "E_POLICY",
                "file",
                file,
                Accept::ImagesAndPdf,
            )
            .await?;
        let changed = insurance_policy::Entity::update_many()
            .col_expr(
                insurance_policy::Column::PolicyNo,
                Expr::value(policy_no.clone()),
            )
            .col_expr(
                insurance_policy::Column::StartDate,
                Expr::value(issue.start_date),
            )
            .col_expr(
                insurance_policy::Column::EndDate,
                Expr::value(issue.end_date),
            )
            .col_expr(
                insurance_policy::Column::EPolicyFileId,
                Expr::value(Some(stored.id)),
            )
            .col_expr(
                insurance_policy::Column::EPolicySha256,
                Expr::value(stored.sha256.clone()),
            )
            .col_expr(insurance_policy::Column::Status, Expr::value(ISSUED))
            .col_expr(insurance_policy::Column::IssuedAt, Expr::value(Some(now)))
            .col_expr(insurance_policy::Column::UpdatedAt, Expr::value(now))
            .col_expr(
                insurance_policy::Column::UpdatedBy,
                Expr::value(Some(me.user_id)),
            )
            .filter(insurance_policy::Column::Id.eq(policy.id))
            .filter(insurance_policy::Column::Status.ne(ISSUED))
            .exec(&txn)
            .await?
            .rows_affected;
        if changed != 1 {
            return Err(Error::Conflict("该保单已上传电子保单".to_owned()));
        }
        audit::record(
            &txn,
            Entry {
                actor: &by.actor,
                action: "insurance_policy.issue",
                target_type: "insurance_policy",
                target_id: Some(policy.id.to_string()),
                success: true,
                detail: serde_json::json!({
                    "orderNo": order.order_no,
                    "kind": policy.kind,
                    "policyNo": policy_no,
                    "startDate": issue.start_date,
                    "endDate": issue.end_date,
                    "sha256": stored.sha256,
                }),
                ip: by.ip.clone(),
                request_id: by.request_id.clone(),
            },
            now,
        )
        .await?;
        let all = insurance_policy::Entity::find()
            .filter(insurance_policy::Column::OrderId.eq(order.id))
            .all(&txn)
            .await?;
        if all.iter().all(|p| p.status == ISSUED) {
            // The replay says whether an instalment is already late (repayments taken while the
            // policy was pending count); T20 goes straight to OVERDUE then.
            let synced = super::repayment::sync_order(
                &txn,
                &super::repayment::SyncBy::user(&by, me.user_id),
                now,
                order.id,
                day,
            )
            .await?;
            let order = orders::Entity::find_by_id(order.id)
                .one(&txn)
                .await?
                .ok_or_else(|| Error::NotFound("订单不存在".to_owned()))?;
            let status = status_of(&order)?;
            if status != OrderStatus::PendingPolicy {
                // Fully repaid while the policy was pending: the replay settled it.
                txn.commit().await?;
                return Ok(());
            }
            let to = if synced.late {
                OrderStatus::Overdue
            } else {
                OrderStatus::Repaying
            };
            let event = Event::to_target(OrderEvent::PolicyIssued, status, to)?
            .detail(serde_json::json!({
                "policies": all.iter().map(|p| serde_json::json!({
                    "kind": p.kind,
                    "policyNo": if p.id == policy.id { policy_no.clone() } else { p.policy_no.clone() },
                })).collect::<Vec<_>>(),
            }))
            .set(orders::Column::PolicyIssuedAt, Expr::value(Some(now)));
            order_transition::apply(&txn, &by, now, day, &order, event).await?;
            // Already far enough overdue at issue: the demand notice goes out now, not with the
            // next sync (docs/surrenders.md).
            let (snapshot, _) = super::plan::plan_of(&order)?;
            super::surrender_facts::demand_notice_step(
                &txn,
                now,
                &order,
                to,
                synced.days_past_due,
                synced.outstanding_fen,
                &snapshot.terms,
                day,
            )
            .await?;
        }
        txn.commit().await?;
        Ok(())
    }
}
