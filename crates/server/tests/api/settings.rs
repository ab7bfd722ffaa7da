//! 安全设置 and 系统设置 as a client sees them, and sign-in honouring a change at once.
//! Runs on the database `BEEHIVE_TEST_DB` names.

use crate::support::{png, with};
use serde_json::{Value, json};
use service::principal::{AccountKind, ClientInfo};
use std::time::Duration;
use testkit::{ADMIN_PASSWORD, TestApp, md5};

const LOGO: &str = "/api/admin/config/system/logo";

const SECURITY: &str = "/api/admin/config/security";
const SECURITY_UPDATE: &str = "/api/admin/config/security/update";
const SYSTEM: &str = "/api/admin/config/system";
const SYSTEM_UPDATE: &str = "/api/admin/config/system/update";

fn defaults() -> Value {
    json!({
        "tokenMinutes": 120, "refreshHours": 168, "singleSession": true, "maxFailures": 5,
        "lockMinutes": 15, "passwordExpiryDays": 0, "smsPerMinute": 1, "smsPerDay": 10,
        "smsPerIpPerHour": 30, "ipAllowList": []
    })
}

#[tokio::test]
async fn settings_need_their_page_permission() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let root = app.admin_token().await?;
    let token = app
        .limited_admin(&root, "viewer", &["admin:config:system"])
        .await?
        .token;

    for (path, body) in [
        (SECURITY_UPDATE, defaults()),
        ("/api/admin/config/system/logo/delete", json!({})),
    ] {
        let reply = app.post_as(path, &token, &body).await?;
        let expected = if path == SECURITY_UPDATE { 403 } else { 200 };
        assert_eq!(reply.code(), expected, "{path}: {}", reply.text);
    }
    let refused = app.get_as(SECURITY, &token).await?;
    assert_eq!(refused.code(), 403, "{}", refused.text);
    assert!(refused.msg().contains("安全设置"), "{}", refused.msg());
    assert_eq!(app.get_as(SYSTEM, &token).await?.code(), 200);

    let other = app
        .limited_admin(&root, "secviewer", &["admin:config:security"])
        .await?
        .token;
    assert_eq!(app.get_as(SECURITY, &other).await?.code(), 200);
    assert_eq!(app.get_as(SYSTEM, &other).await?.code(), 403);
    let update = app
        .post_as(
            SYSTEM_UPDATE,
            &other,
            &json!({ "platformName": "X", "servicePhone": "", "serviceEmail": "",
                     "pageSize": 10, "uploadLimitMib": 10, "timeZone": "Asia/Shanghai" }),
        )
        .await?;
    assert_eq!(update.code(), 403);
    let logo = app
        .post_as("/api/admin/config/system/logo/delete", &other, &json!({}))
        .await?;
    assert_eq!(logo.code(), 403);
    app.stop().await
}

#[tokio::test]
async fn security_defaults_validation_and_journal() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let root = app.admin_token().await?;
    let read = app.get_as(SECURITY, &root).await?;
    assert_eq!(read.code(), 200, "{}", read.text);
    assert_eq!(read.body["data"], defaults());

    for (name, bad) in [
        ("tokenMinutes", json!(4)),
        ("tokenMinutes", json!(1441)),
        ("refreshHours", json!(0)),
        ("refreshHours", json!(721)),
        ("maxFailures", json!(0)),
        ("maxFailures", json!(21)),
        ("lockMinutes", json!(0)),
        ("lockMinutes", json!(1441)),
        ("passwordExpiryDays", json!(366)),
        ("smsPerMinute", json!(0)),
        ("smsPerMinute", json!(11)),
        ("smsPerDay", json!(101)),
        ("smsPerIpPerHour", json!(0)),
        ("smsPerIpPerHour", json!(1001)),
        ("ipAllowList", json!(["127.0.0.1", "not-an-ip"])),
        ("ipAllowList", json!(["10.0.0.0/33"])),
    ] {
        let reply = app
            .post_as(
                SECURITY_UPDATE,
                &root,
                &with(defaults(), &json!({ name: bad })),
            )
            .await?;
        assert_eq!(reply.code(), 400, "{name}={bad}: {}", reply.text);
        assert!(reply.field(name).is_some(), "{name}: {}", reply.text);
    }
    let many: Vec<String> = (0..101).map(|i| format!("10.0.{i}.1")).collect();
    let too_many = app
        .post_as(
            SECURITY_UPDATE,
            &root,
            &with(defaults(), &json!({ "ipAllowList": many })),
        )
        .await?;
    assert!(too_many.field("ipAllowList").is_some(), "{}", too_many.text);
    assert_eq!(
        app.get_as(SECURITY, &root).await?.body["data"],
        defaults(),
        "nothing saved"
    );

    let changed = with(
        defaults(),
        &json!({ "lockMinutes": 30, "smsPerDay": 20, "ipAllowList": [" 127.0.0.1 ", "10.0.0.0/8", ""] }),
    );
    let saved = app.post_as(SECURITY_UPDATE, &root, &changed).await?;
    assert_eq!(saved.code(), 200, "{}", saved.text);
    let after = app.get_as(SECURITY, &root).await?;
    assert_eq!(after.body["data"]["lockMinutes"], 30);
    assert_eq!(
        after.body["data"]["ipAllowList"],
        json!(["127.0.0.1", "10.0.0.0/8"])
    );

    let log = app
        .post_as(
            "/api/admin/logs/operation/page",
            &root,
            &json!({ "action": "setting.update_security" }),
        )
        .await?;
    assert_eq!(log.body["data"]["total"], 1, "{}", log.text);
    let record = &log.body["data"]["records"][0];
    let detail = record["detail"]
        .as_str()
        .map_or_else(|| record["detail"].to_string(), str::to_owned);
    assert!(detail.contains("\"lockMinutes\":15"), "{detail}");
    assert!(detail.contains("\"lockMinutes\":30"), "{detail}");
    app.stop().await
}

#[tokio::test]
async fn lock_threshold_applies_to_the_next_attempts() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let root = app.admin_token().await?;
    // Every mistake of the form in one answer, and nothing saved.
    let refused = app
        .post_as(
            SECURITY_UPDATE,
            &root,
            &with(
                defaults(),
                &json!({ "maxFailures": 0, "lockMinutes": 3, "tokenMinutes": 1,
                         "ipAllowList": ["10.0.0.300"] }),
            ),
        )
        .await?;
    assert_eq!(refused.code(), 400, "{}", refused.text);
    for field in ["maxFailures", "tokenMinutes", "ipAllowList"] {
        assert!(
            refused.field(field).is_some(),
            "{field} missing: {}",
            refused.text
        );
    }
    let saved = app
        .post_as(
            SECURITY_UPDATE,
            &root,
            &with(defaults(), &json!({ "maxFailures": 2, "lockMinutes": 3 })),
        )
        .await?;
    assert_eq!(saved.code(), 200, "{}", saved.text);
    for _ in 0..2 {
        let wrong = app.login("admin", "admin", "wrong-password").await?;
        assert_eq!(wrong.code(), 400, "{}", wrong.text);
    }
    let locked = app.login("admin", "admin", ADMIN_PASSWORD).await?;
    assert_eq!(locked.code(), 429, "{}", locked.text);
    assert_eq!(locked.msg(), "登录失败次数过多，已被锁定，请 3 分钟后再试");
    app.advance(Duration::from_secs(3 * 60 + 1));
    let again = app.login("admin", "admin", ADMIN_PASSWORD).await?;
    assert_eq!(again.code(), 200, "{}", again.text);
    app.stop().await
}

#[tokio::test]
async fn token_lifetime_applies_to_the_next_sign_in() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let root = app.admin_token().await?;
    let saved = app
        .post_as(
            SECURITY_UPDATE,
            &root,
            &with(
                defaults(),
                &json!({ "tokenMinutes": 10, "singleSession": false }),
            ),
        )
        .await?;
    assert_eq!(saved.code(), 200, "{}", saved.text);
    let before = app.beehive().clock().now().timestamp_millis();
    let session = app.admin_session().await?;
    let after = app.beehive().clock().now().timestamp_millis();
    assert!(
        session.expiration_time >= before + 10 * 60_000
            && session.expiration_time <= after + 10 * 60_000,
        "expires at {} (signed in between {before} and {after})",
        session.expiration_time
    );
    // Single session off: the first session still works.
    let first = app.get_as("/api/admin/role/permission", &root).await?;
    assert_eq!(first.code(), 200, "{}", first.text);
    app.stop().await
}

#[tokio::test]
async fn allow_list_refuses_other_addresses_and_self_lockout() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let root = app.admin_token().await?;
    let refused = app
        .post_as(
            SECURITY_UPDATE,
            &root,
            &with(defaults(), &json!({ "ipAllowList": ["10.0.0.0/8"] })),
        )
        .await?;
    assert_eq!(refused.code(), 409, "{}", refused.text);
    assert_eq!(
        refused.msg(),
        "保存后您当前的 IP 将无法访问，请先将其加入白名单"
    );
    assert_eq!(
        app.get_as(SECURITY, &root).await?.body["data"]["ipAllowList"],
        json!([])
    );

    // Saved from an address inside the list, the test client (127.0.0.1) is outside it.
    let beehive = app.beehive();
    let me = beehive
        .authenticate(AccountKind::Admin, &root)
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let mut config = beehive
        .security_config(&me)
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    config.ip_allow_list = vec!["10.0.0.0/8".to_owned()];
    let elsewhere = ClientInfo {
        ip: Some("10.1.2.3".to_owned()),
        ..Default::default()
    };
    beehive
        .update_security_config(&me, &elsewhere, &config)
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;

    for reply in [
        app.get_as(SECURITY, &root).await?,
        app.get("/api/admin/login/uid").await?,
        app.post_json("/api/admin/login/account", &json!({}))
            .await?,
    ] {
        assert_eq!(reply.code(), 403, "{}", reply.text);
        assert_eq!(reply.msg(), "当前 IP 不允许访问管理后台");
    }
    assert_eq!(app.get("/api/health").await?.code(), 200);
    assert_eq!(app.get("/api/common/branding").await?.code(), 200);
    assert_eq!(app.get("/api/capital/login/uid").await?.code(), 200);

    config.ip_allow_list = vec!["10.0.0.0/8".to_owned(), "127.0.0.1".to_owned()];
    beehive
        .update_security_config(&me, &elsewhere, &config)
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    assert_eq!(app.get_as(SECURITY, &root).await?.code(), 200);
    app.stop().await
}

#[tokio::test]
async fn expired_passwords_are_refused_until_reset() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let root = app.admin_token().await?;
    let saved = app
        .post_as(
            SECURITY_UPDATE,
            &root,
            &with(defaults(), &json!({ "passwordExpiryDays": 30 })),
        )
        .await?;
    assert_eq!(saved.code(), 200, "{}", saved.text);
    let user = app
        .post_as(
            "/api/admin/user/create",
            &root,
            &json!({ "account": "aging", "name": "Aging", "roleIds": [],
                     "password": md5("aging-Pass-1") }),
        )
        .await?;
    assert_eq!(user.code(), 200, "{}", user.text);
    let id = user.created_id()?;
    assert_eq!(
        app.login("admin", "aging", "aging-Pass-1").await?.code(),
        200
    );

    let beehive = app.beehive();
    let me = beehive
        .authenticate(AccountKind::Admin, &root)
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;

    app.advance(Duration::from_secs(31 * 24 * 3600));
    let expired = app.login("admin", "aging", "aging-Pass-1").await?;
    assert_eq!(expired.code(), 400, "{}", expired.text);
    assert_eq!(expired.msg(), "密码已过期，请联系管理员重置密码");
    // The first administrator's password is as old.
    let refused = app.login("admin", "admin", ADMIN_PASSWORD).await?;
    assert_eq!(refused.code(), 400, "{}", refused.text);

    // A reset (here through the service: every token has expired by now) restarts the clock.
    beehive
        .reset_admin_password(&me, &ClientInfo::default(), id, Some(&md5("aging-Pass-2")))
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let again = app.login("admin", "aging", "aging-Pass-2").await?;
    assert_eq!(
        again.code(),
        200,
        "a reset restarts the clock: {}",
        again.text
    );
    app.stop().await
}

#[tokio::test]
async fn system_settings_and_branding() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let root = app.admin_token().await?;
    let read = app.get_as(SYSTEM, &root).await?;
    assert_eq!(read.code(), 200, "{}", read.text);
    assert_eq!(read.body["data"]["pageSize"], 10);
    assert_eq!(read.body["data"]["uploadLimitMib"], 10);
    assert_eq!(read.body["data"]["timeZone"], "Asia/Shanghai");
    assert_eq!(read.body["data"]["logoUrl"], Value::Null);
    let branding = app.get("/api/common/branding").await?;
    assert_eq!(
        branding.body["data"],
        json!({ "platformName": "", "logoUrl": null, "defaultPageSize": 10 })
    );
    assert_eq!(app.get("/api/common/branding/logo").await?.code(), 404);

    let good = json!({ "platformName": "蜂巢金融", "servicePhone": "400-800-1234",
        "serviceEmail": "service@example.com", "pageSize": 20, "uploadLimitMib": 50,
        "timeZone": "Asia/Tokyo" });
    for (name, bad) in [
        ("platformName", json!("名".repeat(33))),
        ("servicePhone", json!("call me")),
        ("servicePhone", json!("1".repeat(33))),
        ("serviceEmail", json!("not-an-email")),
        (
            "serviceEmail",
            json!(format!("{}@example.com", "a".repeat(60))),
        ),
        ("pageSize", json!(15)),
        ("uploadLimitMib", json!(0)),
        ("uploadLimitMib", json!(101)),
        ("timeZone", json!("Mars/Olympus")),
    ] {
        let reply = app
            .post_as(
                SYSTEM_UPDATE,
                &root,
                &with(good.clone(), &json!({ name: bad })),
            )
            .await?;
        assert_eq!(reply.code(), 400, "{name}: {}", reply.text);
        assert!(reply.field(name).is_some(), "{name}: {}", reply.text);
    }
    // Every mistake of the form in one answer.
    let reply = app
        .post_as(
            SYSTEM_UPDATE,
            &root,
            &with(
                good.clone(),
                &json!({ "servicePhone": "call me", "serviceEmail": "not-an-email",
                         "pageSize": 15, "timeZone": "Mars/Olympus" }),
            ),
        )
        .await?;
    assert_eq!(reply.code(), 400, "{}", reply.text);
    for field in ["servicePhone", "serviceEmail", "pageSize", "timeZone"] {
        assert!(
            reply.field(field).is_some(),
            "{field} missing: {}",
            reply.text
        );
    }
    assert_eq!(
        app.get_as(SYSTEM, &root).await?.body["data"]["pageSize"],
        10
    );

    let saved = app.post_as(SYSTEM_UPDATE, &root, &good).await?;
    assert_eq!(saved.code(), 200, "{}", saved.text);
    assert_eq!(saved.body["data"]["platformName"], "蜂巢金融");
    assert_eq!(saved.body["data"]["timeZone"], "Asia/Tokyo");
    let branding = app.get("/api/common/branding").await?;
    assert_eq!(branding.body["data"]["platformName"], "蜂巢金融");
    // Every list starts at the saved page size (public: the lists of every user read it).
    assert_eq!(branding.body["data"]["defaultPageSize"], 20);

    // Logo: content decides, not the name.
    let fake = app
        .upload_as(
            LOGO,
            &root,
            &[("note", "hello")],
            "logo.png",
            b"<svg></svg>",
        )
        .await?;
    assert_eq!(fake.code(), 400, "{}", fake.text);
    assert!(fake.field("file").is_some());
    let big = app
        .upload_as(LOGO, &root, &[("note", "hello")], "logo.png", &{
            let mut b = png();
            b.resize(512 * 1024 + 1, 0);
            b
        })
        .await?;
    assert_eq!(big.code(), 400, "{}", big.text);
    let ok = app
        .upload_as(LOGO, &root, &[("note", "hello")], "whatever.bin", &png())
        .await?;
    assert_eq!(ok.code(), 200, "{}", ok.text);
    let url = ok.body["data"]["logoUrl"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    assert!(url.starts_with("/api/common/branding/logo?v="), "{url}");
    let branding = app.get("/api/common/branding").await?;
    assert_eq!(branding.body["data"]["logoUrl"], url.as_str());
    let image = app.client.get(app.url(&url)).send().await?;
    assert_eq!(image.status(), 200);
    assert_eq!(
        image
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok()),
        Some("image/png")
    );
    assert_eq!(image.bytes().await?.to_vec(), png());

    let removed = app
        .post_as("/api/admin/config/system/logo/delete", &root, &json!({}))
        .await?;
    assert_eq!(removed.code(), 200, "{}", removed.text);
    assert_eq!(removed.body["data"]["logoUrl"], Value::Null);
    assert_eq!(
        removed.body["data"]["platformName"], "蜂巢金融",
        "other values kept"
    );
    assert_eq!(app.get("/api/common/branding/logo").await?.code(), 404);

    let log = app
        .post_as(
            "/api/admin/logs/operation/page",
            &root,
            &json!({ "size": 50 }),
        )
        .await?;
    let text = log.body["data"]["records"].to_string();
    for action in [
        "setting.update_system",
        "setting.upload_logo",
        "setting.delete_logo",
    ] {
        assert!(text.contains(action), "{action} not logged");
    }
    app.stop().await
}
