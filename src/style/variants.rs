//! The styles of a lab's variants: each resolved from the configuration's look with the
//! variant's keys on top (and a profile's own keys on top of the lab's), with problems named
//! where the keys are written (`variants.short.accent`); and `cvpdf.yaml` read into them all.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

use super::config::{resolve, LabConfig, CONFIG};
use super::{Content, Overrides, Style, Variant};
use crate::diag::{unknown, Problem, Report};
use crate::fonts::FontSet;
use crate::profile::section_keys;
use crate::yaml;

/// A lab's styles: the full CV's and each variant's, resolved once per run.
#[derive(Debug, Clone)]
pub struct LabStyles {
    /// The configuration as written (none without a file).
    pub config: LabConfig,
    /// The full CV's style.
    pub base: Arc<Style>,
    /// Each variant's style.
    pub variants: BTreeMap<String, Arc<Style>>,
}

impl LabStyles {
    /// The style of variant `name` with a profile's own keys `own` on top, or `None` when
    /// neither the lab nor the profile defines it. Problems name the profile's fields
    /// (`variants.short.accent`).
    pub fn variant(
        &self,
        name: &str,
        own: Option<&Variant>,
        overrides: &Overrides,
        fonts: &FontSet,
    ) -> Option<Result<Arc<Style>, Vec<Problem>>> {
        let lab = self.config.variants.get(name);
        match (lab, own) {
            (None, None) => None,
            (Some(_), None) => self.variants.get(name).cloned().map(Ok),
            (lab, Some(own)) => {
                let merged = lab.cloned().unwrap_or_default().overlaid(own);
                let path = self.base.config_path.as_deref();
                Some(
                    resolve_variant(&self.config, path, name, &merged, overrides, fonts)
                        .map(Arc::new)
                        .map_err(|problems| {
                            // Only the profile's own keys can be wrong here: the lab's were
                            // checked when its file was read.
                            problems
                                .into_iter()
                                .map(|p| rename_field(p, name, own))
                                .collect()
                        }),
                )
            }
        }
    }
}

/// The field of a problem about a variant's key, as written in the variant
/// (`variants.short.template`); other fields are left as they are.
pub(super) fn rename_field(problem: Problem, name: &str, variant: &Variant) -> Problem {
    let Some(field) = problem.field.clone() else {
        return problem;
    };
    let key = field.split(['.', '[']).next().unwrap_or_default();
    if variant.keys().contains(&key) {
        problem.at_field(format!("variants.{name}.{field}"))
    } else {
        problem
    }
}

/// Resolves the style of variant `name` (`variant` holds its keys): the configuration's look
/// with the variant's on top, then what it shows.
pub(super) fn resolve_variant(
    config: &LabConfig,
    path: Option<&Path>,
    name: &str,
    variant: &Variant,
    overrides: &Overrides,
    fonts: &FontSet,
) -> Result<Style, Vec<Problem>> {
    let mut problems = Vec::new();
    let style = resolve(&config.with_variant(variant), path, overrides, fonts);
    if let Some(sections) = &variant.sections {
        problems.extend(section_keys(sections, "sections", None));
    }
    if variant.max_pages == Some(0) {
        problems.push(Problem::error("a CV has at least one page").at_field("max_pages"));
    }
    let mut style = match style {
        Ok(style) if problems.is_empty() => style,
        Ok(_) => return Err(problems),
        Err(mut more) => {
            more.extend(problems);
            return Err(more);
        }
    };
    style.variant = Some(name.to_string());
    style.content = Content {
        publications: variant.publications.unwrap_or_default(),
        sections: variant.sections.clone(),
        max_pages: variant.max_pages,
    };
    Ok(style)
}

/// Reads a configuration file and resolves the style of the full CV and of each variant.
pub fn load_lab(
    path: Option<&Path>,
    overrides: &Overrides,
    fonts: &FontSet,
) -> Result<LabStyles, Report> {
    let Some(path) = path else {
        let config = LabConfig::default();
        let base = resolve(&config, None, overrides, fonts)
            .map_err(|problems| Report::new(Path::new("command line"), None, problems))?;
        return Ok(LabStyles {
            config,
            base: Arc::new(base),
            variants: BTreeMap::new(),
        });
    };
    let text = yaml::read_text(path, CONFIG)?;
    let fail = |problems: Vec<Problem>| Report::new(path, Some(text.clone()), problems);
    let (config, index) = yaml::parse::<LabConfig>(&text, CONFIG).map_err(fail)?;
    let base = resolve(&config, Some(path), overrides, fonts);
    let mut problems = base.as_ref().err().cloned().unwrap_or_default();
    let mut variants = BTreeMap::new();
    if let Some(p) = super::variant::count_problem(&config.variants) {
        return Err(fail(yaml::locate(vec![p], &index)));
    }
    for (name, variant) in &config.variants {
        if let Some(p) = super::variant::name_problem(name) {
            problems.push(p.at_field(format!("variants.{name}")));
            continue;
        }
        match resolve_variant(&config, Some(path), name, variant, overrides, fonts) {
            Ok(style) => {
                variants.insert(name.clone(), Arc::new(style));
            }
            Err(found) => {
                // A problem of the lab's own keys is told once, at the key.
                for p in found {
                    let p = rename_field(p, name, variant);
                    let told = problems.iter().any(|q: &Problem| q.field == p.field);
                    if !told {
                        problems.push(p);
                    }
                }
            }
        }
    }
    for (i, name) in config.default_variants.iter().enumerate() {
        if !config.variants.contains_key(name) {
            problems.push(
                unknown(
                    "variant",
                    name,
                    config.variants.keys().map(String::as_str),
                    || {
                        if config.variants.is_empty() {
                            "define it under `variants:` first".into()
                        } else {
                            format!(
                                "the variants are: {}",
                                config
                                    .variants
                                    .keys()
                                    .cloned()
                                    .collect::<Vec<_>>()
                                    .join(", ")
                            )
                        }
                    },
                )
                .at_field(format!("default_variants[{i}]")),
            );
        }
    }
    if !problems.is_empty() {
        return Err(fail(yaml::locate(problems, &index)));
    }
    let base = base.map_err(|p| fail(yaml::locate(p, &index)))?;
    Ok(LabStyles {
        config,
        base: Arc::new(base),
        variants,
    })
}

/// Reads a configuration file and resolves the full CV's style with `overrides` on top.
pub fn load_style(
    path: Option<&Path>,
    overrides: &Overrides,
    fonts: &FontSet,
) -> Result<Style, Report> {
    load_lab(path, overrides, fonts).map(|lab| (*lab.base).clone())
}
