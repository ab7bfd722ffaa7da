//! Text that arrives from a form: trimmed, required or optional, and bounded in characters.
//!
//! The errors carry no field label: the caller puts its label in front of the message
//! (`姓名` + `不能为空`), so one rule serves every form.

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
}
