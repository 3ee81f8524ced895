//! `cvpdf import-bib`: BibTeX/BibLaTeX entries become publications of a profile, read as
//! BibTeX tools read them: the file is cut into entries first (`split.rs`), so a broken entry
//! is skipped and named while the rest come in; a second entry under a key already used is
//! read too, renamed in place (a key too short to rename keeps BibTeX's rule: the first
//! wins); `@string` and month macros, `crossref` and `xdata` are resolved by the biblatex
//! crate (after `graph.rs` has checked they end); entries that are only crossref targets
//! (DBLP's `@proceedings`) are not papers. Each entry becomes a publication in `entry.rs`, its
//! LaTeX turned into text in `latex.rs` and the conversion layer, and is checked on its own
//! before it joins the profile. Entries that are one paper (the conversion layer's rule,
//! `convert/papers.rs`) become one, the published version kept; the others are appended
//! (`merge.rs`).

use std::collections::{BTreeMap, HashMap, HashSet};

use biblatex::{Bibliography, RawBibliography, RawChunk};

use crate::profile::Publication;
mod accents;
mod entry;
mod graph;
mod latex;
mod literal;
mod merge;
mod split;

pub use merge::merge;
pub use split::Skipped;

/// Publications by citation key.
pub type Keyed = Vec<(String, Publication)>;

/// What was read from a BibTeX file.
#[derive(Debug, Default)]
pub struct Read {
    /// The publications, by citation key, in the file's order.
    pub papers: Keyed,
    /// Entries left out, with where and why.
    pub skipped: Vec<Skipped>,
    /// What was changed or resolved on the way that the user should know.
    pub notes: Vec<String>,
    /// Fields not carried over (with why, when there is more to say), and how many entries
    /// had each.
    pub left: BTreeMap<String, usize>,
}

impl Read {
    /// What was not carried over, most frequent first: `abstract (28), keywords (12)`; after
    /// [`MAX_LISTED`] fields, how many more.
    pub fn left_summary(&self) -> Vec<String> {
        let mut left: Vec<(&String, &usize)> = self.left.iter().collect();
        left.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
        let mut out: Vec<String> = left
            .iter()
            .take(MAX_LISTED)
            .map(|(field, count)| format!("{field} ({count})"))
            .collect();
        if left.len() > MAX_LISTED {
            out.push(format!("{} other fields", left.len() - MAX_LISTED));
        }
        out
    }
}

/// The most fields the summary of what was not carried over names one by one.
pub const MAX_LISTED: usize = 40;

/// Entry types that collect papers: one that another entry crossrefs is the venue, not a
/// paper.
fn is_collection(kind: &str) -> bool {
    matches!(
        kind.to_ascii_lowercase().as_str(),
        "proceedings"
            | "mvproceedings"
            | "book"
            | "mvbook"
            | "collection"
            | "mvcollection"
            | "reference"
            | "mvreference"
            | "periodical"
    )
}

/// Reads a bibliography; `base_url` is where al-folio's relative links start. `Err` only for
/// a file that cannot be a bibliography at all (too deep, too many entries, a loop of
/// `@string`s); everything that concerns one entry skips that entry.
pub fn publications(bib: &str, base_url: Option<&str>) -> Result<Read, String> {
    graph::check_nesting(bib)?;
    let prepared = split::prepare(bib);
    let mut read = Read {
        skipped: prepared.skipped,
        ..Read::default()
    };
    read.notes.extend(prepared.renamed);
    if prepared.front_matter {
        read.notes
            .push("the front matter block at the top (Jekyll's ---) was skipped".into());
    }
    let text = prepared.text.as_str();
    let mut raw = RawBibliography::parse(text).map_err(|e| {
        format!(
            "{}: not a valid BibTeX file: {}",
            graph::line_col(bib, e.span.start),
            e.kind
        )
    })?;
    // More entries than a profile may hold publications: refused before any is resolved.
    if raw.entries.len() > crate::profile::MAX_ENTRIES {
        return Err(format!(
            "the file has {} entries; a profile holds at most {} publications, so import a \
             selection (e.g. one year, or your own papers)",
            raw.entries.len(),
            crate::profile::MAX_ENTRIES
        ));
    }
    let at = |offset: usize| graph::line_col(bib, offset);
    // The first entry of a key wins, as in BibTeX.
    let mut first: HashMap<&str, usize> = HashMap::new();
    raw.entries.retain(|entry| {
        let key = entry.v.key.v;
        match first.get(key) {
            Some(&start) => {
                read.skipped.push(Skipped {
                    key: key.to_string(),
                    at: at(entry.span.start),
                    reason: format!(
                        "a second entry with this key; the first (at {}) is imported",
                        at(start)
                    ),
                });
                false
            }
            None => {
                first.insert(key, entry.span.start);
                true
            }
        }
    });
    // Text the crate's LaTeX reader would fail on (an unpaired `$`, a trailing backslash)
    // makes the entry it is in skipped, or the @string it is in undefined.
    raw.abbreviations
        .retain(|pair| match unreadable(pair.key.v, &pair.value.v) {
            Some(why) => {
                read.notes.push(format!(
                    "@string {} (at {}) {why}; it is treated as undefined",
                    pair.key.v,
                    at(pair.key.span.start)
                ));
                false
            }
            None => true,
        });
    // A field cvpdf does not import cannot sink its entry: it goes, and is counted.
    for entry in &mut raw.entries {
        entry.v.fields.retain(|pair| {
            let gone = !entry::IMPORTED.contains(&pair.key.v.to_ascii_lowercase().as_str())
                && unreadable(pair.key.v, &pair.value.v).is_some();
            if gone {
                *read
                    .left
                    .entry(format!("{} (LaTeX that does not parse)", pair.key.v))
                    .or_default() += 1;
            }
            !gone
        });
    }
    raw.entries.retain(|entry| {
        let why = entry
            .v
            .fields
            .iter()
            .find_map(|pair| unreadable(pair.key.v, &pair.value.v).map(|w| (pair.key.v, w)));
        match why {
            Some((field, why)) => {
                read.skipped.push(Skipped {
                    key: entry.v.key.v.to_string(),
                    at: at(entry.span.start),
                    reason: format!("its {field} {why}"),
                });
                false
            }
            None => true,
        }
    });
    // An abbreviation no @string defines is left out of its field (BibTeX warns and goes on).
    let defined: HashSet<&str> = raw.abbreviations.iter().map(|p| p.key.v).collect();
    for entry in &mut raw.entries {
        for pair in &mut entry.v.fields {
            pair.value.v.retain(|chunk| match chunk.v {
                RawChunk::Abbreviation(name)
                    if !defined.contains(name) && !is_month_macro(name) =>
                {
                    read.notes.push(format!(
                        "{}: @string {name} is not defined; its {} is written without it",
                        entry.v.key.v, pair.key.v
                    ));
                    false
                }
                _ => true,
            });
        }
    }
    // The crate resolves abbreviations and parents recursively: loops and explosions are
    // found first, so they are an error or a skipped entry, not a stack overflow.
    graph::check_abbreviations(text, &raw)?;
    graph::flatten_abbreviations(&mut raw);
    for (key, why) in graph::unresolvable_entries(&raw) {
        let start = first.get(key.as_str()).copied().unwrap_or(0);
        read.skipped.push(Skipped {
            key: key.clone(),
            at: at(start),
            reason: why,
        });
        raw.entries.retain(|entry| entry.v.key.v != key);
    }
    // Venues that papers crossref are not papers themselves.
    let crossrefs: HashSet<String> = raw
        .entries
        .iter()
        .flat_map(|entry| {
            entry
                .v
                .fields
                .iter()
                .filter(|p| p.key.v.eq_ignore_ascii_case("crossref"))
                .flat_map(|p| p.value.v.iter())
                .filter_map(|chunk| match chunk.v {
                    RawChunk::Normal(s) => Some(s.trim().to_string()),
                    RawChunk::Abbreviation(_) => None,
                })
        })
        .collect();
    let venues: HashSet<String> = raw
        .entries
        .iter()
        .filter(|e| {
            e.v.kind.v.eq_ignore_ascii_case("xdata")
                || (is_collection(e.v.kind.v) && crossrefs.contains(e.v.key.v))
        })
        .map(|e| e.v.key.v.to_string())
        .collect();
    if !venues.is_empty() {
        read.notes.push(format!(
            "{} entr{} that other entries crossref (venues such as DBLP's @proceedings) \
             are not papers",
            venues.len(),
            if venues.len() == 1 { "y" } else { "ies" }
        ));
    }
    let starts: HashMap<String, usize> = raw
        .entries
        .iter()
        .map(|e| (e.v.key.v.to_string(), e.span.start))
        .collect();
    let mut store = Vec::new();
    literal::protect(&mut raw, &mut store);
    let bibliography = Bibliography::from_raw(raw).map_err(|e| {
        format!(
            "{}: not a valid BibTeX file: {}",
            graph::line_col(bib, e.span.start),
            e.kind
        )
    })?;
    let mut dropped = crate::import::convert::tex::Dropped::new();
    for entry in bibliography.iter() {
        if venues.contains(&entry.key) {
            continue;
        }
        let start = starts.get(&entry.key).copied().unwrap_or(0);
        let skip = |reason: String| Skipped {
            key: entry.key.clone(),
            at: at(start),
            reason,
        };
        let mapped = match entry::publication(entry, base_url) {
            Ok(mapped) => mapped,
            Err(reason) => {
                read.skipped.push(skip(reason));
                continue;
            }
        };
        if let Some(problem) = crate::profile::publication_problems(&mapped.publication)
            .into_iter()
            .next()
        {
            let field = problem.field.as_deref().unwrap_or("publication");
            let reason = format!("{} ({field})", problem.message);
            read.skipped.push(skip(reason));
            continue;
        }
        for left in mapped.left {
            *read.left.entry(left).or_default() += 1;
        }
        dropped.extend(mapped.dropped);
        read.notes
            .extend(mapped.notes.iter().map(|n| format!("{}: {n}", entry.key)));
        read.papers.push((entry.key.clone(), mapped.publication));
    }
    if !dropped.is_empty() {
        let names: Vec<String> = dropped.into_iter().collect();
        read.notes.push(format!(
            "LaTeX commands cvpdf does not know were dropped, their text kept: {}",
            names.join(" ")
        ));
    }
    Ok(read)
}

/// Whether `name` is a month macro BibTeX defines (`jan` … `dec`).
fn is_month_macro(name: &str) -> bool {
    [
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
    ]
    .contains(&name.to_ascii_lowercase().as_str())
}

/// Whether the crate keeps `field` verbatim (an address or identifier, no LaTeX read in it).
fn is_verbatim_field(field: &str) -> bool {
    matches!(
        field.to_ascii_lowercase().as_str(),
        "file" | "doi" | "uri" | "eprint" | "verba" | "verbb" | "verbc" | "pdf" | "url" | "urlraw"
    )
}

/// Why the crate's LaTeX reader could not read a field's text, if it could not: an unpaired
/// `$` (outside fields kept verbatim, such as `url`), a backslash at the end, or braces that do
/// not pair (possible in a quoted value).
fn unreadable(field: &str, value: &[biblatex::Spanned<RawChunk>]) -> Option<&'static str> {
    let verbatim = is_verbatim_field(field);
    for chunk in value {
        let RawChunk::Normal(text) = chunk.v else {
            continue;
        };
        let mut dollars = 0usize;
        let mut depth = 0usize;
        let mut chars = text.chars();
        while let Some(c) = chars.next() {
            match c {
                '\\' if chars.next().is_none() => return Some("ends in a backslash"),
                '$' if !verbatim => dollars += 1,
                '{' => depth += 1,
                '}' if depth == 0 => return Some("has a closing brace without an opening one"),
                '}' => depth -= 1,
                _ => {}
            }
        }
        if depth > 0 {
            return Some("has an opening brace that does not close");
        }
        if dollars % 2 == 1 {
            return Some("has an unpaired $ (math)");
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::profile::{self, PublicationKind, PublicationStatus};
    use std::path::Path;

    const BIB: &str = r#"
@inproceedings{zhang2023fast,
  title = {Fast, Approximate Vector Queries on Very Large Unstructured Datasets},
  author = {Zhang, Zili and Jin, Chao and Tang, Linpeng and Liu, Xuanzhe and Jin, Xin},
  booktitle = {20th USENIX Symposium on Networked Systems Design and Implementation (NSDI 23)},
  year = {2023},
  month = apr,
  doi = {10.5555/nsdi23},
}
@article{liu2023rise,
  title = {Rise of Distributed Deep Learning Training in the Big Model Era},
  author = {Liu, Xuanzhe and Gu, Diandian and Zhang, Zili and Jin, Xin},
  journal = {ACM Transactions on Software Engineering and Methodology},
  year = {2023},
}
@misc{new2025,
  title = {A {New} Preprint},
  author = {Zhang, Zili and van der Berg, Anna},
  year = {2025},
  eprint = {2501.00001},
  archivePrefix = {arXiv},
}
@inproceedings{ws2022, title = {Small Workshop Paper}, author = {Zhang, Zili}, booktitle = {Workshop on Things}, year = 2022, pubstate = {forthcoming}}
@book{noyear, title = {No Year}, author = {Zhang, Zili}}
"#;

    #[test]
    fn entries_become_publications() {
        let read = publications(BIB, None).unwrap();
        let pubs = &read.papers;
        assert_eq!(read.skipped.len(), 1);
        assert_eq!(read.skipped[0].to_string(), "noyear (at 24:1): no year");
        let (_, nsdi) = &pubs[0];
        assert_eq!(nsdi.authors[0], "Zili Zhang");
        assert_eq!(
            (nsdi.year, nsdi.month, nsdi.kind),
            (2023, Some(4), PublicationKind::Conference)
        );
        assert_eq!(nsdi.links.doi.as_deref(), Some("10.5555/nsdi23"));
        assert_eq!(pubs[1].1.kind, PublicationKind::Journal);
        let (_, preprint) = &pubs[2];
        assert_eq!(preprint.title, "A New Preprint");
        assert_eq!(preprint.authors[1], "Anna van der Berg");
        assert_eq!(
            (preprint.kind, preprint.status),
            (PublicationKind::Preprint, PublicationStatus::Preprint)
        );
        assert_eq!(preprint.links.arxiv.as_deref(), Some("2501.00001"));
        assert_eq!(
            (pubs[3].1.kind, pubs[3].1.status),
            (PublicationKind::Workshop, PublicationStatus::Accepted)
        );
    }

    #[test]
    fn merging_updates_matches_and_keeps_the_rest_of_the_file() {
        let text = "# Zili's profile\nname: Zili Zhang\npublications:\n  # the best one\n  - title: \"Fast, approximate vector queries on very large unstructured datasets\"\n    authors: [Zili Zhang]\n    year: 2023\n    venue_short: NSDI'23\n    award: Best Paper Award\n\n# skills below\nskills:\n  - {name: Rust, keywords: [fast]}\n";
        let profile = profile::parse(text, Path::new(".")).unwrap();
        let read = publications(BIB, None).unwrap();
        let out = merge(text, &profile, Path::new("."), &read).unwrap();
        assert_eq!(out.updated.len(), 1);
        assert_eq!(out.added.len(), 3);
        assert!(
            out.text.starts_with(
                "# Zili's profile\nname: Zili Zhang\npublications:\n  # the best one\n"
            ),
            "{}",
            out.text
        );
        assert!(
            out.text
                .contains("\n# skills below\nskills:\n  - {name: Rust, keywords: [fast]}\n"),
            "{}",
            out.text
        );
        let merged = profile::parse(&out.text, Path::new(".")).unwrap();
        assert_eq!(merged.publications.len(), 4);
        let first = &merged.publications[0];
        assert_eq!(first.authors.len(), 5, "updated from the .bib");
        assert_eq!(
            first.award.as_deref(),
            Some("Best Paper Award"),
            "kept from the profile"
        );
        assert_eq!(first.venue_short.as_deref(), Some("NSDI'23"));
        // Importing the same file again changes nothing.
        let read = publications(BIB, None).unwrap();
        let again = merge(&out.text, &merged, Path::new("."), &read).unwrap();
        assert_eq!(again.text, out.text);
        assert!(again.added.is_empty() && again.updated.is_empty());
    }

    #[test]
    fn a_profile_without_publications_gets_the_key() {
        let text = "name: Zili Zhang";
        let profile = profile::parse(text, Path::new(".")).unwrap();
        let read = publications(BIB, None).unwrap();
        let out = merge(text, &profile, Path::new("."), &read).unwrap();
        assert!(
            out.text
                .starts_with("name: Zili Zhang\npublications:\n  # Imported by cvpdf import-bib."),
            "{}",
            out.text
        );
        assert_eq!(
            profile::parse(&out.text, Path::new("."))
                .unwrap()
                .publications
                .len(),
            4
        );
    }

    /// The publications read from `bib`, by key.
    fn read(bib: &str, base: Option<&str>) -> (Read, HashMap<String, Publication>) {
        let read = publications(bib, base).unwrap();
        let by_key = read.papers.iter().cloned().collect();
        (read, by_key)
    }

    #[test]
    fn one_bad_entry_does_not_sink_the_file() {
        let bib = "@article{month, title = {Odd Month}, author = {A, B}, journal = {J}, year = 2021, month = 21}\n\
                   @article{open, title = {Never Closed, author = {A, B}, year = 2021,\n\
                   @article{math, title = {Half $math}, author = {A, B}, year = 2021}\n\
                   @article{days, title = {Day Range}, author = {A, B}, year = {2023}, month = nov, day = {11-15}}\n\
                   @article{range, title = {Date Range}, author = {A, B}, date = {2022-05-11/2022-05-15}}\n\
                   @article{noyear, title = {In Press}, author = {A, B}, year = {in press}}\n\
                   @article{ok, title = {Fine}, author = {A, B}, year = 2020}\n";
        let (read, papers) = read(bib, None);
        assert_eq!(papers["month"].month, None, "month dropped, paper kept");
        assert!(read
            .notes
            .iter()
            .any(|n| n.contains("month \"21\" is not a month")));
        assert_eq!(
            (papers["days"].year, papers["days"].month),
            (2023, Some(11))
        );
        assert_eq!(
            (papers["range"].year, papers["range"].month),
            (2022, Some(5))
        );
        assert!(papers.contains_key("ok"));
        let skipped: Vec<String> = read.skipped.iter().map(|s| s.to_string()).collect();
        assert_eq!(skipped.len(), 3, "{skipped:?}");
        assert!(skipped[0].starts_with("open (at 2:1): its braces do not close before 3:1"));
        assert!(skipped[1].starts_with("math (at 3:1): its title has an unpaired $"));
        assert!(skipped[2].contains("noyear") && skipped[2].contains("has no year"));
    }

    #[test]
    fn a_long_string_chain_and_accents_on_dotless_letters_import() {
        // Issue 25, bug 5: a loop-free chain of 50,000 @strings overflowed the stack.
        let mut bib = String::from("@string{s0 = \"Journal\"}\n");
        for i in 1..50_000 {
            bib.push_str(&format!("@string{{s{i} = s{}}}\n", i - 1));
        }
        // Issue 25, bug 8: accents on \i and letters such as \o, as Google Scholar writes them.
        bib.push_str(
            "@article{x, title = {T}, journal = s49999, year = 2020,\n  author = {Garc{\\'\\i}a, Jos{\\'e} and S\\o{}rensen, Lo{\\\"\\i}c and Dvo\\v{r}\\'ak, Anton{\\'\\i}n and {\\'E}mile Zola and {\\\"{\\i}}van Ng}}\n",
        );
        let read = publications(&bib, None).unwrap();
        let (_, paper) = &read.papers[0];
        assert_eq!(paper.venue.as_deref(), Some("Journal"));
        let authors: Vec<&str> = paper.authors.iter().map(String::as_str).collect();
        assert_eq!(
            authors,
            [
                "José García",
                "Loïc Sørensen",
                "Antonín Dvořák",
                "Émile Zola",
                "ïvan Ng"
            ]
        );
    }

    #[test]
    fn the_first_of_two_keys_wins() {
        let bib = "@misc{k, title = {First}, author = {A}, year = 2020}\n@misc{k, title = {Second}, author = {A}, year = 2021}\n";
        let (read, papers) = read(bib, None);
        assert_eq!(papers["k"].title, "First");
        assert_eq!(
            read.skipped[0].to_string(),
            "k (at 2:1): a second entry with this key; the first (at 1:1) is imported"
        );
    }

    #[test]
    fn a_preprint_and_its_journal_version_under_one_key_are_one_paper_the_published() {
        let bib = "@misc{keely2025, title = {Uncertain Things}, author = {A B}, year = 2024, howpublished = {Authorea preprint}, pubstate = {preprint}}\n\
                   @article{keely2025, title = {Uncertain things}, author = {A B}, year = 2025, journal = {Earth and Space Science}}\n";
        let (read, papers) = read(bib, None);
        assert_eq!(papers.len(), 2, "both are read");
        assert!(read.notes[0].contains("both are read"), "{:?}", read.notes);
        let dir = tempfile::tempdir().unwrap();
        let profile = profile::parse("name: A B\n", dir.path()).unwrap();
        let outcome = merge("name: A B\n", &profile, dir.path(), &read).unwrap();
        assert_eq!(outcome.added.len(), 1);
        assert!(
            outcome.text.contains("Earth and Space Science"),
            "{}",
            outcome.text
        );
        assert!(outcome.merged[0].contains("this entry's version is kept"));
    }

    #[test]
    fn dblp_crossrefs_are_venues_not_papers() {
        let bib = r"@inproceedings{DBLP:conf/x/A21,
  author    = {Ada Lovelace and
               Charles Babbage},
  title     = {Engines of {Ko{\v{s}}ice}},
  pages     = {1--10},
  year      = {2021},
  crossref  = {DBLP:conf/x/2021},
  url       = {http://ceur-ws.org/Vol-1/paper\_04.pdf},
  biburl    = {https://dblp.org/rec/conf/x/A21.bib},
}
@proceedings{DBLP:conf/x/2021,
  editor    = {Grace Hopper},
  title     = {Proceedings of the Engine Conference},
  publisher = {CEUR-WS.org},
  year      = {2021},
}
";
        let (read, papers) = read(bib, None);
        assert_eq!(papers.len(), 1, "{:?}", read.papers);
        let paper = &papers["DBLP:conf/x/A21"];
        assert_eq!(paper.title, "Engines of Košice");
        assert_eq!(
            paper.venue.as_deref(),
            Some("Proceedings of the Engine Conference")
        );
        assert_eq!(
            paper.links.pdf.as_deref(),
            Some("http://ceur-ws.org/Vol-1/paper_04.pdf")
        );
        assert!(read
            .notes
            .iter()
            .any(|n| n.contains("1 entry that other entries crossref")));
        assert!(read.left.contains_key("biburl"));
    }

    #[test]
    fn al_folio_files_come_in_whole() {
        let bib = "---\n---\n\n@string{aps = {American Physical Society,}}\n\n@article{einstein1950, abbr = {Phys},\n  bibtex_show = {true},\n  title = {On the {$\\delta$}-Method: 14$^{th}$ Try},\n  author = {Einstein*, A. and Rosen$^\\dagger$, N. and others},\n  journal = {Phys. Rev.}, publisher = aps, year = {1950},\n  pdf = {example.pdf}, html = {https://journals.aps.org/x}, code = {https://github.com/a/b},\n  slides = {/assets/talk.pdf}, poster = {poster.pdf}, video = {https://youtu.be/x},\n  selected = {true}, award = {Given at the 1950 meeting for outstanding work}, award_name = {Best Paper},\n  annotation = {With \\textbf{N. Rosen}}, preview = {x.png}, unknownmacro = nosuch}\n";
        let (read, papers) = read(bib, Some("https://lab.example.org/"));
        let p = &papers["einstein1950"];
        assert_eq!(p.title, "On the δ-Method: 14th Try");
        assert_eq!(p.authors, ["A. Einstein*", "N. Rosen†", "et al."]);
        assert_eq!(p.venue_short.as_deref(), Some("Phys"));
        assert!(p.selected);
        assert_eq!(p.award.as_deref(), Some("Best Paper"));
        assert_eq!(
            p.note.as_deref(),
            Some("With N. Rosen; Given at the 1950 meeting for outstanding work")
        );
        let links = &p.links;
        assert_eq!(
            links.pdf.as_deref(),
            Some("https://lab.example.org/assets/pdf/example.pdf")
        );
        assert_eq!(
            links.slides.as_deref(),
            Some("https://lab.example.org/assets/talk.pdf")
        );
        assert_eq!(
            links.poster.as_deref(),
            Some("https://lab.example.org/assets/pdf/poster.pdf")
        );
        assert_eq!(links.web.as_deref(), Some("https://journals.aps.org/x"));
        assert_eq!(links.code.as_deref(), Some("https://github.com/a/b"));
        assert_eq!(links.video.as_deref(), Some("https://youtu.be/x"));
        assert!(read.notes.iter().any(|n| n.contains("front matter")));
        assert!(read
            .notes
            .iter()
            .any(|n| n.contains("@string nosuch is not defined")));
        assert_eq!(
            read.left_summary(),
            [
                "bibtex_show (1)",
                "preview (1)",
                "publisher (1)",
                "unknownmacro (1)"
            ]
        );
        // Without the site's address the relative links are reported, not guessed.
        let (read, papers) = self::read(bib, None);
        assert_eq!(papers["einstein1950"].links.pdf, None);
        assert!(read
            .left
            .contains_key("pdf (a path on the site; give --base-url to link it)"));
    }

    #[test]
    fn titles_with_markdown_characters_are_escaped() {
        let bib = r"@misc{k, title = {A\_b and [c] *d*}, author = {A}, year = 2020}";
        let (_, papers) = read(bib, None);
        assert_eq!(papers["k"].title, r"A\_b and \[c\] \*d\*");
    }

    #[test]
    fn windows_line_endings_and_document_markers_are_kept() {
        let read = publications(BIB, None).unwrap();
        for text in [
            "name: Zili Zhang\r\npublications: []\r\nskills: []\r\n",
            "name: Zili Zhang\r\npublications:\r\n  - title: Old\r\n    authors: [Z]\r\n    year: 2020\r\n",
            "name: Zili Zhang\r\n",
        ] {
            let profile = profile::parse(text, Path::new(".")).unwrap();
            let out = merge(text, &profile, Path::new("."), &read).unwrap();
            assert!(
                out.text.split_inclusive('\n').all(|l| l.ends_with("\r\n")),
                "{:?}",
                out.text
            );
        }
        let text = "---\nname: Zili Zhang\n...\n";
        let profile = profile::parse(text, Path::new(".")).unwrap();
        let out = merge(text, &profile, Path::new("."), &read).unwrap();
        assert!(out
            .text
            .starts_with("---\nname: Zili Zhang\npublications:\n"));
        assert!(out.text.ends_with("\n...\n"), "{}", out.text);
    }
}
