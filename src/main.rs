//! The `jiangjun` command: with no arguments it speaks a protocol on stdin/stdout; with a
//! subcommand it runs a tool for people and scripts (`cli`).

use jiangjun_engine::game::Xiangqi;
use std::process::ExitCode;

mod cli;

fn main() -> ExitCode {
    // Logs go to stderr; warnings (bad input) show by default, RUST_LOG=debug shows more.
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .format_timestamp(None)
        .init();
    let args: Vec<_> = std::env::args_os().collect();
    if args.len() == 1 {
        // A GUI starting the engine: straight to the protocol, no command-line parser built.
        jiangjun_engine::protocol::run::<Xiangqi>();
        return ExitCode::SUCCESS;
    }
    cli::run(args)
}
