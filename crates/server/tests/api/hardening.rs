//! What an attacker's probe found, each kept from coming back: huge page numbers, control
//! characters, over-long filters, over-long download names, unknown fields, bad path ids, and
//! answers that left an unread body on a kept-alive connection.

use serde_json::json;
use testkit::{Reply, TestApp};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

const PAGES: &[&str] = &[
    "/api/admin/article/page",
    "/api/admin/banner/page",
    "/api/admin/capital/page",
    "/api/admin/config/sms/template/page",
    "/api/admin/contract/template/page",
    "/api/admin/customer/file/page",
    "/api/admin/customer/page",
    "/api/admin/icl_interface/usage/page",
    "/api/admin/insurer/page",
    "/api/admin/logs/login/page",
    "/api/admin/logs/operation/page",
    "/api/admin/notice/batch/page",
    "/api/admin/notice/customer/page",
    "/api/admin/notice/template/page",
    "/api/admin/role/page",
    "/api/admin/user/page",
];

fn refused(reply: &Reply, field: &str) {
    assert_eq!(reply.status, 200, "{}", reply.text);
    assert_eq!(reply.code(), 400, "{}", reply.text);
    assert!(reply.field(field).is_some(), "{field}: {}", reply.text);
}

#[tokio::test]
async fn page_and_size_out_of_bounds_answer_400_on_every_list() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let root = app.admin_token().await?;
    let customer = app
        .insert_customers(&[testkit::CustomerFixture {
            name: "张三".to_owned(),
            mobile: "13800000001".to_owned(),
            kind: "INDIVIDUAL",
            status: "ENABLED",
        }])
        .await?;
    for path in PAGES {
        let with = |mut body: serde_json::Value| {
            if path.ends_with("/customer/file/page") {
                body["customerId"] = json!(customer[0]);
            }
            body
        };
        let huge = with(json!({ "page": 46_116_860_184_273_882_i64, "size": 200 }));
        let reply = app.post_as(path, &root, &huge).await?;
        refused(&reply, "page");
        assert!(reply.msg().contains("1000000"), "{path}: {}", reply.msg());
        for (body, field) in [
            (json!({ "page": 1_000_001, "size": 10 }), "page"),
            (json!({ "page": 0, "size": 10 }), "page"),
            (json!({ "page": 1, "size": 201 }), "size"),
            (json!({ "page": 1, "size": 0 }), "size"),
        ] {
            let reply = app.post_as(path, &root, &with(body)).await?;
            refused(&reply, field);
        }
        let last = with(json!({ "page": 1_000_000, "size": 200 }));
        let reply = app.post_as(path, &root, &last).await?;
        assert_eq!(reply.code(), 200, "{path}: {}", reply.text);
    }
    app.stop().await
}

#[tokio::test]
async fn control_characters_are_refused_naming_the_field() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let root = app.admin_token().await?;
    let filter = json!({ "page": 1, "size": 10, "name": "\u{0}" });
    let reply = app
        .post_as("/api/admin/insurer/page", &root, &filter)
        .await?;
    refused(&reply, "name");
    let escape = json!({ "page": 1, "size": 10, "title": "a\u{1b}b" });
    let reply = app
        .post_as("/api/admin/banner/page", &root, &escape)
        .await?;
    refused(&reply, "title");
    let saved = json!({
        "name": "保险公司", "code": "PICC01",
        "contactName": "王经理", "contactPhone": "010-88886666",
        "preStartFeeBp": 300, "dayBasis": 365,
        "compulsoryReasons": [], "enabled": true,
        "accounts": [
            { "bankName": "工行", "branchName": "西单支行", "accountName": "人保", "accountNo": "6222021234567890" },
            { "bankName": "工行", "branchName": "西单支行", "accountName": "人保", "accountNo": "6222\u{0}021234567891" },
        ],
    });
    let reply = app
        .post_as("/api/admin/insurer/create", &root, &saved)
        .await?;
    refused(&reply, "accounts[1].accountNo");
    // Tab and line breaks stay allowed (multi-line fields).
    let fine = json!({ "page": 1, "size": 10, "name": "a\tb\r\n" });
    let reply = app.post_as("/api/admin/insurer/page", &root, &fine).await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    // A control character in a path parameter.
    let reply = app
        .post_form("/api/admin/login/code/138%0012345678", &[])
        .await?;
    refused(&reply, "mobile");
    app.stop().await
}

#[tokio::test]
async fn text_filters_are_capped_at_200_characters() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let root = app.admin_token().await?;
    let long = "a".repeat(50_000);
    for (path, field) in [
        ("/api/admin/insurer/page", "name"),
        ("/api/admin/capital/page", "name"),
        ("/api/admin/user/page", "account"),
        ("/api/admin/logs/operation/page", "actor"),
        ("/api/admin/customer/page", "name"),
    ] {
        let body = json!({ "page": 1, "size": 10, field: long });
        let reply = app.post_as(path, &root, &body).await?;
        refused(&reply, field);
        assert!(reply.msg().contains("200"), "{path}: {}", reply.msg());
        let fits = json!({ "page": 1, "size": 10, field: "中".repeat(200) });
        let reply = app.post_as(path, &root, &fits).await?;
        assert_eq!(reply.code(), 200, "{path}: {}", reply.text);
    }
    app.stop().await
}

#[tokio::test]
async fn download_names_are_checked_before_storage() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let root = app.admin_token().await?;
    let long = format!("exports/admin-1/{}.xlsx", "a".repeat(5_000));
    for name in [
        long.as_str(),
        "..%2F..%2Fetc%2Fpasswd",
        "%2Fetc%2Fpasswd",
        "a%00b",
    ] {
        let reply = app
            .get_as(&format!("/api/file/download?objectName={name}"), &root)
            .await?;
        refused(&reply, "objectName");
    }
    let reply = app
        .get_as(
            "/api/file/download?objectName=exports/admin-1/missing.xlsx",
            &root,
        )
        .await?;
    assert_eq!(reply.code(), 404, "{}", reply.text);
    app.stop().await
}

#[tokio::test]
async fn unknown_fields_are_refused_naming_them() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let root = app.admin_token().await?;
    let body = json!({ "page": 1, "size": 10, "bogus": 1 });
    let reply = app.post_as("/api/admin/insurer/page", &root, &body).await?;
    refused(&reply, "bogus");
    let login = json!({ "account": "admin", "password": "x", "isAdmin": true });
    let reply = app.post_json("/api/admin/login/account", &login).await?;
    assert_eq!(reply.code(), 400, "{}", reply.text);
    app.stop().await
}

#[tokio::test]
async fn bad_path_ids_answer_the_envelope() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let root = app.admin_token().await?;
    for id in ["abc", "99999999999999999999", "1.5"] {
        let reply = app
            .get_as(&format!("/api/admin/insurer/view/{id}"), &root)
            .await?;
        refused(&reply, "id");
    }
    let reply = app
        .get_as("/api/admin/capital/account/list/x", &root)
        .await?;
    refused(&reply, "providerId");
    app.stop().await
}

/// Sends `request` on `stream` and reads one answer (headers and a `Content-Length` body).
async fn exchange(stream: &mut tokio::net::TcpStream, request: &str) -> anyhow::Result<String> {
    stream.write_all(request.as_bytes()).await?;
    let mut buf = Vec::new();
    let mut chunk = [0_u8; 4096];
    loop {
        let n = tokio::time::timeout(std::time::Duration::from_secs(5), stream.read(&mut chunk))
            .await??;
        if n == 0 {
            break;
        }
        buf.extend_from_slice(&chunk[..n]);
        let text = String::from_utf8_lossy(&buf).to_string();
        if let Some(end) = text.find("\r\n\r\n") {
            let head = text[..end].to_ascii_lowercase();
            let length = head
                .lines()
                .find_map(|l| l.strip_prefix("content-length:"))
                .and_then(|v| v.trim().parse::<usize>().ok())
                .unwrap_or(0);
            if buf.len() >= end + 4 + length {
                return Ok(text);
            }
        }
    }
    Ok(String::from_utf8_lossy(&buf).to_string())
}

#[tokio::test]
async fn unread_bodies_do_not_break_the_next_request_on_the_connection() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let url = reqwest::Url::parse(&app.url("/"))?;
    let addr = format!(
        "{}:{}",
        url.host_str().unwrap_or("127.0.0.1"),
        url.port().unwrap_or(80)
    );
    let body = "{\"page\":1,\"size\":10,\"padding\":\"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\"}";
    for path in ["/api/no/such/thing", "/api/admin/insurer/page"] {
        let mut stream = tokio::net::TcpStream::connect(&addr).await?;
        let first = exchange(
            &mut stream,
            &format!(
                "POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
                body.len()
            ),
        )
        .await?;
        assert!(first.starts_with("HTTP/1.1 "), "{path}: {first}");
        let closes = first
            .split("\r\n\r\n")
            .next()
            .unwrap_or_default()
            .to_ascii_lowercase()
            .contains("connection: close");
        let second = exchange(&mut stream, "GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n")
            .await
            .unwrap_or_default();
        assert!(
            closes || second.starts_with("HTTP/1.1 200"),
            "{path}: first {first:?}, second {second:?}"
        );
    }
    app.stop().await
}
