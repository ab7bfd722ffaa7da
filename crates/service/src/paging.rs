//! Paging, sorting and searching shared by every list (docs/architecture.md).
//!
//! A list request carries `page` (1-based), `size` (1..=200), an optional `sort` whose field
//! must be on the list's allow-list (it is mapped to a column, never interpolated), and filters.
//! Text filters are trimmed; an empty one means no filter.

use crate::{Error, Result};
use store::sea_orm::sea_query::{Expr, ExprTrait, Func, LikeExpr, SimpleExpr};
use store::sea_orm::{
    ColumnTrait, ConnectionTrait, EntityTrait, Order, PaginatorTrait, QueryOrder, QuerySelect,
    Select,
};

/// The largest page a client may ask for.
pub const MAX_PAGE_SIZE: i64 = 200;
/// The highest page number a client may ask for.
pub const MAX_PAGE: i64 = 1_000_000;
/// The longest text filter, in characters.
pub const MAX_FILTER_CHARS: usize = 200;
/// The most rows one export writes.
pub const MAX_EXPORT_ROWS: u64 = 100_000;
/// The escape character of every LIKE pattern built here.
const LIKE_ESCAPE: char = '!';

/// The paging part of a list request, as the client sent it.
#[derive(Debug, Clone, Default)]
pub struct PageRequest {
    pub page: Option<i64>,
    pub size: Option<i64>,
    pub sort: Option<SortRequest>,
}

/// `{ "field": ..., "order": "asc" | "desc" }`.
#[derive(Debug, Clone, Default)]
pub struct SortRequest {
    pub field: String,
    pub order: Option<String>,
}

/// One page of a list: `{ records, total, page, size }`.
#[derive(Debug, Clone)]
pub struct Page<T> {
    pub records: Vec<T>,
    pub total: u64,
    pub page: u64,
    pub size: u64,
}

/// A checked page request: page and size in range, the sort column chosen from an allow-list.
#[derive(Debug, Clone)]
pub struct Paging<C> {
    pub page: u64,
    pub size: u64,
    pub column: C,
    pub order: Order,
}

impl PageRequest {
    /// Checks page, size and sort against `allowed` (sort field name → column); `default`
    /// applies when no sort is given.
    pub fn check<C: Copy>(&self, allowed: &[(&str, C)], default: (C, Order)) -> Result<Paging<C>> {
        let page = self.page.unwrap_or(1);
        if !(1..=MAX_PAGE).contains(&page) {
            return Err(Error::invalid(
                "page",
                format!("页码 page 必须在 1 到 {MAX_PAGE} 之间"),
            ));
        }
        let size = self.size.unwrap_or(10);
        if !(1..=MAX_PAGE_SIZE).contains(&size) {
            return Err(Error::invalid(
                "size",
                format!("每页条数 size 必须在 1 到 {MAX_PAGE_SIZE} 之间"),
            ));
        }
        let (column, order) = match &self.sort {
            None => default,
            Some(sort) => {
                let field = sort.field.trim();
                let Some((_, column)) = allowed.iter().find(|(name, _)| *name == field) else {
                    let names: Vec<&str> = allowed.iter().map(|(n, _)| *n).collect();
                    return Err(Error::invalid(
                        "sort",
                        format!("排序字段 sort 只能是 {}", names.join("、")),
                    ));
                };
                let order = match sort.order.as_deref().map(str::trim) {
                    None | Some("") | Some("asc") => Order::Asc,
                    Some("desc") => Order::Desc,
                    Some(_) => {
                        return Err(Error::invalid(
                            "sort",
                            "排序方向 sort.order 只能是 asc 或 desc",
                        ));
                    }
                };
                (*column, order)
            }
        };
        // Both are in range: 1 <= page <= 1 000 000 and 1 <= size <= 200.
        Ok(Paging {
            page: page.unsigned_abs(),
            size: size.unsigned_abs(),
            column,
            order,
        })
    }
}

impl<C: ColumnTrait> Paging<C> {
    /// Orders `select` by the chosen column, then by `tie` (the primary key) in the same direction,
    /// so that pages never overlap.
    pub fn order<E: EntityTrait>(&self, select: Select<E>, tie: impl ColumnTrait) -> Select<E> {
        select
            .order_by(self.column, self.order.clone())
            .order_by(tie, self.order.clone())
    }

    /// Orders like [`Paging::order`] a list whose "name" sort is its `name_key` column
    /// (docs/lists.md "Sorting by name"): when that is the chosen column, by the name itself
    /// next (张三 and 章三 share a key), then by `tie`.
    pub fn order_by_name<E: EntityTrait>(
        &self,
        select: Select<E>,
        (key, name): (C, C),
        tie: impl ColumnTrait,
    ) -> Select<E> {
        if self.column.as_str() != key.as_str() {
            return self.order(select, tie);
        }
        select
            .order_by(key, self.order.clone())
            .order_by(name, self.order.clone())
            .order_by(tie, self.order.clone())
    }

    /// Counts `select`, then fetches the requested page of it (already ordered).
    pub async fn fetch<E: EntityTrait>(
        &self,
        db: &impl ConnectionTrait,
        select: Select<E>,
    ) -> Result<(Vec<E::Model>, u64)>
    where
        E::Model: Sync,
    {
        let offset = self
            .page
            .checked_sub(1)
            .and_then(|p| p.checked_mul(self.size))
            .filter(|o| i64::try_from(*o).is_ok())
            .ok_or_else(|| Error::invalid("page", "页码 page 超出范围"))?;
        let total = select.clone().count(db).await?;
        let rows = select.offset(offset).limit(self.size).all(db).await?;
        Ok((rows, total))
    }

    pub fn page_of<T>(&self, records: Vec<T>, total: u64) -> Page<T> {
        Page {
            records,
            total,
            page: self.page,
            size: self.size,
        }
    }
}

/// A trimmed text filter; `None` when absent or blank. A filter longer than
/// [`MAX_FILTER_CHARS`] characters answers 400 naming `field`: every text filter passes here,
/// so no LIKE pattern the database is asked to match is longer than that.
pub fn text<'a>(field: &str, filter: Option<&'a str>) -> Result<Option<&'a str>> {
    let Some(value) = filter.map(str::trim).filter(|t| !t.is_empty()) else {
        return Ok(None);
    };
    if value.chars().count() > MAX_FILTER_CHARS {
        return Err(Error::invalid(
            field,
            format!("查询条件 {field} 不能超过 {MAX_FILTER_CHARS} 个字符"),
        ));
    }
    Ok(Some(value))
}

/// Escapes `%`, `_` and the escape character itself so that they match literally.
pub fn escape_like(value: &str) -> String {
    let mut out = String::with_capacity(value.len() + 2);
    for c in value.chars() {
        if c == '%' || c == '_' || c == LIKE_ESCAPE {
            out.push(LIKE_ESCAPE);
        }
        out.push(c);
    }
    out
}

/// `LOWER(column) LIKE '%<value>%' ESCAPE '!'`: a case-insensitive (ASCII) "contains" that
/// treats `%`, `_` and `\` literally, the same on SQLite and PostgreSQL.
pub fn contains<C: ColumnTrait>(column: C, value: &str) -> SimpleExpr {
    let pattern = format!("%{}%", escape_like(&value.to_ascii_lowercase()));
    Expr::expr(Func::lower(Expr::col((column.entity_name(), column))))
        .like(LikeExpr::new(pattern).escape(LIKE_ESCAPE))
}

/// `column LIKE '<prefix>%' ESCAPE '!'` (case-sensitive on PostgreSQL; used for paths).
pub fn starts_with<C: ColumnTrait>(column: C, prefix: &str) -> SimpleExpr {
    let pattern = format!("{}%", escape_like(prefix));
    Expr::col((column.entity_name(), column)).like(LikeExpr::new(pattern).escape(LIKE_ESCAPE))
}

/// How many rows of `select` share each value of `key` (a list's "users", "items" or
/// "articles" column), counting `counted`; rows whose key is null are left out.
pub async fn count_by<E: EntityTrait>(
    conn: &impl ConnectionTrait,
    select: Select<E>,
    key: E::Column,
    counted: E::Column,
) -> Result<std::collections::HashMap<i64, u64>> {
    let rows: Vec<(Option<i64>, i64)> = select
        .select_only()
        .column(key)
        .column_as(Expr::col((counted.entity_name(), counted)).count(), "n")
        .group_by(key)
        .into_tuple()
        .all(conn)
        .await?;
    Ok(rows
        .into_iter()
        .filter_map(|(k, n)| k.map(|k| (k, n.unsigned_abs())))
        .collect())
}

/// Epoch milliseconds from a request as a UTC time; out of range → 400 naming `field`.
pub fn time_from_ms(field: &str, ms: i64) -> Result<chrono::DateTime<chrono::Utc>> {
    chrono::DateTime::from_timestamp_millis(ms)
        .ok_or_else(|| Error::invalid(field, format!("时间 {field} 不是有效的毫秒时间戳")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Clone, Copy, PartialEq)]
    enum Col {
        Id,
        Name,
    }

    const ALLOWED: &[(&str, Col)] = &[("id", Col::Id), ("name", Col::Name)];

    fn field(err: Error) -> String {
        match err {
            Error::Invalid { fields, .. } => fields.keys().cloned().collect::<Vec<_>>().join(","),
            other => other.to_string(),
        }
    }

    #[test]
    fn defaults_and_ranges() -> Result<()> {
        let p = PageRequest::default().check(ALLOWED, (Col::Id, Order::Asc))?;
        assert_eq!((p.page, p.size, p.column), (1, 10, Col::Id));
        for (page, size, bad) in [
            (0, 10, "page"),
            (1, 0, "size"),
            (1, 201, "size"),
            (46_116_860_184_273_882, 200, "page"),
            (1_000_001, 10, "page"),
            (i64::MIN, 10, "page"),
            (1, i64::MAX, "size"),
        ] {
            let req = PageRequest {
                page: Some(page),
                size: Some(size),
                sort: None,
            };
            let err = req.check(ALLOWED, (Col::Id, Order::Asc)).err();
            assert_eq!(err.map(field).as_deref(), Some(bad));
        }
        let max = PageRequest {
            page: Some(3),
            size: Some(200),
            sort: None,
        }
        .check(ALLOWED, (Col::Id, Order::Asc))?;
        assert_eq!((max.page, max.size), (3, 200));
        Ok(())
    }

    #[test]
    fn sort_fields_come_from_the_allow_list() -> Result<()> {
        let sorted = |field: &str, order: Option<&str>| PageRequest {
            page: None,
            size: None,
            sort: Some(SortRequest {
                field: field.to_owned(),
                order: order.map(str::to_owned),
            }),
        };
        let p = sorted("name", Some("desc")).check(ALLOWED, (Col::Id, Order::Asc))?;
        assert_eq!(p.column, Col::Name);
        assert!(matches!(p.order, Order::Desc));
        for (f, o) in [
            ("password_hash", None),
            ("name; drop table", None),
            ("id", Some("up")),
        ] {
            let err = sorted(f, o).check(ALLOWED, (Col::Id, Order::Asc)).err();
            assert_eq!(err.map(field).as_deref(), Some("sort"), "{f}");
        }
        Ok(())
    }

    #[test]
    fn a_name_sort_orders_by_the_key_then_the_name_then_the_id() -> Result<()> {
        use store::entity::customer::{Column, Entity};
        use store::sea_orm::{DbBackend, QueryTrait};
        let allowed = &[("name", Column::NameKey), ("createdAt", Column::CreatedAt)];
        let sql = |field: &str| -> Result<String> {
            let paging = PageRequest {
                page: None,
                size: None,
                sort: Some(SortRequest {
                    field: field.to_owned(),
                    order: Some("desc".to_owned()),
                }),
            }
            .check(allowed, (Column::CreatedAt, Order::Desc))?;
            let select =
                paging.order_by_name(Entity::find(), (Column::NameKey, Column::Name), Column::Id);
            Ok(select.build(DbBackend::Sqlite).to_string())
        };
        let by_name = sql("name")?;
        assert!(
            by_name.ends_with(
                r#"ORDER BY "customer"."name_key" DESC, "customer"."name" DESC, "customer"."id" DESC"#
            ),
            "{by_name}"
        );
        let by_time = sql("createdAt")?;
        assert!(
            by_time.ends_with(r#"ORDER BY "customer"."created_at" DESC, "customer"."id" DESC"#),
            "{by_time}"
        );
        Ok(())
    }

    #[test]
    fn like_patterns_escape_wildcards() {
        assert_eq!(escape_like("50%_off\\x!"), "50!%!_off\\x!!");
        assert_eq!(text("name", Some("  ")).ok(), Some(None));
        assert_eq!(text("name", Some(" a ")).ok(), Some(Some("a")));
        let long = "中".repeat(MAX_FILTER_CHARS);
        assert_eq!(text("name", Some(&long)).ok(), Some(Some(long.as_str())));
        let longer = format!("{long}x");
        assert_eq!(
            text("name", Some(&longer)).err().map(field).as_deref(),
            Some("name")
        );
    }

    #[test]
    fn mobiles_are_masked() {}
}
