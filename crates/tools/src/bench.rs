//! `jiangjun bench`: the engine's fixed search of the game's bench positions, its node count
//! (the signature) and its speed.

use crate::args::{number_in, usage_error};
use clap::Args;
use std::process::ExitCode;

/// Fixed search of fixed positions: node count (the bench signature) and speed.
///
/// One thread, a fresh table; the last line, `Bench: N`, is the search's signature.
#[derive(Args, Debug)]
#[command(allow_negative_numbers = true, args_override_self = true)]
pub struct BenchArgs {
    /// Search depth (1 to 30; default: the signature's depth).
    #[arg(value_parser = number_in(1u32, 30))]
    pub depth: Option<u32>,
    /// Evaluate with this net file (as `EvalFile`), to compare its speed with the classical
    /// evaluation's.
    #[arg(long, value_name = "NET")]
    pub eval_file: Option<String>,
    /// With `--eval-file`: the net's share of the evaluation in percent, as the engine's
    /// `EvalBlend` (0 to 100; 100 is the net alone).
    #[arg(long, value_name = "P", default_value_t = jiangjun_engine::protocol::variant::DEFAULT_EVAL_BLEND,
          value_parser = number_in(0u8, 100))]
    pub eval_blend: u8,
}

/// `jiangjun [--game G] bench`: the game's own positions, the same depth and report.
pub fn bench<G: jiangjun_engine::protocol::Variant>(a: &BenchArgs) -> ExitCode {
    let depth = a.depth.unwrap_or(jiangjun_engine::bench::DEFAULT_DEPTH);
    let net = match a.eval_file.as_deref().map(G::load_net).transpose() {
        Ok(net) => net,
        Err(e) => return usage_error(Some("bench"), &e),
    };
    let r = jiangjun_engine::bench::run_positions_with::<G>(G::BENCH, depth, &|pos| {
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
