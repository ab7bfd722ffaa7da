//! SeaORM entities, one module per table.

pub mod admin_user;
pub mod admin_user_role;
pub mod capital_provider;
pub mod capital_user;
pub mod department;
pub mod login_guard;
pub mod login_log;
pub mod login_ticket;
pub mod operation_log;
pub mod provider_config;
pub mod provider_usage;
pub mod role;
pub mod role_permission;
pub mod session;
pub mod setting;
pub mod sms_code;
pub mod sms_outbox;
pub mod sms_template;
