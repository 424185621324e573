//! Limits of one search, the deadline that enforces them, and how much of its budget a search
//! spends (`stability`).
//!
//! The protocols turn their `go` lines into side-relative `Limits` (units already converted to
//! `Duration`). `Deadline` turns those into two deadlines: a soft one, checked between iterations
//! ("don't start another"), and a hard one, checked inside the search ("stop now"). Only the
//! main search thread reads the clock.

mod stability;

pub use stability::Stability;

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// What the GUI asked for, from the side to move's point of view.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Limits {
    /// The side to move's remaining clock.
    pub time: Option<Duration>,
    pub increment: Duration,
    pub moves_to_go: Option<u32>,
    pub move_time: Option<Duration>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    /// Search for a mate in this many moves (stop once one is found).
    pub mate: Option<u32>,
    /// Search until `stop`, and never answer before it.
    pub infinite: bool,
    /// Ponder: search without the clock until `ponderhit` (then the limits apply) or `stop`.
    pub ponder: bool,
}

impl Limits {
    /// Whether the search has a clock-based limit at all.
    pub fn is_timed(&self) -> bool {
        self.time.is_some() || self.move_time.is_some()
    }
}

/// Time the engine keeps back for the GUI's and operating system's delays.
pub const DEFAULT_OVERHEAD: Duration = Duration::from_millis(30);

#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Budget {
    pub soft: Duration,
    pub hard: Duration,
}

/// The soft and hard budgets for a timed search, or `None` when there is no clock limit.
pub fn budget(limits: &Limits, overhead: Duration) -> Option<Budget> {
    if let Some(mt) = limits.move_time {
        let t = mt.saturating_sub(overhead).max(Duration::from_millis(1));
        return Some(Budget { soft: t, hard: t });
    }
    let time = limits.time?;
    // What may be spent without touching the reserve; never below a millisecond so that
    // even a flagging clock gets a (depth-1) move at once.
    let usable = time.saturating_sub(overhead).max(Duration::from_millis(1));
    // Without a control, budget as if 24 moves were left and spend the whole increment: with
    // 32 and three quarters of it, games at 10 s + 0.1 s left 17-19 % of their time unspent;
    // this spends about 89 %, more of it in the opening and middle game, and the hard cap
    // below still keeps a reserve (tested in an SPRT, docs/results.md).
    let mtg = limits.moves_to_go.unwrap_or(24).clamp(1, 64);
    let share = usable / mtg + limits.increment;
    let soft = (share * 6 / 10).min(usable / 2);
    let cap = if mtg == 1 {
        usable * 8 / 10
    } else {
        usable / 3
    };
    let hard = (share * 3).min(cap).max(soft);
    Some(Budget { soft, hard })
}

/// The running clock of one search.
pub struct Deadline {
    start: Mutex<Instant>,
    budget: Option<Budget>,
    /// While set, the clock does not run (pondering or infinite).
    waiting: AtomicBool,
}

impl Deadline {
    pub fn new(limits: &Limits, overhead: Duration) -> Deadline {
        Deadline {
            start: Mutex::new(Instant::now()),
            budget: budget(limits, overhead),
            waiting: AtomicBool::new(limits.ponder || limits.infinite),
        }
    }

    /// The same deadline with both budgets at most `max` (a forced move needs only a short
    /// look); a search without a clock keeps its own limits.
    pub fn capped(mut self, max: Duration) -> Deadline {
        if let Some(b) = &mut self.budget {
            b.soft = b.soft.min(max);
            b.hard = b.hard.min(max);
        }
        self
    }

    fn start(&self) -> Instant {
        // A poisoned lock only means another thread panicked while holding it; the Instant
        // inside is still valid.
        *self.start.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Time since the search (or the last `ponderhit`) started.
    pub fn elapsed(&self) -> Duration {
        self.start().elapsed()
    }

    /// `ponderhit`: the opponent played the expected move; the clock starts now.
    pub fn start_now(&self) {
        *self.start.lock().unwrap_or_else(|e| e.into_inner()) = Instant::now();
        self.waiting.store(false, Ordering::Release);
    }

    pub fn is_waiting(&self) -> bool {
        self.waiting.load(Ordering::Acquire)
    }

    /// Whether another iteration should not be started, with the soft budget scaled by
    /// `factor` (the search spends more when its best move is unstable or its score falls,
    /// less when one move stands out); never beyond the hard deadline.
    pub fn soft_expired_scaled(&self, factor: f64) -> bool {
        !self.is_waiting()
            && self.budget.is_some_and(|b| {
                let soft = b.soft.mul_f64(factor.clamp(0.0, 16.0)).min(b.hard);
                self.elapsed() >= soft
            })
    }

    /// Whether the search must stop now.
    pub fn hard_expired(&self) -> bool {
        !self.is_waiting() && self.budget.is_some_and(|b| self.elapsed() >= b.hard)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(v: u64) -> Duration {
        Duration::from_millis(v)
    }

    #[test]
    fn move_time_is_both_deadlines_minus_overhead() {
        let l = Limits {
            move_time: Some(ms(1000)),
            ..Limits::default()
        };
        assert_eq!(
            budget(&l, ms(30)),
            Some(Budget {
                soft: ms(970),
                hard: ms(970)
            })
        );
    }

    #[test]
    fn sudden_death_spends_a_small_share_and_never_the_whole_clock() {
        let l = Limits {
            time: Some(ms(60_000)),
            ..Limits::default()
        };
        let b = budget(&l, ms(30)).expect("timed");
        assert!(b.soft < ms(2_000) && b.soft > ms(500), "{b:?}");
        assert!(b.hard <= ms(20_000) && b.hard >= b.soft, "{b:?}");
    }

    #[test]
    fn increment_is_mostly_spent() {
        let l = Limits {
            time: Some(ms(1_000)),
            increment: ms(1_000),
            ..Limits::default()
        };
        let b = budget(&l, ms(30)).expect("timed");
        assert!(b.soft >= ms(400), "{b:?}");
        assert!(b.hard < ms(1_000), "{b:?}");
    }

    #[test]
    fn a_long_clock_spends_its_whole_increment() {
        // 59,970 ms usable over 24 moves plus the whole second: a share of 3,498 ms, soft at
        // six tenths of it (the old 32 moves and three quarters gave 1,574 ms).
        let l = Limits {
            time: Some(ms(60_000)),
            increment: ms(1_000),
            ..Limits::default()
        };
        let b = budget(&l, ms(30)).expect("timed");
        assert!(b.soft >= ms(2_050) && b.soft <= ms(2_150), "{b:?}");
        assert!(b.hard <= ms(20_000), "{b:?}");
    }

    #[test]
    fn last_move_before_the_control_keeps_a_reserve() {
        let l = Limits {
            time: Some(ms(5_000)),
            moves_to_go: Some(1),
            ..Limits::default()
        };
        let b = budget(&l, ms(30)).expect("timed");
        assert!(b.hard < ms(4_000), "{b:?}");
    }

    #[test]
    fn an_empty_clock_still_gets_a_move() {
        let l = Limits {
            time: Some(ms(0)),
            ..Limits::default()
        };
        let b = budget(&l, ms(30)).expect("timed");
        assert!(b.hard <= ms(1));
    }

    #[test]
    fn no_clock_no_budget() {
        let l = Limits {
            depth: Some(5),
            ..Limits::default()
        };
        assert_eq!(budget(&l, ms(30)), None);
    }

    #[test]
    fn pondering_stops_the_clock_until_ponderhit() {
        let l = Limits {
            move_time: Some(ms(1)),
            ponder: true,
            ..Limits::default()
        };
        let c = Deadline::new(&l, ms(0));
        std::thread::sleep(ms(5));
        assert!(!c.hard_expired());
        c.start_now();
        std::thread::sleep(ms(5));
        assert!(c.hard_expired());
    }
}
