//! The business date, daily jobs (run records, leases, two runners, catch-up, failures, the
//! built-in housekeeping) and idempotency keys (replay, 422, 409, twenty concurrent identical
//! requests). Runs on the database `BEEHIVE_TEST_DB` names.

use chrono::NaiveDate;
use serde_json::{Value, json};
use service::Beehive;
use service::jobs::{BoxFuture, DailyJob, Transaction};
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use testkit::{CustomerFixture, Reply, TOKEN_HEADER, TestApp};

fn day(s: &str) -> anyhow::Result<NaiveDate> {
    Ok(NaiveDate::parse_from_str(s, "%Y-%m-%d")?)
}

async fn count(app: &TestApp, sql: &str) -> anyhow::Result<i64> {
    let texts = app
        .column_texts(&format!("SELECT CAST(({sql}) AS TEXT)"))
        .await?;
    Ok(texts.first().and_then(|t| t.parse().ok()).unwrap_or(-1))
}

/// Every (runner, date, unit) a test job worked, in order.
type Log = Arc<Mutex<Vec<(&'static str, NaiveDate, String)>>>;

/// A test-only daily job: `units` units per date; records each unit it works under the name of
/// the runner (instance) it was registered on; fails the units listed in `failing`.
struct Recording {
    runner: &'static str,
    units: usize,
    failing: Vec<String>,
    log: Log,
}

impl DailyJob for Recording {
    fn name(&self) -> &str {
        "test-recording"
    }

    fn about(&self) -> &str {
        "records the units it works (tests)"
    }

    fn units<'a>(
        &'a self,
        _: &'a Beehive,
        _: NaiveDate,
    ) -> BoxFuture<'a, service::Result<Vec<String>>> {
        let units = (0..self.units).map(|i| format!("order-{i:04}")).collect();
        Box::pin(async move { Ok(units) })
    }

    fn work<'a>(
        &'a self,
        _: &'a Beehive,
        _: &'a Transaction,
        date: NaiveDate,
        unit: &'a str,
    ) -> BoxFuture<'a, service::Result<()>> {
        Box::pin(async move {
            // Long enough for the other runner to get a turn.
            tokio::time::sleep(Duration::from_millis(2)).await;
            if self.failing.iter().any(|f| f == unit) {
                return Err(service::Error::Conflict(format!("{unit} cannot be worked")));
            }
            if let Ok(mut log) = self.log.lock() {
                log.push((self.runner, date, unit.to_owned()));
            }
            Ok(())
        })
    }
}

fn recording(runner: &'static str, units: usize, log: &Log) -> Arc<Recording> {
    Arc::new(Recording {
        runner,
        units,
        failing: Vec::new(),
        log: log.clone(),
    })
}

#[allow(clippy::needless_pass_by_value)] // the shape map_err needs
fn err(e: service::Error) -> anyhow::Error {
    anyhow::anyhow!("{e}")
}

#[tokio::test]
async fn the_business_date_is_shown_to_administrators_and_moved_by_tests() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    app.set_business_date(day("2027-02-28")?).await?;
    let root = app.admin_token().await?;
    let reply = app
        .get_as("/api/admin/config/system/business-date", &root)
        .await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    let data = &reply.body["data"];
    assert_eq!(data["businessDate"], "2027-02-28", "{}", reply.text);
    assert_eq!(data["timeZone"], "Asia/Shanghai");
    let server_time = data["serverTime"].as_i64().unwrap_or_default();
    let now = app.beehive().clock().now().timestamp_millis();
    assert!((now - server_time).abs() < 60_000, "{server_time} vs {now}");
    // The test server runs no daily schedule; the built-in job has not run yet.
    assert!(data["dailyJobsAt"].is_null(), "{}", reply.text);
    assert_eq!(data["jobs"][0]["name"], "housekeeping", "{}", reply.text);
    assert!(data["jobs"][0]["lastDate"].is_null());

    // The next day, after the housekeeping ran for it.
    app.beehive()
        .clock()
        .advance(Duration::from_secs(24 * 3600));
    app.beehive()
        .run_daily_job("housekeeping", day("2027-03-01")?)
        .await
        .map_err(err)?;
    let root = app.admin_token().await?;
    let reply = app
        .get_as("/api/admin/config/system/business-date", &root)
        .await?;
    assert_eq!(reply.body["data"]["businessDate"], "2027-03-01");
    assert_eq!(reply.body["data"]["jobs"][0]["lastDate"], "2027-03-01");
    assert_eq!(reply.body["data"]["jobs"][0]["lastStatus"], "DONE");

    // A user without 系统设置 cannot see it.
    let other = app
        .limited_admin(&root, "no_settings", &["admin:config:security"])
        .await?;
    let reply = app
        .get_as("/api/admin/config/system/business-date", &other.token)
        .await?;
    assert_eq!(reply.code(), 403, "{}", reply.text);
    // …but every signed-in user reads today's business date for the date pickers, in the
    // business time zone whatever the browser's clock says.
    let today = app
        .get_as("/api/common/business-date", &other.token)
        .await?;
    assert_eq!(today.code(), 200, "{}", today.text);
    assert_eq!(
        today.body["data"]["businessDate"], "2027-03-01",
        "{}",
        today.text
    );
    assert_eq!(today.body["data"]["timeZone"], "Asia/Shanghai");
    let anonymous = app.get("/api/common/business-date").await?;
    assert_eq!(anonymous.code(), 401, "{}", anonymous.text);
    app.stop().await
}

#[tokio::test]
async fn two_runners_on_one_database_never_run_a_unit_twice() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let date = day("2027-05-10")?;
    app.set_business_date(date).await?;
    let log: Log = Arc::default();
    let first = app.beehive().clone();
    let second = app.another_instance().await?;
    first
        .register_daily_job(recording("first", 120, &log))
        .map_err(err)?;
    second
        .register_daily_job(recording("second", 120, &log))
        .map_err(err)?;

    let (a, b) = tokio::join!(
        first.run_daily_job("test-recording", date),
        second.run_daily_job("test-recording", date)
    );
    let (a, b) = (a.map_err(err)?, b.map_err(err)?);
    let log = log.lock().map(|l| l.clone()).unwrap_or_default();
    let mut per_unit: BTreeMap<&str, usize> = BTreeMap::new();
    for (_, _, unit) in &log {
        *per_unit.entry(unit.as_str()).or_default() += 1;
    }
    assert_eq!(per_unit.len(), 120, "every unit worked");
    assert!(
        per_unit.values().all(|n| *n == 1),
        "a unit worked twice: {per_unit:?}"
    );
    assert_eq!(a.worked + b.worked, 120, "{a:?} {b:?}");
    // On PostgreSQL both runners take part (their claims interleave); SQLite has one writer at
    // a time and its lock is not fair, so one runner may do everything there.
    let by_first = log.iter().filter(|(r, _, _)| *r == "first").count();
    if app.db.kind == testkit::DbKind::Postgres {
        assert!(
            by_first > 0 && by_first < 120,
            "first runner worked {by_first}"
        );
    }
    assert!(a.finished || b.finished);

    // The run records: one row per unit, all DONE; the date's run DONE with 120 units.
    assert_eq!(
        count(
            &app,
            "SELECT COUNT(*) FROM job_unit WHERE job = 'test-recording' AND status = 'DONE'"
        )
        .await?,
        120
    );
    assert_eq!(
        count(
            &app,
            "SELECT units FROM job_run WHERE job = 'test-recording' AND status = 'DONE'"
        )
        .await?,
        120
    );

    // Running the date again, from either runner, works nothing.
    let again = second
        .run_daily_job("test-recording", date)
        .await
        .map_err(err)?;
    assert_eq!(again.worked, 0);
    // The built-in housekeeping, allocation, deadlines and repayments jobs, and this test's.
    assert_eq!(app.beehive().daily_jobs().len(), 5);
    second.close().await.map_err(err)?;
    app.stop().await
}

#[tokio::test]
async fn missed_dates_are_caught_up_oldest_first_each_once() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let log: Log = Arc::default();
    let first = app.beehive().clone();
    let second = app.another_instance().await?;
    first
        .register_daily_job(recording("first", 3, &log))
        .map_err(err)?;
    second
        .register_daily_job(recording("second", 3, &log))
        .map_err(err)?;

    // The first ever run starts at the date it is asked for.
    app.set_business_date(day("2027-01-30")?).await?;
    let ran = first
        .catch_up("test-recording", day("2027-01-30")?)
        .await
        .map_err(err)?;
    assert_eq!(ran, vec![day("2027-01-30")?]);

    // Down for three days: on 2 February the 31st, the 1st and the 2nd run, in that order,
    // even with the two instances catching up at the same time.
    app.set_business_date(day("2027-02-02")?).await?;
    let through = day("2027-02-02")?;
    let (a, b) = tokio::join!(
        first.catch_up("test-recording", through),
        second.catch_up("test-recording", through)
    );
    let (a, b) = (a.map_err(err)?, b.map_err(err)?);
    let log = log.lock().map(|l| l.clone()).unwrap_or_default();
    let dates: Vec<NaiveDate> = log.iter().map(|(_, d, _)| *d).collect();
    assert_eq!(log.len(), 4 * 3, "{log:?}");
    let mut sorted = dates.clone();
    sorted.sort();
    assert_eq!(dates, sorted, "dates ran oldest first: {log:?}");
    for d in ["2027-01-30", "2027-01-31", "2027-02-01", "2027-02-02"] {
        assert_eq!(
            dates
                .iter()
                .filter(|x| **x == day(d).unwrap_or_default())
                .count(),
            3,
            "{d}"
        );
    }
    assert!(a.len() + b.len() >= 3, "{a:?} {b:?}");
    assert_eq!(
        count(
            &app,
            "SELECT COUNT(*) FROM job_run WHERE job = 'test-recording' AND status = 'DONE'"
        )
        .await?,
        4
    );
    // Caught up: nothing left to run.
    let ran = first
        .catch_up("test-recording", through)
        .await
        .map_err(err)?;
    assert!(ran.is_empty(), "{ran:?}");
    // A date after today's business date is refused, naming the field.
    let future = first
        .run_daily_job("test-recording", day("2027-02-03")?)
        .await;
    assert!(
        matches!(&future, Err(service::Error::Invalid { fields, .. }) if fields.contains_key("date")),
        "{future:?}"
    );
    second.close().await.map_err(err)?;
    app.stop().await
}

#[tokio::test]
async fn a_failing_unit_is_recorded_and_retried_when_its_date_runs_again() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let date = day("2027-06-01")?;
    app.set_business_date(date).await?;
    let log: Log = Arc::default();
    app.beehive()
        .register_daily_job(Arc::new(Recording {
            runner: "first",
            units: 4,
            failing: vec!["order-0002".to_owned()],
            log: log.clone(),
        }))
        .map_err(err)?;
    let run = app
        .beehive()
        .run_daily_job("test-recording", date)
        .await
        .map_err(err)?;
    assert!(run.finished);
    // The other units are done; the failing one was tried three times, then marked FAILED with
    // its reason, and the date's run is FAILED.
    assert_eq!(log.lock().map(|l| l.len()).unwrap_or_default(), 3);
    let failed = app
        .column_texts("SELECT reason FROM job_unit WHERE status = 'FAILED' AND attempts = 3")
        .await?;
    assert_eq!(failed, vec!["order-0002 cannot be worked".to_owned()]);
    assert_eq!(
        count(&app, "SELECT failed FROM job_run WHERE status = 'FAILED'").await?,
        1
    );
    // A job registered twice is refused.
    let twice = app
        .beehive()
        .register_daily_job(recording("first", 1, &log));
    assert!(
        matches!(twice, Err(service::Error::Conflict(_))),
        "{twice:?}"
    );
    app.stop().await
}

#[tokio::test]
async fn the_schedule_runs_the_date_due_at_its_time_of_day() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let at = chrono::NaiveTime::from_hms_opt(0, 30, 0).unwrap_or_default();
    let log: Log = Arc::default();
    app.beehive()
        .register_daily_job(recording("first", 1, &log))
        .map_err(err)?;
    // 00:10 in Shanghai on 1 April: the 1st's run is not due yet, the 31st's is.
    let zone = chrono_tz::Asia::Shanghai;
    let clock = app.beehive().clock();
    clock.set_local(
        day("2027-04-01")?,
        chrono::NaiveTime::from_hms_opt(0, 10, 0).unwrap_or_default(),
        zone,
    );
    let ran = app.beehive().run_due_daily_jobs(at).await.map_err(err)?;
    assert!(
        ran.contains(&("test-recording".to_owned(), day("2027-03-31")?)),
        "{ran:?}"
    );
    clock.advance(Duration::from_secs(30 * 60));
    let ran = app.beehive().run_due_daily_jobs(at).await.map_err(err)?;
    assert!(
        ran.contains(&("test-recording".to_owned(), day("2027-04-01")?)),
        "{ran:?}"
    );
    let ran = app.beehive().run_due_daily_jobs(at).await.map_err(err)?;
    assert!(ran.is_empty(), "{ran:?}");
    app.stop().await
}

// ---------------------------------------------------------------------------------------------
// Idempotency keys

const SEND: &str = "/api/admin/notice/batch/create";

/// An IN_APP notice template and `n` customers named 幂等客户…; answers the send body.
async fn send_fixture(app: &TestApp, token: &str, n: usize) -> anyhow::Result<Value> {
    let reply = app
        .post_as(
            "/api/admin/notice/template/create",
            token,
            &json!({ "code": "IDEMPOTENT", "name": "还款提醒", "channel": "IN_APP",
                     "content": "尊敬的{{customer.name}}，请于{{dueDate}}前还款。", "enabled": true }),
        )
        .await?;
    let template = reply.created_id()?;
    let customers: Vec<CustomerFixture> = (0..n)
        .map(|i| CustomerFixture {
            name: format!("幂等客户{i:03}"),
            mobile: format!("137{i:08}"),
            kind: "INDIVIDUAL",
            status: "ENABLED",
        })
        .collect();
    app.insert_customers(&customers).await?;
    Ok(
        json!({ "templateId": template, "params": { "dueDate": "2027年1月5日" },
               "mode": "FILTER", "filter": { "name": "幂等客户" } }),
    )
}

async fn send(
    app: &TestApp,
    token: &str,
    key: Option<&str>,
    body: &Value,
) -> anyhow::Result<Reply> {
    let mut request = app
        .client
        .post(app.url(SEND))
        .header(TOKEN_HEADER, token)
        .json(body);
    if let Some(key) = key {
        request = request.header("Idempotency-Key", key);
    }
    Reply::read(request.send().await?).await
}

#[tokio::test]
async fn a_resent_command_is_answered_from_its_first_run() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let root = app.admin_token().await?;
    let body = send_fixture(&app, &root, 3).await?;

    let first = send(&app, &root, Some("3f1c0a4e-send-1"), &body).await?;
    assert_eq!(first.code(), 200, "{}", first.text);
    assert!(first.header("idempotency-replayed").is_none());
    let again = send(&app, &root, Some("3f1c0a4e-send-1"), &body).await?;
    assert_eq!(again.text, first.text, "the stored answer, byte for byte");
    assert_eq!(again.header("idempotency-replayed"), Some("true"));
    assert_eq!(count(&app, "SELECT COUNT(*) FROM notice_batch").await?, 1);

    // The same key for another request: 422, nothing sent.
    let mut other = body.clone();
    other["params"]["dueDate"] = json!("2027年2月5日");
    let refused = send(&app, &root, Some("3f1c0a4e-send-1"), &other).await?;
    assert_eq!(refused.code(), 422, "{}", refused.text);
    assert!(
        refused.msg().contains("3f1c0a4e-send-1"),
        "{}",
        refused.text
    );
    assert_eq!(count(&app, "SELECT COUNT(*) FROM notice_batch").await?, 1);

    // While a request with the key runs (staged: its record IN_PROGRESS), a retry is refused
    // with 409 and runs nothing.
    let staged = app
        .execute("UPDATE idempotency_key SET status = 'IN_PROGRESS', response_body = NULL")
        .await?;
    assert_eq!(staged, 1);
    let busy = send(&app, &root, Some("3f1c0a4e-send-1"), &body).await?;
    assert_eq!(busy.code(), 409, "{}", busy.text);
    assert_eq!(count(&app, "SELECT COUNT(*) FROM notice_batch").await?, 1);
    app.execute(&format!(
        "UPDATE idempotency_key SET status = 'DONE', response_body = '{}'",
        first.text.replace('\'', "''")
    ))
    .await?;

    // A new key is a new command; no key runs as before.
    let second = send(&app, &root, Some("3f1c0a4e-send-2"), &body).await?;
    assert_eq!(second.code(), 200, "{}", second.text);
    let unkeyed = send(&app, &root, None, &body).await?;
    assert_eq!(unkeyed.code(), 200, "{}", unkeyed.text);
    assert_eq!(count(&app, "SELECT COUNT(*) FROM notice_batch").await?, 3);

    // Keys belong to their user: another administrator's same key is its own command.
    let colleague = app
        .limited_admin(
            &root,
            "sender",
            &["admin:notice_send:create", "admin:notice_send:table"],
        )
        .await?;
    let theirs = send(&app, &colleague.token, Some("3f1c0a4e-send-1"), &body).await?;
    assert_eq!(theirs.code(), 200, "{}", theirs.text);
    assert!(theirs.header("idempotency-replayed").is_none());
    assert_eq!(count(&app, "SELECT COUNT(*) FROM notice_batch").await?, 4);

    // A refusal of the input is replayed too; a malformed key is refused naming the header.
    let mut bad = body.clone();
    bad["mode"] = json!("EVERYONE");
    let refused = send(&app, &root, Some("bad-mode"), &bad).await?;
    assert_eq!(refused.code(), 400, "{}", refused.text);
    let replayed = send(&app, &root, Some("bad-mode"), &bad).await?;
    assert_eq!(replayed.text, refused.text);
    let malformed = send(&app, &root, Some("含空格 的键"), &body).await?;
    assert_eq!(malformed.code(), 400, "{}", malformed.text);
    assert!(
        malformed.field("Idempotency-Key").is_some(),
        "{}",
        malformed.text
    );
    assert_eq!(count(&app, "SELECT COUNT(*) FROM notice_batch").await?, 4);

    // Expired keys are forgotten: after a day, the housekeeping deletes them and the key
    // starts afresh.
    let keys = count(&app, "SELECT COUNT(*) FROM idempotency_key").await?;
    assert_eq!(
        keys, 4,
        "three keys of the administrator, one of the colleague"
    );
    app.beehive()
        .clock()
        .advance(Duration::from_secs(25 * 3600));
    let today = app.beehive().business_date().await.map_err(err)?;
    app.beehive()
        .run_daily_job("housekeeping", today)
        .await
        .map_err(err)?;
    assert_eq!(
        count(&app, "SELECT COUNT(*) FROM idempotency_key").await?,
        0
    );
    app.stop().await
}

#[tokio::test]
async fn twenty_identical_requests_at_once_run_the_command_once() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let root = app.admin_token().await?;
    let body = send_fixture(&app, &root, 5).await?;
    let key = "7d2b9c1e-0f44-4b8a-9d1e-concurrent";
    let replies =
        futures::future::join_all((0..20).map(|_| send(&app, &root, Some(key), &body))).await;
    let mut ok = Vec::new();
    let mut busy = 0;
    for reply in replies {
        let reply = reply?;
        match reply.code() {
            200 => ok.push(reply.text),
            409 => {
                assert!(reply.msg().contains("正在处理"), "{}", reply.text);
                busy += 1;
            }
            other => anyhow::bail!("unexpected answer {other}: {}", reply.text),
        }
    }
    // Exactly one execution: one batch, its five recipients.
    assert_eq!(count(&app, "SELECT COUNT(*) FROM notice_batch").await?, 1);
    assert_eq!(
        count(&app, "SELECT COUNT(*) FROM notice_recipient").await?,
        5
    );
    // Every answer that is not "in progress" is the first answer, identical.
    assert!(!ok.is_empty());
    assert!(ok.iter().all(|t| *t == ok[0]), "{ok:?}");
    assert_eq!(ok.len() + busy, 20);
    // Once finished, a retry gets the same answer.
    let after = send(&app, &root, Some(key), &body).await?;
    assert_eq!(after.text, ok[0]);
    assert_eq!(count(&app, "SELECT COUNT(*) FROM notice_batch").await?, 1);
    app.stop().await
}

#[tokio::test]
async fn the_housekeeping_deletes_exports_nobody_downloaded() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let root = app.admin_token().await?;
    let export = app
        .post_as("/api/admin/notice/batch/export", &root, &json!({}))
        .await?;
    assert_eq!(export.code(), 200, "{}", export.text);
    let files = || walk(&app.storage_dir.join("exports"));
    assert_eq!(files(), 1);
    // Within a week it stays; after it, the daily run deletes it.
    app.beehive()
        .clock()
        .advance(Duration::from_secs(6 * 24 * 3600));
    let today = app.beehive().business_date().await.map_err(err)?;
    app.beehive()
        .run_daily_job("housekeeping", today)
        .await
        .map_err(err)?;
    assert_eq!(files(), 1);
    app.beehive()
        .clock()
        .advance(Duration::from_secs(2 * 24 * 3600));
    let today = app.beehive().business_date().await.map_err(err)?;
    app.beehive()
        .run_daily_job("housekeeping", today)
        .await
        .map_err(err)?;
    assert_eq!(files(), 0);
    app.stop().await
}

/// Files under `dir`, recursively.
fn walk(dir: &std::path::Path) -> usize {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return 0;
    };
    entries
        .flatten()
        .map(|e| {
            let path = e.path();
            if path.is_dir() { walk(&path) } else { 1 }
        })
        .sum()
}
