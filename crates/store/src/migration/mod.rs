//! Schema migrations. The same Rust migration runs on SQLite and PostgreSQL.
// The migration trait is written with an elided lifetime (`&SchemaManager`); an explicit one does not match it.
#![allow(elided_lifetimes_in_paths)]

use sea_orm_migration::prelude::*;

mod common;
mod m0001_identity;
mod m0002_auth;
mod m0003_system;
mod m0004_settings;
mod m0005_providers;
mod m0006_files;
mod m0007_customers;
mod m0008_partners;
mod m0009_content;
mod m0010_templates;
mod m0011_status_log;
mod m0012_ledger;
mod m0013_jobs;
mod m0014_products;
mod m0015_orders;
mod m0016_orders_part2;
mod m0017_repayments;
mod m0018_waivers;
mod m0019_collection_notes;
mod m0020_advances;
mod m0021_recoveries;
mod m0022_write_offs;
mod m0023_settlement_certificate;
mod m0024_surrenders;
mod m0025_name_keys;
mod m0026_dict_labels;
mod m0027_double_brace_placeholders;

pub struct Migrator;

#[async_trait::async_trait]
impl MigratorTrait for Migrator {
    fn migrations() -> Vec<Box<dyn MigrationTrait>> {
        vec![
            Box::new(m0001_identity::Migration),
            Box::new(m0002_auth::Migration),
            Box::new(m0003_system::Migration),
            Box::new(m0004_settings::Migration),
            Box::new(m0005_providers::Migration),
            Box::new(m0006_files::Migration),
            Box::new(m0007_customers::Migration),
            Box::new(m0008_partners::Migration),
            Box::new(m0009_content::Migration),
            Box::new(m0010_templates::Migration),
            Box::new(m0011_status_log::Migration),
            Box::new(m0012_ledger::Migration),
            Box::new(m0013_jobs::Migration),
            Box::new(m0014_products::Migration),
            Box::new(m0015_orders::Migration),
            Box::new(m0016_orders_part2::Migration),
            Box::new(m0017_repayments::Migration),
            Box::new(m0018_waivers::Migration),
            Box::new(m0019_collection_notes::Migration),
            Box::new(m0020_advances::Migration),
            Box::new(m0021_recoveries::Migration),
            Box::new(m0022_write_offs::Migration),
            Box::new(m0023_settlement_certificate::Migration),
            Box::new(m0024_surrenders::Migration),
            Box::new(m0025_name_keys::Migration),
            Box::new(m0026_dict_labels::Migration),
            Box::new(m0027_double_brace_placeholders::Migration),
        ]
    }
}
