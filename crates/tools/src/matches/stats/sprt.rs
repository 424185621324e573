//! The sequential probability ratio test that decides `jiangjun match --sprt`: the
//! generalised SPRT on game pairs as fishtest computes it, with Elo hypotheses in logistic or
//! normalised Elo, and a minimum number of pairs before any verdict.
//!
//! The log-likelihood ratio is `sum n_i ln(p1_i / p0_i)` over the pentanomial classes, where
//! `p0` and `p1` are the most likely distributions (see `mle.rs`) whose expected score (logistic
//! model) or t-value (normalised model) is the one each hypothesis names. Because both stay on
//! the five outcomes 0 to 2 points, the ratio cannot grow fast: its slope in `s` is `N x`, with
//! the multiplier `x` between `-1/(1-s)` and `1/s` (else some fitted probability would be
//! negative), so a pair adds at most `ln(s1/s0)` towards H1 and `ln((1-s0)/(1-s1))` towards H0,
//! 0.0143 and 0.0145 at elo0=0 elo1=5. No sequence of results, however one-sided, decides that
//! test in fewer than 204 pairs (H0) or 207 pairs (H1). The old normal approximation divided by a
//! variance estimated from the pairs themselves, which a few equal pairs made nearly zero, hence
//! its verdicts after 6 games.

use super::{Penta, Wdl, mle, score_from_elo};

/// No verdict before this many complete pairs, whatever the ratio says.
///
/// The error rates of the generalised SPRT are asymptotic: they assume that the fitted
/// distributions describe the engines, and a handful of pairs says little about five classes
/// (the outer ones, 0 and 2 points, are often unseen for dozens of pairs). At the bounds
/// people use (elo1 - elo0 of 20 or less) the per-pair bound above already keeps every test
/// much longer than this; the minimum matters for wide bounds, where a short lucky run could
/// otherwise decide, and it makes "no verdict within the first 40 games" hold for any bounds.
pub const MIN_PAIRS: u32 = 20;

/// The count an empty class is given. Without it an outcome never seen would be impossible
/// under both fitted distributions and the fit would ignore that it can happen. As in fishtest
/// it is a thousandth of a pair: enough to keep every class in the support (which bounds the
/// per-pair jump, above), too little to move the fit.
const EMPTY_CLASS: f64 = 1e-3;

/// Normalised Elo per unit of per-game t-value, `800 / ln 10`.
pub const NELO_PER_T: f64 = 800.0 / std::f64::consts::LN_10;

/// The units of `elo0` and `elo1`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum EloModel {
    /// Logistic Elo: the hypotheses are expected scores, `1 / (1 + 10^(-elo/400))`.
    Logistic,
    /// Normalised Elo: the hypotheses are t-values, `nElo = (score - 1/2) / sigma * 800 / ln 10`
    /// with `sigma` the per-game standard deviation (from pairs: `sqrt(2)` times the standard
    /// deviation of a pair's mean score). It measures how quickly a difference shows, so the same
    /// bounds mean the same test length however drawish the games are.
    Normalized,
}

impl EloModel {
    pub fn name(self) -> &'static str {
        match self {
            EloModel::Logistic => "logistic",
            EloModel::Normalized => "normalized",
        }
    }
}

/// What a sequential test is looking for.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct SprtParams {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
    pub model: EloModel,
}

/// The state of a sequential test.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum SprtVerdict {
    /// H1 accepted: the engine is at least `elo1` stronger (within the error rates).
    AcceptH1,
    /// H0 accepted: the engine is no better than `elo0`.
    AcceptH0,
    Continue,
}

impl SprtParams {
    /// A test of `elo0` against `elo1` at the usual error rates, alpha = beta = 0.05.
    pub fn new(elo0: f64, elo1: f64, model: EloModel) -> SprtParams {
        SprtParams {
            elo0,
            elo1,
            alpha: 0.05,
            beta: 0.05,
            model,
        }
    }

    /// The (lower, upper) bounds on the log-likelihood ratio (Wald's).
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The verdict for a ratio `llr` reached after `pairs` complete pairs.
    pub fn verdict(&self, llr: f64, pairs: u32) -> SprtVerdict {
        let (lower, upper) = self.bounds();
        if pairs < MIN_PAIRS {
            SprtVerdict::Continue
        } else if llr >= upper {
            SprtVerdict::AcceptH1
        } else if llr <= lower {
            SprtVerdict::AcceptH0
        } else {
            SprtVerdict::Continue
        }
    }

    /// The ratio from game pairs (what the runner decides on).
    pub fn llr_pentanomial(&self, p: &Penta) -> f64 {
        self.llr(p.counts.map(f64::from))
    }

    /// The ratio from single games, treated as independent (shown before the first pair ends).
    pub fn llr_trinomial(&self, w: &Wdl) -> f64 {
        self.llr([w.losses, w.draws, w.wins].map(f64::from))
    }

    /// The generalised log-likelihood ratio of H1 against H0 for `counts` of outcomes spread
    /// evenly over 0 to 1 (losses first). 0 when there is nothing to judge.
    fn llr<const N: usize>(&self, counts: [f64; N]) -> f64 {
        if counts.iter().sum::<f64>() <= 0.0 {
            return 0.0;
        }
        let n = counts.map(|c| if c > 0.0 { c } else { EMPTY_CLASS });
        let total: f64 = n.iter().sum();
        let q = n.map(|c| c / total);
        let values: [f64; N] = std::array::from_fn(|i| i as f64 / (N - 1) as f64);
        let fit = |elo: f64| match self.model {
            EloModel::Logistic => mle::with_mean(&values, &q, score_from_elo(elo)),
            EloModel::Normalized => {
                // The t-value of a pair's mean score is sqrt(2) times the per-game one.
                let per_sample = if N == 5 {
                    std::f64::consts::SQRT_2
                } else {
                    1.0
                };
                mle::with_t_value(&values, &q, 0.5, elo / NELO_PER_T * per_sample)
            }
        };
        match (fit(self.elo0), fit(self.elo1)) {
            (Some(p0), Some(p1)) => (0..N).map(|i| n[i] * (p1[i] / p0[i]).ln()).sum(),
            _ => {
                // Every class is in the support and each hypothesis lies strictly inside it,
                // so this needs absurd bounds (a score of 0 or 1).
                log::warn!(
                    "SPRT: no distribution meets elo {} or {}",
                    self.elo0,
                    self.elo1
                );
                0.0
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::close;
    use super::*;

    #[test]
    fn two_outcomes_give_the_bernoulli_ratio() {
        // Over {0, 1} the fit is (1 - s, s), so the ratio is the plain Bernoulli one:
        // elo 0 vs 100: s0 = 0.5, s1 = 1 / (1 + 10^-0.25) = 0.640065; 3 losses, 7 wins:
        // 7 ln(0.640065 / 0.5) + 3 ln(0.359935 / 0.5) = 1.728731 - 0.986054 = 0.742678.
        let llr = SprtParams::new(0.0, 100.0, EloModel::Logistic).llr([3.0, 7.0]);
        assert!(close(llr, 0.742678, 1e-5), "{llr}");
    }

    #[test]
    fn pentanomial_llr_matches_an_independent_computation() {
        // Pairs worth 0, ½, 1, 1½, 2 points: 1, 2, 5, 8, 4 (20 pairs), elo0 = 0, elo1 = 5.
        // A separate Python bisection of the same equations gives 0.205965. (The old normal
        // approximation said 0.29568: it holds near s0 and s1, and this sample's mean is 0.65.)
        let p = Penta {
            counts: [1, 2, 5, 8, 4],
        };
        let llr = SprtParams::new(0.0, 5.0, EloModel::Logistic).llr_pentanomial(&p);
        assert!(close(llr, 0.205965, 1e-5), "{llr}");
        assert_eq!(
            SprtParams::new(0.0, 5.0, EloModel::Logistic).llr_pentanomial(&Penta::default()),
            0.0
        );
    }

    #[test]
    fn sprt_bounds_and_verdicts() {
        // alpha = beta = 0.05: lower = ln(0.05 / 0.95) = -ln 19 = -2.944439, upper = +2.944439.
        let t = SprtParams::new(0.0, 5.0, EloModel::Logistic);
        let (lo, hi) = t.bounds();
        assert!(close(lo, -2.944439, 1e-6) && close(hi, 2.944439, 1e-6));
        assert_eq!(t.verdict(3.0, MIN_PAIRS), SprtVerdict::AcceptH1);
        assert_eq!(t.verdict(-3.0, MIN_PAIRS), SprtVerdict::AcceptH0);
        assert_eq!(t.verdict(0.3, MIN_PAIRS), SprtVerdict::Continue);
        assert_eq!(t.verdict(30.0, MIN_PAIRS - 1), SprtVerdict::Continue);
    }

    #[test]
    fn no_results_at_all_decide_elo0_0_elo1_5_within_20_pairs() {
        // Every way 1 to 20 pairs can fall (the ratio depends on the counts only, not their
        // order), in both models, stays inside the bounds by the ratio alone, minimum aside:
        // the six-game "H0 accepted" (three pairs of 1-1) and a run of 2-0 pairs among them.
        for model in [EloModel::Logistic, EloModel::Normalized] {
            let t = SprtParams::new(0.0, 5.0, model);
            let (lo, hi) = t.bounds();
            let mut worst = 0.0f64;
            for n in 1..=20u32 {
                for a in 0..=n {
                    for b in 0..=n - a {
                        for c in 0..=n - a - b {
                            for d in 0..=n - a - b - c {
                                let counts = [a, b, c, d, n - a - b - c - d];
                                let llr = t.llr_pentanomial(&Penta { counts });
                                assert!(llr > lo && llr < hi, "{model:?} {counts:?}: {llr}");
                                worst = worst.max(llr.abs());
                            }
                        }
                    }
                }
            }
            eprintln!("{model:?}: largest |LLR| over every result of up to 20 pairs: {worst:.3}");
        }
        // The per-pair bounds of the logistic model (module doc), for 20 pairs plus the four
        // empty classes' 0.001 each: ln(s1/s0) = 0.0142875 and ln((1-s0)/(1-s1)) = 0.0144949.
        let t = SprtParams::new(0.0, 5.0, EloModel::Logistic);
        let won = t.llr_pentanomial(&Penta {
            counts: [0, 0, 0, 0, 20],
        });
        let lost = t.llr_pentanomial(&Penta {
            counts: [20, 0, 0, 0, 0],
        });
        assert!(won > 0.0 && won < 20.004 * 0.0142875, "{won}");
        assert!(lost < 0.0 && lost > -20.004 * 0.0144949, "{lost}");
    }

    #[test]
    fn normalized_elo_scales_with_the_spread() {
        // The same scores with half the spread make the same nElo difference show twice as
        // fast: the drawish set must give a larger ratio for the same mean score.
        let t = SprtParams::new(0.0, 20.0, EloModel::Normalized);
        let decisive = t.llr_pentanomial(&Penta {
            counts: [20, 20, 40, 40, 30],
        });
        let drawish = t.llr_pentanomial(&Penta {
            counts: [0, 10, 90, 50, 0],
        });
        assert!(decisive > 0.0 && drawish > decisive, "{decisive} {drawish}");
    }
}
