//! The alpha-beta search of a non-root node (principal-variation search), with the pruning,
//! reductions and extensions that let a fixed number of nodes reach much deeper:
//! - table cutoffs, and the table's evaluation reused as the static evaluation, which the
//!   correction history then moves by what earlier searches found;
//! - before the moves: razoring, reverse futility, null move (verified when deep), and an
//!   internal iterative reduction where the table has no move;
//! - per move: late-move pruning, futility pruning and static-exchange pruning of quiet moves
//!   and losing captures near the leaves, a singular extension of the table move, and late-move
//!   reductions from a table, adjusted by history and node type;
//! - after a cutoff: history bonus for the move and malus for every move tried before it.

use super::history::History;
use super::ordering::{Context, is_bad_capture};
use super::worker::{NO_EVAL, Worker, from_tt, to_tt};
use super::{INFINITY, MATE, MATE_BOUND, MAX_PLY, outcome_score};
use crate::game::EngineGame;
use crate::tt::{Bound, Entry};
use jiangjun_rules::{GenKind, Outcome};

/// How many quiet moves a node of this depth tries before the rest are pruned.
#[inline]
fn late_move_limit(lmp_base: i32, depth: i32, improving: bool) -> usize {
    let base = (lmp_base + depth * depth) as usize;
    if improving { base } else { base / 2 }
}

/// The moves a node tried without a cutoff, for the history malus. Only the first few count:
/// a cutoff after dozens of moves says little about each of them, and a short list keeps the
/// node's stack small.
pub(super) struct Tried<M: Copy> {
    moves: [M; 32],
    len: usize,
}

impl<M: Copy> Tried<M> {
    fn new(filler: M) -> Self {
        Tried {
            moves: [filler; 32],
            len: 0,
        }
    }
    fn push(&mut self, m: M) {
        if let Some(slot) = self.moves.get_mut(self.len) {
            *slot = m;
            self.len += 1;
        }
    }
    fn iter(&self) -> impl Iterator<Item = M> + '_ {
        self.moves[..self.len].iter().copied()
    }
}

impl<G: EngineGame> Worker<'_, G> {
    /// The search of a node `ply` plies below the root, with `depth` plies left.
    /// `cut_node`: the parent expects this node to fail high (a null-window child).
    pub(super) fn search(
        &mut self,
        mut alpha: i32,
        mut beta: i32,
        mut depth: i32,
        ply: usize,
        cut_node: bool,
    ) -> i32 {
        self.clear_pv(ply);
        if self.should_stop() {
            return 0;
        }
        let pv_node = beta - alpha > 1;
        if let Some(score) = self.rule_score(ply) {
            return score;
        }
        // Mate-distance pruning: no line from here beats a mate found nearer the root.
        alpha = alpha.max(-(MATE - ply as i32));
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        let in_check = self.pos.in_check();
        // Check extension, bounded so that a chain of checks cannot run away with the tree.
        if in_check && (ply as i32) < 2 * self.root_depth {
            depth += 1;
        }
        if depth <= 0 {
            return self.quiesce(alpha, beta, ply);
        }
        if ply >= MAX_PLY - 1 {
            return self.evaluate();
        }
        self.count_node(ply);
        let excluded = self.frame(ply).excluded;
        let key = self.pos.key();
        let tt = if excluded.is_none() {
            self.shared.tt.probe(key)
        } else {
            None
        };
        let tt_move = tt
            .and_then(|e| G::move_from_bits(e.mv))
            .filter(|&m| self.pos.is_legal(m));
        let tt_score = tt.map(|e| from_tt(e.score, ply));
        if let (Some(e), Some(s)) = (tt, tt_score)
            && !pv_node
            && e.depth >= depth
            && e.bound.settles(s, alpha, beta)
        {
            return s;
        }
        // The static evaluation, sharpened by the table's score when its bound allows.
        let raw_eval = if in_check {
            NO_EVAL
        } else if excluded.is_some() {
            // The singular test searches this same position again: its frame holds the
            // evaluation already (the test skips the table, which would have had it).
            self.frame(ply).eval
        } else {
            tt.map_or_else(|| self.evaluate(), |e| e.eval)
        };
        let side = self.pos.side_to_move().index();
        // Corrected by what the search learned of positions that share its correction keys.
        let keys = if in_check {
            None
        } else {
            self.pos.correction_keys()
        };
        let static_eval = self.corrected(raw_eval, keys);
        let eval = match (tt, tt_score) {
            (Some(e), Some(s)) if !in_check && s.abs() < MATE_BOUND => match e.bound {
                Bound::Exact => s,
                Bound::Lower if s > static_eval => s,
                Bound::Upper if s < static_eval => s,
                _ => static_eval,
            },
            _ => static_eval,
        };
        self.frame(ply).eval = raw_eval;
        let two_back = self.stack[ply + super::worker::STACK_OFFSET - 2].eval;
        let improving = !in_check && two_back != NO_EVAL && raw_eval > two_back;
        self.history.clear_killers(ply + 1);

        if !pv_node && !in_check && excluded.is_none() {
            if let Some(s) =
                self.prune_before_moves(alpha, beta, depth, ply, eval, improving, cut_node)
            {
                return s;
            }
            if self.stopped {
                return 0;
            }
        }
        // Internal iterative reduction: with no table move the ordering is poor, so search
        // shallower first; the next iteration finds the move in the table.
        if tt_move.is_none() && depth >= 4 && (pv_node || cut_node) {
            depth -= 1;
        }

        let prev = self.prev_moves(ply);
        let killers = self.history.killers(ply);
        let counter = self.history.counter(prev[0]);
        let tt_capture = tt_move.is_some_and(|m| self.pos.is_capture(m));
        let mut picker = self.picker(GenKind::All, tt_move);
        let mut quiets = Tried::new(G::NULL_MOVE);
        let mut captures = Tried::new(G::NULL_MOVE);
        let alpha_orig = alpha;
        let verdicts_before = self.rule_verdicts;
        let mut best = -INFINITY;
        let mut best_move = None;
        let mut searched = 0usize;
        let mut skip_quiets = false;
        loop {
            let ctx = Context {
                history: &self.history,
                killers,
                counter,
                prev,
            };
            let Some((m, order)) = picker.next(&mut self.pos, &ctx) else {
                break;
            };
            if Some(m) == excluded {
                continue;
            }
            let capture = self.pos.captured_piece(m);
            let quiet = capture.is_none();
            if quiet && skip_quiets && m != killers[0] && m != killers[1] {
                // Pruned unless it gives check (known only once it is played).
                if !self.pos.gives_check(m) {
                    continue;
                }
            }
            let now = History::<G>::piece_to(&self.pos, m);
            let history_score = if quiet {
                self.history.quiet_score(side, m, now, prev)
            } else {
                0
            };
            // Shallow-depth pruning, once a move has secured something better than a loss.
            let mut prune_unless_check = false;
            if best > -MATE_BOUND && !in_check && searched > 0 {
                let lmr_depth = (depth - 1 - self.reduction(depth, searched + 1) / 1024).max(0);
                if quiet {
                    if searched >= late_move_limit(self.params.lmp_base, depth, improving)
                        && depth <= 8
                    {
                        picker.keep_only_quiet_checks(&mut self.pos);
                        skip_quiets = true;
                        prune_unless_check = true;
                    }
                    // Futility: the static evaluation is too far below alpha for a quiet move.
                    if lmr_depth <= self.params.futility_depth
                        && eval
                            + self.params.futility_base
                            + self.params.futility_per_ply * lmr_depth
                            + history_score / 128
                            <= alpha
                    {
                        prune_unless_check = true;
                    }
                    // The exchange is the dearest test: skipped once the move is pruned anyway.
                    if !prune_unless_check
                        && lmr_depth <= self.params.futility_depth
                        && history_score < 2_000
                        && self.pos.see(m) < -self.params.see_quiet * lmr_depth * lmr_depth
                    {
                        prune_unless_check = true;
                    }
                } else if depth <= self.params.see_capture_depth
                    && is_bad_capture(order)
                    && picker.exchange_of(m).unwrap_or_else(|| self.pos.see(m))
                        < -self.params.see_capture * depth
                {
                    prune_unless_check = true;
                }
            }
            // Singular extension: if every other move fails well below the table's score, the
            // table move is the only one and deserves a deeper look.
            let mut extension = 0;
            if Some(m) == tt_move
                && excluded.is_none()
                && depth >= self.params.singular_depth
                && (ply as i32) < 2 * self.root_depth
                && let (Some(e), Some(s)) = (tt, tt_score)
                && e.bound != Bound::Upper
                && e.depth >= depth - 3
                && s.abs() < MATE_BOUND
            {
                let singular_beta = s - self.params.singular_margin * depth;
                self.frame(ply).excluded = Some(m);
                let v = self.search(
                    singular_beta - 1,
                    singular_beta,
                    (depth - 1) / 2,
                    ply,
                    cut_node,
                );
                self.frame(ply).excluded = None;
                if self.stopped {
                    self.done_with(picker);
                    return 0;
                }
                if v < singular_beta {
                    extension = 1;
                } else if singular_beta >= beta {
                    // Several moves beat beta: this node fails high anyway (multi-cut).
                    self.done_with(picker);
                    return singular_beta;
                }
            }
            // A pruned move survives only if it gives check; the game's own test can often
            // answer without making the move (and without prefetching a bucket never read).
            if prune_unless_check && !self.pos.gives_check(m) {
                continue;
            }
            let frame = self.frame(ply);
            frame.piece_to = now;
            frame.null_move = false;
            self.shared.tt.prefetch(self.pos.key_after(m));
            self.pos.make(m);
            let gives_check = self.pos.in_check();
            let new_depth = depth - 1 + extension;
            let score = if searched == 0 {
                -self.search(-beta, -alpha, new_depth, ply + 1, !pv_node && !cut_node)
            } else {
                let mut r = 0;
                if depth >= 3 && (quiet || is_bad_capture(order)) {
                    r = self.reduction(depth, searched + 1);
                    r += self.params.lmr_non_pv * i32::from(!pv_node);
                    r += self.params.lmr_cut_node * i32::from(cut_node);
                    r += self.params.lmr_not_improving * i32::from(!improving);
                    r += self.params.lmr_tt_capture * i32::from(tt_capture);
                    r -= self.params.lmr_check * i32::from(gives_check);
                    r -= self.params.lmr_killer
                        * i32::from(m == killers[0] || m == killers[1] || m == counter);
                    r -= history_score * 1024 / 8_192;
                    r = (r / 1024).clamp(0, new_depth - 1);
                }
                let mut s = -self.search(-alpha - 1, -alpha, new_depth - r, ply + 1, true);
                if s > alpha && r > 0 {
                    s = -self.search(-alpha - 1, -alpha, new_depth, ply + 1, !cut_node);
                }
                if pv_node && s > alpha && s < beta {
                    s = -self.search(-beta, -alpha, new_depth, ply + 1, false);
                }
                s
            };
            self.pos.unmake();
            if self.stopped {
                self.done_with(picker);
                return 0;
            }
            searched += 1;
            if score > best {
                best = score;
                if score > alpha {
                    best_move = Some(m);
                    alpha = score;
                    if pv_node {
                        self.update_pv(ply, m);
                    }
                    if score >= beta {
                        self.reward(m, ply, depth, &quiets, &captures);
                        break;
                    }
                }
            }
            if quiet {
                quiets.push(m);
            } else {
                captures.push(m);
            }
        }
        self.done_with(picker);
        if searched == 0 {
            if excluded.is_some() {
                return alpha;
            }
            if best == -INFINITY {
                // Nothing was searched: no legal move, or every move was pruned (impossible
                // while `best` is still -INFINITY, as pruning waits for a searched move).
                return outcome_score(self.pos.no_moves_outcome(), ply);
            }
        }
        // The correction learns where the search's result is a fact about the evaluation:
        // not a capture's gain, not a bound on the wrong side of it.
        if let Some(k) = keys
            && excluded.is_none()
            && best.abs() < MATE_BOUND
            && !best_move.is_some_and(|m| self.pos.is_capture(m))
            && ((best < static_eval && best < beta) || (best > static_eval && best_move.is_some()))
        {
            self.history
                .correction
                .update(side, k, best - static_eval, depth);
        }
        let path_dependent = self.rule_verdicts != verdicts_before && best.abs() >= MATE_BOUND;
        if excluded.is_none() && !path_dependent {
            let bound = Bound::of(best, alpha_orig, beta);
            self.shared.tt.store(
                key,
                Entry {
                    // A node that failed low has no best move: keep the table's.
                    mv: best_move.map_or(0, G::move_to_bits),
                    score: to_tt(best, ply),
                    eval: if in_check { 0 } else { raw_eval },
                    depth,
                    bound,
                },
            );
        }
        best
    }

    /// The score a game rule gives this node, if one decides it; wins and losses by a
    /// repetition verdict are counted, since they depend on the path (see `rule_verdicts`).
    pub(super) fn rule_score(&mut self, ply: usize) -> Option<i32> {
        let o = self.pos.rule_outcome()?;
        if !matches!(o, Outcome::Draw(_)) {
            self.rule_verdicts += 1;
        }
        Some(outcome_score(o, ply))
    }

    /// Node-level pruning before any move is searched, at a non-PV node not in check:
    /// razoring, reverse futility and the null move. `Some(score)` ends the node.
    #[allow(clippy::too_many_arguments)]
    fn prune_before_moves(
        &mut self,
        alpha: i32,
        beta: i32,
        depth: i32,
        ply: usize,
        eval: i32,
        improving: bool,
        cut_node: bool,
    ) -> Option<i32> {
        // Razoring: hopelessly below alpha near the leaves; let captures prove otherwise.
        if depth <= 3 && eval + self.params.razor_base + self.params.razor_per_ply * depth <= alpha
        {
            // The node's own static evaluation (its frame holds it) serves quiescence too.
            let static_eval = self.frame(ply).eval;
            let v = self.quiesce_with(alpha, alpha + 1, ply, Some(static_eval));
            if v <= alpha {
                return Some(v);
            }
        }
        // Reverse futility: far above beta at low depth, assume a quiet move holds it.
        let margin = self.params.rfp_per_ply * (depth - i32::from(improving));
        if depth <= self.params.rfp_depth && eval - margin >= beta && eval < MATE_BOUND {
            return Some((eval + beta) / 2);
        }
        let prev_null = self.stack[ply + super::worker::STACK_OFFSET - 1].null_move;
        if depth >= 3
            && eval >= beta
            && !prev_null
            && ply >= self.nmp_min_ply
            && beta > -MATE_BOUND
            && self.pos.null_move_allowed()
        {
            let r = self.params.nmp_base + depth / 3 + ((eval - beta) / 200).min(3);
            let frame = self.frame(ply);
            frame.piece_to = super::history::PieceTo::NONE;
            frame.null_move = true;
            self.pos.make_null();
            let s = -self.search(-beta, -beta + 1, depth - r, ply + 1, !cut_node);
            self.pos.unmake_null();
            self.frame(ply).null_move = false;
            if self.stopped {
                return None;
            }
            if s >= beta {
                let s = if s >= MATE_BOUND { beta } else { s };
                if depth < 10 || self.nmp_min_ply != 0 {
                    return Some(s);
                }
                // Deep: verify with a reduced search without null moves near here, which
                // catches the zugzwangs of thin endgames.
                self.nmp_min_ply = ply + (3 * (depth - r) / 4) as usize;
                let v = self.search(beta - 1, beta, depth - r, ply, false);
                self.nmp_min_ply = 0;
                if v >= beta {
                    return Some(s);
                }
            }
        }
        None
    }

    /// History updates after a cutoff by `m`: a bonus for it, a malus for the moves of its
    /// kind tried before it, and the killer and counter-move slots for a quiet move.
    fn reward(
        &mut self,
        m: G::Move,
        ply: usize,
        depth: i32,
        quiets: &Tried<G::Move>,
        captures: &Tried<G::Move>,
    ) {
        let b = self.params.bonus(depth);
        let side = self.pos.side_to_move().index();
        let prev = self.prev_moves(ply);
        let now = History::<G>::piece_to(&self.pos, m);
        if let Some(victim) = self.pos.captured_piece(m) {
            self.history.update_capture(now, victim, b);
        } else {
            self.history.set_killer(ply, m);
            self.history.set_counter(prev[0], m);
            self.history.update_quiet(side, m, now, prev, b);
            for q in quiets.iter() {
                let qn = History::<G>::piece_to(&self.pos, q);
                self.history.update_quiet(side, q, qn, prev, -b);
            }
        }
        for c in captures.iter() {
            let cn = History::<G>::piece_to(&self.pos, c);
            if let Some(victim) = self.pos.captured_piece(c) {
                self.history.update_capture(cn, victim, -b);
            }
        }
    }
}
