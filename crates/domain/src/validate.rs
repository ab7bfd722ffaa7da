//! Validation of values that arrive from outside.

/// A password as the client sends it: the MD5 hex digest of what the user typed (the product specification).
pub fn is_md5_hex(value: &str) -> bool {
    value.len() == 32 && value.bytes().all(|b| b.is_ascii_hexdigit())
}

/// An account name: 3 to 32 characters of ASCII letters, digits, `_`, `.`, `-` or `@`.
pub fn is_account_name(value: &str) -> bool {
    (3..=32).contains(&value.len())
        && value
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'-' | b'@'))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn md5_hex_needs_32_hex_digits() {
        assert!(is_md5_hex("e10adc3949ba59abbe56e057f20f883e"));
        assert!(is_md5_hex("E10ADC3949BA59ABBE56E057F20F883E"));
        assert!(!is_md5_hex("e10adc3949ba59abbe56e057f20f883"));
        assert!(!is_md5_hex("e10adc3949ba59abbe56e057f20f883eg"));
        assert!(!is_md5_hex("123456"));
        assert!(!is_md5_hex("z10adc3949ba59abbe56e057f20f883e"));
    }

    #[test]
    fn account_names() {
        assert!(is_account_name("admin"));
        assert!(is_account_name("li.na-01@hq"));
        assert!(!is_account_name("ab"));
        assert!(!is_account_name("has space"));
        assert!(!is_account_name("管理员"));
        assert!(!is_account_name(&"a".repeat(33)));
    }

    proptest! {
        #[test]
        fn any_32_hex_chars_are_md5(s in "[0-9a-fA-F]{32}") {
            prop_assert!(is_md5_hex(&s));
        }

        #[test]
        fn other_lengths_are_not(s in "[0-9a-f]{0,31}|[0-9a-f]{33,40}") {
            prop_assert!(!is_md5_hex(&s));
        }
    }
}
