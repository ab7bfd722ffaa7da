//! System management: the organization tree, roles, administrators and the journal.

pub mod bootstrap;
pub mod logs;
pub mod organization;
pub mod roles;
pub mod settings;
mod users;

pub(crate) use users::new_password;
pub use users::{AdminUserRow, AdminUserView, NewAdminUser, RoleRef, UserFilter, UserUpdate};
