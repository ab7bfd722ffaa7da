//! Repayment schedules: due dates and the four methods (ANNUITY, EQUAL_PRINCIPAL, FLAT, BULLET).
//!
//! [`generate_plan`] is a pure function of (terms, principal, n, anchor): the same inputs give a
//! bit-identical plan. [`GENERATOR_VERSION`] is stored with each plan and changes whenever the
//! output for some input would change.

use chrono::{Months, NaiveDate};
use num_bigint::BigUint;
use serde::{Deserialize, Serialize};

use super::amount::{Fen, ceil_div};
use super::product::{
    DepositRule, FeeTiming, MAX_FINANCED_FEN, ProductTerms, RemainderOn, RepayTiming,
    ScheduleMethod,
};
use super::{MoneyError, MoneyResult};

/// Version of the schedule generator; stored on each plan.
pub const GENERATOR_VERSION: u32 = 1;

/// The most instalments a plan may have.
pub const MAX_INSTALMENTS: u32 = 600;

/// One instalment of a plan.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PlanItem {
    /// 1..n.
    pub seq: u32,
    /// Start of the interest period.
    pub from_date: NaiveDate,
    /// End of the interest period.
    pub to_date: NaiveDate,
    /// When the instalment falls due (the end of the period 期末, its start 期初).
    pub due_date: NaiveDate,
    /// Principal due.
    pub principal_fen: Fen,
    /// Interest due.
    pub interest_fen: Fen,
    /// Per-instalment fee due (0 when the fee is upfront).
    pub fee_fen: Fen,
    /// The deposit is offset against this instalment when it falls due; its amounts are shown in full.
    pub is_deposit_offset: bool,
}

impl PlanItem {
    /// Principal + interest + fee.
    pub fn total(&self) -> MoneyResult<Fen> {
        self.principal_fen
            .plus(self.interest_fen)?
            .plus(self.fee_fen)
    }
}

/// A repayment plan.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Plan {
    /// [`GENERATOR_VERSION`] at generation.
    pub generator_version: u32,
    /// Schedule method.
    pub method: ScheduleMethod,
    /// Financed amount (principal).
    pub principal_fen: Fen,
    /// Number of instalments.
    pub n: u32,
    /// Interest runs from this date; due dates are counted from it.
    pub anchor_date: NaiveDate,
    /// The level instalment of an ANNUITY (principal + interest), else `None`.
    pub emi_fen: Option<Fen>,
    /// Fee charged once with the down payment.
    pub upfront_fee_fen: Fen,
    /// Deposit collected with the down payment.
    pub deposit_fen: Fen,
    /// Σ principal (= `principal_fen`).
    pub total_principal_fen: Fen,
    /// Σ interest.
    pub total_interest_fen: Fen,
    /// Σ per-instalment fee.
    pub total_fee_fen: Fen,
    /// The instalments, by due date.
    pub items: Vec<PlanItem>,
}

/// `anchor + k months`, clamped to the end of the month (31 Jan + 1 → 28/29 Feb; + 2 → 31 Mar).
pub fn add_months(anchor: NaiveDate, k: u32) -> MoneyResult<NaiveDate> {
    anchor
        .checked_add_months(Months::new(k))
        .ok_or(MoneyError::DateOutOfRange)
}

/// The due date of instalment `k` (1-based): always counted from the anchor.
pub fn due_date(anchor: NaiveDate, k: u32, timing: RepayTiming) -> MoneyResult<NaiveDate> {
    match timing {
        RepayTiming::InArrears => add_months(anchor, k),
        RepayTiming::InAdvance => add_months(anchor, k - 1),
    }
}

/// Splits `total` into `n` parts of `floor(total / n)`, the remainder on the chosen part.
pub fn split_with_remainder(total: Fen, n: u32, on: RemainderOn) -> MoneyResult<Vec<Fen>> {
    if n == 0 || total.get() < 0 {
        return Err(MoneyError::Invalid("拆分需要正的期数和非负金额".into()));
    }
    let n64 = i64::from(n);
    let base = total.get() / n64;
    let rem = total.get() % n64;
    let at = match on {
        RemainderOn::First => 0,
        RemainderOn::Last => n as usize - 1,
    };
    Ok((0..n as usize)
        .map(|i| Fen(if i == at { base + rem } else { base }))
        .collect())
}

/// The ANNUITY level payment `R(P·b·(D+b)^n / (D·((D+b)^n − D^n)))` for the monthly rate b/D,
/// computed exactly with big integers; `ceil(P/n)` at rate 0.
pub fn annuity_payment(
    principal: Fen,
    n: u32,
    rate_num: i64,
    rate_den: i64,
    mode: super::RoundingMode,
) -> MoneyResult<Fen> {
    if n == 0 || principal.get() < 0 || rate_num < 0 || rate_den <= 0 {
        return Err(MoneyError::Invalid("年金计算参数无效".into()));
    }
    if rate_num == 0 {
        return ceil_div(principal.get(), i64::from(n)).map(Fen);
    }
    // Divide rate numerator and denominator by their gcd: the same fraction, smaller powers.
    let g = gcd(rate_num, rate_den);
    let big = |v: i64| BigUint::from(v.unsigned_abs());
    let (p, b, d) = (big(principal.get()), big(rate_num / g), big(rate_den / g));
    let growth = (&d + &b).pow(n);
    let num = p * &b * &growth;
    let den = &d * (growth - d.pow(n));
    mode.div_big(&num, &den).map(Fen)
}

fn gcd(mut a: i64, mut b: i64) -> i64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a.max(1)
}

/// The plan for `principal` over `n` instalments from `anchor` under `terms`.
///
/// Amounts: ANNUITY `I_k = R(B·r)`, `P_k = min(max(EMI − I_k, 0), B)` and the last takes the
/// balance; EQUAL_PRINCIPAL and FLAT `P_k = floor(P/n)` with the remainder on the chosen item,
/// interest `R(B·r)` resp. `R(P·r)`; BULLET interest `R(P·r)` and all principal last.
/// A per-instalment fee totals `R(P × fee × n)` split like principal; an upfront fee is
/// `R(P × fee)`. Due dates are counted from the anchor with month-end clamping.
pub fn generate_plan(
    terms: &ProductTerms,
    principal: Fen,
    n: u32,
    anchor: NaiveDate,
) -> MoneyResult<Plan> {
    if !(1..=MAX_FINANCED_FEN).contains(&principal.get()) {
        return Err(MoneyError::Invalid(
            "融资本金必须大于 0 且不超过 10 亿元".into(),
        ));
    }
    if !(1..=MAX_INSTALMENTS).contains(&n) {
        return Err(MoneyError::Invalid("期数必须在 1 到 600 之间".into()));
    }
    if terms.rate_bp.get() < 0 || terms.fee_rate_bp.get() < 0 {
        return Err(MoneyError::Invalid("利率和费率不能为负".into()));
    }
    let mode = terms.rounding_mode;
    let rate = terms.periodic_rate();
    let interest_on = |balance: Fen| balance.mul_ratio(rate.num, rate.den, mode);
    let nu = n as usize;

    let mut principals = Vec::with_capacity(nu);
    let mut interests = Vec::with_capacity(nu);
    let mut emi = None;
    match terms.schedule_method {
        ScheduleMethod::Annuity => {
            let pay = annuity_payment(principal, n, rate.num, rate.den, mode)?;
            emi = Some(pay);
            let mut balance = principal;
            for k in 1..=n {
                let i = interest_on(balance)?;
                let p = if k == n {
                    balance
                } else {
                    pay.minus(i)?.max(Fen::ZERO).min(balance)
                };
                balance = balance.minus(p)?;
                principals.push(p);
                interests.push(i);
            }
        }
        ScheduleMethod::EqualPrincipal => {
            principals = split_with_remainder(principal, n, terms.remainder_on)?;
            let mut balance = principal;
            for p in &principals {
                interests.push(interest_on(balance)?);
                balance = balance.minus(*p)?;
            }
        }
        ScheduleMethod::Flat => {
            principals = split_with_remainder(principal, n, terms.remainder_on)?;
            let i = interest_on(principal)?;
            interests = vec![i; nu];
            if terms.in_advance_first_period_interest_free
                && terms.repay_timing == RepayTiming::InAdvance
            {
                interests[0] = Fen::ZERO;
            }
        }
        ScheduleMethod::Bullet => {
            principals = vec![Fen::ZERO; nu];
            principals[nu - 1] = principal;
            interests = vec![interest_on(principal)?; nu];
        }
    }

    let (upfront_fee, fees) = match terms.fee_timing {
        FeeTiming::Upfront => (terms.fee_rate_bp.of(principal, mode)?, vec![Fen::ZERO; nu]),
        FeeTiming::PerInstalment => {
            let total = principal.mul_ratio(
                i64::from(terms.fee_rate_bp.get()) * i64::from(n),
                10_000,
                mode,
            )?;
            (
                Fen::ZERO,
                split_with_remainder(total, n, terms.remainder_on)?,
            )
        }
    };
    let deposit = match terms.deposit_rule {
        DepositRule::None => Fen::ZERO,
        DepositRule::OneInstalmentPrincipal => Fen(principal.get() / i64::from(n)),
    };

    // D(0..=n): each date once, always from the anchor.
    let dates = (0..=n)
        .map(|k| add_months(anchor, k))
        .collect::<MoneyResult<Vec<_>>>()?;
    let mut items = Vec::with_capacity(nu);
    for k in 1..=n {
        let idx = (k - 1) as usize;
        let (from_date, to_date) = (dates[idx], dates[idx + 1]);
        items.push(PlanItem {
            seq: k,
            from_date,
            to_date,
            due_date: match terms.repay_timing {
                RepayTiming::InArrears => to_date,
                RepayTiming::InAdvance => from_date,
            },
            principal_fen: principals[idx],
            interest_fen: interests[idx],
            fee_fen: fees[idx],
            is_deposit_offset: deposit.is_positive() && k == n,
        });
    }
    Ok(Plan {
        generator_version: GENERATOR_VERSION,
        method: terms.schedule_method,
        principal_fen: principal,
        n,
        anchor_date: anchor,
        emi_fen: emi,
        upfront_fee_fen: upfront_fee,
        deposit_fen: deposit,
        total_principal_fen: Fen::sum(principals)?,
        total_interest_fen: Fen::sum(interests)?,
        total_fee_fen: Fen::sum(fees)?,
        items,
    })
}
