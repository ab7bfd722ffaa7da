//! Order write-offs (核销, T28, docs/write-offs.md) as a client sees them: only an overdue order,
//! every field error at once, two approvers above the threshold, the order WRITTEN_OFF with what it
//! owed written off (E10 by bearer: the provider's own loss, or the platform buying it out, and the
//! platform's advance claim), the provider's credit freed, no repayment afterwards; a payment that
//! cures the order before the last approval stops it. Runs on the database `BEEHIVE_TEST_DB` names.

use super::order_flow::{ledger_balanced, staff};
use super::orders::{ORDER, count, view, world};
use super::repayments::{money, night, record, repay, repaying};
use serde_json::{Value, json};
use testkit::TestApp;

const WRITE_OFF: &[&str] = &["admin:order_plan:write_off", "admin:order_info:table"];

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

async fn call(
    app: &TestApp,
    token: &str,
    path: &str,
    body: Value,
) -> anyhow::Result<testkit::Reply> {
    app.post_as(&format!("{ORDER}/write-off/{path}"), token, &body)
        .await
}

/// Three users with the write-off permission besides the staff: maker, first and second approver.
async fn officers(app: &TestApp) -> anyhow::Result<[String; 3]> {
    let root = app.admin_token().await?;
    let mut out = Vec::new();
    for name in ["wo_maker", "wo_first", "wo_second"] {
        app.limited_admin(&root, name, WRITE_OFF).await?;
        out.push(
            app.session("admin", name, &format!("{name}-Pass-1"))
                .await?
                .token,
        );
    }
    let [a, b, c]: [String; 3] = out
        .try_into()
        .map_err(|_| anyhow::anyhow!("three officers"))?;
    Ok([a, b, c])
}

#[tokio::test]
async fn an_overdue_order_written_off_by_its_provider_is_closed_and_frees_the_credit()
-> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    app.set_business_date(chrono::NaiveDate::from_ymd_opt(2026, 2, 1).unwrap_or_default())
        .await?;
    let w = world(&app).await?;
    let mut s = staff(&app, &w).await?;
    let id = repaying(&app, &w, &s, "WO").await?;
    let cp = count(
        &app,
        &format!("SELECT capital_provider_id FROM orders WHERE id = {id}"),
    )
    .await?;
    let used = format!("SELECT credit_used_fen FROM capital_provider WHERE id = {cp}");

    // Repaying, not overdue: nothing to write off.
    let [maker, first, second] = officers(&app).await?;
    let early = call(
        &app,
        &maker,
        &format!("create/{id}"),
        json!({ "bearer": "CAPITAL_PROVIDER", "reason": "失联" }),
    )
    .await?;
    assert_eq!(early.code(), 409, "{}", early.text);
    assert_eq!(
        early.body["msg"],
        "只有逾期订单可以核销（当前状态：还款中）"
    );

    night(&app, &mut s, "2026-03-10").await?;
    let [maker, first, second] = officers_again(&app, [maker, first, second]).await?;
    let quote = app
        .get_as(&format!("{ORDER}/write-off/quote/{id}"), &maker)
        .await?;
    assert_eq!(quote.code(), 200, "{}", quote.text);
    let owed = quote.body["data"]["owed"].clone();
    assert_eq!(owed["principalFen"], 1_000_000);
    assert_eq!(owed["claimFen"], 0, "nothing advanced yet");
    let total = owed["totalFen"].as_i64().unwrap_or(0);
    assert!(
        total > 1_000_000 + 10_000,
        "interest and penalty too: {owed}"
    );

    let bad = call(
        &app,
        &maker,
        &format!("create/{id}"),
        json!({ "bearer": "CUSTOMER", "reason": " " }),
    )
    .await?;
    assert_eq!(bad.code(), 400, "{}", bad.text);
    assert_eq!(
        bad.body["data"]["fields"]["bearer"],
        "承担方须为资金方或平台"
    );
    assert_eq!(bad.body["data"]["fields"]["reason"], "请填写核销原因");

    let created = call(
        &app,
        &maker,
        &format!("create/{id}"),
        json!({ "bearer": "CAPITAL_PROVIDER", "reason": "车辆全损且客户失联，资金方同意核销" }),
    )
    .await?;
    assert_eq!(created.code(), 200, "{}", created.text);
    let wid = created.body["data"]["id"].as_i64().unwrap_or(0);
    assert_eq!(created.body["data"]["levels"], 2, "above ¥5 000");
    assert_eq!(created.body["data"]["totalFen"], total);

    let own = call(&app, &maker, &format!("approve/{wid}"), json!({})).await?;
    assert_eq!(own.code(), 403, "{}", own.text);
    let one = call(&app, &first, &format!("approve/{wid}"), json!({})).await?;
    assert_eq!(one.code(), 200, "{}", one.text);
    assert_eq!(one.body["data"]["status"], "PENDING_SECOND");
    assert_eq!(view(&app, &maker, id).await?["order"]["status"], "OVERDUE");
    let again = call(&app, &first, &format!("approve/{wid}"), json!({})).await?;
    assert_eq!(again.code(), 403, "{}", again.text);

    let credit_before = count(&app, &used).await?;
    let done = call(&app, &second, &format!("approve/{wid}"), json!({})).await?;
    assert_eq!(done.code(), 200, "{}", done.text);
    assert_eq!(done.body["data"]["status"], "EXECUTED");
    assert_eq!(done.body["data"]["executedOn"], "2026-03-10");
    let order = view(&app, &maker, id).await?;
    assert_eq!(order["order"]["status"], "WRITTEN_OFF");
    let m = money(&app, &s.maker, id).await?;
    assert_eq!(m["outstandingFen"], 0);
    assert!(
        m["items"]
            .as_array()
            .into_iter()
            .flatten()
            .all(|it| it["status"] == "WRITTEN_OFF"),
        "{}",
        m["items"]
    );
    // E10, the provider bears it: its loan is gone, its expense is the principal.
    assert_eq!(account(&app, "C.LOAN_PRINCIPAL", Some(id)).await?, 0);
    assert_eq!(account(&app, "C.EXPENSE_WRITE_OFF", None).await?, 1_000_000);
    assert_eq!(account(&app, "P.EXPENSE_WRITE_OFF", None).await?, 0);
    ledger_balanced(&app, id).await?;
    assert_eq!(
        credit_before - count(&app, &used).await?,
        1_000_000,
        "credit freed"
    );
    // Nothing more is paid into it.
    let late = record(&app, &s.maker, id, 10_000, "AFTER-WO", "2026-03-10", false).await?;
    assert_eq!(late.code(), 409, "{}", late.text);
    Ok(())
}

/// Sessions end when the business date moves: the three officers sign in again.
async fn officers_again(app: &TestApp, _old: [String; 3]) -> anyhow::Result<[String; 3]> {
    let mut out = Vec::new();
    for name in ["wo_maker", "wo_first", "wo_second"] {
        out.push(
            app.session("admin", name, &format!("{name}-Pass-1"))
                .await?
                .token,
        );
    }
    out.try_into()
        .map_err(|_| anyhow::anyhow!("three officers"))
}

#[tokio::test]
async fn the_platform_buys_out_an_advanced_order_and_a_cure_stops_a_write_off() -> anyhow::Result<()>
{
    let app = TestApp::spawn().await?;
    app.set_business_date(chrono::NaiveDate::from_ymd_opt(2026, 2, 1).unwrap_or_default())
        .await?;
    let w = world(&app).await?;
    let mut s = staff(&app, &w).await?;
    let id = repaying(&app, &w, &s, "WP").await?;
    let cured = repaying(&app, &w, &s, "WC").await?;
    let cp = count(
        &app,
        &format!("SELECT capital_provider_id FROM orders WHERE id = {id}"),
    )
    .await?;
    officers(&app).await?;
    night(&app, &mut s, "2026-04-05").await?;
    let [maker, first, _] = officers_again(&app, Default::default()).await?;
    // Both orders: instalment 1 advanced on 30 March (88 849), instalment 2 overdue.

    // The cured one: applied for, then the customer pays everything due before the approval.
    let created = call(
        &app,
        &maker,
        &format!("create/{cured}"),
        json!({ "bearer": "PLATFORM", "reason": "测试" }),
    )
    .await?;
    assert_eq!(created.code(), 200, "{}", created.text);
    let cured_wid = created.body["data"]["id"].as_i64().unwrap_or(0);
    assert_eq!(created.body["data"]["levels"], 2);
    let due: i64 = money(&app, &s.maker, cured).await?["items"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|it| it["status"] == "OVERDUE")
        .map(|it| it["outstandingFen"].as_i64().unwrap_or(0))
        .sum();
    repay(&app, &s, cured, due, "CURE-1", "2026-04-05").await?;
    let refused = call(&app, &first, &format!("approve/{cured_wid}"), json!({})).await?;
    assert_eq!(refused.code(), 409, "{}", refused.text);
    assert_eq!(
        view(&app, &maker, cured).await?["order"]["status"],
        "REPAYING"
    );

    // The other one, one approval (threshold raised), the platform bears it.
    let root = app.admin_token().await?;
    let current = app.get_as("/api/admin/config/order-rules", &root).await?;
    let mut rules = current.body["data"]["rules"].clone();
    rules["writeOffSecondApprovalFen"] = json!(10_000_000);
    let reply = app
        .post_as(
            "/api/admin/config/order-rules/update",
            &root,
            &json!({ "rules": rules, "version": current.body["data"]["version"] }),
        )
        .await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    let due_to_cp = account(&app, "P.DUE_TO_CP", Some(cp)).await?;
    let created = call(
        &app,
        &maker,
        &format!("create/{id}"),
        json!({ "bearer": "PLATFORM", "reason": "客户破产，平台买断" }),
    )
    .await?;
    assert_eq!(created.code(), 200, "{}", created.text);
    assert_eq!(created.body["data"]["levels"], 1);
    assert_eq!(created.body["data"]["claimFen"], 88_849);
    let wid = created.body["data"]["id"].as_i64().unwrap_or(0);
    let done = call(&app, &first, &format!("approve/{wid}"), json!({})).await?;
    assert_eq!(done.code(), 200, "{}", done.text);
    assert_eq!(
        view(&app, &maker, id).await?["order"]["status"],
        "WRITTEN_OFF"
    );
    // The platform's claim and the provider's remaining principal, both its expense.
    let provider_principal = 1_000_000 - 78_849;
    assert_eq!(account(&app, "P.ADVANCE_RECEIVABLE", Some(id)).await?, 0);
    assert_eq!(account(&app, "C.LOAN_PRINCIPAL", Some(id)).await?, 0);
    assert_eq!(
        account(&app, "P.EXPENSE_WRITE_OFF", None).await?,
        88_849 + provider_principal
    );
    assert_eq!(
        due_to_cp - account(&app, "P.DUE_TO_CP", Some(cp)).await?,
        provider_principal,
        "the platform owes the provider its principal"
    );
    assert_eq!(account(&app, "C.EXPENSE_WRITE_OFF", None).await?, 0);
    ledger_balanced(&app, id).await?;
    let list = app
        .get_as(&format!("{ORDER}/write-off/list/{id}"), &s.maker)
        .await?;
    assert_eq!(list.code(), 200, "{}", list.text);
    assert_eq!(list.body["data"][0]["status"], "EXECUTED");
    Ok(())
}
