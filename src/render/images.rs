//! A compiled document's pages as images: PNG (marked as cvpdf's, see `ownership`) at a
//! resolution in pixels per inch, or SVG.

use typst_layout::PagedDocument;

use crate::diag::Failure;

/// Each page as a PNG image at `ppi` pixels per inch.
pub fn png_pages(document: &PagedDocument, ppi: f32) -> Result<Vec<Vec<u8>>, Failure> {
    document
        .pages()
        .iter()
        .map(|page| png_page(page, ppi))
        .collect()
}

/// One page as a PNG image at `ppi` pixels per inch, marked as cvpdf's (see `ownership`).
pub fn png_page(page: &typst_layout::Page, ppi: f32) -> Result<Vec<u8>, Failure> {
    let options = typst_render::RenderOptions {
        pixel_per_pt: typst::utils::Scalar::new(f64::from(ppi) / 72.0),
        render_bleed: false,
    };
    typst_render::render(page, &options)
        .encode_png()
        .map(crate::ownership::mark_png)
        .map_err(|e| Failure::message(e.to_string()))
}

/// Each page as an SVG image.
pub fn svg_pages(document: &PagedDocument) -> Vec<String> {
    let options = typst_svg::SvgOptions::default();
    document
        .pages()
        .iter()
        .map(|page| typst_svg::svg(page, &options))
        .collect()
}
