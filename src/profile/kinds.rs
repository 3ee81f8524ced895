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

use super::model::Profile;
use super::text::EachText;

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

/// `text` with every way of breaking a line written as `\n`: `\r\n`, a lone `\r`, U+0085 and
/// U+2028 (line separators) as one, U+2029 (the paragraph separator) as a blank line; so
/// that no break escapes the rules of its field.
pub fn normalized_breaks(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.contains(['\r', '\u{85}', '\u{2028}', '\u{2029}']) {
        return std::borrow::Cow::Borrowed(text);
    }
    std::borrow::Cow::Owned(
        text.replace("\r\n", "\n")
            .replace(['\r', '\u{85}', '\u{2028}'], "\n")
            .replace('\u{2029}', "\n\n"),
    )
}

/// `education[2].highlights[0]` → `education[].highlights[]`.
pub fn without_indices(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    let mut in_index = false;
    for c in path.chars() {
        match c {
            '[' => in_index = true,
            ']' => in_index = false,
            _ if in_index && c.is_ascii_digit() => continue,
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
                "Paragraphs: a blank line starts a new one. Inline Markdown: `**bold**`, `*italic*`, `` `code` ``, `[text](https://…)`."
            }
            TextKind::Inline => {
                "One line: line breaks print as spaces, a blank line is refused. Inline Markdown: `**bold**`, `*italic*`, `` `code` ``, `[text](https://…)`."
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

/// The text fields that are plain strings rather than [`super::Text`] (they are never
/// translated), as paths without indices.
const STRING_TEXTS: [&str; 4] = [
    "name",
    "native_name",
    "name_variants[]",
    "publications[].authors[]",
];

/// Calls `f` with every text of `profile` and its field path: the names and authors, which
/// are plain strings, and each language of every translatable text (`bio.zh`).
pub fn each_text_value(profile: &mut Profile, f: &mut dyn FnMut(&str, &mut String)) {
    f("name", &mut profile.name);
    if let Some(native) = &mut profile.native_name {
        f("native_name", native);
    }
    for (i, variant) in profile.name_variants.iter_mut().enumerate() {
        f(&format!("name_variants[{i}]"), variant);
    }
    for (i, paper) in profile.publications.iter_mut().enumerate() {
        for (j, author) in paper.authors.iter_mut().enumerate() {
            f(&format!("publications[{i}].authors[{j}]"), author);
        }
    }
    profile.each_text("", &mut |path, text| {
        *text = text.map_each(|lang, value| {
            let at = lang.map_or_else(|| path.to_string(), |lang| format!("{path}.{lang}"));
            let mut value = value.to_string();
            f(&at, &mut value);
            value
        });
    });
}

/// Adds each text field's rule ([`TextKind::rule`]) to its description in the profile's JSON
/// Schema, so that an editor shows it beside the field.
pub fn describe_in_schema(schema: &mut serde_json::Value) {
    let mut found = Vec::new();
    collect_texts(schema, schema, None, "", &mut found, 0);
    for (owner, key, path) in found {
        let properties = match &owner {
            Some(def) => schema.pointer_mut(&format!("/$defs/{def}/properties")),
            None => schema.pointer_mut("/properties"),
        };
        let Some(property) = properties.and_then(|p| p.get_mut(&key)) else {
            continue;
        };
        let rule = match path.as_str() {
            "contact.email" => "One e-mail address (name@example.org): no `mailto:`, HTML or name around it.",
            "contact.phone" => "A phone number: digits, an optional leading +, spaces, ( ) - . /, and an optional extension (`ext. 12`).",
            _ => kind_of(&path).rule(),
        };
        let description = match property.get("description").and_then(|d| d.as_str()) {
            Some(text) => format!("{text} {rule}"),
            None => rule.to_string(),
        };
        property["description"] = serde_json::Value::String(description);
    }
}

/// Finds the properties of `node` (reached at `path`, defined in `$defs/owner` or at the
/// root) that hold text: (owner, property, path).
fn collect_texts(
    root: &serde_json::Value,
    node: &serde_json::Value,
    owner: Option<&str>,
    path: &str,
    found: &mut Vec<(Option<String>, String, String)>,
    depth: usize,
) {
    // The profile nests a few levels; a schema that references itself stops here.
    if depth > 12 {
        return;
    }
    let Some(properties) = node.get("properties").and_then(|p| p.as_object()) else {
        return;
    };
    for (key, property) in properties {
        let child = if path.is_empty() {
            key.clone()
        } else {
            format!("{path}.{key}")
        };
        let (target, array) = referenced(property);
        let text_path = if array {
            format!("{child}[]")
        } else {
            child.clone()
        };
        let is_text = target.as_deref() == Some("Text")
            || STRING_TEXTS.contains(&text_path.as_str())
            || matches!(child.as_str(), "contact.email" | "contact.phone");
        if is_text {
            found.push((owner.map(str::to_string), key.clone(), text_path.clone()));
        } else if let Some(def) = target {
            if let Some(inner) = root.pointer(&format!("/$defs/{def}")) {
                collect_texts(root, inner, Some(&def), &text_path, found, depth + 1);
            }
        }
    }
}

/// The `$defs` name a property's schema refers to (directly, in `anyOf`, or as its items),
/// and whether it is an array of it.
fn referenced(property: &serde_json::Value) -> (Option<String>, bool) {
    let name = |v: &serde_json::Value| {
        v.get("$ref")
            .and_then(|r| r.as_str())
            .and_then(|r| r.strip_prefix("#/$defs/"))
            .map(str::to_string)
    };
    if let Some(items) = property.get("items") {
        return (name(items), true);
    }
    if let Some(direct) = name(property) {
        return (Some(direct), false);
    }
    let any = property
        .get("anyOf")
        .and_then(|a| a.as_array())
        .and_then(|options| options.iter().find_map(name));
    (any, false)
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

    #[test]
    fn every_line_break_is_a_newline() {
        assert_eq!(
            normalized_breaks("a\r\nb\rc\u{2028}d\u{2029}e"),
            "a\nb\nc\nd\n\ne"
        );
        assert!(matches!(
            normalized_breaks("plain"),
            std::borrow::Cow::Borrowed(_)
        ));
    }

    #[test]
    fn the_schema_says_each_fields_rule() {
        let mut schema =
            serde_json::to_value(schemars::schema_for!(super::super::Profile)).unwrap();
        describe_in_schema(&mut schema);
        let description = |pointer: &str| {
            schema
                .pointer(&format!("{pointer}/description"))
                .and_then(|d| d.as_str())
                .unwrap_or_default()
                .to_string()
        };
        assert!(description("/properties/bio").contains("a blank line starts a new one"));
        assert!(description("/properties/name").contains("plain text"));
        assert!(description("/properties/headline").contains("Inline Markdown"));
        let highlights = description("/$defs/Education/properties/highlights");
        assert!(highlights.contains("Paragraphs"), "{highlights}");
        let venue = description("/$defs/Publication/properties/venue");
        assert!(venue.contains("plain text"), "{venue}");
        let title = description("/$defs/Publication/properties/title");
        assert!(title.contains("One line"), "{title}");
        assert!(description("/$defs/Contact/properties/email").contains("mailto"));
        assert!(description("/$defs/Contact/properties/address").contains("commas"));
        let authors = description("/$defs/Publication/properties/authors");
        assert!(authors.contains("plain text"), "{authors}");
    }
}
