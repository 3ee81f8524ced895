//! al-folio's `list` and `nested_list` sections: lines, and titled groups of lines.

use crate::import::Tracked;
use crate::profile::html::html_in_markdown as plain;
use crate::profile::html_text;
use crate::profile::*;

/// A `list` section: lines, filed as interests or hobbies when the section means one.
pub(super) fn list_section(
    src: &mut Tracked,
    p: &mut Profile,
    contents: &str,
    meaning: Option<Section>,
    custom: &mut CustomSection,
) {
    for line in src.strs(contents) {
        let line = html_text(&line);
        if meaning == Some(Section::Interests) {
            p.interests.push(line.into());
        } else if meaning == Some(Section::Hobbies) {
            p.hobbies.push(line.into());
        } else {
            custom.entries.push(CustomEntry {
                title: line.into(),
                ..CustomEntry::default()
            });
        }
    }
}

/// A `nested_list` section: titled groups of items (skills, when the section means skills).
pub(super) fn nested_list_section(
    src: &mut Tracked,
    p: &mut Profile,
    contents: &str,
    meaning: Option<Section>,
    custom: &mut CustomSection,
) {
    for i in 0..src.len(contents) {
        let e = format!("{contents}[{i}]");
        let Some(group) = src.str(&format!("{e}.title")).map(|t| plain(&t)) else {
            continue;
        };
        let items: Vec<String> = src
            .strs(&format!("{e}.items"))
            .iter()
            .map(|t| plain(t))
            .collect();
        if meaning == Some(Section::Skills) {
            p.skills.push(Skill {
                name: group.into(),
                keywords: items.into_iter().map(Text::from).collect::<Vec<_>>(),
            });
        } else {
            custom.entries.push(CustomEntry {
                title: group.into(),
                highlights: items.into_iter().map(Text::from).collect::<Vec<_>>(),
                ..CustomEntry::default()
            });
        }
    }
}
