//! Which thread of a batch renders which profile, by the memory a profile takes. Very large
//! profiles (near the 400,000-character bound a compile takes several hundred MiB, and a page
//! budget compiles up to seven times) are rendered one after another on one worker thread;
//! the others take the rest. Run side by side on two threads, two such CVs held twice the
//! memory, and rendered one after the other on two threads they held it too: the allocator
//! keeps what a thread freed for that thread's next allocations (glibc's arenas), so a second
//! thread's compile could not reuse the first one's memory. Measured on two page-budgeted
//! variants of a 600 KB profile: 1.28 GB on two threads, 0.68 GB on one.

use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};

/// From this size on disk a profile is rendered on the thread for large ones: well below
/// the profiles whose compile takes hundreds of MiB, and well above every ordinary CV (the
/// bundled ones are 5–20 KB).
pub const LARGE: u64 = 160 * 1024;

/// Whether the profile at `path` is large (by its size on disk, known before it is read).
pub fn is_large(path: &Path) -> bool {
    std::fs::metadata(path).is_ok_and(|m| m.len() >= LARGE)
}

/// A batch's jobs in two queues, each handed out once: the large ones to the one thread that
/// takes them, the others to every thread.
pub struct Queues {
    /// Indices of the large jobs, in order.
    large: Vec<usize>,
    /// Indices of the others, in order.
    small: Vec<usize>,
    /// How many of each have been handed out.
    next_large: AtomicUsize,
    next_small: AtomicUsize,
}

impl Queues {
    /// The queues of jobs `0..count`, `large(i)` saying which are large.
    pub fn new(count: usize, large: impl Fn(usize) -> bool) -> Self {
        let (large, small) = (0..count).partition(|&i| large(i));
        Self {
            large,
            small,
            next_large: AtomicUsize::new(0),
            next_small: AtomicUsize::new(0),
        }
    }

    /// The next job for a thread: the thread that `takes_large` gets the large jobs first,
    /// then helps with the rest; `None` when nothing is left for it.
    pub fn next(&self, takes_large: bool) -> Option<usize> {
        if takes_large {
            let at = self.next_large.fetch_add(1, Ordering::Relaxed);
            if let Some(&i) = self.large.get(at) {
                return Some(i);
            }
        }
        let at = self.next_small.fetch_add(1, Ordering::Relaxed);
        self.small.get(at).copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn large_jobs_go_to_one_thread_and_every_job_is_handed_out_once() {
        let queues = Queues::new(7, |i| i % 3 == 0);
        // Another thread never gets a large job.
        let mut others = Vec::new();
        while let Some(i) = queues.next(false) {
            others.push(i);
            if others.len() == 2 {
                break;
            }
        }
        assert_eq!(others, [1, 2]);
        let mut first = Vec::new();
        while let Some(i) = queues.next(true) {
            first.push(i);
        }
        assert_eq!(first, [0, 3, 6, 4, 5]);
        assert_eq!(queues.next(false), None);
        assert_eq!(queues.next(true), None);
    }

    #[test]
    fn a_profile_is_large_by_its_size_on_disk() {
        let dir = tempfile::tempdir().unwrap();
        let (small, large) = (dir.path().join("s.yaml"), dir.path().join("l.yaml"));
        std::fs::write(&small, "name: A\n").unwrap();
        std::fs::write(&large, vec![b'#'; LARGE as usize]).unwrap();
        assert!(!is_large(&small) && is_large(&large));
        assert!(!is_large(&dir.path().join("missing.yaml")));
    }
}
