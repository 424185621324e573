//! Xiangqi: the board, its moves and its rules, and the `Game` implementation the search uses.

mod attacks;
pub mod chase;
pub mod fen;
mod lines;
mod movegen;
pub mod notation;
mod position;
pub mod rules;
mod tables;
pub mod types;
mod zobrist;

pub use fen::{FenError, START_FEN};
pub use notation::MoveError;
pub use position::{Position, State};
pub use types::{Kind, Move, Piece, Square};

use crate::game::{Game, GenKind, MoveList, Side};

impl Game for Position {
    type Move = Move;
    type FenError = FenError;
    type MoveError = MoveError;

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
    fn in_check(&self) -> bool {
        Position::in_check(self)
    }
    fn generate(&self, kind: GenKind, out: &mut MoveList<Move>) {
        self.generate_legal(kind, out)
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
    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        Position::parse_move(self, text)
    }
    fn format_move(&self, m: Move) -> String {
        m.to_string()
    }
}
