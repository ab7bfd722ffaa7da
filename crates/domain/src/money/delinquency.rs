//! Days past due and delinquency buckets.
//!
//! An order's days past due (DPD) is the largest DPD of its instalments, i.e. that of the oldest
//! unpaid one. The bucket comes from configuration data: a list of ranges (classification,
//! min days, max days). An order still within its grace days is in the first bucket (age 0).

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::MoneyResult;
use super::ledger::ItemLedger;

/// One delinquency range: `min_days ≤ age ≤ max_days` (no upper end when `max_days` is `None`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DelinquencyRange {
    /// The bucket's name, e.g. `M1`.
    pub classification: String,
    /// Least age in days.
    pub min_days: u32,
    /// Largest age in days, inclusive.
    pub max_days: Option<u32>,
}

/// The default buckets: M0 (not past due or within grace), M1 1–30, M2 31–60, M3 61–90, M3+ > 90.
pub fn default_buckets() -> Vec<DelinquencyRange> {
    let r = |c: &str, min: u32, max: Option<u32>| DelinquencyRange {
        classification: c.to_owned(),
        min_days: min,
        max_days: max,
    };
    vec![
        r("M0", 0, Some(0)),
        r("M1", 1, Some(30)),
        r("M2", 31, Some(60)),
        r("M3", 61, Some(90)),
        r("M3+", 91, None),
    ]
}

/// The order's days past due at `business_date`.
pub fn order_days_past_due(items: &[ItemLedger], business_date: NaiveDate) -> MoneyResult<u32> {
    let mut max = 0;
    for it in items {
        max = max.max(it.days_past_due(business_date)?);
    }
    Ok(max)
}

/// The delinquency age: 0 while within the grace days, else the days past due.
pub fn delinquency_age(days_past_due: u32, grace_days: u32) -> u32 {
    if days_past_due <= grace_days {
        0
    } else {
        days_past_due
    }
}

/// The classification of the first range containing the age, if any.
pub fn classify(
    days_past_due: u32,
    grace_days: u32,
    ranges: &[DelinquencyRange],
) -> Option<String> {
    let age = delinquency_age(days_past_due, grace_days);
    ranges
        .iter()
        .find(|r| age >= r.min_days && r.max_days.is_none_or(|m| age <= m))
        .map(|r| r.classification.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_buckets_classify_by_age() {
        let b = default_buckets();
        let c = |dpd| classify(dpd, 3, &b);
        assert_eq!(c(0).as_deref(), Some("M0"));
        assert_eq!(c(3).as_deref(), Some("M0"), "within grace");
        assert_eq!(c(4).as_deref(), Some("M1"));
        assert_eq!(c(30).as_deref(), Some("M1"));
        assert_eq!(c(31).as_deref(), Some("M2"));
        assert_eq!(c(60).as_deref(), Some("M2"));
        assert_eq!(c(61).as_deref(), Some("M3"));
        assert_eq!(c(90).as_deref(), Some("M3"));
        assert_eq!(c(91).as_deref(), Some("M3+"));
        assert_eq!(c(5_000).as_deref(), Some("M3+"));
        assert_eq!(classify(1, 0, &b).as_deref(), Some("M1"));
        assert_eq!(classify(10, 0, &[]), None);
    }
}
