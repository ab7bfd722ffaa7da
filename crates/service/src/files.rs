//! Uploaded files: checks (size from 系统设置's upload limit, type from the content's magic
//! bytes), object storage and the `stored_file` row; and reading a file back for preview or
//! download. A feature owns the record that uses a file (a customer file, an order file, a
//! banner) and its permission; this module never decides who may see a file.
//!
//! The object is written before the row: if the caller's transaction then fails, an object
//! without a row is left behind (harmless, never served); a row never points at nothing.

use crate::principal::Actor;
use crate::{Beehive, Error, Result};
use bytes::Bytes;
use chrono::Datelike;
use futures::StreamExt;
use futures::stream::BoxStream;
use object_store::ObjectStore;
use object_store::path::Path as ObjectPath;
use rand::Rng;
use sha2::{Digest, Sha256};
use store::entity::stored_file;
use store::sea_orm::{ActiveModelTrait, ConnectionTrait, EntityTrait, Set};

/// A file as it arrived: the uploader's name for it and its bytes.
#[derive(Debug, Clone)]
pub struct NewFile {
    pub file_name: String,
    pub bytes: Bytes,
}

/// Which contents an upload accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Accept {
    /// JPEG, PNG, WebP or GIF.
    Images,
    /// Images or PDF.
    ImagesAndPdf,
}

impl Accept {
    fn allows(self, content_type: &str) -> bool {
        match self {
            Accept::Images => content_type.starts_with("image/"),
            Accept::ImagesAndPdf => {
                content_type.starts_with("image/") || content_type == "application/pdf"
            }
        }
    }

    fn refusal(self) -> &'static str {
        match self {
            Accept::Images => "只能上传图片（JPG、PNG、WebP、GIF）",
            Accept::ImagesAndPdf => "只能上传图片（JPG、PNG、WebP、GIF）或 PDF 文件",
        }
    }
}

/// The content type of `bytes` from its first bytes, for the types uploads may have.
pub fn sniff(bytes: &[u8]) -> Option<&'static str> {
    if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        Some("image/png")
    } else if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        Some("image/jpeg")
    } else if bytes.len() >= 12 && bytes.starts_with(b"RIFF") && bytes.get(8..12) == Some(b"WEBP") {
        Some("image/webp")
    } else if bytes.starts_with(b"GIF87a") || bytes.starts_with(b"GIF89a") {
        Some("image/gif")
    } else if bytes.starts_with(b"%PDF-") {
        Some("application/pdf")
    } else {
        None
    }
}

/// The uploader's file name without any path, control characters or surrounding blanks, at
/// most 255 characters; `file` when nothing is left.
pub fn clean_file_name(name: &str) -> String {
    let base = name.rsplit(['/', '\\']).next().unwrap_or_default();
    let cleaned: String = base
        .chars()
        .filter(|c| !c.is_control())
        .collect::<String>()
        .trim()
        .chars()
        .take(255)
        .collect();
    if cleaned.is_empty() || cleaned == "." || cleaned == ".." {
        "file".to_owned()
    } else {
        cleaned
    }
}

/// A stored file opened for reading.
pub struct FileContent {
    pub file: stored_file::Model,
    pub body: BoxStream<'static, std::io::Result<Bytes>>,
}

impl std::fmt::Debug for FileContent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FileContent")
            .field("file", &self.file)
            .finish_non_exhaustive()
    }
}

impl Beehive {
    /// Checks `file` (not empty, within 系统设置's upload limit, a type `accept` allows, by
    /// content), writes it to object storage and records it with `conn` (the caller's
    /// transaction, which also writes the record that uses the file and its audit entry).
    /// `field` names the form field in a refusal.
    pub async fn store_file(
        &self,
        conn: &impl ConnectionTrait,
        actor: &Actor,
        purpose: &str,
        field: &str,
        file: NewFile,
        accept: Accept,
    ) -> Result<stored_file::Model> {
        if file.bytes.is_empty() {
            return Err(Error::invalid(field, "请选择要上传的文件（文件不能为空）"));
        }
        let limit_mib = self.upload_limit_mib().await?;
        let limit = u64::from(limit_mib) * 1024 * 1024;
        if file.bytes.len() as u64 > limit {
            return Err(Error::invalid(
                field,
                format!("文件不能超过 {limit_mib} MB（系统设置的上传大小限制）"),
            ));
        }
        let content_type = match sniff(&file.bytes) {
            Some(t) if accept.allows(t) => t,
            _ => return Err(Error::invalid(field, accept.refusal())),
        };
        let now = self.clock.now();
        let mut random = [0u8; 16];
        rand::rng().fill(&mut random);
        let object_name = format!(
            "files/{}/{:04}/{:02}/{}",
            purpose.to_ascii_lowercase(),
            now.year(),
            now.month(),
            hex::encode(random)
        );
        let sha256 = hex::encode(Sha256::digest(&file.bytes));
        let size = i64::try_from(file.bytes.len()).map_err(Error::internal)?;
        self.storage
            .store
            .put(&ObjectPath::from(object_name.as_str()), file.bytes.into())
            .await
            .map_err(Error::internal)?;
        let (kind, id) = match actor {
            Actor::System(_) => ("system", None),
            Actor::Admin { id, .. } => ("admin", Some(*id)),
            Actor::Capital { id, .. } => ("capital", Some(*id)),
        };
        let row = stored_file::ActiveModel {
            object_name: Set(object_name),
            file_name: Set(clean_file_name(&file.file_name)),
            content_type: Set(content_type.to_owned()),
            size_bytes: Set(size),
            sha256: Set(sha256),
            purpose: Set(purpose.to_owned()),
            uploaded_by_kind: Set(kind.to_owned()),
            uploaded_by: Set(id),
            created_at: Set(now),
            ..Default::default()
        }
        .insert(conn)
        .await?;
        Ok(row)
    }

    /// The stored file `id` and its content. The caller has already decided that its user may
    /// see the record that uses the file. A missing row or object is 404.
    pub async fn open_file(&self, id: i64) -> Result<FileContent> {
        let not_found = || Error::NotFound("文件不存在或已被删除".to_owned());
        let file = stored_file::Entity::find_by_id(id)
            .one(&self.db)
            .await?
            .ok_or_else(not_found)?;
        let path = ObjectPath::parse(&file.object_name).map_err(|_| not_found())?;
        let found = match self.storage.store.get(&path).await {
            Ok(found) => found,
            Err(object_store::Error::NotFound { .. }) => return Err(not_found()),
            Err(other) => return Err(Error::internal(other)),
        };
        let body = found
            .into_stream()
            .map(|chunk| chunk.map_err(std::io::Error::other))
            .boxed();
        Ok(FileContent { file, body })
    }

    /// The `stored_file` rows of `ids` (for lists that show file names and sizes).
    pub async fn stored_files(&self, ids: &[i64]) -> Result<Vec<stored_file::Model>> {
        use store::sea_orm::{ColumnTrait, QueryFilter};
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        Ok(stored_file::Entity::find()
            .filter(stored_file::Column::Id.is_in(ids.iter().copied()))
            .all(&self.db)
            .await?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn types_come_from_the_content() {
        assert_eq!(sniff(b"\x89PNG\r\n\x1a\nxxxx"), Some("image/png"));
        assert_eq!(sniff(&[0xFF, 0xD8, 0xFF, 0xE0]), Some("image/jpeg"));
        assert_eq!(sniff(b"RIFF\0\0\0\0WEBPVP8 "), Some("image/webp"));
        assert_eq!(sniff(b"GIF89a...."), Some("image/gif"));
        assert_eq!(sniff(b"%PDF-1.7\n"), Some("application/pdf"));
        assert_eq!(sniff(b"<svg xmlns=..."), None);
        assert_eq!(sniff(b"<html><script>"), None);
        assert_eq!(sniff(b"PK\x03\x04"), None);
    }

    #[test]
    fn accept_lists() {
        assert!(Accept::Images.allows("image/png"));
        assert!(!Accept::Images.allows("application/pdf"));
        assert!(Accept::ImagesAndPdf.allows("application/pdf"));
    }

    #[test]
    fn file_names_lose_paths_and_control_characters() {
        assert_eq!(
            clean_file_name("C:\\Users\\a\\身份证 正面.jpg"),
            "身份证 正面.jpg"
        );
        assert_eq!(clean_file_name("../../etc/passwd"), "passwd");
        assert_eq!(clean_file_name("a\u{0}b\r\n.pdf"), "ab.pdf");
        assert_eq!(clean_file_name("  "), "file");
        assert_eq!(clean_file_name(".."), "file");
        assert_eq!(clean_file_name(&"长".repeat(300)).chars().count(), 255);
    }
}
