//! How many threads rayon's global pool starts with: the pool on which Typst lays out page
//! runs side by side and the PDF writer compresses the pages' content while it embeds fonts.
//!
//! Rayon's default is a thread per core, which suits a batch: its workers compile at once and
//! share the pool. A run that renders one profile at a time hands the pool little (a
//! document's page streams), and a second pool thread there only wakes, spins and competes
//! for the two cores with the render's own thread and the warm-up thread: with one, a cold
//! render of the bundled CV took 1–4% less wall time and 2–3% less CPU time (interleaved runs
//! with the official compiler, 60–100 rounds). So a run that knows it renders one profile at
//! a time says so ([`one_render_at_a_time`]) before the warm-up thread starts the pool
//! ([`start`]); `RAYON_NUM_THREADS`, when set, decides instead.

use std::sync::atomic::{AtomicBool, Ordering};

/// Whether the run renders one profile at a time.
static ONE_AT_A_TIME: AtomicBool = AtomicBool::new(false);

/// Tells the pool, if it has not started yet, that the run renders one profile at a time.
/// (Started already, it keeps its size: a larger pool is only a little slower.)
pub fn one_render_at_a_time() {
    ONE_AT_A_TIME.store(true, Ordering::Relaxed);
}

/// Starts the global pool, with one thread if the run said it renders one profile at a
/// time, unless `RAYON_NUM_THREADS` is set.
pub(super) fn start() {
    if ONE_AT_A_TIME.load(Ordering::Relaxed) && std::env::var_os("RAYON_NUM_THREADS").is_none() {
        // An error means the pool has started already, with its size.
        let _ = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build_global();
    }
    rayon::current_num_threads();
}
