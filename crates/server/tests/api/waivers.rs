//! Waivers as a client sees them (docs/waivers.md): applied for by one user, approved by another
//! (two approvers above the order rules' threshold), checked again against what is outstanding at
//! approval (invariant 27), conditional waivers that take effect only when the customer pays by
//! the deadline, fall back when that payment is reversed and expire after it, and the interest the
//! platform bears posted to the provider (E8). Runs on the database `BEEHIVE_TEST_DB` names.

use super::order_flow::{PART2, Staff, ledger_balanced, staff};
use super::orders::{ORDER, World, count, world};
use super::repayments::{item, money, night, order_status, repay, repaying};
use serde_json::{Value, json};
use testkit::TestApp;

const WAIVER: &str = "/api/admin/order/waiver";

async fn apply(app: &TestApp, token: &str, id: i64, body: Value) -> anyhow::Result<testkit::Reply> {
    app.post_as(&format!("{WAIVER}/create/{id}"), token, &body)
        .await
}

async fn approve(app: &TestApp, token: &str, waiver: i64) -> anyhow::Result<testkit::Reply> {
    app.post_as(&format!("{WAIVER}/approve/{waiver}"), token, &json!({}))
        .await
}

/// The order's waivers, newest first.
async fn waivers_of(app: &TestApp, token: &str, id: i64) -> anyhow::Result<Vec<Value>> {
    let reply = app
        .post_as(&format!("{WAIVER}/page"), token, &json!({ "orderId": id }))
        .await?;
    anyhow::ensure!(reply.code() == 200, "page: {}", reply.text);
    Ok(reply.body["data"]["records"]
        .as_array()
        .cloned()
        .unwrap_or_default())
}

/// The order rules with a ¥50 threshold for a second approval.
async fn threshold_50_yuan(app: &TestApp, w: &World) -> anyhow::Result<()> {
    let current = app.get_as("/api/admin/config/order-rules", &w.root).await?;
    let mut rules = current.body["data"]["rules"].clone();
    assert_eq!(
        rules["waiverSecondApprovalFen"], 50_000,
        "the default is ¥500"
    );
    rules["waiverSecondApprovalFen"] = json!(5_000);
    let reply = app
        .post_as(
            "/api/admin/config/order-rules/update",
            &w.root,
            &json!({ "rules": rules, "version": current.body["data"]["version"] }),
        )
        .await?;
    anyhow::ensure!(reply.code() == 200, "rules: {}", reply.text);
    Ok(())
}

struct Setup {
    app: TestApp,
    s: Staff,
    /// A third user who may approve.
    approver: String,
    orders: Vec<i64>,
}

/// `n` orders repaying from 1 February, overdue on 4 March with 176 fen of penalty on
/// instalment 1 (docs/repayments.md's worked example).
async fn overdue_orders(n: usize) -> anyhow::Result<Setup> {
    let app = TestApp::spawn().await?;
    app.set_business_date(chrono::NaiveDate::from_ymd_opt(2026, 2, 1).unwrap_or_default())
        .await?;
    let w = world(&app).await?;
    threshold_50_yuan(&app, &w).await?;
    let mut s = staff(&app, &w).await?;
    app.limited_admin(&w.root, "approver", PART2).await?;
    let mut orders = Vec::new();
    for i in 0..n {
        orders.push(repaying(&app, &w, &s, &format!("W{i}")).await?);
    }
    night(&app, &mut s, "2026-03-04").await?;
    let approver = app
        .session("admin", "approver", "approver-Pass-1")
        .await?
        .token;
    Ok(Setup {
        app,
        s,
        approver,
        orders,
    })
}

#[tokio::test]
async fn a_waiver_is_approved_by_another_user_and_never_exceeds_what_is_outstanding()
-> anyhow::Result<()> {
    let Setup { app, s, orders, .. } = overdue_orders(2).await?;
    let (a, b) = (orders[0], orders[1]);
    assert_eq!(order_status(&app, &s.maker, a).await?, "OVERDUE");

    // The form's data: instalment 1 owes 176 fen of penalty and is due.
    let reply = app
        .get_as(&format!("{WAIVER}/waivable/{a}"), &s.maker)
        .await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    let first = &reply.body["data"]["items"][0];
    assert_eq!(
        (
            first["seq"].clone(),
            first["penaltyFen"].clone(),
            first["due"].clone()
        ),
        (json!(1), json!(176), json!(true))
    );
    assert_eq!(reply.body["data"]["secondApprovalFen"], 5_000);

    // More than is outstanding, nothing, or no reason: every field named at once.
    let reply = apply(
        &app,
        &s.maker,
        a,
        json!({ "itemSeq": 1, "interestFen": 10_001,
        "feeFen": 0, "penaltyFen": 177, "bearer": "CAPITAL_PROVIDER", "reason": "" }),
    )
    .await?;
    assert_eq!(reply.code(), 400, "{}", reply.text);
    for field in ["interestFen", "penaltyFen", "reason"] {
        assert!(reply.field(field).is_some(), "{field}: {}", reply.text);
    }
    assert!(
        reply
            .field("penaltyFen")
            .unwrap_or_default()
            .contains("1.76"),
        "{}",
        reply.text
    );
    assert_eq!(count(&app, "SELECT COUNT(*) FROM waiver").await?, 0);

    let reply = apply(
        &app,
        &s.maker,
        a,
        json!({ "itemSeq": 1, "interestFen": 0, "feeFen": 0,
        "penaltyFen": 176, "bearer": "CAPITAL_PROVIDER", "reason": "客户住院，逾期情有可原" }),
    )
    .await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    let wid = reply.body["data"]["id"].as_i64().unwrap_or(0);
    assert_eq!(reply.body["data"]["status"], "PENDING_APPROVAL");
    assert_eq!(reply.body["data"]["levels"], 1);

    // Not by its maker; by another user it takes effect at once.
    let reply = approve(&app, &s.maker, wid).await?;
    assert_eq!(reply.code(), 403, "{}", reply.text);
    let reply = approve(&app, &s.checker, wid).await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    assert_eq!(reply.body["data"]["status"], "EFFECTIVE");
    assert_eq!(
        reply.body["data"]["lines"],
        json!([{ "itemSeq": 1, "component": "PENALTY", "amountFen": 176 }])
    );
    let reply = approve(&app, &s.checker, wid).await?;
    assert_eq!(reply.code(), 409, "approved once: {}", reply.text);
    let m = money(&app, &s.maker, a).await?;
    assert_eq!(item(&m, 1)["penalty"]["waivedFen"], 176, "{}", item(&m, 1));
    assert_eq!(item(&m, 1)["penalty"]["outstandingFen"], 0);
    assert_eq!(m["outstandingFen"], 1_066_186);
    // The instalment itself then settles the order's arrears (T22).
    repay(&app, &s, a, 88_849, "W-A-1", "2026-03-04").await?;
    assert_eq!(order_status(&app, &s.maker, a).await?, "REPAYING");
    assert_eq!(item(&money(&app, &s.maker, a).await?, 1)["status"], "PAID");
    ledger_balanced(&app, a).await?;

    // Applied for while instalment 1 was unpaid; a repayment confirmed before the approval pays
    // it: the approval checks again and refuses, nothing goes negative (invariant 27).
    let reply = apply(
        &app,
        &s.maker,
        b,
        json!({ "itemSeq": 1, "interestFen": 10_000,
        "feeFen": 0, "penaltyFen": 0, "bearer": "CAPITAL_PROVIDER", "reason": "协商减免" }),
    )
    .await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    let late = reply.body["data"]["id"].as_i64().unwrap_or(0);
    repay(&app, &s, b, 89_025, "W-B-1", "2026-03-04").await?;
    let before = money(&app, &s.maker, b).await?;
    let reply = approve(&app, &s.checker, late).await?;
    assert_eq!(reply.code(), 409, "{}", reply.text);
    assert!(
        reply.text.contains("利息最多可减免 0.00 元"),
        "{}",
        reply.text
    );
    assert_eq!(
        waivers_of(&app, &s.maker, b).await?[0]["status"],
        "PENDING_APPROVAL"
    );
    assert_eq!(money(&app, &s.maker, b).await?, before);
    // Only its maker may withdraw it.
    let reply = app
        .post_as(
            &format!("{WAIVER}/withdraw/{late}"),
            &s.checker,
            &json!({ "reason": "x" }),
        )
        .await?;
    assert_eq!(reply.code(), 403, "{}", reply.text);
    // Rejected by an approver (not by its maker, who may withdraw instead).
    let reject = format!("{WAIVER}/reject/{late}");
    let reason = json!({ "reason": "已结清本期" });
    let reply = app.post_as(&reject, &s.maker, &reason).await?;
    assert_eq!(reply.code(), 403, "{}", reply.text);
    let reply = app.post_as(&reject, &s.checker, &reason).await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    assert_eq!(
        waivers_of(&app, &s.maker, b).await?[0]["status"],
        "REJECTED"
    );
    Ok(())
}

#[tokio::test]
async fn above_the_threshold_two_approvers_and_the_platform_bears_the_interest()
-> anyhow::Result<()> {
    let Setup {
        app,
        s,
        approver,
        orders,
    } = overdue_orders(1).await?;
    let id = orders[0];
    let reply = apply(
        &app,
        &s.maker,
        id,
        json!({ "interestFen": 10_000, "feeFen": 0,
        "penaltyFen": 176, "bearer": "PLATFORM", "reason": "投诉处理" }),
    )
    .await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    let wid = reply.body["data"]["id"].as_i64().unwrap_or(0);
    assert_eq!(reply.body["data"]["levels"], 2, "¥101.76 is above ¥50");

    let reply = approve(&app, &s.checker, wid).await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    assert_eq!(reply.body["data"]["status"], "PENDING_SECOND");
    assert_eq!(
        item(&money(&app, &s.maker, id).await?, 1)["interest"]["waivedFen"],
        0
    );
    let reply = approve(&app, &s.checker, wid).await?;
    assert_eq!(
        reply.code(),
        403,
        "the first approver cannot approve again: {}",
        reply.text
    );
    let reply = approve(&app, &approver, wid).await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    assert_eq!(reply.body["data"]["status"], "EFFECTIVE");
    assert_eq!(reply.body["data"]["secondByName"], "approver");

    let m = money(&app, &s.maker, id).await?;
    assert_eq!(item(&m, 1)["interest"]["waivedFen"], 10_000);
    assert_eq!(item(&m, 1)["penalty"]["waivedFen"], 176);
    assert_eq!(item(&m, 1)["outstandingFen"], 78_849);
    // E8: the platform pays the provider the interest it gave up.
    assert_eq!(
        count(
            &app,
            &format!("SELECT COUNT(*) FROM journal WHERE idempotency_key = 'waiver:{wid}:1'")
        )
        .await?,
        1
    );
    ledger_balanced(&app, id).await?;
    repay(&app, &s, id, 78_849, "W-C-1", "2026-03-04").await?;
    assert_eq!(order_status(&app, &s.maker, id).await?, "REPAYING");
    ledger_balanced(&app, id).await?;
    Ok(())
}

#[tokio::test]
async fn a_conditional_waiver_counts_only_when_paid_by_its_deadline() -> anyhow::Result<()> {
    let Setup {
        app, mut s, orders, ..
    } = overdue_orders(2).await?;
    let (paid, unpaid) = (orders[0], orders[1]);
    // "Pay the instalment and two more days of penalty by 8 March and 176 fen of penalty is
    // waived."
    let body = json!({ "itemSeq": 1, "interestFen": 0, "feeFen": 0, "penaltyFen": 176,
        "bearer": "PLATFORM", "reason": "承诺还款", "conditional": true,
        "expectedFen": 88_937, "validUntil": "2026-03-08" });
    let reply = apply(
        &app,
        &s.maker,
        paid,
        json!({ "itemSeq": 1, "interestFen": 0, "feeFen": 0,
        "penaltyFen": 176, "bearer": "PLATFORM", "reason": "承诺还款", "conditional": true,
        "expectedFen": 0, "validUntil": "2026-03-03" }),
    )
    .await?;
    assert_eq!(reply.code(), 400, "{}", reply.text);
    assert!(
        reply.field("expectedFen").is_some() && reply.field("validUntil").is_some(),
        "{}",
        reply.text
    );
    let mut ids = Vec::new();
    for id in [paid, unpaid] {
        let reply = apply(&app, &s.maker, id, body.clone()).await?;
        assert_eq!(reply.code(), 200, "{}", reply.text);
        let wid = reply.body["data"]["id"].as_i64().unwrap_or(0);
        let reply = approve(&app, &s.checker, wid).await?;
        assert_eq!(reply.body["data"]["status"], "APPROVED", "{}", reply.text);
        ids.push(wid);
    }
    assert_eq!(
        item(&money(&app, &s.maker, paid).await?, 1)["penalty"]["waivedFen"],
        0
    );

    // Paid on the 6th: 88 849 + 2 days × 44 of penalty after the waived 176.
    night(&app, &mut s, "2026-03-06").await?;
    let (rid, _) = repay(&app, &s, paid, 88_937, "W-D-1", "2026-03-06").await?;
    let w = &waivers_of(&app, &s.maker, paid).await?[0];
    assert_eq!(w["status"], "EFFECTIVE", "{w}");
    assert_eq!(w["effectiveOn"], "2026-03-06");
    let m = money(&app, &s.maker, paid).await?;
    assert_eq!(item(&m, 1)["penalty"]["dueFen"], 264);
    assert_eq!(item(&m, 1)["penalty"]["waivedFen"], 176);
    assert_eq!(item(&m, 1)["status"], "PAID", "{}", item(&m, 1));
    assert_eq!(order_status(&app, &s.maker, paid).await?, "REPAYING");
    ledger_balanced(&app, paid).await?;

    // The payment bounces: the condition is no longer met, the waiver waits again.
    let reply = app
        .post_as(
            &format!("{ORDER}/repayment/reverse/{rid}"),
            &s.maker,
            &json!({ "reason": "退票" }),
        )
        .await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    assert_eq!(
        waivers_of(&app, &s.maker, paid).await?[0]["status"],
        "APPROVED"
    );
    let m = money(&app, &s.maker, paid).await?;
    assert_eq!(item(&m, 1)["penalty"]["waivedFen"], 0);
    assert_eq!(order_status(&app, &s.maker, paid).await?, "OVERDUE");
    ledger_balanced(&app, paid).await?;

    // Past the deadline without payment: both expire; the penalty stays owed.
    night(&app, &mut s, "2026-03-09").await?;
    for id in [paid, unpaid] {
        assert_eq!(
            waivers_of(&app, &s.maker, id).await?[0]["status"],
            "EXPIRED"
        );
        let m = money(&app, &s.maker, id).await?;
        assert_eq!(item(&m, 1)["penalty"]["waivedFen"], 0);
        assert_eq!(item(&m, 1)["penalty"]["dueFen"], 9 * 44);
    }
    // A payment after the deadline does not revive it.
    repay(&app, &s, unpaid, 88_849 + 9 * 44, "W-E-1", "2026-03-09").await?;
    assert_eq!(
        waivers_of(&app, &s.maker, unpaid).await?[0]["status"],
        "EXPIRED"
    );
    assert_eq!(order_status(&app, &s.maker, unpaid).await?, "REPAYING");
    assert_eq!(ids.len(), 2);
    Ok(())
}
