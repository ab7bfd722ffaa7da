//! The sort key of names (docs/lists.md "Sorting by name"): `name_key` on every table whose list
//! sorts by a person's or an organisation's name (customers, administrators, roles, insurers,
//! capital providers), `domain::text::name_key` of the name, which the service writes with every
//! name and the lists order by. The rows already there get theirs here, in the migration's
//! transaction (on SQLite too), so no row is ever without its key.
//!
//! On PostgreSQL the column is `COLLATE "C"`: the key is made to be compared byte by byte, and a
//! database created with a language's collation (glibc's may ignore the spaces between words)
//! compares this column byte by byte all the same, as SQLite's BINARY does.

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::{ConnectionTrait, DbBackend};

#[derive(DeriveMigrationName)]
pub struct Migration;

/// The tables that get a name key; each has `id` and `name`.
const TABLES: [&str; 5] = [
    "customer",
    "admin_user",
    "role",
    "insurer",
    "capital_provider",
];

/// Rows filled per statement.
const FILL_BATCH: u64 = 200;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    /// The new column and its values together: a failed fill leaves no column of empty keys.
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in TABLES {
            let mut column = ColumnDef::new(Alias::new("name_key"));
            column.text().not_null().default("");
            if manager.get_database_backend() == DbBackend::Postgres {
                column.extra("COLLATE \"C\"");
            }
            manager
                .alter_table(
                    Table::alter()
                        .table(Alias::new(table))
                        .add_column(&mut column)
                        .to_owned(),
                )
                .await?;
            fill_name_keys(manager, table).await?;
        }
        // The customer list is the long one: its page sorted by name reads this index in order
        // (either direction) instead of sorting every customer. The other tables are short.
        manager
            .create_index(
                Index::create()
                    .name("idx_customer_name_key")
                    .table(Alias::new("customer"))
                    .col(Alias::new("name_key"))
                    .col(Alias::new("name"))
                    .col(Alias::new("id"))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_index(
                Index::drop()
                    .name("idx_customer_name_key")
                    .table(Alias::new("customer"))
                    .to_owned(),
            )
            .await?;
        for table in TABLES {
            manager
                .alter_table(
                    Table::alter()
                        .table(Alias::new(table))
                        .drop_column(Alias::new("name_key"))
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }
}

/// Writes `domain::text::name_key(name)` into `name_key` for every row of `table`, by id,
/// [`FILL_BATCH`] rows per statement. A later change of the rule reruns it in a new migration.
pub(super) async fn fill_name_keys(manager: &SchemaManager<'_>, table: &str) -> Result<(), DbErr> {
    let db = manager.get_connection();
    let (id, name, key) = (Alias::new("id"), Alias::new("name"), Alias::new("name_key"));
    let mut after = i64::MIN;
    loop {
        let select = Query::select()
            .columns([id.clone(), name.clone()])
            .from(Alias::new(table))
            .and_where(Expr::col(id.clone()).gt(after))
            .order_by(id.clone(), Order::Asc)
            .limit(FILL_BATCH)
            .to_owned();
        let mut rows = Vec::new();
        for row in db.query_all(&select).await? {
            let row_id: i64 = row.try_get("", "id")?;
            let row_name: String = row.try_get("", "name")?;
            rows.push((row_id, row_name));
        }
        let Some(&(last, _)) = rows.last() else {
            return Ok(());
        };
        let mut keys = CaseStatement::new();
        for (row_id, row_name) in &rows {
            keys = keys.case(
                Expr::col(id.clone()).eq(*row_id),
                domain::text::name_key(row_name),
            );
        }
        let update = Query::update()
            .table(Alias::new(table))
            .value(key.clone(), keys.finally(Expr::col(key.clone())))
            .and_where(Expr::col(id.clone()).is_in(rows.iter().map(|(i, _)| *i)))
            .to_owned();
        db.execute(&update).await?;
        after = last;
    }
}
