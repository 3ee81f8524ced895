//! Control characters in foreign text: a terminal's escape sequences (`ESC[31m`, a title
//! copied from a coloured terminal) go whole, and every other control character but line
//! breaks and tabs goes, so that no importer leaves `[31m` where only the ESC was taken.

/// `text` without terminal escape sequences and control characters (line breaks and tabs
/// stay); `None` when there is nothing to take out.
pub fn without_controls(text: &str) -> Option<String> {
    let unwanted = |c: char| c.is_control() && c != '\n' && c != '\t';
    if !text.chars().any(unwanted) {
        return None;
    }
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' || c == '\u{9b}' {
            // CSI (`ESC [`, or the one character 0x9B): parameters and intermediates, then one
            // final character between `@` and `~`.
            let csi = c == '\u{9b}' || chars.next_if_eq(&'[').is_some();
            if csi {
                while chars
                    .next_if(|c| ('\u{20}'..='\u{3f}').contains(c))
                    .is_some()
                {}
                chars.next_if(|c| ('\u{40}'..='\u{7e}').contains(c));
            } else if chars.next_if_eq(&']').is_some() {
                // OSC (`ESC ]` … up to BEL or `ESC \`): a window title, a hyperlink's target.
                while let Some(c) = chars.next() {
                    if c == '\u{7}' || (c == '\u{1b}' && chars.next_if_eq(&'\\').is_some()) {
                        break;
                    }
                }
            } else {
                // `ESC` and one character (`ESC c`, `ESC (B`'s first part).
                chars.next_if(|c| ('\u{20}'..='\u{7e}').contains(c));
            }
            continue;
        }
        if !unwanted(c) {
            out.push(c);
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_sequences_go_whole() {
        assert_eq!(
            without_controls("\u{1b}[1;31mRed\u{1b}[0m title\u{7}\u{0} x").as_deref(),
            Some("Red title x")
        );
        assert_eq!(
            without_controls("\u{1b}]8;;https://x.org\u{7}link\u{1b}]8;;\u{1b}\\ text").as_deref(),
            Some("link text")
        );
        assert_eq!(
            without_controls("a\u{9b}2Jb\u{85}c").as_deref(),
            Some("abc")
        );
        assert_eq!(without_controls("line\nbreak\tand tab"), None);
    }
}
