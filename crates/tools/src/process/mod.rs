//! One engine process and the protocol spoken with it (UCCI or UCI). A thread per engine
//! reads its stdout and hands whole lines over a channel, so the runner can wait for a reply
//! with a deadline and notice a crash (end of output) or a hang (no reply in time) without
//! ever blocking. EngineProcess output is untrusted: it is decoded lossily and never unwrapped.

pub(crate) mod interrupt;
pub mod specs;

use std::fs::File;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// Which protocol an engine speaks.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Proto {
    Ucci,
    Uci,
}

/// How to start and set up one engine, from `--engine name=… cmd=…`.
#[derive(Clone, Debug)]
pub struct EngineSpec {
    pub name: String,
    pub cmd: String,
    pub args: Vec<String>,
    pub proto: Proto,
    /// `(name, value)` pairs sent with `setoption` after the handshake.
    pub options: Vec<(String, String)>,
    /// 0 for ICCS ranks 0–9, 1 for Fairy-Stockfish's plain-UCI ranks 1–10.
    pub rank_base: u8,
    pub dir: Option<PathBuf>,
    /// UCCI only: send times in seconds (the spec's default) instead of milliseconds.
    pub seconds: bool,
    /// This engine's own time control (`tc=`, `st=`, `depth=`, `nodes=`), as cutechess-cli's
    /// per-engine `tc=`: for time odds. `None`: the match's.
    pub tc: Option<crate::clock::TimeControl>,
}

impl EngineSpec {
    /// The rank numbering this engine was not given (1 for 0, 0 for 1).
    pub fn other_rank_base(&self) -> u8 {
        1 - self.rank_base.min(1)
    }
}

/// Why talking to an engine failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// The process could not be started.
    Start(String),
    /// The process closed its output or its input (it exited or crashed).
    Crash,
    /// No expected reply before the deadline.
    Timeout,
}

impl Fault {
    /// What went wrong while bringing an engine up, in a sentence for the user: the start
    /// error as it is, or what a handshake that failed most likely means.
    pub fn at_start(&self, spec: &EngineSpec, startup: Duration) -> String {
        let hello = match spec.proto {
            Proto::Ucci => "ucci",
            Proto::Uci => "uci",
        };
        match self {
            Fault::Start(why) => why.clone(),
            Fault::Crash => format!(
                "'{}' started but exited before it finished the '{hello}' handshake \
                 (is it a {} engine? proto= says which protocol to speak)",
                spec.cmd,
                hello.to_ascii_uppercase()
            ),
            Fault::Timeout => format!(
                "'{}' did not answer '{hello}' and 'isready' within {} s \
                 (is it a {} engine? proto= says which protocol to speak)",
                spec.cmd,
                startup.as_secs_f64(),
                hello.to_ascii_uppercase()
            ),
        }
    }
}

/// Why a program could not be started, in words: the common cases said plainly.
fn start_error(cmd: &str, e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => format!(
            "cannot start '{cmd}': there is no such program (give cmd= the path of the \
             engine's executable, or put it on PATH)"
        ),
        std::io::ErrorKind::PermissionDenied => {
            format!("cannot start '{cmd}': permission denied (is it an executable file?)")
        }
        _ => format!("cannot start '{cmd}': {e}"),
    }
}

/// What the engine answered to `go`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// The move text after `bestmove`, not yet checked.
    Move(String),
    /// `nobestmove`, `bestmove (none)`, `bestmove 0000` or `bestmove` alone.
    NoMove,
}

/// What a UCCI engine adds after its move: `bestmove <m> [ponder <p>] [draw | resign]`.
/// `Draw` offers a draw, or accepts one when its `go` carried `draw`. UCI has no such suffix.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Suffix {
    #[default]
    None,
    Draw,
    Resign,
}

/// The engine's answer to one `go`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    pub reply: Reply,
    pub suffix: Suffix,
    /// Time from `go` to the reply.
    pub used: Duration,
    /// The last score the engine reported.
    pub score: Option<Score>,
    /// The depth of the line that reported it.
    pub depth: Option<u32>,
}

/// Reads a `bestmove` line: the move text and, for UCCI, the `draw` / `resign` suffix.
/// Keywords are matched case-insensitively; `resign` wins over `draw`; a suffix with no move
/// (`bestmove resign`) still counts.
pub fn parse_bestmove(line: &str, proto: Proto) -> (Reply, Suffix) {
    let mut words = line.split_whitespace().skip(1).peekable();
    let is = |w: &str, k: &str| w.eq_ignore_ascii_case(k);
    let keyword = |w: &str| is(w, "draw") || is(w, "resign") || is(w, "ponder");
    let reply = match words.peek() {
        None => Reply::NoMove,
        Some(w) if proto == Proto::Ucci && keyword(w) => Reply::NoMove,
        Some(&("(none)" | "0000" | "none")) => {
            words.next();
            Reply::NoMove
        }
        Some(w) => {
            let m = w.to_string();
            words.next();
            Reply::Move(m)
        }
    };
    let mut suffix = Suffix::None;
    if proto == Proto::Ucci {
        while let Some(w) = words.next() {
            if is(w, "ponder") {
                // Skip the ponder move, unless it is missing and a suffix follows at once.
                if words.peek().is_some_and(|p| !keyword(p)) {
                    words.next();
                }
            } else if is(w, "resign") {
                suffix = Suffix::Resign;
            } else if is(w, "draw") && suffix == Suffix::None {
                suffix = Suffix::Draw;
            }
        }
    }
    (reply, suffix)
}

/// A score from the engine's `info` lines, side-to-move view; mates are ±(100000 − plies).
pub type Score = i32;

/// Mate scores map to this minus the distance, so they compare above any centipawn score.
pub const MATE: Score = 100_000;

enum Line {
    Text(String),
    Eof,
}

/// A shared log of every line sent and received, with milliseconds since the engine started.
#[derive(Clone)]
struct Log {
    file: Arc<Mutex<File>>,
    start: Instant,
}

impl Log {
    fn write(&self, dir: char, line: &str) {
        let ms = self.start.elapsed().as_millis();
        if let Ok(mut f) = self.file.lock() {
            // A failed log write must not end the match.
            let _ = writeln!(f, "{ms:>8} {dir} {line}");
        }
    }
}

/// A running engine.
pub struct EngineProcess {
    pub spec: Arc<EngineSpec>,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<Line>,
    log: Option<Log>,
    /// Whether the engine advertised these options (UCCI `usemillisec` and `newgame`).
    has_newgame: bool,
    /// Lines that were neither protocol replies nor recognised, since the last `take_noise`.
    noise: u32,
    /// How long to wait for the handshake and `readyok`.
    startup: Duration,
}

fn spawn_reader<R: std::io::Read + Send + 'static>(
    out: R,
    tx: Option<std::sync::mpsc::Sender<Line>>,
    log: Option<Log>,
    tag: char,
) {
    thread::spawn(move || {
        let mut reader = BufReader::new(out);
        let mut buf = Vec::new();
        loop {
            buf.clear();
            match reader.read_until(b'\n', &mut buf) {
                Ok(0) | Err(_) => break,
                Ok(_) => {
                    let text = String::from_utf8_lossy(&buf);
                    let text = text.trim_end_matches(['\n', '\r']).to_string();
                    if let Some(log) = &log {
                        log.write(tag, &text);
                    }
                    if let Some(tx) = &tx
                        && tx.send(Line::Text(text)).is_err()
                    {
                        break;
                    }
                }
            }
        }
        if let Some(tx) = tx {
            let _ = tx.send(Line::Eof);
        }
    });
}

impl EngineProcess {
    /// Starts the process and completes the handshake, options and `isready`.
    pub fn start(
        spec: Arc<EngineSpec>,
        log_path: Option<&Path>,
        startup: Duration,
    ) -> Result<EngineProcess, Fault> {
        let mut cmd = Command::new(&spec.cmd);
        cmd.args(&spec.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(if log_path.is_some() {
                Stdio::piped()
            } else {
                Stdio::null()
            });
        if let Some(dir) = &spec.dir {
            cmd.current_dir(dir);
        }
        interrupt::own_process_group(&mut cmd);
        let mut child = cmd
            .spawn()
            .map_err(|e| Fault::Start(start_error(&spec.cmd, &e)))?;
        let log = match log_path {
            Some(p) => Some(Log {
                file: Arc::new(Mutex::new(
                    File::options()
                        .create(true)
                        .append(true)
                        .open(p)
                        .map_err(|e| {
                            Fault::Start(format!("cannot open log {}: {e}", p.display()))
                        })?,
                )),
                start: Instant::now(),
            }),
            None => None,
        };
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            return Err(Fault::Start("no pipes to the engine".into()));
        };
        let (tx, rx) = channel();
        spawn_reader(stdout, Some(tx), log.clone(), '<');
        if let Some(err) = child.stderr.take() {
            spawn_reader(err, None, log.clone(), '!');
        }
        let mut engine = EngineProcess {
            spec,
            child,
            stdin,
            lines: rx,
            log,
            has_newgame: false,
            noise: 0,
            startup,
        };
        engine.handshake()?;
        Ok(engine)
    }

    fn send(&mut self, line: &str) -> Result<(), Fault> {
        if let Some(log) = &self.log {
            log.write('>', line);
        }
        writeln!(self.stdin, "{line}").map_err(|_| Fault::Crash)?;
        self.stdin.flush().map_err(|_| Fault::Crash)
    }

    fn recv(&mut self, deadline: Instant) -> Result<String, Fault> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(Line::Text(t)) => Ok(t),
            Ok(Line::Eof) | Err(RecvTimeoutError::Disconnected) => Err(Fault::Crash),
            Err(RecvTimeoutError::Timeout) => Err(Fault::Timeout),
        }
    }

    /// Reads lines until one whose first word is `word`; returns the lines before it.
    fn wait_for(&mut self, word: &str, deadline: Instant) -> Result<Vec<String>, Fault> {
        let mut seen = Vec::new();
        loop {
            let line = self.recv(deadline)?;
            if line.split_whitespace().next() == Some(word) {
                return Ok(seen);
            }
            seen.push(line);
        }
    }

    fn handshake(&mut self) -> Result<(), Fault> {
        let deadline = Instant::now() + self.startup;
        let spec = Arc::clone(&self.spec);
        let (hello, ok) = match spec.proto {
            Proto::Ucci => ("ucci", "ucciok"),
            Proto::Uci => ("uci", "uciok"),
        };
        self.send(hello)?;
        let lines = self.wait_for(ok, deadline)?;
        let advertised = |name: &str| {
            lines.iter().any(|l| {
                let mut w = l.split_whitespace();
                w.next() == Some("option") && w.next().is_some_and(|n| n.eq_ignore_ascii_case(name))
            })
        };
        if spec.proto == Proto::Ucci {
            self.has_newgame = advertised("newgame");
            if advertised("usemillisec") && !spec.seconds {
                self.send("setoption usemillisec true")?;
            }
        }
        for (name, value) in &spec.options {
            match spec.proto {
                Proto::Ucci => self.send(&format!("setoption {name} {value}"))?,
                Proto::Uci => self.send(&format!("setoption name {name} value {value}"))?,
            }
        }
        self.sync(deadline)
    }

    /// `isready` → `readyok`, which also drains anything left over from an earlier search.
    fn sync(&mut self, deadline: Instant) -> Result<(), Fault> {
        self.send("isready")?;
        self.wait_for("readyok", deadline).map(|_| ())
    }

    /// Tells the engine a new game starts and waits until it is ready.
    pub fn new_game(&mut self) -> Result<(), Fault> {
        match self.spec.proto {
            Proto::Uci => self.send("ucinewgame")?,
            Proto::Ucci if self.has_newgame => self.send("setoption newgame")?,
            Proto::Ucci => {}
        }
        let deadline = Instant::now() + self.startup;
        self.sync(deadline)
    }

    /// Sends `position` and `go`, and waits up to `limit` for the answer.
    pub fn think(&mut self, position: &str, go: &str, limit: Duration) -> Result<Answer, Fault> {
        self.think_watched(position, go, limit, &mut |_| {}, None)
    }

    /// `think` that hands each `info` line to `on_info` as it comes, and sends `stop` once
    /// when `stop` is raised (a person asked for the move now); the answer is then the move
    /// the engine gives on `stop`, within the same `limit`. Without a `stop` flag the wait
    /// is one wait to the deadline, as the match runner has it.
    pub fn think_watched(
        &mut self,
        position: &str,
        go: &str,
        limit: Duration,
        on_info: &mut dyn FnMut(&str),
        stop: Option<&AtomicBool>,
    ) -> Result<Answer, Fault> {
        self.send(position)?;
        self.send(go)?;
        let start = Instant::now();
        let deadline = start + limit;
        let (mut score, mut depth) = (None, None);
        let mut stop_sent = false;
        loop {
            let line = if stop_sent || stop.is_none() {
                self.recv(deadline)?
            } else {
                // Short waits, so that a raised `stop` is seen within a few milliseconds.
                let slice = deadline.min(Instant::now() + STOP_POLL);
                match self.recv(slice) {
                    Err(Fault::Timeout) if Instant::now() < deadline => {
                        if stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
                            self.send("stop")?;
                            stop_sent = true;
                        }
                        continue;
                    }
                    other => other?,
                }
            };
            let mut words = line.split_whitespace();
            match words.next() {
                Some("info") => {
                    on_info(&line);
                    if let Some(s) = parse_score(&line) {
                        score = Some(s);
                        depth = parse_depth(&line);
                    }
                }
                Some("bestmove") => {
                    let (reply, suffix) = parse_bestmove(&line, self.spec.proto);
                    return Ok(Answer {
                        reply,
                        suffix,
                        used: start.elapsed(),
                        score,
                        depth,
                    });
                }
                Some("nobestmove") => {
                    return Ok(Answer {
                        reply: Reply::NoMove,
                        suffix: Suffix::None,
                        used: start.elapsed(),
                        score,
                        depth,
                    });
                }
                Some("readyok" | "id" | "option" | "copyprotection" | "registration") | None => {}
                Some(_) => self.noise += 1,
            }
        }
    }

    /// After a timeout: asks the engine to stop and waits `grace` for its move. Returns
    /// whether it answered (if not, it is unresponsive and must be restarted).
    pub fn stop(&mut self, grace: Duration) -> bool {
        if self.send("stop").is_err() {
            return false;
        }
        let deadline = Instant::now() + grace;
        loop {
            match self.recv(deadline) {
                Ok(l) if l.starts_with("bestmove") || l.starts_with("nobestmove") => return true,
                Ok(_) => {}
                Err(_) => return false,
            }
        }
    }

    /// The count of unrecognised lines since the last call.
    pub fn take_noise(&mut self) -> u32 {
        std::mem::take(&mut self.noise)
    }

    /// Asks the engine to quit, and kills it if it has not after a short wait.
    pub fn quit(mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            thread::sleep(Duration::from_millis(10));
        }
        // Drop kills it.
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        if !matches!(self.child.try_wait(), Ok(Some(_))) {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

/// How often `think_watched` looks at its stop flag.
const STOP_POLL: Duration = Duration::from_millis(10);

/// The `depth` of an `info` line.
pub fn parse_depth(line: &str) -> Option<u32> {
    let mut words = line.split_whitespace().skip_while(|w| *w != "depth");
    words.nth(1)?.parse().ok()
}

/// The score in an `info` line: `score cp N`, `score mate N` (UCI) or `score N` (UCCI).
pub fn parse_score(line: &str) -> Option<Score> {
    let mut words = line
        .split_whitespace()
        .skip_while(|w| *w != "score")
        .skip(1);
    let first = words.next()?;
    let (kind, value) = match first {
        "cp" | "mate" => (first, words.next()?),
        _ => ("cp", first),
    };
    let n: i32 = value.parse().ok()?;
    Some(match kind {
        // Clamped before any arithmetic: a mate farther than MATE / 4 moves is as far as a
        // score can show, and `2 * n` must not overflow.
        "mate" => match n.clamp(-MATE / 4, MATE / 4) {
            n if n > 0 => MATE - (2 * n - 1),
            n => -MATE - 2 * n,
        },
        _ => n.clamp(-MATE / 2, MATE / 2),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_are_read_in_both_dialects() {
        assert_eq!(
            parse_score("info depth 5 score cp -31 nodes 10 pv h2e2"),
            Some(-31)
        );
        assert_eq!(parse_score("info depth 5 score 47 pv h2e2"), Some(47));
        assert_eq!(
            parse_score("info depth 9 score mate 2 pv a0a9"),
            Some(MATE - 3)
        );
        assert_eq!(parse_score("info depth 9 score mate -1"), Some(-MATE + 2));
        // Absurd mate distances are clamped, not overflowed.
        assert_eq!(
            parse_score("info score mate 2000000000"),
            Some(MATE / 2 + 1)
        );
        assert_eq!(parse_score("info score mate -2147483648"), Some(-MATE / 2));
        assert_eq!(parse_score("info depth 9 score"), None);
        assert_eq!(parse_score("info depth 9 score cp x"), None);
        assert_eq!(parse_score("info string no score here"), None);
    }

    #[test]
    fn bestmove_suffixes_are_read_for_ucci_only() {
        let mv = |m: &str| Reply::Move(m.to_string());
        let ucci = |l: &str| parse_bestmove(l, Proto::Ucci);
        assert_eq!(ucci("bestmove h2e2"), (mv("h2e2"), Suffix::None));
        assert_eq!(
            ucci("bestmove h2e2 ponder h9g7 draw"),
            (mv("h2e2"), Suffix::Draw)
        );
        assert_eq!(ucci("bestmove h2e2 DRAW"), (mv("h2e2"), Suffix::Draw));
        assert_eq!(ucci("bestmove e0e5 resign"), (mv("e0e5"), Suffix::Resign));
        assert_eq!(ucci("bestmove !! draw resign"), (mv("!!"), Suffix::Resign));
        assert_eq!(
            ucci("bestmove h2e2 ponder resign"),
            (mv("h2e2"), Suffix::Resign)
        );
        assert_eq!(ucci("bestmove resign"), (Reply::NoMove, Suffix::Resign));
        assert_eq!(ucci("bestmove (none) draw"), (Reply::NoMove, Suffix::Draw));
        assert_eq!(ucci("bestmove"), (Reply::NoMove, Suffix::None));
        assert_eq!(
            ucci("bestmove h2e2 ponder h9g7"),
            (mv("h2e2"), Suffix::None)
        );
        assert_eq!(
            parse_bestmove("bestmove h2e2 ponder h9g7 draw", Proto::Uci),
            (mv("h2e2"), Suffix::None)
        );
        assert_eq!(
            parse_bestmove("bestmove 0000 resign", Proto::Uci),
            (Reply::NoMove, Suffix::None)
        );
    }

    #[test]
    fn a_missing_program_is_a_start_fault() {
        let spec = Arc::new(EngineSpec {
            name: "none".into(),
            cmd: "/nonexistent/engine".into(),
            args: vec![],
            proto: Proto::Uci,
            options: vec![],
            rank_base: 0,
            dir: None,
            seconds: false,
            tc: None,
        });
        assert!(matches!(
            EngineProcess::start(spec, None, Duration::from_secs(1)),
            Err(Fault::Start(_))
        ));
    }
}
