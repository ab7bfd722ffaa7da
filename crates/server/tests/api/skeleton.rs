//! The server skeleton seen from a client: health, the envelope for every kind of bad
//! request, the web app fallback, headers, and the first administrator.
//! Runs on the database `BEEHIVE_TEST_DB` names (sqlite or postgres).

use serde_json::json;
use testkit::{Reply, TestApp};

#[tokio::test]
async fn health_reports_the_database_and_its_schema() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let reply = app.get("/api/health").await?;
    assert_eq!(reply.status, 200);
    assert_eq!(reply.body["result"], true);
    assert_eq!(reply.code(), 200);
    let expected = match app.db.kind {
        testkit::DbKind::Sqlite => "sqlite",
        testkit::DbKind::Postgres => "postgres",
    };
    assert_eq!(reply.body["data"]["database"], expected);
    assert_eq!(reply.body["data"]["status"], "ok");
    assert!(
        reply.body["data"]["migrations"]
            .as_array()
            .is_some_and(|m| m.iter().any(|n| n == "m0001_identity"))
    );
    app.stop().await
}

#[tokio::test]
async fn unknown_api_path_answers_envelope_404() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let reply = app.get("/api/no/such/thing").await?;
    assert_eq!(reply.status, 200);
    assert_eq!(reply.body["result"], false);
    assert_eq!(reply.code(), 404);
    assert!(reply.msg().contains("接口不存在"), "{}", reply.msg());
    let bare = app.get("/api").await?;
    assert_eq!(bare.code(), 404);
    app.stop().await
}

#[tokio::test]
async fn wrong_method_answers_envelope_400() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let reply = Reply::read(app.client.delete(app.url("/api/health")).send().await?).await?;
    assert_eq!(reply.status, 200);
    assert_eq!(reply.code(), 400);
    assert_eq!(reply.msg(), "请求方法不被该接口支持");
    app.stop().await
}

#[tokio::test]
async fn other_paths_serve_the_web_app_with_security_headers() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let reply = app.get("/dashboard/some/deep/link?x=1").await?;
    assert_eq!(reply.status, 200);
    for header in [
        "x-content-type-options",
        "x-frame-options",
        "content-security-policy",
        "referrer-policy",
    ] {
        assert!(reply.header(header).is_some(), "{header} missing");
    }
    assert!(
        reply
            .header("x-request-id")
            .is_some_and(|id| id.len() >= 32)
    );
    if server::spa::is_built() {
        assert!(
            reply.text.contains("<div id=\"root\">"),
            "index.html expected"
        );
        assert_eq!(reply.header("cache-control"), Some("no-cache"));
    } else {
        assert_eq!(reply.code(), 404);
        assert!(reply.msg().contains("网页应用尚未构建"));
    }
    app.stop().await
}

#[tokio::test]
async fn request_id_is_kept_when_the_client_sends_one() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let reply = Reply::read(
        app.client
            .get(app.url("/api/health"))
            .header("x-request-id", "trace-me-123")
            .send()
            .await?,
    )
    .await?;
    assert_eq!(reply.header("x-request-id"), Some("trace-me-123"));
    app.stop().await
}

#[tokio::test]
async fn first_start_creates_the_administrator_once() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let admin = app.first_admin().expect("first administrator created");
    assert_eq!(admin.account, "admin");
    // The operator gave the password, so nothing was generated to show.
    assert!(admin.generated_password.is_none());

    // A second start on the same database creates nobody.
    let url = app.db.url.clone();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let again = server::start(
        server::ServeConfig {
            database_url: url,
            admin_password: None,
            http: server::HttpConfig::default(),
            clock: Default::default(),
            token_lifetime: None,
            storage_dir: None,
            secret_key: None,
            daily_jobs_at: None,
        },
        listener,
        std::future::pending(),
    )
    .await?;
    assert!(again.first_admin.is_none());
    again.stop().await?;
    app.stop().await
}

#[tokio::test]
async fn generated_first_password_is_strong() -> anyhow::Result<()> {
    let db = testkit::TestDatabase::fresh(testkit::DbKind::from_env()?).await?;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let running = server::start(
        server::ServeConfig {
            database_url: db.url.clone(),
            admin_password: None,
            http: server::HttpConfig::default(),
            clock: Default::default(),
            token_lifetime: None,
            storage_dir: None,
            secret_key: None,
            daily_jobs_at: None,
        },
        listener,
        std::future::pending(),
    )
    .await?;
    let password = running
        .first_admin
        .as_ref()
        .and_then(|a| a.generated_password.clone())
        .expect("a generated password");
    assert_eq!(password.chars().count(), 16);
    assert!(password.chars().any(|c| c.is_ascii_digit()));
    assert!(password.chars().any(|c| c.is_ascii_uppercase()));
    running.stop().await
}

#[tokio::test]
async fn a_too_short_operator_password_is_refused() -> anyhow::Result<()> {
    let db = testkit::TestDatabase::fresh(testkit::DbKind::from_env()?).await?;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let result = server::start(
        server::ServeConfig {
            database_url: db.url.clone(),
            admin_password: Some("12345".to_owned()),
            http: server::HttpConfig::default(),
            clock: Default::default(),
            token_lifetime: None,
            storage_dir: None,
            secret_key: None,
            daily_jobs_at: None,
        },
        listener,
        std::future::pending(),
    )
    .await;
    let message = result.err().map(|e| e.to_string()).unwrap_or_default();
    assert!(message.contains("6 到 30"), "{message}");
    Ok(())
}

#[tokio::test]
async fn openapi_lists_health_and_is_deterministic() -> anyhow::Result<()> {
    let a = server::routes::openapi().to_json()?;
    let b = server::routes::openapi().to_json()?;
    assert_eq!(a, b);
    let doc: serde_json::Value = serde_json::from_str(&a)?;
    assert!(doc["paths"]["/api/health"]["get"].is_object());
    let _ = json!(null);
    Ok(())
}
