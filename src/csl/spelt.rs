//! What a CSL style leaves to the processor's reading of the specification, spelt out in the
//! style itself so that hayagriva 0.10 reads it as citeproc-js does. Each of these cost whole
//! styles their authors, editors or words:
//! - a `cs:names` without a `cs:name` child prints the names with the inherited options; in
//!   hayagriva it counts as empty (no authors at all in `vancouver`, no editors of a chapter's
//!   book in `american-medical-association`) — it gets an explicit empty `cs:name`;
//! - a `cs:names` inside `cs:substitute` without children of its own takes the `cs:name`,
//!   `cs:et-al` and `cs:label` of the `cs:names` it stands in for; hayagriva does so only for a
//!   direct child of `cs:substitute`, not for one inside a `cs:choose` (Chicago's editors of an
//!   edited volume lost their name form and "eds.") — each gets its parent's, at any depth;
//! - a `cs:group` is left out when it calls variables and all are empty (CSL 1.0.2, "Group"),
//!   but hayagriva does not count a `cs:names` whose names are empty as such a variable (a group
//!   of the term "In" and the editors a proceedings does not have printed "In.": BMJ, PLOS,
//!   Elsevier's Vancouver, Cite Them Right, …) — beside each `cs:names` outside a substitute
//!   stands a `cs:text` of a variable no cvpdf item holds (`call-number`), which prints nothing
//!   and is the empty variable the group then sees;
//! - a `cs:label` of `page` with `plural="never"` or `"always"` is printed by hayagriva in the
//!   number the pages have (Vancouver's and CSE's "p. 12–21" came out "pp. 12–21") — it becomes
//!   the term it prints, in the style's number, printed when there are pages (what a label is).
//!
//! All are written out once, when a style is loaded. What the style prints under citeproc-js
//! does not change.

use hayagriva::citationberg::taxonomy::{NumberOrPageVariable, StandardVariable, Term, Variable};
use hayagriva::citationberg::{
    Choose, ChooseBranch, ChooseMatch, IndependentStyle, Label, LabelPluralize,
    LayoutRenderingElement as Element, LongShortForm, Name, Names, NamesChild, Text, TextTarget,
};

/// A standard variable no CSL item of cvpdf's holds (`crate::cite`'s items carry none), the
/// empty variable put beside a `cs:names`.
const NEVER_SET: StandardVariable = StandardVariable::CallNumber;

/// `csl` with what the module's documentation lists written out.
pub(super) fn spelt_out(mut csl: IndependentStyle) -> IndependentStyle {
    for shared in &mut csl.macros {
        elements(&mut shared.children, None);
    }
    elements(&mut csl.citation.layout.elements, None);
    if let Some(bibliography) = csl.bibliography.as_mut() {
        elements(&mut bibliography.layout.elements, None);
    }
    csl
}

/// Spells out the elements of `list`, which stand in for `substituted` when they are (at any
/// depth) inside its `cs:substitute`: names and page labels, and an empty variable beside each
/// names outside a substitute.
fn elements(list: &mut Vec<Element>, substituted: Option<&Names>) {
    for element in list.iter_mut() {
        match element {
            Element::Names(names) => spell_names(names, substituted),
            Element::Group(group) => elements(&mut group.children, substituted),
            Element::Choose(choose) => {
                elements(&mut choose.if_.children, substituted);
                for branch in &mut choose.else_if {
                    elements(&mut branch.children, substituted);
                }
                if let Some(otherwise) = choose.otherwise.as_mut() {
                    elements(&mut otherwise.children, substituted);
                }
            }
            Element::Label(label) => {
                if let Some(term) = page_term(label) {
                    *element = term;
                }
            }
            Element::Text(_) | Element::Date(_) | Element::Number(_) => {}
        }
    }
    if substituted.is_none() {
        let mut at = 0;
        while at < list.len() {
            let counted = matches!(&list[at], Element::Names(n) if n.substitute().is_none());
            at += 1;
            if counted {
                let empty = TextTarget::Variable {
                    var: Variable::Standard(NEVER_SET),
                    form: LongShortForm::Long,
                };
                list.insert(at, Element::Text(Text::with_target(empty)));
                at += 1;
            }
        }
    }
}

/// A label of pages in a number of its own, as the term it prints when there are pages.
fn page_term(label: &Label) -> Option<Element> {
    let NumberOrPageVariable::Page(pages) = label.variable else {
        return None;
    };
    let plural = match label.label.plural {
        LabelPluralize::Always => true,
        LabelPluralize::Never => false,
        LabelPluralize::Contextual => return None,
    };
    let form = &label.label;
    let term = Text {
        formatting: form.formatting,
        affixes: form.affixes.clone(),
        strip_periods: form.strip_periods,
        text_case: form.text_case,
        ..Text::with_target(TextTarget::Term {
            term: Term::from(pages),
            form: form.form,
            plural,
        })
    };
    Some(Element::Choose(Choose {
        if_: ChooseBranch {
            disambiguate: None,
            is_numeric: None,
            is_uncertain_date: None,
            locator: None,
            position: None,
            type_: None,
            variable: Some(vec![Variable::from(pages)]),
            match_: ChooseMatch::All,
            children: vec![Element::Text(term)],
        },
        else_if: Vec::new(),
        otherwise: None,
    }))
}

/// One `cs:names`: its parent's children if it is a shorthand in `substituted`'s substitute,
/// its `cs:name`, then its own substitute's elements.
fn spell_names(names: &mut Names, substituted: Option<&Names>) {
    if let Some(parent) = substituted {
        *names = parent.from_names_substitute(names);
    }
    if names.name().is_none() {
        // Before the label: a label CSL places by the name's position comes after the names
        // when there is no name, as citeproc-js prints it ("Keller M, Tanaka A, editors").
        names.children.insert(0, NamesChild::Name(Name::default()));
    }
    let parent = names.clone();
    for child in &mut names.children {
        if let NamesChild::Substitute(substitute) = child {
            elements(&mut substitute.children, Some(&parent));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hayagriva::citationberg::taxonomy::{NameVariable, PageVariable};
    use hayagriva::citationberg::{Style, TermForm};

    /// A style whose bibliography prints the author macro: `names` is the macro's body.
    fn style(names: &str) -> IndependentStyle {
        let xml = format!(
            r#"<style xmlns="http://purl.org/net/xbiblio/csl" version="1.0" class="in-text">
              <info><title>t</title><id>t</id><updated>2024-01-01T00:00:00+00:00</updated></info>
              <macro name="author">{names}</macro>
              <citation><layout><text macro="author"/></layout></citation>
              <bibliography><layout><text macro="author"/></layout></bibliography>
            </style>"#
        );
        match Style::from_xml(&xml).unwrap() {
            Style::Independent(csl) => csl,
            Style::Dependent(_) => unreachable!(),
        }
    }

    fn author_names(csl: &IndependentStyle) -> &Names {
        match &csl.macros[0].children[0] {
            Element::Names(names) => names,
            _ => unreachable!(),
        }
    }

    #[test]
    fn a_names_without_name_gets_one_before_its_label() {
        let csl = spelt_out(style(
            r#"<names variable="author"><label form="long" prefix=", "/></names>"#,
        ));
        let names = author_names(&csl);
        assert!(matches!(names.children[0], NamesChild::Name(_)));
        assert!(matches!(names.children[1], NamesChild::Label(_)));
    }

    #[test]
    fn a_shorthand_inside_choose_in_a_substitute_takes_its_parents_name_and_label() {
        let csl = spelt_out(style(
            r#"<names variable="composer">
                 <name name-as-sort-order="first" and="text"/>
                 <label form="short" prefix=", "/>
                 <substitute>
                   <names variable="author"/>
                   <choose><if type="book"><group><names variable="editor"/></group></if></choose>
                 </substitute>
               </names>"#,
        ));
        let names = author_names(&csl);
        let Some(substitute) = names.substitute() else {
            panic!("the substitute is kept")
        };
        let Element::Choose(choose) = &substitute.children[1] else {
            panic!("{:?}", substitute.children[1])
        };
        let Element::Group(group) = &choose.if_.children[0] else {
            panic!()
        };
        let Element::Names(editors) = &group.children[0] else {
            panic!()
        };
        assert_eq!(editors.variable, vec![NameVariable::Editor]);
        assert_eq!(editors.name(), names.name(), "the parent's name form");
        assert!(editors.label().is_some(), "the parent's label (\"eds.\")");
        assert!(editors.substitute().is_none());
    }

    #[test]
    fn a_page_label_of_a_fixed_number_is_its_term_when_there_are_pages() {
        let csl = spelt_out(style(
            r#"<group delimiter=" "><label variable="page" form="short" plural="never"/><text variable="page"/></group>"#,
        ));
        let Element::Group(group) = &csl.macros[0].children[0] else {
            panic!()
        };
        let Element::Choose(choose) = &group.children[0] else {
            panic!("{:?}", group.children[0])
        };
        assert_eq!(
            choose.if_.variable,
            Some(vec![Variable::Page(PageVariable::Page)])
        );
        let Element::Text(text) = &choose.if_.children[0] else {
            panic!()
        };
        assert!(matches!(
            text.target,
            TextTarget::Term {
                plural: false,
                form: TermForm::Short,
                ..
            }
        ));
        // A contextual label is hayagriva's to print.
        let csl = spelt_out(style(r#"<label variable="page" form="short"/>"#));
        assert!(matches!(csl.macros[0].children[0], Element::Label(_)));
    }

    #[test]
    fn an_empty_variable_stands_beside_names_outside_a_substitute() {
        let csl = spelt_out(style(
            r#"<group delimiter=" "><text term="in"/><names variable="editor"/></group>"#,
        ));
        let Element::Group(group) = &csl.macros[0].children[0] else {
            panic!()
        };
        assert_eq!(group.children.len(), 3, "{:?}", group.children);
        assert!(matches!(
            &group.children[2],
            Element::Text(Text {
                target: TextTarget::Variable {
                    var: Variable::Standard(NEVER_SET),
                    ..
                },
                ..
            })
        ));
        // Not inside a substitute, whose first element to print anything wins.
        let csl = spelt_out(style(
            r#"<names variable="author"><substitute><names variable="editor"/></substitute></names>"#,
        ));
        assert_eq!(
            csl.macros[0].children.len(),
            1,
            "{:?}",
            csl.macros[0].children
        );
        let substitute = author_names(&csl).substitute().unwrap();
        assert_eq!(substitute.children.len(), 1);
    }

    #[test]
    fn a_names_with_its_own_name_is_left_as_written() {
        let csl = style(r#"<names variable="author"><name form="short"/></names>"#);
        let before = author_names(&csl).clone();
        let csl = spelt_out(csl);
        assert_eq!(author_names(&csl), &before);
    }
}
