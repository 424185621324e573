//! vampirc-uci, the chess UCI parser the project's owner named, as an oracle for our chess
//! mode: every line jiangjun prints under `--game chess` parses into the message kind it is
//! meant to be, and our command parser reads real GUI command lines (Cute Chess, Arena,
//! python-chess) as vampirc-uci does. It is not used at run time: it turns every line it cannot
//! parse into one `Unknown`, where a GUI needs a precise answer (the last tests below show
//! the lines where that matters; docs/chess.md says why).

use super::command::{Command, Setting};
use super::session::Dialect;
use super::uci::Uci;
use jiangjun_rules::GameKind;
use jiangjun_rules::Side;
use std::io::{Read, Write};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::time::Duration;
use vampirc_uci::{UciMessage, UciTimeControl, parse_one};

fn chess() -> Uci {
    Uci {
        variant: GameKind::Chess,
    }
}

/// Input fed line by line: each `go` waits for its `bestmove` before the next line is sent,
/// as a GUI waits (the end of input would cut the search short).
struct Feed {
    lines: Receiver<String>,
    pending: Vec<u8>,
}

impl Read for Feed {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.pending.is_empty() {
            match self.lines.recv() {
                Ok(l) => self.pending = format!("{l}\n").into_bytes(),
                Err(_) => return Ok(0),
            }
        }
        let n = buf.len().min(self.pending.len());
        buf[..n].copy_from_slice(&self.pending[..n]);
        self.pending.drain(..n);
        Ok(n)
    }
}

/// Output split into lines and sent to the test as they come.
struct Tap {
    lines: Sender<String>,
    partial: Vec<u8>,
}

impl Write for Tap {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        for &b in buf {
            if b == b'\n' {
                let line = String::from_utf8_lossy(&self.partial).into_owned();
                let _ = self.lines.send(line);
                self.partial.clear();
            } else {
                self.partial.push(b);
            }
        }
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// A whole chess session's output, as a GUI would read it.
fn session_output(input: &str) -> Vec<String> {
    let (to_engine, feed) = channel();
    let (tap, from_engine) = channel();
    let engine = std::thread::spawn(move || {
        let input = Feed {
            lines: feed,
            pending: Vec::new(),
        };
        let out = Tap {
            lines: tap,
            partial: Vec::new(),
        };
        super::serve_with::<crate::game::Chess>(input, out, super::ServeSettings { hash_mb: 1 });
    });
    let mut seen = Vec::new();
    for line in input.lines() {
        let _ = to_engine.send(line.to_string());
        if line.starts_with("go") {
            loop {
                match from_engine.recv_timeout(Duration::from_secs(20)) {
                    Ok(l) => {
                        let done = l.starts_with("bestmove");
                        seen.push(l);
                        if done {
                            break;
                        }
                    }
                    Err(e) => panic!("no bestmove after '{line}': {e}; {seen:?}"),
                }
            }
        }
    }
    drop(to_engine);
    let _ = engine.join();
    seen.extend(from_engine.try_iter());
    seen
}

/// The vampirc-uci message kind a line must parse into, by its first word.
fn expected_kind(line: &str, m: &UciMessage) -> bool {
    let first = line.split_whitespace().next().unwrap_or("");
    match first {
        "id" => matches!(m, UciMessage::Id { .. }),
        "option" => matches!(m, UciMessage::Option(_)),
        "uciok" => matches!(m, UciMessage::UciOk),
        "readyok" => matches!(m, UciMessage::ReadyOk),
        "info" => matches!(m, UciMessage::Info(_)),
        "bestmove" => matches!(m, UciMessage::BestMove { .. }),
        _ => false,
    }
}

#[test]
fn every_line_of_a_chess_session_parses_as_its_kind() {
    // Searches (info with score cp and mate, bestmove with ponder), every bad-input message,
    // a promotion and castling in the replies.
    let input = "uci\nisready\nsetoption name Hash value 0\nsetoption name Nope value 1\n\
        position startpos moves e2e4 e7e5 g1f3\ngo depth 6\nisready\n\
        position fen 6k1/5ppp/8/8/8/8/8/R6K w - - 0 1\ngo depth 4\n\
        position fen 4k3/P7/8/8/8/8/8/4K3 w - - 0 1\ngo depth 3\n\
        position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\ngo depth 3 searchmoves e1g1\n\
        position fen rnbqkbnr/pppp\nposition startpos moves e2e5\nfoo\ngo depth -1 bar\n\
        ponderhit\nsetoption name UCI_Variant value shogi\nisready\nquit\n";
    let lines = session_output(input);
    assert!(lines.iter().any(|l| l.starts_with("bestmove a1a8")));
    assert!(lines.iter().any(|l| l.starts_with("bestmove a7a8q")));
    assert!(lines.iter().any(|l| l.starts_with("bestmove e1g1")));
    assert!(lines.iter().any(|l| l.contains("score mate 1")));
    assert!(
        lines
            .iter()
            .filter(|l| l.starts_with("info string"))
            .count()
            >= 7
    );
    for line in &lines {
        let m = parse_one(line);
        assert!(
            !m.is_unknown() && expected_kind(line, &m),
            "'{line}' parsed as {m:?}"
        );
    }
}

#[test]
fn bestmove_none_is_the_one_line_vampirc_cannot_read() {
    // No legal move: Stockfish's `bestmove (none)`, which python-chess and Cute Chess read;
    // vampirc-uci's grammar has no word for "no move" (not even `0000`), so this line is the
    // documented exception to the test above.
    let lines = session_output(
        "uci\nposition fen 3R2k1/5ppp/8/8/8/8/8/7K b - - 1 1\ngo depth 3\nisready\n",
    );
    assert!(lines.iter().any(|l| l == "bestmove (none)"), "{lines:?}");
    assert!(parse_one("bestmove (none)").is_unknown());
}

/// Command lines as chess GUIs send them: Cute Chess (full game from startpos, clocks with
/// increments), Arena (movestogo, Clear Hash as a button, debug), python-chess (FEN with
/// moves, searchmoves, mate). `go ponder` with a clock is not here: vampirc-uci drops the
/// `ponder` (see `the_lines_vampirc_misreads`).
const GUI_LINES: [&str; 30] = [
    "uci",
    "isready",
    "debug off",
    "debug on",
    "ucinewgame",
    "setoption name Hash value 128",
    "setoption name Threads value 2",
    "setoption name MultiPV value 3",
    "setoption name Ponder value true",
    "setoption name Move Overhead value 100",
    "setoption name Clear Hash",
    "setoption name UCI_Variant value chess",
    "position startpos",
    "position startpos moves e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 e1g1",
    "position fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1 moves c7c5 g1f3",
    "position fen 4k3/P7/8/8/8/8/8/4K3 w - - 0 1 moves a7a8q e8d7",
    "go wtime 59940 btime 60000 winc 1000 binc 1000",
    "go wtime 300000 btime 300000 movestogo 40",
    "go btime 12000 wtime 9000 binc 100 winc 100 movestogo 5",
    "go movetime 1000",
    "go depth 10",
    "go nodes 100000",
    "go mate 3",
    "go infinite",
    "go depth 5 searchmoves e2e4 d2d4",
    "go",
    "stop",
    "ponderhit",
    "quit",
    "register later",
];

/// Whether our reading of a GUI line for `side` says what vampirc-uci's does.
fn agree(ours: &Command, theirs: &UciMessage, side: Side) -> bool {
    match (ours, theirs) {
        (Command::Nothing, UciMessage::Uci | UciMessage::Register { .. }) => true,
        (Command::IsReady, UciMessage::IsReady) => true,
        (Command::SetOption(Setting::Debug(a), None), UciMessage::Debug(b)) => a == b,
        (Command::NewGame, UciMessage::UciNewGame) => true,
        (Command::Stop, UciMessage::Stop) => true,
        (Command::PonderHit { draw: false }, UciMessage::PonderHit) => true,
        (Command::Quit, UciMessage::Quit) => true,
        (Command::SetOption(s, None), UciMessage::SetOption { name, value }) => {
            setting_agrees(s, name, value.as_deref())
        }
        (
            Command::Position { fen, moves },
            UciMessage::Position {
                startpos,
                fen: their_fen,
                moves: their_moves,
            },
        ) => {
            let theirs: Vec<String> = their_moves.iter().map(|m| m.to_string()).collect();
            *startpos == fen.is_none()
                && fen.as_deref() == their_fen.as_ref().map(|f| f.as_str().trim())
                && *moves == theirs
        }
        (
            Command::Go(go),
            UciMessage::Go {
                time_control,
                search_control,
            },
        ) => {
            let l = &go.limits;
            let search_agrees = match search_control {
                Some(s) => {
                    let moves: Vec<String> = s.search_moves.iter().map(|m| m.to_string()).collect();
                    l.depth == s.depth.map(u32::from)
                        && l.nodes == s.nodes
                        && l.mate == s.mate.map(u32::from)
                        && go.searchmoves == moves
                }
                None => l.depth.is_none() && l.nodes.is_none() && l.mate.is_none(),
            };
            let time_agrees = match time_control {
                Some(UciTimeControl::Infinite) => l.infinite,
                Some(UciTimeControl::Ponder) => l.ponder,
                Some(UciTimeControl::MoveTime(t)) => l.move_time == t.to_std().ok(),
                Some(UciTimeControl::TimeLeft {
                    white_time,
                    black_time,
                    white_increment,
                    black_increment,
                    moves_to_go,
                }) => {
                    let (time, inc) = match side {
                        Side::Red => (white_time, white_increment),
                        Side::Black => (black_time, black_increment),
                    };
                    l.time == time.and_then(|t| t.to_std().ok())
                        && l.increment
                            == inc.and_then(|t| t.to_std().ok()).unwrap_or(Duration::ZERO)
                        && l.moves_to_go == moves_to_go.map(u32::from)
                }
                // A bare `go` (or one with only search limits): ours searches until `stop`
                // when nothing limits it, as Stockfish does.
                None => l.time.is_none() && l.move_time.is_none(),
            };
            search_agrees && time_agrees
        }
        _ => false,
    }
}

fn setting_agrees(s: &Setting, name: &str, value: Option<&str>) -> bool {
    let number = value.and_then(|v| v.parse::<u64>().ok());
    match (s, name.to_ascii_lowercase().as_str()) {
        (Setting::HashMb(n), "hash") => number == Some(*n as u64),
        (Setting::Threads(n), "threads") => number == Some(*n as u64),
        (Setting::MultiPv(n), "multipv") => number == Some(*n as u64),
        (Setting::Overhead(d), "move overhead") => number == Some(d.as_millis() as u64),
        (Setting::Ponder(b), "ponder") => value == Some(if *b { "true" } else { "false" }),
        (Setting::ClearHash, "clear hash") => value.is_none(),
        (Setting::Variant(k), "uci_variant") => value == Some(k.name()),
        _ => false,
    }
}

#[test]
fn our_parser_reads_gui_lines_as_vampirc_does() {
    for line in GUI_LINES {
        let theirs = parse_one(line);
        assert!(!theirs.is_unknown(), "vampirc-uci: '{line}': {theirs:?}");
        for side in [Side::Red, Side::Black] {
            let ours = chess().parse(line, side);
            assert!(
                agree(&ours, &theirs, side),
                "'{line}' ({side:?}): ours {ours:?}, vampirc-uci {theirs:?}"
            );
        }
    }
}

#[test]
fn the_lines_vampirc_misreads() {
    // Why vampirc-uci does not parse our input at run time: its grammar stops at the first
    // thing it cannot read and returns what came before as if it were the whole line, and it
    // cannot hold `ponder` together with a clock. Each line below is one a GUI or a user does
    // send; ours reads all of it (and the session names any bad part in an info string).
    let ours = |line: &str| chess().parse(line, Side::Red);
    let go = |c: Command| match c {
        Command::Go(g) => g,
        other => panic!("{other:?}"),
    };

    // A pondering GUI's every `go`: vampirc keeps the clock and drops `ponder`, so an engine
    // using it would answer at once, on the opponent's time.
    let line = "go ponder wtime 5000 btime 5000 winc 100 binc 100";
    assert!(matches!(
        parse_one(line),
        UciMessage::Go {
            time_control: Some(UciTimeControl::TimeLeft { .. }),
            ..
        }
    ));
    assert!(go(ours(line)).limits.ponder);

    // Numbers of four digits are cut to three: depth 1000 becomes 100.
    let line = "go depth 1000";
    assert!(
        matches!(parse_one(line), UciMessage::Go { search_control: Some(s), .. } if s.depth == Some(100))
    );
    assert_eq!(go(ours(line)).limits.depth, Some(1000));
    let line = "go wtime 1000 btime 1000 movestogo 1000";
    assert!(matches!(
        parse_one(line),
        UciMessage::Go {
            time_control: Some(UciTimeControl::TimeLeft {
                moves_to_go: Some(100),
                ..
            }),
            ..
        }
    ));
    assert_eq!(go(ours(line)).limits.moves_to_go, Some(1000));

    // A bad move ends the list silently: the engine would search a different position.
    let line = "position startpos moves e2e4 zz99";
    assert!(matches!(parse_one(line), UciMessage::Position { moves, .. } if moves.len() == 1));
    assert!(matches!(ours(line), Command::Position { moves, .. } if moves.len() == 2));
    // …and a bad searchmoves entry takes the rest of the line with it.
    let line = "go searchmoves e2e4 zz99 depth 3";
    assert!(
        matches!(parse_one(line), UciMessage::Go { search_control: Some(s), .. } if s.depth.is_none())
    );
    assert_eq!(go(ours(line)).limits.depth, Some(3));

    // Lines it cannot read at all become one `Unknown`, with a parser position rather than a
    // message a user can act on: a negative or missing number (we play anyway, and say what
    // was wrong), a FEN without counters (which we accept), a truncated FEN (whose fault the
    // chess FEN parser names).
    for line in [
        "go depth -3",
        "go movetime soon",
        "position fen 4k3/8/8/8/8/8/8/4K3 w -",
        "position fen rnbqkbnr/pppp",
    ] {
        assert!(parse_one(line).is_unknown(), "{line}");
        assert!(!matches!(ours(line), Command::Error(_)), "{line}");
    }
}
