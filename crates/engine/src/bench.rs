//! `bench`: a fixed search of fixed positions on one thread with a fresh table, so that the
//! total node count is a signature of the search's behaviour (any functional change changes
//! it) and nodes per second a measure of its speed.

use crate::evaluation::Evaluation;
use crate::game::EngineGame;
use crate::search::fixed_depth;
use crate::tt::Tt;
use std::time::{Duration, Instant};

pub const DEFAULT_DEPTH: u32 = 9;

pub struct BenchResult {
    pub nodes: u64,
    pub elapsed: Duration,
}

impl BenchResult {
    pub fn nps(&self) -> u64 {
        (self.nodes as f64 / self.elapsed.as_secs_f64().max(1e-9)) as u64
    }
}

/// Searches each of `fens` (a game's bench positions) to `depth` with `evaluation`, each with
/// a cleared table, and returns the total nodes and the time spent searching. Clearing the
/// 16 MB table before each position is left out of the time, as Stockfish's bench restarts its
/// clock after clearing: with trees of 10,000 nodes the twelve clears were about a sixth of the
/// time, and nodes per second is meant to measure the search.
pub fn run_positions<G: EngineGame>(
    fens: &[&str],
    depth: u32,
    evaluation: &Evaluation,
) -> BenchResult {
    let tt = Tt::new(16);
    let mut nodes = 0;
    let mut elapsed = Duration::ZERO;
    for fen in fens {
        let Ok(mut pos) = G::from_fen(fen) else {
            log::error!("bench position does not parse: {fen}");
            continue;
        };
        pos.set_evaluation(evaluation);
        tt.clear();
        let start = Instant::now();
        nodes += fixed_depth(&tt, pos, depth).nodes;
        elapsed += start.elapsed();
    }
    BenchResult { nodes, elapsed }
}
