//! Platform advances (代偿, docs/advances.md) as a client sees them: an instalment overdue for the
//! provider's 30 days is advanced on the 30th day exactly once (the nightly run twice, a catch-up
//! over several days, the same as day by day), the provider is paid (E6), the customer's later
//! payment recovers the advance for the platform (E7) and a reversal of that payment gives the
//! claim back; the 逾期挂账 list shows what is advanced and not yet recovered. Runs on the database
//! `BEEHIVE_TEST_DB` names.

use super::order_flow::{ledger_balanced, staff};
use super::orders::{ORDER, count, world};
use super::repayments::{balances, item, money, move_to, night, repay, repaying};
use serde_json::json;
use testkit::TestApp;

async fn account(app: &TestApp, code: &str, sub: i64) -> anyhow::Result<i64> {
    count(
        app,
        &format!(
            "SELECT COALESCE(SUM(CASE WHEN p.side = 'D' THEN p.amount_fen ELSE -p.amount_fen END), 0) \
             FROM posting p JOIN ledger_account a ON a.id = p.account_id \
             WHERE a.code = '{code}' AND a.subledger_key = '{sub}'"
        ),
    )
    .await
}

async fn advance_journals(app: &TestApp, id: i64) -> anyhow::Result<Vec<String>> {
    app.column_texts(&format!(
        "SELECT business_date || ' ' || description FROM journal \
         WHERE order_id = {id} AND event_type = 'ADVANCE' ORDER BY id"
    ))
    .await
}

#[tokio::test]
async fn an_instalment_overdue_30_days_is_advanced_once_and_recovered_from_the_customer()
-> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    app.set_business_date(chrono::NaiveDate::from_ymd_opt(2026, 2, 1).unwrap_or_default())
        .await?;
    let w = world(&app).await?;
    let mut s = staff(&app, &w).await?;
    let daily = repaying(&app, &w, &s, "A").await?;
    let late = repaying(&app, &w, &s, "B").await?;

    // Instalment 1 (788.49 principal + 100.00 interest) is due on 28 February; the provider's
    // advance days are 30: nothing is advanced on 29 March, everything on the 30th.
    for d in ["2026-03-28", "2026-03-29"] {
        let date = move_to(&app, &mut s, d).await?;
        app.beehive()
            .catch_up_order(daily, date)
            .await
            .map_err(|e| anyhow::anyhow!("{e}"))?;
    }
    let m = money(&app, &s.maker, daily).await?;
    assert_eq!(item(&m, 1)["advancedFen"], 0);
    assert!(advance_journals(&app, daily).await?.is_empty());
    for _ in 0..2 {
        let date = move_to(&app, &mut s, "2026-03-30").await?;
        app.beehive()
            .catch_up_order(daily, date)
            .await
            .map_err(|e| anyhow::anyhow!("{e}"))?;
    }
    assert_eq!(
        advance_journals(&app, daily).await?,
        ["2026-03-30 平台代偿 ".to_owned()
            + &app
                .column_texts(&format!("SELECT order_no FROM orders WHERE id = {daily}"))
                .await?
                .concat()
            + " 第 1 期（逾期 30 天）：本金 788.49 元，利息 100.00 元"],
        "one advance, however often the night runs"
    );
    let m = money(&app, &s.maker, daily).await?;
    let first = item(&m, 1);
    assert_eq!(first["advancedFen"], 88_849);
    assert_eq!(first["advancedOn"], "2026-03-30");
    assert_eq!(first["advanceClaimFen"], 88_849);
    assert!(
        first["outstandingFen"].as_i64().unwrap_or(0) > 88_849,
        "the customer still owes it, with the penalty: {first}"
    );
    assert_eq!(account(&app, "P.ADVANCE_RECEIVABLE", daily).await?, 88_849);
    assert_eq!(
        account(&app, "C.LOAN_PRINCIPAL", daily).await?,
        1_000_000 - 78_849,
        "the provider was paid instalment 1's principal"
    );
    ledger_balanced(&app, daily).await?;

    // The order the runner missed is caught up over three days at once: the same advance, dated
    // the 30th, and the same instalments.
    night(&app, &mut s, "2026-04-02").await?;
    let a = money(&app, &s.maker, daily).await?;
    let b = money(&app, &s.maker, late).await?;
    assert_eq!(a["items"], b["items"]);
    assert_eq!(
        advance_journals(&app, late).await?.len(),
        1,
        "{:?}",
        advance_journals(&app, late).await?
    );
    assert!(advance_journals(&app, late).await?[0].starts_with("2026-03-30 "));

    // 逾期挂账 lists both advanced instalments with what is still claimed.
    let reply = app
        .post_as(
            &format!("{ORDER}/advance/page"),
            &app.admin_token().await?,
            &json!({ "page": 1, "size": 10 }),
        )
        .await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    let rows = reply.body["data"]["records"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert_eq!(reply.body["data"]["total"], 2, "{}", reply.text);
    for r in &rows {
        assert_eq!(r["itemSeq"], 1);
        assert_eq!(r["advancedFen"], 88_849);
        assert_eq!(r["claimFen"], 88_849);
        assert_eq!(r["advancedOn"], "2026-03-30");
        assert_eq!(r["daysPastDue"], 33);
    }
    // Its export: the same rows with the same figures.
    let root = app.admin_token().await?;
    let export = app
        .post_as(&format!("{ORDER}/advance/export"), &root, &json!({}))
        .await?;
    assert_eq!(export.code(), 200, "{}", export.text);
    assert_eq!(export.body["data"]["rows"], 2);
    let sheet = app.exported_sheet(&root, &export).await?;
    for text in [
        "代偿金额（元）",
        "挂账余额（元）",
        "<t>888.49</t>",
        "<t>2026-03-30</t>",
    ] {
        assert!(sheet.contains(text), "{text} in the export");
    }

    // The customer pays instalment 1 with its penalty and part of instalment 2: the platform
    // recovers its advance, the provider is paid only for instalment 2.
    let owed = item(&a, 1)["outstandingFen"].as_i64().unwrap_or(0);
    let cp = count(
        &app,
        &format!("SELECT capital_provider_id FROM orders WHERE id = {daily}"),
    )
    .await?;
    let due_to_cp_before = account(&app, "P.DUE_TO_CP", cp).await?;
    let (rid, _) = repay(&app, &s, daily, owed + 20_000, "ADV-PAY-1", "2026-04-02").await?;
    let m = money(&app, &s.maker, daily).await?;
    assert_eq!(item(&m, 1)["advanceClaimFen"], 0);
    assert_eq!(item(&m, 1)["recoveredFen"], 88_849);
    let paid = m["repayments"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|r| r["id"] == rid)
        .cloned()
        .unwrap_or_default();
    assert_eq!(paid["recoveredFen"], 88_849);
    assert_eq!(account(&app, "P.ADVANCE_RECEIVABLE", daily).await?, 0);
    assert_eq!(
        account(&app, "P.DUE_TO_CP", cp).await? - due_to_cp_before,
        -20_000,
        "owed to the provider: only what landed on instalment 2 (a credit, so negative)"
    );
    assert_eq!(
        account(&app, "C.LOAN_PRINCIPAL", daily).await?,
        1_000_000 - 78_849 - (20_000 - item(&m, 2)["interest"]["paidFen"].as_i64().unwrap_or(0)),
    );
    ledger_balanced(&app, daily).await?;
    let reply = app
        .post_as(
            &format!("{ORDER}/advance/page"),
            &app.admin_token().await?,
            &json!({ "page": 1, "size": 10 }),
        )
        .await?;
    assert_eq!(reply.body["data"]["total"], 1, "recovered: off the list");

    // The payment bounces: reversed, the claim is back.
    let reply = app
        .post_as(
            &format!("{ORDER}/repayment/reverse/{rid}"),
            &s.maker,
            &json!({ "reason": "退票" }),
        )
        .await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    assert_eq!(account(&app, "P.ADVANCE_RECEIVABLE", daily).await?, 88_849);
    let m = money(&app, &s.maker, daily).await?;
    assert_eq!(item(&m, 1)["advanceClaimFen"], 88_849);
    let books = |lines: Vec<String>, id: i64| -> Vec<String> {
        lines
            .into_iter()
            .filter(|l| !l.ends_with("|0"))
            .map(|l| {
                // The sub-ledgers keyed by the order.
                let order_keyed = [
                    "C.LOAN_PRINCIPAL",
                    "P.ADVANCE_RECEIVABLE",
                    "P.CUSTOMER_CREDIT",
                    "P.DEPOSIT_HELD",
                ]
                .iter()
                .any(|code| l.starts_with(&format!("{code}|{id}|")));
                if order_keyed {
                    l.replacen(&format!("|{id}|"), "|order|", 1)
                } else {
                    l
                }
            })
            .collect()
    };
    assert_eq!(
        books(balances(&app, daily).await?, daily),
        books(balances(&app, late).await?, late),
        "the same books as the order that never had the payment"
    );
    Ok(())
}
