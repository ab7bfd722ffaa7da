//! A small PDF typesetter for contract documents: a title, a subtitle, paragraphs of Chinese
//! (and Latin) text wrapped to the page width, page breaks and "第 n 页 / 共 m 页" footers.
//!
//! krilla writes the PDF and embeds only the glyphs used (a subset of the CID font, with a
//! ToUnicode map so the text can be searched and copied). The font is Noto Sans SC (SIL Open
//! Font License), cut down to GB2312 + ASCII + CJK punctuation and shipped in
//! `crates/service/assets/fonts` (docs/templates.md). Glyphs and advances come straight from
//! the font's cmap and hmtx: Chinese needs no shaping, so no shaping engine is compiled in.

// Page geometry is measured in points (floats); no money is computed here.
#![allow(clippy::float_arithmetic)]

use crate::{Error, Result};
use krilla::Document;
use krilla::color::rgb;
use krilla::geom::{PathBuilder, Point, Size};
use krilla::metadata::Metadata;
use krilla::num::NormalizedF32;
use krilla::page::PageSettings;
use krilla::paint::{Fill, Stroke};
use krilla::text::{Font, GlyphId, KrillaGlyph};
use skrifa::instance::{LocationRef, Size as FontSize};
use skrifa::{FontRef, GlyphId as FontGlyph, MetadataProvider};

/// The font every document is set in.
pub static FONT: &[u8] = include_bytes!("../../assets/fonts/NotoSansSC-Regular-GB2312.ttf");

const PAGE_WIDTH: f32 = 595.28; // A4 in points
const PAGE_HEIGHT: f32 = 841.89;
const MARGIN_X: f32 = 64.0;
const MARGIN_TOP: f32 = 72.0;
const MARGIN_BOTTOM: f32 = 72.0;
const TITLE_SIZE: f32 = 20.0;
const SUBTITLE_SIZE: f32 = 9.0;
const BODY_SIZE: f32 = 11.0;
const LINE_HEIGHT: f32 = BODY_SIZE * 1.75;
const PARAGRAPH_GAP: f32 = BODY_SIZE * 0.6;
const FOOTER_SIZE: f32 = 9.0;

/// What a document shows.
pub struct DocumentText<'a> {
    pub title: &'a str,
    /// One line under the title (code, version, "样例数据" ...).
    pub subtitle: &'a str,
    /// Paragraphs separated by line breaks; a blank line is a wider gap.
    pub body: &'a str,
}

/// Characters a line may not start with (Chinese line-breaking rules, 避头点).
const NO_LINE_START: &str = "，。、；：！？）》」』】〕”’…—%,.;:!?)]}·";
/// Characters a line may not end with (避尾点).
const NO_LINE_END: &str = "（《「『【〔“‘([{";

struct Metrics<'a> {
    font: FontRef<'a>,
    units_per_em: f32,
}

impl<'a> Metrics<'a> {
    fn new(data: &'a [u8]) -> Result<Self> {
        let font = FontRef::new(data).map_err(|e| Error::internal(anyhow::anyhow!("font: {e}")))?;
        let units_per_em = f32::from(
            font.metrics(FontSize::unscaled(), LocationRef::default())
                .units_per_em,
        );
        Ok(Metrics { font, units_per_em })
    }

    /// The glyph of `c` (0, the box, when the font lacks it) and its advance in ems.
    fn glyph(&self, c: char) -> (u32, f32) {
        let gid = self.font.charmap().map(c).unwrap_or(FontGlyph::NOTDEF);
        let advance = self
            .font
            .glyph_metrics(FontSize::unscaled(), LocationRef::default())
            .advance_width(gid)
            .unwrap_or(self.units_per_em);
        (gid.to_u32(), advance / self.units_per_em)
    }

    fn width(&self, text: &str, size: f32) -> f32 {
        text.chars().map(|c| self.glyph(c).1).sum::<f32>() * size
    }
}

/// One laid-out line: its text and the gap before it.
#[derive(Debug, Clone, PartialEq)]
struct Line {
    text: String,
    gap_before: f32,
}

/// Splits a paragraph into pieces that stay together: a run of Latin letters and digits (a
/// word, a number), or a single other character.
fn pieces(paragraph: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut word = String::new();
    for c in paragraph.chars() {
        if c.is_ascii_alphanumeric() || (!word.is_empty() && matches!(c, '.' | ',' | '-' | '_')) {
            word.push(c);
        } else {
            if !word.is_empty() {
                out.push(std::mem::take(&mut word));
            }
            out.push(c.to_string());
        }
    }
    if !word.is_empty() {
        out.push(word);
    }
    out
}

/// Wraps one paragraph to `width` points at `size`.
fn wrap(metrics: &Metrics<'_>, paragraph: &str, size: f32, width: f32) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    let mut line_width = 0.0;
    for piece in pieces(paragraph) {
        let piece_width = metrics.width(&piece, size);
        let starts_badly = piece
            .chars()
            .next()
            .is_some_and(|c| NO_LINE_START.contains(c));
        if line_width + piece_width > width && !line.is_empty() && !starts_badly {
            // Keep an opening bracket with what follows it.
            let mut carried = String::new();
            while let Some(last) = line.chars().last() {
                if NO_LINE_END.contains(last) && line.chars().count() > 1 {
                    line.pop();
                    carried.insert(0, last);
                } else {
                    break;
                }
            }
            lines.push(std::mem::take(&mut line));
            line_width = metrics.width(&carried, size);
            line = carried;
            if piece.trim().is_empty() {
                continue; // no space at the start of a line
            }
        }
        if piece_width > width {
            // A word longer than the line: break it by characters.
            for c in piece.chars() {
                let w = metrics.glyph(c).1 * size;
                if line_width + w > width && !line.is_empty() {
                    lines.push(std::mem::take(&mut line));
                    line_width = 0.0;
                }
                line.push(c);
                line_width += w;
            }
            continue;
        }
        line.push_str(&piece);
        line_width += piece_width;
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// The body's lines, split into pages: the first page starts below the title.
fn paginate(metrics: &Metrics<'_>, body: &str) -> Vec<Vec<Line>> {
    let width = PAGE_WIDTH - 2.0 * MARGIN_X;
    let first_top = MARGIN_TOP + TITLE_SIZE * 1.6 + SUBTITLE_SIZE * 2.6 + 12.0;
    let bottom = PAGE_HEIGHT - MARGIN_BOTTOM;
    let mut pages: Vec<Vec<Line>> = vec![Vec::new()];
    let mut y = first_top;
    let mut gap = 0.0;
    for paragraph in body.replace("\r\n", "\n").split('\n') {
        let paragraph = paragraph.trim_end();
        if paragraph.trim().is_empty() {
            gap += LINE_HEIGHT * 0.5;
            continue;
        }
        for (i, text) in wrap(metrics, paragraph, BODY_SIZE, width)
            .into_iter()
            .enumerate()
        {
            let before = if i == 0 { gap } else { 0.0 };
            if y + before + LINE_HEIGHT > bottom {
                pages.push(Vec::new());
                y = MARGIN_TOP;
                gap = 0.0;
            }
            let before = if pages.last().is_some_and(Vec::is_empty) {
                0.0
            } else {
                before
            };
            y += before + LINE_HEIGHT;
            if let Some(page) = pages.last_mut() {
                page.push(Line {
                    text,
                    gap_before: before,
                });
            }
        }
        gap = PARAGRAPH_GAP;
    }
    pages
}

fn fill(r: u8, g: u8, b: u8) -> Fill {
    Fill {
        paint: rgb::Color::new(r, g, b).into(),
        opacity: NormalizedF32::ONE,
        rule: Default::default(),
    }
}

fn glyphs(metrics: &Metrics<'_>, text: &str) -> Vec<KrillaGlyph> {
    text.char_indices()
        .map(|(at, c)| {
            let (gid, advance) = metrics.glyph(c);
            KrillaGlyph::new(
                GlyphId::new(gid),
                advance,
                0.0,
                0.0,
                0.0,
                at..at + c.len_utf8(),
                None,
            )
        })
        .collect()
}

/// A seal picture (the capital provider's, uploaded with its e-signature account).
#[derive(Debug, Clone)]
pub enum SealImage {
    Png(Vec<u8>),
    Jpeg(Vec<u8>),
}

/// One signer's block on the signing page.
pub struct SignatureBlock {
    /// 甲方（借款人）, 出借人, 服务方 ...
    pub role: String,
    pub name: String,
    /// How the signature was given and when (签署时间 2026-11-26 10:31:05).
    pub lines: Vec<String>,
    /// An organisation signs with a seal: its picture, or a drawn seal with its name.
    pub organisation: bool,
    pub seal: Option<SealImage>,
}

/// The page added to a signed document: who signed, when, from where, over which document.
pub struct SigningPage {
    /// The SHA-256 of the document as rendered before signing (what every signer saw).
    pub document_sha256: String,
    pub contract_no: String,
    pub blocks: Vec<SignatureBlock>,
}

/// Renders `doc` as an A4 PDF.
pub fn render(doc: &DocumentText<'_>) -> Result<Vec<u8>> {
    render_document(doc, None)
}

/// Renders `doc` followed by its signing page: the signed version of a contract. The body is
/// typeset exactly as [`render`] sets it, so the pages before the signing page are the pages
/// the signers read.
pub fn render_signed(doc: &DocumentText<'_>, signing: &SigningPage) -> Result<Vec<u8>> {
    render_document(doc, Some(signing))
}

const SEAL_RED: (u8, u8, u8) = (200, 30, 30);
const BLOCK_HEIGHT: f32 = 118.0;

fn circle(cx: f32, cy: f32, r: f32) -> Option<krilla::geom::Path> {
    // Four cubic arcs (k = 0.5523 of the radius).
    let k = 0.552_284_8 * r;
    let mut p = PathBuilder::new();
    p.move_to(cx + r, cy);
    p.cubic_to(cx + r, cy + k, cx + k, cy + r, cx, cy + r);
    p.cubic_to(cx - k, cy + r, cx - r, cy + k, cx - r, cy);
    p.cubic_to(cx - r, cy - k, cx - k, cy - r, cx, cy - r);
    p.cubic_to(cx + k, cy - r, cx + r, cy - k, cx + r, cy);
    p.close();
    p.finish()
}

fn stroke(r: u8, g: u8, b: u8, width: f32) -> Stroke {
    Stroke {
        paint: rgb::Color::new(r, g, b).into(),
        width,
        ..Default::default()
    }
}

/// Draws the signing page on `surface`.
fn draw_signing_page(
    surface: &mut krilla::surface::Surface<'_>,
    metrics: &Metrics<'_>,
    font: &Font,
    signing: &SigningPage,
) {
    let text = |surface: &mut krilla::surface::Surface<'_>, x: f32, y: f32, s: &str, size: f32| {
        surface.draw_glyphs(
            Point::from_xy(x, y),
            &glyphs(metrics, s),
            font.clone(),
            s,
            size,
            false,
        );
    };
    let width = PAGE_WIDTH - 2.0 * MARGIN_X;
    let mut y = MARGIN_TOP + TITLE_SIZE;
    let title = "签署页";
    surface.set_fill(Some(fill(20, 20, 20)));
    text(
        surface,
        (PAGE_WIDTH - metrics.width(title, TITLE_SIZE)) / 2.0,
        y,
        title,
        TITLE_SIZE,
    );
    y += SUBTITLE_SIZE * 2.4;
    surface.set_fill(Some(fill(110, 110, 110)));
    for line in [
        format!("合同编号：{}", signing.contract_no),
        format!("文件摘要（SHA-256）：{}", signing.document_sha256),
    ] {
        text(surface, MARGIN_X, y, &line, SUBTITLE_SIZE);
        y += SUBTITLE_SIZE * 1.6;
    }
    y += 8.0;
    for block in &signing.blocks {
        if y + BLOCK_HEIGHT > PAGE_HEIGHT - MARGIN_BOTTOM {
            break;
        }
        let mut frame = PathBuilder::new();
        frame.move_to(MARGIN_X, y);
        frame.line_to(MARGIN_X + width, y);
        frame.line_to(MARGIN_X + width, y + BLOCK_HEIGHT);
        frame.line_to(MARGIN_X, y + BLOCK_HEIGHT);
        frame.close();
        if let Some(path) = frame.finish() {
            surface.set_fill(None);
            surface.set_stroke(Some(stroke(170, 170, 170, 0.6)));
            surface.draw_path(&path);
            surface.set_stroke(None);
        }
        let mut ty = y + 20.0;
        surface.set_fill(Some(fill(20, 20, 20)));
        text(
            surface,
            MARGIN_X + 12.0,
            ty,
            &format!("{}：{}", block.role, block.name),
            BODY_SIZE + 1.0,
        );
        ty += LINE_HEIGHT;
        surface.set_fill(Some(fill(70, 70, 70)));
        for line in &block.lines {
            text(surface, MARGIN_X + 12.0, ty, line, SUBTITLE_SIZE);
            ty += SUBTITLE_SIZE * 1.7;
        }
        // The seal or the signature, at the right of the block.
        let cx = MARGIN_X + width - 70.0;
        let cy = y + BLOCK_HEIGHT / 2.0;
        let drawn_image = match (&block.seal, block.organisation) {
            (Some(seal), true) => {
                let image = match seal {
                    SealImage::Png(b) => krilla::image::Image::from_png(b.clone().into(), true),
                    SealImage::Jpeg(b) => krilla::image::Image::from_jpeg(b.clone().into(), true),
                };
                match (image, Size::from_wh(96.0, 96.0)) {
                    (Ok(image), Some(size)) => {
                        surface.push_transform(&krilla::geom::Transform::from_translate(
                            cx - 48.0,
                            cy - 48.0,
                        ));
                        surface.draw_image(image, size);
                        surface.pop();
                        true
                    }
                    _ => false,
                }
            }
            _ => false,
        };
        let (r, g, b) = SEAL_RED;
        if !drawn_image && block.organisation {
            for (radius, line) in [(44.0, 2.2), (40.0, 0.6)] {
                if let Some(path) = circle(cx, cy, radius) {
                    surface.set_fill(None);
                    surface.set_stroke(Some(stroke(r, g, b, line)));
                    surface.draw_path(&path);
                    surface.set_stroke(None);
                }
            }
            surface.set_fill(Some(fill(r, g, b)));
            let star = "★";
            text(
                surface,
                cx - metrics.width(star, 16.0) / 2.0,
                cy + 6.0,
                star,
                16.0,
            );
            let name: String = block.name.chars().take(14).collect();
            let size = (64.0 / metrics.width(&name, 1.0).max(1.0)).clamp(5.0, 9.0);
            text(
                surface,
                cx - metrics.width(&name, size) / 2.0,
                cy - 12.0,
                &name,
                size,
            );
            let label = "电子签章";
            text(
                surface,
                cx - metrics.width(label, 7.0) / 2.0,
                cy + 24.0,
                label,
                7.0,
            );
        } else if !block.organisation {
            // A person's signature: the name, in red, over a line.
            surface.set_fill(Some(fill(r, g, b)));
            let size = 20.0;
            text(
                surface,
                cx - metrics.width(&block.name, size) / 2.0,
                cy + 4.0,
                &block.name,
                size,
            );
            let mut rule = PathBuilder::new();
            rule.move_to(cx - 55.0, cy + 12.0);
            rule.line_to(cx + 55.0, cy + 12.0);
            if let Some(path) = rule.finish() {
                surface.set_fill(None);
                surface.set_stroke(Some(stroke(r, g, b, 0.8)));
                surface.draw_path(&path);
                surface.set_stroke(None);
            }
        }
        y += BLOCK_HEIGHT + 12.0;
    }
}

fn render_document(doc: &DocumentText<'_>, signing: Option<&SigningPage>) -> Result<Vec<u8>> {
    let metrics = Metrics::new(FONT)?;
    let font = Font::new(krilla::Data::from(FONT), 0)
        .ok_or_else(|| Error::internal(anyhow::anyhow!("the embedded font cannot be read")))?;
    let pages = paginate(&metrics, doc.body);
    let total = pages.len() + usize::from(signing.is_some());
    let size = Size::from_wh(PAGE_WIDTH, PAGE_HEIGHT)
        .ok_or_else(|| Error::internal(anyhow::anyhow!("page size")))?;
    let mut document = Document::new();
    document.set_metadata(
        Metadata::new()
            .title(doc.title.to_owned())
            .language("zh-CN".to_owned())
            .creator("小蜜蜂任务共享系统".to_owned()),
    );
    let text_width = PAGE_WIDTH - 2.0 * MARGIN_X;
    for (index, lines) in pages.iter().enumerate() {
        let mut page = document.start_page_with(PageSettings::new(size));
        let mut surface = page.surface();
        let mut y = MARGIN_TOP;
        if index == 0 {
            y += TITLE_SIZE;
            // A long title is set smaller so that it stays on one line.
            let natural = metrics.width(doc.title, 1.0).max(f32::EPSILON);
            let title_size = TITLE_SIZE.min(text_width / natural).max(8.0);
            let title_x = (PAGE_WIDTH - metrics.width(doc.title, title_size)) / 2.0;
            surface.set_fill(Some(fill(20, 20, 20)));
            surface.draw_glyphs(
                Point::from_xy(title_x.max(MARGIN_X), y),
                &glyphs(&metrics, doc.title),
                font.clone(),
                doc.title,
                title_size,
                false,
            );
            y += TITLE_SIZE * 0.6 + SUBTITLE_SIZE * 1.4;
            if !doc.subtitle.is_empty() {
                let x = (PAGE_WIDTH - metrics.width(doc.subtitle, SUBTITLE_SIZE)) / 2.0;
                surface.set_fill(Some(fill(110, 110, 110)));
                surface.draw_glyphs(
                    Point::from_xy(x.max(MARGIN_X), y),
                    &glyphs(&metrics, doc.subtitle),
                    font.clone(),
                    doc.subtitle,
                    SUBTITLE_SIZE,
                    false,
                );
            }
            y += SUBTITLE_SIZE * 1.2;
            let mut rule = PathBuilder::new();
            rule.move_to(MARGIN_X, y);
            rule.line_to(MARGIN_X + text_width, y);
            if let Some(path) = rule.finish() {
                surface.set_fill(None);
                surface.set_stroke(Some(Stroke {
                    paint: rgb::Color::new(180, 180, 180).into(),
                    width: 0.6,
                    ..Default::default()
                }));
                surface.draw_path(&path);
                surface.set_stroke(None);
            }
            y += 12.0;
        }
        surface.set_fill(Some(fill(30, 30, 30)));
        for line in lines {
            y += line.gap_before + LINE_HEIGHT;
            surface.draw_glyphs(
                Point::from_xy(MARGIN_X, y - LINE_HEIGHT + BODY_SIZE * 1.15),
                &glyphs(&metrics, &line.text),
                font.clone(),
                &line.text,
                BODY_SIZE,
                false,
            );
        }
        let footer = format!("第 {} 页 / 共 {} 页", index + 1, total);
        let x = (PAGE_WIDTH - metrics.width(&footer, FOOTER_SIZE)) / 2.0;
        surface.set_fill(Some(fill(120, 120, 120)));
        surface.draw_glyphs(
            Point::from_xy(x, PAGE_HEIGHT - MARGIN_BOTTOM / 2.0),
            &glyphs(&metrics, &footer),
            font.clone(),
            &footer,
            FOOTER_SIZE,
            false,
        );
        surface.finish();
        page.finish();
    }
    if let Some(signing) = signing {
        let mut page = document.start_page_with(PageSettings::new(size));
        let mut surface = page.surface();
        draw_signing_page(&mut surface, &metrics, &font, signing);
        let footer = format!("第 {total} 页 / 共 {total} 页");
        let x = (PAGE_WIDTH - metrics.width(&footer, FOOTER_SIZE)) / 2.0;
        surface.set_fill(Some(fill(120, 120, 120)));
        surface.draw_glyphs(
            Point::from_xy(x, PAGE_HEIGHT - MARGIN_BOTTOM / 2.0),
            &glyphs(&metrics, &footer),
            font.clone(),
            &footer,
            FOOTER_SIZE,
            false,
        );
        surface.finish();
        page.finish();
    }
    document
        .finish()
        .map_err(|e| Error::internal(anyhow::anyhow!("PDF: {e:?}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wraps_chinese_without_a_closing_mark_at_a_line_start() -> Result<()> {
        let metrics = Metrics::new(FONT)?;
        let text = "甲方同意按照本合同约定的条件向乙方提供借款，乙方应按期足额归还。".repeat(4);
        let lines = wrap(&metrics, &text, BODY_SIZE, 200.0);
        assert!(lines.len() > 3);
        for line in &lines {
            assert!(
                metrics.width(line, BODY_SIZE) <= 200.0 + BODY_SIZE * 1.01,
                "{line}"
            );
            let first = line.chars().next().unwrap_or(' ');
            assert!(
                !NO_LINE_START.contains(first),
                "line starts with {first}: {line}"
            );
        }
        assert_eq!(lines.concat(), text);
        Ok(())
    }

    #[test]
    fn keeps_latin_words_whole() -> Result<()> {
        let metrics = Metrics::new(FONT)?;
        let lines = wrap(
            &metrics,
            "车牌号 ABC12345 与合同编号 HT2026000123 一致",
            BODY_SIZE,
            90.0,
        );
        assert!(
            lines.iter().any(|l| l.contains("HT2026000123")),
            "{lines:?}"
        );
        assert!(lines.iter().any(|l| l.contains("ABC12345")), "{lines:?}");
        Ok(())
    }

    #[test]
    fn long_bodies_break_into_pages() -> Result<()> {
        let metrics = Metrics::new(FONT)?;
        let body = "第一条 借款金额与期限。\n".repeat(120);
        let pages = paginate(&metrics, &body);
        assert!(pages.len() >= 3, "{}", pages.len());
        assert_eq!(pages.iter().map(Vec::len).sum::<usize>(), 120);
        let pdf = render(&DocumentText {
            title: "借款合同",
            subtitle: "",
            body: &body,
        })?;
        assert!(pdf.starts_with(b"%PDF-"));
        Ok(())
    }

    #[test]
    fn a_signed_document_has_the_signing_page_after_the_body() -> Result<()> {
        let doc = DocumentText {
            title: "借款合同",
            subtitle: "HT20261126000001",
            body: "第一条 借款金额。",
        };
        let unsigned = render(&doc)?;
        let signed = render_signed(
            &doc,
            &SigningPage {
                document_sha256: "ab".repeat(32),
                contract_no: "HT20261126000001".to_owned(),
                blocks: vec![
                    SignatureBlock {
                        role: "借款人".to_owned(),
                        name: "郭子豪".to_owned(),
                        lines: vec!["签署时间：2026-11-26 10:00:00".to_owned()],
                        organisation: false,
                        seal: None,
                    },
                    SignatureBlock {
                        role: "出借人".to_owned(),
                        name: "示例银行股份有限公司".to_owned(),
                        lines: vec![],
                        organisation: true,
                        seal: None,
                    },
                ],
            },
        )?;
        assert!(signed.starts_with(b"%PDF-"));
        assert!(signed.len() > unsigned.len());
        // Page objects: `/Type /Page` or `/Type/Page`, not the page tree's `/Pages`.
        let pages = |pdf: &[u8]| {
            let mut n = 0;
            for pattern in [&b"/Type /Page"[..], &b"/Type/Page"[..]] {
                n += pdf
                    .windows(pattern.len() + 1)
                    .filter(|w| w.starts_with(pattern) && w[pattern.len()] != b's')
                    .count();
            }
            n
        };
        assert!(pages(&unsigned) >= 1, "no page objects found");
        assert_eq!(pages(&signed), pages(&unsigned) + 1);
        Ok(())
    }

    #[test]
    fn the_capital_providers_seal_picture_is_embedded() -> Result<()> {
        // A 4×4 red PNG, as a provider's seal upload would be.
        const SEAL: &[u8] = &[
            137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 4, 0, 0, 0, 4,
            8, 6, 0, 0, 0, 169, 241, 158, 126, 0, 0, 0, 18, 73, 68, 65, 84, 120, 156, 99, 56, 33,
            39, 247, 31, 25, 51, 144, 46, 0, 0, 65, 184, 32, 49, 251, 53, 123, 102, 0, 0, 0, 0, 73,
            69, 78, 68, 174, 66, 96, 130,
        ];
        let doc = DocumentText {
            title: "借款合同",
            subtitle: "",
            body: "第一条 借款金额。",
        };
        let block = |seal: Option<SealImage>| SignatureBlock {
            role: "出借人".to_owned(),
            name: "示例银行股份有限公司".to_owned(),
            lines: vec![],
            organisation: true,
            seal,
        };
        let page = |blocks| SigningPage {
            document_sha256: "cd".repeat(32),
            contract_no: "HT1".to_owned(),
            blocks,
        };
        let with_image = render_signed(
            &doc,
            &page(vec![block(Some(SealImage::Png(SEAL.to_vec())))]),
        )?;
        let drawn = render_signed(&doc, &page(vec![block(None)]))?;
        let has_image = |pdf: &[u8]| {
            [&b"/Subtype /Image"[..], &b"/Subtype/Image"[..]]
                .iter()
                .any(|p| pdf.windows(p.len()).any(|w| w == *p))
        };
        assert!(
            has_image(&with_image),
            "the seal picture is an image XObject"
        );
        assert!(!has_image(&drawn), "without a picture the seal is drawn");
        Ok(())
    }
}
