//! System management: the organization tree, roles, administrators, the journal, the settings
//! screens and the order rules with their products.

pub mod bootstrap;
pub mod logs;
pub mod order_rules;
pub mod organization;
pub mod products;
pub mod roles;
pub mod settings;
mod target_names;
mod users;

pub use users::{AdminUserRow, AdminUserView, NewAdminUser, RoleRef, UserFilter, UserUpdate};
pub(crate) use users::{check_password, new_password};
