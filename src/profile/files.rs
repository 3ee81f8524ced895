//! Files a profile or configuration names (the photo, the logo): relative to the file that
//! names them, inside its directory tree even after following symbolic links, and of a kind a
//! template can show.

use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::{Component, Path, PathBuf};

use crate::diag::Problem;
use crate::picture::{self, Asset};

/// Resolves a path written in a profile or configuration: relative, inside `dir` (after
/// following symlinks), an existing file. `what` names it in messages ("photo", "logo").
pub fn resolve_file(dir: &Path, path: &str, what: &str) -> Result<PathBuf, Problem> {
    let relative = Path::new(path);
    let escapes = relative.components().any(|c| {
        matches!(
            c,
            Component::ParentDir | Component::RootDir | Component::Prefix(_)
        )
    });
    if escapes {
        return Err(Problem::error(format!(
            "the {what} \"{path}\" is outside the directory of its file"
        ))
        .with_help("put the file next to it (or below) and give a relative path"));
    }
    let dir = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    let real = dir.join(relative).canonicalize().map_err(|err| {
        Problem::error(format!("cannot open the {what} \"{path}\": {err}"))
            .with_help(format!("the path is relative to {}", dir.display()))
    })?;
    let root = dir
        .canonicalize()
        .map_err(|err| Problem::error(format!("cannot open {}: {err}", dir.display())))?;
    if !real.starts_with(&root) {
        return Err(Problem::error(format!(
            "the {what} \"{path}\" leads outside the directory of its file (through a symbolic link)"
        )));
    }
    if !real.is_file() {
        return Err(Problem::error(format!(
            "the {what} \"{path}\" is not a file"
        )));
    }
    Ok(real)
}

/// Resolves a photo path written in a profile ([`resolve_file`]) and checks, from the file's
/// header alone, that it is a PNG or JPEG of a size cvpdf accepts
/// ([`crate::picture::MAX_PIXELS`]). Returns the file's real path.
pub fn resolve_photo(dir: &Path, photo: &str) -> Result<PathBuf, Problem> {
    let real = resolve_file(dir, photo, "photo")?;
    let cannot_read =
        |err: std::io::Error| Problem::error(format!("cannot read the photo \"{photo}\": {err}"));
    let mut file = BufReader::new(File::open(&real).map_err(cannot_read)?);
    let head = file.fill_buf().map_err(cannot_read)?;
    if picture::raster_format(head).is_none() {
        return Err(Problem::error(format!(
            "the photo \"{photo}\" is not a PNG or JPEG image"
        )));
    }
    picture::check_raster(&mut file).map_err(|reason| {
        Problem::error(format!("the photo \"{photo}\" cannot be used: {reason}"))
            .with_help("save it smaller (a few hundred pixels a side is plenty for a CV)")
    })?;
    Ok(real)
}

/// Reads the photo validation accepted ([`resolve_photo`]), within
/// [`picture::MAX_FILE_BYTES`], as the picture the template is given (under a name of
/// cvpdf's own, so no file of the user's can take its place or be taken for it). Its kind
/// and size are checked again on the bytes read, not by opening the file once more.
pub fn read_photo(dir: &Path, photo: &str) -> Result<Asset, Problem> {
    let real = resolve_file(dir, photo, "photo")?;
    let bytes = crate::input::read_bytes(&real, "photo", picture::MAX_FILE_BYTES)?;
    let kind = picture::check(&bytes, false).map_err(|reason| {
        Problem::error(format!("the photo \"{photo}\" cannot be used: {reason}"))
    })?;
    Ok(Asset {
        name: format!("{PHOTO_NAME}.{}", kind.extension()),
        bytes: bytes.into(),
        path: real,
    })
}

/// The name (without extension) the photo is served to templates under.
pub const PHOTO_NAME: &str = "cvpdf-photo";
