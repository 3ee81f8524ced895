//! Text whose UTF-8 was once read as Windows-1252 (`â€™` for `’`), decoded back.

/// Windows-1252's characters at bytes 0x80–0x9F (where Latin-1 has control characters).
const CP1252: [char; 32] = [
    '€', '\u{81}', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\u{8d}', 'Ž', '\u{8f}',
    '\u{90}', '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '\u{9d}', 'ž', 'Ÿ',
];

/// The byte a character stands for when UTF-8 was read as Windows-1252 or Latin-1.
fn as_byte(c: char) -> Option<u8> {
    match c as u32 {
        0x80..=0xFF => Some(c as u32 as u8),
        _ => CP1252.iter().position(|&k| k == c).map(|i| 0x80 + i as u8),
    }
}

/// Text whose UTF-8 was once read as Windows-1252 (`â€™` for `’`, `â—\u{8f}` for `●`,
/// `Ã©` for `é`) with each such run decoded back, and any C1 control character left over
/// removed; `None` when there is nothing to repair. Also says how many places changed.
pub fn repaired(text: &str) -> Option<(String, usize)> {
    let suspicious = text.chars().any(|c| ('\u{80}'..='\u{9f}').contains(&c))
        || text.contains("â€")
        || text.contains('Ã');
    if !suspicious {
        return None;
    }
    let mut out = String::with_capacity(text.len());
    let mut places = 0;
    let mut run: Vec<char> = Vec::new();
    let flush = |run: &mut Vec<char>, out: &mut String, places: &mut usize| {
        let bytes: Option<Vec<u8>> = run.iter().map(|&c| as_byte(c)).collect();
        // Only what double decoding makes of Latin letters, punctuation and symbols counts:
        // `ß–` would decode to an N'Ko letter, which no one wrote.
        let plausible = |s: &String| {
            s.chars()
                .all(|c| matches!(c as u32, 0xA0..=0x24F | 0x300..=0x36F | 0x2000..=0x2BFF))
        };
        match bytes
            .and_then(|b| String::from_utf8(b).ok())
            .filter(plausible)
        {
            Some(decoded) if run.len() > 1 => {
                out.push_str(&decoded);
                *places += 1;
            }
            _ => out.extend(run.iter()),
        }
        run.clear();
    };
    for c in text.chars() {
        if !c.is_ascii() && as_byte(c).is_some() {
            run.push(c);
        } else {
            flush(&mut run, &mut out, &mut places);
            out.push(c);
        }
    }
    flush(&mut run, &mut out, &mut places);
    let before = out.chars().count();
    out.retain(|c| !('\u{80}'..='\u{9f}').contains(&c));
    places += before - out.chars().count();
    (places > 0).then_some((out, places))
}

/// A file's text with its mojibake repaired ([`repaired`]), and the sentence that says so:
/// the one rule every importer (`cvpdf import`, `import-bib`) reads a file with.
pub fn repaired_file(text: &str) -> (std::borrow::Cow<'_, str>, Option<String>) {
    match repaired(text) {
        Some((text, places)) => (
            text.into(),
            Some(format!(
                "the file's text had been decoded twice (UTF-8 read as Windows-1252, e.g. \
                 `â€™` for `’`); {places} place(s) were repaired"
            )),
        ),
        None => (text.into(), None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_decoded_twice_is_repaired() {
        let (text, places) =
            repaired("skal â—\u{8f} Formulere, it\u{e2}\u{20ac}\u{2122}s Ã©t\u{e9} café").unwrap();
        assert_eq!(text, "skal ● Formulere, it’s été café");
        assert_eq!(places, 3);
        assert_eq!(repaired("café — naïve ’quotes’"), None);
        // Correct text beside a mojibake trigger stays as it is.
        let (text, _) = repaired("JOÃO: Gauß–Seidel and Weiß’s law\u{8f}").unwrap();
        assert_eq!(text, "JOÃO: Gauß–Seidel and Weiß’s law");
    }
}
