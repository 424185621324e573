//! One search thread: the bookkeeping every node shares (node counts, the stop flag, the
//! principal variation, the per-ply stack). Iterative deepening and the root (with MultiPV)
//! live in `root.rs`, the node searches in `node.rs` and `quiesce.rs`.
//!
//! Worker 0 is the main worker: it alone reads the clock, reports iterations and decides when
//! the search ends. Helper workers search the same tree (at alternating depths, so that they
//! fill the shared table with different work) until the stop flag is raised.

use super::history::{History, PieceTo};
use super::ordering::{Lists, Picker};
use super::params::{Reductions, SearchParams};
use super::{Event, INFINITY, MATE_BOUND, MAX_PLY, Shared};
use crate::game::EngineGame;
use jiangjun_rules::GenKind;
use std::sync::LazyLock;
use std::sync::atomic::Ordering;

/// "No static evaluation here" (the side to move is in check).
pub(super) const NO_EVAL: i32 = -INFINITY;

/// What a node leaves for its descendants to see.
#[derive(Copy, Clone)]
pub(super) struct Frame<M> {
    /// The static evaluation at this ply (`NO_EVAL` in check).
    pub eval: i32,
    /// The move played from this ply, for the continuation histories below it.
    pub piece_to: PieceTo,
    /// Whether the move played from this ply was a null move.
    pub null_move: bool,
    /// A move left out of this node's search (the singular-extension test).
    pub excluded: Option<M>,
}

/// The late-move reductions of the default numbers, computed once.
static DEFAULT_REDUCTIONS: LazyLock<Reductions> =
    LazyLock::new(|| SearchParams::DEFAULT.reductions());

/// The stack is offset by this many frames so that a node can look two plies back at the root.
pub(super) const STACK_OFFSET: usize = 2;

pub struct Worker<'a, G: EngineGame> {
    pub(super) id: usize,
    pub(super) pos: G,
    pub(super) root_moves: Vec<G::Move>,
    /// How many best root moves to search with exact scores (MultiPV; 1 for helpers).
    pub(super) multipv: usize,
    pub(super) shared: &'a Shared<'a>,
    pub(super) emit: &'a (dyn Fn(Event<G::Move>) + Sync),
    nodes: u64,
    unflushed: u64,
    pub(super) seldepth: usize,
    pub(super) stopped: bool,
    pub(super) history: History<G>,
    /// The search's tunable numbers (a copy of the shared ones, next to the rest of the
    /// worker's hot data).
    pub(super) params: SearchParams,
    /// The late-move reduction table of tuned numbers; `None` for the default one.
    tuned_reductions: Option<Box<Reductions>>,
    pub(super) stack: Vec<Frame<G::Move>>,
    /// The pickers' lists not in use (one is taken at each node and given back at its end;
    /// new ones are made only as the search first goes deeper).
    lists: Vec<Box<Lists<G::Move>>>,
    /// The depth of the current iteration, which bounds the check extensions.
    pub(super) root_depth: i32,
    /// Null-move pruning is off below this ply while a null move is being verified.
    pub(super) nmp_min_ply: usize,
    /// How many wins or losses the rules decided on a repetition (perpetual check or chase)
    /// so far: a node whose subtree saw one must not store a mate score in the table, since the
    /// result depends on the path that led there, not on the position alone.
    pub(super) rule_verdicts: u64,
    /// Triangular PV table: row `ply` holds the line from `ply` on.
    pub(super) pv: Vec<G::Move>,
    pub(super) pv_len: [usize; MAX_PLY + 1],
    /// Best-move changes at the root during the current iteration (for the time manager).
    pub(super) best_changes: u32,
    /// The score with which the root's PV row got its current line (a lower bound after a
    /// fail high), for a search stopped before the iteration ends.
    pub(super) root_pv_score: i32,
}

pub(super) fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

pub(super) fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

impl<'a, G: EngineGame> Worker<'a, G> {
    pub fn new(
        id: usize,
        pos: G,
        root_moves: Vec<G::Move>,
        shared: &'a Shared<'a>,
        emit: &'a (dyn Fn(Event<G::Move>) + Sync),
        history: History<G>,
    ) -> Self {
        let frame = Frame {
            eval: NO_EVAL,
            piece_to: PieceTo::NONE,
            null_move: false,
            excluded: None,
        };
        Worker {
            id,
            pos,
            root_moves,
            multipv: 1,
            shared,
            emit,
            nodes: 0,
            unflushed: 0,
            seldepth: 0,
            stopped: false,
            history,
            params: shared.params,
            tuned_reductions: (!shared.params.default_reductions())
                .then(|| Box::new(shared.params.reductions())),
            stack: vec![frame; MAX_PLY + STACK_OFFSET + 2],
            lists: Vec::with_capacity(2 * MAX_PLY),
            root_depth: 1,
            nmp_min_ply: 0,
            rule_verdicts: 0,
            pv: vec![G::NULL_MOVE; (MAX_PLY + 1) * (MAX_PLY + 1)],
            pv_len: [0; MAX_PLY + 1],
            best_changes: 0,
            root_pv_score: 0,
        }
    }

    /// Gives back the history tables, for the next search.
    pub fn into_history(self) -> History<G> {
        self.history
    }

    /// A move picker for a node, on lists from the pool.
    #[inline]
    pub(super) fn picker(&mut self, kind: GenKind, tt_move: Option<G::Move>) -> Picker<G> {
        let lists = self.lists.pop().unwrap_or_else(|| Lists::new(G::NULL_MOVE));
        Picker::new(kind, tt_move, lists)
    }

    /// Gives a node's picker's lists back to the pool (a picker dropped instead only costs
    /// an allocation later).
    #[inline]
    pub(super) fn done_with(&mut self, picker: Picker<G>) {
        self.lists.push(picker.into_lists());
    }

    /// The late-move reduction at `depth` for the `moves`-th move, in plies times 1024.
    #[inline]
    pub(super) fn reduction(&self, depth: i32, moves: usize) -> i32 {
        let table = self
            .tuned_reductions
            .as_deref()
            .unwrap_or(&DEFAULT_REDUCTIONS);
        table[depth.clamp(0, 63) as usize][moves.min(63)]
    }

    #[inline]
    pub(super) fn frame(&mut self, ply: usize) -> &mut Frame<G::Move> {
        &mut self.stack[ply + STACK_OFFSET]
    }

    /// The continuation identities of the moves one and two plies before `ply`.
    #[inline]
    pub(super) fn prev_moves(&self, ply: usize) -> [PieceTo; 2] {
        [
            self.stack[ply + STACK_OFFSET - 1].piece_to,
            self.stack[ply + STACK_OFFSET - 2].piece_to,
        ]
    }

    /// Puts `m` followed by the child's line into this ply's PV row.
    pub(super) fn update_pv(&mut self, ply: usize, m: G::Move) {
        let row = ply * (MAX_PLY + 1);
        let child = (ply + 1) * (MAX_PLY + 1);
        let child_len = if ply < MAX_PLY {
            self.pv_len[ply + 1]
        } else {
            0
        };
        self.pv[row] = m;
        for i in 0..child_len.min(MAX_PLY) {
            self.pv[row + 1 + i] = self.pv[child + i];
        }
        self.pv_len[ply] = (child_len + 1).min(MAX_PLY);
        if ply < MAX_PLY {
            self.pv_len[ply + 1] = 0;
        }
    }

    #[inline]
    pub(super) fn clear_pv(&mut self, ply: usize) {
        self.pv_len[ply] = 0;
    }

    pub(super) fn count_node(&mut self, ply: usize) {
        self.nodes += 1;
        self.unflushed += 1;
        self.seldepth = self.seldepth.max(ply);
    }

    pub(super) fn flush(&mut self) {
        self.shared
            .nodes
            .fetch_add(self.unflushed, Ordering::Relaxed);
        self.unflushed = 0;
    }

    /// Polls the stop flag; the main worker also enforces the node and time limits.
    pub(super) fn should_stop(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if self.id == 0 && self.root_depth <= 1 {
            // The first iteration always completes (it takes well under a millisecond), so
            // that a search stopped at once (`stop` or `quit` right after `go`, a clock with
            // nothing left) still answers with a searched move, not the first one generated.
            return false;
        }
        if self.shared.stop.load(Ordering::Relaxed) {
            self.stopped = true;
            return true;
        }
        if self.unflushed >= 1024 {
            self.flush();
            if self.id == 0 && self.shared.deadline.hard_expired() {
                self.stop_all();
            }
        }
        if self.id == 0
            && let Some(limit) = self.shared.limits.nodes
            && self.shared.nodes.load(Ordering::Relaxed) + self.unflushed >= limit
        {
            self.stop_all();
        }
        self.stopped
    }

    fn stop_all(&mut self) {
        self.stopped = true;
        self.shared.stop.store(true, Ordering::Relaxed);
    }

    pub(super) fn evaluate(&self) -> i32 {
        self.pos.evaluate() + self.shared.noise.of(self.pos.key())
    }

    /// The static evaluation `raw` moved by what the correction history learned for `keys`
    /// (the game's `correction_keys`; none: `raw` as it is).
    #[inline]
    pub(super) fn corrected(&self, raw: i32, keys: Option<[u64; 2]>) -> i32 {
        keys.map_or(raw, |k| {
            let side = self.pos.side_to_move().index();
            (raw + self.history.correction.of(side, k)).clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
        })
    }
}
