//! The unit tests of `import/convert/tex.rs`.

use super::*;

fn t(latex: &str) -> String {
    text(latex, &mut Dropped::new())
}

#[test]
fn math_becomes_unicode() {
    assert_eq!(t(r"$\mathrm{AC}^0[\oplus]$ circuits"), "AC⁰[⊕] circuits");
    assert_eq!(t(r"$\textsf{NC}^1$"), "NC¹");
    assert_eq!(t(r"$x_i \leq 2^{n+k}$"), "xᵢ ≤ 2ⁿ⁺ᵏ");
    assert_eq!(t(r"$2^{n+q}$"), "2^(n+q)");
    assert_eq!(t(r"14$^{th}$ time"), "14th time");
    assert_eq!(t(r"$\left\{ \frac{1}{2} \right\}$"), "{ 1/2 }");
    assert_eq!(t(r"$\mathbb{R}^n$ and $O(n \log n)$"), "ℝⁿ and O(n log n)");
    assert_eq!(t(r"$$\text{a b}$$ c"), "a b c");
    assert_eq!(t(r"AC\({}^{\mbox{0}}\)[{\(\oplus\)}]"), "AC⁰[⊕]");
}

#[test]
fn unknown_commands_are_dropped_and_named() {
    let mut dropped = Dropped::new();
    assert_eq!(
        text(r"\foo{Kept} and \bar text $\baz x$", &mut dropped),
        "Kept and text x"
    );
    assert_eq!(
        dropped.into_iter().collect::<Vec<_>>(),
        ["\\bar", "\\baz", "\\foo"]
    );
}

#[test]
fn markdown_keeps_dollars_that_are_not_math() {
    let mut dropped = Dropped::new();
    assert_eq!(
        math_in_markdown(r"won $5 or $6; proved $\alpha^2$", &mut dropped),
        "won $5 or $6; proved α²"
    );
    assert_eq!(math_in_markdown("a $$x_1$$ b", &mut dropped), "a x₁ b");
}

#[test]
fn dblp_math_between_parentheses_is_math() {
    let mut dropped = Dropped::new();
    assert_eq!(text("H\\({}_{\\mbox{2}}\\)O", &mut dropped), "H₂O");
    assert_eq!(
        text_with_dollars("H\\({}_{\\mbox{2}}\\)O", &mut dropped),
        "H₂O"
    );
}
