//! The searches tools and tests ask for: one position, no protocol, no engine facade, the
//! caller's table. `search_lines` assembles such a search, and `depth_search` one to a depth
//! that may carry its histories over from the last (`Memory`).

use super::{Event, Job, Memory, Report, Shared, search};
use crate::game::EngineGame;
use crate::time::{Deadline, Limits};
use crate::tt::Tt;
use jiangjun_rules::{GenKind, MoveList};
use std::sync::atomic::{AtomicBool, AtomicU64};
use std::time::Duration;

/// One untimed search of `pos` on one thread to `limits` (a depth or a node count), over all
/// legal moves, with no events: the way tools (bench, self-play) ask the search for a move.
pub fn search_once<G: EngineGame>(pos: G, limits: &Limits, tt: &Tt) -> Report<G::Move> {
    search_once_until(pos, limits, tt, &AtomicBool::new(false), &|_| {})
}

/// `search_once` that also ends when `stop` is raised (from another thread or a signal
/// handler), with the best move found so far, and reports its iterations to `emit` (`play`
/// shows them as the engine thinks).
pub fn search_once_until<G: EngineGame>(
    pos: G,
    limits: &Limits,
    tt: &Tt,
    stop: &AtomicBool,
    emit: &(dyn Fn(Event<G::Move>) + Sync),
) -> Report<G::Move> {
    let mut list = MoveList::new(G::NULL_MOVE);
    pos.generate(GenKind::All, &mut list);
    let root_moves = list.as_slice().to_vec();
    search_lines(pos, root_moves, limits, tt, stop, 1, emit)
}

/// A search of `pos` on one thread over `root_moves` to `limits`, with `tt`, until `stop` is
/// raised at the latest, reporting the `multipv` best lines to `emit` as it goes.
pub fn search_lines<G: EngineGame>(
    pos: G,
    root_moves: Vec<G::Move>,
    limits: &Limits,
    tt: &Tt,
    stop: &AtomicBool,
    multipv: usize,
    emit: &(dyn Fn(Event<G::Move>) + Sync),
) -> Report<G::Move> {
    let nodes = AtomicU64::new(0);
    let deadline = Deadline::new(limits, Duration::ZERO);
    let shared = Shared::new(tt, stop, &nodes, &deadline, limits);
    search(Job::new(pos, root_moves, shared).with_lines(multipv), emit)
}

/// One search of `pos` to `depth` on one thread, with whatever `tt` holds: what `bench` does
/// for each position, and what `jiangjun openings` scores candidate positions with.
pub fn fixed_depth<G: EngineGame>(tt: &Tt, pos: G, depth: u32) -> Report<G::Move> {
    depth_search(tt, None, pos, depth)
}

/// `fixed_depth` starting from, and keeping, the histories in `memory` (with
/// `Memory::unaged`, many short searches in a row without a fresh set of tables each).
pub fn fixed_depth_with<G: EngineGame>(
    tt: &Tt,
    memory: &Memory<G>,
    pos: G,
    depth: u32,
) -> Report<G::Move> {
    depth_search(tt, Some(memory), pos, depth)
}

fn depth_search<G: EngineGame>(
    tt: &Tt,
    memory: Option<&Memory<G>>,
    pos: G,
    depth: u32,
) -> Report<G::Move> {
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let mut list = MoveList::new(G::NULL_MOVE);
    pos.generate(GenKind::All, &mut list);
    let (stop, nodes) = (AtomicBool::new(false), AtomicU64::new(0));
    let deadline = Deadline::new(&limits, Duration::ZERO);
    let shared = Shared::new(tt, &stop, &nodes, &deadline, &limits);
    let mut job = Job::new(pos, list.as_slice().to_vec(), shared);
    if let Some(m) = memory {
        job = job.with_memory(m);
    }
    search(job, &|_| {})
}
