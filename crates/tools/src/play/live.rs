//! What the screen shows while the engine thinks. On a terminal one status line is redrawn in
//! place ten times a second: the clocks (the engine's ticking), then the search's last
//! completed iteration (depth, score, time, the principal variation in the game's notation),
//! and the key that makes the engine move now (`keys`). The line is wiped when the turn ends,
//! and the move's own line follows as before. When stdout is not a terminal nothing is
//! redrawn: each completed iteration is a plain line of its own, so that a log or a script
//! reads the thinking in order.

use super::keys::KeyReader;
use super::timing::ClockView;
use std::io::Write;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError, TryRecvError};
use std::time::{Duration, Instant};

/// How often the terminal's line is redrawn, and how long a key poll waits.
const TICK: Duration = Duration::from_millis(20);
const REDRAW: Duration = Duration::from_millis(100);
/// The widest status line: one column short of an 80-column terminal, so that it never wraps
/// (a wrapped line could not be redrawn in place with a carriage return).
const COLUMNS: usize = 79;

/// How the engine's turns are shown.
#[derive(Copy, Clone, Debug)]
pub struct Live {
    /// stdout is a terminal: redraw one line in place.
    pub terminal: bool,
    /// stdin is a terminal too: offer the key that makes the engine move now.
    pub keys: bool,
    /// Show the search's iterations (`--hide-thinking` turns them off; the clocks still
    /// tick on a terminal).
    pub thinking: bool,
}

impl Live {
    /// Runs `think` (the built-in search, or another engine's turn) while the display shows
    /// what it reports to the function it is given (one line of text per completed
    /// iteration) and the `clocks`. The move-now key raises `stop`, which `think` must
    /// watch. Returns what `think` returned.
    pub fn watch<T>(
        &self,
        stop: &AtomicBool,
        clocks: Option<ClockView>,
        think: impl FnOnce(&(dyn Fn(String) + Sync)) -> T,
    ) -> T {
        if !self.terminal {
            let report = |line: String| {
                if self.thinking {
                    let mut out = std::io::stdout().lock();
                    let _ = writeln!(out, "  {line}");
                    let _ = out.flush();
                }
            };
            return think(&report);
        }
        let latest = Mutex::new(String::new());
        let (done, ended) = mpsc::channel::<()>();
        let started = Instant::now();
        let latest = &latest;
        std::thread::scope(|scope| {
            scope.spawn(move || {
                let keys = if self.keys { KeyReader::open() } else { None };
                let mut shown = String::new();
                let mut drawn_at: Option<Instant> = None;
                loop {
                    if drawn_at.is_none_or(|t| t.elapsed() >= REDRAW) {
                        let thinking = latest.lock().map(|l| l.clone()).unwrap_or_default();
                        let line =
                            status_line(clocks, started.elapsed(), &thinking, keys.is_some());
                        if line != shown {
                            let mut out = std::io::stdout().lock();
                            let _ = write!(out, "\r{line}\x1b[K");
                            let _ = out.flush();
                            shown = line;
                        }
                        drawn_at = Some(Instant::now());
                    }
                    // The wait: for a key (a poll of stdin), else for the turn to end (the
                    // sender dropped), which then ends the thread at once.
                    let turn_over = match &keys {
                        Some(k) => {
                            if k.move_now(TICK) {
                                log::debug!("play: moving now, as asked");
                                stop.store(true, Ordering::SeqCst);
                            }
                            matches!(ended.try_recv(), Err(TryRecvError::Disconnected))
                        }
                        None => matches!(
                            ended.recv_timeout(TICK),
                            Err(RecvTimeoutError::Disconnected)
                        ),
                    };
                    if turn_over {
                        break;
                    }
                }
                if !shown.is_empty() {
                    let mut out = std::io::stdout().lock();
                    let _ = write!(out, "\r\x1b[K");
                    let _ = out.flush();
                }
            });
            let report = |line: String| {
                if self.thinking
                    && let Ok(mut l) = latest.lock()
                {
                    *l = line;
                }
            };
            let answer = think(&report);
            drop(done);
            answer
        })
    }
}

/// One completed iteration as the display shows it: "depth 9, score +35: 炮二平五 马8进7".
pub fn thinking_text(depth: u32, score: &str, line: &str) -> String {
    format!("depth {depth}, {score}: {line}")
}

/// The redrawn line: the clocks (or, untimed, the time spent), the thinking, the key.
fn status_line(clocks: Option<ClockView>, spent: Duration, thinking: &str, key: bool) -> String {
    let mut line = match clocks {
        Some(c) => c.line(),
        None => format!("thinking {:.1} s", spent.as_secs_f64()),
    };
    if key {
        line += "  [space: move now]";
    }
    if !thinking.is_empty() {
        line += "  ";
        line += thinking;
    }
    fit(&line, COLUMNS)
}

/// How many terminal columns `c` takes: two for the wide characters of Chinese notation and
/// the full-width forms, one for the rest (ASCII, figurines).
fn columns(c: char) -> usize {
    match u32::from(c) {
        0x1100..=0x115f
        | 0x2e80..=0xa4cf
        | 0xac00..=0xd7a3
        | 0xf900..=0xfaff
        | 0xfe30..=0xfe4f
        | 0xff00..=0xff60
        | 0xffe0..=0xffe6 => 2,
        _ => 1,
    }
}

/// `text` cut to at most `width` columns, at the end of a word when it has to be cut (a
/// move of the line is shown whole or not at all).
fn fit(text: &str, width: usize) -> String {
    let mut used = 0;
    let kept: String = text
        .chars()
        .take_while(|&c| {
            used += columns(c);
            used <= width
        })
        .collect();
    match (kept.len() < text.len(), kept.rfind(' ')) {
        (true, Some(space)) if !text[kept.len()..].starts_with(' ') => {
            kept[..space].trim_end().to_string()
        }
        _ => kept,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_status_line_never_takes_more_than_79_columns() {
        let pv = "炮二平五 马8进7 车一平二 车9平8 ".repeat(5);
        let line = status_line(None, Duration::from_millis(1234), &pv, true);
        assert!(line.starts_with("thinking 1.2 s  [space: move now]  炮二平五"));
        let width: usize = line.chars().map(columns).sum();
        assert!(width <= COLUMNS, "{width}: {line}");
        let full = format!("thinking 1.2 s  [space: move now]  {pv}");
        assert!(
            full.starts_with(&line) && full[line.len()..].starts_with(' '),
            "cut after a whole move: {line}"
        );
        assert_eq!(fit("abc", 2), "ab");
        assert_eq!(fit("ab cd", 4), "ab", "a word is not cut");
        assert_eq!(fit("ab cd", 5), "ab cd");
        assert_eq!(fit("炮二", 3), "炮", "a wide character is not cut in half");
    }
}
