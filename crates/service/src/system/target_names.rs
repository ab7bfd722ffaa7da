//! The names of the operation log's targets, read when the journal is read: a page's rows (or an
//! export's batch) are grouped by target type and each type's names are loaded in one query per
//! type (ids in chunks), never one query per row. A name is what the record's own screen calls
//! it now (a customer's name, an order's number, a role's name); none when the type has no name
//! (a setting, a provider slot) or the record is gone.

use crate::Result;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use store::entity::{
    admin_user, allocation_rule, article, article_category, banner, capital_esign_account,
    capital_provider, capital_provider_account, capital_user, contract_template, customer,
    customer_file, department, dict_item, dict_type, insurance_policy, insurer, notice_batch,
    notice_template, operation_log, order_contract, order_file, order_file_apply, order_receipt,
    orders, premium_payment, product, recovery, repayment, role, sms_template, stored_file,
    surrender, vehicle, waiver, write_off,
};
use store::sea_orm::{
    ColumnTrait, ConnectionTrait, EntityTrait, Iterable, PrimaryKeyToColumn, QueryFilter,
    QuerySelect,
};
use store::sea_orm::{TryGetableMany, sea_query::SimpleExpr};

/// Record id → name.
type Names = HashMap<i64, String>;

/// Ids per `IN (...)`: well under any database's limit of bound parameters.
const CHUNK: usize = 500;

/// The name of each row's target, in the order of `rows`.
pub(crate) async fn target_names(
    conn: &impl ConnectionTrait,
    rows: &[operation_log::Model],
) -> Result<Vec<Option<String>>> {
    let mut wanted: BTreeMap<&str, BTreeSet<i64>> = BTreeMap::new();
    for row in rows {
        if let Some(id) = target_id(row) {
            wanted
                .entry(row.target_type.as_str())
                .or_default()
                .insert(id);
        }
    }
    let mut found: HashMap<&str, Names> = HashMap::new();
    for (target_type, ids) in wanted {
        let ids: Vec<i64> = ids.into_iter().collect();
        found.insert(target_type, names_of(conn, target_type, &ids).await?);
    }
    Ok(rows
        .iter()
        .map(|row| {
            let id = target_id(row)?;
            found.get(row.target_type.as_str())?.get(&id).cloned()
        })
        .collect())
}

fn target_id(row: &operation_log::Model) -> Option<i64> {
    row.target_id.as_deref()?.trim().parse().ok()
}

/// The names of the records `ids` of `target_type` (the types the service writes: see
/// `grep -rn 'target_type\|log_change(' crates/service/src` and the status kinds of
/// `domain::status`).
async fn names_of(conn: &impl ConnectionTrait, target_type: &str, ids: &[i64]) -> Result<Names> {
    Ok(match target_type {
        "customer" => one::<customer::Entity>(conn, ids, customer::Column::Name).await?,
        "admin_user" => {
            use admin_user::Column as C;
            load::<admin_user::Entity, _>(conn, ids, C::Id, &[C::Name, C::Account], person).await?
        }
        "capital_user" => {
            use capital_user::Column as C;
            load::<capital_user::Entity, _>(conn, ids, C::Id, &[C::Name, C::Account], person)
                .await?
        }
        "role" => one::<role::Entity>(conn, ids, role::Column::Name).await?,
        "department" => one::<department::Entity>(conn, ids, department::Column::Name).await?,
        "capital_provider" => {
            one::<capital_provider::Entity>(conn, ids, capital_provider::Column::Name).await?
        }
        "capital_provider_account" => {
            use capital_provider_account::Column as C;
            let columns = [C::AccountName, C::AccountNoMask];
            load::<capital_provider_account::Entity, _>(conn, ids, C::Id, &columns, joined).await?
        }
        "capital_esign_account" => {
            use capital_esign_account::Column as C;
            one::<capital_esign_account::Entity>(conn, ids, C::OrgName).await?
        }
        "insurer" => one::<insurer::Entity>(conn, ids, insurer::Column::Name).await?,
        "product" => {
            use product::Column as C;
            load::<product::Entity, _>(conn, ids, C::Id, &[C::Name, C::ProductVersion], versioned)
                .await?
        }
        "contract_template" => {
            use contract_template::Column as C;
            let columns = [C::Name, C::TemplateVersion];
            load::<contract_template::Entity, _>(conn, ids, C::Id, &columns, versioned).await?
        }
        "notice_template" => {
            one::<notice_template::Entity>(conn, ids, notice_template::Column::Name).await?
        }
        "notice_batch" => {
            one::<notice_batch::Entity>(conn, ids, notice_batch::Column::TemplateName).await?
        }
        "sms_template" => {
            one::<sms_template::Entity>(conn, ids, sms_template::Column::Name).await?
        }
        "allocation_rule" => {
            one::<allocation_rule::Entity>(conn, ids, allocation_rule::Column::Name).await?
        }
        "article" => one::<article::Entity>(conn, ids, article::Column::Title).await?,
        "article_category" => {
            one::<article_category::Entity>(conn, ids, article_category::Column::Name).await?
        }
        "banner" => one::<banner::Entity>(conn, ids, banner::Column::Title).await?,
        "dict_type" => one::<dict_type::Entity>(conn, ids, dict_type::Column::NameZh).await?,
        "dict_item" => one::<dict_item::Entity>(conn, ids, dict_item::Column::LabelZh).await?,
        "stored_file" => {
            one::<stored_file::Entity>(conn, ids, stored_file::Column::FileName).await?
        }
        "vehicle" => {
            use vehicle::Column as C;
            load::<vehicle::Entity, _>(conn, ids, C::Id, &[C::PlateNo, C::Vin], first).await?
        }
        "orders" => one::<orders::Entity>(conn, ids, orders::Column::OrderNo).await?,
        "order_contract" => {
            use order_contract::Column as C;
            load::<order_contract::Entity, _>(conn, ids, C::Id, &[C::ContractNo, C::Title], first)
                .await?
        }
        "waiver" => one::<waiver::Entity>(conn, ids, waiver::Column::WaiverNo).await?,
        "recovery" => one::<recovery::Entity>(conn, ids, recovery::Column::RecoveryNo).await?,
        "surrender" => one::<surrender::Entity>(conn, ids, surrender::Column::SurrenderNo).await?,
        "write_off" => one::<write_off::Entity>(conn, ids, write_off::Column::WriteOffNo).await?,
        "premium_payment" => {
            use premium_payment::Column as C;
            one::<premium_payment::Entity>(conn, ids, C::ApplicationNo).await?
        }
        // A record of an order without a number of its own: its order's number.
        "order_receipt" => {
            use order_receipt::Column as C;
            via_order::<order_receipt::Entity>(conn, ids, C::Id, C::OrderId).await?
        }
        "repayment" => {
            use repayment::Column as C;
            via_order::<repayment::Entity>(conn, ids, C::Id, C::OrderId).await?
        }
        "insurance_policy" => {
            use insurance_policy::Column as C;
            let mut names = one::<insurance_policy::Entity>(conn, ids, C::PolicyNo).await?;
            let unnamed: Vec<i64> = ids
                .iter()
                .copied()
                .filter(|id| !names.contains_key(id))
                .collect();
            names.extend(
                via_order::<insurance_policy::Entity>(conn, &unnamed, C::Id, C::OrderId).await?,
            );
            names
        }
        // A file record: the uploaded file's name.
        "customer_file" => {
            use customer_file::Column as C;
            via_file::<customer_file::Entity>(conn, ids, C::Id, C::FileId).await?
        }
        "order_file" => {
            use order_file::Column as C;
            via_file::<order_file::Entity>(conn, ids, C::Id, C::FileId).await?
        }
        "order_file_apply" => {
            use order_file_apply::Column as C;
            via_file::<order_file_apply::Entity>(conn, ids, C::Id, C::FileId).await?
        }
        // `setting`, `provider_config`, the lists an export names, …: nothing to name.
        _ => Names::new(),
    })
}

/// `(id, name)` of the records `ids` of `E`, read through the `columns` after the id and made
/// into a name by `name`; blank names are left out.
async fn load<E, T>(
    conn: &impl ConnectionTrait,
    ids: &[i64],
    id: E::Column,
    columns: &[E::Column],
    name: fn(T) -> (i64, String),
) -> Result<Names>
where
    E: EntityTrait,
    T: TryGetableMany,
{
    let mut names = Names::new();
    for chunk in ids.chunks(CHUNK) {
        let mut query = E::find().select_only().column(id);
        for column in columns {
            query = query.column(*column);
        }
        let found: Vec<T> = query
            .filter(in_ids(id, chunk))
            .into_tuple()
            .all(conn)
            .await?;
        for row in found {
            let (key, value) = name(row);
            let value = value.trim();
            if !value.is_empty() {
                names.insert(key, value.to_owned());
            }
        }
    }
    Ok(names)
}

/// The records' one name column.
async fn one<E>(conn: &impl ConnectionTrait, ids: &[i64], column: E::Column) -> Result<Names>
where
    E: EntityTrait,
{
    let id = id_column::<E>()?;
    load::<E, (i64, String)>(conn, ids, id, &[column], |pair| pair).await
}

/// The primary-key column of `E` (`id` in every table named here).
fn id_column<E: EntityTrait>() -> Result<E::Column> {
    E::PrimaryKey::iter()
        .next()
        .map(PrimaryKeyToColumn::into_column)
        .ok_or_else(|| crate::Error::internal(anyhow::anyhow!("a table without a primary key")))
}

fn in_ids(column: impl ColumnTrait, ids: &[i64]) -> SimpleExpr {
    column.is_in(ids.iter().copied())
}

/// Record id → the id its `link` column holds.
async fn links<E: EntityTrait>(
    conn: &impl ConnectionTrait,
    ids: &[i64],
    id: E::Column,
    link: E::Column,
) -> Result<Vec<(i64, i64)>> {
    let mut found = Vec::new();
    for chunk in ids.chunks(CHUNK) {
        let rows: Vec<(i64, i64)> = E::find()
            .select_only()
            .column(id)
            .column(link)
            .filter(in_ids(id, chunk))
            .into_tuple()
            .all(conn)
            .await?;
        found.extend(rows);
    }
    Ok(found)
}

/// Names through a link: each record gets the name of the record its `link` column points to.
fn through(links: Vec<(i64, i64)>, parents: &Names) -> Names {
    links
        .into_iter()
        .filter_map(|(id, parent)| Some((id, parents.get(&parent)?.clone())))
        .collect()
}

fn parent_ids(links: &[(i64, i64)]) -> Vec<i64> {
    let set: BTreeSet<i64> = links.iter().map(|(_, parent)| *parent).collect();
    set.into_iter().collect()
}

/// The number of each record's order.
async fn via_order<E: EntityTrait>(
    conn: &impl ConnectionTrait,
    ids: &[i64],
    id: E::Column,
    order: E::Column,
) -> Result<Names> {
    let found = links::<E>(conn, ids, id, order).await?;
    let numbers = one::<orders::Entity>(conn, &parent_ids(&found), orders::Column::OrderNo).await?;
    Ok(through(found, &numbers))
}

/// The name of each record's uploaded file.
async fn via_file<E: EntityTrait>(
    conn: &impl ConnectionTrait,
    ids: &[i64],
    id: E::Column,
    file: E::Column,
) -> Result<Names> {
    let found = links::<E>(conn, ids, id, file).await?;
    let files =
        one::<stored_file::Entity>(conn, &parent_ids(&found), stored_file::Column::FileName)
            .await?;
    Ok(through(found, &files))
}

/// A person: `name (account)`, or the account alone when the name is blank or the same.
fn person((id, name, account): (i64, String, String)) -> (i64, String) {
    let name = name.trim();
    if name.is_empty() || name == account {
        (id, account)
    } else {
        (id, format!("{name} ({account})"))
    }
}

/// A versioned record (a product, a contract template): `name v2`.
fn versioned((id, name, version): (i64, String, i32)) -> (i64, String) {
    (id, format!("{} v{version}", name.trim()))
}

/// The first of two names that is not blank (a contract's number, else its title).
fn first((id, a, b): (i64, String, String)) -> (i64, String) {
    if a.trim().is_empty() {
        (id, b)
    } else {
        (id, a)
    }
}

/// Two parts joined by a space (an account's holder and its masked number).
fn joined((id, a, b): (i64, String, String)) -> (i64, String) {
    (id, format!("{} {}", a.trim(), b.trim()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_made_of_their_parts() {
        assert_eq!(person((1, "张三".into(), "zhang".into())).1, "张三 (zhang)");
        assert_eq!(person((1, " ".into(), "zhang".into())).1, "zhang");
        assert_eq!(person((1, "zhang".into(), "zhang".into())).1, "zhang");
        assert_eq!(versioned((2, "车险分期".into(), 3)).1, "车险分期 v3");
        assert_eq!(first((3, String::new(), "借款合同".into())).1, "借款合同");
        assert_eq!(first((3, "HT-1".into(), "借款合同".into())).1, "HT-1");
        assert_eq!(
            joined((4, "某公司".into(), "6222****1234".into())).1,
            "某公司 6222****1234"
        );
    }
}
