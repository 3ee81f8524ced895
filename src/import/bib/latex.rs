//! A BibTeX field's chunks as text. The biblatex crate already resolves accents (`{\"o}`,
//! `\v{s}`), `--`/`---` and the `\text…` symbols, and hands over math (`$…$`) and commands it
//! does not know as they were written; the conversion layer's TeX reader does the rest, and
//! its control-character rule takes out what a terminal left (`ESC[31m`).

use biblatex::{Chunk, Spanned};

use crate::import::convert::controls::without_controls;
use crate::import::convert::tex::{self, Dropped};

/// The text of a field's chunks, whitespace collapsed. Runs of text chunks are read as one
/// text, so that LaTeX the crate took apart (Zotero writes `$\mathrm{AC}$` as
/// `{\textdollar}{\textbackslash}mathrm\{AC\}{\textdollar}`) is read whole.
pub fn text(chunks: &[Spanned<Chunk>], dropped: &mut Dropped) -> String {
    let mut out = String::new();
    let mut run = String::new();
    for chunk in chunks {
        match &chunk.v {
            Chunk::Normal(s) | Chunk::Verbatim(s) => run.push_str(s),
            Chunk::Math(s) => {
                out.push_str(&tex::text_with_dollars(&std::mem::take(&mut run), dropped));
                out.push_str(&tex::math(s, dropped));
            }
        }
    }
    out.push_str(&tex::text_with_dollars(&run, dropped));
    let text = super::literal::restored(&without_html(&out));
    without_controls(&text)
        .as_deref()
        .unwrap_or(&text)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// HTML that exports leave in BibTeX (`&amp;`, `CO<sub>2</sub>`, `<i>E. coli</i>`): its text.
pub fn without_html(text: &str) -> String {
    if crate::profile::html::holds_html(text) {
        crate::profile::html::entities(&crate::profile::html::without_tags(text))
    } else if text.contains('&') {
        crate::profile::html::entities(text)
    } else {
        text.to_string()
    }
}

/// A URL or identifier field: only the backslashes before specials go (`\_` → `_`).
pub fn verbatim(chunks: &[Spanned<Chunk>]) -> String {
    let raw: String = chunks
        .iter()
        .map(|c| match &c.v {
            Chunk::Normal(s) | Chunk::Verbatim(s) => s.as_str(),
            Chunk::Math(s) => s.as_str(),
        })
        .collect();
    let raw = super::literal::restored(&raw);
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' && chars.peek().is_some_and(|n| "_%&#~$".contains(*n)) {
            continue;
        }
        if !c.is_whitespace() {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn field(value: &str) -> String {
        let bib = format!("@misc{{k, title = {{{value}}}}}");
        let parsed = biblatex::Bibliography::parse(&bib).unwrap();
        text(
            parsed.get("k").unwrap().get("title").unwrap(),
            &mut Dropped::new(),
        )
    }

    #[test]
    fn latex_becomes_text() {
        assert_eq!(field(r#"Ko{\v{s}}ice and G{\"o}del"#), "Košice and Gödel");
        assert_eq!(
            field(r"R\&D -- 2000--2010 --- done"),
            "R&D – 2000–2010 — done"
        );
        assert_eq!(
            field(r"The {NASA} way~to \emph{fly}"),
            "The NASA way to fly"
        );
        assert_eq!(
            field(r"$\delta$-Tuning for 14$^{th}$ time"),
            "δ-Tuning for 14th time"
        );
        assert_eq!(
            field(r"\href{https://x.org}{Our Site} 100\% sure"),
            "Our Site 100% sure"
        );
        assert_eq!(
            field(r"\textbf{\textit{Deep}} $O(n \log n)$"),
            "Deep O(n log n)"
        );
        assert_eq!(
            field(r"CO<sub>2</sub> \&amp; <i>E. coli</i> &nbsp;x"),
            "CO2 & E. coli x"
        );
        // DBLP's math in titles.
        assert_eq!(
            field(r"Lower Bounds for {$\mathrm{AC}^0[\oplus]$} and {$\textsf{NC}^1$}"),
            "Lower Bounds for AC⁰[⊕] and NC¹"
        );
    }
}
