//! `jiangjun tune --wdl`: fits the win/draw/loss model of `UCI_ShowWDL` (`jiangjun_engine::wdl`) to
//! self-play games by maximum likelihood, for three shapes of the model (constant, linear and
//! quadratic in the material share), and reports each one's log loss on the training data and
//! on held-out data, so that the choice between them is measured rather than assumed.
//!
//! The likelihood is the multinomial one: a position whose game was won contributes
//! `ln win`, a draw `ln draw`, a loss `ln loss` (from Red's view, with Red's score; the model
//! is symmetric, so either side's view gives the same value). It is minimised by Newton's
//! method with a backtracking line search: the model has at most six parameters, the
//! gradient is exact and the second derivatives come from differences of gradients.

use super::data::Dataset;
use jiangjun_engine::wdl::WdlModel;

/// One position as the model sees it.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Sample {
    /// The search's score, centipawns from Red's view.
    pub score: f64,
    /// The material share, 0 (bare kings) to 1 (every rook, horse and cannon).
    pub material: f64,
    /// Red's result: 1, ½ or 0.
    pub result: f64,
}

/// The samples of a data set (positions traced by `data::load`).
pub fn samples(data: &Dataset) -> Vec<Sample> {
    data.entries
        .iter()
        .map(|e| Sample {
            score: f64::from(e.score),
            material: f64::from(e.phase),
            result: f64::from(e.result),
        })
        .collect()
}

/// How many coefficients of `a` and of `b` the fit may move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Shape {
    Constant = 1,
    Linear = 2,
    Quadratic = 3,
}

impl Shape {
    pub const ALL: [Shape; 3] = [Shape::Constant, Shape::Linear, Shape::Quadratic];

    pub fn name(self) -> &'static str {
        match self {
            Shape::Constant => "constant",
            Shape::Linear => "linear in material",
            Shape::Quadratic => "quadratic in material",
        }
    }
}

/// The parameters as one vector: a0 a1 a2 b0 b1 b2.
type Vector = [f64; 6];

fn model(v: &Vector) -> WdlModel {
    WdlModel {
        a: [v[0], v[1], v[2]],
        b: [v[3], v[4], v[5]],
    }
}

/// Probabilities below this are taken as this, so that one surprising game cannot make the
/// loss infinite.
const FLOOR: f64 = 1e-9;

/// The mean negative log-likelihood of the samples under `m` (lower is better).
pub fn log_loss(samples: &[Sample], m: &WdlModel) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let total: f64 = samples
        .iter()
        .map(|s| -observed(m.probabilities(s.score, s.material), s.result).ln())
        .sum();
    total / samples.len() as f64
}

/// The probability the model gave to what happened.
fn observed(p: [f64; 3], result: f64) -> f64 {
    let i = if result > 0.75 {
        0
    } else if result < 0.25 {
        2
    } else {
        1
    };
    p[i].max(FLOOR)
}

/// The loss and its gradient at `v` (only the first `shape` coefficients of `a` and `b` get
/// a gradient; the rest stay fixed).
fn loss_and_gradient(samples: &[Sample], v: &Vector, shape: Shape) -> (f64, Vector) {
    let m = model(v);
    let mut grad = [0.0; 6];
    let mut total = 0.0;
    for s in samples {
        let (a, b) = m.parameters(s.material);
        let (u, w) = ((s.score - a) / b, (-s.score - a) / b);
        let (win, loss) = (1.0 / (1.0 + (-u).exp()), 1.0 / (1.0 + (-w).exp()));
        // Derivatives of win and loss by a and by b.
        let (dwin_da, dwin_db) = (-win * (1.0 - win) / b, -win * (1.0 - win) * u / b);
        let (dloss_da, dloss_db) = (-loss * (1.0 - loss) / b, -loss * (1.0 - loss) * w / b);
        let (p, dp_da, dp_db) = if s.result > 0.75 {
            (win, dwin_da, dwin_db)
        } else if s.result < 0.25 {
            (loss, dloss_da, dloss_db)
        } else {
            (1.0 - win - loss, -dwin_da - dloss_da, -dwin_db - dloss_db)
        };
        let p = p.max(FLOOR);
        total -= p.ln();
        let mut power = 1.0;
        for k in 0..shape as usize {
            grad[k] -= dp_da / p * power;
            grad[3 + k] -= dp_db / p * power;
            power *= s.material;
        }
    }
    let n = samples.len().max(1) as f64;
    (total / n, grad.map(|g| g / n))
}

/// The indices of the free parameters of a shape.
fn free(shape: Shape) -> Vec<usize> {
    (0..shape as usize).chain(3..3 + shape as usize).collect()
}

/// Solves `h x = g` (small, dense) by Gaussian elimination with partial pivoting; `None` when
/// `h` is singular.
fn solve(mut h: Vec<Vec<f64>>, mut g: Vec<f64>) -> Option<Vec<f64>> {
    let n = g.len();
    for c in 0..n {
        let p = (c..n).max_by(|&i, &j| h[i][c].abs().total_cmp(&h[j][c].abs()))?;
        if h[p][c].abs() < 1e-300 {
            return None;
        }
        h.swap(c, p);
        g.swap(c, p);
        let (pivot, pivot_g) = (h[c].clone(), g[c]);
        for r in c + 1..n {
            let f = h[r][c] / pivot[c];
            for (x, p) in h[r][c..].iter_mut().zip(&pivot[c..]) {
                *x -= f * p;
            }
            g[r] -= f * pivot_g;
        }
    }
    let mut x = vec![0.0; n];
    for c in (0..n).rev() {
        let s: f64 = (c + 1..n).map(|k| h[c][k] * x[k]).sum();
        x[c] = (g[c] - s) / h[c][c];
    }
    Some(x)
}

/// The maximum-likelihood model of `shape` for the samples, starting from `start`.
pub fn fit(samples: &[Sample], shape: Shape, start: &WdlModel) -> WdlModel {
    let mut v: Vector = [
        start.a[0], start.a[1], start.a[2], start.b[0], start.b[1], start.b[2],
    ];
    for k in shape as usize..3 {
        (v[k], v[3 + k]) = (0.0, 0.0);
    }
    let idx = free(shape);
    for _ in 0..50 {
        let (f, g) = loss_and_gradient(samples, &v, shape);
        // Second derivatives by central differences of the exact gradient.
        let mut h = vec![vec![0.0; idx.len()]; idx.len()];
        for (c, &j) in idx.iter().enumerate() {
            let step = 1e-3 * v[j].abs().max(1.0);
            let (mut up, mut down) = (v, v);
            up[j] += step;
            down[j] -= step;
            let (gu, gd) = (
                loss_and_gradient(samples, &up, shape).1,
                loss_and_gradient(samples, &down, shape).1,
            );
            for (r, &i) in idx.iter().enumerate() {
                h[r][c] = (gu[i] - gd[i]) / (2.0 * step);
            }
        }
        let n = idx.len();
        let h: Vec<Vec<f64>> = (0..n)
            .map(|r| (0..n).map(|c| (h[r][c] + h[c][r]) / 2.0).collect())
            .collect();
        let minus_g: Vec<f64> = idx.iter().map(|&i| -g[i]).collect();
        // Newton's step where the curvature allows, else plain descent.
        let mut step = match solve(h, minus_g.clone()) {
            Some(d) if d.iter().zip(&minus_g).map(|(a, b)| a * b).sum::<f64>() > 0.0 => d,
            _ => minus_g.clone(),
        };
        let slope: f64 = -step.iter().zip(&minus_g).map(|(a, b)| a * b).sum::<f64>();
        let mut moved = false;
        for _ in 0..40 {
            let mut next = v;
            for (d, &i) in step.iter().zip(&idx) {
                next[i] += d;
            }
            let fn_next = loss_and_gradient(samples, &next, shape).0;
            if fn_next.is_finite() && fn_next <= f + 1e-4 * slope.min(0.0) {
                v = next;
                moved = true;
                break;
            }
            step.iter_mut().for_each(|d| *d /= 2.0);
        }
        let size = step.iter().map(|d| d.abs()).fold(0.0, f64::max);
        if !moved || size < 1e-6 {
            break;
        }
    }
    model(&v)
}

/// The Rust text of a model, to paste into `src/wdl.rs`.
pub fn source(m: &WdlModel) -> String {
    let list = |c: &[f64; 3]| format!("[{:.3}, {:.3}, {:.3}]", c[0], c[1], c[2]);
    format!(
        "WdlModel {{\n    a: {},\n    b: {},\n}}",
        list(&m.a),
        list(&m.b)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use jiangjun_rules::random::{RngExt, seeded};

    /// Games drawn from a known model: scores from −600 to 600, materials from 0 to 1.
    fn synthetic(truth: &WdlModel, n: usize) -> Vec<Sample> {
        let mut rng = seeded(5);
        (0..n)
            .map(|_| {
                let score = f64::from(rng.random_range(-600..=600i32));
                let material = f64::from(rng.random_range(0..=32u32)) / 32.0;
                let [w, d, _] = truth.probabilities(score, material);
                let x = f64::from(rng.random_range(0..1_000_000u32)) / 1e6;
                let result = if x < w {
                    1.0
                } else if x < w + d {
                    0.5
                } else {
                    0.0
                };
                Sample {
                    score,
                    material,
                    result,
                }
            })
            .collect()
    }

    const START: WdlModel = WdlModel {
        a: [150.0, 0.0, 0.0],
        b: [150.0, 0.0, 0.0],
    };

    #[test]
    fn the_fit_finds_the_model_that_made_the_games() {
        let truth = WdlModel {
            a: [120.0, 160.0, 0.0],
            b: [80.0, 60.0, 0.0],
        };
        let data = synthetic(&truth, 40_000);
        let got = fit(&data, Shape::Linear, &START);
        for (g, t) in got
            .a
            .iter()
            .chain(&got.b)
            .zip(truth.a.iter().chain(&truth.b))
        {
            assert!((g - t).abs() < 25.0, "{got:?} against {truth:?}");
        }
        // The truth's own loss is no better than the fit's on the data it was fitted to.
        assert!(log_loss(&data, &got) <= log_loss(&data, &truth) + 1e-9);
        // A constant model cannot follow the material and does worse.
        let flat = fit(&data, Shape::Constant, &START);
        assert!(flat.a[1] == 0.0 && flat.b[1] == 0.0);
        assert!(log_loss(&data, &flat) > log_loss(&data, &got) + 1e-3);
    }

    #[test]
    fn the_gradient_matches_the_loss() {
        let truth = WdlModel {
            a: [100.0, 50.0, 0.0],
            b: [120.0, -20.0, 0.0],
        };
        let data = synthetic(&truth, 2_000);
        let v: Vector = [140.0, 20.0, 10.0, 90.0, 5.0, -3.0];
        let (_, g) = loss_and_gradient(&data, &v, Shape::Quadratic);
        for i in 0..6 {
            let h = 1e-3;
            let (mut up, mut down) = (v, v);
            up[i] += h;
            down[i] -= h;
            let numeric = (loss_and_gradient(&data, &up, Shape::Quadratic).0
                - loss_and_gradient(&data, &down, Shape::Quadratic).0)
                / (2.0 * h);
            assert!((numeric - g[i]).abs() < 1e-6, "{i}: {numeric} {}", g[i]);
        }
    }

    #[test]
    fn solve_inverts_a_small_system() {
        let h = vec![vec![4.0, 1.0], vec![1.0, 3.0]];
        let x = solve(h, vec![1.0, 2.0]).expect("not singular");
        assert!((x[0] - 1.0 / 11.0).abs() < 1e-12 && (x[1] - 7.0 / 11.0).abs() < 1e-12);
        assert!(solve(vec![vec![0.0]], vec![1.0]).is_none());
    }
}
