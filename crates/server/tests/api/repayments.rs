//! Repayments as a client sees them (docs/repayments.md): the nightly run making instalments due
//! and overdue with penalties, a repayment recorded by one user and confirmed by another with its
//! allocation and journal E4, a backdated repayment equal to posting in date order (with the
//! corrective journal), a reversal restoring the exact earlier state, early settlement with its
//! quote, a repayment into a settled order becoming credit, reopening by reversal; exactly-once
//! under concurrency. Runs on the database `BEEHIVE_TEST_DB` names.

use super::order_flow::{
    Staff, approved_application, ledger_balanced, paid, pay, payee, pdf, staff, status,
};
use super::orders::{ORDER, World, count, view, world};
use chrono::NaiveDate;
use serde_json::{Value, json};
use testkit::TestApp;

fn day(text: &str) -> anyhow::Result<NaiveDate> {
    Ok(NaiveDate::parse_from_str(text, "%Y-%m-%d")?)
}

/// An order of the worked example (¥10 000, 1 %/month, 12 instalments from 2026-01-31: 888.49 a
/// month) disbursed and with its policies issued on the business date: REPAYING.
pub(crate) async fn repaying(
    app: &TestApp,
    w: &World,
    s: &Staff,
    tag: &str,
) -> anyhow::Result<i64> {
    let id = paid(app, w, s, &format!("DP-{tag}")).await?;
    let payee = payee(app, w).await?;
    let app_id = approved_application(app, w, s, payee, &[id]).await?;
    let reply = pay(app, &s.checker, app_id, &format!("PAY-{tag}")).await?;
    anyhow::ensure!(reply.code() == 200, "pay: {}", reply.text);
    let order = view(app, &s.maker, id).await?;
    for (i, p) in order["policies"]
        .as_array()
        .into_iter()
        .flatten()
        .enumerate()
    {
        let reply = app
            .multipart_as(
                &format!("{ORDER}/policy/upload/{}", p["id"]),
                &s.maker,
                &[
                    ("policyNo", &format!("PD{tag}{i}")),
                    ("startDate", "2026-01-31"),
                    ("endDate", "2027-01-30"),
                ],
                &[("file", "policy.pdf", &pdf())],
            )
            .await?;
        anyhow::ensure!(reply.code() == 200, "policy: {}", reply.text);
    }
    Ok(id)
}

pub(crate) async fn money(app: &TestApp, token: &str, id: i64) -> anyhow::Result<Value> {
    let reply = app.get_as(&format!("{ORDER}/money/{id}"), token).await?;
    anyhow::ensure!(reply.code() == 200, "money: {}", reply.text);
    Ok(reply.body["data"].clone())
}

pub(crate) async fn order_status(app: &TestApp, token: &str, id: i64) -> anyhow::Result<String> {
    Ok(status(&view(app, token, id).await?))
}

/// Moves the business date (and the clock) to `date`; the staff sign in again, as they would
/// the next working day.
pub(crate) async fn move_to(app: &TestApp, s: &mut Staff, date: &str) -> anyhow::Result<NaiveDate> {
    let date = day(date)?;
    app.set_business_date(date).await?;
    s.maker = app.session("admin", "maker", "maker-Pass-1").await?.token;
    s.checker = app
        .session("admin", "checker", "checker-Pass-1")
        .await?
        .token;
    Ok(date)
}

/// Moves the business date to `date` and runs the nightly `repayments` job for it.
pub(crate) async fn night(app: &TestApp, s: &mut Staff, date: &str) -> anyhow::Result<()> {
    let date = move_to(app, s, date).await?;
    app.beehive()
        .run_daily_job("repayments", date)
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    Ok(())
}

pub(crate) async fn record(
    app: &TestApp,
    token: &str,
    id: i64,
    amount: i64,
    serial: &str,
    value_date: &str,
    early: bool,
) -> anyhow::Result<testkit::Reply> {
    app.multipart_as(
        &format!("{ORDER}/repayment/record/{id}"),
        token,
        &[
            ("amountFen", &amount.to_string()),
            ("source", "CUSTOMER"),
            ("channel", "BANK_TRANSFER"),
            ("serialNo", serial),
            ("payer", "郭子豪"),
            ("valueDate", value_date),
            ("earlySettlement", if early { "true" } else { "false" }),
        ],
        &[("voucher", "slip.pdf", &pdf())],
    )
    .await
}

/// Recorded by the maker, confirmed by the checker: the confirmation's answer.
pub(crate) async fn repay(
    app: &TestApp,
    s: &Staff,
    id: i64,
    amount: i64,
    serial: &str,
    value_date: &str,
) -> anyhow::Result<(i64, Value)> {
    let reply = record(app, &s.maker, id, amount, serial, value_date, false).await?;
    anyhow::ensure!(reply.code() == 200, "record: {}", reply.text);
    let rid = reply.body["data"]["id"].as_i64().unwrap_or(0);
    let reply = app
        .post_as(
            &format!("{ORDER}/repayment/confirm/{rid}"),
            &s.checker,
            &json!({}),
        )
        .await?;
    anyhow::ensure!(reply.code() == 200, "confirm: {}", reply.text);
    Ok((rid, reply.body["data"].clone()))
}

/// The order's postings summed per account and sub-ledger (`code|sub|net`).
pub(crate) async fn balances(app: &TestApp, id: i64) -> anyhow::Result<Vec<String>> {
    app.column_texts(&format!(
        "SELECT a.code || '|' || a.subledger_key || '|' || CAST(SUM(CASE WHEN p.side = 'D' \
         THEN p.amount_fen ELSE -p.amount_fen END) AS TEXT) FROM journal j \
         JOIN posting p ON p.journal_id = j.id JOIN ledger_account a ON a.id = p.account_id \
         WHERE j.order_id = {id} GROUP BY a.code, a.subledger_key ORDER BY 1"
    ))
    .await
}

async fn loan_principal(app: &TestApp, id: i64) -> anyhow::Result<i64> {
    count(
        app,
        &format!(
            "SELECT SUM(CASE WHEN p.side = 'D' THEN p.amount_fen ELSE -p.amount_fen END) \
             FROM posting p JOIN ledger_account a ON a.id = p.account_id \
             WHERE a.code = 'C.LOAN_PRINCIPAL' AND a.subledger_key = '{id}'"
        ),
    )
    .await
}

pub(crate) fn item(m: &Value, seq: usize) -> &Value {
    &m["items"][seq - 1]
}

/// The allocation of a repayment as `component:seq:amount` texts.
fn lines_of(m: &Value, rid: i64) -> Vec<String> {
    let mut out: Vec<String> = m["repayments"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|r| r["id"] == rid)
        .flat_map(|r| r["lines"].as_array().cloned().unwrap_or_default())
        .map(|l| {
            format!(
                "{}:{}:{}",
                l["component"].as_str().unwrap_or(""),
                l["itemSeq"],
                l["amountFen"]
            )
        })
        .collect();
    out.sort();
    out
}

/// Every confirmed repayment: amount = Σ allocations + overpayment (invariant 6).
pub(crate) fn allocations_add_up(m: &Value) -> anyhow::Result<()> {
    for r in m["repayments"].as_array().into_iter().flatten() {
        if r["status"] != "CONFIRMED" {
            continue;
        }
        let lines: i64 = r["lines"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|l| l["amountFen"].as_i64().unwrap_or(0))
            .sum();
        anyhow::ensure!(
            r["amountFen"].as_i64() == Some(lines + r["overpaymentFen"].as_i64().unwrap_or(0)),
            "repayment {} does not add up: {r}",
            r["id"]
        );
    }
    Ok(())
}

#[tokio::test]
async fn an_order_goes_overdue_pays_late_and_settles_early() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    app.set_business_date(day("2026-02-01")?).await?;
    let w = world(&app).await?;
    let mut s = staff(&app, &w).await?;
    let id = repaying(&app, &w, &s, "A").await?;
    // Another order, paid later in date order, to compare with (invariant 24).
    let other = repaying(&app, &w, &s, "B").await?;
    assert_eq!(order_status(&app, &s.maker, id).await?, "REPAYING");
    let m = money(&app, &s.maker, id).await?;
    assert_eq!(m["items"].as_array().map(Vec::len), Some(12));
    assert_eq!(m["outstandingFen"], 1_066_186, "{m}");
    assert_eq!(item(&m, 1)["status"], "NOT_DUE");
    assert_eq!(item(&m, 1)["dueDate"], "2026-02-28");

    // The repayment stage list shows it with its next instalment.
    let list = app
        .post_as(&format!("{ORDER}/repayment/page"), &s.maker, &json!({}))
        .await?;
    let rows = list.body["data"]["records"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let row = rows
        .iter()
        .find(|r| r["id"] == id)
        .cloned()
        .unwrap_or_default();
    assert_eq!(rows.len(), 2, "{}", list.text);
    assert_eq!(row["nextDueDate"], "2026-02-28");
    assert_eq!(row["nextDueFen"], 88_849);
    assert_eq!(row["overdueDays"], 0);

    // Due on the 28th, still REPAYING within the 3 grace days; overdue on day 4 (T21) with a
    // penalty of R(88 849 × 5 bp) = 44 fen for each day since the due date.
    night(&app, &mut s, "2026-02-28").await?;
    let m = money(&app, &s.maker, id).await?;
    assert_eq!(item(&m, 1)["status"], "DUE");
    night(&app, &mut s, "2026-03-03").await?;
    assert_eq!(order_status(&app, &s.maker, id).await?, "REPAYING");
    night(&app, &mut s, "2026-03-04").await?;
    assert_eq!(order_status(&app, &s.maker, id).await?, "OVERDUE");
    let m = money(&app, &s.maker, id).await?;
    assert_eq!(item(&m, 1)["status"], "OVERDUE");
    assert_eq!(item(&m, 1)["penalty"]["dueFen"], 176, "{}", item(&m, 1));
    assert_eq!(m["penalties"].as_array().map(Vec::len), Some(4));
    assert!(
        m["penalties"]
            .as_array()
            .into_iter()
            .flatten()
            .all(|p| p["amountFen"] == 44)
    );
    assert_eq!(m["daysPastDue"], 4);
    assert_eq!(m["bucket"], "M1");
    // The nightly run twice for one date changes nothing (invariant 22).
    let before = (
        m.clone(),
        balances(&app, id).await?,
        count(
            &app,
            &format!("SELECT COUNT(*) FROM order_status_log WHERE order_id = {id}"),
        )
        .await?,
    );
    night(&app, &mut s, "2026-03-04").await?;
    app.beehive()
        .catch_up_order(id, day("2026-03-04")?)
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let after = (
        money(&app, &s.maker, id).await?,
        balances(&app, id).await?,
        count(
            &app,
            &format!("SELECT COUNT(*) FROM order_status_log WHERE order_id = {id}"),
        )
        .await?,
    );
    assert_eq!(before, after);

    // A preview, then a repayment of instalment 1 with its penalty: recorded, not confirmable by
    // the same user, confirmed by another; the order is cured (T22).
    let preview = app
        .post_as(
            &format!("{ORDER}/repayment/preview/{id}"),
            &s.maker,
            &json!({ "amountFen": 89_025, "valueDate": "2026-03-04" }),
        )
        .await?;
    assert_eq!(preview.code(), 200, "{}", preview.text);
    assert_eq!(
        preview.body["data"]["outstandingAfterFen"],
        1_066_186 + 176 - 89_025
    );
    assert_eq!(preview.body["data"]["daysPastDueAfter"], 0);
    let reply = record(&app, &s.maker, id, 0, "R-A-1", "2026-03-04", false).await?;
    assert_eq!(reply.code(), 400);
    assert!(reply.field("amountFen").is_some(), "{}", reply.text);
    let reply = record(&app, &s.maker, id, 89_025, "R-A-1", "2026-03-05", false).await?;
    assert!(reply.field("valueDate").is_some(), "{}", reply.text);
    let reply = record(&app, &s.maker, id, 89_025, "R-A-1", "2026-03-04", false).await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    let r1 = reply.body["data"]["id"].as_i64().unwrap_or(0);
    let reply = app
        .post_as(
            &format!("{ORDER}/repayment/confirm/{r1}"),
            &s.maker,
            &json!({}),
        )
        .await?;
    assert_eq!(reply.code(), 403, "{}", reply.text);
    let reply = app
        .post_as(
            &format!("{ORDER}/repayment/confirm/{r1}"),
            &s.checker,
            &json!({}),
        )
        .await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    assert_eq!(reply.body["data"]["status"], "REPAYING");
    // The same bank serial number again: refused.
    let reply = record(&app, &s.maker, id, 100, "R-A-1", "2026-03-04", false).await?;
    assert_eq!(reply.code(), 409, "{}", reply.text);
    let m = money(&app, &s.maker, id).await?;
    assert_eq!(
        lines_of(&m, r1),
        vec!["INTEREST:1:10000", "PENALTY:1:176", "PRINCIPAL:1:78849"]
    );
    assert_eq!(item(&m, 1)["status"], "PAID");
    assert_eq!(m["outstandingFen"], 1_066_186 - 88_849);
    allocations_add_up(&m)?;
    ledger_balanced(&app, id).await?;
    assert_eq!(loan_principal(&app, id).await?, 1_000_000 - 78_849);
    let cured = money(&app, &s.maker, id).await?;
    let cured_balances = balances(&app, id).await?;

    // A backdated payment (value date 1 March, before the payment above): replayed in date
    // order; the first payment's split changes and a corrective journal says so.
    let (r2, _) = repay(&app, &s, id, 50_000, "R-A-2", "2026-03-01").await?;
    let m = money(&app, &s.maker, id).await?;
    // Within the grace days the day's penalty is not yet payable: the 50 000 pays interest and
    // principal. The grace then passes unpaid, so the penalty counts from the due date: day 1 on
    // the balance before the payment, R(88 849 × 5 bp) = 44, then 3 days of R(38 849 × 5 bp) = 19.
    assert_eq!(
        lines_of(&m, r2),
        vec!["INTEREST:1:10000", "PRINCIPAL:1:40000"]
    );
    assert_eq!(item(&m, 1)["penalty"]["dueFen"], 44 + 3 * 19);
    assert!(
        lines_of(&m, r1).iter().any(|l| l.contains(":2:")),
        "the later payment now reaches instalment 2: {:?}",
        lines_of(&m, r1)
    );
    assert_eq!(
        count(
            &app,
            &format!(
                "SELECT COUNT(*) FROM journal WHERE idempotency_key = 'repayment:{r1}:resplit:1'"
            )
        )
        .await?,
        1
    );
    allocations_add_up(&m)?;
    ledger_balanced(&app, id).await?;

    // The same two payments posted in date order on another order give the same result
    // (invariant 24).
    repay(&app, &s, other, 50_000, "R-B-2", "2026-03-01").await?;
    repay(&app, &s, other, 89_025, "R-B-1", "2026-03-04").await?;
    let b = money(&app, &s.maker, other).await?;
    assert_eq!(m["items"], b["items"]);
    assert_eq!(m["penalties"], b["penalties"]);
    assert_eq!(m["outstandingFen"], b["outstandingFen"]);

    // Reversing the backdated payment restores the exact earlier state, ledger included
    // (invariant 25); a second reversal is refused.
    let reply = app
        .post_as(
            &format!("{ORDER}/repayment/reverse/{r2}"),
            &s.checker,
            &json!({ "reason": "退票" }),
        )
        .await?;
    assert_eq!(
        reply.code(),
        403,
        "the confirmer cannot reverse: {}",
        reply.text
    );
    let reply = app
        .post_as(
            &format!("{ORDER}/repayment/reverse/{r2}"),
            &s.maker,
            &json!({ "reason": "退票" }),
        )
        .await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    let m = money(&app, &s.maker, id).await?;
    assert_eq!(m["items"], cured["items"]);
    assert_eq!(m["penalties"], cured["penalties"]);
    assert_eq!(lines_of(&m, r1), lines_of(&cured, r1));
    assert_eq!(balances(&app, id).await?, cured_balances);
    let reply = app
        .post_as(
            &format!("{ORDER}/repayment/reverse/{r2}"),
            &s.maker,
            &json!({ "reason": "退票" }),
        )
        .await?;
    assert_eq!(reply.code(), 409, "{}", reply.text);

    // Early settlement on 10 March: the quote (current period's interest in full, future
    // interest cancelled); a different amount is refused; the quote's amount settles (T23).
    move_to(&app, &mut s, "2026-03-10").await?;
    let quote = app
        .get_as(&format!("{ORDER}/payoff/{id}"), &s.maker)
        .await?;
    assert_eq!(quote.code(), 200, "{}", quote.text);
    let q = &quote.body["data"];
    let principal_left = 1_000_000 - 78_849;
    assert_eq!(q["principalFen"], principal_left);
    assert_eq!(q["interestFen"], 9_212, "{q}");
    let total = q["totalFen"].as_i64().unwrap_or(0);
    assert_eq!(total, principal_left + 9_212);
    let credit_before = count(
        &app,
        &format!(
            "SELECT credit_used_fen FROM capital_provider WHERE id = {}",
            w.auto_cp
        ),
    )
    .await?;
    let reply = record(&app, &s.maker, id, total - 1, "R-A-3", "2026-03-10", true).await?;
    assert!(reply.field("amountFen").is_some(), "{}", reply.text);
    let reply = record(&app, &s.maker, id, total, "R-A-3", "2026-03-10", true).await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    let r3 = reply.body["data"]["id"].as_i64().unwrap_or(0);
    let reply = app
        .post_as(
            &format!("{ORDER}/repayment/confirm/{r3}"),
            &s.checker,
            &json!({}),
        )
        .await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    assert_eq!(reply.body["data"]["status"], "SETTLED");
    let order = view(&app, &s.maker, id).await?;
    assert_eq!(order["order"]["settleType"], "EARLY", "{}", order["order"]);
    let m = money(&app, &s.maker, id).await?;
    assert_eq!(m["outstandingFen"], 0);
    assert_eq!(item(&m, 2)["status"], "PAID");
    assert_eq!(item(&m, 3)["status"], "CANCELLED");
    assert!(
        item(&m, 3)["interest"]["cancelledFen"]
            .as_i64()
            .unwrap_or(0)
            > 0
    );
    assert_eq!(loan_principal(&app, id).await?, 0);
    ledger_balanced(&app, id).await?;
    let credit_after = count(
        &app,
        &format!(
            "SELECT credit_used_fen FROM capital_provider WHERE id = {}",
            w.auto_cp
        ),
    )
    .await?;
    assert_eq!(credit_after, credit_before - 1_000_000);
    let settled = app
        .post_as(&format!("{ORDER}/settled/page"), &s.maker, &json!({}))
        .await?;
    assert_eq!(
        settled.body["data"]["records"][0]["id"], id,
        "{}",
        settled.text
    );

    // Money into a settled order becomes the customer's credit.
    let (r4, _) = repay(&app, &s, id, 1_000, "R-A-4", "2026-03-10").await?;
    let m = money(&app, &s.maker, id).await?;
    assert_eq!(m["customerCreditFen"], 1_000);
    assert!(lines_of(&m, r4).is_empty());
    assert_eq!(order_status(&app, &s.maker, id).await?, "SETTLED");

    // Reversing the settling payment reopens the order (T29) and takes the credit again.
    let reply = app
        .post_as(
            &format!("{ORDER}/repayment/reverse/{r3}"),
            &s.maker,
            &json!({ "reason": "银行退票" }),
        )
        .await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    assert_eq!(reply.body["data"]["status"], "REPAYING");
    let order = view(&app, &s.maker, id).await?;
    assert_eq!(order["order"]["settleType"], "");
    assert_eq!(
        count(
            &app,
            &format!(
                "SELECT credit_used_fen FROM capital_provider WHERE id = {}",
                w.auto_cp
            )
        )
        .await?,
        credit_before
    );
    let m = money(&app, &s.maker, id).await?;
    // The 1 000 fen received while settled now pays instalment 2.
    assert!(
        lines_of(&m, r4).iter().any(|l| l.contains(":2:")),
        "{:?}",
        lines_of(&m, r4)
    );
    allocations_add_up(&m)?;
    ledger_balanced(&app, id).await?;
    Ok(())
}

#[tokio::test]
async fn twenty_identical_repayments_post_once() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    app.set_business_date(day("2026-02-01")?).await?;
    let w = world(&app).await?;
    let s = staff(&app, &w).await?;
    let id = repaying(&app, &w, &s, "C").await?;

    // Twenty records with one bank serial number: one repayment (invariant 17).
    let replies = futures::future::join_all(
        (0..20).map(|_| record(&app, &s.maker, id, 88_849, "R-C-1", "2026-02-01", false)),
    )
    .await;
    let codes: Vec<i64> = replies
        .iter()
        .map(|r| r.as_ref().map_or(0, |r| r.code()))
        .collect();
    assert_eq!(codes.iter().filter(|c| **c == 200).count(), 1, "{codes:?}");
    assert!(codes.iter().all(|c| *c == 200 || *c == 409), "{codes:?}");
    let rid = count(&app, "SELECT id FROM repayment WHERE serial_no = 'R-C-1'").await?;

    // Twenty confirmations at once: one allocation, one journal (invariant 15).
    let confirm = format!("{ORDER}/repayment/confirm/{rid}");
    let empty = json!({});
    let replies =
        futures::future::join_all((0..20).map(|_| app.post_as(&confirm, &s.checker, &empty))).await;
    let codes: Vec<i64> = replies
        .iter()
        .map(|r| r.as_ref().map_or(0, |r| r.code()))
        .collect();
    assert_eq!(codes.iter().filter(|c| **c == 200).count(), 1, "{codes:?}");
    assert!(codes.iter().all(|c| *c == 200 || *c == 409), "{codes:?}");
    assert_eq!(
        count(
            &app,
            &format!("SELECT COUNT(*) FROM journal WHERE idempotency_key LIKE 'repayment:{rid}%'")
        )
        .await?,
        1
    );
    let m = money(&app, &s.maker, id).await?;
    assert_eq!(m["outstandingFen"], 1_066_186 - 88_849);
    allocations_add_up(&m)?;
    ledger_balanced(&app, id).await?;
    Ok(())
}

#[tokio::test]
async fn catching_up_five_days_equals_running_them_one_by_one() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    app.set_business_date(day("2026-02-01")?).await?;
    let w = world(&app).await?;
    let mut s = staff(&app, &w).await?;
    let daily = repaying(&app, &w, &s, "D").await?;
    let late = repaying(&app, &w, &s, "E").await?;
    // `daily` is replayed every night from 1 to 6 March; `late` only on the 6th (the runner
    // missed five days), through a repayment command's inline catch-up.
    for d in [
        "2026-03-01",
        "2026-03-02",
        "2026-03-03",
        "2026-03-04",
        "2026-03-05",
    ] {
        let date = move_to(&app, &mut s, d).await?;
        app.beehive()
            .catch_up_order(daily, date)
            .await
            .map_err(|e| anyhow::anyhow!("{e}"))?;
    }
    night(&app, &mut s, "2026-03-06").await?;
    let a = money(&app, &s.maker, daily).await?;
    let b = money(&app, &s.maker, late).await?;
    assert_eq!(a["items"], b["items"]);
    assert_eq!(a["penalties"], b["penalties"]);
    assert_eq!(a["daysPastDue"], 6);
    assert_eq!(order_status(&app, &s.maker, daily).await?, "OVERDUE");
    assert_eq!(order_status(&app, &s.maker, late).await?, "OVERDUE");
    // The bucket history records M1 once for each.
    for id in [daily, late] {
        assert_eq!(
            app.column_texts(&format!(
                "SELECT to_bucket FROM order_bucket_history WHERE order_id = {id} ORDER BY id"
            ))
            .await?,
            vec!["M0".to_owned(), "M1".to_owned()]
        );
    }
    Ok(())
}

#[tokio::test]
async fn a_standing_repayment_blocks_reversing_the_disbursement() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    app.set_business_date(day("2026-02-01")?).await?;
    let w = world(&app).await?;
    let s = staff(&app, &w).await?;
    // Disbursed by the checker, the policy not yet issued: PENDING_POLICY takes repayments.
    let id = paid(&app, &w, &s, "DP-F").await?;
    let payee = payee(&app, &w).await?;
    let app_id = approved_application(&app, &w, &s, payee, &[id]).await?;
    let reply = pay(&app, &s.checker, app_id, "PAY-F").await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    assert_eq!(order_status(&app, &s.maker, id).await?, "PENDING_POLICY");
    let order = view(&app, &s.maker, id).await?;
    assert_eq!(
        order["order"]["outstandingFen"], 1_066_186,
        "{}",
        order["order"]
    );
    let reply = record(&app, &s.maker, id, 10_000, "R-F-1", "2026-02-01", false).await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    let rid = reply.body["data"]["id"].as_i64().unwrap_or(0);

    let reverse = format!("{ORDER}/disburse/reverse/{id}");
    let reason = json!({ "reason": "付款账户有误" });
    let reply = app.post_as(&reverse, &s.maker, &reason).await?;
    assert_eq!(reply.code(), 409, "{}", reply.text);
    assert!(reply.text.contains("还款"), "{}", reply.text);
    assert_eq!(order_status(&app, &s.maker, id).await?, "PENDING_POLICY");

    // Once the recorded repayment is rejected the disbursement can be reversed; the order's
    // derived money is cleared with it.
    let reply = app
        .post_as(
            &format!("{ORDER}/repayment/reject/{rid}"),
            &s.checker,
            &json!({ "reason": "金额不符" }),
        )
        .await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    let reply = app.post_as(&reverse, &s.maker, &reason).await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    let order = view(&app, &s.maker, id).await?;
    assert_eq!(status(&order), "PENDING_DISBURSEMENT");
    assert_eq!(order["order"]["outstandingFen"], 0);
    assert_eq!(order["order"]["nextDueDate"], Value::Null);
    ledger_balanced(&app, id).await?;
    Ok(())
}
