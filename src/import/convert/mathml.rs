//! MathML in foreign text as the text it shows, for every source that can carry it: titles
//! registered with Crossref and OpenAlex (`<mml:math>`, [`super::jats`]), HTML from author
//! pages ([`super::text`]), and BibTeX fields that a reference manager copied from a
//! publisher's metadata with the markup escaped as TeX (Zotero writes `{$<$}math{$>$}`, and
//! its title casing turns `</mi>` into `</Mi>` and `is="true"` into `{{Is}}=''true''`: issue
//! 48's corpus file `bibtex/102`).
//!
//! An element is found by its local name in any case and with any prefix (`<math>`,
//! `<mml:math>`, `</Math>`). Before it is read as XML each tag is reduced to its lower-case
//! local name: MathML's element names are all lower case, and no attribute changes the
//! characters shown, so a title-cased or prefixed tag with broken quotes still reads.

use crate::profile::html::{entities, without_tags};

/// The most characters of one `<math>` element read as XML; a longer element (no title holds
/// one) is shown as its characters without the tags.
const MAX_ELEMENT: usize = 16_384;

/// `text` with each MathML `<math>` element replaced by the text it shows; text without one
/// comes back as it was.
pub fn as_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = find_tag(rest, "math", false) {
        out.push_str(&rest[..open]);
        let element = &rest[open..];
        let Some(close) = find_tag(element, "math", true) else {
            // Unclosed: its tags go, its text stays.
            out.push_str(&entities(&without_tags(element)));
            return out;
        };
        let end = element[close..]
            .find('>')
            .map_or(element.len(), |gt| close + gt + 1);
        out.push_str(&element_text(&element[..end]));
        rest = &element[end..];
    }
    out.push_str(rest);
    out
}

/// Where the first opening (or, with `closing`, closing) tag of element `name` starts, its
/// name compared without prefix and case.
fn find_tag(text: &str, name: &str, closing: bool) -> Option<usize> {
    let lead = if closing { "</" } else { "<" };
    let mut from = 0;
    while let Some(at) = text[from..].find(lead).map(|i| i + from) {
        let after = &text[at + lead.len()..];
        if !after.starts_with('/') && tag_name(after).is_some_and(|n| n.eq_ignore_ascii_case(name))
        {
            return Some(at);
        }
        from = at + lead.len();
    }
    None
}

/// The local name of the tag that `text` starts (after its `<` or `</`): `mml:msub` → `msub`.
fn tag_name(text: &str) -> Option<&str> {
    let end = text
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == ':' || c == '-'))
        .unwrap_or(text.len());
    let name = &text[..end];
    let local = name.rsplit(':').next().unwrap_or(name);
    (!local.is_empty()).then_some(local)
}

/// The text one `<math>…</math>` element shows.
fn element_text(element: &str) -> String {
    let fallback = || entities(&without_tags(element)).trim().to_string();
    if element.len() > MAX_ELEMENT {
        return fallback();
    }
    match roxmltree::Document::parse(&plain_tags(element)) {
        Ok(document) => node_text(document.root_element()),
        Err(_) => fallback(),
    }
}

/// `element` with each tag reduced to its lower-case local name (`<mml:mi mathvariant="x">`
/// → `<mi>`, `</Mrow>` → `</mrow>`, `<mspace/>` kept empty), so that the XML reader needs no
/// namespace declarations and accepts what title casing and TeX quotes did to the tags.
fn plain_tags(element: &str) -> String {
    let mut out = String::with_capacity(element.len());
    let mut rest = element;
    while let Some(lt) = rest.find('<') {
        out.push_str(&rest[..lt]);
        let tag = &rest[lt..];
        let closing = tag.starts_with("</");
        let name = tag_name(&tag[if closing { 2 } else { 1 }..]);
        match (name, tag.find('>')) {
            (Some(name), Some(gt)) => {
                let empty = !closing && tag[..gt].ends_with('/');
                let slash = if closing { "/" } else { "" };
                let end = if empty { "/" } else { "" };
                out.push_str(&format!("<{slash}{}{end}>", name.to_ascii_lowercase()));
                rest = &tag[gt + 1..];
            }
            // A `<` that starts no tag is the character.
            _ => {
                out.push_str("&lt;");
                rest = &tag[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// The text of a MathML node: sub- and superscripts as the TeX reader writes them (Unicode
/// where every character has a form), a fraction as `a/b`, a root with `√`, everything else
/// its characters in order.
fn node_text(node: roxmltree::Node) -> String {
    if node.is_text() {
        return node.text().unwrap_or_default().trim().to_string();
    }
    let children: Vec<String> = node
        .children()
        .filter(|c| c.is_element() || c.is_text())
        .map(node_text)
        .filter(|t| !t.is_empty())
        .collect();
    match (node.tag_name().name(), children.as_slice()) {
        ("msub", [base, sub]) => format!("{base}{}", script(sub, false)),
        ("msup", [base, sup]) => format!("{base}{}", script(sup, true)),
        ("msubsup", [base, sub, sup]) => {
            format!("{base}{}{}", script(sub, false), script(sup, true))
        }
        ("mfrac", [top, bottom]) => format!("{top}/{bottom}"),
        ("msqrt", _) => format!("√{}", children.concat()),
        _ => children.concat(),
    }
}

/// A MathML script as the TeX reader writes one ([`super::math::scripted`]); MathML's
/// asterisk operator is the asterisk of `C^*`.
fn script(text: &str, up: bool) -> String {
    super::math::scripted(&text.replace('∗', "*"), up)
}

#[cfg(test)]
mod tests {
    use super::as_text;

    #[test]
    fn prefixed_and_spaced_elements_read() {
        assert_eq!(
            as_text("On <mml:math xmlns:mml=\"http://www.w3.org/1998/Math/MathML\"><mml:msup><mml:mi>C</mml:mi><mml:mo>∗</mml:mo></mml:msup></mml:math>-Algebras"),
            "On C*-Algebras"
        );
        assert_eq!(
            as_text("More on <math id=\"M1\">\n  <mi mathvariant=\"script\">D</mi>\n  <mi>α</mi>\n</math>-Closed"),
            "More on Dα-Closed"
        );
        assert_eq!(
            as_text("<math><mfrac><mn>1</mn><mn>2</mn></mfrac></math>"),
            "1/2"
        );
    }

    /// Issue 48, corpus file `bibtex/102`: Zotero's export of a publisher's MathML, its tags
    /// title-cased and its attribute quotes turned into TeX's closing quotes.
    #[test]
    fn title_cased_tags_with_broken_attributes_read() {
        let zotero = "the PL<math><mrow Is=”true”><msub Is=”true”><mrow Is=”true”><mi Is=”true”>P</Mi></Mrow><mrow Is=”true”><mi Is=”true”>n</Mi></Mrow></Msub></Mrow></Math> Equations";
        assert_eq!(as_text(zotero), "the PLPₙ Equations");
        assert_eq!(as_text("x <MML:MATH><MML:MI>y</MML:MI></MML:MATH>"), "x y");
    }

    /// Hostile sizes: many elements, one element past the XML bound, opens without a close.
    #[test]
    fn large_inputs_are_read_in_one_pass() {
        let many = "<math><mi>x</mi></math> ".repeat(5_000);
        assert_eq!(as_text(&many), "x ".repeat(5_000));
        let long = format!("<math><mi>{}</mi></math>", "y".repeat(20_000));
        assert_eq!(as_text(&long), "y".repeat(20_000));
        let opens = "<math><mrow>".repeat(20_000);
        assert_eq!(as_text(&format!("{opens}z")), "z");
    }

    #[test]
    fn text_without_an_element_stays_as_it_was() {
        for text in [
            "a < b and c > d",
            "<mathematics> is a word here",
            "P<0.05",
            "",
        ] {
            assert_eq!(as_text(text), text);
        }
        assert_eq!(as_text("broken <math><mi>y"), "broken y");
        assert_eq!(as_text("a <math><mi>x</mi><mo><</mo></math>"), "a x<");
        assert_eq!(as_text("<math><mi>a&amp;b</mi></math>"), "a&b");
    }
}
