//! Inline markdown as Typst: the tree the profile format reads from a text field
//! ([`crate::profile::markup::inline`]) written as Typst calls on escaped string literals, so
//! user text is data, never markup.

pub use crate::profile::markup::escape;
pub use crate::profile::markup::inline::{parse, plain_text, Node};

use super::value::{string_literal, Content};

/// The Typst content for `nodes`: a content block of escaped literals and `strong`, `emph`,
/// `link` and `parbreak` calls.
pub fn to_content(nodes: &[Node]) -> Content {
    let mut out = String::from("[");
    write_nodes(nodes, &mut out);
    out.push(']');
    Content(out)
}

/// The Typst content of a formatted reference ([`crate::cite`]): each run an escaped literal
/// inside the calls its look and link ask for.
pub fn runs_content(runs: &[crate::cite::Run]) -> Content {
    let mut out = String::from("[");
    for run in runs {
        let mut calls: Vec<String> = Vec::new();
        if let Some(url) = &run.link {
            calls.push(format!("link({})", string_literal(url)));
        }
        let look = run.look;
        let wanted = [
            (look.bold, "strong"),
            (look.italic, "emph"),
            (look.small_caps, "smallcaps"),
            (look.underline, "underline"),
            (look.shift > 0, "super"),
            (look.shift < 0, "sub"),
        ];
        calls.extend(
            wanted
                .iter()
                .filter(|(on, _)| *on)
                .map(|(_, f)| f.to_string()),
        );
        for call in &calls {
            out.push('#');
            out.push_str(call);
            out.push('[');
        }
        out.push('#');
        out.push_str(&string_literal(&run.text));
        out.push_str(&"]".repeat(calls.len()));
    }
    out.push(']');
    Content(out)
}

fn write_nodes(nodes: &[Node], out: &mut String) {
    for node in nodes {
        match node {
            Node::Text(t) => {
                out.push('#');
                out.push_str(&string_literal(t));
            }
            Node::Strong(children) => {
                out.push_str("#strong[");
                write_nodes(children, out);
                out.push(']');
            }
            Node::Emph(children) => {
                out.push_str("#emph[");
                write_nodes(children, out);
                out.push(']');
            }
            Node::Link(url, children) => {
                out.push_str("#link(");
                out.push_str(&string_literal(url));
                out.push_str(")[");
                write_nodes(children, out);
                out.push(']');
            }
            Node::Code(code) => {
                out.push_str("#raw(");
                out.push_str(&string_literal(code));
                out.push(')');
            }
            Node::ParBreak => out.push_str("#parbreak()"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn typst(s: &str) -> String {
        to_content(&parse(s)).0
    }

    #[test]
    fn renders_the_supported_subset() {
        assert_eq!(typst("a **b** c"), r##"[#"a "#strong[#"b"]#" c"]"##);
        assert_eq!(
            typst("*it* and _it_"),
            r##"[#emph[#"it"]#" and "#emph[#"it"]]"##
        );
        assert_eq!(
            typst("see [the *site*](https://x.org/a_b) now"),
            r##"[#"see "#link("https://x.org/a_b")[#"the "#emph[#"site"]]#" now"]"##
        );
        assert_eq!(typst("***both***"), r##"[#emph[#strong[#"both"]]]"##);
    }

    #[test]
    fn unsafe_links_stay_text() {
        assert!(typst("[x](javascript:alert(1))").starts_with("[#\"[x]"));
    }
}
