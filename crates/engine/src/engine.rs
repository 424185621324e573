//! The engine facade: the current position with its game history, the transposition table
//! and the options, and one search at a time running on its own thread. The protocols drive
//! it; it never prints, but sends typed `Event`s down a channel.

mod latch;
mod panics;
pub mod strength;
mod table;

use crate::evaluation::Evaluation;
use crate::game::EngineGame;
use crate::search::{self, Event, Job, Memory, Noise, SearchParams, Shared};
use crate::time::{DEFAULT_OVERHEAD, Deadline, Limits};
use crate::tt::{Entry, Tt};
use crossbeam_channel::Sender;
use jiangjun_rules::{GenKind, MoveList};
use latch::Latch;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;
use strength::{Candidates, Strength};
use table::Table;

pub const DEFAULT_HASH_MB: usize = 64;
/// Larger than any machine we expect; a size that cannot be allocated is refused cleanly.
pub const MAX_HASH_MB: usize = 65_536;
pub const MAX_THREADS: usize = 256;
/// The most lines `MultiPV` may ask for.
pub const MAX_MULTIPV: usize = 64;
/// The most of the clock a forced move (one legal move) is searched for: long enough for its
/// score and line to show, short enough to keep the clock (Stockfish caps it alike).
pub const SINGLE_MOVE_TIME: Duration = Duration::from_millis(500);

/// A search in progress.
struct Running {
    handle: JoinHandle<()>,
    stop: Arc<AtomicBool>,
    deadline: Arc<Deadline>,
    /// Opened by `stop` (and by `ponderhit` for a pondering search): until then a search under
    /// `infinite`/`ponder` holds its answer.
    answer: Arc<Latch>,
    pondering: bool,
}

pub struct Engine<G: EngineGame> {
    pos: G,
    /// What every position set up from now on evaluates with (`EvalFile`, `EvalBlend`).
    evaluation: Evaluation,
    tt: Table,
    /// What the search threads learned in earlier searches of this game.
    memory: Arc<Memory<G>>,
    threads: usize,
    /// How many best lines a search reports (MultiPV).
    multipv: usize,
    /// A strength limit for human opponents (`None`: full strength).
    strength: Option<Strength>,
    overhead: Duration,
    running: Option<Running>,
    events: Sender<Event<G::Move>>,
    /// The search's tunable numbers (hidden `Tune_*` options; the defaults unless a tuner
    /// sets them).
    params: SearchParams,
    /// Debug aid (`JIANGJUN_PANIC_AT_DEPTH`): make the search panic at this depth, to test
    /// that the engine recovers.
    panic_at_depth: Option<u32>,
}

impl<G: EngineGame> Engine<G> {
    pub fn new(events: Sender<Event<G::Move>>) -> Engine<G> {
        Engine::with_hash(events, DEFAULT_HASH_MB)
    }

    /// An engine whose first table has `mb` MB (clamped to 1..=`MAX_HASH_MB`) instead of the
    /// default: a library user running many short sessions need not pay for 64 MB each. It
    /// evaluates as the engine does by default: the shipped net (`Evaluation::shipped`).
    pub fn with_hash(events: Sender<Event<G::Move>>, mb: usize) -> Engine<G> {
        Engine::with_settings(events, mb, Evaluation::shipped())
    }

    /// An engine with a first table of `mb` MB that evaluates with `evaluation`.
    pub fn with_settings(
        events: Sender<Event<G::Move>>,
        mb: usize,
        evaluation: Evaluation,
    ) -> Engine<G> {
        let mut pos = G::startpos();
        pos.set_evaluation(&evaluation);
        Engine {
            pos,
            evaluation,
            tt: Table::build(mb.clamp(1, MAX_HASH_MB)),
            memory: Arc::new(Memory::default()),
            threads: 1,
            multipv: 1,
            strength: None,
            overhead: DEFAULT_OVERHEAD,
            running: None,
            events,
            params: SearchParams::DEFAULT,
            panic_at_depth: panics::injected_depth(),
        }
    }

    pub fn position(&self) -> &G {
        &self.pos
    }

    /// Replaces the position (with its history, which the repetition rules use). It evaluates
    /// with the engine's evaluation: this is the one place where a net meets a position.
    pub fn set_position(&mut self, mut pos: G) {
        pos.set_evaluation(&self.evaluation);
        self.pos = pos;
    }

    /// What positions evaluate with.
    pub fn evaluation(&self) -> &Evaluation {
        &self.evaluation
    }

    /// Evaluates with `evaluation` from now on, the current position too. The table keeps each
    /// position's static evaluation: the old evaluation's must not stand in for the new one's,
    /// so it is emptied (only while idle, as `clear_hash`).
    pub fn set_evaluation(&mut self, evaluation: Evaluation) {
        self.evaluation = evaluation;
        let pos = self.pos.clone();
        self.set_position(pos);
        self.clear_hash();
    }

    pub fn is_busy(&self) -> bool {
        self.running.is_some()
    }

    /// Resizes the table (emptying it); only while idle. The new table is allocated before
    /// the old one is dropped, so that a size that cannot be had leaves the old table (and its
    /// contents) in place; the price is a moment with both in memory.
    pub fn set_hash(&mut self, mb: usize) -> Result<(), String> {
        self.tt.resize_with(mb.clamp(1, MAX_HASH_MB), Tt::try_new)
    }

    /// The table's size in MB.
    pub fn hash_mb(&self) -> usize {
        self.tt.mb()
    }

    pub fn set_threads(&mut self, n: usize) {
        self.threads = n.clamp(1, MAX_THREADS);
    }

    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Sets the tunable number `name` of the search (clamped into its range; a name that is
    /// none changes nothing).
    pub fn set_param(&mut self, name: &str, value: i32) {
        self.params.set(name, value);
    }

    pub fn set_multipv(&mut self, n: usize) {
        self.multipv = n.clamp(1, MAX_MULTIPV);
    }

    pub fn multipv(&self) -> usize {
        self.multipv
    }

    /// Limits the strength of the next searches (`None`: full strength).
    pub fn set_strength(&mut self, s: Option<Strength>) {
        self.strength = s;
    }

    pub fn strength(&self) -> Option<Strength> {
        self.strength
    }

    pub fn set_overhead(&mut self, d: Duration) {
        self.overhead = d;
    }

    pub fn overhead(&self) -> Duration {
        self.overhead
    }

    pub fn clear_hash(&mut self) {
        if self.running.is_none() {
            self.tt.clear();
            self.memory.clear();
        }
    }

    /// What the table holds for a position (the `probe` command).
    pub fn probe(&self, pos: &G) -> Option<Entry> {
        self.tt.get().probe(pos.key())
    }

    /// The legal moves of the current position.
    pub fn legal_moves(&self) -> Vec<G::Move> {
        let mut list = MoveList::new(G::NULL_MOVE);
        self.pos.generate(GenKind::All, &mut list);
        list.as_slice().to_vec()
    }

    /// Starts a search of the current position over `root_moves` (already filtered by
    /// `searchmoves`/`banmoves`). Exactly one `Event::BestMove` follows, after which the
    /// caller must call `finish`. Refused (returns false) while another search runs. A single
    /// root move is searched for at most `SINGLE_MOVE_TIME` of the clock, unless `whole_budget`
    /// (a book move, thought about as long as any move so that the next search starts warm).
    pub fn go(
        &mut self,
        mut limits: Limits,
        root_moves: Vec<G::Move>,
        noise: Noise,
        whole_budget: bool,
    ) -> bool {
        let mut deadline = Deadline::new(&limits, self.overhead);
        if root_moves.len() == 1 && !whole_budget {
            deadline = deadline.capped(SINGLE_MOVE_TIME);
        }
        let (tt, pos, threads) = (self.tt.get().clone(), self.pos.clone(), self.threads);
        // A limited strength searches its lines within its node budget (the GUI's own limits
        // still apply) and reports only the lines the GUI asked for.
        let (limited, shown) = (self.strength, self.multipv);
        let multipv = match limited {
            Some(s) => {
                limits.nodes = Some(limits.nodes.map_or(s.nodes(), |n| n.min(s.nodes())));
                shown.max(strength::LINES)
            }
            None => shown,
        };
        let memory = self.memory.clone();
        let events = self.events.clone();
        let (hold, pondering) = (limits.infinite || limits.ponder, limits.ponder);
        let panic_at = self.panic_at_depth;
        let params = self.params;
        let first = root_moves.first().copied();
        let fallback = move || Event::BestMove {
            best: first,
            ponder: None,
            score: 0,
        };
        let job = move |stop: &AtomicBool, deadline: &Deadline, answer: &Latch| {
            let nodes = AtomicU64::new(0);
            let shared = Shared::new(&tt, stop, &nodes, deadline, &limits)
                .with_noise(noise)
                .with_params(params);
            // The best line of the last completed iteration: the answer if the search panics.
            let known = Mutex::new(None);
            // The lines of the last completed iteration, for a limited strength's choice.
            let candidates = Mutex::new(Candidates::default());
            let emit = |e: Event<G::Move>| {
                if let Event::Info(i) = &e {
                    panics::inject_at(panic_at, i.depth);
                    if let Some(&best) = i.pv.first().filter(|_| i.multipv == 1) {
                        *lock(&known) = Some((best, i.pv.get(1).copied(), i.score));
                    }
                    if limited.is_some() {
                        lock(&candidates).record(i);
                    }
                    if i.multipv as usize > shown {
                        return;
                    }
                }
                // The receiver is gone only when the process is shutting down.
                drop(events.send(e));
            };
            let job = Job::new(pos, root_moves, shared)
                .on_threads(threads)
                .with_lines(multipv)
                .with_memory(&memory);
            let (best, ponder, score) =
                match catch_unwind(AssertUnwindSafe(|| search::search(job, &emit))) {
                    Ok(r) => match limited
                        .and_then(|s| lock(&candidates).pick(&s, strength::uniform(noise.seed)))
                    {
                        Some(c) => (Some(c.mv), c.ponder, c.score),
                        None => (r.best, r.ponder, r.score),
                    },
                    Err(payload) => {
                        let known = *lock(&known);
                        let what = if known.is_some() {
                            "the best move found so far"
                        } else {
                            "the first legal move"
                        };
                        let text = format!(
                            "the search failed ({}); answering with {what}",
                            panics::text(payload.as_ref())
                        );
                        log::error!("{text}");
                        drop(events.send(Event::Fault(text)));
                        known.map_or((first, None, 0), |(b, p, s)| (Some(b), p, s))
                    }
                };
            // Under `infinite` or `ponder` the answer waits, asleep, for `stop` or `ponderhit`
            // (the search's own stop flag is also raised when it simply ran out of work, so it
            // cannot tell the two apart).
            if hold {
                answer.wait();
            }
            Event::BestMove {
                best,
                ponder,
                score,
            }
        };
        self.start(deadline, pondering, job, fallback)
    }

    /// Runs a long command other than a search (perft, bench) on its own thread, so that the
    /// protocol loop stays responsive; `job` gets the stop flag and returns the event to send.
    /// Counts as busy like a search; `finish` must follow its event. If `job` panics, the
    /// event of `fallback` is sent instead.
    pub fn run_task(
        &mut self,
        job: impl FnOnce(&AtomicBool) -> Event<G::Move> + Send + 'static,
        fallback: impl FnOnce() -> Event<G::Move> + Send + 'static,
    ) -> bool {
        self.start(
            Deadline::new(&Limits::default(), self.overhead),
            false,
            move |stop, _, _| job(stop),
            fallback,
        )
    }

    /// Runs `job` on a new thread with a fresh stop flag, `deadline` and answer latch, and sends
    /// the event it returns. If it panics, the panic is reported (`Event::Fault`) and the event
    /// of `fallback` is sent, so that the protocol still gets its one answer and the engine
    /// stays usable. Refused (false) while something else runs.
    fn start(
        &mut self,
        deadline: Deadline,
        pondering: bool,
        job: impl FnOnce(&AtomicBool, &Deadline, &Latch) -> Event<G::Move> + Send + 'static,
        fallback: impl FnOnce() -> Event<G::Move> + Send + 'static,
    ) -> bool {
        if self.running.is_some() {
            return false;
        }
        let stop = Arc::new(AtomicBool::new(false));
        let deadline = Arc::new(deadline);
        let answer = Arc::new(Latch::default());
        let (stop2, deadline2, answer2) = (stop.clone(), deadline.clone(), answer.clone());
        let events = self.events.clone();
        let spawned = std::thread::Builder::new()
            .name("search".into())
            .stack_size(64 * 1024 * 1024)
            .spawn(move || {
                let event = catch_unwind(AssertUnwindSafe(|| job(&stop2, &deadline2, &answer2)))
                    .unwrap_or_else(|payload| {
                        let text = format!("a task failed ({})", panics::text(payload.as_ref()));
                        log::error!("{text}");
                        drop(events.send(Event::Fault(text)));
                        fallback()
                    });
                drop(events.send(event));
            });
        match spawned {
            Ok(handle) => {
                self.running = Some(Running {
                    handle,
                    stop,
                    deadline,
                    answer,
                    pondering,
                });
                true
            }
            Err(e) => {
                log::error!("could not start the search thread: {e}");
                false
            }
        }
    }

    /// Asks the running search to answer as soon as it can.
    pub fn stop(&self) {
        if let Some(r) = &self.running {
            r.stop.store(true, Ordering::Release);
            r.answer.open();
        }
    }

    /// Whether the running search has been asked to stop (and so answers within moments).
    pub fn is_stopping(&self) -> bool {
        self.running
            .as_ref()
            .is_some_and(|r| r.stop.load(Ordering::Acquire))
    }

    /// The expected move was played: the deadline of a pondering search starts now.
    pub fn ponderhit(&self) {
        if let Some(r) = &self.running {
            r.deadline.start_now();
            if r.pondering {
                r.answer.open();
            }
        }
    }

    /// Joins the search thread after its `BestMove` event.
    pub fn finish(&mut self) {
        if let Some(r) = self.running.take()
            && r.handle.join().is_err()
        {
            log::error!("the search thread panicked");
        }
    }

    /// Stops any search and waits for it (for `quit`).
    pub fn shutdown(&mut self) {
        self.stop();
        self.finish();
    }
}

/// A lock whose holder may have panicked: what it guards is still usable.
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Xiangqi;
    use crate::tt::Bound;
    use jiangjun_rules::Game;

    #[test]
    fn a_hash_size_that_cannot_be_allocated_keeps_the_old_table() {
        let (tx, _rx) = crossbeam_channel::unbounded();
        let mut engine = Engine::<Xiangqi>::new(tx);
        engine.set_hash(2).expect("2 MB can be had");
        let entry = Entry {
            mv: 7,
            score: 12,
            eval: 3,
            depth: 4,
            bound: Bound::Exact,
        };
        let pos = Xiangqi::startpos();
        engine.tt.get().store(pos.key(), entry);
        let refused = engine.tt.resize_with(4, |_| None);
        assert_eq!(
            refused,
            Err("cannot allocate a 4 MB hash table; keeping the 2 MB one".into())
        );
        assert_eq!(engine.hash_mb(), 2);
        assert_eq!(
            engine.probe(&pos),
            Some(entry),
            "the old table's contents are gone"
        );
        engine.set_hash(3).expect("3 MB can be had");
        assert_eq!((engine.hash_mb(), engine.probe(&pos)), (3, None));
    }
}
