//! The one conversion layer: every importer (BibTeX, JSON Resume, Hugo, Hugo Blox, RenderCV,
//! al-folio) hands what it carries over to these readers, so a quirk of one file is fixed
//! here, once, for every format.
//!
//! - [`tex`] (with [`math`] and [`symbols`]): LaTeX and TeX math as the text a reader sees;
//! - [`jats`]: titles as publishers register them (JATS, HTML, MathML) as inline text, and
//!   [`mathml`]: MathML, from any source, as the text it shows;
//! - [`controls`]: terminal escape sequences and control characters, taken out;
//! - [`text`]: foreign text — HTML, Markdown, TeX — as the profile's own inline text, and
//!   [`mojibake`]: text decoded twice, repaired;
//! - [`links`]: one classifier for every URL, icon name and identifier;
//! - [`dates`]: one reader for dates, periods and lists of years;
//! - [`sections`]: which profile section a foreign section's title means;
//! - [`papers`]: when two publications are one paper, and which version wins.

pub mod controls;
pub mod dates;
pub mod jats;
pub mod language;
pub mod links;
pub mod math;
pub mod mathml;
pub mod mojibake;
pub mod months;
pub mod native;
pub mod paper_index;
pub mod paper_links;
pub mod papers;
pub mod sections;
pub mod status;
pub mod symbols;
pub mod tex;
mod tex_commands;
pub mod text;
