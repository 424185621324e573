//! Zobrist keys, generated at compile time from a fixed seed so that keys (and so the
//! transposition table) are the same on every run and every machine. The en-passant file
//! enters the key only when an en-passant capture is really possible (see `Position::ep`),
//! so two positions that differ only by an unusable en-passant square share a key.

use super::moves::Castling;
use super::types::{Piece, Square};

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (s, z ^ (z >> 31))
}

/// Piece-square keys, then 16 castling-rights keys, then 8 en-passant file keys, then the
/// side key, all from one stream.
struct Keys {
    piece: [[u64; 64]; Piece::COUNT],
    castling: [u64; 16],
    ep_file: [u64; 8],
    side: u64,
}

const fn keys() -> Keys {
    let mut k = Keys {
        piece: [[0; 64]; Piece::COUNT],
        castling: [0; 16],
        ep_file: [0; 8],
        side: 0,
    };
    let mut state = 0x6368_6573_735f_6a6a; // "chess_jj"
    let mut p = 0;
    while p < Piece::COUNT {
        let mut s = 0;
        while s < 64 {
            let (next, key) = splitmix(state);
            state = next;
            k.piece[p][s] = key;
            s += 1;
        }
        p += 1;
    }
    // Castling keys are the XOR of one key per right, so that losing a right toggles one key.
    let mut rights = [0u64; 4];
    let mut i = 0;
    while i < 4 {
        let (next, key) = splitmix(state);
        state = next;
        rights[i] = key;
        i += 1;
    }
    let mut c = 0;
    while c < 16 {
        let mut b = 0;
        while b < 4 {
            if c & (1 << b) != 0 {
                k.castling[c] ^= rights[b];
            }
            b += 1;
        }
        c += 1;
    }
    let mut f = 0;
    while f < 8 {
        let (next, key) = splitmix(state);
        state = next;
        k.ep_file[f] = key;
        f += 1;
    }
    k.side = splitmix(state).1;
    k
}

static KEYS: Keys = keys();

#[inline]
pub fn piece(p: Piece, s: Square) -> u64 {
    KEYS.piece[p.index()][s.index()]
}
#[inline]
pub fn castling(c: Castling) -> u64 {
    KEYS.castling[usize::from(c.bits() & 15)]
}
#[inline]
pub fn ep(s: Square) -> u64 {
    KEYS.ep_file[s.file() as usize]
}
/// Present when Black is to move.
#[inline]
pub fn side() -> u64 {
    KEYS.side
}
