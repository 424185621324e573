//! Material values and the piece-square table the position keeps incrementally: material plus
//! placement for every piece on every square, built at compile time from the weights, so that
//! make/unmake pay one lookup per piece moved.

use super::S;
use super::params::{MATERIAL, psq_index};
use super::weights::WEIGHTS;
use jiangjun_rules::chess::types::{Kind, Piece, Square};

/// Middlegame and endgame value of each kind (the king's is never counted): the material
/// weights, for exchanges (static exchange evaluation, MVV-LVA) and the protocols' scale.
pub const VALUE: [S; 6] = {
    let mut v = [S(0, 0); 6];
    let mut k = 0;
    while k < 6 {
        v[k] = WEIGHTS[MATERIAL + k];
        k += 1;
    }
    v
};

/// The phase of the start position: knights and bishops count 1, rooks 2, queens 4.
pub const PHASE_MAX: i32 = 24;

const fn build() -> [[S; 64]; Piece::COUNT] {
    let mut t = [[S(0, 0); 64]; Piece::COUNT];
    let mut k = 0;
    while k < 6 {
        let kind = Kind::from_index(k);
        let v = VALUE[k];
        let mut s = 0;
        while s < 64 {
            let p = WEIGHTS[psq_index(kind, s)];
            let sq = Square::of(s as u32);
            t[k][s] = S(v.0 + p.0, v.1 + p.1);
            // Black's table is White's seen from the other side of the board.
            t[6 + k][sq.flipped().index()] = S(v.0 + p.0, v.1 + p.1);
            s += 1;
        }
        k += 1;
    }
    t
}

static TABLE: [[S; 64]; Piece::COUNT] = build();

/// Material plus placement of `p` on `s`, from its own side's view.
#[inline]
pub fn piece_score(p: Piece, s: Square) -> S {
    TABLE[p.index()][s.index()]
}
