//! `jiangjun train`: fits a neural evaluation (see `game::xiangqi::nnue`) to self-play data
//! and writes it as a net file for `EvalFile`. Our own trainer, so that it shares the engine's
//! FEN reader and input features: the two cannot disagree about what an input is.
//!
//! Mini-batch AdamW on the squared error between `sigmoid(output)` and the blend
//! `lambda × result + (1 − lambda) × sigmoid(score / 400)`; each batch's gradient is summed
//! over `--threads` scoped threads. Every tenth block of 1000 consecutive positions is held
//! out for validation, and the net of the epoch with the lowest validation error is written.

mod augment;
pub mod data;
pub mod model;
#[cfg(test)]
mod tests;

use crate::args::{self, number_in};
use crate::progress::duration;
use data::Sample;
use jiangjun_engine::nnue::Activation;
use jiangjun_engine::nnue::features::FeatureSet;
use jiangjun_engine::nnue::{Net, builtin, file};
use model::{AdamW, FloatNet};
use std::process::ExitCode;
use std::time::Instant;

const VALIDATION_BLOCK: usize = 1000;

/// Train a neural evaluation (NNUE) on self-play data; writes a net file for `EvalFile`.
#[derive(clap::Parser, Clone, Debug, PartialEq)]
#[command(
    after_help = "Examples:\n  jiangjun train --data data/run1 --out net.nnue --epochs 20\n  jiangjun train --data games.txt --out net.nnue --init '<builtin>' --lr 0.0005",
    allow_negative_numbers = true,
    args_override_self = true
)]
pub struct TrainArgs {
    /// Self-play data, comma-separated: text files of `FEN | result | score` lines (selfplay)
    /// and `.jjd` files of datagen, or directories of them.
    #[arg(long, value_name = "FILES", required = true, value_delimiter = ',')]
    data: Vec<String>,
    /// Where the net goes.
    #[arg(long, value_name = "NET")]
    out: String,
    /// Passes over the training data (1 to 100000).
    #[arg(long, value_name = "N", default_value_t = 20, value_parser = number_in(1u32, 100_000))]
    epochs: u32,
    /// AdamW's step size (0.000001 to 1).
    #[arg(long, value_name = "R", default_value_t = 0.001, value_parser = number_in(1e-6f32, 1.0))]
    lr: f32,
    /// The step size of the last epoch (0.000001 to 1; default: a tenth of `--lr`). Between
    /// the first epoch and the last the step size falls along half a cosine.
    #[arg(long, value_name = "R", value_parser = number_in(1e-6f32, 1.0))]
    final_lr: Option<f32>,
    /// Train on the given positions only; by default each training position whose mirror
    /// image (files a-i reversed) gives the net other inputs is added mirrored too.
    #[arg(long)]
    no_mirror: bool,
    /// Train the inputs' own columns only, without the shared columns per piece, rank and
    /// file (`model::factors`) that are folded into them when the net is written.
    #[arg(long)]
    no_factors: bool,
    /// AdamW's weight decay (0 to 1).
    #[arg(long, value_name = "D", default_value_t = 0.01, value_parser = number_in(0.0f32, 1.0))]
    wd: f32,
    /// Share of the game result in the target, the rest is the search score (0 to 1).
    #[arg(long, value_name = "L", default_value_t = 0.5, value_parser = number_in(0.0f32, 1.0))]
    lambda: f32,
    /// Fit the net for this `EvalBlend` (0 to 100, default 100: the net alone): the prediction
    /// trained is the net's output weighted by it plus the classical evaluation weighted by
    /// the rest, so that the net learns what the classical evaluation misses.
    #[arg(long, value_name = "P", default_value_t = 100, value_parser = number_in(0u8, 100))]
    blend: u8,
    /// Centipawns per unit of the loss's sigmoid (50 to 10000): the error is taken between
    /// `sigmoid(cp / S)` of the prediction and of the score. The default, 400, is the scale
    /// of a win probability; a larger one weighs the differences between large scores more,
    /// for a net that should rank lopsided positions as its teacher does.
    #[arg(long, value_name = "S", default_value_t = 400.0, value_parser = number_in(50.0f32, 10_000.0))]
    loss_scale: f32,
    /// The inputs: `plain` (1260 a perspective) or `king-buckets` (a plane of 1260 for each
    /// of the own king's six palace points once mirrored: 7560). With `--init`, the net's own.
    #[arg(long, value_name = "SET", default_value = "plain", value_parser = feature_set())]
    features: FeatureSet,
    /// Accumulator width of each perspective (8 to 1024).
    #[arg(long, value_name = "H", default_value_t = 128, value_parser = number_in(8usize, 1024))]
    hidden: usize,
    /// Output buckets (1 to 8): sets of output weights, one for each share of the piece
    /// count (eight: 1–4 pieces, 5–8, … 29–32), so that endgames get weights of their own.
    /// Each starts as a copy of the single output of a random start or of `--init`'s net; a
    /// net that has buckets keeps its own. 1: the plain net.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = number_in(1usize, 8))]
    output_buckets: usize,
    /// What the output reads of each accumulator value: `crelu`, the value clipped to 0..1,
    /// or `screlu`, that clipped value squared (a value's effect then grows with it). With
    /// `--init`, the net's own.
    #[arg(long, value_name = "A", default_value = "crelu", value_parser = activation())]
    activation: Activation,
    /// Start from this net (a file `train` wrote, or `<builtin>` for the shipped one) instead
    /// of random weights: training goes on from it, on new data. Its width replaces
    /// `--hidden`.
    #[arg(long, value_name = "NET")]
    init: Option<String>,
    /// Positions per gradient step (1 to 1000000).
    #[arg(long, value_name = "B", default_value_t = 4096, value_parser = number_in(1usize, 1_000_000))]
    batch: usize,
    /// Seed of the starting weights and of the shuffles.
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// Threads (1 to 256; default: one per core).
    #[arg(long, value_name = "T", default_value_t = args::cores(), value_parser = number_in(1usize, 256))]
    threads: usize,
}

/// A parser for `--activation`: the activations by name, listed in `--help`.
fn activation() -> impl clap::builder::TypedValueParser<Value = Activation> {
    use clap::builder::TypedValueParser;
    let all = [Activation::Clipped, Activation::SquaredClipped];
    clap::builder::PossibleValuesParser::new(all.map(Activation::name)).map(move |name| {
        *all.iter()
            .find(|a| a.name() == name)
            .expect("one of the names offered")
    })
}

/// A parser for `--features`: the feature sets by name, listed in `--help`.
fn feature_set() -> impl clap::builder::TypedValueParser<Value = FeatureSet> {
    use clap::builder::TypedValueParser;
    let names = [FeatureSet::Plain, FeatureSet::KingBuckets].map(FeatureSet::name);
    clap::builder::PossibleValuesParser::new(names)
        .map(|name| FeatureSet::named(&name).expect("one of the names offered"))
}

/// What the net is fitted to, from the command line.
fn fit(config: &TrainArgs) -> model::Fit {
    model::Fit {
        lambda: config.lambda,
        blend: f32::from(config.blend) / 100.0,
        divisor: config.loss_scale,
    }
}

pub fn run(config: &TrainArgs) -> ExitCode {
    args::finish("train", train(config))
}

/// Reads `--data`: selfplay's text files and datagen's `.jjd` files (told apart by their
/// magic, not their names) or directories of them; the text files' samples come first.
fn load(files: &[String], set: FeatureSet, threads: usize) -> Result<Vec<Sample>, String> {
    let paths: Vec<std::path::PathBuf> = files.iter().map(Into::into).collect();
    let mut text = String::new();
    let mut games = Vec::new();
    for path in crate::datagen::data_files(&paths)? {
        let f = path.display().to_string();
        let bytes = std::fs::read(&path).map_err(|e| format!("reading {f}: {e}"))?;
        if crate::datagen::is_datagen(&bytes) {
            games.push((f, bytes));
            continue;
        }
        let t = String::from_utf8(bytes)
            .map_err(|_| format!("reading {f}: neither text lines nor a datagen file"))?;
        text.push_str(&t);
        text.push('\n');
    }
    let lines: Vec<&str> = text.lines().collect();
    let (mut samples, bad) = data::load(&lines, set, threads);
    samples.extend(data::load_games(&games, set, threads)?);
    if bad > 0 {
        eprintln!("train: skipped {bad} malformed lines");
    }
    if samples.is_empty() {
        return Err("no positions in the data".into());
    }
    Ok(samples)
}

/// Seconds between progress lines inside an epoch.
const PROGRESS_EVERY: f64 = 30.0;

/// One pass over `train` in shuffled batches; returns the mean training error. An epoch over
/// millions of positions takes minutes, so a line every `PROGRESS_EVERY` seconds tells how
/// far it is and when the whole run (`epochs_left` more after this one) should end.
fn epoch(
    net: &mut FloatNet,
    adam: &mut AdamW,
    train: &[Sample],
    config: &TrainArgs,
    grads: &mut [Vec<f32>],
    (number, epochs_left): (u32, u32),
) -> f64 {
    let mut error = 0.0;
    let started = Instant::now();
    let mut shown = 0.0;
    for (i, batch) in train.chunks(config.batch).enumerate() {
        let elapsed = started.elapsed().as_secs_f64();
        if elapsed - shown >= PROGRESS_EVERY {
            shown = elapsed;
            let done = i * config.batch;
            let per_epoch = elapsed * train.len() as f64 / done as f64;
            let left = per_epoch - elapsed + f64::from(epochs_left) * per_epoch;
            eprintln!(
                "train: epoch {number:>4}  {done}/{} positions  {:.0} positions/s  ETA {}",
                train.len(),
                done as f64 / elapsed,
                duration(left)
            );
        }
        let part = batch.len().div_ceil(grads.len());
        let folded = net.folded();
        let (shared, whole) = (&folded, &*net);
        let errors: Vec<f64> = std::thread::scope(|scope| {
            let handles: Vec<_> = batch
                .chunks(part)
                .zip(grads.iter_mut())
                .map(|(samples, g)| {
                    scope.spawn(move || {
                        let error = shared.gradient(samples, fit(config), g);
                        whole.spread_factors(g);
                        error
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
                .collect()
        });
        error += errors.iter().sum::<f64>();
        drop(folded);
        adam.step(
            &mut net.params,
            grads,
            1.0 / batch.len() as f32,
            config.threads,
        );
        net.clip();
    }
    error / train.len().max(1) as f64
}

fn train(config: &TrainArgs) -> Result<(), String> {
    let started = Instant::now();
    // The net to go on from decides the inputs, so it is read before the data.
    let init = match &config.init {
        None => None,
        Some(path) => Some(builtin::load(path).map_err(|e| format!("--init {path}: {e}"))?),
    };
    let set = init.as_ref().map_or(config.features, |n| n.features());
    let all = load(&config.data, set, config.threads)?;
    let (mut train, valid) = data::split(all, VALIDATION_BLOCK);
    if !config.no_mirror {
        augment::add_mirrors(&mut train);
    }
    eprintln!(
        "train: {} training and {} validation positions, read in {:.1} s",
        train.len(),
        valid.len(),
        started.elapsed().as_secs_f64()
    );
    let mut net = match (&config.init, &init) {
        (Some(path), Some(start)) => {
            let net = FloatNet::from_net(start, !config.no_factors)
                .map_err(|e| format!("--init {path}: {e}"))?;
            eprintln!(
                "train: starting from {path} ({} inputs, {} hidden)",
                set.name(),
                net.hidden
            );
            net
        }
        _ => FloatNet {
            activation: config.activation,
            ..FloatNet::random_with(set, config.hidden, !config.no_factors, config.seed)
        },
    };
    if config.output_buckets > 1 {
        if net.buckets > 1 && net.buckets != config.output_buckets {
            return Err(format!(
                "--output-buckets {}: the --init net has {} output buckets already",
                config.output_buckets, net.buckets
            ));
        }
        net = net.with_output_buckets(config.output_buckets);
    }
    let mut adam = AdamW::new(net.params.len(), config.lr, config.wd);
    let mut grads = vec![vec![0.0; net.params.len()]; config.threads];
    let v_error = |n: &FloatNet| n.folded().error(&valid, fit(config)) / valid.len().max(1) as f64;
    let classical = valid
        .iter()
        .map(|s| {
            f64::from(
                (data::sigmoid(s.classical / config.loss_scale) - fit(config).target(s)).powi(2),
            )
        })
        .sum::<f64>()
        / valid.len().max(1) as f64;
    if valid.is_empty() {
        eprintln!(
            "train: no validation set (fewer than {} positions): the last epoch's net is kept",
            10 * VALIDATION_BLOCK
        );
    } else {
        eprintln!("train: the classical evaluation's validation error: {classical:.6}");
    }
    let mut best = (net.clone(), 0, v_error(&net));
    if config.init.is_some() && !valid.is_empty() {
        // What training must beat: the net it starts from, on the same held-out positions.
        eprintln!(
            "train: epoch    0  the starting net's validation {:.6}",
            best.2
        );
    }
    for e in 1..=config.epochs {
        adam.lr = augment::cosine(
            config.lr,
            config.final_lr.unwrap_or(config.lr / 10.0),
            e,
            config.epochs,
        );
        jiangjun_rules::random::shuffle(&mut train, config.seed.wrapping_add(u64::from(e)));
        let epoch_started = Instant::now();
        let t = epoch(
            &mut net,
            &mut adam,
            &train,
            config,
            &mut grads,
            (e, config.epochs - e),
        );
        let v = v_error(&net);
        let left = epoch_started.elapsed().as_secs_f64() * f64::from(config.epochs - e);
        eprintln!(
            "train: epoch {e:>4}  lr {:.6}  train {t:.6}  validation {}  ({:.1} s, ETA {})",
            adam.lr,
            if valid.is_empty() {
                "-".to_string()
            } else {
                format!("{v:.6}")
            },
            started.elapsed().as_secs_f64(),
            duration(left)
        );
        if v < best.2 || valid.is_empty() {
            best = (net.clone(), e, v);
        }
    }
    let description = format!(
        "jiangjun train on {} ({} positions with mirrors, {} held out); {} inputs, hidden {}, \
         {}{}lambda {}, {}\
         fitted for EvalBlend {}, \
         lr {} to {}, wd {}, batch {}, seed {}, factors {}; epoch {} of {} kept, validation \
         error {}",
        config
            .data
            .iter()
            .map(|d| file_name(d))
            .collect::<Vec<_>>()
            .join(",")
            + &config
                .init
                .as_ref()
                .map(|p| format!(", starting from {}", file_name(p)))
                .unwrap_or_default(),
        train.len(),
        valid.len(),
        set.name(),
        net.hidden,
        if net.buckets > 1 {
            format!("{} output buckets, ", net.buckets)
        } else {
            String::new()
        },
        // Said only of the squared one, so that a clipped net's file is what it always was.
        match net.activation {
            Activation::Clipped => "",
            Activation::SquaredClipped => "squared clipped ReLU, ",
        },
        config.lambda,
        if config.loss_scale == model::SCALE as f32 {
            String::new()
        } else {
            format!("loss scale {} cp, ", config.loss_scale)
        },
        config.blend,
        config.lr,
        config.final_lr.unwrap_or(config.lr / 10.0),
        config.wd,
        config.batch,
        config.seed,
        if net.factors { "folded in" } else { "none" },
        best.1,
        config.epochs,
        if valid.is_empty() {
            "not measured (no validation set)".to_string()
        } else {
            format!("{:.6}", best.2)
        }
    );
    let quantised = best.0.quantise(description);
    file::check_ranges(&quantised).map_err(|e| format!("the quantised net: {e}"))?;
    let bytes = file::to_bytes(&quantised);
    std::fs::write(&config.out, &bytes).map_err(|e| format!("writing {}: {e}", config.out))?;
    file::load(&config.out).map_err(|e| format!("reading back {}: {e}", config.out))?;
    let (checked, on) = if valid.is_empty() {
        (
            &train[..train.len().min(10 * VALIDATION_BLOCK)],
            "training positions",
        )
    } else {
        (&valid[..], "validation")
    };
    let (worst, mean) = quantisation_error(&best.0, &quantised, checked);
    eprintln!("train: quantised against float on {on}: worst {worst:.1} cp, mean {mean:.2} cp");
    eprintln!(
        "train: wrote {} ({} bytes), epoch {} kept, in {:.1} s",
        config.out,
        bytes.len(),
        best.1,
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The largest and the mean difference in centipawns between the float net and the integer
/// net (the engine's inference: `Net::refresh` and `Net::output`) over `samples`.
pub fn quantisation_error(float: &FloatNet, net: &Net, samples: &[Sample]) -> (f32, f32) {
    let h = net.hidden();
    let float = float.folded();
    let (mut us, mut them) = (vec![0i16; h], vec![0i16; h]);
    let mut worst = 0.0f32;
    let mut total = 0.0f32;
    for s in samples {
        net.refresh(s.active(0), &mut us);
        net.refresh(s.active(1), &mut them);
        let engine = net.output(&us, &them, usize::from(s.count)) as f32;
        let diff = (engine - float.evaluate(s) * model::SCALE as f32).abs();
        worst = worst.max(diff);
        total += diff;
    }
    (worst, total / samples.len().max(1) as f32)
}

/// The last part of a path: what a net's header says of its data and its starting net, so
/// that a shipped net never carries a machine's directories.
fn file_name(path: &str) -> &str {
    path.trim_end_matches(['/', '\\'])
        .rsplit(['/', '\\'])
        .next()
        .unwrap_or(path)
}
