//! One placeholder syntax for SMS, notice and contract templates: `{{name}}` (docs/templates.md).
//! SMS and notice templates wrote `{name}` before; this rewrites their stored texts, and the
//! texts of notice batches (a batch queued before the upgrade is filled after it), with
//! `domain::placeholder::from_single_braces`: each well-formed `{name}` becomes `{{name}}`,
//! anything else stays as written. The built-in templates m0005 (`LOGIN_CODE`) and m0024
//! (`DEMAND_NOTICE`) seeded are rewritten like any other row. Contract bodies already used
//! `{{ name }}`.

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::ConnectionTrait;

#[derive(DeriveMigrationName)]
pub struct Migration;

/// The tables and text columns rewritten.
const TEXTS: [(&str, &str); 3] = [
    ("sms_template", "content"),
    ("notice_template", "content"),
    ("notice_batch", "content"),
];

/// Rows read per statement.
const BATCH: u64 = 200;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for (table, column) in TEXTS {
            rewrite(
                manager,
                table,
                column,
                domain::placeholder::from_single_braces,
            )
            .await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for (table, column) in TEXTS {
            rewrite(manager, table, column, |text| {
                domain::placeholder::fill(text, |name| Some(format!("{{{name}}}")))
            })
            .await?;
        }
        Ok(())
    }
}

/// Rewrites `column` of every row of `table` whose text has a brace with `change`, batch by batch.
async fn rewrite(
    manager: &SchemaManager<'_>,
    table: &str,
    column: &str,
    change: impl Fn(&str) -> String,
) -> Result<(), DbErr> {
    let db = manager.get_connection();
    let (id, text) = (Alias::new("id"), Alias::new(column));
    let mut after = i64::MIN;
    loop {
        let select = Query::select()
            .columns([id.clone(), text.clone()])
            .from(Alias::new(table))
            .and_where(Expr::col(id.clone()).gt(after))
            .and_where(Expr::col(text.clone()).like("%{%"))
            .order_by(id.clone(), Order::Asc)
            .limit(BATCH)
            .to_owned();
        let mut rows = Vec::new();
        for row in db.query_all(&select).await? {
            let row_id: i64 = row.try_get("", "id")?;
            let row_text: String = row.try_get("", column)?;
            rows.push((row_id, row_text));
        }
        let Some(&(last, _)) = rows.last() else {
            return Ok(());
        };
        for (row_id, row_text) in &rows {
            let changed = change(row_text);
            if changed != *row_text {
                let update = Query::update()
                    .table(Alias::new(table))
                    .value(text.clone(), changed)
                    .and_where(Expr::col(id.clone()).eq(*row_id))
                    .to_owned();
                db.execute(&update).await?;
            }
        }
        after = last;
    }
}
