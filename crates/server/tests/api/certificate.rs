//! 结清证明 (docs/settlement-certificate.md) as a client sees it: only a settled order has one; it
//! is rendered from the built-in template, stored once and the same PDF is answered again; the
//! operation log names what it certifies. Runs on the database `BEEHIVE_TEST_DB` names.

use super::order_flow::staff;
use super::orders::{ORDER, world};
use super::repayments::{record, repaying};
use serde_json::{Value, json};
use testkit::TestApp;

#[tokio::test]
async fn a_settled_order_gets_its_certificate_once() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    app.set_business_date(chrono::NaiveDate::from_ymd_opt(2026, 2, 1).unwrap_or_default())
        .await?;
    let w = world(&app).await?;
    let s = staff(&app, &w).await?;
    let id = repaying(&app, &w, &s, "JQ").await?;
    let path = format!("{ORDER}/settlement-certificate/{id}");

    // Repaying: no certificate yet.
    let early = app.get_as(&path, &s.maker).await?;
    assert_eq!(early.code(), 409, "{}", early.text);
    assert_eq!(
        early.msg(),
        "只有已结清的订单可以出具结清证明（当前状态：还款中）"
    );

    // Settled early on 1 February with the payoff quote.
    let quote = app
        .get_as(&format!("{ORDER}/payoff/{id}?date=2026-02-01"), &s.maker)
        .await?;
    let total = quote.body["data"]["totalFen"].as_i64().unwrap_or(0);
    assert!(total >= 1_000_000, "{}", quote.text);
    let reply = record(&app, &s.maker, id, total, "JQ-PAY-1", "2026-02-01", true).await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    let rid = reply.body["data"]["id"].as_i64().unwrap_or(0);
    let reply = app
        .post_as(
            &format!("{ORDER}/repayment/confirm/{rid}"),
            &s.checker,
            &json!({}),
        )
        .await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);

    let (status, first) = app.get_bytes_as(&path, &s.maker).await?;
    assert_eq!(status, 200);
    assert!(first.starts_with(b"%PDF-"), "a PDF");
    let (_, again) = app.get_bytes_as(&path, &s.checker).await?;
    assert_eq!(first, again, "the same document, not a new one");
    let details = app
        .column_texts("SELECT detail FROM operation_log WHERE action = 'order.certificate'")
        .await?;
    assert_eq!(details.len(), 1, "issued once: {details:?}");
    let detail: Value = serde_json::from_str(&details[0])?;
    let order_no = app
        .column_texts(&format!("SELECT order_no FROM orders WHERE id = {id}"))
        .await?
        .concat();
    assert_eq!(
        detail["certificateNo"],
        format!("JQ{}", order_no.trim_start_matches("BH"))
    );
    assert_eq!(detail["paidFen"], total);
    assert_eq!(detail["principalFen"], 1_000_000);
    assert_eq!(detail["settledOn"], "2026-02-01");
    assert_eq!(detail["template"], "BUILTIN_SETTLEMENT_CERTIFICATE v1");
    assert_eq!(
        app.column_texts(&format!(
            "SELECT certificate_no FROM orders WHERE id = {id}"
        ))
        .await?
        .concat(),
        format!("JQ{}", order_no.trim_start_matches("BH"))
    );
    Ok(())
}
