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
        quiet_on_broken_pipe();
        cli::run(args)
    };
    logs.flush(Duration::from_millis(500));
    code
}

/// A tool whose reader goes away (`jiangjun perft 3 --divide | head -2`) ends quietly, as
/// command-line programs do when their pipe closes, instead of panicking with "failed printing
/// to stdout: Broken pipe". Rust ignores SIGPIPE, so the write fails and `println!` (or a
/// library's `expect`) panics: the hook turns exactly that panic into a silent exit.
fn quiet_on_broken_pipe() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let text = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or("");
        if text.contains("Broken pipe") || text.contains("BrokenPipe") {
            std::process::exit(0);
        }
        default(info);
    }));
}
