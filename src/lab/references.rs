//! The papers of the people page and `lab.json` in the lab's citation style (issue 49): the
//! references `publications.pdf` prints, from the same formatting ([`crate::cite`]), as runs
//! of text the page's template writes as HTML.

use schemars::JsonSchema;
use serde::Serialize;

use super::{member_of, LabPaper, Paper};

/// A run of a paper's reference in the lab's citation style: text with one look.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct ReferenceRun {
    /// The text.
    pub text: String,
    /// Bold (the style's, or a member's name).
    pub bold: bool,
    /// Italic.
    pub italic: bool,
    /// Small capitals.
    pub small_caps: bool,
    /// Underlined.
    pub underline: bool,
    /// 1: superscript, -1: subscript, 0: on the line.
    pub shift: i8,
    /// The address it links to (a DOI's, the paper's).
    pub url: Option<String>,
    /// The slug of the member whose name this is.
    pub member: Option<String>,
}

/// Adds to each of `shown` (made from the paper of `papers` at its index) its reference in
/// the lab's citation style: members' names bold, each linked to the member's card.
pub fn add_references(
    papers: &[LabPaper],
    shown: &mut [Paper],
    names: &[(String, String)],
    style: &crate::cite::CitationStyle,
    lang: &str,
) {
    use crate::cite::{people, Person};
    let members = |paper: &Paper| -> Vec<Person> {
        paper
            .authors
            .iter()
            .map(|a| Person {
                own: a.member.is_some(),
                equal: a.equal,
                corresponding: a.corresponding,
            })
            .collect()
    };
    let input: Vec<_> = papers
        .iter()
        .zip(shown.iter())
        .map(|(lab, paper)| {
            let editor_is_member = |name: &str| member_of(name, names, &paper.members).is_some();
            (
                &lab.publication,
                members(paper),
                people(&lab.publication.editors, editor_is_member),
            )
        })
        .collect();
    let references = crate::cite::references(&input, style, lang);
    for (paper, runs) in shown.iter_mut().zip(references) {
        let runs = runs
            .into_iter()
            .map(|run| ReferenceRun {
                member: match run.person {
                    Some((false, i)) => paper.authors.get(i).and_then(|a| a.member.clone()),
                    _ => None,
                },
                text: run.text,
                bold: run.look.bold,
                italic: run.look.italic,
                small_caps: run.look.small_caps,
                underline: run.look.underline,
                shift: run.look.shift,
                url: run.link,
            })
            .collect();
        paper.reference = Some(runs);
    }
}
