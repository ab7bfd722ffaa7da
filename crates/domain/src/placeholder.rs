//! Placeholders in texts that are filled per recipient: `{name}` in SMS and notice templates
//! (notice templates also take dotted names such as `{customer.name}`) and `{{ name }}` in
//! contract template bodies. One scanner for both syntaxes, so a template is judged the same
//! way when it is saved and when it is filled.

/// How placeholders are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Syntax {
    /// `{name}`: a letter, then letters, digits or `_`; with `dotted`, several such parts
    /// joined by `.`. Used by SMS and notice templates.
    Single { dotted: bool },
    /// `{{ name }}`, blanks inside the braces ignored, any non-empty name. Used by contract
    /// template bodies.
    Double,
}

impl Syntax {
    fn open(self) -> &'static str {
        match self {
            Syntax::Single { .. } => "{",
            Syntax::Double => "{{",
        }
    }

    fn close(self) -> &'static str {
        match self {
            Syntax::Single { .. } => "}",
            Syntax::Double => "}}",
        }
    }
}

/// What is wrong with a template text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlaceholderError {
    #[error("花括号不成对（多了“{0}”）")]
    Unopened(&'static str),
    #[error("花括号不成对（缺少“{0}”）")]
    Unclosed(&'static str),
    #[error("花括号不成对（不能嵌套）")]
    Nested,
    #[error("有空的或嵌套的变量“{{{{}}}}”")]
    Empty,
    #[error("占位符“{{{0}}}”不合法：须以字母开头，由字母、数字或下划线组成")]
    BadName(String),
}

/// A piece of a template text: literal text or a placeholder name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Piece<'a> {
    Text(&'a str),
    Var(&'a str),
}

fn name_part(part: &str) -> bool {
    let mut chars = part.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Splits `content` into text and placeholders.
pub fn parse(content: &str, syntax: Syntax) -> Result<Vec<Piece<'_>>, PlaceholderError> {
    let (open, close) = (syntax.open(), syntax.close());
    let mut out = Vec::new();
    let mut rest = content;
    while let Some(start) = rest.find(open) {
        let (text, after) = rest.split_at(start);
        if text.contains(close) {
            return Err(PlaceholderError::Unopened(close));
        }
        if !text.is_empty() {
            out.push(Piece::Text(text));
        }
        let after = &after[open.len()..];
        let Some(end) = after.find(close) else {
            return Err(match syntax {
                Syntax::Single { .. } if after.contains('{') => PlaceholderError::Nested,
                _ => PlaceholderError::Unclosed(close),
            });
        };
        let raw = &after[..end];
        let name = match syntax {
            Syntax::Single { dotted } => {
                if raw.contains('{') {
                    return Err(PlaceholderError::Nested);
                }
                let ok = if dotted {
                    raw.split('.').all(name_part)
                } else {
                    name_part(raw)
                };
                if !ok {
                    return Err(PlaceholderError::BadName(raw.to_owned()));
                }
                raw
            }
            Syntax::Double => {
                let name = raw.trim();
                if name.is_empty() || name.contains('{') {
                    return Err(PlaceholderError::Empty);
                }
                name
            }
        };
        out.push(Piece::Var(name));
        rest = &after[end + close.len()..];
    }
    if rest.contains(close) {
        return Err(PlaceholderError::Unopened(close));
    }
    if !rest.is_empty() {
        out.push(Piece::Text(rest));
    }
    Ok(out)
}

/// The placeholder names of `content`, each once, in order of first appearance.
pub fn names(content: &str, syntax: Syntax) -> Result<Vec<String>, PlaceholderError> {
    let mut names: Vec<String> = Vec::new();
    for piece in parse(content, syntax)? {
        if let Piece::Var(name) = piece
            && !names.iter().any(|n| n == name)
        {
            names.push(name.to_owned());
        }
    }
    Ok(names)
}

/// `content` with each placeholder replaced by `value(name)`; a placeholder without a value, and
/// anything that is not a placeholder (a lone brace), stays as written. Templates are checked
/// with [`parse`] when they are saved; filling never fails.
pub fn fill(content: &str, syntax: Syntax, value: impl Fn(&str) -> Option<String>) -> String {
    let (open, close) = (syntax.open(), syntax.close());
    let mut out = String::with_capacity(content.len());
    let mut rest = content;
    while let Some(start) = rest.find(open) {
        out.push_str(&rest[..start]);
        let after = &rest[start + open.len()..];
        let Some(end) = after.find(close) else {
            out.push_str(&rest[start..]);
            return out;
        };
        let raw = &after[..end];
        let name = match syntax {
            Syntax::Single { .. } => raw,
            Syntax::Double => raw.trim(),
        };
        match value(name) {
            Some(v) => out.push_str(&v),
            None => {
                out.push_str(open);
                out.push_str(raw);
                out.push_str(close);
            }
        }
        rest = &after[end + close.len()..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const SMS: Syntax = Syntax::Single { dotted: false };
    const NOTICE: Syntax = Syntax::Single { dotted: true };

    #[test]
    fn single_braces() {
        assert_eq!(
            names("您的验证码是{code}，{minutes}分钟内有效{code}", SMS),
            Ok(vec!["code".to_owned(), "minutes".to_owned()])
        );
        assert_eq!(names("{a{b}}", SMS), Err(PlaceholderError::Nested));
        assert_eq!(names("a}b", SMS), Err(PlaceholderError::Unopened("}")));
        assert_eq!(names("{abc", SMS), Err(PlaceholderError::Unclosed("}")));
        assert_eq!(
            names("{1a}", SMS),
            Err(PlaceholderError::BadName("1a".to_owned()))
        );
        assert_eq!(
            names("{customer.name}", SMS),
            Err(PlaceholderError::BadName("customer.name".to_owned()))
        );
        assert_eq!(
            names("{customer.name}", NOTICE),
            Ok(vec!["customer.name".to_owned()])
        );
        assert_eq!(
            PlaceholderError::BadName("1a".to_owned()).to_string(),
            "占位符“{1a}”不合法：须以字母开头，由字母、数字或下划线组成"
        );
    }

    #[test]
    fn sms_names() {
        assert_eq!(names("无占位符", SMS), Ok(vec![]));
        for bad in ["{code", "code}", "{a{b}}", "{1abc}", "{}", "{na-me}"] {
            assert!(names(bad, SMS).is_err(), "{bad}");
        }
        assert_eq!(
            names("{user_Name2}", SMS),
            Ok(vec!["user_Name2".to_owned()])
        );
    }

    #[test]
    fn dotted_names() {
        assert_eq!(
            names("尊敬的{customer.name}，请于{dueDate}前还款", NOTICE),
            Ok(vec!["customer.name".to_owned(), "dueDate".to_owned()])
        );
        for bad in ["{customer.}", "{.name}", "{customer..name}"] {
            assert!(names(bad, NOTICE).is_err(), "{bad}");
        }
    }

    #[test]
    fn double_braces() {
        assert_eq!(
            parse(
                "甲方{{customer.name}}，金额{{ order.financedAmount }}元",
                Syntax::Double
            ),
            Ok(vec![
                Piece::Text("甲方"),
                Piece::Var("customer.name"),
                Piece::Text("，金额"),
                Piece::Var("order.financedAmount"),
                Piece::Text("元"),
            ])
        );
        assert!(parse("{{customer.name", Syntax::Double).is_err());
        assert_eq!(parse("{{}}", Syntax::Double), Err(PlaceholderError::Empty));
        assert!(parse("{{a{{b}}", Syntax::Double).is_err());
        assert_eq!(
            PlaceholderError::Empty.to_string(),
            "有空的或嵌套的变量“{{}}”"
        );
    }

    #[test]
    fn fill_keeps_unknown_placeholders() {
        let value = |n: &str| (n == "code").then(|| "123456".to_owned());
        assert_eq!(
            fill("码{code}，{minutes}分钟", SMS, value),
            "码123456，{minutes}分钟"
        );
        assert_eq!(
            fill("甲方：{{ code }}。", Syntax::Double, value),
            "甲方：123456。"
        );
        assert_eq!(fill("坏{", SMS, value), "坏{");
        assert_eq!(fill("码{code}，{x}有效{", SMS, value), "码123456，{x}有效{");
    }
}
