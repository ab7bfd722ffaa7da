//! System management: administrators, roles and their permissions.

pub mod bootstrap;
mod users;
