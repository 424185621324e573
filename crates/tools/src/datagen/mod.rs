//! `jiangjun datagen`: training data for a neural evaluation, at scale. Self-play games as
//! `jiangjun selfplay` plays them (fixed nodes a move, the built-in openings plus random
//! plies, the rules core as arbiter, one game a core at a time), stored whole in a compact
//! binary format (`format`: a start position, then a move and a score per ply, about four
//! bytes a position) instead of as text lines of picked positions. The picking (quiet
//! positions, not the first plies, not decided ones) happens when the data is read, with
//! self-play's own rules, so the data can be picked again differently without replaying.
//!
//! The games are written in shards, `DIR/xiangqi-s{seed}-{i:05}.jjd`, shard `i` holding games
//! `i × N` to `i × N + N − 1` of the seed's stream (game numbers as selfplay's: its first N
//! games are shard 0's). A run resumes what an earlier one left: complete shards are skipped,
//! a partial one is played on from its first missing game, so that an interrupted run ends
//! with the bytes an uninterrupted one writes. `--dump` prints what training would read.

mod format;
mod games;
mod generate;
mod shard;
#[cfg(test)]
pub(crate) mod tests;

pub use format::MAGIC;
pub use games::{DataGame, Summary, read_kept};

use crate::args::{self, number_in};
use crate::selfplay::{self, Playing};
use jiangjun_engine::game::EngineGame;
use jiangjun_engine::game::{Chess, Xiangqi};
use jiangjun_rules::GameKind;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Self-play games for training, whole, in resumable binary shards (`.jjd`).
///
/// Plays `--shards K` shards of `--games-per-shard N` games into DIR, skipping what is there
/// already (a run stopped by `--minutes` or killed is resumed by running it again); or, with
/// `--dump`, prints the positions training would use from .jjd files.
#[derive(clap::Parser, Clone, Debug, PartialEq)]
#[command(
    after_help = "Examples:\n  nice jiangjun datagen --dir data/run1 --shards 400 --games-per-shard 500 --seed 82\n  jiangjun datagen --dir data/run1 --shards 400 --games-per-shard 500 --seed 82   resumes it\n  jiangjun datagen --dump data/run1 | head      the positions training would use",
    allow_negative_numbers = true,
    args_override_self = true
)]
pub struct DatagenArgs {
    /// Where the shards go (created if missing; shards there already are resumed).
    #[arg(long, value_name = "DIR", required_unless_present = "dump")]
    dir: Option<PathBuf>,
    /// Shards to have when done (1 to 100000).
    #[arg(long, value_name = "K", required_unless_present = "dump", value_parser = number_in(1u64, 100_000))]
    shards: Option<u64>,
    /// Games in each shard (1 to 1000000).
    #[arg(long, value_name = "N", required_unless_present = "dump", value_parser = number_in(1u32, 1_000_000))]
    games_per_shard: Option<u32>,
    #[command(flatten)]
    playing: Playing,
    /// Play nothing: print the positions training would use from these .jjd files (or
    /// directories of them) on stdout, as selfplay's `FEN | result | score` lines.
    #[arg(long, value_name = "FILE", num_args = 1.., conflicts_with_all = ["dir", "shards", "games_per_shard"])]
    dump: Vec<PathBuf>,
}

/// The command line entry point.
pub fn run(config: &DatagenArgs, game: GameKind) -> ExitCode {
    let done = if !config.dump.is_empty() {
        dump(&config.dump)
    } else {
        match game {
            GameKind::Xiangqi => play::<Xiangqi>(config),
            GameKind::Chess => play::<Chess>(config),
        }
    };
    args::finish("datagen", done)
}

/// Plays what the shards lack, with the evaluation the settings name (which their headers
/// record).
fn play<G: DataGame + EngineGame>(config: &DatagenArgs) -> Result<(), String> {
    let eval = config.playing.settings.eval.evaluation::<G>()?;
    let identity = selfplay::identity(&eval);
    generate::run::<G>(config, &|pos| pos.set_evaluation(&eval), identity)
}

/// The `.jjd` files that `paths` name: files as they are, directories as their `.jjd` files
/// in name order (so that a directory reads the same on every run).
pub fn data_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut files = Vec::new();
    for path in paths {
        if !path.is_dir() {
            files.push(path.clone());
            continue;
        }
        let entries =
            std::fs::read_dir(path).map_err(|e| format!("reading {}: {e}", path.display()))?;
        let mut found = Vec::new();
        for entry in entries {
            let p = entry
                .map_err(|e| format!("reading {}: {e}", path.display()))?
                .path();
            if p.extension().is_some_and(|x| x == "jjd") && p.is_file() {
                found.push(p);
            }
        }
        found.sort();
        files.extend(found);
    }
    Ok(files)
}

/// Whether a file's bytes are a datagen file (by its magic, whatever its name).
pub fn is_datagen(bytes: &[u8]) -> bool {
    bytes.starts_with(&MAGIC)
}

/// `--dump`: every file's training positions on stdout, then a summary on stderr.
fn dump(paths: &[PathBuf]) -> Result<(), String> {
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut total = Summary::default();
    for path in data_files(paths)? {
        let s = dump_file(&path, &mut out)?;
        total.games += s.games;
        total.plies += s.plies;
        total.positions += s.positions;
    }
    out.flush().map_err(|e| format!("writing stdout: {e}"))?;
    eprintln!(
        "datagen: {} games, {} plies, {} positions kept",
        total.games, total.plies, total.positions
    );
    Ok(())
}

/// One file's training positions as text lines, whichever game it holds.
fn dump_file(path: &Path, out: &mut impl Write) -> Result<Summary, String> {
    let shown = path.display();
    let bytes = std::fs::read(path).map_err(|e| format!("reading {shown}: {e}"))?;
    let game = format::decode_header(&bytes).map_err(|e| format!("{shown}: {e}"))?;
    let summary = match game.game {
        GameKind::Xiangqi => write_lines::<Xiangqi>(&bytes, out),
        GameKind::Chess => write_lines::<Chess>(&bytes, out),
    };
    summary.map_err(|e| format!("{shown}: {e}"))
}

/// The training positions of one file's bytes as selfplay's text lines.
fn write_lines<G: DataGame>(bytes: &[u8], out: &mut impl Write) -> Result<Summary, String> {
    let mut failed = None;
    let summary = read_kept::<G>(bytes, |pos, result, score| {
        if failed.is_none() {
            let line = selfplay::line(&pos.to_fen(), result, score);
            failed = writeln!(out, "{line}").err();
        }
    })?;
    match failed {
        Some(e) => Err(format!("writing the positions: {e}")),
        None => Ok(summary),
    }
}
