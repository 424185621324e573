//! `jiangjun perft` and `jiangjun bench`: the two tools small enough to need no module of
//! their own, their arguments and their printed report.

use super::values::number_in;
use crate::game::Game;
use crate::perft;
use clap::Args;
use std::process::ExitCode;
use std::time::Instant;

/// The deepest perft: the same cap as the protocol's `go perft` (depth 12 is already far
/// beyond what finishes in a day).
const MAX_PERFT_DEPTH: u32 = 12;

/// Count the leaves of the legal move tree.
///
/// Ends with a line `total N`; the timing goes to stderr.
#[derive(Args, Debug)]
#[command(allow_negative_numbers = true, args_override_self = true)]
pub struct PerftArgs {
    /// Depth in plies (1 to 12).
    #[arg(value_parser = number_in(1, MAX_PERFT_DEPTH))]
    depth: u32,
    /// Start from this position instead of the start position (one argument).
    #[arg(long)]
    fen: Option<String>,
    /// Print `MOVE: N` for every root move.
    #[arg(long)]
    divide: bool,
}

/// Fixed search of fixed positions: node count (the bench signature) and speed.
///
/// One thread, a fresh table; the last line, `Bench: N`, is the search's signature.
#[derive(Args, Debug)]
#[command(allow_negative_numbers = true, args_override_self = true)]
pub struct BenchArgs {
    /// Search depth (1 to 30; default: the signature's depth).
    #[arg(value_parser = number_in(1u32, 30))]
    depth: Option<u32>,
    /// Evaluate with this net file (as `EvalFile`), to compare its speed with the classical
    /// evaluation's.
    #[arg(long, value_name = "NET")]
    eval_file: Option<String>,
    /// With `--eval-file`: the net's share of the evaluation in percent, as the engine's
    /// `EvalBlend` (0 to 100; 100 is the net alone).
    #[arg(long, value_name = "P", default_value_t = crate::protocol::variant::DEFAULT_EVAL_BLEND,
          value_parser = number_in(0u8, 100))]
    eval_blend: u8,
}

/// `jiangjun [--game G] bench`: the game's own positions, the same depth and report.
pub fn bench<G: crate::protocol::Variant>(a: &BenchArgs) -> ExitCode {
    let depth = a.depth.unwrap_or(crate::bench::DEFAULT_DEPTH);
    let net = match a.eval_file.as_deref().map(G::load_net).transpose() {
        Ok(net) => net,
        Err(e) => return super::usage_error(Some("bench"), &e),
    };
    let r = crate::bench::run_positions_with::<G>(G::BENCH, depth, &|pos| {
        if net.is_some() {
            pos.use_net(net.as_ref(), a.eval_blend);
        }
    });
    println!("Nodes searched  : {}", r.nodes);
    println!("Nodes/second    : {}", r.nps());
    println!("Time            : {} ms", r.elapsed.as_millis());
    println!("Bench: {}", r.nodes);
    ExitCode::SUCCESS
}

/// `jiangjun [--game G] perft`: the same tool for either game.
pub fn perft<G: Game>(a: &PerftArgs) -> ExitCode {
    let pos = match &a.fen {
        Some(f) => G::from_fen(f),
        None => Ok(G::startpos()),
    };
    let mut pos = match pos {
        Ok(p) => p,
        Err(e) => return super::usage_error(Some("perft"), &e.to_string()),
    };
    let start = Instant::now();
    let total = if a.divide {
        let rows = perft::divide(&mut pos, a.depth, G::NULL_MOVE);
        for (m, n) in &rows {
            println!("{m}: {n}");
        }
        rows.iter().map(|(_, n)| n).sum()
    } else {
        perft::perft(&mut pos, a.depth, G::NULL_MOVE)
    };
    let secs = start.elapsed().as_secs_f64();
    eprintln!(
        "{:.3} s, {:.1} Mleaves/s",
        secs,
        total as f64 / secs.max(1e-9) / 1e6
    );
    println!("total {total}");
    ExitCode::SUCCESS
}
