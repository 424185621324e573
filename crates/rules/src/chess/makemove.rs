//! Making and taking back moves (and the null move), with the key kept incrementally, and
//! `key_after`, which predicts that key without making the move.

use super::board::Board;
use super::moves::{Castling, Move, Special};
use super::position::{Position, State};
use super::types::{Kind, Piece, Square};
use super::zobrist;
use crate::Side;

/// The rook's move that goes with the king's castling move to `king_to`.
#[inline]
pub fn castling_rook(king_to: Square) -> (Square, Square) {
    match king_to {
        Square::G1 => (Square::H1, Square::F1),
        Square::C1 => (Square::A1, Square::D1),
        Square::G8 => (Square::H8, Square::F8),
        _ => (Square::A8, Square::D8),
    }
}

/// The square of the pawn an en-passant capture from `from` to `to` takes.
#[inline]
pub fn ep_victim(from: Square, to: Square) -> Square {
    Square::of((from.rank() * 8 + to.file()) as u32)
}

/// Whether a pawn move from `from` to `to` is a double push.
#[inline]
fn double_push(from: Square, to: Square) -> bool {
    from.index().abs_diff(to.index()) == 16
}

/// The en-passant square after `us` double-pushed to `to` on `after` (the board with the move
/// made), if the opponent can legally use it.
fn usable_ep(after: &Board, us: Side, from: Square, to: Square) -> Option<Square> {
    let ep = Square::of(((from.index() + to.index()) / 2) as u32);
    after.any_ep(us.flip(), ep, to).then_some(ep)
}

impl Position {
    /// The key after the legal move `mv` (see `make`, which keeps the same key incrementally).
    pub fn key_after(&self, mv: Move) -> u64 {
        let (from, to) = (mv.from(), mv.to());
        let st = self.state();
        let Some(moving) = self.piece_at(from) else {
            return st.key ^ zobrist::side();
        };
        let us = self.side;
        let mut key = st.key ^ zobrist::side() ^ zobrist::piece(moving, from);
        if let Some(ep) = st.ep {
            key ^= zobrist::ep(ep);
        }
        let placed = match mv.promoted() {
            Some(k) => Piece::new(us, k),
            None => moving,
        };
        key ^= zobrist::piece(placed, to);
        match mv.special() {
            Special::EnPassant => {
                let victim = ep_victim(from, to);
                key ^= zobrist::piece(Piece::new(us.flip(), Kind::Pawn), victim);
            }
            Special::Castling => {
                let (rf, rt) = castling_rook(to);
                let rook = Piece::new(us, Kind::Rook);
                key ^= zobrist::piece(rook, rf) ^ zobrist::piece(rook, rt);
            }
            _ => {
                if let Some(c) = self.piece_at(to) {
                    key ^= zobrist::piece(c, to);
                }
            }
        }
        let rights = st
            .castling
            .keep(Castling::kept_by(from))
            .keep(Castling::kept_by(to));
        key ^= zobrist::castling(st.castling) ^ zobrist::castling(rights);
        if moving.kind() == Kind::Pawn && double_push(from, to) {
            let mut after = self.board;
            after.toggle(us, Kind::Pawn, from);
            after.toggle(us, Kind::Pawn, to);
            if let Some(ep) = usable_ep(&after, us, from, to) {
                key ^= zobrist::ep(ep);
            }
        }
        key
    }

    /// Plays a move that must be legal (from `generate`, `parse_move` or `is_legal`).
    pub fn make(&mut self, mv: Move) {
        let (from, to) = (mv.from(), mv.to());
        let moving = self.squares[from.index()].expect("a legal move starts on a piece");
        let us = self.side;
        let them = us.flip();
        let prev = *self.state();
        let mut key = prev.key ^ zobrist::side() ^ zobrist::castling(prev.castling);
        if let Some(ep) = prev.ep {
            key ^= zobrist::ep(ep);
        }
        let mut captured = None;
        match mv.special() {
            Special::Castling => {
                let (rf, rt) = castling_rook(to);
                let rook = Piece::new(us, Kind::Rook);
                self.remove(rook, rf);
                self.put(rook, rt);
                key ^= zobrist::piece(rook, rf) ^ zobrist::piece(rook, rt);
            }
            Special::EnPassant => {
                let victim = ep_victim(from, to);
                let pawn = Piece::new(them, Kind::Pawn);
                self.remove(pawn, victim);
                key ^= zobrist::piece(pawn, victim);
                captured = Some(pawn);
            }
            _ => {
                if let Some(c) = self.squares[to.index()] {
                    self.remove(c, to);
                    key ^= zobrist::piece(c, to);
                    captured = Some(c);
                }
            }
        }
        let placed = match mv.promoted() {
            Some(k) => Piece::new(us, k),
            None => moving,
        };
        self.remove(moving, from);
        self.put(placed, to);
        key ^= zobrist::piece(moving, from) ^ zobrist::piece(placed, to);
        let castling = prev
            .castling
            .keep(Castling::kept_by(from))
            .keep(Castling::kept_by(to));
        key ^= zobrist::castling(castling);
        let pawn_move = moving.kind() == Kind::Pawn;
        let ep = if pawn_move && double_push(from, to) {
            usable_ep(&self.board, us, from, to)
        } else {
            None
        };
        if let Some(ep) = ep {
            key ^= zobrist::ep(ep);
        }
        self.side = them;
        if us == Side::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        let ksq = self.board.king(them);
        let checkers = self.board.attackers_to(ksq, self.board.occupied()) & self.board.side(us);
        let rule50 = if pawn_move || captured.is_some() {
            0
        } else {
            prev.rule50.saturating_add(1)
        };
        self.states.push(State {
            key,
            mv: Some(mv),
            captured,
            castling,
            ep,
            rule50,
            checkers,
        });
    }

    /// Takes back the last move made with `make` (or `make_null`). Does nothing at the root.
    pub fn unmake(&mut self) {
        if self.states.len() <= 1 {
            return;
        }
        let st = self.states.pop().expect("checked above");
        self.side = self.side.flip();
        let us = self.side;
        if us == Side::Black {
            self.fullmove = self.fullmove.saturating_sub(1).max(1);
        }
        let Some(mv) = st.mv else {
            return; // a null move changed nothing on the board
        };
        let (from, to) = (mv.from(), mv.to());
        let placed = self.squares[to.index()].expect("the moved piece stands on its target");
        let moving = if mv.promoted().is_some() {
            Piece::new(us, Kind::Pawn)
        } else {
            placed
        };
        self.remove(placed, to);
        self.put(moving, from);
        match mv.special() {
            Special::Castling => {
                let (rf, rt) = castling_rook(to);
                let rook = Piece::new(us, Kind::Rook);
                self.remove(rook, rt);
                self.put(rook, rf);
            }
            Special::EnPassant => {
                if let Some(c) = st.captured {
                    self.put(c, ep_victim(from, to));
                }
            }
            _ => {
                if let Some(c) = st.captured {
                    self.put(c, to);
                }
            }
        }
    }

    /// Passes the move to the opponent (for null-move pruning); never made in check.
    pub fn make_null(&mut self) {
        let prev = *self.state();
        let us = self.side;
        self.side = us.flip();
        if us == Side::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        let mut key = prev.key ^ zobrist::side();
        if let Some(ep) = prev.ep {
            key ^= zobrist::ep(ep);
        }
        self.states.push(State {
            key,
            mv: None,
            captured: None,
            castling: prev.castling,
            ep: None,
            rule50: prev.rule50.saturating_add(1),
            checkers: 0,
        });
    }

    /// Takes back [`make_null`](Position::make_null).
    pub fn unmake_null(&mut self) {
        self.unmake();
    }
}
