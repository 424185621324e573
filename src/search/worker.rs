//! One search thread: iterative deepening with aspiration windows at the root, and the
//! bookkeeping every node shares (node counts, the stop flag, the principal variation, the
//! per-ply stack). The node searches themselves live in `node.rs` and `quiesce.rs`.
//!
//! Worker 0 is the main worker: it alone reads the clock, reports iterations and decides when
//! the search ends. Helper workers search the same tree (at alternating depths, so that they
//! fill the shared table with different work) until the stop flag is raised.

use super::history::{History, PieceTo};
use super::timing::Stability;
use super::{Event, INFINITY, Info, MATE, MATE_BOUND, MAX_DEPTH, MAX_PLY, Report, Shared};
use crate::game::Game;
use crate::tt::{Bound, Entry};
use std::sync::atomic::Ordering;
use std::time::Duration;

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

/// The stack is offset by this many frames so that a node can look two plies back at the root.
pub(super) const STACK_OFFSET: usize = 2;

pub struct Worker<'a, G: Game> {
    pub(super) id: usize,
    pub(super) pos: G,
    root_moves: Vec<G::Move>,
    pub(super) shared: &'a Shared<'a>,
    emit: &'a (dyn Fn(Event<G::Move>) + Sync),
    nodes: u64,
    unflushed: u64,
    seldepth: usize,
    pub(super) stopped: bool,
    pub(super) history: History<G>,
    pub(super) stack: Vec<Frame<G::Move>>,
    /// The depth of the current iteration, which bounds the check extensions.
    pub(super) root_depth: i32,
    /// Null-move pruning is off below this ply while a null move is being verified.
    pub(super) nmp_min_ply: usize,
    /// How many wins or losses the rules decided on a repetition (perpetual check or chase)
    /// so far: a node whose subtree saw one must not store a mate score in the table, since the
    /// result depends on the path that led there, not on the position alone.
    pub(super) rule_verdicts: u64,
    /// Triangular PV table: row `ply` holds the line from `ply` on.
    pv: Vec<G::Move>,
    pv_len: [usize; MAX_PLY + 1],
    /// Best-move changes at the root during the current iteration (for the time manager).
    best_changes: u32,
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

impl<'a, G: Game> Worker<'a, G> {
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
            shared,
            emit,
            nodes: 0,
            unflushed: 0,
            seldepth: 0,
            stopped: false,
            history,
            stack: vec![frame; MAX_PLY + STACK_OFFSET + 2],
            root_depth: 1,
            nmp_min_ply: 0,
            rule_verdicts: 0,
            pv: vec![G::NULL_MOVE; (MAX_PLY + 1) * (MAX_PLY + 1)],
            pv_len: [0; MAX_PLY + 1],
            best_changes: 0,
        }
    }

    /// Gives back the history tables, for the next search.
    pub fn into_history(self) -> History<G> {
        self.history
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

    /// Deepens until a limit or the stop flag; returns the answer of the last usable iteration.
    pub fn iterate(&mut self) -> Report<G::Move> {
        let limits = self.shared.limits;
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let mut report = Report {
            best: self.root_moves.first().copied(),
            ponder: None,
            score: 0,
            depth: 0,
            nodes: 0,
        };
        if self.root_moves.is_empty() {
            report.score = super::outcome_score(self.pos.no_moves_outcome(), 0);
            return report;
        }
        let mut stability = Stability::default();
        let mut pv_line: Vec<G::Move> = Vec::new();
        for depth in 1..=max_depth {
            let search_depth = if self.id % 2 == 1 {
                (depth + 1).min(max_depth)
            } else {
                depth
            };
            self.root_depth = search_depth as i32;
            self.best_changes = 0;
            let score = self.aspiration(search_depth as i32, report.score, depth);
            let pv_now = self.root_pv();
            if self.stopped {
                // A partial iteration still counts if a root move completed and raised alpha:
                // the PV is only replaced when a move proves better than the last answer.
                if let Some(&best) = pv_now.first()
                    && pv_now != pv_line
                {
                    report.best = Some(best);
                    report.score = score;
                    pv_line = pv_now;
                }
                break;
            }
            report.best = pv_now.first().copied().or(report.best);
            report.score = score;
            if let Some(best) = report.best {
                // The root is stored too, so that `probe` and the next search find it.
                self.shared.tt.store(
                    self.pos.key(),
                    Entry {
                        mv: G::move_to_bits(best),
                        score: to_tt(score, 0),
                        // Read back as the static evaluation when the position comes up again.
                        eval: if self.pos.in_check() {
                            0
                        } else {
                            self.evaluate()
                        },
                        depth: search_depth as i32,
                        bound: Bound::Exact,
                    },
                );
            }
            report.depth = depth;
            pv_line = pv_now;
            if let Some(best) = report.best {
                // The completed best move goes first in the next iteration.
                if let Some(i) = self.root_moves.iter().position(|&m| m == best) {
                    self.root_moves[..=i].rotate_right(1);
                }
            }
            if self.id == 0 {
                self.flush();
                (self.emit)(Event::Info(Info {
                    depth,
                    seldepth: self.seldepth as u32,
                    score,
                    nodes: self.shared.nodes.load(Ordering::Relaxed),
                    time: self.shared.clock.elapsed(),
                    hashfull: self.shared.tt.hashfull(),
                    pv: pv_line.clone(),
                }));
                let factor = stability.update(report.best, score, self.best_changes, depth);
                if self.done_after_iteration(score, factor) {
                    break;
                }
            } else if self.shared.stop.load(Ordering::Relaxed) {
                break;
            }
        }
        self.flush();
        report.nodes = self.shared.nodes.load(Ordering::Relaxed);
        report.ponder = pv_line
            .get(1)
            .copied()
            .or_else(|| self.ponder_from_tt(report.best));
        report
    }

    fn done_after_iteration(&self, score: i32, time_factor: f64) -> bool {
        let limits = self.shared.limits;
        if self.shared.clock.soft_expired_scaled(time_factor)
            || self.shared.stop.load(Ordering::Relaxed)
        {
            return true;
        }
        if let Some(n) = limits.mate
            && score >= MATE - 2 * n as i32
        {
            return true;
        }
        // A forced mate found without clock pressure needs no deeper look, unless the GUI
        // wants the search to run until `stop`.
        !self.shared.clock.is_waiting() && score.abs() >= MATE_BOUND && limits.depth.is_none()
    }

    fn root_pv(&self) -> Vec<G::Move> {
        self.pv[..self.pv_len[0]].to_vec()
    }

    fn ponder_from_tt(&mut self, best: Option<G::Move>) -> Option<G::Move> {
        let best = best?;
        self.pos.make(best);
        let reply = self
            .shared
            .tt
            .probe(self.pos.key())
            .and_then(|e| G::move_from_bits(e.mv))
            .filter(|&m| self.pos.is_legal(m));
        self.pos.unmake();
        reply
    }

    /// A root search in a window around the last score, widened on failure.
    fn aspiration(&mut self, depth: i32, last: i32, iteration: u32) -> i32 {
        let mut delta = 30;
        let (mut alpha, mut beta) = if iteration >= 4 && last.abs() < MATE_BOUND {
            (last - delta, last + delta)
        } else {
            (-INFINITY, INFINITY)
        };
        loop {
            let score = self.root(depth, alpha, beta);
            if self.stopped {
                return score;
            }
            if score <= alpha && alpha > -INFINITY {
                // Fail low: the window's middle moves down, and beta with it.
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITY);
            } else if score >= beta && beta < INFINITY {
                beta = (score + delta).min(INFINITY);
            } else {
                return score;
            }
            delta += delta / 2 + 10;
            if delta > 600 {
                (alpha, beta) = (-INFINITY, INFINITY);
            }
        }
    }

    /// The root node. The PV row of ply 0 is kept from the last search until a move beats it,
    /// so that a search stopped in the middle of a re-search still answers with the move that
    /// failed high.
    fn root(&mut self, depth: i32, mut alpha: i32, beta: i32) -> i32 {
        let mut best = -INFINITY;
        self.frame(0).excluded = None;
        self.frame(0).eval = NO_EVAL;
        self.history.clear_killers(1);
        for i in 0..self.root_moves.len() {
            let m = self.root_moves[i];
            if self.id == 0 && self.shared.clock.elapsed() >= Duration::from_secs(1) {
                (self.emit)(Event::CurrMove {
                    depth: depth as u32,
                    mv: m,
                    number: i + 1,
                });
            }
            let now = History::<G>::piece_to(&self.pos, m);
            let frame = self.frame(0);
            frame.piece_to = now;
            frame.null_move = false;
            self.pos.make(m);
            let score = if i == 0 {
                -self.search(-beta, -alpha, depth - 1, 1, false)
            } else {
                let s = -self.search(-alpha - 1, -alpha, depth - 1, 1, true);
                if s > alpha && s < beta {
                    -self.search(-beta, -alpha, depth - 1, 1, false)
                } else {
                    s
                }
            };
            self.pos.unmake();
            if self.stopped {
                break;
            }
            if score > best {
                best = score;
                if score > alpha {
                    if i > 0 {
                        self.best_changes += 1;
                    }
                    alpha = score;
                    self.update_pv(0, m);
                }
                if score >= beta {
                    break;
                }
            }
        }
        best
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

    fn flush(&mut self) {
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
        if self.shared.stop.load(Ordering::Relaxed) {
            self.stopped = true;
            return true;
        }
        if self.unflushed >= 1024 {
            self.flush();
            if self.id == 0 && self.shared.clock.hard_expired() {
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
}
