//! Tests of the tuner on synthetic data: positions from random games labelled with the win
//! probability of an evaluation with known, altered weights. The tuner must find the sigmoid
//! scale, lower the error and move the altered weights back towards their true values.

use super::model::{self, Weights};
use super::*;
use jiangjun_engine::eval::xiangqi::{WEIGHTS, params};
use jiangjun_rules::random::{self, RngExt};
use jiangjun_rules::xiangqi::Position;
use jiangjun_rules::{Game, GenKind, MoveList};

/// Positions from short random games (varied material, phases and patterns).
fn random_positions(games: u32, plies: u32) -> Vec<Position> {
    let mut rng = random::seeded(99);
    let mut out = Vec::new();
    let mut list = MoveList::new(Position::NULL_MOVE);
    for _ in 0..games {
        let mut pos = Position::startpos();
        for _ in 0..plies {
            list.clear();
            pos.generate(GenKind::All, &mut list);
            if list.is_empty() {
                break;
            }
            let m = list.as_slice()[rng.random_range(0..list.len())];
            pos.make(m);
            out.push(Position::from_fen(&pos.to_fen()).expect("own FEN"));
        }
    }
    out
}

const TRUE_K: f64 = 1.0;

fn current() -> Weights {
    WEIGHTS
        .iter()
        .map(|s| [f64::from(s.0), f64::from(s.1)])
        .collect()
}

/// The engine's weights with a few changed: these are the "truth" the data is made from.
fn true_weights() -> (Weights, Vec<usize>) {
    let mut w = current();
    let changed = vec![
        params::TEMPO,
        params::HANGING_TO_MOVE,
        params::HANGING_WAITING,
        params::THREAT_WAITING,
    ];
    let shifts = [[40.0, 25.0], [-50.0, -70.0], [45.0, 30.0], [-40.0, -40.0]];
    for (&i, s) in changed.iter().zip(shifts) {
        w[i] = [w[i][0] + s[0], w[i][1] + s[1]];
    }
    // Material too (not identifiable alone: placement tables can absorb a shift of it).
    w[params::MATERIAL + 3] = [w[3][0] + 120.0, w[3][1] + 90.0];
    w[params::MATERIAL + 5] = [w[5][0] - 100.0, w[5][1] - 60.0];
    (w, changed)
}

fn synthetic() -> (Dataset, Weights, Vec<usize>) {
    let (truth, changed) = true_weights();
    let mut data = Dataset::default();
    for pos in random_positions(60, 70) {
        data.push(&pos.trace(), 0.0, 0.0);
    }
    let labels: Vec<f32> = data
        .entries
        .iter()
        .map(|e| model::sigmoid(TRUE_K, model::eval(&data, e, &truth)) as f32)
        .collect();
    for (e, p) in data.entries.iter_mut().zip(labels) {
        (e.result, e.score) = (p, 0.0);
    }
    (data, truth, changed)
}

fn settings(l2: f64) -> FitArgs {
    FitArgs {
        epochs: 300,
        lambda: 1.0,
        rate: 2.0,
        min_count: 20,
        l2,
    }
}

fn mean_gap(data: &Dataset, a: &Weights, b: &Weights) -> f64 {
    let sum: f64 = data
        .entries
        .iter()
        .map(|e| (model::eval(data, e, a) - model::eval(data, e, b)).abs())
        .sum();
    sum / data.len() as f64
}

#[test]
fn the_tuner_recovers_altered_weights() {
    let (data, truth, changed) = synthetic();
    assert!(data.len() > 3000, "{}", data.len());
    let (train_set, valid_set) = data.split(100);
    let start = current();

    let k = model::fit_k(&train_set, &truth, 2);
    assert!(
        (k - TRUE_K).abs() < 0.01,
        "K fitted with the true weights: {k}"
    );

    let results = model::targets(&train_set, TRUE_K, 1.0);
    let before = model::error(&train_set, &results, &start, TRUE_K, 2);
    let (w, _) = train::<Position>(&train_set, &valid_set, &start, TRUE_K, &settings(0.0), 2);
    let after = model::error(&train_set, &results, &w, TRUE_K, 2);
    assert!(after < before * 0.2, "error {before} -> {after}");
    let valid_results = model::targets(&valid_set, TRUE_K, 1.0);
    let (vb, va) = (
        model::error(&valid_set, &valid_results, &start, TRUE_K, 2),
        model::error(&valid_set, &valid_results, &w, TRUE_K, 2),
    );
    assert!(va < vb * 0.3, "validation error {vb} -> {va}");

    let (gap_before, gap_after) = (mean_gap(&data, &start, &truth), mean_gap(&data, &w, &truth));
    assert!(
        gap_after < gap_before * 0.3,
        "eval gap {gap_before} -> {gap_after}"
    );
    for i in changed {
        for j in 0..2 {
            let (d0, d1) = (
                (start[i][j] - truth[i][j]).abs(),
                (w[i][j] - truth[i][j]).abs(),
            );
            assert!(d1 < d0 * 0.5, "{} [{j}]: {d0} -> {d1}", params::name(i));
        }
    }
    // A king never stands on a0 and its material is fixed: those weights stay.
    assert_eq!(w[params::PSQ], start[params::PSQ]);
    assert_eq!(w[params::MATERIAL], [0.0, 0.0]);
}

#[test]
fn the_pull_towards_the_start_holds_weights_back() {
    let (data, _, _) = synthetic();
    let (train_set, valid_set) = data.split(100);
    let start = current();
    let (free, _) = train::<Position>(&train_set, &valid_set, &start, TRUE_K, &settings(0.0), 2);
    let (held, _) = train::<Position>(&train_set, &valid_set, &start, TRUE_K, &settings(1e-3), 2);
    let moved = |w: &Weights| (w[params::TEMPO][0] - start[params::TEMPO][0]).abs();
    assert!(moved(&free) > 20.0, "{}", moved(&free));
    assert!(
        moved(&held) < moved(&free) * 0.25,
        "{} vs {}",
        moved(&held),
        moved(&free)
    );
}

#[test]
fn command_lines_are_checked() {
    let parse = |line: &str| {
        <TuneArgs as clap::Parser>::try_parse_from(
            std::iter::once("tune").chain(line.split_whitespace()),
        )
    };
    let c = parse("--data a,b --lambda 0.3 --epochs 5").expect("valid");
    assert_eq!(c.data, ["a", "b"]);
    assert_eq!((c.settings.lambda, c.settings.epochs), (0.3, 5));
    for bad in [
        "",
        "--data a --lambda 2",
        "--data a --epochs",
        "--data a --k 0",
        "--x 1",
    ] {
        assert!(parse(bad).is_err(), "{bad}");
    }
}
