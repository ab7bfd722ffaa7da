//! Rows that carry a status and a version: the compare-and-set every status change goes through.

use sea_orm::sea_query::{Expr, ExprTrait, SimpleExpr};
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter};

/// A table whose rows have an id, a status code and a version.
pub trait Stateful: EntityTrait {
    fn id_column() -> Self::Column;
    fn status_column() -> Self::Column;
    fn version_column() -> Self::Column;
}

/// `UPDATE … SET status = to, version = version + 1, <set…> WHERE id = ? AND status = from AND
/// version = read`: whether the row changed (false when another change landed first).
pub async fn compare_and_set<E, C>(
    conn: &C,
    id: i64,
    from: &str,
    to: &str,
    read: i64,
    set: Vec<(E::Column, SimpleExpr)>,
) -> Result<bool, DbErr>
where
    E: Stateful,
    C: ConnectionTrait,
{
    let mut update = E::update_many()
        .col_expr(E::status_column(), Expr::value(to))
        .col_expr(E::version_column(), Expr::col(E::version_column()).add(1));
    for (column, value) in set {
        update = update.col_expr(column, value);
    }
    let changed = update
        .filter(E::id_column().eq(id))
        .filter(E::status_column().eq(from))
        .filter(E::version_column().eq(read))
        .exec(conn)
        .await?
        .rows_affected;
    Ok(changed == 1)
}

macro_rules! stateful {
    ($($module:ident),+) => {
        $(
            impl Stateful for crate::entity::$module::Entity {
                fn id_column() -> Self::Column {
                    crate::entity::$module::Column::Id
                }
                fn status_column() -> Self::Column {
                    crate::entity::$module::Column::Status
                }
                fn version_column() -> Self::Column {
                    crate::entity::$module::Column::Version
                }
            }
        )+
    };
}

stateful!(
    order_contract,
    order_receipt,
    repayment,
    waiver,
    recovery,
    write_off,
    surrender,
    premium_payment,
    premium_payment_line,
    capital_provider,
    capital_esign_account,
    contract_template,
    notice_batch,
    orders,
    product
);
