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

use crate::batch::{self, BatchOptions, Progress};
use crate::diag::{escape_controls, Diagnostic, Printer};
use crate::digest;
use crate::fonts::FontOptions;
use crate::lab::{self, bib, page, LabInfo, Member, MemberLink, Site, VariantCv};
use crate::output::write_atomic;
use crate::picture::Asset;
use crate::pipeline::{Format, Job, Pipeline};
use crate::profile::{LoadedProfile, Profile, Publication};
use crate::publish::{percent_encode, THUMBNAIL_PPI};
use crate::render::Renderer;
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

/// The folder of member photos in OUT.
const PHOTOS: &str = "photos";

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
    let batch_options = BatchOptions {
        jobs: options
            .jobs
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
        force: options.force,
        progress: if options.quiet {
            Progress::Quiet
        } else {
            Progress::Auto
        },
    };
    let summary = batch::run(&pipeline, &jobs, &batch_options, printer);
    if summary.interrupted > 0 {
        super::render::report(&summary, options.quiet)?;
        return Err(Error::Interrupted);
    }

    let dir = if options.profiles.is_dir() {
        options.profiles.clone()
    } else {
        crate::output::parent_dir(&options.profiles)
    };
    let lab_style = styles.for_dir(&dir).map_err(|error| {
        let mut diagnostics: Vec<Diagnostic> =
            error.report.into_iter().map(Diagnostic::from).collect();
        diagnostics.push(Diagnostic::error(
            "the lab's configuration has errors, so the lab's pages are not made",
        ));
        Error::Failed(diagnostics)
    })?;
    let made = make_site(
        &pipeline, &renderer, &lab_style, &planned, &jobs, &dir, &out,
    );
    let lab_result = match made {
        Ok(made) => {
            if !options.quiet {
                for line in &made.written {
                    eprintln!("wrote {}", escape_controls(line));
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
    /// Files written (unchanged ones are not).
    written: Vec<String>,
    /// Members on the page.
    members: usize,
    /// Papers in the list.
    papers: usize,
    /// Papers listed by more than one member.
    shared: usize,
}

/// Makes the lab's files from every profile that loads.
fn make_site(
    pipeline: &Pipeline,
    renderer: &Renderer,
    style: &Arc<Style>,
    planned: &[super::plan::Planned],
    jobs: &[Job],
    dir: &Path,
    out: &Path,
) -> Result<Made, Vec<Diagnostic>> {
    let fail = |message: String| vec![Diagnostic::error(message)];
    let mut site_files = SiteFiles::new(out);
    // Each member's profile as the full CV shows it (in the lab's language). One that does
    // not load was reported by the batch; it is left off the page.
    let mut loaded: Vec<(String, LoadedProfile)> = Vec::new();
    for (input, _) in planned {
        let job = Job {
            input: input.clone(),
            variant: None,
            outputs: Vec::new(),
        };
        if let Ok(prepared) = pipeline.prepare(&job) {
            let slug = input
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            loaded.push((slug, prepared.loaded));
        }
    }
    let profiles: Vec<(String, &Profile)> = loaded
        .iter()
        .map(|(s, l)| (s.clone(), &l.profile))
        .collect();
    let names = lab::member_names(&profiles);

    let mut anchors = HashSet::new();
    let mut members = Vec::new();
    for (slug, member) in &loaded {
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
                .map(|n| percent_encode(&n.to_string_lossy()))
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
        let photo = match &member.photo {
            Some(photo) => Some(site_files.picture(photo, slug)?),
            None => None,
        };
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
            photo,
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

    let lists: Vec<(usize, &[Publication])> = loaded
        .iter()
        .enumerate()
        .map(|(i, (_, l))| (i, l.profile.publications.as_slice()))
        .collect();
    let papers = lab::lab_papers(&lists);
    let keys = bib::citation_keys(&papers);
    let slugs: Vec<String> = loaded.iter().map(|(s, _)| s.clone()).collect();
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

    // The publication list as a PDF: a document of the lab's own, through the lab's template.
    let pdf = publications_pdf(renderer, style, &lab_name, &loaded, &papers, dir)?;
    let pdf_written = site_files.write("publications.pdf", &pdf, |found| {
        found.starts_with(b"%PDF-") && found.windows(15).any(|w| w == b"/Creator(cvpdf ")
    })?;

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
    let words = words_of(&style.lang);
    let numbered = match style.numbering {
        Numbering::Reverse => page::Numbered::Reverse,
        Numbering::Forward => page::Numbered::Forward,
        Numbering::None => page::Numbered::None,
    };
    let html = page::people_page(&site, &words, numbered).map_err(fail)?;
    site_files.write("index.html", html.as_bytes(), |found| {
        found
            .windows(page::GENERATOR.len())
            .any(|w| w == page::GENERATOR.as_bytes())
    })?;
    Ok(Made {
        written: site_files.written,
        members: site.members.len(),
        papers: site.publications.len(),
        shared: papers.iter().filter(|p| p.members.len() > 1).count(),
    })
}

/// The lab's publication list as a PDF: the CV template given a profile of the lab's own
/// (the lab's name, its logo as the picture, every member's name as a name of its own, so
/// that each member is bold in every author list) with the papers and nothing else.
fn publications_pdf(
    renderer: &Renderer,
    style: &Arc<Style>,
    lab_name: &str,
    members: &[(String, LoadedProfile)],
    papers: &[lab::LabPaper],
    dir: &Path,
) -> Result<Vec<u8>, Vec<Diagnostic>> {
    let mut name_variants: Vec<String> = Vec::new();
    for (_, member) in members {
        let p = &member.profile;
        name_variants.push(p.name.clone());
        name_variants.extend(p.name_variants.iter().cloned());
    }
    let profile = Profile {
        name: lab_name.to_string(),
        name_variants,
        publications: papers.iter().map(|p| p.publication.clone()).collect(),
        updated: members.iter().filter_map(|(_, m)| m.profile.updated).max(),
        ..Profile::default()
    };
    // A raster logo stands where a CV has its photo (an SVG logo stays in the footer, where
    // every CV has it).
    let logo = style
        .lab
        .as_ref()
        .and_then(|l| l.logo.clone())
        .filter(|logo| crate::picture::raster_format(&logo.bytes).is_some());
    let mut style = Style::clone(style);
    style.photo = Some(PhotoShape::Square);
    style.content = Default::default();
    style.publication_list = true;
    let text: Arc<str> = serde_yaml::to_string(&profile).unwrap_or_default().into();
    let loaded = LoadedProfile {
        profile,
        path: dir.join("publications"),
        dir: dir.to_path_buf(),
        text,
        photo: logo,
    };
    let compiled = renderer
        .compile(&loaded, &style)
        .map_err(|failure| failure.diagnostics)?;
    renderer
        .export_pdf(&compiled, &loaded)
        .map_err(|failure| failure.diagnostics)
}

/// The lab language's table of `templates/i18n.yaml`.
fn words_of(lang: &str) -> serde_yaml::Value {
    let tables: serde_yaml::Value = serde_yaml::from_str(crate::template::I18N).unwrap_or_default();
    let table = &tables[lang];
    if table.is_mapping() {
        table.clone()
    } else {
        tables["en"].clone()
    }
}

/// The lab's files in OUT, written only when they change and only over files cvpdf wrote.
struct SiteFiles<'a> {
    out: &'a Path,
    written: Vec<String>,
}

impl<'a> SiteFiles<'a> {
    fn new(out: &'a Path) -> Self {
        Self {
            out,
            written: Vec::new(),
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
        if let Ok(meta) = std::fs::symlink_metadata(&path) {
            let limit = bytes.len() as u64 + 64 * 1024 * 1024;
            let found = if meta.is_file() {
                crate::input::read_bytes(&path, "file", limit).ok()
            } else {
                None
            };
            match found {
                Some(found) if found == bytes => return Ok(true),
                Some(found) if ours(&found) => {}
                _ => {
                    return Err(vec![Diagnostic::error(format!(
                        "{} is in the way and was not written by cvpdf, so it is left as it is \
                         (move or rename it, or choose another folder with -o)",
                        path.display()
                    ))])
                }
            }
        }
        if let Some(parent) = path.parent() {
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

    /// A picture (a photo scaled to print size, or the logo as it is) in OUT under a name
    /// made of `stem` and its content, so a name is never reused for other bytes; its
    /// address relative to the page.
    fn picture(&mut self, asset: &Asset, stem: &str) -> Result<String, Vec<Diagnostic>> {
        let is_raster = crate::picture::raster_format(&asset.bytes).is_some();
        let bytes: Arc<[u8]> = if is_raster {
            crate::picture::print_size(asset.bytes.clone())
                .map_err(|e| vec![Diagnostic::error(format!("{}: {e}", asset.path.display()))])?
        } else {
            asset.bytes.clone()
        };
        let extension = match crate::picture::raster_format(&bytes) {
            Some(image::ImageFormat::Jpeg) => "jpg",
            Some(_) => "png",
            None => "svg",
        };
        let hash = format!("{:032x}", digest::digest(&bytes));
        let name = format!("{}-{}.{extension}", crate::slug(stem), &hash[..12]);
        self.write(&format!("{PHOTOS}/{name}"), &bytes, |_| false)?;
        Ok(format!("{PHOTOS}/{name}"))
    }
}
