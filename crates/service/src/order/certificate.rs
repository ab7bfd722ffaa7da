//! 结清证明 (docs/settlement-certificate.md): the certificate that a settled order owes nothing
//! more, rendered from the ACTIVE contract template of the kind SETTLEMENT_CERTIFICATE (the order's
//! provider's own version first) with the order's values and what was paid per component.
//!
//! It is issued on the first request after the settlement: rendered, stored with its SHA-256 and
//! numbered (`JQ` + the order number's digits), and kept on the order for that settlement
//! (`certificate_for` = the order's `settled_at`); later requests return the same document. An
//! order reopened by a reversal and settled again gets a new certificate.

use super::contracts::{SETTLEMENT_CERTIFICATE, date_cn, yuan};
use super::repayment::{SETTLE_DEPOSIT_OFFSET, SETTLE_EARLY};
use super::transition::status_of;
use crate::files::{FileContent, NewFile};
use crate::principal::Principal;
use crate::transition::By;
use crate::{Beehive, Error, Result};
use domain::money::product::Component;
use domain::order::OrderStatus;
use domain::permission::codes::ORDER_INFO_TABLE;
use domain::status::Status;
use store::entity::orders;
use store::sea_orm::sea_query::Expr;
use store::sea_orm::{ColumnTrait, EntityTrait, QueryFilter};

fn settle_type_text(code: &str) -> &'static str {
    match code {
        SETTLE_EARLY => "提前结清",
        SETTLE_DEPOSIT_OFFSET => "以保证金抵扣末期后结清",
        _ => "按期结清",
    }
}

impl Beehive {
    /// The settlement certificate of a settled order (issued on the first request).
    pub async fn settlement_certificate(
        &self,
        me: &Principal,
        client: &crate::principal::ClientInfo,
        order_id: i64,
    ) -> Result<FileContent> {
        me.require(ORDER_INFO_TABLE)?;
        let order = orders::Entity::find_by_id(order_id)
            .one(&self.db)
            .await?
            .ok_or_else(|| Error::NotFound("订单不存在".to_owned()))?;
        let status = status_of(&order)?;
        let Some(settled_at) = order.settled_at.filter(|_| status == OrderStatus::Settled) else {
            return Err(Error::Conflict(format!(
                "只有已结清的订单可以出具结清证明（当前状态：{}）",
                status.label()
            )));
        };
        if let Some(file) = order
            .certificate_file_id
            .filter(|_| order.certificate_for == Some(settled_at))
        {
            return self.open_file(file).await;
        }

        let now = self.clock.now();
        let today = self.business_date().await?;
        let by = By::user(me, client);
        let txn = store::begin_write(&self.db).await?;
        let settled_on = settled_at
            .with_timezone(&crate::clock::DEFAULT_TIME_ZONE)
            .date_naive();
        let (_, result) = self.replayed_order(&txn, &order, settled_on).await?;
        let paid = |c: Component| -> i64 {
            result
                .items
                .iter()
                .map(|it| it.component(c).paid_fen.get())
                .sum()
        };
        let waived: i64 = result
            .items
            .iter()
            .map(|it| {
                Component::ALL
                    .iter()
                    .map(|&c| it.component(c).waived_fen.get())
                    .sum::<i64>()
            })
            .sum();
        let (principal, interest, fee, penalty) = (
            paid(Component::Principal),
            paid(Component::Interest),
            paid(Component::Fee),
            paid(Component::Penalty),
        );
        let total = principal + interest + fee + penalty;
        let certificate_no = format!("JQ{}", order.order_no.trim_start_matches("BH"));
        let template = self
            .template_for(&txn, SETTLEMENT_CERTIFICATE, order.capital_provider_id)
            .await?;
        let mut values = self
            .filling(&txn, &order, &certificate_no, today)
            .await?
            .values;
        for (key, value) in [
            ("certificate.no", certificate_no.clone()),
            ("settle.date", date_cn(settled_on)),
            (
                "settle.type",
                settle_type_text(&order.settle_type).to_owned(),
            ),
            ("settle.paidTotal", yuan(total)),
            ("settle.paidPrincipal", yuan(principal)),
            ("settle.paidInterest", yuan(interest)),
            ("settle.paidFee", yuan(fee)),
            ("settle.paidPenalty", yuan(penalty)),
            ("settle.waived", yuan(waived)),
        ] {
            values.insert(key.to_owned(), value);
        }
        let bytes = Self::render_contract(&template, &certificate_no, &values, None).await?;
        let file = self
            .store_file(
                &txn,
                &by.actor,
                "CERTIFICATE",
                "file",
                NewFile {
                    file_name: format!("结清证明-{}.pdf", order.order_no),
                    bytes: bytes.into(),
                },
                crate::files::Accept::ImagesAndPdf,
            )
            .await?;
        // Two first requests at once: the first one's certificate stands.
        let unchanged = match order.certificate_file_id {
            Some(id) => orders::Column::CertificateFileId.eq(id),
            None => orders::Column::CertificateFileId.is_null(),
        };
        let changed = orders::Entity::update_many()
            .col_expr(
                orders::Column::CertificateFileId,
                Expr::value(Some(file.id)),
            )
            .col_expr(
                orders::Column::CertificateNo,
                Expr::value(certificate_no.clone()),
            )
            .col_expr(
                orders::Column::CertificateFor,
                Expr::value(Some(settled_at)),
            )
            .filter(orders::Column::Id.eq(order.id))
            .filter(orders::Column::SettledAt.eq(settled_at))
            .filter(unchanged)
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
                action: "order.certificate",
                target_type: "orders",
                target_id: Some(order.id.to_string()),
                success: true,
                detail: serde_json::json!({
                    "orderNo": order.order_no,
                    "certificateNo": certificate_no,
                    "settledOn": settled_on,
                    "paidFen": total,
                    "principalFen": principal,
                    "interestFen": interest,
                    "feeFen": fee,
                    "penaltyFen": penalty,
                    "waivedFen": waived,
                    "sha256": file.sha256,
                    "template": format!("{} v{}", template.code, template.template_version),
                }),
                ip: by.ip.clone(),
                request_id: by.request_id.clone(),
            },
            now,
        )
        .await?;
        txn.commit().await?;
        self.open_file(file.id).await
    }
}
