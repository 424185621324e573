//! The protocol front end: reads stdin on a thread, waits for the first command to choose the
//! dialect (`ucci` or `uci`), then hands over to the shared session loop. UCI plays the game
//! the command line chose until `UCI_Variant` names another; UCCI is Xiangqi's protocol and
//! always plays Xiangqi (as in Fairy-Stockfish).

mod book;
mod command;
mod display;
mod input;
mod options;
#[cfg(test)]
mod oracle;
mod session;
mod ucci;
mod uci;

use crate::game::{Chess, EngineGame, Xiangqi};
use crossbeam_channel::Receiver;
use input::Input;
use jiangjun_rules::GameKind;
use session::{Carried, End, Session, Start};

/// Runs the engine on stdin/stdout until `quit` or the end of input, playing `G` under UCI.
///
/// The stdin reader thread does not end at the end of input: it waits there until the
/// process exits (`ReaderEnd::Wait`), so that the process never ends while that thread is
/// ending. Under Wine 8, the reader ending because the GUI closed the input right after `quit`,
/// just after a search thread had ended, while the process ended, crashed `wine64` itself
/// (SIGSEGV; about one session in 250 of the transcript replay, one in 25 of a minimal program
/// doing the same: docs/windows.md). A process that ends takes its waiting threads with it on
/// every system, Windows' `ExitProcess` included, so nothing is lost by waiting.
pub fn run<G: EngineGame>() {
    serve_from::<G>(
        std::io::stdin(),
        std::io::stdout().lock(),
        ServeSettings::default(),
        ReaderEnd::Wait,
    );
}

/// What the input's reader thread does once the input has ended.
#[derive(Clone, Copy, PartialEq, Eq)]
enum ReaderEnd {
    /// It ends: a session run in-process (the fuzzer) leaves no thread behind.
    Return,
    /// It waits for the process to exit (the binary's stdin: see `run`).
    Wait,
}

/// How a session starts (`serve_with`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ServeSettings {
    /// The size of the first table in MB, until a `Hash`/`hashsize` option changes it.
    pub hash_mb: usize,
}

impl Default for ServeSettings {
    fn default() -> ServeSettings {
        ServeSettings {
            hash_mb: crate::engine::DEFAULT_HASH_MB,
        }
    }
}

/// Runs a whole session over any byte stream until `quit` or its end, replies to `out`: the
/// same loop as on stdin, so that the coverage-guided fuzzer (tests/fuzz/) can drive it
/// in-process.
pub fn serve<G: EngineGame>(input: impl std::io::Read + Send + 'static, out: impl std::io::Write) {
    serve_with::<G>(input, out, ServeSettings::default());
}

/// `serve` with a chosen start (the fuzzer starts each session with a 1 MB table, so that a
/// session costs milliseconds rather than the 64 MB table's allocation). When it returns, any
/// search has stopped and the engine's threads have ended (the reader of `input` ends at its
/// end, or at its next line once nobody listens).
pub fn serve_with<G: EngineGame>(
    input: impl std::io::Read + Send + 'static,
    out: impl std::io::Write,
    config: ServeSettings,
) {
    serve_from::<G>(input, out, config, ReaderEnd::Return);
}

/// `serve_with`, with what the reader thread does at the end of the input chosen.
fn serve_from<G: EngineGame>(
    input: impl std::io::Read + Send + 'static,
    mut out: impl std::io::Write,
    config: ServeSettings,
    reader_end: ReaderEnd,
) {
    let (tx, lines) = crossbeam_channel::unbounded();
    std::thread::Builder::new()
        .name("stdin".into())
        .spawn(move || {
            input::pump(input, tx);
            if reader_end == ReaderEnd::Wait {
                // `park` may return spuriously; the loop makes the wait last until the exit.
                loop {
                    std::thread::park();
                }
            }
        })
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
            if G::KIND != GameKind::Xiangqi {
                log::warn!(
                    "ucci: UCCI is Xiangqi's protocol; playing Xiangqi, not {}",
                    G::NAME
                );
            }
            let dialect = ucci::Ucci::new(Xiangqi::MINOR_PIECE_VALUE);
            let mut start = Carried::fresh(config.hash_mb);
            // UCCI's `usebook` defaults to on (the spec); UCI's `OwnBook` to off.
            start.book.enabled = true;
            Session::<Xiangqi, _, _>::new(dialect, &mut out, start).run(lines, Start::Handshake);
            return;
        }
        if word.eq_ignore_ascii_case("uci") {
            uci_sessions(G::KIND, lines, &mut out, config);
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

/// UCI sessions one after the other, starting with the game `kind`: each `UCI_Variant` that
/// names another game ends one session and starts the next with the same options.
fn uci_sessions(
    mut kind: GameKind,
    lines: Receiver<Input>,
    out: &mut impl std::io::Write,
    config: ServeSettings,
) {
    let mut carried = Carried::fresh(config.hash_mb);
    let mut start = Start::Handshake;
    loop {
        let dialect = uci::Uci { variant: kind };
        // The one place the games are named: below it, everything is generic.
        let end =
            match kind {
                GameKind::Xiangqi => Session::<Xiangqi, _, _>::new(dialect, &mut *out, carried)
                    .run(lines.clone(), start),
                GameKind::Chess => Session::<Chess, _, _>::new(dialect, &mut *out, carried)
                    .run(lines.clone(), start),
            };
        match end {
            End::Quit => return,
            End::Switch(next, c) => {
                kind = next;
                carried = c;
                start = Start::Switched;
            }
        }
    }
}

/// Parses `line` as a command of each dialect, for `side` to move, and returns what each made
/// of it (`Debug` text). Nothing runs: this is the parsers alone, for the line fuzzer, which
/// needs them fast and without an engine behind them.
pub fn parse_in_both_dialects<G: EngineGame>(
    line: &str,
    side: jiangjun_rules::Side,
) -> [String; 2] {
    use session::Dialect;
    [
        format!(
            "{:?}",
            ucci::Ucci::new(G::MINOR_PIECE_VALUE).parse(line, side)
        ),
        format!("{:?}", uci::Uci { variant: G::KIND }.parse(line, side)),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Xiangqi;
    use jiangjun_rules::Side;

    #[test]
    fn serve_runs_a_session_from_any_byte_stream() {
        let mut out = Vec::new();
        serve::<Xiangqi>(
            std::io::Cursor::new(b"ucci\nisready\nquit\n".to_vec()),
            &mut out,
        );
        let text = String::from_utf8_lossy(&out);
        let lines: Vec<&str> = text.lines().collect();
        let id = format!("id name jiangjun {}", crate::build_info::version());
        assert_eq!(lines.first(), Some(&id.as_str()));
        assert!(id.starts_with("id name jiangjun 0.1.0 ("), "{id}");
        assert_eq!(lines[lines.len() - 3..], ["ucciok", "readyok", "bye"]);
    }

    #[test]
    fn a_session_can_start_with_a_small_table() {
        for (dialect, option) in [
            (
                "ucci",
                "option hashsize type spin min 0 max 65536 default 1",
            ),
            (
                "uci",
                "option name Hash type spin default 1 min 1 max 65536",
            ),
        ] {
            let mut out = Vec::new();
            let input = format!("{dialect}\nisready\ngo depth 2\nisready\n");
            serve_with::<Xiangqi>(
                std::io::Cursor::new(input),
                &mut out,
                ServeSettings { hash_mb: 1 },
            );
            let text = String::from_utf8_lossy(&out);
            assert!(text.lines().any(|l| l == option), "{text}");
            assert!(text.contains("readyok"), "{text}");
        }
    }

    #[test]
    fn the_end_of_input_cuts_any_search_short() {
        // Searches that would otherwise run for minutes or until `stop`: the end of input is
        // the GUI gone, so the session stops the search and returns (the session fuzzer relies
        // on it to keep every input short).
        for go in [
            "go depth 100",
            "go infinite",
            "go movetime 100000",
            "go ponder",
        ] {
            for dialect in ["ucci", "uci"] {
                let started = std::time::Instant::now();
                let input = format!("{dialect}\n{go}\nisready\n");
                serve_with::<Xiangqi>(
                    std::io::Cursor::new(input),
                    std::io::sink(),
                    ServeSettings { hash_mb: 1 },
                );
                let took = started.elapsed();
                assert!(took.as_secs() < 5, "{dialect} {go}: {took:?}");
            }
        }
    }

    #[test]
    fn both_dialects_parse_the_same_line() {
        let [ucci, uci] = parse_in_both_dialects::<Xiangqi>("go depth 3", Side::Red);
        assert!(
            ucci.starts_with("Go(") && uci.starts_with("Go("),
            "{ucci} / {uci}"
        );
        let [ucci, uci] = parse_in_both_dialects::<Xiangqi>("setoption name Hash", Side::Black);
        assert_ne!(ucci, uci, "UCCI and UCI name options differently");
    }

    #[test]
    fn hidden_tune_options_set_the_search_numbers_in_both_dialects() {
        use super::command::{Command, Setting};
        let set = |s: Setting, w: Option<&str>| {
            format!("{:?}", Command::SetOption(s, w.map(String::from)))
        };
        for line in [
            "setoption name Tune_razor_base value 300",
            "setoption name tune_RAZOR_BASE value 300",
        ] {
            let both = parse_in_both_dialects::<Xiangqi>(line, Side::Red);
            assert_eq!(
                both,
                [0, 1].map(|_| set(Setting::Tune("razor_base", 300), None))
            );
        }
        // Out of range: clamped, with a message; not a number: an error; unknown: not an option.
        let [ucci, uci] = parse_in_both_dialects::<Xiangqi>(
            "setoption name Tune_razor_base value 9999",
            Side::Red,
        );
        assert_eq!(ucci, uci);
        assert!(ucci.contains("Tune(\"razor_base\", 800)") && ucci.contains("out of range"));
        for line in [
            "setoption name Tune_razor_base value lots",
            "setoption name Tune_no_such_number value 1",
            "setoption name Tune_ value 1",
        ] {
            for parsed in parse_in_both_dialects::<Xiangqi>(line, Side::Red) {
                assert!(!parsed.contains("Tune("), "{line}: {parsed}");
            }
        }
        // Never offered to a GUI.
        for dialect in [options::DialectKind::Uci, options::DialectKind::Ucci] {
            let lines = options::handshake(dialect, 16, jiangjun_rules::GameKind::Xiangqi);
            assert!(
                !lines
                    .iter()
                    .any(|l| l.to_ascii_lowercase().contains("tune"))
            );
        }
    }

    #[test]
    fn ucci_reads_the_name_value_form_too() {
        use super::command::{Command, Setting};
        let ucci = |line: &str| parse_in_both_dialects::<Xiangqi>(line, Side::Red)[0].clone();
        let set = |s: Setting| format!("{:?}", Command::SetOption(s, None));
        assert_eq!(
            ucci("setoption name hashsize value 16"),
            set(Setting::HashMb(16))
        );
        assert_eq!(
            ucci("setoption name bookfiles value C:\\My Books\\BOOK.DAT"),
            set(Setting::BookFiles("C:\\My Books\\BOOK.DAT".into()))
        );
        assert_eq!(
            ucci("setoption name usebook value off"),
            set(Setting::UseBook(false))
        );
        assert_eq!(
            ucci("setoption name newgame"),
            format!("{:?}", Command::NewGame)
        );
        assert_eq!(ucci("setoption hashsize 16"), set(Setting::HashMb(16)));
        assert_eq!(
            ucci("setoption name promotion value false"),
            format!("{:?}", Command::Nothing)
        );
    }

    #[test]
    fn the_book_options_parse_in_both_dialects() {
        use super::command::{Command, Setting};
        use crate::book::choose::Variety;
        let set = |s: Setting| format!("{:?}", Command::SetOption(s, None));
        let ucci = |line: &str| parse_in_both_dialects::<Xiangqi>(line, Side::Red)[0].clone();
        let uci = |line: &str| parse_in_both_dialects::<Xiangqi>(line, Side::Red)[1].clone();
        // UCCI: the rest of the line is the list, spaces and all.
        assert_eq!(
            ucci("setoption bookfiles C:\\My Books\\BOOK.DAT;b.jjbook"),
            set(Setting::BookFiles("C:\\My Books\\BOOK.DAT;b.jjbook".into()))
        );
        assert_eq!(
            ucci("setoption bookfiles"),
            set(Setting::BookFiles(String::new()))
        );
        assert_eq!(ucci("setoption usebook off"), set(Setting::UseBook(false)));
        assert_eq!(
            ucci("setoption bookvariety LARGE"),
            set(Setting::BookVariety(Variety::Large))
        );
        assert_eq!(
            uci("setoption name BookFile value my book.dat"),
            set(Setting::BookFiles("my book.dat".into()))
        );
        assert_eq!(
            uci("setoption name BookFile value <empty>"),
            set(Setting::BookFiles(String::new()))
        );
        assert_eq!(
            uci("setoption name OwnBook value true"),
            set(Setting::UseBook(true))
        );
        assert_eq!(
            uci("setoption name BookVariety value none"),
            set(Setting::BookVariety(Variety::None))
        );
        assert!(uci("setoption name BookVariety value most").starts_with("Error("));
        assert_eq!(
            uci("setoption name EvalFile value nets/a b.nnue"),
            set(Setting::EvalFile("nets/a b.nnue".into()))
        );
        assert_eq!(
            uci("setoption name EvalFile value <empty>"),
            set(Setting::EvalFile(String::new()))
        );
        assert_eq!(
            ucci("setoption evalfile nets/a b.nnue"),
            set(Setting::EvalFile("nets/a b.nnue".into()))
        );
        // UCCI takes UCI's `<empty>` for an empty string too, and the bare option alike.
        for line in ["setoption evalfile <empty>", "setoption evalfile"] {
            assert_eq!(ucci(line), set(Setting::EvalFile(String::new())), "{line}");
        }
        assert_eq!(
            ucci("setoption bookfiles <empty>"),
            set(Setting::BookFiles(String::new()))
        );
    }
}
