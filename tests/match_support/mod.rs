//! Helpers for the `jiangjun match` end-to-end tests: run the binary in a fresh directory,
//! build `--engine` words for the scripted fake engine (`tests/fixtures/fake_engine.py`), and
//! check the JSON summary and PGN it writes.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

pub const FAKE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/fake_engine.py");
pub const FSF: &str = "/usr/games/fairy-stockfish";

pub struct Outcome {
    pub ok: bool,
    pub stdout: String,
    pub stderr: String,
    pub json: String,
    pub pgn: String,
}

/// Whether a peer the test needs is there. Under CI (`CI=true`, where `.ci/run` installs the
/// peers) a missing one fails the test: a green run must mean the test ran. Elsewhere the
/// test is skipped with a message.
fn require(found: bool, what: &str) -> bool {
    if !found {
        let ci = std::env::var("CI").is_ok_and(|v| v == "true" || v == "1");
        assert!(
            !ci,
            "{what} is missing under CI=true: the match tests cannot run"
        );
        crate::common::skipped(&format!("{what} is missing"));
    }
    found
}

/// Whether `python3 -c code` succeeds; `what` names the requirement when it does not.
fn python_runs(code: &str, what: &str) -> bool {
    let ok = Command::new("python3")
        .arg("-c")
        .arg(code)
        .status()
        .is_ok_and(|s| s.success());
    require(ok, what)
}

pub fn have_python() -> bool {
    python_runs("pass", "python3 (for the fake engine)")
}

pub fn have_python_chess() -> bool {
    python_runs(
        "import chess.pgn",
        "python-chess (pip install chess; for scripts/check-chess-pgn.py)",
    )
}

pub fn have_cchess() -> bool {
    python_runs(
        "import cchess.read_pgn",
        "PyPI cchess (pip install cchess==1.25.5; its PGN reader)",
    )
}

pub fn have_fsf() -> bool {
    require(
        Path::new(FSF).exists(),
        &format!("{FSF} (scripts/install-peers.sh installs it)"),
    )
}

/// The movetext of a PGN on one line without the engines' per-move comments (`{+0.35/9 0.1s}`),
/// the comment that ends each game kept: for checking the moves played.
pub fn bare_moves(pgn: &str) -> String {
    let text: Vec<&str> = pgn.lines().filter(|l| !l.starts_with('[')).collect();
    let text = text.join(" ");
    let mut out = String::new();
    let mut rest = text.as_str();
    while let Some(open) = rest.find('{') {
        let close = rest[open..].find('}').map_or(rest.len(), |c| open + c + 1);
        let inside = &rest[open + 1..close.saturating_sub(1)];
        out += &rest[..open];
        let note = inside.ends_with('s')
            && inside.starts_with(|c: char| c == '+' || c == '-' || c.is_ascii_digit());
        if !note {
            out += &rest[open..close];
        }
        rest = &rest[close..];
    }
    out += rest;
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A file of `run`'s directory for `name` (which `run` made afresh).
pub fn workdir_file(name: &str, file: &str) -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("match-tests")
        .join(name)
        .join(file)
}

pub fn workdir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("match-tests")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("the target directory is writable");
    dir
}

/// Runs `jiangjun match` with `args`, one opening line, and PGN/JSON output in a fresh
/// directory; the match must succeed.
pub fn run(name: &str, opening: &str, args: &[&str]) -> Outcome {
    let o = run_any(name, opening, args);
    assert!(o.ok, "jiangjun match failed:\n{}\n{}", o.stdout, o.stderr);
    o
}

/// `run`, whatever the exit status.
pub fn run_any(name: &str, opening: &str, args: &[&str]) -> Outcome {
    let dir = workdir(name);
    let openings = dir.join("openings.txt");
    std::fs::write(&openings, format!("{opening}\n")).expect("writable");
    let (pgn, json) = (dir.join("games.pgn"), dir.join("summary.json"));
    let out = Command::new(env!("CARGO_BIN_EXE_jiangjun"))
        .arg("match")
        .args(args)
        .arg("--openings")
        .arg(&openings)
        .arg("--pgn")
        .arg(&pgn)
        .arg("--json")
        .arg(&json)
        .output()
        .expect("jiangjun runs");
    let read = |p: &Path| std::fs::read_to_string(p).unwrap_or_default();
    Outcome {
        ok: out.status.success(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        json: read(&json),
        pgn: read(&pgn),
    }
}

pub fn fake(name: &str, extra: &str) -> String {
    let mut s = format!("name={name} cmd={FAKE}");
    for w in extra.split_whitespace() {
        s += &format!(" arg={w}");
    }
    s
}

/// `--engine` words for a fake engine that plays `script` (moves separated by commas).
pub fn scripted(name: &str, proto: &str, script: &str) -> Vec<String> {
    let mut v: Vec<String> = vec!["--engine".into()];
    v.extend(fake(name, "").split_whitespace().map(String::from));
    v.push(format!("proto={proto}"));
    v.push("arg=--script".into());
    v.push(format!("arg={}", script.replace(',', " ")));
    v
}

pub fn as_refs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

/// Plays a good scripted engine against one that misbehaves, twice (colours swapped) from the
/// start position, and returns the outcome.
pub fn against_misbehaving(mode: &str, extra: &[&str]) -> Outcome {
    let mut args = scripted("good", "ucci", "h2e2");
    args.push("--engine".into());
    args.extend(
        fake("bad", &format!("--mode {mode} --slow-ms 1000"))
            .split_whitespace()
            .map(String::from),
    );
    args.push("proto=uci".into());
    args.extend(["--games", "2", "--quiet"].map(String::from));
    let mut all = as_refs(&args);
    all.extend_from_slice(extra);
    let o = run_any(&format!("bad-{mode}"), "startpos", &all);
    // An engine that never made a legal move measured nothing: exit 1, and the JSON says so.
    assert!(
        !o.ok && o.stderr.contains("engine 'bad' never made a legal move"),
        "a match against '{mode}' is no result:\n{}",
        o.stderr
    );
    assert!(
        o.summary()["no_result"].is_string(),
        "{mode}: the JSON names why it is no result: {}",
        o.json
    );
    o
}

/// The JSON fragment for an engine with these counts (the summary's fixed field order).
impl Outcome {
    /// The JSON summary, read by a strict parser.
    pub fn summary(&self) -> serde_json::Value {
        serde_json::from_str(&self.json)
            .unwrap_or_else(|e| panic!("the summary is not valid JSON ({e}):\n{}", self.json))
    }

    /// The summary's record of the engine called `name`.
    pub fn engine(&self, name: &str) -> serde_json::Value {
        let summary = self.summary();
        let engines = summary["engines"].as_array().cloned().unwrap_or_default();
        engines
            .into_iter()
            .find(|e| e["name"] == name)
            .unwrap_or_else(|| panic!("no engine {name} in {}", self.json))
    }

    /// `terminations` is exactly `{reason: count}`.
    pub fn check_terminations(&self, reason: &str, count: u32) {
        assert_eq!(
            self.summary()["terminations"],
            serde_json::json!({ reason: count }),
            "{}\n{}",
            self.json,
            self.stderr
        );
    }
}

/// The engine had no fault and no restart.
pub fn check_clean(o: &Outcome, name: &str) {
    let e = o.engine(name);
    for key in FAULTS.iter().chain(&["restarts"]) {
        assert_eq!(e[key], 0, "{name} {key}: {}", o.json);
    }
}

/// The fault counters of an engine's record, in `check_engine`'s order.
const FAULTS: [&str; 6] = [
    "time_losses",
    "crashes",
    "hangs",
    "illegal_moves",
    "malformed_moves",
    "no_bestmove",
];

/// The engine's wins, draws, losses, faults (time, crash, hang, illegal, malformed,
/// nobestmove) and restarts in the summary.
pub fn check_engine(o: &Outcome, name: &str, wdl: [u32; 3], faults: [u32; 6], restarts: u32) {
    let e = o.engine(name);
    let keys = ["wins", "draws", "losses"]
        .iter()
        .chain(&FAULTS)
        .chain(&["restarts"]);
    let want = wdl.iter().chain(&faults).chain([&restarts]);
    for (key, &n) in keys.zip(want) {
        assert_eq!(e[key], n, "{name} {key}: {}", o.json);
    }
}

pub fn check_forfeits(o: &Outcome, reason: &str, faults: [u32; 6], restarts: u32) {
    check_engine(o, "good", [2, 0, 0], [0; 6], 0);
    check_engine(o, "bad", [0, 0, 2], faults, restarts);
    o.check_terminations(reason, 2);
    assert_eq!(
        o.pgn
            .matches(&format!("[Termination \"{reason}\"]"))
            .count(),
        2,
        "{}",
        o.pgn
    );
    assert!(o.pgn.contains("[Result \"1-0\"]") && o.pgn.contains("[Result \"0-1\"]"));
}

/// Plays one game (Red = `a`, UCCI; Black = `b`, UCI with ranks 1–10 to exercise the
/// conversion) where both fakes follow `script`, and returns it.
pub fn scripted_game(name: &str, fen: &str, script: &str) -> Outcome {
    let ranks1: String = script
        .split(',')
        .map(|m| {
            let b = m.as_bytes();
            format!(
                "{}{}{}{}",
                b[0] as char,
                (b[1] - b'0') + 1,
                b[2] as char,
                (b[3] - b'0') + 1
            )
        })
        .collect::<Vec<_>>()
        .join(",");
    let mut args = scripted("a", "ucci", script);
    args.extend(scripted("b", "uci", &ranks1));
    args.push("ranks=1".into());
    args.extend(["--games", "1", "--depth", "1", "--quiet"].map(String::from));
    run(name, fen, &as_refs(&args))
}

pub fn check_rule_end(o: &Outcome, reason: &str, result: &str) {
    o.check_terminations(reason, 1);
    assert!(
        o.pgn.contains(&format!("[Result \"{result}\"]")),
        "{}",
        o.pgn
    );
}

/// Two fakes shuffling horses from the start (never a third repetition within `plies`),
/// reporting the given scores, under extra flags.
pub fn shuffling(name: &str, scores: [i32; 2], extra: &[&str]) -> Outcome {
    let line = "b0c2,b9c7,c2b0,c7b9,h0g2,h9g7,g2h0,g7h9";
    let mut args = scripted("a", "ucci", line);
    args.extend(["arg=--score".to_string(), format!("arg={}", scores[0])]);
    args.extend(scripted("b", "uci", line));
    args.extend(["arg=--score".to_string(), format!("arg={}", scores[1])]);
    args.extend(["--games", "1", "--quiet"].map(String::from));
    let mut all = as_refs(&args);
    all.extend_from_slice(extra);
    run(name, "startpos", &all)
}

pub const JIANGJUN: &str = env!("CARGO_BIN_EXE_jiangjun");
