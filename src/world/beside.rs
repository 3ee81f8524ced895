//! How the warm-up thread keeps out of the render's way on a machine of few cores.
//!
//! Linux may start a new thread on the core of the thread that starts it, ahead of it, while
//! another core idles: the idle core takes a waiting thread over only at the busy core's next
//! scheduler tick (4 ms at this kernel's 250 Hz). Traced with `--timings` and `perf sched`,
//! starting the warm-up thread left the render's thread waiting 0.9–4.6 ms in 15 of 20 cold
//! renders, the warm-up thread running on its core with the other one idle. So the warm-up
//! thread first steps off the core the main thread last ran on when it finds itself there:
//! the kernel moves it at once. (Running it at a lower priority as well, nice 10, measured no
//! different once it steps aside; before, it had shortened the render's waits by about half.)
//!
//! Linux only (`sched_setaffinity`, `/proc`); elsewhere the module is not built.

/// Moves the calling thread off the core of the process's main thread (the render's, or the
/// command's) if it runs there and may run elsewhere; see [`step_off`].
pub(super) fn step_aside() {
    step_off(last_core("/proc/self/stat"));
}

/// The core a thread last ran on, from its `stat` file in `/proc` (field 39). (Asked of
/// `/proc` rather than of the vDSO, which some tools, valgrind among them, do not provide.)
fn last_core(stat: &str) -> Option<usize> {
    let text = std::fs::read_to_string(stat).ok()?;
    // The command name, field 2, is in parentheses and may hold spaces and parentheses.
    let (_, after_name) = text.rsplit_once(')')?;
    after_name.split_whitespace().nth(36)?.parse().ok()
}

/// Moves the calling thread off `core` if it runs there and may run elsewhere, then allows it
/// every core it had again (it stays where it was moved while that core is free). A refusal
/// changes only where the threads run.
fn step_off(core: Option<usize>) {
    use rustix::thread::{sched_getaffinity, sched_setaffinity, CpuSet};
    let core = core.filter(|&core| core < CpuSet::MAX_CPU);
    if let (Some(core), Ok(allowed)) = (core, sched_getaffinity(None)) {
        let mut elsewhere = allowed;
        elsewhere.unset(core);
        if last_core("/proc/thread-self/stat") == Some(core)
            && elsewhere.count() > 0
            && sched_setaffinity(None, &elsewhere).is_ok()
        {
            let _ = sched_setaffinity(None, &allowed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rustix::thread::sched_getaffinity;

    /// The cores a thread may run on, as a list.
    fn allowed() -> Vec<usize> {
        let set = sched_getaffinity(None).expect("the thread's affinity");
        (0..rustix::thread::CpuSet::MAX_CPU)
            .filter(|&c| set.is_set(c))
            .collect()
    }

    #[test]
    fn the_last_core_is_field_39_even_after_a_name_with_parentheses() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let stat = dir.path().join("stat");
        let mut fields: Vec<String> = (3..=52).map(|n| n.to_string()).collect();
        fields[39 - 3] = "7".into();
        let line = format!("42 (a) b (c) {}\n", fields.join(" "));
        std::fs::write(&stat, line).expect("written");
        assert_eq!(last_core(stat.to_str().expect("UTF-8")), Some(7));
        std::fs::write(&stat, "42 (cut) R 1").expect("written");
        assert_eq!(last_core(stat.to_str().expect("UTF-8")), None);
        assert_eq!(last_core("/nonexistent/stat"), None);
    }

    #[test]
    fn a_thread_on_its_starters_core_moves_off_it_and_keeps_every_core() {
        let before = allowed();
        let core = last_core("/proc/thread-self/stat").expect("a core on Linux");
        std::thread::spawn(move || {
            let (inherited, every) = (allowed(), sched_getaffinity(None).expect("affinity"));
            // Onto the starter's core, as the scheduler may start it, with every core allowed.
            let mut only = rustix::thread::CpuSet::new();
            only.set(core);
            rustix::thread::sched_setaffinity(None, &only).expect("pinned");
            rustix::thread::sched_setaffinity(None, &every).expect("unpinned");
            assert_eq!(last_core("/proc/thread-self/stat"), Some(core));
            step_off(Some(core));
            assert_eq!(allowed(), inherited, "every core allowed again");
            if inherited.len() > 1 {
                assert_ne!(last_core("/proc/thread-self/stat"), Some(core), "moved off");
            }
            // A core number the system cannot have, and none: nothing changes.
            step_off(Some(usize::MAX));
            step_off(None);
            assert_eq!(allowed(), inherited);
        })
        .join()
        .expect("stepping aside does not panic");
        assert_eq!(allowed(), before, "the starter's cores are its own");
    }
}
