//! Content management (内容管理): the data dictionary, China's administrative areas, banners
//! and articles.

pub mod area;
pub mod article;
pub mod banner;
pub mod dictionary;
pub mod sanitize;

use crate::{Error, Result};

/// A trimmed optional text of at most `max` characters (empty when blank).
pub(crate) fn optional_text(field: &str, label: &str, value: &str, max: usize) -> Result<String> {
    let value = value.trim();
    if value.chars().count() > max {
        return Err(Error::invalid(
            field,
            format!("{label}不能超过 {max} 个字符"),
        ));
    }
    Ok(value.to_owned())
}
