//! What a process's first render can do before its profile is read, on a thread of its own:
//! parse the shared helpers and the default template and evaluate them into a module; and,
//! later, what the PDF writer makes once per process ([`warm_pdf_writer`]).
//!
//! Evaluating a file is memoised by Typst (comemo) on the file and on the answers the world
//! gave while it ran (which files it read, with what bytes). The warm-up world below serves
//! the built-in files exactly as a render's world does, so the render's `import` of the
//! template finds the module made here instead of evaluating it again; had the template
//! asked the world something a render answers differently, comemo would see the answers
//! differ and evaluate it afresh, so this can only save time, never change a result.

use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash};
use std::sync::{Condvar, Mutex, MutexGuard};

use comemo::Track;
use typst::diag::{FileError, FileResult};
use typst::engine::{Route, Sink, Traced};
use typst::foundations::{Bytes, Datetime, Duration, Module};
use typst::syntax::{FileId, Source};
use typst::text::{Font, FontBook};
use typst::utils::LazyHash;
use typst::{Library, World};

use super::{file_id, library, sources};
use crate::template::{Template, COMMON_FILE, SHARED_FILES};

/// A world with only the files in `memory` (the built-in ones, or one of its own): no fonts,
/// no date.
struct WarmWorld {
    library: std::sync::Arc<LazyHash<Library>>,
    book: LazyHash<FontBook>,
    main: FileId,
    memory: HashMap<FileId, Bytes>,
}

impl WarmWorld {
    /// A world of the files in `memory`, compiling or evaluating `main`.
    fn new(main: FileId, memory: HashMap<FileId, Bytes>) -> Self {
        WarmWorld {
            library: library(),
            book: LazyHash::new(FontBook::new()),
            main,
            memory,
        }
    }
}

impl World for WarmWorld {
    fn library(&self) -> &LazyHash<Library> {
        &self.library
    }

    fn book(&self) -> &LazyHash<FontBook> {
        &self.book
    }

    fn main(&self) -> FileId {
        self.main
    }

    fn source(&self, id: FileId) -> FileResult<Source> {
        let bytes = self.file(id)?;
        sources::shared(id, &bytes).ok_or(FileError::InvalidUtf8)
    }

    fn file(&self, id: FileId) -> FileResult<Bytes> {
        self.memory
            .get(&id)
            .cloned()
            .ok_or_else(|| FileError::NotFound(id.vpath().get_without_slash().into()))
    }

    fn font(&self, _index: usize) -> Option<Font> {
        None
    }

    fn today(&self, _offset: Option<Duration>) -> Option<Datetime> {
        None
    }
}

/// The files being made ready, whose renders wait for them rather than make them again.
static PENDING: Mutex<Vec<FileId>> = Mutex::new(Vec::new());

/// Told when a file leaves [`PENDING`].
static READY: Condvar = Condvar::new();

/// The files the warm-up thread is to make; each stays pending until its part of this is
/// dropped, so a thread that fails to start or panics lets its waiters go.
pub(super) struct Announced {
    common: Done,
    template: Done,
}

/// Marks the files [`evaluate_default_template`] makes as pending: called before the warm-up
/// thread starts, so that no render can ask for them in between.
pub(super) fn announce() -> Announced {
    let common = file_id(COMMON_FILE);
    let template = file_id(&Template::default_builtin().file_name);
    lock(&PENDING).extend([common, template].into_iter().flatten());
    Announced {
        common: Done(common),
        template: Done(template),
    }
}

/// Waits until the warm-up thread is done with `id`, if it is making it.
pub(super) fn wait_for(id: FileId) {
    let mut pending = lock(&PENDING);
    while pending.contains(&id) {
        pending = READY.wait(pending).unwrap_or_else(|e| e.into_inner());
    }
}

/// Takes `id` out of [`PENDING`] when dropped, even if its evaluation panicked.
struct Done(Option<FileId>);

impl Drop for Done {
    fn drop(&mut self) {
        lock(&PENDING).retain(|pending| Some(*pending) != self.0);
        READY.notify_all();
    }
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

/// Parses and evaluates the shared helpers, then the default template (which imports them),
/// leaving both modules in Typst's memo cache and the parsed files in [`sources`]. The helpers
/// come first and alone, so that a render with another template waits only for them. Also
/// computes here, rather than on the render's thread, the hashes Typst keys its caches by:
/// each file's syntax tree, and each function the modules define (hashed whole on first use;
/// a few million instructions for the two files).
pub(super) fn evaluate_default_template(announced: Announced) {
    let Announced { common, template } = announced;
    let default = Template::default_builtin();
    let template_file = [(default.file_name.as_str(), default.source.as_str())];
    let memory: HashMap<FileId, Bytes> = template_file
        .iter()
        .chain(&SHARED_FILES)
        .filter_map(|(name, text)| Some((file_id(name)?, Bytes::from_string(text.to_string()))))
        .collect();
    let (Some(common_id), Some(template_id)) = (common.0, template.0) else {
        return;
    };
    let world = WarmWorld::new(template_id, memory);
    evaluate(&world, common_id);
    drop(common);
    let module = evaluate(&world, template_id);
    drop(template);
    // After the render is let go: it may hash a function itself meanwhile, at no loss (each is
    // hashed once, by whichever thread comes first).
    if let Some(module) = module {
        module.hash(&mut DefaultHasher::new());
    }
}

/// Exports a page filled in grey and in colour as PDF, and drops it: the PDF writer (krilla)
/// makes its ICC profiles, which describe those colours, on first use, each deflated there and
/// then (about 1.3 million instructions for the two a CV needs, black text being grey). Done
/// here, the render's export finds them made. A failure only leaves them to the render.
pub(super) fn warm_pdf_writer() {
    let Some(main) = file_id("cvpdf-warm-pdf.typ") else {
        return;
    };
    let page = "#set page(width: 2pt, height: 1pt, margin: 0pt)\n\
                #box(width: 1pt, height: 1pt, fill: black)#box(width: 1pt, height: 1pt, fill: blue)";
    let world = WarmWorld::new(
        main,
        HashMap::from([(main, Bytes::from_string(page.to_string()))]),
    );
    if let Ok(document) = typst::compile::<typst_layout::PagedDocument>(&world).output {
        let _ = typst_pdf::pdf(&document, &typst_pdf::PdfOptions::default());
    }
}

/// Evaluates the file `id` of `world` (memoised).
fn evaluate(world: &WarmWorld, id: FileId) -> Option<Module> {
    let source = world.source(id).ok()?;
    let mut sink = Sink::new();
    let world: &dyn World = world;
    typst_eval::eval(
        world.track(),
        world.library(),
        Traced::default().track(),
        sink.track_mut(),
        Route::default().track(),
        &source,
    )
    .ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_waiter_is_let_go_when_the_file_is_done_even_by_a_panic() {
        let id = file_id("warm-test-only.typ").expect("a valid path");
        lock(&PENDING).push(id);
        let done = Done(Some(id));
        let maker = std::thread::spawn(move || {
            let _done = done;
            std::thread::sleep(std::time::Duration::from_millis(50));
            panic!("the warm-up failed");
        });
        wait_for(id);
        assert!(!lock(&PENDING).contains(&id));
        assert!(maker.join().is_err());
    }

    #[test]
    fn a_file_nobody_makes_is_not_waited_for() {
        wait_for(file_id("never-pending.typ").expect("a valid path"));
    }
}
