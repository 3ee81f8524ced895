//! The fonts a render may use: the faces bundled from `fonts/` first (so every machine
//! renders alike), then fonts from `--font-path`, then, only when a profile needs a character
//! none of those has, the system's fonts found by fontdb.
//!
//! Faces are parsed on first use (typst-kit's `FontStore` loads lazily), so a profile without
//! CJK text never parses the CJK faces; only their metadata is read up front.

use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

use typst::foundations::Bytes;
use typst::text::{Font, FontBook, FontInfo};
use typst::utils::LazyHash;
use typst_kit::fonts::{FontSource, FontStore};

use crate::diag::Problem;

mod metadata;

/// A font file compiled into the binary: its place in [`BUNDLED`].
struct Bundled(usize);

impl FontSource for Bundled {
    fn load(&self) -> Option<Font> {
        bundled_face(self.0)
    }
}

/// Bundled face `i`, parsed once per process however many worlds and threads ask for it
/// (Typst's `Font` is shared; a clone costs a reference count).
fn bundled_face(i: usize) -> Option<Font> {
    static FACES: [OnceLock<Option<Font>>; BUNDLED.len()] =
        [const { OnceLock::new() }; BUNDLED.len()];
    let (slot, data) = (FACES.get(i)?, BUNDLED.get(i)?);
    slot.get_or_init(|| Font::new(Bytes::new(*data), 0)).clone()
}

/// Parses the faces the default template sets most CVs in ([`drawn_by_default`]) ahead of
/// the render that will draw with them, and hashes their data, which Typst does once per face
/// (the whole file) when a layout first asks for it.
fn preload_default_faces() {
    use std::hash::Hash;
    // Hashing a face fills its data's cached hash; what this hasher ends with is not needed.
    let mut hasher = std::hash::DefaultHasher::new();
    for (i, info) in bundled_infos().iter().enumerate() {
        if drawn_by_default(info) {
            bundled_face(i).hash(&mut hasher);
        }
    }
}

/// Whether the default template draws most CVs with the face `info`: Libertinus Serif upright,
/// italic, semibold and bold, and the icons. Not its bold italic (text both strong and
/// emphasised), which no bundled CV shows: a render that needs it parses it itself.
fn drawn_by_default(info: &FontInfo) -> bool {
    let family = info.family.as_str();
    let bold_italic = info.variant.style != typst::text::FontStyle::Normal
        && info.variant.weight >= typst::text::FontWeight::BOLD;
    (family == "Libertinus Serif" && !bold_italic) || ICON_FAMILIES.contains(&family)
}

/// The bundled faces: Libertinus Serif (serif) and Inter (sans-serif) for Latin, Greek and
/// Cyrillic text, a subset of Noto Sans CJK SC (Regular and Bold) for Chinese, Japanese and
/// Korean, and three small icon faces (Font Awesome Free and Academicons subsets; see
/// `templates/icons.yaml`), which are drawn only where a template asks for an icon.
const BUNDLED: &[&[u8]] = &[
    include_bytes!("../fonts/LibertinusSerif-Regular.otf"),
    include_bytes!("../fonts/LibertinusSerif-Italic.otf"),
    include_bytes!("../fonts/LibertinusSerif-Bold.otf"),
    include_bytes!("../fonts/LibertinusSerif-BoldItalic.otf"),
    include_bytes!("../fonts/LibertinusSerif-Semibold.otf"),
    include_bytes!("../fonts/Inter-Regular.otf"),
    include_bytes!("../fonts/Inter-Italic.otf"),
    include_bytes!("../fonts/Inter-SemiBold.otf"),
    include_bytes!("../fonts/Inter-Bold.otf"),
    include_bytes!("../fonts/Inter-BoldItalic.otf"),
    include_bytes!("../fonts/NotoSansCJKsc-Regular.subset.otf"),
    include_bytes!("../fonts/NotoSansCJKsc-Bold.subset.otf"),
    include_bytes!("../fonts/cvpdfIcons.otf"),
    include_bytes!("../fonts/Academicons.subset.ttf"),
];

/// The families of the icon faces: not fonts for text, so never offered as one.
pub const ICON_FAMILIES: &[&str] = &["cvpdf Icons", "Academicons"];

/// Where fonts come from, besides the bundled ones.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct FontOptions {
    /// Directories searched (recursively) for more fonts, e.g. from `--font-path`.
    pub paths: Vec<PathBuf>,
    /// Whether system fonts may be used as a last resort for characters no other font has.
    pub system_fallback: bool,
}

/// A set of fonts and the metadata Typst selects them by.
pub struct Fonts {
    store: FontStore,
    infos: Vec<FontInfo>,
}

impl Fonts {
    /// The bundled fonts, then those under `paths`, then (if `system`) the system's.
    fn build(paths: &[PathBuf], system: bool) -> Self {
        let mut fonts = Fonts {
            store: FontStore::new(),
            infos: Vec::new(),
        };
        for (i, info) in bundled_infos().iter().enumerate() {
            fonts.push(Bundled(i), info.clone());
        }
        for path in paths {
            for (source, info) in typst_kit::fonts::scan(path) {
                fonts.push(source, info);
            }
        }
        if system {
            let bundled: Vec<String> = fonts
                .infos
                .iter()
                .map(|i| i.family.to_lowercase())
                .collect();
            for (source, info) in typst_kit::fonts::system() {
                // A system copy of a bundled family must not replace the bundled one.
                if !bundled.contains(&info.family.to_lowercase()) {
                    fonts.push(source, info);
                }
            }
        }
        fonts
    }

    fn push(&mut self, source: impl FontSource, info: FontInfo) {
        self.infos.push(info.clone());
        self.store.push((source, info));
    }

    /// The font book for `World::book`.
    pub fn book(&self) -> &LazyHash<FontBook> {
        self.store.book()
    }

    /// The font at `index` for `World::font`, loaded on first use.
    pub fn font(&self, index: usize) -> Option<Font> {
        self.store.font(index)
    }

    /// Whether some font has a glyph for `c`.
    pub fn covers(&self, c: char) -> bool {
        self.infos
            .iter()
            .any(|info| info.coverage.contains(c as u32))
    }

    /// Whether a font of `family` (compared without case) is in the set.
    pub fn has_family(&self, family: &str) -> bool {
        self.infos
            .iter()
            .any(|i| i.family.eq_ignore_ascii_case(family))
    }

    /// The family names of text fonts, in priority order, without repeats.
    pub fn families(&self) -> Vec<&str> {
        let mut out: Vec<&str> = Vec::new();
        for info in &self.infos {
            if !out.contains(&info.family.as_str())
                && !ICON_FAMILIES.contains(&info.family.as_str())
            {
                out.push(&info.family);
            }
        }
        out
    }
}

/// The metadata of the bundled faces, stored beside them (`fonts/metadata.bin`, see
/// [`metadata`]) so that a run does not read every face's character map at start-up: the CJK
/// faces alone would cost about 2 ms and touch 5 MB. A test keeps the file equal to what the
/// faces say.
const BUNDLED_METADATA: &[u8] = include_bytes!("../fonts/metadata.bin");

/// Feeds what identifies the bundled faces to `hasher`: their metadata (family, variant,
/// coverage) and sizes, and the small icon faces whole (an icon can change without its code
/// point). Hashing every face whole would cost milliseconds on each run.
pub fn fingerprint_bundled(hasher: &mut impl std::hash::Hasher) {
    use std::hash::Hash;
    BUNDLED_METADATA.hash(hasher);
    for data in BUNDLED {
        data.len().hash(hasher);
        if data.len() < 64 * 1024 {
            data.hash(hasher);
        }
    }
}

/// The metadata of each bundled face, in the order of [`BUNDLED`], read once per process.
fn bundled_infos() -> &'static [FontInfo] {
    static INFOS: OnceLock<Vec<FontInfo>> = OnceLock::new();
    INFOS.get_or_init(|| match metadata::decode(BUNDLED_METADATA) {
        Some(infos) if infos.len() == BUNDLED.len() => infos,
        // Never in a correct build (the test would fail); still render rather than give up.
        _ => computed_infos(),
    })
}

/// Reads the bundled faces' metadata, then parses and hashes the default template's faces
/// ([`preload_default_faces`]); `world::warm_up` does, beside the main thread, while a render
/// evaluates its source.
pub(crate) fn warm_up() {
    bundled_infos();
    preload_default_faces();
}

/// The metadata of each bundled face, read from the face itself.
fn computed_infos() -> Vec<FontInfo> {
    BUNDLED
        .iter()
        .filter_map(|data| FontInfo::new(data, 0))
        .collect()
}

/// The fonts of a run, shared by every profile it renders: the base set, and the base set
/// with system fonts, built the first time a profile needs it.
pub struct FontSet {
    options: FontOptions,
    base: OnceLock<Arc<Fonts>>,
    with_system: OnceLock<Arc<Fonts>>,
}

impl FontSet {
    /// The bundled fonts and those under `options.paths`, read when first needed.
    pub fn new(options: FontOptions) -> Self {
        Self {
            options,
            base: OnceLock::new(),
            with_system: OnceLock::new(),
        }
    }

    /// Where the fonts come from.
    pub fn options(&self) -> &FontOptions {
        &self.options
    }

    /// The fonts for a text that contains the characters `chars`, set in `family`: the base
    /// set when it has the family and covers every character, else (if allowed) the base set
    /// plus the system's fonts.
    pub fn select(
        &self,
        family: Option<&str>,
        mut chars: impl Iterator<Item = char>,
    ) -> Arc<Fonts> {
        let missing_family = family.is_some_and(|f| !self.base().has_family(f));
        let missing = missing_family || chars.any(|c| needs_glyph(c) && !self.base().covers(c));
        if missing && self.options.system_fallback {
            self.system().clone()
        } else {
            self.base().clone()
        }
    }

    /// The bundled fonts and those under `--font-path`, set up on first use: a run that loads
    /// its profiles first has the bundled faces' metadata read meanwhile (`world::warm_up`).
    fn base(&self) -> &Arc<Fonts> {
        self.base
            .get_or_init(|| Arc::new(Fonts::build(&self.options.paths, false)))
    }

    /// The base set plus the system's fonts, scanned on first use.
    fn system(&self) -> &Arc<Fonts> {
        self.with_system
            .get_or_init(|| Arc::new(Fonts::build(&self.options.paths, true)))
    }

    /// Whether `family` can be used: bundled, under `--font-path`, or (if allowed) installed.
    pub fn check_family(&self, family: &str) -> Result<(), Problem> {
        let icons = ICON_FAMILIES.iter().any(|f| f.eq_ignore_ascii_case(family));
        if !icons
            && (self.base().has_family(family)
                || (self.options.system_fallback && self.system().has_family(family)))
        {
            return Ok(());
        }
        let known = self.base().families();
        Err(crate::diag::unknown(
            "font",
            family,
            known.iter().copied(),
            || {
                format!(
                    "the bundled fonts are {}; add others with --font-path",
                    known.join(", ")
                )
            },
        ))
    }
}

/// Whether a character is drawn with a glyph (spaces and controls are not checked).
pub fn needs_glyph(c: char) -> bool {
    !c.is_whitespace()
        && !c.is_control()
        && !matches!(c, '\u{200B}'..='\u{200F}' | '\u{FEFF}' | '\u{FE00}'..='\u{FE0F}')
}

#[cfg(test)]
mod tests;
