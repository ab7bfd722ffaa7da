//! Beehive's use cases. One module per menu section; each business action runs in one
//! transaction together with its audit entry. The server calls this crate and never SeaORM.
//!
//! Leaf modules that every section uses: `principal` (who acts), `error`, `clock`, `audit`
//! (the operation log), `transition` (the one status change), `paging`, `export`, `files`,
//! `ports` (traits for outside providers), `jobs` (background work). Sections never import each
//! other in a circle (checked by the test suite); this file wires the application together.

#[cfg(test)]
mod architecture;
pub mod audit;
pub mod auth;
pub mod capital;
pub mod clock;
pub mod content;
pub mod customer;
mod error;
pub mod export;
pub mod files;
pub mod idempotency;
pub mod interface;
pub mod jobs;
pub mod ledger;
pub mod operate;
pub mod order;
pub mod paging;
pub mod partner;
pub mod password;
pub mod ports;
pub mod principal;
pub mod secret;
pub mod system;
pub mod transition;

pub use error::{Error, Result};

use auth::settings::SecuritySettings;
use clock::Clock;
use std::sync::Arc;
use store::sea_orm::DatabaseConnection;

/// The application: the database and everything the use cases need.
#[derive(Clone)]
pub struct Beehive {
    db: DatabaseConnection,
    clock: Clock,
    security: Arc<SecuritySettings>,
    storage: export::Storage,
    settings_cache: system::settings::Cache,
    /// Encrypts provider secrets at rest.
    secrets: Arc<secret::SecretKey>,
    /// Calls to outside providers.
    http: reqwest::Client,
    /// Sends text messages (sign-in codes, notices, test sends) through the configured provider.
    sms: Arc<dyn ports::Sms>,
    /// Wakes this instance's job loops when work is queued (jobs).
    jobs_wake: Arc<tokio::sync::Notify>,
    /// The daily jobs (built-in ones; tests add theirs).
    daily_jobs: jobs::DailyJobs,
    /// The time of day `serve` runs the daily jobs (business time zone); none: not scheduled.
    daily_at: Option<chrono::NaiveTime>,
}

/// The SMS port wired to the provider configured in 短信/OCR接口配置.
fn sms_gateway(
    db: &DatabaseConnection,
    http: &reqwest::Client,
    secrets: &Arc<secret::SecretKey>,
    clock: &Clock,
) -> Arc<dyn ports::Sms> {
    Arc::new(interface::SmsGateway::new(
        db.clone(),
        http.clone(),
        secrets.clone(),
        clock.clone(),
    ))
}

/// What `GET /api/health` reports.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Health {
    /// `sqlite` or `postgres`.
    pub database: &'static str,
    /// The applied migrations, oldest first.
    pub migrations: Vec<String>,
}

impl Beehive {
    /// Connects to `database_url` (`sqlite://...` or `postgres://...`).
    pub async fn connect(database_url: &str) -> Result<Self> {
        Self::connect_with_clock(database_url, Clock::default()).await
    }

    /// Connects with a given clock (tests move it forward).
    pub async fn connect_with_clock(database_url: &str, clock: Clock) -> Result<Self> {
        let db = store::connect(database_url)
            .await
            .map_err(|e| Error::DatabaseUnavailable(anyhow::Error::new(e)))?;
        // Without a configured key, secrets saved by this instance only live as long as it.
        let secrets = Arc::new(secret::SecretKey::generate());
        let http = reqwest::Client::builder()
            .timeout(std::time::Duration::from_secs(10))
            .build()
            .map_err(Error::internal)?;
        let sms = sms_gateway(&db, &http, &secrets, &clock);
        Ok(Beehive {
            db,
            clock,
            security: Arc::new(SecuritySettings::default()),
            storage: export::Storage::in_memory(),
            settings_cache: system::settings::Cache::default(),
            secrets,
            http,
            sms,
            jobs_wake: Arc::new(tokio::sync::Notify::new()),
            daily_jobs: daily_jobs(),
            daily_at: None,
        })
    }

    /// Overrides the sign-in token lifetime (the `--token-lifetime` start-up setting).
    pub fn with_token_lifetime(mut self, lifetime: std::time::Duration) -> Self {
        let mut settings = (*self.security).clone();
        settings.token_lifetime = lifetime;
        self.security = Arc::new(settings);
        self
    }

    /// Keeps exported files in `dir` (the `--storage-dir` start-up setting; created if missing).
    pub fn with_storage_dir(mut self, dir: &std::path::Path) -> Result<Self> {
        self.storage = export::Storage::local(dir)?;
        Ok(self)
    }

    /// Encrypts provider secrets with `key` (the `--secret-key` start-up setting).
    pub fn with_secret_key(mut self, key: secret::SecretKey) -> Self {
        self.secrets = Arc::new(key);
        self.sms = sms_gateway(&self.db, &self.http, &self.secrets, &self.clock);
        self
    }

    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    /// Applies pending migrations, then brings the built-in roles up to date with the
    /// permission catalogue.
    pub async fn migrate(&self) -> Result<()> {
        store::migrate(&self.db).await?;
        system::bootstrap::sync_super_role(&self.db, self.clock.now()).await
    }

    /// `sqlite` or `postgres`.
    pub fn database_kind(&self) -> &'static str {
        store::Engine::of(&self.db).name()
    }

    /// Proves the database answers and reports the schema version.
    pub async fn health(&self) -> Result<Health> {
        store::ping(&self.db)
            .await
            .map_err(|e| Error::DatabaseUnavailable(anyhow::Error::new(e)))?;
        let migrations = store::applied_migrations(&self.db).await?;
        Ok(Health {
            database: self.database_kind(),
            migrations,
        })
    }

    /// Creates the first administrator if there is no administrator yet.
    pub async fn ensure_first_admin(
        &self,
        password: Option<String>,
    ) -> Result<Option<system::bootstrap::FirstAdmin>> {
        system::bootstrap::ensure_first_admin(&self.db, password, self.clock.now()).await
    }

    /// Creates a super-administrator account from the command line.
    pub async fn create_admin(
        &self,
        account: &str,
        name: &str,
        mobile: Option<&str>,
        password: Option<String>,
    ) -> Result<system::bootstrap::FirstAdmin> {
        system::bootstrap::create_super_admin(
            &self.db,
            account,
            name,
            mobile,
            password,
            "cli",
            self.clock.now(),
        )
        .await
    }

    /// Closes the pool.
    pub async fn close(self) -> Result<()> {
        self.db.close().await?;
        Ok(())
    }
}

/// The daily jobs every application has: the foundation's and the sections'.
fn daily_jobs() -> jobs::DailyJobs {
    let jobs = jobs::built_in();
    jobs.add_built_in(std::sync::Arc::new(order::allocation::AllocationJob));
    jobs.add_built_in(std::sync::Arc::new(order::down_payment::DeadlineJob));
    jobs.add_built_in(std::sync::Arc::new(order::repayment::RepaymentsJob));
    jobs
}

/// The names and descriptions of the built-in daily jobs (`beehive jobs list`).
pub fn built_in_daily_jobs() -> Vec<(String, String)> {
    daily_jobs().describe()
}
