//! China's administrative areas (province → city → district) from the dataset shipped in
//! `crates/service/data/area/` (see its README: source, date, licence), embedded in the binary
//! and parsed once. Codes are answered with 6 digits (`11` → `110000`, `1101` → `110100`);
//! districts keep theirs (9 digits for the towns of the four cities without districts).

use crate::{Error, Result};
use serde::Deserialize;
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::sync::LazyLock;

const SOURCE: &str = include_str!("../../data/area/pca-code.json");

/// One area and the areas under it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AreaNode {
    pub code: String,
    pub name: String,
    pub children: Vec<AreaNode>,
}

/// The parsed dataset.
#[derive(Debug)]
pub struct Areas {
    /// The provinces, in the dataset's order (by code).
    pub tree: Vec<AreaNode>,
    /// A strong ETag of the dataset (changes when the shipped file changes).
    pub etag: String,
    /// Every code → (its children, its name).
    index: HashMap<String, usize>,
    flat: Vec<AreaNode>,
}

#[derive(Deserialize)]
struct Raw {
    code: String,
    name: String,
    #[serde(default)]
    children: Vec<Raw>,
}

/// A 2- or 4-digit code padded to 6 digits; longer codes unchanged.
fn six_digits(code: &str) -> String {
    if code.len() < 6 {
        format!("{code:0<6}")
    } else {
        code.to_owned()
    }
}

fn convert(raw: Raw) -> AreaNode {
    AreaNode {
        code: six_digits(&raw.code),
        name: raw.name,
        children: raw.children.into_iter().map(convert).collect(),
    }
}

fn load() -> Areas {
    // The file is part of the build and checked by the tests; a broken one yields an empty tree
    // (and failing tests) rather than a panic in the server.
    let raw: Vec<Raw> = serde_json::from_str(SOURCE).unwrap_or_default();
    let tree: Vec<AreaNode> = raw.into_iter().map(convert).collect();
    let mut flat = Vec::new();
    let mut index = HashMap::new();
    fn walk(nodes: &[AreaNode], flat: &mut Vec<AreaNode>, index: &mut HashMap<String, usize>) {
        for node in nodes {
            index.insert(node.code.clone(), flat.len());
            flat.push(node.clone());
            walk(&node.children, flat, index);
        }
    }
    walk(&tree, &mut flat, &mut index);
    let digest = Sha256::digest(SOURCE.as_bytes());
    let etag = format!(
        "\"area-{}\"",
        hex::encode(digest.get(..8).unwrap_or_default())
    );
    Areas {
        tree,
        etag,
        index,
        flat,
    }
}

static AREAS: LazyLock<Areas> = LazyLock::new(load);

/// The dataset.
pub fn areas() -> &'static Areas {
    &AREAS
}

impl Areas {
    /// The area `code`, if it exists.
    pub fn find(&self, code: &str) -> Option<&AreaNode> {
        self.index.get(code).and_then(|i| self.flat.get(*i))
    }

    /// The children of `code` (the provinces for `None`); 400 naming `parentCode` for an
    /// unknown code.
    pub fn children(&self, code: Option<&str>) -> Result<&[AreaNode]> {
        match code.map(str::trim).filter(|c| !c.is_empty()) {
            None => Ok(&self.tree),
            Some(code) => self
                .find(code)
                .map(|n| n.children.as_slice())
                .ok_or_else(|| Error::invalid("parentCode", format!("地区编码 {code} 不存在"))),
        }
    }

    /// Whether `[province, city, district]` is a real path of the tree (for address checks).
    pub fn is_path(&self, province: &str, city: &str, district: &str) -> bool {
        self.find(province)
            .and_then(|p| p.children.iter().find(|c| c.code == city))
            .is_some_and(|c| c.children.iter().any(|d| d.code == district))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dataset_loads_with_known_codes() {
        let a = areas();
        assert_eq!(a.tree.len(), 31);
        assert_eq!(a.find("110000").map(|n| n.name.as_str()), Some("北京市"));
        assert_eq!(a.find("440305").map(|n| n.name.as_str()), Some("南山区"));
        assert!(a.is_path("440000", "440300", "440305"));
        assert!(!a.is_path("440000", "440300", "110101"));
        assert!(a.children(Some("999999")).is_err());
        assert!(a.etag.starts_with("\"area-"));
    }
}
