//! Content management (内容管理): the data dictionary, China's administrative areas, banners
//! and articles.

pub mod area;
pub mod article;
pub mod banner;
pub mod dictionary;
pub mod sanitize;
