//! The piece sets of a position (one bitboard per kind and per side) and the questions asked
//! of them alone: who attacks a square, and whether an en-passant capture is legal. Kept apart
//! from `Position` so that a hypothetical board (a move not yet made) can be asked the same
//! questions by copying 64 bytes.

use super::bitboard::{Bitboard, king_attacks, knight_attacks, pawn_attacks, squares};
use super::magic::magics;
use super::types::{Kind, Square};
use crate::Side;

/// The piece sets of a position.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct Board {
    /// The squares of each kind, both sides together, by [`Kind::index`].
    pub kinds: [Bitboard; 6],
    /// The squares of each side's pieces, by [`Side::index`].
    pub sides: [Bitboard; 2],
}

impl Board {
    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.sides[0] | self.sides[1]
    }
    /// The squares of `side`'s pieces of `kind`.
    #[inline]
    pub fn of(&self, side: Side, kind: Kind) -> Bitboard {
        self.sides[side.index()] & self.kinds[kind.index()]
    }
    /// The squares of `side`'s pieces.
    #[inline]
    pub fn side(&self, side: Side) -> Bitboard {
        self.sides[side.index()]
    }
    /// The squares of both sides' pieces of `kind`.
    #[inline]
    pub fn kind(&self, kind: Kind) -> Bitboard {
        self.kinds[kind.index()]
    }
    /// Rooks and queens.
    #[inline]
    pub fn orthogonal(&self) -> Bitboard {
        self.kinds[Kind::Rook.index()] | self.kinds[Kind::Queen.index()]
    }
    /// Bishops and queens.
    #[inline]
    pub fn diagonal(&self) -> Bitboard {
        self.kinds[Kind::Bishop.index()] | self.kinds[Kind::Queen.index()]
    }
    /// The king of `side`; a board without one (never built by FEN parsing) answers a1.
    #[inline]
    pub fn king(&self, side: Side) -> Square {
        Square::first(self.of(side, Kind::King))
    }
    /// Toggles a piece of `side` and `kind` on `s`.
    #[inline]
    pub fn toggle(&mut self, side: Side, kind: Kind, s: Square) {
        self.kinds[kind.index()] ^= s.bit();
        self.sides[side.index()] ^= s.bit();
    }

    /// Every piece of either side attacking `s` when the occupancy is `occupied`.
    #[inline]
    pub fn attackers_to(&self, s: Square, occupied: Bitboard) -> Bitboard {
        let m = magics();
        (pawn_attacks(Side::Red, s) & self.of(Side::Black, Kind::Pawn))
            | (pawn_attacks(Side::Black, s) & self.of(Side::Red, Kind::Pawn))
            | (knight_attacks(s) & self.kind(Kind::Knight))
            | (king_attacks(s) & self.kind(Kind::King))
            | (m.rook(s, occupied) & self.orthogonal())
            | (m.bishop(s, occupied) & self.diagonal())
    }

    /// Whether a piece of `by` attacks `s`.
    #[inline]
    pub fn attacked(&self, s: Square, by: Side, occupied: Bitboard) -> bool {
        self.attackers_to(s, occupied) & self.side(by) != 0
    }

    /// Whether the pawn of `us` on `from` may capture en passant onto `ep`, taking the pawn on
    /// `victim`, without leaving its own king attacked. Plays the capture on the occupancy:
    /// this covers the rank pin where both pawns leave the king's rank at once, a pawn pinned
    /// on a diagonal, and a check the capture does not answer.
    pub fn ep_legal(&self, us: Side, from: Square, ep: Square, victim: Square) -> bool {
        let them = us.flip();
        let occupied = (self.occupied() ^ from.bit() ^ victim.bit()) | ep.bit();
        let ksq = self.king(us);
        let enemies = self.side(them) & !victim.bit();
        let m = magics();
        enemies
            & ((m.rook(ksq, occupied) & self.orthogonal())
                | (m.bishop(ksq, occupied) & self.diagonal())
                | (knight_attacks(ksq) & self.kind(Kind::Knight))
                | (pawn_attacks(us, ksq) & self.kind(Kind::Pawn))
                | (king_attacks(ksq) & self.kind(Kind::King)))
            == 0
    }

    /// Whether `us` has a legal en-passant capture onto `ep` of the pawn on `victim`.
    pub fn any_ep(&self, us: Side, ep: Square, victim: Square) -> bool {
        let capturers = pawn_attacks(us.flip(), ep) & self.of(us, Kind::Pawn);
        squares(capturers).any(|from| self.ep_legal(us, from, ep, victim))
    }
}
