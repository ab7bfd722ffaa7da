//! Contact details and organisation identifiers: mainland mobiles, contact telephones and
//! unified social credit codes (统一社会信用代码, GB 32100-2015). One rule each, used by sign-in,
//! customers, administrators, capital providers and insurers.

/// What is wrong with a mobile, a telephone or a credit code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ContactError {
    #[error("请输入正确的手机号")]
    Mobile,
    #[error("请输入正确的联系电话")]
    Phone,
    #[error("统一社会信用代码不正确（18 位，末位为校验码）")]
    CreditCode,
}

/// A mainland mobile: 11 digits, `1[3-9]` then 9 digits.
pub fn is_mobile(value: &str) -> bool {
    let b = value.as_bytes();
    b.len() == 11
        && b.iter().all(u8::is_ascii_digit)
        && b[0] == b'1'
        && (b'3'..=b'9').contains(&b[1])
}

/// A required mobile, trimmed.
pub fn mobile(value: &str) -> Result<String, ContactError> {
    let value = value.trim();
    if is_mobile(value) {
        Ok(value.to_owned())
    } else {
        Err(ContactError::Mobile)
    }
}

/// An optional mobile, trimmed: `None` when absent or blank, else it must be a mobile.
pub fn optional_mobile(value: Option<&str>) -> Result<Option<String>, ContactError> {
    match value.map(str::trim).filter(|v| !v.is_empty()) {
        None => Ok(None),
        Some(v) => mobile(v).map(Some),
    }
}

/// An optional contact telephone, trimmed (empty when blank): 5 to 20 digits with `-`, `+`,
/// blanks or parentheses, at most 32 characters.
pub fn optional_phone(value: Option<&str>) -> Result<String, ContactError> {
    let value = value.map(str::trim).unwrap_or_default();
    let digits = value.chars().filter(char::is_ascii_digit).count();
    let ok = value.is_empty()
        || ((5..=20).contains(&digits)
            && value.chars().count() <= 32
            && value
                .chars()
                .all(|c| c.is_ascii_digit() || "-+ ()".contains(c)));
    if ok {
        Ok(value.to_owned())
    } else {
        Err(ContactError::Phone)
    }
}

/// Whether `value` is a unified social credit code: 18 characters of `0-9 A-H J-N P-R T U W-Y`,
/// the last one the check character of the first 17.
pub fn is_credit_code(value: &str) -> bool {
    const ALPHABET: &[u8; 31] = b"0123456789ABCDEFGHJKLMNPQRTUWXY";
    const WEIGHTS: [usize; 17] = [
        1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28,
    ];
    let b = value.as_bytes();
    if b.len() != 18 {
        return false;
    }
    let mut codes = [0usize; 18];
    for (i, ch) in b.iter().enumerate() {
        match ALPHABET.iter().position(|a| a == ch) {
            Some(p) => codes[i] = p,
            None => return false,
        }
    }
    let sum: usize = codes[..17].iter().zip(WEIGHTS).map(|(v, w)| v * w).sum();
    let check = (31 - sum % 31) % 31;
    codes[17] == check
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mobiles() {
        assert!(is_mobile("13812345678"));
        assert!(is_mobile("19912345678"));
        assert!(!is_mobile("12812345678"));
        assert!(!is_mobile("1381234567"));
        assert!(!is_mobile("1381234567a"));
        assert_eq!(mobile(" 13812345678 "), Ok("13812345678".to_owned()));
        assert_eq!(optional_mobile(Some("  ")), Ok(None));
        assert_eq!(optional_mobile(Some("123")), Err(ContactError::Mobile));
    }

    #[test]
    fn phones() {
        assert_eq!(
            optional_phone(Some(" 010-88886666 ")),
            Ok("010-88886666".to_owned())
        );
        assert_eq!(optional_phone(None), Ok(String::new()));
        assert_eq!(optional_phone(Some("1234")), Err(ContactError::Phone));
        assert_eq!(
            optional_phone(Some("010-8888x666")),
            Err(ContactError::Phone)
        );
    }

    #[test]
    fn credit_codes() {
        assert!(is_credit_code("91350100M000100Y43"));
        assert!(is_credit_code("91110000600037341L"));
        assert!(!is_credit_code("91350100M000100Y44"));
        assert!(!is_credit_code("91350100M000100Y4"));
        assert!(!is_credit_code("91350100I000100Y43"));
    }
}
