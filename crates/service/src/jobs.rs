//! Background jobs, of two kinds.
//!
//! **Queue jobs** work rows as they are queued (notice delivery): `beehive serve` runs each in
//! a loop and the command line runs one pass (`beehive jobs run NAME`). A pass claims a few rows
//! of its table with a lease (`store::lease`: one conditional UPDATE marked with a random token,
//! expired claims put back), works them, and answers how many it did. The runner calls a job
//! again at once while it finds work, waits its idle time when it finds none, and wakes early
//! when a use case queues work ([`Beehive::wake_jobs`]).
//!
//! **Daily jobs** ([`DailyJob`]) run once per business date, per unit (an order; a housekeeping
//! task): the run of a date seeds one `job_unit` row per unit (unique per job, date and unit),
//! runners claim units with a lease and work each in one transaction that also marks it DONE
//! under the claim's token, so a unit is done once even with several instances on one
//! PostgreSQL. Missed dates are caught up oldest first, a date finished before the next starts.
//! `serve` runs them daily at a configured time of day; `beehive jobs run NAME --date D` runs
//! one date. Jobs register in the application's [`DailyJobs`] (tests register their own).
//! docs/jobs.md tells the whole story.

use crate::{Beehive, Error, Result};
use chrono::{NaiveDate, NaiveTime};
pub use futures::future::BoxFuture;
use std::sync::{Arc, RwLock};
use std::time::Duration;
use store::entity::{job_run, job_unit};
use store::lease::{self, Lease};
/// The transaction a daily job's unit is worked in.
pub use store::sea_orm::DatabaseTransaction as Transaction;
use store::sea_orm::sea_query::Expr;
use store::sea_orm::{
    ColumnTrait, Condition, DatabaseTransaction, EntityTrait, PaginatorTrait, QueryFilter,
    QueryOrder, Set,
};

/// One named job.
pub struct Job {
    /// The name the command line and the logs use.
    pub name: &'static str,
    /// What it does, for `beehive jobs list`.
    pub about: &'static str,
    /// How long the runner waits after a pass that found nothing to do.
    pub idle: Duration,
    pass: for<'a> fn(&'a Beehive) -> BoxFuture<'a, Result<usize>>,
}

fn notices(app: &Beehive) -> BoxFuture<'_, Result<usize>> {
    Box::pin(app.deliver_notices_once())
}

/// Every job, in the order the runner starts them.
pub static JOBS: &[Job] = &[Job {
    name: "notices",
    about: "delivers queued notices (SMS and in-app messages) of 通知管理",
    idle: Duration::from_secs(2),
    pass: notices,
}];

/// The job called `name`.
pub fn find(name: &str) -> Option<&'static Job> {
    JOBS.iter().find(|j| j.name == name)
}

/// The running jobs of a server; stop it before closing the database.
pub struct Runner {
    stop: tokio::sync::watch::Sender<bool>,
    tasks: Vec<tokio::task::JoinHandle<()>>,
}

impl Runner {
    /// Lets each job's current pass finish, then ends the loops.
    pub async fn stop(self) {
        let _ = self.stop.send(true);
        for task in self.tasks {
            let _ = task.await;
        }
    }
}

impl Beehive {
    /// Starts every queue job's loop and, when a time of day is set
    /// ([`Beehive::with_daily_jobs_at`]), the daily schedule (with the server).
    pub fn start_jobs(&self) -> Runner {
        let (stop, stopped) = tokio::sync::watch::channel(false);
        let mut tasks: Vec<_> = JOBS
            .iter()
            .map(|job| {
                let app = self.clone();
                let mut stopped = stopped.clone();
                tokio::spawn(async move {
                    loop {
                        if *stopped.borrow() {
                            break;
                        }
                        let wait = match (job.pass)(&app).await {
                            Ok(0) => job.idle,
                            Ok(_) => Duration::ZERO,
                            Err(e) => {
                                tracing::warn!(job = job.name, error = %e, "job pass failed");
                                job.idle.saturating_mul(2)
                            }
                        };
                        if wait.is_zero() {
                            tokio::task::yield_now().await;
                            continue;
                        }
                        tokio::select! {
                            _ = app.jobs_wake.notified() => {}
                            _ = tokio::time::sleep(wait) => {}
                            _ = stopped.changed() => {}
                        }
                    }
                })
            })
            .collect();
        if let Some(at) = self.daily_at {
            let app = self.clone();
            let mut stopped = stopped;
            tasks.push(tokio::spawn(async move {
                loop {
                    if *stopped.borrow() {
                        break;
                    }
                    match app.run_due_daily_jobs(at).await {
                        Ok(ran) => {
                            for (job, date) in ran {
                                tracing::info!(job, %date, "daily job run finished");
                            }
                        }
                        Err(e) => tracing::warn!(error = %e, "daily jobs could not run"),
                    }
                    tokio::select! {
                        _ = tokio::time::sleep(SCHEDULE_POLL) => {}
                        _ = stopped.changed() => {}
                    }
                }
            }));
        }
        Runner { stop, tasks }
    }

    /// Runs one pass of the job `name` (the command line); answers how many units it did.
    pub async fn run_job(&self, name: &str) -> Result<usize> {
        let job = find(name).ok_or_else(|| {
            let names: Vec<&str> = JOBS.iter().map(|j| j.name).collect();
            Error::invalid(
                "job",
                format!("没有名为 {name} 的任务（可选：{}）", names.join("、")),
            )
        })?;
        (job.pass)(self).await
    }

    /// Wakes the job loops of this instance (work was just queued).
    pub(crate) fn wake_jobs(&self) {
        self.jobs_wake.notify_waiters();
    }
}

// ---------------------------------------------------------------------------------------------
// Daily jobs

/// A job that runs once per business date, per unit. Later issues register theirs here
/// (overdue marking, penalty accrual, …); a unit is typically one order.
pub trait DailyJob: Send + Sync + 'static {
    /// The name the command line, the run records and the logs use (unique).
    fn name(&self) -> &str;
    /// What it does, for `beehive jobs list`.
    fn about(&self) -> &str;
    /// The units of the run for `date` (short texts, e.g. order ids), the same whenever asked
    /// for the same date. Units already recorded for the date are not added twice.
    fn units<'a>(&'a self, app: &'a Beehive, date: NaiveDate)
    -> BoxFuture<'a, Result<Vec<String>>>;
    /// Works one unit for `date` inside `tx`, the transaction that also marks the unit DONE:
    /// its writes commit together with the run record or not at all. It must not open another
    /// write transaction (on SQLite that would wait for this one).
    fn work<'a>(
        &'a self,
        app: &'a Beehive,
        tx: &'a DatabaseTransaction,
        date: NaiveDate,
        unit: &'a str,
    ) -> BoxFuture<'a, Result<()>>;
}

/// The daily jobs of an application, in registration order.
#[derive(Clone, Default)]
pub struct DailyJobs(Arc<RwLock<Vec<Arc<dyn DailyJob>>>>);

impl DailyJobs {
    fn all(&self) -> Vec<Arc<dyn DailyJob>> {
        self.0.read().map(|jobs| jobs.clone()).unwrap_or_default()
    }

    fn find(&self, name: &str) -> Option<Arc<dyn DailyJob>> {
        self.all().into_iter().find(|j| j.name() == name)
    }

    fn add(&self, job: Arc<dyn DailyJob>) -> Result<()> {
        let mut jobs = self
            .0
            .write()
            .map_err(|_| Error::internal(anyhow::anyhow!("the job registry is poisoned")))?;
        if jobs.iter().any(|j| j.name() == job.name()) || find(job.name()).is_some() {
            return Err(Error::Conflict(format!("任务 {} 已登记", job.name())));
        }
        jobs.push(job);
        Ok(())
    }
}

impl DailyJobs {
    /// Adds a job the application always has (registered where the application is built, so
    /// this module needs no section that has jobs).
    pub(crate) fn add_built_in(&self, job: Arc<dyn DailyJob>) {
        let _ = self.add(job);
    }
}

/// The daily jobs every application has.
pub(crate) fn built_in() -> DailyJobs {
    let jobs = DailyJobs::default();
    let _ = jobs.add(Arc::new(Housekeeping));
    jobs
}

impl DailyJobs {
    /// The names and descriptions of the jobs (`beehive jobs list`).
    pub fn describe(&self) -> Vec<(String, String)> {
        self.all()
            .iter()
            .map(|j| (j.name().to_owned(), j.about().to_owned()))
            .collect()
    }
}

/// Unit statuses.
const WAITING: &str = "WAITING";
const CLAIMED: &str = "CLAIMED";
const DONE: &str = "DONE";
const FAILED: &str = "FAILED";
/// Run statuses (DONE and FAILED as above).
const RUNNING: &str = "RUNNING";

/// How long a runner holds a claimed unit before another may take it over.
pub const UNIT_LEASE: Duration = Duration::from_secs(300);
/// Units a runner claims at a time.
const CLAIM: u64 = 8;
/// Attempts of a unit before it is marked FAILED.
pub const MAX_ATTEMPTS: i32 = 3;
/// How often `serve` looks whether a daily run is due.
const SCHEDULE_POLL: Duration = Duration::from_secs(30);

/// What running a job for one date did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub struct DateRun {
    /// Units this runner worked (done or failed) for the date.
    pub worked: usize,
    /// Whether the date's run is finished (false: another runner still holds some unit).
    pub finished: bool,
}

/// The last run of a daily job, for the administrator.
#[derive(Debug, Clone, serde::Serialize)]
pub struct DailyJobStatus {
    pub name: String,
    pub about: String,
    /// The business date of its latest run, and that run's status (RUNNING, DONE, FAILED).
    pub last_date: Option<NaiveDate>,
    pub last_status: Option<String>,
}

fn unit_lease() -> Result<Lease<'static>> {
    Ok(Lease {
        waiting: WAITING,
        claimed: CLAIMED,
        duration: chrono::Duration::from_std(UNIT_LEASE).map_err(Error::internal)?,
    })
}

fn of_run(job: &str, date: NaiveDate) -> Condition {
    Condition::all()
        .add(job_unit::Column::Job.eq(job))
        .add(job_unit::Column::BusinessDate.eq(date))
}

fn short(reason: &str) -> String {
    reason.chars().take(500).collect()
}

impl Beehive {
    /// Adds a daily job to this application (and every clone of it): built-in jobs at start,
    /// tests their own. A name already taken is refused (409).
    pub fn register_daily_job(&self, job: Arc<dyn DailyJob>) -> Result<()> {
        self.daily_jobs.add(job)
    }

    /// The daily jobs' names and descriptions, in registration order.
    pub fn daily_jobs(&self) -> Vec<(String, String)> {
        self.daily_jobs
            .all()
            .iter()
            .map(|j| (j.name().to_owned(), j.about().to_owned()))
            .collect()
    }

    /// Runs the daily job `name` for `date` (the command line's `--date`): units already done
    /// are skipped, failed ones tried again. A date after today's business date is refused.
    pub async fn run_daily_job(&self, name: &str, date: NaiveDate) -> Result<DateRun> {
        let job = self.daily_job(name)?;
        let today = self.business_date().await?;
        if date > today {
            return Err(Error::invalid(
                "date",
                format!("营业日 {date} 晚于当前营业日 {today}，不能提前运行"),
            ));
        }
        self.retry_failed(job.name(), date).await?;
        self.run_date(job.as_ref(), date).await
    }

    /// Runs every date of the daily job `name` not yet run, up to `through`, oldest first
    /// (catch-up); answers the dates finished. Stops at a date another runner is still working
    /// on, so a later date never starts before an earlier one is finished. A job that never ran
    /// starts at `through`.
    pub async fn catch_up(&self, name: &str, through: NaiveDate) -> Result<Vec<NaiveDate>> {
        let job = self.daily_job(name)?;
        self.catch_up_job(job.as_ref(), through).await
    }

    /// Catches every daily job up to the date due now at the time of day `at` (the schedule of
    /// `serve`); answers the dates run per job.
    pub async fn run_due_daily_jobs(&self, at: NaiveTime) -> Result<Vec<(String, NaiveDate)>> {
        let due = crate::clock::due_date(self.clock.now(), self.time_zone().await?, at);
        let mut ran = Vec::new();
        for job in self.daily_jobs.all() {
            match self.catch_up_job(job.as_ref(), due).await {
                Ok(dates) => ran.extend(dates.into_iter().map(|d| (job.name().to_owned(), d))),
                Err(e) => tracing::warn!(job = job.name(), error = %e, "daily job failed"),
            }
        }
        Ok(ran)
    }

    /// Each daily job with its latest run (系统设置 shows them).
    async fn daily_job_statuses(&self) -> Result<Vec<DailyJobStatus>> {
        let mut out = Vec::new();
        for job in self.daily_jobs.all() {
            let last = job_run::Entity::find()
                .filter(job_run::Column::Job.eq(job.name()))
                .order_by_desc(job_run::Column::BusinessDate)
                .one(&self.db)
                .await?;
            out.push(DailyJobStatus {
                name: job.name().to_owned(),
                about: job.about().to_owned(),
                last_date: last.as_ref().map(|r| r.business_date),
                last_status: last.map(|r| r.status),
            });
        }
        Ok(out)
    }

    fn daily_job(&self, name: &str) -> Result<Arc<dyn DailyJob>> {
        self.daily_jobs.find(name).ok_or_else(|| {
            let names: Vec<String> = self.daily_jobs().into_iter().map(|(n, _)| n).collect();
            Error::invalid(
                "job",
                format!("没有名为 {name} 的每日任务（可选：{}）", names.join("、")),
            )
        })
    }

    async fn catch_up_job(&self, job: &dyn DailyJob, through: NaiveDate) -> Result<Vec<NaiveDate>> {
        let runs = job_run::Entity::find()
            .filter(job_run::Column::Job.eq(job.name()))
            .filter(job_run::Column::BusinessDate.lte(through));
        let last = runs
            .clone()
            .order_by_desc(job_run::Column::BusinessDate)
            .one(&self.db)
            .await?
            .map(|r| r.business_date);
        let mut dates: Vec<NaiveDate> = runs
            .filter(job_run::Column::Status.eq(RUNNING))
            .all(&self.db)
            .await?
            .into_iter()
            .map(|r| r.business_date)
            .collect();
        let mut next = match last {
            Some(last) => last.succ_opt(),
            None => Some(through),
        };
        while let Some(day) = next.filter(|d| *d <= through) {
            dates.push(day);
            next = day.succ_opt();
        }
        dates.sort_unstable();
        dates.dedup();
        let mut finished = Vec::new();
        for date in dates {
            let run = self.run_date(job, date).await?;
            if !run.finished {
                break;
            }
            finished.push(date);
        }
        Ok(finished)
    }

    /// Puts the FAILED units of a date back to WAITING (and its run back to RUNNING).
    async fn retry_failed(&self, job: &str, date: NaiveDate) -> Result<()> {
        let now = self.clock.now();
        let retried = job_unit::Entity::update_many()
            .col_expr(job_unit::Column::Status, Expr::value(WAITING))
            .col_expr(job_unit::Column::Attempts, Expr::value(0))
            .col_expr(job_unit::Column::UpdatedAt, Expr::value(now))
            .filter(of_run(job, date))
            .filter(job_unit::Column::Status.eq(FAILED))
            .exec(&self.db)
            .await?
            .rows_affected;
        if retried > 0 {
            job_run::Entity::update_many()
                .col_expr(job_run::Column::Status, Expr::value(RUNNING))
                .col_expr(
                    job_run::Column::FinishedAt,
                    Expr::value(None::<chrono::DateTime<chrono::Utc>>),
                )
                .col_expr(job_run::Column::UpdatedAt, Expr::value(now))
                .filter(job_run::Column::Job.eq(job))
                .filter(job_run::Column::BusinessDate.eq(date))
                .exec(&self.db)
                .await?;
        }
        Ok(())
    }

    /// Runs `job` for `date` on this runner until no unit of the date waits.
    async fn run_date(&self, job: &dyn DailyJob, date: NaiveDate) -> Result<DateRun> {
        let name = job.name();
        let now = self.clock.now();
        job_run::Entity::insert(job_run::ActiveModel {
            job: Set(name.to_owned()),
            business_date: Set(date),
            status: Set(RUNNING.to_owned()),
            units: Set(0),
            failed: Set(0),
            started_at: Set(now),
            finished_at: Set(None),
            updated_at: Set(now),
            ..Default::default()
        })
        .on_conflict_do_nothing_on([job_run::Column::Job, job_run::Column::BusinessDate])
        .exec(&self.db)
        .await?;
        let run = job_run::Entity::find()
            .filter(job_run::Column::Job.eq(name))
            .filter(job_run::Column::BusinessDate.eq(date))
            .one(&self.db)
            .await?
            .ok_or_else(|| Error::internal(anyhow::anyhow!("the run of {name} {date} vanished")))?;
        if run.status != RUNNING {
            return Ok(DateRun {
                worked: 0,
                finished: true,
            });
        }
        self.seed_units(job, date).await?;
        let lease = unit_lease()?;
        let token = format!("{:032x}", rand::random::<u128>());
        let mut worked = 0;
        loop {
            let now = self.clock.now();
            lease::release_expired::<job_unit::Entity, _>(&self.db, lease, now).await?;
            let units = lease::claim_where::<job_unit::Entity, _>(
                &self.db,
                lease,
                &token,
                CLAIM,
                now,
                of_run(name, date),
            )
            .await?;
            if units.is_empty() {
                // A lost race claims nothing while units still wait: look again.
                let waiting = job_unit::Entity::find()
                    .filter(of_run(name, date))
                    .filter(job_unit::Column::Status.eq(WAITING))
                    .count(&self.db)
                    .await?;
                if waiting == 0 {
                    break;
                }
                tokio::task::yield_now().await;
                continue;
            }
            for unit in units {
                self.work_unit(job, &unit, &token).await?;
                worked += 1;
            }
        }
        let finished = self.finish_run(name, date).await?;
        Ok(DateRun { worked, finished })
    }

    /// Records the units of `date` (each once, whoever seeds first).
    async fn seed_units(&self, job: &dyn DailyJob, date: NaiveDate) -> Result<()> {
        let units = job.units(self, date).await?;
        let now = self.clock.now();
        for chunk in units.chunks(500) {
            let rows = chunk.iter().map(|unit| job_unit::ActiveModel {
                job: Set(job.name().to_owned()),
                business_date: Set(date),
                unit: Set(unit.clone()),
                status: Set(WAITING.to_owned()),
                attempts: Set(0),
                reason: Set(String::new()),
                claim_token: Set(None),
                claimed_at: Set(None),
                finished_at: Set(None),
                updated_at: Set(now),
                ..Default::default()
            });
            job_unit::Entity::insert_many(rows)
                .on_conflict_do_nothing_on([
                    job_unit::Column::Job,
                    job_unit::Column::BusinessDate,
                    job_unit::Column::Unit,
                ])
                .exec(&self.db)
                .await?;
        }
        Ok(())
    }

    /// Works one claimed unit: its work and its DONE mark commit together, and only while the
    /// claim is still this runner's (a runner whose lease ran out commits nothing).
    async fn work_unit(
        &self,
        job: &dyn DailyJob,
        unit: &job_unit::Model,
        token: &str,
    ) -> Result<()> {
        let txn = store::begin_write(&self.db).await?;
        let outcome = job.work(self, &txn, unit.business_date, &unit.unit).await;
        let now = self.clock.now();
        let mine = Condition::all()
            .add(job_unit::Column::Id.eq(unit.id))
            .add(job_unit::Column::Status.eq(CLAIMED))
            .add(job_unit::Column::ClaimToken.eq(token));
        match outcome {
            Ok(()) => {
                let marked = job_unit::Entity::update_many()
                    .col_expr(job_unit::Column::Status, Expr::value(DONE))
                    .col_expr(job_unit::Column::ClaimToken, Expr::value(None::<String>))
                    .col_expr(job_unit::Column::Reason, Expr::value(""))
                    .col_expr(job_unit::Column::FinishedAt, Expr::value(Some(now)))
                    .col_expr(job_unit::Column::UpdatedAt, Expr::value(now))
                    .filter(mine)
                    .exec(&txn)
                    .await?
                    .rows_affected;
                if marked == 1 {
                    txn.commit().await?;
                } else {
                    txn.rollback().await?;
                    tracing::warn!(
                        job = job.name(),
                        unit = unit.unit,
                        "lease lost; unit left to its new holder"
                    );
                }
            }
            Err(e) => {
                txn.rollback().await?;
                let gave_up = unit.attempts >= MAX_ATTEMPTS;
                tracing::warn!(job = job.name(), date = %unit.business_date, unit = unit.unit, attempt = unit.attempts, error = %e, "daily job unit failed");
                job_unit::Entity::update_many()
                    .col_expr(
                        job_unit::Column::Status,
                        Expr::value(if gave_up { FAILED } else { WAITING }),
                    )
                    .col_expr(job_unit::Column::ClaimToken, Expr::value(None::<String>))
                    .col_expr(job_unit::Column::Reason, Expr::value(short(&e.to_string())))
                    .col_expr(job_unit::Column::UpdatedAt, Expr::value(now))
                    .filter(mine)
                    .exec(&self.db)
                    .await?;
            }
        }
        Ok(())
    }

    /// Closes the run of a date once none of its units waits or is claimed; answers whether it
    /// is closed.
    async fn finish_run(&self, job: &str, date: NaiveDate) -> Result<bool> {
        let open = job_unit::Entity::find()
            .filter(of_run(job, date))
            .filter(job_unit::Column::Status.is_in([WAITING, CLAIMED]))
            .count(&self.db)
            .await?;
        if open > 0 {
            return Ok(false);
        }
        let units = job_unit::Entity::find()
            .filter(of_run(job, date))
            .count(&self.db)
            .await?;
        let failed = job_unit::Entity::find()
            .filter(of_run(job, date))
            .filter(job_unit::Column::Status.eq(FAILED))
            .count(&self.db)
            .await?;
        let now = self.clock.now();
        job_run::Entity::update_many()
            .col_expr(
                job_run::Column::Status,
                Expr::value(if failed > 0 { FAILED } else { DONE }),
            )
            .col_expr(
                job_run::Column::Units,
                Expr::value(i32::try_from(units).unwrap_or(i32::MAX)),
            )
            .col_expr(
                job_run::Column::Failed,
                Expr::value(i32::try_from(failed).unwrap_or(i32::MAX)),
            )
            .col_expr(job_run::Column::FinishedAt, Expr::value(Some(now)))
            .col_expr(job_run::Column::UpdatedAt, Expr::value(now))
            .filter(job_run::Column::Job.eq(job))
            .filter(job_run::Column::BusinessDate.eq(date))
            .filter(job_run::Column::Status.eq(RUNNING))
            .exec(&self.db)
            .await?;
        Ok(true)
    }

    /// The time of day the daily jobs run in `serve`, if a schedule is set.
    pub fn daily_jobs_at(&self) -> Option<NaiveTime> {
        self.daily_at
    }

    /// Runs the daily jobs every day at `at` (business time zone) from [`Beehive::start_jobs`].
    pub fn with_daily_jobs_at(mut self, at: Option<NaiveTime>) -> Self {
        self.daily_at = at;
        self
    }
}

/// The built-in daily job: deletes expired idempotency records and exported files nobody
/// downloaded within [`EXPORT_LIFETIME`].
struct Housekeeping;

/// How long an export file waits for its download.
pub const EXPORT_LIFETIME: chrono::Duration = chrono::Duration::days(7);

const IDEMPOTENCY_UNIT: &str = "idempotency-keys";
const EXPORTS_UNIT: &str = "exports";

impl DailyJob for Housekeeping {
    fn name(&self) -> &str {
        "housekeeping"
    }

    fn about(&self) -> &str {
        "deletes expired idempotency keys and exported files not downloaded within 7 days"
    }

    fn units<'a>(&'a self, _: &'a Beehive, _: NaiveDate) -> BoxFuture<'a, Result<Vec<String>>> {
        Box::pin(async { Ok(vec![IDEMPOTENCY_UNIT.to_owned(), EXPORTS_UNIT.to_owned()]) })
    }

    fn work<'a>(
        &'a self,
        app: &'a Beehive,
        tx: &'a DatabaseTransaction,
        date: NaiveDate,
        unit: &'a str,
    ) -> BoxFuture<'a, Result<()>> {
        Box::pin(async move {
            let now = app.clock.now();
            match unit {
                IDEMPOTENCY_UNIT => {
                    let gone = crate::idempotency::delete_expired(tx, now).await?;
                    tracing::info!(%date, deleted = gone, "expired idempotency keys deleted");
                }
                EXPORTS_UNIT => {
                    let gone = app
                        .storage
                        .delete_exports_before(now - EXPORT_LIFETIME)
                        .await?;
                    tracing::info!(%date, deleted = gone, "stale export files deleted");
                }
                _ => {}
            }
            Ok(())
        })
    }
}

/// What an administrator sees of the business date (系统设置).
#[derive(Debug, Clone, serde::Serialize)]
pub struct BusinessDateInfo {
    /// Today's business date in the configured zone.
    pub business_date: NaiveDate,
    /// The business time zone (系统设置).
    pub time_zone: String,
    /// The server's clock (UTC).
    pub server_time: chrono::DateTime<chrono::Utc>,
    /// The time of day the daily jobs run, `HH:MM` in the business zone; none when this
    /// instance runs no schedule.
    pub daily_jobs_at: Option<String>,
    /// Each daily job and its latest run.
    pub jobs: Vec<DailyJobStatus>,
}

impl Beehive {
    /// The business date, its zone, the server time and the daily jobs' last runs (系统设置's
    /// page permission).
    /// Today's business date and its time zone, for any signed-in user: the date pickers of the
    /// workspace (a receipt's value date, say) allow days up to it, whatever the browser's clock.
    pub async fn business_today(
        &self,
        _me: &crate::principal::Principal,
    ) -> Result<(chrono::NaiveDate, String)> {
        let zone = self.time_zone().await?;
        Ok((
            crate::clock::business_date(self.clock.now(), zone),
            zone.name().to_owned(),
        ))
    }

    pub async fn business_date_info(
        &self,
        me: &crate::principal::Principal,
    ) -> Result<BusinessDateInfo> {
        me.require(domain::permission::codes::CONFIG_SYSTEM)?;
        let zone = self.time_zone().await?;
        let now = self.clock.now();
        Ok(BusinessDateInfo {
            business_date: crate::clock::business_date(now, zone),
            time_zone: zone.name().to_owned(),
            server_time: now,
            daily_jobs_at: self.daily_at.map(|t| t.format("%H:%M").to_string()),
            jobs: self.daily_job_statuses().await?,
        })
    }
}
