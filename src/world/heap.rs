//! The first render's memory, made ready on the warm-up thread.
//!
//! A cold render touches about 8 MB of heap for the first time, and each first touch of a page
//! is a page fault: about 2 µs on a virtual machine, some 2,000 of them on the render's own
//! thread, a tenth of its time. So the render's thread borrows that much of its own heap before
//! it allocates much ([`Borrowed::new`]), and the warm-up thread, idle once the template is
//! made, writes to every page of it and hands it back ([`Borrowed::touch`]): the render then
//! allocates from pages that are already there.
//!
//! This leans on the system allocator, without `unsafe`. GNU libc serves a block below its
//! mapping threshold from the heap of the thread that asks, takes a freed block back into that
//! heap for reuse (whichever thread frees it), and, when a block it mapped on its own is freed,
//! raises the mapping threshold to that block's size and its trimming threshold to twice that
//! (`mallopt(3)`, `M_MMAP_THRESHOLD`). Elsewhere it costs one thread writing a byte per page of
//! 8 MB and changes nothing a render computes.
//!
//! It helps where the thread that starts the first renderer also renders: one profile, or
//! `--jobs 1`. A batch on several workers renders on their own heaps, so there the borrowed
//! memory only waits in the first thread's heap for later reuse: a few milliseconds of the
//! warm-up thread's time in a batch of seconds, and no measurable change in its peak memory
//! (a batch of 100: 50.8 MiB, as before within this machine's noise).

/// About what a cold render of the bundled CV allocates on its own thread (its heap's peak is
/// 7.5 MB); more would only raise the process's peak memory.
const RESERVE: usize = 8 << 20;

/// The memory goes back in pieces, so the render reuses the first while the last are touched.
const PIECE: usize = 512 << 10;

/// The size of the block whose release lifts the allocator's mapping threshold above
/// [`PIECE`] (and its trimming threshold to twice this). Larger, it would also keep a render's
/// big buffers in the heap, but a batch would keep more freed memory: at 16 MiB a batch of 100
/// peaked at 59 MiB instead of 50, for no gain in a cold render.
const THRESHOLD: usize = 1 << 20;

/// The smallest page size of the platforms cvpdf runs on (touching a larger page more than
/// once costs nothing).
const PAGE: usize = 4096;

/// Memory borrowed from the heap of the thread that renders, not yet touched.
pub(super) struct Borrowed(Vec<Vec<u8>>);

impl Borrowed {
    /// Borrows [`RESERVE`] bytes of the calling thread's heap, after lifting the allocator's
    /// thresholds. Call it on the thread that renders, before it allocates much. What the
    /// system will not lend is not borrowed.
    pub(super) fn new() -> Borrowed {
        let mut lift = Vec::<u8>::new();
        if lift.try_reserve_exact(THRESHOLD).is_ok() {
            drop(std::hint::black_box(lift));
        }
        let mut pieces = Vec::with_capacity(RESERVE / PIECE);
        for _ in 0..RESERVE / PIECE {
            let mut piece = Vec::<u8>::new();
            if piece.try_reserve_exact(PIECE).is_err() {
                break;
            }
            pieces.push(std::hint::black_box(piece));
        }
        Borrowed(pieces)
    }

    /// Writes to every page of the borrowed memory and frees it, a piece at a time.
    pub(super) fn touch(self) {
        for mut piece in self.0 {
            for byte in piece.spare_capacity_mut().iter_mut().step_by(PAGE) {
                byte.write(0);
            }
            drop(std::hint::black_box(piece));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn borrows_the_reserve_in_pieces_and_touching_gives_it_back() {
        let borrowed = Borrowed::new();
        assert_eq!(borrowed.0.len(), RESERVE / PIECE);
        assert!(borrowed
            .0
            .iter()
            .all(|p| p.capacity() >= PIECE && p.is_empty()));
        // Freed on another thread, as the warm-up does.
        std::thread::spawn(move || borrowed.touch())
            .join()
            .expect("touching does not panic");
    }
}
