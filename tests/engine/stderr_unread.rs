//! A GUI that pipes the engine's stderr and never reads it (a terminal Xiangqi game did) must
//! not hang the engine: once the pipe's buffer (64 KiB on Linux) is full, a plain write of a
//! warning would block the protocol loop. The engine's logs go through a queue instead and are
//! dropped when nobody reads them.

use crate::common::{EnginePipe, KillOnDrop};
use std::time::{Duration, Instant};

#[test]
fn warnings_nobody_reads_never_block_the_engine() {
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_jiangjun"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("engine starts");
    let mut child = KillOnDrop(child);
    // Held, never read: the pipe fills.
    let _stderr = child.0.stderr.take().expect("stderr piped");
    let mut e = EnginePipe::from_child(child);
    e.send("uci");
    e.wait_for("uciok");
    // Each line costs a warning of about 100 bytes on stderr: 4000 of them are six times what
    // the pipe holds.
    let bad = format!("position fen {}", "x".repeat(60));
    for _ in 0..4000 {
        e.send(&bad);
    }
    let start = Instant::now();
    e.send("isready");
    e.wait_for("readyok");
    e.send("position startpos moves h2e2");
    e.send("go depth 2");
    e.wait_for("bestmove");
    assert!(
        start.elapsed() < Duration::from_secs(15),
        "the engine answered after {:?}",
        start.elapsed()
    );
}
