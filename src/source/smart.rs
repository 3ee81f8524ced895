//! Smart punctuation: what a typesetter does to typed text before it is set. Profile text
//! reaches Typst as string literals, which Typst prints exactly as written (its own smart
//! quotes work only in markup), so cvpdf does it here, in one place, for every text field:
//!
//! - `'` → ’ (an apostrophe: `students'`, `OSDI'24`, `'90s`), or the language's single quotes
//!   around a quoted word;
//! - `"…"` → the language's double quotes (“…” in English, „…“ in German, « … » in French);
//! - `--` → – (en dash), `---` → — (em dash), `...` → … (ellipsis).
//!
//! Never inside a web or e-mail address, a DOI, a code span (`` `…` ``) or a token that looks
//! like code (`--flag`, `a_b`, `x=y`, `{…}`, `<…>`, `\cmd`): those keep every character.
//! Nothing else changes; the substitutions above are the only ones.

use std::ops::Range;

use super::inline::Node;

/// A language's quotation marks: opening and closing, double and single.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Quotes {
    double: [&'static str; 2],
    single: [&'static str; 2],
}

impl Quotes {
    /// The quotes of `lang`, from the `quotes` entry of `templates/i18n.yaml` (English
    /// quotes for a language without one).
    pub fn of(lang: &str) -> Quotes {
        match crate::template::quotes_of(lang) {
            Some([o2, c2, o1, c1]) => Quotes {
                double: [o2, c2],
                single: [o1, c1],
            },
            None => Quotes {
                double: ["“", "”"],
                single: ["‘", "’"],
            },
        }
    }
}

/// The apostrophe, the same in every language.
const APOSTROPHE: &str = "’";

/// `text` with smart punctuation.
pub fn smarten(text: &str, quotes: &Quotes) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    let mut at = 0;
    for (range, with) in edits(text, quotes) {
        out.push_str(&text[at..range.start]);
        out.push_str(with);
        at = range.end;
    }
    out.push_str(&text[at..]);
    out
}

/// Smart punctuation for formatted text: the text of all nodes is read as one (a quote
/// opened before `**bold**` closes after it), and each substitution lands in the node where
/// its characters start. The result reads exactly as [`smarten`] of the plain text.
pub fn smarten_nodes(nodes: &mut [Node], quotes: &Quotes) {
    let mut flat = String::new();
    flatten(nodes, &mut flat);
    let edits = edits(&flat, quotes);
    if edits.is_empty() {
        return;
    }
    let mut walk = Walk {
        edits: &edits,
        next: 0,
        offset: 0,
        skip_to: 0,
    };
    walk.nodes(nodes);
}

/// The plain text of `nodes` as [`super::inline::plain_text`] gives it.
fn flatten(nodes: &[Node], out: &mut String) {
    for node in nodes {
        match node {
            Node::Text(t) => out.push_str(t),
            // Code is never rewritten: letters of its length stand in for it, which no edit
            // touches, so the offsets of the text after it stay right.
            Node::Code(t) => out.extend(std::iter::repeat_n('x', t.len())),
            Node::Strong(c) | Node::Emph(c) | Node::Link(_, c) => flatten(c, out),
            Node::ParBreak => out.push('\n'),
        }
    }
}

/// Rewrites the text nodes in order, applying edits given in offsets of the flat text.
struct Walk<'a> {
    edits: &'a [(Range<usize>, &'a str)],
    next: usize,
    /// Offset in the flat text of the node being rewritten.
    offset: usize,
    /// Flat offset up to which characters were consumed by an edit that began earlier.
    skip_to: usize,
}

impl Walk<'_> {
    fn nodes(&mut self, nodes: &mut [Node]) {
        for node in nodes {
            match node {
                Node::Text(t) => {
                    let start = self.offset;
                    self.offset += t.len();
                    *t = self.rewrite(t, start);
                }
                Node::Code(t) => self.offset += t.len(),
                Node::Strong(c) | Node::Emph(c) | Node::Link(_, c) => self.nodes(c),
                Node::ParBreak => self.offset += 1,
            }
        }
    }

    fn rewrite(&mut self, text: &str, start: usize) -> String {
        let end = start + text.len();
        let mut out = String::with_capacity(text.len());
        let mut at = start.max(self.skip_to).min(end);
        while let Some((range, with)) = self.edits.get(self.next) {
            if range.start >= end {
                break;
            }
            out.push_str(&text[at - start..range.start.max(at) - start]);
            out.push_str(with);
            at = range.end.min(end);
            self.skip_to = range.end;
            self.next += 1;
        }
        out.push_str(&text[at - start..]);
        out
    }
}

/// The substitutions for `text`, in order, as (byte range, replacement).
fn edits<'q>(text: &str, quotes: &'q Quotes) -> Vec<(Range<usize>, &'q str)> {
    // Most texts (names, titles, places) hold nothing to rewrite: a scan for what could be
    // rewritten spares them finding the protected tokens, which costs many times more.
    if !text.contains(['\'', '"']) && !text.contains("--") && !text.contains("...") {
        return Vec::new();
    }
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let kept = protected(text, &chars);
    let byte = |i: usize| chars.get(i).map_or(text.len(), |&(b, _)| b);
    let mut out = Vec::new();
    let (mut open_double, mut open_single) = (0usize, 0usize);
    // The index of the last quote that was made an opening one.
    let mut opened_at = None;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i].1;
        if kept[i] {
            i += 1;
            continue;
        }
        let same = |n: usize, want: char| {
            (1..n).all(|k| i + k < chars.len() && !kept[i + k] && chars[i + k].1 == want)
        };
        let prev = i.checked_sub(1).map(|p| chars[p].1);
        let next = chars.get(i + 1).map(|&(_, c)| c);
        // Where a quote opens: at the start, after a space, an opening bracket or quote, a dash.
        let opens = match prev {
            None => true,
            Some(p) => {
                p.is_whitespace()
                    || "([{“‘«„‚‹—–-/".contains(p)
                    || (matches!(p, '"' | '\'') && opened_at == Some(i - 1))
            }
        };
        let followed = next.is_some_and(|n| !n.is_whitespace());
        let (len, with): (usize, &str) = match c {
            '-' if same(3, '-') => (3, "—"),
            '-' if same(2, '-') => (2, "–"),
            '.' if same(3, '.') => (3, "…"),
            '\'' => {
                let word_before = prev.is_some_and(char::is_alphanumeric);
                let word_after = next.is_some_and(char::is_alphanumeric);
                // Inside a word (don't, OSDI'24) or eliding a year's digits ('90s).
                let elision = opens && next.is_some_and(|n| n.is_ascii_digit());
                if (word_before && word_after) || elision {
                    (1, APOSTROPHE)
                } else if opens && followed {
                    open_single += 1;
                    opened_at = Some(i);
                    (1, quotes.single[0])
                } else if open_single > 0 && !opens {
                    open_single -= 1;
                    (1, quotes.single[1])
                } else {
                    (1, APOSTROPHE)
                }
            }
            '"' => {
                if opens && followed {
                    open_double += 1;
                    opened_at = Some(i);
                    (1, quotes.double[0])
                } else {
                    open_double = open_double.saturating_sub(1);
                    (1, quotes.double[1])
                }
            }
            _ => {
                i += 1;
                continue;
            }
        };
        out.push((byte(i)..byte(i + len), with));
        i += len;
    }
    out
}

/// Which characters keep their form: code spans and tokens that are addresses or code.
fn protected(text: &str, chars: &[(usize, char)]) -> Vec<bool> {
    let mut kept = vec![false; chars.len()];
    // Code spans: from a backtick to the next one.
    let ticks: Vec<usize> = (0..chars.len()).filter(|&i| chars[i].1 == '`').collect();
    for pair in ticks.chunks_exact(2) {
        kept[pair[0]..=pair[1]].iter_mut().for_each(|k| *k = true);
    }
    // Tokens between white space.
    let mut i = 0;
    while i < chars.len() {
        if chars[i].1.is_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        while i < chars.len() && !chars[i].1.is_whitespace() {
            i += 1;
        }
        let from = chars[start].0;
        let to = chars.get(i).map_or(text.len(), |&(b, _)| b);
        if is_address_or_code(&text[from..to]) {
            kept[start..i].iter_mut().for_each(|k| *k = true);
        }
    }
    kept
}

/// Whether a token (text between spaces) is a web or e-mail address, a DOI or looks like
/// code, and so must keep every character as typed.
fn is_address_or_code(token: &str) -> bool {
    let word = token.trim_matches(|c: char| "\"'()[]<>.,;:!?“”‘’«»„".contains(c));
    let lower = word.to_ascii_lowercase();
    let address = lower.contains("://")
        || ["www.", "mailto:", "doi:", "arxiv:", "tel:"]
            .iter()
            .any(|p| lower.starts_with(p))
        || is_doi(&lower)
        || word
            .split_once('@')
            .is_some_and(|(user, host)| !user.is_empty() && host.contains('.'));
    let code = token.contains(['`', '\\', '{', '}', '<', '>', '=', '|', '$', '_'])
        || token.contains("::")
        || token
            .strip_prefix("--")
            .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_alphabetic()));
    address || code
}

/// `10.<digits>/…`, the shape of every DOI.
fn is_doi(word: &str) -> bool {
    word.strip_prefix("10.")
        .and_then(|rest| rest.split_once('/'))
        .is_some_and(|(registrant, _)| {
            registrant.len() >= 4 && registrant.chars().all(|c| c.is_ascii_digit() || c == '.')
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::inline::{parse, plain_text};

    fn en(s: &str) -> String {
        smarten(s, &Quotes::of("en"))
    }

    #[test]
    fn text_without_quotes_double_hyphens_or_three_dots_is_left_alone() {
        for s in [
            "Ph.D. in C.S.",
            "2019-2023",
            "a - b",
            "e.g.. etc",
            "https://x.org/a-b",
        ] {
            assert!(edits(s, &Quotes::of("en")).is_empty(), "{s}");
        }
        // One of them makes the text a candidate again.
        assert_eq!(en("2019--2023"), "2019–2023");
        assert_eq!(en("wait..."), "wait…");
    }

    #[test]
    fn apostrophes_quotes_and_dashes_in_english() {
        assert_eq!(en("students' work"), "students’ work");
        assert_eq!(en("OSDI'24, NSDI'23"), "OSDI’24, NSDI’23");
        assert_eq!(en("don't, O'Brien, the '90s"), "don’t, O’Brien, the ’90s");
        assert_eq!(en("\"Best Paper\" award"), "“Best Paper” award");
        assert_eq!(en("the 'fast' path"), "the ‘fast’ path");
        assert_eq!(en("\"a 'b' c\" and ('d')"), "“a ‘b’ c” and (‘d’)");
        assert_eq!(
            en("2019--2020, a --- b, wait..."),
            "2019–2020, a — b, wait…"
        );
        assert_eq!(en("'"), "’");
        assert_eq!(en("\""), "”");
    }

    #[test]
    fn each_language_has_its_quotes() {
        let s = "\"Beste\" Arbeit";
        assert_eq!(smarten(s, &Quotes::of("de")), "„Beste“ Arbeit");
        assert_eq!(
            smarten("\"prix\" l'article", &Quotes::of("fr")),
            "«\u{202f}prix\u{202f}» l’article"
        );
        assert_eq!(smarten("\"最佳\"", &Quotes::of("zh")), "“最佳”");
        assert_eq!(smarten("\"x\"", &Quotes::of("ja")), "“x”");
        assert_eq!(smarten("\"x\"", &Quotes::of("ru")), "«x»");
    }

    #[test]
    fn addresses_and_code_keep_every_character() {
        for kept in [
            "https://example.org/a--b's...c",
            "www.x.org/'q'",
            "zili@pku.edu.cn",
            "10.1145/3600006.3613160",
            "doi:10.1/a--b",
            "`--strict 'x'`",
            "--strict",
            "snake_case's",
            "x=\"1\"",
        ] {
            assert_eq!(en(kept), kept);
        }
        assert_eq!(
            en("see https://a.org/x--y and don't"),
            "see https://a.org/x--y and don’t"
        );
        assert_eq!(en("run `a --b` -- it's fast"), "run `a --b` – it’s fast");
    }

    #[test]
    fn formatted_text_reads_as_its_plain_text() {
        for s in [
            "\"**Best** Paper\" at OSDI'24",
            "*\"quoted*\" and --- [OSDI'24](https://x.org/'a') ...",
            "a-**-**-b and .*.*. and '**x**'",
            "\"a\n\nb\" c",
        ] {
            let mut nodes = parse(s);
            let want = en(&plain_text(&nodes));
            smarten_nodes(&mut nodes, &Quotes::of("en"));
            assert_eq!(plain_text(&nodes), want, "{s:?}");
        }
        let mut nodes = parse("\"**Best** Paper\" [OSDI'24](https://x.org/a--b)");
        smarten_nodes(&mut nodes, &Quotes::of("en"));
        assert_eq!(
            nodes,
            vec![
                Node::Text("“".into()),
                Node::Strong(vec![Node::Text("Best".into())]),
                Node::Text(" Paper” ".into()),
                Node::Link(
                    "https://x.org/a--b".into(),
                    vec![Node::Text("OSDI’24".into())]
                ),
            ]
        );
    }
}
