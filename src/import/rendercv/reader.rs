//! The sections of a RenderCV file, entry by entry: by their RenderCV type (text, education,
//! experience, publication, one-line, bullet, numbered, normal), filed where the section's title
//! says, or by the fields they have when their type is none RenderCV has.

use super::parts::*;
use super::{entries, entry_type, sections, EntryType, Tracked};
use crate::import::Warning;
use crate::profile::*;

/// What reading a RenderCV file's sections needs at hand.
pub(super) struct Reader {
    /// The file, with what has been read of it.
    pub src: Tracked,
    /// The profile so far.
    pub p: Profile,
    /// What to tell the user.
    pub warnings: Vec<Warning>,
    /// The researcher's name as the header gives it.
    pub name: String,
    /// The same, trimmed: the sole author of a paper that names none.
    pub own: String,
    /// Whether the file is in English ("in" between a degree and its field).
    pub english: bool,
}

impl Reader {
    /// A line of text filed where the section means: a hobby, a research interest, else an
    /// entry of the section's own.
    fn line(&mut self, text: String, meaning: &str, custom: &mut CustomSection) {
        match meaning {
            "hobbies" => self.p.hobbies.push(text.into()),
            "interests" => self.p.interests.push(text.into()),
            "talks" => self.p.talks.push(Talk {
                title: text.into(),
                events: Vec::new(),
            }),
            "service" => self.p.service.push(Service {
                role: text.into(),
                venues: Vec::new(),
            }),
            _ => custom.entries.push(entry(text)),
        }
    }

    /// One section of the file: its entries by their RenderCV type, filed where the
    /// section's title says (a section of its own when it says nothing cvpdf knows).
    pub fn section(&mut self, s: usize, title: &str, filed: &mut sections::Filed) {
        let at = format!("cv.sections[{s}].entries");
        self.src.mark(&format!("cv.sections[{s}].title"));
        let count = self.src.len(&at);
        let section = filed.meaning(title, &mut self.warnings);
        let kind = lookup_first(&self.src, &at);
        // Entries of a kind RenderCV does not have (al-folio's newer cv.yml mixes in JSON
        // Resume's keys), and plain named entries in a section that has its own fields: by
        // what the section means, with the fields they have.
        let generic_section = matches!(
            section,
            Some(
                Section::Languages
                    | Section::Skills
                    | Section::Publications
                    | Section::Education
                    | Section::Experience
                    | Section::Awards
                    | Section::Grants
                    | Section::Supervision
                    | Section::Talks
                    | Section::Service
            )
        );
        if kind.is_none() || (kind == Some(EntryType::Normal) && generic_section) {
            let mut entries = Vec::new();
            for i in 0..count {
                let e = format!("{at}[{i}]");
                // In `Grants and Awards`, a grant by its shape.
                let section = crate::import::mixed::award_or_grant(title, section, &self.src, &e);
                if !entries::generic(
                    &mut self.src,
                    &e,
                    section,
                    &self.name,
                    &mut self.p,
                    &mut entries,
                    &mut self.warnings,
                ) && self.src.peek(&e).is_some()
                {
                    self.warnings.push(Warning::at(
                        &e,
                        "an entry with nothing that names it; left out",
                    ));
                    self.src.mark(&e);
                }
            }
            if !entries.is_empty() {
                apart(title, section, entries.len(), &mut self.warnings);
                self.p.sections.push(CustomSection {
                    title: section_title(title).into(),
                    entries,
                });
            }
            return;
        }
        let Some(kind) = kind else { return };
        let meaning = match section {
            Some(Section::Skills) => "skills",
            Some(Section::Awards) => "awards",
            Some(Section::Languages) => "languages",
            Some(Section::Bio) => "bio",
            Some(Section::Hobbies) => "hobbies",
            Some(Section::Interests) => "interests",
            Some(Section::Talks) => "talks",
            Some(Section::Service) => "service",
            _ => "",
        };
        let mut custom = CustomSection {
            title: (section_title(title)).into(),
            entries: Vec::new(),
        };
        for i in 0..count {
            let e = format!("{at}[{i}]");
            // An entry of another shape than the section's first: by its own fields.
            if self.src.peek(&e).and_then(entry_type) != Some(kind) {
                let mut more = Vec::new();
                if entries::generic(
                    &mut self.src,
                    &e,
                    section,
                    &self.name,
                    &mut self.p,
                    &mut more,
                    &mut self.warnings,
                ) {
                    custom.entries.extend(more);
                } else if self.src.peek(&e).is_some() {
                    self.warnings.push(Warning::at(
                        &e,
                        "an entry with nothing that names it; left out",
                    ));
                    self.src.mark(&e);
                }
                continue;
            }
            self.typed_entry(&e, kind, meaning, section, &mut custom);
        }
        if !custom.entries.is_empty() {
            apart(title, section, custom.entries.len(), &mut self.warnings);
            self.p.sections.push(custom);
        }
    }

    /// One entry of RenderCV type `kind` at `e`, in a section that means `meaning`
    /// (`skills`, `awards`, `languages`, `bio`, `hobbies`, `interests`, or nothing: it goes
    /// into `custom`).
    fn typed_entry(
        &mut self,
        e: &str,
        kind: EntryType,
        meaning: &str,
        section: Option<Section>,
        custom: &mut CustomSection,
    ) {
        match kind {
            EntryType::Text => {
                let Some(text) = self.src.str(e) else { return };
                if meaning == "bio" {
                    self.p.bio = Some(match self.p.bio.take() {
                        Some(bio) => format!("{bio}\n\n{text}").into(),
                        None => text.into(),
                    });
                } else {
                    self.line(text, meaning, custom);
                }
            }
            EntryType::Education => {
                let Some(institution) = self.src.str(&format!("{e}.institution")) else {
                    return;
                };
                let area = self.src.str(&format!("{e}.area")).unwrap_or_default();
                let degree = match self
                    .src
                    .str(&format!("{e}.degree"))
                    .or_else(|| self.src.str(&format!("{e}.studyType")))
                {
                    // A degree that names its field already (`Ph.D. in Computer Science`).
                    Some(d) if d.to_lowercase().contains(&area.to_lowercase()) => d,
                    // "in" is English: other languages (and scripts) get a comma.
                    Some(d)
                        if !area.is_empty()
                            && self.english
                            && (d.is_ascii() && area.is_ascii()) =>
                    {
                        format!("{d} in {area}")
                    }
                    Some(d) if !area.is_empty() => format!("{d}, {area}"),
                    Some(d) => d,
                    None => area,
                };
                Placed::read(&mut self.src, e, institution, degree, &mut self.warnings).file(
                    section,
                    &mut self.p,
                    &mut custom.entries,
                );
            }
            EntryType::Experience => {
                let (Some(organization), Some(role)) = (
                    self.src.str(&format!("{e}.company")),
                    self.src.str(&format!("{e}.position")),
                ) else {
                    return;
                };
                Placed::read(&mut self.src, e, organization, role, &mut self.warnings).file(
                    section,
                    &mut self.p,
                    &mut custom.entries,
                );
            }
            EntryType::Publication => {
                if let Some(publication) =
                    publication(&mut self.src, e, &self.own, &mut self.p, &mut self.warnings)
                {
                    self.p.publications.push(publication);
                }
            }
            EntryType::OneLine => {
                let (Some(label), Some(details)) = (
                    self.src.str(&format!("{e}.label")),
                    self.src.str(&format!("{e}.details")),
                ) else {
                    return;
                };
                if meaning == "languages" {
                    self.p.languages.push(Language {
                        name: label.into(),
                        fluency: Some(details.into()),
                    });
                } else if meaning == "service" {
                    self.p.service.push(Service {
                        role: label.into(),
                        venues: vec![details.into()],
                    });
                } else if meaning == "skills" {
                    self.p.skills.push(Skill {
                        name: label.into(),
                        keywords: details
                            .split([',', ';'])
                            .map(str::trim)
                            .filter(|k| !k.is_empty())
                            .map(Text::from)
                            .collect(),
                    });
                } else {
                    custom
                        .entries
                        .push(entry(super::entries::labelled(&label, &details)));
                }
            }
            EntryType::Bullet | EntryType::Numbered | EntryType::ReversedNumbered => {
                let key = match kind {
                    EntryType::Bullet => "bullet",
                    EntryType::Numbered => "number",
                    _ => "reversed_number",
                };
                let Some(text) = self.src.str(&format!("{e}.{key}")) else {
                    return;
                };
                if meaning == "awards" {
                    self.p.awards.push(Award {
                        title: text.into(),
                        ..Award::default()
                    });
                } else {
                    self.line(text, meaning, custom);
                }
            }
            EntryType::Normal => {
                let Some(name) = self.src.str(&format!("{e}.name")) else {
                    return;
                };
                let (start, end, free) = period(&mut self.src, e, &mut self.warnings);
                let highlights = highlights(&mut self.src, e, &mut self.warnings);
                if meaning == "awards" {
                    let date = match (start, &end) {
                        (Some(d), _) => Some(d),
                        (None, Some(EndDate::Date(d))) => Some(*d),
                        _ => None,
                    };
                    self.p.awards.push(Award {
                        title: name.into(),
                        date,
                        note: ((!highlights.is_empty()).then(|| highlights.join("; ")))
                            .map(Text::from),
                        ..Award::default()
                    });
                    return;
                }
                let (date, start, end) = match (start, end) {
                    (None, Some(EndDate::Date(d))) => (Some(d), None, None),
                    (start, end) => (None, start, end),
                };
                custom.entries.push(CustomEntry {
                    title: name.into(),
                    subtitle: free.map(Text::from),
                    location: (self.src.str(&format!("{e}.location"))).map(Text::from),
                    date,
                    start,
                    end,
                    highlights: highlights.into_iter().map(Text::from).collect::<Vec<_>>(),
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn interests_and_hobbies_go_where_their_titles_say() {
        let value = serde_json::json!({"cv": {"name": "Ada Lovelace", "sections": {
            "Research Interests": [{"bullet": "Analytical engines"}],
            "Interests & Hobbies": ["Poetry", "Horses"],
        }}});
        let (p, _) = super::super::convert(value).unwrap();
        assert_eq!(p.interests, ["Analytical engines"]);
        assert_eq!(p.hobbies, ["Poetry", "Horses"]);
        assert!(p.sections.is_empty(), "{:?}", p.sections);
    }
}
