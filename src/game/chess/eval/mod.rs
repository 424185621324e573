//! The chess evaluation, **hand-set**: every weight here was chosen by hand from common chess
//! knowledge, none was tuned (the project's tuner and self-play data are Xiangqi's so far).
//! Tapered between a middlegame and an endgame score by the material phase: material and
//! piece-square tables (kept incrementally by `Position::put`/`remove`), then mobility, king
//! safety, pawn structure and passed pawns, worked out at each call.
//!
//! Colour-symmetric by construction: every term is computed for each side from its own point
//! of view (`Square::relative`), and the tests check that the colour-flipped position scores
//! the same.

mod tables;
mod terms;

use super::position::Position;
use super::types::{Kind, Piece, Square};
use crate::game::Side;
use std::ops::{Add, AddAssign, Sub, SubAssign};

pub use tables::{PHASE_MAX, VALUE, piece_score};

/// A middlegame and an endgame score.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub struct Score(pub i32, pub i32);

impl Add for Score {
    type Output = Score;
    #[inline]
    fn add(self, o: Score) -> Score {
        Score(self.0 + o.0, self.1 + o.1)
    }
}
impl Sub for Score {
    type Output = Score;
    #[inline]
    fn sub(self, o: Score) -> Score {
        Score(self.0 - o.0, self.1 - o.1)
    }
}
impl AddAssign for Score {
    #[inline]
    fn add_assign(&mut self, o: Score) {
        *self = *self + o;
    }
}
impl SubAssign for Score {
    #[inline]
    fn sub_assign(&mut self, o: Score) {
        *self = *self - o;
    }
}
impl Score {
    #[inline]
    pub fn times(self, n: i32) -> Score {
        Score(self.0 * n, self.1 * n)
    }
}

/// The blend of the two scores at `phase` (PHASE_MAX: all pieces on the board; 0: none).
#[inline]
fn taper(s: Score, phase: i32) -> i32 {
    (s.0 * phase + s.1 * (PHASE_MAX - phase)) / PHASE_MAX
}

impl Position {
    /// The material phase: `PHASE_MAX` with all knights, bishops, rooks and queens of the
    /// start position on the board (or more), 0 with none.
    pub fn phase(&self) -> i32 {
        let b = self.board();
        let n = |k: Kind| b.kind(k).count_ones() as i32;
        (n(Kind::Knight) + n(Kind::Bishop) + 2 * n(Kind::Rook) + 4 * n(Kind::Queen)).min(PHASE_MAX)
    }

    /// The evaluation from the side to move's view.
    pub fn evaluate(&self) -> i32 {
        self.evaluate_with(self.psq)
    }

    fn evaluate_with(&self, psq: [Score; 2]) -> i32 {
        let mut total = psq[0] - psq[1];
        total += terms::side_terms(self, Side::Red) - terms::side_terms(self, Side::Black);
        let v = taper(total, self.phase());
        if self.side_to_move() == Side::Red {
            v
        } else {
            -v
        }
    }

    /// The evaluation with material and placement computed from scratch, to check the
    /// incremental sums.
    pub fn evaluate_from_scratch(&self) -> i32 {
        let mut psq = [Score(0, 0); 2];
        for s in Square::all() {
            if let Some(p) = self.piece_at(s) {
                psq[p.side().index()] += piece_score(p, s);
            }
        }
        self.evaluate_with(psq)
    }
}

/// The value of a piece for exchanges and ordering (middlegame material).
#[inline]
pub fn value(p: Piece) -> i32 {
    VALUE[p.kind().index()].0
}

#[cfg(test)]
mod tests;
