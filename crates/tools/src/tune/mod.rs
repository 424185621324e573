//! `jiangjun tune`: Texel tuning of every evaluation weight from self-play data. The
//! evaluation is linear in its weights (see `eval::Trace`), so each position's coefficients are
//! computed once and an epoch is a pass over flat arrays; full-batch Adam then minimises the
//! squared error between `sigmoid(eval)` and a blend of the game result and the search score.
//! The result is written as `weights.rs`, which the engine compiles in. Either game
//! (`--game chess`): what the tuner needs of one is its `Tunable`.

pub mod data;
pub mod model;
pub mod source;
pub mod wdl;

use crate::args::{self, number_in};
use data::Dataset;
use jiangjun_engine::eval::linear::Tunable;
use jiangjun_rules::GameKind;
use jiangjun_rules::{chess, xiangqi};
use model::{Adam, Weights};
use std::process::ExitCode;
use std::time::Instant;

/// Validation blocks: every tenth block of this many consecutive positions.
const VALIDATION_BLOCK: usize = 1000;

/// How the weights are fitted.
#[derive(clap::Args, Clone, Debug, PartialEq)]
pub struct FitArgs {
    /// Full passes of gradient descent (0 to 1000000).
    #[arg(long, value_name = "N", default_value_t = 1000, value_parser = number_in(0u32, 1_000_000))]
    pub epochs: u32,
    /// Share of the game result in the target, the rest is the search score (0 to 1).
    #[arg(long, value_name = "L", default_value_t = 0.5, value_parser = number_in(0.0, 1.0))]
    pub lambda: f64,
    /// Adam's step size in centipawns (0.000001 to 1000).
    #[arg(long, value_name = "R", default_value_t = 0.2, value_parser = number_in(1e-6, 1000.0))]
    pub rate: f64,
    /// Weights seen in fewer training positions stay as they are.
    #[arg(long, value_name = "C", default_value_t = 20, value_parser = number_in(1, u32::MAX))]
    pub min_count: u32,
    /// Pull towards the starting weights: MU × (change in centipawns)² per weight is added to
    /// the error (0 to 1).
    #[arg(long, value_name = "MU", default_value_t = 0.0, value_parser = number_in(0.0, 1.0))]
    pub l2: f64,
}

/// Fit the evaluation weights to self-play data (Texel tuning); writes `weights.rs`.
#[derive(clap::Parser, Clone, Debug, PartialEq)]
#[command(
    after_help = "Examples:\n  jiangjun tune --data games.txt --out weights.rs   fit the classical evaluation's weights\n  jiangjun tune --wdl --data games.txt --test held-out.txt",
    allow_negative_numbers = true,
    args_override_self = true
)]
pub struct TuneArgs {
    /// Self-play data (`FEN | result | score` lines), comma-separated files.
    #[arg(long, value_name = "FILES", required = true, value_delimiter = ',')]
    data: Vec<String>,
    /// Where the weights go [default: the game's crates/engine/src/eval/GAME/weights.rs].
    #[arg(long, value_name = "PATH")]
    out: Option<String>,
    #[command(flatten)]
    settings: FitArgs,
    /// Sigmoid scale (0.001 to 100); fitted to the results when not given.
    #[arg(long, value_name = "K", value_parser = number_in(0.001, 100.0))]
    k: Option<f64>,
    /// Threads (1 to 256; default: one per core).
    #[arg(long, value_name = "T", default_value_t = args::cores(), value_parser = number_in(1usize, 256))]
    threads: usize,
    /// Fit the win/draw/loss model of `UCI_ShowWDL` instead of the weights: prints each shape's
    /// log loss and the chosen model's constants for src/wdl.rs; writes nothing.
    #[arg(long)]
    wdl: bool,
    /// With --wdl: held-out data (comma-separated files) on which the shapes are compared.
    #[arg(long, value_name = "FILES", value_delimiter = ',', requires = "wdl")]
    test: Vec<String>,
}

/// The command line entry point.
pub fn run(config: &TuneArgs, game: GameKind) -> ExitCode {
    let done = match (game, config.wdl) {
        (GameKind::Xiangqi, true) => fit_wdl::<xiangqi::Position>(config),
        (GameKind::Chess, true) => fit_wdl::<chess::Position>(config),
        (GameKind::Xiangqi, false) => tune::<xiangqi::Position>(config),
        (GameKind::Chess, false) => tune::<chess::Position>(config),
    };
    args::finish("tune", done)
}

fn load<G: Tunable>(files: &[String], threads: usize) -> Result<Dataset, String> {
    let start = Instant::now();
    let mut text = String::new();
    for file in files {
        let t = std::fs::read_to_string(file).map_err(|e| format!("reading {file}: {e}"))?;
        text.push_str(&t);
        text.push('\n');
    }
    let lines: Vec<&str> = text.lines().collect();
    let (data, bad) = data::load::<G>(&lines, threads);
    if bad > 0 {
        eprintln!("tune: skipped {bad} malformed lines");
    }
    eprintln!(
        "tune: {} positions, {} coefficients, traced in {:.1} s",
        data.len(),
        data.coefficients.len(),
        start.elapsed().as_secs_f64()
    );
    if data.is_empty() {
        return Err("no positions in the data".into());
    }
    Ok(data)
}

/// Which weights may move: those seen in at least `min_count` training positions, except the
/// game's fixed ones (the king's material: a king is always on the board, so its value is
/// meaningless and kept 0).
fn free_weights(
    data: &Dataset,
    count: usize,
    min_count: u32,
    fixed: impl Fn(usize) -> bool,
) -> Vec<bool> {
    let mut seen = vec![0u32; count];
    for &(i, _) in &data.coefficients {
        seen[i as usize] += 1;
    }
    (0..count)
        .map(|i| seen[i] >= min_count && !fixed(i))
        .collect()
}

/// Trains on `train`, reporting the error of both sets per epoch. Returns the weights of the
/// epoch with the lowest validation error (the last one when there is no validation set) and
/// that epoch.
pub fn train<G: Tunable>(
    train: &Dataset,
    valid: &Dataset,
    start: &Weights,
    k: f64,
    settings: &FitArgs,
    threads: usize,
) -> (Weights, u32) {
    let (t_train, t_valid) = (
        model::targets(train, k, settings.lambda),
        model::targets(valid, k, settings.lambda),
    );
    let free = free_weights(train, start.len(), settings.min_count, G::fixed_weight);
    eprintln!(
        "tune: {} of {} weight pairs free to move",
        free.iter().filter(|&&f| f).count(),
        free.len()
    );
    let mut w = start.clone();
    let mut best = (w.clone(), 0, model::error(valid, &t_valid, &w, k, threads));
    let mut grad = vec![[0.0; 2]; w.len()];
    let mut adam = Adam::new(w.len(), settings.rate);
    for epoch in 1..=settings.epochs {
        let err = model::gradient(train, &t_train, &w, k, threads, &mut grad);
        for ((g, now), was) in grad.iter_mut().zip(&w).zip(start) {
            g[0] += 2.0 * settings.l2 * (now[0] - was[0]);
            g[1] += 2.0 * settings.l2 * (now[1] - was[1]);
        }
        adam.step(&mut w, &grad, &free);
        let v = model::error(valid, &t_valid, &w, k, threads);
        eprintln!("tune: epoch {epoch:>5}  train {err:.6}  validation {v:.6}");
        if v < best.2 || valid.is_empty() {
            best = (w.clone(), epoch, v);
        }
    }
    (best.0, best.1)
}

fn tune<G: Tunable>(config: &TuneArgs) -> Result<(), String> {
    let started = Instant::now();
    let out = config.out.as_deref().unwrap_or(G::WEIGHTS_PATH);
    let all = load::<G>(&config.data, config.threads)?;
    let (train_set, valid_set) = all.split(VALIDATION_BLOCK);
    let start: Weights = G::WEIGHTS
        .iter()
        .map(|s| [f64::from(s.0), f64::from(s.1)])
        .collect();
    let k = match config.k {
        Some(k) => k,
        None => model::fit_k(&train_set, &start, config.threads),
    };
    let report = |label: &str, w: &Weights| {
        let t = config.threads;
        let e = |d: &Dataset, lambda: f64| model::error(d, &model::targets(d, k, lambda), w, k, t);
        println!(
            "{label}: train {:.6}  validation {:.6}  (results only: train {:.6}  validation {:.6})",
            e(&train_set, config.settings.lambda),
            e(&valid_set, config.settings.lambda),
            e(&train_set, 1.0),
            e(&valid_set, 1.0)
        );
    };
    println!(
        "{} training and {} validation positions, K = {k:.4}, lambda = {}",
        train_set.len(),
        valid_set.len(),
        config.settings.lambda
    );
    report("before", &start);
    let (w, epoch) = train::<G>(
        &train_set,
        &valid_set,
        &start,
        k,
        &config.settings,
        config.threads,
    );
    println!("kept the weights of epoch {epoch}, the lowest validation error");
    report("after", &w);
    let rounded: Vec<[i32; 2]> = w
        .iter()
        .map(|p| p.map(|x| x.round().clamp(-30_000.0, 30_000.0) as i32))
        .collect();
    let provenance = format!(
        "Tuned from {} positions ({}), K {k:.3}, lambda {}, {} epochs.",
        all.len(),
        config
            .data
            .iter()
            .map(|f| f.rsplit('/').next().unwrap_or(f))
            .collect::<Vec<_>>()
            .join(", "),
        config.settings.lambda,
        config.settings.epochs
    );
    let text = source::write::<G>(&rounded, &provenance);
    if source::read::<G>(&text).as_ref() != Ok(&rounded) {
        return Err("the written weights do not read back (a bug in the writer)".into());
    }
    std::fs::write(out, text).map_err(|e| format!("writing {out}: {e}"))?;
    for (i, [mg, eg]) in rounded.iter().enumerate() {
        let name = G::weight_name(i);
        if name.starts_with("material ") && !G::fixed_weight(i) {
            println!("{name}: {mg} / {eg}");
        }
    }
    println!("wrote {out} in {:.1} s", started.elapsed().as_secs_f64());
    Ok(())
}

/// `--wdl`: fits every shape of the win/draw/loss model on the data, compares them on the
/// held-out files, and prints the constants of the shape with the lowest held-out loss (the
/// training loss when no test file is given).
fn fit_wdl<G: Tunable>(config: &TuneArgs) -> Result<(), String> {
    let train = wdl::samples(&load::<G>(&config.data, config.threads)?);
    let test = if config.test.is_empty() {
        Vec::new()
    } else {
        wdl::samples(&load::<G>(&config.test, config.threads)?)
    };
    let draws = train.iter().filter(|s| s.result == 0.5).count();
    println!(
        "{} training positions ({:.1}% from drawn games), {} held out",
        train.len(),
        100.0 * draws as f64 / train.len().max(1) as f64,
        test.len()
    );
    let mut start = jiangjun_engine::wdl::XIANGQI;
    let mut best: Option<(f64, jiangjun_engine::wdl::WdlModel, wdl::Shape)> = None;
    for shape in wdl::Shape::ALL {
        let started = Instant::now();
        let m = wdl::fit(&train, shape, &start);
        start = m;
        let (on_train, on_test) = (wdl::log_loss(&train, &m), wdl::log_loss(&test, &m));
        println!(
            "{:<22} log loss: train {on_train:.5}  test {on_test:.5}  ({:.1} s)",
            shape.name(),
            started.elapsed().as_secs_f64()
        );
        println!("{}", wdl::source(&m));
        let judged = if test.is_empty() { on_train } else { on_test };
        if best.is_none_or(|(b, _, _)| judged < b) {
            best = Some((judged, m, shape));
        }
    }
    if let Some((_, m, shape)) = best {
        println!(
            "lowest held-out loss: {}\n{}",
            shape.name(),
            wdl::source(&m)
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests;
