//! A whole game at a fast clock, fed to the engine move by move as a GUI does (UCCI, the
//! position resent with every move since the start, clocks kept by the test): no crash, no
//! illegal move, no loss on time, and at least 100 plies unless the rules end it sooner.

use crate::common::spawn_engine;

use jiangjun_rules::xiangqi::{Position, rules};
use std::io::{BufRead, BufReader, Write};
use std::time::{Duration, Instant};

/// Opening moves to start from; a game that the rules end before 100 plies (a repetition or a
/// quick mate is legitimate play) is followed by one from the next opening.
const OPENINGS: [&str; 4] = ["", "h2e2 h9g7", "b0c2 b9c7 h0g2", "c3c4 g6g5 b0c2"];

#[test]
fn plays_a_long_fast_game_legally_and_on_time() {
    let mut longest = 0;
    for opening in OPENINGS {
        let plies = play_one(opening);
        longest = longest.max(plies);
        if plies >= 100 {
            return;
        }
    }
    panic!("no game reached 100 plies (longest {longest})");
}

/// Plays one game after `opening` and returns how many plies it lasted.
fn play_one(opening: &str) -> usize {
    let mut child = spawn_engine();
    let mut input = child.0.stdin.take().expect("piped");
    let mut output = BufReader::new(child.0.stdout.take().expect("piped")).lines();
    let mut send = |s: &str| {
        writeln!(input, "{s}")
            .and_then(|_| input.flush())
            .expect("engine reads")
    };
    send("ucci");
    send("setoption threads 2");
    send("setoption newgame");
    let mut read_until = |prefix: &str| loop {
        let line = output.next().expect("engine still talking").expect("utf-8");
        if line.starts_with(prefix) {
            return line;
        }
    };
    read_until("ucciok");
    let increment = Duration::from_millis(60);
    let mut clock = [Duration::from_millis(4_000); 2];
    let mut pos = Position::startpos();
    let mut moves: Vec<String> = Vec::new();
    for m in opening.split_whitespace() {
        pos.make(pos.parse_move(m).expect("legal opening"));
        moves.push(m.to_string());
    }
    let mut ended = None;
    for ply in moves.len()..130 {
        let us = ply % 2;
        let position = if moves.is_empty() {
            "position startpos".to_string()
        } else {
            format!("position startpos moves {}", moves.join(" "))
        };
        send(&position);
        let started = Instant::now();
        send(&format!(
            "go time {} increment {} opptime {} oppincrement {}",
            clock[us].as_millis(),
            increment.as_millis(),
            clock[1 - us].as_millis(),
            increment.as_millis()
        ));
        let answer = read_until("bestmove");
        let spent = started.elapsed();
        assert!(
            spent < clock[us],
            "ply {ply}: lost on time ({spent:?} of {:?})",
            clock[us]
        );
        clock[us] = clock[us] - spent + increment;
        let text = answer
            .split_whitespace()
            .nth(1)
            .expect("a move after bestmove")
            .to_string();
        let mv = pos
            .parse_move(&text)
            .unwrap_or_else(|e| panic!("ply {ply}: illegal {text}: {e}"));
        pos.make(mv);
        moves.push(text);
        if let Some(o) = rules::outcome(&pos, 3) {
            ended = Some((ply + 1, o));
            break;
        }
    }
    send("quit");
    read_until("bye");
    assert!(child.0.wait().expect("exits").success());
    if let Some((plies, outcome)) = ended {
        eprintln!("the game ended by the rules after {plies} plies: {outcome:?}");
    }
    moves.len()
}
