//! The `jiangjun` command: with no arguments it speaks a protocol on stdin/stdout; with a
//! subcommand it runs a tool for people and scripts (`cli`).

use jiangjun_engine::game::Xiangqi;
use std::process::ExitCode;

use std::time::Duration;

mod cli;
mod logging;

fn main() -> ExitCode {
    // Logs go to stderr without ever blocking the engine (`logging`).
    let logs = logging::init();
    let args: Vec<_> = std::env::args_os().collect();
    let code = if args.len() == 1 {
        // A GUI starting the engine: straight to the protocol, no command-line parser built.
        jiangjun_engine::protocol::run::<Xiangqi>();
        ExitCode::SUCCESS
    } else {
        cli::run(args)
    };
    logs.flush(Duration::from_millis(500));
    code
}
