//! Reading what a user hands cvpdf (profiles, configurations, files to import): regular files
//! only, and never more than [`MAX_FILE_BYTES`], refused before anything parses them. A FIFO
//! or a device is refused before it is opened, so it can neither hang nor stream forever.

use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};

use crate::diag::Problem;

/// The largest file cvpdf reads as text: a profile, a configuration, a `.bib`, a JSON Resume
/// or a Hugo page.
pub const MAX_FILE_BYTES: u64 = 4 * 1024 * 1024;

/// Reads `path` as UTF-8 text (a byte-order mark is dropped); `noun` names it in messages
/// ("profile", "BibTeX file").
pub fn read_text(path: &Path, noun: &str) -> Result<String, Problem> {
    let bytes = read_bytes(path, noun, MAX_FILE_BYTES)?;
    decode(&bytes, noun)
}

/// Reads a file written elsewhere (one to import) as text: UTF-8 (or UTF-16 with a
/// byte-order mark) as it is; else in the encoding the file declares (JabRef's first line
/// `% Encoding: windows-1250`, an XML or HTML `charset`), else as Windows-1252, the Latin-1
/// superset older tools wrote. With a sentence saying so when it was not UTF-8.
pub fn read_foreign_text(path: &Path, noun: &str) -> Result<(String, Option<String>), Problem> {
    let bytes = read_bytes(path, noun, MAX_FILE_BYTES)?;
    Ok(decode_foreign(&bytes, noun))
}

/// See [`read_foreign_text`].
fn decode_foreign(bytes: &[u8], noun: &str) -> (String, Option<String>) {
    if let Some((encoding, bom)) = encoding_rs::Encoding::for_bom(bytes) {
        if encoding != encoding_rs::UTF_8 {
            let (text, _) = encoding.decode_without_bom_handling(&bytes[bom..]);
            return (text.into_owned(), None);
        }
    }
    if let Ok(text) = decode(bytes, noun) {
        return (text, None);
    }
    let declared =
        declared_encoding(bytes).filter(|e| e.is_ascii_compatible() && *e != encoding_rs::UTF_8);
    if declared.is_none() {
        if let Some(mixed) = mostly_utf8(bytes, noun) {
            return mixed;
        }
    }
    let encoding = declared.unwrap_or(encoding_rs::WINDOWS_1252);
    let (text, _) = encoding.decode_without_bom_handling(bytes);
    let how = if declared.is_some() {
        "as it declares"
    } else {
        "the encoding of most older files"
    };
    (
        text.into_owned(),
        Some(format!(
            "the {noun} is not UTF-8; it was read as {} ({how})",
            encoding.name()
        )),
    )
}

/// A UTF-8 file with a few bytes that are not (a name pasted from a Latin-1 file): its UTF-8
/// read as UTF-8 and only the stray bytes as Windows-1252, so that one byte does not turn
/// every other accent of the file into mojibake (`JosÃ©`). `None` when the file holds more
/// stray bytes than UTF-8 characters: then it is a Latin-1 file, read whole as such.
fn mostly_utf8(bytes: &[u8], noun: &str) -> Option<(String, Option<String>)> {
    let (mut utf8, mut stray) = (0usize, 0usize);
    for chunk in bytes.utf8_chunks() {
        utf8 += chunk.valid().chars().filter(|c| !c.is_ascii()).count();
        stray += chunk.invalid().len();
    }
    if utf8 < stray {
        return None;
    }
    let mut text = String::with_capacity(bytes.len() + stray);
    let mut first_line = None;
    for chunk in bytes.utf8_chunks() {
        text.push_str(chunk.valid());
        if !chunk.invalid().is_empty() {
            first_line.get_or_insert(text.matches('\n').count() + 1);
            let (read, _) = encoding_rs::WINDOWS_1252.decode_without_bom_handling(chunk.invalid());
            text.push_str(&read);
        }
    }
    let text = text
        .strip_prefix('\u{feff}')
        .map(str::to_string)
        .unwrap_or(text);
    let line = first_line.unwrap_or(1);
    Some((
        text,
        Some(format!(
            "the {noun} is UTF-8 but for {stray} byte(s) that are not (the first on line \
             {line}); only those were read as windows-1252"
        )),
    ))
}

/// The encoding a file names near its top: `% Encoding: …` (JabRef), `charset=…` (HTML) or
/// `encoding="…"` (XML).
fn declared_encoding(bytes: &[u8]) -> Option<&'static encoding_rs::Encoding> {
    let head = String::from_utf8_lossy(&bytes[..bytes.len().min(1024)]).to_ascii_lowercase();
    ["encoding:", "charset=", "encoding="]
        .iter()
        .find_map(|marker| {
            let at = head.find(marker)? + marker.len();
            let label: String = head[at..]
                .trim_start_matches([' ', '"', '\''])
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | ':' | '.'))
                .collect();
            encoding_rs::Encoding::for_label(label.as_bytes())
                .or_else(|| encoding_rs::Encoding::for_label(label.replace('_', "-").as_bytes()))
        })
}

/// Reads at most `limit` bytes of a regular file, refusing a larger one.
pub fn read_bytes(path: &Path, noun: &str, limit: u64) -> Result<Vec<u8>, Problem> {
    let cannot_read =
        |err: std::io::Error| Problem::error(format!("cannot read the {noun}: {err}"));
    let metadata = fs::metadata(path).map_err(cannot_read)?;
    if metadata.is_dir() {
        return Err(Problem::error(format!(
            "{} is a directory, not a {noun}",
            path.display()
        )));
    }
    if !metadata.is_file() {
        return Err(Problem::error(format!(
            "{} is not a regular file (a pipe or a device?), so it is not read as a {noun}",
            path.display()
        )));
    }
    let file = fs::File::open(path).map_err(cannot_read)?;
    // Read at most one byte more than allowed: a file that grew since it was measured is
    // still refused without being read in full.
    let mut bytes = Vec::new();
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(cannot_read)?;
    if bytes.len() as u64 > limit {
        let size = metadata.len().max(bytes.len() as u64);
        return Err(Problem::error(format!(
            "the {noun} is {}; files over {} are refused",
            mebibytes(size),
            mebibytes(limit)
        ))
        .with_help(format!(
            "a {noun} for a CV is rarely more than a few hundred kilobytes; is this the right file?"
        )));
    }
    Ok(bytes)
}

/// A size for people: "4 MiB", "47.2 MiB".
fn mebibytes(bytes: u64) -> String {
    let mib = bytes as f64 / 1048576.0;
    if mib.fract() == 0.0 {
        format!("{mib:.0} MiB")
    } else {
        format!("{mib:.1} MiB")
    }
}

pub use crate::diag::line_column;

/// UTF-8 text from bytes, or where the first invalid byte is.
fn decode(bytes: &[u8], noun: &str) -> Result<String, Problem> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    String::from_utf8(bytes.to_vec()).map_err(|err| {
        let valid = &bytes[..err.utf8_error().valid_up_to()];
        // The prefix is valid UTF-8 by construction; count lines and characters in it.
        let prefix = String::from_utf8_lossy(valid);
        let (line, column) = line_column(&prefix, prefix.len());
        let byte = bytes.get(valid.len()).copied().unwrap_or(0);
        let mut problem = Problem::error(format!(
            "the {noun} is not UTF-8 text (byte 0x{byte:02X} at line {line}, column {column})"
        ))
        .with_help("save the file as UTF-8");
        problem.position = Some((line as u32, column as u32));
        problem
    })
}

/// The directory a file is in (`.` for a bare file name): where an output is written, where a
/// profile's relative paths start.
pub fn parent_dir(path: &Path) -> PathBuf {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn non_utf8_is_located() {
        let p = decode(b"name: A\nbio: \xFF\n", "profile").unwrap_err();
        assert_eq!(p.position, Some((2, 6)));
        assert!(p.message.contains("0xFF"));
    }

    #[test]
    fn foreign_files_are_read_in_their_encoding_and_it_is_said() {
        // Latin-1 without a declaration: Windows-1252.
        let (text, said) = decode_foreign(b"author = {Jos\xE9 Garc\xEDa}", "BibTeX file");
        assert_eq!(text, "author = {José García}");
        assert!(said.unwrap().contains("windows-1252"));
        // JabRef's declaration, here windows-1250 (Polish ł is 0xB3).
        let (text, said) = decode_foreign(b"% Encoding: windows-1250\n{\xB3}", "BibTeX file");
        assert_eq!(text, "% Encoding: windows-1250\n{ł}");
        assert!(said.unwrap().contains("as it declares"));
        // UTF-8 as it is, also when it declares something else; UTF-16 by its mark.
        assert_eq!(
            decode_foreign("% Encoding: Cp1252\né".as_bytes(), "f"),
            ("% Encoding: Cp1252\né".into(), None)
        );
        assert_eq!(
            decode_foreign(b"\xFF\xFEa\0\xE9\0", "f"),
            ("aé".into(), None)
        );
    }

    #[test]
    fn one_stray_latin1_byte_leaves_the_utf8_around_it_as_it_is() {
        // Found by probing: one byte made every name of a .bib mojibake (`JosÃ© MÃ¼ller`).
        let bytes = [
            "author = {José Müller and Zoë}\ntitle = {Caf".as_bytes(),
            b"\xE9}\n",
        ]
        .concat();
        let (text, said) = decode_foreign(&bytes, "BibTeX file");
        assert_eq!(text, "author = {José Müller and Zoë}\ntitle = {Café}\n");
        let said = said.unwrap();
        assert!(
            said.contains("1 byte(s)") && said.contains("line 2"),
            "{said}"
        );
        // More stray bytes than UTF-8: a Latin-1 file whose bytes happen to pair up.
        let (text, _) = decode_foreign(b"Ren\xE9 \xC3\xA9t\xE9 \xE0 \xEE", "f");
        assert_eq!(text, "René Ã©té à î");
    }

    #[test]
    fn a_byte_order_mark_is_accepted() {
        assert_eq!(
            decode(b"\xEF\xBB\xBFname: A", "profile").unwrap(),
            "name: A"
        );
    }

    #[test]
    fn pipes_devices_and_large_files_are_refused_unread() {
        let err = read_text(Path::new("/dev/zero"), "profile").unwrap_err();
        assert!(
            err.message.contains("not a regular file"),
            "{}",
            err.message
        );
        let dir = tempfile::tempdir().unwrap();
        let big = dir.path().join("big.bib");
        fs::write(&big, vec![b'x'; 5 * 1024 * 1024]).unwrap();
        let err = read_text(&big, "BibTeX file").unwrap_err();
        assert_eq!(
            err.message,
            "the BibTeX file is 5 MiB; files over 4 MiB are refused"
        );
    }
}
