//! `cvpdf schema`: the JSON Schema of the profile format or of lab.json, or the profile
//! format's reference page in Markdown.

use super::Error;

/// Runs `cvpdf schema`: of lab.json with `lab`, else the profile's, as Markdown with
/// `markdown`.
pub fn run(lab: bool, markdown: bool) -> Result<(), Error> {
    match (lab, markdown) {
        (true, _) => crate::diag::outln!("{}", crate::lab::schema()),
        (false, true) => crate::diag::write_stdout(&crate::profile::reference::reference()),
        (false, false) => crate::diag::outln!("{}", crate::profile::reference::schema()),
    }
    Ok(())
}
