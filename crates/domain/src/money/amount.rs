//! Money and rate newtypes with checked arithmetic, and the rounding rule.
//!
//! [`Fen`] is an amount of money in fen (分, 1/100 yuan). [`Bp`] is a rate in basis points
//! (1 bp = 1/10 000) and [`Ppm`] a daily rate in parts per million. Products and quotients are
//! computed exactly in `i128` (or big integers for powers) and rounded once with
//! [`RoundingMode::div`]: one function per mode, [`round_half_up`] and [`round_half_even`].

use std::cmp::Ordering;

use num_bigint::BigUint;
use serde::{Deserialize, Serialize};

use super::{MoneyError, MoneyResult};

/// An amount of money in fen. Serialised as a plain integer.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(transparent)]
pub struct Fen(pub i64);

impl Fen {
    /// Zero fen.
    pub const ZERO: Fen = Fen(0);

    /// The amount as an integer number of fen.
    pub const fn get(self) -> i64 {
        self.0
    }

    /// `self + other`, or [`MoneyError::Overflow`].
    pub fn plus(self, other: Fen) -> MoneyResult<Fen> {
        self.0
            .checked_add(other.0)
            .map(Fen)
            .ok_or(MoneyError::Overflow)
    }

    /// `self − other`, or [`MoneyError::Overflow`].
    pub fn minus(self, other: Fen) -> MoneyResult<Fen> {
        self.0
            .checked_sub(other.0)
            .map(Fen)
            .ok_or(MoneyError::Overflow)
    }

    /// `self × k`, or [`MoneyError::Overflow`].
    pub fn times(self, k: i64) -> MoneyResult<Fen> {
        self.0.checked_mul(k).map(Fen).ok_or(MoneyError::Overflow)
    }

    /// `max(self − other, 0)`: what is left of `self` after taking `other` away.
    pub fn saturating_minus(self, other: Fen) -> Fen {
        Fen(self.0.saturating_sub(other.0).max(0))
    }

    /// True when the amount is zero.
    pub const fn is_zero(self) -> bool {
        self.0 == 0
    }

    /// True when the amount is above zero.
    pub const fn is_positive(self) -> bool {
        self.0 > 0
    }

    /// `R(self × num / den)` with the given rounding; `den > 0`.
    pub fn mul_ratio(self, num: i64, den: i64, mode: RoundingMode) -> MoneyResult<Fen> {
        let n = i128::from(self.0)
            .checked_mul(i128::from(num))
            .ok_or(MoneyError::Overflow)?;
        mode.div(n, i128::from(den)).map(Fen)
    }

    /// `floor(self × num / den)` for non-negative operands; `den > 0`.
    pub fn mul_ratio_floor(self, num: i64, den: i64) -> MoneyResult<Fen> {
        let n = i128::from(self.0)
            .checked_mul(i128::from(num))
            .ok_or(MoneyError::Overflow)?;
        if den <= 0 {
            return Err(MoneyError::Invalid("除数必须为正".into()));
        }
        to_i64(n.div_euclid(i128::from(den))).map(Fen)
    }

    /// The sum of amounts, checked.
    pub fn sum<I: IntoIterator<Item = Fen>>(amounts: I) -> MoneyResult<Fen> {
        amounts.into_iter().try_fold(Fen::ZERO, Fen::plus)
    }
}

impl std::fmt::Display for Fen {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let a = self.0.unsigned_abs();
        write!(f, "{sign}{}.{:02}", a / 100, a % 100)
    }
}

/// A rate in basis points (1 bp = 0.01 % = 1/10 000). Serialised as a plain integer.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(transparent)]
pub struct Bp(pub i32);

impl Bp {
    /// Basis points in one whole (100 %).
    pub const ONE: i64 = 10_000;

    /// The rate as an integer number of basis points.
    pub const fn get(self) -> i32 {
        self.0
    }

    /// `R(amount × self / 10 000)`.
    pub fn of(self, amount: Fen, mode: RoundingMode) -> MoneyResult<Fen> {
        amount.mul_ratio(i64::from(self.0), Self::ONE, mode)
    }
}

/// A daily rate in parts per million (500 ppm = 0.05 %/day = 5 bp/day; 万分之3.3 = 330 ppm).
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(transparent)]
pub struct Ppm(pub i32);

impl Ppm {
    /// Parts per million in one whole.
    pub const ONE: i64 = 1_000_000;

    /// The rate as an integer number of ppm.
    pub const fn get(self) -> i32 {
        self.0
    }

    /// `R(amount × self / 1 000 000)`.
    pub fn of(self, amount: Fen, mode: RoundingMode) -> MoneyResult<Fen> {
        amount.mul_ratio(i64::from(self.0), Self::ONE, mode)
    }
}

/// How a product rounds an exact quotient to whole fen.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum RoundingMode {
    /// Halves go away from zero (2.5 → 3, −2.5 → −3). The default.
    #[default]
    HalfUp,
    /// Halves go to the even neighbour (2.5 → 2, 3.5 → 4): banker's rounding.
    HalfEven,
}

impl RoundingMode {
    /// `R(num / den)`, the one rounding step; `den > 0`.
    pub fn div(self, num: i128, den: i128) -> MoneyResult<i64> {
        match self {
            RoundingMode::HalfUp => round_half_up(num, den),
            RoundingMode::HalfEven => round_half_even(num, den),
        }
    }

    /// `R(num / den)` for big non-negative integers (the annuity payment).
    pub fn div_big(self, num: &BigUint, den: &BigUint) -> MoneyResult<i64> {
        if *den == BigUint::ZERO {
            return Err(MoneyError::Invalid("除数必须为正".into()));
        }
        let q = num / den;
        let rem = num % den;
        let twice: BigUint = rem << 1u32;
        let q = i128::try_from(&q).map_err(|_| MoneyError::Overflow)?;
        to_i64(self.adjust(q, twice.cmp(den)))
    }

    /// The rounding decision: the truncated quotient `q ≥ 0` and how twice the remainder compares
    /// with the divisor (Less: below a half, Equal: exactly a half, Greater: above).
    fn adjust(self, q: i128, twice_rem_vs_den: Ordering) -> i128 {
        let up = match (self, twice_rem_vs_den) {
            (_, Ordering::Less) => false,
            (_, Ordering::Greater) | (RoundingMode::HalfUp, Ordering::Equal) => true,
            (RoundingMode::HalfEven, Ordering::Equal) => q % 2 == 1,
        };
        if up { q + 1 } else { q }
    }

    fn signed(self, num: i128, den: i128) -> MoneyResult<i64> {
        if den <= 0 {
            return Err(MoneyError::Invalid("除数必须为正".into()));
        }
        // The same decision in 64 bits when it fits (the common case, and much faster).
        if let (Ok(n), Ok(d)) = (i64::try_from(num), i64::try_from(den))
            && n != i64::MIN
        {
            let a = n.abs();
            let (q, rem) = (a / d, a % d);
            let twice = i128::from(rem) * 2;
            let r = self.adjust(i128::from(q), twice.cmp(&i128::from(d)));
            return to_i64(if n < 0 { -r } else { r });
        }
        let a = num.checked_abs().ok_or(MoneyError::Overflow)?;
        let (q, rem) = (a / den, a % den);
        let r = self.adjust(q, (rem * 2).cmp(&den));
        to_i64(if num < 0 { -r } else { r })
    }
}

/// HALF_UP: `num / den` rounded to the nearest integer, halves away from zero; `den > 0`.
pub fn round_half_up(num: i128, den: i128) -> MoneyResult<i64> {
    RoundingMode::HalfUp.signed(num, den)
}

/// HALF_EVEN: `num / den` rounded to the nearest integer, halves to the even one; `den > 0`.
pub fn round_half_even(num: i128, den: i128) -> MoneyResult<i64> {
    RoundingMode::HalfEven.signed(num, den)
}

/// `ceil(num / den)` for `num ≥ 0`, `den > 0`.
pub fn ceil_div(num: i64, den: i64) -> MoneyResult<i64> {
    if den <= 0 || num < 0 {
        return Err(MoneyError::Invalid("向上取整需要非负被除数和正除数".into()));
    }
    Ok(num / den + i64::from(num % den != 0))
}

/// An `i128` narrowed to `i64`, or [`MoneyError::Overflow`].
pub fn to_i64(v: i128) -> MoneyResult<i64> {
    i64::try_from(v).map_err(|_| MoneyError::Overflow)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_up_and_half_even() {
        assert_eq!(round_half_up(25, 10), Ok(3));
        assert_eq!(round_half_up(-25, 10), Ok(-3));
        assert_eq!(round_half_up(24, 10), Ok(2));
        assert_eq!(round_half_even(25, 10), Ok(2));
        assert_eq!(round_half_even(35, 10), Ok(4));
        assert_eq!(round_half_even(-25, 10), Ok(-2));
        assert_eq!(round_half_even(26, 10), Ok(3));
        assert_eq!(
            round_half_up(7, 0),
            Err(MoneyError::Invalid("除数必须为正".into()))
        );
        let m = RoundingMode::HalfUp;
        assert_eq!(
            m.div_big(&BigUint::from(25u32), &BigUint::from(10u32)),
            Ok(3)
        );
        assert_eq!(
            RoundingMode::HalfEven.div_big(&BigUint::from(25u32), &BigUint::from(10u32)),
            Ok(2)
        );
    }

    #[test]
    fn checked_arithmetic() {
        assert_eq!(Fen(1).plus(Fen(2)), Ok(Fen(3)));
        assert_eq!(Fen(i64::MAX).plus(Fen(1)), Err(MoneyError::Overflow));
        assert_eq!(Fen(i64::MIN).minus(Fen(1)), Err(MoneyError::Overflow));
        assert_eq!(Fen(i64::MAX).times(2), Err(MoneyError::Overflow));
        assert_eq!(Fen(5).saturating_minus(Fen(9)), Fen(0));
        assert_eq!(
            Bp(75).of(Fen(1_234_567), RoundingMode::HalfUp),
            Ok(Fen(9_259))
        );
        assert_eq!(Ppm(500).of(Fen(88_849), RoundingMode::HalfUp), Ok(Fen(44)));
        assert_eq!(Fen(123_456).to_string(), "1234.56");
        assert_eq!(Fen(-5).to_string(), "-0.05");
        assert_eq!(ceil_div(1_000_000, 12), Ok(83_334));
    }
}
