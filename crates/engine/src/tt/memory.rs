//! The table's memory: one allocation asked of the system already zeroed.
//!
//! A large zeroed request is served by fresh pages that the OS maps on first touch, so making a
//! table of any size costs next to nothing until the search writes to it: no start-up delay
//! for `ucciok`/`uciok`, no stall of `readyok` after a `Hash` change, and no need to zero
//! the memory by hand (which touched every page and made all of it resident at once). An
//! emptied slot is all zero bits, which is also a valid `AtomicU64`, so the zeroed memory is a
//! table of empty slots as it stands.

use super::Bucket;
use std::alloc::Layout;
use std::ptr::NonNull;

/// Every table reserves at least this much address space (only the slots in use are ever
/// touched, so only they become resident). glibc serves a request this large with its own
/// `mmap`, hands it out without clearing it (fresh pages are zero) and unmaps it on free,
/// whatever its dynamic threshold has grown to (at most 32 MiB); a smaller table would come
/// from the heap, which must clear it, and whose freed middle stays resident.
const MIN_RESERVE_BYTES: usize = 32 * 1024 * 1024 + 4096;

/// The system allocator hands out zeroed memory cheaply (`calloc`) only up to this alignment;
/// the buckets' stricter alignment is made by hand inside the allocation.
const SYSTEM_ALIGN: usize = 16;

pub(super) struct Buckets {
    first: NonNull<Bucket>,
    len: usize,
    base: NonNull<u8>,
    layout: Layout,
}

// SAFETY: `Buckets` owns its allocation like a `Box<[Bucket]>`, and `Bucket` (atomics only) is
// itself `Send` and `Sync`.
unsafe impl Send for Buckets {}
unsafe impl Sync for Buckets {}

impl Buckets {
    /// `len` empty buckets, or `None` when the memory cannot be had.
    pub(super) fn zeroed(len: usize) -> Option<Buckets> {
        let align = std::mem::align_of::<Bucket>();
        let bytes = len
            .checked_mul(std::mem::size_of::<Bucket>())?
            .max(MIN_RESERVE_BYTES)
            .checked_add(align)?;
        let layout = Layout::from_size_align(bytes, SYSTEM_ALIGN).ok()?;
        // SAFETY: the layout has a non-zero size.
        let base = NonNull::new(unsafe { std::alloc::alloc_zeroed(layout) })?;
        let offset = base.as_ptr().align_offset(align);
        if offset >= align {
            // SAFETY: allocated above with this layout, and not used.
            unsafe { std::alloc::dealloc(base.as_ptr(), layout) };
            return None;
        }
        huge_pages(base.as_ptr(), bytes);
        // SAFETY: `offset < align`, and the allocation has `align` bytes beyond the buckets.
        let first = unsafe { base.add(offset) }.cast::<Bucket>();
        Some(Buckets {
            first,
            len,
            base,
            layout,
        })
    }
}

/// The size of a huge page on x86-64 and AArch64 Linux.
#[cfg(target_os = "linux")]
const HUGE_PAGE: usize = 2 << 20;

/// Asks Linux to back the whole huge pages inside `bytes` at `start` with huge pages, where
/// the system leaves that to each program (transparent huge pages in `madvise` mode, the
/// default of many distributions). A probe reads a random slot of the table at every node: on
/// 4 KiB pages nearly each one also misses the address translation cache, which a 2 MiB page
/// covers 512 times over. Nothing is touched, so nothing becomes resident; a refusal (an old
/// kernel, huge pages off) leaves ordinary pages, as without the call.
#[cfg(target_os = "linux")]
fn huge_pages(start: *mut u8, bytes: usize) {
    unsafe extern "C" {
        fn madvise(
            addr: *mut std::ffi::c_void,
            len: usize,
            advice: std::ffi::c_int,
        ) -> std::ffi::c_int;
    }
    const MADV_HUGEPAGE: std::ffi::c_int = 14;
    let offset = start.align_offset(HUGE_PAGE);
    let Some(len) = bytes.checked_sub(offset) else {
        return;
    };
    let len = len - len % HUGE_PAGE;
    if offset == usize::MAX || len == 0 {
        return;
    }
    // SAFETY: the range lies inside this allocation (offset and length checked above), and
    // the advice changes only how the kernel backs its pages, not their contents or mapping.
    unsafe {
        madvise(start.add(offset).cast(), len, MADV_HUGEPAGE);
    }
}

#[cfg(not(target_os = "linux"))]
fn huge_pages(_start: *mut u8, _bytes: usize) {}

impl std::ops::Deref for Buckets {
    type Target = [Bucket];

    fn deref(&self) -> &[Bucket] {
        // SAFETY: `first` is aligned for `Bucket` and followed by `len` buckets of zeroed or
        // since-written memory of this allocation; a bucket holds only atomics, for which all
        // zero bits are a valid value; shared access goes through the atomics.
        unsafe { std::slice::from_raw_parts(self.first.as_ptr(), self.len) }
    }
}

impl Drop for Buckets {
    fn drop(&mut self) {
        // SAFETY: allocated in `zeroed` with this layout, freed once.
        unsafe { std::alloc::dealloc(self.base.as_ptr(), self.layout) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::Ordering;

    #[test]
    fn buckets_are_aligned_and_empty() {
        for len in [1, 7, 1 << 16] {
            let b = Buckets::zeroed(len).expect("a small table");
            assert_eq!(b.len(), len);
            assert_eq!(b.as_ptr() as usize % std::mem::align_of::<Bucket>(), 0);
            let zero = b.iter().flat_map(|b| &b.0).all(|s| {
                s.data.load(Ordering::Relaxed) == 0 && s.check.load(Ordering::Relaxed) == 0
            });
            assert!(zero);
        }
    }

    #[test]
    fn an_impossible_size_is_refused() {
        assert!(Buckets::zeroed(usize::MAX / 8).is_none());
    }

    /// The point of the module: a big table is not resident until used. Other tests of this
    /// process allocate at the same time, but nowhere near the gigabyte this one would add.
    #[cfg(target_os = "linux")]
    #[test]
    fn a_new_table_is_not_resident() {
        let resident = || -> usize {
            let statm = std::fs::read_to_string("/proc/self/statm").unwrap_or_default();
            let pages: usize = statm
                .split_whitespace()
                .nth(1)
                .and_then(|v| v.parse().ok())
                .unwrap_or(0);
            pages * 4096
        };
        let before = resident();
        let gib = (1usize << 30) / std::mem::size_of::<Bucket>();
        let b = Buckets::zeroed(gib).expect("a gigabyte of address space");
        let grown = resident().saturating_sub(before);
        assert!(
            grown < 256 << 20,
            "a new 1 GiB table made {grown} bytes resident"
        );
        drop(b);
    }

    /// Where the system offers huge pages to programs that ask, a table's touched memory is
    /// backed by them (the tests of this process add to the count, never take from it).
    #[cfg(target_os = "linux")]
    #[test]
    fn a_table_asks_for_huge_pages() {
        let mode = std::fs::read_to_string("/sys/kernel/mm/transparent_hugepage/enabled");
        if !mode.is_ok_and(|m| m.contains("[madvise]") || m.contains("[always]")) {
            return;
        }
        let huge = || -> u64 {
            let rollup = std::fs::read_to_string("/proc/self/smaps_rollup").unwrap_or_default();
            rollup
                .lines()
                .find(|l| l.starts_with("AnonHugePages:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
                .unwrap_or(0)
        };
        let before = huge();
        let b = Buckets::zeroed((64 << 20) / std::mem::size_of::<Bucket>()).expect("64 MiB");
        for bucket in b.iter().step_by(4096 / std::mem::size_of::<Bucket>()) {
            bucket.0[0].data.store(1, Ordering::Relaxed);
        }
        let after = huge();
        drop(b);
        assert!(
            after >= before + 2048,
            "huge pages: {before} kB, then {after} kB"
        );
    }
}
