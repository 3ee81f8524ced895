//! Pictures users hand cvpdf — the profile's photo, the lab logo — checked before anything
//! decodes them and brought to the size they are printed at.
//!
//! A picture file is small and can still be a bomb: a 693-byte JPEG may declare 65,500 ×
//! 65,500 pixels, which decoding turns into 12.9 GB. So the pixel size a file *declares* is
//! read from its header (and, for an SVG, from every picture embedded in it) and refused
//! beyond [`MAX_PIXELS`] before any decoder allocates. A photo larger than it is printed is
//! scaled down once ([`print_size`]), so a 6000 × 4000 phone photo does not make a 10 MB CV.

use std::fmt;
use std::io::{BufRead, Cursor, Seek};
use std::path::PathBuf;
use std::sync::Arc;

use image::{ImageDecoder, ImageFormat, ImageReader, Limits};

mod svg;

pub use svg::recognisable_svg;
use svg::{check_svg, SvgError};

/// The most pixels a picture may declare (40 megapixels: any camera's ordinary output).
pub const MAX_PIXELS: u64 = 40_000_000;

/// The longest side a picture may declare, in pixels (a long panorama within the pixel bound).
pub const MAX_SIDE: u32 = 20_000;

/// The largest picture file read, in bytes.
pub const MAX_FILE_BYTES: u64 = 32 * 1024 * 1024;

/// The shorter side, in pixels, a picture is scaled down to when it is larger: 800 pixels
/// are 300 ppi over 6.7 cm, more than any template prints a photo or logo at.
pub const PRINT_SIDE: u32 = 800;

/// A picture served to the template under a name of cvpdf's own.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Asset {
    /// The file name the template reads it under, e.g. `lab-logo.png`.
    pub name: String,
    /// The file's bytes.
    pub bytes: Arc<[u8]>,
    /// Where it was read from.
    pub path: PathBuf,
}

/// The kinds of picture a template can show.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// PNG or JPEG, with its format.
    Raster(ImageFormat),
    /// SVG (logos only).
    Svg,
}

impl Kind {
    /// The file extension its bytes are served under.
    pub fn extension(self) -> &'static str {
        match self {
            Kind::Raster(ImageFormat::Jpeg) => "jpg",
            Kind::Raster(_) => "png",
            Kind::Svg => "svg",
        }
    }
}

/// Why a picture cannot be used: the clause that ends the caller's sentence (`the photo
/// "me.png" cannot be used: it declares …`), since only the caller knows the field it came
/// from and what to advise; typed, so that what was refused can be told apart.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unusable {
    /// It declares a size refused: none, or beyond [`MAX_SIDE`] or [`MAX_PIXELS`].
    Size {
        /// Declared width, in pixels.
        width: u32,
        /// Declared height, in pixels.
        height: u32,
    },
    /// Not a PNG or JPEG, nor (where one is accepted) an SVG: the SVG reader's reason, if
    /// it was asked.
    NotAPicture(Option<String>),
    /// A picture with something refused inside (an SVG's linked picture), or one its
    /// decoder could not read: the reason.
    Invalid(String),
}

impl fmt::Display for Unusable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unusable::Size { width, height } if *width == 0 || *height == 0 => {
                write!(f, "it declares {width} × {height} pixels")
            }
            Unusable::Size { width, height } => write!(
                f,
                "it declares {width} × {height} pixels ({:.0} megapixels); at most {} megapixels \
                 and {MAX_SIDE} pixels a side are accepted",
                (u64::from(*width) * u64::from(*height)) as f64 / 1e6,
                MAX_PIXELS / 1_000_000
            ),
            Unusable::NotAPicture(None) => f.write_str("it is not a PNG or JPEG image"),
            Unusable::NotAPicture(Some(reason)) => write!(
                f,
                "it is not a PNG or JPEG image, and not a valid SVG: {reason}"
            ),
            Unusable::Invalid(reason) => f.write_str(reason),
        }
    }
}

/// A decoder's error, as the reason a picture is refused.
fn invalid(error: image::ImageError) -> Unusable {
    Unusable::Invalid(error.to_string())
}

/// The raster format `head` (a file's first bytes) starts with, if a template can show it.
pub fn raster_format(head: &[u8]) -> Option<ImageFormat> {
    image::guess_format(head)
        .ok()
        .filter(|f| matches!(f, ImageFormat::Png | ImageFormat::Jpeg))
}

/// What the image decoders read from: a file or bytes in memory, behind one type. The
/// decoders are generic over their reader, so each reader type compiled a copy of every
/// decoder into cvpdf (twice: the library and its tests); one type compiles one.
pub trait Source: BufRead + Seek {}

impl<R: BufRead + Seek> Source for R {}

/// Checks a PNG or JPEG's declared size from its header alone; returns width and height.
pub fn check_raster(reader: &mut dyn Source) -> Result<(u32, u32), Unusable> {
    let reader = ImageReader::new(reader)
        .with_guessed_format()
        .map_err(|e| Unusable::Invalid(e.to_string()))?;
    let (width, height) = reader.into_dimensions().map_err(invalid)?;
    check_dimensions(width, height)?;
    Ok((width, height))
}

/// Refuses a size beyond [`MAX_SIDE`] or [`MAX_PIXELS`].
fn check_dimensions(width: u32, height: u32) -> Result<(), Unusable> {
    let pixels = u64::from(width) * u64::from(height);
    if width > MAX_SIDE || height > MAX_SIDE || pixels > MAX_PIXELS || pixels == 0 {
        return Err(Unusable::Size { width, height });
    }
    Ok(())
}

/// What the picture in `bytes` is, after checking everything it declares: a raster's size,
/// or an SVG's structure and every picture it embeds. Whether a file is SVG is for the SVG
/// parser to say (a comment, a byte-order mark or an editor's header may come first).
pub fn check(bytes: &[u8], svg_allowed: bool) -> Result<Kind, Unusable> {
    if let Some(format) = raster_format(bytes) {
        check_raster(&mut Cursor::new(bytes))?;
        return Ok(Kind::Raster(format));
    }
    if !svg_allowed {
        return Err(Unusable::NotAPicture(None));
    }
    match check_svg(bytes, 0) {
        Ok(()) => Ok(Kind::Svg),
        Err(SvgError::NotSvg(reason)) => Err(Unusable::NotAPicture(Some(reason))),
        Err(SvgError::Invalid(reason)) => Err(Unusable::Invalid(reason)),
    }
}

/// The picture at the size it is printed: a raster whose shorter side is over [`PRINT_SIDE`]
/// is decoded (its size was checked), turned upright by its EXIF orientation, scaled and
/// encoded again in its own format; anything else is returned as it is.
pub fn print_size(bytes: Arc<[u8]>) -> Result<Arc<[u8]>, Unusable> {
    let Some(format) = raster_format(&bytes) else {
        return Ok(recognisable_svg(bytes));
    };
    let (width, height) = check_raster(&mut Cursor::new(&bytes[..]))?;
    if width.min(height) <= PRINT_SIDE {
        return Ok(bytes);
    }
    let mut source = Cursor::new(&bytes[..]);
    let mut reader = ImageReader::new(&mut source as &mut dyn Source);
    reader.set_format(format);
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some(MAX_PIXELS * 4 + (64 << 20));
    reader.limits(limits);
    let mut decoder = reader.into_decoder().map_err(invalid)?;
    let orientation = decoder.orientation().map_err(invalid)?;
    let mut picture = image::DynamicImage::from_decoder(decoder).map_err(invalid)?;
    picture.apply_orientation(orientation);
    let scale = f64::from(PRINT_SIDE) / f64::from(width.min(height));
    let (w, h) = (picture.width(), picture.height());
    let scaled = picture.resize_exact(
        ((f64::from(w) * scale).round() as u32).max(1),
        ((f64::from(h) * scale).round() as u32).max(1),
        image::imageops::FilterType::CatmullRom,
    );
    let mut out = Vec::new();
    match format {
        ImageFormat::Jpeg => {
            let encoder = image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, 90);
            scaled.to_rgb8().write_with_encoder(encoder)
        }
        _ => scaled.write_to(&mut Cursor::new(&mut out), ImageFormat::Png),
    }
    .map_err(invalid)?;
    Ok(out.into())
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A PNG of `width` × `height` that is all one colour, so it compresses to little.
    pub(crate) fn png(width: u32, height: u32) -> Vec<u8> {
        let picture = image::RgbImage::from_pixel(width, height, image::Rgb([200, 30, 30]));
        let mut out = Vec::new();
        picture
            .write_to(&mut Cursor::new(&mut out), ImageFormat::Png)
            .unwrap();
        out
    }

    /// An 8 × 8 JPEG whose header says it is `width` × `height` (a picture bomb, when large).
    pub(crate) fn jpeg_claiming(width: u16, height: u16) -> Vec<u8> {
        let picture = image::RgbImage::from_pixel(8, 8, image::Rgb([10, 120, 200]));
        let mut out = Vec::new();
        picture
            .write_to(&mut Cursor::new(&mut out), ImageFormat::Jpeg)
            .unwrap();
        // Walk the segments to the frame header and rewrite its size.
        let mut at = 2;
        while !matches!(out[at + 1], 0xC0..=0xC2) {
            at += 2 + usize::from(u16::from_be_bytes([out[at + 2], out[at + 3]]));
        }
        out[at + 5..at + 7].copy_from_slice(&height.to_be_bytes());
        out[at + 7..at + 9].copy_from_slice(&width.to_be_bytes());
        out
    }

    #[test]
    fn declared_sizes_are_refused_before_decoding() {
        let err = check(&jpeg_claiming(65_500, 65_500), false)
            .unwrap_err()
            .to_string();
        assert!(err.contains("65500 × 65500 pixels"), "{err}");
        assert!(check(&jpeg_claiming(4000, 3000), false).is_ok());
        // The size refused is told as such, for a caller that words it its own way.
        assert_eq!(
            check(&jpeg_claiming(30_000, 10), false),
            Err(Unusable::Size {
                width: 30_000,
                height: 10
            })
        );
        let err = check(&jpeg_claiming(20_001, 10), false)
            .unwrap_err()
            .to_string();
        assert!(err.contains("20000 pixels a side"), "{err}");
    }

    #[test]
    fn an_svg_with_a_long_prolog_is_one_typst_recognises() {
        // Issue 25, bug 7: past 2 KB of prolog Typst took the logo for an unknown format.
        let entities: String = (0..60)
            .map(|i| format!("<!ENTITY ns_{i} \"http://ns.adobe.com/Extensibility/{i}.0/\">\n"))
            .collect();
        let svg = format!(
            "\u{feff}<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<!-- Generator: Adobe Illustrator 27 -->\n\
             <!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.1//EN\" \"x.dtd\" [\n{entities}\
             <!ENTITY ns_svg \"http://www.w3.org/2000/svg\">\n]>\n\
             <svg xmlns=\"&ns_svg;\" width=\"10\" height=\"10\"><rect width=\"5\" height=\"5\"/></svg>"
        );
        assert!(svg.find("2000/svg").unwrap() > 2048);
        let bytes: Arc<[u8]> = svg.as_bytes().into();
        assert!(typst::visualize::ImageFormat::detect(&bytes).is_none());
        assert_eq!(check(&bytes, true), Ok(Kind::Svg));
        let ready = print_size(bytes).unwrap();
        assert!(typst::visualize::ImageFormat::detect(&ready).is_some());
        assert_eq!(check(&ready, true), Ok(Kind::Svg));
        assert!(std::str::from_utf8(&ready)
            .unwrap()
            .starts_with("\u{feff}<?xml version=\"1.0\" encoding=\"utf-8\"?><!-- "));
        // A short prolog is left as it is.
        let short: Arc<[u8]> = b"<svg xmlns=\"http://www.w3.org/2000/svg\"/>"[..].into();
        assert_eq!(print_size(short.clone()).unwrap(), short);
    }

    #[test]
    fn svg_is_recognised_by_parsing_and_embedded_pictures_are_checked() {
        let comment = "<!-- Generator: Adobe Illustrator 27 -->\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"/>";
        assert_eq!(check(comment.as_bytes(), true), Ok(Kind::Svg));
        let bom = format!("\u{feff}{comment}");
        assert_eq!(check(bom.as_bytes(), true), Ok(Kind::Svg));
        assert!(check(comment.as_bytes(), false).is_err());

        use base64::Engine as _;
        let bomb = base64::engine::general_purpose::STANDARD.encode(jpeg_claiming(65_500, 65_500));
        let svg = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"10\" height=\"10\"><image width=\"10\" height=\"10\" xlink:href=\"data:image/jpeg;base64,{bomb}\"/></svg>"
        );
        let err = check(svg.as_bytes(), true).unwrap_err().to_string();
        assert!(err.contains("65500 × 65500"), "{err}");
        let inner = base64::engine::general_purpose::STANDARD.encode(&svg);
        let nested = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"><image width=\"10\" height=\"10\" href=\"data:image/svg+xml;base64,{inner}\"/></svg>"
        );
        let err = check(nested.as_bytes(), true).unwrap_err().to_string();
        assert!(err.contains("65500 × 65500"), "{err}");
        let linked =
            "<svg xmlns=\"http://www.w3.org/2000/svg\"><image href=\"../../secret.png\"/></svg>";
        let err = check(linked.as_bytes(), true).unwrap_err().to_string();
        assert!(err.contains("links to the picture"), "{err}");
        let err = check(b"<html><body/></html>", true)
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("not a PNG or JPEG image, and not a valid SVG"),
            "{err}"
        );
    }

    #[test]
    fn large_pictures_are_scaled_to_print_size() {
        let big = png(3000, 2000);
        let scaled = print_size(big.into()).unwrap();
        let (w, h) = check_raster(&mut Cursor::new(&scaled[..])).unwrap();
        assert_eq!((w, h), (1200, PRINT_SIDE));
        let small: Arc<[u8]> = png(400, 500).into();
        assert!(Arc::ptr_eq(&print_size(small.clone()).unwrap(), &small));
    }
}
