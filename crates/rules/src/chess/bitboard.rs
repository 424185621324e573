//! Board sets as `u64` (bit `rank * 8 + file`) and the tables that need no search to build:
//! the attacks of the leapers (knight, king, pawn), and the squares between and on the line
//! through two squares. All are computed at compile time, so they cost nothing at start-up.
//! The sliders' attacks are `magic`'s.

use super::types::Square;
use crate::Side;

/// A set of squares.
pub type Bitboard = u64;

/// The a-file.
pub const FILE_A: Bitboard = 0x0101_0101_0101_0101;
/// The h-file.
pub const FILE_H: Bitboard = FILE_A << 7;
/// White's back rank.
pub const RANK_1: Bitboard = 0xff;
/// Black's back rank.
pub const RANK_8: Bitboard = RANK_1 << 56;
/// The light squares (h1 is light).
pub const LIGHT: Bitboard = 0x55aa_55aa_55aa_55aa;

/// The squares of a set, lowest first.
#[inline]
pub fn squares(mut set: Bitboard) -> impl Iterator<Item = Square> {
    std::iter::from_fn(move || {
        if set == 0 {
            return None;
        }
        let s = Square::first(set);
        set &= set - 1;
        Some(s)
    })
}

/// Whether a set holds two or more squares.
#[inline]
pub const fn several(set: Bitboard) -> bool {
    set & set.wrapping_sub(1) != 0
}

/// The set moved one rank towards the opponent of `side` (a pawn push).
#[inline]
pub const fn forward(set: Bitboard, side: Side) -> Bitboard {
    match side {
        Side::Red => set << 8,
        Side::Black => set >> 8,
    }
}

/// The squares that pawns of `side` on `set` attack.
#[inline]
pub const fn pawn_attacks_set(set: Bitboard, side: Side) -> Bitboard {
    let ahead = forward(set, side);
    ((ahead & !FILE_A) >> 1) | ((ahead & !FILE_H) << 1)
}

const KNIGHT_STEPS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING_STEPS: [(i32, i32); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];
/// A rook's four directions as (file, rank) steps, for [`slide`].
pub const ROOK_DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
/// A bishop's four directions as (file, rank) steps, for [`slide`].
pub const BISHOP_DIRS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

const fn leaper_table(steps: &[(i32, i32); 8]) -> [Bitboard; 64] {
    let mut t = [0; 64];
    let mut s = 0;
    while s < 64 {
        let mut i = 0;
        while i < 8 {
            if let Some(to) = Square::of(s as u32).offset(steps[i].0, steps[i].1) {
                t[s] |= to.bit();
            }
            i += 1;
        }
        s += 1;
    }
    t
}

const fn pawn_table() -> [[Bitboard; 64]; 2] {
    let mut t = [[0; 64]; 2];
    let mut s = 0;
    while s < 64 {
        let bit = 1u64 << s;
        t[0][s] = pawn_attacks_set(bit, Side::Red);
        t[1][s] = pawn_attacks_set(bit, Side::Black);
        s += 1;
    }
    t
}

/// The attacks of a slider on `s` along `dirs` with `occupied` blocking (the first blocker
/// in each direction is attacked): the slow, obviously right walk that the magic tables are
/// built from and tested against.
pub const fn slide(s: Square, dirs: &[(i32, i32); 4], occupied: Bitboard) -> Bitboard {
    let mut set = 0;
    let mut d = 0;
    while d < 4 {
        let mut next = s.offset(dirs[d].0, dirs[d].1);
        while let Some(to) = next {
            set |= to.bit();
            if occupied & to.bit() != 0 {
                break;
            }
            next = to.offset(dirs[d].0, dirs[d].1);
        }
        d += 1;
    }
    set
}

/// `between[a][b]`: the squares strictly between two squares on one line (else empty);
/// `line[a][b]`: the whole line through both (else empty).
struct Lines {
    between: [[Bitboard; 64]; 64],
    line: [[Bitboard; 64]; 64],
}

const fn lines() -> Lines {
    let mut l = Lines {
        between: [[0; 64]; 64],
        line: [[0; 64]; 64],
    };
    let dirs = [
        (1, 0),
        (-1, 0),
        (0, 1),
        (0, -1),
        (1, 1),
        (1, -1),
        (-1, 1),
        (-1, -1),
    ];
    let mut a = 0;
    while a < 64 {
        let from = Square::of(a as u32);
        let mut d = 0;
        while d < 8 {
            let (df, dr) = dirs[d];
            // The full line through `from` in this direction and its opposite.
            let mut full = from.bit();
            let mut k = 0;
            while k < 2 {
                let (sf, sr) = if k == 0 { (df, dr) } else { (-df, -dr) };
                let mut next = from.offset(sf, sr);
                while let Some(to) = next {
                    full |= to.bit();
                    next = to.offset(sf, sr);
                }
                k += 1;
            }
            let mut gap = 0;
            let mut next = from.offset(df, dr);
            while let Some(to) = next {
                l.between[a][to.index()] = gap;
                l.line[a][to.index()] = full;
                gap |= to.bit();
                next = to.offset(df, dr);
            }
            d += 1;
        }
        a += 1;
    }
    l
}

static KNIGHT: [Bitboard; 64] = leaper_table(&KNIGHT_STEPS);
static KING: [Bitboard; 64] = leaper_table(&KING_STEPS);
static PAWN: [[Bitboard; 64]; 2] = pawn_table();
static LINES: Lines = lines();

/// The squares a knight on `s` attacks.
#[inline]
pub fn knight_attacks(s: Square) -> Bitboard {
    KNIGHT[s.index()]
}
/// The squares a king on `s` attacks.
#[inline]
pub fn king_attacks(s: Square) -> Bitboard {
    KING[s.index()]
}
/// The squares a pawn of `side` on `s` attacks.
#[inline]
pub fn pawn_attacks(side: Side, s: Square) -> Bitboard {
    PAWN[side.index()][s.index()]
}
/// The squares strictly between `a` and `b` when they share a rank, file or diagonal; else
/// none.
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    LINES.between[a.index()][b.index()]
}
/// The whole rank, file or diagonal through `a` and `b`, edge to edge; none when they share
/// no line (or are the same square).
#[inline]
pub fn line(a: Square, b: Square) -> Bitboard {
    LINES.line[a.index()][b.index()]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(t: &str) -> Square {
        Square::parse(t.as_bytes()).expect("a square")
    }

    #[test]
    fn leapers_know_the_edges() {
        assert_eq!(knight_attacks(sq("a1")).count_ones(), 2);
        assert_eq!(knight_attacks(sq("d4")).count_ones(), 8);
        assert_eq!(king_attacks(sq("h8")).count_ones(), 3);
        assert_eq!(pawn_attacks(Side::Red, sq("a2")), sq("b3").bit());
        assert_eq!(
            pawn_attacks(Side::Black, sq("e5")),
            sq("d4").bit() | sq("f4").bit()
        );
    }

    #[test]
    fn between_and_line() {
        assert_eq!(between(sq("a1"), sq("d4")), sq("b2").bit() | sq("c3").bit());
        assert_eq!(between(sq("a1"), sq("b3")), 0);
        assert_eq!(line(sq("a1"), sq("b3")), 0);
        assert_eq!(line(sq("c1"), sq("c5")), FILE_A << 2);
        assert!(line(sq("b2"), sq("g7")) & sq("h8").bit() != 0);
    }
}
