//! SeaORM entities, one module per table.

pub mod admin_user;
pub mod admin_user_role;
pub mod operation_log;
pub mod role;
pub mod role_permission;
