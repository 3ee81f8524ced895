//! `cvpdf render --timings FILE`: where a run's time goes, as a Chrome trace (open it in
//! `chrome://tracing` or Perfetto), the same format as `typst compile --timings`.
//!
//! cvpdf's own stages (loading, validation, style, source generation, world set-up, the
//! compile, the export, the write, the fingerprint) are scopes of Typst's own timer, so one
//! file holds them and, inside the compile, Typst's scopes: each template function call with
//! its file and line. When the timer is off (every run without `--timings`), a scope costs
//! one relaxed atomic load. Writing the trace, with the places of the template's calls, is
//! `render::trace`'s.

use typst_timing::TimingScope;

/// Times the enclosing block as `name` while the timer is on: `let _t = scope("load");`.
#[inline]
pub fn scope(name: &'static str) -> Option<TimingScope> {
    TimingScope::new(name)
}

/// Runs `f` timed as `name`.
#[inline]
pub fn timed<T>(name: &'static str, f: impl FnOnce() -> T) -> T {
    let _t = scope(name);
    f()
}

/// Starts recording (for the rest of the process).
pub fn start() {
    typst_timing::enable();
}
