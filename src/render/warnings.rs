//! A compile's warnings told where the user can act on them: a warning that points into the
//! generated main file is told at the profile's field whose text it was setting (file, line,
//! column, field path), never at the generated source; a warning in a template stays at the
//! template's line, without the generated call that led there.

use std::sync::Arc;

use typst::diag::SourceDiagnostic;
use typst::{World, WorldExt};

use crate::diag::{Diagnostic, Problem, Report, TypstDiagnostics};
use crate::profile::LoadedProfile;
use crate::source::SourceMap;
use crate::world::CvWorld;
use crate::yaml;

/// Typst's `warnings` as diagnostics: those in the generated file as a report on the profile,
/// the rest as Typst's own, with every step through the generated file left out of their
/// traces.
pub(super) fn diagnostics(
    world: &Arc<CvWorld>,
    map: &SourceMap,
    loaded: &LoadedProfile,
    template: Option<&std::path::Path>,
    warnings: &[SourceDiagnostic],
) -> Vec<Diagnostic> {
    let main = world.main();
    let mut problems = Vec::new();
    let mut others = Vec::new();
    for warning in warnings {
        if warning.span.id() == Some(main) {
            problems.push(field_problem(world, map, template, warning));
        } else {
            others.push(warning.clone());
        }
    }
    let mut out = Vec::new();
    if !problems.is_empty() {
        let index = yaml::spans::SpanIndex::build(&loaded.text).ok();
        for problem in &mut problems {
            problem.span = index
                .as_ref()
                .zip(problem.field.as_deref())
                .and_then(|(index, field)| index.nearest(field))
                .map(|node| node.value.clone());
        }
        out.push(Report::new(&loaded.path, Some(loaded.text.clone()), problems).into());
    }
    if let Some(typst) = typst_diagnostics(world, &others) {
        out.push(typst);
    }
    out
}

/// A warning set off by the text of a profile field.
fn field_problem(
    world: &CvWorld,
    map: &SourceMap,
    template: Option<&std::path::Path>,
    warning: &SourceDiagnostic,
) -> Problem {
    let field = world
        .range(warning.span)
        .and_then(|range| map.field_at(range.start))
        .map(str::to_string);
    let mut problem = Problem::warning(format!(
        "while setting this text, Typst said: {}",
        warning.message
    ))
    .with_help(match template {
        Some(path) => format!(
            "the CV was made, but this text may not look as written: the template {} cannot show it",
            path.display()
        ),
        None => "the CV was made, but this text may not look as written; this is a bug in cvpdf's template, please report it".into(),
    });
    if let Some(field) = field {
        problem = problem.at_field(field);
    }
    problem
}

/// Typst's diagnostics as data, with the world that shows their sources. Steps of a trace in
/// the generated main file (`while calling cv at …`) are left out: they show the user code
/// cvpdf wrote, not theirs.
pub(super) fn typst_diagnostics(
    world: &Arc<CvWorld>,
    diagnostics: &[SourceDiagnostic],
) -> Option<Diagnostic> {
    if diagnostics.is_empty() {
        return None;
    }
    let main = world.main();
    let diagnostics = diagnostics
        .iter()
        .cloned()
        .map(|mut d| {
            // Typst's hints about its command-line flags (`--root`) do not apply to cvpdf.
            d.hints.retain(|hint| !hint.v.contains("--root"));
            d.trace.retain(|point| point.span.id() != Some(main));
            d
        })
        .collect();
    Some(Diagnostic::Typst(TypstDiagnostics {
        world: world.clone(),
        diagnostics,
    }))
}
