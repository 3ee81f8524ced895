//! The one rule for text in every field: what each text field of a profile may hold.
//!
//! | kind | fields | a line break | a blank line | inline Markdown | HTML |
//! | --- | --- | --- | --- | --- | --- |
//! | paragraphs | `bio`, every `highlights`, the `note` of papers and awards | a space | a new paragraph | shown | refused |
//! | inline | `headline`, `score`, titles of papers, talks, awards and custom entries, `subtitle`, `hobbies` | a space | refused | shown | refused |
//! | address | `contact.address` | a comma | a comma | refused | refused |
//! | plain | every other text (names, institutions, venues, keywords, …) | a space | refused | refused | refused |
//!
//! Addresses, e-mail and phone numbers have rules of their own ([`super::contact`], the link
//! check). This table is read by validation (what is refused, at its line), by the source
//! stage (which fields become content), by importers (foreign text made to fit) and by the
//! JSON Schema (each field's description says its kind).

/// What a text field may hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextKind {
    /// Paragraphs of inline Markdown: a blank line starts a new one.
    Paragraphs,
    /// One line of inline Markdown (`**bold**`, `*italic*`, `` `code` ``, `[text](url)`).
    Inline,
    /// A postal address: plain text whose lines are joined by commas.
    Address,
    /// One line of plain text: what is written is what is printed.
    Plain,
}

/// Fields that hold paragraphs, as field paths without indices.
const PARAGRAPHS: [&str; 7] = [
    "bio",
    "education[].highlights[]",
    "experience[].highlights[]",
    "teaching[].highlights[]",
    "sections[].entries[].highlights[]",
    "publications[].note",
    "awards[].note",
];

/// Fields that hold one line of inline Markdown.
const INLINE: [&str; 8] = [
    "headline",
    "education[].score",
    "publications[].title",
    "talks[].title",
    "awards[].title",
    "hobbies[]",
    "sections[].entries[].title",
    "sections[].entries[].subtitle",
];

/// The kind of the text field at `path` (`education[2].highlights[0]`, or a translation of it,
/// `bio.zh`); any text field not named above is plain.
pub fn kind_of(path: &str) -> TextKind {
    let general = without_indices(path);
    let lookup = |p: &str| {
        if PARAGRAPHS.contains(&p) {
            Some(TextKind::Paragraphs)
        } else if INLINE.contains(&p) {
            Some(TextKind::Inline)
        } else if p == "contact.address" {
            Some(TextKind::Address)
        } else {
            None
        }
    };
    lookup(&general)
        .or_else(|| {
            // A translation (`bio.zh`) has the kind of its text.
            let (text, _lang) = general.rsplit_once('.')?;
            lookup(text)
        })
        .unwrap_or(TextKind::Plain)
}

/// `education[2].highlights[0]` → `education[].highlights[]`.
pub fn without_indices(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    let mut in_index = false;
    for c in path.chars() {
        match c {
            '[' => in_index = true,
            ']' => in_index = false,
            _ if in_index => continue,
            _ => {}
        }
        out.push(c);
    }
    out
}

impl TextKind {
    /// Whether the field shows inline Markdown.
    pub fn is_markdown(self) -> bool {
        matches!(self, TextKind::Paragraphs | TextKind::Inline)
    }

    /// The rule in one sentence, for the JSON Schema's descriptions and for messages.
    pub fn rule(self) -> &'static str {
        match self {
            TextKind::Paragraphs => {
                "Paragraphs: a blank line starts a new one. Inline Markdown: **bold**, *italic*, `code`, [text](https://…)."
            }
            TextKind::Inline => {
                "One line: line breaks print as spaces, a blank line is refused. Inline Markdown: **bold**, *italic*, `code`, [text](https://…)."
            }
            TextKind::Address => "Plain text; its lines are printed on one line, joined by commas.",
            TextKind::Plain => {
                "One line of plain text, printed as written: line breaks print as spaces; a blank line, Markdown and HTML are refused."
            }
        }
    }

    /// What the field is, for messages: "plain text", "one line".
    pub fn name(self) -> &'static str {
        match self {
            TextKind::Paragraphs => "text of paragraphs",
            TextKind::Inline => "one line of text",
            TextKind::Address => "a postal address in plain text",
            TextKind::Plain => "one line of plain text",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_have_their_kind() {
        assert_eq!(kind_of("bio"), TextKind::Paragraphs);
        assert_eq!(kind_of("bio.zh"), TextKind::Paragraphs);
        assert_eq!(
            kind_of("sections[3].entries[12].highlights[0]"),
            TextKind::Paragraphs
        );
        assert_eq!(kind_of("publications[0].note.de"), TextKind::Paragraphs);
        assert_eq!(kind_of("publications[0].title"), TextKind::Inline);
        assert_eq!(kind_of("hobbies[1]"), TextKind::Inline);
        assert_eq!(kind_of("contact.address"), TextKind::Address);
        assert_eq!(kind_of("experience[0].organization"), TextKind::Plain);
        assert_eq!(kind_of("name"), TextKind::Plain);
        assert_eq!(kind_of("publications[2].venue.zh"), TextKind::Plain);
    }
}
