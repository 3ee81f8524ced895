//! A page or data file of the site, edited as text: read from inside the site only, the edit
//! made in memory on the page as if it had LF line endings and no byte-order mark, and given
//! back the page's own; written only when every edit of a profile could be made.

use std::fs;
use std::path::{Path, PathBuf};

use crate::diag::{Failure, Problem, Report};
use crate::yaml::edit;

/// A page (or data file) of the site, read and edited in memory.
pub(super) struct PageEdit {
    /// The file as the site names it.
    pub file: PathBuf,
    /// Where it really is (inside the site).
    pub real: PathBuf,
    /// Its text.
    pub old: String,
    /// The text after the edit.
    pub new: String,
}

impl PageEdit {
    /// Reads `file` (which must be inside the site `root`) and makes the edit.
    pub fn of(
        root: &Path,
        file: PathBuf,
        edit: impl FnOnce(&str) -> Result<String, Problem>,
    ) -> Result<PageEdit, Failure> {
        let real = within_site(root, &file)?;
        let old = read(&real)?;
        // Shown as the page's line with a caret under the key that cannot take the edit.
        let new = edit(&old)
            .map_err(|p| Failure::new(Report::new(&file, Some(old.as_str().into()), vec![p])))?;
        Ok(PageEdit {
            file,
            real,
            old,
            new,
        })
    }
}

/// Where `path` really is, if that is inside the site `root` (canonical): a file that is
/// there is followed through links; for one still to be made, the nearest folder that is
/// there. A path leading out is refused.
pub(super) fn within_site(root: &Path, path: &Path) -> Result<PathBuf, Failure> {
    let mut existing = path;
    while fs::symlink_metadata(existing).is_err() {
        match existing.parent() {
            Some(parent) if !parent.as_os_str().is_empty() => existing = parent,
            _ => break,
        }
    }
    let real = existing
        .canonicalize()
        .map_err(|e| Failure::message(format!("cannot resolve {}: {e}", existing.display())))?;
    if !real.starts_with(root) {
        return Err(Failure::message(format!(
            "{} leads outside the site (through a symbolic link); nothing is written there",
            path.display()
        )));
    }
    Ok(match path.strip_prefix(existing) {
        Ok(rest) if !rest.as_os_str().is_empty() => real.join(rest),
        _ => real,
    })
}

/// The text of `file`, which must be inside the site `root`.
pub(super) fn read_within(root: &Path, file: &Path) -> Result<String, Failure> {
    read(&within_site(root, file)?)
}

/// The page's YAML front matter as a mapping (empty when it has none or it does not read).
pub(super) fn front_matter(page: &str) -> serde_yaml::Mapping {
    let mut found = serde_yaml::Mapping::new();
    let _ = in_front_matter(page, |front| {
        found = serde_yaml::from_str(front).unwrap_or_default();
        Ok(front.to_string())
    });
    found
}

/// Reads a page or data file (bounded, regular files only), keeping a byte-order mark, which
/// the page keeps when it is written again.
fn read(path: &Path) -> Result<String, Failure> {
    let fail = |message: String| Failure::message(format!("{}: {message}", path.display()));
    let bytes = crate::input::read_bytes(path, "author page", crate::input::MAX_FILE_BYTES)
        .map_err(|p| fail(p.message))?;
    String::from_utf8(bytes).map_err(|_| fail("the page is not UTF-8 text".into()))
}

/// Runs `edit` on `text` as if it had LF line endings and no byte-order mark, then gives the
/// result the page's own form: its byte-order mark, every line the edit did not touch as it
/// was, new lines ending as their neighbours do ([`edit::in_original_form`]). A problem's
/// span is moved from the plain form into `text`.
pub(super) fn keeping_line_endings(
    text: &str,
    edit: impl FnOnce(&str) -> Result<String, Problem>,
) -> Result<String, Problem> {
    let plain = edit::plain_form(text);
    let edited = edit(&plain).map_err(|mut p| {
        p.span = p
            .span
            .map(|s| edit::original_offset(text, s.start)..edit::original_offset(text, s.end));
        p
    })?;
    if edited == plain {
        return Ok(text.to_string());
    }
    Ok(edit::in_original_form(text, &edited))
}

/// The page with `edit` made to its YAML front matter (between the `---` lines), every other
/// byte as it was (line endings and a byte-order mark too). A problem points into the page.
pub(super) fn in_front_matter(
    text: &str,
    edit: impl FnOnce(&str) -> Result<String, Problem>,
) -> Result<String, Problem> {
    keeping_line_endings(text, |text| {
        let mut lines = text.split_inclusive('\n');
        let first = lines.next().unwrap_or_default();
        // The first line is what the page has instead of `---`, or the `---` left open.
        let first_line = 0..first.trim_end().len();
        if first.trim_end() != "---" {
            let message = if first.trim_end() == "+++" {
                "the front matter is TOML (+++); add the CV link by hand"
            } else {
                "the page has no YAML front matter (---)"
            };
            return Err(Problem::error(message).with_span(first_line));
        }
        let start = first.len();
        let mut end = start;
        let mut closed = false;
        for line in lines {
            if matches!(line.trim_end(), "---" | "...") {
                closed = true;
                break;
            }
            end += line.len();
        }
        if !closed {
            return Err(Problem::error("the front matter has no closing ---").with_span(first_line));
        }
        let new_front = edit(&text[start..end]).map_err(|mut p| {
            p.span = p.span.map(|s| s.start + start..s.end + start);
            p
        })?;
        Ok(format!("{}{}{}", &text[..start], new_front, &text[end..]))
    })
}
