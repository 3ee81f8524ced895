//! Page budgets: a CV with `max_pages: N` that comes out longer is tightened until it fits —
//! vertical space first, then type size (the body text never below 9 pt), then margins — at
//! the loosest setting that fits, in at most [`MAX_COMPILES`] compiles. If even the tightest setting is too
//! long, the render fails, saying how many pages the CV needs and which sections are longest:
//! nothing is ever left out to make it fit.
//!
//! The settings form one scale, `t` from 0 (the template's own) to 1 (the tightest): the first
//! third of it takes vertical space down to [`Fit::MIN_SPACE`], the second the type scale to
//! [`Fit::MIN_SIZE`], the last the margins to [`Fit::MIN_MARGIN`]. How long a compiled CV is
//! comes from a mark `render-sections` puts after its last line: its page plus how far down
//! that page it sits, so a CV that spills three lines measures 2.05 pages, not 3; the search
//! aims each step through measured lengths (see [`compile_within_budget`]).

use typst::foundations::{Label, NativeElement, Selector};
use typst::introspection::Introspector;
use typst::model::HeadingElem;
use typst::utils::PicoStr;
use typst_layout::PagedDocument;

use crate::diag::{Diagnostic, Failure};
use crate::profile::LoadedProfile;
use crate::render::{Compiled, Renderer};
use crate::source::END_LABEL;
use crate::style::{Fit, Style};

/// A document longer than this many pages has its cached layout dropped at once: kept for
/// the next documents, a few such layouts would cost hundreds of megabytes, and what they
/// share with the next document (templates, fonts) is cheap to make again beside them.
pub(super) const LONG_DOCUMENT_PAGES: usize = 12;

/// A CV compiled within its page budget.
pub struct Fitted {
    /// The document.
    pub compiled: Compiled,
    /// The style it was compiled in (with the tightening used).
    pub style: Style,
    /// How many compiles it took.
    pub compiles: usize,
}

/// How far below its target length a setting is aimed, in pages: a little slack, so that the
/// interpolated setting lands inside the budget rather than on its edge.
const SLACK: f64 = 0.02;

/// About how much shorter the tightest setting makes a CV (measured on the bundled lab and
/// generated profiles in the three templates: 30–40%); only the first guess uses it, every
/// later step is aimed from measured lengths.
const SHRINK_AT_TIGHTEST: f64 = 0.3;

/// The setting at `t` on the scale from the template's own (0) to the tightest (1).
pub fn setting(t: f64) -> Fit {
    let stage = |i: f64| (t * 3.0 - i).clamp(0.0, 1.0);
    let scale = |from: u8, min: u8, amount: f64| {
        (f64::from(from) - (f64::from(from) - f64::from(min)) * amount).round() as u8
    };
    Fit {
        space: scale(100, Fit::MIN_SPACE, stage(0.0)),
        size: scale(100, Fit::MIN_SIZE, stage(1.0)),
        margin: scale(100, Fit::MIN_MARGIN, stage(2.0)),
    }
}

/// The most compiles a page budget takes, the template's own setting included.
pub const MAX_COMPILES: usize = 7;

/// How near the loosest setting that fits is sought, on the scale (0.03 is about four points
/// of vertical space or two of type size).
const PRECISION: f64 = 0.03;

/// Compiles `loaded` in `style`, tightened if the style's page budget asks for it: the loosest
/// setting that fits, to within [`PRECISION`] on the scale, in at most [`MAX_COMPILES`].
///
/// The search first brackets the setting (the template's own does not fit; a first guess
/// from how far over it ends; a step aimed through the lengths measured, at least doubling;
/// the tightest), then narrows the bracket, each step aimed through the lengths at its ends
/// and kept inside it. Only the loosest document that fits is kept; a long document's cached
/// layout is dropped after each compile, so a budget costs about one render's memory.
pub fn compile_within_budget(
    renderer: &Renderer,
    loaded: &LoadedProfile,
    style: &Style,
) -> Result<Fitted, Failure> {
    let compile = |t: f64| {
        let style = Style {
            fit: setting(t),
            ..style.clone()
        };
        let compiled = renderer.compile_checked(loaded, &style);
        if compiled
            .as_ref()
            .is_ok_and(|c| c.document.pages().len() > LONG_DOCUMENT_PAGES)
        {
            comemo::evict(0);
        }
        compiled.map(|compiled| (compiled, style))
    };
    let (compiled, plain) = compile(0.0)?;
    let Some(budget) = style.content.max_pages else {
        return Ok(Fitted {
            compiled,
            style: plain,
            compiles: 1,
        });
    };
    let budget = usize::from(budget);
    let fits = |c: &Compiled| c.document.pages().len() <= budget;
    if fits(&compiled) {
        return Ok(Fitted {
            compiled,
            style: plain,
            compiles: 1,
        });
    }
    let target = budget as f64 - SLACK;
    // Where the straight line through two measured settings reaches the target.
    let aim = |(ta, la): (f64, f64), (tb, lb): (f64, f64)| {
        if (la - lb).abs() < 1e-9 || tb == ta {
            None
        } else {
            Some(ta + (la - target) / (la - lb) * (tb - ta))
        }
    };
    // The tightest setting known not to fit (and the one before it), and the loosest known
    // to fit, with its document.
    let mut short_of = (0.0, length(&compiled.document));
    let mut before: Option<(f64, f64)> = None;
    let mut fitting: Option<(f64, f64, Compiled, Style)> = None;
    drop(compiled);
    let mut compiles = 1;
    loop {
        let t = match &fitting {
            None if compiles == 1 => {
                // Each step of the scale shortens a CV by about the same share,
                // [`SHRINK_AT_TIGHTEST`] at the end of it.
                ((1.0 - target / short_of.1) / SHRINK_AT_TIGHTEST).clamp(0.02, 1.0)
            }
            None if compiles >= MAX_COMPILES - 1 => 1.0,
            None => {
                // Not bracketed yet: aimed through the last two lengths, at least twice as far
                // as the last step went (a length that did not move says little).
                let (t0, step) = (short_of.0, short_of.0 - before.map_or(0.0, |b| b.0));
                let aimed = before.and_then(|b| aim(b, short_of)).unwrap_or(1.0);
                aimed.max(t0 + step.max(0.05)).min(1.0)
            }
            Some((hi, hi_length, ..)) => {
                let width = hi - short_of.0;
                if width <= PRECISION || compiles >= MAX_COMPILES {
                    break;
                }
                // Inside the bracket, never at its edges, so that it narrows every time.
                let aimed = aim(short_of, (*hi, *hi_length)).unwrap_or(short_of.0 + width / 2.0);
                aimed.clamp(short_of.0 + width * 0.2, hi - width * 0.2)
            }
        };
        // Settings are whole percents: a step that lands on the setting at an end of the
        // bracket goes to its middle instead; when the middle is one too, it is found.
        let mut t = t;
        if let Some((hi, ..)) = &fitting {
            let at_an_end =
                |t: f64| setting(t) == setting(*hi) || setting(t) == setting(short_of.0);
            if at_an_end(t) {
                t = (short_of.0 + hi) / 2.0;
                if at_an_end(t) {
                    break;
                }
            }
        }
        let (document, used) = compile(t)?;
        compiles += 1;
        let measured = length(&document.document);
        if fits(&document) {
            fitting = Some((t, measured, document, used));
        } else if t >= 1.0 {
            return Err(too_long(loaded, style, budget, &document.document));
        } else {
            before = Some(short_of);
            short_of = (t, measured);
        }
    }
    // (Always set by now: the loop ends only once a setting fitted.)
    let (_, _, compiled, style_used) =
        fitting.ok_or_else(|| Failure::message("the page budget found no setting"))?;
    Ok(Fitted {
        compiled,
        style: style_used,
        compiles,
    })
}

/// How long a document is, in pages: the page of the end mark plus how far down it that mark
/// sits (the page count when the template has no mark, which the generated source always
/// puts there).
fn length(document: &PagedDocument) -> f64 {
    let pages = document.pages().len() as f64;
    let introspector = document.introspector();
    let Some(label) = Label::new(PicoStr::intern(END_LABEL)) else {
        return pages;
    };
    let position = introspector
        .query_label(label)
        .ok()
        .and_then(|mark| mark.location())
        .and_then(|location| introspector.position(location));
    let Some(position) = position else {
        return pages;
    };
    let page = position.page.get();
    let height = document
        .pages()
        .get(page - 1)
        .map_or(1.0, |p| p.frame.height().to_pt());
    (page - 1) as f64 + (position.point.y.to_pt() / height.max(1.0)).clamp(0.0, 1.0)
}

/// The failure of a CV that does not fit even at the tightest setting.
fn too_long(
    loaded: &LoadedProfile,
    style: &Style,
    budget: usize,
    document: &PagedDocument,
) -> Failure {
    let pages = document.pages().len();
    let tightest = setting(1.0);
    let mut sections = section_lengths(document);
    sections.sort_by(|a, b| b.1.total_cmp(&a.1));
    let longest: Vec<String> = sections
        .iter()
        .take(3)
        .map(|(title, pages)| format!("{title} ({pages:.1} pages)"))
        .collect();
    let variant = super::variant::variant_label(style);
    let mut message = format!(
        "{}{variant} needs {pages} pages even at the tightest setting, and its budget is \
         {budget} (max_pages: {budget})",
        loaded.path.display()
    );
    if !longest.is_empty() {
        message.push_str(&format!("; the longest sections: {}", longest.join(", ")));
    }
    let failure = Diagnostic::error(message).with_note(format!(
        "tightened as far as cvpdf goes (space {}%, type {}% but not below {} pt, margins {}%) \
         and nothing is left out on its own: show fewer publications (`publications: selected`, \
         `since: YEAR`, `newest: N`) or sections (`sections: […]`), or allow more pages",
        tightest.space,
        tightest.size,
        Fit::MIN_TYPE_SIZE,
        tightest.margin
    ));
    Failure::new(failure)
}

/// Each section's title and length in pages, from the positions of the level-1 headings (the
/// section titles of every built-in template) and the end mark.
fn section_lengths(document: &PagedDocument) -> Vec<(String, f64)> {
    let introspector = document.introspector();
    let heights: Vec<f64> = document
        .pages()
        .iter()
        .map(|p| p.frame.height().to_pt().max(1.0))
        .collect();
    let at = |location| {
        introspector.position(location).map(|p| {
            let page = p.page.get();
            let height = heights.get(page - 1).copied().unwrap_or(1.0);
            (page - 1) as f64 + p.point.y.to_pt() / height
        })
    };
    let headings: Vec<(String, f64)> = introspector
        .query(&Selector::Elem(HeadingElem::ELEM, None))
        .iter()
        .filter_map(|h| {
            let start = at(h.location()?)?;
            let title = h.to_packed::<HeadingElem>()?.body.plain_text();
            Some((title.trim().to_string(), start))
        })
        .collect();
    let end = length(document);
    headings
        .iter()
        .enumerate()
        .map(|(i, (title, start))| {
            let next = headings.get(i + 1).map_or(end, |(_, s)| *s);
            (title.clone(), (next - start).max(0.0))
        })
        .collect()
}

/// Says what a page budget did: `tightened to fit 2 pages (3 compiles): space 78%, type
/// 100%, margins 100%`.
pub fn describe(fitted: &Fitted) -> Option<String> {
    let budget = fitted.style.content.max_pages?;
    if fitted.style.fit.is_none() {
        return None;
    }
    let f = fitted.style.fit;
    Some(format!(
        "tightened to fit {budget} page{} ({} compiles): space {}%, type {}%, margins {}%",
        if budget == 1 { "" } else { "s" },
        fitted.compiles,
        f.space,
        f.size,
        f.margin
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scale_tightens_space_then_type_then_margins() {
        assert_eq!(setting(0.0), Fit::default());
        assert_eq!(
            setting(1.0),
            Fit {
                space: Fit::MIN_SPACE,
                size: Fit::MIN_SIZE,
                margin: Fit::MIN_MARGIN
            }
        );
        let third = setting(1.0 / 3.0);
        assert_eq!((third.space, third.size, third.margin), (55, 100, 100));
        let half = setting(0.5);
        assert_eq!((half.space, half.size, half.margin), (55, 90, 100));
        // Monotone: never looser as t grows.
        let mut last = setting(0.0);
        for i in 1..=100 {
            let s = setting(f64::from(i) / 100.0);
            assert!(s.space <= last.space && s.size <= last.size && s.margin <= last.margin);
            last = s;
        }
    }
}
