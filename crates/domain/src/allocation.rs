//! Allocation of orders to capital providers (docs/orders.md "Allocation").
//!
//! An order in the allocation queue goes to the first provider that passes, in this order:
//! 1. the rule is enabled, effective on the business date and inside its time window;
//! 2. its conditions match the order (insurers, regions, vehicle usages, products, terms, amount);
//! 3. its provider is ACTIVE with enough available credit, and the rule's daily quota has room;
//! 4. the highest priority wins; among rules of equal priority, smooth weighted round-robin
//!    ([`swrr_pick`]) picks, deterministically.
//!
//! Steps 1, 2 and 4 are here; step 3 is the service's conditional UPDATEs (the credit
//! reservation and the quota), which may refuse a candidate, so the service asks [`rank`] for
//! the whole order of candidates and tries them in turn.

use serde::{Deserialize, Serialize};

/// What a rule asks of an order. An empty list means any.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Conditions {
    /// Insurer ids: every policy of the order must be with one of them.
    #[serde(default)]
    pub insurer_ids: Vec<i64>,
    /// Province codes (the customer's province).
    #[serde(default)]
    pub regions: Vec<String>,
    /// Vehicle usages (PRIVATE, NON_OPERATING_CORP, OPERATING, TRUCK).
    #[serde(default)]
    pub vehicle_usages: Vec<String>,
    /// Product codes.
    #[serde(default)]
    pub product_codes: Vec<String>,
    /// Numbers of instalments.
    #[serde(default)]
    pub terms: Vec<u32>,
    /// Least financed amount, fen (inclusive).
    #[serde(default)]
    pub financed_min_fen: Option<i64>,
    /// Most financed amount, fen (inclusive).
    #[serde(default)]
    pub financed_max_fen: Option<i64>,
}

/// The facts of an order a rule looks at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderFacts {
    pub insurer_ids: Vec<i64>,
    pub region: Option<String>,
    pub vehicle_usage: String,
    pub product_code: String,
    pub term: u32,
    pub financed_fen: i64,
}

impl Conditions {
    /// Whether the order passes every condition.
    pub fn matches(&self, order: &OrderFacts) -> bool {
        let insurers = self.insurer_ids.is_empty()
            || (!order.insurer_ids.is_empty()
                && order
                    .insurer_ids
                    .iter()
                    .all(|id| self.insurer_ids.contains(id)));
        let region = self.regions.is_empty()
            || order
                .region
                .as_ref()
                .is_some_and(|r| self.regions.contains(r));
        let usage =
            self.vehicle_usages.is_empty() || self.vehicle_usages.contains(&order.vehicle_usage);
        let product =
            self.product_codes.is_empty() || self.product_codes.contains(&order.product_code);
        let term = self.terms.is_empty() || self.terms.contains(&order.term);
        let min = self
            .financed_min_fen
            .is_none_or(|m| order.financed_fen >= m);
        let max = self
            .financed_max_fen
            .is_none_or(|m| order.financed_fen <= m);
        insurers && region && usage && product && term && min && max
    }

    /// Checks the conditions; every field error at once as (field, message).
    pub fn validate(&self) -> Vec<(String, String)> {
        let mut errs = Vec::new();
        if self.financed_min_fen.is_some_and(|v| v < 0) {
            errs.push(("conditions.financedMinFen".into(), "金额不能为负数".into()));
        }
        if self.financed_max_fen.is_some_and(|v| v <= 0) {
            errs.push(("conditions.financedMaxFen".into(), "金额必须大于 0".into()));
        }
        if let (Some(min), Some(max)) = (self.financed_min_fen, self.financed_max_fen)
            && min > max
        {
            errs.push((
                "conditions.financedMaxFen".into(),
                "最高金额不能低于最低金额".into(),
            ));
        }
        if self.terms.iter().any(|t| *t == 0 || *t > 120) {
            errs.push(("conditions.terms".into(), "期数须在 1 到 120 之间".into()));
        }
        errs
    }
}

/// A minute of the day, from "HH:MM".
pub fn parse_time_of_day(text: &str) -> Option<u32> {
    let (h, m) = text.split_once(':')?;
    if h.len() != 2 || m.len() != 2 {
        return None;
    }
    let (h, m): (u32, u32) = (h.parse().ok()?, m.parse().ok()?);
    (h < 24 && m < 60).then_some(h * 60 + m)
}

/// Whether `now` (minute of the day) is inside `[start, end)`; a window that ends before it
/// starts runs over midnight (22:00–06:00).
pub fn in_window(start: u32, end: u32, now: u32) -> bool {
    if start <= end {
        start <= now && now < end
    } else {
        now >= start || now < end
    }
}

/// A rule competing for an order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Candidate {
    pub rule_id: i64,
    pub priority: i32,
    pub weight: i32,
    /// The rule's smooth round-robin state.
    pub current: i64,
}

/// One step of smooth weighted round-robin over `group` (rules of equal priority): every
/// current weight grows by its weight, the largest wins (the lowest rule id on a tie) and loses
/// the total weight. Answers the winner's index and each rule's change of `current` (they sum
/// to zero, so concurrent steps can be applied as increments).
pub fn swrr_pick(group: &[Candidate]) -> Option<(usize, Vec<i64>)> {
    if group.is_empty() {
        return None;
    }
    let total: i64 = group.iter().map(|c| i64::from(c.weight.max(1))).sum();
    let mut best = 0;
    for (i, c) in group.iter().enumerate() {
        let grown = c.current + i64::from(c.weight.max(1));
        let top = group[best].current + i64::from(group[best].weight.max(1));
        if grown > top || (grown == top && c.rule_id < group[best].rule_id) {
            best = i;
        }
    }
    let deltas = group
        .iter()
        .enumerate()
        .map(|(i, c)| i64::from(c.weight.max(1)) - if i == best { total } else { 0 })
        .collect();
    Some((best, deltas))
}

/// The order in which to try `candidates` (already filtered): by priority, highest first; inside
/// the top priority group the smooth round-robin winner first, then the rest of that group by
/// their grown weight; then the lower groups likewise (without changing their state). Answers
/// the indexes and the state changes of the top group (to store when its winner is taken).
pub fn rank(candidates: &[Candidate]) -> (Vec<usize>, Vec<(usize, i64)>) {
    let mut priorities: Vec<i32> = candidates.iter().map(|c| c.priority).collect();
    priorities.sort_unstable_by(|a, b| b.cmp(a));
    priorities.dedup();
    let mut order = Vec::with_capacity(candidates.len());
    let mut top_deltas = Vec::new();
    for (level, priority) in priorities.into_iter().enumerate() {
        let members: Vec<usize> = (0..candidates.len())
            .filter(|&i| candidates[i].priority == priority)
            .collect();
        let group: Vec<Candidate> = members.iter().map(|&i| candidates[i]).collect();
        if let Some((winner, deltas)) = swrr_pick(&group) {
            if level == 0 {
                top_deltas = members.iter().copied().zip(deltas).collect();
            }
            order.push(members[winner]);
            let mut rest: Vec<usize> = members
                .iter()
                .copied()
                .filter(|&i| i != members[winner])
                .collect();
            rest.sort_by_key(|&i| {
                let c = candidates[i];
                (
                    std::cmp::Reverse(c.current + i64::from(c.weight.max(1))),
                    c.rule_id,
                )
            });
            order.extend(rest);
        }
    }
    (order, top_deltas)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn facts() -> OrderFacts {
        OrderFacts {
            insurer_ids: vec![1, 2],
            region: Some("440000".into()),
            vehicle_usage: "PRIVATE".into(),
            product_code: "CAR_12".into(),
            term: 12,
            financed_fen: 500_000,
        }
    }

    #[test]
    fn empty_conditions_match_everything_and_each_condition_can_refuse() {
        assert!(Conditions::default().matches(&facts()));
        let refuse = [
            Conditions {
                insurer_ids: vec![1],
                ..Default::default()
            },
            Conditions {
                regions: vec!["110000".into()],
                ..Default::default()
            },
            Conditions {
                vehicle_usages: vec!["TRUCK".into()],
                ..Default::default()
            },
            Conditions {
                product_codes: vec!["OTHER".into()],
                ..Default::default()
            },
            Conditions {
                terms: vec![6],
                ..Default::default()
            },
            Conditions {
                financed_min_fen: Some(500_001),
                ..Default::default()
            },
            Conditions {
                financed_max_fen: Some(499_999),
                ..Default::default()
            },
        ];
        for c in refuse {
            assert!(!c.matches(&facts()), "{c:?}");
        }
        let accept = Conditions {
            insurer_ids: vec![1, 2, 3],
            regions: vec!["440000".into()],
            vehicle_usages: vec!["PRIVATE".into()],
            product_codes: vec!["CAR_12".into()],
            terms: vec![12],
            financed_min_fen: Some(500_000),
            financed_max_fen: Some(500_000),
        };
        assert!(accept.matches(&facts()));
    }

    #[test]
    fn windows_and_times() {
        assert_eq!(parse_time_of_day("09:30"), Some(570));
        assert_eq!(parse_time_of_day("24:00"), None);
        assert_eq!(parse_time_of_day("9:30"), None);
        assert!(in_window(540, 1080, 540));
        assert!(!in_window(540, 1080, 1080));
        assert!(in_window(1320, 360, 30));
        assert!(!in_window(1320, 360, 720));
    }

    /// Weights 5, 1, 1 give the classic smooth sequence a a b a c a a, and the state returns to
    /// zero after one full round.
    #[test]
    fn smooth_weighted_round_robin_spreads_by_weight() {
        let mut group = vec![
            Candidate {
                rule_id: 1,
                priority: 0,
                weight: 5,
                current: 0,
            },
            Candidate {
                rule_id: 2,
                priority: 0,
                weight: 1,
                current: 0,
            },
            Candidate {
                rule_id: 3,
                priority: 0,
                weight: 1,
                current: 0,
            },
        ];
        let mut picked = Vec::new();
        for _ in 0..7 {
            let (winner, deltas) = swrr_pick(&group).unwrap_or((0, vec![]));
            assert_eq!(deltas.iter().sum::<i64>(), 0);
            for (c, d) in group.iter_mut().zip(deltas) {
                c.current += d;
            }
            picked.push(group[winner].rule_id);
        }
        assert_eq!(picked, vec![1, 1, 2, 1, 3, 1, 1]);
        assert!(group.iter().all(|c| c.current == 0));
    }

    #[test]
    fn rank_puts_the_highest_priority_first_and_the_rest_after() {
        let candidates = [
            Candidate {
                rule_id: 10,
                priority: 1,
                weight: 1,
                current: 0,
            },
            Candidate {
                rule_id: 11,
                priority: 5,
                weight: 1,
                current: 0,
            },
            Candidate {
                rule_id: 12,
                priority: 5,
                weight: 3,
                current: 0,
            },
        ];
        let (order, deltas) = rank(&candidates);
        assert_eq!(order, vec![2, 1, 0]);
        assert_eq!(deltas, vec![(1, 1), (2, -1)]);
    }

    proptest::proptest! {
        /// Over one full round (Σ weights picks) every rule is picked exactly its weight times,
        /// and the state is back where it started.
        #[test]
        fn a_round_picks_each_rule_by_its_weight(weights in proptest::collection::vec(1i32..=20, 1..6)) {
            let mut group: Vec<Candidate> = weights
                .iter()
                .enumerate()
                .map(|(i, &w)| Candidate { rule_id: i64::try_from(i).unwrap_or(0) + 1, priority: 0, weight: w, current: 0 })
                .collect();
            let total: i32 = weights.iter().sum();
            let mut picks = vec![0i32; weights.len()];
            for _ in 0..total {
                let (winner, deltas) = swrr_pick(&group).unwrap_or((0, vec![0; weights.len()]));
                proptest::prop_assert_eq!(deltas.iter().sum::<i64>(), 0);
                for (c, d) in group.iter_mut().zip(deltas) {
                    c.current += d;
                }
                picks[winner] += 1;
            }
            proptest::prop_assert_eq!(picks, weights);
            proptest::prop_assert!(group.iter().all(|c| c.current == 0));
        }
    }
}
