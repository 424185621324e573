//! `EvalFile` is an option of the engine, not of one game: after `UCI_Variant` switches to
//! chess (which has no net) and back, Xiangqi still evaluates with the net, as a GUI that
//! set the option once expects. A change of evaluation empties the table, which keeps static
//! evaluations. `EvalBlend` mixes the net with the classical evaluation.

use crate::common::EnginePipe;

/// The last `info depth 3` line of a search of the position after h2e2 in a new game (so that
/// no table or history of an earlier search changes it), without the parts that depend on
/// the clock (nps, time).
fn search(e: &mut EnginePipe) -> String {
    e.send("ucinewgame");
    search_on(e)
}

/// The same search, with whatever the table holds.
fn search_on(e: &mut EnginePipe) -> String {
    e.send("position startpos moves h2e2");
    e.send("go depth 3");
    let mut last = String::new();
    loop {
        let line = e.wait_for("");
        if line.starts_with("info depth 3 ") {
            last = line;
        } else if line.starts_with("bestmove") {
            break;
        }
    }
    let words: Vec<&str> = last.split_whitespace().collect();
    let mut kept = Vec::new();
    let mut i = 0;
    while i < words.len() {
        if matches!(words[i], "nps" | "time") {
            i += 2;
        } else {
            kept.push(words[i]);
            i += 1;
        }
    }
    kept.join(" ")
}

/// An engine after the UCI handshake.
fn started() -> EnginePipe {
    let mut e = EnginePipe::start();
    e.send("uci");
    e.wait_for("uciok");
    e
}

/// Loads the test net and waits until the engine says it did.
fn load_net(e: &mut EnginePipe) {
    e.send("setoption name EvalFile value tests/data/nnue/tiny.nnue");
    e.wait_for("info string EvalFile");
}

/// A classical search in a new game (the engine starts with the shipped net: `<empty>` turns
/// it off) and the test net's search after it in the same engine.
fn classical_then_net() -> (EnginePipe, String, String) {
    let mut e = started();
    e.send("setoption name EvalFile value <empty>");
    let classical = search(&mut e);
    load_net(&mut e);
    let net = search(&mut e);
    (e, classical, net)
}

#[test]
fn a_switch_to_chess_and_back_keeps_the_net() {
    let (mut e, classical, net) = classical_then_net();
    assert_ne!(net, classical, "the net evaluates differently");
    e.send("setoption name UCI_Variant value chess");
    e.wait_for("info string UCI_Variant chess");
    e.send("setoption name UCI_Variant value xiangqi");
    e.wait_for("info string UCI_Variant xiangqi");
    assert_eq!(search(&mut e), net, "the net is still on after the switch");
    e.send("setoption name EvalFile value <empty>");
    assert_eq!(
        search(&mut e),
        classical,
        "<empty> goes back to the classical evaluation"
    );
    e.send("quit");
}

#[test]
fn a_new_net_starts_from_an_empty_table() {
    let mut fresh = started();
    load_net(&mut fresh);
    let want = search_on(&mut fresh);
    fresh.send("quit");
    let mut used = started();
    search_on(&mut used);
    load_net(&mut used);
    assert_eq!(
        search_on(&mut used),
        want,
        "no classical entry is left to mislead it"
    );
    used.send("quit");
}

#[test]
fn the_blend_decides_how_much_the_net_counts() {
    let (mut e, classical, default) = classical_then_net();
    e.send("setoption name EvalBlend value 50");
    let half = search(&mut e);
    e.send("setoption name EvalBlend value 100");
    let net = search(&mut e);
    assert_eq!(default, net, "the default share is the net alone");
    e.send("setoption name EvalBlend value 0");
    let none = search(&mut e);
    assert_ne!(half, net);
    assert_ne!(half, classical);
    assert_eq!(none, classical, "a share of 0 is the classical evaluation");
    e.send("quit");
}

#[test]
fn a_net_that_does_not_load_keeps_the_evaluation_in_use() {
    let mut e = started();
    let shipped = search(&mut e);
    e.send("setoption name EvalFile value /nope.nnue");
    let said = e.wait_for("info string EvalFile");
    assert!(
        said.contains("still evaluating with the net <builtin> alone"),
        "{said}"
    );
    assert_eq!(search(&mut e), shipped, "the shipped net still evaluates");
    e.send("setoption name EvalFile value <empty>");
    let classical = search(&mut e);
    assert_ne!(classical, shipped);
    e.send("setoption name EvalFile value tests/data/nnue/damaged.nnue");
    let said = e.wait_for("info string EvalFile");
    assert!(
        said.ends_with("still evaluating with the classical evaluation"),
        "{said}"
    );
    assert_eq!(search(&mut e), classical);
}
