//! Strength limits through the binary: a limited engine keeps to its node budget however long
//! its clock (full strength would think for seconds on these clocks), under `Skill Level` and
//! under `UCI_LimitStrength`, and answers with a move of the position.

use crate::common::EnginePipe;
use std::time::{Duration, Instant};

/// The `nodes` field of an `info` line.
fn nodes_of(info: &str) -> Option<u64> {
    let mut words = info.split_whitespace();
    while let Some(w) = words.next() {
        if w == "nodes" {
            return words.next()?.parse().ok();
        }
    }
    None
}

#[test]
fn a_limited_engine_moves_within_its_budget_on_a_long_clock() {
    for (options, budget) in [
        (&["setoption name Skill Level value 0"][..], 1_500),
        (&["setoption name Skill Level value 4"][..], 6_000),
        // UCI_Elo at its default, the bottom of the ladder: level 0.
        (&["setoption name UCI_LimitStrength value true"][..], 1_500),
    ] {
        let mut e = EnginePipe::start();
        e.send("uci");
        e.wait_for("uciok");
        for o in options {
            e.send(o);
        }
        e.send("position startpos moves h2e2 h9g7");
        e.send("go perft 1");
        let mut legal = Vec::new();
        loop {
            let l = e.wait_for("");
            if l.starts_with("Nodes searched") {
                break;
            }
            if let Some((m, _)) = l.split_once(':') {
                legal.push(m.to_string());
            }
        }
        let started = Instant::now();
        e.send("go wtime 600000 btime 600000 winc 5000 binc 5000");
        let mut nodes = 0;
        let best = loop {
            let l = e.wait_for("");
            if l.starts_with("info depth") {
                nodes = nodes_of(&l).unwrap_or(nodes);
            }
            if l.starts_with("bestmove") {
                break l;
            }
        };
        let took = started.elapsed();
        assert!(nodes > 0 && nodes <= budget, "{options:?}: {nodes} nodes");
        assert!(took < Duration::from_secs(3), "{options:?}: {took:?}");
        let mv = best.split_whitespace().nth(1).unwrap_or("");
        assert!(
            legal.iter().any(|m| m == mv),
            "{options:?}: {best} not in {legal:?}"
        );
        e.send("quit");
    }
}
