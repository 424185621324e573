//! The chess evaluation, from the side to move's view, in centipawns. Every term is a weight
//! (`weights.rs`, fitted by `jiangjun --game chess tune`) times a count, kept as a
//! middlegame/endgame pair and tapered by the material phase, so the whole evaluation is linear
//! in its weights and the tuner fits it from self-play games, as it does Xiangqi's.
//!
//! Material and placement are kept incrementally by `Position::put`/`remove` (one table
//! lookup per piece moved); mobility, king attack and shelter, pawn structure, passed pawns,
//! the bishop pair, rooks on open files and the tempo are counted at each call by `terms`,
//! which reports to a `Sink`: the engine's adds weights, the tuner's records the counts.
//!
//! Colour-symmetric by construction: every term is counted for each side from its own point
//! of view (`Square::relative`), and the tests check that the colour-flipped position scores
//! the same.

pub mod params;
mod tables;
mod terms;
mod weights;

use super::position::Position;
use super::types::{Kind, Piece, Square};
use crate::game::Side;
use crate::game::linear::{Accumulator, Recorder, Trace, Tunable};

pub use crate::game::linear::S;
pub use tables::{PHASE_MAX, VALUE, piece_score};
pub use weights::WEIGHTS;

/// The blend of the two scores at `phase` (PHASE_MAX: all pieces on the board; 0: none).
#[inline]
fn taper(s: S, phase: i32) -> i32 {
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

    fn evaluate_with(&self, psq: [S; 2]) -> i32 {
        let mut acc = Accumulator {
            weights: &WEIGHTS,
            score: psq,
        };
        terms::add_terms(self, &mut acc);
        let v = taper(acc.score[0] - acc.score[1], self.phase());
        if self.side_to_move() == Side::Red {
            v
        } else {
            -v
        }
    }

    /// The evaluation with material and placement computed from scratch, to check the
    /// incremental sums.
    pub fn evaluate_from_scratch(&self) -> i32 {
        let mut psq = [S(0, 0); 2];
        for s in Square::all() {
            if let Some(p) = self.piece_at(s) {
                psq[p.side().index()] += piece_score(p, s);
            }
        }
        self.evaluate_with(psq)
    }

    /// The weights' coefficients of this position, for the tuner (no draw scale: 64).
    pub fn trace(&self) -> Trace {
        let mut rec = Recorder::new(params::COUNT);
        terms::add_terms(self, &mut rec);
        Trace {
            coefficients: rec.coefficients(),
            phase: self.phase(),
            phase_max: PHASE_MAX,
            scale: [64, 64],
        }
    }
}

impl Tunable for Position {
    const WEIGHTS: &'static [S] = &WEIGHTS;
    const WEIGHTS_PATH: &'static str = "src/game/chess/eval/weights.rs";
    const WEIGHTS_HEADER: &'static str = "\
//! Chess evaluation weights as (middlegame, endgame) pairs in centipawns (100 = a pawn in the
//! middlegame), indexed as `params` lays them out. Written by `jiangjun --game chess tune`:
//! see README, \"Tuning\".
";
    fn weight_name(i: usize) -> String {
        params::name(i)
    }
    fn fixed_weight(i: usize) -> bool {
        i == params::MATERIAL + Kind::King as usize
    }
    fn parse_fen(fen: &str) -> Option<Self> {
        Position::from_fen(fen).ok()
    }
    fn trace(&self) -> Trace {
        Position::trace(self)
    }
}

/// The value of a piece for exchanges and ordering (middlegame material).
#[inline]
pub fn value(p: Piece) -> i32 {
    VALUE[p.kind().index()].0
}

#[cfg(test)]
mod tests;
