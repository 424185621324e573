//! Static evaluation: material plus piece-square tables, from the side to move's view.
//!
//! Units: 100 = an uncrossed pawn. The tables encode the textbook ideas: pawns gain value as
//! they cross the river and close in on the palace (but lose it on the last rank, where they
//! can only move sideways), horses want the centre and the enemy palace's flanks, cannons
//! like the central file and their own back ranks early, rooks like open central lines.

use super::position::Position;
use super::types::{Kind, Piece, SQUARES, Square};
use crate::game::Side;

/// Material values indexed by `Kind`.
pub const VALUE: [i32; 7] = [0, 200, 200, 400, 900, 450, 100];

/// Bonus for a Red piece by point (rank 0 first, files a..i); Black reads it with the ranks
/// reversed. Every table is symmetric left to right.
const PAWN: [i32; SQUARES] = table([
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, -2, 0, 4, 0, -2, 0, 0],
    [2, 0, 8, 0, 8, 0, 8, 0, 2],
    [6, 12, 18, 18, 20, 18, 18, 12, 6],
    [10, 20, 30, 34, 40, 34, 30, 20, 10],
    [14, 26, 42, 60, 80, 60, 42, 26, 14],
    [18, 36, 56, 80, 120, 80, 56, 36, 18],
    [0, 3, 6, 9, 12, 9, 6, 3, 0],
]);

const HORSE: [i32; SQUARES] = table([
    [0, -4, 0, 0, 0, 0, 0, -4, 0],
    [0, 2, 4, 4, -2, 4, 4, 2, 0],
    [4, 2, 8, 8, 4, 8, 8, 2, 4],
    [2, 6, 8, 6, 10, 6, 8, 6, 2],
    [4, 12, 16, 14, 12, 14, 16, 12, 4],
    [6, 16, 14, 18, 16, 18, 14, 16, 6],
    [8, 24, 18, 24, 20, 24, 18, 24, 8],
    [12, 14, 16, 20, 18, 20, 16, 14, 12],
    [4, 10, 28, 16, 8, 16, 28, 10, 4],
    [4, 8, 16, 12, 4, 12, 16, 8, 4],
]);

const CANNON: [i32; SQUARES] = table([
    [0, 0, 2, 6, 6, 6, 2, 0, 0],
    [0, 2, 4, 6, 6, 6, 4, 2, 0],
    [4, 0, 8, 6, 10, 6, 8, 0, 4],
    [0, 0, 0, 2, 8, 2, 0, 0, 0],
    [-2, 0, 4, 2, 6, 2, 4, 0, -2],
    [0, 0, 0, 2, 8, 2, 0, 0, 0],
    [0, 0, -2, 4, 10, 4, -2, 0, 0],
    [2, 2, 0, -10, -8, -10, 0, 2, 2],
    [2, 2, 0, -4, -14, -4, 0, 2, 2],
    [6, 4, 0, -10, -12, -10, 0, 4, 6],
]);

const ROOK: [i32; SQUARES] = table([
    [-2, 10, 6, 14, 12, 14, 6, 10, -2],
    [8, 4, 8, 16, 8, 16, 8, 4, 8],
    [4, 8, 6, 14, 12, 14, 6, 8, 4],
    [6, 10, 8, 14, 14, 14, 8, 10, 6],
    [12, 16, 14, 20, 20, 20, 14, 16, 12],
    [12, 14, 12, 18, 18, 18, 12, 14, 12],
    [12, 18, 16, 22, 22, 22, 16, 18, 12],
    [12, 12, 12, 18, 18, 18, 12, 12, 12],
    [16, 20, 18, 24, 26, 24, 18, 20, 16],
    [14, 14, 12, 18, 16, 18, 12, 14, 14],
]);

const GUARD: [i32; SQUARES] = table([
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 4, 0, 0, 0, 0],
    [0, 0, 0, 0, 2, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
]);

const KING: [i32; SQUARES] = table([
    [0, 0, 0, 4, 8, 4, 0, 0, 0],
    [0, 0, 0, -6, -4, -6, 0, 0, 0],
    [0, 0, 0, -12, -12, -12, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
]);

const fn table(rows: [[i32; 9]; 10]) -> [i32; SQUARES] {
    let mut t = [0; SQUARES];
    let mut r = 0;
    while r < 10 {
        let mut f = 0;
        while f < 9 {
            t[r * 9 + f] = rows[r][f];
            f += 1;
        }
        r += 1;
    }
    t
}

/// Material and placement of one piece, from its owner's view.
#[inline]
pub(super) fn piece_score(kind: Kind, side: Side, s: Square) -> i32 {
    PIECE_SQUARE[Piece::new(side, kind).index()][s.index()]
}

/// Material plus placement for every piece on every point, so that make/unmake pay one
/// lookup per piece moved.
static PIECE_SQUARE: [[i32; SQUARES]; Piece::COUNT] = piece_square();

const fn piece_square() -> [[i32; SQUARES]; Piece::COUNT] {
    let mut t = [[0; SQUARES]; Piece::COUNT];
    let mut k = 0;
    while k < 7 {
        let kind = Kind::ALL[k];
        let bonus = match kind {
            Kind::Pawn => &PAWN,
            Kind::Horse => &HORSE,
            Kind::Cannon => &CANNON,
            Kind::Rook => &ROOK,
            Kind::King => &KING,
            Kind::Advisor | Kind::Elephant => &GUARD,
        };
        let mut i = 0;
        while i < SQUARES {
            // Black reads the tables with the ranks reversed (the files are symmetric).
            let rank = i / 9;
            let file = i % 9;
            let black = (9 - rank) * 9 + file;
            t[Piece::new(Side::Red, kind).index()][i] = VALUE[k] + bonus[i];
            t[Piece::new(Side::Black, kind).index()][i] = VALUE[k] + bonus[black];
            i += 1;
        }
        k += 1;
    }
    t
}

/// Small bonus for having the move, so that even and odd depths agree more closely.
const TEMPO: i32 = 10;

impl Position {
    /// The evaluation from the side to move's view. Material and placement are kept
    /// incrementally by the position; only the guard term is computed here.
    pub fn evaluate(&self) -> i32 {
        let mut score = self.psq;
        for side in [Side::Red, Side::Black] {
            let c = &self.counts[side.flip().index()];
            let attackers = 2 * i32::from(c[Kind::Rook as usize])
                + i32::from(c[Kind::Horse as usize])
                + i32::from(c[Kind::Cannon as usize]);
            let own = &self.counts[side.index()];
            let guards =
                i32::from(own[Kind::Advisor as usize]) + i32::from(own[Kind::Elephant as usize]);
            // Missing guards matter in proportion to the attackers left to exploit them.
            score[side.index()] -= (4 - guards) * attackers * 6;
        }
        let us = self.side_to_move();
        score[us.index()] - score[us.flip().index()] + TEMPO
    }

    /// The evaluation computed from scratch, to check the incremental terms.
    pub fn evaluate_from_scratch(&self) -> i32 {
        let mut psq = [0i32; 2];
        for s in Square::all() {
            if let Some(p) = self.piece_at(s) {
                psq[p.side().index()] += piece_score(p.kind(), p.side(), s);
            }
        }
        let us = self.side_to_move();
        let incremental = self.psq[us.index()] - self.psq[us.flip().index()];
        self.evaluate() - incremental + psq[us.index()] - psq[us.flip().index()]
    }

    /// Whether the side to move has a piece that can attack across the river, so a null move
    /// is unlikely to run into zugzwang.
    pub fn has_attacking_material(&self, side: Side) -> bool {
        let mut set = self.pieces(side);
        while set != 0 {
            let s = Square::from_index(set.trailing_zeros() as usize).expect("board bit");
            set &= set - 1;
            if matches!(
                self.piece_at(s).map(|p| p.kind()),
                Some(Kind::Rook | Kind::Horse | Kind::Cannon)
            ) {
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_is_balanced_apart_from_the_tempo() {
        assert_eq!(Position::startpos().evaluate(), TEMPO);
    }

    #[test]
    fn evaluation_is_symmetric_for_colour_and_mirror() {
        let fen = "2bakab2/9/4c4/p3p3p/2p3N2/2P6/P3P3P/4C4/9/2BAKABR1 w - - 0 1";
        let red = Position::from_fen(fen).expect("valid");
        let black = Position::from_fen(&super::super::fen::swap_colours(fen)).expect("valid");
        let mirror = Position::from_fen(&super::super::fen::mirror_files(fen)).expect("valid");
        assert_eq!(red.evaluate(), black.evaluate());
        assert_ne!(red.evaluate(), TEMPO);
        assert_eq!(red.evaluate(), mirror.evaluate());
    }

    #[test]
    fn a_crossed_pawn_is_worth_more() {
        let home = Position::from_fen("4k4/9/9/9/9/9/4P4/9/9/3K5 w").expect("valid");
        let crossed = Position::from_fen("4k4/9/9/4P4/9/9/9/9/9/3K5 w").expect("valid");
        assert!(crossed.evaluate() > home.evaluate());
    }
}
