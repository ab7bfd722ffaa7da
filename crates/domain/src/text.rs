//! Text that arrives from a form: trimmed, required or optional, and bounded in characters; and
//! the sort key of a name ([`name_key`]).
//!
//! The errors carry no field label: the caller puts its label in front of the message
//! (`姓名` + `不能为空`), so one rule serves every form.

use pinyin::ToPinyin;

/// What is wrong with a text field.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum TextError {
    #[error("不能为空")]
    Empty,
    #[error("不能超过 {max} 个字符")]
    TooLong { max: usize },
}

/// A required text: trimmed, not empty, at most `max` characters.
pub fn required(value: &str, max: usize) -> Result<String, TextError> {
    match optional(Some(value), max)? {
        Some(text) => Ok(text),
        None => Err(TextError::Empty),
    }
}

/// An optional text: trimmed, `None` when absent or blank, else at most `max` characters.
pub fn optional(value: Option<&str>, max: usize) -> Result<Option<String>, TextError> {
    let value = value.map(str::trim).unwrap_or_default();
    if value.is_empty() {
        return Ok(None);
    }
    if value.chars().count() > max {
        return Err(TextError::TooLong { max });
    }
    Ok(Some(value.to_owned()))
}

/// A text that is required when `required` (e.g. by the chosen provider) and optional otherwise:
/// trimmed, empty when blank and not required, at most `max` characters.
pub fn required_if(value: Option<&str>, max: usize, required: bool) -> Result<String, TextError> {
    match optional(value, max)? {
        Some(text) => Ok(text),
        None if required => Err(TextError::Empty),
        None => Ok(String::new()),
    }
}

/// What separates the words of a [`name_key`]: below every digit and letter in byte order.
pub const NAME_KEY_SEPARATOR: char = ' ';

/// The sort key of a person's or an organisation's name (docs/lists.md "Sorting by name"): the
/// name's words in lower-case ASCII, separated by one space, so that comparing keys byte by byte
/// orders Chinese names by pinyin and mixes them with Latin names.
///
/// - Each Han character is one word, its toneless pinyin (`张三` → `zhang san`); ü is written `v`
///   (`吕` → `lv`). A character with several readings takes the table's first, most common one
///   (`曾` → `ceng`, not the surname's `zeng`).
/// - A run of ASCII letters and digits is one word, lower-cased (`Li Na` → `li na`, `3M` → `3m`);
///   full-width ones count as ASCII (`ＡＢＣ` → `abc`).
/// - Anything else (spaces, punctuation, other scripts, a Han character without a reading)
///   only separates words.
///
/// The separator sorts below every letter and digit, so a key is compared word by word as in a
/// dictionary: `詹姆` (`zhan mu`) comes before `张三` (`zhang san`). The key holds only `a-z`,
/// `0-9` and single spaces, never at either end; an empty or word-less name has the empty key.
pub fn name_key(name: &str) -> String {
    let mut words: Vec<String> = Vec::new();
    let mut word = String::new();
    for c in name.chars() {
        let c = half_width(c);
        if c.is_ascii_alphanumeric() {
            word.push(c.to_ascii_lowercase());
            continue;
        }
        if !word.is_empty() {
            words.push(std::mem::take(&mut word));
        }
        if let Some(reading) = c.to_pinyin() {
            let syllable: String = reading.plain().chars().filter_map(ascii_letter).collect();
            if !syllable.is_empty() {
                words.push(syllable);
            }
        }
    }
    if !word.is_empty() {
        words.push(word);
    }
    words.join(&NAME_KEY_SEPARATOR.to_string())
}

/// A full-width ASCII form (`Ａ`, `１`) as its ASCII character; any other character unchanged.
fn half_width(c: char) -> char {
    match u32::from(c) {
        code @ 0xFF01..=0xFF5E => char::from_u32(code - 0xFEE0).unwrap_or(c),
        _ => c,
    }
}

/// A letter of a toneless pinyin reading as lower-case ASCII: `ü` as `v`, `ê` as `e`.
fn ascii_letter(c: char) -> Option<char> {
    match c {
        'a'..='z' => Some(c),
        'ü' => Some('v'),
        'ê' => Some('e'),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn required_text_is_trimmed_and_bounded() {
        assert_eq!(required("  张三 ", 2), Ok("张三".to_owned()));
        assert_eq!(required("   ", 2), Err(TextError::Empty));
        assert_eq!(required("张三丰", 2), Err(TextError::TooLong { max: 2 }));
        assert_eq!(
            TextError::TooLong { max: 50 }.to_string(),
            "不能超过 50 个字符"
        );
    }

    #[test]
    fn optional_text_is_none_when_blank() {
        assert_eq!(optional(None, 5), Ok(None));
        assert_eq!(optional(Some(" \t"), 5), Ok(None));
        assert_eq!(optional(Some(" a "), 5), Ok(Some("a".to_owned())));
        assert_eq!(
            optional(Some("abcdef"), 5),
            Err(TextError::TooLong { max: 5 })
        );
    }

    #[test]
    fn required_if_depends_on_the_flag() {
        assert_eq!(required_if(Some(" "), 3, true), Err(TextError::Empty));
        assert_eq!(required_if(None, 3, false), Ok(String::new()));
        assert_eq!(
            required_if(Some("abcd"), 3, false),
            Err(TextError::TooLong { max: 3 })
        );
    }

    /// Names in the order `ORDER BY name_key, name` gives.
    fn sorted(names: &[&str]) -> Vec<String> {
        let mut names: Vec<String> = names.iter().map(|n| (*n).to_owned()).collect();
        names.sort_by_cached_key(|n| (name_key(n), n.clone()));
        names
    }

    #[test]
    fn chinese_names_sort_by_pinyin() {
        assert_eq!(
            sorted(&["张三", "李四", "王五", "郭子豪"]),
            ["郭子豪", "李四", "王五", "张三"]
        );
        assert_eq!(name_key("张三"), "zhang san");
        assert_eq!(name_key("郭子豪"), "guo zi hao");
        // Syllable by syllable, as in a dictionary: zhan < zhang although "zhanm" > "zhang".
        assert_eq!(name_key("詹姆"), "zhan mu");
        assert_eq!(sorted(&["张三", "詹姆", "张"]), ["詹姆", "张", "张三"]);
        // ü is v: lu < lü < luo is not dictionary order, but lu < lv and lü stays one letter.
        assert_eq!(name_key("吕布"), "lv bu");
        assert_eq!(name_key("绿"), "lv");
        // A character with several readings takes the most common one.
        assert_eq!(name_key("曾"), "ceng");
        assert_eq!(name_key("单"), "dan");
        // Same key, different characters: the name decides.
        assert_eq!(name_key("章三"), name_key("张三"));
    }

    #[test]
    fn latin_names_mix_in() {
        assert_eq!(
            sorted(&[
                "张三",
                "Zed",
                "李四",
                "alice",
                "阿里",
                "Bob",
                "王五",
                "郭子豪",
                "3M中国",
                "Li Na",
                "李娜",
            ]),
            [
                "3M中国",
                "阿里",
                "alice",
                "Bob",
                "郭子豪",
                "Li Na",
                "李娜",
                "李四",
                "王五",
                "Zed",
                "张三",
            ]
        );
        assert_eq!(name_key("Li Na"), "li na");
        assert_eq!(name_key("李娜"), "li na");
        assert_eq!(name_key("3M中国"), "3m zhong guo");
        assert_eq!(
            name_key("北京ABC科技有限公司"),
            "bei jing abc ke ji you xian gong si"
        );
        assert_eq!(name_key("O'Brien-Smith"), "o brien smith");
        assert_eq!(name_key("李·娜"), "li na");
        assert_eq!(name_key("ＡＢＣ１２３"), "abc123");
        assert_eq!(name_key("Zoë"), "zo");
    }

    #[test]
    fn common_surnames_all_have_a_reading() {
        let surnames = "赵钱孙李周吴郑王冯陈褚卫蒋沈韩杨朱秦尤许何吕施张孔曹严华金魏陶姜戚谢邹喻柏水窦章\
                        云苏潘葛奚范彭郎鲁韦昌马苗凤花方俞任袁柳酆鲍史唐费廉岑薛雷贺倪汤滕殷罗毕郝邬安常\
                        乐于时傅皮卞齐康伍余元卜顾孟平黄和穆萧尹欧阳司马上官诸葛东方皇甫尉迟公孙慕容";
        for c in surnames.chars() {
            let key = name_key(&c.to_string());
            assert!(
                !key.is_empty() && key.bytes().all(|b| b.is_ascii_lowercase()),
                "{c}: {key:?}"
            );
        }
        assert_eq!(name_key("欧阳娜娜"), "ou yang na na");
        assert_eq!(name_key("司马"), "si ma");
    }

    #[test]
    fn empty_and_wordless_names_have_the_empty_key() {
        for name in ["", "   ", "\u{3000}", "·—（）", "ㅎㅎ"] {
            assert_eq!(name_key(name), "", "{name:?}");
        }
        assert_eq!(sorted(&["张三", "", "a"]), ["", "a", "张三"]);
    }

    #[test]
    fn every_han_character_is_one_ascii_word() {
        let ranges = [
            0x3007..=0x3007,
            0x3400..=0x4DBF,
            0x4E00..=0x9FFF,
            0xF900..=0xFAFF,
            0x2_0000..=0x3_134F,
        ];
        for code in ranges.into_iter().flatten() {
            let Some(c) = char::from_u32(code) else {
                continue;
            };
            let key = name_key(&c.to_string());
            assert!(key.bytes().all(|b| b.is_ascii_lowercase()), "{c}: {key:?}");
            // Of the 20 902 characters of the first CJK block only ten old one-character units
            // of measure (兙 "十克", 瓧 "十瓦") have no reading in the table.
            if (0x4E00..=0x9FA5).contains(&code) {
                assert!(
                    !key.is_empty() || "兙兡嗧桛烪瓧瓰瓱瓼甅".contains(c),
                    "{c} has no reading"
                );
            }
        }
    }

    proptest::proptest! {
        #[test]
        fn keys_are_lower_ascii_words(name in "[\\x{4e00}-\\x{9fa5}A-Za-zＡ-ｚ0-9 ·\\PC]{0,40}") {
            let key = name_key(&name);
            proptest::prop_assert!(
                key.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b' '),
                "{key:?}"
            );
            proptest::prop_assert!(!key.starts_with(' ') && !key.ends_with(' '), "{key:?}");
            proptest::prop_assert!(!key.contains("  "), "{key:?}");
        }
    }
}
