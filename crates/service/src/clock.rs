//! The clock every use case reads. Tests move it forward instead of sleeping.

use chrono::{DateTime, TimeDelta, Utc};
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
}
