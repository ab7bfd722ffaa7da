//! The catalogue against the code, and how messages are translated.

use super::*;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Where the code's Chinese texts are: the crates whose messages reach an answer.
const SOURCES: [&str; 3] = ["domain/src", "service/src", "server/src"];

fn crates_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = entries.filter_map(|e| e.ok()).map(|e| e.path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The string literals of a Rust source outside test code (`#[cfg(test)]` items), with the
/// text before each on its line.
fn literals(src: &str) -> Vec<(String, String)> {
    let b: Vec<char> = src.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    let mut skip_item = false;
    let mut skip_depth: Option<usize> = None;
    let mut depth = 0usize;
    let at = |i: usize, s: &str| s.chars().enumerate().all(|(k, c)| b.get(i + k) == Some(&c));
    while i < b.len() {
        let c = b[i];
        if at(i, "//") {
            while i < b.len() && b[i] != '\n' {
                i += 1;
            }
            continue;
        }
        if at(i, "/*") {
            i += 2;
            while i < b.len() && !at(i, "*/") {
                i += 1;
            }
            i += 2;
            continue;
        }
        if at(i, "#[cfg(test)]") {
            skip_item = true;
            i += 12;
            continue;
        }
        if c == '{' {
            if skip_item && skip_depth.is_none() {
                skip_depth = Some(depth);
                skip_item = false;
            }
            depth += 1;
            i += 1;
            continue;
        }
        if c == '}' {
            depth = depth.saturating_sub(1);
            if skip_depth == Some(depth) {
                skip_depth = None;
            }
            i += 1;
            continue;
        }
        if c == ';' && skip_item && skip_depth.is_none() {
            skip_item = false;
            i += 1;
            continue;
        }
        let word_before = i > 0 && (b[i - 1].is_alphanumeric() || b[i - 1] == '_');
        // Raw strings: r"…", r#"…"#, br"…".
        if (c == 'r' || (c == 'b' && b.get(i + 1) == Some(&'r'))) && !word_before {
            let mut j = if c == 'b' { i + 2 } else { i + 1 };
            let mut hashes = 0;
            while b.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if b.get(j) == Some(&'"') {
                let close: String = std::iter::once('"')
                    .chain(std::iter::repeat_n('#', hashes))
                    .collect();
                let start = j + 1;
                let mut k = start;
                while k < b.len() && !at(k, &close) {
                    k += 1;
                }
                let text: String = b[start..k.min(b.len())].iter().collect();
                push_literal(&b, i, text, skip_depth.is_some(), &mut out);
                i = k + close.chars().count();
                continue;
            }
        }
        if c == '\'' {
            // A char literal ('x', '\n', '"') or a lifetime ('a).
            if b.get(i + 1) == Some(&'\\') {
                let mut k = i + 2;
                while k < b.len() && b[k] != '\'' {
                    k += 1;
                }
                i = k + 1;
            } else if b.get(i + 2) == Some(&'\'') {
                i += 3;
            } else {
                i += 1;
            }
            continue;
        }
        if c == '"' {
            let mut k = i + 1;
            let mut text = String::new();
            while k < b.len() && b[k] != '"' {
                if b[k] == '\\' {
                    let next = b.get(k + 1).copied().unwrap_or('\\');
                    match next {
                        '\n' => {
                            k += 2;
                            while k < b.len() && b[k].is_whitespace() {
                                k += 1;
                            }
                            continue;
                        }
                        'n' => text.push('\n'),
                        't' => text.push('\t'),
                        '0' => text.push('\0'),
                        other => text.push(other),
                    }
                    k += 2;
                    continue;
                }
                text.push(b[k]);
                k += 1;
            }
            push_literal(&b, i, text, skip_depth.is_some(), &mut out);
            i = k + 1;
            continue;
        }
        i += 1;
    }
    out
}

fn push_literal(
    b: &[char],
    at: usize,
    text: String,
    in_test: bool,
    out: &mut Vec<(String, String)>,
) {
    if in_test {
        return;
    }
    let line_start = b[..at]
        .iter()
        .rposition(|&c| c == '\n')
        .map_or(0, |p| p + 1);
    let before: String = b[line_start..at].iter().collect();
    out.push((text, before));
}

/// A literal as the catalogue writes it: each `{…}` of a format string a numbered part,
/// `{{` and `}}` single braces.
fn template_of(literal: &str) -> String {
    let mut out = String::new();
    let mut n = 0;
    let mut chars = literal.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '{' if chars.peek() == Some(&'{') => {
                chars.next();
                out.push('{');
            }
            '}' if chars.peek() == Some(&'}') => {
                chars.next();
                out.push('}');
            }
            '{' => {
                for d in chars.by_ref() {
                    if d == '}' {
                        break;
                    }
                }
                out.push_str(&format!("{{{n}}}"));
                n += 1;
            }
            other => out.push(other),
        }
    }
    out
}

/// Whether a literal is not a message: an export sheet's name or column header (exports are
/// business records kept in the business's language).
fn not_a_message(before: &str) -> bool {
    let before = before.trim_end();
    before.ends_with("header:") || before.contains("SHEET")
}

/// The files of test modules declared in a file of their own (`#[cfg(test)] mod tests;`).
fn test_module_files(files: &[PathBuf]) -> BTreeSet<PathBuf> {
    let declared = Regex::new(r"#\[cfg\(test\)\]\s*(?:#\[[^\]]*\]\s*)*mod\s+(\w+)\s*;")
        .unwrap_or_else(|e| panic!("{e}"));
    let mut out = BTreeSet::new();
    for file in files {
        let Ok(src) = std::fs::read_to_string(file) else {
            continue;
        };
        let stem = file
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or_default();
        let Some(parent) = file.parent() else {
            continue;
        };
        // A module's children live beside `mod.rs`/`lib.rs`, else in the folder of its name.
        let dir = if ["mod", "lib", "main"].contains(&stem) {
            parent.to_path_buf()
        } else {
            parent.join(stem)
        };
        for m in declared.captures_iter(&src) {
            out.insert(dir.join(format!("{}.rs", &m[1])));
            out.insert(dir.join(&m[1]).join("mod.rs"));
        }
    }
    out
}

/// Every Chinese text of the code, as a catalogue key, with the first place it is written.
fn code_texts() -> BTreeMap<String, String> {
    let mut files = Vec::new();
    for dir in SOURCES {
        rust_files(&crates_dir().join(dir), &mut files);
    }
    let test_files = test_module_files(&files);
    let mut texts = BTreeMap::new();
    for file in files {
        if test_files.contains(&file) {
            continue;
        }
        let Ok(src) = std::fs::read_to_string(&file) else {
            continue;
        };
        for (literal, before) in literals(&src) {
            if !has_han(&literal) || not_a_message(&before) {
                continue;
            }
            texts
                .entry(template_of(&literal))
                .or_insert_with(|| file.display().to_string());
        }
    }
    texts
}

fn escape(text: &str) -> String {
    text.replace('\\', "\\\\")
        .replace('\n', "\\n")
        .replace('\t', "\\t")
}

fn parts_of(text: &str) -> Vec<usize> {
    let mut parts: Vec<usize> = pieces(text)
        .into_iter()
        .filter_map(|p| match p {
            Piece::Part(n) => Some(n),
            Piece::Text(_) => None,
        })
        .collect();
    parts.sort_unstable();
    parts
}

#[test]
fn every_row_has_all_four_languages_with_the_same_parts() {
    let mut seen = BTreeSet::new();
    let mut problems = Vec::new();
    for (n, line) in MESSAGES.lines().enumerate() {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let cells: Vec<&str> = line.split('\t').collect();
        if cells.len() != 4 || cells.iter().any(|c| c.trim().is_empty()) {
            problems.push(format!("line {}: not four non-empty cells: {line}", n + 1));
            continue;
        }
        if !seen.insert(cells[0]) {
            problems.push(format!("line {}: {} twice", n + 1, cells[0]));
        }
        let zh = parts_of(&unescape(cells[0]));
        for cell in &cells[1..] {
            if parts_of(&unescape(cell)) != zh {
                problems.push(format!("line {}: parts differ in {cell}", n + 1));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "messages.tsv:\n{}",
        problems.join("\n")
    );
}

#[test]
fn every_chinese_text_of_the_code_is_in_the_catalogue_and_every_row_is_used() {
    let code = code_texts();
    assert!(code.len() > 500, "the scan found only {} texts", code.len());
    let rows: BTreeSet<String> = CATALOGUE.rows.iter().map(|r| r.zh.clone()).collect();
    let missing: Vec<String> = code
        .iter()
        .filter(|(text, _)| !rows.contains(*text))
        .map(|(text, file)| format!("{}\t{file}", escape(text)))
        .collect();
    let stale: Vec<&String> = rows.iter().filter(|r| !code.contains_key(*r)).collect();
    if let Ok(path) = std::env::var("BEEHIVE_MESSAGES_MISSING") {
        let _ = std::fs::write(path, missing.join("\n"));
    }
    assert!(
        missing.is_empty() && stale.is_empty(),
        "messages.tsv lacks {} texts of the code:\n{}\nand has {} rows the code no longer writes:\n{}",
        missing.len(),
        missing.join("\n"),
        stale.len(),
        stale
            .iter()
            .map(|s| escape(s))
            .collect::<Vec<_>>()
            .join("\n"),
    );
}

#[test]
fn a_plain_message_a_composed_one_and_a_label_with_its_rule() {
    let c = Catalogue::parse(
        "订单不存在\tOrder not found\tPedido no encontrado\t注文が見つかりません\n\
         该退保申请{0}，不能{1}\tThis surrender application is {0} and cannot be {1}\tx {0} {1}\ty {0} {1}\n\
         已驳回\trejected\trechazada\t却下済み\n\
         撤回\twithdrawn\tretirada\t取り下げ\n\
         姓名\tName\tNombre\t氏名\n\
         不能为空\tCannot be empty\tNo puede estar vacío\t空欄にはできません\n\
         {0}不存在\t{0} not found\t{0} no encontrado\t{0}が見つかりません\n",
    );
    assert_eq!(
        c.translate("订单不存在", 0, 0).as_deref(),
        Some("Order not found")
    );
    assert_eq!(
        c.translate("该退保申请已驳回，不能撤回", 0, 0).as_deref(),
        Some("This surrender application is rejected and cannot be withdrawn")
    );
    assert_eq!(
        c.translate("姓名不能为空", 0, 0).as_deref(),
        Some("Name cannot be empty")
    );
    assert_eq!(
        c.translate("姓名不能为空", 2, 0).as_deref(),
        Some("氏名：空欄にはできません")
    );
    // A name the catalogue does not know stays inside the translated sentence.
    assert_eq!(
        c.translate("郭子豪不存在", 0, 0).as_deref(),
        Some("郭子豪 not found")
    );
    // Nothing to translate.
    assert_eq!(c.translate("VIN 123", 0, 0).as_deref(), Some("VIN 123"));
    assert_eq!(c.translate("完全未知的话", 0, 0), None);
}

#[test]
fn the_language_of_a_request() {
    let lang = |v: &str| {
        let mut h = HeaderMap::new();
        if let Ok(value) = v.parse() {
            h.insert(ACCEPT_LANGUAGE, value);
        }
        Lang::of_request(&h)
    };
    assert_eq!(lang(""), Lang::Zh);
    assert_eq!(lang("en"), Lang::En);
    assert_eq!(lang("en-US,en;q=0.9"), Lang::En);
    assert_eq!(lang("fr-FR, es;q=0.8, en;q=0.5"), Lang::Es);
    assert_eq!(lang("ja-JP"), Lang::Ja);
    assert_eq!(lang("zh-CN,zh;q=0.9,en;q=0.8"), Lang::Zh);
    assert_eq!(lang("de, en;q=0"), Lang::Zh);
    assert_eq!(lang("en;q=0.2, ja;q=0.7"), Lang::Ja);
}

#[test]
fn the_scan_reads_format_strings_and_skips_tests() {
    let src = r####"
fn f() { Error::invalid("a", format!("订单{}不存在{x:?}", 1)); let c = '"'; let r = r#"原样"#; }
// "注释里的话"
#[cfg(test)]
mod tests { fn g() { let _ = "测试里的话"; } }
fn h() -> &'static str { "之后的话{{}}" }
"####;
    let found: Vec<String> = literals(src)
        .into_iter()
        .map(|(t, _)| template_of(&t))
        .filter(|t| has_han(t))
        .collect();
    assert_eq!(found, vec!["订单{0}不存在{1}", "原样", "之后的话{}"]);
}
