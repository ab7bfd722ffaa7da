//! A capital provider's credit: the limit, what allocations have reserved and what disbursed
//! loans use. Available credit is `limit − reserved − used`; it may go negative only when the
//! limit is cut below what is taken, which [`Credit::check_limit`] refuses.

/// A provider's credit figures, in fen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Credit {
    pub limit_fen: i64,
    pub reserved_fen: i64,
    pub used_fen: i64,
}

/// Why a credit change is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum CreditError {
    #[error("授信额度不能为负数")]
    NegativeLimit,
    /// The new limit is below reserved + used (in fen).
    #[error("授信额度不能低于已占用与已使用之和（{taken_fen} 分）")]
    BelowTaken { taken_fen: i64 },
    #[error("可用额度不足")]
    Insufficient,
    #[error("金额须大于 0")]
    NotPositive,
}

impl Credit {
    /// Reserved plus used.
    pub fn taken(&self) -> i64 {
        self.reserved_fen.saturating_add(self.used_fen)
    }

    /// `limit − reserved − used` (negative after a limit cut below what is taken).
    pub fn available(&self) -> i64 {
        self.limit_fen.saturating_sub(self.taken())
    }

    /// Refuses a new limit that is negative or below what is taken.
    pub fn check_limit(&self, new_limit_fen: i64) -> Result<(), CreditError> {
        if new_limit_fen < 0 {
            return Err(CreditError::NegativeLimit);
        }
        if new_limit_fen < self.taken() {
            return Err(CreditError::BelowTaken {
                taken_fen: self.taken(),
            });
        }
        Ok(())
    }

    /// The figures after reserving `amount_fen`, or why it cannot be reserved.
    pub fn reserve(&self, amount_fen: i64) -> Result<Credit, CreditError> {
        if amount_fen <= 0 {
            return Err(CreditError::NotPositive);
        }
        if self.available() < amount_fen {
            return Err(CreditError::Insufficient);
        }
        Ok(Credit {
            reserved_fen: self.reserved_fen + amount_fen,
            ..*self
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn available_is_limit_minus_taken() {
        let c = Credit {
            limit_fen: 1_000,
            reserved_fen: 300,
            used_fen: 200,
        };
        assert_eq!(c.available(), 500);
        assert_eq!(
            c.check_limit(499),
            Err(CreditError::BelowTaken { taken_fen: 500 })
        );
        assert_eq!(c.check_limit(500), Ok(()));
        assert_eq!(c.check_limit(-1), Err(CreditError::NegativeLimit));
        assert_eq!(c.reserve(501), Err(CreditError::Insufficient));
        assert_eq!(c.reserve(0), Err(CreditError::NotPositive));
        assert_eq!(c.reserve(500).map(|c| c.available()), Ok(0));
    }

    proptest! {
        #[test]
        fn a_reservation_never_overdraws(limit in 0i64..1_000_000_000, reserved in 0i64..1_000_000, used in 0i64..1_000_000, amount in 1i64..1_000_000_000) {
            let c = Credit { limit_fen: limit, reserved_fen: reserved, used_fen: used };
            if let Ok(after) = c.reserve(amount) {
                prop_assert!(after.available() >= 0);
                prop_assert!(after.taken() <= after.limit_fen);
            }
        }
    }
}
