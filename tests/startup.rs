//! Start-up: `ucciok`/`uciok` must not wait for the 64 MB hash table (which used to be
//! allocated and zeroed first, about 40 ms); the table is built in the background and ready
//! by `readyok`. The best of several starts is compared, so that a busy machine does not
//! make the test fail.

mod common;

use common::EnginePipe;
use std::time::{Duration, Instant};

fn best_of(tries: usize, dialect: &str, answer: &str) -> Duration {
    (0..tries)
        .map(|_| {
            let t0 = Instant::now();
            let mut e = EnginePipe::start();
            e.send(dialect);
            e.wait_for(answer);
            let took = t0.elapsed();
            // The table is there once `readyok` comes, and a search then runs.
            e.send("isready");
            e.wait_for("readyok");
            e.send("go depth 1");
            e.wait_for("bestmove");
            e.send("quit");
            took
        })
        .min()
        .unwrap_or_default()
}

#[test]
fn the_handshake_answers_within_a_few_milliseconds() {
    for (dialect, answer) in [("ucci", "ucciok"), ("uci", "uciok")] {
        let best = best_of(5, dialect, answer);
        assert!(
            best < Duration::from_millis(20),
            "{dialect}: {answer} after {best:?} at best"
        );
    }
}
