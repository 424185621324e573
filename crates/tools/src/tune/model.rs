//! The evaluation as a model for Texel tuning: linear in its weights, tapered by the phase and
//! scaled by the draw scale, so that its value and its gradient per weight are exact sums over
//! a position's coefficients. The error is the mean squared difference between the
//! win probability the evaluation predicts, `sigmoid(eval)`, and a target from the game.

use super::data::{Dataset, Entry};

/// Weights as the tuner holds them: (middlegame, endgame) in centipawns, as reals.
pub type Weights = Vec<[f64; 2]>;

/// The win probability of a score in centipawns: `1 / (1 + 10^(-k·x/400))`.
#[inline]
pub fn sigmoid(k: f64, x: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * x / 400.0))
}

/// The evaluation of an entry from Red's view and the factor (phase share × draw scale)
/// that carries a middlegame and an endgame weight into it.
#[inline]
fn evaluate(data: &Dataset, e: &Entry, w: &[[f64; 2]]) -> (f64, [f64; 2]) {
    let (mut mg, mut eg) = (0.0, 0.0);
    for &(i, c) in data.coefficients_of(e) {
        let [wm, we] = w[i as usize];
        mg += wm * f64::from(c);
        eg += we * f64::from(c);
    }
    let phase = f64::from(e.phase);
    let tapered = mg * phase + eg * (1.0 - phase);
    let scale = f64::from(e.scale[if tapered > 0.0 { 0 } else { 1 }]) / 64.0;
    (tapered * scale, [phase * scale, (1.0 - phase) * scale])
}

/// The evaluation of an entry from Red's view, in centipawns.
pub fn eval(data: &Dataset, e: &Entry, w: &[[f64; 2]]) -> f64 {
    evaluate(data, e, w).0
}

/// Runs `f` over about equal shares of the entries on `threads` threads; `f` gets the index
/// of its share's first entry and the share.
fn par_map<R: Send>(
    entries: &[Entry],
    threads: usize,
    f: impl Fn(usize, &[Entry]) -> R + Sync,
) -> Vec<R> {
    let chunk = entries.len().div_ceil(threads.max(1)).max(1);
    std::thread::scope(|scope| {
        let f = &f;
        let handles: Vec<_> = entries
            .chunks(chunk)
            .enumerate()
            .map(|(n, part)| scope.spawn(move || f(n * chunk, part)))
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
            .collect()
    })
}

/// The training target of each entry: `lambda × result + (1 − lambda) × sigmoid(score)`.
pub fn targets(data: &Dataset, k: f64, lambda: f64) -> Vec<f64> {
    data.entries
        .iter()
        .map(|e| lambda * f64::from(e.result) + (1.0 - lambda) * sigmoid(k, f64::from(e.score)))
        .collect()
}

/// The mean squared error of the weights against the targets (one per entry, in order).
pub fn error(data: &Dataset, targets: &[f64], w: &[[f64; 2]], k: f64, threads: usize) -> f64 {
    if data.is_empty() {
        return 0.0;
    }
    let sums = par_map(&data.entries, threads, |first, part| {
        part.iter()
            .zip(&targets[first..])
            .map(|(e, t)| (sigmoid(k, eval(data, e, w)) - t).powi(2))
            .sum::<f64>()
    });
    sums.iter().sum::<f64>() / data.len() as f64
}

/// The error's gradient per weight (into `grad`, overwritten) and the error itself.
pub fn gradient(
    data: &Dataset,
    targets: &[f64],
    w: &[[f64; 2]],
    k: f64,
    threads: usize,
    grad: &mut [[f64; 2]],
) -> f64 {
    let parts = par_map(&data.entries, threads, |first, part| {
        let mut g = vec![[0.0; 2]; w.len()];
        let mut err = 0.0;
        for (e, t) in part.iter().zip(&targets[first..]) {
            let (v, carry) = evaluate(data, e, w);
            let s = sigmoid(k, v);
            err += (s - t).powi(2);
            // d(s − t)²/dv = 2 (s − t) · s (1 − s) · k ln 10 / 400.
            let d = 2.0 * (s - t) * s * (1.0 - s) * k * std::f64::consts::LN_10 / 400.0;
            for &(i, c) in data.coefficients_of(e) {
                let dc = d * f64::from(c);
                let gi = &mut g[i as usize];
                gi[0] += dc * carry[0];
                gi[1] += dc * carry[1];
            }
        }
        (g, err)
    });
    let n = data.len().max(1) as f64;
    grad.iter_mut().for_each(|g| *g = [0.0; 2]);
    let mut err = 0.0;
    for (g, e) in parts {
        err += e;
        for (out, part) in grad.iter_mut().zip(&g) {
            out[0] += part[0] / n;
            out[1] += part[1] / n;
        }
    }
    err / n
}

/// The sigmoid scale `k` that best maps the current evaluation onto the game results (the
/// classic Texel fit), by golden-section search over 0.01–10 (the error is unimodal in `k`).
pub fn fit_k(data: &Dataset, w: &[[f64; 2]], threads: usize) -> f64 {
    let results = targets(data, 1.0, 1.0);
    let f = |k: f64| error(data, &results, w, k, threads);
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let (mut a, mut b) = (0.01, 10.0);
    let (mut c, mut d) = (b - ratio * (b - a), a + ratio * (b - a));
    let (mut fc, mut fd) = (f(c), f(d));
    while b - a > 1e-4 {
        if fc < fd {
            (b, d, fd) = (d, c, fc);
            c = b - ratio * (b - a);
            fc = f(c);
        } else {
            (a, c, fc) = (c, d, fd);
            d = a + ratio * (b - a);
            fd = f(d);
        }
    }
    (a + b) / 2.0
}

/// Adam (Kingma & Ba): a step per weight scaled by its own gradient history, so that weights
/// seen in few positions move as fast as the material values.
pub struct Adam {
    m: Weights,
    v: Weights,
    t: i32,
    pub rate: f64,
}

impl Adam {
    const BETA1: f64 = 0.9;
    const BETA2: f64 = 0.999;
    const EPSILON: f64 = 1e-12;

    pub fn new(count: usize, rate: f64) -> Adam {
        Adam {
            m: vec![[0.0; 2]; count],
            v: vec![[0.0; 2]; count],
            t: 0,
            rate,
        }
    }

    /// Moves the weights whose `free` flag is set one step down the gradient.
    pub fn step(&mut self, w: &mut [[f64; 2]], grad: &[[f64; 2]], free: &[bool]) {
        self.t += 1;
        let c1 = 1.0 - Self::BETA1.powi(self.t);
        let c2 = 1.0 - Self::BETA2.powi(self.t);
        for i in (0..w.len()).filter(|&i| free[i]) {
            for j in 0..2 {
                let g = grad[i][j];
                self.m[i][j] = Self::BETA1 * self.m[i][j] + (1.0 - Self::BETA1) * g;
                self.v[i][j] = Self::BETA2 * self.v[i][j] + (1.0 - Self::BETA2) * g * g;
                let (m, v) = (self.m[i][j] / c1, self.v[i][j] / c2);
                w[i][j] -= self.rate * m / (v.sqrt() + Self::EPSILON);
            }
        }
    }
}
