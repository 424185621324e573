//! The prompt of a person's turn in a timed game carries their clock, and the clock ticks:
//! `Red   4:53> `. The line editor owns the terminal while it waits for a line, and it has no
//! way to redraw its prompt on a timer, so a display thread rewrites the clock in place
//! (save the cursor, go to the start of the row, write, restore the cursor: one write, which
//! the terminal does not interleave with the editor's own). The editor's redraws, on every
//! key, show the clock as it is then through the helper's `highlight_prompt`. The clock keeps
//! its width as it runs down, so the rest of the line never moves.
//!
//! The thread writes only while the editor shows our prompt (not Ctrl-R's search prompt) and
//! while the typed line is short enough not to wrap (the prompt's row is then the cursor's).

use super::timing::ClockView;
use std::borrow::Cow;
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How often the clock is looked at; it is rewritten only when its text changes.
const TICK: Duration = Duration::from_millis(50);
/// Beyond this many characters typed, the line might wrap on an 80-column terminal.
const LONGEST_LINE: usize = 40;

/// The prompt with `clock`'s running side and its time now.
pub fn text(clock: &ClockView) -> String {
    format!("{}> ", body(clock))
}

/// The part of the prompt that changes: the side's name and its clock.
fn body(clock: &ClockView) -> String {
    format!("{} {}", clock.running_name(), clock.own())
}

/// What the editor's helper and the display thread share.
#[derive(Default)]
struct Screen {
    /// The clock in the prompt being read, if it has one.
    clock: Mutex<Option<ClockView>>,
    /// The editor shows the prompt it was given (not a search prompt).
    ours: AtomicBool,
    /// Characters in the line typed so far.
    typed: AtomicUsize,
}

/// The line editor's helper: the prompt redrawn with the clock as it is now.
#[derive(Clone, Default)]
pub struct Helper {
    screen: Arc<Screen>,
}

impl rustyline::completion::Completer for Helper {
    type Candidate = String;
}

impl rustyline::hint::Hinter for Helper {
    type Hint = String;
}

impl rustyline::validate::Validator for Helper {}

impl rustyline::Helper for Helper {}

impl rustyline::highlight::Highlighter for Helper {
    fn highlight<'l>(&self, line: &'l str, _pos: usize) -> Cow<'l, str> {
        self.screen
            .typed
            .store(line.chars().count(), Ordering::Relaxed);
        Cow::Borrowed(line)
    }

    fn highlight_prompt<'b, 's: 'b, 'p: 'b>(
        &'s self,
        prompt: &'p str,
        default: bool,
    ) -> Cow<'b, str> {
        self.screen.ours.store(default, Ordering::Relaxed);
        let clock = self.screen.clock.lock().ok().and_then(|c| *c);
        match clock {
            Some(c) if default => Cow::Owned(text(&c)),
            _ => Cow::Borrowed(prompt),
        }
    }
}

impl Helper {
    /// Runs `read` (the editor reading one line with `text(clock)` as its prompt) while a
    /// thread keeps the clock in the prompt ticking.
    pub fn ticking<T>(&self, clock: ClockView, read: impl FnOnce() -> T) -> T {
        let screen = &self.screen;
        if let Ok(mut c) = screen.clock.lock() {
            *c = Some(clock);
        }
        screen.ours.store(true, Ordering::Relaxed);
        screen.typed.store(0, Ordering::Relaxed);
        // The line read ends the thread at once (the sender is dropped), so that no wait of
        // the thread's is charged to the person's clock.
        let (done, ended) = mpsc::channel::<()>();
        let answer = std::thread::scope(|scope| {
            scope.spawn(move || {
                let mut shown = body(&clock);
                while let Err(RecvTimeoutError::Timeout) = ended.recv_timeout(TICK) {
                    let now = body(&clock);
                    let visible = screen.ours.load(Ordering::Relaxed)
                        && screen.typed.load(Ordering::Relaxed) <= LONGEST_LINE;
                    if now != shown && visible {
                        let mut out = std::io::stdout().lock();
                        let _ = out.write_all(format!("\x1b7\r{now}\x1b8").as_bytes());
                        let _ = out.flush();
                        shown = now;
                    }
                }
            });
            let answer = read();
            drop(done);
            answer
        });
        if let Ok(mut c) = screen.clock.lock() {
            *c = None;
        }
        answer
    }
}
