//! The lab logo: read once when the configuration loads, and decoded there, so that a
//! broken file is reported at the configuration's `logo` line.

use std::path::Path;

use super::Asset;
use crate::diag::Problem;
use crate::profile::image_format;

/// Reads the lab logo: relative to the configuration, inside its directory, PNG, JPEG or SVG,
/// and decoded once here so that a cut-off or corrupt file is reported at the configuration's
/// `logo` line instead of as a Typst error inside the template of every profile.
pub(super) fn read_logo(dir: &Path, logo: &str) -> Result<Asset, Problem> {
    let real = crate::profile::resolve_file(dir, logo, "logo")?;
    let bytes = std::fs::read(&real)
        .map_err(|e| Problem::error(format!("cannot read the logo \"{logo}\": {e}")))?;
    let undecodable = |reason: String| {
        Problem::error(format!("the logo \"{logo}\" cannot be decoded: {reason}"))
            .with_help("save the picture again as PNG, JPEG or SVG")
    };
    let ext = match image_format(&bytes) {
        Some(format) => {
            image::load_from_memory(&bytes).map_err(|e| undecodable(e.to_string()))?;
            format.extensions_str().first().copied().unwrap_or("png")
        }
        None if looks_like_svg(&bytes) => {
            svg_error(&bytes).map_or(Ok(()), |reason| Err(undecodable(reason)))?;
            "svg"
        }
        None => {
            return Err(Problem::error(format!(
                "the logo \"{logo}\" is not a PNG, JPEG or SVG image"
            )))
        }
    };
    Ok(Asset {
        name: format!("lab-logo.{ext}"),
        bytes: bytes.into(),
        path: real,
    })
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

fn looks_like_svg(bytes: &[u8]) -> bool {
    let head = String::from_utf8_lossy(&bytes[..bytes.len().min(512)]);
    let head = head.trim_start_matches('\u{feff}').trim_start();
    head.starts_with("<svg") || (head.starts_with("<?xml") && head.contains("<svg"))
}
