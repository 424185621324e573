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

/// What an engine position shares with the other: it reads as the rules' position (`Deref`,
/// `position`); it is built `From` one with its history, starting at the root (the wrapper's
/// `at_root`) and replaying the moves through its own `make`, so that every state has its
/// evaluation state; and it implements `Game` with the rules' answers from the wrapped `pos`
/// and the moves through the wrapper's `make`, `unmake` and `make_null`.
macro_rules! game_through_position {
    ($wrapper:ty, $rules:ty) => {
        impl std::ops::Deref for $wrapper {
            type Target = $rules;
            #[inline]
            fn deref(&self) -> &$rules {
                &self.pos
            }
        }

        impl From<$rules> for $wrapper {
            /// Takes a position with its history; the evaluation's state is rebuilt for every
            /// state in it.
            fn from(pos: $rules) -> $wrapper {
                let history: Vec<_> = pos.states()[1..].iter().map(|s| s.mv).collect();
                let mut root = pos;
                for _ in &history {
                    root.unmake();
                }
                let mut wrapper = <$wrapper>::at_root(root);
                wrapper.replay(&history);
                wrapper
            }
        }

        impl $wrapper {
            /// The rules' position.
            #[inline]
            pub fn position(&self) -> &$rules {
                &self.pos
            }

            /// Plays `history` (a null move where a move is `None`) from here.
            fn replay(&mut self, history: &[Option<<$rules as jiangjun_rules::Game>::Move>]) {
                for &mv in history {
                    match mv {
                        Some(m) => self.make(m),
                        None => self.make_null(),
                    }
                }
            }
        }

        impl jiangjun_rules::Game for $wrapper {
            type Move = <$rules as jiangjun_rules::Game>::Move;
            type FenError = <$rules as jiangjun_rules::Game>::FenError;
            type MoveError = <$rules as jiangjun_rules::Game>::MoveError;
            type Legality = <$rules as jiangjun_rules::Game>::Legality;

            const NULL_MOVE: Self::Move = <$rules as jiangjun_rules::Game>::NULL_MOVE;
            const MOVE_INDEX_COUNT: usize = <$rules as jiangjun_rules::Game>::MOVE_INDEX_COUNT;
            const PIECE_COUNT: usize = <$rules as jiangjun_rules::Game>::PIECE_COUNT;
            const SQUARE_COUNT: usize = <$rules as jiangjun_rules::Game>::SQUARE_COUNT;

            fn startpos() -> Self {
                Self::from(<$rules as jiangjun_rules::Game>::startpos())
            }
            fn from_fen(fen: &str) -> Result<Self, Self::FenError> {
                <$rules as jiangjun_rules::Game>::from_fen(fen).map(Self::from)
            }
            fn to_fen(&self) -> String {
                jiangjun_rules::Game::to_fen(&self.pos)
            }
            #[inline]
            fn side_to_move(&self) -> jiangjun_rules::Side {
                jiangjun_rules::Game::side_to_move(&self.pos)
            }
            #[inline]
            fn key(&self) -> u64 {
                jiangjun_rules::Game::key(&self.pos)
            }
            #[inline]
            fn key_after(&self, m: Self::Move) -> u64 {
                jiangjun_rules::Game::key_after(&self.pos, m)
            }
            #[inline]
            fn in_check(&self) -> bool {
                jiangjun_rules::Game::in_check(&self.pos)
            }
            #[inline]
            fn generate(
                &self,
                kind: jiangjun_rules::GenKind,
                out: &mut jiangjun_rules::MoveList<Self::Move>,
            ) {
                jiangjun_rules::Game::generate(&self.pos, kind, out)
            }
            fn count_moves(&self) -> usize {
                jiangjun_rules::Game::count_moves(&self.pos)
            }
            #[inline]
            fn generate_pseudo(
                &self,
                kind: jiangjun_rules::GenKind,
                out: &mut jiangjun_rules::MoveList<Self::Move>,
            ) {
                jiangjun_rules::Game::generate_pseudo(&self.pos, kind, out)
            }
            #[inline]
            fn legality(&self) -> Self::Legality {
                jiangjun_rules::Game::legality(&self.pos)
            }
            #[inline]
            fn is_legal_pseudo(&self, m: Self::Move, legality: &Self::Legality) -> bool {
                jiangjun_rules::Game::is_legal_pseudo(&self.pos, m, legality)
            }
            #[inline]
            fn is_legal(&self, m: Self::Move) -> bool {
                jiangjun_rules::Game::is_legal(&self.pos, m)
            }
            #[inline]
            fn is_capture(&self, m: Self::Move) -> bool {
                jiangjun_rules::Game::is_capture(&self.pos, m)
            }
            #[inline]
            fn moved_piece(&self, m: Self::Move) -> usize {
                jiangjun_rules::Game::moved_piece(&self.pos, m)
            }
            #[inline]
            fn captured_piece(&self, m: Self::Move) -> Option<usize> {
                jiangjun_rules::Game::captured_piece(&self.pos, m)
            }
            #[inline]
            fn move_target(m: Self::Move) -> usize {
                <$rules as jiangjun_rules::Game>::move_target(m)
            }
            #[inline]
            fn gives_check(&mut self, m: Self::Move) -> bool {
                jiangjun_rules::Game::gives_check(&mut self.pos, m)
            }
            #[inline]
            fn make(&mut self, m: Self::Move) {
                <$wrapper>::make(self, m)
            }
            #[inline]
            fn unmake(&mut self) {
                <$wrapper>::unmake(self)
            }
            #[inline]
            fn make_null(&mut self) {
                <$wrapper>::make_null(self)
            }
            #[inline]
            fn unmake_null(&mut self) {
                <$wrapper>::unmake(self)
            }
            #[inline]
            fn rule_outcome(&self) -> Option<jiangjun_rules::Outcome> {
                jiangjun_rules::Game::rule_outcome(&self.pos)
            }
            fn no_moves_outcome(&self) -> jiangjun_rules::Outcome {
                jiangjun_rules::Game::no_moves_outcome(&self.pos)
            }
            #[inline]
            fn move_index(m: Self::Move) -> usize {
                <$rules as jiangjun_rules::Game>::move_index(m)
            }
            #[inline]
            fn move_to_bits(m: Self::Move) -> u16 {
                <$rules as jiangjun_rules::Game>::move_to_bits(m)
            }
            #[inline]
            fn move_from_bits(bits: u16) -> Option<Self::Move> {
                <$rules as jiangjun_rules::Game>::move_from_bits(bits)
            }
            fn parse_move(&self, text: &str) -> Result<Self::Move, Self::MoveError> {
                jiangjun_rules::Game::parse_move(&self.pos, text)
            }
            fn format_move(&self, m: Self::Move) -> String {
                jiangjun_rules::Game::format_move(&self.pos, m)
            }
            fn unusual_placements(&self) -> Vec<String> {
                jiangjun_rules::Game::unusual_placements(&self.pos)
            }
        }
    };
}

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
    /// The points (one bit per point number) of the side to move's pieces in danger: attacked
    /// by a cheaper piece, or attacked and undefended. Ordering tries the quiet moves that take
    /// such a piece away before the others. A game without the test finds none.
    fn threatened(&self) -> u128 {
        0
    }
    /// Whether `m` moves a piece from one of the points of `threatened`.
    fn leaves(_threatened: u128, _m: Self::Move) -> bool {
        false
    }

    /// Two keys of the position for the evaluation's correction history, one for each side's
    /// pieces but its pawns (the search learns how far the evaluation misses for positions
    /// sharing a key). `None`: no correction.
    fn correction_keys(&self) -> Option<[u64; 2]> {
        None
    }

    /// Evaluates with `evaluation` from now on. A game without nets (`HAS_NET` false) keeps
    /// its classical evaluation.
    fn set_evaluation(&mut self, _evaluation: &Evaluation) {}
    /// The material share the win/draw/loss model reads: 1 with every piece on the board, 0
    /// with none.
    fn material_share(&self) -> f64;
    /// The `eval` command's report: the static evaluation taken apart, one line a row (see
    /// `eval::report`).
    fn eval_report(&self) -> Vec<String>;
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
    fn the_pieces_in_danger_are_those_a_cheaper_piece_or_an_undefended_attack_threatens() {
        // Red's rook a4 is attacked by a horse, the horse h3 by a rook and not defended; the
        // cannon e2 is attacked by a rook but defended, the rook i2 not attacked.
        let pos = Xiangqi::from_fen("5k3/7r1/4r4/1n7/9/R8/7N1/4C3R/9/3K5 w - - 0 1").unwrap();
        let at = |f, r| 1u128 << jiangjun_rules::xiangqi::Square::new(f, r).unwrap().index();
        let danger = pos.threatened();
        assert_eq!(danger, at(0, 4) | at(7, 3));
        let away = pos.parse_move("a4a5").unwrap();
        let other = pos.parse_move("i2i1").unwrap();
        assert!(Xiangqi::leaves(danger, away) && !Xiangqi::leaves(danger, other));
        // Black to move in the same placement: none of its pieces is attacked.
        let black = Xiangqi::from_fen("5k3/7r1/4r4/1n7/9/R8/7N1/4C3R/9/3K5 b - - 0 1").unwrap();
        assert_eq!(black.threatened(), 0);
        assert_eq!(Chess::startpos().threatened(), 0);
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
