//! Worked examples (exact figures) and degenerate cases of the money rules.

use chrono::NaiveDate;

use super::allocation::allocate_payment;
use super::delinquency::default_buckets;
use super::irr::annualised_rate;
use super::ledger::{ItemLedger, ItemStatus};
use super::order::{OrderRequest, order_amounts};
use super::payoff::payoff_quote;
use super::product::*;
use super::replay::{DEPOSIT_OFFSET_ID, FactKind, MoneyFact, replay};
use super::surrender::*;
use super::*;

fn d(y: i32, m: u32, day: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, day).unwrap()
}

fn terms(method: ScheduleMethod, rate: i32) -> ProductTerms {
    ProductTerms {
        schedule_method: method,
        rate_bp: Bp(rate),
        ..ProductTerms::default()
    }
}

fn plan(t: &ProductTerms, p: i64, n: u32) -> Plan {
    generate_plan(t, Fen(p), n, d(2025, 1, 15)).unwrap()
}

fn totals(p: &Plan) -> Vec<i64> {
    p.items.iter().map(|i| i.total().unwrap().get()).collect()
}

// ---- schedules (worked examples) ----

#[test]
fn annuity_1_000_000_over_12_at_100_bp() {
    let p = plan(&terms(ScheduleMethod::Annuity, 100), 1_000_000, 12);
    assert_eq!(p.emi_fen, Some(Fen(88_849)));
    let t = totals(&p);
    assert!(t[..11].iter().all(|&x| x == 88_849));
    assert_eq!(p.items[11].principal_fen, Fen(87_967));
    assert_eq!(p.items[11].interest_fen, Fen(880));
    assert_eq!(t[11], 88_847);
    assert_eq!(p.total_principal_fen, Fen(1_000_000));
    assert_eq!(p.total_interest_fen, Fen(66_186));
    assert_eq!(p.items[0].interest_fen, Fen(10_000));
    assert_eq!(p.generator_version, GENERATOR_VERSION);
}

#[test]
fn annuity_1_234_567_over_10_at_75_bp() {
    let p = plan(&terms(ScheduleMethod::Annuity, 75), 1_234_567, 10);
    assert_eq!(p.emi_fen, Some(Fen(128_606)));
    let t = totals(&p);
    assert!(t[..9].iter().all(|&x| x == 128_606));
    assert_eq!(t[9], 128_609);
    assert_eq!(p.total_principal_fen, Fen(1_234_567));
}

#[test]
fn equal_principal_1_000_000_over_12_at_100_bp() {
    let p = plan(&terms(ScheduleMethod::EqualPrincipal, 100), 1_000_000, 12);
    assert!(p.items[..11].iter().all(|i| i.principal_fen == Fen(83_333)));
    assert_eq!(p.items[11].principal_fen, Fen(83_337));
    assert_eq!(p.items[0].interest_fen, Fen(10_000));
    assert_eq!(p.items[1].interest_fen, Fen(9_167));
    assert_eq!(p.items[11].interest_fen, Fen(833));
    assert_eq!(p.total_interest_fen, Fen(65_000));
    let first = ProductTerms {
        remainder_on: RemainderOn::First,
        ..terms(ScheduleMethod::EqualPrincipal, 100)
    };
    let p = plan(&first, 1_000_000, 12);
    assert_eq!(p.items[0].principal_fen, Fen(83_337));
    assert_eq!(p.items[1].principal_fen, Fen(83_333));
}

#[test]
fn flat_examples() {
    let t = terms(ScheduleMethod::Flat, 50);
    let p = plan(&t, 1_000_000, 12);
    assert!(totals(&p)[..11].iter().all(|&x| x == 88_333));
    assert_eq!(p.items[11].principal_fen, Fen(83_337));
    assert_eq!(p.items[11].interest_fen, Fen(5_000));
    assert_eq!(p.total_interest_fen, Fen(60_000));
    let p = plan(&t, 1_234_567, 12);
    assert!(p.items.iter().all(|i| i.interest_fen == Fen(6_173)));
    assert!(totals(&p)[..11].iter().all(|&x| x == 109_053));
    assert_eq!(totals(&p)[11], 109_060);
    // Remainder on the first item (the Chinese flat code's 尾差).
    let first = ProductTerms {
        remainder_on: RemainderOn::First,
        ..t
    };
    let p = plan(&first, 1_234_567, 12);
    assert_eq!(totals(&p)[0], 109_060);
    assert!(totals(&p)[1..].iter().all(|&x| x == 109_053));
}

#[test]
fn bullet_pays_interest_then_principal() {
    let p = plan(&terms(ScheduleMethod::Bullet, 100), 1_000_000, 3);
    assert_eq!(totals(&p), [10_000, 10_000, 1_010_000]);
}

#[test]
fn tiny_principal_is_clamped_never_negative() {
    // P = 5 fen, n = 12, 500 bp: EMI 1; without the clamp the last principal would be −6.
    let p = plan(&terms(ScheduleMethod::Annuity, 500), 5, 12);
    assert_eq!(p.emi_fen, Some(Fen(1)));
    assert!(
        p.items
            .iter()
            .all(|i| i.principal_fen.get() >= 0 && i.interest_fen.get() >= 0)
    );
    assert_eq!(p.total_principal_fen, Fen(5));
    assert_eq!(p.items.len(), 12);
    for m in [
        ScheduleMethod::EqualPrincipal,
        ScheduleMethod::Flat,
        ScheduleMethod::Bullet,
    ] {
        let p = plan(&terms(m, 500), 5, 12);
        assert_eq!(p.total_principal_fen, Fen(5));
        assert!(p.items.iter().all(|i| i.principal_fen.get() >= 0));
    }
}

#[test]
fn zero_rate_and_single_instalment() {
    let p = plan(&terms(ScheduleMethod::Annuity, 0), 1_000_000, 12);
    assert_eq!(p.total_interest_fen, Fen(0));
    assert_eq!(p.total_principal_fen, Fen(1_000_000));
    assert_eq!(p.emi_fen, Some(Fen(83_334)));
    assert_eq!(p.items[11].principal_fen, Fen(1_000_000 - 11 * 83_334));
    for m in [
        ScheduleMethod::Annuity,
        ScheduleMethod::EqualPrincipal,
        ScheduleMethod::Flat,
        ScheduleMethod::Bullet,
    ] {
        let p = plan(&terms(m, 100), 1_000_000, 1);
        assert_eq!(totals(&p), [1_010_000], "{m:?}");
        assert_eq!(p.items[0].due_date, d(2025, 2, 15));
    }
}

#[test]
fn thirty_six_instalments_need_big_integers() {
    let p = plan(&terms(ScheduleMethod::Annuity, 500), 1_000_000_000, 36);
    // EMI = 10^9·0.05·1.05^36 / (1.05^36 − 1) = 60 434 457.12… → 60 434 457.
    assert_eq!(p.emi_fen, Some(Fen(60_434_457)));
    assert_eq!(p.total_principal_fen, Fen(1_000_000_000));
}

#[test]
fn due_dates_clamp_to_month_end_from_the_anchor() {
    let t = terms(ScheduleMethod::Annuity, 100);
    let p = generate_plan(&t, Fen(1_200_000), 4, d(2027, 1, 31)).unwrap();
    let due: Vec<_> = p.items.iter().map(|i| i.due_date).collect();
    assert_eq!(
        due,
        [
            d(2027, 2, 28),
            d(2027, 3, 31),
            d(2027, 4, 30),
            d(2027, 5, 31)
        ]
    );
    // Leap year.
    let p = generate_plan(&t, Fen(1_200_000), 2, d(2028, 1, 31)).unwrap();
    assert_eq!(p.items[0].due_date, d(2028, 2, 29));
    assert_eq!(p.items[1].due_date, d(2028, 3, 31));
    let p = generate_plan(&t, Fen(1_200_000), 12, d(2028, 2, 29)).unwrap();
    assert_eq!(p.items[0].due_date, d(2028, 3, 29));
    assert_eq!(p.items[11].due_date, d(2029, 2, 28));
    // 期初: the first is due at the anchor.
    let adv = ProductTerms {
        repay_timing: RepayTiming::InAdvance,
        ..t
    };
    let p = generate_plan(&adv, Fen(1_200_000), 3, d(2027, 1, 31)).unwrap();
    let due: Vec<_> = p.items.iter().map(|i| i.due_date).collect();
    assert_eq!(due, [d(2027, 1, 31), d(2027, 2, 28), d(2027, 3, 31)]);
}

#[test]
fn in_advance_flat_first_period_interest_free_option() {
    let t = ProductTerms {
        repay_timing: RepayTiming::InAdvance,
        in_advance_first_period_interest_free: true,
        ..terms(ScheduleMethod::Flat, 50)
    };
    assert_eq!(t.validate(), Ok(()));
    let p = plan(&t, 1_000_000, 12);
    assert_eq!(p.items[0].interest_fen, Fen(0));
    assert!(p.items[1..].iter().all(|i| i.interest_fen == Fen(5_000)));
}

#[test]
fn fees_deposit_and_yearly_rate() {
    let per = ProductTerms {
        fee_rate_bp: Bp(33),
        fee_timing: FeeTiming::PerInstalment,
        deposit_rule: DepositRule::OneInstalmentPrincipal,
        ..terms(ScheduleMethod::Flat, 0)
    };
    let p = plan(&per, 1_000_000, 12);
    // Total fee R(1 000 000 × 33 × 12 / 10 000) = 39 600 = 3 300 × 12.
    assert!(p.items.iter().all(|i| i.fee_fen == Fen(3_300)));
    assert_eq!(p.total_fee_fen, Fen(39_600));
    assert_eq!(p.upfront_fee_fen, Fen(0));
    assert_eq!(p.deposit_fen, Fen(83_333));
    assert!(p.items[11].is_deposit_offset);
    assert_eq!(
        p.items[11].principal_fen,
        Fen(83_337),
        "shown in full, never zeroed"
    );
    assert!(!p.items[10].is_deposit_offset);
    let p = plan(&per, 1_000_001, 12);
    // R(1 000 001 × 0.0396) = 39 600 → remainder rule on fees too.
    assert_eq!(p.total_fee_fen, Fen(39_600));
    let up = ProductTerms {
        fee_rate_bp: Bp(250),
        ..terms(ScheduleMethod::Annuity, 100)
    };
    assert_eq!(plan(&up, 1_000_000, 12).upfront_fee_fen, Fen(25_000));
    let yearly = ProductTerms {
        rate_bp: Bp(1_200),
        rate_period: RatePeriod::Year,
        ..terms(ScheduleMethod::Annuity, 0)
    };
    let monthly = terms(ScheduleMethod::Annuity, 100);
    assert_eq!(
        plan(&yearly, 1_000_000, 12).items,
        plan(&monthly, 1_000_000, 12).items
    );
    // 1 000 bp a year is 83.33… bp a month, not 83.
    let y = ProductTerms {
        rate_bp: Bp(1_000),
        ..yearly
    };
    assert_eq!(plan(&y, 1_000_000, 12).items[0].interest_fen, Fen(8_333));
    assert_eq!(plan(&y, 3_000_000, 12).items[0].interest_fen, Fen(25_000));
}

#[test]
fn generation_is_bit_identical_and_round_trips_as_json() {
    let t = terms(ScheduleMethod::Annuity, 100);
    let a = plan(&t, 1_234_567, 10);
    let b = plan(&t, 1_234_567, 10);
    assert_eq!(a, b);
    let json = serde_json::to_string(&a).unwrap();
    assert_eq!(json, serde_json::to_string(&b).unwrap());
    assert!(json.contains("\"dueDate\":\"2025-02-15\""));
    let back: Plan = serde_json::from_str(&json).unwrap();
    assert_eq!(back, a);
}

#[test]
fn half_even_products_round_halves_to_even() {
    // FLAT 1 000 100 at 25 bp: 2 500.25 → 2 500 both ways; 1 000 200 at 25 bp: 2 500.5.
    let up = terms(ScheduleMethod::Flat, 25);
    let even = ProductTerms {
        rounding_mode: RoundingMode::HalfEven,
        ..up.clone()
    };
    assert_eq!(plan(&up, 1_000_200, 4).items[0].interest_fen, Fen(2_501));
    assert_eq!(plan(&even, 1_000_200, 4).items[0].interest_fen, Fen(2_500));
}

// ---- annualised rate ----

#[test]
fn annualised_rate_of_an_annuity_and_a_flat_loan() {
    let t = terms(ScheduleMethod::Annuity, 100);
    let r = annualised_rate(&plan(&t, 1_000_000, 12), RepayTiming::InArrears).unwrap();
    // Monthly IRR is 1 % (EMI rounding adds < 0.0001 %): effective (1.01)^12 − 1 = 12.68 %.
    assert_eq!(r.effective_annual_bp, 1_268);
    assert_eq!(r.nominal_annual_bp, 1_200);
    let f = annualised_rate(
        &plan(&terms(ScheduleMethod::Flat, 50), 1_000_000, 12),
        RepayTiming::InArrears,
    )
    .unwrap();
    // A flat 0.5 %/month (6 % a year) costs about 0.908 %/month on the declining balance:
    // nominal 10.896 %, effective 11.457 % (checked with exact fractions).
    assert_eq!(f.nominal_annual_bp, 1_090);
    assert_eq!(f.effective_annual_bp, 1_146);
    let z = annualised_rate(
        &plan(&terms(ScheduleMethod::Flat, 0), 1_000_000, 12),
        RepayTiming::InArrears,
    )
    .unwrap();
    assert_eq!((z.monthly_rate_e12, z.effective_annual_bp), (0, 0));
    // A zero-interest product with an upfront fee is not free.
    let fee = ProductTerms {
        fee_rate_bp: Bp(300),
        ..terms(ScheduleMethod::Flat, 0)
    };
    let r = annualised_rate(&plan(&fee, 1_000_000, 12), RepayTiming::InArrears).unwrap();
    assert!(r.effective_annual_bp > 500, "{r:?}");
}

// ---- allocation ----

fn ledgers(p: &Plan) -> Vec<ItemLedger> {
    ItemLedger::all_from_plan(p)
}

#[test]
fn allocation_pays_past_due_oldest_first_then_current_then_advance() {
    let t = terms(ScheduleMethod::Annuity, 100);
    let p = plan(&t, 1_000_000, 12);
    let mut items = ledgers(&p);
    items[0].penalty.accrue(Fen(440)).unwrap();
    // On the second due date: item 1 is past due, item 2 current.
    let a = allocate_payment(
        &mut items,
        Fen(200_000),
        d(2025, 3, 15),
        &t.allocation_order,
        PrepaymentRule::Next,
    )
    .unwrap();
    let seqs: Vec<(u32, Component, i64)> = a
        .lines
        .iter()
        .map(|l| (l.item_seq, l.component, l.amount_fen.get()))
        .collect();
    assert_eq!(
        seqs,
        [
            (1, Component::Penalty, 440),
            (1, Component::Interest, 10_000),
            (1, Component::Principal, 78_849),
            (2, Component::Interest, 9_212),
            (2, Component::Principal, 79_637),
            (3, Component::Interest, 8_415),
            (3, Component::Principal, 13_447),
        ]
    );
    assert_eq!(a.overpayment_fen, Fen(0));
}

#[test]
fn prepayment_rules_and_overpayment() {
    let t = terms(ScheduleMethod::EqualPrincipal, 100);
    let p = plan(&t, 1_200_000, 3);
    let order = Component::ALL;
    let before = d(2025, 1, 20);
    let mut items = ledgers(&p);
    let a = allocate_payment(
        &mut items,
        Fen(50_000),
        before,
        &order,
        PrepaymentRule::Last,
    )
    .unwrap();
    assert!(a.lines.iter().all(|l| l.item_seq == 3));
    let mut items = ledgers(&p);
    let a = allocate_payment(
        &mut items,
        Fen(50_000),
        before,
        &order,
        PrepaymentRule::Reamortize,
    )
    .unwrap();
    assert_eq!(a.lines.len(), 1);
    assert_eq!(
        (a.lines[0].item_seq, a.lines[0].component),
        (1, Component::Principal)
    );
    let mut items = ledgers(&p);
    let a = allocate_payment(
        &mut items,
        Fen(2_000_000),
        before,
        &order,
        PrepaymentRule::Next,
    )
    .unwrap();
    let total: i64 = a.lines.iter().map(|l| l.amount_fen.get()).sum();
    assert_eq!(total + a.overpayment_fen.get(), 2_000_000);
    assert_eq!(total, 1_200_000 + 12_000 + 8_000 + 4_000);
    assert!(items.iter().all(|i| i.outstanding().unwrap() == Fen(0)));
    // Never to a penalty on a future item.
    let mut items = ledgers(&p);
    items[2].penalty.accrue(Fen(99)).unwrap();
    let a = allocate_payment(
        &mut items,
        Fen(500_000),
        before,
        &order,
        PrepaymentRule::Last,
    )
    .unwrap();
    assert!(a.lines.iter().all(|l| l.component != Component::Penalty));
}

// ---- penalties ----

fn pay(id: u64, date: NaiveDate, amount: i64) -> MoneyFact {
    MoneyFact {
        id,
        value_date: date,
        kind: FactKind::Repayment {
            amount_fen: Fen(amount),
        },
    }
}

#[test]
fn penalty_worked_example() {
    // Item 1: 88 849 principal + interest, due 15 Feb; 500 ppm/day, 3 grace days, DUE_DATE.
    let t = terms(ScheduleMethod::Annuity, 100);
    let p = plan(&t, 1_000_000, 12);
    let day10 = d(2025, 2, 25);
    let r = replay(
        &t,
        &p,
        &[pay(1, day10, 88_849 + 440)],
        day10,
        &default_buckets(),
    )
    .unwrap();
    assert_eq!(r.penalty_accruals.len(), 10);
    assert!(
        r.penalty_accruals
            .iter()
            .all(|a| a.amount_fen == Fen(44) && a.base_fen == Fen(88_849))
    );
    assert_eq!(r.items[0].penalty.due_fen, Fen(440));
    assert_eq!(r.items[0].status, ItemStatus::Paid);
    assert_eq!(r.items[0].settled_on, Some(day10));
    assert_eq!(r.repayments[0].allocation.overpayment_fen, Fen(0));
    // Paid on day 3: within grace, nothing.
    let day3 = d(2025, 2, 18);
    let r = replay(&t, &p, &[pay(1, day3, 88_849)], day10, &default_buckets()).unwrap();
    assert!(r.penalty_accruals.is_empty());
    assert_eq!(r.items[0].penalty.due_fen, Fen(0));
    // Paid on day 4: the grace is over, charged back to day 1.
    let r = replay(
        &t,
        &p,
        &[pay(1, d(2025, 2, 19), 88_849 + 176)],
        day10,
        &default_buckets(),
    )
    .unwrap();
    assert_eq!(r.items[0].penalty.due_fen, Fen(176));
    // GRACE_END: from day 4 only → 7 × 44.
    let ge = ProductTerms {
        penalty_from: PenaltyFrom::GraceEnd,
        ..t.clone()
    };
    let r = replay(
        &ge,
        &p,
        &[pay(1, day10, 88_849 + 308)],
        day10,
        &default_buckets(),
    )
    .unwrap();
    assert_eq!(r.items[0].penalty.due_fen, Fen(308));
    // Unpaid: status, DPD, bucket.
    let r = replay(&t, &p, &[], day10, &default_buckets()).unwrap();
    assert_eq!(r.items[0].status, ItemStatus::Overdue);
    assert_eq!(r.items[1].status, ItemStatus::NotDue);
    assert_eq!(r.days_past_due, 10);
    assert_eq!(r.bucket.as_deref(), Some("M1"));
    let r = replay(&t, &p, &[], d(2025, 2, 17), &default_buckets()).unwrap();
    assert_eq!(r.items[0].status, ItemStatus::Due);
    assert_eq!(r.bucket.as_deref(), Some("M0"));
    assert!(r.penalty_accruals.is_empty(), "held within grace");
}

#[test]
fn penalty_bases_cap_and_stops() {
    let t = terms(ScheduleMethod::Annuity, 100);
    let p = plan(&t, 1_000_000, 12);
    let bd = d(2025, 4, 1);
    // INSTALMENT_PRINCIPAL: 78 849 × 500 ppm = 39.42 → 39.
    let ip = ProductTerms {
        penalty_base: PenaltyBase::InstalmentPrincipal,
        ..t.clone()
    };
    let r = replay(&ip, &p, &[], d(2025, 2, 20), &[]).unwrap();
    assert!(r.penalty_accruals.iter().all(|a| a.amount_fen == Fen(39)));
    // REMAINING_PRINCIPAL: once per order, on the oldest overdue item only.
    let rp = ProductTerms {
        penalty_base: PenaltyBase::RemainingPrincipal,
        ..t.clone()
    };
    let r = replay(&rp, &p, &[], bd, &[]).unwrap();
    let days: Vec<_> = r.penalty_accruals.iter().map(|a| a.accrual_date).collect();
    let mut uniq = days.clone();
    uniq.dedup();
    assert_eq!(days, uniq, "one row per day");
    assert!(
        r.penalty_accruals
            .iter()
            .all(|a| a.item_seq == 1 && a.amount_fen == Fen(500))
    );
    // Cap: 1 bp of 1 000 000 = 100 fen for the whole order.
    let capped = ProductTerms {
        penalty_cap_bp_of_principal: Bp(1),
        ..t.clone()
    };
    let r = replay(&capped, &p, &[], bd, &[]).unwrap();
    let total: i64 = r.items.iter().map(|i| i.penalty.due_fen.get()).sum();
    assert_eq!(total, 100);
    // Stop (surrender effective date) and write-off.
    let stop = MoneyFact {
        id: 9,
        value_date: d(2025, 2, 21),
        kind: FactKind::PenaltyStop,
    };
    let r = replay(&t, &p, &[stop], bd, &[]).unwrap();
    assert_eq!(r.items[0].penalty.due_fen, Fen(5 * 44));
    let wo = MoneyFact {
        id: 9,
        value_date: d(2025, 2, 21),
        kind: FactKind::WriteOff { item_seq: None },
    };
    let r = replay(&t, &p, &[wo], bd, &[]).unwrap();
    assert_eq!(r.items[0].penalty.written_off_fen, Fen(5 * 44));
    assert_eq!(r.outstanding_fen, Fen(0));
    assert!(r.items.iter().all(|i| i.status == ItemStatus::WrittenOff));
}

// ---- replay ----

#[test]
fn backdated_payment_equals_date_order_and_reversal_restores() {
    let t = terms(ScheduleMethod::Annuity, 100);
    let p = plan(&t, 1_000_000, 12);
    let bd = d(2025, 4, 30);
    let late = pay(1, d(2025, 2, 25), 100_000);
    let back = pay(2, d(2025, 2, 17), 50_000);
    let a = replay(
        &t,
        &p,
        &[late.clone(), back.clone()],
        bd,
        &default_buckets(),
    )
    .unwrap();
    let b = replay(
        &t,
        &p,
        &[back.clone(), late.clone()],
        bd,
        &default_buckets(),
    )
    .unwrap();
    assert_eq!(a, b);
    // Penalties recomputed: the backdated 50 000 within grace cuts the base.
    let only_late = replay(&t, &p, std::slice::from_ref(&late), bd, &default_buckets()).unwrap();
    assert_ne!(only_late.penalty_accruals, a.penalty_accruals);
    // Reversing the backdated payment restores the state without it.
    let rev = MoneyFact {
        id: 3,
        value_date: d(2025, 3, 1),
        kind: FactKind::Reversal { reverses: 2 },
    };
    let c = replay(
        &t,
        &p,
        &[late.clone(), back.clone(), rev.clone()],
        bd,
        &default_buckets(),
    )
    .unwrap();
    assert_eq!(c.items, only_late.items);
    assert_eq!(c.penalty_accruals, only_late.penalty_accruals);
    assert_eq!(c.repayments, only_late.repayments);
    assert_eq!(c.reversed_ids, [2]);
    let twice = replay(
        &t,
        &p,
        &[late, back, rev.clone(), MoneyFact { id: 4, ..rev }],
        bd,
        &[],
    );
    assert_eq!(twice, Err(MoneyError::DoubleReversal(2)));
}

#[test]
fn replay_waivers_advances_deposit_and_errors() {
    let t = ProductTerms {
        deposit_rule: DepositRule::OneInstalmentPrincipal,
        ..terms(ScheduleMethod::EqualPrincipal, 100)
    };
    let p = plan(&t, 300_000, 3);
    assert_eq!(p.deposit_fen, Fen(100_000));
    let facts = vec![
        MoneyFact {
            id: 1,
            value_date: d(2025, 2, 16),
            kind: FactKind::Waiver {
                item_seq: 1,
                component: Component::Interest,
                amount_fen: Fen(99_999),
            },
        },
        MoneyFact {
            id: 2,
            value_date: d(2025, 3, 20),
            kind: FactKind::Advance {
                item_seq: 1,
                component: Component::Principal,
                amount_fen: Fen(100_000),
            },
        },
    ];
    let r = replay(&t, &p, &facts, d(2025, 4, 14), &default_buckets()).unwrap();
    assert_eq!(
        r.waivers[0].applied_fen,
        Fen(3_000),
        "capped at the outstanding interest"
    );
    assert!(r.items[0].advanced);
    assert_eq!(r.items[0].advanced_fen, Fen(100_000));
    assert_eq!(
        r.items[0].principal.outstanding_fen,
        Fen(100_000),
        "an advance is still owed"
    );
    assert!(r.repayments.is_empty());
    let r = replay(&t, &p, &facts, d(2025, 4, 15), &default_buckets()).unwrap();
    // The deposit is offset on the last due date, oldest item first.
    let dep = r
        .repayments
        .iter()
        .find(|x| x.id == DEPOSIT_OFFSET_ID)
        .unwrap();
    assert_eq!(dep.value_date, d(2025, 4, 15));
    assert_eq!(dep.allocation.lines[0].item_seq, 1);
    assert!(r.items.iter().all(ItemLedger::is_consistent));
    let future = pay(7, d(2025, 5, 1), 1);
    assert_eq!(
        replay(&t, &p, &[future], d(2025, 4, 15), &[]),
        Err(MoneyError::FactAfterBusinessDate(7))
    );
    let bad = MoneyFact {
        id: 8,
        value_date: d(2025, 2, 1),
        kind: FactKind::CancelInterest {
            item_seq: 4,
            amount_fen: None,
        },
    };
    assert_eq!(
        replay(&t, &p, &[bad], d(2025, 4, 15), &[]),
        Err(MoneyError::UnknownItem(4))
    );
    let rev = MoneyFact {
        id: 9,
        value_date: d(2025, 2, 1),
        kind: FactKind::Reversal { reverses: 1 },
    };
    assert_eq!(
        replay(&t, &p, &[rev], d(2025, 4, 15), &[]),
        Err(MoneyError::UnknownRepayment(1))
    );
}

#[test]
fn facts_round_trip_as_json() {
    let f = MoneyFact {
        id: 5,
        value_date: d(2025, 2, 1),
        kind: FactKind::Waiver {
            item_seq: 2,
            component: Component::Penalty,
            amount_fen: Fen(10),
        },
    };
    let json = serde_json::to_string(&f).unwrap();
    assert_eq!(
        json,
        r#"{"id":5,"valueDate":"2025-02-01","type":"WAIVER","itemSeq":2,"component":"PENALTY","amountFen":10}"#
    );
    assert_eq!(serde_json::from_str::<MoneyFact>(&json).unwrap(), f);
}

// ---- payoff ----

#[test]
fn payoff_quote_per_rule() {
    let t = terms(ScheduleMethod::Annuity, 100);
    let p = plan(&t, 1_000_000, 12);
    let items = ledgers(&p);
    let at = d(2025, 2, 1); // 17 of the 31 days of period 1
    let q = payoff_quote(&t, &items, at).unwrap();
    assert_eq!(q.principal_fen, Fen(1_000_000));
    assert_eq!(q.interest_fen, Fen(10_000));
    assert_eq!(q.cancelled_interest_fen, Fen(56_186));
    assert_eq!(q.total_fen, Fen(1_010_000));
    let acc = ProductTerms {
        early_settlement_interest: EarlySettlementInterest::AccruedToDate,
        early_settlement_fee_bp: Bp(100),
        ..t.clone()
    };
    let q = payoff_quote(&acc, &items, at).unwrap();
    // R(1 000 000 × 1 % × 17 / 31) = R(5 483.87) = 5 484; fee 1 % of 1 000 000.
    assert_eq!(q.interest_fen, Fen(5_484));
    assert_eq!(q.settlement_fee_fen, Fen(10_000));
    assert_eq!(q.total_fen, Fen(1_015_484));
    assert_eq!(q.cancelled_interest_fen, Fen(66_186 - 5_484));
    let d360 = ProductTerms {
        day_count: DayCount::Thirty360,
        ..acc
    };
    // 30E/360: 16 of 30 days → R(10 000 × 16 / 30) = 5 333.
    assert_eq!(
        payoff_quote(&d360, &items, at).unwrap().interest_fen,
        Fen(5_333)
    );
    let all = ProductTerms {
        early_settlement_interest: EarlySettlementInterest::AllRemaining,
        ..t.clone()
    };
    let q = payoff_quote(&all, &items, at).unwrap();
    assert_eq!(q.total_fen, Fen(1_066_186));
    assert_eq!(q.cancelled_interest_fen, Fen(0));
    // After the replay: penalties and past-due amounts are in the quote.
    let r = replay(&t, &p, &[], d(2025, 2, 25), &[]).unwrap();
    let q = payoff_quote(&t, &r.items, d(2025, 2, 25)).unwrap();
    assert_eq!(q.penalty_fen, Fen(440));
    assert_eq!(q.interest_fen, Fen(10_000 + 9_212));
    assert_eq!(q.lines[1].cancelled_interest_fen, Fen(0));
    assert_eq!(q.lines[2].cancelled_interest_fen, p.items[2].interest_fen);
    // Settling: cancel the future interest, pay the quote → nothing left, items CANCELLED.
    let mut facts = vec![pay(100, d(2025, 2, 25), q.total_fen.get())];
    for l in q
        .lines
        .iter()
        .filter(|l| l.cancelled_interest_fen.is_positive())
    {
        facts.push(MoneyFact {
            id: u64::from(l.item_seq),
            value_date: d(2025, 2, 25),
            kind: FactKind::CancelInterest {
                item_seq: l.item_seq,
                amount_fen: Some(l.cancelled_interest_fen),
            },
        });
    }
    let r = replay(&t, &p, &facts, d(2025, 2, 25), &[]).unwrap();
    assert_eq!(r.outstanding_fen, Fen(0));
    assert_eq!(r.customer_credit_fen, Fen(0));
    assert_eq!(r.items[0].status, ItemStatus::Paid);
    assert!(
        r.items[2..]
            .iter()
            .all(|i| i.status == ItemStatus::Cancelled)
    );
}

// ---- surrender ----

#[test]
fn surrender_estimates_and_refund_split() {
    let rules = SurrenderRules {
        basis: DayBasis::Days365,
        pre_start_fee_bp: Bp(500),
        short_rate_bp: None,
        compulsory_allowed_reasons: vec![SurrenderReason::VehicleSold, SurrenderReason::TotalLoss],
    };
    let input = SurrenderInput {
        kind: PolicyKind::Commercial,
        premium_fen: Fen(365_000),
        start_date: d(2025, 1, 1),
        end_date: d(2026, 1, 1),
        cancel_date: d(2025, 7, 2), // 182 days elapsed
        reason: SurrenderReason::Default,
    };
    let m = RoundingMode::HalfUp;
    let e = estimate_refund(&input, &rules, m).unwrap();
    assert_eq!(
        (e.refund_fen, e.days_remaining, e.method),
        (Fen(183_000), 183, RefundMethod::ProRata)
    );
    let short = SurrenderRules {
        short_rate_bp: Some(Bp(9_000)),
        ..rules.clone()
    };
    assert_eq!(
        estimate_refund(&input, &short, m).unwrap().refund_fen,
        Fen(164_700)
    );
    let pre = SurrenderInput {
        cancel_date: d(2024, 12, 20),
        ..input
    };
    assert_eq!(
        estimate_refund(&pre, &rules, m).unwrap().refund_fen,
        Fen(346_750)
    );
    let tci = SurrenderInput {
        kind: PolicyKind::Compulsory,
        ..input
    };
    let e = estimate_refund(&tci, &rules, m).unwrap();
    assert_eq!(e.refund_fen, Fen(0));
    assert_eq!(
        e.reason_code.as_deref(),
        Some("COMPULSORY_REASON_NOT_ALLOWED")
    );
    let sold = SurrenderInput {
        reason: SurrenderReason::VehicleSold,
        ..tci
    };
    assert_eq!(
        estimate_refund(&sold, &rules, m).unwrap().refund_fen,
        Fen(183_000)
    );
    let d360 = SurrenderRules {
        basis: DayBasis::Days360,
        ..rules
    };
    // 30E/360: 181 days elapsed of 360 → R(365 000 × 179 / 360) = 181 486.
    assert_eq!(
        estimate_refund(&input, &d360, m).unwrap().refund_fen,
        Fen(181_486)
    );
    assert_eq!(
        split_refund(Fen(100), Fen(80)).unwrap(),
        RefundSplit {
            applied_fen: Fen(80),
            surplus_fen: Fen(20),
            shortfall_fen: Fen(0)
        }
    );
    assert_eq!(
        split_refund(Fen(60), Fen(80)).unwrap(),
        RefundSplit {
            applied_fen: Fen(60),
            surplus_fen: Fen(0),
            shortfall_fen: Fen(20)
        }
    );
}

// ---- order amounts ----

#[test]
fn order_amounts_and_their_validation() {
    let t = ProductTerms {
        min_down_payment_bp: Bp(2_000),
        fee_rate_bp: Bp(200),
        deposit_rule: DepositRule::OneInstalmentPrincipal,
        repay_timing: RepayTiming::InAdvance,
        ..terms(ScheduleMethod::Annuity, 100)
    };
    let req = OrderRequest {
        premiums_fen: vec![Fen(300_000), Fen(95_000)],
        financed_fen: Fen(300_000),
        term_n: 12,
        anchor_date: d(2025, 1, 15),
    };
    let a = order_amounts(&t, &req).unwrap();
    assert_eq!(a.total_premium_fen, Fen(395_000));
    assert_eq!(a.down_payment_fen, Fen(95_000));
    assert_eq!(a.upfront_fee_fen, Fen(6_000));
    assert_eq!(a.deposit_fen, Fen(25_000));
    let p = generate_plan(&t, Fen(300_000), 12, d(2025, 1, 15)).unwrap();
    assert_eq!(a.first_instalment_fen, p.items[0].total().unwrap());
    assert_eq!(p.items[0].due_date, d(2025, 1, 15));
    assert_eq!(
        a.due_at_down_payment_fen.get(),
        95_000 + 6_000 + 25_000 + a.first_instalment_fen.get()
    );
    let too_much = OrderRequest {
        financed_fen: Fen(320_000),
        ..req.clone()
    };
    let e = order_amounts(&t, &too_much).unwrap_err();
    assert_eq!(e[0].field, "financedFen", "down payment 18.99 % < 20 %");
    let bad = OrderRequest {
        premiums_fen: vec![Fen(0)],
        financed_fen: Fen(1),
        term_n: 7,
        ..req
    };
    let fields: Vec<_> = order_amounts(&t, &bad)
        .unwrap_err()
        .into_iter()
        .map(|e| e.field)
        .collect();
    assert_eq!(fields, ["premiumsFen[0]", "termN", "financedFen"]);
}

// ---- no floating point, no clock ----

#[test]
fn money_sources_use_no_floating_point_and_no_clock() {
    let sources = [
        ("mod.rs", include_str!("mod.rs")),
        ("amount.rs", include_str!("amount.rs")),
        ("product.rs", include_str!("product.rs")),
        ("schedule.rs", include_str!("schedule.rs")),
        ("irr.rs", include_str!("irr.rs")),
        ("ledger.rs", include_str!("ledger.rs")),
        ("allocation.rs", include_str!("allocation.rs")),
        ("penalty.rs", include_str!("penalty.rs")),
        ("delinquency.rs", include_str!("delinquency.rs")),
        ("payoff.rs", include_str!("payoff.rs")),
        ("surrender.rs", include_str!("surrender.rs")),
        ("order.rs", include_str!("order.rs")),
        ("replay.rs", include_str!("replay.rs")),
        ("proptests.rs", include_str!("proptests.rs")),
        ("tests.rs", include_str!("tests.rs")),
    ];
    // Built at run time so that this file does not match itself.
    let banned = [
        format!("f{}", 32),
        format!("f{}", 64),
        format!("::{}(", "now"),
    ];
    for (name, text) in sources {
        for word in &banned {
            let hit = text.match_indices(word.as_str()).any(|(i, _)| {
                let before = text[..i].chars().next_back();
                let after = text[i + word.len()..].chars().next();
                let ident = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
                !ident(before) && !ident(after)
            });
            assert!(!hit, "{name} mentions {word}");
        }
    }
}

#[test]
fn repayments_after_an_advance_recover_it_and_before_it_do_not() {
    // Instalment 1 (88 849, due 15 Feb) is partly paid on 10 Mar, advanced on 17 Mar with what is
    // left of its principal + interest, then paid.
    let t = terms(ScheduleMethod::Annuity, 100);
    let p = plan(&t, 1_000_000, 12);
    let early = pay(1, d(2025, 3, 10), 20_000);
    let at_advance = replay(
        &t,
        &p,
        std::slice::from_ref(&early),
        d(2025, 3, 17),
        &default_buckets(),
    )
    .unwrap();
    let claim = at_advance.items[0]
        .principal_interest_outstanding()
        .unwrap();
    assert!(claim.get() > 0 && claim.get() < 88_849);
    let advance_of = |id, component: Component, amount| MoneyFact {
        id,
        value_date: d(2025, 3, 17),
        kind: FactKind::Advance {
            item_seq: 1,
            component,
            amount_fen: amount,
        },
    };
    let item_then = &at_advance.items[0];
    let advance = advance_of(2, Component::Principal, item_then.principal.outstanding_fen);
    let advance_interest = advance_of(5, Component::Interest, item_then.interest.outstanding_fen);
    let waiver = MoneyFact {
        id: 4,
        value_date: d(2025, 3, 18),
        kind: FactKind::Waiver {
            item_seq: 1,
            component: Component::Interest,
            amount_fen: Fen(1_000_000),
        },
    };
    let partial = pay(3, d(2025, 3, 19), 30_000);
    let facts = [
        early.clone(),
        advance.clone(),
        advance_interest.clone(),
        waiver,
        partial,
    ];
    let r = replay(&t, &p, &facts, d(2025, 3, 19), &default_buckets()).unwrap();
    assert!(
        r.repayments[0].recovery.is_zero(),
        "paid before the advance: the provider's"
    );
    let waived = r.waivers[0].applied_fen;
    assert_eq!(
        r.waivers[0].advance_fen, waived,
        "interest of an advanced instalment"
    );
    let rec = r.repayments[1].recovery;
    let penalty_paid: i64 = r.repayments[1]
        .allocation
        .lines
        .iter()
        .filter(|l| l.item_seq == 1 && l.component == Component::Penalty)
        .map(|l| l.amount_fen.get())
        .sum();
    assert!(penalty_paid > 0);
    assert_eq!(rec.penalty_fen, Fen(penalty_paid));
    assert_eq!(rec.claim_fen().unwrap(), Fen(30_000 - penalty_paid));
    let item = &r.items[0];
    assert_eq!(item.recovered_fen, Fen(30_000 - penalty_paid));
    assert_eq!(item.advance_waived_fen, waived);
    assert_eq!(
        item.advance_claim().unwrap(),
        Fen(claim.get() - waived.get() - (30_000 - penalty_paid))
    );
    assert_eq!(
        item.advance_claim().unwrap(),
        item.principal_interest_outstanding().unwrap(),
        "what the platform still claims is what the customer still owes of it"
    );
    // Paid in full: nothing claimed, the payment on instalment 2 is the provider's.
    let full = pay(3, d(2025, 3, 19), 200_000);
    let r = replay(
        &t,
        &p,
        &[early, advance, advance_interest, full],
        d(2025, 3, 19),
        &default_buckets(),
    )
    .unwrap();
    assert_eq!(r.items[0].advance_claim().unwrap(), Fen(0));
    assert_eq!(r.repayments[1].recovery.claim_fen().unwrap(), claim);
    assert!(
        r.repayments[1]
            .allocation
            .lines
            .iter()
            .any(|l| l.item_seq == 2)
    );
}

#[test]
fn writing_off_an_advanced_instalment_gives_up_the_claim_and_nothing_else() {
    // Instalment 1 (78 849 principal + 10 000 interest, due 15 Feb) is unpaid and advanced on
    // 17 Mar; 5 000 is paid on 20 Mar; the platform writes its claim off on 25 Mar.
    let t = terms(ScheduleMethod::Annuity, 100);
    let p = plan(&t, 1_000_000, 12);
    let advance_of = |id, component: Component, amount| MoneyFact {
        id,
        value_date: d(2025, 3, 17),
        kind: FactKind::Advance {
            item_seq: 1,
            component,
            amount_fen: Fen(amount),
        },
    };
    let write_off = MoneyFact {
        id: 9,
        value_date: d(2025, 3, 25),
        kind: FactKind::WriteOff { item_seq: Some(1) },
    };
    let facts = [
        advance_of(1, Component::Principal, 78_849),
        advance_of(2, Component::Interest, 10_000),
        pay(3, d(2025, 3, 20), 5_000),
        write_off,
    ];
    let before = replay(&t, &p, &facts[..3], d(2025, 3, 25), &default_buckets()).unwrap();
    let claim = before.items[0].advance_claim().unwrap();
    let penalty_left = before.items[0].penalty.outstanding_fen;
    let r = replay(&t, &p, &facts, d(2025, 4, 30), &default_buckets()).unwrap();
    let wo = r.write_offs[0];
    assert_eq!(wo.id, 9);
    assert_eq!(wo.claim_fen().unwrap(), claim, "the whole claim");
    assert_eq!(wo.funder_principal_fen().unwrap(), Fen(0));
    assert_eq!(wo.penalty_fen, penalty_left, "the penalty to that day");
    let item = &r.items[0];
    assert_eq!(item.advance_claim().unwrap(), Fen(0));
    assert_eq!(item.status, ItemStatus::WrittenOff);
    assert_eq!(item.outstanding().unwrap(), Fen(0));
    assert_eq!(
        item.penalty.due_fen, before.items[0].penalty.due_fen,
        "no penalty after it"
    );
    // Instalment 2 is untouched: still owed, overdue since 15 Mar.
    assert_eq!(r.items[1].principal.written_off_fen, Fen(0));
    assert_eq!(r.items[1].status, ItemStatus::Overdue);
}
