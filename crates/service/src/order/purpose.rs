//! What a repayment is for (the `purpose` of a `repayment` row): shared by the repayments and
//! the waivers that wait for the customer's payments.

/// A repayment the customer made.
pub const REPAYMENT: &str = "REPAYMENT";
pub const EARLY_SETTLEMENT: &str = "EARLY_SETTLEMENT";
/// The 期初 first instalment, paid with the down payment (from the customer's credit).
pub const FIRST_INSTALMENT: &str = "FIRST_INSTALMENT";
/// The deposit offsetting the last instalment (E11).
pub const DEPOSIT_OFFSET: &str = "DEPOSIT_OFFSET";
