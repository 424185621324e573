//! The Wine 8 crash at exit (docs/windows.md) with nothing of the engine: a stdin thread sends
//! lines over a channel; `go` starts a worker thread with the search's 64 MiB stack, joins it and
//! answers `bestmove`; `quit` answers `bye` and returns from `main`. With `EXIT_RACE_PARK` set,
//! the stdin thread waits at the end of its input instead of ending (the engine's fix).
//! `drive.py` runs it the way the transcript harness runs the engine.

use std::io::{BufRead, Write};
use std::sync::mpsc::channel;

fn main() {
    let park = std::env::var_os("EXIT_RACE_PARK").is_some();
    let (tx, rx) = channel();
    let reader = std::thread::Builder::new()
        .name("stdin".into())
        .spawn(move || {
            for line in std::io::stdin().lock().lines() {
                let Ok(line) = line else { break };
                if tx.send(Some(line)).is_err() {
                    return;
                }
            }
            let _ = tx.send(None);
            while park {
                std::thread::park();
            }
        });
    if reader.is_err() {
        return;
    }
    let mut out = std::io::stdout().lock();
    while let Ok(Some(line)) = rx.recv() {
        let answer = match line.as_str() {
            "go" => {
                let worker = std::thread::Builder::new()
                    .name("search".into())
                    .stack_size(64 << 20)
                    .spawn(|| {
                        (0..3_000_000u64).fold(1u64, |x, i| x.wrapping_mul(31).wrapping_add(i))
                    });
                match worker.map(|w| w.join()) {
                    Ok(Ok(x)) => format!("bestmove {}", x % 7),
                    _ => "bestmove (none)".to_string(),
                }
            }
            "quit" => "bye".to_string(),
            other => format!("got {other}"),
        };
        let _ = write!(out, "{answer}\r\n").and_then(|_| out.flush());
        if line == "quit" {
            return;
        }
    }
}
