//! Surrender (退保, T24–T27, E9, docs/surrenders.md) as a client sees it: the estimate per policy
//! and the payoff before filing; maker ≠ checker; the order SURRENDERING on approval; the insurer's
//! confirmation; the refund applied by the replay (refund = applied + surplus, invariant 10), the
//! surplus paid out, the order SURRENDERED; the demand notice the nightly run sends before a
//! default surrender and its cure deadline; a shortfall written off or left to the customer and
//! paid later; a cancellation (T25) bringing the order back; exactly-once settlement under
//! concurrency. Runs on the database `BEEHIVE_TEST_DB` names.

use super::order_flow::{Staff, ledger_balanced, staff};
use super::orders::{ORDER, count, view, world};
use super::repayments::{money, night, repay, repaying};
use serde_json::{Value, json};
use testkit::TestApp;

async fn call(
    app: &TestApp,
    token: &str,
    path: &str,
    body: Value,
) -> anyhow::Result<testkit::Reply> {
    app.post_as(&format!("{ORDER}/surrender/{path}"), token, &body)
        .await
}

async fn ok_call(app: &TestApp, token: &str, path: &str, body: Value) -> anyhow::Result<Value> {
    let reply = call(app, token, path, body).await?;
    anyhow::ensure!(reply.code() == 200, "{path}: {}", reply.text);
    Ok(reply.body["data"].clone())
}

async fn quote(app: &TestApp, token: &str, id: i64, query: &str) -> anyhow::Result<Value> {
    let reply = app
        .get_as(&format!("{ORDER}/surrender/quote/{id}?{query}"), token)
        .await?;
    anyhow::ensure!(reply.code() == 200, "quote: {}", reply.text);
    Ok(reply.body["data"].clone())
}

/// The net balance of an account (debit positive), optionally one sub-ledger.
async fn account(app: &TestApp, code: &str, sub: Option<i64>) -> anyhow::Result<i64> {
    let sub = sub.map_or(String::new(), |s| format!(" AND a.subledger_key = '{s}'"));
    count(
        app,
        &format!(
            "SELECT COALESCE(SUM(CASE WHEN p.side = 'D' THEN p.amount_fen ELSE -p.amount_fen END), 0) \
             FROM posting p JOIN ledger_account a ON a.id = p.account_id \
             WHERE a.code = '{code}'{sub}"
        ),
    )
    .await
}

/// Filed by the maker, approved by the checker, submitted and confirmed with `refund`, effective
/// on `day`: the application's id.
async fn confirmed(
    app: &TestApp,
    s: &Staff,
    id: i64,
    reason: &str,
    day: &str,
    refund: i64,
) -> anyhow::Result<i64> {
    let created = ok_call(
        app,
        &s.maker,
        "create",
        json!({ "orderId": id, "reason": reason, "requestedCancelDate": day, "remark": "客户来电" }),
    )
    .await?;
    let sid = created["id"].as_i64().unwrap_or(0);
    ok_call(app, &s.checker, &format!("approve/{sid}"), json!({})).await?;
    ok_call(
        app,
        &s.checker,
        &format!("submit/{sid}"),
        json!({ "submittedOn": day }),
    )
    .await?;
    ok_call(
        app,
        &s.checker,
        &format!("confirm/{sid}"),
        json!({ "insurerRefundFen": refund, "endorsementNo": format!("PD-END-{sid}"), "effectiveDate": day }),
    )
    .await?;
    Ok(sid)
}

#[tokio::test]
async fn a_customer_surrender_applies_the_refund_and_pays_out_the_surplus() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    app.set_business_date(chrono::NaiveDate::from_ymd_opt(2026, 2, 1).unwrap_or_default())
        .await?;
    let w = world(&app).await?;
    let mut s = staff(&app, &w).await?;
    let id = repaying(&app, &w, &s, "SR").await?;
    night(&app, &mut s, "2026-02-28").await?;
    repay(&app, &s, id, 88_849, "SR-1", "2026-02-28").await?;
    night(&app, &mut s, "2026-03-10").await?;

    // The estimate: the commercial policy pro rata (327 of 365 days unearned), the compulsory
    // one not refundable for a customer's request (the insurer allows no reason); the payoff is
    // the early-settlement quote at the date.
    let q = quote(
        &app,
        &s.maker,
        id,
        "reason=CUSTOMER_REQUEST&cancelDate=2026-03-10",
    )
    .await?;
    assert_eq!(q["blocked"], Value::Null, "{q}");
    let policies = q["policies"].as_array().cloned().unwrap_or_default();
    let commercial = policies
        .iter()
        .find(|p| p["kind"] == "COMMERCIAL")
        .cloned()
        .unwrap_or_default();
    let premium = commercial["premiumFen"].as_i64().unwrap_or(0);
    assert_eq!(commercial["daysRemaining"], 327);
    assert_eq!(commercial["method"], "PRO_RATA");
    let expected = (i128::from(premium) * 327 * 2 + 365) / (365 * 2);
    assert_eq!(
        i128::from(commercial["refundFen"].as_i64().unwrap_or(0)),
        expected
    );
    let compulsory = policies
        .iter()
        .find(|p| p["kind"] == "COMPULSORY")
        .cloned()
        .unwrap_or_default();
    assert_eq!(compulsory["refundFen"], 0);
    assert_eq!(compulsory["reasonCode"], "COMPULSORY_REASON_NOT_ALLOWED");
    let payoff = app
        .get_as(&format!("{ORDER}/payoff/{id}?date=2026-03-10"), &s.maker)
        .await?;
    let payoff_fen = payoff.body["data"]["totalFen"].as_i64().unwrap_or(0);
    assert_eq!(q["payoffFen"], payoff_fen);
    assert!(
        payoff_fen > 921_151,
        "principal left plus interest: {payoff_fen}"
    );

    // Every field error at once; then filed, not approvable by its maker.
    let bad = call(
        &app,
        &s.maker,
        "create",
        json!({ "orderId": id, "reason": "BORED", "requestedCancelDate": "2026-01-01", "remark": "" }),
    )
    .await?;
    assert_eq!(bad.code(), 400, "{}", bad.text);
    assert_eq!(bad.body["data"]["fields"]["reason"], "请选择退保原因");
    assert_eq!(
        bad.body["data"]["fields"]["requestedCancelDate"],
        "退保日期须在今天（业务日期）起 90 天内"
    );
    let created = ok_call(
        &app,
        &s.maker,
        "create",
        json!({ "orderId": id, "reason": "CUSTOMER_REQUEST", "requestedCancelDate": "2026-03-10", "remark": "客户卖车" }),
    )
    .await?;
    let sid = created["id"].as_i64().unwrap_or(0);
    assert_eq!(created["status"], "PENDING_APPROVAL");
    assert_eq!(created["estimateFen"], q["estimateFen"]);
    assert_eq!(created["payoffFen"], payoff_fen);
    let second = call(
        &app,
        &s.checker,
        "create",
        json!({ "orderId": id, "reason": "CUSTOMER_REQUEST", "requestedCancelDate": "2026-03-10" }),
    )
    .await?;
    assert_eq!(second.code(), 409, "{}", second.text);
    let own = call(&app, &s.maker, &format!("approve/{sid}"), json!({})).await?;
    assert_eq!(own.code(), 403, "{}", own.text);
    ok_call(&app, &s.checker, &format!("approve/{sid}"), json!({})).await?;
    assert_eq!(
        view(&app, &s.maker, id).await?["order"]["status"],
        "SURRENDERING"
    );
    ok_call(
        &app,
        &s.checker,
        &format!("submit/{sid}"),
        json!({ "submittedOn": "2026-03-10" }),
    )
    .await?;
    let refund = payoff_fen + 50_000;
    let bad = call(
        &app,
        &s.checker,
        &format!("confirm/{sid}"),
        json!({ "insurerRefundFen": -1, "endorsementNo": " ", "effectiveDate": "2026-04-01" }),
    )
    .await?;
    assert_eq!(bad.code(), 400, "{}", bad.text);
    let fields = &bad.body["data"]["fields"];
    assert!(
        fields["insurerRefundFen"].is_string()
            && fields["endorsementNo"].is_string()
            && fields["effectiveDate"].is_string(),
        "{fields}"
    );
    ok_call(
        &app,
        &s.checker,
        &format!("confirm/{sid}"),
        json!({ "insurerRefundFen": refund, "endorsementNo": "PD2026031000001", "effectiveDate": "2026-03-10" }),
    )
    .await?;

    // The preview, then the settlement: not by the applicant.
    let preview = app
        .get_as(
            &format!("{ORDER}/surrender/settle-preview/{sid}?receivedOn=2026-03-10"),
            &s.checker,
        )
        .await?;
    assert_eq!(preview.code(), 200, "{}", preview.text);
    let p = &preview.body["data"];
    assert_eq!(p["payoffFen"], payoff_fen);
    assert_eq!(p["appliedFen"], payoff_fen);
    assert_eq!(p["surplusFen"], 50_000);
    assert_eq!(p["shortfallFen"], 0);
    let settle =
        json!({ "receivedOn": "2026-03-10", "channel": "BANK_TRANSFER", "serialNo": "INS-REF-1" });
    let own = call(&app, &s.maker, &format!("settle/{sid}"), settle.clone()).await?;
    assert_eq!(own.code(), 403, "{}", own.text);
    let done = ok_call(&app, &s.checker, &format!("settle/{sid}"), settle).await?;
    assert_eq!(done["status"], "SETTLED");
    // Invariant 10: the refund is what was applied plus the surplus.
    assert_eq!(
        done["appliedFen"].as_i64().unwrap_or(0) + done["surplusFen"].as_i64().unwrap_or(0),
        refund
    );
    let order = view(&app, &s.maker, id).await?;
    assert_eq!(order["order"]["status"], "SURRENDERED");
    let m = money(&app, &s.maker, id).await?;
    assert_eq!(m["outstandingFen"], 0);
    assert_eq!(m["customerCreditFen"], 50_000);
    assert!(
        m["items"]
            .as_array()
            .into_iter()
            .flatten()
            .all(|it| it["status"] == "PAID" || it["status"] == "CANCELLED"),
        "{}",
        m["items"]
    );
    assert_eq!(account(&app, "P.CUSTOMER_CREDIT", Some(id)).await?, -50_000);
    ledger_balanced(&app, id).await?;
    let refund_row = count(
        &app,
        &format!("SELECT id FROM repayment WHERE order_id = {id} AND purpose = 'SURRENDER_REFUND'"),
    )
    .await?;
    let reverse = app
        .post_as(
            &format!("{ORDER}/repayment/reverse/{refund_row}"),
            &s.maker,
            &json!({ "reason": "误操作" }),
        )
        .await?;
    assert_eq!(reverse.code(), 409, "{}", reverse.text);

    // The surplus paid out: the credit is gone, once.
    let paid = ok_call(
        &app,
        &s.checker,
        &format!("payout/{sid}"),
        json!({ "paidOn": "2026-03-10", "channel": "BANK_TRANSFER", "serialNo": "PAYOUT-1" }),
    )
    .await?;
    assert_eq!(paid["surplusPaidOn"], "2026-03-10");
    assert_eq!(money(&app, &s.maker, id).await?["customerCreditFen"], 0);
    assert_eq!(account(&app, "P.CUSTOMER_CREDIT", Some(id)).await?, 0);
    let twice = call(
        &app,
        &s.checker,
        &format!("payout/{sid}"),
        json!({ "paidOn": "2026-03-10", "channel": "BANK_TRANSFER", "serialNo": "PAYOUT-2" }),
    )
    .await?;
    assert_eq!(twice.code(), 409, "{}", twice.text);
    ledger_balanced(&app, id).await?;

    // 已退保订单: how it closed, what was paid per component, the surplus and when it went back.
    let closed = app
        .post_as(&format!("{ORDER}/surrendered/page"), &s.maker, &json!({}))
        .await?;
    assert_eq!(closed.code(), 200, "{}", closed.text);
    let row = closed.body["data"]["records"][0].clone();
    assert_eq!(closed.body["data"]["total"], 1);
    assert_eq!(row["settleType"], "SURRENDER");
    assert_eq!(row["surrenderNo"], created["surrenderNo"]);
    assert_eq!(row["surrenderRefundFen"], refund);
    assert_eq!(row["surrenderSurplusFen"], 50_000);
    assert_eq!(row["surplusPaidOn"], "2026-03-10");
    assert_eq!(row["paidPrincipalFen"], 1_000_000, "{row}");
    assert_eq!(
        row["paidPrincipalFen"].as_i64().unwrap_or(0)
            + row["paidInterestFen"].as_i64().unwrap_or(0)
            + row["paidFeeFen"].as_i64().unwrap_or(0)
            + row["paidPenaltyFen"].as_i64().unwrap_or(0),
        88_849 + payoff_fen,
        "{row}"
    );

    // The list shows it with the order's names.
    let page = ok_call(&app, &s.maker, "page", json!({ "orderId": id })).await?;
    assert_eq!(page["total"], 1);
    assert_eq!(page["records"][0]["customerName"], "郭子豪");
    assert_eq!(page["records"][0]["orderStatus"], "SURRENDERED");
    Ok(())
}

#[tokio::test]
async fn a_default_surrender_waits_for_the_demand_notice_and_writes_off_a_shortfall()
-> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    app.set_business_date(chrono::NaiveDate::from_ymd_opt(2026, 2, 1).unwrap_or_default())
        .await?;
    let w = world(&app).await?;
    let mut s = staff(&app, &w).await?;
    let id = repaying(&app, &w, &s, "SD").await?;

    // 59 days past due: no notice yet, no default surrender.
    night(&app, &mut s, "2026-04-28").await?;
    let q = quote(&app, &s.maker, id, "reason=DEFAULT").await?;
    assert_eq!(q["notice"], Value::Null);
    assert!(
        q["blocked"]
            .as_str()
            .is_some_and(|b| b.starts_with("尚未发出催告函")),
        "{q}"
    );
    // 60 days: the nightly run sends the notice through the DEMAND_NOTICE template, once.
    night(&app, &mut s, "2026-04-29").await?;
    app.beehive()
        .run_daily_job(
            "repayments",
            chrono::NaiveDate::from_ymd_opt(2026, 4, 29).unwrap_or_default(),
        )
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let notices = format!("SELECT COUNT(*) FROM demand_notice WHERE order_id = {id}");
    assert_eq!(count(&app, &notices).await?, 1);
    assert_eq!(
        count(
            &app,
            "SELECT COUNT(*) FROM notice_recipient r JOIN notice_batch b ON b.id = r.batch_id \
             WHERE b.template_code = 'DEMAND_NOTICE'"
        )
        .await?,
        1
    );
    let q = quote(&app, &s.maker, id, "reason=DEFAULT").await?;
    assert_eq!(q["notice"]["sentOn"], "2026-04-29");
    assert_eq!(q["notice"]["delivered"], true);
    let deadline = q["notice"]["cureDeadline"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    assert!(
        q["blocked"].as_str().is_some_and(|b| b.contains(&deadline)),
        "{q}"
    );
    let early = call(
        &app,
        &s.maker,
        "create",
        json!({ "orderId": id, "reason": "DEFAULT", "requestedCancelDate": "2026-04-29" }),
    )
    .await?;
    assert_eq!(early.code(), 409, "{}", early.text);
    // The overdue list shows the notice.
    let list = app
        .post_as(&format!("{ORDER}/overdue/page"), &s.maker, &json!({}))
        .await?;
    assert_eq!(list.code(), 200, "{}", list.text);
    assert_eq!(
        list.body["data"]["records"][0]["demandNoticeStatus"],
        "SENT"
    );
    assert_eq!(list.body["data"]["records"][0]["cureDeadline"], deadline);

    // The day after the deadline, still unpaid: the platform surrenders; the refund falls short.
    let after = chrono::NaiveDate::parse_from_str(&deadline, "%Y-%m-%d")?
        .succ_opt()
        .unwrap_or_default()
        .to_string();
    night(&app, &mut s, &after).await?;
    let sid = confirmed(&app, &s, id, "DEFAULT", &after, 300_000).await?;
    let row = ok_call(&app, &s.maker, "page", json!({ "orderId": id })).await?;
    assert_eq!(row["records"][0]["initiatedBy"], "PLATFORM");
    assert_eq!(row["records"][0]["cureDeadline"], deadline);
    let preview = app
        .get_as(
            &format!("{ORDER}/surrender/settle-preview/{sid}?receivedOn={after}"),
            &s.checker,
        )
        .await?;
    let p = preview.body["data"].clone();
    let shortfall = p["shortfallFen"].as_i64().unwrap_or(0);
    assert!(shortfall > 0, "{p}");
    assert_eq!(p["surplusFen"], 0);
    assert_eq!(p["appliedFen"], 300_000);
    let open = json!({ "receivedOn": after, "channel": "BANK_TRANSFER", "serialNo": "INS-REF-D" });
    let missing = call(&app, &s.checker, &format!("settle/{sid}"), open).await?;
    assert_eq!(missing.code(), 400, "{}", missing.text);
    assert!(
        missing.body["data"]["fields"]["shortfallResolution"].is_string(),
        "{}",
        missing.text
    );
    let done = ok_call(
        &app,
        &s.checker,
        &format!("settle/{sid}"),
        json!({ "receivedOn": after, "channel": "BANK_TRANSFER", "serialNo": "INS-REF-D",
                "shortfallResolution": "WRITTEN_OFF", "bearer": "PLATFORM" }),
    )
    .await?;
    assert_eq!(done["status"], "SETTLED");
    assert_eq!(done["shortfallFen"], shortfall);
    assert_eq!(
        view(&app, &s.maker, id).await?["order"]["status"],
        "SURRENDERED"
    );
    let m = money(&app, &s.maker, id).await?;
    assert_eq!(m["outstandingFen"], 0);
    // Penalties accrued up to the effective date, none from it on.
    let days: Vec<String> = m["penalties"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|p| p["date"].as_str().map(str::to_owned))
        .collect();
    assert!(days.iter().any(|d| d.as_str() == deadline), "{days:?}");
    assert!(days.iter().all(|d| d.as_str() < after.as_str()), "{days:?}");
    // The platform wrote the shortfall off: its claim and the provider's principal it bought out.
    assert!(account(&app, "P.EXPENSE_WRITE_OFF", None).await? > 0);
    assert_eq!(account(&app, "C.LOAN_PRINCIPAL", Some(id)).await?, 0);
    ledger_balanced(&app, id).await?;
    // The notice is closed with the surrender.
    assert_eq!(
        count(
            &app,
            &format!(
                "SELECT COUNT(*) FROM demand_notice WHERE order_id = {id} AND status = 'CLOSED'"
            )
        )
        .await?,
        1
    );
    Ok(())
}

#[tokio::test]
async fn a_cancelled_surrender_brings_the_order_back_and_an_open_shortfall_is_paid_later()
-> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    app.set_business_date(chrono::NaiveDate::from_ymd_opt(2026, 2, 1).unwrap_or_default())
        .await?;
    let w = world(&app).await?;
    let mut s = staff(&app, &w).await?;
    let id = repaying(&app, &w, &s, "SC").await?;
    night(&app, &mut s, "2026-03-10").await?;
    assert_eq!(
        view(&app, &s.maker, id).await?["order"]["status"],
        "OVERDUE"
    );

    // Approved, then the customer cures: 撤销退保 brings the order back (T25).
    let created = ok_call(
        &app,
        &s.maker,
        "create",
        json!({ "orderId": id, "reason": "VEHICLE_SOLD", "requestedCancelDate": "2026-03-10" }),
    )
    .await?;
    let sid = created["id"].as_i64().unwrap_or(0);
    ok_call(&app, &s.checker, &format!("approve/{sid}"), json!({})).await?;
    repay(&app, &s, id, 90_000, "SC-CURE", "2026-03-10").await?;
    assert_eq!(
        view(&app, &s.maker, id).await?["order"]["status"],
        "SURRENDERING",
        "a payment does not end a surrender by itself"
    );
    let no_reason = call(
        &app,
        &s.checker,
        &format!("cancel/{sid}"),
        json!({ "reason": "" }),
    )
    .await?;
    assert_eq!(no_reason.code(), 400, "{}", no_reason.text);
    let cancelled = ok_call(
        &app,
        &s.checker,
        &format!("cancel/{sid}"),
        json!({ "reason": "客户已补缴欠款" }),
    )
    .await?;
    assert_eq!(cancelled["status"], "CANCELLED");
    assert_eq!(
        view(&app, &s.maker, id).await?["order"]["status"],
        "REPAYING"
    );
    ledger_balanced(&app, id).await?;

    // Surrendered later with a refund that falls short; the shortfall stays owed (OPEN) and the
    // order stays 退保中 until the customer pays it: then 已退保 and the application settled PAID.
    night(&app, &mut s, "2026-04-10").await?;
    let sid = confirmed(&app, &s, id, "VEHICLE_SOLD", "2026-04-10", 500_000).await?;
    let done = ok_call(
        &app,
        &s.checker,
        &format!("settle/{sid}"),
        json!({ "receivedOn": "2026-04-10", "channel": "BANK_TRANSFER", "serialNo": "INS-REF-C",
                "shortfallResolution": "OPEN" }),
    )
    .await?;
    assert_eq!(done["status"], "REFUND_RECEIVED");
    let shortfall = done["shortfallFen"].as_i64().unwrap_or(0);
    assert!(shortfall > 0, "{done}");
    assert_eq!(
        view(&app, &s.maker, id).await?["order"]["status"],
        "SURRENDERING"
    );
    assert_eq!(
        money(&app, &s.maker, id).await?["outstandingFen"],
        shortfall
    );
    repay(&app, &s, id, shortfall, "SC-REST", "2026-04-10").await?;
    assert_eq!(
        view(&app, &s.maker, id).await?["order"]["status"],
        "SURRENDERED"
    );
    let page = ok_call(&app, &s.maker, "page", json!({ "orderId": id })).await?;
    let last = page["records"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|r| r["id"] == sid)
        .cloned()
        .unwrap_or_default();
    assert_eq!(last["status"], "SETTLED");
    assert_eq!(last["shortfallResolution"], "PAID");
    ledger_balanced(&app, id).await?;
    Ok(())
}

#[tokio::test]
async fn eight_settlements_at_once_apply_the_refund_once() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    app.set_business_date(chrono::NaiveDate::from_ymd_opt(2026, 2, 1).unwrap_or_default())
        .await?;
    let w = world(&app).await?;
    let mut s = staff(&app, &w).await?;
    let id = repaying(&app, &w, &s, "SX").await?;
    night(&app, &mut s, "2026-02-20").await?;
    let sid = confirmed(&app, &s, id, "CUSTOMER_REQUEST", "2026-02-20", 1_200_000).await?;
    let body =
        json!({ "receivedOn": "2026-02-20", "channel": "BANK_TRANSFER", "serialNo": "INS-REF-X" });
    let path = format!("{ORDER}/surrender/settle/{sid}");
    let replies =
        futures::future::join_all((0..8).map(|_| app.post_as(&path, &s.checker, &body))).await;
    let mut won = 0;
    for r in replies {
        let r = r?;
        match r.code() {
            200 => won += 1,
            409 => {}
            other => anyhow::bail!("unexpected {other}: {}", r.text),
        }
    }
    assert_eq!(won, 1);
    assert_eq!(
        count(
            &app,
            &format!(
                "SELECT COUNT(*) FROM repayment WHERE order_id = {id} AND purpose = 'SURRENDER_REFUND'"
            )
        )
        .await?,
        1
    );
    assert_eq!(
        view(&app, &s.maker, id).await?["order"]["status"],
        "SURRENDERED"
    );
    ledger_balanced(&app, id).await?;
    Ok(())
}
