//! Win/draw/loss from a score: the model behind `UCI_ShowWDL` (UCCI `showwdl`), and the one
//! formula `jiangjun tune --wdl` fits, so that what is fitted is exactly what is shown.
//!
//! The form is Stockfish's: with `s` the score from the side to move's view and two
//! parameters `a` (the score at which a win is as likely as not) and `b` (how fast the odds
//! turn with the score),
//!
//! ```text
//! win  = 1 / (1 + exp((a - s) / b))
//! loss = 1 / (1 + exp((a + s) / b))
//! draw = 1 - win - loss
//! ```
//!
//! Draws get what lies between the two curves, which is positive whenever `a > 0`. `a` and
//! `b` may each be a polynomial in the material left on the board (a share from 1, the full
//! set, to 0, bare kings), because the same score means less with fewer pieces: there are
//! fewer ways to turn it into a win.

use crate::search::MATE_BOUND;
use jiangjun_rules::GameKind;

/// The model's parameters: `a(m) = a[0] + a[1]·m + a[2]·m²` and likewise `b`, where `m` is
/// the material share of the position (1 = every piece on the board).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct WdlModel {
    pub a: [f64; 3],
    pub b: [f64; 3],
}

/// Xiangqi's model, fitted by `jiangjun tune --wdl` (the tools crate's `tune/wdl.rs`) on the
/// self-play training files of 30 November – 1 December 2026 (`selfplay-{5k,b,c,d}-train.txt`:
/// 673,182 positions searched at 5,000 nodes a move by four builds, from the first tuning to
/// the third fit; 53.9% of them from drawn games), material share = the evaluation's phase /
/// 32. Quadratic in the material because that shape had the lowest log loss on the held-out
/// test files (74,791 positions): 0.5935, against 0.6077 linear and 0.7229 constant (docs/protocols.md,
/// "Win/draw/loss").
pub const XIANGQI: WdlModel = WdlModel {
    a: [931.089, -1856.976, 1137.605],
    b: [175.597, 95.074, 25.623],
};

/// The model fitted for `game`, where one was (`UCI_ShowWDL`). Chess has none yet: there is no
/// chess self-play data to fit one on.
pub fn model_for(game: GameKind) -> Option<WdlModel> {
    match game {
        GameKind::Xiangqi => Some(XIANGQI),
        GameKind::Chess => None,
    }
}

fn logistic(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

fn polynomial(c: &[f64; 3], m: f64) -> f64 {
    c[0] + c[1] * m + c[2] * m * m
}

impl WdlModel {
    /// `a` and `b` at material share `material` (clamped to 0..=1); `b` is kept above 1 so
    /// that a fit gone astray cannot divide by zero.
    pub fn parameters(&self, material: f64) -> (f64, f64) {
        let m = material.clamp(0.0, 1.0);
        (polynomial(&self.a, m), polynomial(&self.b, m).max(1.0))
    }

    /// The probabilities of a win, a draw and a loss for the side whose score `score`
    /// (centipawns, not a mate) is, at material share `material`.
    pub fn probabilities(&self, score: f64, material: f64) -> [f64; 3] {
        let (a, b) = self.parameters(material);
        let win = logistic((score - a) / b);
        let loss = logistic((-score - a) / b);
        [win, (1.0 - win - loss).max(0.0), loss]
    }

    /// Win, draw and loss per mille for an internal search score (mates are certain), summing
    /// to 1000, as `info … wdl W D L` shows them.
    pub fn per_mille(&self, score: i32, material: f64) -> [u32; 3] {
        if score >= MATE_BOUND {
            return [1000, 0, 0];
        }
        if score <= -MATE_BOUND {
            return [0, 0, 1000];
        }
        let [w, _, l] = self.probabilities(f64::from(score), material);
        let win = (w * 1000.0).round().clamp(0.0, 1000.0) as u32;
        let loss = ((l * 1000.0).round().clamp(0.0, 1000.0) as u32).min(1000 - win);
        [win, 1000 - win - loss, loss]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::MATE;

    const MODELS: [WdlModel; 2] = [
        XIANGQI,
        WdlModel {
            a: [300.0, -100.0, 40.0],
            b: [90.0, 30.0, 0.0],
        },
    ];

    #[test]
    fn every_answer_sums_to_a_thousand_and_mirrors_with_the_score() {
        for model in MODELS {
            for m in [0.0, 0.3, 1.0] {
                for s in (-3000..=3000).step_by(7) {
                    let [w, d, l] = model.per_mille(s, m);
                    assert_eq!(w + d + l, 1000, "{s} {m}");
                    assert_eq!(model.per_mille(-s, m), [l, d, w], "{s} {m}");
                }
            }
        }
    }

    #[test]
    fn a_better_score_never_wins_less_or_loses_more() {
        for model in MODELS {
            for m in [0.0, 0.5, 1.0] {
                let mut last = model.probabilities(-5000.0, m);
                for s in (-5000..=5000).step_by(10) {
                    let now = model.probabilities(f64::from(s), m);
                    assert!(now[0] >= last[0] && now[2] <= last[2], "{s} {m}");
                    last = now;
                }
            }
        }
    }

    #[test]
    fn even_scores_leave_room_for_draws_and_big_ones_are_decided() {
        let [w, d, l] = XIANGQI.per_mille(0, 1.0);
        assert!(w == l && d > 0, "{w} {d} {l}");
        assert!(XIANGQI.per_mille(2000, 1.0)[0] > 900);
        assert!(XIANGQI.per_mille(-2000, 0.0)[2] > 900);
    }

    #[test]
    fn mates_are_certain() {
        assert_eq!(XIANGQI.per_mille(MATE - 3, 0.5), [1000, 0, 0]);
        assert_eq!(XIANGQI.per_mille(-(MATE - 4), 0.5), [0, 0, 1000]);
    }
}
