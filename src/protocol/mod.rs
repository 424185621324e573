//! The protocol front end: reads stdin on a thread, waits for the first command to choose the
//! dialect (`ucci` or `uci`), then hands over to the shared session loop.

mod command;
mod input;
mod session;
mod ucci;
mod uci;

use crate::game::Game;
use input::Input;
use session::Session;

/// Runs the engine on stdin/stdout until `quit` or the end of input.
pub fn run<G: Game>() {
    let (tx, lines) = crossbeam_channel::unbounded();
    std::thread::Builder::new()
        .name("stdin".into())
        .spawn(move || input::pump(std::io::stdin(), tx))
        .map_err(|e| log::error!("cannot read stdin: {e}"))
        .ok();
    let stdout = std::io::stdout();
    loop {
        let line = match lines.recv() {
            Ok(Input::Line(l)) => l,
            Ok(Input::TooLong(n)) => {
                log::warn!("input line of {n} bytes ignored; expected 'ucci' or 'uci'");
                continue;
            }
            Ok(Input::End) | Err(_) => return,
        };
        let word = line.trim();
        if word.eq_ignore_ascii_case("ucci") {
            Session::<G, _, _>::new(ucci::Ucci::new(G::MINOR_PIECE_VALUE), stdout.lock())
                .run(lines);
            return;
        }
        if word.eq_ignore_ascii_case("uci") {
            Session::<G, _, _>::new(uci::Uci, stdout.lock()).run(lines);
            return;
        }
        if word.eq_ignore_ascii_case("quit") {
            return;
        }
        log::warn!(
            "expected 'ucci' or 'uci' as the first command, got '{}'; still waiting",
            word.chars().take(60).collect::<String>()
        );
    }
}
