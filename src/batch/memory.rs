//! How many profiles a batch renders at once, by memory: each job is admitted only while the
//! memory the running ones are expected to take leaves room for it. Most profiles are small
//! and run one per worker as before; two very large ones (a profile near the 400,000-character
//! bound takes several hundred MiB to lay out, and a page budget compiles it up to seven times)
//! run one after the other, so that a batch stays under [`BUDGET`] where two at once went
//! past a gigabyte.

use std::path::Path;
use std::sync::{Condvar, Mutex};

/// The memory the jobs running at once may be expected to take, in MiB.
pub const BUDGET: u64 = 640;

/// What a job is expected to take whatever its size (fonts and templates are shared, and
/// counted once outside the budget), in MiB.
const BASE: u64 = 16;

/// What a profile's every KiB is expected to add at the peak of its compile, in MiB per KiB
/// (measured on the largest profiles within the bounds: see docs/troubleshooting.md).
const PER_KIB: f64 = 0.8;

/// The memory expected for rendering the profile at `path`, in MiB: from its size on disk
/// (known before it is read), at most [`BUDGET`], so that any job can run alone.
pub fn expected(path: &Path) -> u64 {
    let kib = std::fs::metadata(path).map_or(0, |m| m.len() / 1024);
    (BASE + (kib as f64 * PER_KIB) as u64).min(BUDGET)
}

/// The memory handed out to running jobs, and a way to wait for more.
#[derive(Default)]
pub struct Gate {
    /// MiB expected for the jobs running now.
    taken: Mutex<u64>,
    /// Signalled when a job gives its share back.
    freed: Condvar,
}

/// A running job's share of the budget, given back when dropped.
pub struct Share<'a> {
    gate: &'a Gate,
    mib: u64,
}

impl Gate {
    /// Waits until `mib` more fit within [`BUDGET`] (at once when nothing runs), and takes it.
    pub fn admit(&self, mib: u64) -> Share<'_> {
        let mib = mib.min(BUDGET);
        let mut taken = self.taken.lock().unwrap_or_else(|e| e.into_inner());
        while *taken > 0 && *taken + mib > BUDGET {
            taken = self.freed.wait(taken).unwrap_or_else(|e| e.into_inner());
        }
        *taken += mib;
        Share { gate: self, mib }
    }
}

impl Drop for Share<'_> {
    fn drop(&mut self) {
        let mut taken = self.gate.taken.lock().unwrap_or_else(|e| e.into_inner());
        *taken = taken.saturating_sub(self.mib);
        self.gate.freed.notify_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU64, Ordering};

    #[test]
    fn large_jobs_take_turns_and_small_ones_run_beside_each_other() {
        let gate = Gate::default();
        let running = AtomicU64::new(0);
        let most = AtomicU64::new(0);
        let work = |mib: u64| {
            let _share = gate.admit(mib);
            let now = running.fetch_add(mib, Ordering::SeqCst) + mib;
            most.fetch_max(now, Ordering::SeqCst);
            std::thread::sleep(std::time::Duration::from_millis(30));
            running.fetch_sub(mib, Ordering::SeqCst);
        };
        std::thread::scope(|scope| {
            for _ in 0..4 {
                scope.spawn(|| work(BUDGET / 2 + 1));
            }
        });
        assert_eq!(most.load(Ordering::SeqCst), BUDGET / 2 + 1, "one at a time");
        most.store(0, Ordering::SeqCst);
        std::thread::scope(|scope| {
            for _ in 0..4 {
                scope.spawn(|| work(BASE));
            }
        });
        assert!(most.load(Ordering::SeqCst) > BASE, "side by side");
        // More than the budget still runs (alone).
        drop(gate.admit(BUDGET * 3));
    }
}
