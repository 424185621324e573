//! `jiangjun bench`: the engine's fixed search of the game's bench positions, its node count
//! (the signature) and its speed.

use crate::args::{EvalArgs, number_in, usage_error};
use clap::Args;
use jiangjun_engine::game::EngineGame;
use std::process::ExitCode;

/// Fixed search of fixed positions: node count (the bench signature) and speed.
///
/// One thread, a fresh table, the engine's evaluation unless told otherwise; the last line,
/// `Bench: N`, is the search's signature.
#[derive(Args, Debug)]
#[command(
    after_help = "Examples:\n  jiangjun bench                                the signature (Bench: N) and nodes/second\n  jiangjun bench 16                             deeper, for a speed comparison\n  jiangjun bench --eval-file '<empty>'          the classical evaluation alone",
    allow_negative_numbers = true,
    args_override_self = true
)]
pub struct BenchArgs {
    /// Search depth (1 to 30; default: the signature's depth).
    #[arg(value_parser = number_in(1u32, 30))]
    pub depth: Option<u32>,
    #[command(flatten)]
    pub eval: EvalArgs,
}

/// `jiangjun [--game G] bench`: the game's own positions, the same depth and report.
pub fn bench<G: EngineGame>(a: &BenchArgs) -> ExitCode {
    let depth = a.depth.unwrap_or(jiangjun_engine::bench::DEFAULT_DEPTH);
    let evaluation = match a.eval.evaluation::<G>() {
        Ok(e) => e,
        Err(e) => return usage_error(Some("bench"), &e),
    };
    let r = jiangjun_engine::bench::run_positions::<G>(G::BENCH, depth, &evaluation);
    println!("Nodes searched  : {}", r.nodes);
    println!("Nodes/second    : {}", r.nps());
    println!("Time            : {} ms", r.elapsed.as_millis());
    println!("Bench: {}", r.nodes);
    ExitCode::SUCCESS
}
