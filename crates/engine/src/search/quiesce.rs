//! Quiescence search: captures only (every move when in check) until the position is quiet, so
//! that the evaluation is never asked about a position in the middle of an exchange. Captures
//! that lose material by static exchange are not searched, nor those that cannot lift the
//! score near alpha even if the captured piece came free (delta pruning).

use super::history::PieceTo;
use super::ordering::{Context, is_bad_capture};
use super::worker::{Worker, from_tt, to_tt};
use super::{INFINITY, MATE_BOUND, MAX_PLY, outcome_score};
use crate::game::EngineGame;
use crate::tt::{Bound, Entry};
use jiangjun_rules::GenKind;

impl<G: EngineGame> Worker<'_, G> {
    pub(super) fn quiesce(&mut self, alpha: i32, beta: i32, ply: usize) -> i32 {
        self.quiesce_with(alpha, beta, ply, None)
    }

    /// Quiescence of a node whose static evaluation the caller may already know (razoring
    /// drops into quiescence at its own ply: evaluating again would cost a whole evaluation
    /// for the same number).
    pub(super) fn quiesce_with(
        &mut self,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        known_eval: Option<i32>,
    ) -> i32 {
        self.clear_pv(ply);
        if self.should_stop() {
            return 0;
        }
        self.count_node(ply);
        if ply >= MAX_PLY - 1 {
            return self.evaluate();
        }
        let pv_node = beta - alpha > 1;
        let in_check = self.pos.in_check();
        // Only a side in check plays quiet moves here, so only a line of checks answered by
        // checks can repeat: such a line is ruled as in the search (a perpetual check loses),
        // instead of going round until the ply limit with every evasion branching.
        if in_check && let Some(score) = self.rule_score(ply) {
            return score;
        }
        let key = self.pos.key();
        let tt = self.shared.tt.probe(key);
        if let Some(e) = tt {
            let s = from_tt(e.score, ply);
            if !pv_node && e.bound.settles(s, alpha, beta) {
                return s;
            }
        }
        let mut best;
        let mut stand_pat = -INFINITY;
        let mut raw_eval = 0;
        if in_check {
            best = -INFINITY;
        } else {
            raw_eval = match (tt, known_eval) {
                (Some(e), _) => e.eval,
                (None, Some(v)) => v,
                (None, None) => self.evaluate(),
            };
            stand_pat = self.corrected(raw_eval, self.pos.correction_keys());
            best = stand_pat;
            if best >= beta {
                return best;
            }
            alpha = alpha.max(best);
        }
        let kind = if in_check {
            GenKind::All
        } else {
            GenKind::Captures
        };
        let tt_move = tt.and_then(|e| G::move_from_bits(e.mv)).filter(|&m| {
            (in_check || self.pos.capture_values(m).is_some()) && self.pos.is_legal(m)
        });
        let mut picker = self.picker(kind, tt_move);
        let alpha_orig = alpha;
        let verdicts_before = self.rule_verdicts;
        let mut best_move = None;
        let mut any = false;
        loop {
            let ctx = Context {
                history: &self.history,
                killers: [G::NULL_MOVE; 2],
                counter: G::NULL_MOVE,
                prev: [PieceTo::NONE; 2],
            };
            let Some((m, order)) = picker.next(&mut self.pos, &ctx) else {
                break;
            };
            any = true;
            if !in_check {
                if is_bad_capture(order) {
                    break; // ordered last: every remaining capture loses material
                }
                if let Some((victim, _)) = self.pos.capture_values(m)
                    && stand_pat + victim + self.params.delta_margin <= alpha
                {
                    continue;
                }
            }
            self.frame(ply).piece_to = PieceTo::NONE;
            self.shared.tt.prefetch(self.pos.key_after(m));
            self.pos.make(m);
            let score = -self.quiesce(-beta, -alpha, ply + 1);
            self.pos.unmake();
            if self.stopped {
                self.done_with(picker);
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    best_move = Some(m);
                    alpha = score;
                    self.update_pv(ply, m);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.done_with(picker);
        if in_check && !any {
            return outcome_score(self.pos.no_moves_outcome(), ply);
        }
        // A mate score that a repetition verdict below decided depends on the path: not stored.
        if best.abs() < MATE_BOUND || (in_check && self.rule_verdicts == verdicts_before) {
            let bound = Bound::of(best, alpha_orig, beta);
            self.shared.tt.store(
                key,
                Entry {
                    mv: best_move.map_or(0, G::move_to_bits),
                    score: to_tt(best, ply),
                    eval: raw_eval,
                    depth: 0,
                    bound,
                },
            );
        }
        best
    }
}
