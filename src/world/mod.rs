//! The Typst `World` of one render: the generated main file, the template, the shared
//! helpers, the lab logo and the photo (served from memory, under cvpdf's own names), files
//! a template reads from the profile's or its own directory (confined to them), the fonts,
//! and a fixed date.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use typst::diag::{FileError, FileResult};
use typst::foundations::{Bytes, Datetime, Duration};
use typst::syntax::{FileId, RootedPath, Source, VirtualPath, VirtualRoot};
use typst::text::{Font, FontBook};
use typst::utils::LazyHash;
use typst::{Library, LibraryExt, World};
use typst_kit::diagnostics::DiagnosticWorld;
use typst_kit::files::{FileLoader, FileStore};

mod beside;
mod heap;
pub mod pool;
mod sources;
mod warm;

use crate::digest::{digest, FileRead};
use crate::fonts::Fonts;
use crate::template::{SupportFile, MAIN_FILE};

/// The standard library, built once per process and shared by every world. Typst's HTML
/// export is turned on (`html.elem`, the HTML target): the web CV (`templates/web.typ`) is
/// written with it; a paged document is the same with or without it.
pub fn library() -> Arc<LazyHash<Library>> {
    static LIBRARY: std::sync::OnceLock<Arc<LazyHash<Library>>> = std::sync::OnceLock::new();
    LIBRARY
        .get_or_init(|| {
            let features = [typst::Feature::Html].into_iter().collect();
            Arc::new(LazyHash::new(
                Library::builder().with_features(features).build(),
            ))
        })
        .clone()
}

/// Prepares, on a thread of its own, what the first render of a process needs besides its
/// profile: the standard library, the shared helpers and default template parsed and
/// evaluated ([`warm`]) while the command reads its profiles, the bundled fonts' metadata and
/// the default template's faces (`fonts::warm_up`), rayon's worker pool ([`pool`]);
/// then it faults in the heap the render's thread is about to use ([`heap`]), and has the PDF
/// writer make what it makes once per process ([`warm::warm_pdf_writer`]). Each is made
/// once per process; a render that needs the library, the metadata or a parsed file before it
/// is ready waits for it.
pub fn warm_up() {
    static STARTED: std::sync::Once = std::sync::Once::new();
    STARTED.call_once(|| {
        let borrowed = heap::Borrowed::new();
        let announced = warm::announce();
        // A thread that cannot start drops `announced`, so no render waits for it.
        let _ = std::thread::Builder::new()
            .name("cvpdf-warm-up".into())
            .spawn(move || {
                #[cfg(target_os = "linux")]
                beside::step_aside();
                // What the render's thread computes once per process before it compiles, made
                // here first when this thread starts in time (whoever comes second waits for
                // the other): the digest of the built-in files its fingerprints start from,
                // and the words of the default language, the one most CVs are written in.
                crate::template::built_in_digest();
                crate::template::words_of(crate::template::DEFAULT_LANGUAGE);
                library();
                // The template first: a render needs it last but cannot make it sooner
                // itself, while the font metadata it needs first it reads itself if this
                // thread has not yet (whoever comes second waits for the other).
                warm::evaluate_default_template(announced);
                crate::fonts::warm_up();
                // Typst's layout and PDF export run work on rayon's global pool; started here,
                // its threads are not spawned from the render's thread in the middle of a layout.
                pool::start();
                // Then: the render is well under way, and this core would otherwise idle.
                borrowed.touch();
                // Last, as the render needs it last: its PDF export.
                warm::warm_pdf_writer();
            });
    });
}

/// The file id of a path in the project root.
pub fn file_id(path: &str) -> Option<FileId> {
    let vpath = VirtualPath::new(path).ok()?;
    Some(RootedPath::new(VirtualRoot::Project, vpath).intern())
}

/// Serves the in-memory files and, for everything else, files below the profile's directory
/// (and, for a user template, below the template's directory).
struct ProjectFiles {
    /// The canonical directories files may be read from, in the order they are tried; nothing
    /// outside them is readable, not even through a symbolic link.
    roots: Vec<PathBuf>,
    /// Generated and built-in files by id.
    memory: HashMap<FileId, Bytes>,
    /// Every file looked for on disk, with the digest of what was read (`None`: not there).
    read: Mutex<Vec<FileRead>>,
}

impl ProjectFiles {
    fn note(&self, path: PathBuf, bytes: Option<&Bytes>) {
        let digest = bytes.map(|b| digest(b.as_slice()));
        self.read
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push((path, digest));
    }
}

impl FileLoader for ProjectFiles {
    fn load(&self, id: FileId) -> FileResult<Bytes> {
        if let Some(bytes) = self.memory.get(&id) {
            return Ok(bytes.clone());
        }
        if let VirtualRoot::Package(spec) = id.root() {
            return Err(FileError::Other(Some(
                format!("packages such as {spec} are not available: cvpdf renders offline").into(),
            )));
        }
        let mut first_error = None;
        for root in &self.roots {
            // Each place looked in is an input: a file that appears there later changes the
            // render.
            let place = id.vpath().realize(root).ok();
            match read_below(root, id) {
                Ok(bytes) => {
                    if let Some(place) = place {
                        self.note(place, Some(&bytes));
                    }
                    return Ok(bytes);
                }
                Err(err) => {
                    if let Some(place) = place {
                        self.note(place, None);
                    }
                    first_error.get_or_insert(err);
                }
            }
        }
        Err(first_error.unwrap_or(FileError::AccessDenied))
    }
}

/// Reads the file of `id` below `root`, refusing anything whose real path leaves it (through
/// a symbolic link, say).
fn read_below(root: &Path, id: FileId) -> FileResult<Bytes> {
    let path = id.vpath().realize(root)?;
    let real = path
        .canonicalize()
        .map_err(|e| FileError::from_io(e, &path))?;
    if !real.starts_with(root) {
        return Err(FileError::AccessDenied);
    }
    if real.is_dir() {
        return Err(FileError::IsDirectory);
    }
    std::fs::read(&real)
        .map(Bytes::new)
        .map_err(|e| FileError::from_io(e, &path))
}

/// Everything one compilation can see.
pub struct CvWorld {
    library: Arc<LazyHash<Library>>,
    fonts: Arc<Fonts>,
    main: FileId,
    files: FileStore<ProjectFiles>,
    today: Option<Datetime>,
    /// How file ids are named in diagnostics.
    names: HashMap<FileId, String>,
}

/// What a world is made of.
pub struct WorldInput<'a> {
    /// The generated main file.
    pub main_source: String,
    /// The template and the other files served beside the main file.
    pub files: &'a [SupportFile],
    /// The profile's directory, against which the profile's relative paths are read.
    pub profile_dir: &'a Path,
    /// A user template's directory, whose files the template may read too.
    pub template_dir: Option<&'a Path>,
    /// The profile file, for naming the generated source in diagnostics.
    pub profile_path: &'a Path,
    /// The fonts.
    pub fonts: Arc<Fonts>,
    /// The fixed current date, if any.
    pub today: Option<Datetime>,
}

impl CvWorld {
    /// Builds the world for one render (`None` only if the main file's fixed name were not a
    /// valid path).
    pub fn new(input: WorldInput) -> Option<Self> {
        let mut memory = HashMap::new();
        let mut names = HashMap::new();
        let main = file_id(MAIN_FILE)?;
        memory.insert(main, Bytes::from_string(input.main_source));
        names.insert(
            main,
            format!("{} (generated {MAIN_FILE})", input.profile_path.display()),
        );
        for file in input.files {
            if let Some(id) = file_id(&file.name) {
                memory.insert(id, Bytes::new(file.bytes.clone()));
                names.insert(id, file.display.clone());
            }
        }
        let roots = std::iter::once(input.profile_dir)
            .chain(input.template_dir)
            .filter_map(|d| d.canonicalize().ok())
            .collect();
        Some(Self {
            library: library(),
            fonts: input.fonts,
            main,
            files: FileStore::new(ProjectFiles {
                roots,
                memory,
                read: Mutex::new(Vec::new()),
            }),
            today: input.today,
            names,
        })
    }
}

impl CvWorld {
    /// The files read from disk so far (files a template imports or reads), with digests of
    /// what was read.
    pub fn files_read(&self) -> Vec<FileRead> {
        self.files
            .loader()
            .read
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }
}

impl World for CvWorld {
    fn library(&self) -> &LazyHash<Library> {
        &self.library
    }

    fn book(&self) -> &LazyHash<FontBook> {
        self.fonts.book()
    }

    fn main(&self) -> FileId {
        self.main
    }

    fn source(&self, id: FileId) -> FileResult<Source> {
        if id != self.main {
            warm::wait_for(id);
            let memory = self.files.loader().memory.get(&id);
            if let Some(source) = memory.and_then(|bytes| sources::shared(id, bytes)) {
                return Ok(source);
            }
        }
        self.files.source(id)
    }

    fn file(&self, id: FileId) -> FileResult<Bytes> {
        self.files.file(id)
    }

    fn font(&self, index: usize) -> Option<Font> {
        self.fonts.font(index)
    }

    fn today(&self, _offset: Option<Duration>) -> Option<Datetime> {
        self.today
    }
}

impl DiagnosticWorld for CvWorld {
    fn name(&self, id: FileId) -> String {
        self.names
            .get(&id)
            .cloned()
            .unwrap_or_else(|| id.vpath().get_without_slash().to_string())
    }
}
