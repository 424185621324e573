//! Simulated SPRTs: thousands of tests on pair results drawn at random from known pentanomial
//! distributions whose true Elo is exactly elo0 or exactly elo1, to check that the test errs no
//! more often than alpha and beta promise, and to measure how long it runs.
//!
//! The true distribution for a shape and an Elo is the one nearest the shape (in the
//! likelihood sense of `mle.rs`) with that expected score or t-value. The tests run in release
//! in a few seconds (`cargo test --release --lib simulation -- --nocapture` prints the table);
//! the ignored one is the elo0=0 elo1=5 table of docs/tools/match.md and takes minutes.

use super::sprt::NELO_PER_T;
use super::{EloModel, MIN_PAIRS, Penta, SprtParams, SprtVerdict, erf, mle, score_from_elo};
use jiangjun_rules::random::{self, Generator, RngExt};

const VALUES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

/// Pair outcome shapes (0, ½, 1, 1½, 2 points), before being tilted to the true Elo.
const SHAPES: [(&str, [f64; 5]); 4] = [
    // The example: an even spread around 1-1.
    ("typical", [0.05, 0.20, 0.50, 0.20, 0.05]),
    // Most games drawn: a small pair variance.
    ("drawish", [0.01, 0.09, 0.80, 0.09, 0.01]),
    // Few draws and independent games (30% draws): the largest variance.
    ("decisive", [0.1225, 0.21, 0.335, 0.21, 0.1225]),
    // Openings that decide the game for one colour: most pairs split 1-1 as win + loss.
    ("unbalanced", [0.02, 0.06, 0.84, 0.06, 0.02]),
];

/// The distribution of `shape` moved to an Elo of `elo` in `model`.
fn truth(shape: &[f64; 5], model: EloModel, elo: f64) -> [f64; 5] {
    let fitted = match model {
        EloModel::Logistic => mle::with_mean(&VALUES, shape, score_from_elo(elo)),
        EloModel::Normalized => mle::with_t_value(
            &VALUES,
            shape,
            0.5,
            elo / NELO_PER_T * std::f64::consts::SQRT_2,
        ),
    };
    fitted.expect("every shape has all five outcomes, so any moderate Elo is reachable")
}

/// One test to its end: (verdict, pairs played); `Continue` if `cap` pairs did not decide.
fn run(t: &SprtParams, p: &[f64; 5], rng: &mut Generator, cap: u32) -> (SprtVerdict, u32) {
    let mut penta = Penta::default();
    while penta.pairs() < cap {
        // A uniform number in [0, 1).
        let u: f64 = rng.random();
        let mut acc = 0.0;
        let class = p.iter().position(|&pi| {
            acc += pi;
            u < acc
        });
        penta.add(class.unwrap_or(4));
        if penta.pairs() >= MIN_PAIRS {
            let v = t.verdict(t.llr_pentanomial(&penta), penta.pairs());
            if v != SprtVerdict::Continue {
                return (v, penta.pairs());
            }
        }
    }
    (SprtVerdict::Continue, cap)
}

/// What `runs` tests found with the truth at one Elo.
struct Outcome {
    wrong: u32,
    undecided: u32,
    mean_pairs: f64,
    shortest: u32,
}

fn simulate(t: &SprtParams, p: &[f64; 5], truth_is_h1: bool, runs: u32, seed: u64) -> Outcome {
    let mut rng = random::seeded(seed);
    let (mut wrong, mut undecided, mut total, mut shortest) = (0, 0, 0u64, u32::MAX);
    let bad = if truth_is_h1 {
        SprtVerdict::AcceptH0
    } else {
        SprtVerdict::AcceptH1
    };
    for _ in 0..runs {
        let (v, n) = run(t, p, &mut rng, 1_000_000);
        wrong += u32::from(v == bad);
        undecided += u32::from(v == SprtVerdict::Continue);
        total += u64::from(n);
        shortest = shortest.min(n);
    }
    Outcome {
        wrong,
        undecided,
        mean_pairs: total as f64 / f64::from(runs),
        shortest,
    }
}

/// Runs every shape at elo0 and at elo1, prints a table row for each, and checks that the
/// error rates are within alpha and beta plus the simulation's margin. The margin is a joint
/// 95% one for the whole table (Bonferroni: each of its `2 k` rows at `1 - 0.05 / 2k`), since
/// with many rows some row is bound to stray past its own 95% margin.
fn check(t: &SprtParams, shapes: &[(&str, [f64; 5])], runs: u32) {
    // One block per table, printed at the end: the tests run in parallel.
    let mut table = format!(
        "{} Elo, elo0={} elo1={} alpha={} beta={}, {runs} runs per row:\n",
        t.model.name(),
        t.elo0,
        t.elo1,
        t.alpha,
        t.beta
    );
    let z = normal_quantile(1.0 - 0.05 / (2 * shapes.len()) as f64);
    for (k, (name, shape)) in shapes.iter().enumerate() {
        for (truth_is_h1, elo, rate) in [(false, t.elo0, t.alpha), (true, t.elo1, t.beta)] {
            let p = truth(shape, t.model, elo);
            // A seed per row of the table (shape and truth), so rows draw independent numbers.
            let seed = 2 * k as u64 + u64::from(truth_is_h1);
            let o = simulate(t, &p, truth_is_h1, runs, seed);
            let observed = f64::from(o.wrong) / f64::from(runs);
            // One-sided: the rate may be anything below; above, only by sampling noise.
            let margin = z * (rate * (1.0 - rate) / f64::from(runs)).sqrt();
            table += &format!(
                "  {name:<10} true Elo {elo:>5}: {} {:>5.2}% (allowed {:.2}%), mean {:.0} games, shortest {} games, undecided {}\n",
                if truth_is_h1 { "false H0" } else { "false H1" },
                100.0 * observed,
                100.0 * (rate + margin),
                2.0 * o.mean_pairs,
                2 * o.shortest,
                o.undecided
            );
            assert!(
                observed <= rate + margin,
                "{table}{name} at Elo {elo}: {} wrong of {runs}",
                o.wrong
            );
            assert_eq!(o.undecided, 0, "{name} at Elo {elo}: tests that never end");
        }
    }
    eprint!("{table}");
}

/// The standard normal quantile, by bisection on `erf` (2.50 for 8 rows, 2.24 for 4).
fn normal_quantile(p: f64) -> f64 {
    let (mut lo, mut hi) = (0.0, 10.0);
    for _ in 0..60 {
        let mid: f64 = 0.5 * (lo + hi);
        if 0.5 * (1.0 + erf(mid / std::f64::consts::SQRT_2)) < p {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
}

/// Fewer runs in a debug build, which is many times slower; the margin widens to match.
fn runs(release: u32) -> u32 {
    if cfg!(debug_assertions) {
        release / 5
    } else {
        release
    }
}

#[test]
fn logistic_error_rates_stay_within_alpha_and_beta() {
    check(
        &SprtParams::new(0.0, 20.0, EloModel::Logistic),
        &SHAPES,
        runs(1000),
    );
}

#[test]
fn normalized_error_rates_stay_within_alpha_and_beta() {
    check(
        &SprtParams::new(0.0, 25.0, EloModel::Normalized),
        &SHAPES[1..],
        runs(500),
    );
}

#[test]
fn wide_bounds_err_no_more_than_promised_either() {
    // Where the minimum of 20 pairs matters: a test for a large gain.
    check(
        &SprtParams::new(0.0, 100.0, EloModel::Logistic),
        &SHAPES[..3],
        runs(1000),
    );
}

/// Runs per row for the ignored tests: `SPRT_SIM_RUNS`, or `default`.
fn runs_from_env(default: u32) -> u32 {
    std::env::var("SPRT_SIM_RUNS")
        .ok()
        .and_then(|v| v.parse().ok())
        .filter(|&n| (1..=1_000_000).contains(&n))
        .unwrap_or(default)
}

#[test]
#[ignore = "a minute: the error rates of docs/tools/match.md, ten times the fast tests' runs"]
fn precise_error_rates() {
    let n = runs_from_env(10_000);
    check(&SprtParams::new(0.0, 20.0, EloModel::Logistic), &SHAPES, n);
    check(
        &SprtParams::new(0.0, 25.0, EloModel::Normalized),
        &SHAPES,
        n / 5,
    );
}

#[test]
#[ignore = "many minutes: the elo0=0 elo1=5 table of docs/tools/match.md (SPRT_SIM_RUNS=N for more runs)"]
fn recommended_bounds_table() {
    check(
        &SprtParams::new(0.0, 5.0, EloModel::Logistic),
        &SHAPES,
        runs_from_env(1000),
    );
}
