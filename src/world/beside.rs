//! How the warm-up thread keeps out of the render's way on a machine of few cores.
//!
//! Linux may start a new thread on the core of the thread that starts it, ahead of it, while
//! another core idles: the idle core takes a waiting thread over only at the busy core's next
//! scheduler tick (4 ms at this kernel's 250 Hz). Traced with `--timings` and `perf sched`,
//! starting the warm-up thread left the render's thread waiting 0.9–4.6 ms in 15 of 20 cold
//! renders, the warm-up thread running on its core with the other one idle. So the warm-up
//! thread first steps off the core its starter ran on when it finds itself there: the kernel
//! moves it at once. (Running it at a lower priority as well, nice 10, measured no different
//! once it steps aside; before, it had shortened the render's waits by about half.)

/// The core the calling thread runs on, for [`step_aside`] on a thread it starts.
pub(super) fn current_core() -> Option<usize> {
    #[cfg(target_os = "linux")]
    {
        Some(rustix::thread::sched_getcpu())
    }
    #[cfg(not(target_os = "linux"))]
    {
        None
    }
}

/// Moves the calling thread off `starter_core` if it runs there and may run elsewhere, then
/// allows it every core it had again (it stays where it was moved while that core is free).
/// A refusal changes only where the threads run.
pub(super) fn step_aside(starter_core: Option<usize>) {
    #[cfg(target_os = "linux")]
    {
        use rustix::thread::{sched_getaffinity, sched_getcpu, sched_setaffinity, CpuSet};
        let starter_core = starter_core.filter(|&core| core < CpuSet::MAX_CPU);
        if let (Some(core), Ok(allowed)) = (starter_core, sched_getaffinity(None)) {
            let mut elsewhere = allowed;
            elsewhere.unset(core);
            if sched_getcpu() == core
                && elsewhere.count() > 0
                && sched_setaffinity(None, &elsewhere).is_ok()
            {
                let _ = sched_setaffinity(None, &allowed);
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = starter_core;
}

#[cfg(all(test, target_os = "linux"))]
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
    fn a_thread_on_its_starters_core_moves_off_it_and_keeps_every_core() {
        let before = allowed();
        let core = current_core().expect("a core on Linux");
        let expected = before.clone();
        std::thread::spawn(move || {
            let (before, inherited) = (expected, sched_getaffinity(None).expect("affinity"));
            // Onto the starter's core, as the scheduler may start it, with every core allowed.
            let mut only = rustix::thread::CpuSet::new();
            only.set(core);
            rustix::thread::sched_setaffinity(None, &only).expect("pinned");
            rustix::thread::sched_setaffinity(None, &inherited).expect("unpinned");
            assert_eq!(rustix::thread::sched_getcpu(), core);
            step_aside(Some(core));
            assert_eq!(allowed(), before, "every core allowed again");
            if before.len() > 1 {
                assert_ne!(rustix::thread::sched_getcpu(), core, "moved off the core");
            }
            // A core number the system cannot have, and none: nothing changes.
            step_aside(Some(usize::MAX));
            step_aside(None);
            assert_eq!(allowed(), before);
        })
        .join()
        .expect("stepping aside does not panic");
        assert_eq!(allowed(), before, "the starter's cores are its own");
    }
}
