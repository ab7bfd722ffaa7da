//! The data dictionary (数据字典): types and their items, the lists behind the product's
//! selects. Built-in types and items are seeded by migration m0009 and relied on by the code:
//! a built-in type cannot be deleted; a built-in item cannot be deleted, disabled or have its
//! code changed (its labels and sort may change). Everything an administrator adds can be.

use crate::audit::log_change;
use crate::error::conflict_on_unique;
use crate::error::{FieldChecks, OrInvalid};
use crate::paging::count_by;
use crate::principal::{ClientInfo, Principal};
use crate::{Beehive, Error, Result};
use chrono::Utc;
use domain::text;
use store::entity::{dict_item, dict_type};
use store::sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter,
    QueryOrder, Set,
};

/// A dictionary item as stored.
pub type DictItem = dict_item::Model;

use domain::permission::codes::DICTIONARY_CREATE as CREATE;
use domain::permission::codes::DICTIONARY_DELETE as DELETE;
use domain::permission::codes::DICTIONARY_TABLE as TABLE;
use domain::permission::codes::DICTIONARY_UPDATE as UPDATE;

const SAME_TYPE_CODE: &str = "已有相同编码的字典类型";
const SAME_ITEM_CODE: &str = "该类型下已有相同编码的字典项";

/// A type with the number of its items.
#[derive(Debug, Clone)]
pub struct DictTypeRow {
    pub id: i64,
    pub code: String,
    pub name_zh: String,
    pub name_en: String,
    pub remark: String,
    pub built_in: bool,
    pub item_count: u64,
    pub updated_at: chrono::DateTime<Utc>,
}

/// A new type (`code` is ignored on update: a type's code never changes).
#[derive(Debug, Clone)]
pub struct DictTypeInput {
    pub code: String,
    pub name_zh: String,
    pub name_en: String,
    pub remark: String,
}

/// A new item or an item's new values.
#[derive(Debug, Clone)]
pub struct DictItemInput {
    pub code: String,
    pub label_zh: String,
    pub label_en: String,
    pub label_es: String,
    pub label_ja: String,
    pub sort: Option<i32>,
    pub enabled: bool,
}

/// What a select needs of an item.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DictOption {
    pub code: String,
    pub label_zh: String,
    pub label_en: String,
    pub label_es: String,
    pub label_ja: String,
    pub enabled: bool,
}

fn type_not_found() -> Error {
    Error::NotFound("字典类型不存在".to_owned())
}

fn item_not_found() -> Error {
    Error::NotFound("字典项不存在".to_owned())
}

/// A type code: a lower-case letter, then lower-case letters, digits or `_`, at most 64.
fn check_type_code(code: &str) -> Result<String> {
    let code = code.trim();
    let ok = code.len() <= 64
        && code.chars().next().is_some_and(|c| c.is_ascii_lowercase())
        && code
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
    if ok {
        Ok(code.to_owned())
    } else {
        Err(Error::invalid(
            "code",
            "类型编码以小写字母开头，只能包含小写字母、数字和下划线，不超过 64 个字符",
        ))
    }
}

/// An item code: a letter, then letters, digits or `_`, at most 64.
fn check_item_code(code: &str) -> Result<String> {
    let code = code.trim();
    let ok = code.len() <= 64
        && code.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
        && code.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if ok {
        Ok(code.to_owned())
    } else {
        Err(Error::invalid(
            "code",
            "字典项编码以字母开头，只能包含字母、数字和下划线，不超过 64 个字符",
        ))
    }
}

fn check_sort(sort: Option<i32>) -> Result<i32> {
    let sort = sort.unwrap_or(0);
    if (0..=99_999).contains(&sort) {
        Ok(sort)
    } else {
        Err(Error::invalid("sort", "排序必须在 0 到 99999 之间"))
    }
}

async fn find_type(conn: &impl ConnectionTrait, id: i64) -> Result<dict_type::Model> {
    dict_type::Entity::find_by_id(id)
        .one(conn)
        .await?
        .ok_or_else(type_not_found)
}

async fn find_item(conn: &impl ConnectionTrait, id: i64) -> Result<dict_item::Model> {
    dict_item::Entity::find_by_id(id)
        .one(conn)
        .await?
        .ok_or_else(item_not_found)
}

async fn check_unique_item(
    conn: &impl ConnectionTrait,
    type_id: i64,
    code: &str,
    except: Option<i64>,
) -> Result<()> {
    let mut query = dict_item::Entity::find()
        .filter(dict_item::Column::TypeId.eq(type_id))
        .filter(dict_item::Column::Code.eq(code));
    if let Some(id) = except {
        query = query.filter(dict_item::Column::Id.ne(id));
    }
    if query.count(conn).await? > 0 {
        return Err(Error::Conflict(SAME_ITEM_CODE.to_owned()));
    }
    Ok(())
}

struct CheckedItem {
    code: String,
    label_zh: String,
    label_en: String,
    label_es: String,
    label_ja: String,
    sort: i32,
}

/// A type's names and remark, each mistake into `c`.
fn check_type_names(
    c: &mut FieldChecks,
    input: &DictTypeInput,
) -> Result<(Option<String>, Option<String>, Option<String>)> {
    let name_zh =
        c.check(text::required(&input.name_zh, 64).or_invalid_as("nameZh", "中文名称"))?;
    let name_en = c.check(
        text::optional(Some(&input.name_en), 128)
            .or_invalid_as("nameEn", "英文名称")
            .map(Option::unwrap_or_default),
    )?;
    let remark = c.check(
        text::optional(Some(&input.remark), 255)
            .or_invalid_as("remark", "备注")
            .map(Option::unwrap_or_default),
    )?;
    Ok((name_zh, name_en, remark))
}

/// Every field of an item; each mistake goes into `c` (every one reported in one answer).
fn check_item(c: &mut FieldChecks, input: &DictItemInput) -> Result<Option<CheckedItem>> {
    let code = c.check(check_item_code(&input.code))?;
    let label_zh =
        c.check(text::required(&input.label_zh, 64).or_invalid_as("labelZh", "中文名称"))?;
    let label_en = c.check(
        text::optional(Some(&input.label_en), 128)
            .or_invalid_as("labelEn", "英文名称")
            .map(Option::unwrap_or_default),
    )?;
    let label_es = c.check(
        text::optional(Some(&input.label_es), 128)
            .or_invalid_as("labelEs", "西班牙文名称")
            .map(Option::unwrap_or_default),
    )?;
    let label_ja = c.check(
        text::optional(Some(&input.label_ja), 128)
            .or_invalid_as("labelJa", "日文名称")
            .map(Option::unwrap_or_default),
    )?;
    let sort = c.check(check_sort(input.sort))?;
    let (Some(code), Some(label_zh), Some(label_en), Some(label_es), Some(label_ja), Some(sort)) =
        (code, label_zh, label_en, label_es, label_ja, sort)
    else {
        return Ok(None);
    };
    Ok(Some(CheckedItem {
        code,
        label_zh,
        label_en,
        label_es,
        label_ja,
        sort,
    }))
}

impl Beehive {
    /// Every type, ordered by code, with its item count.
    pub async fn dictionary_types(&self, me: &Principal) -> Result<Vec<DictTypeRow>> {
        me.require(TABLE)?;
        let types = dict_type::Entity::find()
            .order_by_asc(dict_type::Column::Id)
            .all(&self.db)
            .await?;
        let counts = count_by(
            &self.db,
            dict_item::Entity::find(),
            dict_item::Column::TypeId,
            dict_item::Column::Id,
        )
        .await?;
        Ok(types
            .into_iter()
            .map(|t| DictTypeRow {
                item_count: counts.get(&t.id).copied().unwrap_or(0),
                id: t.id,
                code: t.code,
                name_zh: t.name_zh,
                name_en: t.name_en,
                remark: t.remark,
                built_in: t.built_in,
                updated_at: t.updated_at,
            })
            .collect())
    }

    /// Creates a type; answers its id.
    pub async fn create_dictionary_type(
        &self,
        me: &Principal,
        client: &ClientInfo,
        input: DictTypeInput,
    ) -> Result<i64> {
        me.require(CREATE)?;
        let mut c = FieldChecks::default();
        let code = c.check(check_type_code(&input.code))?;
        let (name_zh, name_en, remark) = check_type_names(&mut c, &input)?;
        let (Some(code), Some(name_zh), Some(name_en), Some(remark)) =
            (code, name_zh, name_en, remark)
        else {
            return Err(c.into_error());
        };
        c.finish()?;
        let txn = store::begin_write(&self.db).await?;
        if dict_type::Entity::find()
            .filter(dict_type::Column::Code.eq(&code))
            .count(&txn)
            .await?
            > 0
        {
            return Err(Error::Conflict(SAME_TYPE_CODE.to_owned()));
        }
        let now = self.clock.now();
        let created = dict_type::ActiveModel {
            code: Set(code.clone()),
            name_zh: Set(name_zh.clone()),
            name_en: Set(name_en),
            remark: Set(remark),
            built_in: Set(false),
            created_at: Set(now),
            created_by: Set(Some(me.user_id)),
            updated_at: Set(now),
            updated_by: Set(Some(me.user_id)),
            version: Set(0),
            ..Default::default()
        }
        .insert(&txn)
        .await
        .map_err(|e| conflict_on_unique(e, SAME_TYPE_CODE))?;
        log_change(
            &txn,
            me,
            client,
            "dictionary.type.create",
            "dict_type",
            Some(created.id),
            serde_json::json!({ "code": code, "nameZh": name_zh }),
            self.clock.now(),
        )
        .await?;
        txn.commit().await?;
        Ok(created.id)
    }

    /// Renames a type (its code never changes).
    pub async fn update_dictionary_type(
        &self,
        me: &Principal,
        client: &ClientInfo,
        id: i64,
        input: DictTypeInput,
    ) -> Result<()> {
        me.require(UPDATE)?;
        let mut c = FieldChecks::default();
        let (name_zh, name_en, remark) = check_type_names(&mut c, &input)?;
        let (Some(name_zh), Some(name_en), Some(remark)) = (name_zh, name_en, remark) else {
            return Err(c.into_error());
        };
        c.finish()?;
        let txn = store::begin_write(&self.db).await?;
        let current = find_type(&txn, id).await?;
        dict_type::ActiveModel {
            id: Set(id),
            name_zh: Set(name_zh.clone()),
            name_en: Set(name_en),
            remark: Set(remark),
            updated_at: Set(self.clock.now()),
            updated_by: Set(Some(me.user_id)),
            version: Set(current.version + 1),
            ..Default::default()
        }
        .update(&txn)
        .await?;
        log_change(&txn, me, client, "dictionary.type.update", "dict_type", Some(id), serde_json::json!({ "code": current.code, "nameZh": name_zh, "previousNameZh": current.name_zh }), self.clock.now())
        .await?;
        txn.commit().await?;
        Ok(())
    }

    /// Deletes a type that is not built in and has no items.
    pub async fn delete_dictionary_type(
        &self,
        me: &Principal,
        client: &ClientInfo,
        id: i64,
    ) -> Result<()> {
        me.require(DELETE)?;
        let txn = store::begin_write(&self.db).await?;
        let current = find_type(&txn, id).await?;
        if current.built_in {
            return Err(Error::Conflict("内置字典类型不能删除".to_owned()));
        }
        let items = dict_item::Entity::find()
            .filter(dict_item::Column::TypeId.eq(id))
            .count(&txn)
            .await?;
        if items > 0 {
            return Err(Error::Conflict(
                "该类型下还有字典项，请先删除字典项".to_owned(),
            ));
        }
        dict_type::Entity::delete_by_id(id).exec(&txn).await?;
        log_change(
            &txn,
            me,
            client,
            "dictionary.type.delete",
            "dict_type",
            Some(id),
            serde_json::json!({ "code": current.code, "nameZh": current.name_zh }),
            self.clock.now(),
        )
        .await?;
        txn.commit().await?;
        Ok(())
    }

    /// Every item of the type `type_id` (disabled ones too), by sort then id.
    pub async fn dictionary_items(
        &self,
        me: &Principal,
        type_id: i64,
    ) -> Result<Vec<dict_item::Model>> {
        me.require(TABLE)?;
        find_type(&self.db, type_id).await?;
        Ok(dict_item::Entity::find()
            .filter(dict_item::Column::TypeId.eq(type_id))
            .order_by_asc(dict_item::Column::Sort)
            .order_by_asc(dict_item::Column::Id)
            .all(&self.db)
            .await?)
    }

    /// Adds an item (never built in) to the type `type_id`; answers its id.
    pub async fn create_dictionary_item(
        &self,
        me: &Principal,
        client: &ClientInfo,
        type_id: i64,
        input: DictItemInput,
    ) -> Result<i64> {
        me.require(CREATE)?;
        // Every field (and the type) in one answer.
        let mut c = FieldChecks::default();
        let item = check_item(&mut c, &input)?;
        let txn = store::begin_write(&self.db).await?;
        let parent = c.check(
            dict_type::Entity::find_by_id(type_id)
                .one(&txn)
                .await?
                .ok_or_else(|| Error::invalid("typeId", "字典类型不存在")),
        )?;
        let (Some(item), Some(parent)) = (item, parent) else {
            return Err(c.into_error());
        };
        c.finish()?;
        check_unique_item(&txn, type_id, &item.code, None).await?;
        let now = self.clock.now();
        let created = dict_item::ActiveModel {
            type_id: Set(type_id),
            code: Set(item.code.clone()),
            label_zh: Set(item.label_zh.clone()),
            label_en: Set(item.label_en),
            label_es: Set(item.label_es),
            label_ja: Set(item.label_ja),
            sort: Set(item.sort),
            enabled: Set(input.enabled),
            built_in: Set(false),
            created_at: Set(now),
            created_by: Set(Some(me.user_id)),
            updated_at: Set(now),
            updated_by: Set(Some(me.user_id)),
            version: Set(0),
            ..Default::default()
        }
        .insert(&txn)
        .await
        .map_err(|e| conflict_on_unique(e, SAME_ITEM_CODE))?;
        log_change(
            &txn,
            me,
            client,
            "dictionary.item.create",
            "dict_item",
            Some(created.id),
            serde_json::json!({ "type": parent.code, "code": item.code, "labelZh": item.label_zh }),
            self.clock.now(),
        )
        .await?;
        txn.commit().await?;
        Ok(created.id)
    }

    /// Changes an item. A built-in item keeps its code and stays enabled.
    pub async fn update_dictionary_item(
        &self,
        me: &Principal,
        client: &ClientInfo,
        id: i64,
        input: DictItemInput,
    ) -> Result<()> {
        me.require(UPDATE)?;
        // Every field and the built-in item's rules in one answer.
        let mut c = FieldChecks::default();
        let item = check_item(&mut c, &input)?;
        let txn = store::begin_write(&self.db).await?;
        let current = find_item(&txn, id).await?;
        if current.built_in && !c.failed("code") && input.code.trim() != current.code {
            c.fail("code", "内置字典项的编码不能修改");
        }
        if current.built_in && !input.enabled {
            c.fail("enabled", "内置字典项被系统使用，不能停用");
        }
        let Some(item) = item else {
            return Err(c.into_error());
        };
        c.finish()?;
        check_unique_item(&txn, current.type_id, &item.code, Some(id)).await?;
        dict_item::ActiveModel {
            id: Set(id),
            code: Set(item.code.clone()),
            label_zh: Set(item.label_zh.clone()),
            label_en: Set(item.label_en),
            label_es: Set(item.label_es),
            label_ja: Set(item.label_ja),
            sort: Set(item.sort),
            enabled: Set(input.enabled),
            updated_at: Set(self.clock.now()),
            updated_by: Set(Some(me.user_id)),
            version: Set(current.version + 1),
            ..Default::default()
        }
        .update(&txn)
        .await
        .map_err(|e| conflict_on_unique(e, SAME_ITEM_CODE))?;
        log_change(
            &txn,
            me,
            client,
            "dictionary.item.update",
            "dict_item",
            Some(id),
            serde_json::json!({
                "code": item.code,
                "previousCode": current.code,
                "labelZh": item.label_zh,
                "enabled": input.enabled,
            }),
            self.clock.now(),
        )
        .await?;
        txn.commit().await?;
        Ok(())
    }

    /// Deletes an item that is not built in.
    pub async fn delete_dictionary_item(
        &self,
        me: &Principal,
        client: &ClientInfo,
        id: i64,
    ) -> Result<()> {
        me.require(DELETE)?;
        let txn = store::begin_write(&self.db).await?;
        let current = find_item(&txn, id).await?;
        if current.built_in {
            return Err(Error::Conflict("内置字典项不能删除".to_owned()));
        }
        dict_item::Entity::delete_by_id(id).exec(&txn).await?;
        log_change(
            &txn,
            me,
            client,
            "dictionary.item.delete",
            "dict_item",
            Some(id),
            serde_json::json!({ "code": current.code, "labelZh": current.label_zh }),
            self.clock.now(),
        )
        .await?;
        txn.commit().await?;
        Ok(())
    }

    /// The items of the type `type_code` for a select, by sort then id: enabled ones only,
    /// unless `with_disabled` (to show the label of a code saved before it was disabled).
    /// Any signed-in user may read them; an unknown type is 404.
    pub async fn dictionary_options(
        &self,
        type_code: &str,
        with_disabled: bool,
    ) -> Result<Vec<DictOption>> {
        let parent = dict_type::Entity::find()
            .filter(dict_type::Column::Code.eq(type_code))
            .one(&self.db)
            .await?
            .ok_or_else(type_not_found)?;
        let mut query = dict_item::Entity::find().filter(dict_item::Column::TypeId.eq(parent.id));
        if !with_disabled {
            query = query.filter(dict_item::Column::Enabled.eq(true));
        }
        Ok(query
            .order_by_asc(dict_item::Column::Sort)
            .order_by_asc(dict_item::Column::Id)
            .all(&self.db)
            .await?
            .into_iter()
            .map(|i| DictOption {
                code: i.code,
                label_zh: i.label_zh,
                label_en: i.label_en,
                label_es: i.label_es,
                label_ja: i.label_ja,
                enabled: i.enabled,
            })
            .collect())
    }

    /// Whether the type `type_code` has an enabled item `code` (other features' validation).
    pub async fn dictionary_has(&self, type_code: &str, code: &str) -> Result<bool> {
        dictionary_has(&self.db, type_code, code).await
    }
}

/// [`Beehive::dictionary_has`] on a given connection (a caller's transaction).
pub(crate) async fn dictionary_has(
    conn: &impl ConnectionTrait,
    type_code: &str,
    code: &str,
) -> Result<bool> {
    let Some(parent) = dict_type::Entity::find()
        .filter(dict_type::Column::Code.eq(type_code))
        .one(conn)
        .await?
    else {
        return Ok(false);
    };
    Ok(dict_item::Entity::find()
        .filter(dict_item::Column::TypeId.eq(parent.id))
        .filter(dict_item::Column::Code.eq(code))
        .filter(dict_item::Column::Enabled.eq(true))
        .count(conn)
        .await?
        > 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes() {
        assert!(check_type_code("banner_position").is_ok());
        assert!(check_type_code("Banner").is_err());
        assert!(check_type_code("1abc").is_err());
        assert!(check_type_code("").is_err());
        assert!(check_item_code("ID_FRONT").is_ok());
        assert!(check_item_code("a-b").is_err());
        assert!(check_item_code("_x").is_err());
        assert!(check_item_code(&"A".repeat(65)).is_err());
    }
}
