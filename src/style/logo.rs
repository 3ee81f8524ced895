//! The lab logo: read once when the configuration loads and checked there (its declared size,
//! every picture an SVG embeds, whether Typst can read it), so that a broken file is reported
//! at the configuration's `logo` line, not as a template error in every profile.

use std::path::Path;

use crate::diag::Problem;
use crate::picture::{self, Asset, Kind};

/// Reads the lab logo: relative to the configuration, inside its directory, PNG, JPEG or SVG
/// within the size bounds, a raster scaled to print size and decoded once here.
pub(super) fn read_logo(dir: &Path, logo: &str) -> Result<Asset, Problem> {
    let real = crate::profile::resolve_file(dir, logo, "logo")?;
    let bytes = crate::input::read_bytes(&real, "logo", picture::MAX_FILE_BYTES)?;
    let unusable = |reason: String| {
        Problem::error(format!("the logo \"{logo}\" cannot be used: {reason}")).with_help(
            "save the picture again as PNG, JPEG or SVG, at most a few thousand pixels a side",
        )
    };
    let kind = picture::check(&bytes, true).map_err(|r| unusable(r.to_string()))?;
    let bytes = picture::print_size(bytes.into()).map_err(|r| unusable(r.to_string()))?;
    if let Kind::Raster(_) = kind {
        image::load_from_memory(&bytes).map_err(|e| unusable(e.to_string()))?;
    }
    // What the templates hand to Typst must be a picture to Typst too.
    if typst::visualize::ImageFormat::detect(&bytes).is_none() {
        return Err(unusable("Typst does not recognise it as a picture".into()));
    }
    Ok(Asset {
        name: format!("lab-logo.{}", kind.extension()),
        bytes,
        path: real,
    })
}
