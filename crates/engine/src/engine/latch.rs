//! A one-way latch that a finished search waits on, blocked (no core spinning), until the GUI
//! lets it answer: under UCI `go infinite` and `go ponder` no `bestmove` may be printed before
//! `stop` (or `ponderhit`), however early the search runs out of work.

use std::sync::{Condvar, Mutex};

#[derive(Default)]
pub struct Latch {
    open: Mutex<bool>,
    opened: Condvar,
}

impl Latch {
    /// Opens the latch for good and wakes every waiter.
    pub fn open(&self) {
        // A poisoned lock only means a waiter panicked; the flag inside is still a bool.
        *self.open.lock().unwrap_or_else(|e| e.into_inner()) = true;
        self.opened.notify_all();
    }

    /// Blocks until `open` has been called (returns at once if it already was).
    pub fn wait(&self) {
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        while !*open {
            open = self.opened.wait(open).unwrap_or_else(|e| e.into_inner());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::time::{Duration, Instant};

    #[test]
    fn a_waiter_sleeps_until_the_latch_opens() {
        let latch = Arc::new(Latch::default());
        let l2 = latch.clone();
        let t0 = Instant::now();
        let waiter = std::thread::spawn(move || {
            l2.wait();
            t0.elapsed()
        });
        std::thread::sleep(Duration::from_millis(50));
        latch.open();
        let waited = waiter.join().expect("waiter returns");
        assert!(waited >= Duration::from_millis(50), "{waited:?}");
        // Once open, it stays open.
        latch.wait();
    }
}
