//! The lab's files in its site folder: each written only when its bytes change, and only over a
//! file cvpdf wrote (the one rule of `ownership`); pictures named after their content, and
//! recorded when written, so that a later build removes one only while it is what was written.

use std::path::Path;

use crate::diag::Diagnostic;
use crate::digest;
use crate::output::write_atomic;
use crate::ownership::{may_replace, Mark, Recorded};
use crate::picture::Asset;
use crate::pipeline::{Record, Records, Written};

/// The lab's own files in OUT; no profile's CV may be named like one of them.
pub const LAB_FILES: [&str; 5] = [
    "index.html",
    "lab.json",
    "lab.schema.json",
    "publications.pdf",
    "publications.bib",
];

/// The lab's files in OUT, written only when they change and only over files cvpdf wrote.
pub struct SiteFiles<'a> {
    /// The site's folder.
    out: &'a Path,
    /// Where what is written is recorded (for the pictures; none for the lab's own files).
    records: Option<&'a dyn Records>,
    /// What was written, for the report.
    pub written: Vec<String>,
    /// Warnings met on the way (the publication list's).
    pub warnings: Vec<Diagnostic>,
}

impl<'a> SiteFiles<'a> {
    /// Nothing written yet into `out`.
    pub fn new(out: &'a Path) -> Self {
        Self {
            out,
            records: None,
            warnings: Vec::new(),
            written: Vec::new(),
        }
    }

    /// Nothing written yet into `out`; each file written is recorded in `records`.
    pub fn recording(out: &'a Path, records: &'a dyn Records) -> Self {
        Self {
            records: Some(records),
            ..Self::new(out)
        }
    }

    /// Writes `name` in OUT unless it already holds `bytes`; a file there that `ours` does
    /// not recognise is left alone and reported. Whether the file is there now.
    pub fn write(
        &mut self,
        name: &str,
        bytes: &[u8],
        ours: impl Fn(&[u8]) -> bool,
    ) -> Result<bool, Vec<Diagnostic>> {
        let path = self.out.join(name);
        if crate::input::read_bytes(&path, "file", bytes.len() as u64 + 1)
            .is_ok_and(|found| found == bytes)
        {
            return Ok(true);
        }
        may_replace(
            &path,
            bytes,
            Recorded::Unknown,
            Mark::Content(&ours),
            "choose another folder with -o",
        )
        .map_err(|refused| vec![Diagnostic::error(refused.to_string())])?;
        if let Some(parent) = path.parent() {
            // A folder of the site (photos/) that is a link would take the file elsewhere.
            if parent != self.out
                && std::fs::symlink_metadata(parent).is_ok_and(|m| m.file_type().is_symlink())
            {
                return Err(vec![Diagnostic::error(format!(
                    "{} is a symbolic link; cvpdf writes the site's pictures only into a folder \
                     of the site itself",
                    parent.display()
                ))]);
            }
            std::fs::create_dir_all(parent).map_err(|e| {
                vec![Diagnostic::error(format!(
                    "cannot create {}: {e}",
                    parent.display()
                ))]
            })?;
        }
        write_atomic(&path, bytes).map_err(|e| {
            vec![Diagnostic::error(format!(
                "cannot write {}: {e}",
                path.display()
            ))]
        })?;
        if let Some(records) = self.records {
            records.set(
                &path,
                Some(Record {
                    fingerprint: String::new(),
                    files: Vec::new(),
                    written: vec![Written::of(&path, bytes)],
                }),
            );
        }
        self.written.push(path.display().to_string());
        Ok(true)
    }

    /// A picture (a photo scaled to print size, or the logo as it is) in OUT, under a name
    /// made of `stem` and the digest of the picture it was made from: a file of that name was
    /// made from these very bytes, so a photo is scaled once, not at every build, and a name
    /// is never reused for another picture. Its address relative to the page.
    pub fn picture(&mut self, asset: &Asset, stem: &str) -> Result<String, Vec<Diagnostic>> {
        // Scaling keeps the format; anything not PNG or JPEG is an SVG logo.
        let extension = match crate::picture::raster_format(&asset.bytes) {
            Some(image::ImageFormat::Jpeg) => "jpg",
            Some(_) => "png",
            None => "svg",
        };
        let hash = format!("{:032x}", digest::digest(&asset.bytes));
        let name = format!(
            "{}/{}-{}.{extension}",
            super::PHOTOS,
            crate::slug(stem),
            &hash[..12]
        );
        if self.out.join(&name).is_file() {
            return Ok(name);
        }
        let bytes = crate::picture::print_size(asset.bytes.clone())
            .map_err(|e| vec![Diagnostic::error(format!("{}: {e}", asset.path.display()))])?;
        self.write(&name, &bytes, |_| false)?;
        Ok(name)
    }
}
