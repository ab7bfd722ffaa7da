//! What the order page shows of the steps after allocation: contracts, receipts and refunds,
//! the stored plan, the disbursement and the premium payment line.

use super::contracts::ContractView;
use super::{down_payment, plan};
use crate::{Beehive, Result};
use store::entity::{
    customer_refund, disbursement, order_plan, order_plan_item, order_receipt, premium_payment,
    premium_payment_line,
};

/// The order page's later steps.
#[derive(Debug, Clone)]
pub struct OrderProgress {
    pub contracts: Vec<ContractView>,
    pub receipts: Vec<order_receipt::Model>,
    pub refunds: Vec<customer_refund::Model>,
    /// Confirmed receipts − refunds.
    pub received_fen: i64,
    pub plan: Option<(order_plan::Model, Vec<order_plan_item::Model>)>,
    pub disbursement: Option<disbursement::Model>,
    pub premium_line: Option<(premium_payment_line::Model, premium_payment::Model)>,
}

impl Beehive {
    /// The later steps of an order the caller may already see (the order page checked it).
    pub async fn order_progress(&self, order_id: i64) -> Result<OrderProgress> {
        let contracts = self.contracts_of(order_id).await?;
        let (receipts, refunds) = self.receipts_of(order_id).await?;
        let received_fen = down_payment::money_held(&self.db, order_id).await?;
        let plan = plan::current_plan(&self.db, order_id).await?;
        let (disbursement, premium_line) = self.disbursement_of(order_id).await?;
        Ok(OrderProgress {
            contracts,
            receipts,
            refunds,
            received_fen,
            plan,
            disbursement,
            premium_line,
        })
    }
}
