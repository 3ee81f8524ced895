//! LaTeX in BibTeX fields turned into the text a reader sees. The biblatex crate already
//! resolves accents (`{\"o}`, `\v{s}`), `--`/`---` and the `\text…` symbols, and hands over
//! math (`$…$`) and commands it does not know as they were written; here the rest is done:
//! formatting commands keep their argument (`\emph{x}` → `x`), `\href{u}{t}` keeps its text,
//! simple math becomes text (`$\delta$` → `δ`, `14$^{th}$` → `14th`), escaped specials lose
//! their backslash, `~` is a space.

use biblatex::{Chunk, Spanned};

/// The text of a field's chunks.
pub fn text(chunks: &[Spanned<Chunk>]) -> String {
    let mut out = String::new();
    for chunk in chunks {
        match &chunk.v {
            Chunk::Normal(s) | Chunk::Verbatim(s) => out.push_str(&commands(s)),
            Chunk::Math(s) => out.push_str(&math(s)),
        }
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Text with LaTeX left in it (a name part as the crate splits names): `$…$` as math, the
/// rest as text.
pub fn inline(text: &str) -> String {
    let mut out = String::new();
    for (i, part) in text.split('$').enumerate() {
        // Odd parts are inside `$…$` (an unpaired `$` leaves its rest as math, harmlessly).
        if i % 2 == 1 {
            out.push_str(&math(part));
        } else {
            out.push_str(&commands(part));
        }
    }
    out
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

/// Commands the crate left in text: formatting ones keep their last argument, others
/// without an argument go, escaped specials keep the special.
fn commands(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(['\\', '~', '{', '}']) {
        out.push_str(&rest[..at]);
        let tail = &rest[at..];
        let c = tail.as_bytes()[0];
        match c {
            b'~' => {
                out.push(' ');
                rest = &tail[1..];
            }
            b'{' | b'}' => rest = &tail[1..],
            _ => {
                let after = &tail[1..];
                let name_len = after
                    .find(|c: char| !c.is_ascii_alphabetic())
                    .unwrap_or(after.len());
                if name_len == 0 {
                    // `\&`, `\%`, `\_`, `\ `, `\\`: the character itself (a line break is a
                    // space).
                    match after.chars().next() {
                        Some('\\') => out.push(' '),
                        Some(other) => out.push(other),
                        None => {}
                    }
                    rest = after
                        .get(after.chars().next().map_or(0, char::len_utf8)..)
                        .unwrap_or("");
                    continue;
                }
                let name = &after[..name_len];
                let mut tail = &after[name_len..];
                // The command's braced arguments; the last one is the text shown (`\href`'s
                // second, `\textcolor`'s second, `\emph`'s only one).
                let mut arguments = Vec::new();
                while let Some(inner) = tail.strip_prefix('{') {
                    let Some(end) = matching_brace(inner) else {
                        break;
                    };
                    arguments.push(&inner[..end]);
                    tail = &inner[end + 1..];
                }
                if name == "href" && arguments.len() == 1 {
                    // The crate reads `\href`'s first argument only: the text shown follows
                    // as the next chunk.
                } else if let Some(symbol) = symbol(name) {
                    out.push_str(symbol);
                    out.push_str(&arguments.iter().map(|a| commands(a)).collect::<String>());
                } else if let Some(last) = arguments.last() {
                    out.push_str(&commands(last));
                } else if tail.starts_with(' ') && !out.ends_with(' ') {
                    tail = &tail[1..];
                }
                rest = tail;
            }
        }
    }
    out.push_str(rest);
    out
}

/// The byte index of the `}` that closes the text (which starts after a `{`).
fn matching_brace(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    let mut escaped = false;
    for (i, c) in text.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' => escaped = true,
            '{' => depth += 1,
            '}' if depth == 0 => return Some(i),
            '}' => depth -= 1,
            _ => {}
        }
    }
    None
}

/// Simple math as text: letters and symbols by name, super- and subscripts as plain text.
fn math(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        match c {
            '\\' => {
                let after = &rest[1..];
                let name_len = after
                    .find(|c: char| !c.is_ascii_alphabetic())
                    .unwrap_or(after.len());
                if name_len == 0 {
                    let next = after.chars().next();
                    if let Some(next) = next {
                        if !next.is_whitespace() {
                            out.push(next);
                        }
                    }
                    rest = &after[next.map_or(0, char::len_utf8)..];
                    continue;
                }
                let name = &after[..name_len];
                out.push_str(symbol(name).unwrap_or(""));
                rest = &after[name_len..];
            }
            '^' | '_' | '{' | '}' => rest = &rest[1..],
            // Spaces are kept: `$n \log n$` reads as `n log n`.
            ' ' => {
                out.push(' ');
                rest = &rest[1..];
            }
            _ => {
                out.push(c);
                rest = &rest[c.len_utf8()..];
            }
        }
    }
    out
}

/// What a command without text of its own prints, if it prints something.
fn symbol(name: &str) -> Option<&'static str> {
    Some(match name {
        "alpha" => "α",
        "beta" => "β",
        "gamma" => "γ",
        "Gamma" => "Γ",
        "delta" => "δ",
        "Delta" => "Δ",
        "epsilon" | "varepsilon" => "ε",
        "zeta" => "ζ",
        "eta" => "η",
        "theta" | "vartheta" => "θ",
        "Theta" => "Θ",
        "iota" => "ι",
        "kappa" => "κ",
        "lambda" => "λ",
        "Lambda" => "Λ",
        "mu" => "μ",
        "nu" => "ν",
        "xi" => "ξ",
        "Xi" => "Ξ",
        "pi" => "π",
        "Pi" => "Π",
        "rho" => "ρ",
        "sigma" => "σ",
        "Sigma" => "Σ",
        "tau" => "τ",
        "upsilon" => "υ",
        "phi" | "varphi" => "φ",
        "Phi" => "Φ",
        "chi" => "χ",
        "psi" => "ψ",
        "Psi" => "Ψ",
        "omega" => "ω",
        "Omega" => "Ω",
        "times" => "×",
        "cdot" => "·",
        "pm" => "±",
        "leq" | "le" => "≤",
        "geq" | "ge" => "≥",
        "neq" | "ne" => "≠",
        "approx" => "≈",
        "sim" => "~",
        "backslash" => "\\",
        "infty" => "∞",
        "to" | "rightarrow" => "→",
        "leftarrow" => "←",
        "Rightarrow" => "⇒",
        "ast" => "*",
        "star" => "⋆",
        "dagger" | "dag" => "†",
        "ddagger" => "‡",
        "circ" => "°",
        "degree" => "°",
        "sqrt" => "√",
        "sum" => "∑",
        "prod" => "∏",
        "partial" => "∂",
        "nabla" => "∇",
        "in" => "∈",
        "ell" => "ℓ",
        "log" => "log",
        "ldots" | "cdots" | "dots" => "…",
        "textregistered" => "®",
        "texttrademark" | "trademark" => "™",
        "copyright" => "©",
        "textdagger" => "†",
        "textasteriskcentered" => "*",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn field(value: &str) -> String {
        let bib = format!("@misc{{k, title = {{{value}}}}}");
        let parsed = biblatex::Bibliography::parse(&bib).unwrap();
        text(parsed.get("k").unwrap().get("title").unwrap())
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
    }
}
