//! Pure business rules of Beehive. No IO, no async, no database or HTTP types.

pub mod customer;
pub mod money;
pub mod permission;
pub mod validate;
