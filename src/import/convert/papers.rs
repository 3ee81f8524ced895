//! When two publications are one paper, and which version wins — as a bibliographer decides,
//! for `import-bib` (within a file and into a profile) and for `cvpdf lab`'s list alike:
//!
//! - the same DOI is the same paper;
//! - a preprint (arXiv, CoRR, ECCC, bioRxiv, medRxiv, SSRN, or one marked preprint, submitted
//!   or under review) and a published paper with the same title, at most two years apart,
//!   are one paper: the published version wins whatever the order, and keeps the preprint's
//!   arXiv link;
//! - two published papers with the same title are one only when nothing tells them apart (the
//!   same year, and no two different venues or DOIs): a conference paper and its journal
//!   version stay two papers.

use unicode_normalization::char::is_combining_mark;
use unicode_normalization::UnicodeNormalization;

use crate::profile::markup::inline;
use crate::profile::{carry_marks, Publication, PublicationKind, PublicationStatus, Text};

/// The most authors kept of one paper: a collaboration of thousands is listed with its first
/// ones and "et al." (a CV shows a few around the researcher's name anyway).
pub const MAX_AUTHORS: usize = 500;

/// Venues that are preprint servers, as they are written in lower case (DBLP writes arXiv as
/// `CoRR`, ECCC as `Electron. Colloquium Comput. Complex.`).
const PREPRINT_VENUES: &[&str] = &[
    "arxiv",
    "corr",
    "eccc",
    "electron. colloquium comput. complex",
    "electronic colloquium on computational complexity",
    "biorxiv",
    "medrxiv",
    "ssrn",
    "chemrxiv",
    "psyarxiv",
    "socarxiv",
    "research square",
    "preprints.org",
    "techrxiv",
    "iacr cryptol. eprint arch",
    "cryptology eprint archive",
    "preprint",
    "under review",
    "submitted",
];

/// Whether a venue's name is a preprint server's (or says the paper is not yet published).
pub fn is_preprint_venue(venue: &str) -> bool {
    let venue = venue.trim().to_lowercase();
    let venue = venue.trim_end_matches('.');
    PREPRINT_VENUES.iter().any(|server| {
        venue == *server
            || venue.starts_with(&format!("{server} "))
            || venue.contains(server) && server.len() > 5
    })
}

/// Whether `paper` is a preprint: its kind, its status, or its venue says so.
pub fn is_preprint(paper: &Publication) -> bool {
    paper.kind == PublicationKind::Preprint
        || matches!(
            paper.status,
            PublicationStatus::Preprint | PublicationStatus::Submitted
        )
        || paper
            .venue
            .as_ref()
            .is_some_and(|v| is_preprint_venue(v.as_ref()))
}

/// Whether `a` and `b` are the same paper (see the module's rules).
pub fn same_paper(a: &Publication, b: &Publication) -> bool {
    match (doi_key(a), doi_key(b)) {
        (Some(x), Some(y)) if x == y => return true,
        _ => {}
    }
    if !titles_agree(&a.title, &b.title) {
        return false;
    }
    match (is_preprint(a), is_preprint(b)) {
        // Two preprints: versions of one when near in time, unless their arXiv ids differ.
        (true, true) => {
            let ids = |p: &Publication| {
                p.links
                    .arxiv
                    .as_deref()
                    .and_then(crate::link::arxiv::find)
                    .map(|id| crate::link::arxiv::without_version(&id).to_string())
            };
            years_within(a.year, b.year, 2)
                && !matches!((ids(a), ids(b)), (Some(x), Some(y)) if x != y)
        }
        (true, false) | (false, true) => years_within(a.year, b.year, 2),
        (false, false) => {
            let differ = |x: Option<String>, y: Option<String>| matches!((x, y), (Some(x), Some(y)) if x != y);
            let venues_differ = match (venue_key(a), venue_key(b)) {
                (Some(x), Some(y)) => !same_venue(&x, &y),
                _ => false,
            };
            years_within(a.year, b.year, 0) && !differ(doi_key(a), doi_key(b)) && !venues_differ
        }
    }
}

/// Whether two papers' years are at most `apart` years apart; a paper not out yet (no year)
/// may be any version.
fn years_within(a: Option<u16>, b: Option<u16>, apart: u16) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => a.abs_diff(b) <= apart,
        _ => true,
    }
}

/// Whether [`merged`] keeps `second`'s version (the published one, else the one with a DOI).
pub fn second_wins(first: &Publication, second: &Publication) -> bool {
    match (is_preprint(first), is_preprint(second)) {
        (true, false) => true,
        (false, true) => false,
        _ => doi_key(first).is_none() && doi_key(second).is_some(),
    }
}

/// One paper of two versions: the published one (else the one with a DOI, else `first`)
/// with what it lacks filled from the other — the preprint's arXiv link above all.
pub fn merged(first: &Publication, second: &Publication) -> Publication {
    let (mut kept, other) = if second_wins(first, second) {
        (second.clone(), first)
    } else {
        (first.clone(), second)
    };
    fill(&mut kept, other);
    kept
}

/// Fills what `kept` lacks from `other`.
pub fn fill(kept: &mut Publication, other: &Publication) {
    fn take<T: Clone>(slot: &mut Option<T>, other: &Option<T>) {
        if slot.is_none() {
            slot.clone_from(other);
        }
    }
    // A title in more languages: the languages `kept` lacks (when the titles are one; a
    // paper merged by its DOI under another title keeps its own).
    if titles_agree(&kept.title, &other.title) {
        match (kept.title.translations(), other.title.translations()) {
            (None, Some(_)) => kept.title = other.title.clone(),
            (Some(mine), Some(theirs)) => {
                let mut pairs = mine.to_vec();
                for (lang, text) in theirs {
                    if !pairs.iter().any(|(l, _)| l == lang) {
                        pairs.push((lang.clone(), text.clone()));
                    }
                }
                kept.title = Text::translated(pairs);
            }
            _ => {}
        }
    }
    let preprint = is_preprint(other) && !is_preprint(kept);
    if !preprint {
        take(&mut kept.venue, &other.venue);
        take(&mut kept.venue_short, &other.venue_short);
        take(&mut kept.month, &other.month);
    }
    take(&mut kept.award, &other.award);
    take(&mut kept.note, &other.note);
    let theirs = other.links.each();
    for ((name, slot), (_, value)) in kept.links.each_mut().into_iter().zip(theirs) {
        // A preprint's DOI is not its published version's.
        if name != "doi" || !preprint {
            take(slot, value);
        }
    }
    kept.selected |= other.selected;
    // A longer author list is the more complete one (a CV may shorten it with "et al."); the
    // marks either version gave an author stay with that author.
    let mine = std::mem::take(&mut kept.authors);
    let longer = if other.authors.len() > mine.len() {
        &other.authors
    } else {
        &mine
    };
    kept.authors = carry_marks(&mine, &carry_marks(&other.authors, longer));
}

/// The DOI as compared: without `https://doi.org/` and the like, in lower case (DOIs are
/// case-insensitive).
pub fn doi_key(paper: &Publication) -> Option<String> {
    crate::link::doi::key(paper.links.doi.as_deref()?)
}

/// The venue as compared: its words, without the year.
fn venue_key(paper: &Publication) -> Option<String> {
    let venue = paper.venue.as_ref()?.to_string();
    let key: String = title_key(&venue)
        .split(' ')
        .filter(|w| !w.chars().all(|c| c.is_ascii_digit()))
        .collect::<Vec<_>>()
        .join(" ");
    (!key.is_empty()).then_some(key)
}

/// Whether two venue keys name one venue: equal, one inside the other, or one an abbreviation
/// of the other (`ton` of `ieee acm transactions on networking`, `neurips` of `advances in
/// neural information processing systems`).
fn same_venue(a: &str, b: &str) -> bool {
    let (short, long) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    // Not one inside the other: `Nature` is not `Nature Physics`.
    // Nor the first or last words of the other (`Physical Review` of `… Letters`).
    let part = long.starts_with(&format!("{short} ")) || long.ends_with(&format!(" {short}"));
    short == long || (!part && abbreviates(&short.replace(' ', ""), long))
}

/// Whether `short` (letters) is made of the starts of `long`'s words, in order, words may be
/// skipped (`stoc` of `symposium on theory of computing`). Bounded: a short form of at most 16
/// letters, a long one of at most 24 words.
fn abbreviates(short: &str, long: &str) -> bool {
    let short: Vec<char> = short.chars().collect();
    let words: Vec<Vec<char>> = long.split(' ').map(|w| w.chars().collect()).collect();
    if short.is_empty() || short.len() > 16 || words.len() > 24 {
        return false;
    }
    // reach[i]: the most words the short form's first i letters can be made of, from the
    // words before the current one (`None`: cannot be made).
    let mut reach: Vec<Option<usize>> = vec![None; short.len() + 1];
    reach[0] = Some(0);
    for word in &words {
        let mut next = reach.clone();
        for (start, used) in reach.iter().enumerate() {
            let Some(used) = used else { continue };
            // This word gives a prefix of itself to the letters from `start` on.
            let mut i = start;
            for &c in word {
                if i < short.len() && short[i] == c {
                    i += 1;
                    next[i] = next[i].max(Some(used + 1));
                } else {
                    break;
                }
            }
        }
        reach = next;
    }
    // An abbreviation takes letters from two words at least (`Nature` of `Nature Physics` is
    // a different journal).
    reach[short.len()].is_some_and(|used| used >= 2)
}

/// Whether two titles are one: some language of one reads as some language of the other
/// (`{en: Deep Learning: A Survey, zh: 深度学习综述}` is "Deep learning: a survey", in a lab of
/// either language).
pub fn titles_agree(a: &Text, b: &Text) -> bool {
    let b_keys = title_keys(b);
    title_keys(a).iter().any(|key| b_keys.contains(key))
}

/// The keys of a title in every language it is written in.
pub fn title_keys(title: &Text) -> Vec<String> {
    let mut keys: Vec<String> = title.texts().map(title_key).collect();
    keys.sort_unstable();
    keys.dedup();
    keys
}

/// A title as compared: its plain text (no markdown), LaTeX braces (also inside a word:
/// `{GPU}s`) and commands' backslashes gone, accents taken off, lower case, every run of
/// punctuation and space one space.
pub fn title_key(title: &str) -> String {
    let plain = inline::plain_text(&inline::parse(title));
    let mut key = String::with_capacity(plain.len());
    let mut space = false;
    for c in plain.nfkd().filter(|c| !is_combining_mark(*c)) {
        if matches!(c, '{' | '}') {
            continue;
        }
        if c.is_alphanumeric() {
            if space && !key.is_empty() {
                key.push(' ');
            }
            space = false;
            key.extend(c.to_lowercase());
        } else {
            space = true;
        }
    }
    key
}

/// A short venue from a long DBLP-style one: the part that is an acronym and a year
/// (`Proceedings of the 56th Annual ACM Symposium on Theory of Computing, STOC 2024,
/// Vancouver, BC, Canada, June 24-28, 2024` → `STOC 2024`).
pub fn short_venue(venue: &str) -> Option<String> {
    venue
        .split([',', '(', ')'])
        .map(str::trim)
        .find_map(|part| {
            let (name, year) = part.rsplit_once(' ')?;
            let year_ok = (year.len() == 4 || year.len() == 2 || year.starts_with('\''))
                && year
                    .trim_start_matches('\'')
                    .chars()
                    .all(|c| c.is_ascii_digit());
            let words: Vec<&str> = name.split(' ').collect();
            let acronym = |w: &str| {
                w.chars().filter(char::is_ascii_uppercase).count() >= 2
                    && w.chars()
                        .all(|c| c.is_ascii_alphanumeric() || "@&+-/".contains(c))
            };
            (year_ok
                && words.len() <= 2
                && words.iter().any(|w| acronym(w))
                && part.len() < venue.len())
            .then(|| part.to_string())
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::profile::PublicationLinks;

    fn paper(title: &str, year: u16, venue: &str, kind: PublicationKind) -> Publication {
        Publication {
            title: title.into(),
            authors: vec!["A. B".into()],
            venue: Some(venue.into()),
            venue_short: None,
            year: Some(year),
            month: None,
            kind,
            status: Default::default(),
            award: None,
            note: None,
            links: PublicationLinks::default(),
            selected: false,
            ..Default::default()
        }
    }

    #[test]
    fn a_preprint_merges_into_its_published_version_whatever_the_order() {
        let mut preprint = paper("Fast Things", 2021, "CoRR", PublicationKind::Preprint);
        preprint.links.arxiv = Some("2101.00001".into());
        let journal = paper("Fast things.", 2023, "J. ACM", PublicationKind::Journal);
        assert!(same_paper(&preprint, &journal));
        for (a, b) in [(&preprint, &journal), (&journal, &preprint)] {
            let one = merged(a, b);
            assert_eq!(one.venue.unwrap().to_string(), "J. ACM");
            assert_eq!(one.links.arxiv.as_deref(), Some("2101.00001"));
        }
        let old = paper("Fast Things", 2015, "arXiv", PublicationKind::Preprint);
        assert!(!same_paper(&old, &journal), "years apart are two papers");
    }

    #[test]
    fn published_versions_in_different_venues_stay_two() {
        let conference = paper("Fast Things", 2022, "STOC", PublicationKind::Conference);
        let journal = paper("Fast Things", 2022, "SICOMP", PublicationKind::Journal);
        assert!(!same_paper(&conference, &journal));
        let again = paper("Fast Things", 2022, "STOC", PublicationKind::Conference);
        assert!(same_paper(&conference, &again));
    }

    #[test]
    fn venues_written_short_and_long_are_one_venue() {
        assert!(same_venue("ton", "ieee acm transactions on networking"));
        assert!(same_venue(
            "neurips",
            "advances in neural information processing systems"
        ));
        assert!(same_venue("stoc", "symposium on theory of computing"));
        assert!(!same_venue("stoc", "siam j comput"));
        assert!(!same_venue("icml", "neurips"));
        assert!(!same_venue("nature", "nature physics"));
        assert!(!same_venue("physical review", "physical review letters"));
        assert!(!same_venue("j1", "j10"));
    }

    #[test]
    fn dblp_venues_get_a_short_form() {
        assert_eq!(
            short_venue("Proceedings of the 56th Annual ACM Symposium on Theory of Computing, STOC 2024, Vancouver, BC, Canada, June 24-28, 2024").as_deref(),
            Some("STOC 2024")
        );
        assert_eq!(
            short_venue("33rd USENIX Security Symposium, USENIX Security 2024, Philadelphia")
                .as_deref(),
            Some("USENIX Security 2024")
        );
        assert_eq!(short_venue("J. ACM"), None);
        assert_eq!(short_venue("NeurIPS 2023"), None, "already short");
    }
}
