//! A formatted reference as runs of text, each with its look, its link and the person it
//! names: the one form both the Typst source and the people page's HTML are written from.

use std::ops::Range;

use hayagriva::citationberg::{FontStyle, FontVariant, FontWeight, TextDecoration, VerticalAlign};
use hayagriva::{ElemChild, ElemChildren, ElemMeta, Formatting};

use super::Person;

/// How a run of text looks.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Look {
    /// Bold (the style's, or an own name).
    pub bold: bool,
    /// Italic.
    pub italic: bool,
    /// Small capitals.
    pub small_caps: bool,
    /// Underlined.
    pub underline: bool,
    /// Raised (1 for superscript) or lowered (-1 for subscript).
    pub shift: i8,
}

/// A run of a reference's text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Run {
    /// The text, as data (never markup).
    pub text: String,
    /// Its look.
    pub look: Look,
    /// The address it links to, checked by the one link check.
    pub link: Option<String>,
    /// The author (or, for an edited volume, editor) it names: `(is_editor, index)`.
    pub person: Option<(bool, usize)>,
}

/// The runs of a rendered reference: own names bold and followed by their marks, the
/// style's citation number left out.
/// `in_quotes`: the locale puts a full stop or comma inside closing quotation marks.
pub(super) fn from_rendered(
    content: &ElemChildren,
    authors: &[Person],
    editors: &[Person],
    in_quotes: bool,
) -> Vec<Run> {
    let mut out = Vec::new();
    let mut fillers = Vec::new();
    walk(content, Look::default(), None, &mut out, &mut fillers);
    let out = without_stray_spaces(out, &fillers);
    let out = with_marks(out, authors, editors);
    trim(collapse_punctuation(out, in_quotes))
}

/// The runs of `children`, formatted as `look` says, inside the name `person` if any; the
/// ranges of characters whose spaces are fillers (a date's, a block's separators) are added to
/// `fillers`.
fn walk(
    children: &ElemChildren,
    look: Look,
    person: Option<(bool, usize)>,
    out: &mut Vec<Run>,
    fillers: &mut Vec<Range<usize>>,
) {
    let chars = |out: &[Run]| out.iter().map(|r| r.text.chars().count()).sum::<usize>();
    for child in &children.0 {
        match child {
            ElemChild::Text(formatted) => push(
                out,
                &formatted.text,
                apply(look, formatted.formatting),
                None,
                person,
            ),
            // Typst markup from a field: cvpdf's fields hold no markup, and text is data anyway.
            ElemChild::Markup(text) => push(out, text, look, None, person),
            ElemChild::Link { text, url } => {
                let link = crate::link::check(url).ok();
                push(out, &text.text, apply(look, text.formatting), link, person);
            }
            ElemChild::Transparent { .. } => {}
            // A block of its own in the style (`display`: a left margin, a line of its own) is
            // part of one paragraph in a CV's list: a space sets it apart, as citeproc-js's
            // text output does ("Fischer 2015 Nucleosome…", not "2015Nucleosome").
            ElemChild::Elem(elem) if elem.display.is_some() => {
                let inline = hayagriva::Elem {
                    display: None,
                    ..elem.clone()
                };
                let separator = |out: &mut Vec<Run>, fillers: &mut Vec<Range<usize>>| {
                    let at = chars(out);
                    push(out, " ", look, None, person);
                    fillers.push(at..at + 1);
                };
                separator(out, fillers);
                let inline = ElemChildren(vec![ElemChild::Elem(inline)]);
                walk(&inline, look, person, out, fillers);
                separator(out, fillers);
            }
            ElemChild::Elem(elem) => match elem.meta {
                // cvpdf numbers its lists itself.
                Some(ElemMeta::CitationNumber | ElemMeta::CitationLabel) => {}
                Some(ElemMeta::Name(variable, index)) => {
                    use hayagriva::citationberg::taxonomy::NameVariable;
                    let is_editor = matches!(variable, NameVariable::Editor);
                    walk(&elem.children, look, Some((is_editor, index)), out, fillers);
                }
                Some(ElemMeta::Date) => {
                    let start = chars(out);
                    walk(&elem.children, look, person, out, fillers);
                    let end = chars(out);
                    // A date that printed nothing: the delimiter written before it.
                    let start = if start == end {
                        start.saturating_sub(1)
                    } else {
                        start
                    };
                    fillers.push(start..end);
                }
                _ => walk(&elem.children, look, person, out, fillers),
            },
        }
    }
}

/// The runs without the spaces a style's fillers leave before punctuation or another space:
/// hayagriva writes a delimiter before each part of a date, also before one the date does not
/// have, and before a date that prints nothing — a year alone in Vancouver's "year month day"
/// read "2015 ;52(7)", a patent in CSE's "2020 ." — and the space that sets a block apart
/// ([`walk`]) may come before the layout's closing full stop. A space in such a range
/// (`fillers`, ranges of characters) goes when what follows it is `,` `;` `:` `.` `)` `]`, a
/// space or the end; "March 5, 2015" keeps its spaces.
fn without_stray_spaces(runs: Vec<Run>, fillers: &[Range<usize>]) -> Vec<Run> {
    if fillers.is_empty() {
        return runs;
    }
    let chars = flattened(&runs);
    let filler = |at: usize| fillers.iter().any(|d| d.contains(&at));
    let mut keep = vec![true; chars.len()];
    for at in (0..chars.len()).rev() {
        if !(chars[at].0 == ' ' && filler(at)) {
            continue;
        }
        let next = (at + 1..chars.len()).find(|&j| keep[j]).map(|j| chars[j].0);
        keep[at] = !matches!(next, None | Some(',' | ';' | ':' | '.' | ')' | ']' | ' '));
    }
    rebuilt(runs, chars, &keep)
}

/// Every character of `runs`, with the index of its run.
fn flattened(runs: &[Run]) -> Vec<(char, usize)> {
    runs.iter()
        .enumerate()
        .flat_map(|(i, run)| run.text.chars().map(move |c| (c, i)))
        .collect()
}

/// `runs` with only the `chars` (each with its run's index) that `keep` says.
fn rebuilt(runs: Vec<Run>, chars: Vec<(char, usize)>, keep: &[bool]) -> Vec<Run> {
    let mut texts = vec![String::new(); runs.len()];
    for ((c, run), &kept) in chars.into_iter().zip(keep) {
        if kept {
            texts[run].push(c);
        }
    }
    runs.into_iter()
        .zip(texts)
        .filter(|(_, text)| !text.is_empty())
        .map(|(run, text)| Run { text, ..run })
        .collect()
}

/// Whether `child` is (or holds) the citation number or label a numeric style prints before
/// an entry.
pub(super) fn is_citation_label(child: &ElemChild) -> bool {
    match child {
        ElemChild::Elem(elem) => {
            matches!(
                elem.meta,
                Some(ElemMeta::CitationNumber | ElemMeta::CitationLabel)
            ) || elem.children.0.iter().any(is_citation_label)
        }
        _ => false,
    }
}

/// `look` with a rendered formatting laid over it.
fn apply(mut look: Look, f: Formatting) -> Look {
    look.italic = matches!(f.font_style, FontStyle::Italic);
    look.bold = look.bold || matches!(f.font_weight, FontWeight::Bold);
    look.small_caps = matches!(f.font_variant, FontVariant::SmallCaps);
    look.underline = matches!(f.text_decoration, TextDecoration::Underline);
    look.shift = match f.vertical_align {
        VerticalAlign::Sup => 1,
        VerticalAlign::Sub => -1,
        _ => 0,
    };
    look
}

/// Appends a run, joining it to the last one when nothing but the text differs; the joiners
/// [`super::item`] put into numbers for hayagriva are taken out.
fn push(
    out: &mut Vec<Run>,
    text: &str,
    look: Look,
    link: Option<String>,
    person: Option<(bool, usize)>,
) {
    let text = &text.replace(super::item::JOINER, "");
    if text.is_empty() {
        return;
    }
    if let Some(last) = out.last_mut() {
        if last.look == look && last.link == link && last.person == person {
            last.text.push_str(text);
            return;
        }
    }
    out.push(Run {
        text: text.to_string(),
        look,
        link,
        person,
    });
}

/// Own names bold, and each marked name followed by its marks (`*`, `†`), as cvpdf's own
/// layout prints them.
fn with_marks(runs: Vec<Run>, authors: &[Person], editors: &[Person]) -> Vec<Run> {
    let who = |person: Option<(bool, usize)>| {
        person.and_then(|(editor, i)| {
            if editor {
                editors.get(i)
            } else {
                authors.get(i)
            }
        })
    };
    let mut out: Vec<Run> = Vec::with_capacity(runs.len());
    let mut iter = runs.into_iter().peekable();
    while let Some(mut run) = iter.next() {
        let person = who(run.person).copied().unwrap_or_default();
        run.look.bold |= person.own;
        let ends_name =
            run.person.is_some() && iter.peek().is_none_or(|next| next.person != run.person);
        // A name ending in an initial whose full stop the style's own (after the names) took
        // over gets it back, so that it is bold with the name and any mark follows it.
        if ends_name && ends_in_initial(&run.text) {
            if let Some(next) = iter.peek_mut().filter(|next| next.text.starts_with('.')) {
                next.text.remove(0);
                run.text.push('.');
            }
        }
        let look = run.look;
        let at = run.person;
        out.push(run);
        if ends_name {
            let marks = crate::profile::names::with_marks("", person.equal, person.corresponding);
            if !marks.is_empty() {
                push(&mut out, &marks, Look { shift: 0, ..look }, None, at);
            }
        }
    }
    out
}

/// Whether a name as printed ends with an initial without its full stop (`Keller, M`).
fn ends_in_initial(name: &str) -> bool {
    let mut last = name.chars().rev();
    last.next().is_some_and(char::is_alphabetic)
        && last
            .next()
            .is_none_or(|c| matches!(c, ' ' | '.' | '-' | ','))
}

/// Punctuation where two parts of a style meet, made one mark as CSL processors make it
/// (citeproc-js does; hayagriva leaves a delimiter before a part that printed nothing): a
/// comma, semicolon or colon, and the spaces after it, give way to a full stop, closing
/// bracket or another delimiter that follows (`Zenodo,.` → `Zenodo.`, `(2018,)` → `(2018)`),
/// a doubled full stop is one (`Ed..` → `Ed.`, an ellipsis `...` stays), and so are two
/// spaces (a delimiter before an element that printed nothing: CSE's "nuclei.  2020.") and a
/// full stop or comma written inside closing quotation marks and again after them; where the
/// locale puts such a mark inside the quotation marks, one written after them goes inside
/// (`Reads”.` → `Reads.”`), and a full stop right after a question or exclamation mark goes.
fn collapse_punctuation(runs: Vec<Run>, in_quotes: bool) -> Vec<Run> {
    let mut chars = flattened(&runs);
    let mut keep = vec![true; chars.len()];
    for at in 0..chars.len() {
        let c = chars[at].0;
        let next = (at + 1..chars.len()).find(|&j| chars[j].0 != ' ');
        let next_char = next.map(|j| chars[j].0);
        let gives_way =
            matches!(c, ',' | ';' | ':') && matches!(next_char, Some('.' | ')' | ']' | ',' | ';'));
        if gives_way {
            keep[at..next.unwrap_or(at + 1)].fill(false);
        }
        let doubled_stop = c == '.'
            && chars.get(at + 1).is_some_and(|n| n.0 == '.')
            && chars.get(at + 2).is_none_or(|n| n.0 != '.')
            && (at == 0 || chars[at - 1].0 != '.');
        if doubled_stop {
            // The second goes: the first ends the text before it (an initial, `Ed.`).
            keep[at + 1] = false;
        }
        if c == ' ' && at > 0 && chars[at - 1].0 == ' ' {
            keep[at] = false;
        }
        // A title's own question or exclamation mark ends its sentence: the style's full stop
        // after it goes (`scale?.` → `scale?`), as citeproc-js prints it.
        let in_link = runs[chars[at].1].link.is_some();
        if c == '.' && at > 0 && matches!(chars[at - 1].0, '?' | '!') && !in_link {
            keep[at] = false;
        }
        // A mark the style moved inside the quotation marks, and wrote again after them
        // (`Nuclei.”.` → `Nuclei.”`, `remodelling,”, in` → `remodelling,” in`).
        let again = matches!(c, '.' | ',')
            && at >= 2
            && matches!(chars[at - 1].0, '”' | '’' | '"' | '»')
            && chars[at - 2].0 == c;
        if again {
            keep[at] = false;
        } else if in_quotes && matches!(c, '.' | ',') && at >= 1 && chars[at - 1].0 == '”' {
            // A mark the style wrote as the next element's prefix, after the quotation
            // marks hayagriva had closed: inside them in American English, and not after a
            // title's own question or exclamation mark (`Why?”.` → `Why?”`).
            let before = at.checked_sub(2).map(|b| chars[b].0);
            if c == '.' && matches!(before, Some('?' | '!')) {
                keep[at] = false;
            } else {
                chars[at - 1].0 = c;
                chars[at].0 = '”';
            }
        }
    }
    rebuilt(runs, chars, &keep)
}

/// Leading and trailing white space off (what a citation number leaves behind).
fn trim(mut runs: Vec<Run>) -> Vec<Run> {
    while let Some(first) = runs.first_mut() {
        let trimmed = first.text.trim_start();
        if trimmed.is_empty() {
            runs.remove(0);
        } else {
            first.text = trimmed.to_string();
            break;
        }
    }
    while let Some(last) = runs.last_mut() {
        let trimmed = last.text.trim_end();
        if trimmed.is_empty() {
            runs.pop();
        } else {
            last.text = trimmed.to_string();
            break;
        }
    }
    runs
}
