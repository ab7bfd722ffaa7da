//! What every migration shares.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveIden)]
enum Audit {
    CreatedAt,
    CreatedBy,
    UpdatedAt,
    UpdatedBy,
    Version,
}

/// Adds the columns every business table carries: who created and last changed the row,
/// when, and its version for compare-and-set updates.
pub fn audited(mut table: TableCreateStatement) -> TableCreateStatement {
    table
        .col(timestamp_with_time_zone(Audit::CreatedAt))
        .col(big_integer_null(Audit::CreatedBy))
        .col(timestamp_with_time_zone(Audit::UpdatedAt))
        .col(big_integer_null(Audit::UpdatedBy))
        .col(big_integer(Audit::Version).default(0));
    table
}
