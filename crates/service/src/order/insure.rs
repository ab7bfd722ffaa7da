//! 投保确认 (insuranceForm): the insurer's underwriting result for each policy — proposal number,
//! final premium, special agreement. Within the order rules' tolerance of the quote the order
//! passes T13 (amounts recomputed with the final premiums, the signing deadline set); beyond it,
//! T14 sends it back to intake review with the credit reservation kept.

use super::transition::{self as order_transition, Event, status_of};
use super::{TermsSnapshot, plan};
use crate::principal::{ClientInfo, Principal};
use crate::transition::By;
use crate::{Beehive, Error, Result};
use domain::money::Fen;
use domain::money::order::{OrderRequest, premium_change_bp, requoted_amounts};
use domain::order::OrderEvent;
use domain::permission::codes::{ORDER_INFO_INSURE, ORDER_INFO_TABLE};
use std::collections::BTreeMap;
use store::entity::{insurance_policy, orders};
use store::sea_orm::sea_query::Expr;
use store::sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};

/// One policy's confirmation.
#[derive(Debug, Clone)]
pub struct PolicyConfirmation {
    pub id: i64,
    pub proposal_no: String,
    pub final_premium_fen: i64,
    pub special_agreement: String,
}

/// What the confirmation led to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InsureOutcome {
    /// CONFIRMED (T13) or REQUOTED (T14).
    pub outcome: &'static str,
    pub change_bp: i64,
    pub tolerance_bp: i64,
}

impl Beehive {
    /// The tolerance the screen warns with.
    pub async fn premium_tolerance(&self, me: &Principal) -> Result<i64> {
        me.require(ORDER_INFO_TABLE)?;
        Ok(i64::from(
            self.current_order_rules()
                .await?
                .premium_change_tolerance_bp
                .get(),
        ))
    }

    /// Records the insurer's confirmation of every policy of the order and moves it on.
    pub async fn confirm_insurance(
        &self,
        me: &Principal,
        client: &ClientInfo,
        order_id: i64,
        version: i64,
        confirmations: Vec<PolicyConfirmation>,
    ) -> Result<InsureOutcome> {
        me.require(ORDER_INFO_INSURE)?;
        let now = self.clock.now();
        let day = self.business_date().await?;
        let rules = self.current_order_rules().await?;
        let tolerance_bp = i64::from(rules.premium_change_tolerance_bp.get());
        let by = By::user(me, client);
        let txn = store::begin_write(&self.db).await?;
        let order = orders::Entity::find_by_id(order_id)
            .one(&txn)
            .await?
            .ok_or_else(|| Error::NotFound("订单不存在".to_owned()))?;
        let from = status_of(&order)?;
        // The table first: T13 and T14 start from the same status.
        Event::to_next(OrderEvent::InsureConfirmed, from)?;
        if order.version != version {
            return Err(Error::Conflict(crate::error::STALE.to_owned()));
        }
        let policies = insurance_policy::Entity::find()
            .filter(insurance_policy::Column::OrderId.eq(order.id))
            .order_by_asc(insurance_policy::Column::Id)
            .all(&txn)
            .await?;
        let mut fields = BTreeMap::new();
        let mut by_policy = BTreeMap::new();
        for (i, c) in confirmations.iter().enumerate() {
            let at = |f: &str| format!("policies[{i}].{f}");
            if !policies.iter().any(|p| p.id == c.id) {
                fields.insert(at("id"), "保单不属于该订单".to_owned());
                continue;
            }
            if by_policy.insert(c.id, c.clone()).is_some() {
                fields.insert(at("id"), "同一保单只能确认一次".to_owned());
            }
            let proposal = c.proposal_no.trim();
            if proposal.is_empty() {
                fields.insert(at("proposalNo"), "请填写投保单号".to_owned());
            } else if proposal.chars().count() > 64
                || proposal
                    .chars()
                    .any(|ch| ch.is_control() || ch.is_whitespace())
            {
                fields.insert(
                    at("proposalNo"),
                    "投保单号不超过 64 个字符，且不能含空格".to_owned(),
                );
            }
            if c.final_premium_fen <= 0 || c.final_premium_fen > 100_000_000_000 {
                fields.insert(at("finalPremiumFen"), "核保保费必须大于 0".to_owned());
            }
            let agreement = c.special_agreement.trim();
            if agreement.is_empty() {
                fields.insert(
                    at("specialAgreement"),
                    "请填写特别约定（退保须经出借方同意、退费支付至出借方）".to_owned(),
                );
            } else if agreement.chars().count() > 2000 {
                fields.insert(
                    at("specialAgreement"),
                    "特别约定不超过 2000 个字符".to_owned(),
                );
            }
        }
        if fields.is_empty()
            && let Some(missing) = policies.iter().find(|p| !by_policy.contains_key(&p.id))
        {
            fields.insert(
                "policies".to_owned(),
                format!(
                    "请确认订单的每一张保单（缺少 {}）",
                    policy_kind_name(&missing.kind)
                ),
            );
        }
        if let Some(message) = fields.values().next().cloned() {
            return Err(Error::Invalid { message, fields });
        }
        let quoted: i64 = policies.iter().map(|p| p.premium_fen).sum();
        let finals: Vec<i64> = policies
            .iter()
            .map(|p| {
                by_policy
                    .get(&p.id)
                    .map_or(p.premium_fen, |c| c.final_premium_fen)
            })
            .collect();
        let final_total: i64 = finals.iter().sum();
        let change_bp = premium_change_bp(Fen(quoted), Fen(final_total));
        let mut snapshot: TermsSnapshot = order
            .terms_snapshot
            .clone()
            .and_then(|v| serde_json::from_value(v).ok())
            .ok_or_else(|| {
                Error::internal(anyhow::anyhow!("order {} has no snapshot", order.id))
            })?;
        for policy in &policies {
            let Some(c) = by_policy.get(&policy.id) else {
                continue;
            };
            insurance_policy::Entity::update_many()
                .col_expr(
                    insurance_policy::Column::ProposalNo,
                    Expr::value(c.proposal_no.trim()),
                )
                .col_expr(
                    insurance_policy::Column::FinalPremiumFen,
                    Expr::value(Some(c.final_premium_fen)),
                )
                .col_expr(
                    insurance_policy::Column::SpecialAgreement,
                    Expr::value(c.special_agreement.trim()),
                )
                .col_expr(
                    insurance_policy::Column::Underwriting,
                    Expr::value("APPROVED"),
                )
                .col_expr(
                    insurance_policy::Column::Status,
                    Expr::value("UNDERWRITTEN"),
                )
                .col_expr(insurance_policy::Column::UpdatedAt, Expr::value(now))
                .col_expr(
                    insurance_policy::Column::UpdatedBy,
                    Expr::value(Some(me.user_id)),
                )
                .filter(insurance_policy::Column::Id.eq(policy.id))
                .exec(&txn)
                .await?;
            if let Some(q) = snapshot.policies.iter_mut().find(|q| q.kind == policy.kind) {
                q.premium_fen = c.final_premium_fen;
            }
        }
        let request = OrderRequest {
            premiums_fen: finals.iter().map(|f| Fen(*f)).collect(),
            financed_fen: Fen(order.financed_fen),
            term_n: snapshot.term_n,
            anchor_date: snapshot.anchor_date,
        };
        let detail = serde_json::json!({
            "quotedPremiumFen": quoted,
            "finalPremiumFen": final_total,
            "changeBp": change_bp,
            "toleranceBp": tolerance_bp,
            "proposals": policies.iter().filter_map(|p| by_policy.get(&p.id).map(|c| serde_json::json!({
                "kind": p.kind,
                "proposalNo": c.proposal_no.trim(),
                "finalPremiumFen": c.final_premium_fen,
            }))).collect::<Vec<_>>(),
        });
        let within = change_bp <= tolerance_bp;
        let amounts = requoted_amounts(&snapshot.terms, &request);
        let outcome = match (&amounts, within) {
            (Ok(a), true) if a.financed_fen.get() == order.financed_fen => "CONFIRMED",
            _ => "REQUOTED",
        };
        let mut event = if outcome == "CONFIRMED" {
            let deadline = day + chrono::Days::new(u64::from(rules.signing_deadline_days));
            Event::to_next(OrderEvent::InsureConfirmed, from)?
                .set(orders::Column::InsureConfirmedAt, Expr::value(Some(now)))
                .set(orders::Column::SignDeadline, Expr::value(Some(deadline)))
        } else {
            Event::to_next(OrderEvent::Requote, from)?.comment(if within {
                "核保保费变动后融资额超出首付比例，需重新审核".to_owned()
            } else {
                format!(
                    "核保保费变动 {}.{:02}%，超出容差 {}.{:02}%",
                    change_bp / 100,
                    change_bp % 100,
                    tolerance_bp / 100,
                    tolerance_bp % 100
                )
            })
        }
        .detail(detail)
        .amount(final_total);
        let recomputed = amounts.is_ok();
        if let Ok(a) = amounts {
            let (hash, first_due) = {
                let plan = domain::money::generate_plan(
                    &snapshot.terms,
                    a.financed_fen,
                    snapshot.term_n,
                    snapshot.anchor_date,
                )
                .map_err(|e| Error::Conflict(e.to_string()))?;
                (
                    plan::schedule_hash(&plan)?,
                    plan.items
                        .first()
                        .map_or(snapshot.anchor_date, |i| i.due_date),
                )
            };
            snapshot.total_premium_fen = a.total_premium_fen.get();
            snapshot.down_payment_fen = a.down_payment_fen.get();
            snapshot.financed_fen = a.financed_fen.get();
            snapshot.upfront_fee_fen = a.upfront_fee_fen.get();
            snapshot.deposit_fen = a.deposit_fen.get();
            snapshot.first_instalment_fen = a.first_instalment_fen.get();
            snapshot.due_at_down_payment_fen = a.due_at_down_payment_fen.get();
            snapshot.first_due_date = first_due;
            snapshot.schedule_hash = hash.clone();
            event = event
                .set(
                    orders::Column::TotalPremiumFen,
                    Expr::value(a.total_premium_fen.get()),
                )
                .set(
                    orders::Column::DownPaymentFen,
                    Expr::value(a.down_payment_fen.get()),
                )
                .set(
                    orders::Column::FinancedFen,
                    Expr::value(a.financed_fen.get()),
                )
                .set(
                    orders::Column::UpfrontFeeFen,
                    Expr::value(a.upfront_fee_fen.get()),
                )
                .set(orders::Column::DepositFen, Expr::value(a.deposit_fen.get()))
                .set(
                    orders::Column::FirstInstalmentFen,
                    Expr::value(a.first_instalment_fen.get()),
                )
                .set(
                    orders::Column::DueAtDownPaymentFen,
                    Expr::value(a.due_at_down_payment_fen.get()),
                )
                .set(orders::Column::FirstDueDate, Expr::value(Some(first_due)))
                .set(orders::Column::ScheduleHash, Expr::value(Some(hash)));
        } else {
            snapshot.total_premium_fen = final_total;
        }
        if !recomputed {
            // The reviewer sees the new total and approves a financed amount that fits it.
            event = event.set(
                orders::Column::TotalPremiumFen,
                Expr::value(snapshot.total_premium_fen),
            );
        }
        let json = serde_json::to_value(&snapshot).map_err(Error::internal)?;
        event = event.set(orders::Column::TermsSnapshot, Expr::value(Some(json)));
        if outcome == "REQUOTED" {
            // The declaration states the old amounts: the owner signs a new one after approval.
            super::contracts::void_live(
                &txn,
                &by,
                now,
                order.id,
                None,
                "保费变动重新审核，合同作废",
            )
            .await?;
        }
        order_transition::apply(&txn, &by, now, day, &order, event).await?;
        txn.commit().await?;
        Ok(InsureOutcome {
            outcome,
            change_bp,
            tolerance_bp,
        })
    }
}

pub fn policy_kind_name(kind: &str) -> &'static str {
    match kind {
        "COMMERCIAL" => "商业险",
        "COMPULSORY" => "交强险",
        "VEHICLE_TAX" => "车船税",
        _ => "保单",
    }
}
