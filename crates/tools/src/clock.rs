//! Time controls and the clocks the runner keeps for each side. The runner, not the engine,
//! decides when time is up: it measures from sending `go` to reading `bestmove`, and an engine
//! over its time by more than the margin loses on time.

use std::time::Duration;

/// How long an engine may think, as chosen on the command line.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TimeControl {
    /// `base` for the game (or for every `moves` moves when `moves` is set), plus `inc` after
    /// every move. `--tc 10+0.1`, `--tc 40/60`, `--tc 40/60+1`.
    Clock {
        base_ms: u64,
        inc_ms: u64,
        moves: Option<u32>,
    },
    /// A fixed time for every move (`--st 0.5`).
    MoveTime(u64),
    /// A fixed search depth (`--depth 6`): no clock, only the hang timeout.
    Depth(u32),
    /// A fixed node budget (`--nodes 20000`): no clock, only the hang timeout.
    Nodes(u64),
}

/// The longest time (in seconds) a time control, margin or timeout may name: about 11.6
/// days, longer than any game, and far enough inside u64 milliseconds and `Instant`
/// arithmetic that sums of clock times cannot overflow.
pub const MAX_SECONDS: f64 = 1_000_000.0;

/// Seconds (from the command line) to milliseconds; `None` if not a number in
/// `0..=MAX_SECONDS`.
pub fn seconds_to_ms(text: &str) -> Option<u64> {
    let s: f64 = text.trim().parse().ok()?;
    (s.is_finite() && (0.0..=MAX_SECONDS).contains(&s)).then(|| (s * 1000.0).round() as u64)
}

impl TimeControl {
    /// Parses `--tc` text: `BASE[+INC]` or `MOVES/BASE[+INC]`, in seconds.
    pub fn parse_tc(text: &str) -> Result<TimeControl, String> {
        let bad = || {
            format!(
                "bad time control '{text}': expected BASE+INC or MOVES/BASE[+INC] in seconds \
                 (each at most {MAX_SECONDS})"
            )
        };
        let (moves, rest) = match text.split_once('/') {
            Some((m, rest)) => (
                Some(m.parse::<u32>().ok().filter(|&m| m > 0).ok_or_else(bad)?),
                rest,
            ),
            None => (None, text),
        };
        let (base, inc) = rest.split_once('+').unwrap_or((rest, "0"));
        let base_ms = seconds_to_ms(base).ok_or_else(bad)?;
        let inc_ms = seconds_to_ms(inc).ok_or_else(bad)?;
        if base_ms == 0 && inc_ms == 0 {
            return Err(bad());
        }
        Ok(TimeControl::Clock {
            base_ms,
            inc_ms,
            moves,
        })
    }

    /// Parses `--st` seconds per move.
    pub fn parse_st(text: &str) -> Result<TimeControl, String> {
        match seconds_to_ms(text) {
            Some(ms) if ms > 0 => Ok(TimeControl::MoveTime(ms)),
            _ => Err(format!(
                "bad --st '{text}': expected seconds per move (at most {MAX_SECONDS})"
            )),
        }
    }

    /// Whether the runner keeps clocks (and so can flag a time loss).
    pub fn is_timed(&self) -> bool {
        matches!(self, TimeControl::Clock { .. } | TimeControl::MoveTime(_))
    }

    /// The text for PGN's `TimeControl` tag.
    pub fn describe(&self) -> String {
        let secs = |ms: u64| {
            let s = format!("{:.3}", ms as f64 / 1000.0);
            s.trim_end_matches('0').trim_end_matches('.').to_string()
        };
        match *self {
            TimeControl::Clock {
                base_ms,
                inc_ms,
                moves,
            } => {
                let m = moves.map(|m| format!("{m}/")).unwrap_or_default();
                if inc_ms > 0 {
                    format!("{m}{}+{}", secs(base_ms), secs(inc_ms))
                } else {
                    format!("{m}{}", secs(base_ms))
                }
            }
            TimeControl::MoveTime(ms) => format!("{}/move", secs(ms)),
            TimeControl::Depth(d) => format!("depth {d}"),
            TimeControl::Nodes(n) => format!("nodes {n}"),
        }
    }
}

/// One side's clock during a game.
#[derive(Copy, Clone, Debug)]
pub struct Clock {
    pub remaining_ms: u64,
    moves_made: u32,
}

/// What a finished move did to the clock.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Tick {
    InTime,
    /// Over the allowance by more than the margin: lost on time.
    Flagged,
}

impl Clock {
    pub fn new(tc: &TimeControl) -> Clock {
        let remaining_ms = match *tc {
            TimeControl::Clock { base_ms, .. } => base_ms,
            TimeControl::MoveTime(ms) => ms,
            _ => 0,
        };
        Clock {
            remaining_ms,
            moves_made: 0,
        }
    }

    /// Moves left in the current period, for `movestogo`.
    pub fn moves_to_go(&self, tc: &TimeControl) -> Option<u32> {
        match *tc {
            TimeControl::Clock { moves: Some(m), .. } => Some(m - self.moves_made % m),
            _ => None,
        }
    }

    /// How long the runner waits for a move before it stops waiting: the allowance plus the
    /// margin when timed, else the hang timeout.
    pub fn wait_limit(&self, tc: &TimeControl, margin: Duration, hang: Duration) -> Duration {
        if tc.is_timed() {
            Duration::from_millis(self.remaining_ms).saturating_add(margin)
        } else {
            hang
        }
    }

    /// Charges `used` to the clock and adds the increment or the next period's time.
    pub fn charge(&mut self, tc: &TimeControl, used: Duration, margin: Duration) -> Tick {
        let used_ms = used.as_millis().min(u128::from(u64::MAX)) as u64;
        let limit = self.remaining_ms.saturating_add(margin.as_millis() as u64);
        let tick = if tc.is_timed() && used_ms > limit {
            Tick::Flagged
        } else {
            Tick::InTime
        };
        self.moves_made += 1;
        match *tc {
            TimeControl::Clock {
                base_ms,
                inc_ms,
                moves,
            } => {
                self.remaining_ms = self
                    .remaining_ms
                    .saturating_sub(used_ms)
                    .saturating_add(inc_ms);
                if let Some(m) = moves
                    && self.moves_made.is_multiple_of(m)
                {
                    self.remaining_ms = self.remaining_ms.saturating_add(base_ms);
                }
            }
            TimeControl::MoveTime(ms) => self.remaining_ms = ms,
            _ => {}
        }
        tick
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_three_clock_forms() {
        assert_eq!(
            TimeControl::parse_tc("10+0.1"),
            Ok(TimeControl::Clock {
                base_ms: 10_000,
                inc_ms: 100,
                moves: None
            })
        );
        assert_eq!(
            TimeControl::parse_tc("40/60"),
            Ok(TimeControl::Clock {
                base_ms: 60_000,
                inc_ms: 0,
                moves: Some(40)
            })
        );
        assert_eq!(
            TimeControl::parse_st("0.25"),
            Ok(TimeControl::MoveTime(250))
        );
        for bad in ["", "x+1", "0/10", "10+-1", "0+0", "nan"] {
            assert!(TimeControl::parse_tc(bad).is_err(), "{bad}");
        }
        assert_eq!(
            TimeControl::parse_tc("40/60+0.5").map(|t| t.describe()),
            Ok("40/60+0.5".into())
        );
    }

    #[test]
    fn increment_is_added_and_overstepping_the_margin_flags() {
        let tc = TimeControl::parse_tc("1+0.1").expect("valid");
        let margin = Duration::from_millis(50);
        let mut c = Clock::new(&tc);
        assert_eq!(
            c.charge(&tc, Duration::from_millis(300), margin),
            Tick::InTime
        );
        assert_eq!(c.remaining_ms, 800);
        // 840 ms used of 800 left is within the 50 ms margin.
        assert_eq!(
            c.charge(&tc, Duration::from_millis(840), margin),
            Tick::InTime
        );
        assert_eq!(c.remaining_ms, 100);
        assert_eq!(
            c.charge(&tc, Duration::from_millis(151), margin),
            Tick::Flagged
        );
    }

    #[test]
    fn a_new_period_adds_the_base_time() {
        let tc = TimeControl::parse_tc("2/10").expect("valid");
        let mut c = Clock::new(&tc);
        assert_eq!(c.moves_to_go(&tc), Some(2));
        c.charge(&tc, Duration::from_secs(3), Duration::ZERO);
        assert_eq!(c.moves_to_go(&tc), Some(1));
        c.charge(&tc, Duration::from_secs(3), Duration::ZERO);
        assert_eq!((c.remaining_ms, c.moves_to_go(&tc)), (14_000, Some(2)));
    }

    #[test]
    fn fixed_time_per_move_resets_every_move() {
        let tc = TimeControl::MoveTime(100);
        let mut c = Clock::new(&tc);
        assert_eq!(
            c.charge(&tc, Duration::from_millis(90), Duration::ZERO),
            Tick::InTime
        );
        assert_eq!(c.remaining_ms, 100);
        assert_eq!(
            c.charge(&tc, Duration::from_millis(101), Duration::ZERO),
            Tick::Flagged
        );
    }
}
