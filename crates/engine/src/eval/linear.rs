//! What the two games' evaluations share so that one tuner fits both: a middlegame/endgame
//! pair `S`, the `Sink` the evaluation terms report their counts to (the engine's sink adds
//! weights, the tuner's records the counts, so both read a position through one function), and
//! the `Trace` of a position: the evaluation is `taper(Σ weight × coefficient, phase)`, scaled
//! by a draw scale, so a tuner needs nothing else. `Tunable` is what `jiangjun tune` asks of a
//! game.

use jiangjun_rules::Side;
use std::ops::{Add, AddAssign, Mul, Sub, SubAssign};

/// A middlegame and an endgame value.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct S(pub i32, pub i32);

impl Add for S {
    type Output = S;
    #[inline]
    fn add(self, o: S) -> S {
        S(self.0 + o.0, self.1 + o.1)
    }
}
impl Sub for S {
    type Output = S;
    #[inline]
    fn sub(self, o: S) -> S {
        S(self.0 - o.0, self.1 - o.1)
    }
}
impl AddAssign for S {
    #[inline]
    fn add_assign(&mut self, o: S) {
        *self = *self + o;
    }
}
impl SubAssign for S {
    #[inline]
    fn sub_assign(&mut self, o: S) {
        *self = *self - o;
    }
}
impl Mul<i32> for S {
    type Output = S;
    #[inline]
    fn mul(self, k: i32) -> S {
        S(self.0 * k, self.1 * k)
    }
}

/// Receives the evaluation's counts.
pub trait Sink {
    /// Whether material and placement are wanted too (the engine keeps them incrementally).
    const WANTS_MATERIAL: bool;
    fn add(&mut self, side: Side, param: usize, count: i32);
}

/// The engine's sink: adds weight × count to each side's score pair.
pub struct Accumulator<const N: usize> {
    pub weights: &'static [S; N],
    pub score: [S; 2],
}

impl<const N: usize> Sink for Accumulator<N> {
    const WANTS_MATERIAL: bool = false;
    #[inline]
    fn add(&mut self, side: Side, param: usize, count: i32) {
        self.score[side.index()] += self.weights[param] * count;
    }
}

/// The tuner's sink: Red's (White's) count minus Black's, per weight.
pub struct Recorder {
    dense: Vec<i32>,
}

impl Recorder {
    pub fn new(count: usize) -> Recorder {
        Recorder {
            dense: vec![0; count],
        }
    }

    /// The non-zero coefficients, as a `Trace` holds them.
    pub fn coefficients(&self) -> Vec<(u16, i16)> {
        self.dense
            .iter()
            .enumerate()
            .filter(|(_, c)| **c != 0)
            .map(|(i, &c)| (i as u16, c.clamp(i16::MIN as i32, i16::MAX as i32) as i16))
            .collect()
    }
}

impl Sink for Recorder {
    const WANTS_MATERIAL: bool = true;
    fn add(&mut self, side: Side, param: usize, count: i32) {
        let sign = if side == Side::Red { 1 } else { -1 };
        self.dense[param] += sign * count;
    }
}

/// The weights' coefficients of one position, for the tuner: the evaluation from Red's
/// (White's) view is `taper(Σ weight × coefficient, phase) × scale / 64`.
#[derive(Clone, Debug, PartialEq)]
pub struct Trace {
    /// (weight index, Red's count minus Black's), non-zero ones only.
    pub coefficients: Vec<(u16, i16)>,
    /// The material phase, 0 to `phase_max` (the middlegame weights' share is their ratio).
    pub phase: i32,
    pub phase_max: i32,
    /// The draw scale (0–64) that applies when Red stands better, and when Black does.
    pub scale: [i32; 2],
}

/// What the tuner needs of a game: its weights, their names, and positions' traces.
pub trait Tunable: Sized {
    /// The compiled-in weights, in parameter order.
    const WEIGHTS: &'static [S];
    /// Where `jiangjun tune` writes the weights unless told otherwise.
    const WEIGHTS_PATH: &'static str;
    /// The doc comment that opens the weights file, before the provenance line.
    const WEIGHTS_HEADER: &'static str;
    /// A readable name for each weight, distinct, as the weights file writes it.
    fn weight_name(i: usize) -> String;
    /// Weights that never move (a king's material: a king is always on the board).
    fn fixed_weight(i: usize) -> bool;
    fn parse_fen(fen: &str) -> Option<Self>;
    fn trace(&self) -> Trace;
}
