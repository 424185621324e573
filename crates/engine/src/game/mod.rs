//! The games as the engine plays them: the rules' positions (`jiangjun_rules`) with the
//! evaluation's incremental state beside them, and `SearchGame`, what the generic search asks
//! of a game beyond its rules.
//!
//! Why a wrapper and not a field of the rules' position: the rules crate knows nothing of
//! evaluation, so that other programs can use it alone and the compiler keeps the layers
//! apart. The wrapper makes the rules' move and then updates what the evaluation keeps
//! incrementally (material and placement, the net's accumulators) from the pieces the move
//! moved; the same sums as before in the same positions, so the search is node for node the
//! same.

mod chess;
mod xiangqi;

pub use chess::Chess;
pub use xiangqi::Xiangqi;

use jiangjun_rules::Game;

/// A game the search can play: its rules (`Game`) and what a search needs beyond them.
pub trait SearchGame: Game {
    /// The engine's score for the game's standard minor piece (Xiangqi: a horse), so that
    /// protocols can rescale to conventions like UCCI's "100 = one horse".
    const MINOR_PIECE_VALUE: i32;

    /// Static evaluation from the side to move's view.
    fn evaluate(&self) -> i32;
    /// Victim and attacker values of a capture (or of another tactical move, the victim being
    /// what it gains), for MVV-LVA ordering; `None` for quiet moves.
    fn capture_values(&self, m: Self::Move) -> Option<(i32, i32)>;
    /// Static exchange evaluation: the material the mover wins (negative: loses) in the
    /// exchange that `m` starts on its target point, both sides recapturing while it pays.
    /// Takes `&mut self` because a game may play the exchange out on its board; the position
    /// is left exactly as it was.
    fn see(&mut self, m: Self::Move) -> i32;
    /// Whether a null move is reasonable here (the side to move has attacking pieces).
    fn null_move_allowed(&self) -> bool;
}
