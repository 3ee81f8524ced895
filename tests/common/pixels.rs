//! Rendered pages compared with reference images at a tolerance: a pixel differs when a
//! channel moves by more than 48 of 255 (anti-aliasing noise stays below); an image differs
//! when more than `share` of its pixels do. A differing image is saved with a map of where it
//! differs in `target/visual-diff/`, for review.

use std::fs;
use std::path::Path;

use super::root;

/// How `actual` differs from the image at `reference`, if it does beyond the tolerance;
/// `name` names the files written for review.
pub fn compare(
    actual: &image::RgbaImage,
    reference: &Path,
    name: &str,
    share: f64,
) -> Option<String> {
    let Ok(expected) = image::open(reference) else {
        return Some(format!("{name}: no reference at {}", reference.display()));
    };
    let expected = expected.to_rgba8();
    if actual.dimensions() != expected.dimensions() {
        return Some(format!(
            "{name}: size {:?} instead of {:?}",
            actual.dimensions(),
            expected.dimensions()
        ));
    }
    let mut diff = image::RgbaImage::new(actual.width(), actual.height());
    let mut differing = 0usize;
    for (x, y, a) in actual.enumerate_pixels() {
        let e = expected.get_pixel(x, y);
        let delta = a.0.iter().zip(e.0).map(|(a, e)| a.abs_diff(e)).max();
        if delta.unwrap_or(0) > 48 {
            differing += 1;
            diff.put_pixel(x, y, image::Rgba([255, 0, 0, 255]));
        } else {
            let grey = (e.0[0] / 4) + 190;
            diff.put_pixel(x, y, image::Rgba([grey, grey, grey, 255]));
        }
    }
    let total = (actual.width() * actual.height()) as usize;
    if differing as f64 <= total as f64 * share {
        return None;
    }
    let dir = root().join("target/visual-diff");
    fs::create_dir_all(&dir).unwrap();
    actual.save(dir.join(format!("{name}-actual.png"))).unwrap();
    diff.save(dir.join(format!("{name}-diff.png"))).unwrap();
    Some(format!(
        "{name}: {differing} of {total} pixels differ; see target/visual-diff/{name}-diff.png"
    ))
}
