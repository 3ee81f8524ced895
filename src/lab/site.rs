//! The rest of a lab build, after the CVs: `publications.bib`, `lab.json` and its schema, and
//! the people page linking the CVs that are there; the files of members who left are removed
//! once nothing links them.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::files::SiteFiles;
use super::list::List;
use super::{bib, page, LabInfo, Member, MemberLink, Site, VariantCv};
use crate::batch::Manifests;
use crate::diag::Diagnostic;
use crate::pipeline::{Format, Job};
use crate::profile::{Profile, Publication};
use crate::style::Style;

/// The colour of the page when the lab gives none (the classic template's).
const DEFAULT_ACCENT: &str = "#1f4e79";

/// What making the site did.
pub struct Made {
    /// Warnings (the publication list's: a character no font has, say).
    pub warnings: Vec<Diagnostic>,
    /// Files written (unchanged ones are not).
    pub written: Vec<String>,
    /// Files of an earlier build removed (a member's who left).
    pub removed: Vec<String>,
    /// Members on the page.
    pub members: usize,
    /// Of them, those kept from the last build (their profile did not load).
    pub kept: usize,
    /// Papers in the list.
    pub papers: usize,
    /// Papers listed by more than one member.
    pub shared: usize,
}

/// Makes the rest of the lab's files, after the batch: `publications.bib`, `lab.json` (and
/// its schema) and the people page, which links the CVs that are there.
pub fn finish_site(
    list: List,
    style: &Arc<Style>,
    planned: &[(PathBuf, Vec<Option<String>>)],
    jobs: &[Job],
    out: &Path,
) -> Result<Made, Vec<Diagnostic>> {
    let fail = |message: String| vec![Diagnostic::error(message)];
    let List {
        loaded,
        kept: kept_papers,
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
    let mut names = super::member_names(&profiles);
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
                let outputs = outputs_of(Some(v));
                Some(VariantCv {
                    name: v.clone(),
                    pdf: file_of(&outputs, Format::Pdf)?,
                    html: file_of(&outputs, Format::Html),
                })
            })
            .collect();
        let p = &member.profile;
        members.push(Member {
            slug: slug.clone(),
            anchor: super::anchor(slug, &mut anchors),
            name: p.name.clone(),
            native_lang: p
                .native_name
                .as_deref()
                .and_then(crate::profile::script_language)
                .map(str::to_string),
            native_name: p.native_name.clone(),
            group: p.group,
            headline: p.headline.as_deref().map(super::plain),
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
                        label: crate::source::link_label(l.kind, l.label.as_deref(), &url),
                        url,
                    })
                })
                .collect(),
            cv: file_of(&full, Format::Pdf),
            cv_html: file_of(&full, Format::Html),
            variants,
            stale: false,
        });
    }
    // A member whose profile did not load has not left: last build's card stays, and with it
    // their files, which are then not stale.
    let failed: Vec<String> = planned
        .iter()
        .filter_map(|(input, _)| crate::output::profile_stem(input).ok())
        .filter(|slug| !loaded.iter().any(|(s, _, _)| s == slug))
        .collect();
    let kept = super::stale::kept_members(out, &failed);
    for member in &kept {
        // Their name as the card has it still finds them in the kept papers' author lists.
        names.push((
            crate::profile::normalize_name(&member.name),
            member.slug.clone(),
        ));
        site_files.warnings.push(Diagnostic::warning(format!(
            "{}: its profile did not load, so its card, files and papers are kept from the \
             last build (marked stale in lab.json) until it loads again",
            member.slug
        )));
    }
    members.extend(kept.into_iter().map(|member| Member {
        anchor: super::anchor(&member.slug, &mut anchors),
        ..member
    }));
    super::sort_members(&mut members);

    let keys = bib::citation_keys(&papers);
    // Members by their indices in the papers: the loaded ones, then those whose papers were
    // kept from the last build.
    let slugs: Vec<String> = loaded
        .iter()
        .map(|(s, _, _)| s.clone())
        .chain(kept_papers)
        .collect();
    // Each paper's number as publications.pdf shows it (the list's groups), one rule.
    let newest_first: Vec<&Publication> = papers.iter().map(|p| &p.publication).collect();
    let listed = crate::source::listed(&newest_first, style.numbering);
    let mut places: Vec<&crate::source::Listed> = listed.iter().collect();
    places.sort_by_key(|place| place.index);
    let mut publications: Vec<super::Paper> = papers
        .iter()
        .zip(&keys)
        .zip(places)
        .map(|((paper, key), place)| super::paper(paper, key, place, &names, &slugs))
        .collect();
    // The same references as publications.pdf's: one formatting, in the lab's style.
    if let Some(citation) = &style.citation {
        super::add_references(&papers, &mut publications, &names, citation, &style.lang);
    }
    // In the order the PDF lists them, group by group.
    let mut publications: Vec<Option<super::Paper>> = publications.into_iter().map(Some).collect();
    let publications: Vec<super::Paper> = listed
        .iter()
        .filter_map(|place| publications[place.index].take())
        .collect();

    let site = Site {
        schema: super::SCHEMA_FILE.into(),
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
    let stale: std::collections::BTreeSet<String> = super::stale::published_before(out)
        .difference(&super::stale::published(&site.members))
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
    let schema = super::schema() + "\n";
    site_files.write(super::SCHEMA_FILE, schema.as_bytes(), |found| {
        serde_json::from_slice::<serde_json::Value>(found)
            .is_ok_and(|v| v["title"] == "Site" && v["properties"]["generator"].is_object())
    })?;
    let words = crate::template::words_of(&style.lang);
    let html = page::people_page(&site, words, style.numbering).map_err(|d| vec![d])?;
    site_files.write(
        "index.html",
        html.as_bytes(),
        crate::ownership::is_marked_html,
    )?;
    // Only once the new pages no longer link them: the files of members who left.
    let records = Manifests::default();
    let removed = super::stale::remove(out, &stale, &records);
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
        kept: site.members.iter().filter(|m| m.stale).count(),
        papers: site.publications.len(),
        shared: papers.iter().filter(|p| p.members.len() > 1).count(),
    })
}
