//! Checks of the crate's shape, run with the unit tests (so by the test command):
//! - no import circles among the service modules: none between two sections (top-level
//!   modules), and none between two modules of one section;
//! - permissions are spelled once: no permission string literal outside the domain catalogue.
//!
//! Dependencies are read from the source: every `crate::a::b` and `super::x` path outside
//! comments. `lib.rs` wires the application together and is left out.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// `operate/send.rs` → `["operate", "send"]`; `operate/mod.rs` → `["operate"]`.
fn module_of(root: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(root).unwrap_or(file);
    let mut parts: Vec<String> = rel
        .components()
        .map(|c| {
            c.as_os_str()
                .to_string_lossy()
                .trim_end_matches(".rs")
                .to_owned()
        })
        .collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    parts
}

/// The code of `text` without `//` comments and the `#[cfg(test)]` module at the end.
fn code(text: &str) -> String {
    let text = text.split("#[cfg(test)]\nmod tests").next().unwrap_or(text);
    text.lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The identifiers paths that start at each `prefix` (`crate::`, `super::`) in `code`,
/// with `{a, b::c}` groups expanded: `crate::{audit, error::X}` → `[audit], [error, X]`.
fn paths(code: &str, prefix: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find(prefix) {
        let before = rest[..at].chars().last();
        rest = &rest[at + prefix.len()..];
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
            continue;
        }
        collect(rest, Vec::new(), &mut out);
    }
    out
}

fn collect(text: &str, base: Vec<String>, out: &mut Vec<Vec<String>>) {
    if let Some(group) = text.strip_prefix('{') {
        let mut depth = 0;
        let mut start = 0;
        for (i, c) in group.char_indices() {
            match c {
                '{' => depth += 1,
                '}' if depth == 0 => {
                    collect(group[start..i].trim(), base, out);
                    return;
                }
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    collect(group[start..i].trim(), base.clone(), out);
                    start = i + 1;
                }
                _ => {}
            }
        }
        return;
    }
    let mut path = base;
    let mut rest = text;
    loop {
        let end = rest
            .find(|c: char| !(c.is_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        if end == 0 {
            break;
        }
        path.push(rest[..end].to_owned());
        rest = &rest[end..];
        match rest.strip_prefix("::") {
            Some(next) if next.starts_with('{') => {
                collect(next, path, out);
                return;
            }
            Some(next) => rest = next,
            None => break,
        }
    }
    if !path.is_empty() {
        out.push(path);
    }
}

/// Each module's dependencies on other modules (module paths as `a::b`).
fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&root, &mut files);
    let modules: BTreeSet<Vec<String>> = files
        .iter()
        .map(|f| module_of(&root, f))
        .filter(|m| m.first().is_some_and(|p| p != "lib"))
        .collect();
    // The longest module that is a prefix of `path`.
    let resolve = |path: &[String]| -> Option<Vec<String>> {
        (1..=path.len())
            .rev()
            .map(|n| path[..n].to_vec())
            .find(|p| modules.contains(p))
    };
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in &files {
        let me = module_of(&root, file);
        if me.first().is_none_or(|p| p == "lib" || p == "architecture") {
            continue;
        }
        let text = code(&std::fs::read_to_string(file).unwrap_or_default());
        let mut targets: Vec<Vec<String>> = paths(&text, "crate::");
        // `super::x` in module a::b means a::x (and in a::b::mod, a::b::x).
        let parent: Vec<String> = me[..me.len().saturating_sub(1)].to_vec();
        for p in paths(&text, "super::") {
            let mut full = parent.clone();
            full.extend(p);
            targets.push(full);
        }
        let entry = graph.entry(me.join("::")).or_default();
        for t in targets {
            if let Some(target) = resolve(&t)
                && target != me
            {
                entry.insert(target.join("::"));
            }
        }
    }
    graph
}

/// A cycle in `edges` (restricted to `nodes`), if any, as the list of its nodes.
fn find_cycle(edges: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        edges: &BTreeMap<String, BTreeSet<String>>,
        stack: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = stack.iter().position(|n| n == node) {
            let mut cycle = stack[at..].to_vec();
            cycle.push(node.to_owned());
            return Some(cycle);
        }
        if done.contains(node) {
            return None;
        }
        stack.push(node.to_owned());
        for next in edges.get(node).into_iter().flatten() {
            if let Some(c) = visit(next, edges, stack, done) {
                return Some(c);
            }
        }
        stack.pop();
        done.insert(node.to_owned());
        None
    }
    let mut done = BTreeSet::new();
    for node in edges.keys() {
        if let Some(c) = visit(node, edges, &mut Vec::new(), &mut done) {
            return Some(c);
        }
    }
    None
}

fn top(module: &str) -> &str {
    module.split("::").next().unwrap_or(module)
}

/// Dependencies between sections: `a::x → b::y` is `a → b` for a ≠ b.
fn sections(graph: &BTreeMap<String, BTreeSet<String>>) -> BTreeMap<String, BTreeSet<String>> {
    let mut out: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (from, tos) in graph {
        for to in tos {
            if top(from) != top(to) {
                out.entry(top(from).to_owned())
                    .or_default()
                    .insert(top(to).to_owned());
            }
        }
    }
    out
}

/// Dependencies between the modules of one section, its `mod.rs` left out.
fn siblings(graph: &BTreeMap<String, BTreeSet<String>>) -> BTreeMap<String, BTreeSet<String>> {
    let mut out: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (from, tos) in graph {
        for to in tos {
            if top(from) == top(to) && from.contains("::") && to.contains("::") {
                out.entry(from.clone()).or_default().insert(to.clone());
            }
        }
    }
    out
}

#[test]
fn the_reader_sees_paths_and_groups() {
    let text = "use crate::audit::{self, Entry};\nuse crate::{Beehive, error::OrInvalid};\nlet x = crate::jobs::run(); // crate::ignored";
    let found = paths(&code(text), "crate::");
    let names: Vec<String> = found.iter().map(|p| p.join("::")).collect();
    assert_eq!(
        names,
        [
            "audit::self",
            "audit::Entry",
            "Beehive",
            "error::OrInvalid",
            "jobs::run"
        ]
    );
}

#[test]
fn a_cycle_is_found() {
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    edges.entry("a".into()).or_default().insert("b".into());
    edges.entry("b".into()).or_default().insert("c".into());
    assert_eq!(find_cycle(&edges), None);
    edges.entry("c".into()).or_default().insert("a".into());
    assert_eq!(
        find_cycle(&edges),
        Some(vec!["a".into(), "b".into(), "c".into(), "a".into()])
    );
}

#[test]
fn no_import_circles_between_sections() {
    let graph = graph();
    assert!(
        graph.contains_key("operate::send"),
        "the reader found no modules"
    );
    let sections = sections(&graph);
    assert!(
        sections
            .get("customer")
            .is_some_and(|d| d.contains("audit")),
        "the reader found no dependencies: {sections:?}"
    );
    if let Some(cycle) = find_cycle(&sections) {
        panic!(
            "service modules import each other in a circle: {}",
            cycle.join(" → ")
        );
    }
}

#[test]
fn no_import_circles_within_a_section() {
    if let Some(cycle) = find_cycle(&siblings(&graph())) {
        panic!(
            "modules of one section import each other in a circle: {}",
            cycle.join(" → ")
        );
    }
}

#[test]
fn permissions_are_spelled_only_in_the_catalogue() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&root, &mut files);
    let mut found = Vec::new();
    for file in files {
        if file.ends_with("architecture.rs") {
            continue;
        }
        let text = code(&std::fs::read_to_string(&file).unwrap_or_default());
        for (n, line) in text.lines().enumerate() {
            if line.contains("\"admin:") || line.contains("\"capital:") {
                found.push(format!("{}:{}: {}", file.display(), n + 1, line.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "use domain::permission::codes instead of a string:\n{}",
        found.join("\n")
    );
}
