//! Xiangqi: the board, its moves and its rules, and its [`Game`] implementation.
//!
//! Start from [`Position`] ([`Position::from_fen`], [`Position::generate_legal`],
//! [`Position::make`]); move text is in [`notation`] (ICCS, WXF, Chinese) and the rules that
//! end a game in [`rules`]. Squares are named in ICCS: files `a`–`i` from Red's left, ranks
//! 0–9 from Red's back rank.

mod attacks;
pub mod chase;
pub mod fen;
pub mod lines;
mod movegen;
pub mod notation;
mod position;
pub mod rules;
mod see;
pub mod tables;
pub mod types;
mod zobrist;

pub use attacks::Exposure;
pub use fen::{FenError, START_FEN};
pub use notation::MoveError;
pub use position::{Board, Position, State};
pub use see::PieceValues;
pub use types::{Kind, Move, Piece, Square};

use crate::{Game, GenKind, MoveList, Outcome, Side};

impl Game for Position {
    type Move = Move;
    type FenError = FenError;
    type MoveError = MoveError;
    type Legality = Exposure;

    const NULL_MOVE: Move = Move::NONE;
    const MOVE_INDEX_COUNT: usize = 1 << 14;
    const PIECE_COUNT: usize = Piece::COUNT;
    const SQUARE_COUNT: usize = types::SQUARES;

    fn startpos() -> Self {
        Position::startpos()
    }
    fn from_fen(fen: &str) -> Result<Self, FenError> {
        Position::from_fen(fen)
    }
    fn to_fen(&self) -> String {
        Position::to_fen(self)
    }
    fn side_to_move(&self) -> Side {
        Position::side_to_move(self)
    }
    fn key(&self) -> u64 {
        Position::key(self)
    }
    fn key_after(&self, m: Move) -> u64 {
        Position::key_after(self, m)
    }
    fn in_check(&self) -> bool {
        Position::in_check(self)
    }
    fn generate(&self, kind: GenKind, out: &mut MoveList<Move>) {
        self.generate_legal(kind, out)
    }
    fn count_moves(&self) -> usize {
        self.count_legal()
    }
    fn generate_pseudo(&self, kind: GenKind, out: &mut MoveList<Move>) {
        Position::generate_pseudo(self, kind, out)
    }
    fn legality(&self) -> Exposure {
        self.exposure()
    }
    fn is_legal_pseudo(&self, m: Move, exposure: &Exposure) -> bool {
        self.is_legal_with(m, exposure)
    }
    fn is_legal(&self, m: Move) -> bool {
        Position::is_legal(self, m)
    }
    fn is_capture(&self, m: Move) -> bool {
        self.piece_at(m.to()).is_some()
    }
    fn moved_piece(&self, m: Move) -> usize {
        self.piece_at(m.from()).map_or(0, |p| p.index())
    }
    fn captured_piece(&self, m: Move) -> Option<usize> {
        self.piece_at(m.to()).map(|p| p.index())
    }
    fn move_target(m: Move) -> usize {
        m.to().index()
    }
    fn gives_check(&mut self, m: Move) -> bool {
        self.move_gives_check(m)
    }
    fn make(&mut self, m: Move) {
        Position::make(self, m)
    }
    fn unmake(&mut self) {
        Position::unmake(self)
    }
    fn make_null(&mut self) {
        Position::make_null(self)
    }
    fn unmake_null(&mut self) {
        Position::unmake_null(self)
    }
    fn rule_outcome(&self) -> Option<Outcome> {
        rules::repetition_outcome(self, 2).or_else(|| {
            // The limit only draws a position where the side to move can still move: a mate
            // on the ply that reaches it wins, as for the arbiter (`rules::outcome`).
            rules::move_limit_outcome(self).map(|draw| {
                if self.count_legal() == 0 {
                    rules::no_moves_outcome(self)
                } else {
                    draw
                }
            })
        })
    }
    fn no_moves_outcome(&self) -> Outcome {
        rules::no_moves_outcome(self)
    }
    fn move_index(m: Move) -> usize {
        m.bits() as usize
    }
    fn move_to_bits(m: Move) -> u16 {
        m.bits()
    }
    fn move_from_bits(bits: u16) -> Option<Move> {
        Move::from_bits(bits)
    }
    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        Position::parse_move(self, text)
    }
    fn format_move(&self, m: Move) -> String {
        m.to_string()
    }
    fn unusual_placements(&self) -> Vec<String> {
        Position::unusual_placements(self)
    }
}
