//! The one rule for writing where a file already is: cvpdf replaces only a file it wrote.
//! `render`, `lab` and `publish` all ask [`may_replace`] before they write, so a user's own
//! file at a path cvpdf would write is never lost, whichever command would write it.
//!
//! A file is cvpdf's when its record (the manifest of what cvpdf wrote, see `pipeline`) names
//! it and it is still what was written, or — with no record naming it — when its content says
//! cvpdf made it ([`Mark`]). A record wins over the content: a recorded file changed since is
//! the user's, even if cvpdf's mark is still in it. An empty file, or one already holding the
//! exact bytes, loses nothing.
//!
//! Removing is stricter than writing over ([`may_remove`]): only a file a record names and that
//! is still what was written goes. A mark is not enough, since a user who copied a CV of
//! cvpdf's somewhere, or saved their own picture over one, means to keep it.

use std::fmt;
use std::path::{Path, PathBuf};

/// What cvpdf's own files of a kind carry, so that one can be recognised without a record
/// (the cache that holds records may have been cleared, or the file made on another machine).
pub enum Mark<'a> {
    /// A PDF whose `/Creator` names cvpdf.
    Pdf,
    /// Typst source that cvpdf generated (its first line says so).
    TypstSource,
    /// A PNG image with cvpdf's `Software` text chunk (see [`mark_png`]).
    Png,
    /// An HTML page whose head names cvpdf as its generator ([`HTML_MARK`]: the web CV, the
    /// lab's people page).
    Html,
    /// A test of the content, for a file of its own kind (a lab's `lab.json`, …).
    Content(&'a dyn Fn(&[u8]) -> bool),
    /// Nothing: only a record, an empty file or the same bytes make the file replaceable.
    None,
}

/// What the records say about a path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Recorded {
    /// No record names the path.
    Unknown,
    /// A record names it and it is still what cvpdf wrote.
    Intact,
    /// A record names it, and it has changed since.
    Changed,
}

/// Why a file is left as it is; shown, it is the sentence that says so and how to go on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refused {
    /// The file (or folder) left.
    pub path: PathBuf,
    /// What about it makes it not cvpdf's to replace or remove.
    pub why: Why,
    /// Whether cvpdf meant to remove it (else to write over it).
    pub removing: bool,
    /// How the sentence goes on: where else to write ([`may_replace`]'s `place`), or why
    /// cvpdf would remove it ([`may_remove`]'s `what`).
    context: String,
}

/// What makes a file not cvpdf's to replace or remove.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Why {
    /// A folder where a file would be written.
    Directory,
    /// Not a regular file (a link, a folder), where one would be removed.
    NotAFile,
    /// Not written by cvpdf: no record names it and nothing in it says cvpdf made it.
    NotOurs,
    /// A record names it, and it has changed since cvpdf wrote it: the user's now.
    Changed,
    /// No record says it is still what cvpdf wrote (a mark is not enough to remove a file).
    NoRecord,
}

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (path, context) = (self.path.display(), &self.context);
        if self.removing {
            let why = match self.why {
                Why::Changed => "it has changed since cvpdf wrote it",
                Why::NotAFile | Why::Directory => "it is not a regular file",
                Why::NotOurs | Why::NoRecord => "cvpdf has no record of writing it as it is now",
            };
            return write!(
                f,
                "{path} {context}, but {why}, so it is left (remove it yourself if it should go)"
            );
        }
        let whose = match self.why {
            Why::Directory | Why::NotAFile => {
                return write!(
                    f,
                    "{path} is a directory where cvpdf would write a file, so it is left as it \
                     is (move or rename it, or {context})"
                )
            }
            Why::Changed => "has changed since cvpdf wrote it",
            Why::NotOurs | Why::NoRecord => "was not written by cvpdf",
        };
        write!(
            f,
            "{path} is in the way and {whose}, so it is left as it is (move or rename it, or \
             {context})"
        )
    }
}

/// Whether `path` may be written with `bytes`: `Ok` when nothing is there, or the file there
/// is cvpdf's by the rule above (a folder never is); otherwise why not, which says how to go
/// on. `place` finishes that message: where else to
/// write ("with -o", "in the site's config").
pub fn may_replace(
    path: &Path,
    bytes: &[u8],
    recorded: Recorded,
    mark: Mark,
    place: &str,
) -> Result<(), Refused> {
    let refused = |why| Refused {
        path: path.to_path_buf(),
        why,
        removing: false,
        context: place.to_string(),
    };
    let Ok(meta) = std::fs::symlink_metadata(path) else {
        return Ok(());
    };
    if meta.is_dir() {
        // Refused here, before anything of the set is written, not by the write halfway.
        return Err(refused(Why::Directory));
    }
    let empty = meta.is_file() && meta.len() == 0;
    let ours = match recorded {
        Recorded::Intact => true,
        Recorded::Changed => empty || same_bytes(path, bytes),
        Recorded::Unknown => empty || (meta.is_file() && content_is_ours(path, bytes, &mark)),
    };
    if ours {
        return Ok(());
    }
    Err(refused(if recorded == Recorded::Changed {
        Why::Changed
    } else {
        Why::NotOurs
    }))
}

/// Whether cvpdf may remove the file at `path`: `Ok` only when it is a regular file that a
/// record names and that is still what cvpdf wrote ([`Recorded::Intact`]); otherwise the
/// reason it is left, whose sentence names `what` (why cvpdf would remove it).
pub fn may_remove(path: &Path, recorded: Recorded, what: &str) -> Result<(), Refused> {
    let is_file = std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_file());
    if is_file && recorded == Recorded::Intact {
        return Ok(());
    }
    let why = match recorded {
        Recorded::Changed => Why::Changed,
        _ if !is_file => Why::NotAFile,
        _ => Why::NoRecord,
    };
    Err(Refused {
        path: path.to_path_buf(),
        why,
        removing: true,
        context: what.to_string(),
    })
}

/// Whether the file at `path` is a regular file, not empty, that carries `mark` (a CV a link
/// points to, say, is one cvpdf made).
pub fn is_marked(path: &Path, mark: &Mark) -> bool {
    std::fs::symlink_metadata(path).is_ok_and(|m| m.is_file() && m.len() > 0)
        && content_is_ours(path, &[], mark)
}

/// Whether the file at `path` holds exactly `bytes`.
fn same_bytes(path: &Path, bytes: &[u8]) -> bool {
    std::fs::symlink_metadata(path).is_ok_and(|m| m.is_file() && m.len() == bytes.len() as u64)
        && crate::input::read_bytes(path, "file", bytes.len() as u64 + 1)
            .is_ok_and(|found| found == bytes)
}

/// Whether the file's content is `bytes` or carries `mark`.
fn content_is_ours(path: &Path, bytes: &[u8], mark: &Mark) -> bool {
    let limit = bytes.len() as u64 + 256 * 1024 * 1024;
    let Ok(found) = crate::input::read_bytes(path, "file", limit) else {
        return false;
    };
    found == bytes
        || match mark {
            Mark::Pdf => {
                found.starts_with(b"%PDF-") && found.windows(15).any(|w| w == b"/Creator(cvpdf ")
            }
            Mark::TypstSource => found.starts_with(b"// Generated by cvpdf "),
            Mark::Png => is_marked_png(&found),
            Mark::Html => is_marked_html(&found),
            Mark::Content(test) => test(&found),
            Mark::None => false,
        }
}

/// The element in the head of every HTML page cvpdf writes (`templates/web.typ`,
/// `templates/lab.html`).
pub const HTML_MARK: &str = r#"<meta name="generator" content="cvpdf">"#;

/// Whether `html` carries [`HTML_MARK`] in its head (the first 8 KiB).
pub fn is_marked_html(html: &[u8]) -> bool {
    let head = &html[..html.len().min(8192)];
    head.windows(HTML_MARK.len())
        .any(|w| w == HTML_MARK.as_bytes())
}

/// The `tEXt` chunk cvpdf puts in every PNG it writes: keyword `Software`, text `cvpdf`.
const PNG_TEXT: &[u8] = b"tEXtSoftware\0cvpdf";

/// The PNG signature and its first chunk (IHDR: length, type, 13 bytes of data, CRC).
const PNG_HEAD: usize = 8 + 4 + 4 + 13 + 4;

/// `png` with cvpdf's `Software` text chunk right after its header, so that a page image or
/// thumbnail can later be told from a user's picture at the same path. Anything that is not
/// a PNG with an IHDR header is returned as it is.
pub fn mark_png(png: Vec<u8>) -> Vec<u8> {
    if png.len() < PNG_HEAD || !png.starts_with(b"\x89PNG\r\n\x1a\n") || &png[12..16] != b"IHDR" {
        return png;
    }
    let data = &PNG_TEXT[4..];
    let mut out = Vec::with_capacity(png.len() + PNG_TEXT.len() + 8);
    out.extend_from_slice(&png[..PNG_HEAD]);
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    out.extend_from_slice(PNG_TEXT);
    out.extend_from_slice(&crc32fast::hash(PNG_TEXT).to_be_bytes());
    out.extend_from_slice(&png[PNG_HEAD..]);
    out
}

/// Whether `bytes` is a PNG that [`mark_png`] marked.
fn is_marked_png(bytes: &[u8]) -> bool {
    bytes.starts_with(b"\x89PNG\r\n\x1a\n")
        && bytes.get(PNG_HEAD + 4..PNG_HEAD + 4 + PNG_TEXT.len()) == Some(PNG_TEXT)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_marked_png_is_still_a_png_and_is_recognised() {
        let mut png = Vec::new();
        image::RgbImage::new(3, 2)
            .write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
            .unwrap();
        assert!(!is_marked_png(&png));
        let marked = mark_png(png);
        assert!(is_marked_png(&marked));
        let decoded = image::load_from_memory(&marked).unwrap();
        assert_eq!((decoded.width(), decoded.height()), (3, 2));
        assert_eq!(mark_png(b"not a png".to_vec()), b"not a png");
    }

    #[test]
    fn the_rule() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("cv.pdf");
        let ok = |recorded, mark| may_replace(&path, b"new", recorded, mark, "choose another");
        assert!(ok(Recorded::Unknown, Mark::None).is_ok(), "nothing there");
        std::fs::write(&path, b"").unwrap();
        assert!(ok(Recorded::Unknown, Mark::None).is_ok(), "empty");
        std::fs::write(&path, b"new").unwrap();
        assert!(ok(Recorded::Changed, Mark::None).is_ok(), "same bytes");
        std::fs::write(&path, b"%PDF-1.7 /Creator(cvpdf 1.0)").unwrap();
        assert!(ok(Recorded::Unknown, Mark::Pdf).is_ok());
        assert!(ok(Recorded::Intact, Mark::None).is_ok());
        let err = ok(Recorded::Changed, Mark::Pdf).unwrap_err();
        assert_eq!(err.why, Why::Changed);
        assert!(
            err.to_string().contains("has changed since cvpdf wrote it"),
            "{err}"
        );
        std::fs::write(&path, b"%PDF-1.7 my scan").unwrap();
        let err = ok(Recorded::Unknown, Mark::Pdf).unwrap_err();
        assert_eq!(err.why, Why::NotOurs);
        let err = err.to_string();
        assert!(err.contains("was not written by cvpdf") && err.ends_with("choose another)"));
    }

    #[test]
    fn only_a_recorded_intact_file_is_removed() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.png");
        std::fs::write(&path, b"x").unwrap();
        assert!(may_remove(&path, Recorded::Intact, "is stale").is_ok());
        for recorded in [Recorded::Unknown, Recorded::Changed] {
            let err = may_remove(&path, recorded, "is stale").unwrap_err();
            assert!(err.removing);
            let err = err.to_string();
            assert!(
                err.contains("a.png is stale, but") && err.contains("left"),
                "{err}"
            );
        }
        std::fs::remove_file(&path).unwrap();
        std::fs::create_dir(&path).unwrap();
        assert!(may_remove(&path, Recorded::Intact, "is stale").is_err());
    }
}
