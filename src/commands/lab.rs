//! `cvpdf lab DIR -o OUT`: the lab's website in one folder. Every member's CVs (the batch:
//! parallel, incremental, atomic, one broken profile never stops the rest) with a first-page
//! thumbnail each, then the lab's own files made from the profiles that load: the publication
//! list as PDF and BibTeX, `lab.json`, and the people page `index.html`, with the photos and
//! the logo they show.
//!
//! cvpdf writes a lab file only when its bytes change, and never over a file it did not
//! write (each says so: the PDF's creator, the BibTeX's first line, the page's generator tag,
//! the JSON's `generator`; photos and the logo are named after their content).

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use crate::batch::{self, BatchOptions, Manifests};
use crate::diag::{escape_controls, Diagnostic, Printer};
use crate::digest;
use crate::fonts::FontOptions;
use crate::lab::{self, bib, page, LabInfo, Member, MemberLink, Site, VariantCv};
use crate::output::write_atomic;
use crate::ownership::{may_replace, Mark, Recorded};
use crate::picture::Asset;
use crate::pipeline::{Format, Job, Outcome, Pipeline, Prepared};
use crate::profile::{LoadedProfile, Profile, Publication};
use crate::publish::THUMBNAIL_PPI;
use crate::style::{Numbering, Overrides, PhotoShape, Style};

use super::{plan_jobs, plan_variants, Error, VariantChoice};

/// Options of `cvpdf lab`.
pub struct Options {
    /// The lab's profiles: a directory (or profile files).
    pub profiles: PathBuf,
    /// The folder the site is written into.
    pub output: PathBuf,
    /// Render even what has not changed.
    pub force: bool,
    /// Profiles rendered at once (default: one per core).
    pub jobs: Option<usize>,
    /// Print nothing but errors and the summary.
    pub quiet: bool,
    /// The style flags.
    pub style: Overrides,
    /// Where fonts come from.
    pub fonts: FontOptions,
}

/// The lab's own files in OUT; no profile's CV may be named like one of them.
const LAB_FILES: [&str; 5] = [
    "index.html",
    "lab.json",
    "lab.schema.json",
    "publications.pdf",
    "publications.bib",
];

/// The colour of the page when the lab gives none (the classic template's).
const DEFAULT_ACCENT: &str = "#1f4e79";

/// Runs `cvpdf lab`.
pub fn run(options: Options, printer: Printer) -> Result<(), Error> {
    let started = Instant::now();
    let out = options.output.clone();
    if out.exists() && !out.is_dir() {
        return Err(Error::usage(format!(
            "-o {} exists and is not a directory; the lab's site is a folder",
            out.display()
        )));
    }
    let inputs =
        super::expand_inputs(std::slice::from_ref(&options.profiles)).map_err(Error::usage)?;
    let renderer = super::renderer(options.fonts, Vec::new())?;
    let styles = super::styles(options.style, renderer.fonts())?;
    let planned = plan_variants(&inputs, &VariantChoice::Default, &styles).map_err(Error::usage)?;
    let mut jobs =
        plan_jobs(&planned, Some(&out), &[Format::Pdf, Format::Thumbnail]).map_err(Error::usage)?;
    // A thumbnail of the full CV is enough for the page.
    for job in &mut jobs {
        if job.variant.is_some() {
            job.outputs.retain(|(format, _)| *format == Format::Pdf);
        }
    }
    refuse_lab_names(&jobs, &out)?;

    let pipeline = Pipeline::new(&renderer, &styles, THUMBNAIL_PPI);
    let batch_options = BatchOptions::new(options.jobs, options.force, options.quiet);
    let dir = if options.profiles.is_dir() {
        options.profiles.clone()
    } else {
        crate::output::parent_dir(&options.profiles)
    };
    // Peeked, not taken: a broken configuration is told by the CVs' jobs, once.
    let lab_style = styles.peek_lab(&dir).map(|lab| lab.base.clone());
    // One manifest per directory, shared by the CVs and the publication list, saved once.
    let manifests = Manifests::default();
    // The publication list needs the profiles, not their CVs: it is made beside the batch,
    // so a lab build costs little more than the batch itself.
    let (summary, list) = std::thread::scope(|scope| {
        let list = lab_style.as_ref().map(|style| {
            let (pipeline, planned, dir, out, manifests) =
                (&pipeline, &planned, &dir, &out, &manifests);
            scope.spawn(move || {
                crate::panics::catch(|| {
                    publication_list(pipeline, style, planned, dir, out, manifests, options.force)
                })
            })
        });
        let summary = batch::run_with(&pipeline, &jobs, &batch_options, printer, &manifests);
        let list = list.map(|handle| match handle.join() {
            Ok(Ok(list)) => list,
            Ok(Err(message)) => Err(vec![Diagnostic::error(format!(
                "internal error while making the publication list: {message}"
            ))]),
            Err(_) => Err(vec![Diagnostic::error(
                "internal error while making the publication list",
            )]),
        });
        (summary, list)
    });
    printer.eprint(
        &manifests
            .save()
            .into_iter()
            .map(Diagnostic::warning)
            .collect::<Vec<_>>(),
    );
    if summary.interrupted > 0 {
        super::render::report(&summary, options.quiet)?;
        return Err(Error::Interrupted);
    }

    let lab_result = match (lab_style, list) {
        (Some(style), Some(Ok(list))) => finish_site(list, &style, &planned, &jobs, &out),
        (_, Some(Err(diagnostics))) => Err(diagnostics),
        _ => {
            // The configuration's report went with the first CV that used it.
            let mut diagnostics = match styles.for_dir(&dir) {
                Err(error) => error.report.into_iter().map(Diagnostic::from).collect(),
                Ok(_) => Vec::new(),
            };
            diagnostics.push(Diagnostic::error(
                "the lab's configuration has errors, so the lab's pages are not made",
            ));
            Err(diagnostics)
        }
    };
    let lab_result = match lab_result {
        Ok(made) => {
            printer.eprint(&made.warnings);
            if !options.quiet {
                for line in &made.written {
                    eprintln!("wrote {}", escape_controls(line));
                }
                for line in &made.removed {
                    eprintln!("removed {} (no member's any more)", escape_controls(line));
                }
                eprintln!(
                    "the lab: {} members, {} publications ({} listed by more than one member), {} in {:.2} s",
                    made.members,
                    made.papers,
                    made.shared,
                    out.display(),
                    started.elapsed().as_secs_f64()
                );
            }
            Ok(())
        }
        Err(diagnostics) => {
            printer.eprint(&diagnostics);
            eprintln!("error: the lab's pages were not made");
            Err(Error::reported())
        }
    };
    // The CVs' summary last, where a reader looks; its failure is the command's too.
    super::render::report(&summary, options.quiet)?;
    lab_result
}

/// A profile whose CV would be written over one of the lab's files is refused before
/// anything is written.
fn refuse_lab_names(jobs: &[Job], out: &Path) -> Result<(), Error> {
    let reserved: Vec<PathBuf> = LAB_FILES.iter().map(|f| out.join(f)).collect();
    for job in jobs {
        for (_, output) in &job.outputs {
            if reserved.contains(output) {
                return Err(Error::usage(format!(
                    "{} would be written to {}, which is the lab's own file; rename the profile",
                    job.input.display(),
                    output.display()
                )));
            }
        }
    }
    Ok(())
}

/// What making the site did.
struct Made {
    /// Warnings (the publication list's: a character no font has, say).
    warnings: Vec<Diagnostic>,
    /// Files written (unchanged ones are not).
    written: Vec<String>,
    /// Files of an earlier build removed (a member's who left).
    removed: Vec<String>,
    /// Members on the page.
    members: usize,
    /// Papers in the list.
    papers: usize,
    /// Papers listed by more than one member.
    shared: usize,
}

/// What the first phase made: the members as loaded (with their photo's place in OUT), the
/// lab's papers, and the publication list's PDF.
struct List {
    /// Each member's slug, profile (in the lab's language; no photo bytes) and photo file.
    loaded: Vec<(String, LoadedProfile, Option<String>)>,
    /// The lab's papers, each once.
    papers: Vec<lab::LabPaper>,
    /// The lab's name (its folder's when `cvpdf.yaml` names none).
    lab_name: String,
    /// The logo's file in OUT.
    logo: Option<String>,
    /// Whether `publications.pdf` is there.
    pdf_written: bool,
    /// Files written and warnings so far.
    site_files_written: Vec<String>,
    warnings: Vec<Diagnostic>,
}

/// Loads every member's profile (one that does not load is the batch's to report; it is left
/// off the page), puts photos and the logo into OUT, deduplicates the papers and makes
/// `publications.pdf` through the pipeline — compiled only when what it is made of changed,
/// never over a file cvpdf did not write, recorded in `manifests`.
fn publication_list(
    pipeline: &Pipeline,
    style: &Arc<Style>,
    planned: &[super::plan::Planned],
    dir: &Path,
    out: &Path,
    manifests: &Manifests,
    force: bool,
) -> Result<List, Vec<Diagnostic>> {
    let mut site_files = SiteFiles::new(out);
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
    let lists: Vec<(usize, &[Publication])> = written
        .iter()
        .enumerate()
        .map(|(i, papers)| (i, papers.as_slice()))
        .collect();
    let mut papers = lab::lab_papers(&lists, &style.lang);
    site_files.warnings.extend(
        doubts(&papers, &loaded)
            .into_iter()
            .map(Diagnostic::warning),
    );
    if let Some(left) = lab::keep_newest(&mut papers) {
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
        papers,
        lab_name,
        logo,
        pdf_written,
        site_files_written: site_files.written,
        warnings: site_files.warnings,
    })
}

/// A sentence for each entry merged into a paper by its DOI under another title.
fn doubts(
    papers: &[lab::LabPaper],
    members: &[(String, LoadedProfile, Option<String>)],
) -> Vec<String> {
    let slug = |i: usize| members.get(i).map_or("?", |m| m.0.as_str());
    let mut said = Vec::new();
    for paper in papers {
        let p = &paper.publication;
        let doi = p.links.doi.as_deref().map_or("", crate::profile::bare_doi);
        let listers: Vec<&str> = paper.members.iter().map(|&i| slug(i)).collect();
        for doubt in &paper.doubts {
            said.push(format!(
                "{} lists \"{}\" ({}) under DOI {doi}, which the lab's list gives to \"{}\" ({}, \
                 listed by {}); they are listed as one paper: check the DOI",
                slug(doubt.member),
                doubt.title,
                doubt.year,
                lab::plain(&p.title),
                p.year,
                listers.join(", ")
            ));
        }
    }
    said
}

/// Makes the rest of the lab's files, after the batch: `publications.bib`, `lab.json` (and
/// its schema) and the people page, which links the CVs that are there.
fn finish_site(
    list: List,
    style: &Arc<Style>,
    planned: &[super::plan::Planned],
    jobs: &[Job],
    out: &Path,
) -> Result<Made, Vec<Diagnostic>> {
    let fail = |message: String| vec![Diagnostic::error(message)];
    let List {
        loaded,
        papers,
        lab_name,
        logo,
        pdf_written,
        site_files_written,
        warnings,
    } = list;
    let mut site_files = SiteFiles::new(out);
    site_files.written = site_files_written;
    site_files.warnings = warnings;
    let profiles: Vec<(String, &Profile)> = loaded
        .iter()
        .map(|(s, l, _)| (s.clone(), &l.profile))
        .collect();
    let names = lab::member_names(&profiles);
    let mut anchors = HashSet::new();
    let mut members = Vec::new();
    for (slug, member, photo) in &loaded {
        let outputs_of = |variant: Option<&String>| {
            jobs.iter()
                .find(|j| j.input == member.path && j.variant.as_ref() == variant)
                .map(|j| j.outputs.clone())
                .unwrap_or_default()
        };
        let file_of = |outputs: &[(Format, PathBuf)], format: Format| {
            outputs
                .iter()
                .find(|(f, p)| *f == format && p.is_file())
                .and_then(|(_, p)| p.file_name())
                .map(|n| crate::link::path_segment(&n.to_string_lossy()))
        };
        let full = outputs_of(None);
        let variants = planned
            .iter()
            .find(|(input, _)| *input == member.path)
            .map(|(_, v)| v.iter().flatten().collect::<Vec<_>>())
            .unwrap_or_default()
            .into_iter()
            .filter_map(|v| {
                Some(VariantCv {
                    name: v.clone(),
                    pdf: file_of(&outputs_of(Some(v)), Format::Pdf)?,
                })
            })
            .collect();
        let p = &member.profile;
        members.push(Member {
            slug: slug.clone(),
            anchor: lab::anchor(slug, &mut anchors),
            name: p.name.clone(),
            native_lang: p
                .native_name
                .as_deref()
                .and_then(lab::script_language)
                .map(str::to_string),
            native_name: p.native_name.clone(),
            group: p.group,
            headline: p.headline.as_deref().map(lab::plain),
            photo: photo.clone(),
            thumbnail: file_of(&full, Format::Thumbnail),
            email: p.contact.email.clone(),
            website: p
                .contact
                .website
                .as_deref()
                .and_then(|u| crate::link::check(u).ok()),
            links: p
                .links
                .iter()
                .filter_map(|l| {
                    let url = crate::link::check(&l.url).ok()?;
                    Some(MemberLink {
                        kind: l.kind,
                        label: page::link_label(l.kind, l.label.as_deref(), &url),
                        url,
                    })
                })
                .collect(),
            cv: file_of(&full, Format::Pdf),
            variants,
        });
    }
    lab::sort_members(&mut members);

    let keys = bib::citation_keys(&papers);
    let slugs: Vec<String> = loaded.iter().map(|(s, _, _)| s.clone()).collect();
    let n = papers.len();
    let publications: Vec<lab::Paper> = papers
        .iter()
        .zip(&keys)
        .enumerate()
        .map(|(i, (paper, key))| {
            let number = match style.numbering {
                Numbering::Reverse => Some(n - i),
                Numbering::Forward => Some(i + 1),
                Numbering::None => None,
            };
            lab::paper(paper, key, number, &names, &slugs)
        })
        .collect();

    let site = Site {
        schema: lab::SCHEMA_FILE.into(),
        generator: "cvpdf".into(),
        lab: LabInfo {
            name: lab_name.clone(),
            url: style
                .lab
                .as_ref()
                .and_then(|l| l.url.as_deref())
                .and_then(|u| crate::link::check(u).ok()),
            logo,
            lang: style.lang.clone(),
            accent: style
                .accent
                .as_ref()
                .map_or_else(|| DEFAULT_ACCENT.to_string(), |c| c.readable_on_white()),
            publications_pdf: pdf_written.then(|| "publications.pdf".to_string()),
            publications_bib: "publications.bib".into(),
        },
        members,
        publications,
    };
    // What the last build published, read before lab.json is written over.
    let stale: std::collections::BTreeSet<String> = lab::stale::published_before(out)
        .difference(&lab::stale::published(&site.members))
        .cloned()
        .collect();
    let bibtex = bib::bibtex(&papers, &keys, &lab_name);
    site_files.write("publications.bib", bibtex.as_bytes(), |found| {
        found.starts_with(bib::HEADER.as_bytes())
    })?;
    let json = serde_json::to_string_pretty(&site).map_err(|e| fail(e.to_string()))? + "\n";
    site_files.write("lab.json", json.as_bytes(), |found| {
        serde_json::from_slice::<serde_json::Value>(found).is_ok_and(|v| v["generator"] == "cvpdf")
    })?;
    let schema = lab::schema() + "\n";
    site_files.write(lab::SCHEMA_FILE, schema.as_bytes(), |found| {
        serde_json::from_slice::<serde_json::Value>(found)
            .is_ok_and(|v| v["title"] == "Site" && v["properties"]["generator"].is_object())
    })?;
    let words = crate::template::words_of(&style.lang);
    let html = page::people_page(&site, words, style.numbering).map_err(fail)?;
    site_files.write("index.html", html.as_bytes(), |found| {
        found
            .windows(page::GENERATOR.len())
            .any(|w| w == page::GENERATOR.as_bytes())
    })?;
    // Only once the new pages no longer link them: the files of members who left.
    let records = Manifests::default();
    let removed = lab::stale::remove(out, &stale, &records);
    site_files.warnings.extend(
        removed
            .left
            .into_iter()
            .chain(records.save())
            .map(Diagnostic::warning),
    );
    Ok(Made {
        warnings: site_files.warnings,
        written: site_files.written,
        removed: removed
            .removed
            .iter()
            .map(|p| p.display().to_string())
            .collect(),
        members: site.members.len(),
        papers: site.publications.len(),
        shared: papers.iter().filter(|p| p.members.len() > 1).count(),
    })
}

/// The lab's publication list, ready for the pipeline: the CV template given a profile of the
/// lab's own (the lab's name, its logo as the picture, every member's name as a name of its
/// own, so that each member is bold in every author list) with the papers and nothing else.
fn publications_list(
    style: &Arc<Style>,
    lab_name: &str,
    members: &[(String, LoadedProfile, Option<String>)],
    papers: &[lab::LabPaper],
    dir: &Path,
) -> Prepared {
    let mut name_variants: Vec<String> = Vec::new();
    for (_, member, _) in members {
        let p = &member.profile;
        name_variants.push(p.name.clone());
        name_variants.extend(p.name_variants.iter().cloned());
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

/// The lab's files in OUT, written only when they change and only over files cvpdf wrote.
struct SiteFiles<'a> {
    out: &'a Path,
    /// What was written, for the report.
    written: Vec<String>,
    /// Warnings met on the way (the publication list's).
    warnings: Vec<Diagnostic>,
}

impl<'a> SiteFiles<'a> {
    fn new(out: &'a Path) -> Self {
        Self {
            out,
            written: Vec::new(),
            warnings: Vec::new(),
        }
    }

    /// Writes `name` in OUT unless it already holds `bytes`; a file there that `ours` does
    /// not recognise is left alone and reported. Whether the file is there now.
    fn write(
        &mut self,
        name: &str,
        bytes: &[u8],
        ours: impl Fn(&[u8]) -> bool,
    ) -> Result<bool, Vec<Diagnostic>> {
        let path = self.out.join(name);
        if crate::input::read_bytes(&path, "file", bytes.len() as u64 + 1)
            .is_ok_and(|found| found == bytes)
        {
            return Ok(true);
        }
        may_replace(
            &path,
            bytes,
            Recorded::Unknown,
            Mark::Content(&ours),
            "choose another folder with -o",
        )
        .map_err(|message| vec![Diagnostic::error(message)])?;
        if let Some(parent) = path.parent() {
            // A folder of the site (photos/) that is a link would take the file elsewhere.
            if parent != self.out
                && std::fs::symlink_metadata(parent).is_ok_and(|m| m.file_type().is_symlink())
            {
                return Err(vec![Diagnostic::error(format!(
                    "{} is a symbolic link; cvpdf writes the site's pictures only into a folder \
                     of the site itself",
                    parent.display()
                ))]);
            }
            std::fs::create_dir_all(parent).map_err(|e| {
                vec![Diagnostic::error(format!(
                    "cannot create {}: {e}",
                    parent.display()
                ))]
            })?;
        }
        write_atomic(&path, bytes).map_err(|e| {
            vec![Diagnostic::error(format!(
                "cannot write {}: {e}",
                path.display()
            ))]
        })?;
        self.written.push(path.display().to_string());
        Ok(true)
    }

    /// A picture (a photo scaled to print size, or the logo as it is) in OUT, under a name
    /// made of `stem` and the digest of the picture it was made from: a file of that name was
    /// made from these very bytes, so a photo is scaled once, not at every build, and a name
    /// is never reused for another picture. Its address relative to the page.
    fn picture(&mut self, asset: &Asset, stem: &str) -> Result<String, Vec<Diagnostic>> {
        // Scaling keeps the format; anything not PNG or JPEG is an SVG logo.
        let extension = match crate::picture::raster_format(&asset.bytes) {
            Some(image::ImageFormat::Jpeg) => "jpg",
            Some(_) => "png",
            None => "svg",
        };
        let hash = format!("{:032x}", digest::digest(&asset.bytes));
        let name = format!(
            "{}/{}-{}.{extension}",
            lab::PHOTOS,
            crate::slug(stem),
            &hash[..12]
        );
        if self.out.join(&name).is_file() {
            return Ok(name);
        }
        let bytes = crate::picture::print_size(asset.bytes.clone())
            .map_err(|e| vec![Diagnostic::error(format!("{}: {e}", asset.path.display()))])?;
        self.write(&name, &bytes, |_| false)?;
        Ok(name)
    }
}
