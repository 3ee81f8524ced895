//! SVG pictures: checked by parsing (the structure, every picture embedded, what Typst's
//! reader accepts) and made recognisable to Typst.

use std::io::Cursor;
use std::sync::Arc;

use super::{check_raster, raster_format};

/// How deeply SVG pictures may embed SVG pictures.
const MAX_SVG_NESTING: usize = 4;

/// The SVG namespace, which Typst looks for near the start of a file to take it for SVG.
const SVG_NAMESPACE: &str = "http://www.w3.org/2000/svg";

/// An SVG that Typst recognises as one: when its namespace comes later than Typst looks (a
/// long prolog: an editor's comments, a DOCTYPE declaring entities, as Illustrator writes
/// them), a comment naming it goes right after the XML declaration (a comment may stand
/// anywhere in the prolog, and changes nothing drawn). Anything else is returned as it is.
pub fn recognisable_svg(bytes: Arc<[u8]>) -> Arc<[u8]> {
    // Typst's own sniffing decides, so that this and the render never disagree.
    if typst::visualize::ImageFormat::detect(&bytes).is_some() {
        return bytes;
    }
    let Ok(text) = std::str::from_utf8(&bytes) else {
        return bytes;
    };
    let bom = if text.starts_with('\u{feff}') { 3 } else { 0 };
    let declaration = if text[bom..].starts_with("<?xml") {
        text[bom..].find("?>").map_or(0, |end| end + 2)
    } else {
        0
    };
    let at = bom + declaration;
    let mut out = Vec::with_capacity(bytes.len() + 40);
    out.extend_from_slice(&bytes[..at]);
    out.extend_from_slice(format!("<!-- {SVG_NAMESPACE} -->").as_bytes());
    out.extend_from_slice(&bytes[at..]);
    out.into()
}

/// Why bytes are not an acceptable SVG.
pub(super) enum SvgError {
    /// Not an SVG document at all.
    NotSvg(String),
    /// An SVG with something refused inside.
    Invalid(String),
}

/// Parses an SVG document and checks the pictures it embeds; a linked (not embedded) picture
/// is refused, since the logo must be one self-contained file.
pub(super) fn check_svg(bytes: &[u8], depth: usize) -> Result<(), SvgError> {
    let text =
        std::str::from_utf8(bytes).map_err(|e| SvgError::NotSvg(format!("not UTF-8 text: {e}")))?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let options = roxmltree::ParsingOptions {
        allow_dtd: true,
        ..roxmltree::ParsingOptions::default()
    };
    let document = roxmltree::Document::parse_with_options(text, options)
        .map_err(|e| SvgError::NotSvg(e.to_string()))?;
    let root = document.root_element();
    if root.tag_name().name() != "svg" {
        return Err(SvgError::NotSvg(format!(
            "its root element is <{}>, not <svg>",
            root.tag_name().name()
        )));
    }
    for node in document.descendants().filter(|n| n.is_element()) {
        let href = node
            .attributes()
            .find(|a| a.name() == "href")
            .map(|a| a.value());
        let Some(href) = href else { continue };
        let name = node.tag_name().name();
        if name != "image" && name != "feImage" {
            continue;
        }
        let invalid = SvgError::Invalid;
        if href.starts_with('#') {
            continue;
        }
        if !href.trim_start().to_ascii_lowercase().starts_with("data:") {
            return Err(invalid(format!(
                "it links to the picture \"{}\" instead of embedding it",
                crate::diag::escape_controls(&shorten(href))
            )));
        }
        let data = data_url::DataUrl::process(href.trim()).map_err(|e| {
            invalid(format!(
                "an embedded picture is not a valid data: URI ({e:?})"
            ))
        })?;
        let (body, _) = data
            .decode_to_vec()
            .map_err(|_| invalid("an embedded picture's base64 data is invalid".into()))?;
        if raster_format(&body).is_some() {
            check_raster(&mut Cursor::new(&body[..]))
                .map_err(|reason| invalid(format!("an embedded picture: {reason}")))?;
        } else if depth < MAX_SVG_NESTING {
            match check_svg(&body, depth + 1) {
                Ok(()) => {}
                Err(SvgError::NotSvg(_)) => {
                    return Err(invalid(
                        "an embedded picture is not a PNG, JPEG or SVG image".into(),
                    ))
                }
                Err(err) => return Err(err),
            }
        } else {
            return Err(invalid(format!(
                "SVG pictures are embedded more than {MAX_SVG_NESTING} levels deep"
            )));
        }
    }
    // What is left is for Typst's own SVG reader to accept.
    svg_error(bytes).map_or(Ok(()), |reason| Err(SvgError::Invalid(reason)))
}

/// At most 80 characters of a (possibly huge) attribute, for a message.
fn shorten(text: &str) -> String {
    let mut short: String = text.chars().take(80).collect();
    if short.len() < text.len() {
        short.push('…');
    }
    short
}

/// Why Typst could not parse `bytes` as SVG, if it could not.
fn svg_error(bytes: &[u8]) -> Option<String> {
    use typst::diag::LoadedWithin;
    use typst::foundations::Bytes;
    use typst::loading::{LoadSource, Loaded};
    use typst::syntax::{Span, Spanned};

    let data = Bytes::new(bytes.to_vec());
    let error = typst::visualize::SvgImage::new(data.clone()).err()?;
    let loaded = Loaded::new(Spanned::new(LoadSource::Bytes, Span::detached()), data);
    Some(error.within(&loaded).message.to_string())
}
