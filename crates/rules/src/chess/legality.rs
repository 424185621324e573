//! Whether an arbitrary move (from the transposition table, a killer slot, or text) is legal
//! here: first whether the piece can make it at all, then whether the king is safe after it,
//! by the same check, pin and en-passant tests as the generator. Any 16 bits may come in;
//! this must never accept one that the generator would not produce.

use super::bitboard::{
    RANK_1, RANK_8, between, forward, king_attacks, knight_attacks, line, pawn_attacks, several,
};
use super::magic::magics;
use super::makemove::ep_victim;
use super::moves::{Castling, Move, Special};
use super::position::Position;
use super::types::{Kind, Square};
use crate::Side;

impl Position {
    /// Whether `mv`, from anywhere (the table, a killer slot, text), is a legal move here:
    /// exactly the moves [`generate_legal`](Position::generate_legal) would produce.
    pub fn is_legal(&self, mv: Move) -> bool {
        let (from, to) = (mv.from(), mv.to());
        let us = self.side;
        let Some(p) = self.piece_at(from) else {
            return false;
        };
        if p.side() != us || self.board.side(us) & to.bit() != 0 {
            return false;
        }
        match mv.special() {
            Special::Castling => p.kind() == Kind::King && self.castling_legal(to),
            Special::EnPassant => {
                p.kind() == Kind::Pawn
                    && self.ep() == Some(to)
                    && pawn_attacks(us, from) & to.bit() != 0
                    && self.board.ep_legal(us, from, to, ep_victim(from, to))
            }
            Special::Promotion | Special::Normal => {
                let last = (RANK_1 | RANK_8) & to.bit() != 0;
                let shaped = if p.kind() == Kind::Pawn {
                    last == (mv.special() == Special::Promotion) && self.pawn_can(from, to)
                } else {
                    mv.special() == Special::Normal && self.piece_can(p.kind(), from, to)
                };
                shaped && self.king_safe_after(p.kind(), from, to)
            }
        }
    }

    /// Whether the piece on `from` moves like that (ignoring its king's safety): what tells
    /// "impossible" from "leaves the king in check" in error messages.
    pub(super) fn can_move(&self, from: Square, to: Square) -> bool {
        match self.piece_at(from) {
            Some(p) if p.kind() == Kind::Pawn => self.pawn_can(from, to),
            Some(p) => self.piece_can(p.kind(), from, to),
            None => false,
        }
    }

    /// Whether a pawn of the side to move on `from` can push or capture to `to` (ignoring
    /// its king's safety).
    fn pawn_can(&self, from: Square, to: Square) -> bool {
        let us = self.side;
        let occ = self.board.occupied();
        if pawn_attacks(us, from) & to.bit() != 0 {
            return self.board.side(us.flip()) & to.bit() != 0;
        }
        let one = forward(from.bit(), us);
        if one & occ != 0 {
            return false;
        }
        if one == to.bit() {
            return true;
        }
        let start_rank = if us == Side::Red { 1 } else { 6 };
        from.rank() == start_rank && forward(one, us) == to.bit() && to.bit() & occ == 0
    }

    /// Whether a knight, bishop, rook, queen or king on `from` attacks `to`.
    fn piece_can(&self, kind: Kind, from: Square, to: Square) -> bool {
        let occ = self.board.occupied();
        let m = magics();
        let attacks = match kind {
            Kind::Knight => knight_attacks(from),
            Kind::Bishop => m.bishop(from, occ),
            Kind::Rook => m.rook(from, occ),
            Kind::Queen => m.queen(from, occ),
            Kind::King => king_attacks(from),
            Kind::Pawn => 0,
        };
        attacks & to.bit() != 0
    }

    /// Whether the side to move's king is safe after the ordinary move `from`-`to` by a piece
    /// of `kind`, which the piece can make.
    fn king_safe_after(&self, kind: Kind, from: Square, to: Square) -> bool {
        let us = self.side;
        let b = &self.board;
        if kind == Kind::King {
            return !b.attacked(to, us.flip(), b.occupied() ^ from.bit());
        }
        let checkers = self.checkers();
        if several(checkers) {
            return false;
        }
        let ksq = b.king(us);
        if checkers != 0 && (between(ksq, Square::first(checkers)) | checkers) & to.bit() == 0 {
            return false;
        }
        self.pinned(us) & from.bit() == 0 || line(ksq, from) & to.bit() != 0
    }

    /// Whether castling with the king to `to` is legal (the generator's conditions).
    fn castling_legal(&self, to: Square) -> bool {
        let us = self.side;
        let king_side = match to.relative(us) {
            Square::G1 => true,
            Square::C1 => false,
            _ => return false,
        };
        if self.in_check() || !self.castling().has(Castling::right(us, king_side)) {
            return false;
        }
        let b = &self.board;
        let ksq = b.king(us);
        let rook = if king_side { Square::H1 } else { Square::A1 }.relative(us);
        let occ = b.occupied();
        if between(ksq, rook) & occ != 0 {
            return false;
        }
        let path = between(ksq, to) | to.bit();
        super::bitboard::squares(path).all(|s| !b.attacked(s, us.flip(), occ))
    }
}
