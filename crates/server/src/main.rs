//! The `beehive` command.

use anyhow::Context;
use clap::{Parser, Subcommand, ValueEnum};
use server::{HttpConfig, ServeConfig};
use std::io::{IsTerminal, Write};
use std::net::SocketAddr;
use std::path::Path;
use std::time::Duration;

/// Beehive: the back-office of vehicle-linked financing and insurance.
#[derive(Debug, Parser)]
#[command(name = "beehive", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum LogFormat {
    /// Readable lines for a terminal.
    Human,
    /// One JSON object a line, for log collectors.
    Json,
}

#[derive(Debug, clap::Args)]
struct Database {
    /// The database: `sqlite://path?mode=rwc` (default, a file under ./data/) or
    /// `postgres://user:password@host/db`.
    #[arg(long, env = "DATABASE_URL", default_value = DEFAULT_DATABASE_URL, hide_env_values = true)]
    database_url: String,
}

const DEFAULT_DATABASE_URL: &str = "sqlite://data/beehive.db?mode=rwc";

#[derive(Debug, Subcommand)]
enum Command {
    /// Run the server: the API under /api and the web workspace. Migrates the database on
    /// start-up and, on an empty database, creates the first administrator `admin`.
    Serve {
        /// Address to listen on.
        #[arg(long, env = "BEEHIVE_BIND", default_value = "127.0.0.1:8080")]
        bind: SocketAddr,
        #[command(flatten)]
        database: Database,
        /// Log format.
        #[arg(long, env = "BEEHIVE_LOG_FORMAT", value_enum, default_value = "human")]
        log_format: LogFormat,
        /// Seconds a request may take before it is answered with a timeout message.
        #[arg(long, env = "BEEHIVE_REQUEST_TIMEOUT", default_value_t = 30)]
        request_timeout: u64,
        /// Seconds a sign-in token is valid before the client must refresh it.
        #[arg(long, env = "BEEHIVE_TOKEN_LIFETIME", default_value_t = 7200)]
        token_lifetime: u64,
        /// Directory of the object storage (exported files); created if missing.
        #[arg(long, env = "BEEHIVE_STORAGE_DIR", default_value = "./data/storage")]
        storage_dir: std::path::PathBuf,
        /// The key that encrypts provider secrets at rest: 64 hexadecimal characters. When
        /// absent, the key kept in `<data dir>/secret.key` is used (generated at first start).
        #[arg(long, env = "BEEHIVE_SECRET_KEY", hide_env_values = true)]
        secret_key: Option<String>,
        /// Directory of the server's own files (the generated secret key).
        #[arg(long, env = "BEEHIVE_DATA_DIR", default_value = "./data")]
        data_dir: std::path::PathBuf,
        /// Time of day (HH:MM, in 系统设置's time zone) the daily jobs run for the business
        /// date; missed dates are caught up at start. `off` runs no daily schedule here.
        #[arg(long, env = "BEEHIVE_DAILY_JOBS_AT", default_value = "00:30")]
        daily_jobs_at: String,
    },
    /// Apply pending database migrations and exit.
    Migrate {
        #[command(flatten)]
        database: Database,
    },
    /// Create a super-administrator account. The password comes from
    /// BEEHIVE_ADMIN_PASSWORD, or is generated and printed once.
    CreateAdmin {
        /// The sign-in account (3 to 32 letters, digits, _ . - @).
        #[arg(long)]
        account: String,
        /// The person's name.
        #[arg(long, default_value = "管理员")]
        name: String,
        /// Mobile number for SMS sign-in (11 digits).
        #[arg(long)]
        mobile: Option<String>,
        #[command(flatten)]
        database: Database,
    },
    /// Create a capital-provider user (and its capital provider, ACTIVE, if there is none of
    /// that name). The password comes from BEEHIVE_CAPITAL_PASSWORD, or is generated and
    /// printed once.
    CreateCapitalUser {
        /// The capital provider's name.
        #[arg(long)]
        provider: String,
        /// The sign-in account (3 to 32 letters, digits, _ . - @).
        #[arg(long)]
        account: String,
        /// The person's name.
        #[arg(long, default_value = "资金方用户")]
        name: String,
        /// Mobile number (11 digits).
        #[arg(long)]
        mobile: Option<String>,
        #[command(flatten)]
        database: Database,
    },
    /// Set a capital provider's status (ACTIVE, PAUSED or TERMINATED) the way 资金方管理 does:
    /// TERMINATED is final, and its users are signed out when it stops being ACTIVE.
    ProviderStatus {
        /// The capital provider's name.
        #[arg(long)]
        provider: String,
        /// ACTIVE, PAUSED or TERMINATED.
        #[arg(long)]
        status: String,
        #[command(flatten)]
        database: Database,
    },
    /// Background jobs: list them, or run one pass of one (what `serve` runs in a loop).
    Jobs {
        #[command(subcommand)]
        command: JobsCommand,
    },
    /// Print the permission catalogue as TypeScript (the web app's generated list).
    Permissions,
    /// Print the OpenAPI document of the API (JSON).
    Openapi {
        /// Write to this file instead of standard output.
        #[arg(long)]
        output: Option<std::path::PathBuf>,
    },
}

#[derive(Debug, Subcommand)]
enum JobsCommand {
    /// The jobs and what each does.
    List,
    /// Run the job NAME: one pass of a queue job; a daily job for the business date `--date`
    /// (units already done are skipped, failed ones retried), or without `--date` every date not
    /// yet run up to today's business date, oldest first.
    Run {
        /// The job's name (see `beehive jobs list`).
        name: String,
        /// The business date (YYYY-MM-DD) a daily job runs for; not after today's.
        #[arg(long)]
        date: Option<chrono::NaiveDate>,
        #[command(flatten)]
        database: Database,
    },
}

fn init_logs(format: LogFormat) {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| {
        tracing_subscriber::EnvFilter::new("info,sqlx=warn,sea_orm=warn,sea_orm_migration=warn")
    });
    // Colours only on a terminal: piped or collected logs stay plain text.
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(std::io::stdout().is_terminal());
    match format {
        LogFormat::Human => builder.init(),
        LogFormat::Json => builder.json().flatten_event(true).init(),
    }
}

/// SQLite needs the directory of its file to exist.
fn prepare_sqlite_dir(url: &str) -> anyhow::Result<()> {
    if let Some(rest) = url.strip_prefix("sqlite://") {
        let path = rest.split('?').next().unwrap_or_default();
        if let Some(dir) = Path::new(path)
            .parent()
            .filter(|d| !d.as_os_str().is_empty())
        {
            std::fs::create_dir_all(dir).with_context(|| {
                format!("cannot create the database directory {}", dir.display())
            })?;
        }
    }
    Ok(())
}

fn admin_password_from_env() -> Option<String> {
    std::env::var("BEEHIVE_ADMIN_PASSWORD")
        .ok()
        .filter(|p| !p.is_empty())
}

/// Prints a generated password once, to the console only (never to the logs).
fn announce_admin(admin: &server::FirstAdmin) -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    writeln!(out)?;
    writeln!(
        out,
        "  ┌──────────────────────────────────────────────────────────"
    )?;
    writeln!(
        out,
        "  │ 已创建管理员账号 / administrator created: {}",
        admin.account
    )?;
    match &admin.generated_password {
        Some(password) => {
            writeln!(out, "  │ 初始密码 / password: {password}")?;
            writeln!(out, "  │ 此密码只显示这一次，请立即登录并修改。")?;
            writeln!(
                out,
                "  │ It is shown only this once: sign in and change it."
            )?;
        }
        None => writeln!(
            out,
            "  │ 密码为 BEEHIVE_ADMIN_PASSWORD 所给的值 / password from BEEHIVE_ADMIN_PASSWORD"
        )?,
    }
    writeln!(
        out,
        "  └──────────────────────────────────────────────────────────"
    )?;
    writeln!(out)?;
    out.flush()?;
    Ok(())
}

async fn shutdown_signal() {
    let ctrl_c = async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut sig) => {
                sig.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {},
        _ = terminate => {},
    }
}

/// The secret key from `--secret-key`, else from `<data dir>/secret.key` (created the first
/// time). Only the file's path is ever printed, never the key.
fn load_secret_key(
    given: Option<&str>,
    data_dir: &std::path::Path,
) -> anyhow::Result<service::secret::SecretKey> {
    if let Some(hex) = given.filter(|h| !h.trim().is_empty()) {
        return service::secret::SecretKey::from_hex(hex)
            .map_err(|e| anyhow::anyhow!("--secret-key / BEEHIVE_SECRET_KEY: {e}"));
    }
    let path = data_dir.join("secret.key");
    let (key, created) = service::secret::SecretKey::load_or_create(&path)
        .with_context(|| format!("cannot read or create {}", path.display()))?;
    if created {
        tracing::warn!(
            path = %path.display(),
            "generated the secret key that encrypts provider secrets; keep this file (and back it up): without it, saved API keys must be typed in again"
        );
    } else {
        tracing::info!(path = %path.display(), "secret key read");
    }
    Ok(key)
}

/// `HH:MM` (or `off`) of `--daily-jobs-at`.
fn parse_daily_jobs_at(value: &str) -> anyhow::Result<Option<chrono::NaiveTime>> {
    let value = value.trim();
    if value.eq_ignore_ascii_case("off") {
        return Ok(None);
    }
    chrono::NaiveTime::parse_from_str(value, "%H:%M")
        .map(Some)
        .map_err(|_| anyhow::anyhow!("--daily-jobs-at / BEEHIVE_DAILY_JOBS_AT: expected HH:MM (e.g. 00:30) or off, got {value}"))
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    match cli.command {
        Command::Serve {
            bind,
            database,
            log_format,
            request_timeout,
            token_lifetime,
            storage_dir,
            secret_key,
            data_dir,
            daily_jobs_at,
        } => {
            init_logs(log_format);
            let daily_jobs_at = parse_daily_jobs_at(&daily_jobs_at)?;
            let secret_key = load_secret_key(secret_key.as_deref(), &data_dir)?;
            prepare_sqlite_dir(&database.database_url)?;
            if !server::spa::is_built() {
                tracing::warn!("the web app is not embedded: build web/ first (see README)");
            }
            let listener = tokio::net::TcpListener::bind(bind)
                .await
                .with_context(|| format!("cannot listen on {bind}"))?;
            let running = server::start(
                ServeConfig {
                    database_url: database.database_url,
                    admin_password: admin_password_from_env(),
                    http: HttpConfig {
                        request_timeout: Duration::from_secs(request_timeout.max(1)),
                    },
                    clock: Default::default(),
                    token_lifetime: Some(Duration::from_secs(token_lifetime.max(1))),
                    storage_dir: Some(storage_dir),
                    secret_key: Some(secret_key),
                    daily_jobs_at,
                },
                listener,
                shutdown_signal(),
            )
            .await?;
            if let Some(admin) = &running.first_admin {
                announce_admin(admin)?;
            }
            tracing::info!(
                database = running.database,
                "Beehive is listening on http://{}",
                running.addr
            );
            running.wait().await?;
            tracing::info!("stopped");
        }
        Command::Migrate { database } => {
            init_logs(LogFormat::Human);
            prepare_sqlite_dir(&database.database_url)?;
            let beehive = service::Beehive::connect(&database.database_url).await?;
            beehive.migrate().await?;
            let health = beehive.health().await?;
            tracing::info!(
                database = health.database,
                applied = health.migrations.len(),
                "database is up to date"
            );
            beehive.close().await?;
        }
        Command::CreateAdmin {
            account,
            name,
            mobile,
            database,
        } => {
            init_logs(LogFormat::Human);
            prepare_sqlite_dir(&database.database_url)?;
            let beehive = service::Beehive::connect(&database.database_url).await?;
            beehive.migrate().await?;
            let created = beehive
                .create_admin(
                    &account,
                    &name,
                    mobile.as_deref(),
                    admin_password_from_env(),
                )
                .await
                .map_err(|e| anyhow::anyhow!("{e}"))?;
            announce_admin(&created)?;
            beehive.close().await?;
        }
        Command::CreateCapitalUser {
            provider,
            account,
            name,
            mobile,
            database,
        } => {
            init_logs(LogFormat::Human);
            prepare_sqlite_dir(&database.database_url)?;
            let beehive = service::Beehive::connect(&database.database_url).await?;
            beehive.migrate().await?;
            let actor = service::principal::Actor::System("cli");
            let password = std::env::var("BEEHIVE_CAPITAL_PASSWORD")
                .ok()
                .filter(|p| !p.is_empty());
            let created = async {
                let provider_id = beehive.ensure_capital_provider(&actor, &provider).await?;
                beehive
                    .create_capital_user(
                        &actor,
                        provider_id,
                        &account,
                        &name,
                        mobile.as_deref(),
                        password,
                    )
                    .await
            }
            .await
            .map_err(|e| anyhow::anyhow!("{e}"))?;
            announce_admin(&server::FirstAdmin {
                account: created.account,
                generated_password: created.generated_password,
            })?;
            beehive.close().await?;
        }
        Command::ProviderStatus {
            provider,
            status,
            database,
        } => {
            init_logs(LogFormat::Human);
            prepare_sqlite_dir(&database.database_url)?;
            let beehive = service::Beehive::connect(&database.database_url).await?;
            beehive.migrate().await?;
            let by = service::transition::By::system("cli");
            async {
                let id = beehive.capital_provider_id(&provider).await?;
                beehive.set_capital_provider_status(&by, id, &status).await
            }
            .await
            .map_err(|e| anyhow::anyhow!("{e}"))?;
            tracing::info!(provider, status, "capital provider status set");
            beehive.close().await?;
        }
        Command::Jobs {
            command: JobsCommand::List,
        } => {
            let mut out = std::io::stdout().lock();
            for job in service::jobs::JOBS {
                writeln!(out, "{:<14} queue  {}", job.name, job.about)?;
            }
            for (name, about) in service::built_in_daily_jobs() {
                writeln!(out, "{name:<14} daily  {about}")?;
            }
        }
        Command::Jobs {
            command:
                JobsCommand::Run {
                    name,
                    date,
                    database,
                },
        } => {
            init_logs(LogFormat::Human);
            prepare_sqlite_dir(&database.database_url)?;
            let beehive = service::Beehive::connect(&database.database_url).await?;
            beehive.migrate().await?;
            let daily = beehive.daily_jobs().iter().any(|(n, _)| *n == name);
            let outcome = async {
                match (daily, date) {
                    (true, Some(date)) => {
                        let run = beehive.run_daily_job(&name, date).await?;
                        tracing::info!(job = name, %date, units = run.worked, finished = run.finished, "daily job run");
                    }
                    (true, None) => {
                        let today = beehive.business_date().await?;
                        let dates = beehive.catch_up(&name, today).await?;
                        let dates: Vec<String> = dates.iter().map(ToString::to_string).collect();
                        tracing::info!(job = name, dates = dates.join(","), "daily job caught up");
                    }
                    (false, Some(_)) => {
                        return Err(service::Error::invalid(
                            "date",
                            format!("任务 {name} 不按营业日运行，不能指定 --date"),
                        ));
                    }
                    (false, None) => {
                        let done = beehive.run_job(&name).await?;
                        tracing::info!(job = name, units = done, "job pass finished");
                    }
                }
                Ok(())
            }
            .await;
            beehive.close().await?;
            outcome.map_err(|e| anyhow::anyhow!("{e}"))?;
        }
        Command::Permissions => {
            let mut out = std::io::stdout().lock();
            write!(out, "{}", server::permissions_typescript())?;
        }
        Command::Openapi { output } => {
            let json = server::routes::openapi()
                .to_pretty_json()
                .context("cannot serialise the OpenAPI document")?;
            match output {
                Some(path) => std::fs::write(&path, format!("{json}\n"))
                    .with_context(|| format!("cannot write {}", path.display()))?,
                None => {
                    let mut out = std::io::stdout().lock();
                    writeln!(out, "{json}")?;
                }
            }
        }
    }
    Ok(())
}
