//! How the profile format writes people: an author's trailing marks (`*` equal
//! contribution, `†` corresponding author), and names compared as a reader would (case and
//! punctuation aside), which is how the own name is found in an author list.

/// Lower case, punctuation as spaces, single spaces: `Z. Zhang` → `z zhang`.
pub fn normalize_name(name: &str) -> String {
    let cleaned: String = name
        .chars()
        .map(|c| {
            if c.is_alphanumeric() {
                c.to_lowercase().next().unwrap_or(c)
            } else {
                ' '
            }
        })
        .collect();
    cleaned.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// An author as written in a profile, split into the name and its trailing marks: `*` equal
/// contribution, `†` corresponding author (`Ada Li*†` → `Ada Li`, true, true).
pub fn author_marks(raw: &str) -> (&str, bool, bool) {
    let mut name = raw.trim();
    let (mut equal, mut corresponding) = (false, false);
    loop {
        if let Some(rest) = name.strip_suffix('*') {
            equal = true;
            name = rest.trim_end();
        } else if let Some(rest) = name.strip_suffix('†') {
            corresponding = true;
            name = rest.trim_end();
        } else {
            break;
        }
    }
    (name, equal, corresponding)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_come_off_and_names_match_loosely() {
        assert_eq!(author_marks(" Ada Li *† "), ("Ada Li", true, true));
        assert_eq!(author_marks("Ada Li"), ("Ada Li", false, false));
        assert_eq!(normalize_name("Z. Zhang"), "z zhang");
        assert_eq!(normalize_name("ZHANG,  Zili"), "zhang zili");
    }
}
