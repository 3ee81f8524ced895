//! The language a text's script suggests: Japanese kana, Hangul, Cyrillic and the other
//! scripts of one language say it; Han alone says Chinese; Latin says nothing. Used for a
//! native name's `lang` on the people page and to tell which translation of a title a foreign
//! text is.

/// The language `text`'s script suggests, if it suggests one.
pub fn script_language(text: &str) -> Option<&'static str> {
    use unicode_script::{Script, UnicodeScript};
    let mut han = false;
    for c in text.chars() {
        let language = match c.script() {
            Script::Hiragana | Script::Katakana => "ja",
            Script::Hangul => "ko",
            Script::Cyrillic => "ru",
            Script::Greek => "el",
            Script::Hebrew => "he",
            Script::Arabic => "ar",
            Script::Devanagari => "hi",
            Script::Thai => "th",
            Script::Han => {
                han = true;
                continue;
            }
            _ => continue,
        };
        return Some(language);
    }
    han.then_some("zh")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn native_names_get_the_language_of_their_script() {
        assert_eq!(script_language("张子立"), Some("zh"));
        assert_eq!(script_language("山田 たろう"), Some("ja"));
        assert_eq!(script_language("김민준"), Some("ko"));
        assert_eq!(script_language("Ada"), None);
        assert_eq!(script_language("Иван Петров"), Some("ru"));
        assert_eq!(script_language("สมชาย"), Some("th"));
    }
}
