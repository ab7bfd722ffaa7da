//! How personal data is shown in lists, exports and logs: the head and tail kept, the middle
//! starred. One function per kind of value, all built on [`keep`].

/// `138****5678`: a mobile (first 3, last 4); shorter than 7 characters: all stars.
pub fn mobile(value: &str) -> String {
    keep(value, 3, 4)
}

/// `110***********002X`: an ID number (first 3, last 4).
pub fn id_no(value: &str) -> String {
    keep(value, 3, 4)
}

/// `6222***********0123`: a bank card (first 4, last 4).
pub fn card(value: &str) -> String {
    keep(value, 4, 4)
}

/// `6222********7890`: a bank account number (first 4, last 4); a number of 8 characters or
/// fewer shows `****` and its last 4.
pub fn account_no(value: &str) -> String {
    let chars: Vec<char> = value.chars().collect();
    if chars.len() <= 8 {
        let tail: String = chars[chars.len().saturating_sub(4)..].iter().collect();
        return format!("****{tail}");
    }
    keep(value, 4, 4)
}

/// `value` with its first `head` and last `tail` characters kept and the rest starred; a value
/// too short to hide anything is all stars.
pub fn keep(value: &str, head: usize, tail: usize) -> String {
    let chars: Vec<char> = value.chars().collect();
    if chars.len() <= head + tail {
        return "*".repeat(chars.len());
    }
    let start: String = chars[..head].iter().collect();
    let end: String = chars[chars.len() - tail..].iter().collect();
    format!("{start}{}{end}", "*".repeat(chars.len() - head - tail))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks() {
        assert_eq!(id_no("11010519491231002X"), "110***********002X");
        assert_eq!(card("6222021234567890123"), "6222***********0123");
        assert_eq!(id_no("abc"), "***");
        assert_eq!(mobile("13812345678"), "138****5678");
        assert_eq!(mobile("123456"), "******");
        assert_eq!(account_no("6222021234567890"), "6222********7890");
        assert_eq!(account_no("12345678"), "****5678");
        assert_eq!(account_no("123"), "****123");
    }
}
