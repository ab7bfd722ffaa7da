//! 运营管理 (operate): contract templates with PDF preview (合同管理), customer notice
//! templates (通知模板) and notice sending with background delivery (通知管理).
//! Decisions: docs/templates.md.

pub mod contract;
pub mod notice;
pub mod pdf;
pub mod send;
