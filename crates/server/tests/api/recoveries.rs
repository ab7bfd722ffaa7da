//! Recovery applications (追偿申请, docs/recoveries.md) as a client sees them: the platform's claim
//! on an advanced instalment handed to a collection agency (approved by another user, recovered by
//! the customer's repayments, closed with its cost) or written off (two approvals above the order
//! rules' threshold, the claim given up with E10, a backdated payment before the write-off day
//! re-posting it). Runs on the database `BEEHIVE_TEST_DB` names.

use super::order_flow::{PART2, Staff, ledger_balanced, staff};
use super::orders::{ORDER, World, count, view, world};
use super::repayments::{item, money, night, repay, repaying};
use serde_json::{Value, json};
use testkit::TestApp;

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
    app.post_as(&format!("{ORDER}/recovery/{path}"), token, &body)
        .await
}

async fn rows(app: &TestApp, token: &str, filter: Value) -> anyhow::Result<Vec<Value>> {
    let reply = call(app, token, "page", filter).await?;
    anyhow::ensure!(reply.code() == 200, "page: {}", reply.text);
    Ok(reply.body["data"]["records"]
        .as_array()
        .cloned()
        .unwrap_or_default())
}

/// One order repaying from 1 February whose instalment 1 (788.49 + 100.00, due 28 February) was
/// advanced on 30 March; the business date is `date`.
async fn advanced(date: &str) -> anyhow::Result<(TestApp, World, Staff, i64)> {
    let app = TestApp::spawn().await?;
    app.set_business_date(chrono::NaiveDate::from_ymd_opt(2026, 2, 1).unwrap_or_default())
        .await?;
    let w = world(&app).await?;
    let mut s = staff(&app, &w).await?;
    let id = repaying(&app, &w, &s, "R").await?;
    night(&app, &mut s, "2026-03-30").await?;
    if date != "2026-03-30" {
        night(&app, &mut s, date).await?;
    }
    let m = money(&app, &s.maker, id).await?;
    anyhow::ensure!(item(&m, 1)["advanceClaimFen"] == 88_849, "{}", item(&m, 1));
    Ok((app, w, s, id))
}

#[tokio::test]
async fn a_claim_handed_to_an_agency_is_recovered_by_repayments_and_closed_with_its_cost()
-> anyhow::Result<()> {
    let (app, _w, mut s, id) = advanced("2026-03-30").await?;

    // The form: the advanced instalment with its claim.
    let form = app
        .get_as(&format!("{ORDER}/recovery/recoverable/{id}"), &s.maker)
        .await?;
    assert_eq!(form.code(), 200, "{}", form.text);
    assert_eq!(form.body["data"]["claimFen"], 88_849);
    assert_eq!(form.body["data"]["items"][0]["seq"], 1);
    assert_eq!(form.body["data"]["openNo"], Value::Null);

    // Every field error at once; nothing stored.
    let bad = call(
        &app,
        &s.maker,
        &format!("create/{id}"),
        json!({ "method": "COLLECTION_AGENCY", "agency": " ", "reason": "" }),
    )
    .await?;
    assert_eq!(bad.code(), 400, "{}", bad.text);
    assert_eq!(bad.body["data"]["fields"]["agency"], "请填写催收机构");
    assert_eq!(bad.body["data"]["fields"]["reason"], "请填写追偿原因");
    assert!(rows(&app, &s.maker, json!({})).await?.is_empty());

    // Eight submissions at once (a double click, two clerks): one application.
    let body = json!({ "method": "COLLECTION_AGENCY", "agency": "华信催收服务有限公司", "reason": "客户失联 30 天" });
    let path = format!("create/{id}");
    let replies =
        futures::future::join_all((0..8).map(|_| call(&app, &s.maker, &path, body.clone()))).await;
    let mut created = None;
    for reply in replies {
        let reply = reply?;
        match reply.code() {
            200 => anyhow::ensure!(created.replace(reply).is_none(), "two applications"),
            409 => {}
            other => anyhow::bail!("{other}: {}", reply.text),
        }
    }
    let created = created.ok_or_else(|| anyhow::anyhow!("no application"))?;
    let rid = created.body["data"]["id"].as_i64().unwrap_or(0);
    assert_eq!(created.body["data"]["claimFen"], 88_849);
    assert_eq!(created.body["data"]["status"], "PENDING_APPROVAL");
    assert_eq!(created.body["data"]["levels"], 1);
    assert!(
        created.body["data"]["recoveryNo"]
            .as_str()
            .is_some_and(|n| n.starts_with("ZC20260330"))
    );
    // One open application per order.
    let again = call(
        &app,
        &s.checker,
        &format!("create/{id}"),
        json!({ "method": "LITIGATION", "agency": "某区人民法院", "reason": "起诉" }),
    )
    .await?;
    assert_eq!(again.code(), 409, "{}", again.text);

    // The maker cannot approve; another user can: the case is with the agency.
    let own = call(&app, &s.maker, &format!("approve/{rid}"), json!({})).await?;
    assert_eq!(own.code(), 403, "{}", own.text);
    let approved = call(&app, &s.checker, &format!("approve/{rid}"), json!({})).await?;
    assert_eq!(approved.code(), 200, "{}", approved.text);
    assert_eq!(approved.body["data"]["status"], "APPROVED");
    assert_eq!(approved.body["data"]["approvedOn"], "2026-03-30");

    // The agency collects instalment 1 with its penalty: the repayment recovers the advance.
    night(&app, &mut s, "2026-04-02").await?;
    let before = money(&app, &s.maker, id).await?;
    let owed = item(&before, 1)["outstandingFen"].as_i64().unwrap_or(0);
    repay(&app, &s, id, owed, "AGENCY-1", "2026-04-02").await?;
    let listed = rows(&app, &s.maker, json!({ "status": "APPROVED" })).await?;
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0]["recoveredFen"], 88_849, "{}", listed[0]);
    assert_eq!(listed[0]["customerName"], "郭子豪");

    // Closing: the result and the agency's fee (P Dr EXPENSE_COLLECTION / Cr BANK).
    let bad = call(
        &app,
        &s.maker,
        &format!("close/{rid}"),
        json!({ "result": "", "costFen": -1 }),
    )
    .await?;
    assert_eq!(bad.code(), 400, "{}", bad.text);
    assert_eq!(bad.body["data"]["fields"]["result"], "请填写追偿结果");
    assert_eq!(bad.body["data"]["fields"]["costFen"], "追偿费用不能为负");
    let collection_before = account(&app, "P.EXPENSE_COLLECTION", None).await?;
    let closed = call(
        &app,
        &s.maker,
        &format!("close/{rid}"),
        json!({ "result": "客户已还清第 1 期", "costFen": 8_885 }),
    )
    .await?;
    assert_eq!(closed.code(), 200, "{}", closed.text);
    assert_eq!(closed.body["data"]["status"], "EXECUTED");
    assert_eq!(closed.body["data"]["recoveredFen"], 88_849);
    assert_eq!(closed.body["data"]["costFen"], 8_885);
    assert_eq!(closed.body["data"]["executedOn"], "2026-04-02");
    assert_eq!(
        account(&app, "P.EXPENSE_COLLECTION", None).await? - collection_before,
        8_885
    );
    assert_eq!(account(&app, "P.ADVANCE_RECEIVABLE", Some(id)).await?, 0);
    ledger_balanced(&app, id).await?;
    let twice = call(
        &app,
        &s.maker,
        &format!("close/{rid}"),
        json!({ "result": "再次结案", "costFen": 1 }),
    )
    .await?;
    assert_eq!(twice.code(), 409, "{}", twice.text);
    assert_eq!(
        account(&app, "P.EXPENSE_COLLECTION", None).await? - collection_before,
        8_885,
        "the cost once"
    );
    Ok(())
}

#[tokio::test]
async fn a_write_off_above_the_threshold_needs_two_approvers_and_gives_up_the_claim()
-> anyhow::Result<()> {
    let (app, _w, s, id) = advanced("2026-04-05").await?;
    // Write-offs above ¥500 need a second approver.
    let root = app.admin_token().await?;
    let current = app.get_as("/api/admin/config/order-rules", &root).await?;
    let mut rules = current.body["data"]["rules"].clone();
    assert_eq!(
        rules["writeOffSecondApprovalFen"], 500_000,
        "the default is ¥5 000"
    );
    rules["writeOffSecondApprovalFen"] = json!(50_000);
    let reply = app
        .post_as(
            "/api/admin/config/order-rules/update",
            &root,
            &json!({ "rules": rules, "version": current.body["data"]["version"] }),
        )
        .await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    app.limited_admin(&root, "second", PART2).await?;
    let second = app.session("admin", "second", "second-Pass-1").await?.token;

    let created = call(
        &app,
        &s.maker,
        &format!("create/{id}"),
        json!({ "method": "WRITE_OFF", "agency": "ignored", "reason": "客户已去世，无可执行财产" }),
    )
    .await?;
    assert_eq!(created.code(), 200, "{}", created.text);
    let rid = created.body["data"]["id"].as_i64().unwrap_or(0);
    assert_eq!(created.body["data"]["levels"], 2, "¥888.49 is above ¥500");
    assert_eq!(created.body["data"]["agency"], "");

    let first = call(&app, &s.checker, &format!("approve/{rid}"), json!({})).await?;
    assert_eq!(first.code(), 200, "{}", first.text);
    assert_eq!(first.body["data"]["status"], "PENDING_SECOND");
    let m = money(&app, &s.maker, id).await?;
    assert_eq!(
        item(&m, 1)["advanceClaimFen"],
        88_849,
        "nothing written off yet"
    );
    let same = call(&app, &s.checker, &format!("approve/{rid}"), json!({})).await?;
    assert_eq!(same.code(), 403, "{}", same.text);

    let expense_before = account(&app, "P.EXPENSE_WRITE_OFF", None).await?;
    let done = call(&app, &second, &format!("approve/{rid}"), json!({})).await?;
    assert_eq!(done.code(), 200, "{}", done.text);
    assert_eq!(done.body["data"]["status"], "EXECUTED");
    assert_eq!(done.body["data"]["executedOn"], "2026-04-05");
    assert_eq!(done.body["data"]["writtenOffFen"], 88_849);
    let m = money(&app, &s.maker, id).await?;
    let first_item = item(&m, 1);
    assert_eq!(first_item["status"], "WRITTEN_OFF", "{first_item}");
    assert_eq!(first_item["outstandingFen"], 0);
    assert_eq!(first_item["advanceClaimFen"], 0);
    assert_eq!(first_item["advanceWrittenOffFen"], 88_849);
    let order = view(&app, &s.maker, id).await?;
    assert_eq!(
        order["order"]["status"], "OVERDUE",
        "instalment 2 is still late"
    );
    assert_eq!(account(&app, "P.ADVANCE_RECEIVABLE", Some(id)).await?, 0);
    assert_eq!(
        account(&app, "P.EXPENSE_WRITE_OFF", None).await? - expense_before,
        88_849
    );
    ledger_balanced(&app, id).await?;
    let listed = app
        .post_as(
            &format!("{ORDER}/advance/page"),
            &app.admin_token().await?,
            &json!({ "page": 1, "size": 10 }),
        )
        .await?;
    assert_eq!(listed.body["data"]["total"], 0, "{}", listed.text);

    // A payment received on 1 April, recorded afterwards: it recovered part of the claim before
    // the write-off, which now gives up only the rest.
    let (_, _) = repay(&app, &s, id, 30_000, "LATE-SLIP-1", "2026-04-01").await?;
    let m = money(&app, &s.maker, id).await?;
    let recovered: i64 = m["repayments"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|r| r["recoveredFen"].as_i64().unwrap_or(0))
        .sum();
    assert!(
        recovered > 0 && recovered < 30_000,
        "{recovered}: the penalty first"
    );
    let listed = rows(&app, &s.maker, json!({ "method": "WRITE_OFF" })).await?;
    assert_eq!(listed[0]["writtenOffFen"], 88_849 - recovered);
    assert_eq!(
        account(&app, "P.EXPENSE_WRITE_OFF", None).await? - expense_before,
        88_849 - recovered
    );
    assert_eq!(account(&app, "P.ADVANCE_RECEIVABLE", Some(id)).await?, 0);
    ledger_balanced(&app, id).await?;
    let wrote: Vec<String> = app
        .column_texts(&format!(
            "SELECT idempotency_key FROM journal WHERE order_id = {id} AND event_type = 'WRITE_OFF' ORDER BY id"
        ))
        .await?;
    assert_eq!(
        wrote,
        [format!("recovery:{rid}:1"), format!("recovery:{rid}:2")]
    );
    Ok(())
}
