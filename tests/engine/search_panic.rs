//! A panic inside the search thread (injected with the `JIANGJUN_PANIC_AT_DEPTH` debug aid)
//! is caught: the engine says so (`info string` under UCI, stderr always), answers that `go`
//! with a legal move (the best found so far, else the first legal one) and goes on working.

use crate::common;

use crate::common::{EnginePipe, spawn_engine_with};
use jiangjun_rules::Game;
use jiangjun_rules::xiangqi::Position;

fn engine_panicking_at(depth: &str) -> EnginePipe {
    EnginePipe::from_child(spawn_engine_with(&[("JIANGJUN_PANIC_AT_DEPTH", depth)]))
}

fn is_legal_from_start(answer: &str) -> bool {
    let mv = answer.split_whitespace().nth(1).unwrap_or("");
    Position::startpos().parse_move(mv).is_ok()
}

#[test]
fn uci_reports_the_panic_answers_and_goes_on() {
    let mut e = engine_panicking_at("3");
    e.send("uci");
    e.wait_for("uciok");
    e.send("position startpos");
    e.send("go depth 6");
    let message = e.wait_for("info string");
    assert!(
        message.contains("search failed") && message.contains("best move found so far"),
        "{message}"
    );
    let answer = e.wait_for("bestmove");
    assert!(is_legal_from_start(&answer), "{answer}");
    // Still usable: answers isready, and a search that stops short of the panic is normal.
    e.send("isready");
    e.wait_for("readyok");
    e.send("go depth 2");
    let answer = e.wait_for("bestmove");
    assert!(is_legal_from_start(&answer), "{answer}");
    // Under `go infinite` the answer still waits for `stop`.
    e.send("go infinite");
    e.wait_for("info string");
    std::thread::sleep(std::time::Duration::from_millis(300));
    let early = e.received("bestmove");
    assert!(early.is_empty(), "answered before stop: {early:?}");
    e.send("stop");
    let answer = e.wait_for("bestmove");
    assert!(is_legal_from_start(&answer), "{answer}");
    e.send("quit");
    assert!(e.child.0.wait().expect("engine exits").success());
}

#[test]
fn with_no_completed_iteration_the_first_legal_move_is_played() {
    let mut e = engine_panicking_at("1");
    e.send("ucci");
    e.wait_for("ucciok");
    e.send("position startpos moves h2e2");
    e.send("go depth 4");
    let answer = e.wait_for("bestmove");
    let mut pos = Position::startpos();
    pos.make(pos.parse_move("h2e2").expect("legal"));
    let first = common::legal_moves(&pos)[0];
    assert_eq!(answer, format!("bestmove {}", pos.format_move(first)));
    e.send("isready");
    e.wait_for("readyok");
    e.send("quit");
    e.wait_for("bye");
}
