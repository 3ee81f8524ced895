//! Which CVs of each profile to render: the full one, the lab's `default_variants`, the
//! ones `--variant` names, or all, checked against what the labs and the profiles define.

use std::path::{Path, PathBuf};

use crate::diag::unknown;
use crate::style::{variant, StyleCache};

/// Which CVs of each profile to render (`--variant`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum VariantChoice {
    /// The full CV and the lab's `default_variants`.
    #[default]
    Default,
    /// These (`full` is the full CV).
    Named(Vec<String>),
    /// The full CV and every variant the lab or the profile defines.
    All,
}

impl VariantChoice {
    /// From `--variant` values: none → [`VariantChoice::Default`], `all` anywhere →
    /// [`VariantChoice::All`].
    pub fn from_flags(names: Vec<String>) -> Self {
        if names.is_empty() {
            VariantChoice::Default
        } else if names.iter().any(|n| n == variant::ALL) {
            VariantChoice::All
        } else {
            VariantChoice::Named(names)
        }
    }
}

/// A profile and the variants it is rendered in (none: the full CV).
pub type Planned = (PathBuf, Vec<Option<String>>);

/// The variants each profile is rendered in (none: the full CV), as `choice` asks: checked
/// against what the labs and the profiles define, so that a misspelt name is a usage error
/// with a suggestion, not a run that renders nothing.
pub fn plan_variants(
    inputs: &[PathBuf],
    choice: &VariantChoice,
    styles: &StyleCache,
) -> Result<Vec<Planned>, crate::diag::Problem> {
    // The lab's variants of each input (a configuration with errors defines none here; its
    // jobs report it).
    let mut broken_lab = false;
    let labs: Vec<(Vec<String>, Vec<String>)> = inputs
        .iter()
        .map(
            |input| match styles.peek_lab(&crate::output::parent_dir(input)) {
                Some(lab) => (
                    lab.config.variants.keys().cloned().collect(),
                    lab.config.default_variants.clone(),
                ),
                None => {
                    broken_lab = true;
                    (Vec::new(), Vec::new())
                }
            },
        )
        .collect();
    let own = |input: &Path| crate::profile::variant_names(input);
    let mut planned = Vec::with_capacity(inputs.len());
    match choice {
        VariantChoice::Default => {
            for (input, (_, defaults)) in inputs.iter().zip(&labs) {
                let mut variants = vec![None];
                variants.extend(defaults.iter().cloned().map(Some));
                planned.push((input.clone(), variants));
            }
        }
        VariantChoice::All => {
            for (input, (lab, _)) in inputs.iter().zip(&labs) {
                planned.push((input.clone(), variant::every_cv(lab.clone(), own(input))));
            }
        }
        VariantChoice::Named(wanted) => {
            let owns: Vec<Vec<String>> = inputs.iter().map(|i| own(i)).collect();
            for name in wanted {
                let known = name == variant::FULL
                    || labs.iter().any(|(lab, _)| lab.contains(name))
                    || owns.iter().any(|o| o.contains(name));
                if !known && !broken_lab {
                    let mut all: Vec<&str> = labs
                        .iter()
                        .flat_map(|(lab, _)| lab.iter())
                        .chain(owns.iter().flatten())
                        .map(String::as_str)
                        .chain([variant::FULL, variant::ALL])
                        .collect();
                    all.sort();
                    all.dedup();
                    let mut problem = unknown("variant", name, all.iter().copied(), || {
                        format!("the variants are: {}", all.join(", "))
                    });
                    // One line for the usage error: the flag, what is wrong, the suggestion.
                    problem.message = match problem.help.take() {
                        Some(help) => format!("--variant: {}; {help}", problem.message),
                        None => format!("--variant: {}", problem.message),
                    };
                    return Err(problem.at_field("--variant"));
                }
            }
            for (i, input) in inputs.iter().enumerate() {
                let mut variants = Vec::new();
                for name in wanted {
                    let variant = (name != variant::FULL).then(|| name.clone());
                    let defined = match &variant {
                        None => true,
                        Some(n) => broken_lab || labs[i].0.contains(n) || owns[i].contains(n),
                    };
                    if defined && !variants.contains(&variant) {
                        variants.push(variant);
                    }
                }
                planned.push((input.clone(), variants));
            }
        }
    }
    Ok(planned)
}

/// For `--variant NAME…`, a warning for each name some profiles do not define, naming
/// them: they get no such CV, which the user should not have to notice by its absence.
pub fn undefined_variants(
    planned: &[Planned],
    choice: &VariantChoice,
) -> Vec<crate::diag::Diagnostic> {
    const NAMED: usize = 10;
    let VariantChoice::Named(wanted) = choice else {
        return Vec::new();
    };
    let mut said = Vec::new();
    for name in wanted.iter().filter(|n| *n != variant::FULL) {
        let without: Vec<String> = planned
            .iter()
            .filter(|(_, variants)| !variants.iter().flatten().any(|v| v == name))
            .map(|(input, _)| input.display().to_string())
            .collect();
        if without.is_empty() {
            continue;
        }
        let more = without.len().saturating_sub(NAMED);
        let mut listed = without[..without.len().min(NAMED)].join(", ");
        if more > 0 {
            listed.push_str(&format!(" and {more} more"));
        }
        let (count, rest) = match without.len() {
            1 => (
                "1 profile".to_string(),
                "does not define it (nor does its lab), so it gets",
            ),
            n => (
                format!("{n} profiles"),
                "do not define it (nor do their labs), so they get",
            ),
        };
        said.push(crate::diag::Diagnostic::warning(format!(
            "--variant {name}: {count} {rest} no such CV: {listed}"
        )));
    }
    said
}
