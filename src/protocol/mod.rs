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
    serve::<G>(std::io::stdin(), std::io::stdout().lock());
}

/// Runs a whole session over any byte stream until `quit` or its end, replies to `out`: the
/// same loop as on stdin, so that the coverage-guided fuzzer (tests/fuzz/) can drive it
/// in-process.
pub fn serve<G: Game>(input: impl std::io::Read + Send + 'static, out: impl std::io::Write) {
    let (tx, lines) = crossbeam_channel::unbounded();
    std::thread::Builder::new()
        .name("stdin".into())
        .spawn(move || input::pump(input, tx))
        .map_err(|e| log::error!("cannot read the input: {e}"))
        .ok();
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
            Session::<G, _, _>::new(ucci::Ucci::new(G::MINOR_PIECE_VALUE), out).run(lines);
            return;
        }
        if word.eq_ignore_ascii_case("uci") {
            Session::<G, _, _>::new(uci::Uci, out).run(lines);
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

/// Parses `line` as a command of each dialect, for `side` to move, and returns what each made
/// of it (`Debug` text). Nothing runs: this is the parsers alone, for the line fuzzer, which
/// needs them fast and without an engine behind them.
pub fn parse_in_both_dialects<G: Game>(line: &str, side: crate::game::Side) -> [String; 2] {
    use session::Dialect;
    [
        format!(
            "{:?}",
            ucci::Ucci::new(G::MINOR_PIECE_VALUE).parse(line, side)
        ),
        format!("{:?}", uci::Uci.parse(line, side)),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Side;
    use crate::game::xiangqi::Position;

    #[test]
    fn serve_runs_a_session_from_any_byte_stream() {
        let mut out = Vec::new();
        serve::<Position>(
            std::io::Cursor::new(b"ucci\nisready\nquit\n".to_vec()),
            &mut out,
        );
        let text = String::from_utf8_lossy(&out);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.first(), Some(&"id name jiangjun 0.1.0"));
        assert_eq!(lines[lines.len() - 3..], ["ucciok", "readyok", "bye"]);
    }

    #[test]
    fn both_dialects_parse_the_same_line() {
        let [ucci, uci] = parse_in_both_dialects::<Position>("go depth 3", Side::Red);
        assert!(
            ucci.starts_with("Go(") && uci.starts_with("Go("),
            "{ucci} / {uci}"
        );
        let [ucci, uci] = parse_in_both_dialects::<Position>("setoption name Hash", Side::Black);
        assert_ne!(ucci, uci, "UCCI and UCI name options differently");
    }
}
