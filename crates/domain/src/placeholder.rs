//! Placeholders in texts that are filled per recipient: SMS templates, notice templates and
//! contract template bodies all write them one way, `{{name}}` (blanks inside the braces
//! ignored, so `{{ name }}` is the same placeholder). One scanner, so a template is judged the
//! same way when it is saved and when it is filled.
//!
//! What a name may be differs per use ([`NameRule`]): SMS variable names are single words (the
//! SMS provider receives them as parameter names), notice templates also take dotted customer
//! variables such as `{{customer.name}}`, and contract bodies take any name (it is then checked
//! against the variable catalogue).
//!
//! Before m0027, SMS and notice templates wrote `{name}`; [`from_single_braces`] rewrites such a
//! text, and an SMS or notice template still written that way is refused with a message saying
//! how to write it now ([`PlaceholderError::SingleBraces`]).

/// What a placeholder name may be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NameRule {
    /// A letter, then letters, digits or `_`. SMS templates.
    Word,
    /// One or more words joined by `.`. Notice templates (`customer.name`).
    Dotted,
    /// Any non-empty name without braces. Contract bodies (checked against their catalogue).
    Any,
}

const OPEN: &str = "{{";
const CLOSE: &str = "}}";

/// What is wrong with a template text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlaceholderError {
    #[error("花括号不成对（多了“}}}}”）")]
    Unopened,
    #[error("花括号不成对（缺少“}}}}”）")]
    Unclosed,
    #[error("有空的或嵌套的变量“{{{{}}}}”")]
    Empty,
    #[error("占位符“{{{{{0}}}}}”不合法：须以字母开头，由字母、数字或下划线组成")]
    BadName(String),
    #[error("占位符“{{{{{0}}}}}”不合法：须由以字母开头的字母、数字或下划线组成，多段之间用“.”连接")]
    BadDottedName(String),
    #[error("占位符须写成“{{{{{0}}}}}”，不是“{{{0}}}”")]
    SingleBraces(String),
}

/// A piece of a template text: literal text or a placeholder name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Piece<'a> {
    Text(&'a str),
    Var(&'a str),
}

fn word(part: &str) -> bool {
    let mut chars = part.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

fn dotted(name: &str) -> bool {
    name.split('.').all(word)
}

/// The first `{name}` of `text` (single braces) whose name `rule` would accept, if any.
fn single_brace_name(text: &str, rule: NameRule) -> Option<&str> {
    let accepts: fn(&str) -> bool = match rule {
        NameRule::Word => word,
        NameRule::Dotted => dotted,
        NameRule::Any => return None,
    };
    let mut rest = text;
    while let Some(start) = rest.find('{') {
        let after = &rest[start + 1..];
        let end = after.find('}')?;
        let raw = &after[..end];
        if accepts(raw.trim()) {
            return Some(raw.trim());
        }
        rest = after;
    }
    None
}

fn check_text(text: &str, rule: NameRule) -> Result<&str, PlaceholderError> {
    if text.contains(CLOSE) {
        return Err(PlaceholderError::Unopened);
    }
    if let Some(name) = single_brace_name(text, rule) {
        return Err(PlaceholderError::SingleBraces(name.to_owned()));
    }
    Ok(text)
}

/// Splits `content` into text and placeholders, each name checked against `rule`.
pub fn parse(content: &str, rule: NameRule) -> Result<Vec<Piece<'_>>, PlaceholderError> {
    let mut out = Vec::new();
    let mut rest = content;
    while let Some(start) = rest.find(OPEN) {
        let text = check_text(&rest[..start], rule)?;
        if !text.is_empty() {
            out.push(Piece::Text(text));
        }
        let after = &rest[start + OPEN.len()..];
        let Some(end) = after.find(CLOSE) else {
            return Err(PlaceholderError::Unclosed);
        };
        let name = after[..end].trim();
        if name.is_empty() || name.contains('{') {
            return Err(PlaceholderError::Empty);
        }
        match rule {
            NameRule::Word if !word(name) => {
                return Err(PlaceholderError::BadName(name.to_owned()));
            }
            NameRule::Dotted if !dotted(name) => {
                return Err(PlaceholderError::BadDottedName(name.to_owned()));
            }
            _ => {}
        }
        out.push(Piece::Var(name));
        rest = &after[end + CLOSE.len()..];
    }
    let text = check_text(rest, rule)?;
    if !text.is_empty() {
        out.push(Piece::Text(text));
    }
    Ok(out)
}

/// The placeholder names of `content`, each once, in order of first appearance.
pub fn names(content: &str, rule: NameRule) -> Result<Vec<String>, PlaceholderError> {
    let mut names: Vec<String> = Vec::new();
    for piece in parse(content, rule)? {
        if let Piece::Var(name) = piece
            && !names.iter().any(|n| n == name)
        {
            names.push(name.to_owned());
        }
    }
    Ok(names)
}

/// `content` with each placeholder replaced by `value(name)`; a placeholder without a value, and
/// anything that is not a placeholder (an unclosed `{{`), stays as written. Templates are checked
/// with [`parse`] when they are saved; filling never fails.
pub fn fill(content: &str, value: impl Fn(&str) -> Option<String>) -> String {
    let mut out = String::with_capacity(content.len());
    let mut rest = content;
    while let Some(start) = rest.find(OPEN) {
        out.push_str(&rest[..start]);
        let after = &rest[start + OPEN.len()..];
        let Some(end) = after.find(CLOSE) else {
            out.push_str(&rest[start..]);
            return out;
        };
        let raw = &after[..end];
        match value(raw.trim()) {
            Some(v) => out.push_str(&v),
            None => {
                out.push_str(OPEN);
                out.push_str(raw);
                out.push_str(CLOSE);
            }
        }
        rest = &after[end + CLOSE.len()..];
    }
    out.push_str(rest);
    out
}

/// `content` written before m0027 (`{name}`, `{customer.name}`) in today's syntax: each
/// well-formed single-brace placeholder (a dotted name between `{` and `}`) becomes
/// `{{name}}`; `{{…}}` placeholders and any other brace stay as written. Rewriting twice changes
/// nothing more.
pub fn from_single_braces(content: &str) -> String {
    let mut out = String::with_capacity(content.len() + 8);
    let mut rest = content;
    while let Some(start) = rest.find('{') {
        out.push_str(&rest[..start]);
        let at = &rest[start..];
        if let Some(inside) = at.strip_prefix(OPEN) {
            // Already a `{{…}}` placeholder (or an unclosed `{{`): kept as written.
            let Some(end) = inside.find(CLOSE) else {
                out.push_str(at);
                return out;
            };
            let len = OPEN.len() + end + CLOSE.len();
            out.push_str(&at[..len]);
            rest = &at[len..];
            continue;
        }
        let after = &at[1..];
        match after.find('}') {
            Some(end) if dotted(&after[..end]) && !after[end + 1..].starts_with('}') => {
                out.push_str(OPEN);
                out.push_str(&after[..end]);
                out.push_str(CLOSE);
                rest = &after[end + 1..];
            }
            _ => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const SMS: NameRule = NameRule::Word;
    const NOTICE: NameRule = NameRule::Dotted;
    const CONTRACT: NameRule = NameRule::Any;

    #[test]
    fn sms_names() {
        assert_eq!(
            names("您的验证码是{{code}}，{{ minutes }}分钟内有效{{code}}", SMS),
            Ok(vec!["code".to_owned(), "minutes".to_owned()])
        );
        assert_eq!(names("无占位符", SMS), Ok(vec![]));
        assert_eq!(
            names("{{user_Name2}}", SMS),
            Ok(vec!["user_Name2".to_owned()])
        );
        assert_eq!(names("a}}b", SMS), Err(PlaceholderError::Unopened));
        assert_eq!(names("{{abc", SMS), Err(PlaceholderError::Unclosed));
        assert_eq!(names("{{a{{b}}", SMS), Err(PlaceholderError::Empty));
        assert_eq!(names("{{ }}", SMS), Err(PlaceholderError::Empty));
        assert_eq!(
            names("{{1a}}", SMS),
            Err(PlaceholderError::BadName("1a".to_owned()))
        );
        assert_eq!(
            names("{{customer.name}}", SMS),
            Err(PlaceholderError::BadName("customer.name".to_owned()))
        );
        for bad in ["{{na-me}}", "{{{code}}"] {
            assert!(names(bad, SMS).is_err(), "{bad}");
        }
        // A lone brace is text; braces are only a placeholder when doubled.
        assert_eq!(names("价格{约}", SMS), Ok(vec![]));
        assert_eq!(names("a{b", SMS), Ok(vec![]));
    }

    #[test]
    fn the_old_single_braces_are_refused_with_the_way_to_write_them() {
        assert_eq!(
            names("验证码{code}", SMS),
            Err(PlaceholderError::SingleBraces("code".to_owned()))
        );
        assert_eq!(
            names("尊敬的{customer.name}：{{amount}}", NOTICE),
            Err(PlaceholderError::SingleBraces("customer.name".to_owned()))
        );
        assert_eq!(
            PlaceholderError::SingleBraces("code".to_owned()).to_string(),
            "占位符须写成“{{code}}”，不是“{code}”"
        );
        // Contract bodies never had single-brace placeholders: a `{x}` there is text.
        assert_eq!(names("条款{x}", CONTRACT), Ok(vec![]));
    }

    #[test]
    fn dotted_names() {
        assert_eq!(
            names("尊敬的{{customer.name}}，请于{{ dueDate }}前还款", NOTICE),
            Ok(vec!["customer.name".to_owned(), "dueDate".to_owned()])
        );
        for bad in [
            "{{customer.}}",
            "{{.name}}",
            "{{customer..name}}",
            "{{a b}}",
        ] {
            assert!(
                matches!(names(bad, NOTICE), Err(PlaceholderError::BadDottedName(_))),
                "{bad}"
            );
        }
    }

    #[test]
    fn messages_show_the_placeholder_as_written() {
        assert_eq!(
            PlaceholderError::BadName("1a".to_owned()).to_string(),
            "占位符“{{1a}}”不合法：须以字母开头，由字母、数字或下划线组成"
        );
        assert_eq!(
            PlaceholderError::Empty.to_string(),
            "有空的或嵌套的变量“{{}}”"
        );
        assert_eq!(
            PlaceholderError::Unopened.to_string(),
            "花括号不成对（多了“}}”）"
        );
        assert_eq!(
            PlaceholderError::Unclosed.to_string(),
            "花括号不成对（缺少“}}”）"
        );
    }

    #[test]
    fn contract_bodies() {
        assert_eq!(
            parse(
                "甲方{{customer.name}}，金额{{ order.financedAmount }}元",
                CONTRACT
            ),
            Ok(vec![
                Piece::Text("甲方"),
                Piece::Var("customer.name"),
                Piece::Text("，金额"),
                Piece::Var("order.financedAmount"),
                Piece::Text("元"),
            ])
        );
        assert!(parse("{{customer.name", CONTRACT).is_err());
        assert_eq!(parse("{{}}", CONTRACT), Err(PlaceholderError::Empty));
        assert!(parse("{{a{{b}}", CONTRACT).is_err());
    }

    #[test]
    fn fill_keeps_unknown_placeholders() {
        let value = |n: &str| (n == "code").then(|| "123456".to_owned());
        assert_eq!(
            fill("码{{code}}，{{minutes}}分钟", value),
            "码123456，{{minutes}}分钟"
        );
        assert_eq!(fill("甲方：{{ code }}。", value), "甲方：123456。");
        assert_eq!(fill("坏{{", value), "坏{{");
        assert_eq!(fill("码{{code}}，{x}有效{{", value), "码123456，{x}有效{{");
    }

    #[test]
    fn single_braces_are_rewritten() {
        assert_eq!(
            from_single_braces("您的登录验证码为{code}，5分钟内有效。"),
            "您的登录验证码为{{code}}，5分钟内有效。"
        );
        assert_eq!(
            from_single_braces("尊敬的{customer.name}（{customer.customerNo}）"),
            "尊敬的{{customer.name}}（{{customer.customerNo}}）"
        );
        // Already double, not a name, unclosed: as written.
        for kept in [
            "{{customer.name}}已到期",
            "{{ code }}",
            "{1a}",
            "{a b}",
            "{}",
            "a{b",
            "{{x",
            "{a}}",
        ] {
            assert_eq!(from_single_braces(kept), kept);
        }
        assert_eq!(from_single_braces("{a}{{b}}{c}"), "{{a}}{{b}}{{c}}");
    }

    /// A text of words, blanks, Chinese and single-brace placeholders, as the old editors
    /// accepted it.
    fn old_template() -> impl Strategy<Value = (String, Vec<String>)> {
        let name = "[a-zA-Z][a-zA-Z0-9_]{0,6}(\\.[a-zA-Z][a-zA-Z0-9_]{0,6}){0,2}";
        let piece = prop_oneof![
            "[a-z0-9 ，。：元]{0,8}".prop_map(|t| (t, None)),
            name.prop_map(|n| (format!("{{{n}}}"), Some(n))),
        ];
        proptest::collection::vec(piece, 0..8).prop_map(|pieces| {
            let mut text = String::new();
            let mut names: Vec<String> = Vec::new();
            for (t, n) in pieces {
                text.push_str(&t);
                if let Some(n) = n
                    && !names.contains(&n)
                {
                    names.push(n);
                }
            }
            (text, names)
        })
    }

    proptest! {
        #[test]
        fn a_rewritten_old_template_has_the_same_placeholders((old, old_names) in old_template()) {
            let new = from_single_braces(&old);
            prop_assert_eq!(names(&new, NOTICE), Ok(old_names.clone()));
            // Rewriting again changes nothing.
            prop_assert_eq!(&from_single_braces(&new), &new);
            // Filled, the old and the new text read the same.
            let value = |n: &str| Some(format!("<{}>", n.len()));
            let filled = fill(&new, value);
            prop_assert!(!filled.contains("{{"), "{}", filled);
            // The old text, not rewritten, is refused and says how to write it.
            if let Some(first) = old_names.first() {
                prop_assert_eq!(
                    names(&old, NOTICE),
                    Err(PlaceholderError::SingleBraces(first.clone()))
                );
            }
        }

        #[test]
        fn fill_replaces_every_placeholder_it_has_a_value_for(
            (old, old_names) in old_template()
        ) {
            let new = from_single_braces(&old);
            let filled = fill(&new, |n| Some(format!("[{n}]")));
            for name in &old_names {
                let shown = format!("[{name}]");
                prop_assert!(filled.contains(&shown), "{} in {}", name, filled);
            }
            prop_assert_eq!(fill(&new, |_| None), new);
        }
    }
}
