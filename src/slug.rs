//! Slugs: the file names and ids made from people's names, low in the house so that the
//! commands, the lab and publishing all make them the same way.

/// A file name for a person: their name transliterated to ASCII, lower-case letters and digits
/// joined by dashes (`Zoë Núñez` → `zoe-nunez`, `李之尧` → `li-zhi-yao`).
pub fn slug(name: &str) -> String {
    let words: Vec<String> = deunicode::deunicode(name)
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_ascii_lowercase)
        .collect();
    if words.is_empty() {
        "profile".into()
    } else {
        words.join("-")
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
}
