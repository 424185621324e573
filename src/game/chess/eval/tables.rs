//! Hand-set material values and piece-square tables. The tables are written as formulas
//! (distance from the centre, rank advanced) rather than 384 typed numbers: easier to read,
//! to check for symmetry, and to change by hand. Computed at compile time.

use super::Score;
use crate::game::chess::types::{Kind, Piece, Square};

/// Middlegame and endgame value of each kind (the king's is never counted).
pub const VALUE: [Score; 6] = [
    Score(100, 125),
    Score(320, 310),
    Score(335, 330),
    Score(480, 540),
    Score(960, 1000),
    Score(0, 0),
];

/// The phase of the start position: knights and bishops count 1, rooks 2, queens 4.
pub const PHASE_MAX: i32 = 24;

/// How far a square is from the centre: 0 on d4-e5, 3 on the rim.
const fn centre_distance(s: Square) -> i32 {
    let f = s.file();
    let r = s.rank();
    let df = if f < 4 { 3 - f } else { f - 4 };
    let dr = if r < 4 { 3 - r } else { r - 4 };
    if df > dr { df } else { dr }
}

/// The placement bonus of a White piece of `kind` on `s` (Black's mirrors it by rank).
const fn placement(kind: Kind, s: Square) -> Score {
    let c = 3 - centre_distance(s); // 3 in the centre, 0 on the rim
    let (f, r) = (s.file(), s.rank());
    match kind {
        Kind::Pawn => {
            let mg = [0, 0, 2, 6, 12, 20, 30, 0][r as usize];
            let eg = [0, 0, 4, 8, 14, 24, 40, 0][r as usize];
            // Central pawns are worth more while the pieces are on.
            let centre = if (f == 3 || f == 4) && (r == 3 || r == 4) {
                12
            } else {
                0
            };
            Score(mg + centre, eg)
        }
        Kind::Knight => Score(12 * c - 18, 8 * c - 12),
        Kind::Bishop => Score(6 * c - 6, 5 * c - 7),
        Kind::Rook => {
            let seventh = if r == 6 { 18 } else { 0 };
            let central = if f >= 2 && f <= 5 { 4 } else { 0 };
            Score(seventh + central, if r == 6 { 12 } else { 0 })
        }
        Kind::Queen => Score(3 * c - 4, 6 * c - 9),
        Kind::King => {
            // Middlegame: stay home and tucked away; endgame: come to the centre.
            let mg = if r == 0 {
                if f == 1 || f == 2 || f == 6 {
                    20
                } else if f == 3 || f == 4 || f == 5 {
                    0
                } else {
                    10
                }
            } else {
                -25 * r
            };
            Score(mg, 14 * c - 21)
        }
    }
}

const fn build() -> [[Score; 64]; Piece::COUNT] {
    let mut t = [[Score(0, 0); 64]; Piece::COUNT];
    let mut k = 0;
    while k < 6 {
        let kind = Kind::from_index(k);
        let mut s = 0;
        while s < 64 {
            let sq = Square::of(s as u32);
            let p = placement(kind, sq);
            let v = VALUE[k];
            t[k][s] = Score(v.0 + p.0, v.1 + p.1);
            // Black's table is White's seen from the other side of the board.
            t[6 + k][sq.flipped().index()] = Score(v.0 + p.0, v.1 + p.1);
            s += 1;
        }
        k += 1;
    }
    t
}

static TABLE: [[Score; 64]; Piece::COUNT] = build();

/// Material plus placement of `p` on `s`, from its own side's view.
#[inline]
pub fn piece_score(p: Piece, s: Square) -> Score {
    TABLE[p.index()][s.index()]
}
