//! Sign-in, sessions and password change, as a client sees them (the product specification; docs/architecture.md
//! "Auth and permissions"). Runs on the database `BEEHIVE_TEST_DB` names.

use crate::support::send_code;
use serde_json::{Value, json};
use std::time::Duration;
use testkit::{ADMIN_PASSWORD, Reply, TestApp, md5};

const MOBILE: &str = "13800138000";

#[tokio::test]
async fn admin_signs_in_and_reads_its_permissions() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let reply = app.login("admin", "admin", ADMIN_PASSWORD).await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    let data: Value = reply.data()?;
    assert_eq!(data["username"], "admin");
    // The greeting's name (the first administrator is named after its role).
    assert_eq!(data["name"], "超级管理员");
    assert_eq!(data["token"].as_str().map(str::len), Some(64));
    assert_eq!(data["refreshToken"].as_str().map(str::len), Some(64));
    let expires = data["expirationTime"].as_i64().unwrap_or_default();
    let now = chrono_now_ms();
    assert!(expires > now + 60 * 60 * 1000, "token lives for hours");
    let authorities = data["authorities"].as_array().cloned().unwrap_or_default();
    assert!(authorities.iter().any(|a| a == "admin:user:table"));
    assert!(!authorities.iter().any(|a| a == "capital:order:table"));

    let token = data["token"].as_str().unwrap_or_default();
    let me = app.get_as("/api/admin/role/permission", token).await?;
    assert_eq!(me.code(), 200);
    assert_eq!(me.body["data"]["username"], "admin");
    assert_eq!(me.body["data"]["authorities"], data["authorities"]);
    app.stop().await
}

fn chrono_now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
        .unwrap_or_default()
}

#[tokio::test]
async fn unknown_account_and_wrong_password_get_the_same_message() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let wrong = app.login("admin", "admin", "not-the-password").await?;
    let unknown = app.login("admin", "nobody", "not-the-password").await?;
    assert_eq!(wrong.code(), 400);
    assert_eq!(unknown.code(), 400);
    assert_eq!(wrong.msg(), "账号或密码错误");
    assert_eq!(unknown.msg(), wrong.msg());
    app.stop().await
}

#[tokio::test]
async fn a_uid_is_one_time_and_expires() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let uid = app.uid("admin").await?;
    let body = json!({ "uid": uid, "username": "admin", "password": md5(ADMIN_PASSWORD) });
    let first = app.post_json("/api/admin/login/account", &body).await?;
    assert_eq!(first.code(), 200);
    let replay = app.post_json("/api/admin/login/account", &body).await?;
    assert_eq!(replay.code(), 400);
    assert_eq!(
        replay.body["data"]["fields"]["uid"],
        "登录标识已失效，请重新登录"
    );

    let stale = app.uid("admin").await?;
    app.advance(Duration::from_secs(5 * 60 + 1));
    let late = app
        .post_json(
            "/api/admin/login/account",
            &json!({ "uid": stale, "username": "admin", "password": md5(ADMIN_PASSWORD) }),
        )
        .await?;
    assert_eq!(late.code(), 400);
    assert!(late.body["data"]["fields"]["uid"].is_string());

    // A capital uid does not open an administrator's sign-in.
    let capital_uid = app.uid("capital").await?;
    let crossed = app
        .post_json(
            "/api/admin/login/account",
            &json!({ "uid": capital_uid, "username": "admin", "password": md5(ADMIN_PASSWORD) }),
        )
        .await?;
    assert_eq!(crossed.code(), 400);
    app.stop().await
}

#[tokio::test]
async fn malformed_sign_in_bodies_are_400_with_the_field() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let uid = app.uid("admin").await?;
    let not_md5 = app
        .post_json(
            "/api/admin/login/account",
            &json!({ "uid": uid, "username": "admin", "password": ADMIN_PASSWORD }),
        )
        .await?;
    assert_eq!(not_md5.code(), 400);
    assert!(not_md5.body["data"]["fields"]["password"].is_string());

    let missing = app
        .post_json("/api/admin/login/account", &json!({ "username": "admin" }))
        .await?;
    assert_eq!(missing.code(), 400);
    assert!(missing.msg().contains("uid"), "{}", missing.msg());

    let empty = app
        .post_json(
            "/api/admin/login/account",
            &json!({ "uid": app.uid("admin").await?, "username": " ", "password": md5("x") }),
        )
        .await?;
    assert_eq!(empty.body["data"]["fields"]["username"], "请输入账号");
    app.stop().await
}

#[tokio::test]
async fn an_expired_token_answers_code_401_until_refreshed() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let session = app.admin_session().await?;
    app.advance(Duration::from_secs(2 * 60 * 60 + 1));
    let expired = app
        .get_as("/api/admin/role/permission", &session.token)
        .await?;
    assert_eq!(expired.status, 200);
    assert_eq!(expired.code(), 401);

    let refreshed = app
        .post_form(
            &format!("/api/admin/login/refresh/{}", session.refresh_token),
            &[],
        )
        .await?;
    assert_eq!(refreshed.code(), 200, "{}", refreshed.text);
    let new: testkit::Session = refreshed.data()?;
    assert_ne!(new.token, session.token);
    assert_ne!(new.refresh_token, session.refresh_token);
    assert!(new.expiration_time > session.expiration_time);
    assert!(new.authorities.is_some());

    let ok = app.get_as("/api/admin/role/permission", &new.token).await?;
    assert_eq!(ok.code(), 200);
    // The old token is gone: HTTP 401.
    let old = app
        .get_as("/api/admin/role/permission", &session.token)
        .await?;
    assert_eq!(old.status, 401);
    app.stop().await
}

#[tokio::test]
async fn a_used_refresh_token_is_dead_and_reusing_it_ends_the_session() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let session = app.admin_session().await?;
    let path = format!("/api/admin/login/refresh/{}", session.refresh_token);
    let first = app.post_form(&path, &[]).await?;
    assert_eq!(first.code(), 200);
    let rotated: testkit::Session = first.data()?;

    let again = app.post_form(&path, &[]).await?;
    assert_eq!(again.status, 401, "a used refresh token is dead");
    // Someone replayed a refresh token: the session it belonged to is ended.
    let after = app
        .get_as("/api/admin/role/permission", &rotated.token)
        .await?;
    assert_eq!(after.status, 401);

    let bogus = app
        .post_form("/api/admin/login/refresh/not-a-token", &[])
        .await?;
    assert_eq!(bogus.status, 401);
    app.stop().await
}

#[tokio::test]
async fn a_second_sign_in_makes_the_first_session_answer_504() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let first = app.admin_session().await?;
    let second = app.admin_session().await?;
    let old = app
        .get_as("/api/admin/role/permission", &first.token)
        .await?;
    assert_eq!(old.status, 200);
    assert_eq!(old.code(), 504);
    let refresh_old = app
        .post_form(
            &format!("/api/admin/login/refresh/{}", first.refresh_token),
            &[],
        )
        .await?;
    assert_eq!(refresh_old.code(), 504);
    let new = app
        .get_as("/api/admin/role/permission", &second.token)
        .await?;
    assert_eq!(new.code(), 200);
    app.stop().await
}

#[tokio::test]
async fn logout_makes_the_token_answer_http_401() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let session = app.admin_session().await?;
    let out = app
        .post_as("/api/admin/logout", &session.token, &json!({}))
        .await?;
    assert_eq!(out.code(), 200);
    let after = app
        .get_as("/api/admin/role/permission", &session.token)
        .await?;
    assert_eq!(after.status, 401);
    assert_eq!(after.code(), 401);
    let unknown = app.get_as("/api/admin/role/permission", "deadbeef").await?;
    assert_eq!(unknown.status, 401);
    let none = app.get("/api/admin/role/permission").await?;
    assert_eq!(none.status, 401);
    app.stop().await
}

#[tokio::test]
async fn five_failures_lock_the_account_for_fifteen_minutes() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    for _ in 0..5 {
        let reply = app.login("admin", "admin", "wrong-password").await?;
        assert_eq!(reply.msg(), "账号或密码错误");
    }
    let locked = app.login("admin", "admin", ADMIN_PASSWORD).await?;
    assert_eq!(locked.code(), 429);
    assert_eq!(locked.msg(), "登录失败次数过多，已被锁定，请 15 分钟后再试");

    app.advance(Duration::from_secs(10 * 60));
    let still = app.login("admin", "admin", ADMIN_PASSWORD).await?;
    assert_eq!(still.msg(), "登录失败次数过多，已被锁定，请 5 分钟后再试");

    app.advance(Duration::from_secs(5 * 60 + 1));
    let open = app.login("admin", "admin", ADMIN_PASSWORD).await?;
    assert_eq!(open.code(), 200, "{}", open.text);

    // Success cleared the count: four more failures do not lock.
    for _ in 0..4 {
        app.login("admin", "admin", "wrong-password").await?;
    }
    let fine = app.login("admin", "admin", ADMIN_PASSWORD).await?;
    assert_eq!(fine.code(), 200);
    app.stop().await
}

#[tokio::test]
async fn changing_the_password_checks_the_old_one_and_ends_sessions() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let session = app.admin_session().await?;
    let path = "/api/admin/user/password/update";
    let wrong = app
        .post_as(
            path,
            &session.token,
            &json!({ "passwordOld": md5("nope"), "passwordNew": md5("New-Pass-1"), "enabled": true }),
        )
        .await?;
    assert_eq!(wrong.code(), 400);
    assert_eq!(wrong.body["data"]["fields"]["passwordOld"], "原密码不正确");
    // Nothing changed: the old password still works, the session is alive.
    assert_eq!(
        app.get_as("/api/admin/role/permission", &session.token)
            .await?
            .code(),
        200
    );

    let bad = app
        .post_as(
            path,
            &session.token,
            &json!({ "passwordOld": md5(ADMIN_PASSWORD), "passwordNew": "short", "enabled": true }),
        )
        .await?;
    assert_eq!(bad.code(), 400);
    assert!(bad.body["data"]["fields"]["passwordNew"].is_string());

    let changed = app
        .post_as(
            path,
            &session.token,
            &json!({ "passwordOld": md5(ADMIN_PASSWORD), "passwordNew": md5("New-Pass-1"), "enabled": true }),
        )
        .await?;
    assert_eq!(changed.code(), 200, "{}", changed.text);
    assert_eq!(
        app.get_as("/api/admin/role/permission", &session.token)
            .await?
            .status,
        401
    );
    assert_eq!(
        app.login("admin", "admin", ADMIN_PASSWORD).await?.code(),
        400
    );
    assert_eq!(app.login("admin", "admin", "New-Pass-1").await?.code(), 200);
    app.stop().await
}

#[tokio::test]
async fn disabling_an_account_or_removing_its_roles_ends_its_sessions() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let session = app.admin_session().await?;
    let actor = service::principal::Actor::System("test");
    let me: Value = app
        .get_as("/api/admin/role/permission", &session.token)
        .await?
        .data()?;
    assert_eq!(me["username"], "admin");
    let beehive = app.beehive();
    // The first administrator has id 1 on a fresh database.
    beehive
        .set_admin_roles(&actor, 1, &[])
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    assert_eq!(
        app.get_as("/api/admin/role/permission", &session.token)
            .await?
            .status,
        401
    );
    let without_roles = app.admin_session().await?;
    assert_eq!(without_roles.authorities, Some(vec![]));

    beehive
        .set_admin_enabled(&actor, 1, false)
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    assert_eq!(
        app.get_as("/api/admin/role/permission", &without_roles.token)
            .await?
            .status,
        401
    );
    let refused = app.login("admin", "admin", ADMIN_PASSWORD).await?;
    assert_eq!(refused.msg(), "账号已停用，请联系管理员");
    app.stop().await
}

#[tokio::test]
async fn capital_users_sign_in_without_authorities_and_only_on_their_side() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let provider = app
        .capital_user("华夏银行", "hx-ops", "Capital-Pass-1")
        .await?;
    let reply = app.login("capital", "hx-ops", "Capital-Pass-1").await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    assert!(reply.body["data"].get("authorities").is_none());
    let session: testkit::Session = reply.data()?;

    // A capital token is no administrator's token, and the accounts are separate.
    assert_eq!(
        app.get_as("/api/admin/role/permission", &session.token)
            .await?
            .status,
        401
    );
    assert_eq!(
        app.login("admin", "hx-ops", "Capital-Pass-1").await?.code(),
        400
    );

    let refreshed = app
        .post_form(
            &format!("/api/capital/login/refresh/{}", session.refresh_token),
            &[],
        )
        .await?;
    assert_eq!(refreshed.code(), 200);
    let session: testkit::Session = refreshed.data()?;

    let changed = app
        .post_as(
            "/api/capital/password/update",
            &session.token,
            &json!({ "passwordOld": md5("Capital-Pass-1"), "passwordNew": md5("Capital-Pass-2"), "enabled": true }),
        )
        .await?;
    assert_eq!(changed.code(), 200, "{}", changed.text);
    let session = app.session("capital", "hx-ops", "Capital-Pass-2").await?;

    // A paused provider's users cannot sign in, and their sessions stop working.
    app.beehive()
        .set_capital_provider_status(&service::transition::By::system("test"), provider, "PAUSED")
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let paused = app.login("capital", "hx-ops", "Capital-Pass-2").await?;
    assert_eq!(paused.code(), 400);
    assert_eq!(paused.msg(), "所属资金方已暂停或终止合作，无法登录");
    let out = app
        .post_as("/api/capital/logout", &session.token, &json!({}))
        .await?;
    assert_eq!(out.status, 401);
    app.stop().await
}

/// The code the outbox holds for `mobile` (the built-in SMS provider), read from the text.
async fn last_code(app: &TestApp, mobile: &str) -> anyhow::Result<String> {
    let message = app
        .beehive()
        .outbox_latest(mobile)
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?
        .ok_or_else(|| anyhow::anyhow!("no SMS for {mobile}"))?;
    message
        .split(|c: char| !c.is_ascii_digit())
        .find(|part| part.len() == 6)
        .map(str::to_owned)
        .ok_or_else(|| anyhow::anyhow!("no code in {message}"))
}

async fn with_mobile(app: &TestApp) -> anyhow::Result<()> {
    app.beehive()
        .create_admin(
            "ops.li",
            "李娜",
            Some(MOBILE),
            Some("Ops-Pass-1".to_owned()),
        )
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    Ok(())
}

async fn sms_login(app: &TestApp, mobile: &str, code: &str) -> anyhow::Result<Reply> {
    let uid = app.uid("admin").await?;
    app.post_json(
        "/api/admin/login/sms",
        &json!({ "uid": uid, "mobile": mobile, "code": code }),
    )
    .await
}

#[tokio::test]
async fn sms_code_signs_in_once() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    with_mobile(&app).await?;
    let sent = send_code(&app, MOBILE).await?;
    assert_eq!(sent.code(), 200, "{}", sent.text);
    let code = last_code(&app, MOBILE).await?;
    let wrong = if code == "000000" { "111111" } else { "000000" };
    let bad = sms_login(&app, MOBILE, wrong).await?;
    assert_eq!(bad.body["data"]["fields"]["code"], "验证码错误");

    let good = sms_login(&app, MOBILE, &code).await?;
    assert_eq!(good.code(), 200, "{}", good.text);
    assert_eq!(good.body["data"]["username"], "ops.li");
    let reused = sms_login(&app, MOBILE, &code).await?;
    assert_eq!(reused.code(), 400, "a code is single-use");
    app.stop().await
}

#[tokio::test]
async fn sms_code_expires_and_allows_five_wrong_tries() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    with_mobile(&app).await?;
    send_code(&app, MOBILE).await?;
    let code = last_code(&app, MOBILE).await?;
    app.advance(Duration::from_secs(5 * 60 + 1));
    let late = sms_login(&app, MOBILE, &code).await?;
    assert_eq!(
        late.body["data"]["fields"]["code"],
        "验证码已失效，请重新获取"
    );

    app.advance(Duration::from_secs(60));
    send_code(&app, MOBILE).await?;
    let code = last_code(&app, MOBILE).await?;
    let wrong = if code == "000000" { "111111" } else { "000000" };
    for _ in 0..5 {
        sms_login(&app, MOBILE, wrong).await?;
    }
    let exhausted = sms_login(&app, MOBILE, &code).await?;
    assert_eq!(exhausted.code(), 429, "{}", exhausted.text);
    app.stop().await
}

#[tokio::test]
async fn sms_sending_is_limited_per_mobile() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    with_mobile(&app).await?;
    assert_eq!(send_code(&app, MOBILE).await?.code(), 200);
    let again = send_code(&app, MOBILE).await?;
    assert_eq!(again.code(), 429);
    assert_eq!(again.msg(), "验证码发送过于频繁，请 1 分钟后再试");
    for _ in 0..9 {
        app.advance(Duration::from_secs(61));
        assert_eq!(send_code(&app, MOBILE).await?.code(), 200);
    }
    app.advance(Duration::from_secs(61));
    let daily = send_code(&app, MOBILE).await?;
    assert_eq!(daily.code(), 429);
    assert!(daily.msg().contains("今日"), "{}", daily.msg());

    let bad = send_code(&app, "12345").await?;
    assert_eq!(bad.body["data"]["fields"]["mobile"], "请输入正确的手机号");
    app.stop().await
}

#[tokio::test]
async fn sms_to_an_unregistered_mobile_answers_alike_but_sends_nothing() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let reply = send_code(&app, "13900139000").await?;
    assert_eq!(reply.code(), 200);
    let outbox = app
        .beehive()
        .outbox_latest("13900139000")
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    assert!(outbox.is_none());
    app.stop().await
}

#[tokio::test]
async fn every_attempt_writes_a_login_log_row() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    app.login("admin", "admin", "wrong").await?;
    app.login("admin", "admin", ADMIN_PASSWORD).await?;
    let rows = app
        .beehive()
        .recent_login_log(10)
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let outcomes: Vec<(String, String)> = rows
        .iter()
        .map(|r| (r.outcome.clone(), r.reason.clone()))
        .collect();
    assert!(outcomes.contains(&("failure".to_owned(), "bad_credentials".to_owned())));
    assert!(outcomes.contains(&("success".to_owned(), "ok".to_owned())));
    assert!(
        rows.iter()
            .all(|r| r.account == "admin" && r.ip.as_deref() == Some("127.0.0.1"))
    );
    app.stop().await
}

/// Operations anyone may call; every other operation must declare the `token` security.
const PUBLIC: &[&str] = &[
    "branding",
    "brandingLogo",
    "health",
    "adminLoginUid",
    "adminLogin",
    "adminRefresh",
    "adminSmsLogin",
    "adminSendCode",
    "capitalLoginUid",
    "capitalLogin",
    "capitalRefresh",
    // The local signing page: the link's token is the credential.
    "signingView",
    "signingFile",
    "signingSign",
    // The e-signature provider's notices: the contract's secret in the address, or its signature.
    "bestsignNotice",
];

#[tokio::test]
async fn no_operation_is_left_unguarded() -> anyhow::Result<()> {
    let doc: Value = serde_json::from_str(&server::routes::openapi().to_json()?)?;
    let app = TestApp::spawn().await?;
    let paths = doc["paths"].as_object().cloned().unwrap_or_default();
    let mut checked = 0;
    for (path, item) in paths {
        for (method, op) in item.as_object().cloned().unwrap_or_default() {
            let id = op["operationId"].as_str().unwrap_or_default().to_owned();
            if PUBLIC.contains(&id.as_str()) {
                continue;
            }
            let secured = op["security"]
                .as_array()
                .is_some_and(|s| s.iter().any(|r| r.get("token").is_some()));
            assert!(secured, "{method} {path} ({id}) declares no permission");
            let url = path
                .split('/')
                .map(|part| if part.starts_with('{') { "1" } else { part })
                .collect::<Vec<_>>()
                .join("/");
            let request = match method.as_str() {
                "get" => app.client.get(app.url(&url)),
                _ => app.client.post(app.url(&url)).json(&json!({})),
            };
            let reply = Reply::read(request.send().await?).await?;
            assert_eq!(
                reply.status, 401,
                "{method} {path} answered without a token"
            );
            checked += 1;
        }
    }
    assert!(checked >= 5);
    app.stop().await
}
