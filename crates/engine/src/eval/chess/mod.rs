//! The chess evaluation, from the side to move's view, in centipawns. Every term is a weight
//! (`weights.rs`, fitted by `jiangjun --game chess tune`) times a count, kept as a
//! middlegame/endgame pair and tapered by the material phase, so the whole evaluation is linear
//! in its weights and the tuner fits it from self-play games, as it does Xiangqi's.
//!
//! Material and placement are kept incrementally by the engine's position (`game::Chess`, one
//! table lookup per piece moved); mobility, king attack and shelter, pawn structure, passed pawns,
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

use crate::eval::linear::{Accumulator, Recorder, Trace, Tunable};
use jiangjun_rules::Side;
use jiangjun_rules::chess::Position;
use jiangjun_rules::chess::types::{Kind, Piece, Square};

pub use crate::eval::linear::S;
pub use tables::{PHASE_MAX, VALUE, piece_score};
pub use weights::WEIGHTS;

/// The blend of the two scores at `phase` (PHASE_MAX: all pieces on the board; 0: none).
#[inline]
fn taper(s: S, phase: i32) -> i32 {
    (s.0 * phase + s.1 * (PHASE_MAX - phase)) / PHASE_MAX
}

/// The material phase: `PHASE_MAX` with all knights, bishops, rooks and queens of the start
/// position on the board (or more), 0 with none.
pub fn phase(pos: &Position) -> i32 {
    let b = pos.board();
    let n = |k: Kind| b.kind(k).count_ones() as i32;
    (n(Kind::Knight) + n(Kind::Bishop) + 2 * n(Kind::Rook) + 4 * n(Kind::Queen)).min(PHASE_MAX)
}

/// The evaluation of `pos` from the side to move's view, `psq` being its material and
/// placement (kept incrementally by the engine's position, see `psq_of`).
pub fn evaluate(pos: &Position, psq: [S; 2]) -> i32 {
    let mut acc = Accumulator {
        weights: &WEIGHTS,
        score: psq,
    };
    terms::add_terms(pos, &mut acc);
    let v = taper(acc.score[0] - acc.score[1], phase(pos));
    if pos.side_to_move() == Side::Red {
        v
    } else {
        -v
    }
}

/// Material and placement of each side, computed from scratch.
pub fn psq_of(pos: &Position) -> [S; 2] {
    let mut psq = [S(0, 0); 2];
    for s in Square::all() {
        if let Some(p) = pos.piece_at(s) {
            psq[p.side().index()] += piece_score(p, s);
        }
    }
    psq
}

/// The evaluation with material and placement computed from scratch.
pub fn evaluate_from_scratch(pos: &Position) -> i32 {
    evaluate(pos, psq_of(pos))
}

/// The weights' coefficients of this position, for the tuner (no draw scale: 64).
pub fn trace(pos: &Position) -> Trace {
    let mut rec = Recorder::new(params::COUNT);
    terms::add_terms(pos, &mut rec);
    Trace {
        coefficients: rec.coefficients(),
        phase: phase(pos),
        phase_max: PHASE_MAX,
        scale: [64, 64],
    }
}

/// The middlegame material values by `Kind::index`, for exchanges (the king's is not read).
pub const EXCHANGE_VALUES: [i32; 6] = {
    let mut v = [0; 6];
    let mut k = 0;
    while k < 6 {
        v[k] = VALUE[k].0;
        k += 1;
    }
    v
};

impl Tunable for Position {
    const WEIGHTS: &'static [S] = &WEIGHTS;
    const WEIGHTS_PATH: &'static str = "crates/engine/src/eval/chess/weights.rs";
    const WEIGHTS_HEADER: &'static str = "\
//! Chess evaluation weights as (middlegame, endgame) pairs in centipawns (100 = a pawn in the
//! middlegame), indexed as `params` lays them out. Written by `jiangjun --game chess tune`:
//! see docs/tools/tune.md.
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
        trace(self)
    }
}

/// The value of a piece for exchanges and ordering (middlegame material).
#[inline]
pub fn value(p: Piece) -> i32 {
    VALUE[p.kind().index()].0
}

#[cfg(test)]
mod tests;
