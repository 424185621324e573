//! Iterative deepening and the root node, with MultiPV.
//!
//! Each iteration searches the root once per wanted line, as Stockfish does: line k searches
//! the root moves from index k on (the first moves of lines 0..k are left out), in an aspiration
//! window of its own around line k's score of the last iteration, re-searched until the score is
//! exact. After each line the lines found so far are sorted, best first, and the root moves keep
//! the same order, so the next iteration tries them in that order. With one line this is the
//! plain single-PV search.

use super::history::History;
use super::worker::{NO_EVAL, Worker, to_tt};
use super::{Event, INFINITY, Info, MATE, MATE_BOUND, MAX_DEPTH, MAX_PLY, Report};
use crate::game::EngineGame;
use crate::time::Stability;
use crate::tt::{Bound, Entry};
use std::sync::atomic::Ordering;
use std::time::Duration;

/// One line of an iteration: a root move, its exact score and its principal variation.
#[derive(Clone)]
struct Line<M> {
    mv: M,
    score: i32,
    pv: Vec<M>,
}

impl<'a, G: EngineGame> Worker<'a, G> {
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
        // As many lines as wanted, or as there are root moves.
        let count = self.multipv.clamp(1, self.root_moves.len());
        let mut lines: Vec<Line<G::Move>> = self
            .root_moves
            .iter()
            .take(count)
            .map(|&mv| Line {
                mv,
                score: 0,
                pv: Vec::new(),
            })
            .collect();
        for depth in 1..=max_depth {
            let search_depth = if self.id % 2 == 1 {
                (depth + 1).min(max_depth)
            } else {
                depth
            };
            self.root_depth = search_depth as i32;
            self.best_changes = 0;
            let mut stopped = false;
            for k in 0..count {
                // The PV row holds the last search's line; the best line's must be there for
                // a stopped iteration to be judged against it (with MultiPV the row last
                // held another line).
                self.set_root_pv(if k == 0 { &lines[0].pv } else { &[] });
                self.root_pv_score = lines[0].score;
                let score = self.aspiration(k, search_depth as i32, lines[k].score, depth);
                let pv_now = self.root_pv();
                if self.stopped {
                    // A partial iteration still counts if a root move completed and raised
                    // alpha: the PV is only replaced when a move proves better than the last
                    // answer. A stopped search of a later line proves nothing and is dropped,
                    // but the lines before it are complete: the best of them answers.
                    if k > 0 {
                        report.best = Some(lines[0].mv);
                        report.score = lines[0].score;
                    } else if let Some(&best) = pv_now.first()
                        && pv_now != lines[0].pv
                    {
                        // The score that put this line in the PV row: after a fail high the
                        // re-search may have been stopped before it finished any move, and
                        // then returned no score of its own.
                        report.best = Some(best);
                        report.score = self.root_pv_score;
                        lines[0].pv = pv_now;
                    }
                    stopped = true;
                    break;
                }
                self.complete_line(&mut lines, k, score, pv_now);
            }
            if stopped {
                break;
            }
            report.best = Some(lines[0].mv);
            report.score = lines[0].score;
            self.store_root(lines[0].mv, lines[0].score, search_depth as i32);
            report.depth = depth;
            if self.id == 0 {
                self.flush();
                let (seldepth, time) = (self.seldepth as u32, self.shared.deadline.elapsed());
                let nodes = self.shared.nodes.load(Ordering::Relaxed);
                for (k, line) in lines.iter().enumerate() {
                    (self.emit)(Event::Info(Info {
                        depth,
                        multipv: k as u32 + 1,
                        seldepth,
                        score: line.score,
                        nodes,
                        time,
                        hashfull: self.shared.tt.hashfull(),
                        pv: line.pv.clone(),
                    }));
                }
                let factor = stability.update(report.best, report.score, self.best_changes, depth);
                if self.done_after_iteration(report.score, depth, factor) {
                    break;
                }
            } else if self.shared.stop.load(Ordering::Relaxed) {
                break;
            }
        }
        self.flush();
        report.nodes = self.shared.nodes.load(Ordering::Relaxed);
        report.ponder = lines[0]
            .pv
            .get(1)
            .copied()
            .or_else(|| self.ponder_from_tt(report.best));
        report
    }

    /// Records line `k`'s exact result: its move goes to index `k` of the root moves (ahead of
    /// the moves later lines search), then lines 0..=k are sorted, best first (stable, so equal
    /// scores keep their order), and the root moves follow.
    fn complete_line(
        &mut self,
        lines: &mut [Line<G::Move>],
        k: usize,
        score: i32,
        pv: Vec<G::Move>,
    ) {
        let mv = pv.first().copied().unwrap_or(self.root_moves[k]);
        if let Some(i) = self.root_moves[k..].iter().position(|&m| m == mv) {
            self.root_moves[k..=k + i].rotate_right(1);
        }
        lines[k] = Line { mv, score, pv };
        if k > 0 {
            lines[..=k].sort_by_key(|l| std::cmp::Reverse(l.score));
            for (m, line) in self.root_moves.iter_mut().zip(lines[..=k].iter()) {
                *m = line.mv;
            }
        }
    }

    /// The root is stored too, so that `probe` and the next search find it.
    fn store_root(&mut self, best: G::Move, score: i32, depth: i32) {
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
                depth,
                bound: Bound::Exact,
            },
        );
    }

    fn done_after_iteration(&self, score: i32, depth: u32, time_factor: f64) -> bool {
        let limits = self.shared.limits;
        if self.shared.deadline.soft_expired_scaled(time_factor)
            || self.shared.stop.load(Ordering::Relaxed)
        {
            return true;
        }
        if let Some(n) = limits.mate
            && score >= MATE - 2 * n as i32
        {
            return true;
        }
        // A forced mate needs no deeper look once the search has gone three times its
        // distance in plies: a shorter mate, for either side, has shown by then in all but
        // rare lines. Stopping at the first mate score played the first mate found, often not
        // the shortest (a mate in 3 reported where one in 2 stood); twice the distance still
        // missed mates whose quiet first move the search reduces (`scripts/mates.py`: 254 of
        // 314 at the shortest distance at a million nodes, 265 at three times). Not when the
        // GUI wants the search to run until `stop`, nor under a depth limit, which says how
        // deep.
        let plies = (MATE - score.abs()).max(0) as u32;
        !self.shared.deadline.is_waiting()
            && score.abs() >= MATE_BOUND
            && limits.depth.is_none()
            && depth >= 3 * plies
    }

    fn root_pv(&self) -> Vec<G::Move> {
        self.pv[..self.pv_len[0]].to_vec()
    }

    fn set_root_pv(&mut self, line: &[G::Move]) {
        let n = line.len().min(MAX_PLY);
        self.pv[..n].copy_from_slice(&line[..n]);
        self.pv_len[0] = n;
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

    /// A search of the root moves from index `first` on, in a window around the last score,
    /// widened on failure until the score is exact (or the search stopped).
    fn aspiration(&mut self, first: usize, depth: i32, last: i32, iteration: u32) -> i32 {
        let mut delta = self.params.aspiration_delta;
        let (mut alpha, mut beta) = if iteration >= 4 && last.abs() < MATE_BOUND {
            (last - delta, last + delta)
        } else {
            (-INFINITY, INFINITY)
        };
        loop {
            let score = self.root(first, depth, alpha, beta);
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

    /// The root node, over the root moves from index `first` on (the moves before it are the
    /// earlier MultiPV lines'). The PV row of ply 0 is kept from the last search until a move
    /// beats it, so that a search stopped in the middle of a re-search still answers with the
    /// move that failed high.
    fn root(&mut self, first: usize, depth: i32, mut alpha: i32, beta: i32) -> i32 {
        let mut best = -INFINITY;
        self.frame(0).excluded = None;
        self.frame(0).eval = NO_EVAL;
        self.history.clear_killers(1);
        for i in first..self.root_moves.len() {
            let m = self.root_moves[i];
            if self.id == 0 && self.shared.deadline.elapsed() >= Duration::from_secs(1) {
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
            let score = if i == first {
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
                    // Only the best line's changes of mind tell the time manager anything.
                    if i > first && first == 0 {
                        self.best_changes += 1;
                    }
                    alpha = score;
                    self.update_pv(0, m);
                    self.root_pv_score = score;
                }
                if score >= beta {
                    break;
                }
            }
        }
        best
    }
}
