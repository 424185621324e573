//! Zobrist keys, generated at compile time from a fixed seed so that keys (and so the
//! transposition table and `bench`) are the same on every run and every machine.

use super::types::{Piece, SQUARES, Square};

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (s, z ^ (z >> 31))
}

const fn piece_keys() -> [[u64; SQUARES]; Piece::COUNT] {
    let mut t = [[0; SQUARES]; Piece::COUNT];
    let mut state = 0x6a69_616e_676a_756e; // "jiangjun"
    let mut p = 0;
    while p < Piece::COUNT {
        let mut s = 0;
        while s < SQUARES {
            let (next, key) = splitmix(state);
            state = next;
            t[p][s] = key;
            s += 1;
        }
        p += 1;
    }
    t
}

static PIECE_KEYS: [[u64; SQUARES]; Piece::COUNT] = piece_keys();

/// Toggled whenever the side to move changes: Black to move has it, Red does not.
pub const SIDE: u64 = 0x3c6e_f372_fe94_f82b;

#[inline]
pub fn piece(p: Piece, s: Square) -> u64 {
    PIECE_KEYS[p.index()][s.index()]
}
