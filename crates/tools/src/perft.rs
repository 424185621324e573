//! `jiangjun perft`: counts the leaves of the legal move tree, for either game.

use crate::args::{number_in, usage_error};
use clap::Args;
use jiangjun_rules::{Game, perft};
use std::process::ExitCode;
use std::time::Instant;

/// The deepest perft: the same cap as the protocol's `go perft` (depth 12 is already far
/// beyond what finishes in a day).
const MAX_PERFT_DEPTH: u32 = 12;

/// Count the leaves of the legal move tree.
///
/// Ends with a line `total N`; the timing goes to stderr.
#[derive(Args, Debug)]
#[command(
    after_help = "Examples:\n  jiangjun perft 4                              moves from the start position to 4 plies\n  jiangjun perft 3 --divide --fen 4k4/9/9/9/9/9/9/9/4R4/3K5 b - - 0 1\n  jiangjun --game chess perft 5                 chess",
    allow_negative_numbers = true,
    args_override_self = true
)]
pub struct PerftArgs {
    /// Depth in plies (1 to 12). Give it before `--fen` when the FEN is written as fields
    /// (`perft 3 --fen 4k4/9/… w - - 0 1`; after a six-field FEN it may follow too).
    #[arg(value_parser = number_in(1, MAX_PERFT_DEPTH))]
    pub depth: u32,
    #[command(flatten)]
    pub fen: crate::args::FenArg,
    /// Print `MOVE: N` for every root move.
    #[arg(long)]
    pub divide: bool,
}

/// `jiangjun [--game G] perft`: the same tool for either game.
pub fn perft<G: Game>(a: &PerftArgs) -> ExitCode {
    let mut pos = match crate::args::position_from::<G>(a.fen.text().as_deref()) {
        Ok(p) => p,
        Err(e) => return usage_error(Some("perft"), &e),
    };
    let depth = a.depth;
    let start = Instant::now();
    let total = if a.divide {
        let rows = perft::divide(&mut pos, depth, G::NULL_MOVE);
        for (m, n) in &rows {
            println!("{m}: {n}");
        }
        rows.iter().map(|(_, n)| n).sum()
    } else {
        perft::perft(&mut pos, depth, G::NULL_MOVE)
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
