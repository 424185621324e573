//! Move ordering, in stages: the transposition-table move is tried before any move is
//! generated (a cutoff by it saves the generation), then the rest are generated and scored:
//! captures that do not lose material (static exchange ≥ 0) by victim value and capture
//! history, then the two killers and the counter move, then quiet moves by their butterfly and
//! continuation histories, and last the captures that lose material. Moves are picked one at
//! a time (selection), since a cutoff usually comes early and sorting the rest would be wasted.

use super::history::{History, PieceTo};
use crate::game::{Game, GenKind, MOVE_LIST_CAPACITY, MoveList};

const GOOD_CAPTURE: i32 = 1 << 28;
const KILLER: [i32; 2] = [1 << 26, (1 << 26) - 1];
const COUNTER: i32 = (1 << 26) - 2;
const BAD_CAPTURE: i32 = -(1 << 28);
/// The low bit of a capture's score is set while its exchange is not yet known to be safe:
/// the static exchange is only worked out when the capture comes up for picking, since most
/// nodes cut off before their later captures are reached.
const UNCHECKED: i32 = 1;

/// Whether a picked move's score puts it among the losing captures.
#[inline]
pub fn is_bad_capture(score: i32) -> bool {
    score < BAD_CAPTURE / 2
}

/// What a node knows that ordering needs: the history tables and the moves that led here.
pub struct Context<'h, G: Game> {
    pub history: &'h History<G>,
    pub killers: [G::Move; 2],
    pub counter: G::Move,
    /// The continuation identities of the moves one and two plies back.
    pub prev: [PieceTo; 2],
}

#[derive(Copy, Clone, PartialEq, Eq)]
enum Stage {
    TtMove,
    Generate,
    Pick,
}

pub struct Picker<M: Copy> {
    stage: Stage,
    kind: GenKind,
    tt_move: Option<M>,
    moves: MoveList<M>,
    scores: [i32; MOVE_LIST_CAPACITY],
    next: usize,
}

impl<M: Copy + Eq> Picker<M> {
    /// A picker over the moves of `kind`, starting with `tt_move` (already checked legal).
    pub fn new(kind: GenKind, tt_move: Option<M>, filler: M) -> Picker<M> {
        Picker {
            stage: Stage::TtMove,
            kind,
            tt_move,
            moves: MoveList::new(filler),
            scores: [0; MOVE_LIST_CAPACITY],
            next: 0,
        }
    }

    /// The next move with its ordering score, or `None` when all were returned.
    pub fn next<G: Game<Move = M>>(
        &mut self,
        pos: &mut G,
        ctx: &Context<'_, G>,
    ) -> Option<(M, i32)> {
        if self.stage == Stage::TtMove {
            self.stage = Stage::Generate;
            if let Some(m) = self.tt_move {
                return Some((m, GOOD_CAPTURE * 2));
            }
        }
        if self.stage == Stage::Generate {
            self.stage = Stage::Pick;
            pos.generate(self.kind, &mut self.moves);
            if let Some(t) = self.tt_move {
                self.moves.retain(|m| m != t);
            }
            self.score_all(pos, ctx);
        }
        self.pick(pos)
    }

    fn score_all<G: Game<Move = M>>(&mut self, pos: &mut G, ctx: &Context<'_, G>) {
        let side = pos.side_to_move().index();
        for i in 0..self.moves.len() {
            let m = self.moves.as_slice()[i];
            let now = History::<G>::piece_to(pos, m);
            self.scores[i] = if let Some((victim, attacker)) = pos.capture_values(m) {
                let captured = pos.captured_piece(m).unwrap_or(0);
                let value = 2 * (victim * 16 + ctx.history.capture_score(now, captured) / 16);
                // A capture of a piece worth at least the capturer never loses material.
                GOOD_CAPTURE + value + i32::from(victim < attacker) * UNCHECKED
            } else if m == ctx.killers[0] {
                KILLER[0]
            } else if m == ctx.killers[1] {
                KILLER[1]
            } else if m == ctx.counter {
                COUNTER
            } else {
                ctx.history.quiet_score(side, m, now, ctx.prev)
            };
        }
    }

    fn pick<G: Game<Move = M>>(&mut self, pos: &mut G) -> Option<(M, i32)> {
        let n = self.moves.len();
        loop {
            if self.next >= n {
                return None;
            }
            let mut best = self.next;
            for i in self.next + 1..n {
                if self.scores[i] > self.scores[best] {
                    best = i;
                }
            }
            let m = self.moves.as_slice()[best];
            let score = self.scores[best];
            if score >= GOOD_CAPTURE && score & UNCHECKED != 0 {
                // A capture by a more valuable piece: safe only if the exchange says so.
                if pos.see(m) >= 0 {
                    self.scores[best] = score - UNCHECKED;
                } else {
                    self.scores[best] = score - UNCHECKED - GOOD_CAPTURE + BAD_CAPTURE;
                    continue;
                }
            }
            let score = self.scores[best];
            let moves = self.moves.as_mut_slice();
            moves.swap(self.next, best);
            self.scores.swap(self.next, best);
            self.next += 1;
            return Some((m, score));
        }
    }
}
