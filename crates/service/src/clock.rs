//! The clock every use case reads. Tests move it forward instead of sleeping.

use chrono::{DateTime, NaiveDate, NaiveTime, TimeDelta, TimeZone, Utc};
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

/// Wall-clock time plus an offset that only tests change.
#[derive(Debug, Clone, Default)]
pub struct Clock {
    offset_ms: Arc<AtomicI64>,
}

impl Clock {
    #[allow(clippy::disallowed_methods)] // the one place that reads the wall clock
    pub fn now(&self) -> DateTime<Utc> {
        Utc::now() + TimeDelta::milliseconds(self.offset_ms.load(Ordering::Relaxed))
    }

    /// Moves this clock (and every clone of it) forward.
    pub fn advance(&self, by: std::time::Duration) {
        let ms = i64::try_from(by.as_millis()).unwrap_or(i64::MAX);
        self.offset_ms.fetch_add(ms, Ordering::Relaxed);
    }

    /// Sets this clock (and every clone of it) to `at`; it runs on from there. Tests use it to
    /// put the business date on a given day; nothing outside the process can reach it.
    #[allow(clippy::disallowed_methods)] // the offset is measured against the wall clock
    pub fn set(&self, at: DateTime<Utc>) {
        let ms = (at - Utc::now()).num_milliseconds();
        self.offset_ms.store(ms, Ordering::Relaxed);
    }

    /// Sets this clock to `time` of `date` in `zone` (the business date becomes `date`).
    pub fn set_local(&self, date: NaiveDate, time: NaiveTime, zone: chrono_tz::Tz) {
        let local = date.and_time(time);
        let at = zone
            .from_local_datetime(&local)
            .earliest()
            .map_or_else(|| local.and_utc(), |t| t.with_timezone(&Utc));
        self.set(at);
    }
}

/// The business time zone when 系统设置 names none (or one this build does not know).
pub const DEFAULT_TIME_ZONE: chrono_tz::Tz = chrono_tz::Asia::Shanghai;

/// The IANA zone `name`, or the default.
pub fn zone(name: &str) -> chrono_tz::Tz {
    name.parse().unwrap_or(DEFAULT_TIME_ZONE)
}

/// The business date at `now` in `zone`: the calendar day the business counts in (due dates,
/// registration dates, contract dates), apart from the UTC timestamps records carry.
pub fn business_date(now: DateTime<Utc>, zone: chrono_tz::Tz) -> chrono::NaiveDate {
    now.with_timezone(&zone).date_naive()
}

/// The business date whose daily jobs are due at `now`: today's once the clock has passed
/// `at` (the time of day of the daily run, in `zone`), yesterday's before.
pub fn due_date(now: DateTime<Utc>, zone: chrono_tz::Tz, at: NaiveTime) -> NaiveDate {
    let local = now.with_timezone(&zone);
    let today = local.date_naive();
    if local.time() >= at {
        today
    } else {
        today.pred_opt().unwrap_or(today)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_business_date_follows_the_zone() {
        // 2026-11-24 17:30 UTC is already the 25th in Shanghai, still the 24th in London.
        let now = DateTime::parse_from_rfc3339("2026-11-24T17:30:00Z")
            .map(|t| t.with_timezone(&Utc))
            .unwrap_or_default();
        assert_eq!(
            business_date(now, zone("Asia/Shanghai")).to_string(),
            "2026-11-25"
        );
        assert_eq!(
            business_date(now, zone("Europe/London")).to_string(),
            "2026-11-24"
        );
        assert_eq!(
            business_date(now, zone("Not/AZone")).to_string(),
            "2026-11-25"
        );
    }

    #[test]
    fn the_daily_run_is_due_once_its_time_of_day_has_passed() {
        let at = NaiveTime::from_hms_opt(0, 30, 0).unwrap_or_default();
        let utc = |s: &str| {
            DateTime::parse_from_rfc3339(s)
                .map(|t| t.with_timezone(&Utc))
                .unwrap_or_default()
        };
        // 16:20 UTC = 00:20 in Shanghai on the 25th: the 25th's run is not due yet.
        let before = due_date(utc("2026-11-24T16:20:00Z"), zone("Asia/Shanghai"), at);
        assert_eq!(before.to_string(), "2026-11-24");
        let after = due_date(utc("2026-11-24T16:31:00Z"), zone("Asia/Shanghai"), at);
        assert_eq!(after.to_string(), "2026-11-25");
    }

    #[test]
    fn a_set_clock_reads_the_given_day() {
        let clock = Clock::default();
        let day = NaiveDate::from_ymd_opt(2027, 3, 1).unwrap_or_default();
        let noon = NaiveTime::from_hms_opt(12, 0, 0).unwrap_or_default();
        clock.set_local(day, noon, zone("Asia/Shanghai"));
        assert_eq!(business_date(clock.now(), zone("Asia/Shanghai")), day);
        clock.advance(std::time::Duration::from_secs(86_400));
        assert_eq!(
            business_date(clock.now(), zone("Asia/Shanghai")).to_string(),
            "2027-03-02"
        );
    }
}
