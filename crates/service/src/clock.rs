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
    pub fn now(&self) -> DateTime<Utc> {
        Utc::now() + TimeDelta::milliseconds(self.offset_ms.load(Ordering::Relaxed))
    }

    /// Moves this clock (and every clone of it) forward.
    pub fn advance(&self, by: std::time::Duration) {
        let ms = i64::try_from(by.as_millis()).unwrap_or(i64::MAX);
        self.offset_ms.fetch_add(ms, Ordering::Relaxed);
    }
}
