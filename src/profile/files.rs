//! Files a profile or configuration names (the photo, the logo): relative to the file that
//! names them, inside its directory tree even after following symbolic links, and of a kind a
//! template can show.

use std::fs::File;
use std::io::Read;
use std::path::{Component, Path, PathBuf};

use crate::diag::Problem;

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

/// Resolves a photo path written in a profile ([`resolve_file`]) and checks that the file is
/// a PNG or JPEG image. Returns the file's real path.
pub fn resolve_photo(dir: &Path, photo: &str) -> Result<PathBuf, Problem> {
    let real = resolve_file(dir, photo, "photo")?;
    let mut head = [0u8; 8];
    let read = File::open(&real).and_then(|mut f| f.read(&mut head));
    match read.map(|n| image_format(&head[..n])) {
        Ok(Some(_)) => Ok(real),
        Ok(None) => Err(Problem::error(format!(
            "the photo \"{photo}\" is not a PNG or JPEG image"
        ))),
        Err(err) => Err(Problem::error(format!(
            "cannot read the photo \"{photo}\": {err}"
        ))),
    }
}

/// The kind of image `head` (a file's first bytes) starts, if it is one a template can show:
/// PNG or JPEG.
pub(crate) fn image_format(head: &[u8]) -> Option<image::ImageFormat> {
    image::guess_format(head)
        .ok()
        .filter(|f| matches!(f, image::ImageFormat::Png | image::ImageFormat::Jpeg))
}
