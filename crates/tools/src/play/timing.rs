//! The time control of a game at the keyboard and the two clocks it keeps, reusing the match
//! runner's `TimeControl` and `Clock` so that `--tc` and `--movetime` read and charge as in
//! `jiangjun match`. A person's clock runs from the moment the turn is theirs until a move is
//! entered (a move entered after the flag fell loses on time, and is not played); the engine's
//! runs while it searches, and the search is given its own clock as a GUI would give it.

use crate::clock::{Clock, Tick, TimeControl};
use jiangjun_engine::time::Limits;
use jiangjun_rules::Side;
use std::time::{Duration, Instant};

/// The clocks of one game.
pub struct Timing {
    pub tc: TimeControl,
    clocks: [Clock; 2],
    /// When the side to move's turn began.
    turn_start: Instant,
    /// The clocks before each move played since the clocks started (not before the moves of
    /// a loaded game), so that `undo` gives the time back.
    before: Vec<[Clock; 2]>,
}

/// How far past its clock the engine's search may end before it loses on time.
const ENGINE_MARGIN: Duration = Duration::from_millis(500);

/// A clock's text: `m:ss` (tenths under a minute).
fn clock_text(ms: u64) -> String {
    let (m, s) = (ms / 60_000, (ms % 60_000) / 1000);
    if ms < 60_000 {
        format!("0:{s:02}.{}", (ms % 1000) / 100)
    } else {
        format!("{m}:{s:02}")
    }
}

impl Timing {
    pub fn new(tc: TimeControl) -> Timing {
        Timing {
            tc,
            clocks: [Clock::new(&tc), Clock::new(&tc)],
            turn_start: Instant::now(),
            before: Vec::new(),
        }
    }

    /// Both clocks, Red's first (for an engine's `go`).
    pub fn clocks(&self) -> &[Clock; 2] {
        &self.clocks
    }

    /// How long to wait for another engine's move before it counts as hung or out of
    /// time: its allowance and a second when timed, a minute otherwise.
    pub fn wait_limit(&self, side: Side) -> Duration {
        self.clocks[side.index()].wait_limit(
            &self.tc,
            Duration::from_secs(1),
            Duration::from_secs(60),
        )
    }

    /// Starts the clocks again for a new game.
    pub fn reset(&mut self) {
        *self = Timing::new(self.tc);
    }

    /// The side to move's turn begins now.
    pub fn start_turn(&mut self) {
        self.turn_start = Instant::now();
    }

    /// Whether people play against a clock (a time per move binds only the engine).
    fn people_timed(&self) -> bool {
        matches!(self.tc, TimeControl::Clock { .. })
    }

    /// How long the engine may search for `side`.
    pub fn engine_limits(&self, side: Side) -> Limits {
        let clock = &self.clocks[side.index()];
        match self.tc {
            TimeControl::Depth(d) => Limits {
                depth: Some(d),
                ..Limits::default()
            },
            TimeControl::Nodes(n) => Limits {
                nodes: Some(n),
                ..Limits::default()
            },
            TimeControl::MoveTime(ms) => Limits {
                move_time: Some(Duration::from_millis(ms)),
                ..Limits::default()
            },
            TimeControl::Clock { inc_ms, .. } => Limits {
                time: Some(Duration::from_millis(clock.remaining_ms)),
                increment: Duration::from_millis(inc_ms),
                moves_to_go: clock.moves_to_go(&self.tc),
                ..Limits::default()
            },
        }
    }

    /// A hint's search: the engine's own limits, but at most a second of a clock.
    pub fn hint_limits(&self, side: Side) -> Limits {
        match self.tc {
            TimeControl::Clock { .. } | TimeControl::MoveTime(_) => Limits {
                move_time: Some(Duration::from_secs(1)),
                ..Limits::default()
            },
            _ => self.engine_limits(side),
        }
    }

    /// Charges the time since the turn began to `side`; `person` says who moved. A time per
    /// move binds only the engine, and the engine, which keeps its own time, is allowed
    /// `ENGINE_MARGIN` over it for the last moment of a search. Returns whether the flag fell.
    /// A move is played only when this says `InTime`, and then its clocks before it are
    /// kept for `take_back`.
    pub fn charge(&mut self, side: Side, person: bool) -> Tick {
        let before = self.clocks;
        let tick = self.charge_only(side, person);
        if tick == Tick::InTime {
            self.before.push(before);
        }
        tick
    }

    /// The clocks as they were before the last `moves` moves (as far back as they were
    /// kept), the turn starting now: what `undo` gives back.
    pub fn take_back(&mut self, moves: usize) {
        if moves > 0 && !self.before.is_empty() {
            let keep = self.before.len().saturating_sub(moves);
            self.clocks = self.before[keep];
            self.before.truncate(keep);
        }
        self.start_turn();
    }

    fn charge_only(&mut self, side: Side, person: bool) -> Tick {
        let used = self.turn_start.elapsed();
        self.turn_start = Instant::now();
        let timed = self.people_timed();
        let clock = &mut self.clocks[side.index()];
        match (person, timed) {
            (true, true) => clock.charge(&self.tc, used, Duration::ZERO),
            (false, true) => clock.charge(&self.tc, used, ENGINE_MARGIN),
            (_, false) => Tick::InTime,
        }
    }

    /// Both clocks, Red's (White's) first, named as the game names its sides, with the time of
    /// the turn in progress taken off the side to move (`None` when the game has no clocks).
    pub fn show(&self, to_move: Side, running: bool, names: [&'static str; 2]) -> Option<String> {
        let mut view = self.view(to_move, names)?;
        if !running {
            view.running = None;
        }
        Some(view.line())
    }

    /// The clocks as a display thread holds them while the session is busy: a copy that
    /// goes on ticking for the side to move (`None` when the game has no clocks).
    pub fn view(&self, to_move: Side, names: [&'static str; 2]) -> Option<ClockView> {
        self.people_timed().then(|| ClockView {
            left_ms: [0, 1].map(|i| self.clocks[i].remaining_ms),
            running: Some((to_move, self.turn_start)),
            names,
        })
    }
}

/// Both clocks at one moment, and which of them runs from when: what the live display
/// redraws, without a borrow of the session.
#[derive(Copy, Clone, Debug)]
pub struct ClockView {
    left_ms: [u64; 2],
    running: Option<(Side, Instant)>,
    names: [&'static str; 2],
}

impl ClockView {
    /// What `side` has left now.
    pub fn left_ms(&self, side: Side) -> u64 {
        let ms = self.left_ms[side.index()];
        match self.running {
            Some((s, since)) if s == side => ms.saturating_sub(since.elapsed().as_millis() as u64),
            _ => ms,
        }
    }

    /// "clock: Red 4:53  Black 5:00".
    pub fn line(&self) -> String {
        format!(
            "clock: {} {}  {} {}",
            self.names[0],
            clock_text(self.left_ms(Side::Red)),
            self.names[1],
            clock_text(self.left_ms(Side::Black))
        )
    }

    /// The side whose clock runs (Red when none does).
    fn running_side(&self) -> Side {
        self.running.map_or(Side::Red, |(s, _)| s)
    }

    /// The name of the side whose clock runs.
    pub fn running_name(&self) -> &'static str {
        self.names[self.running_side().index()]
    }

    /// The running side's clock, six columns wide (right-aligned), for the prompt: its
    /// width stays the same while it ticks down, so that it can be rewritten in place.
    pub fn own(&self) -> String {
        format!("{:>6}", clock_text(self.left_ms(self.running_side())))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_read_as_minutes_and_seconds() {
        assert_eq!(clock_text(300_000), "5:00");
        assert_eq!(clock_text(61_500), "1:01");
        assert_eq!(clock_text(9_870), "0:09.8");
        let tc = TimeControl::parse_tc("300+3").expect("valid");
        let mut t = Timing::new(tc);
        assert_eq!(
            t.show(Side::Red, false, ["Red", "Black"]).as_deref(),
            Some("clock: Red 5:00  Black 5:00")
        );
        assert_eq!(t.charge(Side::Red, true), Tick::InTime);
        let red = t.engine_limits(Side::Red).time.expect("timed");
        assert!(
            red > Duration::from_millis(302_000) && red <= Duration::from_millis(303_000),
            "the increment is added: {red:?}"
        );
        let limits = t.engine_limits(Side::Black);
        assert_eq!(limits.time, Some(Duration::from_secs(300)));
        assert_eq!(limits.increment, Duration::from_secs(3));
    }

    #[test]
    fn undo_gives_the_time_back() {
        let tc = TimeControl::parse_tc("300+3").expect("valid");
        let mut t = Timing::new(tc);
        std::thread::sleep(Duration::from_millis(20));
        assert_eq!(t.charge(Side::Red, true), Tick::InTime);
        let after_one = t.clocks;
        std::thread::sleep(Duration::from_millis(20));
        assert_eq!(t.charge(Side::Black, false), Tick::InTime);
        assert_eq!(t.charge(Side::Red, true), Tick::InTime);
        t.take_back(2);
        let left = |c: &[Clock; 2]| [c[0].remaining_ms, c[1].remaining_ms];
        assert_eq!(left(&t.clocks), left(&after_one), "two moves back");
        t.take_back(5);
        assert_eq!(
            left(&t.clocks),
            [300_000, 300_000],
            "back to the start, no further"
        );
        t.take_back(1);
        assert_eq!(left(&t.clocks), [300_000, 300_000]);
    }

    #[test]
    fn a_time_per_move_binds_the_engine_only() {
        let mut t = Timing::new(TimeControl::MoveTime(1));
        std::thread::sleep(Duration::from_millis(5));
        assert_eq!(t.charge(Side::Red, true), Tick::InTime);
        assert!(t.show(Side::Red, true, ["Red", "Black"]).is_none());
        assert_eq!(t.charge(Side::Black, false), Tick::InTime);
        let mut t = Timing::new(TimeControl::parse_tc("0.001").expect("valid"));
        std::thread::sleep(Duration::from_millis(5));
        assert_eq!(
            t.charge(Side::Red, true),
            Tick::Flagged,
            "a person has no margin"
        );
    }
}
