//! Background jobs: named units of work that `beehive serve` runs in a loop and the command line
//! runs once (`beehive jobs run NAME`).
//!
//! A job's pass claims a few rows of its table with a lease (`store::lease`: one conditional
//! UPDATE marked with a random token, expired claims put back), works them, and answers how many
//! it did. Several instances on one PostgreSQL never work the same row twice. The runner calls
//! a job again at once while it finds work, waits its idle time when it finds none, and wakes
//! early when a use case queues work ([`Beehive::wake_jobs`]).

use crate::{Beehive, Error, Result};
use futures::future::BoxFuture;
use std::time::Duration;

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
    /// Starts every job's loop (with the server).
    pub fn start_jobs(&self) -> Runner {
        let (stop, stopped) = tokio::sync::watch::channel(false);
        let tasks = JOBS
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
