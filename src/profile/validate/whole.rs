//! The checks that look at the whole profile at once rather than at one field: its sizes
//! against the bounds, every translation, the variants, and `section_order`.

use super::super::model::Profile;
use super::super::sections::Section;
use super::super::text::EachText;
use super::{Checks, MAX_ENTRIES, MAX_TEXT_CHARS, MAX_TOTAL_CHARS};
use crate::diag::{unknown, Problem};

impl Checks {
    /// No list longer than [`MAX_ENTRIES`], no text longer than [`MAX_TEXT_CHARS`], and not
    /// more than [`MAX_TOTAL_CHARS`] of text in all.
    pub(super) fn sizes(&mut self, profile: &Profile) {
        let mut total = 0usize;
        let problems = &mut self.problems;
        crate::yaml::walk_fields(profile, &mut |path, value| match value {
            serde_yaml::Value::String(s) => {
                // Control characters (a YAML escape such as "\e" or "\0" makes them) print as
                // nothing or a box, and would reach the PDF's metadata and terminals; the
                // bidirectional overrides and isolates (U+202E …) make a text read otherwise
                // than it is stored (`"\u{202E}gnp.exe"` shows as `exe.png`).
                if let Some(c) = s.chars().find(|c| {
                    (c.is_control() && !matches!(c, '\n' | '\t' | '\r'))
                        || super::is_bidi_control(*c)
                }) {
                    problems.push(
                        Problem::error(format!(
                            "this text holds the control character U+{:04X}, which cannot be printed",
                            u32::from(c)
                        ))
                        .at_field(path)
                        .with_help("remove it (it may come from a \\e, \\0 or \\x escape)"),
                    );
                }
                let chars = s.chars().count();
                total += chars;
                if chars > MAX_TEXT_CHARS {
                    problems.push(
                        Problem::error(format!(
                            "this text has {chars} characters; at most {MAX_TEXT_CHARS} are accepted"
                        ))
                        .at_field(path),
                    );
                }
                true
            }
            serde_yaml::Value::Sequence(items) if items.len() > MAX_ENTRIES => {
                problems.push(
                    Problem::error(format!(
                        "this list has {} entries; at most {MAX_ENTRIES} are accepted",
                        items.len()
                    ))
                    .at_field(path),
                );
                false
            }
            _ => true,
        });
        if total > MAX_TOTAL_CHARS {
            self.push(
                Problem::error(format!(
                    "the profile holds {total} characters of text in all; at most \
                     {MAX_TOTAL_CHARS} are accepted"
                ))
                .with_help("a CV of this size would run to hundreds of pages; split it, or keep the selected publications"),
            );
        }
    }

    /// Every translated text: each language is one cvpdf knows (a misspelt one would never be
    /// shown), and no translation is blank.
    pub(super) fn translations(&mut self, texts: &mut Profile) {
        let languages = crate::template::languages();
        texts.each_text("", &mut |path, text| {
            let Some(pairs) = text.translations() else {
                return;
            };
            if pairs.is_empty() {
                self.problems.push(
                    Problem::error("this text has no translation at all")
                        .at_field(path)
                        .with_help("write the text, or a map such as {en: …, zh: …}"),
                );
            }
            for (lang, value) in pairs {
                let at = format!("{path}.{lang}");
                if !languages.contains(lang) {
                    self.problems.push(
                        unknown(
                            "language",
                            lang,
                            languages.iter().map(String::as_str),
                            || format!("the languages are: {}", languages.join(", ")),
                        )
                        .at_field(at),
                    );
                } else if value.trim().is_empty() {
                    self.problems.push(
                        Problem::error("this translation is empty")
                            .at_field(at)
                            .with_help(
                                "leave the language out: the CV then shows the English text",
                            ),
                    );
                }
            }
        });
    }

    /// The profile's own variants: names that can be part of file names, known languages and
    /// sections (its own custom sections too), built-in templates only (a template file
    /// belongs to the lab's configuration), a page budget of at least one page. Fonts and
    /// colours are checked with the lab's style, when the variant is rendered.
    pub(super) fn variants(&mut self, profile: &Profile) {
        let languages = crate::template::languages();
        // A custom section by its title in any of its languages.
        let custom: Vec<&str> = profile
            .sections
            .iter()
            .flat_map(|s| s.title.texts())
            .collect();
        if let Some(problem) = super::super::variant::count_problem(&profile.variants) {
            self.push(problem);
            return;
        }
        for (name, variant) in &profile.variants {
            let at = format!("variants.{name}");
            if let Some(problem) = super::super::variant::name_problem(name) {
                self.push(problem.at_field(at));
                continue;
            }
            if let Some(lang) = &variant.lang {
                if !languages.contains(lang) {
                    self.push(
                        unknown(
                            "language",
                            lang,
                            languages.iter().map(String::as_str),
                            || format!("the languages are: {}", languages.join(", ")),
                        )
                        .at_field(format!("{at}.lang")),
                    );
                }
            }
            if let Some(sections) = &variant.sections {
                self.problems.extend(super::super::sections::section_keys(
                    sections,
                    &format!("{at}.sections"),
                    Some(&custom),
                ));
            }
            if let Some(template) = &variant.template {
                if let Err(problem) = crate::template::Template::builtin_named(template) {
                    self.push(problem.at_field(format!("{at}.template")));
                }
            }
            if let Some(spec) = &variant.citation_style {
                let problem = if crate::csl::is_path(spec.trim()) {
                    Some(
                        Problem::error(
                            "a profile's variant can name a built-in citation style only",
                        )
                        .with_help(
                            "a .csl file belongs in the lab's cvpdf.yaml (citation_style: …)",
                        ),
                    )
                } else {
                    crate::csl::resolve(spec, None).err()
                };
                if let Some(problem) = problem {
                    self.push(problem.at_field(format!("{at}.citation_style")));
                }
            }
            if variant.max_pages == Some(0) {
                self.push(
                    Problem::error("a CV has at least one page")
                        .at_field(format!("{at}.max_pages")),
                );
            }
        }
    }

    /// `section_order` must name built-in sections or custom section titles, once each.
    pub(super) fn section_order(&mut self, profile: &Profile) {
        // A custom section may be named by its title in any of its languages.
        let custom: Vec<&str> = profile
            .sections
            .iter()
            .flat_map(|s| s.title.texts())
            .collect();
        let mut seen: Vec<String> = Vec::new();
        for (i, key) in profile.section_order.iter().enumerate() {
            let field = format!("section_order[{i}]");
            // One section under two of its names is listed twice too.
            let identity = match (
                Section::from_key(key),
                super::super::sections::custom_section(profile, key),
            ) {
                (None, Some(index)) => format!("#{index}"),
                _ => key.clone(),
            };
            if Section::from_key(key).is_none() && !custom.contains(&key.as_str()) {
                let mut known: Vec<&str> = Vec::new();
                for builtin in Section::keys() {
                    known.push(builtin);
                }
                known.extend(&custom);
                self.push(
                    unknown("section", key, known.iter().copied(), || {
                        format!("the sections are: {}", known.join(", "))
                    })
                    .at_field(field),
                );
            } else if seen.contains(&identity) {
                self.push(
                    Problem::error(format!("section \"{key}\" is listed twice")).at_field(field),
                );
            } else {
                seen.push(identity);
            }
        }
    }
}
