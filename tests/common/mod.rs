//! Helpers shared by the integration tests: the tools' seeded generator, so that every
//! "random" test plays the same games on every run.

#![allow(dead_code)]

use jiangjun_rules::random::{self, Generator, RngExt};
use jiangjun_rules::xiangqi::{Move, Position};
use jiangjun_rules::{GenKind, MoveList};

/// `jiangjun_rules::random`'s generator with the one draw the tests make.
pub struct Rng(Generator);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(random::seeded(seed))
    }
    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        self.0.random_range(0..n.max(1))
    }
}

/// The leaf cap of the perft tests: 2 million leaves in a debug build (to keep `cargo test`
/// quick), none in release (the `.ci/run` configuration); `JIANGJUN_PERFT_MAX` overrides it.
pub fn perft_cap() -> u64 {
    let default = if cfg!(debug_assertions) {
        2_000_000
    } else {
        u64::MAX
    };
    std::env::var("JIANGJUN_PERFT_MAX")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The lines of a perft reference file (`FEN ;D1 n ;D2 n ...`) as (FEN, [(depth, leaves)]).
pub fn perft_reference(text: &str) -> Vec<(String, Vec<(u32, u64)>)> {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let mut parts = line.split(';');
            let fen = parts
                .next()
                .expect("a FEN before the counts")
                .trim()
                .to_string();
            let counts = parts
                .map(|p| {
                    let mut it = p.split_whitespace();
                    let d = it
                        .next()
                        .and_then(|d| d.strip_prefix('D'))
                        .and_then(|d| d.parse().ok());
                    let n = it.next().and_then(|n| n.parse().ok());
                    (d.expect("Dk"), n.expect("a count"))
                })
                .collect();
            (fen, counts)
        })
        .collect()
}

/// Checks a game's perft against every line of a reference file, at every listed depth up to
/// `perft_cap()`, and that the position is the same afterwards; returns how many depths ran.
pub fn check_perft_reference<G: jiangjun_rules::Game>(text: &str) -> usize {
    let cap = perft_cap();
    let mut checked = 0;
    for (fen, counts) in perft_reference(text) {
        let mut pos = G::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        for (depth, expected) in counts {
            if expected > cap {
                continue;
            }
            assert_eq!(
                jiangjun_rules::perft::perft(&mut pos, depth, G::NULL_MOVE),
                expected,
                "{fen} depth {depth}"
            );
            checked += 1;
        }
        let fresh = G::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(pos.to_fen(), fresh.to_fen());
    }
    checked
}

/// A fixed-depth search of `pos` on one thread with a small fresh table, over `root_moves`,
/// with its events given to `emit`: how the tests ask the generic search for a move.
pub fn search_depth<G: jiangjun_engine::game::EngineGame>(
    pos: G,
    root_moves: Vec<G::Move>,
    depth: u32,
    emit: &(dyn Fn(jiangjun_engine::search::Event<G::Move>) + Sync),
) -> jiangjun_engine::search::Report<G::Move> {
    let limits = jiangjun_engine::time::Limits {
        depth: Some(depth),
        ..Default::default()
    };
    search_lines(pos, root_moves, limits, 1, emit)
}

/// `search_depth` to any `limits`, reporting the `multipv` best root moves (MultiPV), each
/// with its own `Info` per iteration.
pub fn search_lines<G: jiangjun_engine::game::EngineGame>(
    pos: G,
    root_moves: Vec<G::Move>,
    limits: jiangjun_engine::time::Limits,
    multipv: usize,
    emit: &(dyn Fn(jiangjun_engine::search::Event<G::Move>) + Sync),
) -> jiangjun_engine::search::Report<G::Move> {
    let tt = jiangjun_engine::tt::Tt::new(4);
    let stop = std::sync::atomic::AtomicBool::new(false);
    jiangjun_engine::search::search_lines(pos, root_moves, &limits, &tt, &stop, multipv, emit)
}

/// `s` with one to four random edits (a byte removed, inserted or replaced from `alphabet`, or
/// the rest cut off): the fuzz tests' way of making almost-valid input.
pub fn mutate(rng: &mut Rng, s: &str, alphabet: &[u8]) -> String {
    let mut bytes = s.as_bytes().to_vec();
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(bytes.len() + 1);
        match rng.below(4) {
            0 if at < bytes.len() => {
                bytes.remove(at);
            }
            1 => bytes.insert(at, alphabet[rng.below(alphabet.len())]),
            2 if at < bytes.len() => bytes[at] = alphabet[rng.below(alphabet.len())],
            _ => bytes.truncate(at),
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

pub fn legal_moves(pos: &Position) -> Vec<Move> {
    let mut list = MoveList::new(Move::NONE);
    pos.generate_legal(GenKind::All, &mut list);
    list.as_slice().to_vec()
}

/// Plays up to `plies` random legal moves from the start position.
pub fn random_game(rng: &mut Rng, plies: usize) -> Position {
    let mut pos = Position::startpos();
    for _ in 0..plies {
        let moves = legal_moves(&pos);
        if moves.is_empty() {
            break;
        }
        pos.make(moves[rng.below(moves.len())]);
    }
    pos
}

/// Kills an engine process when a test ends early on a failed assertion, so that no engine
/// is left running (or spinning in a search) after the test process is gone.
pub struct KillOnDrop(pub std::process::Child);

impl Drop for KillOnDrop {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

impl KillOnDrop {
    /// Sends SIGINT (Ctrl-C) and waits up to `within` for the process to end; its status.
    #[cfg(unix)]
    pub fn interrupt(&mut self, within: std::time::Duration) -> std::process::ExitStatus {
        let pid = self.0.id().to_string();
        let sent = std::process::Command::new("kill")
            .args(["-INT", &pid])
            .status();
        assert!(sent.is_ok_and(|s| s.success()), "kill -INT failed");
        let t0 = std::time::Instant::now();
        loop {
            if let Some(s) = self.0.try_wait().expect("waitable") {
                return s;
            }
            assert!(
                t0.elapsed() < within,
                "still running {within:?} after SIGINT"
            );
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
    }
}

/// Starts the built engine with stdin and stdout piped (stderr dropped), killed when dropped.
pub fn spawn_engine() -> KillOnDrop {
    spawn_engine_with(&[])
}

/// `spawn_engine` with extra environment variables.
pub fn spawn_engine_with(env: &[(&str, &str)]) -> KillOnDrop {
    KillOnDrop(
        std::process::Command::new(env!("CARGO_BIN_EXE_jiangjun"))
            .envs(env.iter().copied())
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("engine starts"),
    )
}

/// A running engine with a thread forwarding its stdout lines to a channel, so that tests can
/// wait for a line with a timeout instead of blocking on the pipe.
pub struct EnginePipe {
    pub child: KillOnDrop,
    input: std::process::ChildStdin,
    pub out: std::sync::mpsc::Receiver<String>,
}

impl EnginePipe {
    pub fn start() -> EnginePipe {
        EnginePipe::from_child(spawn_engine())
    }

    /// An engine started with command-line arguments (`--game chess`).
    pub fn start_with_args(args: &[&str]) -> EnginePipe {
        EnginePipe::from_child(KillOnDrop(
            std::process::Command::new(env!("CARGO_BIN_EXE_jiangjun"))
                .args(args)
                .stdin(std::process::Stdio::piped())
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::null())
                .spawn()
                .expect("engine starts"),
        ))
    }

    pub fn from_child(mut child: KillOnDrop) -> EnginePipe {
        use std::io::BufRead;
        let input = child.0.stdin.take().expect("stdin piped");
        let stdout = child.0.stdout.take().expect("stdout piped");
        let (tx, out) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for l in std::io::BufReader::new(stdout)
                .lines()
                .map_while(Result::ok)
            {
                if tx.send(l).is_err() {
                    return;
                }
            }
        });
        EnginePipe { child, input, out }
    }

    pub fn pid(&self) -> u32 {
        self.child.0.id()
    }

    /// Sends one line; panics if the engine no longer reads.
    pub fn send(&mut self, line: &str) {
        use std::io::Write;
        self.input
            .write_all(format!("{line}\n").as_bytes())
            .and_then(|_| self.input.flush())
            .expect("engine still reading");
    }

    /// The lines already received that start with `prefix` (the others are dropped).
    pub fn received(&self, prefix: &str) -> Vec<String> {
        self.out
            .try_iter()
            .filter(|l| l.starts_with(prefix))
            .collect()
    }

    /// The next line starting with `prefix` (within 20 s; panics otherwise).
    pub fn wait_for(&self, prefix: &str) -> String {
        loop {
            match self.out.recv_timeout(std::time::Duration::from_secs(20)) {
                Ok(l) if l.starts_with(prefix) => return l,
                Ok(_) => {}
                Err(e) => panic!("no line starting '{prefix}': {e}"),
            }
        }
    }
}

/// Says that the running test skipped its work, and why, where a person sees it: written to
/// the process's stderr directly, which the test harness does not capture (it captures
/// `eprintln!`, whose lines a passing test would swallow). Tests skip only outside CI: under
/// `CI=true` a missing requirement fails them instead.
pub fn skipped(why: &str) {
    use std::io::Write;
    let test = std::thread::current()
        .name()
        .unwrap_or("a test")
        .to_string();
    let _ = writeln!(std::io::stderr(), "SKIPPED {test}: {why}");
}
