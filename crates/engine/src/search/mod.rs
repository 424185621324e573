//! The search, generic over `Game`: iterative deepening over a principal-variation alpha-beta
//! search with quiescence, run by one or more Lazy-SMP workers that share the transposition
//! table, one stop flag and a node counter.
//!
//! The search never handles text: it reports typed `Event`s through a callback, and the
//! protocol layer formats them.

mod correction;
mod history;
mod node;
mod once;
mod ordering;
mod params;
mod quiesce;
mod root;
mod worker;

pub use once::{fixed_depth, fixed_depth_with, search_lines, search_once, search_once_until};
pub use params::SearchParams;

use crate::game::EngineGame;
use crate::time::{Deadline, Limits};
use crate::tt::Tt;
use jiangjun_rules::Outcome;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;
use worker::Worker;

/// Scores: centipawn-like units from the side to move's view; mates near ±MATE.
pub const MATE: i32 = 30_000;
/// Scores beyond this are mates (the distance fits below it).
pub const MATE_BOUND: i32 = MATE - 1_000;
pub const INFINITY: i32 = MATE + 1;
pub const MAX_PLY: usize = 128;
pub const MAX_DEPTH: u32 = 100;

/// The score of a game result `ply` plies from the root, from the side to move's view.
pub fn outcome_score(o: Outcome, ply: usize) -> i32 {
    match o {
        Outcome::Win(_) => MATE - ply as i32,
        Outcome::Loss(_) => -(MATE - ply as i32),
        Outcome::Draw(_) => 0,
    }
}

/// A score as the protocols show it: centipawns, or mate in N moves (negative: being mated).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ShownScore {
    Cp(i32),
    Mate(i32),
}

impl ShownScore {
    pub fn from_internal(score: i32) -> ShownScore {
        if score >= MATE_BOUND {
            ShownScore::Mate((MATE - score + 1) / 2)
        } else if score <= -MATE_BOUND {
            ShownScore::Mate(-(MATE + score) / 2)
        } else {
            ShownScore::Cp(score)
        }
    }
}

/// One completed iteration, as reported to the GUI.
#[derive(Clone, Debug)]
pub struct Info<M> {
    pub depth: u32,
    /// Which line this is (1 = the best) when several are searched (MultiPV); else 1.
    pub multipv: u32,
    pub seldepth: u32,
    pub score: i32,
    pub nodes: u64,
    pub time: Duration,
    pub hashfull: u32,
    pub pv: Vec<M>,
}

impl<M> Info<M> {
    /// Nodes per second over the search so far.
    pub fn nps(&self) -> u64 {
        self.nodes * 1000 / (self.time.as_millis() as u64).max(1)
    }
}

#[derive(Clone, Debug)]
pub enum Event<M> {
    Info(Info<M>),
    /// The root move being searched (only sent after the first second of a search).
    CurrMove {
        depth: u32,
        mv: M,
        number: usize,
    },
    /// The answer of a `perft` task (leaves below each root move); `complete` is false when
    /// it was stopped.
    Perft {
        rows: Vec<(M, u64)>,
        complete: bool,
    },
    /// The answer of a `bench` task.
    Bench {
        nodes: u64,
        nodes_per_second: u64,
    },
    /// Something failed inside the engine (a search thread panicked); for the user. The
    /// search still answers.
    Fault(String),
    /// The search's answer; `best` is `None` when the side to move has no legal move.
    BestMove {
        best: Option<M>,
        ponder: Option<M>,
        score: i32,
    },
}

/// Random variety for the `randomness` option: each evaluation is shifted by a pseudo-random
/// amount in `-amplitude..=amplitude`, fixed per position and seed. Zero keeps the search
/// deterministic.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Noise {
    pub amplitude: i32,
    pub seed: u64,
}

impl Noise {
    #[inline]
    pub fn of(self, key: u64) -> i32 {
        if self.amplitude == 0 {
            return 0;
        }
        let h = (key ^ self.seed).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        ((h >> 40) % (2 * self.amplitude as u64 + 1)) as i32 - self.amplitude
    }
}

/// Everything a search shares between its threads.
pub struct Shared<'a> {
    pub tt: &'a Tt,
    pub stop: &'a AtomicBool,
    pub nodes: &'a AtomicU64,
    pub deadline: &'a Deadline,
    pub limits: &'a Limits,
    pub noise: Noise,
    /// The search's tunable numbers (the defaults unless a tuner set them).
    pub params: SearchParams,
}

/// What the search threads learned (histories, counter moves, the evaluation's corrections),
/// kept from one search to the next of the same game, one table set per thread. `ucinewgame`
/// empties it.
pub struct Memory<G: EngineGame> {
    tables: Mutex<Vec<history::History<G>>>,
    /// Whether a new search halves what the last one learned (a game's searches) or starts
    /// from it as it is (see `unaged`).
    aged: bool,
}

impl<G: EngineGame> Default for Memory<G> {
    fn default() -> Self {
        Memory {
            tables: Mutex::new(Vec::new()),
            aged: true,
        }
    }
}

impl<G: EngineGame> Memory<G> {
    /// Tables carried from one search to the next as they are, only the killers forgotten:
    /// for many searches of a few hundred nodes each (labelling training positions), where
    /// fresh tables or aged ones (a pass over megabytes) would cost more than the search.
    pub fn unaged() -> Self {
        Memory {
            aged: false,
            ..Memory::default()
        }
    }

    /// Forgets everything (a new game).
    pub fn clear(&self) {
        self.lock().clear();
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<history::History<G>>> {
        // A poisoned lock only means a search thread panicked; the tables are still usable.
        self.tables.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// `n` table sets for a new search: the kept ones, aged, then fresh ones.
    fn take(&self, n: usize) -> Vec<history::History<G>> {
        let mut kept = std::mem::take(&mut *self.lock());
        kept.truncate(n);
        for t in kept.iter_mut() {
            if self.aged {
                t.new_search();
            } else {
                t.forget_killers();
            }
        }
        while kept.len() < n {
            kept.push(history::History::new(MAX_PLY));
        }
        kept
    }

    fn put_back(&self, tables: Vec<history::History<G>>) {
        *self.lock() = tables;
    }
}

/// What a search needs to be started.
pub struct Job<'a, G: EngineGame> {
    pub pos: G,
    /// The moves the root may choose from (all legal moves unless `searchmoves`/`banmoves`).
    pub root_moves: Vec<G::Move>,
    pub threads: usize,
    /// How many best root moves the main thread reports, each with an exact score
    /// (MultiPV, at least 1; helper threads search for the best move alone).
    pub multipv: usize,
    pub shared: Shared<'a>,
    /// Histories kept from earlier searches of this game; `None` starts from nothing (bench).
    pub memory: Option<&'a Memory<G>>,
}

impl<'a> Shared<'a> {
    /// What a search's threads share, without evaluation noise.
    pub fn new(
        tt: &'a Tt,
        stop: &'a AtomicBool,
        nodes: &'a AtomicU64,
        deadline: &'a Deadline,
        limits: &'a Limits,
    ) -> Shared<'a> {
        Shared {
            tt,
            stop,
            nodes,
            deadline,
            limits,
            noise: Noise::default(),
            params: SearchParams::DEFAULT,
        }
    }

    /// The same, searching with the tunable numbers `params`.
    pub fn with_params(mut self, params: SearchParams) -> Shared<'a> {
        self.params = params;
        self
    }

    /// The same, with `noise` added to the static evaluations.
    pub fn with_noise(mut self, noise: Noise) -> Shared<'a> {
        self.noise = noise;
        self
    }
}

impl<'a, G: EngineGame> Job<'a, G> {
    /// A search of `pos` over `root_moves` sharing `shared`, on one thread, reporting one line,
    /// with no histories from earlier searches: how every search starts. The engine then
    /// sets its threads, lines and kept histories below.
    pub fn new(pos: G, root_moves: Vec<G::Move>, shared: Shared<'a>) -> Job<'a, G> {
        Job {
            pos,
            root_moves,
            threads: 1,
            multipv: 1,
            shared,
            memory: None,
        }
    }

    /// Searches on `threads` threads (Lazy SMP).
    pub fn on_threads(mut self, threads: usize) -> Job<'a, G> {
        self.threads = threads;
        self
    }

    /// Reports the `multipv` best root moves (MultiPV).
    pub fn with_lines(mut self, multipv: usize) -> Job<'a, G> {
        self.multipv = multipv;
        self
    }

    /// Starts from, and keeps, the histories of earlier searches of this game.
    pub fn with_memory(mut self, memory: &'a Memory<G>) -> Job<'a, G> {
        self.memory = Some(memory);
        self
    }
}

/// The outcome of a search.
#[derive(Clone, Debug)]
pub struct Report<M> {
    pub best: Option<M>,
    pub ponder: Option<M>,
    pub score: i32,
    pub depth: u32,
    pub nodes: u64,
}

/// Runs the search to its limits (or until the stop flag) and returns its answer. Events go to
/// `emit` as they happen; the final `BestMove` is left to the caller, which knows whether it may
/// answer yet (under `infinite`/`ponder` it must wait for `stop`/`ponderhit`).
pub fn search<G: EngineGame>(
    job: Job<'_, G>,
    emit: &(dyn Fn(Event<G::Move>) + Sync),
) -> Report<G::Move> {
    let Job {
        pos,
        root_moves,
        threads,
        multipv,
        shared,
        memory,
    } = job;
    shared.tt.new_search();
    if root_moves.is_empty() && !shared.limits.infinite && !shared.limits.ponder {
        // Nothing to think about: answer at once, with no move. A single move is searched
        // all the same, so that its score and line are known (a GUI shows them, and a forced
        // move in a mating line is no 0.00); the caller keeps that search short on a clock.
        return Report {
            best: None,
            ponder: None,
            score: outcome_score(pos.no_moves_outcome(), 0),
            depth: 0,
            nodes: 0,
        };
    }
    let threads = threads.max(1);
    let mut tables = match memory {
        Some(m) => m.take(threads),
        None => (0..threads)
            .map(|_| history::History::new(MAX_PLY))
            .collect(),
    };
    let main_tables = tables.remove(0);
    let (report, kept) = std::thread::scope(|scope| {
        let handles: Vec<_> = tables
            .into_iter()
            .enumerate()
            .map(|(i, t)| {
                let pos = pos.clone();
                let root = root_moves.clone();
                let shared = &shared;
                scope.spawn(move || {
                    let mut w = Worker::new(i + 1, pos, root, shared, &|_| {}, t);
                    w.iterate();
                    w.into_history()
                })
            })
            .collect();
        let mut main = Worker::new(0, pos, root_moves, &shared, emit, main_tables);
        main.multipv = multipv.max(1);
        let report = main.iterate();
        shared.stop.store(true, Ordering::Release);
        let mut kept = vec![main.into_history()];
        // A helper that panicked loses its tables; the next search makes fresh ones.
        kept.extend(handles.into_iter().filter_map(|h| h.join().ok()));
        (report, kept)
    });
    if let Some(m) = memory {
        m.put_back(kept);
    }
    report
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Xiangqi;
    use jiangjun_rules::Game;
    use jiangjun_rules::{GenKind, MoveList};

    fn search_with(
        memory: &Memory<Xiangqi>,
        threads: usize,
    ) -> Report<jiangjun_rules::xiangqi::Move> {
        let pos = Xiangqi::startpos();
        let mut list = MoveList::new(<Xiangqi as Game>::NULL_MOVE);
        pos.generate(GenKind::All, &mut list);
        let tt = Tt::new(1);
        let limits = Limits {
            depth: Some(4),
            ..Limits::default()
        };
        let (stop, nodes) = (AtomicBool::new(false), AtomicU64::new(0));
        let deadline = Deadline::new(&limits, Duration::ZERO);
        let shared = Shared::new(&tt, &stop, &nodes, &deadline, &limits);
        let job = Job::new(pos, list.as_slice().to_vec(), shared)
            .on_threads(threads)
            .with_memory(memory);
        search(job, &|_| {})
    }

    #[test]
    fn histories_are_kept_for_the_next_search_one_set_per_thread() {
        let memory = Memory::<Xiangqi>::default();
        assert!(search_with(&memory, 2).best.is_some());
        assert_eq!(memory.lock().len(), 2);
        assert!(search_with(&memory, 1).best.is_some());
        assert_eq!(memory.lock().len(), 1);
        memory.clear();
        assert!(memory.lock().is_empty());
    }
}
