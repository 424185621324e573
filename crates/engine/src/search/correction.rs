//! Correction history: how far the static evaluation has missed what the search then found,
//! learned per side to move for the placements of each side's pieces (the game names them by
//! two keys, one a side). A node's evaluation is moved by what the positions sharing those
//! placements taught, before pruning reads it; the table keeps the raw evaluation, since the
//! correction changes as the search learns.
//!
//! Each entry is bounded by the same "gravity" as the histories: `e += b − e·|b| / LIMIT`.

use super::history::gravity_within;

/// Entries a side to move and a key.
const SIZE: usize = 16_384;
/// Magnitude bound of an entry.
const LIMIT: i32 = 1_024;
/// An entry's worth in evaluation units is `entry / GRAIN` (each key at most ±64).
const GRAIN: i32 = 16;

pub struct Correction {
    /// `[side to move][key][index]`.
    table: Vec<i16>,
}

impl Default for Correction {
    fn default() -> Self {
        Correction {
            table: vec![0; 2 * 2 * SIZE],
        }
    }
}

impl Correction {
    #[inline]
    fn index(side: usize, which: usize, key: u64) -> usize {
        // The top bits: a Zobrist key's bits are all alike random, and a shift needs no mask.
        (side * 2 + which) * SIZE + (key >> (64 - SIZE.trailing_zeros())) as usize
    }

    /// What to add to the static evaluation of a position with these keys.
    #[inline]
    pub fn of(&self, side: usize, keys: [u64; 2]) -> i32 {
        let e = |w: usize| i32::from(self.table[Self::index(side, w, keys[w])]);
        (e(0) + e(1)) / GRAIN
    }

    /// Learns from a search of `depth` that found `diff` more than the corrected evaluation.
    pub fn update(&mut self, side: usize, keys: [u64; 2], diff: i32, depth: i32) {
        let bonus = (diff * depth / 8).clamp(-LIMIT / 4, LIMIT / 4);
        for (w, &key) in keys.iter().enumerate() {
            gravity_within(&mut self.table[Self::index(side, w, key)], bonus, LIMIT);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corrections_follow_the_errors_within_bounds() {
        let mut c = Correction::default();
        let keys = [0x1234_5678_9abc_def0, 0x0fed_cba9_8765_4321];
        assert_eq!(c.of(0, keys), 0);
        for _ in 0..1000 {
            c.update(0, keys, 300, 12);
        }
        let up = c.of(0, keys);
        assert!(up > 0 && up <= 2 * LIMIT / GRAIN, "{up}");
        // The other side to move, and other keys, learned nothing.
        assert_eq!(c.of(1, keys), 0);
        assert_eq!(c.of(0, [1, 2]), 0);
        for _ in 0..1000 {
            c.update(0, keys, -300, 12);
        }
        assert!(c.of(0, keys) < 0);
    }
}
