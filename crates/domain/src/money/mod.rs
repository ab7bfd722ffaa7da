//! The money core: pure rules for premium-finance loans (no IO, no database, no clock).
//!
//! Units: money is [`Fen`] (分, `i64`), rates are [`Bp`] (basis points, 1 bp = 0.01 %) and daily
//! rates are [`Ppm`] (parts per million, 500 ppm = 0.05 %/day). Every computation is exact
//! (integers, exact rationals, big integers); a result is rounded once per component per
//! instalment with the product's [`RoundingMode`]. Floating point is forbidden here: the lint
//! below refuses float arithmetic and a unit test refuses the float type names in these sources.
//!
//! Where each rule lives (each is written once and reused):
//! * [`amount`]: money and rate newtypes, checked arithmetic, the two rounding functions;
//! * [`product`]: product terms (the JSON snapshot on each order) and their validation;
//! * [`schedule`]: due dates and the four schedule methods ([`generate_plan`]);
//! * [`irr`]: the annualised rate (IRR) of the customer's cash flows;
//! * [`ledger`]: per-instalment amounts (due, paid, waived, written off, cancelled, outstanding);
//! * [`allocation`]: how a payment is split over instalments and components;
//! * [`penalty`]: daily penalty accrual (grace, start rule, base, cap, stops);
//! * [`delinquency`]: days past due and buckets;
//! * [`payoff`]: early-settlement quote; [`surrender`]: refund estimate and its application;
//! * [`order`]: the amounts of a new order (down payment, financed, fee, deposit);
//! * [`replay`]: recomputes everything from the plan and the money facts, day by day;
//! * [`rules`]: the order rules (deadlines, defaults for new products, delinquency buckets).
#![deny(clippy::float_arithmetic)]

pub mod allocation;
pub mod amount;
pub mod delinquency;
pub mod irr;
pub mod ledger;
pub mod order;
pub mod payoff;
pub mod penalty;
pub mod product;
pub mod replay;
pub mod rules;
pub mod schedule;
pub mod surrender;
pub mod waiver;

#[cfg(test)]
mod proptests;
#[cfg(test)]
mod tests;

pub use amount::{Bp, Fen, Ppm, RoundingMode};
pub use product::{FieldError, ProductTerms};
pub use schedule::{GENERATOR_VERSION, Plan, PlanItem, generate_plan};

/// Why a money computation refused its input.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoneyError {
    /// An intermediate or final amount does not fit the integer type (inputs far out of range).
    #[error("金额溢出")]
    Overflow,
    /// A date before or after the calendar range.
    #[error("日期超出范围")]
    DateOutOfRange,
    /// The input breaks a precondition; the text says which.
    #[error("输入无效：{0}")]
    Invalid(String),
    /// A reversal names a repayment that is not in the list.
    #[error("冲正的还款不存在：{0}")]
    UnknownRepayment(u64),
    /// A repayment is reversed twice.
    #[error("还款已冲正：{0}")]
    DoubleReversal(u64),
    /// A fact has a value date after the business date of the replay.
    #[error("事实的起息日晚于业务日期：{0}")]
    FactAfterBusinessDate(u64),
    /// A fact names an instalment the plan does not have.
    #[error("期次不存在：{0}")]
    UnknownItem(u32),
    /// The cash flows have no non-negative internal rate of return.
    #[error("无法计算年化利率")]
    NoRate,
}

/// Shorthand for results of this module.
pub type MoneyResult<T> = Result<T, MoneyError>;
