//! The lab's publication list, the first part of a lab build (beside the CVs' batch): every
//! member's profile loaded once, each paper once, and `publications.pdf` made through the
//! pipeline from a profile of the lab's own.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use super::files::SiteFiles;
use super::LabPaper;
use crate::batch::Manifests;
use crate::diag::Diagnostic;
use crate::picture::Asset;
use crate::pipeline::{Format, Job, Outcome, Pipeline, Prepared};
use crate::profile::{LoadedProfile, Profile, Publication};
use crate::style::{PhotoShape, Style};

/// What the first phase made: the members as loaded (with their photo's place in OUT), the
/// lab's papers, and the publication list's PDF.
pub struct List {
    /// Each member's slug, profile (in the lab's language; no photo bytes) and photo file.
    pub loaded: Vec<(String, LoadedProfile, Option<String>)>,
    /// The lab's papers, each once.
    pub papers: Vec<LabPaper>,
    /// The lab's name (its folder's when `cvpdf.yaml` names none).
    pub lab_name: String,
    /// The logo's file in OUT.
    pub logo: Option<String>,
    /// The members whose profile did not load but whose papers the last build listed (kept
    /// from its `lab.json`), in the order of their member indices after `loaded`'s.
    pub kept: Vec<String>,
    /// Whether `publications.pdf` is there.
    pub pdf_written: bool,
    /// Files written so far.
    pub site_files_written: Vec<String>,
    /// Warnings so far.
    pub warnings: Vec<Diagnostic>,
}

/// Loads every member's profile (one that does not load is the batch's to report; it is left
/// off the page), puts photos and the logo into OUT, deduplicates the papers and makes
/// `publications.pdf` through the pipeline — compiled only when what it is made of changed,
/// never over a file cvpdf did not write, recorded in `manifests`.
pub(crate) fn publication_list(
    pipeline: &Pipeline,
    style: &Arc<Style>,
    planned: &[(PathBuf, Vec<Option<String>>)],
    dir: &Path,
    out: &Path,
    manifests: &Manifests,
    force: bool,
) -> Result<List, Vec<Diagnostic>> {
    let mut site_files = SiteFiles::recording(out, manifests);
    let mut loaded: Vec<(String, LoadedProfile, Option<String>)> = Vec::new();
    // Each member's papers as written (every language), with the CV's selection.
    let mut written: Vec<Vec<Publication>> = Vec::new();
    for (input, _) in planned {
        let job = Job {
            input: input.clone(),
            variant: None,
            outputs: Vec::new(),
        };
        if let Ok((prepared, source)) = pipeline.prepare_with_source(&job) {
            let mut source = source.profile;
            prepared.style.content.select(&mut source);
            written.push(source.publications);
            let slug = crate::output::profile_stem(input).unwrap_or_default();
            let mut member = prepared.loaded;
            // The photo goes into OUT now; its bytes are not kept for the whole lab.
            let photo = match member.photo.take() {
                Some(photo) => Some(site_files.picture(&photo, &slug)?),
                None => None,
            };
            loaded.push((slug, member, photo));
        }
    }
    // A folder where no profile loads is no lab that lost its members (a mistyped path to
    // another folder of YAML files, a configuration folder): nothing is built or removed.
    if loaded.is_empty() {
        return Err(vec![Diagnostic::error(format!(
            "no profile in {} loads (see the errors above), so it is taken for no lab: the \
             site in {} is left as it was, nothing built or removed",
            dir.display(),
            out.display()
        ))]);
    }
    // A member whose profile does not load keeps the papers the last build listed for them
    // (their card and files stay too: site.rs), as members after the loaded ones.
    let failed: Vec<String> = planned
        .iter()
        .filter_map(|(input, _)| crate::output::profile_stem(input).ok())
        .filter(|slug| !loaded.iter().any(|(s, _, _)| s == slug))
        .collect();
    let mut kept = Vec::new();
    for (slug, papers) in super::stale::kept_papers(out, &failed) {
        kept.push(slug);
        written.push(papers);
    }
    let lists: Vec<(usize, &[Publication])> = written
        .iter()
        .enumerate()
        .map(|(i, papers)| (i, papers.as_slice()))
        .collect();
    let mut papers = super::lab_papers(&lists, &style.lang);
    let slugs: Vec<&str> = loaded
        .iter()
        .map(|(slug, _, _)| slug.as_str())
        .chain(kept.iter().map(String::as_str))
        .collect();
    site_files
        .warnings
        .extend(doubts(&papers, &slugs).into_iter().map(Diagnostic::warning));
    if let Some(left) = super::keep_newest(&mut papers) {
        site_files.warnings.push(Diagnostic::warning(left));
    }
    let lab_name = style.lab.as_ref().map_or_else(
        || {
            std::fs::canonicalize(dir)
                .ok()
                .and_then(|d| d.file_name().map(|n| n.to_string_lossy().into_owned()))
                .unwrap_or_else(|| "Lab".into())
        },
        |lab| lab.name.clone(),
    );
    let logo = match style.lab.as_ref().and_then(|l| l.logo.as_ref()) {
        Some(logo) => Some(site_files.picture(logo, "lab-logo")?),
        None => None,
    };
    let prepared = publications_list(style, &lab_name, &loaded, &papers, dir);
    let pdf_path = out.join("publications.pdf");
    let done = pipeline.run_prepared(
        &prepared,
        &[(Format::Pdf, pdf_path.clone())],
        manifests,
        force,
        Instant::now(),
    );
    let pdf_written = match done.outcome {
        Outcome::Rendered { .. } => {
            site_files.written.push(pdf_path.display().to_string());
            true
        }
        Outcome::Unchanged => true,
        Outcome::Failed(failure) => {
            let mut diagnostics = failure.diagnostics;
            diagnostics.push(Diagnostic::error(format!(
                "{} is not made",
                pdf_path.display()
            )));
            return Err(diagnostics);
        }
    };
    site_files.warnings.extend(done.warnings);
    Ok(List {
        loaded,
        kept,
        papers,
        lab_name,
        logo,
        pdf_written,
        site_files_written: site_files.written,
        warnings: site_files.warnings,
    })
}

/// A sentence for each entry merged into a paper by its DOI under another title; `slugs`
/// names the members by their indices.
fn doubts(papers: &[LabPaper], slugs: &[&str]) -> Vec<String> {
    let slug = |i: usize| slugs.get(i).copied().unwrap_or("?");
    let mut said = Vec::new();
    for paper in papers {
        let p = &paper.publication;
        let doi = p
            .links
            .doi
            .as_deref()
            .map_or("", crate::link::doi::without_resolver);
        let listers: Vec<&str> = paper.members.iter().map(|&i| slug(i)).collect();
        for doubt in &paper.doubts {
            said.push(format!(
                "{} lists \"{}\" ({}) under DOI {doi}, which the lab's list gives to \"{}\" ({}, \
                 listed by {}); they are listed as one paper: check the DOI",
                slug(doubt.member),
                doubt.title,
                super::papers::year_text(doubt.year),
                super::plain(&p.title),
                super::papers::year_text(p.year),
                listers.join(", ")
            ));
        }
    }
    said
}

/// The lab's publication list, ready for the pipeline: the CV template given a profile of the
/// lab's own (the lab's name, its logo as the picture, every member's name as a name of its
/// own, so that each member is bold in every author list) with the papers and nothing else.
fn publications_list(
    style: &Arc<Style>,
    lab_name: &str,
    members: &[(String, LoadedProfile, Option<String>)],
    papers: &[LabPaper],
    dir: &Path,
) -> Prepared {
    let mut name_variants: Vec<String> = Vec::new();
    for (_, member, _) in members {
        name_variants.extend(member.profile.own_names().map(str::to_string));
    }
    let profile = Profile {
        name: lab_name.to_string(),
        name_variants,
        publications: papers.iter().map(|p| p.publication.clone()).collect(),
        updated: members
            .iter()
            .filter_map(|(_, m, _)| m.profile.updated)
            .max(),
        ..Profile::default()
    };
    // The logo stands where a CV has its photo (under a name of its own: the footer reads it
    // too, under the logo's name).
    let logo = style
        .lab
        .as_ref()
        .and_then(|l| l.logo.clone())
        .map(|logo| Asset {
            name: format!("publications-{}", logo.name),
            ..logo
        });
    let mut list_style = Style::clone(style);
    list_style.photo = Some(PhotoShape::Square);
    list_style.content = Default::default();
    list_style.publication_list = true;
    // The text is the list's fingerprint: the pipeline renders it again when it changes.
    let text: Arc<str> = serde_yaml::to_string(&profile).unwrap_or_default().into();
    Prepared {
        loaded: LoadedProfile {
            profile,
            path: dir.join("publications"),
            dir: dir.to_path_buf(),
            text,
            photo: logo,
        },
        notes: Vec::new(),
        inputs: style.files(),
        style: Arc::new(list_style),
    }
}
