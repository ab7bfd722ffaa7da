//! Articles (文章管理): categories (name, sort, enabled; a category with articles cannot be
//! deleted) and articles (title, category, optional cover image, sanitized rich-text body,
//! DRAFT or PUBLISHED with its publish time).

use super::banner::{UploadedImage, check_image};
use super::sanitize::{sanitize_html, visible_text};
use crate::audit::log_change;
use crate::error::conflict_on_unique;
use crate::error::{FieldChecks, OrInvalid};
use crate::files::{FileContent, NewFile};
use crate::paging::{Page, PageRequest, contains, count_by, text};
use crate::principal::{ClientInfo, Principal};
use crate::{Beehive, Error, Result};
use domain::text;
use std::collections::HashMap;
use store::entity::{article, article_category};
use store::sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, Order, PaginatorTrait,
    QueryFilter, QueryOrder, Select, Set,
};

/// An article as stored.
pub type Article = article::Model;

use domain::permission::codes::ARTICLE_TYPE_CATEGORY as CATEGORY;
use domain::permission::codes::ARTICLE_TYPE_CREATE as CREATE;
use domain::permission::codes::ARTICLE_TYPE_DELETE as DELETE;
use domain::permission::codes::ARTICLE_TYPE_PUBLISH as PUBLISH;
use domain::permission::codes::ARTICLE_TYPE_TABLE as TABLE;
use domain::permission::codes::ARTICLE_TYPE_UPDATE as UPDATE;

/// The `stored_file.purpose` of article covers.
pub const PURPOSE: &str = "ARTICLE_COVER";
pub const DRAFT: &str = "DRAFT";
pub const PUBLISHED: &str = "PUBLISHED";

/// The largest body, sanitized (characters).
const BODY_MAX: usize = 200_000;
const SAME_CATEGORY: &str = "已有同名的文章分类";

const SORTS: &[(&str, article::Column)] = &[
    ("createdAt", article::Column::CreatedAt),
    ("updatedAt", article::Column::UpdatedAt),
    ("publishedAt", article::Column::PublishedAt),
    ("title", article::Column::Title),
];

/// A category with its number of articles.
#[derive(Debug, Clone)]
pub struct CategoryRow {
    pub category: article_category::Model,
    pub article_count: u64,
}

#[derive(Debug, Clone)]
pub struct CategoryInput {
    pub name: String,
    pub sort: Option<i32>,
    pub enabled: bool,
}

#[derive(Debug, Clone, Default)]
pub struct ArticleFilter {
    pub title: Option<String>,
    pub category_id: Option<i64>,
    pub status: Option<String>,
}

/// An article in the list (without its body) with its category's name.
#[derive(Debug, Clone)]
pub struct ArticleRow {
    pub article: article::Model,
    pub category_name: String,
}

#[derive(Debug, Clone)]
pub struct ArticleInput {
    pub title: String,
    pub category_id: i64,
    pub cover_file_id: Option<i64>,
    /// HTML from the editor; sanitized before it is stored.
    pub body: String,
}

fn category_not_found() -> Error {
    Error::NotFound("文章分类不存在".to_owned())
}

fn article_not_found() -> Error {
    Error::NotFound("文章不存在".to_owned())
}

async fn find_article(conn: &impl ConnectionTrait, id: i64) -> Result<article::Model> {
    article::Entity::find_by_id(id)
        .one(conn)
        .await?
        .ok_or_else(article_not_found)
}

/// A category's name and sort, every mistake in one answer.
fn check_category(input: &CategoryInput) -> Result<(String, i32)> {
    let mut c = FieldChecks::default();
    let name = c.check(text::required(&input.name, 64).or_invalid_as("name", "分类名称"))?;
    let sort = input.sort.unwrap_or(0);
    if !(0..=99_999).contains(&sort) {
        c.fail("sort", "排序必须在 0 到 99999 之间");
    }
    let Some(name) = name else {
        return Err(c.into_error());
    };
    c.finish()?;
    Ok((name, sort))
}

async fn check_unique_category(
    conn: &impl ConnectionTrait,
    name: &str,
    except: Option<i64>,
) -> Result<()> {
    let mut q = article_category::Entity::find().filter(article_category::Column::Name.eq(name));
    if let Some(id) = except {
        q = q.filter(article_category::Column::Id.ne(id));
    }
    if q.count(conn).await? > 0 {
        return Err(Error::Conflict(SAME_CATEGORY.to_owned()));
    }
    Ok(())
}

/// Checks an article; answers its title and sanitized body. Every mistake in one answer.
async fn check_article(
    conn: &impl ConnectionTrait,
    input: &ArticleInput,
) -> Result<(String, String)> {
    let mut c = FieldChecks::default();
    let title = c.check(text::required(&input.title, 128).or_invalid_as("title", "标题"))?;
    let category = article_category::Entity::find_by_id(input.category_id)
        .one(conn)
        .await?;
    match category {
        None => c.fail("categoryId", "请选择文章分类"),
        Some(found) if !found.enabled => c.fail("categoryId", "该文章分类已停用"),
        Some(_) => {}
    }
    if let Some(cover) = input.cover_file_id {
        c.check(check_image(conn, cover, PURPOSE, "coverFileId").await)?;
    }
    let body = sanitize_html(&input.body);
    let has_image = body.contains("<img");
    if visible_text(&body).trim().is_empty() && !has_image {
        c.fail("body", "正文不能为空");
    } else if body.chars().count() > BODY_MAX {
        c.fail("body", format!("正文不能超过 {BODY_MAX} 个字符"));
    }
    let Some(title) = title else {
        return Err(c.into_error());
    };
    c.finish()?;
    Ok((title, body))
}

fn query(filter: &ArticleFilter) -> Result<Select<article::Entity>> {
    let mut q = article::Entity::find();
    if let Some(title) = text("title", filter.title.as_deref())? {
        q = q.filter(contains(article::Column::Title, title));
    }
    if let Some(id) = filter.category_id {
        q = q.filter(article::Column::CategoryId.eq(id));
    }
    if let Some(status) = text("status", filter.status.as_deref())? {
        if status != DRAFT && status != PUBLISHED {
            return Err(Error::invalid("status", "状态只能是 DRAFT 或 PUBLISHED"));
        }
        q = q.filter(article::Column::Status.eq(status));
    }
    Ok(q)
}

impl Beehive {
    /// Every category, by sort then id, with its number of articles.
    pub async fn article_categories(&self, me: &Principal) -> Result<Vec<CategoryRow>> {
        me.require(TABLE)?;
        let all = article_category::Entity::find()
            .order_by_asc(article_category::Column::Sort)
            .order_by_asc(article_category::Column::Id)
            .all(&self.db)
            .await?;
        let counts = count_by(
            &self.db,
            article::Entity::find(),
            article::Column::CategoryId,
            article::Column::Id,
        )
        .await?;
        Ok(all
            .into_iter()
            .map(|c| CategoryRow {
                article_count: counts.get(&c.id).copied().unwrap_or(0),
                category: c,
            })
            .collect())
    }

    pub async fn create_article_category(
        &self,
        me: &Principal,
        client: &ClientInfo,
        input: CategoryInput,
    ) -> Result<i64> {
        me.require(CATEGORY)?;
        let (name, sort) = check_category(&input)?;
        let txn = store::begin_write(&self.db).await?;
        check_unique_category(&txn, &name, None).await?;
        let now = self.clock.now();
        let created = article_category::ActiveModel {
            name: Set(name.clone()),
            sort: Set(sort),
            enabled: Set(input.enabled),
            created_at: Set(now),
            created_by: Set(Some(me.user_id)),
            updated_at: Set(now),
            updated_by: Set(Some(me.user_id)),
            version: Set(0),
            ..Default::default()
        }
        .insert(&txn)
        .await
        .map_err(|e| conflict_on_unique(e, SAME_CATEGORY))?;
        log_change(
            &txn,
            me,
            client,
            "article.category.create",
            "article_category",
            Some(created.id),
            serde_json::json!({ "name": name }),
            self.clock.now(),
        )
        .await?;
        txn.commit().await?;
        Ok(created.id)
    }

    pub async fn update_article_category(
        &self,
        me: &Principal,
        client: &ClientInfo,
        id: i64,
        input: CategoryInput,
    ) -> Result<()> {
        me.require(CATEGORY)?;
        let (name, sort) = check_category(&input)?;
        let txn = store::begin_write(&self.db).await?;
        let current = article_category::Entity::find_by_id(id)
            .one(&txn)
            .await?
            .ok_or_else(category_not_found)?;
        check_unique_category(&txn, &name, Some(id)).await?;
        article_category::ActiveModel {
            id: Set(id),
            name: Set(name.clone()),
            sort: Set(sort),
            enabled: Set(input.enabled),
            updated_at: Set(self.clock.now()),
            updated_by: Set(Some(me.user_id)),
            version: Set(current.version + 1),
            ..Default::default()
        }
        .update(&txn)
        .await
        .map_err(|e| conflict_on_unique(e, SAME_CATEGORY))?;
        log_change(&txn, me, client, "article.category.update", "article_category", Some(id), serde_json::json!({ "name": name, "previousName": current.name, "enabled": input.enabled }), self.clock.now())
        .await?;
        txn.commit().await?;
        Ok(())
    }

    /// Deletes a category without articles.
    pub async fn delete_article_category(
        &self,
        me: &Principal,
        client: &ClientInfo,
        id: i64,
    ) -> Result<()> {
        me.require(CATEGORY)?;
        let txn = store::begin_write(&self.db).await?;
        let current = article_category::Entity::find_by_id(id)
            .one(&txn)
            .await?
            .ok_or_else(category_not_found)?;
        let articles = article::Entity::find()
            .filter(article::Column::CategoryId.eq(id))
            .count(&txn)
            .await?;
        if articles > 0 {
            return Err(Error::Conflict(format!(
                "该分类下还有 {articles} 篇文章，不能删除"
            )));
        }
        article_category::Entity::delete_by_id(id)
            .exec(&txn)
            .await?;
        log_change(
            &txn,
            me,
            client,
            "article.category.delete",
            "article_category",
            Some(id),
            serde_json::json!({ "name": current.name }),
            self.clock.now(),
        )
        .await?;
        txn.commit().await?;
        Ok(())
    }

    /// A page of articles (bodies left out).
    pub async fn article_page(
        &self,
        me: &Principal,
        request: &PageRequest,
        filter: &ArticleFilter,
    ) -> Result<Page<ArticleRow>> {
        me.require(TABLE)?;
        let paging = request.check(SORTS, (article::Column::CreatedAt, Order::Desc))?;
        let select = paging.order(query(filter)?, article::Column::Id);
        let (rows, total) = paging.fetch(&self.db, select).await?;
        let names: HashMap<i64, String> = article_category::Entity::find()
            .all(&self.db)
            .await?
            .into_iter()
            .map(|c| (c.id, c.name))
            .collect();
        Ok(paging.page_of(
            rows.into_iter()
                .map(|mut a| {
                    a.body = String::new();
                    ArticleRow {
                        category_name: names.get(&a.category_id).cloned().unwrap_or_default(),
                        article: a,
                    }
                })
                .collect(),
            total,
        ))
    }

    /// One article with its body.
    pub async fn article_view(&self, me: &Principal, id: i64) -> Result<ArticleRow> {
        me.require(TABLE)?;
        let a = find_article(&self.db, id).await?;
        let category_name = article_category::Entity::find_by_id(a.category_id)
            .one(&self.db)
            .await?
            .map(|c| c.name)
            .unwrap_or_default();
        Ok(ArticleRow {
            article: a,
            category_name,
        })
    }

    /// Uploads an article cover (needs the create or the update permission).
    pub async fn upload_article_cover(
        &self,
        me: &Principal,
        client: &ClientInfo,
        file: NewFile,
    ) -> Result<UploadedImage> {
        if me.require(CREATE).is_err() {
            me.require(UPDATE)?;
        }
        self.upload_content_image(me, client, PURPOSE, file).await
    }

    /// An article cover for preview.
    pub async fn article_cover(&self, me: &Principal, file_id: i64) -> Result<FileContent> {
        me.require(TABLE)?;
        self.content_image(file_id, PURPOSE).await
    }

    /// Creates a draft; answers its id.
    pub async fn create_article(
        &self,
        me: &Principal,
        client: &ClientInfo,
        input: ArticleInput,
    ) -> Result<i64> {
        me.require(CREATE)?;
        let txn = store::begin_write(&self.db).await?;
        let (title, body) = check_article(&txn, &input).await?;
        let now = self.clock.now();
        let created = article::ActiveModel {
            category_id: Set(input.category_id),
            title: Set(title.clone()),
            cover_file_id: Set(input.cover_file_id),
            body: Set(body),
            status: Set(DRAFT.to_owned()),
            published_at: Set(None),
            created_at: Set(now),
            created_by: Set(Some(me.user_id)),
            updated_at: Set(now),
            updated_by: Set(Some(me.user_id)),
            version: Set(0),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
        log_change(
            &txn,
            me,
            client,
            "article.create",
            "article",
            Some(created.id),
            serde_json::json!({ "title": title, "categoryId": input.category_id }),
            self.clock.now(),
        )
        .await?;
        txn.commit().await?;
        Ok(created.id)
    }

    /// Changes an article (a published one stays published).
    pub async fn update_article(
        &self,
        me: &Principal,
        client: &ClientInfo,
        id: i64,
        input: ArticleInput,
    ) -> Result<()> {
        me.require(UPDATE)?;
        let txn = store::begin_write(&self.db).await?;
        let current = find_article(&txn, id).await?;
        let (title, body) = check_article(&txn, &input).await?;
        article::ActiveModel {
            id: Set(id),
            category_id: Set(input.category_id),
            title: Set(title.clone()),
            cover_file_id: Set(input.cover_file_id),
            body: Set(body),
            updated_at: Set(self.clock.now()),
            updated_by: Set(Some(me.user_id)),
            version: Set(current.version + 1),
            ..Default::default()
        }
        .update(&txn)
        .await?;
        log_change(
            &txn,
            me,
            client,
            "article.update",
            "article",
            Some(id),
            serde_json::json!({ "title": title, "previousTitle": current.title }),
            self.clock.now(),
        )
        .await?;
        txn.commit().await?;
        Ok(())
    }

    /// Publishes a draft (publish time now) or takes a published article back to draft.
    pub async fn set_article_published(
        &self,
        me: &Principal,
        client: &ClientInfo,
        id: i64,
        published: bool,
    ) -> Result<()> {
        me.require(PUBLISH)?;
        let txn = store::begin_write(&self.db).await?;
        let current = find_article(&txn, id).await?;
        let (from, to) = if published {
            (DRAFT, PUBLISHED)
        } else {
            (PUBLISHED, DRAFT)
        };
        if current.status != from {
            return Err(Error::Conflict(if published {
                "文章已发布".to_owned()
            } else {
                "文章未发布，无需下架".to_owned()
            }));
        }
        let now = self.clock.now();
        article::ActiveModel {
            id: Set(id),
            status: Set(to.to_owned()),
            published_at: Set(published.then_some(now)),
            updated_at: Set(now),
            updated_by: Set(Some(me.user_id)),
            version: Set(current.version + 1),
            ..Default::default()
        }
        .update(&txn)
        .await?;
        log_change(
            &txn,
            me,
            client,
            if published {
                "article.publish"
            } else {
                "article.unpublish"
            },
            "article",
            Some(id),
            serde_json::json!({ "title": current.title }),
            self.clock.now(),
        )
        .await?;
        txn.commit().await?;
        Ok(())
    }

    pub async fn delete_article(&self, me: &Principal, client: &ClientInfo, id: i64) -> Result<()> {
        me.require(DELETE)?;
        let txn = store::begin_write(&self.db).await?;
        let current = find_article(&txn, id).await?;
        article::Entity::delete_by_id(id).exec(&txn).await?;
        log_change(
            &txn,
            me,
            client,
            "article.delete",
            "article",
            Some(id),
            serde_json::json!({ "title": current.title, "status": current.status }),
            self.clock.now(),
        )
        .await?;
        txn.commit().await?;
        Ok(())
    }
}
