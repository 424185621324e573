//! The rules that end a chess game, as functions over the position and its history: no legal
//! move (checkmate loses, stalemate draws), repetition, the fifty-move rule and insufficient
//! material (a dead position: no sequence of legal moves could mate).
//!
//! Arbiters ask [`outcome`]`(pos, 3)` (threefold repetition ends the game); the search asks at the
//! first repetition (`occurrences = 2`), since a cycle that can be repeated once can be
//! repeated again.

use super::bitboard::LIGHT;
use super::position::{Position, State};
use super::types::Kind;
use crate::{Outcome, Reason};

/// The fifty-move rule: this many plies without a capture or a pawn move draw the game.
pub const FIFTY_MOVE_PLIES: u16 = 100;

/// The full verdict of the rules on the current position, if the game is over.
pub fn outcome(pos: &Position, occurrences: usize) -> Option<Outcome> {
    if pos.count_legal() == 0 {
        return Some(no_moves_outcome(pos));
    }
    repetition_outcome(pos, occurrences)
        .or_else(|| fifty_move_outcome(pos))
        .or_else(|| {
            insufficient_material(pos).then_some(Outcome::Draw(Reason::InsufficientMaterial))
        })
}

/// Checkmate loses for the side to move; stalemate is a draw.
pub fn no_moves_outcome(pos: &Position) -> Outcome {
    if pos.in_check() {
        Outcome::Loss(Reason::Checkmate)
    } else {
        Outcome::Draw(Reason::Stalemate)
    }
}

/// A draw once the fifty-move counter reaches the limit (a mate on that very ply is the
/// caller's to prefer: `outcome` asks for legal moves first).
pub fn fifty_move_outcome(pos: &Position) -> Option<Outcome> {
    (pos.rule50() >= FIFTY_MOVE_PLIES).then_some(Outcome::Draw(Reason::FiftyMoves))
}

/// Whether neither side can ever mate: kings alone, a king and one minor piece against a
/// king, or only bishops besides the kings, all on squares of one colour.
pub fn insufficient_material(pos: &Position) -> bool {
    let b = pos.board();
    if b.kind(Kind::Pawn) | b.kind(Kind::Rook) | b.kind(Kind::Queen) != 0 {
        return false;
    }
    let minors = b.kind(Kind::Knight) | b.kind(Kind::Bishop);
    if minors.count_ones() <= 1 {
        return true;
    }
    let bishops = b.kind(Kind::Bishop);
    b.kind(Kind::Knight) == 0 && (bishops & LIGHT == 0 || bishops & !LIGHT == 0)
}

/// The states since the last irreversible move (capture, pawn move, or a null move), oldest
/// first: repetitions can only happen inside this window.
fn reversible_window(states: &[State]) -> &[State] {
    let last = states.len() - 1;
    let reach = usize::from(states[last].rule50).min(last);
    let low = last - reach;
    let start = states[low..]
        .iter()
        .rposition(|s| s.mv.is_none())
        .map_or(low, |i| low + i);
    &states[start..]
}

/// A draw when the current position has occurred `occurrences` times (this one included)
/// since the last irreversible move; `None` if fewer.
pub fn repetition_outcome(pos: &Position, occurrences: usize) -> Option<Outcome> {
    let window = reversible_window(pos.states());
    let last = window.len() - 1;
    let key = window[last].key;
    let mut seen = 1;
    let mut i = last;
    // Positions with the same side to move stand an even number of plies apart.
    while i >= 2 {
        i -= 2;
        if window[i].key == key {
            seen += 1;
            if seen >= occurrences.max(2) {
                return Some(Outcome::Draw(Reason::Repetition));
            }
        }
    }
    None
}

#[cfg(test)]
#[path = "rules_tests.rs"]
mod tests;
