//! The `beehive` server: configuration, the HTTP application and its start-up.

pub mod auth;
pub mod envelope;
pub mod error;
pub mod extract;
pub mod middleware;
pub mod routes;
pub mod spa;
pub mod upload;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::Request;
use service::Beehive;
use std::net::SocketAddr;
use std::time::Duration;
use tokio::net::TcpListener;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::CompressionLayer;
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::trace::TraceLayer;

pub use service::system::bootstrap::FirstAdmin;

/// The state every handler receives.
#[derive(Clone)]
pub struct AppState {
    pub app: Beehive,
}

/// How the HTTP application behaves.
#[derive(Debug, Clone)]
pub struct HttpConfig {
    /// Longest time a request may take before it is answered with a timeout message.
    pub request_timeout: Duration,
}

impl Default for HttpConfig {
    fn default() -> Self {
        HttpConfig {
            request_timeout: Duration::from_secs(30),
        }
    }
}

/// The whole HTTP application: `/api`, the embedded web app and every layer.
pub fn app(state: AppState, config: &HttpConfig) -> Router {
    let routes = routes::router()
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            middleware::admin_ip_allow_list,
        ))
        .with_state(state);
    with_layers(routes, config)
}

/// `routes` with the fallbacks (unknown `/api` path, wrong method, the web app) and every
/// cross-cutting layer: body limit, timeout, panics, request ids, logs, compression, headers.
pub fn with_layers(routes: Router, config: &HttpConfig) -> Router {
    let request_id = axum::http::HeaderName::from_static(middleware::REQUEST_ID_HEADER);
    let mut router = routes
        .method_not_allowed_fallback(routes::method_not_allowed)
        .fallback(spa::serve)
        .layer(DefaultBodyLimit::max(extract::BODY_LIMIT_BYTES))
        .layer(axum::middleware::from_fn_with_state(
            config.request_timeout,
            middleware::timeout,
        ))
        .layer(CatchPanicLayer::custom(middleware::panic_response))
        .layer(axum::middleware::from_fn(middleware::request_context))
        .layer(
            TraceLayer::new_for_http().make_span_with(|req: &Request<_>| {
                let id = req
                    .headers()
                    .get(middleware::REQUEST_ID_HEADER)
                    .and_then(|v| v.to_str().ok())
                    .unwrap_or_default();
                tracing::info_span!(
                    "request",
                    method = %req.method(),
                    path = %middleware::loggable_path(req.uri().path()),
                    request_id = %id,
                )
            }),
        )
        .layer(PropagateRequestIdLayer::new(request_id.clone()))
        .layer(SetRequestIdLayer::new(request_id, MakeRequestUuid))
        .layer(CompressionLayer::new());
    for (name, value) in middleware::security_headers() {
        router = router.layer(SetResponseHeaderLayer::if_not_present(name, value));
    }
    router
}

/// Everything `serve` needs.
#[derive(Debug, Clone)]
pub struct ServeConfig {
    pub database_url: String,
    /// The first administrator's password (`BEEHIVE_ADMIN_PASSWORD`); generated when absent.
    pub admin_password: Option<String>,
    pub http: HttpConfig,
    /// The clock (tests move theirs forward).
    pub clock: service::clock::Clock,
    /// Overrides how long a sign-in token is valid (default 2 hours).
    pub token_lifetime: Option<Duration>,
    /// Where exported files are kept (`--storage-dir`); in memory when absent.
    pub storage_dir: Option<std::path::PathBuf>,
    /// Encrypts provider secrets at rest; a random key for this run when absent.
    pub secret_key: Option<service::secret::SecretKey>,
}

/// A running server.
pub struct Running {
    pub addr: SocketAddr,
    /// The administrator created by this start, if the database was empty.
    pub first_admin: Option<FirstAdmin>,
    /// `sqlite` or `postgres`.
    pub database: &'static str,
    /// The application the server runs (tests drive the clock and fixtures through it).
    pub app: Beehive,
    shutdown: tokio::sync::oneshot::Sender<()>,
    task: tokio::task::JoinHandle<std::io::Result<()>>,
    /// Delivers queued notices in the background (docs/templates.md).
    notices: service::operate::NoticeWorker,
}

impl Running {
    /// Stops accepting connections, lets requests in flight finish, and waits.
    pub async fn stop(self) -> anyhow::Result<()> {
        let Running {
            shutdown,
            task,
            notices,
            ..
        } = self;
        // The receiver is gone only if the server already stopped; then there is nothing to signal.
        let _ = shutdown.send(());
        task.await??;
        notices.stop().await;
        Ok(())
    }

    /// Waits until the server stops (after a shutdown signal).
    pub async fn wait(self) -> anyhow::Result<()> {
        let Running {
            shutdown,
            task,
            notices,
            ..
        } = self;
        let result = task.await?;
        notices.stop().await;
        drop(shutdown);
        Ok(result?)
    }
}

/// Connects, migrates, creates the first administrator if needed and starts serving on
/// `listener`. `signal` resolving starts a graceful shutdown.
pub async fn start(
    config: ServeConfig,
    listener: TcpListener,
    signal: impl std::future::Future<Output = ()> + Send + 'static,
) -> anyhow::Result<Running> {
    let mut beehive =
        Beehive::connect_with_clock(&config.database_url, config.clock.clone()).await?;
    if let Some(lifetime) = config.token_lifetime {
        beehive = beehive.with_token_lifetime(lifetime);
    }
    if let Some(dir) = &config.storage_dir {
        beehive = beehive.with_storage_dir(dir)?;
    }
    if let Some(key) = config.secret_key.clone() {
        beehive = beehive.with_secret_key(key);
    }
    beehive.migrate().await?;
    let first_admin = beehive
        .ensure_first_admin(config.admin_password.clone())
        .await?;
    let database = beehive.database_kind();
    // Queued notices (also those left by a previous run) are delivered from now on.
    let notices = beehive.start_notice_worker();
    let router = app(
        AppState {
            app: beehive.clone(),
        },
        &config.http,
    );
    let addr = listener.local_addr()?;
    let (shutdown, stopped) = tokio::sync::oneshot::channel::<()>();
    let task = tokio::spawn(async move {
        axum::serve(
            listener,
            router.into_make_service_with_connect_info::<SocketAddr>(),
        )
        .with_graceful_shutdown(async move {
            tokio::select! {
                _ = signal => {},
                _ = stopped => {},
            }
            tracing::info!("shutting down: finishing requests in flight");
        })
        .await
    });
    Ok(Running {
        addr,
        first_admin,
        database,
        app: beehive,
        shutdown,
        task,
        notices,
    })
}
