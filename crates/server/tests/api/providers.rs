//! Outside providers as a client sees them: the SMS/OCR configuration with write-only,
//! encrypted secrets, and SMS sending through Aliyun against a local fake of its API.
//! Runs on the database `BEEHIVE_TEST_DB` names.

use crate::support::send_code;
use axum::extract::{Query, State};
use axum::routing::get;
use serde_json::{Value, json};
use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex};
use testkit::{TestApp, md5};

const SECRET: &str = "Fake-Aliyun-Secret-9f3K";
const CONFIG: &str = "/api/admin/config/interface";
const SMS_UPDATE: &str = "/api/admin/config/interface/sms/update";
const OCR_UPDATE: &str = "/api/admin/config/interface/ocr/update";

/// What the fake Aliyun received, and how it answered.
type Call = (HashMap<String, String>, String);

#[derive(Clone, Default)]
struct Fake {
    calls: Arc<Mutex<Vec<Call>>>,
}

/// Checks the signature as Aliyun does (the signing function has its own known-answer
/// test) and answers Aliyun's JSON.
async fn fake_send_sms(
    State(fake): State<Fake>,
    Query(q): Query<HashMap<String, String>>,
) -> axum::Json<Value> {
    let mut params: BTreeMap<String, String> = q.clone().into_iter().collect();
    let given = params.remove("Signature").unwrap_or_default();
    let expected = service::interface::aliyun::sign(SECRET, &params);
    let required = [
        "AccessKeyId",
        "Action",
        "Format",
        "PhoneNumbers",
        "SignName",
        "SignatureMethod",
        "SignatureNonce",
        "SignatureVersion",
        "TemplateCode",
        "TemplateParam",
        "Timestamp",
        "Version",
    ];
    let answer = if !required.iter().all(|k| params.contains_key(*k)) {
        json!({ "Code": "MissingParameter", "Message": "missing" })
    } else if given != expected {
        json!({ "Code": "SignatureDoesNotMatch", "Message": "Specified signature is not matched with our calculation." })
    } else if params.get("Action").map(String::as_str) != Some("SendSms")
        || params.get("Version").map(String::as_str) != Some("2017-05-25")
        || params.get("SignatureMethod").map(String::as_str) != Some("HMAC-SHA1")
    {
        json!({ "Code": "InvalidAction", "Message": "bad action" })
    } else {
        json!({ "Code": "OK", "Message": "OK", "BizId": "900619746936498440^0", "RequestId": "F655A8D5-B967-440B-8683-DAD6FF8DE990" })
    };
    let code = answer["Code"].as_str().unwrap_or_default().to_owned();
    if let Ok(mut calls) = fake.calls.lock() {
        calls.push((q, code));
    }
    axum::Json(answer)
}

async fn start_fake() -> anyhow::Result<(String, Fake)> {
    let fake = Fake::default();
    let router = axum::Router::new()
        .route("/", get(fake_send_sms))
        .with_state(fake.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let addr = listener.local_addr()?;
    tokio::spawn(async move {
        let _ = axum::serve(listener, router).await;
    });
    Ok((format!("http://{addr}"), fake))
}

/// Every operation-log detail, and every configuration answer, must not contain `secret`.
async fn assert_secret_nowhere(app: &TestApp, token: &str, secret: &str) -> anyhow::Result<()> {
    let config = app.get_as(CONFIG, token).await?;
    assert!(
        !config.text.contains(secret),
        "config answer holds the secret"
    );
    for detail in app.column_texts("SELECT detail FROM operation_log").await? {
        assert!(
            !detail.contains(secret),
            "operation log holds the secret: {detail}"
        );
    }
    let page = app
        .post_as(
            "/api/admin/logs/operation/page",
            token,
            &json!({ "page": 1, "size": 100 }),
        )
        .await?;
    assert!(!page.text.contains(secret));
    for stored in app
        .column_texts("SELECT secret FROM provider_config")
        .await?
    {
        assert!(!stored.contains(secret), "secret stored in plain text");
    }
    Ok(())
}

#[tokio::test]
async fn defaults_and_permission() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let token = app.admin_token().await?;
    let reply = app.get_as(CONFIG, &token).await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    let data: Value = reply.data()?;
    assert_eq!(data["sms"]["kind"], "outbox");
    assert_eq!(data["sms"]["endpoint"], "https://dysmsapi.aliyuncs.com");
    assert_eq!(data["sms"]["accessKeySecretSet"], false);
    assert_eq!(data["ocr"]["kind"], "manual");
    assert_eq!(data["ocr"]["appSecretSet"], false);

    let other = app
        .limited_admin(&token, "nocfg", &["admin:logs:table"])
        .await?
        .token;
    assert_eq!(app.get_as(CONFIG, &other).await?.code(), 403);
    let refused = app
        .post_as(SMS_UPDATE, &other, &json!({ "kind": "outbox" }))
        .await?;
    assert_eq!(refused.code(), 403);
    assert_eq!(
        app.post_as(OCR_UPDATE, &other, &json!({ "kind": "manual" }))
            .await?
            .code(),
        403
    );

    let allowed = app
        .limited_admin(&token, "cfg", &["admin:config:icl_interface"])
        .await?
        .token;
    assert_eq!(app.get_as(CONFIG, &allowed).await?.code(), 200);
    app.stop().await
}

#[tokio::test]
async fn validation_names_the_field_and_changes_nothing() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let token = app.admin_token().await?;
    let cases = [
        (json!({ "kind": "twilio" }), "kind"),
        (
            json!({ "kind": "aliyun", "accessKeyId": "id", "accessKeySecret": "s", "signName": "x", "endpoint": "http://example.com" }),
            "endpoint",
        ),
        (
            json!({ "kind": "aliyun", "accessKeyId": "id", "accessKeySecret": "s", "signName": "x", "endpoint": "not a url" }),
            "endpoint",
        ),
        (
            json!({ "kind": "aliyun", "accessKeySecret": "s", "signName": "x" }),
            "accessKeyId",
        ),
        (
            json!({ "kind": "aliyun", "accessKeyId": "id", "signName": "x" }),
            "accessKeySecret",
        ),
        (
            json!({ "kind": "aliyun", "accessKeyId": "id", "accessKeySecret": "s" }),
            "signName",
        ),
    ];
    for (body, field) in cases {
        let reply = app.post_as(SMS_UPDATE, &token, &body).await?;
        assert_eq!(reply.code(), 400, "{body}: {}", reply.text);
        assert!(
            reply.body["data"]["fields"][field].is_string(),
            "{body}: {}",
            reply.text
        );
    }
    let reply = app
        .post_as(OCR_UPDATE, &token, &json!({ "kind": "tencent" }))
        .await?;
    assert_eq!(reply.code(), 400);
    assert!(reply.body["data"]["fields"]["kind"].is_string());
    assert!(
        app.column_texts("SELECT kind FROM provider_config")
            .await?
            .is_empty()
    );
    app.stop().await
}

#[tokio::test]
async fn secrets_are_write_only_and_encrypted() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let token = app.admin_token().await?;
    let reply = app
        .post_as(
            SMS_UPDATE,
            &token,
            &json!({ "kind": "aliyun", "accessKeyId": "LTAI5tTestId", "accessKeySecret": SECRET, "signName": "小蜜蜂" }),
        )
        .await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    let data: Value = app.get_as(CONFIG, &token).await?.data()?;
    assert_eq!(data["sms"]["kind"], "aliyun");
    assert_eq!(data["sms"]["accessKeyId"], "LTAI5tTestId");
    assert_eq!(data["sms"]["accessKeySecretSet"], true);
    assert!(data["sms"]["accessKeySecretError"].is_null());
    let stored = app
        .column_texts("SELECT secret FROM provider_config")
        .await?;
    assert_eq!(stored.len(), 1);
    assert!(!stored[0].is_empty());

    // Saving without the secret keeps it; the log names the changed fields only.
    let reply = app
        .post_as(
            SMS_UPDATE,
            &token,
            &json!({ "kind": "aliyun", "accessKeyId": "LTAI5tTestId", "accessKeySecret": "", "signName": "蜜蜂金融" }),
        )
        .await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    assert_eq!(
        app.column_texts("SELECT secret FROM provider_config")
            .await?,
        stored
    );
    let details = app
        .column_texts(
            "SELECT detail FROM operation_log WHERE action = 'provider_config.sms' ORDER BY id",
        )
        .await?;
    assert_eq!(details.len(), 2);
    let first: Value = serde_json::from_str(&details[0])?;
    let second: Value = serde_json::from_str(&details[1])?;
    assert!(
        first["changed"]
            .as_array()
            .is_some_and(|c| c.contains(&json!("accessKeySecret")))
    );
    assert_eq!(second["changed"], json!(["signName"]));

    // A new value replaces it (a fresh nonce, so a different stored text).
    let reply = app
        .post_as(
            SMS_UPDATE,
            &token,
            &json!({ "kind": "aliyun", "accessKeyId": "LTAI5tTestId", "accessKeySecret": "Another-Secret-2", "signName": "蜜蜂金融" }),
        )
        .await?;
    assert_eq!(reply.code(), 200);
    assert_ne!(
        app.column_texts("SELECT secret FROM provider_config")
            .await?,
        stored
    );

    let reply = app
        .post_as(
            OCR_UPDATE,
            &token,
            &json!({ "kind": "manual", "appKey": "ocr-key", "appSecret": "Ocr-Secret-77" }),
        )
        .await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    let data: Value = app.get_as(CONFIG, &token).await?.data()?;
    assert_eq!(data["ocr"]["appSecretSet"], true);
    assert_eq!(data["ocr"]["appKey"], "ocr-key");

    for secret in [SECRET, "Another-Secret-2", "Ocr-Secret-77"] {
        assert_secret_nowhere(&app, &token, secret).await?;
    }
    app.stop().await
}

#[tokio::test]
async fn a_secret_sealed_under_another_key_is_reported_not_fatal() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let token = app.admin_token().await?;
    let reply = app
        .post_as(
            SMS_UPDATE,
            &token,
            &json!({ "kind": "aliyun", "accessKeyId": "id", "accessKeySecret": SECRET, "signName": "小蜜蜂" }),
        )
        .await?;
    assert_eq!(reply.code(), 200);
    // What another server key would have written.
    let foreign = service::secret::SecretKey::generate().encrypt(SECRET);
    app.execute(&format!("UPDATE provider_config SET secret = '{foreign}'"))
        .await?;
    let data: Value = app.get_as(CONFIG, &token).await?.data()?;
    assert_eq!(data["sms"]["accessKeySecretSet"], true);
    assert_eq!(
        data["sms"]["accessKeySecretError"],
        "密钥已失效，请重新填写"
    );
    let reply = app
        .post_as(
            SMS_UPDATE,
            &token,
            &json!({ "kind": "aliyun", "accessKeyId": "id", "signName": "小蜜蜂" }),
        )
        .await?;
    assert_eq!(reply.code(), 400);
    assert_eq!(
        reply.body["data"]["fields"]["accessKeySecret"],
        "密钥已失效，请重新填写"
    );
    app.stop().await
}

#[tokio::test]
async fn login_codes_go_through_aliyun_signed() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let token = app.admin_token().await?;
    let (endpoint, fake) = start_fake().await?;
    let reply = app
        .post_as(
            "/api/admin/user/create",
            &token,
            &json!({ "account": "smsuser", "name": "短信用户", "roleIds": [], "mobile": "13812345678",
                     "password": md5("smsuser-Pass-1") }),
        )
        .await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    // The login template needs the provider's template id.
    app.execute(
        "UPDATE sms_template SET provider_template_id = 'SMS_154950909' WHERE code = 'LOGIN_CODE'",
    )
    .await?;
    let reply = app
        .post_as(
            SMS_UPDATE,
            &token,
            &json!({ "kind": "aliyun", "endpoint": endpoint, "accessKeyId": "LTAI5tTestId", "accessKeySecret": SECRET, "signName": "小蜜蜂" }),
        )
        .await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);

    assert_eq!(send_code(&app, "13812345678").await?.code(), 200);
    let calls = fake.calls.lock().map(|c| c.clone()).unwrap_or_default();
    assert_eq!(calls.len(), 1);
    let (query, answer) = &calls[0];
    assert_eq!(answer, "OK");
    assert_eq!(query["PhoneNumbers"], "13812345678");
    assert_eq!(query["TemplateCode"], "SMS_154950909");
    assert_eq!(query["SignName"], "小蜜蜂");
    assert_eq!(query["AccessKeyId"], "LTAI5tTestId");
    let param: Value = serde_json::from_str(&query["TemplateParam"])?;
    assert!(param["code"].as_str().is_some_and(|c| c.len() == 6));
    // Nothing went to the outbox.
    assert!(app.beehive().outbox_latest("13812345678").await?.is_none());
    let usage = app
        .column_texts("SELECT target || ' ' || provider || ' ' || outcome FROM provider_usage")
        .await?;
    assert_eq!(usage, vec!["138****5678 aliyun success".to_owned()]);

    // A wrong secret is refused by the fake; the send is recorded as a failure.
    let reply = app
        .post_as(
            SMS_UPDATE,
            &token,
            &json!({ "kind": "aliyun", "endpoint": endpoint, "accessKeyId": "LTAI5tTestId", "accessKeySecret": "wrong-secret", "signName": "小蜜蜂" }),
        )
        .await?;
    assert_eq!(reply.code(), 200);
    app.advance(std::time::Duration::from_secs(61));
    assert_eq!(
        send_code(&app, "13812345678").await?.code(),
        200,
        "same answer either way"
    );
    let calls = fake.calls.lock().map(|c| c.clone()).unwrap_or_default();
    assert_eq!(calls.len(), 2);
    assert_eq!(calls[1].1, "SignatureDoesNotMatch");
    let failures = app
        .column_texts("SELECT error_message FROM provider_usage WHERE outcome = 'failure'")
        .await?;
    assert_eq!(failures.len(), 1);
    assert!(
        failures[0].contains("SignatureDoesNotMatch"),
        "{failures:?}"
    );
    let targets = app
        .column_texts("SELECT target FROM provider_usage")
        .await?;
    assert!(targets.iter().all(|t| t == "138****5678"));
    for secret in [SECRET, "wrong-secret"] {
        assert_secret_nowhere(&app, &token, secret).await?;
    }
    app.stop().await
}

#[tokio::test]
async fn outbox_stays_the_default_and_is_recorded() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let token = app.admin_token().await?;
    let reply = app
        .post_as(
            "/api/admin/user/create",
            &token,
            &json!({ "account": "boxuser", "name": "短信用户", "roleIds": [], "mobile": "13987654321",
                     "password": md5("boxuser-Pass-1") }),
        )
        .await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    assert_eq!(send_code(&app, "13987654321").await?.code(), 200);
    let text = app
        .beehive()
        .outbox_latest("13987654321")
        .await?
        .unwrap_or_default();
    assert!(text.starts_with("【小蜜蜂】您的登录验证码为"), "{text}");
    let usage = app
        .column_texts("SELECT target || ' ' || provider || ' ' || template_code || ' ' || outcome FROM provider_usage")
        .await?;
    assert_eq!(
        usage,
        vec!["139****4321 outbox LOGIN_CODE success".to_owned()]
    );
    app.stop().await
}

const USAGE_PAGE: &str = "/api/admin/icl_interface/usage/page";
const USAGE_EXPORT: &str = "/api/admin/icl_interface/usage/export";

/// Sends sign-in codes to two registered mobiles (outbox) and one failure through Aliyun.
async fn some_usage(app: &TestApp, token: &str) -> anyhow::Result<()> {
    for (account, mobile) in [("u_one", "13812345678"), ("u_two", "13987654321")] {
        let reply = app
            .post_as(
                "/api/admin/user/create",
                token,
                &json!({ "account": account, "name": account, "roleIds": [], "mobile": mobile,
                         "password": md5(&format!("{account}-Pass-1")) }),
            )
            .await?;
        anyhow::ensure!(reply.code() == 200, "{}", reply.text);
        anyhow::ensure!(send_code(app, mobile).await?.code() == 200);
    }
    // Aliyun without the template's provider id: recorded as a failure.
    let reply = app
        .post_as(
            SMS_UPDATE,
            token,
            &json!({ "kind": "aliyun", "endpoint": "http://127.0.0.1:9", "accessKeyId": "id", "accessKeySecret": SECRET, "signName": "小蜜蜂" }),
        )
        .await?;
    anyhow::ensure!(reply.code() == 200, "{}", reply.text);
    app.advance(std::time::Duration::from_secs(61));
    anyhow::ensure!(send_code(app, "13812345678").await?.code() == 200);
    Ok(())
}

#[tokio::test]
async fn usage_list_filters_masks_and_exports() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let token = app.admin_token().await?;
    some_usage(&app, &token).await?;

    let reply = app
        .post_as(USAGE_PAGE, &token, &json!({ "page": 1, "size": 10 }))
        .await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    let data: Value = reply.data()?;
    assert_eq!(data["total"], 3);
    let records = data["records"].as_array().cloned().unwrap_or_default();
    assert_eq!(records[0]["provider"], "aliyun", "newest first");
    assert_eq!(records[0]["outcome"], "failure");
    assert_eq!(records[0]["costUnits"], 0);
    assert!(
        records[0]["errorMessage"]
            .as_str()
            .is_some_and(|m| m.contains("服务商模板编号"))
    );
    assert!(!reply.text.contains("13812345678") && !reply.text.contains("13987654321"));
    assert!(reply.text.contains("138****5678"));

    let filtered = |body: Value| {
        let app = &app;
        let token = token.clone();
        async move {
            let reply = app.post_as(USAGE_PAGE, &token, &body).await?;
            anyhow::ensure!(reply.code() == 200, "{}", reply.text);
            Ok::<i64, anyhow::Error>(reply.body["data"]["total"].as_i64().unwrap_or(-1))
        }
    };
    assert_eq!(filtered(json!({ "outcome": "success" })).await?, 2);
    assert_eq!(filtered(json!({ "provider": "outbox" })).await?, 2);
    assert_eq!(filtered(json!({ "kind": "ocr" })).await?, 0);
    assert_eq!(filtered(json!({ "target": "4321" })).await?, 1);
    assert_eq!(filtered(json!({ "to": 0 })).await?, 0);
    let refused = app
        .post_as(USAGE_PAGE, &token, &json!({ "kind": "fax" }))
        .await?;
    assert_eq!(refused.code(), 400);
    assert!(refused.body["data"]["fields"]["kind"].is_string());
    let refused = app
        .post_as(USAGE_PAGE, &token, &json!({ "outcome": "maybe" }))
        .await?;
    assert!(refused.body["data"]["fields"]["outcome"].is_string());

    let exported = app
        .post_as(USAGE_EXPORT, &token, &json!({ "provider": "outbox" }))
        .await?;
    assert_eq!(exported.code(), 200, "{}", exported.text);
    let xml = app.exported_sheet(&token, &exported).await?;
    assert_eq!(xml.matches("<row ").count(), 3, "header + 2 rows");
    assert!(xml.contains("139****4321") && xml.contains("内置发件箱"));
    assert!(!xml.contains("13987654321"));
    app.stop().await
}

#[tokio::test]
async fn usage_needs_its_permissions() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let token = app.admin_token().await?;
    let none = app
        .limited_admin(&token, "nousage", &["admin:logs:table"])
        .await?
        .token;
    assert_eq!(
        app.post_as(USAGE_PAGE, &none, &json!({})).await?.code(),
        403
    );
    assert_eq!(
        app.post_as(USAGE_EXPORT, &none, &json!({})).await?.code(),
        403
    );
    let reader = app
        .limited_admin(&token, "reader", &["admin:icl_interface:table"])
        .await?
        .token;
    assert_eq!(
        app.post_as(USAGE_PAGE, &reader, &json!({})).await?.code(),
        200
    );
    assert_eq!(
        app.post_as(USAGE_EXPORT, &reader, &json!({})).await?.code(),
        403
    );
    let exporter = app
        .limited_admin(
            &token,
            "exporter",
            &["admin:icl_interface:table", "admin:icl_interface:export"],
        )
        .await?
        .token;
    assert_eq!(
        app.post_as(USAGE_EXPORT, &exporter, &json!({}))
            .await?
            .code(),
        200
    );
    app.stop().await
}

const T_PAGE: &str = "/api/admin/config/sms/template/page";
const T_CREATE: &str = "/api/admin/config/sms/template/create";

async fn template_id(app: &TestApp, token: &str, code: &str) -> anyhow::Result<i64> {
    let reply = app
        .post_as(T_PAGE, token, &json!({ "keyword": code }))
        .await?;
    anyhow::ensure!(reply.code() == 200, "{}", reply.text);
    reply.body["data"]["records"]
        .as_array()
        .and_then(|r| r.iter().find(|t| t["code"] == code))
        .and_then(|t| t["id"].as_i64())
        .ok_or_else(|| anyhow::anyhow!("no template {code}: {}", reply.text))
}

#[tokio::test]
async fn templates_validate_and_the_login_template_is_seeded() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let token = app.admin_token().await?;
    let reply = app.post_as(T_PAGE, &token, &json!({})).await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    assert_eq!(reply.body["data"]["total"], 1);
    assert_eq!(reply.body["data"]["records"][0]["code"], "LOGIN_CODE");
    assert_eq!(
        reply.body["data"]["records"][0]["content"],
        "您的登录验证码为{{code}}，5分钟内有效。"
    );

    let base = json!({ "code": "ORDER_PASSED", "name": "审核通过", "content": "尊敬的{{name}}，您的订单{{orderNo}}已审核通过。", "providerTemplateId": "SMS_123456", "enabled": true });
    let with = |k: &str, v: Value| {
        let mut b = base.clone();
        b[k] = v;
        b
    };
    let cases = [
        (with("code", json!("order_passed")), "code"),
        (with("code", json!("A")), "code"),
        (with("name", json!(" ")), "name"),
        (with("content", json!("")), "content"),
        (with("content", json!("您好{{name")), "content"),
        (with("content", json!("您好name}}")), "content"),
        (with("content", json!("您好{{1name}}")), "content"),
        // The syntax before m0027: refused, not sent as text.
        (with("content", json!("您好{name}")), "content"),
        (
            with("providerTemplateId", json!("SMS 1")),
            "providerTemplateId",
        ),
    ];
    for (body, field) in cases {
        let reply = app.post_as(T_CREATE, &token, &body).await?;
        assert_eq!(reply.code(), 400, "{body}: {}", reply.text);
        assert!(
            reply.body["data"]["fields"][field].is_string(),
            "{body}: {}",
            reply.text
        );
    }
    let old = app
        .post_as(T_CREATE, &token, &with("content", json!("您好{name}")))
        .await?;
    assert_eq!(
        old.body["data"]["fields"]["content"], "模板内容的占位符须写成“{{name}}”，不是“{name}”",
        "{}",
        old.text
    );
    // In the user's language, the placeholders as written.
    let old = app
        .post_in(
            "en",
            T_CREATE,
            &token,
            &with("content", json!("您好{name}")),
        )
        .await?;
    let message = old.body["data"]["fields"]["content"]
        .as_str()
        .unwrap_or_default();
    assert!(
        message.ends_with("write the placeholder as “{{name}}”, not “{name}”"),
        "{}",
        old.text
    );
    assert_eq!(
        app.post_as(T_PAGE, &token, &json!({})).await?.body["data"]["total"],
        1
    );
    let created = app.post_as(T_CREATE, &token, &base).await?;
    assert_eq!(created.code(), 200, "{}", created.text);
    assert_eq!(app.post_as(T_CREATE, &token, &base).await?.code(), 409);

    // LOGIN_CODE stays: not deletable, keeps {{code}}.
    let login = template_id(&app, &token, "LOGIN_CODE").await?;
    let refused = app
        .post_as(
            &format!("/api/admin/config/sms/template/delete/{login}"),
            &token,
            &json!({}),
        )
        .await?;
    assert_eq!(refused.code(), 409);
    let refused = app
        .post_as(
            &format!("/api/admin/config/sms/template/update/{login}"),
            &token,
            &json!({ "name": "登录验证码", "content": "没有验证码", "providerTemplateId": "", "enabled": true }),
        )
        .await?;
    assert_eq!(refused.code(), 400);
    let id = template_id(&app, &token, "ORDER_PASSED").await?;
    let deleted = app
        .post_as(
            &format!("/api/admin/config/sms/template/delete/{id}"),
            &token,
            &json!({}),
        )
        .await?;
    assert_eq!(deleted.code(), 200, "{}", deleted.text);

    let other = app
        .limited_admin(&token, "notpl", &["admin:config:icl_interface"])
        .await?
        .token;
    assert_eq!(app.post_as(T_PAGE, &other, &json!({})).await?.code(), 403);
    assert_eq!(app.post_as(T_CREATE, &other, &base).await?.code(), 403);
    app.stop().await
}

#[tokio::test]
async fn test_send_needs_every_placeholder_and_goes_through_the_provider() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let token = app.admin_token().await?;
    let (endpoint, fake) = start_fake().await?;
    let created = app
        .post_as(
            T_CREATE,
            &token,
            &json!({ "code": "REPAY_NOTICE", "name": "还款提醒", "content": "尊敬的{{name}}，您本期应还{{amount}}元。", "providerTemplateId": "SMS_778899", "enabled": true }),
        )
        .await?;
    let id = created.created_id()?;
    let test = format!("/api/admin/config/sms/template/test/{id}");

    let reply = app
        .post_as(
            &test,
            &token,
            &json!({ "mobile": "13800138000", "params": { "name": "张三" } }),
        )
        .await?;
    assert_eq!(reply.code(), 400, "{}", reply.text);
    assert!(
        reply.body["data"]["fields"]["params.amount"].is_string(),
        "{}",
        reply.text
    );
    let reply = app
        .post_as(
            &test,
            &token,
            &json!({ "mobile": "12345", "params": { "name": "张三", "amount": "1" } }),
        )
        .await?;
    assert!(reply.body["data"]["fields"]["mobile"].is_string());

    // Outbox.
    let reply = app
        .post_as(
            &test,
            &token,
            &json!({ "mobile": "13800138000", "params": { "name": "张三", "amount": "1,200.00" } }),
        )
        .await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    assert_eq!(reply.body["data"]["success"], true);
    let text = app
        .beehive()
        .outbox_latest("13800138000")
        .await?
        .unwrap_or_default();
    assert_eq!(text, "【小蜜蜂】尊敬的张三，您本期应还1,200.00元。");

    // Aliyun through the fake.
    let reply = app
        .post_as(
            SMS_UPDATE,
            &token,
            &json!({ "kind": "aliyun", "endpoint": endpoint, "accessKeyId": "LTAI5tTestId", "accessKeySecret": SECRET, "signName": "小蜜蜂" }),
        )
        .await?;
    assert_eq!(reply.code(), 200);
    let reply = app
        .post_as(
            &test,
            &token,
            &json!({ "mobile": "13800138000", "params": { "name": "张三", "amount": "88" } }),
        )
        .await?;
    assert_eq!(reply.body["data"]["success"], true, "{}", reply.text);
    let calls = fake.calls.lock().map(|c| c.clone()).unwrap_or_default();
    assert_eq!(calls.len(), 1);
    assert_eq!(calls[0].0["TemplateCode"], "SMS_778899");
    let param: Value = serde_json::from_str(&calls[0].0["TemplateParam"])?;
    assert_eq!(param, json!({ "name": "张三", "amount": "88" }));

    let usage = app
        .column_texts("SELECT target || ' ' || provider || ' ' || template_code FROM provider_usage ORDER BY id")
        .await?;
    assert_eq!(
        usage,
        vec![
            "138****8000 outbox REPAY_NOTICE".to_owned(),
            "138****8000 aliyun REPAY_NOTICE".to_owned()
        ]
    );
    for detail in app.column_texts("SELECT detail FROM operation_log").await? {
        assert!(!detail.contains("13800138000"), "{detail}");
    }
    app.stop().await
}

const SIG: &str = "/api/admin/config/signature";
const SIG_UPDATE: &str = "/api/admin/config/signature/update";
const SIG_TEST: &str = "/api/admin/config/signature/test";
const PRIVATE_KEY: &str =
    "-----BEGIN PRIVATE KEY-----MIIEvQIBADANBgkqhkiG9w0BAQEFAASC-E2E-----END PRIVATE KEY-----";

/// A local server answering `status` to everything.
async fn answering(status: u16) -> anyhow::Result<String> {
    let code = axum::http::StatusCode::from_u16(status)?;
    let router = axum::Router::new().fallback(move || async move { (code, "fake bestsign") });
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let addr = listener.local_addr()?;
    tokio::spawn(async move {
        let _ = axum::serve(listener, router).await;
    });
    Ok(format!("http://{addr}"))
}

#[tokio::test]
async fn signature_config_validates_keeps_the_key_secret_and_tests_the_connection()
-> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let token = app.admin_token().await?;
    let data: Value = app.get_as(SIG, &token).await?.data()?;
    assert_eq!(data["kind"], "none");
    assert_eq!(data["privateKeySet"], false);
    // Nothing to test yet.
    assert_eq!(app.post_as(SIG_TEST, &token, &json!({})).await?.code(), 409);

    let good = json!({ "kind": "bestsign", "endpoint": "https://openapi.bestsign.info/openapi/v2", "developerId": "1588888888888", "privateKey": PRIVATE_KEY,
                       "callbackBase": "https://beehive.example.com", "platformCreditCode": "91110000MA01ABCD2X", "platformMobile": "13900000000" });
    let with = |k: &str, v: Value| {
        let mut b = good.clone();
        b[k] = v;
        b
    };
    let cases = [
        (with("kind", json!("docusign")), "kind"),
        (
            with("endpoint", json!("http://openapi.bestsign.info")),
            "endpoint",
        ),
        (with("endpoint", json!("")), "endpoint"),
        (with("developerId", json!("")), "developerId"),
        (with("privateKey", json!("")), "privateKey"),
        (with("callbackBase", json!("")), "callbackBase"),
        (
            with("platformCreditCode", json!("9111")),
            "platformCreditCode",
        ),
        (with("platformMobile", json!("0139")), "platformMobile"),
    ];
    for (body, field) in cases {
        let reply = app.post_as(SIG_UPDATE, &token, &body).await?;
        assert_eq!(reply.code(), 400, "{body}: {}", reply.text);
        assert!(
            reply.body["data"]["fields"][field].is_string(),
            "{body}: {}",
            reply.text
        );
    }
    assert!(
        app.column_texts("SELECT kind FROM provider_config")
            .await?
            .is_empty()
    );
    let reply = app.post_as(SIG_UPDATE, &token, &good).await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    let data: Value = app.get_as(SIG, &token).await?.data()?;
    assert_eq!(data["kind"], "bestsign");
    assert_eq!(data["developerId"], "1588888888888");
    assert_eq!(data["privateKeySet"], true);
    let stored = app
        .column_texts("SELECT secret FROM provider_config WHERE slot = 'esign'")
        .await?;
    assert_eq!(stored.len(), 1);
    assert!(!stored[0].contains("PRIVATE KEY"));
    assert_secret_nowhere(&app, &token, PRIVATE_KEY).await?;
    let sig = app.get_as(SIG, &token).await?;
    assert!(!sig.text.contains("PRIVATE KEY"));

    // Reachable; a server error; nobody listening.
    let up = answering(404).await?;
    let reply = app
        .post_as(
            SIG_UPDATE,
            &token,
            &json!({ "kind": "bestsign", "endpoint": up, "developerId": "1588888888888",
                     "callbackBase": "https://beehive.example.com", "platformCreditCode": "91110000MA01ABCD2X", "platformMobile": "13900000000" }),
        )
        .await?;
    assert_eq!(reply.code(), 200, "kept key: {}", reply.text);
    let test: Value = app.post_as(SIG_TEST, &token, &json!({})).await?.data()?;
    assert_eq!(test["ok"], true, "{test}");
    assert_eq!(test["status"], 404);
    assert!(test["elapsedMs"].is_u64());

    let broken = answering(500).await?;
    app.post_as(
        SIG_UPDATE,
        &token,
        &json!({ "kind": "bestsign", "endpoint": broken, "developerId": "1588888888888",
                 "callbackBase": "https://beehive.example.com", "platformCreditCode": "91110000MA01ABCD2X", "platformMobile": "13900000000" }),
    )
    .await?;
    let test: Value = app.post_as(SIG_TEST, &token, &json!({})).await?.data()?;
    assert_eq!(test["ok"], false);
    assert_eq!(test["status"], 500);

    let closed = {
        let listener = std::net::TcpListener::bind("127.0.0.1:0")?;
        listener.local_addr()?.port()
    };
    app.post_as(
        SIG_UPDATE,
        &token,
        &json!({ "kind": "bestsign", "endpoint": format!("http://127.0.0.1:{closed}"), "developerId": "1588888888888",
                 "callbackBase": "https://beehive.example.com", "platformCreditCode": "91110000MA01ABCD2X", "platformMobile": "13900000000" }),
    )
    .await?;
    let test: Value = app.post_as(SIG_TEST, &token, &json!({})).await?.data()?;
    assert_eq!(test["ok"], false);
    assert!(test["status"].is_null());
    assert_eq!(test["message"], "无法连接到接口地址");

    let other = app
        .limited_admin(&token, "nosig", &["admin:config:icl_interface"])
        .await?
        .token;
    assert_eq!(app.get_as(SIG, &other).await?.code(), 403);
    assert_eq!(app.post_as(SIG_UPDATE, &other, &good).await?.code(), 403);
    assert_eq!(app.post_as(SIG_TEST, &other, &json!({})).await?.code(), 403);
    app.stop().await
}

#[tokio::test]
async fn the_template_list_exports_with_its_own_permission() -> anyhow::Result<()> {
    const T_EXPORT: &str = "/api/admin/config/sms/template/export";
    let app = TestApp::spawn().await?;
    let token = app.admin_token().await?;
    // The page permission alone reads the list but does not export it.
    let reader = app
        .limited_admin(&token, "tplreader", &["admin:config:sms"])
        .await?
        .token;
    assert_eq!(app.post_as(T_PAGE, &reader, &json!({})).await?.code(), 200);
    let refused = app.post_as(T_EXPORT, &reader, &json!({})).await?;
    assert_eq!(refused.code(), 403, "{}", refused.text);

    let exported = app
        .post_as(T_EXPORT, &token, &json!({ "keyword": "login" }))
        .await?;
    assert_eq!(exported.code(), 200, "{}", exported.text);
    assert_eq!(exported.body["data"]["rows"], 1, "the seeded LOGIN_CODE");
    let xml = app.exported_sheet(&token, &exported).await?;
    assert_eq!(xml.matches("<row ").count(), 2, "header + LOGIN_CODE");
    assert!(xml.contains("LOGIN_CODE") && xml.contains("模板内容"));
    app.stop().await
}
