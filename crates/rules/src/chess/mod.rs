//! Western chess: bitboards, legal moves and every rule, and its [`Game`] implementation.
//! White is [`Side::Red`] in the types both games share.
//!
//! Start from [`Position`] ([`Position::from_fen`], [`Position::generate_legal`],
//! [`Position::make`]); moves are read and written as UCI's long algebraic text
//! ([`Position::parse_move`]) or as SAN ([`Position::san`], [`Position::parse_san`]), and the
//! rules that end a game are in [`rules`].
//!
//! One file per concern: `types` (squares, pieces, moves), `bitboard` and `magic` (attack
//! tables), `board` (piece sets and attack questions), `position`, `makemove`, `movegen`,
//! `legality` (moves from outside), `fen`, `notation`, `san` (PGN's move text), `see`, `rules`.

pub mod bitboard;
mod board;
pub mod fen;
mod legality;
pub mod magic;
mod magic_numbers;
mod makemove;
mod movegen;
pub mod moves;
pub mod notation;
mod position;
pub mod rules;
pub mod san;
mod see;
pub mod types;
mod zobrist;

pub use fen::{FenError, START_FEN};
pub use makemove::{castling_rook, ep_victim};
pub use moves::Move;
pub use notation::MoveError;
pub use position::{Position, State};
pub use see::PieceValues;
pub use types::{Kind, Piece, Square};

use crate::{Game, GenKind, MoveList, Outcome, Reason, Side};
use moves::Special;

impl Game for Position {
    type Move = Move;
    type FenError = FenError;
    type MoveError = MoveError;
    /// Chess generates legal moves alone (pins and checks are known before the moves are).
    type Legality = ();

    const NULL_MOVE: Move = Move::NONE;
    /// History tables index moves by their squares only (`from | to << 6`): the promotions
    /// of one pawn share a slot, which costs nothing worth the four times larger tables.
    const MOVE_INDEX_COUNT: usize = 1 << 12;
    const PIECE_COUNT: usize = Piece::COUNT;
    const SQUARE_COUNT: usize = Square::COUNT;

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
        self.generate_legal(kind, out)
    }
    fn legality(&self) {}
    fn is_legal_pseudo(&self, _m: Move, _legality: &()) -> bool {
        true
    }
    fn is_legal(&self, m: Move) -> bool {
        Position::is_legal(self, m)
    }
    fn is_capture(&self, m: Move) -> bool {
        m.special() == Special::EnPassant || self.piece_at(m.to()).is_some()
    }
    fn moved_piece(&self, m: Move) -> usize {
        self.piece_at(m.from()).map_or(0, |p| p.index())
    }
    fn captured_piece(&self, m: Move) -> Option<usize> {
        let kind = self.captured_kind(m)?;
        Some(Piece::new(self.side_to_move().flip(), kind).index())
    }
    fn move_target(m: Move) -> usize {
        m.to().index()
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
        rules::repetition_outcome(self, 2)
            .or_else(|| {
                // A mate on the ply that reaches the limit wins, as for the arbiter.
                rules::fifty_move_outcome(self).map(|draw| {
                    if self.in_check() && self.count_legal() == 0 {
                        Outcome::Loss(Reason::Checkmate)
                    } else {
                        draw
                    }
                })
            })
            .or_else(|| {
                rules::insufficient_material(self)
                    .then_some(Outcome::Draw(Reason::InsufficientMaterial))
            })
    }
    fn no_moves_outcome(&self) -> Outcome {
        rules::no_moves_outcome(self)
    }
    fn move_index(m: Move) -> usize {
        usize::from(m.bits() & 0xfff)
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
}

impl Position {
    /// The kind of piece `m` captures (a pawn, for en passant), if any.
    #[inline]
    pub fn captured_kind(&self, m: Move) -> Option<Kind> {
        if m.special() == Special::EnPassant {
            return Some(Kind::Pawn);
        }
        self.piece_at(m.to()).map(|p| p.kind())
    }
}
