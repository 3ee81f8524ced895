//! Writing `--timings`' trace: the events Typst's timer recorded (see `crate::timings`), each
//! of the compile's with the file and line of its template call.

use std::num::NonZeroU64;
use std::path::Path;
use std::sync::{Arc, Mutex};

use typst::syntax::Span;
use typst::{World, WorldExt};
use typst_kit::diagnostics::DiagnosticWorld;

use crate::diag::Problem;
use crate::world::CvWorld;

/// The worlds compiled while the timer was on, to give the spans of Typst's scopes their file
/// and line when the trace is written. Only the last few are kept: a span of an older
/// profile's generated file is named by the newest one's (the templates, which is what the
/// lines are read for, are the same in every world).
static WORLDS: Mutex<Vec<Arc<CvWorld>>> = Mutex::new(Vec::new());

/// How many worlds [`WORLDS`] keeps.
const KEPT_WORLDS: usize = 4;

/// Keeps `world` for naming spans, if the timer is on.
pub(crate) fn remember(world: &Arc<CvWorld>) {
    if !typst_timing::is_enabled() {
        return;
    }
    let mut worlds = WORLDS.lock().unwrap_or_else(|e| e.into_inner());
    if worlds.len() == KEPT_WORLDS {
        worlds.remove(0);
    }
    worlds.push(world.clone());
}

/// Whether a trace may be written at `path`: nothing is there, or a trace is (cvpdf never
/// replaces a file it did not write).
pub fn may_write(path: &Path) -> Result<(), Problem> {
    // Asked before the run, not found out after a long batch.
    let folder = crate::output::parent_dir(path);
    if !folder.is_dir() {
        return Err(Problem::error(format!(
            "cannot write the timings to {}: {} is not a folder",
            path.display(),
            folder.display()
        )));
    }
    let is_trace = |bytes: &[u8]| bytes == b"[]" || bytes.starts_with(br#"[{"name":"#);
    crate::ownership::may_replace(
        path,
        b"",
        crate::ownership::Recorded::Unknown,
        crate::ownership::Mark::Content(&is_trace),
        "choose another file for --timings",
    )
    .map_err(|refused| Problem::error(refused.to_string()))
}

/// Writes what was recorded to `path` (atomically) as a Chrome trace and stops recording.
pub fn finish(path: &Path) -> Result<(), Problem> {
    typst_timing::disable();
    may_write(path)?;
    let worlds = std::mem::take(&mut *WORLDS.lock().unwrap_or_else(|e| e.into_inner()));
    let mut json = Vec::new();
    typst_timing::export_json(&mut json, |raw| place(&worlds, raw)).map_err(Problem::error)?;
    crate::output::write_atomic(path, &json).map_err(|e| {
        Problem::error(format!(
            "cannot write the timings to {}: {e}",
            path.display()
        ))
    })
}

/// The file and line (1-based) of the span `raw`, as the newest world that has its file
/// names them; `("", 0)` when none does.
fn place(worlds: &[Arc<CvWorld>], raw: NonZeroU64) -> (String, u32) {
    let span = Span::from_raw(raw);
    let Some(id) = span.id() else {
        return (String::new(), 0);
    };
    for world in worlds.iter().rev() {
        let Ok(source) = world.source(id) else {
            continue;
        };
        let line = world
            .range(span)
            .and_then(|range| source.lines().byte_to_line(range.start))
            .map_or(0, |line| line as u32 + 1);
        return (world.name(id), line);
    }
    (id.vpath().get_without_slash().to_string(), 0)
}
