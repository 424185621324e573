//! Random and mutated protocol lines thrown at the running engine, in both dialects: after
//! every burst it must still answer `isready`, and at the end `quit` must end it cleanly.

use crate::common::{EnginePipe, Rng};
use std::time::Duration;

/// Valid lines of both dialects to mutate. Hash sizes are left out: a mutated digit could ask
/// for a table as large as the machine.
const CORPUS: &[&str] = &[
    "isready",
    "position startpos",
    "position startpos moves h2e2 h9g7 h0g2",
    "position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 moves b0c2",
    "position fen 3a1a3/2n6/4k4/p5r1p/9/4R4/P7P/4C4/4A4/3AK1B2 b - - 0 1",
    "go depth 3",
    "go nodes 2000",
    "go time 300 increment 10",
    "go wtime 300 btime 300 winc 10 binc 10",
    "go movetime 20",
    "go ponder time 200",
    "go infinite",
    "go draw depth 2",
    "go depth 2 searchmoves h2e2 b0c2",
    "ponderhit",
    "ponderhit draw",
    "stop",
    "banmoves h2e2 b0c2",
    "probe startpos moves h2e2",
    "setoption threads 2",
    "setoption name Threads value 2",
    "setoption usemillisec false",
    "setoption usemillisec true",
    "setoption randomness small",
    "setoption name Move Overhead value 10",
    "setoption name Clear Hash",
    "setoption name UCI_ShowWDL value true",
    "setoption showwdl true",
    "setoption name Skill Level value 3",
    "setoption name UCI_LimitStrength value true",
    "setoption name UCI_Elo value 1500",
    "setoption level 1",
    "setoption newgame",
    "ucinewgame",
    "go perft 2",
    "d",
];

const NOISE: &[u8] = b"abcdefghi0123456789 -/wbrRNBAKCPxyz\t\r\"'{}()\\\xc3\xa9\xff";

fn mutate(rng: &mut Rng, line: &str) -> String {
    let mut b = line.as_bytes().to_vec();
    for _ in 0..rng.below(4) {
        let at = rng.below(b.len() + 1);
        match rng.below(4) {
            0 if at < b.len() => {
                b.remove(at);
            }
            1 => b.insert(at, NOISE[rng.below(NOISE.len())]),
            2 if at < b.len() => b[at] = NOISE[rng.below(NOISE.len())],
            _ => b.truncate(at),
        }
    }
    // Keep one command per line: the engine splits on line ends, as it should.
    b.retain(|&c| c != b'\n' && c != b'\r');
    String::from_utf8_lossy(&b).into_owned()
}

/// Waits for a line starting with `prefix`; returns how many answers to `go` went by.
fn wait_for(engine: &EnginePipe, prefix: &str, context: &str) -> usize {
    let mut answers = 0;
    loop {
        match engine.out.recv_timeout(Duration::from_secs(20)) {
            Ok(l) if l.starts_with(prefix) => return answers,
            Ok(l) => answers += usize::from(l.starts_with("bestmove") || l == "nobestmove"),
            Err(e) => panic!("no '{prefix}' ({e}) after: {context}"),
        }
    }
}

/// A position with one legal move (d9d8): its answer marks the point where everything sent
/// before it has been carried out.
const MARKER: &str = "position fen R2k5/9/9/9/9/9/9/9/9/5K3 b - - 0 1";

/// Sends the marker search and keeps stopping whatever runs until its answer arrives;
/// returns how many answers to `go` went by.
fn drain(engine: &mut EnginePipe, context: &str) -> usize {
    engine.send(MARKER);
    engine.send("go depth 1");
    let mut answers = 0;
    for _ in 0..400 {
        engine.send("stop");
        while let Ok(l) = engine.out.recv_timeout(Duration::from_millis(50)) {
            // (The forced move is searched too, so a ponder move may follow it.)
            if l == "bestmove d9d8" || l.starts_with("bestmove d9d8 ") {
                // Leave another position behind, so that the next burst's searches (which
                // take time now that a forced move is searched) cannot be taken for the
                // marker's answer in the next drain.
                engine.send("position startpos");
                return answers;
            }
            answers += usize::from(l.starts_with("bestmove") || l == "nobestmove");
        }
    }
    panic!("the marker search never answered after: {context}");
}

fn fuzz(dialect: &str, seed: u64) {
    let mut engine = EnginePipe::start();
    engine.send(dialect);
    wait_for(
        &engine,
        if dialect == "ucci" { "ucciok" } else { "uciok" },
        dialect,
    );
    let mut rng = Rng::new(seed);
    let mut answers = 0;
    for burst in 0..60 {
        let mut sent = Vec::new();
        for _ in 0..8 {
            let base = CORPUS[rng.below(CORPUS.len())];
            let line = if rng.below(3) == 0 {
                base.to_string()
            } else {
                mutate(&mut rng, base)
            };
            // A mutated quit would end the session early; quitting is tested elsewhere.
            if line.trim().eq_ignore_ascii_case("quit") {
                continue;
            }
            engine.send(&line);
            sent.push(line);
        }
        engine.send("isready");
        let context = format!("seed {seed} burst {burst}: {sent:?}");
        answers += wait_for(&engine, "readyok", &context);
        answers += drain(&mut engine, &context);
    }
    assert!(
        answers >= 10,
        "{dialect}: only {answers} searches answered; the lines did not reach the engine"
    );
    engine.send("quit");
    let status = engine.child.0.wait().expect("engine exits");
    assert!(status.success(), "{dialect}: exit status {status}");
}

#[test]
fn random_uci_lines_never_break_the_engine() {
    fuzz("uci", 21);
}

#[test]
fn random_ucci_lines_never_break_the_engine() {
    fuzz("ucci", 22);
}
