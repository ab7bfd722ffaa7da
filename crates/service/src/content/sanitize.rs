//! Sanitizing an article's rich text (ammonia, an allow-list HTML sanitizer): the formatting
//! the editor (Quill 2 through react-quill-new) produces stays; scripts, event handlers,
//! `javascript:`/`data:` URLs, styles other than colour and alignment, iframes, forms and
//! anything else not listed disappear. Links get `rel="noopener noreferrer"`.

use ammonia::Builder;
use std::collections::HashSet;
use std::sync::LazyLock;

const TAGS: &[&str] = &[
    "p",
    "br",
    "span",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "strike",
    "del",
    "sub",
    "sup",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "blockquote",
    "pre",
    "code",
    "ol",
    "ul",
    "li",
    "a",
    "img",
    "hr",
    "div",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
];

/// Quill's classes for alignment, indent, size, font and code blocks.
fn quill_classes() -> HashSet<&'static str> {
    [
        "ql-align-center",
        "ql-align-right",
        "ql-align-justify",
        "ql-indent-1",
        "ql-indent-2",
        "ql-indent-3",
        "ql-indent-4",
        "ql-indent-5",
        "ql-indent-6",
        "ql-indent-7",
        "ql-indent-8",
        "ql-size-small",
        "ql-size-large",
        "ql-size-huge",
        "ql-font-serif",
        "ql-font-monospace",
        "ql-syntax",
        "ql-code-block",
        "ql-code-block-container",
    ]
    .into_iter()
    .collect()
}

static CLEANER: LazyLock<Builder<'static>> = LazyLock::new(|| {
    let mut b = Builder::default();
    b.tags(TAGS.iter().copied().collect())
        .generic_attributes(["style"].into_iter().collect())
        .filter_style_properties(
            ["color", "background-color", "text-align"]
                .into_iter()
                .collect(),
        )
        .add_tag_attributes("a", ["href", "title", "target"])
        .add_tag_attributes("img", ["src", "alt", "width", "height"])
        .add_tag_attributes("li", ["data-list"])
        .add_tag_attributes("pre", ["spellcheck", "data-language"])
        .add_tag_attributes("div", ["data-language"])
        .add_tag_attributes("td", ["colspan", "rowspan"])
        .add_tag_attributes("th", ["colspan", "rowspan"])
        .url_schemes(["http", "https", "mailto", "tel"].into_iter().collect())
        .link_rel(Some("noopener noreferrer"))
        .strip_comments(true);
    let classes = quill_classes();
    for tag in [
        "p",
        "span",
        "li",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "pre",
        "div",
        "blockquote",
    ] {
        b.add_allowed_classes(tag, classes.iter().copied());
    }
    b
});

/// The safe form of `html`.
pub fn sanitize_html(html: &str) -> String {
    CLEANER.clean(html).to_string()
}

/// The text of `html` without any tag (to tell an empty body from a real one).
pub fn visible_text(html: &str) -> String {
    Builder::empty().clean(html).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attacks_are_removed_formatting_stays() {
        let cases = [
            "<script>alert(1)</script><p>正文</p>",
            "<img src=x onerror=alert(1)>",
            "<a href=\"javascript:alert(1)\">点我</a>",
            "<a href=\"JaVaScRiPt:alert(1)\">点我</a>",
            "<svg onload=alert(1)><p>x</p></svg>",
            "<iframe src=\"https://evil.example\"></iframe>",
            "<p style=\"background:url(javascript:alert(1))\">x</p>",
            "<div onclick=\"alert(1)\">x</div>",
            "<img src=\"data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==\">",
            "<form action=\"https://evil.example\"><input name=p></form>",
            "<style>body{display:none}</style>",
            "<p>x</p><!-- <script>alert(1)</script> -->",
        ];
        for case in cases {
            let clean = sanitize_html(case).to_ascii_lowercase();
            for bad in [
                "<script",
                "onerror",
                "onload",
                "onclick",
                "javascript:",
                "<iframe",
                "<svg",
                "data:",
                "<form",
                "<style",
                "<!--",
                "url(",
            ] {
                assert!(!clean.contains(bad), "{case} → {clean}");
            }
        }
        let kept = sanitize_html(
            "<h2>标题</h2><p class=\"ql-align-center\"><strong>粗</strong><em>斜</em><u>下</u>\
             <span style=\"color: rgb(230, 0, 0);\">红</span></p><ol><li data-list=\"bullet\">一</li></ol>\
             <a href=\"https://example.com\" target=\"_blank\">链接</a>",
        );
        for good in [
            "<h2>",
            "class=\"ql-align-center\"",
            "<strong>",
            "<em>",
            "<u>",
            "color:rgb(230, 0, 0)",
            "data-list=\"bullet\"",
            "href=\"https://example.com\"",
            "rel=\"noopener noreferrer\"",
        ] {
            assert!(kept.contains(good), "{good} lost: {kept}");
        }
    }
}
