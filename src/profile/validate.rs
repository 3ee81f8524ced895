//! Checks a profile needs beyond its types: required text is not blank, periods do not end
//! before they start, the photo is a real image inside the profile's directory tree, and
//! `section_order` names sections that exist.

use std::path::Path;

use super::date::{Date, EndDate};
use super::files::resolve_photo;
use super::model::Profile;
use super::publication::Publication;
use super::sections::Section;
use super::text::EachText;
use crate::diag::{unknown, Problem};

/// Whether `c` overrides or isolates the direction of the text around it (U+202A–U+202E,
/// U+2066–U+2069).
pub fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// The most entries any list of a profile may have: enough for a prolific career (a CV with
/// 2,000 papers is some 300 pages), small enough that every profile renders in bounded time.
pub const MAX_ENTRIES: usize = 2_000;

/// The most characters any text of a profile may have (about five pages of prose).
pub const MAX_TEXT_CHARS: usize = 20_000;

/// The most characters of text a whole profile may hold (about 250 printed pages): layout
/// time and memory grow with it, and a 3.9 MB profile within the other bounds took 14.8 s
/// and 4.2 GiB.
pub const MAX_TOTAL_CHARS: usize = 400_000;

/// The problems of one publication on its own (for importers, which check each entry before
/// it joins a profile); field paths start at `publication`.
pub fn publication_problems(p: &Publication) -> Vec<Problem> {
    let mut v = Checks::default();
    v.publication("publication", p);
    v.problems
}

/// Every problem of `profile`, with field paths (spans are added by the loader). `dir` is the
/// directory the profile's relative paths start from.
pub fn validate(profile: &Profile, dir: &Path) -> Vec<Problem> {
    let mut v = Checks::default();
    v.sizes(profile);
    if !v.problems.is_empty() {
        // Over a size limit: the other checks would only add noise (and time).
        return v.problems;
    }
    v.text("name", &profile.name);
    // The walks over every text take `&mut` (one walk also localises texts); they share one
    // copy of the profile rather than each making its own.
    let mut texts = profile.clone();
    v.problems
        .extend(super::check_text::text_problems(profile, &mut texts));
    for (i, a) in profile.affiliations.iter().enumerate() {
        v.text(&format!("affiliations[{i}].name"), &a.name);
        if let Some(url) = &a.url {
            v.url(&format!("affiliations[{i}].url"), url);
        }
    }
    if let Some(url) = &profile.contact.website {
        v.url("contact.website", url);
    }
    for (i, l) in profile.links.iter().enumerate() {
        v.url(&format!("links[{i}].url"), &l.url);
    }
    for (i, e) in profile.education.iter().enumerate() {
        let at = format!("education[{i}]");
        v.text(&format!("{at}.institution"), &e.institution);
        v.text(&format!("{at}.degree"), &e.degree);
        v.period(&at, e.start, e.end);
        if e.expected && !matches!(e.end, Some(EndDate::Date(_))) {
            v.push(
                Problem::error("`expected: true` needs an end date (the expected graduation)")
                    .at_field(format!("{at}.expected")),
            );
        }
    }
    for (i, e) in profile.experience.iter().enumerate() {
        let at = format!("experience[{i}]");
        v.text(&format!("{at}.organization"), &e.organization);
        v.text(&format!("{at}.role"), &e.role);
        v.period(&at, e.start, e.end);
    }
    for (i, p) in profile.publications.iter().enumerate() {
        v.publication(&format!("publications[{i}]"), p);
    }
    for (i, t) in profile.talks.iter().enumerate() {
        v.text(&format!("talks[{i}].title"), &t.title);
        for (j, e) in t.events.iter().enumerate() {
            v.text(&format!("talks[{i}].events[{j}].event"), &e.event);
        }
    }
    for (i, t) in profile.teaching.iter().enumerate() {
        v.text(&format!("teaching[{i}].course"), &t.course);
    }
    for (i, a) in profile.awards.iter().enumerate() {
        v.text(&format!("awards[{i}].title"), &a.title);
    }
    for (i, s) in profile.service.iter().enumerate() {
        v.text(&format!("service[{i}].role"), &s.role);
    }
    for (i, s) in profile.skills.iter().enumerate() {
        v.text(&format!("skills[{i}].name"), &s.name);
    }
    for (i, l) in profile.languages.iter().enumerate() {
        v.text(&format!("languages[{i}].name"), &l.name);
    }
    for (i, s) in profile.sections.iter().enumerate() {
        v.text(&format!("sections[{i}].title"), &s.title);
        for (j, e) in s.entries.iter().enumerate() {
            let at = format!("sections[{i}].entries[{j}]");
            v.text(&format!("{at}.title"), &e.title);
            v.period(&at, e.start, e.end);
        }
    }
    v.section_order(profile);
    v.translations(&mut texts);
    v.variants(profile);
    if let Some(photo) = &profile.photo {
        if let Err(problem) = resolve_photo(dir, photo) {
            v.push(problem.at_field("photo"));
        }
    }
    v.problems
}

/// Collects problems.
#[derive(Default)]
struct Checks {
    problems: Vec<Problem>,
}

impl Checks {
    /// The checks of one publication, whose fields are at `at`.
    fn publication(&mut self, at: &str, p: &Publication) {
        self.text(&format!("{at}.title"), &p.title);
        if p.authors.is_empty() {
            self.push(
                Problem::error("a publication needs at least one author")
                    .at_field(format!("{at}.authors")),
            );
        }
        for (j, author) in p.authors.iter().enumerate() {
            self.text(&format!("{at}.authors[{j}]"), author);
        }
        if !(1000..=9999).contains(&p.year) {
            self.push(
                Problem::error(format!("year {} is out of range (1000–9999)", p.year))
                    .at_field(format!("{at}.year")),
            );
        }
        if let Some(month) = p.month {
            if !(1..=12).contains(&month) {
                self.push(
                    Problem::error(format!("month {month} is out of range (1–12)"))
                        .at_field(format!("{at}.month")),
                );
            }
        }
        let links = &p.links;
        for (name, url) in [
            ("pdf", &links.pdf),
            ("web", &links.web),
            ("code", &links.code),
            ("slides", &links.slides),
            ("poster", &links.poster),
            ("video", &links.video),
        ] {
            if let Some(url) = url {
                self.url(&format!("{at}.links.{name}"), url);
            }
        }
        if let Some(arxiv) = &links.arxiv {
            self.arxiv(&format!("{at}.links.arxiv"), arxiv);
        }
    }

    /// Every translated text: each language is one cvpdf knows (a misspelt one would never be
    /// shown), and no translation is blank.
    fn translations(&mut self, texts: &mut Profile) {
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
    fn variants(&mut self, profile: &Profile) {
        let languages = crate::template::languages();
        // A custom section by its title in any of its languages.
        let custom: Vec<&str> = profile
            .sections
            .iter()
            .flat_map(|s| s.title.texts())
            .collect();
        if let Some(problem) = super::variant::count_problem(&profile.variants) {
            self.push(problem);
            return;
        }
        for (name, variant) in &profile.variants {
            let at = format!("variants.{name}");
            if let Some(problem) = super::variant::name_problem(name) {
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
                self.problems.extend(super::sections::section_keys(
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
            if variant.max_pages == Some(0) {
                self.push(
                    Problem::error("a CV has at least one page")
                        .at_field(format!("{at}.max_pages")),
                );
            }
        }
    }

    fn push(&mut self, problem: Problem) {
        self.problems.push(problem);
    }

    /// No list longer than [`MAX_ENTRIES`], no text longer than [`MAX_TEXT_CHARS`], and not
    /// more than [`MAX_TOTAL_CHARS`] of text in all.
    fn sizes(&mut self, profile: &Profile) {
        let mut total = 0usize;
        let problems = &mut self.problems;
        crate::yaml::walk_fields(profile, &mut |path, value| match value {
            serde_yaml::Value::String(s) => {
                // Control characters (a YAML escape such as "\e" or "\0" makes them) print as
                // nothing or a box, and would reach the PDF's metadata and terminals; the
                // bidirectional overrides and isolates (U+202E …) make a text read otherwise
                // than it is stored (`"\u{202E}gnp.exe"` shows as `exe.png`).
                if let Some(c) = s.chars().find(|c| {
                    (c.is_control() && !matches!(c, '\n' | '\t' | '\r')) || is_bidi_control(*c)
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

    /// Required text must not be blank.
    fn text(&mut self, field: &str, value: &str) {
        if value.trim().is_empty() {
            self.push(Problem::error("this field must not be empty").at_field(field));
        }
    }

    /// A link must be one address without spaces, on a scheme a PDF reader can follow safely.
    fn url(&mut self, field: &str, url: &str) {
        let url = url.trim();
        if url.is_empty() || url.contains(char::is_whitespace) || url.contains(['<', '>']) {
            let help = match super::contact::url_in(url) {
                Some(meant) => format!("write `{meant}`"),
                None => "write one address without spaces, e.g. https://example.org".into(),
            };
            self.push(
                Problem::error(format!("\"{url}\" is not a web address"))
                    .at_field(field)
                    .with_help(help),
            );
        } else if let Err(refused) = crate::link::check(url) {
            self.push(refused.problem(field, url));
        }
    }

    /// An arXiv link is an identifier (`2401.01234`, `arXiv:2401.01234v2`, `cs/0112017`) or an
    /// address that passes the same check as every other link (so `file:` or `javascript:`
    /// never becomes a clickable link in the PDF).
    fn arxiv(&mut self, field: &str, value: &str) {
        let value = value.trim();
        let id = super::ids::strip_arxiv_prefix(value);
        if value.contains("://") || (id.contains(':') && id == value) {
            self.url(field, value);
        } else if id.is_empty()
            || !id
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '/' | '-'))
        {
            self.push(
                Problem::error(format!("\"{value}\" is not an arXiv identifier"))
                    .at_field(field)
                    .with_help("write the identifier, e.g. 2401.01234, or an https://arxiv.org/abs/… address"),
            );
        }
    }

    /// An end must not come before its start.
    fn period(&mut self, at: &str, start: Option<Date>, end: Option<EndDate>) {
        if let (Some(start), Some(EndDate::Date(end))) = (start, end) {
            if end.cmp_period(&start).is_lt() {
                self.push(
                    Problem::error(format!("the end ({end}) is before the start ({start})"))
                        .at_field(format!("{at}.end")),
                );
            }
        }
    }

    /// `section_order` must name built-in sections or custom section titles, once each.
    fn section_order(&mut self, profile: &Profile) {
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
                super::sections::custom_section(profile, key),
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

#[cfg(test)]
mod tests {
    use super::super::load::parse_str;
    use super::*;

    fn errors(text: &str) -> Vec<(String, String)> {
        match parse_str(text) {
            Ok(_) => Vec::new(),
            Err(problems) => problems
                .into_iter()
                .map(|p| (p.field.unwrap_or_default(), p.message))
                .collect(),
        }
    }

    #[test]
    fn bidirectional_overrides_are_refused_like_control_characters() {
        // Issue 24: `"\u{202E}gnp.exe"` shows as `exe.png` in the PDF and the lab's page.
        for c in ['\u{202E}', '\u{202A}', '\u{2066}', '\u{2069}'] {
            let e = errors(&format!("name: \"Ada {c}gnp.exe\"\n"));
            assert!(
                e.iter()
                    .any(|(f, m)| f == "name" && m.contains(&format!("U+{:04X}", c as u32))),
                "{e:?}"
            );
        }
        // The marks that only hint a direction stay (right-to-left names need them).
        assert!(errors("name: \"Ada \\u200F\"\n").is_empty());
    }

    #[test]
    fn an_end_before_its_start_is_an_error() {
        let e = errors(
            "name: A\nexperience:\n  - {organization: O, role: R, start: 2023-05, end: 2022}\n",
        );
        assert_eq!(
            e,
            [(
                "experience[0].end".into(),
                "the end (2022) is before the start (2023-05)".into()
            )]
        );
        assert!(errors(
            "name: A\nexperience:\n  - {organization: O, role: R, start: 2023-05, end: 2023}\n"
        )
        .is_empty());
        assert!(errors(
            "name: A\nexperience:\n  - {organization: O, role: R, start: 2023-05, end: present}\n"
        )
        .is_empty());
    }

    #[test]
    fn blank_required_text_is_an_error() {
        let e = errors("name: '  '\n");
        assert_eq!(e, [("name".into(), "this field must not be empty".into())]);
    }

    #[test]
    fn section_order_names_known_sections() {
        let e = errors("name: A\nsection_order: [educaton, publications, publications]\n");
        assert_eq!(
            e[0].1,
            "unknown section \"educaton\", did you mean \"education\"?"
        );
        assert_eq!(
            e[1],
            (
                "section_order[2]".into(),
                "section \"publications\" is listed twice".into()
            )
        );
        // Issue 25, bug 13: a custom section by its title in any of its languages, once.
        let translated = "name: A\nsections: [{title: {en: Patents, zh: 专利}}]\n";
        assert!(errors(&format!("{translated}section_order: [专利, bio]\n")).is_empty());
        assert_eq!(
            errors(&format!(
                "{translated}section_order: [Patents, bio, 专利]\n"
            )),
            [(
                "section_order[2]".into(),
                "section \"专利\" is listed twice".into()
            )]
        );
        assert!(
            errors("name: A\nsections: [{title: Patents}]\nsection_order: [Patents, bio]\n")
                .is_empty()
        );
    }

    #[test]
    fn links_must_be_safe_addresses() {
        let e = errors("name: A\nlinks: [{kind: other, url: 'javascript:alert(1)'}]\n");
        assert!(e[0].1.contains("\"javascript:\""), "{e:?}");
        assert!(errors("name: A\nlinks: [{kind: website, url: 'www.example.org'}]\n").is_empty());
    }

    #[test]
    fn arxiv_links_are_identifiers_or_safe_addresses() {
        let arxiv = |value: &str| {
            errors(&format!(
                "name: A\npublications: [{{title: T, authors: [A], year: 2024, links: {{arxiv: '{value}'}}}}]\n"
            ))
        };
        for good in [
            "2401.01234",
            "arXiv:2401.01234v2",
            "ARXIV: 2401.01234",
            "cs/0112017",
            "https://arxiv.org/abs/2401.01234",
        ] {
            assert!(arxiv(good).is_empty(), "{good}: {:?}", arxiv(good));
        }
        for bad in [
            "file:///etc/passwd",
            "javascript://alert(1)",
            "javascript:alert(1)",
            "2401 01234",
            "",
        ] {
            let e = arxiv(bad);
            assert_eq!(e.len(), 1, "{bad}: {e:?}");
            assert_eq!(e[0].0, "publications[0].links.arxiv", "{bad}");
        }
    }

    #[test]
    fn expected_needs_an_end_date() {
        let e = errors(
            "name: A\neducation: [{institution: I, degree: D, start: 2020, expected: true}]\n",
        );
        assert_eq!(e[0].0, "education[0].expected");
    }

    #[test]
    fn photos_must_stay_inside_the_profile_directory() {
        let dir = tempfile::tempdir().unwrap();
        let inner = dir.path().join("lab");
        std::fs::create_dir(&inner).unwrap();
        std::fs::write(dir.path().join("secret.png"), b"\x89PNG\r\n\x1a\nrest").unwrap();
        std::fs::write(inner.join("me.png"), crate::picture::tests::png(4, 4)).unwrap();
        std::fs::write(inner.join("me.txt"), b"hello").unwrap();
        assert!(resolve_photo(&inner, "me.png").is_ok());
        assert!(resolve_photo(&inner, "../secret.png")
            .unwrap_err()
            .message
            .contains("outside"));
        assert!(resolve_photo(&inner, "/etc/passwd")
            .unwrap_err()
            .message
            .contains("outside"));
        assert!(resolve_photo(&inner, "missing.png")
            .unwrap_err()
            .message
            .contains("cannot open"));
        assert!(resolve_photo(&inner, "me.txt")
            .unwrap_err()
            .message
            .contains("not a PNG or JPEG"));
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(dir.path().join("secret.png"), inner.join("link.png"))
                .unwrap();
            assert!(resolve_photo(&inner, "link.png")
                .unwrap_err()
                .message
                .contains("symbolic link"));
        }
    }
}
