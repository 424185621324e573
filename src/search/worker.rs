//! One search thread: iterative deepening with aspiration windows at the root, a
//! principal-variation alpha-beta search (null move, reverse futility, late-move reductions)
//! and a quiescence search over captures and check evasions.
//!
//! Worker 0 is the main worker: it alone reads the clock, reports iterations and decides when
//! the search ends. Helper workers search the same tree (at alternating depths, so that they
//! fill the shared table with different work) until the stop flag is raised.

use super::ordering::Picker;
use super::{
    Event, INFINITY, Info, MATE, MATE_BOUND, MAX_DEPTH, MAX_PLY, Report, Shared, outcome_score,
};
use crate::game::{Game, GenKind, MoveList};
use crate::tt::{Bound, Entry};
use std::sync::atomic::Ordering;
use std::time::Duration;

pub struct Worker<'a, G: Game> {
    id: usize,
    pos: G,
    root_moves: Vec<G::Move>,
    shared: &'a Shared<'a>,
    emit: &'a (dyn Fn(Event<G::Move>) + Sync),
    nodes: u64,
    unflushed: u64,
    seldepth: usize,
    stopped: bool,
    killers: Vec<[G::Move; 2]>,
    history: Vec<i32>,
    /// Triangular PV table: row `ply` holds the line from `ply` on.
    pv: Vec<G::Move>,
    pv_len: [usize; MAX_PLY + 1],
}

fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
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
    ) -> Self {
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
            killers: vec![[G::NULL_MOVE; 2]; MAX_PLY + 2],
            history: vec![0; G::MOVE_INDEX_COUNT],
            pv: vec![G::NULL_MOVE; (MAX_PLY + 1) * (MAX_PLY + 1)],
            pv_len: [0; MAX_PLY + 1],
        }
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
            report.score = outcome_score(self.pos.no_moves_outcome(), 0);
            return report;
        }
        let mut pv_line: Vec<G::Move> = Vec::new();
        for depth in 1..=max_depth {
            let search_depth = if self.id % 2 == 1 {
                (depth + 1).min(max_depth)
            } else {
                depth
            };
            let score = self.aspiration(search_depth as i32, report.score, depth);
            let pv_now = self.root_pv();
            if self.stopped {
                // A partial iteration still counts if a root move completed and raised alpha:
                // the first root move is the last answer, so a new PV means a better move.
                if !pv_now.is_empty() {
                    report.best = Some(pv_now[0]);
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
                        eval: 0,
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
                if self.done_after_iteration(score) {
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

    fn done_after_iteration(&self, score: i32) -> bool {
        let limits = self.shared.limits;
        if self.shared.clock.soft_expired() || self.shared.stop.load(Ordering::Relaxed) {
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
        let mut delta = 40;
        let (mut alpha, mut beta) = if iteration >= 5 && last.abs() < MATE_BOUND {
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
                alpha = (score - delta).max(-INFINITY);
            } else if score >= beta && beta < INFINITY {
                beta = (score + delta).min(INFINITY);
            } else {
                return score;
            }
            delta *= 3;
        }
    }

    fn root(&mut self, depth: i32, mut alpha: i32, beta: i32) -> i32 {
        self.pv_len[0] = 0;
        let mut best = -INFINITY;
        for i in 0..self.root_moves.len() {
            let m = self.root_moves[i];
            if self.id == 0 && self.shared.clock.elapsed() >= Duration::from_secs(1) {
                (self.emit)(Event::CurrMove {
                    depth: depth as u32,
                    mv: m,
                    number: i + 1,
                });
            }
            self.pos.make(m);
            let score = if i == 0 {
                -self.search(-beta, -alpha, depth - 1, 1, true)
            } else {
                let s = -self.search(-alpha - 1, -alpha, depth - 1, 1, true);
                if s > alpha && s < beta {
                    -self.search(-beta, -alpha, depth - 1, 1, true)
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

    /// The alpha-beta search of a non-root node.
    fn search(
        &mut self,
        mut alpha: i32,
        mut beta: i32,
        mut depth: i32,
        ply: usize,
        null_ok: bool,
    ) -> i32 {
        self.pv_len[ply] = 0;
        if self.should_stop() {
            return 0;
        }
        if let Some(o) = self.pos.rule_outcome() {
            return outcome_score(o, ply);
        }
        // Mate-distance pruning: no line from here beats a mate found nearer the root.
        alpha = alpha.max(-(MATE - ply as i32));
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        let in_check = self.pos.in_check();
        if in_check {
            depth += 1;
        }
        if depth <= 0 {
            return self.quiesce(alpha, beta, ply);
        }
        if ply >= MAX_PLY - 1 {
            return self.pos.evaluate();
        }
        self.count_node(ply);
        let pv_node = beta - alpha > 1;
        let key = self.pos.key();
        let tt = self.shared.tt.probe(key);
        let tt_move = tt
            .and_then(|e| G::move_from_bits(e.mv))
            .filter(|&m| self.pos.is_legal(m));
        if let Some(e) = tt {
            let s = from_tt(e.score, ply);
            let usable = match e.bound {
                Bound::Exact => true,
                Bound::Lower => s >= beta,
                Bound::Upper => s <= alpha,
            };
            if !pv_node && e.depth >= depth && usable {
                return s;
            }
        }
        let eval = if in_check {
            -INFINITY
        } else {
            tt.map_or_else(|| self.evaluate(), |e| e.eval)
        };
        if !pv_node && !in_check && beta.abs() < MATE_BOUND {
            // Reverse futility: far above beta at low depth, assume a quiet move holds it.
            if depth <= 3 && eval - 120 * depth >= beta {
                return eval;
            }
            if null_ok && depth >= 3 && eval >= beta && self.pos.null_move_allowed() {
                let r = 3 + depth / 6;
                self.pos.make_null();
                let s = -self.search(-beta, -beta + 1, depth - 1 - r, ply + 1, false);
                self.pos.unmake_null();
                if self.stopped {
                    return 0;
                }
                if s >= beta {
                    return if s >= MATE_BOUND { beta } else { s };
                }
            }
        }
        let mut list = MoveList::new(G::NULL_MOVE);
        self.pos.generate(GenKind::All, &mut list);
        if list.is_empty() {
            return outcome_score(self.pos.no_moves_outcome(), ply);
        }
        let killers = self.killers[ply];
        let mut picker = Picker::new(&self.pos, list, tt_move, &killers, &self.history);
        let alpha_orig = alpha;
        let mut best = -INFINITY;
        let mut best_move = None;
        let mut searched = 0;
        while let Some(m) = picker.next() {
            let quiet = !self.pos.is_capture(m);
            self.pos.make(m);
            let gives_check = self.pos.in_check();
            let score = if searched == 0 {
                -self.search(-beta, -alpha, depth - 1, ply + 1, true)
            } else {
                let mut r = 0;
                if depth >= 3 && searched >= 3 && quiet && !in_check && !gives_check {
                    r = 1 + i32::from(searched >= 8) + i32::from(depth >= 8) - i32::from(pv_node);
                    r = r.clamp(0, depth - 2);
                }
                let mut s = -self.search(-alpha - 1, -alpha, depth - 1 - r, ply + 1, true);
                if s > alpha && r > 0 {
                    s = -self.search(-alpha - 1, -alpha, depth - 1, ply + 1, true);
                }
                if s > alpha && s < beta {
                    s = -self.search(-beta, -alpha, depth - 1, ply + 1, true);
                }
                s
            };
            self.pos.unmake();
            if self.stopped {
                return 0;
            }
            searched += 1;
            if score > best {
                best = score;
                best_move = Some(m);
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, m);
                    if score >= beta {
                        if quiet {
                            self.reward_quiet(m, ply, depth);
                        }
                        break;
                    }
                }
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha_orig {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.shared.tt.store(
            key,
            Entry {
                mv: best_move.map_or(0, G::move_to_bits),
                score: to_tt(best, ply),
                eval: if in_check { 0 } else { eval },
                depth,
                bound,
            },
        );
        best
    }

    /// Captures only (all moves when in check), until the position is quiet.
    fn quiesce(&mut self, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.pv_len[ply] = 0;
        if self.should_stop() {
            return 0;
        }
        self.count_node(ply);
        if ply >= MAX_PLY - 1 {
            return self.pos.evaluate();
        }
        let in_check = self.pos.in_check();
        let mut list = MoveList::new(G::NULL_MOVE);
        let mut best;
        if in_check {
            self.pos.generate(GenKind::All, &mut list);
            if list.is_empty() {
                return outcome_score(self.pos.no_moves_outcome(), ply);
            }
            best = -INFINITY;
        } else {
            best = self.evaluate();
            if best >= beta {
                return best;
            }
            alpha = alpha.max(best);
            self.pos.generate(GenKind::Captures, &mut list);
        }
        let mut picker = Picker::new(&self.pos, list, None, &[G::NULL_MOVE; 2], &self.history);
        while let Some(m) = picker.next() {
            self.pos.make(m);
            let score = -self.quiesce(-beta, -alpha, ply + 1);
            self.pos.unmake();
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, m);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    fn evaluate(&self) -> i32 {
        self.pos.evaluate() + self.shared.noise.of(self.pos.key())
    }

    fn reward_quiet(&mut self, m: G::Move, ply: usize, depth: i32) {
        let k = &mut self.killers[ply];
        if k[0] != m {
            k[1] = k[0];
            k[0] = m;
        }
        let h = &mut self.history[G::move_index(m)];
        *h += depth * depth;
        if *h > 1 << 20 {
            for v in self.history.iter_mut() {
                *v /= 2;
            }
        }
    }

    /// Puts `m` followed by the child's line into this ply's PV row.
    fn update_pv(&mut self, ply: usize, m: G::Move) {
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

    fn count_node(&mut self, ply: usize) {
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
    fn should_stop(&mut self) -> bool {
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
}
