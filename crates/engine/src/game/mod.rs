//! The games as the engine plays them: the rules' positions (`jiangjun_rules`) with the
//! evaluation's incremental state beside them, and `EngineGame`, what the engine asks of a
//! game beyond its rules.
//!
//! Why a wrapper and not a field of the rules' position: the rules crate knows nothing of
//! evaluation, so that other programs can use it alone and the compiler keeps the layers
//! apart. The wrapper makes the rules' move and then updates what the evaluation keeps
//! incrementally (material and placement, the net's accumulators) from the pieces the move
//! moved; the same sums as before in the same positions, so the search is node for node the
//! same.

mod chess;
#[cfg(test)]
mod nnue_tests;
mod xiangqi;

pub use chess::Chess;
pub use xiangqi::Xiangqi;

use crate::book::Book;
use crate::evaluation::Evaluation;
use jiangjun_rules::{Game, GameKind};

/// A game the engine can play: its rules (`Game`), what the search needs beyond them, and the
/// few facts the protocol's text and the tools need. The search uses the first part only; the
/// game stays generic there.
pub trait EngineGame: Game {
    /// The game's name in `UCI_Variant` and in messages.
    const NAME: &'static str;
    /// Which of the games this is, to carry the choice across a switch.
    const KIND: GameKind;
    /// The engine's score for the game's standard minor piece (Xiangqi: a horse), so that
    /// protocols can rescale to conventions like UCCI's "100 = one horse".
    const MINOR_PIECE_VALUE: i32;
    /// The number of the bottom rank in move text (Xiangqi's ICCS counts from 0, chess from 1),
    /// so that `d` labels the ranks as the moves name them.
    const FIRST_RANK: usize;
    /// The positions `bench` searches for this game.
    const BENCH: &'static [&'static str];
    /// Whether a net can evaluate this game (`EvalFile`).
    const HAS_NET: bool;

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

    /// Evaluates with `evaluation` from now on. A game without nets (`HAS_NET` false) keeps
    /// its classical evaluation.
    fn set_evaluation(&mut self, _evaluation: &Evaluation) {}
    /// The material share the win/draw/loss model reads: 1 with every piece on the board, 0
    /// with none.
    fn material_share(&self) -> f64;
    /// The moves `book` holds for this position, with their weights, heaviest first. Books
    /// are Xiangqi books: other games have none.
    fn book_moves(&self, _book: &Book) -> Vec<(Self::Move, u16)> {
        Vec::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_is_found_by_its_name() {
        for k in GameKind::ALL {
            assert_eq!(GameKind::named(&k.name().to_uppercase()), Some(k));
        }
        assert_eq!(GameKind::named("shogi"), None);
    }

    #[test]
    fn every_bench_position_parses() {
        for f in Xiangqi::BENCH {
            assert!(Xiangqi::from_fen(f).is_ok(), "{f}");
        }
        for f in Chess::BENCH {
            assert!(Chess::from_fen(f).is_ok(), "{f}");
        }
    }
}
