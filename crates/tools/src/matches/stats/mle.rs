//! Maximum-likelihood distributions under a constraint, the core of the generalised SPRT.
//!
//! The SPRT compares two hypotheses about one number (the expected score, or the t-value
//! `(mean - 1/2) / sigma`) while the rest of the outcome distribution (how drawish the games
//! are, how unbalanced the openings) is unknown. The generalised SPRT (Van den Bergh, as used by
//! fishtest) replaces that unknown shape, under each hypothesis, by the distribution on the same
//! outcomes that is most likely to have produced the observed frequencies while meeting the
//! hypothesis. For a constraint `sum p_i d_i = 0` the answer has the closed form
//! `p_i = q_i / (1 + x d_i)` (q the observed frequencies), with the Lagrange multiplier `x`
//! the root of the "secular equation" `sum q_i d_i / (1 + x d_i) = 0`.

/// Newton steps before giving up; with the bisection fallback the root is found in far fewer.
const MAX_STEPS: usize = 200;

/// Solves `sum q_i d_i / (1 + x d_i) = 0` for `x`, keeping every `1 + x d_i` positive.
///
/// The left side falls strictly from +inf to -inf across the interval where all the
/// denominators are positive, so there is exactly one root when some `d_i` (with `q_i > 0`)
/// is negative and some positive; otherwise `None`. Newton's method from `x = 0` (the root
/// when the observed frequencies already meet the constraint), safeguarded by bisection
/// whenever a step would leave the shrinking bracket.
pub fn secular<const N: usize>(q: &[f64; N], d: &[f64; N]) -> Option<f64> {
    let support = || q.iter().zip(d).filter(|(q, _)| **q > 0.0).map(|(_, d)| *d);
    let (dmin, dmax) = support().fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), d| {
        (lo.min(d), hi.max(d))
    });
    if !(dmin < 0.0 && dmax > 0.0) {
        return None;
    }
    // At the ends of (lo, hi) one denominator reaches 0.
    let (mut lo, mut hi) = (-1.0 / dmax, -1.0 / dmin);
    let mut x: f64 = 0.0;
    for _ in 0..MAX_STEPS {
        let (mut f, mut df) = (0.0, 0.0);
        // Outcomes never observed play no part (and their denominators may not be positive).
        for (qi, di) in q.iter().zip(d).filter(|(q, _)| **q > 0.0) {
            let t = di / (1.0 + x * di);
            f += qi * t;
            df -= qi * t * t;
        }
        if f.abs() < 1e-13 {
            return Some(x);
        }
        // f falls with x: a positive value means the root lies to the right.
        if f > 0.0 {
            lo = x;
        } else {
            hi = x;
        }
        let newton = x - f / df;
        x = if newton > lo && newton < hi && newton.is_finite() {
            newton
        } else {
            0.5 * (lo + hi)
        };
        if hi - lo < 1e-15 * (1.0 + x.abs()) {
            return Some(x);
        }
    }
    Some(x)
}

/// Mean and variance of the distribution `p` over `values`.
pub fn moments<const N: usize>(values: &[f64; N], p: &[f64; N]) -> (f64, f64) {
    let total: f64 = p.iter().sum();
    let mean = values.iter().zip(p).map(|(a, p)| a * p).sum::<f64>() / total;
    let var = values
        .iter()
        .zip(p)
        .map(|(a, p)| p * (a - mean) * (a - mean))
        .sum::<f64>()
        / total;
    (mean, var)
}

/// The most likely distribution over `values` with mean `s`, given observed frequencies `q`
/// (summing to 1). `None` when `s` is not strictly inside the observed range.
pub fn with_mean<const N: usize>(values: &[f64; N], q: &[f64; N], s: f64) -> Option<[f64; N]> {
    let d = values.map(|a| a - s);
    let x = secular(q, &d)?;
    Some(std::array::from_fn(|i| q[i] / (1.0 + x * d[i])))
}

/// The most likely distribution over `values` whose t-value `(mean - reference) / sigma` is
/// `t`, given observed frequencies `q` (summing to 1).
///
/// The constraint is not linear in `p`, but linearised around a guess (its mean `m` and sigma
/// `sg`) it reads `sum p_i d_i = 0` with `d_i = a_i - reference - t sg (1 + ((m - a_i)/sg)^2)/2`;
/// solving that and repeating converges in a handful of rounds (Van den Bergh, "Normalized Elo,
/// practical", section 4.1). `None` if a round has no solution or the rounds do not settle.
pub fn with_t_value<const N: usize>(
    values: &[f64; N],
    q: &[f64; N],
    reference: f64,
    t: f64,
) -> Option<[f64; N]> {
    let mut p = [1.0 / N as f64; N];
    for _ in 0..100 {
        let (m, var) = moments(values, &p);
        let sg = var.sqrt();
        if sg.is_nan() || sg <= 0.0 {
            return None;
        }
        let d = values.map(|a| a - reference - t * sg * (1.0 + ((m - a) / sg).powi(2)) / 2.0);
        let x = secular(q, &d)?;
        let next: [f64; N] = std::array::from_fn(|i| q[i] / (1.0 + x * d[i]));
        let change = next
            .iter()
            .zip(&p)
            .map(|(a, b)| (a - b).abs())
            .fold(0.0, f64::max);
        p = next;
        if change < 1e-12 {
            return Some(p);
        }
    }
    // Not settled: check the constraint itself before trusting the last round.
    let (m, var) = moments(values, &p);
    (((m - reference) / var.sqrt() - t).abs() < 1e-6 * (1.0 + t.abs())).then_some(p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_outcomes_leave_no_choice() {
        // Over {0, 1} the only distribution with mean s is (1 - s, s), whatever was observed.
        let p = with_mean(&[0.0, 1.0], &[0.9, 0.1], 0.3).expect("0.3 lies inside (0, 1)");
        assert!(
            (p[0] - 0.7).abs() < 1e-12 && (p[1] - 0.3).abs() < 1e-12,
            "{p:?}"
        );
        assert_eq!(with_mean(&[0.0, 1.0], &[1.0, 0.0], 0.3), None);
        // An unobserved outcome gets no weight: over {0, 1/2, 1} with nothing at 1/2 the fit
        // is again (0.7, 0, 0.3).
        let p = with_mean(&[0.0, 0.5, 1.0], &[0.9, 0.0, 0.1], 0.3).expect("inside");
        assert!(
            (p[0] - 0.7).abs() < 1e-12 && p[1] == 0.0 && (p[2] - 0.3).abs() < 1e-12,
            "{p:?}"
        );
    }

    #[test]
    fn the_constraint_holds_and_a_met_constraint_changes_nothing() {
        let values = [0.0, 0.25, 0.5, 0.75, 1.0];
        let q = [0.05, 0.2, 0.5, 0.15, 0.1];
        for s in [0.1, 0.45, 0.5, 0.55, 0.9] {
            let p = with_mean(&values, &q, s).expect("s inside the support");
            let (m, _) = moments(&values, &p);
            assert!((m - s).abs() < 1e-10, "mean {m} for {s}");
            assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-10, "{p:?}");
        }
        let (m, _) = moments(&values, &q);
        let p = with_mean(&values, &q, m).expect("the observed mean");
        assert!(p.iter().zip(&q).all(|(a, b)| (a - b).abs() < 1e-12));
        for t in [-0.3, 0.0, 0.05, 0.4] {
            let p = with_t_value(&values, &q, 0.5, t).expect("the rounds settle");
            let (m, var) = moments(&values, &p);
            assert!(((m - 0.5) / var.sqrt() - t).abs() < 1e-8, "t {t}: {p:?}");
        }
    }
}
