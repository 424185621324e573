//! `jiangjun play` driven through a pseudo-terminal, as a person at a keyboard drives it: the
//! program sees a real tty on stdin and stdout (so rustyline edits the line and the board is
//! coloured), keys are bytes typed into the terminal (Enter, the up arrow, Ctrl-D, Ctrl-C),
//! and what it prints is read back from the terminal's screen side. The driver answers the
//! cursor-position query (`ESC [6n`) that line editors send, as a terminal would, and types
//! each line only once the prompt is on the screen. Unix only: Windows has no openpty.
#![cfg(unix)]

use nix::pty::{Winsize, openpty};
use std::fs::File;
use std::io::{Read, Write};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

const JIANGJUN: &str = env!("CARGO_BIN_EXE_jiangjun");
/// Long enough for a loaded 2-core CI machine; the searches are depth 1.
const WAIT: Duration = Duration::from_secs(30);

/// A `jiangjun play` process on a pseudo-terminal.
struct Tty {
    keys: File,
    screen: Receiver<Vec<u8>>,
    /// Everything printed so far, and how much of it the test has read.
    seen: String,
    read_to: usize,
    child: Child,
}

impl Tty {
    fn start(args: &[&str]) -> Tty {
        Tty::start_game("xiangqi", args)
    }

    fn start_game(game: &str, args: &[&str]) -> Tty {
        let size = Winsize {
            ws_row: 50,
            ws_col: 120,
            ws_xpixel: 0,
            ws_ypixel: 0,
        };
        let pty = openpty(&size, None).expect("a pseudo-terminal");
        let slave = File::from(pty.slave);
        let io = |f: &File| Stdio::from(f.try_clone().expect("a second handle on the tty"));
        let child = Command::new(JIANGJUN)
            .args(["--game", game, "play"])
            .args(args)
            .env("TERM", "xterm-256color")
            // A game left unsaved is saved on leaving: into the build's scratch folder.
            .current_dir(env!("CARGO_TARGET_TMPDIR"))
            .env_remove("NO_COLOR")
            .stdin(io(&slave))
            .stdout(io(&slave))
            .stderr(io(&slave))
            .spawn()
            .expect("jiangjun starts");
        drop(slave);
        let keys = File::from(pty.master);
        let mut reader = keys.try_clone().expect("a reading handle");
        let mut answer = keys.try_clone().expect("an answering handle");
        let (tx, screen) = channel();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            // Ends when the program exits (the master then reads EIO).
            while let Ok(n @ 1..) = reader.read(&mut buf) {
                let chunk = buf[..n].to_vec();
                if chunk.windows(4).any(|w| w == b"\x1b[6n") {
                    let _ = answer.write_all(b"\x1b[1;1R");
                }
                if tx.send(chunk).is_err() {
                    break;
                }
            }
        });
        Tty {
            keys,
            screen,
            seen: String::new(),
            read_to: 0,
            child,
        }
    }

    /// Waits until `needle` is printed after what was read so far; returns the text up to
    /// its end, and reads past it.
    fn expect(&mut self, needle: &str) -> String {
        let deadline = Instant::now() + WAIT;
        loop {
            if let Some(at) = self.seen[self.read_to..].find(needle) {
                let end = self.read_to + at + needle.len();
                let text = self.seen[self.read_to..end].to_string();
                self.read_to = end;
                return text;
            }
            let left = deadline.saturating_duration_since(Instant::now());
            match self.screen.recv_timeout(left) {
                Ok(chunk) => self.seen += &String::from_utf8_lossy(&chunk),
                Err(_) => panic!(
                    "no {needle:?} within {WAIT:?}; the screen after the last match:\n{}",
                    &self.seen[self.read_to..]
                ),
            }
        }
    }

    /// Types `keys` (a line needs its own "\r", as Enter sends it).
    fn type_keys(&mut self, keys: &str) {
        self.keys.write_all(keys.as_bytes()).expect("typing");
    }

    /// Waits for the prompt, then types a line and Enter.
    fn line(&mut self, prompt: &str, line: &str) {
        self.expect(prompt);
        self.type_keys(&format!("{line}\r"));
    }

    /// Types `key` while the engine thinks on a minute-long budget, and waits for `prompt`:
    /// what was printed until then. The move must come on the key, well before the minute.
    fn move_now(&mut self, key: &str, prompt: &str) -> String {
        let asked = Instant::now();
        self.type_keys(key);
        let reply = self.expect(prompt);
        assert!(
            asked.elapsed() < Duration::from_secs(20),
            "moved on the key, not at the end of its minute: {reply}"
        );
        reply
    }

    /// Waits for the program to end; its exit code.
    fn exit_code(&mut self) -> Option<i32> {
        let deadline = Instant::now() + WAIT;
        while Instant::now() < deadline {
            if let Ok(Some(status)) = self.child.try_wait() {
                return status.code();
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        panic!("jiangjun play did not end within {WAIT:?}");
    }
}

impl Drop for Tty {
    fn drop(&mut self) {
        // A failed test must not leave the program running.
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

fn temp(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("jiangjun-play-{}-{name}", std::process::id()))
}

/// The bare kings and two red rooks: 車九进八 holds the king on its back rank, it must step
/// to f9 (d9 would face the red king), and 车一进九 mates there.
const TWO_ROOKS: &str = "4k4/9/9/9/9/9/9/9/9/R2K4R w";

#[test]
fn a_short_game_is_won_against_the_depth_one_engine_and_saved() {
    let pgn = temp("won.pgn");
    let mut tty = Tty::start(&["--depth", "1", "--fen", TWO_ROOKS]);
    let first = tty.expect("Red> ");
    assert!(
        first.contains("\x1b[1;31m帥"),
        "a terminal gets colour: {first}"
    );
    tty.type_keys("R9+8\r");
    let reply = tty.expect("Red> ");
    assert!(reply.contains("you play 车九进八"), "{reply}");
    assert!(
        reply.contains("engine plays 将5平6   [only move, score -"),
        "{reply}"
    );
    tty.type_keys("车一进九\r");
    let end = tty.expect("> ");
    assert!(
        end.contains("game over: Red wins by checkmate (1-0)"),
        "{end}"
    );
    tty.type_keys("d9d8\r");
    tty.expect("the game is over");
    tty.line("> ", &format!("save {}", pgn.display()));
    tty.expect("saved 3 moves");
    tty.expect("> ");
    tty.type_keys("\x04");
    assert_eq!(tty.exit_code(), Some(0), "Ctrl-D ends cleanly");
    let text = std::fs::read_to_string(&pgn).expect("the saved game");
    let _ = std::fs::remove_file(&pgn);
    assert!(text.contains("[Result \"1-0\"]"), "{text}");
    assert!(text.contains("[Termination \"checkmate\"]"), "{text}");
    assert!(
        text.contains("1. A0-A8 E9-F9 2. I0-I9 {Red wins by checkmate} 1-0"),
        "{text}"
    );
}

#[test]
fn undo_hint_an_illegal_entry_and_every_notation() {
    let mut tty = Tty::start(&["--depth", "1", "--notation", "iccs"]);
    tty.line("Red> ", "h2e2");
    let reply = tty.expect("Red> ");
    assert!(reply.contains("you play h2e2"), "ICCS: {reply}");
    assert!(reply.contains("engine plays "), "{reply}");
    assert!(
        reply.contains(", depth 1]"),
        "the engine's score and depth: {reply}"
    );
    tty.type_keys("C5+9\r");
    let error = tty.expect("Red> ");
    assert!(error.contains("'C5+9' is not legal"), "{error}");
    assert!(
        error.contains("its legal moves: e2c2 e2d2"),
        "in ICCS: {error}"
    );
    tty.type_keys("H2+3\r");
    assert!(tty.expect("Red> ").contains("you play h0g2"), "WXF");
    tty.type_keys("undo\r");
    let undone = tty.expect("Red> ");
    assert!(undone.contains("Red to move"), "{undone}");
    tty.type_keys("马二进三\r");
    assert!(
        tty.expect("Red> ").contains("you play h0g2"),
        "Chinese, after undo"
    );
    tty.type_keys("hint\r");
    let hint = tty.expect("Red> ");
    assert!(
        hint.contains("hint: ") && hint.contains("depth 1]"),
        "{hint}"
    );
    tty.type_keys("nonsense\r");
    assert!(tty.expect("Red> ").contains("'nonsense' is not a move"));
    tty.type_keys("\x03");
    assert_eq!(tty.exit_code(), Some(0), "Ctrl-C ends cleanly");
}

#[test]
fn a_saved_game_loads_again_and_the_history_recalls_a_line() {
    let pgn = temp("saved.pgn");
    let mut tty = Tty::start(&["--depth", "1"]);
    tty.line("Red> ", "炮二平五");
    tty.line("Red> ", "fen");
    let fen = tty.expect(" w");
    let fen = fen[fen.rfind('\n').map_or(0, |i| i + 1)..].to_string();
    tty.line("Red> ", &format!("save {} chinese", pgn.display()));
    tty.expect("saved 2 moves");
    tty.line("Red> ", "quit");
    assert_eq!(tty.exit_code(), Some(0));
    let text = std::fs::read_to_string(&pgn).expect("the saved game");
    assert!(text.contains("1. 炮二平五 "), "Chinese movetext: {text}");

    let mut tty = Tty::start(&["--depth", "1"]);
    tty.line("Red> ", &format!("load {}", pgn.display()));
    tty.expect("loaded 2 moves");
    tty.line("Red> ", "fen");
    assert!(tty.expect(" w").ends_with(&fen), "the position is back");
    // The up arrow brings the last line back; Enter runs it again.
    tty.line("Red> ", "\x1b[A");
    assert!(tty.expect(" w").ends_with(&fen), "history");
    tty.line("Red> ", "resign");
    assert!(
        tty.expect("Black wins by resignation (0-1)")
            .contains("game over")
    );
    let _ = std::fs::remove_file(&pgn);
    tty.line("> ", "quit");
    assert_eq!(tty.exit_code(), Some(0));
}

#[test]
fn chess_in_san_and_long_algebraic() {
    let mut tty = Tty::start_game("chess", &["--depth", "1"]);
    let first = tty.expect("White> ");
    assert!(first.contains("♔"), "figurines: {first}");
    tty.type_keys("e4\r");
    let reply = tty.expect("White> ");
    assert!(reply.contains("you play e4"), "SAN: {reply}");
    assert!(reply.contains(", depth 1]"), "{reply}");
    tty.type_keys("g1f3\r");
    assert!(
        tty.expect("White> ").contains("you play Nf3"),
        "long algebraic"
    );
    tty.type_keys("Nd5\r");
    let error = tty.expect("White> ");
    assert!(
        error.contains("Nd5 is not a legal move here; its legal moves: "),
        "{error}"
    );
    tty.type_keys("\x04");
    assert_eq!(tty.exit_code(), Some(0));
}

#[test]
fn another_engine_is_the_opponent_as_in_a_match() {
    let cmd = format!("cmd={JIANGJUN}");
    let mut tty = Tty::start(&["--depth", "1", "--engine", "name=other", &cmd]);
    tty.line("Red> ", "h2e2");
    let reply = tty.expect("Red> ");
    assert!(reply.contains("engine 'other' plays "), "{reply}");
    assert!(reply.contains("[score "), "its reported score: {reply}");
    tty.type_keys("\x04");
    assert_eq!(tty.exit_code(), Some(0));
    let chess = [
        "--depth",
        "1",
        "--engine",
        "name=uci",
        &cmd,
        "arg=--game",
        "arg=chess",
    ];
    let mut tty = Tty::start_game("chess", &chess);
    tty.line("White> ", "e4");
    assert!(
        tty.expect("White> ").contains("engine 'uci' plays "),
        "UCI by default"
    );
    tty.type_keys("\x04");
    assert_eq!(tty.exit_code(), Some(0));
    // A Xiangqi engine in a chess game loses as in a match. jiangjun refuses the chess FEN it
    // is sent and answers `go` without a move (it searches no stale position), so it loses by
    // giving no move; an engine that answered a Xiangqi move would lose by a malformed or an
    // illegal one.
    let mut tty = Tty::start_game("chess", &["--depth", "1", "--engine", "name=xq", &cmd]);
    tty.line("White> ", "e4");
    let end = tty.expect("(1-0)");
    assert!(end.contains("engine 'xq' has no move"), "{end}");
    assert!(
        end.contains("game over: White wins by no bestmove"),
        "{end}"
    );
    tty.line("> ", "quit");
    assert_eq!(tty.exit_code(), Some(0));
}

#[test]
fn the_engine_thinks_on_screen_and_moves_when_asked() {
    // A minute a move: within the test's wait the engine moves only because a key asked it.
    let mut tty = Tty::start(&["--side", "black", "--movetime", "60"]);
    tty.expect("help lists the commands");
    let live = tty.expect("[space: move now]  depth ");
    assert!(live.contains("\rthinking "), "the time spent: {live}");
    // A completed iteration: its depth, score and line in Chinese notation, redrawn in place.
    let line = tty.expect("\x1b[K");
    assert!(line.contains(", score "), "{line}");
    assert!(line.chars().any(|c| "进退平".contains(c)), "{line}");
    let reply = tty.move_now(" ", "Black> ");
    assert!(
        reply.contains("\r\x1b[Kengine plays "),
        "the live line is wiped before the move is printed: {reply}"
    );
    // The terminal reads lines again, and the key was not left over for the prompt.
    tty.type_keys("fen\r");
    let fen = tty.expect("Black> ");
    assert!(fen.contains(" b"), "{fen}");
    tty.type_keys("\x04");
    assert_eq!(tty.exit_code(), Some(0));
}

#[test]
fn the_clocks_tick_for_the_engine_and_in_the_persons_prompt() {
    // 600.9 s: each clock reads 10:00 for most of a second before it turns to 9:59, so that
    // a loaded machine still draws the first prompt before it ticks.
    let mut tty = Tty::start(&["--side", "black", "--tc", "600.9"]);
    // The engine's clock runs on the live line while it thinks.
    tty.expect("clock: Red 9:59  Black 10:00");
    tty.type_keys("m");
    tty.expect("engine plays ");
    // The person's clock is in the prompt, and a second later it is rewritten in place.
    tty.expect("Black  10:00> ");
    tty.expect("\x1b7\rBlack   9:59\x1b8");
    tty.type_keys("\x04");
    assert_eq!(tty.exit_code(), Some(0));
}

#[test]
fn another_engine_thinks_on_screen_and_moves_when_asked() {
    let cmd = format!("cmd={JIANGJUN}");
    let args = [
        "--side",
        "black",
        "--movetime",
        "60",
        "--engine",
        "name=other",
        &cmd,
    ];
    let mut tty = Tty::start(&args);
    // Its info lines, read from its UCCI output and shown in the game's notation.
    let line = tty.expect(", score ");
    assert!(line.contains("depth "), "{line}");
    tty.expect("\x1b[K");
    let reply = tty.move_now("\r", "Black> ");
    assert!(reply.contains("engine 'other' plays "), "{reply}");
    tty.type_keys("\x04");
    assert_eq!(tty.exit_code(), Some(0));
}
