//! The transposition table, shared by all search threads without locks.
//!
//! Each slot is two `AtomicU64`: the data word, and the key XORed with the data word. A reader
//! accepts a slot only if `check ^ data == key`, so a slot torn by two threads writing at once
//! reads as a miss instead of as someone else's data (the "lockless hashing" trick).
//!
//! Data word layout (bit 0 on the right):
//! ```text
//!  63      48 47   42 41 40 39    32 31       16 15        0
//! +----------+-------+-----+--------+-----------+-----------+
//! |  eval    |  generation  |bound| depth  |   score   |   move    |
//! |  i16     |  6    |  2  |  u8    |   i16     |   u16     |
//! +----------+-------+-----+--------+-----------+-----------+
//! ```
//! Slots come in buckets of two; a new entry replaces the shallower/older of the two.

mod memory;

use memory::Buckets;
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Bound {
    Exact = 1,
    Lower = 2,
    Upper = 3,
}

impl Bound {
    /// What a search result `best` of a window opened at (`alpha`, `beta`) is.
    #[inline]
    pub fn of(best: i32, alpha: i32, beta: i32) -> Bound {
        if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }

    /// Whether a stored `score` with this bound settles a node searched with (`alpha`, `beta`).
    #[inline]
    pub fn settles(self, score: i32, alpha: i32, beta: i32) -> bool {
        match self {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
        }
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub mv: u16,
    pub score: i32,
    pub eval: i32,
    pub depth: i32,
    pub bound: Bound,
}

struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

/// The slots one key may use, aligned so that a probe touches a single cache line (unaligned,
/// every other bucket of the table straddled two).
#[repr(align(32))]
struct Bucket([Slot; BUCKET]);

pub struct Tt {
    buckets: Buckets,
    generation: AtomicU8,
}

const SLOT_BYTES: usize = 16;
const BUCKET: usize = 2;

impl Tt {
    /// A table of about `mb` megabytes (at least one bucket).
    pub fn new(mb: usize) -> Tt {
        match Tt::try_new(mb) {
            Some(t) => t,
            None => Tt::try_new(1).expect("a one-megabyte table can be allocated"),
        }
    }

    /// Like `new`, but `None` when the memory cannot be had.
    pub fn try_new(mb: usize) -> Option<Tt> {
        let count = (mb.max(1) * 1024 * 1024 / SLOT_BYTES / BUCKET).max(1);
        let buckets = Buckets::zeroed(count)?;
        Some(Tt {
            buckets,
            generation: AtomicU8::new(0),
        })
    }

    /// Empties every slot. Not to be called while a search runs.
    pub fn clear(&self) {
        for s in self.buckets.iter().flat_map(|b| &b.0) {
            s.check.store(0, Ordering::Relaxed);
            s.data.store(0, Ordering::Relaxed);
        }
        self.generation.store(0, Ordering::Relaxed);
    }

    /// Starts a new search: older entries become preferred victims.
    pub fn new_search(&self) {
        let g = self.generation.load(Ordering::Relaxed);
        self.generation.store((g + 1) & 0x3f, Ordering::Relaxed);
    }

    #[inline]
    fn bucket(&self, key: u64) -> &Bucket {
        let n = self.buckets.len() as u128;
        &self.buckets[((key as u128 * n) >> 64) as usize]
    }

    /// Asks the processor to start loading the bucket of `key`, so that the probe a little
    /// later (after a move is made) does not wait for main memory.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let p: *const Bucket = self.bucket(key);
            // SAFETY: a prefetch is only a hint and never faults; the address is a live bucket.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(p.cast()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.bucket(key).0.iter().find_map(|s| {
            let data = s.data.load(Ordering::Relaxed);
            let check = s.check.load(Ordering::Relaxed);
            (data != 0 && check ^ data == key).then(|| unpack(data))?
        })
    }

    pub fn store(&self, key: u64, entry: Entry) {
        let generation = u64::from(self.generation.load(Ordering::Relaxed));
        let bucket = &self.bucket(key).0;
        let mut victim = 0;
        let mut worst = i32::MAX;
        for (i, s) in bucket.iter().enumerate() {
            let data = s.data.load(Ordering::Relaxed);
            let check = s.check.load(Ordering::Relaxed);
            if data == 0 {
                return write(s, key, pack(entry, generation));
            }
            if check ^ data == key {
                let Some(old) = unpack(data) else {
                    return write(s, key, pack(entry, generation));
                };
                // A much deeper result of this search stays unless the new one is exact: a
                // shallow bound (a null-window or quiescence probe) would throw away work.
                let old_gen = (data >> 42) & 0x3f;
                if old_gen == generation
                    && entry.bound != Bound::Exact
                    && entry.depth + 3 < old.depth
                {
                    return;
                }
                // Keep the old move when the new entry has none for this position.
                let mut e = entry;
                if e.mv == 0 {
                    e.mv = old.mv;
                }
                return write(s, key, pack(e, generation));
            }
            let old_gen = (data >> 42) & 0x3f;
            let age = ((generation + 64 - old_gen) & 0x3f) as i32;
            let value = ((data >> 32) & 0xff) as i32 - 8 * age;
            if value < worst {
                worst = value;
                victim = i;
            }
        }
        write(&bucket[victim], key, pack(entry, generation));
    }

    /// Permille of a sample of slots filled in the current search.
    pub fn hashfull(&self) -> u32 {
        let generation = u64::from(self.generation.load(Ordering::Relaxed));
        let sample = self.buckets.len().min(1000) * BUCKET;
        let used = self
            .buckets
            .iter()
            .take(sample / BUCKET)
            .flat_map(|b| &b.0)
            .filter(|s| {
                let d = s.data.load(Ordering::Relaxed);
                d != 0 && (d >> 42) & 0x3f == generation
            })
            .count();
        (used * 1000 / sample.max(1)) as u32
    }
}

fn write(s: &Slot, key: u64, data: u64) {
    s.data.store(data, Ordering::Relaxed);
    s.check.store(key ^ data, Ordering::Relaxed);
}

fn pack(e: Entry, generation: u64) -> u64 {
    let clamp16 = |v: i32| (v.clamp(i16::MIN as i32, i16::MAX as i32) as i16 as u16) as u64;
    u64::from(e.mv)
        | clamp16(e.score) << 16
        | (e.depth.clamp(0, 255) as u64) << 32
        | (e.bound as u64) << 40
        | (generation & 0x3f) << 42
        | clamp16(e.eval) << 48
}

fn unpack(data: u64) -> Option<Entry> {
    let bound = match (data >> 40) & 3 {
        1 => Bound::Exact,
        2 => Bound::Lower,
        3 => Bound::Upper,
        _ => return None,
    };
    Some(Entry {
        mv: data as u16,
        score: i32::from((data >> 16) as u16 as i16),
        depth: ((data >> 32) & 0xff) as i32,
        bound,
        eval: i32::from((data >> 48) as u16 as i16),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(mv: u16, depth: i32) -> Entry {
        Entry {
            mv,
            score: -1234,
            eval: 56,
            depth,
            bound: Bound::Lower,
        }
    }

    #[test]
    fn stores_and_finds_entries_by_key() {
        let tt = Tt::new(1);
        tt.store(0xdead_beef, entry(77, 5));
        assert_eq!(tt.probe(0xdead_beef), Some(entry(77, 5)));
        assert_eq!(tt.probe(0xdead_beee), None);
    }

    #[test]
    fn a_shallow_bound_does_not_replace_a_deep_entry_of_the_same_search() {
        let tt = Tt::new(1);
        tt.store(7, entry(11, 12));
        tt.store(7, entry(0, 2));
        assert_eq!(tt.probe(7).map(|e| (e.mv, e.depth)), Some((11, 12)));
        let exact = Entry {
            bound: Bound::Exact,
            ..entry(0, 2)
        };
        tt.store(7, exact);
        assert_eq!(tt.probe(7).map(|e| (e.mv, e.depth)), Some((11, 2)));
        // In a later search the old entry is only a hint and is replaced.
        tt.store(7, entry(5, 12));
        tt.new_search();
        tt.store(7, entry(6, 1));
        assert_eq!(tt.probe(7).map(|e| (e.mv, e.depth)), Some((6, 1)));
    }

    #[test]
    fn a_torn_slot_reads_as_a_miss() {
        let tt = Tt::new(1);
        let key = 42u64 << 40;
        tt.store(key, entry(1, 1));
        tt.bucket(key).0[0]
            .data
            .store(pack(entry(2, 9), 0), Ordering::Relaxed);
        assert_eq!(tt.probe(key), None);
    }

    #[test]
    fn buckets_sit_in_one_cache_line() {
        let tt = Tt::new(1);
        let line = |p: *const Slot| p as usize / 64;
        for key in [0u64, 1 << 60, u64::MAX, 0x9e37_79b9_7f4a_7c15] {
            let b = &tt.bucket(key).0;
            assert_eq!(line(&b[0]), line(&b[BUCKET - 1]));
        }
    }

    #[test]
    fn deeper_entries_survive_in_a_full_bucket() {
        let tt = Tt::new(1);
        // Three keys in the same bucket: the low bits differ, the high bits pick the bucket.
        let keys = [1u64, 2, 3];
        tt.store(keys[0], entry(1, 10));
        tt.store(keys[1], entry(2, 1));
        tt.store(keys[2], entry(3, 4));
        assert!(tt.probe(keys[0]).is_some());
        assert!(tt.probe(keys[1]).is_none());
        assert!(tt.probe(keys[2]).is_some());
        tt.clear();
        assert!(tt.probe(keys[0]).is_none());
    }
}
