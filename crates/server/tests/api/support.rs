//! Helpers more than one module of the API tests uses (what any test of Beehive could use lives
//! in `testkit` instead: `TestApp::admin_token`, `TestApp::limited_admin`, `TestApp::upload_as`,
//! `Reply::created_id`, `Reply::field`).

use serde_json::Value;
use testkit::{Reply, TestApp};

/// `base` with the keys of `changes` set over it (both JSON objects).
pub fn with(mut base: Value, changes: &Value) -> Value {
    if let (Some(b), Some(c)) = (base.as_object_mut(), changes.as_object()) {
        for (k, v) in c {
            b.insert(k.clone(), v.clone());
        }
    }
    base
}

/// A small file that starts like a PNG (the server decides by content, not by name).
pub fn png() -> Vec<u8> {
    let mut bytes = b"\x89PNG\r\n\x1a\n".to_vec();
    bytes.extend_from_slice(&[7u8; 64]);
    bytes
}

/// Asks for an administrator's sign-in code for `mobile` (with a fresh uid).
pub async fn send_code(app: &TestApp, mobile: &str) -> anyhow::Result<Reply> {
    let uid = app.uid("admin").await?;
    app.post_form(&format!("/api/admin/login/code/{mobile}"), &[("uid", &uid)])
        .await
}

/// The data dictionary's types.
pub async fn types(app: &TestApp, token: &str) -> anyhow::Result<Vec<Value>> {
    let reply = app.get_as("/api/admin/dictionary/types", token).await?;
    anyhow::ensure!(reply.code() == 200, "types: {}", reply.text);
    reply.data()
}

/// The id of the dictionary type `code`.
pub async fn type_id(app: &TestApp, token: &str, code: &str) -> anyhow::Result<i64> {
    types(app, token)
        .await?
        .iter()
        .find(|t| t["code"] == code)
        .and_then(|t| t["id"].as_i64())
        .ok_or_else(|| anyhow::anyhow!("no type {code}"))
}

/// An order row with id `id` in status APPLIED, straight in the database, for tests of what
/// hangs off an order (its files) without walking it through the application.
pub async fn bare_order(app: &TestApp, id: i64) -> anyhow::Result<()> {
    let at = "'2026-01-01 00:00:00+00:00'";
    app.execute(&format!(
        "INSERT INTO orders (id, order_no, status, status_sort, status_changed_at, customer_id, \
         vehicle_id, product_id, product_code, product_version, term_n, requested_premium_fen, \
         requested_financed_fen, applied_at, created_at, updated_at) VALUES ({id}, 'BH20260101{id:06}', \
         'APPLIED', 100, {at}, 1, 1, 1, 'CAR_12', 1, 12, 100000, 100000, {at}, {at}, {at})"
    ))
    .await?;
    Ok(())
}
