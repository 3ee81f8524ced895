//! Titles as publishers register them with Crossref and OpenAlex: text with JATS and HTML
//! inline tags (`<i>`, `<jats:italic>`, `<sub>`, `<scp>`) and MathML (`<mml:math>`), often
//! spread over several indented lines. [`inline`] turns such a title into the profile's inline
//! Markdown: emphasis kept, sub- and superscripts in Unicode where every character has a form
//! (`N<sub>2</sub>O` → `N₂O`), math as the text it shows, the rest of the markup dropped and
//! every other character escaped so that it prints as written.

use crate::profile::html::{entities, html_text, without_tags};

use super::symbols::{subscript, superscript};

/// The most characters of a title read: a longer one is no title (and the scan stays cheap).
const MAX_TITLE: usize = 4_096;

/// `title` as registered (JATS, HTML, MathML) as the profile's inline Markdown.
pub fn inline(title: &str) -> String {
    let mut title = cleaned(&title.chars().take(MAX_TITLE).collect::<String>());
    // Markup escaped twice over (`&amp;lt;sup&amp;gt;13&amp;lt;/sup&amp;gt;C`, as some
    // publishers register it) is markup: entities are decoded until a tag shows or nothing
    // changes.
    // Markup escaped once (`a &lt;b&gt; c`) is text, and stays so — but for the script and
    // italic tags, which no title means as text.
    for _ in 0..2 {
        if !title.contains("&amp;lt;") && !title.contains("&amp;gt;") {
            break;
        }
        title = entities(&title);
    }
    if title.contains("&lt;")
        && !title.contains("&amp;")
        && (title.contains("&lt;sup&gt;")
            || title.contains("&lt;sub&gt;")
            || title.contains("&lt;i&gt;"))
    {
        title = entities(&title);
    }
    // JATS's names for the HTML tags: `<jats:italic>` is `<i>`.
    let title = title
        .replace("<jats:", "<")
        .replace("</jats:", "</")
        .replace("<italic>", "<i>")
        .replace("</italic>", "</i>")
        .replace("<bold>", "<b>")
        .replace("</bold>", "</b>");
    let title = super::mathml::as_text(&title);
    let title = scripts_as_text(&title, "sub", subscript);
    let title = scripts_as_text(&title, "sup", superscript);
    html_text(&title)
}

/// Foreign text without the characters no CV prints: text decoded twice repaired and C1
/// controls dropped ([`super::mojibake`]; library catalogues mark a title's non-sorting `The`
/// with U+0098 and U+009C), other controls made spaces.
pub fn cleaned(text: &str) -> String {
    let text = super::mojibake::repaired(text).map_or_else(|| text.to_string(), |(t, _)| t);
    text.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

/// `text` with each `<tag>…</tag>` (`sub` or `sup`) replaced by its text in script form when
/// every character has one, else by its text.
fn scripts_as_text(text: &str, tag: &str, map: fn(char) -> Option<char>) -> String {
    let (open, close) = (format!("<{tag}>"), format!("</{tag}>"));
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find(&open) {
        let Some(end) = rest[start..].find(&close).map(|e| e + start) else {
            break;
        };
        out.push_str(&rest[..start]);
        let inner = entities(&without_tags(&rest[start + open.len()..end]));
        let inner = inner.trim();
        match inner.chars().map(map).collect::<Option<String>>() {
            Some(converted) => out.push_str(&converted),
            None => out.push_str(inner),
        }
        rest = &rest[end + close.len()..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::{cleaned, inline};

    #[test]
    fn emphasis_stays_and_lines_join() {
        assert_eq!(
            inline(
                "Sexual conflict in the seed beetle\n            <i>Callosobruchus maculatus</i>"
            ),
            "Sexual conflict in the seed beetle *Callosobruchus maculatus*"
        );
        assert_eq!(
            inline("<jats:title>Of <jats:italic>E. coli</jats:italic></jats:title>"),
            "Of *E. coli*"
        );
    }

    #[test]
    fn scripts_become_unicode_where_they_can() {
        assert_eq!(
            inline("Global Modeling of N<sub>2</sub>O"),
            "Global Modeling of N₂O"
        );
        assert_eq!(inline("<i>c</i><sub><i>p</i></sub> heat"), "*c*ₚ heat");
        assert_eq!(inline("x<sup>2</sup> and y<sub>QQ</sub>"), "x² and yQQ");
    }

    #[test]
    fn mathml_is_the_text_it_shows() {
        let title = "Jordan<mml:math xmlns:mml=\"http://www.w3.org/1998/Math/MathML\"><mml:mo>∗</mml:mo></mml:math>-Derivations on<mml:math xmlns:mml=\"http://www.w3.org/1998/Math/MathML\"><mml:mrow><mml:msup><mml:mi>C</mml:mi><mml:mo>∗</mml:mo></mml:msup></mml:mrow></mml:math>-Algebras";
        assert_eq!(inline(title), "Jordan∗-Derivations onC\\*-Algebras");
        let spaced = "More on <math xmlns=\"http://www.w3.org/1998/Math/MathML\" id=\"M1\">\n  <mi mathvariant=\"script\">D</mi>\n  <mi>α</mi>\n</math>-Closed Sets";
        assert_eq!(inline(spaced), "More on Dα-Closed Sets");
        assert_eq!(
            inline("<mml:math><mml:msub><mml:mi>x</mml:mi><mml:mi>ij</mml:mi></mml:msub></mml:math> broken <math><mi>y"),
            "xᵢⱼ broken y"
        );
    }

    #[test]
    fn markup_escaped_twice_and_control_characters_are_undone() {
        assert_eq!(
            inline("the δ&amp;lt;sup&amp;gt;13&amp;lt;/sup&amp;gt;C decline"),
            "the δ¹³C decline"
        );
        assert_eq!(inline("a &lt;b&gt; c"), "a \\<b\\> c");
        assert_eq!(cleaned("\u{98}The \u{9c}Journal\u{7}"), "The Journal ");
    }

    #[test]
    fn markdown_characters_print_as_written() {
        assert_eq!(inline("The k_NN *fast* path"), "The k\\_NN \\*fast\\* path");
        assert_eq!(inline("A &amp; B &lt;3"), "A & B \\<3");
    }
}
