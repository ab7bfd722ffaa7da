//! The layers every endpoint sits behind, exercised through small routes made for the test:
//! bad bodies, body limit, timeout and panics all answer the envelope, never a bare error.

use axum::Router;
use axum::routing::post;
use serde::Deserialize;
use serde_json::{Value, json};
use server::envelope::{Envelope, ok};
use server::extract::{Form, Json};
use std::time::Duration;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Login {
    username: String,
    age: u32,
}

async fn echo(Json(body): Json<Login>) -> Envelope<Value> {
    ok(json!({ "username": body.username, "age": body.age }))
}

#[derive(Debug, Deserialize)]
struct Code {
    uid: Option<String>,
}

async fn form(Form(body): Form<Code>) -> Envelope<Value> {
    ok(json!({ "uid": body.uid }))
}

async fn slow() -> Envelope<Value> {
    tokio::time::sleep(Duration::from_secs(5)).await;
    ok(Value::Null)
}

#[allow(clippy::panic)]
async fn boom() -> Envelope<Value> {
    panic!("a bug")
}

async fn spawn() -> anyhow::Result<String> {
    let routes = Router::new()
        .route("/api/echo", post(echo))
        .route("/api/form", post(form))
        .route("/api/slow", post(slow))
        .route("/api/boom", post(boom));
    let app = server::with_layers(
        routes,
        &server::HttpConfig {
            request_timeout: Duration::from_millis(300),
        },
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let addr = listener.local_addr()?;
    tokio::spawn(async move { axum::serve(listener, app).await });
    Ok(format!("http://{addr}"))
}

async fn send(req: reqwest::RequestBuilder) -> anyhow::Result<(u16, Value)> {
    let res = req.send().await?;
    let status = res.status().as_u16();
    let body: Value = res.json().await?;
    Ok((status, body))
}

#[tokio::test]
async fn a_good_json_body_passes() -> anyhow::Result<()> {
    let base = spawn().await?;
    let client = reqwest::Client::new();
    let (status, body) = send(
        client
            .post(format!("{base}/api/echo"))
            .json(&json!({"username": "li", "age": 30})),
    )
    .await?;
    assert_eq!(status, 200);
    assert_eq!(body["result"], true);
    assert_eq!(body["data"]["username"], "li");
    Ok(())
}

#[tokio::test]
async fn malformed_json_is_a_400_envelope() -> anyhow::Result<()> {
    let base = spawn().await?;
    let (status, body) = send(
        reqwest::Client::new()
            .post(format!("{base}/api/echo"))
            .header("content-type", "application/json")
            .body("{\"username\": \"li\","),
    )
    .await?;
    assert_eq!(status, 200);
    assert_eq!(body["code"], 400);
    assert!(
        body["msg"]
            .as_str()
            .is_some_and(|m| m.contains("不是有效的 JSON"))
    );
    Ok(())
}

#[tokio::test]
async fn wrong_content_type_is_a_400_envelope() -> anyhow::Result<()> {
    let base = spawn().await?;
    let (_, body) = send(
        reqwest::Client::new()
            .post(format!("{base}/api/echo"))
            .header("content-type", "text/plain")
            .body("{}"),
    )
    .await?;
    assert_eq!(body["code"], 400);
    assert_eq!(body["msg"], "请求的 Content-Type 必须是 application/json");
    Ok(())
}

#[tokio::test]
async fn a_missing_or_mistyped_field_is_named() -> anyhow::Result<()> {
    let base = spawn().await?;
    let client = reqwest::Client::new();
    let (_, missing) = send(
        client
            .post(format!("{base}/api/echo"))
            .json(&json!({"username": "li"})),
    )
    .await?;
    assert_eq!(missing["code"], 400);
    assert_eq!(missing["msg"], "缺少必填字段 age");
    assert_eq!(missing["data"]["fields"]["age"], "缺少必填字段 age");

    let (_, mistyped) = send(
        client
            .post(format!("{base}/api/echo"))
            .json(&json!({"username": "li", "age": "thirty"})),
    )
    .await?;
    assert_eq!(mistyped["code"], 400);
    assert!(mistyped["data"]["fields"]["age"].is_string(), "{mistyped}");

    let (_, unknown) = send(
        client
            .post(format!("{base}/api/echo"))
            .json(&json!({"username": "li", "age": 3, "role": "root"})),
    )
    .await?;
    assert_eq!(unknown["code"], 400);
    assert_eq!(unknown["data"]["fields"]["role"], "不认识的字段 role");
    Ok(())
}

#[tokio::test]
async fn a_body_over_the_limit_is_a_400_envelope() -> anyhow::Result<()> {
    let base = spawn().await?;
    let huge = format!(
        "{{\"username\": \"{}\", \"age\": 1}}",
        "x".repeat(3 * 1024 * 1024)
    );
    let (status, body) = send(
        reqwest::Client::new()
            .post(format!("{base}/api/echo"))
            .header("content-type", "application/json")
            .body(huge),
    )
    .await?;
    assert_eq!(status, 200);
    assert_eq!(body["code"], 400);
    assert!(
        body["msg"]
            .as_str()
            .is_some_and(|m| m.contains("请求体过大")),
        "{body}"
    );
    Ok(())
}

#[tokio::test]
async fn form_bodies_are_read_and_an_empty_one_is_fine() -> anyhow::Result<()> {
    let base = spawn().await?;
    let client = reqwest::Client::new();
    let (_, filled) = send(
        client
            .post(format!("{base}/api/form"))
            .header("content-type", "application/x-www-form-urlencoded")
            .body("uid=abc%20d"),
    )
    .await?;
    assert_eq!(filled["data"]["uid"], "abc d");
    let (_, empty) = send(client.post(format!("{base}/api/form"))).await?;
    assert_eq!(empty["result"], true);
    assert_eq!(empty["data"]["uid"], Value::Null);
    let (_, json_sent) = send(
        client
            .post(format!("{base}/api/form"))
            .json(&json!({"uid": "x"})),
    )
    .await?;
    assert_eq!(json_sent["code"], 400);
    Ok(())
}

#[tokio::test]
async fn a_slow_request_times_out_with_a_message() -> anyhow::Result<()> {
    let base = spawn().await?;
    let (status, body) = send(reqwest::Client::new().post(format!("{base}/api/slow"))).await?;
    assert_eq!(status, 200);
    assert_eq!(body["code"], 500);
    assert!(
        body["msg"]
            .as_str()
            .is_some_and(|m| m.contains("请求处理超时")),
        "{body}"
    );
    assert!(
        body["data"]["requestId"]
            .as_str()
            .is_some_and(|id| !id.is_empty())
    );
    Ok(())
}

#[tokio::test]
async fn a_panic_answers_the_envelope() -> anyhow::Result<()> {
    let base = spawn().await?;
    let (status, body) = send(reqwest::Client::new().post(format!("{base}/api/boom"))).await?;
    assert_eq!(status, 200);
    assert_eq!(body["code"], 500);
    assert!(!body["msg"].as_str().unwrap_or_default().contains("a bug"));
    Ok(())
}

#[tokio::test]
async fn responses_are_compressed_when_asked() -> anyhow::Result<()> {
    let base = spawn().await?;
    let res = reqwest::Client::new()
        .get(format!("{base}/some/page"))
        .header("accept-encoding", "gzip")
        .send()
        .await?;
    if server::spa::is_built() {
        assert_eq!(
            res.headers()
                .get("content-encoding")
                .and_then(|v| v.to_str().ok()),
            Some("gzip")
        );
    }
    Ok(())
}
