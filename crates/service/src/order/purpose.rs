//! What a repayment is for (the `purpose` of a `repayment` row): shared by the repayments and
//! the waivers that wait for the customer's payments.

/// A repayment the customer made.
pub const REPAYMENT: &str = "REPAYMENT";
pub const EARLY_SETTLEMENT: &str = "EARLY_SETTLEMENT";
/// The 期初 first instalment, paid with the down payment (from the customer's credit).
pub const FIRST_INSTALMENT: &str = "FIRST_INSTALMENT";
/// A surrender's refund from the insurer, applied to the order (E9, docs/surrenders.md).
pub const SURRENDER_REFUND: &str = "SURRENDER_REFUND";
/// The deposit offsetting the last instalment (E11).
pub const DEPOSIT_OFFSET: &str = "DEPOSIT_OFFSET";

/// Money fact ids of `order_money_fact` rows live above the repayments' ids in the replay.
pub const FACT_ID_BASE: u64 = 1 << 40;
