//! The whole pipeline on a structured, arbitrary profile (`arbitrary` derive): it loads,
//! compiles with one of the built-in templates, and every text it holds is in the laid-out
//! document. The property lives in `fuzz/checks.rs`; this file only builds the profile.
#![no_main]

#[path = "../checks.rs"]
mod checks;

use std::sync::OnceLock;

use arbitrary::Arbitrary;
use cvpdf::profile::*;
use cvpdf::render::{RenderSettings, Renderer};
use libfuzzer_sys::fuzz_target;

#[derive(Debug, Arbitrary)]
struct Input {
    name: String,
    headline: Option<String>,
    bio: Option<String>,
    interests: Vec<String>,
    education: Vec<(String, String, Option<String>)>,
    publications: Vec<(String, Vec<String>, Option<String>, u8)>,
    awards: Vec<(String, Option<String>)>,
    hobbies: Vec<String>,
    template: u8,
}

fn renderer() -> &'static Renderer {
    static RENDERER: OnceLock<Renderer> = OnceLock::new();
    RENDERER.get_or_init(|| {
        Renderer::new(RenderSettings::bundled_only())
    })
}

/// Text the model accepts: not blank, no control characters but newlines, bounded length.
fn clean(s: &str) -> Option<String> {
    let s: String = s
        .chars()
        .filter(|c| !c.is_control() || *c == '\n')
        .take(200)
        .collect();
    (!s.trim().is_empty()).then_some(s)
}

fuzz_target!(|input: Input| {
    let Some(name) = clean(&input.name) else {
        return;
    };
    let mut profile = Profile {
        name,
        ..Profile::default()
    };
    profile.headline = input.headline.as_deref().and_then(clean);
    profile.bio = input.bio.as_deref().and_then(clean);
    profile.interests = input
        .interests
        .iter()
        .filter_map(|s| clean(s))
        .take(8)
        .collect();
    for (institution, degree, location) in input.education.iter().take(4) {
        let (Some(institution), Some(degree)) = (clean(institution), clean(degree)) else {
            continue;
        };
        profile.education.push(Education {
            institution,
            degree,
            location: location.as_deref().and_then(clean),
            start: None,
            end: None,
            ..Education::default()
        });
    }
    for (title, authors, venue, year) in input.publications.iter().take(8) {
        let Some(title) = clean(title) else { continue };
        let authors: Vec<String> = authors.iter().filter_map(|a| clean(a)).take(6).collect();
        if authors.is_empty() {
            continue;
        }
        profile.publications.push(Publication {
            title,
            authors,
            venue: venue.as_deref().and_then(clean),
            venue_short: None,
            year: Some(1900 + u16::from(*year)),
            month: None,
            kind: PublicationKind::Conference,
            status: PublicationStatus::Published,
            award: None,
            note: None,
            links: PublicationLinks::default(),
            selected: false,
            ..Default::default()
        });
    }
    for (title, awarder) in input.awards.iter().take(4) {
        let Some(title) = clean(title) else { continue };
        profile.awards.push(Award {
            title,
            awarder: awarder.as_deref().and_then(clean),
            date: None,
            rank: None,
            note: None,
        });
    }
    profile.hobbies = input
        .hobbies
        .iter()
        .filter_map(|s| clean(s))
        .take(4)
        .collect();

    checks::pipeline(
        &profile,
        checks::TEMPLATES[usize::from(input.template) % 3],
        renderer(),
    );
    // As a batch does between profiles: keep memory bounded over many runs.
    comemo::evict(3);
});
