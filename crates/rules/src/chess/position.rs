//! The chess position: a mailbox for "what stands here", bitboards for "where are the pieces"
//! (`Board`), and a stack of states, one per position reached, so that a move can be taken
//! back and the rules can look at the history (repetition, the fifty-move rule).

use super::bitboard::Bitboard;
use super::board::Board;
use super::moves::{Castling, Move};
use super::types::{Kind, Piece, Square};
use super::zobrist;
use crate::Side;

/// What changes from one position to the next, kept so that [`Position::unmake`] can restore
/// it and the rules can judge repetitions and the fifty-move rule.
#[derive(Copy, Clone, Debug)]
pub struct State {
    /// Key of this position (after `mv` was played).
    pub key: u64,
    /// The move that led here; `None` for the root and after a null move.
    pub mv: Option<Move>,
    /// The piece `mv` captured (the pawn, for an en-passant capture).
    pub captured: Option<Piece>,
    /// The castling rights left.
    pub castling: Castling,
    /// The en-passant target square, only when the side to move has a legal capture onto it:
    /// an unusable square is dropped, so it changes neither the key nor repetitions.
    pub ep: Option<Square>,
    /// Plies since the last capture or pawn move (the fifty-move counter).
    pub rule50: u16,
    /// The enemy pieces giving check to the side to move.
    pub checkers: Bitboard,
}

/// A chess position and its history since it was set up: the board, the side to move, and
/// one [`State`] per position reached, so that moves can be taken back and the rules can judge
/// repetitions. Built by [`Position::startpos`] or [`Position::from_fen`].
#[derive(Clone)]
pub struct Position {
    pub(super) squares: [Option<Piece>; 64],
    pub(super) board: Board,
    pub(super) side: Side,
    pub(super) fullmove: u32,
    pub(super) states: Vec<State>,
}

impl Position {
    /// An empty board with White to move; only FEN parsing builds positions from here.
    pub(super) fn empty() -> Position {
        let mut states = Vec::with_capacity(512);
        states.push(State {
            key: 0,
            mv: None,
            captured: None,
            castling: Castling::NONE,
            ep: None,
            rule50: 0,
            checkers: 0,
        });
        Position {
            squares: [None; 64],
            board: Board::default(),
            side: Side::Red,
            fullmove: 1,
            states,
        }
    }

    /// The piece on `s`, if any.
    #[inline]
    pub fn piece_at(&self, s: Square) -> Option<Piece> {
        self.squares[s.index()]
    }
    /// The side whose turn it is (`Side::Red` is White).
    #[inline]
    pub fn side_to_move(&self) -> Side {
        self.side
    }
    /// The piece sets: one bitboard per kind and per side.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }
    /// Where `side`'s king stands.
    #[inline]
    pub fn king(&self, side: Side) -> Square {
        self.board.king(side)
    }
    /// The Zobrist key of the position (pieces, side to move, castling rights and a usable
    /// en-passant square), kept up to date by [`make`](Position::make).
    #[inline]
    pub fn key(&self) -> u64 {
        self.state().key
    }
    /// Whether the side to move is in check.
    #[inline]
    pub fn in_check(&self) -> bool {
        self.state().checkers != 0
    }
    /// The enemy pieces giving check to the side to move.
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        self.state().checkers
    }
    /// The castling rights left.
    #[inline]
    pub fn castling(&self) -> Castling {
        self.state().castling
    }
    /// The en-passant target square, only when the side to move can legally capture onto it.
    #[inline]
    pub fn ep(&self) -> Option<Square> {
        self.state().ep
    }
    /// Plies since the last capture or pawn move (the fifty-move counter).
    #[inline]
    pub fn rule50(&self) -> u16 {
        self.state().rule50
    }
    /// The state of the current position.
    #[inline]
    pub fn state(&self) -> &State {
        self.states.last().expect("the root state is never popped")
    }
    /// Every state from the root (index 0) to the current position.
    #[inline]
    pub fn states(&self) -> &[State] {
        &self.states
    }
    /// The move number, as in FEN: it starts at 1 (or the FEN's) and goes up after each move
    /// of Black.
    pub fn fullmove(&self) -> u32 {
        self.fullmove
    }

    /// Whether `side`'s king is attacked.
    pub fn is_in_check(&self, side: Side) -> bool {
        self.board
            .attacked(self.king(side), side.flip(), self.board.occupied())
    }

    /// Puts a piece on an empty square; the key is not touched (callers keep it).
    #[inline]
    pub(super) fn put(&mut self, p: Piece, s: Square) {
        self.squares[s.index()] = Some(p);
        self.board.toggle(p.side(), p.kind(), s);
    }

    #[inline]
    pub(super) fn remove(&mut self, p: Piece, s: Square) {
        self.squares[s.index()] = None;
        self.board.toggle(p.side(), p.kind(), s);
    }

    /// The key computed from scratch, for setting up and for checking the incremental one.
    pub fn compute_key(&self) -> u64 {
        let mut key = zobrist::castling(self.castling());
        if self.side == Side::Black {
            key ^= zobrist::side();
        }
        if let Some(ep) = self.ep() {
            key ^= zobrist::ep(ep);
        }
        for s in Square::all() {
            if let Some(p) = self.piece_at(s) {
                key ^= zobrist::piece(p, s);
            }
        }
        key
    }

    /// Finishes a set-up position: the root state from the FEN's fields.
    pub(super) fn init_root(&mut self, castling: Castling, ep: Option<Square>, rule50: u16) {
        let us = self.side;
        let ksq = self.king(us);
        let checkers =
            self.board.attackers_to(ksq, self.board.occupied()) & self.board.side(us.flip());
        self.states.clear();
        self.states.push(State {
            key: 0,
            mv: None,
            captured: None,
            castling,
            ep,
            rule50,
            checkers,
        });
        let key = self.compute_key();
        if let Some(st) = self.states.last_mut() {
            st.key = key;
        }
    }

    /// Whether `side` has a piece besides its king and pawns (null moves are unsafe without).
    pub fn has_pieces(&self, side: Side) -> bool {
        let b = &self.board;
        b.side(side) & !(b.kind(Kind::Pawn) | b.kind(Kind::King)) != 0
    }
}
