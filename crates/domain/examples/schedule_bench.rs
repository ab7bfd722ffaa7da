//! Throughput of the schedule generator: N 36-instalment plans on one thread, per method.
//!
//! `cargo run --release -p domain --example schedule_bench -- [N]` (default 1 000 000).
#![allow(clippy::print_stdout)]

use std::time::Instant;

use chrono::NaiveDate;
use domain::money::product::{ProductTerms, ScheduleMethod};
use domain::money::{Bp, Fen, generate_plan};

fn main() {
    let n: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1_000_000);
    let Some(anchor) = NaiveDate::from_ymd_opt(2025, 1, 31) else {
        return;
    };
    for method in [
        ScheduleMethod::Annuity,
        ScheduleMethod::EqualPrincipal,
        ScheduleMethod::Flat,
        ScheduleMethod::Bullet,
    ] {
        // One product per rate 0..=500 bp, built before the clock starts.
        let products: Vec<ProductTerms> = (0..=500)
            .map(|rate| ProductTerms {
                schedule_method: method,
                rate_bp: Bp(rate),
                ..ProductTerms::default()
            })
            .collect();
        let mut checksum: i64 = 0;
        let start = Instant::now();
        for i in 0..n {
            let i = i64::try_from(i).unwrap_or(0);
            let terms = &products[usize::try_from(i % 501).unwrap_or(0)];
            // Principal from ¥36.00 to about ¥10 000 000.00, varied per case.
            let p = 3_600 + (i * 7_919) % 1_000_000_000;
            match generate_plan(terms, Fen(p), 36, anchor) {
                Ok(plan) => checksum = checksum.wrapping_add(plan.total_interest_fen.get()),
                Err(e) => {
                    println!("error: {e}");
                    return;
                }
            }
        }
        let elapsed = start.elapsed();
        let per_sec = u128::from(n) * 1_000_000 / elapsed.as_micros().max(1);
        println!(
            "{method:?}: {n} schedules of 36 instalments in {:.3?} ({per_sec} per second; checksum {checksum})",
            elapsed
        );
    }
}
