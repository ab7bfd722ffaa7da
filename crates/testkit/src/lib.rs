//! Spawns Beehive on port 0 against a fresh database, for tests.
//!
//! `BEEHIVE_TEST_DB` chooses the database: `sqlite` (default; a fresh file in a temporary
//! directory) or `postgres` (a fresh database on the server of `TEST_DATABASE_URL`, default
//! `postgres://postgres@127.0.0.1:5432/postgres`). The same test suite runs on both.

pub mod bestsign;

use anyhow::Context;
use serde::de::DeserializeOwned;
use serde_json::Value;
use server::{HttpConfig, ServeConfig};
use std::path::PathBuf;
use std::time::Duration;

/// The first administrator's password in every test app.
pub const ADMIN_PASSWORD: &str = "Test-Admin-2026";

/// Which database the tests run on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DbKind {
    Sqlite,
    Postgres,
}

impl DbKind {
    /// From `BEEHIVE_TEST_DB` (default SQLite).
    pub fn from_env() -> anyhow::Result<Self> {
        match std::env::var("BEEHIVE_TEST_DB").as_deref() {
            Err(_) | Ok("") | Ok("sqlite") => Ok(DbKind::Sqlite),
            Ok("postgres") => Ok(DbKind::Postgres),
            Ok(other) => anyhow::bail!("BEEHIVE_TEST_DB must be sqlite or postgres, not {other}"),
        }
    }
}

/// A fresh database for one test.
pub struct TestDatabase {
    pub url: String,
    pub kind: DbKind,
    _dir: Option<TempDir>,
}

/// A directory removed when dropped.
struct TempDir(PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn postgres_server_url() -> String {
    std::env::var("TEST_DATABASE_URL")
        .ok()
        .filter(|u| !u.is_empty())
        .unwrap_or_else(|| "postgres://postgres@127.0.0.1:5432/postgres".to_owned())
}

/// Replaces the database name at the end of a PostgreSQL URL.
fn with_database(url: &str, name: &str) -> String {
    let (base, query) = match url.split_once('?') {
        Some((b, q)) => (b, Some(q)),
        None => (url, None),
    };
    let prefix = match base.rfind('/') {
        Some(at) if at > "postgres://".len() => &base[..at],
        _ => base,
    };
    match query {
        Some(q) => format!("{prefix}/{name}?{q}"),
        None => format!("{prefix}/{name}"),
    }
}

/// Creates database `name` on the PostgreSQL server of `server_url`.
async fn create_postgres_database(server_url: &str, name: &str) -> anyhow::Result<()> {
    use store::sea_orm::ConnectionTrait;
    let admin = store::sea_orm::Database::connect(server_url).await?;
    admin
        .execute_unprepared(&format!("CREATE DATABASE \"{name}\""))
        .await?;
    admin.close().await?;
    Ok(())
}

impl TestDatabase {
    /// The first column of every row `sql` selects, as text (NULL as an empty string).
    pub async fn column_texts(&self, sql: &str) -> anyhow::Result<Vec<String>> {
        use store::sea_orm::{ConnectionTrait, Statement};
        let db = store::sea_orm::Database::connect(&self.url).await?;
        let backend = db.get_database_backend();
        let rows = db
            .query_all_raw(Statement::from_string(backend, sql.to_owned()))
            .await?;
        let mut out = Vec::new();
        for row in rows {
            let value: Option<String> = row.try_get_by_index(0)?;
            out.push(value.unwrap_or_default());
        }
        db.close().await?;
        Ok(out)
    }

    pub async fn fresh(kind: DbKind) -> anyhow::Result<Self> {
        let unique = uuid::Uuid::new_v4().simple().to_string();
        match kind {
            DbKind::Sqlite => {
                let dir = std::env::temp_dir().join(format!("beehive-test-{unique}"));
                std::fs::create_dir_all(&dir)?;
                let url = format!("sqlite://{}?mode=rwc", dir.join("beehive.db").display());
                Ok(TestDatabase {
                    url,
                    kind,
                    _dir: Some(TempDir(dir)),
                })
            }
            DbKind::Postgres => {
                let server = postgres_server_url();
                let name = format!("beehive_test_{unique}");
                create_postgres_database(&server, &name)
                    .await
                    .with_context(|| format!("cannot create a test database on {server}"))?;
                Ok(TestDatabase {
                    url: with_database(&server, &name),
                    kind,
                    _dir: None,
                })
            }
        }
    }
}

/// A running Beehive and an HTTP client for it.
pub struct TestApp {
    pub base: String,
    pub client: reqwest::Client,
    pub db: TestDatabase,
    /// The object storage directory of this test (removed when the app is dropped).
    pub storage_dir: PathBuf,
    running: Option<server::Running>,
    _storage: TempDir,
    /// The key the server encrypts personal data with (fixtures encrypt with it too).
    pub secret_key: service::secret::SecretKey,
}

/// A customer row a test inserts directly (the customer screens are not needed for it).
#[derive(Debug, Clone)]
pub struct CustomerFixture {
    pub name: String,
    pub mobile: String,
    /// INDIVIDUAL or ENTERPRISE.
    pub kind: &'static str,
    /// ENABLED or DISABLED.
    pub status: &'static str,
}

impl TestApp {
    /// Starts Beehive on a fresh database of the kind `BEEHIVE_TEST_DB` names.
    pub async fn spawn() -> anyhow::Result<TestApp> {
        Self::spawn_on(DbKind::from_env()?).await
    }

    pub async fn spawn_on(kind: DbKind) -> anyhow::Result<TestApp> {
        Self::spawn_with(kind, HttpConfig::default()).await
    }

    pub async fn spawn_with(kind: DbKind, http: HttpConfig) -> anyhow::Result<TestApp> {
        let db = TestDatabase::fresh(kind).await?;
        let storage_dir = std::env::temp_dir().join(format!(
            "beehive-test-storage-{}",
            uuid::Uuid::new_v4().simple()
        ));
        std::fs::create_dir_all(&storage_dir)?;
        let storage = TempDir(storage_dir.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
        let secret_key = service::secret::SecretKey::generate();
        let running = server::start(
            ServeConfig {
                database_url: db.url.clone(),
                admin_password: Some(ADMIN_PASSWORD.to_owned()),
                http,
                clock: Default::default(),
                token_lifetime: None,
                storage_dir: Some(storage_dir.clone()),
                secret_key: Some(secret_key.clone()),
                daily_jobs_at: None,
            },
            listener,
            std::future::pending(),
        )
        .await?;
        let base = format!("http://{}", running.addr);
        let client = reqwest::Client::builder()
            .timeout(Duration::from_secs(30))
            .build()?;
        Ok(TestApp {
            base,
            client,
            db,
            storage_dir,
            running: Some(running),
            _storage: storage,
            secret_key,
        })
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.base, path)
    }

    /// Downloads (and so deletes) the file an `.../export` answer names, with `token`, and
    /// answers its first worksheet's XML.
    pub async fn exported_sheet(&self, token: &str, export: &Reply) -> anyhow::Result<String> {
        let name = export.body["data"]["objectName"]
            .as_str()
            .context("the export answer names no objectName")?;
        let bytes = self
            .client
            .get(self.url("/api/file/download"))
            .query(&[("objectName", name), ("delete", "true")])
            .header(TOKEN_HEADER, token)
            .send()
            .await?
            .bytes()
            .await?;
        sheet_xml(&bytes)
    }

    /// What the server's start-up reported about the first administrator.
    pub fn first_admin(&self) -> Option<&server::FirstAdmin> {
        self.running.as_ref().and_then(|r| r.first_admin.as_ref())
    }

    pub async fn get(&self, path: &str) -> anyhow::Result<Reply> {
        Reply::read(self.client.get(self.url(path)).send().await?).await
    }

    pub async fn post_json(&self, path: &str, body: &Value) -> anyhow::Result<Reply> {
        Reply::read(self.client.post(self.url(path)).json(body).send().await?).await
    }

    /// Puts the clock on `date` at noon in the business time zone (系统设置), so that the
    /// business date is `date`; the clock runs on from there. Test builds only: the server has
    /// no way to do this from outside.
    pub async fn set_business_date(&self, date: chrono::NaiveDate) -> anyhow::Result<()> {
        let app = self.beehive();
        let zone = app.time_zone().await.map_err(|e| anyhow::anyhow!("{e}"))?;
        let noon = chrono::NaiveTime::from_hms_opt(12, 0, 0).context("noon")?;
        app.clock().set_local(date, noon, zone);
        Ok(())
    }

    /// A second application on this test's database, as a second `beehive serve` instance
    /// would have (its own pool and job registry, the same clock).
    pub async fn another_instance(&self) -> anyhow::Result<service::Beehive> {
        service::Beehive::connect_with_clock(&self.db.url, self.beehive().clock().clone())
            .await
            .map_err(|e| anyhow::anyhow!("{e}"))
    }

    /// The application behind the server: fixtures and the clock.
    pub fn beehive(&self) -> &service::Beehive {
        match &self.running {
            Some(running) => &running.app,
            None => unreachable_stopped(),
        }
    }

    /// The first column of every row `sql` selects, as text (NULL as an empty string): lets a
    /// test look at what is really stored, e.g. that a secret column is encrypted.
    pub async fn column_texts(&self, sql: &str) -> anyhow::Result<Vec<String>> {
        self.db.column_texts(sql).await
    }

    /// Runs one statement on the test database and answers the rows it changed: how a test
    /// stages what a crash leaves behind.
    pub async fn execute(&self, sql: &str) -> anyhow::Result<u64> {
        use store::sea_orm::{ConnectionTrait, Statement};
        let db = store::sea_orm::Database::connect(&self.db.url).await?;
        let backend = db.get_database_backend();
        let done = db
            .execute_raw(Statement::from_string(backend, sql.to_owned()))
            .await?;
        db.close().await?;
        Ok(done.rows_affected())
    }

    /// Inserts customers through the entity (mobile encrypted with the server's key, with its
    /// mask and blind index), 500 rows per statement; answers their ids in order.
    pub async fn insert_customers(
        &self,
        customers: &[CustomerFixture],
    ) -> anyhow::Result<Vec<i64>> {
        use store::entity::customer;
        use store::sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder, Set};
        let db = store::sea_orm::Database::connect(&self.db.url).await?;
        // Test fixtures are staged outside the server, before its clock is read.
        #[allow(clippy::disallowed_methods)]
        let now = chrono::Utc::now();
        let tag = uuid::Uuid::new_v4().simple().to_string();
        for (chunk_no, chunk) in customers.chunks(500).enumerate() {
            let rows = chunk.iter().enumerate().map(|(i, c)| {
                let masked = if c.mobile.len() == 11 {
                    format!("{}****{}", &c.mobile[..3], &c.mobile[7..])
                } else {
                    "****".to_owned()
                };
                customer::ActiveModel {
                    customer_no: Set(format!("T{}{:06}", &tag[..8], chunk_no * 500 + i)),
                    kind: Set(c.kind.to_owned()),
                    name: Set(c.name.clone()),
                    name_key: Set(domain::text::name_key(&c.name)),
                    mobile_enc: Set(self.secret_key.encrypt(&c.mobile)),
                    mobile_mask: Set(masked),
                    mobile_hash: Set(self.secret_key.blind_index("mobile", &c.mobile)),
                    address: Set(String::new()),
                    status: Set(c.status.to_owned()),
                    kyc_status: Set("PENDING".to_owned()),
                    remark: Set(String::new()),
                    created_at: Set(now),
                    updated_at: Set(now),
                    version: Set(0),
                    ..Default::default()
                }
            });
            customer::Entity::insert_many(rows).exec(&db).await?;
        }
        let ids = customer::Entity::find()
            .filter(customer::Column::CustomerNo.starts_with(format!("T{}", &tag[..8])))
            .order_by_asc(customer::Column::Id)
            .all(&db)
            .await?
            .into_iter()
            .map(|c| c.id)
            .collect();
        db.close().await?;
        Ok(ids)
    }

    /// Moves the server's clock forward.
    pub fn advance(&self, by: Duration) {
        self.beehive().clock().advance(by);
    }

    /// GET with a token in the `authorization-token` header.
    pub async fn get_as(&self, path: &str, token: &str) -> anyhow::Result<Reply> {
        Reply::read(
            self.client
                .get(self.url(path))
                .header(TOKEN_HEADER, token)
                .send()
                .await?,
        )
        .await
    }

    /// POST JSON with a token.
    pub async fn post_as(&self, path: &str, token: &str, body: &Value) -> anyhow::Result<Reply> {
        Reply::read(
            self.client
                .post(self.url(path))
                .header(TOKEN_HEADER, token)
                .json(body)
                .send()
                .await?,
        )
        .await
    }

    /// POST a JSON body with a token, asking for the answer's messages in `language`
    /// (`Accept-Language`).
    pub async fn post_in(
        &self,
        language: &str,
        path: &str,
        token: &str,
        body: &Value,
    ) -> anyhow::Result<Reply> {
        Reply::read(
            self.client
                .post(self.url(path))
                .header(TOKEN_HEADER, token)
                .header("accept-language", language)
                .json(body)
                .send()
                .await?,
        )
        .await
    }

    /// POST a `multipart/form-data` body with a token: the text `fields`, then the file part
    /// `file` named `file_name` holding `bytes`.
    pub async fn upload_as(
        &self,
        path: &str,
        token: &str,
        fields: &[(&str, &str)],
        file_name: &str,
        bytes: &[u8],
    ) -> anyhow::Result<Reply> {
        let boundary = "----beehive-test-boundary";
        let mut body = Vec::new();
        for (name, value) in fields {
            body.extend_from_slice(
                format!(
                    "--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n"
                )
                .as_bytes(),
            );
        }
        body.extend_from_slice(
            format!(
                "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{file_name}\"\r\n\
                 Content-Type: application/octet-stream\r\n\r\n"
            )
            .as_bytes(),
        );
        body.extend_from_slice(bytes);
        body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
        Reply::read(
            self.client
                .post(self.url(path))
                .header(TOKEN_HEADER, token)
                .header(
                    "content-type",
                    format!("multipart/form-data; boundary={boundary}"),
                )
                .body(body)
                .send()
                .await?,
        )
        .await
    }

    /// POST a `multipart/form-data` body with a token: the text `fields` and the `files`
    /// (field name, file name, bytes), any number of each.
    pub async fn multipart_as(
        &self,
        path: &str,
        token: &str,
        fields: &[(&str, &str)],
        files: &[(&str, &str, &[u8])],
    ) -> anyhow::Result<Reply> {
        let boundary = "----beehive-test-boundary";
        let mut body = Vec::new();
        for (name, value) in fields {
            body.extend_from_slice(
                format!(
                    "--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n"
                )
                .as_bytes(),
            );
        }
        for (name, file_name, bytes) in files {
            body.extend_from_slice(
                format!(
                    "--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"; filename=\"{file_name}\"\r\n\
                     Content-Type: application/octet-stream\r\n\r\n"
                )
                .as_bytes(),
            );
            body.extend_from_slice(bytes);
            body.extend_from_slice(b"\r\n");
        }
        body.extend_from_slice(format!("--{boundary}--\r\n").as_bytes());
        Reply::read(
            self.client
                .post(self.url(path))
                .header(TOKEN_HEADER, token)
                .header(
                    "content-type",
                    format!("multipart/form-data; boundary={boundary}"),
                )
                .body(body)
                .send()
                .await?,
        )
        .await
    }

    /// GET a file with a token: the status and the bytes.
    pub async fn get_bytes_as(&self, path: &str, token: &str) -> anyhow::Result<(u16, Vec<u8>)> {
        let response = self
            .client
            .get(self.url(path))
            .header(TOKEN_HEADER, token)
            .send()
            .await?;
        let status = response.status().as_u16();
        Ok((status, response.bytes().await?.to_vec()))
    }

    /// POST a form-encoded body, as the client's 'form' call style does.
    pub async fn post_form(&self, path: &str, form: &[(&str, &str)]) -> anyhow::Result<Reply> {
        let body = form
            .iter()
            .map(|(k, v)| format!("{}={}", encode(k), encode(v)))
            .collect::<Vec<_>>()
            .join("&");
        Reply::read(
            self.client
                .post(self.url(path))
                .header("content-type", "application/x-www-form-urlencoded")
                .body(body)
                .send()
                .await?,
        )
        .await
    }

    /// A fresh login identifier for `kind` (`admin` or `capital`).
    pub async fn uid(&self, kind: &str) -> anyhow::Result<String> {
        let reply = self.get(&format!("/api/{kind}/login/uid")).await?;
        reply.data::<Value>()?["uid"]
            .as_str()
            .map(str::to_owned)
            .ok_or_else(|| anyhow::anyhow!("no uid in {}", reply.text))
    }

    /// Signs in with account and password (typed value; MD5 is applied here like the client).
    pub async fn login(&self, kind: &str, account: &str, password: &str) -> anyhow::Result<Reply> {
        let uid = self.uid(kind).await?;
        self.post_json(
            &format!("/api/{kind}/login/account"),
            &serde_json::json!({ "uid": uid, "username": account, "password": md5(password) }),
        )
        .await
    }

    /// Signs in and returns the session's data; fails the test when sign-in fails.
    pub async fn session(
        &self,
        kind: &str,
        account: &str,
        password: &str,
    ) -> anyhow::Result<Session> {
        let reply = self.login(kind, account, password).await?;
        anyhow::ensure!(reply.code() == 200, "sign-in failed: {}", reply.text);
        reply.data()
    }

    /// The first administrator's session.
    pub async fn admin_session(&self) -> anyhow::Result<Session> {
        self.session("admin", "admin", ADMIN_PASSWORD).await
    }

    /// The first administrator's token.
    pub async fn admin_token(&self) -> anyhow::Result<String> {
        Ok(self.admin_session().await?.token)
    }

    /// Creates, with `root`'s token, a role `r_<account>` holding exactly `permissions` and an
    /// administrator `account` (password `<account>-Pass-1`) holding only that role, and signs
    /// it in. Fails the test when a step is refused.
    pub async fn limited_admin(
        &self,
        root: &str,
        account: &str,
        permissions: &[&str],
    ) -> anyhow::Result<LimitedAdmin> {
        let role = self
            .post_as(
                "/api/admin/role/create",
                root,
                &serde_json::json!({ "code": format!("r_{account}"), "name": account,
                                     "enabled": true, "permissions": permissions }),
            )
            .await?;
        let role_id = role.created_id().context("role create")?;
        let password = format!("{account}-Pass-1");
        let user = self
            .post_as(
                "/api/admin/user/create",
                root,
                &serde_json::json!({ "account": account, "name": account, "roleIds": [role_id],
                                     "password": md5(&password) }),
            )
            .await?;
        let user_id = user.created_id().context("user create")?;
        let token = self.session("admin", account, &password).await?.token;
        Ok(LimitedAdmin {
            role_id,
            user_id,
            token,
        })
    }

    /// Creates a capital provider (if needed) and an enabled user of it.
    pub async fn capital_user(
        &self,
        provider: &str,
        account: &str,
        password: &str,
    ) -> anyhow::Result<i64> {
        let actor = service::principal::Actor::System("test");
        let app = self.beehive();
        let provider_id = app
            .ensure_capital_provider(&actor, provider)
            .await
            .map_err(|e| anyhow::anyhow!("{e}"))?;
        app.create_capital_user(
            &actor,
            provider_id,
            account,
            "测试用户",
            None,
            Some(password.to_owned()),
        )
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
        Ok(provider_id)
    }

    /// Stops the server and starts a new one on the same database, storage and key (what a
    /// deployment's restart does); the address changes.
    pub async fn restart(&mut self) -> anyhow::Result<()> {
        self.halt().await?;
        self.resume().await
    }

    /// Stops the server, keeping the database (then [`TestApp::resume`]).
    pub async fn halt(&mut self) -> anyhow::Result<()> {
        if let Some(running) = self.running.take() {
            running.stop().await?;
        }
        Ok(())
    }

    /// Starts a server again after [`TestApp::halt`].
    pub async fn resume(&mut self) -> anyhow::Result<()> {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
        let running = server::start(
            ServeConfig {
                database_url: self.db.url.clone(),
                admin_password: Some(ADMIN_PASSWORD.to_owned()),
                http: HttpConfig::default(),
                clock: Default::default(),
                token_lifetime: None,
                storage_dir: Some(self.storage_dir.clone()),
                secret_key: Some(self.secret_key.clone()),
                daily_jobs_at: None,
            },
            listener,
            std::future::pending(),
        )
        .await?;
        self.base = format!("http://{}", running.addr);
        self.running = Some(running);
        Ok(())
    }

    /// Stops the server gracefully.
    pub async fn stop(mut self) -> anyhow::Result<()> {
        if let Some(running) = self.running.take() {
            running.stop().await?;
        }
        Ok(())
    }
}

/// The header that carries the token.
pub const TOKEN_HEADER: &str = "authorization-token";

/// The MD5 hex of a typed password, as the web client sends it.
pub fn md5(plain: &str) -> String {
    service::password::md5_hex(plain)
}

fn encode(value: &str) -> String {
    value
        .bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                char::from(b).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

#[allow(clippy::panic)]
fn unreachable_stopped() -> ! {
    panic!("the test app was stopped")
}

/// An administrator [`TestApp::limited_admin`] made: its role, its account and its token.
#[derive(Debug, Clone)]
pub struct LimitedAdmin {
    pub role_id: i64,
    pub user_id: i64,
    pub token: String,
}

/// A signed-in session as the server answers it.
#[derive(Debug, Clone, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Session {
    pub token: String,
    pub refresh_token: String,
    pub expiration_time: i64,
    pub username: String,
    pub authorities: Option<Vec<String>>,
}

/// An HTTP answer, its body parsed as JSON when it is JSON.
#[derive(Debug)]
pub struct Reply {
    pub status: u16,
    pub headers: reqwest::header::HeaderMap,
    pub body: Value,
    pub text: String,
}

impl Reply {
    pub async fn read(response: reqwest::Response) -> anyhow::Result<Reply> {
        let status = response.status().as_u16();
        let headers = response.headers().clone();
        let text = response.text().await?;
        let body = serde_json::from_str(&text).unwrap_or(Value::Null);
        Ok(Reply {
            status,
            headers,
            body,
            text,
        })
    }

    /// The envelope code.
    pub fn code(&self) -> i64 {
        self.body["code"].as_i64().unwrap_or(-1)
    }

    pub fn msg(&self) -> &str {
        self.body["msg"].as_str().unwrap_or_default()
    }

    /// The envelope's data, deserialized.
    pub fn data<T: DeserializeOwned>(&self) -> anyhow::Result<T> {
        Ok(serde_json::from_value(self.body["data"].clone())?)
    }

    /// The integer `data.<key>` of an answer that must have succeeded: fails, with the
    /// answer's text, when the code is not 200 or `data.<key>` is no integer (a failed create
    /// never reads as id 0).
    pub fn created(&self, key: &str) -> anyhow::Result<i64> {
        anyhow::ensure!(
            self.code() == 200,
            "expected code 200 with data.{key}, got: {}",
            self.text
        );
        self.body["data"][key]
            .as_i64()
            .with_context(|| format!("no integer data.{key} in: {}", self.text))
    }

    /// The id a create answered ([`Reply::created`] of `id`).
    pub fn created_id(&self) -> anyhow::Result<i64> {
        self.created("id")
    }

    /// The message a refusal names for field `name` (`data.fields.<name>`).
    pub fn field(&self, name: &str) -> Option<&str> {
        self.body["data"]["fields"][name].as_str()
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }
}

/// The first worksheet's XML of an `.xlsx` file.
pub fn sheet_xml(bytes: &[u8]) -> anyhow::Result<String> {
    use std::io::Read;
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes))?;
    let mut sheet = archive.by_name("xl/worksheets/sheet1.xml")?;
    let mut xml = String::new();
    sheet.read_to_string(&mut xml)?;
    Ok(xml)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn database_name_replaced_in_postgres_urls() {
        assert_eq!(
            with_database("postgres://postgres@127.0.0.1:5432/postgres", "t1"),
            "postgres://postgres@127.0.0.1:5432/t1"
        );
        assert_eq!(
            with_database("postgres://u:p@db/app?sslmode=disable", "t2"),
            "postgres://u:p@db/t2?sslmode=disable"
        );
        assert_eq!(
            with_database("postgres://u@host", "t3"),
            "postgres://u@host/t3"
        );
    }
}
