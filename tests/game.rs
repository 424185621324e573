//! A whole game at a fast clock, fed to the engine move by move as a GUI does (UCCI, the
//! position resent with every move since the start, clocks kept by the test): no crash, no
//! illegal move, no loss on time, and at least 100 plies unless the rules end it sooner.

use jiangjun::game::xiangqi::{Position, rules};
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[test]
fn plays_a_long_fast_game_legally_and_on_time() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_jiangjun"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("engine starts");
    let mut input = child.stdin.take().expect("piped");
    let mut output = BufReader::new(child.stdout.take().expect("piped")).lines();
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
    let mut ended = None;
    for ply in 0..130 {
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
    assert!(child.wait().expect("exits").success());
    match ended {
        None => assert!(moves.len() >= 100),
        Some((plies, outcome)) => {
            eprintln!("the game ended by the rules after {plies} plies: {outcome:?}");
            assert!(
                plies >= 100,
                "ended after only {plies} plies: {outcome:?}; moves {}",
                moves.join(" ")
            );
        }
    }
}
