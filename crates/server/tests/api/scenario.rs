//! Random borrowers over simulated months on the nightly run (docs/repayments.md): orders paying
//! on time, late, in part, settling early, defaulting and paying it all later or surrendered
//! after the demand notice's cure deadline (docs/surrenders.md), with bounced
//! payments reversed, penalty waivers and advance claims written off, the business date moving one
//! day at a time. Every day
//! every order is checked against the invariants:
//!
//! - each instalment and component: due = paid + waived + written off + cancelled + outstanding,
//!   nothing negative (invariants 5, 26, 27), the penalty due = Σ its penalty rows;
//! - each confirmed repayment: amount = Σ its allocation + overpayment (6);
//! - the order's outstanding = Σ its instalments' (7), SETTLED exactly when nothing is owed, and
//!   OVERDUE exactly when an instalment is overdue (8, 21);
//! - the ledger: every journal balanced per owner (20), the provider's loan principal for the order
//!   = the principal outstanding less what the platform advanced and still claims, the platform's
//!   advance receivable = that claim (invariant 8; overdue instalments are advanced after the
//!   provider's 30 days, docs/advances.md).
//!
//! The CI runs a small share (`BEEHIVE_SCENARIO_ORDERS`, default 5, one of each habit, over
//! `BEEHIVE_SCENARIO_MONTHS`, default 3 on SQLite and 1 on PostgreSQL); `scripts/scenario` runs
//! 50 orders over 24 months (`BEEHIVE_SCENARIO_SEED` picks another sequence).

use super::order_flow::{Staff, accepted, ledger_balanced, paid, staff};
use super::orders::{ORDER, World, count, submitted, world};
use super::repayments::{money, move_to, record, repay, repaying};
use serde_json::{Value, json};
use testkit::TestApp;

fn env_or(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// xorshift64*: a seeded, reproducible sequence.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// True one time in `n`.
    fn one_in(&mut self, n: u64) -> bool {
        self.next().is_multiple_of(n)
    }
}

#[derive(Debug, Clone, Copy)]
enum Habit {
    OnTime,
    /// Pays what is overdue this many days after a due date.
    Late(i64),
    /// Pays 60 % on the due date, the rest 10 days on.
    InPart,
    /// On time, then settles early at the due date of this instalment.
    SettlesAt(i64),
    /// On time until this instalment, then nothing for 90 days, then everything overdue; or, when
    /// the flag is set, nothing more: the platform surrenders the policy once the demand notice's
    /// cure deadline has passed, the insurer refunds the estimate, a shortfall is written off.
    Defaults(i64, bool),
}

fn amount(v: &Value) -> i64 {
    v.as_i64().unwrap_or(0)
}

/// What instalments due on or before `date` still owe.
fn overdue_total(m: &Value, date: &str) -> i64 {
    m["items"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|it| it["dueDate"].as_str().unwrap_or("9999") <= date)
        .map(|it| amount(&it["outstandingFen"]))
        .sum()
}

/// The invariants of one order at the end of a day.
async fn check(app: &TestApp, s: &Staff, id: i64, date: &str) -> anyhow::Result<()> {
    let m = money(app, &s.maker, id).await?;
    let status = app
        .column_texts(&format!("SELECT status FROM orders WHERE id = {id}"))
        .await?
        .pop()
        .unwrap_or_default();
    let at = format!("order {id} on {date}");
    let mut outstanding = 0;
    let mut principal = 0;
    let mut claim = 0;
    let mut late = false;
    for it in m["items"].as_array().into_iter().flatten() {
        for c in ["principal", "interest", "fee", "penalty"] {
            let p = &it[c];
            let parts = [
                "paidFen",
                "waivedFen",
                "writtenOffFen",
                "cancelledFen",
                "outstandingFen",
            ]
            .map(|k| amount(&p[k]));
            anyhow::ensure!(parts.iter().all(|v| *v >= 0), "{at}: negative {c} {it}");
            anyhow::ensure!(
                parts.iter().sum::<i64>() == amount(&p["dueFen"]),
                "{at}: {c} does not add up {it}"
            );
        }
        let rows: i64 = m["penalties"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|r| r["itemSeq"] == it["seq"])
            .map(|r| amount(&r["amountFen"]))
            .sum();
        anyhow::ensure!(
            rows == amount(&it["penalty"]["dueFen"]),
            "{at}: penalty rows {rows} ≠ {it}"
        );
        outstanding += amount(&it["outstandingFen"]);
        // The provider no longer carries the principal the platform advanced (invariant 8).
        principal +=
            amount(&it["principal"]["outstandingFen"]) - amount(&it["advanceClaimPrincipalFen"]);
        claim += amount(&it["advanceClaimFen"]);
        late |= it["status"] == "OVERDUE";
    }
    anyhow::ensure!(
        amount(&m["outstandingFen"]) == outstanding,
        "{at}: outstanding"
    );
    for r in m["repayments"].as_array().into_iter().flatten() {
        if r["status"] != "CONFIRMED" {
            continue;
        }
        let lines: i64 = r["lines"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|l| amount(&l["amountFen"]))
            .sum();
        anyhow::ensure!(
            amount(&r["amountFen"]) == lines + amount(&r["overpaymentFen"]),
            "{at}: repayment {r}"
        );
    }
    match status.as_str() {
        "SETTLED" | "SURRENDERED" => {
            anyhow::ensure!(outstanding == 0, "{at}: {status} owing {outstanding}");
        }
        "OVERDUE" => anyhow::ensure!(late && outstanding > 0, "{at}: OVERDUE without arrears"),
        "REPAYING" => anyhow::ensure!(!late && outstanding > 0, "{at}: REPAYING {m}"),
        other => anyhow::bail!("{at}: status {other}"),
    }
    ledger_balanced(app, id).await?;
    let loan = count(
        app,
        &format!(
            "SELECT COALESCE(SUM(CASE WHEN p.side = 'D' THEN p.amount_fen ELSE -p.amount_fen END), 0) \
             FROM posting p JOIN ledger_account a ON a.id = p.account_id \
             WHERE a.code = 'C.LOAN_PRINCIPAL' AND a.subledger_key = '{id}'"
        ),
    )
    .await?;
    anyhow::ensure!(
        loan == principal,
        "{at}: loan principal {loan} ≠ {principal}"
    );
    let receivable = count(
        app,
        &format!(
            "SELECT COALESCE(SUM(CASE WHEN p.side = 'D' THEN p.amount_fen ELSE -p.amount_fen END), 0) \
             FROM posting p JOIN ledger_account a ON a.id = p.account_id \
             WHERE a.code = 'P.ADVANCE_RECEIVABLE' AND a.subledger_key = '{id}'"
        ),
    )
    .await?;
    anyhow::ensure!(
        receivable == claim,
        "{at}: advance receivable {receivable} ≠ the claim {claim}"
    );
    Ok(())
}

/// A default surrender of `id` today if the demand notice's cure deadline has passed: filed by
/// the maker, the rest by the checker; the insurer refunds the estimate, effective today; a
/// shortfall is written off by the platform, a surplus paid out. Whether it happened.
async fn surrender(
    app: &TestApp,
    s: &Staff,
    id: i64,
    today: &str,
    serial: &mut u64,
) -> anyhow::Result<bool> {
    let q = app
        .get_as(
            &format!("{ORDER}/surrender/quote/{id}?reason=DEFAULT"),
            &s.maker,
        )
        .await?;
    anyhow::ensure!(q.code() == 200, "quote: {}", q.text);
    if !q.body["data"]["blocked"].is_null() {
        return Ok(false);
    }
    let estimate = amount(&q.body["data"]["estimateFen"]);
    let step = |who: &str, path: String, body: Value| {
        let token = if who == "maker" { &s.maker } else { &s.checker };
        async move {
            let reply = app
                .post_as(&format!("{ORDER}/surrender/{path}"), token, &body)
                .await?;
            anyhow::ensure!(reply.code() == 200, "{path}: {}", reply.text);
            Ok::<Value, anyhow::Error>(reply.body["data"].clone())
        }
    };
    let created = step(
        "maker",
        "create".to_owned(),
        json!({ "orderId": id, "reason": "DEFAULT", "requestedCancelDate": today }),
    )
    .await?;
    let sid = amount(&created["id"]);
    step("checker", format!("approve/{sid}"), json!({})).await?;
    step(
        "checker",
        format!("submit/{sid}"),
        json!({ "submittedOn": today }),
    )
    .await?;
    step(
        "checker",
        format!("confirm/{sid}"),
        json!({ "insurerRefundFen": estimate, "endorsementNo": format!("END-{sid}"), "effectiveDate": today }),
    )
    .await?;
    *serial += 1;
    let done = step(
        "checker",
        format!("settle/{sid}"),
        json!({ "receivedOn": today, "channel": "BANK_TRANSFER", "serialNo": format!("SC-{serial}"),
                "shortfallResolution": "WRITTEN_OFF", "bearer": "PLATFORM" }),
    )
    .await?;
    anyhow::ensure!(
        amount(&done["appliedFen"]) + amount(&done["surplusFen"]) == estimate,
        "invariant 10: {done}"
    );
    if amount(&done["surplusFen"]) > 0 {
        *serial += 1;
        step(
            "checker",
            format!("payout/{sid}"),
            json!({ "paidOn": today, "channel": "BANK_TRANSFER", "serialNo": format!("SC-{serial}") }),
        )
        .await?;
    }
    Ok(true)
}

#[tokio::test]
async fn random_borrowers_keep_every_invariant_day_by_day() -> anyhow::Result<()> {
    let orders = env_or("BEEHIVE_SCENARIO_ORDERS", 5);
    // PostgreSQL answers a day's many small requests more slowly: a month there in the CI.
    let postgres = std::env::var("BEEHIVE_TEST_DB").is_ok_and(|db| db == "postgres");
    let months = env_or("BEEHIVE_SCENARIO_MONTHS", if postgres { 1 } else { 3 });
    let mut rng = Rng(env_or("BEEHIVE_SCENARIO_SEED", 20_261_127) | 1);
    let app = TestApp::spawn().await?;
    let start = chrono::NaiveDate::from_ymd_opt(2026, 2, 1).unwrap_or_default();
    app.set_business_date(start).await?;
    let w = world(&app).await?;
    let mut s = staff(&app, &w).await?;
    let mut book = Vec::new();
    for i in 0..orders {
        let id = repaying(&app, &w, &s, &format!("S{i}")).await?;
        let habit = match i % 5 {
            0 => Habit::OnTime,
            1 => Habit::Late(i64::try_from(5 + rng.next() % 30).unwrap_or(5)),
            2 => Habit::InPart,
            3 => Habit::SettlesAt(i64::try_from(2 + rng.next() % 8).unwrap_or(2)),
            _ => Habit::Defaults(
                i64::try_from(1 + rng.next() % 4).unwrap_or(1),
                rng.one_in(2),
            ),
        };
        book.push((id, habit));
    }
    let mut serial = 0_u64;
    let mut waivers = 0;
    let mut written_off = 0;
    let mut bounced = 0;
    let mut surrendered = 0;
    let days = months * 30;
    for day in 1..=days {
        let date = start + chrono::Days::new(day);
        let text = date.format("%Y-%m-%d").to_string();
        move_to(&app, &mut s, &text).await?;
        app.beehive()
            .run_daily_job("repayments", date)
            .await
            .map_err(|e| anyhow::anyhow!("{e}"))?;
        for &(id, habit) in &book {
            let row = app
                .column_texts(&format!(
                    "SELECT status || '|' || overdue_days || '|' || COALESCE(CAST(next_due_date AS TEXT), '') \
                     || '|' || next_due_fen FROM orders WHERE id = {id}"
                ))
                .await?
                .pop()
                .unwrap_or_default();
            let parts: Vec<&str> = row.split('|').collect();
            let (status, dpd, next_date, next_fen) = (
                parts.first().copied().unwrap_or(""),
                parts
                    .get(1)
                    .and_then(|v| v.parse::<i64>().ok())
                    .unwrap_or(0),
                parts.get(2).copied().unwrap_or(""),
                parts
                    .get(3)
                    .and_then(|v| v.parse::<i64>().ok())
                    .unwrap_or(0),
            );
            if status == "SETTLED" || status == "SURRENDERED" {
                continue;
            }
            let due_today = next_date.starts_with(&text);
            let paid_items = count(
                &app,
                &format!(
                    "SELECT COUNT(*) FROM order_plan_item WHERE order_id = {id} AND status = 'PAID'"
                ),
            )
            .await?;
            let m = money(&app, &s.maker, id).await?;
            let arrears = overdue_total(&m, &text);
            let pay = match habit {
                Habit::OnTime => (due_today && next_fen > 0).then_some(next_fen),
                Habit::Late(k) => (dpd == k && arrears > 0).then_some(arrears),
                Habit::InPart if due_today && next_fen > 0 => Some(next_fen * 6 / 10),
                Habit::InPart => (dpd == 10 && arrears > 0).then_some(arrears),
                Habit::SettlesAt(n) if paid_items + 1 >= n && due_today => {
                    let quote = app
                        .get_as(&format!("{ORDER}/payoff/{id}"), &s.maker)
                        .await?;
                    let total = amount(&quote.body["data"]["totalFen"]);
                    serial += 1;
                    let reply = record(
                        &app,
                        &s.maker,
                        id,
                        total,
                        &format!("SC-{serial}"),
                        &text,
                        true,
                    )
                    .await?;
                    anyhow::ensure!(reply.code() == 200, "early: {}", reply.text);
                    let rid = amount(&reply.body["data"]["id"]);
                    let reply = app
                        .post_as(
                            &format!("{ORDER}/repayment/confirm/{rid}"),
                            &s.checker,
                            &json!({}),
                        )
                        .await?;
                    anyhow::ensure!(reply.code() == 200, "early confirm: {}", reply.text);
                    None
                }
                Habit::SettlesAt(_) => (due_today && next_fen > 0).then_some(next_fen),
                Habit::Defaults(n, _) if paid_items < n => {
                    (due_today && next_fen > 0).then_some(next_fen)
                }
                Habit::Defaults(_, true) => {
                    if surrender(&app, &s, id, &text, &mut serial).await? {
                        surrendered += 1;
                        check(&app, &s, id, &text).await?;
                        continue;
                    }
                    None
                }
                Habit::Defaults(_, false) => (dpd == 90 && arrears > 0).then_some(arrears),
            };
            if let Some(fen) = pay.filter(|f| *f > 0) {
                serial += 1;
                let (rid, _) = repay(&app, &s, id, fen, &format!("SC-{serial}"), &text).await?;
                // One payment in fifteen bounces and is reversed the same day (paid again below
                // by the habit when it applies again).
                if rng.one_in(15) {
                    let reply = app
                        .post_as(
                            &format!("{ORDER}/repayment/reverse/{rid}"),
                            &s.maker,
                            &json!({ "reason": "退票" }),
                        )
                        .await?;
                    anyhow::ensure!(reply.code() == 200, "reverse: {}", reply.text);
                    bounced += 1;
                }
            }
            // Now and then a penalty waiver on a late order, approved by the other user.
            let m = money(&app, &s.maker, id).await?;
            let penalty: i64 = m["items"]
                .as_array()
                .into_iter()
                .flatten()
                .filter(|it| it["dueDate"].as_str().unwrap_or("9999") <= text.as_str())
                .map(|it| amount(&it["penalty"]["outstandingFen"]))
                .sum();
            // (At least 2 fen, so that half of it is something to waive.)
            if status == "OVERDUE" && penalty > 1 && rng.one_in(20) {
                let reply = app
                    .post_as(
                        &format!("/api/admin/order/waiver/create/{id}"),
                        &s.maker,
                        &json!({ "interestFen": 0, "feeFen": 0, "penaltyFen": penalty / 2,
                                 "bearer": "CAPITAL_PROVIDER", "reason": "协商减免" }),
                    )
                    .await?;
                anyhow::ensure!(reply.code() == 200, "waiver: {}", reply.text);
                let wid = amount(&reply.body["data"]["id"]);
                let reply = app
                    .post_as(
                        &format!("/api/admin/order/waiver/approve/{wid}"),
                        &s.checker,
                        &json!({}),
                    )
                    .await?;
                // Above the second-approval threshold it waits for a second approver: fine.
                anyhow::ensure!(reply.code() == 200, "approve: {}", reply.text);
                waivers += 1;
            }
            // Now and then the platform writes off its claim on an advanced, unpaid instalment
            // (追偿核销, docs/recoveries.md), approved by the other user.
            let claim: i64 = m["items"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|it| amount(&it["advanceClaimFen"]))
                .sum();
            if status == "OVERDUE" && claim > 0 && rng.one_in(40) {
                let reply = app
                    .post_as(
                        &format!("{ORDER}/recovery/create/{id}"),
                        &s.maker,
                        &json!({ "method": "WRITE_OFF", "reason": "无法追回" }),
                    )
                    .await?;
                // An earlier application may still wait for its second approver.
                if reply.code() == 200 {
                    let rid = amount(&reply.body["data"]["id"]);
                    let reply = app
                        .post_as(
                            &format!("{ORDER}/recovery/approve/{rid}"),
                            &s.checker,
                            &json!({}),
                        )
                        .await?;
                    anyhow::ensure!(reply.code() == 200, "write-off: {}", reply.text);
                    written_off += 1;
                } else {
                    anyhow::ensure!(reply.code() == 409, "recovery: {}", reply.text);
                }
            }
            check(&app, &s, id, &text).await?;
        }
    }
    let settled = count(&app, "SELECT COUNT(*) FROM orders WHERE status = 'SETTLED'").await?;
    #[allow(clippy::print_stdout)] // the figures of the long run (scripts/scenario)
    {
        println!(
            "scenario: {orders} orders, {days} days, {serial} payments, {bounced} bounced, \
         {waivers} waivers, {written_off} claims written off, {settled} settled, \
         {surrendered} surrendered"
        );
    }
    if let Ok(dir) = std::env::var("BEEHIVE_SCENARIO_KEEP") {
        keep(&app, &w, &s, &dir).await?;
    }
    Ok(())
}

/// Keeps the run's database for a walk through the workspace with realistic data
/// (`BEEHIVE_SCENARIO_KEEP=<dir>`, SQLite only): a few orders are left at the stages before
/// disbursement, then `<dir>/beehive.db` is written with the key of its encrypted columns in
/// `<dir>/secret.key`. Serve it with `beehive serve --database-url sqlite://<dir>/beehive.db
/// --secret-key $(cat <dir>/secret.key) --daily-jobs-at off` and sign in as `admin` with
/// testkit's `ADMIN_PASSWORD` (scripts/screens).
async fn keep(app: &TestApp, w: &World, s: &Staff, dir: &str) -> anyhow::Result<()> {
    for _ in 0..2 {
        submitted(app, &s.maker, w).await?;
        accepted(app, w, s).await?;
    }
    paid(app, w, s, "DP-KEEP-1").await?;
    std::fs::create_dir_all(dir)?;
    let db = std::path::Path::new(dir).join("beehive.db");
    if db.exists() {
        std::fs::remove_file(&db)?;
    }
    app.execute(&format!("VACUUM INTO '{}'", db.display()))
        .await?;
    std::fs::write(
        std::path::Path::new(dir).join("secret.key"),
        app.secret_key.to_hex(),
    )?;
    Ok(())
}
