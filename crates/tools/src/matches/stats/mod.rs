//! Match statistics: score, Elo difference with a 95% interval, likelihood of superiority,
//! pentanomial pair counts, normalised Elo, and (in `sprt`) the sequential probability ratio
//! test. Everything is computed from counts alone so that the numbers can be checked by hand in
//! the tests.

pub mod mle;
#[cfg(test)]
mod simulation;
pub mod sprt;

pub use sprt::{EloModel, MIN_PAIRS, SprtParams, SprtVerdict};

/// The two-sided 95% quantile of the standard normal distribution.
pub const Z95: f64 = 1.959_963_984_540_054;

/// Win/draw/loss counts from one engine's point of view.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Wdl {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl Wdl {
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }
    /// Points per game, 0 to 1 (a draw is half a point); `None` before any game.
    pub fn score(&self) -> Option<f64> {
        let n = f64::from(self.games());
        (n > 0.0).then(|| (f64::from(self.wins) + 0.5 * f64::from(self.draws)) / n)
    }
    /// The same counts from the opponent's point of view.
    pub fn flipped(&self) -> Wdl {
        Wdl {
            wins: self.losses,
            draws: self.draws,
            losses: self.wins,
        }
    }
    /// Per-game outcomes as (score, count), the trinomial distribution.
    fn samples(&self) -> [(f64, f64); 3] {
        [
            (1.0, f64::from(self.wins)),
            (0.5, f64::from(self.draws)),
            (0.0, f64::from(self.losses)),
        ]
    }
}

/// Counts of game pairs (same opening, colours swapped) by the points scored in the pair:
/// `counts[k]` holds the pairs worth `k / 2` points (0, 0.5, 1, 1.5, 2).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Penta {
    pub counts: [u32; 5],
}

impl Penta {
    /// Records a pair worth `half_points` half points (0..=4).
    pub fn add(&mut self, half_points: usize) {
        if let Some(c) = self.counts.get_mut(half_points) {
            *c += 1;
        }
    }
    pub fn pairs(&self) -> u32 {
        self.counts.iter().sum()
    }
    /// Per-pair outcomes as (score per game, count).
    fn samples(&self) -> [(f64, f64); 5] {
        let mut out = [(0.0, 0.0); 5];
        for (k, slot) in out.iter_mut().enumerate() {
            *slot = (k as f64 / 4.0, f64::from(self.counts[k]));
        }
        out
    }
}

/// Mean, variance and number of a weighted sample set; `None` if it is empty.
fn moments(samples: &[(f64, f64)]) -> Option<(f64, f64, f64)> {
    let n: f64 = samples.iter().map(|s| s.1).sum();
    if n <= 0.0 {
        return None;
    }
    let mean = samples.iter().map(|(x, c)| x * c).sum::<f64>() / n;
    let var = samples
        .iter()
        .map(|(x, c)| c * (x - mean) * (x - mean))
        .sum::<f64>()
        / n;
    Some((mean, var, n))
}

/// The Elo difference that gives an expected score `score` under the logistic model.
/// Infinite at 0 and 1.
pub fn elo_from_score(score: f64) -> f64 {
    if score <= 0.0 {
        return f64::NEG_INFINITY;
    }
    if score >= 1.0 {
        return f64::INFINITY;
    }
    -400.0 * (1.0 / score - 1.0).log10()
}

/// The expected score for an Elo difference `elo` (the inverse of `elo_from_score`).
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// An Elo estimate with its 95% interval.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct EloEstimate {
    pub elo: f64,
    pub low: f64,
    pub high: f64,
}

impl EloEstimate {
    /// Half the width of the interval, the "±" people quote.
    pub fn margin(&self) -> f64 {
        let m = (self.high - self.low) / 2.0;
        // Both ends infinite (a perfect score): the width is unbounded, not undefined.
        if m.is_nan() { f64::INFINITY } else { m }
    }
}

fn estimate(samples: &[(f64, f64)]) -> Option<EloEstimate> {
    let (mean, var, n) = moments(samples)?;
    let err = (var / n).sqrt();
    Some(EloEstimate {
        elo: elo_from_score(mean),
        low: elo_from_score(mean - Z95 * err),
        high: elo_from_score(mean + Z95 * err),
    })
}

/// Elo from game results, treating games as independent (the trinomial model).
pub fn elo_trinomial(wdl: &Wdl) -> Option<EloEstimate> {
    estimate(&wdl.samples())
}

/// Elo from game pairs: the variance of pair scores also accounts for unbalanced openings.
pub fn elo_pentanomial(p: &Penta) -> Option<EloEstimate> {
    estimate(&p.samples())
}

/// Normalised Elo from game pairs (see `EloModel::Normalized`): the per-game t-value
/// `(score - 1/2) / sigma`, sigma being `sqrt(2)` times the pair scores' standard deviation,
/// times `800 / ln 10`. `None` before there is a spread between pairs.
pub fn nelo_pentanomial(p: &Penta) -> Option<f64> {
    let (mean, var, _) = moments(&p.samples())?;
    (var > 0.0).then(|| (mean - 0.5) / (2.0 * var).sqrt() * sprt::NELO_PER_T)
}

/// Likelihood of superiority: the probability that the engine is really the stronger one,
/// from wins and losses (draws carry no information here). 0.5 when nothing is decided.
pub fn los(wdl: &Wdl) -> f64 {
    let decisive = f64::from(wdl.wins + wdl.losses);
    if decisive == 0.0 {
        return 0.5;
    }
    let z = (f64::from(wdl.wins) - f64::from(wdl.losses)) / (2.0 * decisive).sqrt();
    0.5 * (1.0 + erf(z))
}

/// The error function, by the Abramowitz–Stegun formula 7.1.26 (absolute error < 1.5e-7).
pub fn erf(x: f64) -> f64 {
    let sign = if x < 0.0 { -1.0 } else { 1.0 };
    let x = x.abs();
    let t = 1.0 / (1.0 + 0.327_591_1 * x);
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    sign * (1.0 - poly * (-x * x).exp())
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// `a` and `b` differ by at most `tol` (the tests of `sprt` use it too).
    pub fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    #[test]
    fn elo_and_interval_match_the_hand_computation() {
        // +60 =20 -20: score s = (60 + 10) / 100 = 0.7;
        // Elo = -400 log10(1/0.7 - 1) = -400 log10(0.428571) = 147.19.
        // Per-game variance = (60·0.3² + 20·0.2² + 20·0.7²) / 100 = (5.4 + 0.8 + 9.8) / 100 = 0.16,
        // standard error = sqrt(0.16 / 100) = 0.04, so s ± 1.96·0.04 = [0.62160, 0.77840],
        // Elo(0.62160) = -400 log10(0.608752) = 86.23 and Elo(0.77840) = -400 log10(0.284687) = 218.25.
        let wdl = Wdl {
            wins: 60,
            draws: 20,
            losses: 20,
        };
        let e = elo_trinomial(&wdl).expect("games were played");
        assert!(close(e.elo, 147.19, 0.01), "{e:?}");
        assert!(close(e.low, 86.23, 0.01), "{e:?}");
        assert!(close(e.high, 218.25, 0.01), "{e:?}");
        assert!(close(e.margin(), 66.01, 0.01), "{e:?}");
    }

    #[test]
    fn even_score_is_zero_elo_and_extremes_are_infinite() {
        assert_eq!(elo_from_score(0.5), 0.0);
        assert_eq!(elo_from_score(1.0), f64::INFINITY);
        assert_eq!(elo_from_score(0.0), f64::NEG_INFINITY);
        assert!(close(score_from_elo(elo_from_score(0.3)), 0.3, 1e-12));
        assert_eq!(elo_trinomial(&Wdl::default()), None);
    }

    #[test]
    fn los_matches_the_hand_computation() {
        // +12 -8: z = (12 - 8) / sqrt(2 · 20) = 0.632456, erf(0.632456) = 0.628907,
        // LOS = (1 + 0.628907) / 2 = 0.814453.
        let wdl = Wdl {
            wins: 12,
            draws: 30,
            losses: 8,
        };
        assert!(close(los(&wdl), 0.814453, 1e-6));
        assert_eq!(los(&Wdl::default()), 0.5);
        assert!(close(los(&wdl.flipped()), 1.0 - 0.814453, 1e-6));
    }

    #[test]
    fn pentanomial_elo_matches_the_hand_computation() {
        // Pairs worth 0, ½, 1, 1½, 2 points: 1, 2, 5, 8, 4 (20 pairs).
        // Mean per game = (0·1 + .25·2 + .5·5 + .75·8 + 1·4) / 20 = 13 / 20 = 0.65.
        // Variance = (1·.65² + 2·.4² + 5·.15² + 8·.1² + 4·.35²) / 20 = 1.425 / 20 = 0.07125.
        // Elo(0.65) = 107.54; error = sqrt(0.07125 / 20) = 0.059687, so
        // [0.65 - 0.116984, 0.65 + 0.116984] gives Elo 22.98 to 206.96.
        let p = Penta {
            counts: [1, 2, 5, 8, 4],
        };
        let e = elo_pentanomial(&p).expect("pairs were played");
        assert!(close(e.elo, 107.54, 0.01), "{e:?}");
        assert!(close(e.low, 22.98, 0.01), "{e:?}");
        assert!(close(e.high, 206.96, 0.01), "{e:?}");
        // nElo = (0.65 - 0.5) / sqrt(2 · 0.07125) · 800 / ln 10 = 0.397360 · 347.4356 = 138.06.
        let nelo = nelo_pentanomial(&p).expect("pairs with a spread");
        assert!(close(nelo, 138.06, 0.01), "{nelo}");
    }

    #[test]
    fn erf_is_accurate_to_the_published_bound() {
        // Reference values of erf from tables.
        for (x, want) in [
            (0.0, 0.0),
            (0.5, 0.520500),
            (1.0, 0.842701),
            (2.0, 0.995322),
        ] {
            assert!(close(erf(x), want, 2e-6), "erf({x})");
            assert!(close(erf(-x), -want, 2e-6));
        }
    }
}
