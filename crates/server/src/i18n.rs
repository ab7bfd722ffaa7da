//! The server's messages in the user's language (docs/i18n.md).
//!
//! The service and the domain write their messages in Chinese, the language of the business;
//! this module translates a message at the edge, when the answer is written, into the
//! language of the request (`Accept-Language`, Chinese by default). The catalogue
//! (`messages.tsv`) holds every Chinese text the code can put in a message — plain messages,
//! the templates of composed ones (`该退保申请{0}，不能{1}`) and the fragments they are composed
//! of (status labels, field labels, verbs) — with its English, Spanish and Japanese. A test
//! reads the sources and fails when a Chinese text of the code is missing from the catalogue,
//! a row lacks a language, or a row is no longer used.
//!
//! A message is translated by the first of: the catalogue row equal to it; the most specific
//! template matching it, its parts translated the same way (a status label inside a sentence);
//! a known fragment followed by a translatable rest (`姓名` + `不能为空`). What matches none
//! (a customer's name) stays as it is.

use std::collections::HashMap;
use std::sync::LazyLock;

use axum::http::HeaderMap;
use axum::http::header::ACCEPT_LANGUAGE;
use regex::{Regex, RegexSet};

/// A language of the workspace.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lang {
    Zh,
    En,
    Es,
    Ja,
}

tokio::task_local! {
    /// The current request's language, set by the request-context middleware.
    pub static LANG: Lang;
}

impl Lang {
    /// The language a request asks for: the `Accept-Language` entry of the highest weight that
    /// is one of ours (by its primary tag: `en-US` is English), Chinese when none is.
    pub fn of_request(headers: &HeaderMap) -> Lang {
        headers
            .get(ACCEPT_LANGUAGE)
            .and_then(|v| v.to_str().ok())
            .and_then(Lang::from_accept_language)
            .unwrap_or(Lang::Zh)
    }

    fn from_accept_language(header: &str) -> Option<Lang> {
        let mut best: Option<(u16, Lang)> = None;
        for entry in header.split(',') {
            let mut parts = entry.split(';');
            let tag = parts.next().unwrap_or_default().trim();
            let weight = parts
                .find_map(|p| p.trim().strip_prefix("q="))
                .map_or(Some(1000), parse_weight);
            let (Some(weight), Some(lang)) = (weight, Lang::from_tag(tag)) else {
                continue;
            };
            if weight > 0 && best.is_none_or(|(w, _)| weight > w) {
                best = Some((weight, lang));
            }
        }
        best.map(|(_, lang)| lang)
    }

    fn from_tag(tag: &str) -> Option<Lang> {
        let primary = tag.split(['-', '_']).next()?.to_ascii_lowercase();
        match primary.as_str() {
            "zh" => Some(Lang::Zh),
            "en" => Some(Lang::En),
            "es" => Some(Lang::Es),
            "ja" => Some(Lang::Ja),
            _ => None,
        }
    }

    /// The column of the catalogue (none for Chinese, the catalogue's key).
    fn column(self) -> Option<usize> {
        match self {
            Lang::Zh => None,
            Lang::En => Some(0),
            Lang::Es => Some(1),
            Lang::Ja => Some(2),
        }
    }
}

/// A quality value (`0.8`) in thousandths; `None` when malformed.
fn parse_weight(q: &str) -> Option<u16> {
    let value: f32 = q.trim().parse().ok()?;
    if !(0.0..=1.0).contains(&value) {
        return None;
    }
    // In 0..=1000 after the range check above.
    #[allow(clippy::cast_possible_truncation, clippy::float_arithmetic)]
    Some((value * 1000.0).round() as u16)
}

/// The current request's language (Chinese outside a request).
pub fn current() -> Lang {
    LANG.try_with(|l| *l).unwrap_or(Lang::Zh)
}

/// `message` in the current request's language.
pub fn localize(message: &str) -> String {
    translate(message, current())
}

/// `message` in `lang`.
pub fn translate(message: &str, lang: Lang) -> String {
    match lang.column() {
        None => message.to_owned(),
        Some(col) => CATALOGUE
            .translate(message, col, 0)
            .unwrap_or_else(|| message.to_owned()),
    }
}

/// The catalogue's text: `zh \t en \t es \t ja` per line, `{0}`… the parts of a template.
const MESSAGES: &str = include_str!("../messages.tsv");

/// One row of the catalogue.
struct Row {
    zh: String,
    tr: [String; 3],
}

/// A row whose Chinese has parts, as a pattern.
struct Template {
    row: usize,
    pattern: Regex,
    /// The length of its fixed text: of two matching templates, the longer is the more specific.
    fixed: usize,
}

struct Catalogue {
    rows: Vec<Row>,
    exact: HashMap<String, usize>,
    templates: Vec<Template>,
    any: RegexSet,
}

static CATALOGUE: LazyLock<Catalogue> = LazyLock::new(|| Catalogue::parse(MESSAGES));

/// How deep parts of parts are translated.
const MAX_DEPTH: usize = 3;

/// `\n`, `\t` and `\\` in a catalogue cell.
fn unescape(cell: &str) -> String {
    let mut out = String::with_capacity(cell.len());
    let mut chars = cell.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some(other) => out.push(other),
            None => out.push('\\'),
        }
    }
    out
}

/// The text of a template split at its parts: fixed texts and part numbers, in order.
enum Piece<'a> {
    Text(&'a str),
    Part(usize),
}

fn pieces(template: &str) -> Vec<Piece<'_>> {
    let mut out = Vec::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        let close = after.find('}');
        let number = close.and_then(|c| after[..c].parse::<usize>().ok());
        match (close, number) {
            (Some(close), Some(n)) => {
                if open > 0 {
                    out.push(Piece::Text(&rest[..open]));
                }
                out.push(Piece::Part(n));
                rest = &after[close + 1..];
            }
            _ => {
                out.push(Piece::Text(&rest[..=open]));
                rest = after;
            }
        }
    }
    if !rest.is_empty() {
        out.push(Piece::Text(rest));
    }
    out
}

/// Whether `text` has a Han character (what makes it Chinese to translate).
fn has_han(text: &str) -> bool {
    text.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c))
}

impl Catalogue {
    fn parse(text: &str) -> Catalogue {
        let mut rows = Vec::new();
        for line in text.lines() {
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let cells: Vec<String> = line.split('\t').map(unescape).collect();
            if let [zh, en, es, ja] = cells.as_slice() {
                rows.push(Row {
                    zh: zh.clone(),
                    tr: [en.clone(), es.clone(), ja.clone()],
                });
            }
        }
        let mut exact = HashMap::new();
        let mut templates = Vec::new();
        for (i, row) in rows.iter().enumerate() {
            let parts = pieces(&row.zh);
            if !parts.iter().any(|p| matches!(p, Piece::Part(_))) {
                exact.insert(row.zh.clone(), i);
                continue;
            }
            let mut pattern = String::from("^");
            let mut fixed = 0;
            for piece in &parts {
                match piece {
                    Piece::Text(t) => {
                        pattern.push_str(&regex::escape(t));
                        fixed += t.chars().count();
                    }
                    Piece::Part(_) => pattern.push_str("(.+?)"),
                }
            }
            pattern.push('$');
            // `(?s)`: a part may hold a line break.
            if let Ok(re) = Regex::new(&format!("(?s){pattern}")) {
                templates.push(Template {
                    row: i,
                    pattern: re,
                    fixed,
                });
            }
        }
        let any = RegexSet::new(templates.iter().map(|t| t.pattern.as_str()))
            .unwrap_or_else(|_| RegexSet::empty());
        Catalogue {
            rows,
            exact,
            templates,
            any,
        }
    }

    fn translate(&self, message: &str, col: usize, depth: usize) -> Option<String> {
        if !has_han(message) {
            return Some(message.to_owned());
        }
        if let Some(&i) = self.exact.get(message) {
            return self.rows.get(i).map(|r| r.tr[col].clone());
        }
        if depth >= MAX_DEPTH {
            return None;
        }
        if let Some(text) = self.by_template(message, col, depth) {
            return Some(text);
        }
        self.by_fragments(message, col, depth)
    }

    /// The most specific template matching `message`, its parts translated.
    fn by_template(&self, message: &str, col: usize, depth: usize) -> Option<String> {
        let template = self
            .any
            .matches(message)
            .into_iter()
            .filter_map(|i| self.templates.get(i))
            .max_by_key(|t| t.fixed)?;
        let captures = template.pattern.captures(message)?;
        let row = self.rows.get(template.row)?;
        let mut out = String::new();
        for piece in pieces(&row.tr[col]) {
            match piece {
                Piece::Text(t) => out.push_str(t),
                Piece::Part(n) => {
                    let part = captures.get(n + 1).map_or("", |m| m.as_str());
                    let translated = self
                        .translate(part, col, depth + 1)
                        .unwrap_or_else(|| part.to_owned());
                    out.push_str(&translated);
                }
            }
        }
        Some(out)
    }

    /// A known fragment (a field's label) followed by a translatable rest (the rule's message),
    /// the longest such fragment first.
    fn by_fragments(&self, message: &str, col: usize, depth: usize) -> Option<String> {
        let splits: Vec<usize> = message
            .char_indices()
            .map(|(i, _)| i)
            .filter(|&i| i > 0)
            .collect();
        for &at in splits.iter().rev() {
            let (head, rest) = message.split_at(at);
            let Some(&i) = self.exact.get(head) else {
                continue;
            };
            let Some(rest) = self.translate(rest, col, depth + 1) else {
                continue;
            };
            let head = self.rows.get(i)?.tr[col].clone();
            // Japanese: the label, a full-width colon, the rule (`氏名：空欄にはできません`).
            return Some(if col == 2 {
                format!("{head}：{rest}")
            } else {
                format!("{head} {}", lower_first(&rest))
            });
        }
        None
    }
}

/// `Is required` → `is required` after a label; an acronym (`VIN`) stays.
fn lower_first(text: &str) -> String {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(first), Some(second)) if first.is_uppercase() && !second.is_uppercase() => {
            first.to_lowercase().chain(text.chars().skip(1)).collect()
        }
        _ => text.to_owned(),
    }
}

#[cfg(test)]
mod tests;
