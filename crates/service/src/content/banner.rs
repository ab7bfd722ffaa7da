//! Banners (广告管理): an image (uploaded through `store_file`, images only) shown at a
//! `banner_position` of the customer app, with a title, an optional link (`http(s)://` or an
//! in-app path `/...`), an order and an optional validity window.

use super::dictionary::dictionary_has;
use crate::audit::log_change;
use crate::error::{FieldChecks, OrInvalid};
use crate::files::{Accept, FileContent, NewFile};
use crate::paging::{Page, PageRequest, contains, text};
use crate::principal::{ClientInfo, Principal};
use crate::{Beehive, Error, Result};
use chrono::{DateTime, Utc};
use domain::text;
use store::entity::{banner, stored_file};
use store::sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, Order, QueryFilter, Select, Set,
};

/// A banner as stored.
pub type Banner = banner::Model;

use domain::permission::codes::BANNER_CREATE as CREATE;
use domain::permission::codes::BANNER_DELETE as DELETE;
use domain::permission::codes::BANNER_TABLE as TABLE;
use domain::permission::codes::BANNER_UPDATE as UPDATE;

/// The `stored_file.purpose` of banner images.
pub const PURPOSE: &str = "BANNER";
/// The dictionary type of positions.
pub const POSITIONS: &str = "banner_position";

const SORTS: &[(&str, banner::Column)] = &[
    ("sort", banner::Column::Sort),
    ("createdAt", banner::Column::CreatedAt),
    ("validFrom", banner::Column::ValidFrom),
    ("validTo", banner::Column::ValidTo),
];

/// The list's filters.
#[derive(Debug, Clone, Default)]
pub struct BannerFilter {
    pub title: Option<String>,
    pub position: Option<String>,
    pub enabled: Option<bool>,
}

/// A banner as the list shows it.
#[derive(Debug, Clone)]
pub struct BannerRow {
    pub banner: banner::Model,
    /// Enabled and inside its validity window now.
    pub showing: bool,
}

/// A new banner or a banner's new values.
#[derive(Debug, Clone)]
pub struct BannerInput {
    pub title: String,
    pub position: String,
    pub image_file_id: i64,
    pub link: String,
    pub sort: Option<i32>,
    pub valid_from: Option<DateTime<Utc>>,
    pub valid_to: Option<DateTime<Utc>>,
    pub enabled: bool,
}

/// An uploaded image.
#[derive(Debug, Clone)]
pub struct UploadedImage {
    pub file_id: i64,
    pub file_name: String,
    pub size: i64,
}

/// A link: empty, `http(s)://host...` or an in-app path `/...` (not `//`), no blanks or
/// control characters, at most 500 characters.
pub fn check_link(link: &str) -> Result<String> {
    let link = link.trim();
    if link.is_empty() {
        return Ok(String::new());
    }
    let refuse = || {
        Err(Error::invalid(
            "link",
            "链接必须是 http:// 或 https:// 开头的网址，或以 / 开头的应用内路径",
        ))
    };
    if link.chars().count() > 500 {
        return Err(Error::invalid("link", "链接不能超过 500 个字符"));
    }
    if link
        .chars()
        .any(|c| c.is_whitespace() || c.is_control() || c == '\\')
    {
        return refuse();
    }
    if link.starts_with('/') {
        return if link.starts_with("//") {
            refuse()
        } else {
            Ok(link.to_owned())
        };
    }
    match url::Url::parse(link) {
        Ok(url)
            if matches!(url.scheme(), "http" | "https")
                && url.host_str().is_some_and(|h| !h.is_empty())
                && link.to_ascii_lowercase().starts_with(url.scheme()) =>
        {
            Ok(link.to_owned())
        }
        _ => refuse(),
    }
}

fn showing(b: &banner::Model, now: DateTime<Utc>) -> bool {
    b.enabled && b.valid_from.is_none_or(|f| f <= now) && b.valid_to.is_none_or(|t| now < t)
}

fn query(filter: &BannerFilter) -> Result<Select<banner::Entity>> {
    let mut q = banner::Entity::find();
    if let Some(title) = text("title", filter.title.as_deref())? {
        q = q.filter(contains(banner::Column::Title, title));
    }
    if let Some(position) = text("position", filter.position.as_deref())? {
        q = q.filter(banner::Column::Position.eq(position));
    }
    if let Some(enabled) = filter.enabled {
        q = q.filter(banner::Column::Enabled.eq(enabled));
    }
    Ok(q)
}

/// Checks `input`; the image must be a banner image, the position a `banner_position` item.
/// Every mistake in one answer.
async fn check(conn: &impl ConnectionTrait, input: &BannerInput) -> Result<(String, String, i32)> {
    let mut c = FieldChecks::default();
    let title = c.check(text::required(&input.title, 64).or_invalid_as("title", "标题"))?;
    let link = c.check(check_link(&input.link))?;
    let sort = input.sort.unwrap_or(0);
    if !(0..=99_999).contains(&sort) {
        c.fail("sort", "排序必须在 0 到 99999 之间");
    }
    if let (Some(from), Some(to)) = (input.valid_from, input.valid_to)
        && to <= from
    {
        c.fail("validTo", "结束时间必须晚于开始时间");
    }
    let position = input.position.trim();
    if position.is_empty() {
        c.fail("position", "请选择广告位置");
    } else if !dictionary_has(conn, POSITIONS, position).await? {
        c.fail("position", "广告位置不存在或已停用");
    }
    c.check(check_image(conn, input.image_file_id, PURPOSE, "imageFileId").await)?;
    let (Some(title), Some(link)) = (title, link) else {
        return Err(c.into_error());
    };
    c.finish()?;
    Ok((title, link, sort))
}

/// The file `id` must be an uploaded image of `purpose`.
pub(crate) async fn check_image(
    conn: &impl ConnectionTrait,
    id: i64,
    purpose: &str,
    field: &str,
) -> Result<()> {
    let ok = stored_file::Entity::find_by_id(id)
        .one(conn)
        .await?
        .is_some_and(|f| f.purpose == purpose && f.content_type.starts_with("image/"));
    if ok {
        Ok(())
    } else {
        Err(Error::invalid(field, "请上传图片"))
    }
}

fn not_found() -> Error {
    Error::NotFound("广告不存在".to_owned())
}

impl Beehive {
    /// A page of banners.
    pub async fn banner_page(
        &self,
        me: &Principal,
        request: &PageRequest,
        filter: &BannerFilter,
    ) -> Result<Page<BannerRow>> {
        me.require(TABLE)?;
        let paging = request.check(SORTS, (banner::Column::Sort, Order::Asc))?;
        let select = paging.order(query(filter)?, banner::Column::Id);
        let (rows, total) = paging.fetch(&self.db, select).await?;
        let now = self.clock.now();
        Ok(paging.page_of(
            rows.into_iter()
                .map(|b| BannerRow {
                    showing: showing(&b, now),
                    banner: b,
                })
                .collect(),
            total,
        ))
    }

    /// Stores an uploaded image of `purpose` for a banner or an article (the caller holds
    /// `permission`, a create or update permission of the screen).
    pub(crate) async fn upload_content_image(
        &self,
        me: &Principal,
        client: &ClientInfo,
        purpose: &str,
        file: NewFile,
    ) -> Result<UploadedImage> {
        let txn = store::begin_write(&self.db).await?;
        let stored = self
            .store_file(&txn, &me.actor(), purpose, "file", file, Accept::Images)
            .await?;
        log_change(&txn, me, client, "file.upload", "stored_file", Some(stored.id), serde_json::json!({ "purpose": purpose, "fileName": stored.file_name, "size": stored.size_bytes }), self.clock.now())
        .await?;
        txn.commit().await?;
        Ok(UploadedImage {
            file_id: stored.id,
            file_name: stored.file_name,
            size: stored.size_bytes,
        })
    }

    /// Uploads a banner image (needs the create or the update permission).
    pub async fn upload_banner_image(
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

    /// A banner image for preview (banner list permission; only banner images).
    pub async fn banner_image(&self, me: &Principal, file_id: i64) -> Result<FileContent> {
        me.require(TABLE)?;
        self.content_image(file_id, PURPOSE).await
    }

    /// The stored image `file_id` if its purpose is `purpose`; else 404.
    pub(crate) async fn content_image(&self, file_id: i64, purpose: &str) -> Result<FileContent> {
        let file = stored_file::Entity::find_by_id(file_id)
            .one(&self.db)
            .await?;
        if file.is_none_or(|f| f.purpose != purpose) {
            return Err(Error::NotFound("文件不存在或已被删除".to_owned()));
        }
        self.open_file(file_id).await
    }

    /// Creates a banner; answers its id.
    pub async fn create_banner(
        &self,
        me: &Principal,
        client: &ClientInfo,
        input: BannerInput,
    ) -> Result<i64> {
        me.require(CREATE)?;
        let txn = store::begin_write(&self.db).await?;
        let (title, link, sort) = check(&txn, &input).await?;
        let now = self.clock.now();
        let created = banner::ActiveModel {
            title: Set(title.clone()),
            position: Set(input.position.trim().to_owned()),
            image_file_id: Set(input.image_file_id),
            link: Set(link),
            sort: Set(sort),
            valid_from: Set(input.valid_from),
            valid_to: Set(input.valid_to),
            enabled: Set(input.enabled),
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
            "banner.create",
            "banner",
            Some(created.id),
            serde_json::json!({ "title": title, "position": created.position }),
            self.clock.now(),
        )
        .await?;
        txn.commit().await?;
        Ok(created.id)
    }

    /// Changes a banner.
    pub async fn update_banner(
        &self,
        me: &Principal,
        client: &ClientInfo,
        id: i64,
        input: BannerInput,
    ) -> Result<()> {
        me.require(UPDATE)?;
        let txn = store::begin_write(&self.db).await?;
        let current = banner::Entity::find_by_id(id)
            .one(&txn)
            .await?
            .ok_or_else(not_found)?;
        let (title, link, sort) = check(&txn, &input).await?;
        banner::ActiveModel {
            id: Set(id),
            title: Set(title.clone()),
            position: Set(input.position.trim().to_owned()),
            image_file_id: Set(input.image_file_id),
            link: Set(link),
            sort: Set(sort),
            valid_from: Set(input.valid_from),
            valid_to: Set(input.valid_to),
            enabled: Set(input.enabled),
            updated_at: Set(self.clock.now()),
            updated_by: Set(Some(me.user_id)),
            version: Set(current.version + 1),
            ..Default::default()
        }
        .update(&txn)
        .await?;
        log_change(&txn, me, client, "banner.update", "banner", Some(id), serde_json::json!({ "title": title, "previousTitle": current.title, "enabled": input.enabled }), self.clock.now())
        .await?;
        txn.commit().await?;
        Ok(())
    }

    /// Deletes a banner (its image stays in storage, as every stored file does).
    pub async fn delete_banner(&self, me: &Principal, client: &ClientInfo, id: i64) -> Result<()> {
        me.require(DELETE)?;
        let txn = store::begin_write(&self.db).await?;
        let current = banner::Entity::find_by_id(id)
            .one(&txn)
            .await?
            .ok_or_else(not_found)?;
        banner::Entity::delete_by_id(id).exec(&txn).await?;
        log_change(
            &txn,
            me,
            client,
            "banner.delete",
            "banner",
            Some(id),
            serde_json::json!({ "title": current.title }),
            self.clock.now(),
        )
        .await?;
        txn.commit().await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links() {
        for ok in [
            "",
            "https://www.example.com/a?b=1",
            "http://example.com",
            "/loan/apply?from=banner",
        ] {
            assert!(check_link(ok).is_ok(), "{ok}");
        }
        for bad in [
            "javascript:alert(1)",
            "JAVASCRIPT:alert(1)",
            "data:text/html,x",
            "//evil.example",
            "ftp://example.com",
            "example.com",
            "https://",
            "/a b",
            "http:/\\evil",
        ] {
            assert!(check_link(bad).is_err(), "{bad}");
        }
    }
}
