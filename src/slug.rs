//! Slugs: the file names and ids made from people's names, low in the house so that the
//! commands, the lab and publishing all make them the same way.

/// The longest slug, in bytes: with a variant's and an extension's suffix (`-short.pdf`,
/// `-typst/`) a file name stays far below the 255 bytes file systems allow, and a very long
/// name (a title, a list of names pasted in) still gives a file that can be written.
pub const MAX_SLUG: usize = 64;

/// A file name for a person: their name transliterated to ASCII, lower-case letters and digits
/// joined by dashes (`Zoë Núñez` → `zoe-nunez`, `李之尧` → `li-zhi-yao`), at most
/// [`MAX_SLUG`] bytes: the words that fit whole (a first word longer than that, cut).
pub fn slug(name: &str) -> String {
    let mut out = String::new();
    let ascii = deunicode::deunicode(name);
    for word in ascii
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
    {
        if out.is_empty() {
            out = word.chars().take(MAX_SLUG).collect::<String>();
        } else if out.len() + 1 + word.len() <= MAX_SLUG {
            out.push('-');
            out.push_str(word);
        } else {
            break;
        }
    }
    if out.is_empty() {
        "profile".into()
    } else {
        out.to_ascii_lowercase()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_are_ascii_words_joined_by_dashes() {
        assert_eq!(slug("Zoë  Ñúñez: Ph.D."), "zoe-nunez-ph-d");
        assert_eq!(slug("Łukasz Żółć"), "lukasz-zolc");
        assert_eq!(slug("李之尧"), "li-zhi-yao");
        assert_eq!(slug("!!!"), "profile");
    }

    #[test]
    fn a_very_long_name_gives_a_slug_a_file_system_takes() {
        // Found by probing (issue 46): `cvpdf new` with a 300-character name failed on the
        // file's name.
        let long = slug(&"Ada Lovelace ".repeat(25));
        assert!(
            long.len() <= MAX_SLUG && long.starts_with("ada-lovelace-ada"),
            "{long}"
        );
        assert!(!long.ends_with('-'));
        assert_eq!(slug(&"x".repeat(300)), "x".repeat(MAX_SLUG));
    }
}
