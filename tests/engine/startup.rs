//! Start-up: neither `ucciok`/`uciok` nor the first `readyok` may wait for the 64 MB hash table
//! (which used to be allocated and zeroed first, about 40 ms, then built in the background and
//! waited for by `readyok`, about 30 ms); its memory now comes zeroed from the system, untouched.
//! The best of several starts is compared, so that a busy machine does not make the test fail.

use crate::common::EnginePipe;
use std::time::{Duration, Instant};

fn best_of(tries: usize, dialect: &str, answer: &str) -> Duration {
    (0..tries)
        .map(|_| {
            let t0 = Instant::now();
            let mut e = EnginePipe::start();
            e.send(dialect);
            e.wait_for(answer);
            e.send("isready");
            e.wait_for("readyok");
            let took = t0.elapsed();
            // The table is usable: a search runs.
            e.send("go depth 1");
            e.wait_for("bestmove");
            e.send("quit");
            took
        })
        .min()
        .unwrap_or_default()
}

#[test]
fn the_handshake_and_first_readyok_answer_within_a_few_milliseconds() {
    for (dialect, answer) in [("ucci", "ucciok"), ("uci", "uciok")] {
        let best = best_of(5, dialect, answer);
        assert!(
            best < Duration::from_millis(20),
            "{dialect}: {answer} and the first readyok after {best:?} at best"
        );
    }
}
