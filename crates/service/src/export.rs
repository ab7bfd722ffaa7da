//! Excel exports and the download of what they wrote (docs/system.md "Exports").
//!
//! A list describes its columns ([`ExportColumn`]); [`write_xlsx`] turns rows into an `.xlsx`
//! (rust_xlsxwriter, constant-memory mode) and the file goes to object storage under a name the
//! server makes: `exports/<kind>-<userId>/<32 random hex>.xlsx`. Only its owner can download it.

use crate::paging::MAX_EXPORT_ROWS;
use crate::principal::{AccountKind, ClientInfo, Principal};
use crate::{Beehive, Error, Result};
use futures::StreamExt;
use futures::stream::BoxStream;
use object_store::ObjectStore;
use object_store::local::LocalFileSystem;
use object_store::path::Path as ObjectPath;
use rand::Rng;
use rust_xlsxwriter::{Format, Workbook};
use std::path::Path;
use std::sync::Arc;
use store::sea_orm::{
    AccessMode, DatabaseTransaction, DbBackend, EntityTrait, IsolationLevel, PaginatorTrait,
    Select, TransactionTrait,
};

/// The object storage: a local directory (S3-compatible storage can replace it).
#[derive(Clone)]
pub struct Storage {
    pub(crate) store: Arc<dyn ObjectStore>,
}

impl std::fmt::Debug for Storage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Storage")
    }
}

impl Storage {
    /// Storage in memory (until a directory is configured; nothing survives a restart).
    pub fn in_memory() -> Storage {
        Storage {
            store: Arc::new(object_store::memory::InMemory::new()),
        }
    }

    /// Object storage in `dir` (created if missing).
    pub fn local(dir: &Path) -> Result<Storage> {
        std::fs::create_dir_all(dir).map_err(Error::internal)?;
        let store = LocalFileSystem::new_with_prefix(dir).map_err(Error::internal)?;
        Ok(Storage {
            store: Arc::new(store),
        })
    }

    /// Deletes the export files written before `before` (nobody downloaded them in time);
    /// answers how many.
    pub(crate) async fn delete_exports_before(
        &self,
        before: chrono::DateTime<chrono::Utc>,
    ) -> Result<usize> {
        let prefix = ObjectPath::from("exports");
        let mut listed = self.store.list(Some(&prefix));
        let mut stale = Vec::new();
        while let Some(meta) = listed.next().await {
            let meta = meta.map_err(Error::internal)?;
            if meta.last_modified < before {
                stale.push(meta.location);
            }
        }
        let mut deleted = 0;
        for location in stale {
            match self.store.delete(&location).await {
                Ok(()) | Err(object_store::Error::NotFound { .. }) => deleted += 1,
                Err(e) => return Err(Error::internal(e)),
            }
        }
        Ok(deleted)
    }
}

/// One cell of an exported row.
#[derive(Debug, Clone)]
pub enum Cell {
    Text(String),
    Number(i64),
    /// Written as `YYYY-MM-DD HH:MM:SS` in Asia/Shanghai time (UTC+8).
    Time(chrono::DateTime<chrono::Utc>),
    Empty,
}

impl From<String> for Cell {
    fn from(v: String) -> Self {
        Cell::Text(v)
    }
}

impl From<&str> for Cell {
    fn from(v: &str) -> Self {
        Cell::Text(v.to_owned())
    }
}

impl From<Option<String>> for Cell {
    fn from(v: Option<String>) -> Self {
        v.map_or(Cell::Empty, Cell::Text)
    }
}

impl From<i64> for Cell {
    fn from(v: i64) -> Self {
        Cell::Number(v)
    }
}

impl From<Option<i64>> for Cell {
    fn from(v: Option<i64>) -> Self {
        v.map_or(Cell::Empty, Cell::Number)
    }
}

impl From<bool> for Cell {
    fn from(v: bool) -> Self {
        Cell::Text(if v { "是" } else { "否" }.to_owned())
    }
}

impl From<chrono::DateTime<chrono::Utc>> for Cell {
    fn from(v: chrono::DateTime<chrono::Utc>) -> Self {
        Cell::Time(v)
    }
}

/// One column of an export: its Chinese header, width and how a row fills it.
pub struct ExportColumn<T> {
    pub header: &'static str,
    pub width: f64,
    pub value: fn(&T) -> Cell,
}

/// Rows of a list that can be exported: the list describes its columns once.
pub trait Exportable: Sized {
    /// The sheet's name (also the first part of the downloaded file's name).
    const SHEET: &'static str;
    fn columns() -> Vec<ExportColumn<Self>>;
}

/// What an export answers.
#[derive(Debug, Clone)]
pub struct Exported {
    pub object_name: String,
    pub rows: u64,
}

/// The `.xlsx` bytes of `rows` (header line first). Strings are written as text cells, never
/// as formulas, so a value like `=HYPERLINK(...)` stays inert.
pub fn write_xlsx<T: Exportable>(rows: &[T]) -> Result<Vec<u8>> {
    let (bytes, _) = write_batches(std::iter::once(rows))?;
    Ok(bytes)
}

/// Writes batches of rows as they come into a constant-memory worksheet (rust_xlsxwriter keeps
/// only the current row in memory and spills the rest to a temporary file), so an export holds
/// one batch of rows at a time, not the whole list. Answers the file and the number of rows.
fn write_batches<T: Exportable, B: AsRef<[T]>>(
    batches: impl Iterator<Item = B>,
) -> Result<(Vec<u8>, u64)> {
    let xlsx = |e: rust_xlsxwriter::XlsxError| Error::internal(anyhow::anyhow!("xlsx: {e}"));
    let columns = T::columns();
    let mut workbook = Workbook::new();
    let bold = Format::new().set_bold();
    let sheet = workbook
        .add_worksheet_with_constant_memory()
        .map_err(xlsx)?;
    sheet.set_name(T::SHEET).map_err(xlsx)?;
    for (col, column) in columns.iter().enumerate() {
        let col = u16::try_from(col).unwrap_or(u16::MAX);
        sheet.set_column_width(col, column.width).map_err(xlsx)?;
        sheet
            .write_string_with_format(0, col, column.header, &bold)
            .map_err(xlsx)?;
    }
    let shanghai = chrono::FixedOffset::east_opt(8 * 3600);
    let mut written: u64 = 0;
    for batch in batches {
        for row in batch.as_ref() {
            written += 1;
            let r = u32::try_from(written).unwrap_or(u32::MAX);
            for (c, column) in columns.iter().enumerate() {
                let c = u16::try_from(c).unwrap_or(u16::MAX);
                match (column.value)(row) {
                    Cell::Text(t) => {
                        sheet.write_string(r, c, t).map_err(xlsx)?;
                    }
                    Cell::Number(n) => {
                        // Ids and counts: exact in an f64 far beyond any value we export.
                        #[allow(clippy::cast_precision_loss)]
                        sheet.write_number(r, c, n as f64).map_err(xlsx)?;
                    }
                    Cell::Time(t) => {
                        let text = match shanghai {
                            Some(tz) => {
                                t.with_timezone(&tz).format("%Y-%m-%d %H:%M:%S").to_string()
                            }
                            None => t.format("%Y-%m-%d %H:%M:%S").to_string(),
                        };
                        sheet.write_string(r, c, text).map_err(xlsx)?;
                    }
                    Cell::Empty => {}
                }
            }
        }
    }
    let bytes = workbook.save_to_buffer().map_err(xlsx)?;
    Ok((bytes, written))
}

/// Batches of rows read from the database per round trip of an export.
pub const EXPORT_BATCH: u64 = 1_000;

/// An export being written: the caller reads its list batch by batch ([`EXPORT_BATCH`] rows,
/// in one read-only snapshot: [`Beehive::export_snapshot`]) and hands each batch over; a writer
/// thread puts them into the worksheet meanwhile. At most [`MAX_EXPORT_ROWS`] rows.
pub(crate) struct ExportSink<T> {
    tx: Option<tokio::sync::mpsc::Sender<Vec<T>>>,
    writer: tokio::task::JoinHandle<Result<(Vec<u8>, u64)>>,
    sent: u64,
}

impl<T: Exportable + Send + 'static> ExportSink<T> {
    pub(crate) fn start() -> Self {
        // Two batches in flight at most: the reader waits while the writer is behind.
        let (tx, mut rx) = tokio::sync::mpsc::channel::<Vec<T>>(2);
        let writer = tokio::task::spawn_blocking(move || {
            write_batches(std::iter::from_fn(move || rx.blocking_recv()))
        });
        ExportSink {
            tx: Some(tx),
            writer,
            sent: 0,
        }
    }

    /// Hands `rows` to the writer; false once the cap is reached (the caller stops reading).
    pub(crate) async fn write(&mut self, mut rows: Vec<T>) -> Result<bool> {
        let room = MAX_EXPORT_ROWS.saturating_sub(self.sent);
        let room = usize::try_from(room).unwrap_or(usize::MAX);
        rows.truncate(room);
        self.sent += rows.len() as u64;
        if let Some(tx) = &self.tx
            && tx.send(rows).await.is_err()
        {
            // The writer stopped (an error it reports at `finish`): read no further.
            return Ok(false);
        }
        Ok(self.sent < MAX_EXPORT_ROWS)
    }
}

/// The prefix of `principal`'s own exports: `exports/admin-12/`.
fn owner_prefix(kind: AccountKind, user_id: i64) -> String {
    format!("exports/{}-{user_id}/", kind.as_str())
}

/// The longest object name a client may send.
pub const MAX_OBJECT_NAME: usize = 255;

/// Checks the form of an object name a client sent, before storage is touched: at most
/// [`MAX_OBJECT_NAME`] characters of letters, digits, `-`, `_`, `.` and `/`, no `..`, no
/// leading `/`. Anything else answers 400 naming `objectName`.
pub fn check_object_name(name: &str) -> Result<()> {
    let well_formed = !name.is_empty()
        && name.len() <= MAX_OBJECT_NAME
        && !name.starts_with('/')
        && !name.contains("..")
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '/' | '-' | '_' | '.'));
    if well_formed {
        Ok(())
    } else {
        Err(Error::invalid(
            "objectName",
            format!(
                "文件名 objectName 不正确：最多 {MAX_OBJECT_NAME} 个字符，只能包含字母、数字、-、_、. 和 /，不能以 / 开头，不能含 .."
            ),
        ))
    }
}

/// Whether `name` is a plain object name inside `prefix`: relative, no `..`, no empty or
/// dot segment, no backslash, only the characters the server itself generates.
fn is_own_object(name: &str, prefix: &str) -> bool {
    let Some(rest) = name.strip_prefix(prefix) else {
        return false;
    };
    !rest.is_empty()
        && !name.starts_with('/')
        && name
            .split('/')
            .all(|seg| !seg.is_empty() && seg != "." && seg != "..")
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '/' | '-' | '_' | '.'))
}

/// A file being downloaded.
pub struct Download {
    pub file_name: String,
    pub content_type: &'static str,
    pub size: u64,
    pub body: BoxStream<'static, std::io::Result<bytes::Bytes>>,
}

const XLSX: &str = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

impl Beehive {
    /// A read-only snapshot for an export's batches: the rows of every batch come from one view
    /// of the database, so rows written meanwhile neither repeat nor shift a batch. (PostgreSQL:
    /// repeatable read; SQLite in WAL mode: a read transaction sees one snapshot.)
    pub(crate) async fn export_snapshot(&self) -> Result<DatabaseTransaction> {
        Ok(match self.db.get_database_backend() {
            DbBackend::Postgres => {
                self.db
                    .begin_with_config(
                        Some(IsolationLevel::RepeatableRead),
                        Some(AccessMode::ReadOnly),
                    )
                    .await?
            }
            _ => self.db.begin().await?,
        })
    }

    /// Exports every row of `select` (already filtered and ordered), read in batches from one
    /// snapshot: the whole export of a list whose rows are its entity's models.
    pub(crate) async fn export_rows<E>(
        &self,
        principal: &Principal,
        select: Select<E>,
    ) -> Result<Exported>
    where
        E: EntityTrait,
        E::Model: Exportable + Send + Sync + 'static,
    {
        let txn = self.export_snapshot().await?;
        let mut sink = ExportSink::start();
        let mut batches = select.paginate(&txn, EXPORT_BATCH);
        while let Some(rows) = batches.fetch_and_next().await? {
            if !sink.write(rows).await? {
                break;
            }
        }
        txn.commit().await?;
        self.finish_export(principal, sink).await
    }

    /// Exports every row of `select` and logs the export (`export` of the list `list`): the
    /// whole export call of a list whose rows are its entity's models.
    pub(crate) async fn export_list<E>(
        &self,
        me: &Principal,
        client: &ClientInfo,
        list: &str,
        select: Select<E>,
    ) -> Result<Exported>
    where
        E: EntityTrait,
        E::Model: Exportable + Send + Sync + 'static,
    {
        let exported = self.export_rows(me, select).await?;
        log_export(&self.db, me, client, list, &exported, self.clock.now()).await?;
        Ok(exported)
    }

    /// Finishes the file of `sink` and stores it in the caller's export folder.
    pub(crate) async fn finish_export<T: Exportable + Send + 'static>(
        &self,
        principal: &Principal,
        mut sink: ExportSink<T>,
    ) -> Result<Exported> {
        drop(sink.tx.take());
        let (bytes, count) = sink.writer.await.map_err(Error::internal)??;
        let mut random = [0u8; 16];
        rand::rng().fill(&mut random);
        let object_name = format!(
            "{}{}.xlsx",
            owner_prefix(principal.kind, principal.user_id),
            hex::encode(random)
        );
        self.storage
            .store
            .put(&ObjectPath::from(object_name.as_str()), bytes.into())
            .await
            .map_err(Error::internal)?;
        Ok(Exported {
            object_name,
            rows: count,
        })
    }

    /// Opens one of the caller's own exports; anything else (another user's file, a path
    /// that escapes, a missing file) is 404. With `delete`, the file is removed once read.
    pub async fn download(
        &self,
        principal: &Principal,
        object_name: &str,
        delete: bool,
    ) -> Result<Download> {
        let not_found = || Error::NotFound("文件不存在或已被删除".to_owned());
        check_object_name(object_name)?;
        let prefix = owner_prefix(principal.kind, principal.user_id);
        if !is_own_object(object_name, &prefix) {
            return Err(not_found());
        }
        let path = ObjectPath::parse(object_name).map_err(|_| not_found())?;
        let found = match self.storage.store.get(&path).await {
            Ok(found) => found,
            Err(object_store::Error::NotFound { .. }) => return Err(not_found()),
            // The cause names the storage path: it is not logged at ERROR for a name a client
            // sent, and the answer says only that the file is not there.
            Err(other) => {
                tracing::debug!(error = %other, "an export could not be read");
                return Err(not_found());
            }
        };
        let size = found.meta.size;
        let file_name = object_name
            .rsplit('/')
            .next()
            .unwrap_or("export.xlsx")
            .to_owned();
        let content = found
            .into_stream()
            .map(|chunk| chunk.map_err(std::io::Error::other));
        let body: BoxStream<'static, std::io::Result<bytes::Bytes>> = if delete {
            let store = self.storage.store.clone();
            let tail = futures::stream::once(async move {
                if let Err(err) = store.delete(&path).await {
                    tracing::warn!(error = %err, "could not delete a downloaded export");
                }
                Ok(bytes::Bytes::new())
            });
            content.chain(tail).boxed()
        } else {
            content.boxed()
        };
        Ok(Download {
            file_name,
            content_type: XLSX,
            size,
            body,
        })
    }
}

/// Writes the operation-log entry of an export of the list `list` (its rows and file).
pub(crate) async fn log_export(
    conn: &impl store::sea_orm::ConnectionTrait,
    me: &Principal,
    client: &ClientInfo,
    list: &str,
    exported: &Exported,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<()> {
    crate::audit::log_change(
        conn,
        me,
        client,
        "export",
        list,
        None,
        serde_json::json!({ "list": list, "rows": exported.rows, "objectName": exported.object_name }),
        now,
    )
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_plain_names_under_the_owner_prefix() {
        let p = "exports/admin-7/";
        assert!(is_own_object("exports/admin-7/0123abcd.xlsx", p));
        for bad in [
            "exports/admin-8/0123abcd.xlsx",
            "exports/admin-77/x.xlsx",
            "exports/admin-7/",
            "exports/admin-7/../admin-8/x.xlsx",
            "exports/admin-7/./x.xlsx",
            "/exports/admin-7/x.xlsx",
            "exports/admin-7//x.xlsx",
            "exports/admin-7/a\\..\\b.xlsx",
            "exports/admin-7/%2e%2e/x.xlsx",
        ] {
            assert!(!is_own_object(bad, p), "{bad}");
        }
    }

    #[test]
    fn object_names_are_checked_before_storage() {
        assert!(check_object_name("exports/admin-7/0123abcd.xlsx").is_ok());
        let long = format!("exports/admin-7/{}.xlsx", "a".repeat(300));
        for bad in [
            long.as_str(),
            "",
            "/etc/passwd",
            "exports/admin-7/../x.xlsx",
            "exports/admin-7/x..xlsx",
            "exports/admin-7/文件.xlsx",
            "exports/admin-7/a b.xlsx",
            "exports/admin-7/a\u{0}.xlsx",
        ] {
            assert!(
                matches!(check_object_name(bad), Err(Error::Invalid { .. })),
                "{bad}"
            );
        }
    }

    struct Item(i64);

    impl Exportable for Item {
        const SHEET: &'static str = "测试";
        fn columns() -> Vec<ExportColumn<Self>> {
            vec![ExportColumn {
                header: "编号",
                width: 8.0,
                value: |r| Cell::from(r.0),
            }]
        }
    }

    #[tokio::test]
    async fn an_export_streams_batches_and_stops_at_the_cap() {
        let mut sink = ExportSink::start();
        let mut accepted = 0;
        // Batches as the database would hand them over, beyond the cap.
        for batch in 0..101_i64 {
            let rows: Vec<Item> = (0..1_000).map(|i| Item(batch * 1_000 + i)).collect();
            accepted += 1;
            if !sink.write(rows).await.unwrap() {
                break;
            }
        }
        assert_eq!(
            accepted, 100,
            "the reader is told to stop at {MAX_EXPORT_ROWS} rows"
        );
        drop(sink.tx.take());
        let (bytes, rows) = sink.writer.await.unwrap().unwrap();
        assert_eq!(rows, MAX_EXPORT_ROWS);
        assert!(bytes.starts_with(b"PK"), "an xlsx (zip) file");
    }
}
