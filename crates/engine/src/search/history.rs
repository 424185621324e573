//! What a search thread learns about moves as it goes, for ordering and reductions:
//! - butterfly history: how often a quiet move (by side, from and to) caused a cutoff, minus
//!   how often it was tried and failed to;
//! - continuation history: the same for a quiet move (piece, target) following a given move one
//!   or two plies before, which captures the "this answers that" patterns a plain history misses;
//! - capture history: the same for captures (piece, target, victim), to order captures that
//!   MVV-LVA ranks alike;
//! - counter moves: the quiet move that refuted a given previous move;
//! - killers: the last two quiet cutoff moves of each ply;
//! - and, held here to live as long, the evaluation's corrections (`correction`).
//!
//! Every update uses the "gravity" formula `h += bonus - h * |bonus| / MAX`, which keeps values
//! within ±MAX without periodic rescaling and lets recent results outweigh old ones.

use super::correction::Correction;
use crate::game::EngineGame;

/// Magnitude bound of every history value.
pub const HISTORY_MAX: i32 = 16_384;

#[inline]
fn gravity(h: &mut i16, bonus: i32) {
    gravity_within(h, bonus, HISTORY_MAX);
}

/// The gravity update with its own bound `max` (the evaluation's corrections use a smaller one).
#[inline]
pub(super) fn gravity_within(h: &mut i16, bonus: i32, max: i32) {
    let v = i32::from(*h);
    let b = bonus.clamp(-max, max);
    *h = (v + b - v * b.abs() / max) as i16;
}

/// A move's identity for the continuation tables: which piece went where.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub struct PieceTo(pub u16);

impl PieceTo {
    /// "No move" (the root, or after a null move): index 0 of the tables is left unused by
    /// real moves so that it reads as neutral.
    pub const NONE: PieceTo = PieceTo(0);
}

pub struct History<G: EngineGame> {
    butterfly: Vec<i16>,
    capture: Vec<i16>,
    continuation: Vec<i16>,
    counter: Vec<G::Move>,
    killers: Vec<[G::Move; 2]>,
    piece_to_count: usize,
    /// The evaluation's corrections (kept whole from one search to the next: they learn
    /// about positions, not moves).
    pub correction: Correction,
}

impl<G: EngineGame> History<G> {
    pub fn new(max_ply: usize) -> Self {
        let piece_to_count = G::PIECE_COUNT * G::SQUARE_COUNT + 1;
        History {
            butterfly: vec![0; 2 * G::MOVE_INDEX_COUNT],
            capture: vec![0; piece_to_count * G::PIECE_COUNT],
            continuation: vec![0; piece_to_count * piece_to_count],
            counter: vec![G::NULL_MOVE; piece_to_count],
            killers: vec![[G::NULL_MOVE; 2]; max_ply + 2],
            piece_to_count,
            correction: Correction::default(),
        }
    }

    /// Forgets the killers (they belong to one search's plies) and ages the rest, so that a new
    /// search starts from what the last one learned without being ruled by it.
    pub fn new_search(&mut self) {
        self.forget_killers();
        for h in self
            .butterfly
            .iter_mut()
            .chain(self.capture.iter_mut())
            .chain(self.continuation.iter_mut())
        {
            *h /= 2;
        }
    }

    /// Forgets the killers alone.
    pub fn forget_killers(&mut self) {
        for k in self.killers.iter_mut() {
            *k = [G::NULL_MOVE; 2];
        }
    }

    /// The continuation-table identity of `m`, played by the side to move of `pos`.
    #[inline]
    pub fn piece_to(pos: &G, m: G::Move) -> PieceTo {
        PieceTo((pos.moved_piece(m) * G::SQUARE_COUNT + G::move_target(m) + 1) as u16)
    }

    #[inline]
    fn butterfly_index(side: usize, m: G::Move) -> usize {
        side * G::MOVE_INDEX_COUNT + G::move_index(m)
    }

    #[inline]
    fn cont_index(&self, prev: PieceTo, now: PieceTo) -> usize {
        usize::from(prev.0) * self.piece_to_count + usize::from(now.0)
    }

    /// The ordering score of a quiet move: its butterfly history plus its continuation
    /// histories after the moves one and two plies back.
    #[inline]
    pub fn quiet_score(&self, side: usize, m: G::Move, now: PieceTo, prev: [PieceTo; 2]) -> i32 {
        i32::from(self.butterfly[Self::butterfly_index(side, m)])
            + i32::from(self.continuation[self.cont_index(prev[0], now)])
            + i32::from(self.continuation[self.cont_index(prev[1], now)])
    }

    #[inline]
    pub fn capture_score(&self, now: PieceTo, victim: usize) -> i32 {
        i32::from(self.capture[usize::from(now.0) * G::PIECE_COUNT + victim])
    }

    pub fn update_quiet(
        &mut self,
        side: usize,
        m: G::Move,
        now: PieceTo,
        prev: [PieceTo; 2],
        bonus: i32,
    ) {
        gravity(&mut self.butterfly[Self::butterfly_index(side, m)], bonus);
        for p in prev {
            if p != PieceTo::NONE {
                let i = self.cont_index(p, now);
                gravity(&mut self.continuation[i], bonus);
            }
        }
    }

    pub fn update_capture(&mut self, now: PieceTo, victim: usize, bonus: i32) {
        gravity(
            &mut self.capture[usize::from(now.0) * G::PIECE_COUNT + victim],
            bonus,
        );
    }

    pub fn killers(&self, ply: usize) -> [G::Move; 2] {
        self.killers[ply]
    }

    pub fn set_killer(&mut self, ply: usize, m: G::Move) {
        let k = &mut self.killers[ply];
        if k[0] != m {
            k[1] = k[0];
            k[0] = m;
        }
    }

    /// Clears the killers of a ply (done for the children before a node's moves are searched).
    pub fn clear_killers(&mut self, ply: usize) {
        if let Some(k) = self.killers.get_mut(ply) {
            *k = [G::NULL_MOVE; 2];
        }
    }

    pub fn counter(&self, prev: PieceTo) -> G::Move {
        self.counter[usize::from(prev.0)]
    }

    pub fn set_counter(&mut self, prev: PieceTo, m: G::Move) {
        if prev != PieceTo::NONE {
            self.counter[usize::from(prev.0)] = m;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gravity_keeps_values_bounded_and_signed() {
        let mut h = 0i16;
        for _ in 0..1000 {
            gravity(&mut h, 1600);
        }
        assert!(i32::from(h) <= HISTORY_MAX && h > 15_000);
        for _ in 0..3 {
            gravity(&mut h, -1600);
        }
        assert!(h < 15_000);
        for _ in 0..1000 {
            gravity(&mut h, -1600);
        }
        assert!(i32::from(h) >= -HISTORY_MAX && h < -15_000);
    }
}
