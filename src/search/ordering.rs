//! Move ordering: the transposition-table move first, then captures by MVV-LVA (most valuable
//! victim, least valuable attacker), then the two killer moves of the ply, then quiet moves by
//! their history score. Moves are picked one at a time (selection), since a cutoff usually
//! comes early and sorting the rest would be wasted.

use crate::game::{Game, MOVE_LIST_CAPACITY, MoveList};

const TT_MOVE: i32 = 1 << 30;
const CAPTURE: i32 = 1 << 24;
const KILLER: [i32; 2] = [1 << 23, (1 << 23) - 1];

pub struct Picker<M: Copy> {
    moves: MoveList<M>,
    scores: [i32; MOVE_LIST_CAPACITY],
    next: usize,
}

impl<M: Copy + Eq> Picker<M> {
    /// Scores `moves` for the position `pos`.
    pub fn new<G: Game<Move = M>>(
        pos: &G,
        moves: MoveList<M>,
        tt_move: Option<M>,
        killers: &[M; 2],
        history: &[i32],
    ) -> Picker<M> {
        let mut scores = [0; MOVE_LIST_CAPACITY];
        for (i, m) in moves.iter().enumerate() {
            scores[i] = if Some(m) == tt_move {
                TT_MOVE
            } else if let Some((victim, attacker)) = pos.capture_values(m) {
                CAPTURE + victim * 16 - attacker / 16
            } else if m == killers[0] {
                KILLER[0]
            } else if m == killers[1] {
                KILLER[1]
            } else {
                history[G::move_index(m)].min(KILLER[1] - 1)
            };
        }
        Picker {
            moves,
            scores,
            next: 0,
        }
    }

    /// The best-scored move not yet returned.
    pub fn next(&mut self) -> Option<M> {
        let n = self.moves.len();
        if self.next >= n {
            return None;
        }
        let mut best = self.next;
        for i in self.next + 1..n {
            if self.scores[i] > self.scores[best] {
                best = i;
            }
        }
        let moves = self.moves.as_mut_slice();
        moves.swap(self.next, best);
        self.scores.swap(self.next, best);
        self.next += 1;
        Some(moves[self.next - 1])
    }
}
