//! Static evaluation, from the side to move's view, in centipawns (100 = a pawn in its own
//! half). Every term is a weight (`weights.rs`) times a count, kept as a middlegame/endgame pair
//! and blended by a material phase, so that the whole evaluation is linear in its weights and a
//! tuner can fit them from game results (`jiangjun tune`).
//!
//! Material and placement are kept incrementally by the engine's position (`game::Xiangqi`,
//! one table lookup per piece moved); the terms that depend on how pieces see each other (mobility, king safety, pins,
//! threats) are computed per call by `terms`. A material-only draw scale (`scale`) pulls the
//! score towards zero where the stronger side cannot win.

pub mod params;
mod scale;
mod sliders;
mod steps;
mod terms;
mod weights;

pub use crate::eval::linear::{S, Sink, Trace};

use crate::eval::linear::{Accumulator, Recorder, Tunable};
use jiangjun_rules::Side;
use jiangjun_rules::xiangqi::Position;
use jiangjun_rules::xiangqi::types::{Kind, Piece, SQUARES, Square};
use params::psq_index;
pub use weights::WEIGHTS;

/// Material values for exchanges (static exchange evaluation, MVV-LVA, delta pruning): the
/// middlegame material weights, indexed by `Kind`.
pub const VALUE: [i32; 7] = {
    let mut v = [0; 7];
    let mut k = 0;
    while k < 7 {
        v[k] = WEIGHTS[params::MATERIAL + k].0;
        k += 1;
    }
    v
};

/// The phase of a full board; the phase falls as rooks, horses and cannons leave.
pub const PHASE_MAX: i32 = 32;
const PHASE_WEIGHT: [i32; 7] = [0, 0, 0, 2, 4, 2, 0];

/// Material and placement of one piece, from its owner's view.
#[inline]
pub fn piece_score(kind: Kind, side: Side, s: Square) -> S {
    PIECE_SQUARE[Piece::new(side, kind).index()][s.index()]
}

/// Material plus placement for every piece on every point, so that make/unmake pay one
/// lookup per piece moved.
static PIECE_SQUARE: [[S; SQUARES]; Piece::COUNT] = piece_square();

/// A point as its owner sees it: rank 0 is the owner's back rank.
#[inline]
pub(super) const fn own_rank(side: Side, s: Square) -> usize {
    match side {
        Side::Red => s.rank() as usize,
        Side::Black => 9 - s.rank() as usize,
    }
}

const fn piece_square() -> [[S; SQUARES]; Piece::COUNT] {
    let mut t = [[S(0, 0); SQUARES]; Piece::COUNT];
    let mut k = 0;
    while k < 7 {
        let kind = Kind::ALL[k];
        let material = WEIGHTS[params::MATERIAL + k];
        let mut i = 0;
        while i < SQUARES {
            let (rank, file) = (i / 9, i % 9);
            let red = WEIGHTS[psq_index(kind, rank, file)];
            let black = WEIGHTS[psq_index(kind, 9 - rank, file)];
            t[Piece::new(Side::Red, kind).index()][i] = S(material.0 + red.0, material.1 + red.1);
            t[Piece::new(Side::Black, kind).index()][i] =
                S(material.0 + black.0, material.1 + black.1);
            i += 1;
        }
        k += 1;
    }
    t
}

/// Blends a middlegame/endgame pair by the phase.
#[inline]
pub fn taper(s: S, phase: i32) -> i32 {
    (s.0 * phase + s.1 * (PHASE_MAX - phase)) / PHASE_MAX
}

/// The material phase: `PHASE_MAX` with every rook, horse and cannon on the board, 0 with
/// none.
pub fn phase(pos: &Position) -> i32 {
    let mut p = 0;
    for side in [Side::Red, Side::Black] {
        let counts = pos.counts(side);
        for (k, w) in PHASE_WEIGHT.iter().enumerate() {
            p += w * i32::from(counts[k]);
        }
    }
    p.min(PHASE_MAX)
}

/// The classical evaluation of `pos` from the side to move's view, `psq` being its material
/// and placement (kept incrementally by the engine's position, see `psq_of`).
pub fn evaluate(pos: &Position, psq: [S; 2]) -> i32 {
    let mut acc = Accumulator {
        weights: &WEIGHTS,
        score: psq,
    };
    terms::add_terms(pos, &mut acc);
    let diff = acc.score[0] - acc.score[1];
    let mut v = taper(diff, phase(pos));
    let strong = if v > 0 { Side::Red } else { Side::Black };
    v = v * scale::draw_scale(pos, strong) / 64;
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
            psq[p.side().index()] += piece_score(p.kind(), p.side(), s);
        }
    }
    psq
}

/// The classical evaluation with material and placement computed from scratch.
pub fn evaluate_from_scratch(pos: &Position) -> i32 {
    evaluate(pos, psq_of(pos))
}

/// The weights' coefficients of this position (see `Trace`).
pub fn trace(pos: &Position) -> Trace {
    let mut rec = Recorder::new(params::COUNT);
    terms::add_terms(pos, &mut rec);
    Trace {
        coefficients: rec.coefficients(),
        phase: phase(pos),
        phase_max: PHASE_MAX,
        scale: [
            scale::draw_scale(pos, Side::Red),
            scale::draw_scale(pos, Side::Black),
        ],
    }
}

impl Tunable for Position {
    const WEIGHTS: &'static [S] = &WEIGHTS;
    const WEIGHTS_PATH: &'static str = "crates/engine/src/eval/xiangqi/weights.rs";
    const WEIGHTS_HEADER: &'static str = "\
//! Evaluation weights as (middlegame, endgame) pairs in centipawns (100 = a pawn in its own
//! half), indexed as `params` lays them out. Written by `jiangjun tune`: see docs/tools/tune.md.
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

#[cfg(test)]
mod tests;
