//! Customers and vehicles: the codes the server relies on, the fixed status lists (customer
//! kind, ID type, vehicle usage and file kinds are data-dictionary types) and the checks of Chinese identifiers: resident ID numbers
//! (GB 11643), plates and VINs (ISO 3779). Mobiles and credit codes are in [`crate::contact`].

/// One choice of an option list: its code and its Chinese label (exports, messages).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Choice {
    pub code: &'static str,
    pub label: &'static str,
}

const fn c(code: &'static str, label: &'static str) -> Choice {
    Choice { code, label }
}

/// The codes the code relies on (data-dictionary items, built in so they cannot be deleted):
/// an enterprise customer has a credit code and no personal ID of its own; a resident ID number
/// is checked by its GB 11643 check character.
pub const INDIVIDUAL: &str = "INDIVIDUAL";
pub const ENTERPRISE: &str = "ENTERPRISE";
pub const RESIDENT_ID: &str = "RESIDENT_ID";

/// Customer type: the built-in items' Chinese labels, for the export (the dictionary type
/// `customer_kind` is what selects and checks read; an item added there exports as its code).
pub const CUSTOMER_KINDS: &[Choice] = &[c("INDIVIDUAL", "个人"), c("ENTERPRISE", "企业")];
/// ID document type (an enterprise's: its legal representative's): the built-in items' Chinese
/// labels, for the export (dictionary type `id_type`).
pub const ID_TYPES: &[Choice] = &[
    c("RESIDENT_ID", "居民身份证"),
    c("PASSPORT", "护照"),
    c("HK_MACAO_PERMIT", "港澳居民来往内地通行证"),
    c("TAIWAN_PERMIT", "台湾居民来往大陆通行证"),
    c("FOREIGN_PERMANENT", "外国人永久居留身份证"),
];
/// Customer status.
pub const CUSTOMER_STATUSES: &[Choice] = &[c("ENABLED", "正常"), c("DISABLED", "停用")];
/// KYC (实名认证) status.
pub const KYC_STATUSES: &[Choice] = &[
    c("PENDING", "待认证"),
    c("VERIFIED", "已认证"),
    c("REJECTED", "认证失败"),
];
/// The choice of `code` in `list`.
pub fn choice(list: &[Choice], code: &str) -> Option<Choice> {
    list.iter().copied().find(|ch| ch.code == code)
}

/// The label of `code` in `list`, or the code itself when unknown.
pub fn label(list: &[Choice], code: &str) -> String {
    choice(list, code).map_or_else(|| code.to_owned(), |ch| ch.label.to_owned())
}

fn is_leap(year: u32) -> bool {
    (year.is_multiple_of(4) && !year.is_multiple_of(100)) || year.is_multiple_of(400)
}

/// Whether `(year, month, day)` is a real calendar date.
pub fn is_calendar_date(year: u32, month: u32, day: u32) -> bool {
    let days = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if is_leap(year) => 29,
        2 => 28,
        _ => return false,
    };
    (1..=days).contains(&day)
}

fn digits(text: &str) -> Option<u32> {
    text.parse()
        .ok()
        .filter(|_| text.bytes().all(|b| b.is_ascii_digit()))
}

/// What is wrong with a resident ID number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ResidentIdError {
    #[error("身份证号须为 18 位（前 17 位数字，末位数字或 X）")]
    Format,
    #[error("身份证号中的出生日期无效")]
    BirthDate,
    #[error("身份证号校验位不正确")]
    CheckCharacter,
}

/// What is wrong with a VIN.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum VinError {
    #[error("车架号（VIN）须为 17 位数字或大写字母")]
    Format,
    #[error("车架号（VIN）不能含字母 I、O、Q")]
    Letter,
    #[error("车架号（VIN）第 9 位校验位不正确")]
    CheckDigit,
}

/// What is wrong with a resident ID number (18 characters, digits and a final digit or `X`,
/// a real birth date from 1900 on, the GB 11643 check character), or its birth date
/// `(year, month, day)` when nothing is.
pub fn resident_id(value: &str) -> Result<(u32, u32, u32), ResidentIdError> {
    let b = value.as_bytes();
    if b.len() != 18
        || !b[..17].iter().all(u8::is_ascii_digit)
        || !(b[17].is_ascii_digit() || b[17] == b'X')
    {
        return Err(ResidentIdError::Format);
    }
    let birth = (
        digits(&value[6..10]).unwrap_or_default(),
        digits(&value[10..12]).unwrap_or_default(),
        digits(&value[12..14]).unwrap_or_default(),
    );
    if birth.0 < 1900 || !is_calendar_date(birth.0, birth.1, birth.2) {
        return Err(ResidentIdError::BirthDate);
    }
    const WEIGHTS: [u32; 17] = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
    const CHECK: &[u8; 11] = b"10X98765432";
    let sum: u32 = b[..17]
        .iter()
        .zip(WEIGHTS)
        .map(|(d, w)| u32::from(d - b'0') * w)
        .sum();
    if CHECK[(sum % 11) as usize] != b[17] {
        return Err(ResidentIdError::CheckCharacter);
    }
    Ok(birth)
}

const PROVINCES: &str = "京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼";

fn plate_char(c: char) -> bool {
    (c.is_ascii_uppercase() && c != 'I' && c != 'O') || c.is_ascii_digit()
}

/// Whether `value` is a Chinese plate number: a province character, the issuing authority's
/// letter, then five characters (letters without I and O, digits; the last may be 挂, 学, 警,
/// 港, 澳 or 领) — or, for new-energy vehicles, six: `D`/`F` then a character then four digits
/// (small cars), or five digits then `D`/`F` (large vehicles).
pub fn is_plate(value: &str) -> bool {
    let chars: Vec<char> = value.chars().collect();
    let (Some(first), Some(second)) = (chars.first(), chars.get(1)) else {
        return false;
    };
    if !PROVINCES.contains(*first)
        || !second.is_ascii_uppercase()
        || *second == 'I'
        || *second == 'O'
    {
        return false;
    }
    let rest = &chars[2..];
    match rest.len() {
        5 => {
            rest[..4].iter().all(|c| plate_char(*c))
                && (plate_char(rest[4]) || "挂学警港澳领".contains(rest[4]))
        }
        6 => {
            let small = matches!(rest[0], 'D' | 'F')
                && plate_char(rest[1])
                && rest[2..].iter().all(char::is_ascii_digit);
            let large = rest[..5].iter().all(char::is_ascii_digit) && matches!(rest[5], 'D' | 'F');
            small || large
        }
        _ => false,
    }
}

/// What is wrong with a VIN (17 characters, digits and capital letters without I, O, Q, the
/// ISO 3779 check digit at position 9), if anything.
pub fn vin_problem(value: &str) -> Option<VinError> {
    let b = value.as_bytes();
    if b.len() != 17
        || !b
            .iter()
            .all(|c| c.is_ascii_digit() || c.is_ascii_uppercase())
    {
        return Some(VinError::Format);
    }
    if b.iter().any(|c| matches!(c, b'I' | b'O' | b'Q')) {
        return Some(VinError::Letter);
    }
    const WEIGHTS: [u32; 17] = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
    let value_of = |c: u8| -> u32 {
        match c {
            b'0'..=b'9' => u32::from(c - b'0'),
            b'A'..=b'H' => u32::from(c - b'A') + 1,
            b'J'..=b'N' => u32::from(c - b'J') + 1,
            b'P' => 7,
            b'R' => 9,
            b'S'..=b'Z' => u32::from(c - b'S') + 2,
            _ => 0,
        }
    };
    let sum: u32 = b.iter().zip(WEIGHTS).map(|(c, w)| value_of(*c) * w).sum();
    let expected = match sum % 11 {
        10 => b'X',
        n => b'0' + u8::try_from(n).unwrap_or(0),
    };
    if b[8] != expected {
        return Some(VinError::CheckDigit);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resident_ids() {
        assert_eq!(resident_id("11010519491231002X"), Ok((1949, 12, 31)));
        assert!(resident_id("440524188001010014").is_err(), "before 1900");
        assert!(
            resident_id("110105194912310021").is_err(),
            "check character"
        );
        assert!(resident_id("110105194902300020").is_err(), "30 February");
        assert!(resident_id("11010519491231002x").is_err(), "lower-case x");
        assert!(resident_id("1101051949123100").is_err());
        assert_eq!(resident_id("110101200002290018").map(|b| b.1), Ok(2));
    }

    #[test]
    fn plates() {
        for good in [
            "京A12345",
            "粤B8D8F8",
            "沪AD12345",
            "苏E12345F",
            "浙A1234挂",
            "川AF1234",
        ] {
            assert!(is_plate(good), "{good}");
        }
        for bad in [
            "A12345",
            "京I12345",
            "京A1234",
            "京A123456",
            "京AO1234",
            "京AD1234X",
            "港A12345",
            "京a12345",
        ] {
            assert!(!is_plate(bad), "{bad}");
        }
    }

    #[test]
    fn vins() {
        assert_eq!(vin_problem("1M8GDM9AXKP042788"), None);
        assert_eq!(vin_problem("LSVAU218XN2183294"), None);
        assert!(vin_problem("1M8GDM9A1KP042788").is_some(), "check digit");
        assert!(vin_problem("1M8GDM9AXKP04278").is_some());
        assert!(vin_problem("1M8GDM9AXKP0427O8").is_some(), "letter O");
        assert!(vin_problem("1m8gdm9axkp042788").is_some());
    }

    #[test]
    fn option_lists_have_unique_codes() {
        for list in [CUSTOMER_KINDS, ID_TYPES, CUSTOMER_STATUSES, KYC_STATUSES] {
            let mut codes: Vec<&str> = list.iter().map(|ch| ch.code).collect();
            codes.sort_unstable();
            codes.dedup();
            assert_eq!(codes.len(), list.len());
        }
        assert_eq!(label(ID_TYPES, RESIDENT_ID), "居民身份证");
        assert_eq!(label(CUSTOMER_KINDS, ENTERPRISE), "企业");
        assert_eq!(label(CUSTOMER_KINDS, INDIVIDUAL), "个人");
        assert_eq!(label(ID_TYPES, "X"), "X");
    }
}
