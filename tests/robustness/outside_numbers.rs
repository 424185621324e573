//! Numbers from outside that used to overflow (a panic in a debug build, where Rust checks
//! arithmetic; silent wrapping, or a panic, in release). Every one is range-checked where it
//! is read now. CI also runs this file on a debug build (`.ci/run`), where an overflow would
//! panic.

use crate::common::EnginePipe;
use jiangjun_rules::xiangqi::Position;
use std::process::Command;

/// After `lines`, the engine still answers `isready`, and no search reported a failure.
/// Each `go` is answered before the next line is sent; a `go` ending in `!` (sent without
/// it) has no limit and is followed by `stop`.
fn survives(dialect: &str, lines: &[&str]) -> Vec<String> {
    let mut e = EnginePipe::start();
    e.send(dialect);
    e.wait_for(if dialect == "ucci" { "ucciok" } else { "uciok" });
    let mut answers = Vec::new();
    for l in lines {
        let unlimited = l.ends_with('!');
        e.send(l.trim_end_matches('!'));
        if unlimited {
            e.send("stop");
        }
        if l.starts_with("go") {
            let answer = loop {
                let line = e.wait_for("");
                assert!(!line.contains("failed"), "after '{l}': {line}");
                if line.starts_with("bestmove") || line == "nobestmove" {
                    break line;
                }
            };
            answers.push(answer);
        }
    }
    e.send("isready");
    e.wait_for("readyok");
    e.send("quit");
    assert!(e.child.0.wait().expect("engine exits").success());
    answers
}

#[test]
fn ucci_go_keyword_without_its_number() {
    let answers = survives(
        "ucci",
        &["position startpos", "go depth!", "go depth x!", "go nodes!"],
    );
    assert_eq!(answers.len(), 3);
}

#[test]
fn uci_go_mate_with_a_huge_distance() {
    let answers = survives(
        "uci",
        &[
            "position fen 3k5/9/9/9/9/9/9/9/R8/4K3R w - - 0 1",
            "go mate 1073741824",
            "go mate 4294967295",
        ],
    );
    assert_eq!(answers, ["bestmove a1d1", "bestmove a1d1"]);
}

#[test]
fn fen_with_the_largest_move_number_then_a_move() {
    let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 4294967295";
    let mut pos = Position::from_fen(fen).expect("a valid FEN");
    let mv = pos.parse_move("h7e7").expect("legal");
    pos.make(mv);
    pos.unmake();
    let answers = survives(
        "uci",
        &[&format!("position fen {fen} moves h7e7 h2e2"), "go depth 2"],
    );
    assert_eq!(answers.len(), 1);
}

fn match_args_fail(extra: &[&str], message: &str) {
    let out = Command::new(env!("CARGO_BIN_EXE_jiangjun"))
        .args([
            "match",
            "--engine",
            "name=a",
            "cmd=/nonexistent/a",
            "--engine",
            "name=b",
            "cmd=/nonexistent/b",
            "--games",
            "1",
        ])
        .args(extra)
        .output()
        .expect("jiangjun runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{extra:?}: {stderr}");
    assert!(stderr.contains(message), "{extra:?}: {stderr}");
    assert!(!stderr.contains("panicked"), "{extra:?}: {stderr}");
}

#[test]
fn match_refuses_absurd_times() {
    match_args_fail(&["--tc", "1e17+1e17"], "bad time control");
    match_args_fail(&["--st", "1e300"], "bad --st");
    match_args_fail(
        &["--depth", "3", "--hang-timeout", "1e20"],
        "--hang-timeout",
    );
    match_args_fail(
        &["--depth", "3", "--timemargin", "18446744073709551615"],
        "--timemargin",
    );
    match_args_fail(&["--depth", "3", "--games", "1e30"], "--games");
    match_args_fail(
        &["--depth", "3", "--games", "18446744073709551615"],
        "--games",
    );
    match_args_fail(
        &["--depth", "3", "--concurrency", "100000"],
        "--concurrency",
    );
}
