//! Legal move generation, fully legal from the start: the king's steps are tested against
//! the attacks they walk into, a check restricts the other pieces to capturing the checker
//! or blocking, a pinned piece keeps to its pin line, and the rare en-passant capture is
//! played out on the occupancy (`Board::ep_legal`). No move is made to test it.
//!
//! The generator writes into a `Collect`: a move list for the search, or a counter for
//! perft's last ply, which adds a piece's whole target set with one popcount.
//!
//! `GenKind::Captures` is the tactical stage that quiescence searches: captures and every
//! promotion to a queen, quiet ones too (a quiet queen promotion wins more material than most
//! captures). Under-promotions, capturing or not, are left to `GenKind::Quiets`, so that the
//! two kinds still split `GenKind::All` exactly.

use super::bitboard::{
    Bitboard, FILE_A, FILE_H, RANK_1, RANK_8, between, forward, king_attacks, knight_attacks, line,
    pawn_attacks, several, squares,
};
use super::magic::magics;
use super::makemove::ep_victim;
use super::moves::{Castling, Move};
use super::position::Position;
use super::types::{Kind, Square};
use crate::{GenKind, MoveList, Side};

/// Where generated moves go.
pub(super) trait Collect {
    /// Ordinary moves from `from` to each square of `targets`.
    fn moves(&mut self, from: Square, targets: Bitboard);
    /// Ordinary pawn moves to each square of `targets`, each from `delta` squares behind it.
    fn pawn_moves(&mut self, targets: Bitboard, delta: i32);
    /// Promotions to each of `kinds` per target, each from `delta` squares behind its target.
    fn promotions(&mut self, targets: Bitboard, delta: i32, kinds: &[Kind]);
    /// One move of its own (castling, en passant).
    fn one(&mut self, m: Move);
}

#[inline]
fn origin(to: Square, delta: i32) -> Square {
    Square::of((to.index() as i32 - delta) as u32)
}

impl Collect for MoveList<Move> {
    #[inline]
    fn moves(&mut self, from: Square, targets: Bitboard) {
        for to in squares(targets) {
            self.push(Move::new(from, to));
        }
    }
    #[inline]
    fn pawn_moves(&mut self, targets: Bitboard, delta: i32) {
        for to in squares(targets) {
            self.push(Move::new(origin(to, delta), to));
        }
    }
    #[inline]
    fn promotions(&mut self, targets: Bitboard, delta: i32, kinds: &[Kind]) {
        for to in squares(targets) {
            for &k in kinds {
                self.push(Move::promotion(origin(to, delta), to, k));
            }
        }
    }
    #[inline]
    fn one(&mut self, m: Move) {
        self.push(m);
    }
}

/// Counts moves without listing them.
pub(super) struct Counter(pub usize);

impl Collect for Counter {
    #[inline]
    fn moves(&mut self, _: Square, targets: Bitboard) {
        self.0 += targets.count_ones() as usize;
    }
    #[inline]
    fn pawn_moves(&mut self, targets: Bitboard, _: i32) {
        self.0 += targets.count_ones() as usize;
    }
    #[inline]
    fn promotions(&mut self, targets: Bitboard, _: i32, kinds: &[Kind]) {
        self.0 += kinds.len() * targets.count_ones() as usize;
    }
    #[inline]
    fn one(&mut self, _: Move) {
        self.0 += 1;
    }
}

/// The squares a move of each kind may go to: empty ones, enemy ones, or both (pawns sort
/// their moves by kind themselves, promotions being the exception).
#[inline]
fn kind_mask(kind: GenKind, empty: Bitboard, theirs: Bitboard) -> Bitboard {
    match kind {
        GenKind::All => empty | theirs,
        GenKind::Captures => theirs,
        GenKind::Quiets => empty,
    }
}

/// The promotions each kind generates: a queen is tactical, the others are not.
#[inline]
fn promotions_of(kind: GenKind) -> &'static [Kind] {
    const UNDER: [Kind; 3] = [Kind::Knight, Kind::Rook, Kind::Bishop];
    match kind {
        GenKind::All => &Kind::PROMOTIONS,
        GenKind::Captures => &Kind::PROMOTIONS[..1],
        GenKind::Quiets => &UNDER,
    }
}

impl Position {
    /// Appends the legal moves of `kind` of the side to move to `out`.
    pub fn generate_legal(&self, kind: GenKind, out: &mut MoveList<Move>) {
        self.generate_into(kind, out);
    }

    /// The number of legal moves, without listing them (perft's leaves).
    pub fn count_legal(&self) -> usize {
        let mut c = Counter(0);
        self.generate_into(GenKind::All, &mut c);
        c.0
    }

    /// The pieces of `us` that stand alone between their king and an enemy slider.
    pub fn pinned(&self, us: Side) -> Bitboard {
        let b = &self.board;
        let m = magics();
        let ksq = b.king(us);
        let occ = b.occupied();
        let snipers = ((m.rook(ksq, 0) & b.orthogonal()) | (m.bishop(ksq, 0) & b.diagonal()))
            & b.side(us.flip());
        let mut pinned = 0;
        for s in squares(snipers) {
            let gap = between(ksq, s) & occ;
            if gap != 0 && !several(gap) {
                pinned |= gap & b.side(us);
            }
        }
        pinned
    }

    pub(super) fn generate_into<C: Collect>(&self, kind: GenKind, c: &mut C) {
        let b = &self.board;
        let m = magics();
        let us = self.side;
        let them = us.flip();
        let occ = b.occupied();
        let ours = b.side(us);
        let targets = kind_mask(kind, !occ, b.side(them));
        let ksq = b.king(us);
        let checkers = self.checkers();
        let mut king_to = 0;
        for to in squares(king_attacks(ksq) & targets) {
            if !b.attacked(to, them, occ ^ ksq.bit()) {
                king_to |= to.bit();
            }
        }
        c.moves(ksq, king_to);
        if several(checkers) {
            return; // double check: only the king can move
        }
        let evasions = if checkers == 0 {
            !0
        } else {
            between(ksq, Square::first(checkers)) | checkers
        };
        let allowed = targets & evasions;
        let pinned = self.pinned(us);
        for from in squares(b.kind(Kind::Knight) & ours & !pinned) {
            c.moves(from, knight_attacks(from) & allowed);
        }
        for from in squares(b.diagonal() & ours) {
            let mut t = m.bishop(from, occ) & allowed;
            if pinned & from.bit() != 0 {
                t &= line(ksq, from);
            }
            c.moves(from, t);
        }
        for from in squares(b.orthogonal() & ours) {
            let mut t = m.rook(from, occ) & allowed;
            if pinned & from.bit() != 0 {
                t &= line(ksq, from);
            }
            c.moves(from, t);
        }
        let pawns = b.of(us, Kind::Pawn);
        let pawn_allowed = !ours & evasions;
        self.pawn_set(pawns & !pinned, pawn_allowed, kind, c);
        for from in squares(pawns & pinned) {
            self.pawn_set(from.bit(), pawn_allowed & line(ksq, from), kind, c);
        }
        if kind.captures() {
            self.en_passant(c);
        }
        if checkers == 0 && kind.quiets() {
            self.castling_moves(c);
        }
    }

    /// Pushes, double pushes, captures and promotions of the pawns in `pawns` that belong to
    /// `kind`, to squares in `allowed` (empty or enemy squares that answer a check, if any).
    fn pawn_set<C: Collect>(&self, pawns: Bitboard, allowed: Bitboard, kind: GenKind, c: &mut C) {
        if pawns == 0 {
            return;
        }
        let us = self.side;
        let b = &self.board;
        let empty = !b.occupied();
        let theirs = b.side(us.flip());
        let (up, last, third) = match us {
            Side::Red => (8, RANK_8, RANK_1 << 16),
            Side::Black => (-8, RANK_1, RANK_8 >> 16),
        };
        let promote = promotions_of(kind);
        let single = forward(pawns, us) & empty;
        if kind.quiets() {
            let double = forward(single & third, us) & empty & allowed;
            c.pawn_moves(single & allowed & !last, up);
            c.promotions(single & allowed & last, up, promote);
            c.pawn_moves(double, 2 * up);
        } else {
            c.promotions(single & allowed & last, up, promote);
        }
        let ahead_west = forward(pawns & !FILE_A, us) >> 1;
        let ahead_east = forward(pawns & !FILE_H, us) << 1;
        for (set, delta) in [(ahead_west, up - 1), (ahead_east, up + 1)] {
            let t = set & theirs & allowed;
            if kind.captures() {
                c.pawn_moves(t & !last, delta);
            }
            c.promotions(t & last, delta, promote);
        }
    }

    fn en_passant<C: Collect>(&self, c: &mut C) {
        let Some(ep) = self.ep() else { return };
        let us = self.side;
        let b = &self.board;
        for from in squares(pawn_attacks(us.flip(), ep) & b.of(us, Kind::Pawn)) {
            if b.ep_legal(us, from, ep, ep_victim(from, ep)) {
                c.one(Move::en_passant(from, ep));
            }
        }
    }

    /// Castling moves when not in check: the right is held (so king and rook are at home),
    /// the squares between them are empty, and the king crosses and lands on no attacked square.
    fn castling_moves<C: Collect>(&self, c: &mut C) {
        let us = self.side;
        let b = &self.board;
        let occ = b.occupied();
        let ksq = b.king(us);
        for king_side in [true, false] {
            if !self.castling().has(Castling::right(us, king_side)) {
                continue;
            }
            let (to, rook) = match (us, king_side) {
                (Side::Red, true) => (Square::G1, Square::H1),
                (Side::Red, false) => (Square::C1, Square::A1),
                (Side::Black, true) => (Square::G8, Square::H8),
                (Side::Black, false) => (Square::C8, Square::A8),
            };
            if between(ksq, rook) & occ != 0 {
                continue;
            }
            let path = between(ksq, to) | to.bit();
            if squares(path).all(|s| !b.attacked(s, us.flip(), occ)) {
                c.one(Move::castling(ksq, to));
            }
        }
    }
}
