//! Property tests of the money rules (§ invariants of the schedule, conservation and replay).
//!
//! Case counts come from the environment: `BEEHIVE_PROPTEST_CASES` for the schedule properties
//! (default 10 000) and `BEEHIVE_PROPTEST_REPLAY_CASES` for the replay properties (default 1 000:
//! a replay walks every day of the loan, so it costs far more than a schedule).

use chrono::{Days, NaiveDate};
use num_bigint::BigUint;
use proptest::prelude::*;

use super::delinquency::default_buckets;
use super::ledger::ItemStatus;
use super::penalty::penalty_cap;
use super::product::*;
use super::replay::{FactKind, MoneyFact, ReplayResult, replay};
use super::*;

fn cases(var: &str, default: u32) -> u32 {
    std::env::var(var)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn schedule_cases() -> u32 {
    cases("BEEHIVE_PROPTEST_CASES", 10_000)
}

fn replay_cases() -> u32 {
    cases("BEEHIVE_PROPTEST_REPLAY_CASES", 10_000)
}

fn arb_method() -> impl Strategy<Value = ScheduleMethod> {
    prop_oneof![
        Just(ScheduleMethod::Annuity),
        Just(ScheduleMethod::EqualPrincipal),
        Just(ScheduleMethod::Flat),
        Just(ScheduleMethod::Bullet),
    ]
}

prop_compose! {
    /// Random product terms within the ranges of the invariants (rate 0–500 bp).
    fn arb_terms()(
        method in arb_method(),
        rate in 0..=500i32,
        yearly in any::<bool>(),
        in_advance in any::<bool>(),
        fee in 0..=300i32,
        per_instalment_fee in any::<bool>(),
        deposit in any::<bool>(),
        remainder_first in any::<bool>(),
        half_even in any::<bool>(),
        prepay in 0..3u8,
        base in 0..3u8,
        grace_end in any::<bool>(),
        grace in 0..=5u32,
        ppm in 0..=1_000i32,
        cap in 0..=3_000i32,
        order in Just(Component::ALL.to_vec()).prop_shuffle(),
    ) -> ProductTerms {
        ProductTerms {
            schedule_method: method,
            term_options: (1..=36).collect(),
            rate_bp: Bp(if yearly { rate * 12 } else { rate }),
            rate_period: if yearly { RatePeriod::Year } else { RatePeriod::Month },
            repay_timing: if in_advance { RepayTiming::InAdvance } else { RepayTiming::InArrears },
            fee_rate_bp: Bp(fee),
            fee_timing: if per_instalment_fee { FeeTiming::PerInstalment } else { FeeTiming::Upfront },
            deposit_rule: if deposit { DepositRule::OneInstalmentPrincipal } else { DepositRule::None },
            remainder_on: if remainder_first && method != ScheduleMethod::Annuity {
                RemainderOn::First
            } else {
                RemainderOn::Last
            },
            rounding_mode: if half_even { RoundingMode::HalfEven } else { RoundingMode::HalfUp },
            prepayment_rule: [PrepaymentRule::Next, PrepaymentRule::Last, PrepaymentRule::Reamortize][prepay as usize],
            penalty_base: [
                PenaltyBase::InstalmentPrincipal,
                PenaltyBase::InstalmentPrincipalInterest,
                PenaltyBase::RemainingPrincipal,
            ][base as usize],
            penalty_from: if grace_end { PenaltyFrom::GraceEnd } else { PenaltyFrom::DueDate },
            penalty_grace_days: grace,
            penalty_rate_ppm_per_day: Ppm(ppm),
            penalty_cap_bp_of_principal: Bp(cap),
            allocation_order: order,
            max_financed_fen: Fen(1_000_000_000),
            ..ProductTerms::default()
        }
    }
}

fn arb_anchor() -> impl Strategy<Value = NaiveDate> {
    // 2024-01-01 .. 2030-12-31, so month ends and 29 February come up often enough.
    (0..2_557u64).prop_map(|d| {
        NaiveDate::from_ymd_opt(2024, 1, 1)
            .and_then(|a| a.checked_add_days(Days::new(d)))
            .unwrap()
    })
}

/// `ceil(((1+r)^n − 1) / r)` for r = b / D (n when r = 0): the bound on |last − EMI|.
fn annuity_last_bound(b: i64, den: i64, n: u32) -> i64 {
    if b == 0 {
        return i64::from(n);
    }
    let (b, d) = (
        BigUint::from(b.unsigned_abs()),
        BigUint::from(den.unsigned_abs()),
    );
    let num = (&d + &b).pow(n) - d.pow(n);
    let den = b * d.pow(n - 1);
    let q = (&num + &den - 1u32) / den;
    i64::try_from(&q).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(schedule_cases()))]

    /// Invariants 1 and 4: Σ principal = P, nothing negative, n items, due dates strictly
    /// increasing (from the anchor, month-end clamped), sums stored correctly; and 3: regenerating
    /// gives the same plan.
    #[test]
    fn schedule_conserves_principal(
        t in arb_terms(), p in 1..=1_000_000_000i64, n in 1..=36u32, anchor in arb_anchor()
    ) {
        let plan = generate_plan(&t, Fen(p), n, anchor).unwrap();
        prop_assert_eq!(plan.items.len(), n as usize);
        prop_assert_eq!(plan.total_principal_fen, Fen(p));
        prop_assert_eq!(Fen::sum(plan.items.iter().map(|i| i.principal_fen)).unwrap(), Fen(p));
        prop_assert_eq!(Fen::sum(plan.items.iter().map(|i| i.interest_fen)).unwrap(), plan.total_interest_fen);
        prop_assert_eq!(Fen::sum(plan.items.iter().map(|i| i.fee_fen)).unwrap(), plan.total_fee_fen);
        for it in &plan.items {
            prop_assert!(it.principal_fen.get() >= 0 && it.interest_fen.get() >= 0 && it.fee_fen.get() >= 0);
        }
        for w in plan.items.windows(2) {
            prop_assert!(w[0].due_date < w[1].due_date);
        }
        let first = plan.items[0].due_date;
        match t.repay_timing {
            RepayTiming::InAdvance => prop_assert_eq!(first, anchor),
            RepayTiming::InArrears => prop_assert!(first > anchor),
        }
        prop_assert!(plan.deposit_fen.get() <= p / i64::from(n));
        prop_assert_eq!(plan, generate_plan(&t, Fen(p), n, anchor).unwrap());
    }

    /// Invariant 2: annuity instalments are level except where clamped, and the last is within
    /// `ceil(((1+r)^n − 1)/r)` of the EMI; FLAT interest is level; EQUAL_PRINCIPAL principal is
    /// level except the remainder item.
    #[test]
    fn schedule_shapes(
        t in arb_terms(), p in 1..=1_000_000_000i64, n in 1..=36u32, anchor in arb_anchor()
    ) {
        let plan = generate_plan(&t, Fen(p), n, anchor).unwrap();
        let nu = n as usize;
        match t.schedule_method {
            ScheduleMethod::Annuity => {
                let emi = plan.emi_fen.unwrap().get();
                let mut balance = p;
                let mut clamped = false;
                for it in &plan.items[..nu - 1] {
                    let pi = it.principal_fen.get() + it.interest_fen.get();
                    if pi != emi {
                        // Clamped at the balance, or interest above the EMI (principal 0).
                        prop_assert!(it.principal_fen.get() == balance || it.principal_fen.get() == 0);
                        clamped = true;
                    }
                    balance -= it.principal_fen.get();
                }
                if !clamped {
                    let last = &plan.items[nu - 1];
                    let gap = (last.principal_fen.get() + last.interest_fen.get() - emi).abs();
                    let r = t.periodic_rate();
                    prop_assert!(gap <= annuity_last_bound(r.num, r.den, n), "gap {}", gap);
                }
            }
            ScheduleMethod::Flat => {
                let skip = usize::from(t.in_advance_first_period_interest_free);
                let i0 = plan.items[skip.min(nu - 1)].interest_fen;
                prop_assert!(plan.items[skip..].iter().all(|i| i.interest_fen == i0));
                let rem_at = if t.remainder_on == RemainderOn::First { 0 } else { nu - 1 };
                let base = Fen(p / i64::from(n));
                for (k, it) in plan.items.iter().enumerate() {
                    if k != rem_at { prop_assert_eq!(it.principal_fen, base); }
                }
            }
            ScheduleMethod::EqualPrincipal => {
                let rem_at = if t.remainder_on == RemainderOn::First { 0 } else { nu - 1 };
                let base = Fen(p / i64::from(n));
                for (k, it) in plan.items.iter().enumerate() {
                    if k != rem_at { prop_assert_eq!(it.principal_fen, base); }
                }
            }
            ScheduleMethod::Bullet => {
                prop_assert!(plan.items[..nu - 1].iter().all(|i| i.principal_fen.is_zero()));
            }
        }
    }

    /// Realistic products (P ≥ 100·n) never produce a zero principal outside BULLET.
    #[test]
    fn minimum_principal_gives_no_zero_instalment(
        t in arb_terms(), n in 1..=36u32, extra in 0..=1_000_000i64, anchor in arb_anchor()
    ) {
        let p = 100 * i64::from(n) + extra;
        let plan = generate_plan(&t, Fen(p), n, anchor).unwrap();
        if t.schedule_method != ScheduleMethod::Bullet {
            prop_assert!(plan.items.iter().all(|i| i.principal_fen.is_positive()));
        }
    }
}

prop_compose! {
    /// A plan with up to 12 instalments and some repayments, waivers and platform advances around
    /// its due dates.
    fn arb_order()(
        t in arb_terms(),
        p in 1_000..=10_000_000i64,
        n in 1..=12u32,
        anchor in arb_anchor(),
        raw in prop::collection::vec((0..400u64, 1..=100i64, 0..10u8), 0..6),
    ) -> (ProductTerms, Plan, Vec<MoneyFact>, NaiveDate) {
        let plan = generate_plan(&t, Fen(p), n, anchor).unwrap();
        let end = plan.items[plan.items.len() - 1].due_date;
        let bd = end.checked_add_days(Days::new(40)).unwrap();
        let facts = raw
            .into_iter()
            .enumerate()
            .map(|(i, (day, pct, kind))| {
                let value_date = anchor.checked_add_days(Days::new(day)).unwrap().min(bd);
                let amount = Fen((p * pct / 100).max(1));
                let kind = if kind == 0 {
                    FactKind::Waiver {
                        item_seq: 1 + u32::try_from(i).unwrap() % n,
                        component: Component::ALL[i % 4],
                        amount_fen: Fen(amount.get() / 10),
                    }
                } else if kind == 1 {
                    FactKind::Advance {
                        item_seq: 1 + u32::try_from(i).unwrap() % n,
                        component: if i % 2 == 0 { Component::Principal } else { Component::Interest },
                        amount_fen: Fen(amount.get() / 10),
                    }
                } else {
                    FactKind::Repayment { amount_fen: amount }
                };
                MoneyFact { id: i as u64 + 1, value_date, kind }
            })
            .collect();
        (t, plan, facts, bd)
    }
}

fn check_conservation(
    t: &ProductTerms,
    plan: &Plan,
    r: &ReplayResult,
) -> Result<(), TestCaseError> {
    // Invariant 5.
    for it in &r.items {
        prop_assert!(it.is_consistent(), "item {} inconsistent", it.seq);
        let accrued = Fen::sum(
            r.penalty_accruals
                .iter()
                .filter(|a| a.item_seq == it.seq)
                .map(|a| a.amount_fen),
        )
        .unwrap();
        prop_assert_eq!(accrued, it.penalty.due_fen);
        let overdue =
            it.overdue_days > t.penalty_grace_days && it.outstanding().unwrap().is_positive();
        prop_assert_eq!(it.status == ItemStatus::Overdue, overdue);
    }
    // Advances: what was advanced is recovered, given up by waivers or still claimed, nothing
    // more; the repayments' recoveries add up to what the instalments recovered, and a
    // recovery's penalty is penalty the repayment paid.
    for it in &r.items {
        let parts = Fen::sum([
            it.recovered_fen,
            it.advance_waived_fen,
            it.advance_claim().unwrap(),
        ])
        .unwrap();
        prop_assert_eq!(parts, it.advanced_fen, "item {}", it.seq);
        prop_assert!(it.recovered_interest_fen <= it.advanced_interest_fen);
    }
    let recovered = Fen::sum(
        r.repayments
            .iter()
            .map(|rep| rep.recovery.claim_fen().unwrap()),
    )
    .unwrap();
    prop_assert_eq!(
        recovered,
        Fen::sum(r.items.iter().map(|it| it.recovered_fen)).unwrap()
    );
    for rep in &r.repayments {
        let penalty = Fen::sum(
            rep.allocation
                .lines
                .iter()
                .filter(|l| l.component == Component::Penalty)
                .map(|l| l.amount_fen),
        )
        .unwrap();
        prop_assert!(rep.recovery.penalty_fen <= penalty);
    }
    let total_penalty = Fen::sum(r.items.iter().map(|i| i.penalty.due_fen)).unwrap();
    prop_assert!(total_penalty <= penalty_cap(t, plan.principal_fen).unwrap());
    // Invariant 6.
    for rep in &r.repayments {
        let lines = Fen::sum(rep.allocation.lines.iter().map(|l| l.amount_fen)).unwrap();
        prop_assert_eq!(
            lines.plus(rep.allocation.overpayment_fen).unwrap(),
            rep.amount_fen
        );
        prop_assert!(
            rep.allocation
                .lines
                .iter()
                .all(|l| l.amount_fen.is_positive())
        );
        if rep.allocation.overpayment_fen.is_positive() {
            prop_assert_eq!(r.outstanding_fen, Fen::ZERO);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(replay_cases()))]

    /// Invariants 5 and 6 after a replay; facts in any arrival order give the result of the
    /// value-date order (invariant 24).
    #[test]
    fn replay_conserves_money_and_ignores_arrival_order(
        (t, plan, facts, bd) in arb_order(),
        seed in any::<u64>(),
    ) {
        let buckets = default_buckets();
        let r = replay(&t, &plan, &facts, bd, &buckets).unwrap();
        check_conservation(&t, &plan, &r)?;
        let mut sorted = facts.clone();
        sorted.sort_by_key(|f| (f.value_date, f.id));
        prop_assert_eq!(&r, &replay(&t, &plan, &sorted, bd, &buckets).unwrap());
        let mut shuffled = facts;
        // A deterministic shuffle from the seed.
        let len = shuffled.len();
        for i in (1..len).rev() {
            let j = usize::try_from((seed ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)) % (i as u64 + 1)).unwrap();
            shuffled.swap(i, j);
        }
        prop_assert_eq!(&r, &replay(&t, &plan, &shuffled, bd, &buckets).unwrap());
    }

    /// Invariant 25: reversing a repayment gives exactly the replay of a list that never had it.
    #[test]
    fn reversal_restores_the_earlier_state(
        (t, plan, facts, bd) in arb_order(),
        day in 0..400u64,
        pct in 1..=100i64,
    ) {
        let buckets = default_buckets();
        let before = replay(&t, &plan, &facts, bd, &buckets).unwrap();
        let value_date = plan.anchor_date.checked_add_days(Days::new(day)).unwrap().min(bd);
        let extra = MoneyFact {
            id: 1_000,
            value_date,
            kind: FactKind::Repayment { amount_fen: Fen((plan.principal_fen.get() * pct / 100).max(1)) },
        };
        let reversal = MoneyFact { id: 1_001, value_date: bd, kind: FactKind::Reversal { reverses: 1_000 } };
        let mut with = facts;
        with.push(extra);
        let paid = replay(&t, &plan, &with, bd, &buckets).unwrap();
        check_conservation(&t, &plan, &paid)?;
        with.push(reversal);
        let after = replay(&t, &plan, &with, bd, &buckets).unwrap();
        prop_assert_eq!(&after.items, &before.items);
        prop_assert_eq!(&after.penalty_accruals, &before.penalty_accruals);
        prop_assert_eq!(&after.repayments, &before.repayments);
        prop_assert_eq!(after.outstanding_fen, before.outstanding_fen);
        prop_assert_eq!(after.reversed_ids, vec![1_000]);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(replay_cases()))]

    /// Invariant 27: a waiver spread over a replayed order never asks more of an instalment than
    /// it owes; when accepted, its lines add up to what was asked, and applying them as facts
    /// leaves nothing negative.
    #[test]
    fn a_spread_waiver_never_exceeds_what_is_outstanding(
        (t, plan, facts, bd) in arb_order(),
        penalty in 0..5_000i64,
        interest in 0..50_000i64,
        one in proptest::option::of(1..=6u32),
    ) {
        let buckets = default_buckets();
        let r = replay(&t, &plan, &facts, bd, &buckets).unwrap();
        let scope = one.filter(|s| (*s as usize) <= r.items.len());
        let asked = [(Component::Penalty, Fen(penalty)), (Component::Interest, Fen(interest))];
        match super::waiver::spread(&r.items, scope, bd, &asked).unwrap() {
            Ok(lines) => {
                for (c, fen) in asked {
                    let sum: i64 = lines.iter().filter(|l| l.component == c).map(|l| l.amount_fen.get()).sum();
                    prop_assert_eq!(sum, fen.get());
                }
                for l in &lines {
                    let it = &r.items[(l.item_seq - 1) as usize];
                    prop_assert!(l.amount_fen.get() <= it.component(l.component).outstanding_fen.get());
                }
                let mut with = facts;
                for (i, l) in lines.iter().enumerate() {
                    with.push(MoneyFact {
                        id: 50_000 + i as u64,
                        value_date: bd,
                        kind: FactKind::Waiver { item_seq: l.item_seq, component: l.component, amount_fen: l.amount_fen },
                    });
                }
                let waived = replay(&t, &plan, &with, bd, &buckets).unwrap();
                check_conservation(&t, &plan, &waived)?;
                let total: i64 = lines.iter().map(|l| l.amount_fen.get()).sum();
                prop_assert_eq!(waived.outstanding_fen.get(), r.outstanding_fen.get() - total);
            }
            Err(excess) => {
                for e in excess {
                    prop_assert!(e.outstanding_fen.get() < e.requested_fen.get());
                    let have = super::waiver::waivable(&r.items, scope, bd, e.component).unwrap();
                    prop_assert_eq!(have, e.outstanding_fen);
                }
            }
        }
    }
}
