//! The mechanisms every feature uses, seen from outside: the one transition mechanism (the same
//! status change from the screen and the command line, its status log, a refused change named
//! by the current status), the capital-provider scope's figures, the job runner's command-line
//! pass, and the business date in 系统设置's time zone.

use serde_json::json;
use service::transition::By;
use testkit::TestApp;

const STATUS_LOG: &str = "SELECT event || ':' || coalesce(from_status, '') || '>' || to_status || ':' || actor_kind FROM status_log";

#[tokio::test]
async fn a_provider_changes_status_the_same_way_from_the_screen_and_the_command_line()
-> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let root = app.admin_token().await?;
    let provider = app
        .capital_user("状态资金方", "status_cp", "Status-Pass-1")
        .await?;
    let capital = app
        .session("capital", "status_cp", "Status-Pass-1")
        .await?
        .token;
    assert_eq!(
        app.get_as("/api/capital/account/info", &capital)
            .await?
            .code(),
        200
    );

    // The command line pauses it: the provider's user is signed out at once (as from the screen).
    app.beehive()
        .set_capital_provider_status(&By::system("cli"), provider, "PAUSED")
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let after = app.get_as("/api/capital/account/info", &capital).await?;
    assert_eq!(after.status, 401, "{}", after.text);

    // The screen terminates it; TERMINATED is final on both paths.
    let terminated = app
        .post_as(
            &format!("/api/admin/capital/status/{provider}"),
            &root,
            &json!({ "status": "TERMINATED" }),
        )
        .await?;
    assert_eq!(terminated.code(), 200, "{}", terminated.text);
    let again = app
        .beehive()
        .set_capital_provider_status(&By::system("cli"), provider, "ACTIVE")
        .await;
    assert!(
        matches!(&again, Err(service::Error::Conflict(m)) if m.contains("已终止")),
        "{again:?}"
    );
    let screen = app
        .post_as(
            &format!("/api/admin/capital/status/{provider}"),
            &root,
            &json!({ "status": "ACTIVE" }),
        )
        .await?;
    assert_eq!(screen.code(), 409, "{}", screen.text);

    // Each landed change is one status-log row, with who made it; the refused ones left none.
    let log = app
        .column_texts(&format!(
            "{STATUS_LOG} WHERE entity_type = 'capital_provider' AND entity_id = {provider} ORDER BY id"
        ))
        .await?;
    assert_eq!(
        log,
        vec![
            "set_status:ACTIVE>PAUSED:system",
            "set_status:PAUSED>TERMINATED:admin"
        ]
    );
    let versions = app
        .column_texts(&format!(
            "SELECT CAST(version AS TEXT) FROM capital_provider WHERE id = {provider}"
        ))
        .await?;
    assert_eq!(versions, vec!["2"]);
    app.stop().await
}

#[tokio::test]
async fn an_illegal_change_is_a_409_naming_the_current_status() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let root = app.admin_token().await?;
    let provider = app
        .capital_user("重复资金方", "same_cp", "Same-Pass-1")
        .await?;
    let same = app
        .post_as(
            &format!("/api/admin/capital/status/{provider}"),
            &root,
            &json!({ "status": "ACTIVE" }),
        )
        .await?;
    assert_eq!(same.code(), 409, "{}", same.text);
    assert!(same.msg().contains("合作中"), "{}", same.msg());
    let log = app
        .column_texts(&format!(
            "{STATUS_LOG} WHERE entity_type = 'capital_provider' AND entity_id = {provider}"
        ))
        .await?;
    assert!(log.is_empty(), "{log:?}");
    app.stop().await
}

#[tokio::test]
async fn the_capital_workspace_reports_its_own_figures() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let root = app.admin_token().await?;
    // Without the built-in templates: the provider's own one is the first.
    app.execute("DELETE FROM contract_template").await?;
    let provider = app
        .capital_user("自有资金方", "own_cp", "Own-Pass-1")
        .await?;
    let token = app.session("capital", "own_cp", "Own-Pass-1").await?.token;
    let info = app.get_as("/api/capital/account/info", &token).await?;
    assert_eq!(info.code(), 200, "{}", info.text);
    assert_eq!(
        info.body["data"]["provider"]["userCount"], 1,
        "{}",
        info.text
    );

    // A template tied to the provider names it in the capital list.
    let created = app
        .post_as(
            "/api/admin/contract/template/create",
            &root,
            &json!({ "code": "OWN_LOAN", "name": "自有借款合同", "docKind": "LOAN_CONTRACT",
                     "capitalProviderId": provider, "body": "甲方{{customer.name}}" }),
        )
        .await?;
    let id = created.created_id()?;
    let activated = app
        .post_as(
            &format!("/api/admin/contract/template/activate/{id}"),
            &root,
            &json!({}),
        )
        .await?;
    assert_eq!(activated.code(), 200, "{}", activated.text);
    let list = app
        .get_as("/api/capital/contract/template/list", &token)
        .await?;
    assert_eq!(
        list.body["data"][0]["capitalProviderName"], "自有资金方",
        "{}",
        list.text
    );
    app.stop().await
}

#[tokio::test]
async fn a_job_runs_one_pass_by_name() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    assert_eq!(app.beehive().run_job("notices").await.ok(), Some(0));
    let unknown = app.beehive().run_job("nightly-nothing").await;
    assert!(
        matches!(&unknown, Err(service::Error::Invalid { fields, .. }) if fields.contains_key("job")),
        "{unknown:?}"
    );
    app.stop().await
}

#[tokio::test]
async fn the_business_date_follows_the_configured_time_zone() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let root = app.admin_token().await?;
    for zone in ["Asia/Shanghai", "America/New_York", "Asia/Tokyo"] {
        let saved = app
            .post_as(
                "/api/admin/config/system/update",
                &root,
                &json!({ "platformName": "", "servicePhone": "", "serviceEmail": "",
                         "pageSize": 10, "uploadLimitMib": 10, "timeZone": zone }),
            )
            .await?;
        assert_eq!(saved.code(), 200, "{}", saved.text);
        let now = app.beehive().clock().now();
        let tz: chrono_tz::Tz = zone.parse().map_err(|e| anyhow::anyhow!("{e}"))?;
        let expected = now.with_timezone(&tz).date_naive();
        let date = app
            .beehive()
            .business_date()
            .await
            .map_err(|e| anyhow::anyhow!("{e}"))?;
        assert_eq!(date, expected, "{zone}");
    }
    app.stop().await
}
