//! Pure business rules of Beehive. No IO, no async, no database or HTTP types.

pub mod allocation;
pub mod contact;
pub mod credit;
pub mod customer;
pub mod ledger;
pub mod mask;
pub mod money;
pub mod order;
pub mod permission;
pub mod placeholder;
pub mod status;
pub mod text;
pub mod validate;
