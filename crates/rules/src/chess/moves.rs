//! Moves and castling rights: a move packed in 16 bits (it fits a transposition-table slot as
//! it is), and the four castling rights as bits.

use super::types::{Kind, Square};
use crate::Side;
use std::fmt;

/// What kind of move a [`Move`] is; the two top bits of its packed form, 0-3 in the order
/// listed here.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Special {
    /// Any other move, captures included.
    Normal,
    /// A pawn reaching the last rank; the piece it becomes is in the promotion field.
    Promotion,
    /// A pawn capturing en passant: the captured pawn is not on the target square.
    EnPassant,
    /// Written as the king's move (`e1g1`); the rook's move is implied.
    Castling,
}

/// A move packed in 16 bits: `from | to << 6 | promotion << 12 | special << 14`, where the
/// promotion field (knight, bishop, rook, queen as 0..3) is zero unless `special` is a
/// promotion. Sixteen bits so that it fits a transposition-table slot as it is.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(u16);

impl Move {
    /// A placeholder that is never a legal move (a1 to a1); used to fill fixed arrays.
    pub const NONE: Move = Move(0);

    /// A normal move from `from` to `to` (not checked for legality).
    #[inline]
    pub const fn new(from: Square, to: Square) -> Move {
        Move(from.index() as u16 | (to.index() as u16) << 6)
    }
    /// A pawn move to the last rank that promotes to `kind` (a knight, bishop, rook or queen).
    #[inline]
    pub const fn promotion(from: Square, to: Square, kind: Kind) -> Move {
        let p = (kind as u16).wrapping_sub(1) & 3;
        Move(Move::new(from, to).0 | p << 12 | 1 << 14)
    }
    /// An en-passant capture; `to` is the square the capturing pawn reaches.
    #[inline]
    pub const fn en_passant(from: Square, to: Square) -> Move {
        Move(Move::new(from, to).0 | 2 << 14)
    }
    /// Castling, given as the king's move (`e1g1`, `e1c1`, `e8g8`, `e8c8`).
    #[inline]
    pub const fn castling(from: Square, to: Square) -> Move {
        Move(Move::new(from, to).0 | 3 << 14)
    }
    /// The square the piece (the king, for castling) leaves.
    #[inline]
    pub const fn from(self) -> Square {
        Square::of((self.0 & 63) as u32)
    }
    /// The square the piece (the king, for castling) reaches.
    #[inline]
    pub const fn to(self) -> Square {
        Square::of((self.0 >> 6) as u32)
    }
    /// What kind of move this is.
    #[inline]
    pub const fn special(self) -> Special {
        match self.0 >> 14 {
            0 => Special::Normal,
            1 => Special::Promotion,
            2 => Special::EnPassant,
            _ => Special::Castling,
        }
    }
    /// The piece a promotion makes; `None` for other moves.
    #[inline]
    pub const fn promoted(self) -> Option<Kind> {
        match self.special() {
            Special::Promotion => Some(Kind::from_index(((self.0 >> 12) & 3) as usize + 1)),
            _ => None,
        }
    }
    /// The packed form, for storing in tables.
    #[inline]
    pub const fn bits(self) -> u16 {
        self.0
    }
    /// Unpacks stored bits; `None` for bits no generated move has (same squares, or a
    /// promotion field on a move that is not a promotion). Legality is
    /// [`Position::is_legal`](super::Position::is_legal)'s.
    pub const fn from_bits(bits: u16) -> Option<Move> {
        let m = Move(bits);
        let promo_field = (bits >> 12) & 3;
        if m.from().index() == m.to().index() {
            return None;
        }
        if promo_field != 0 && !matches!(m.special(), Special::Promotion) {
            return None;
        }
        Some(m)
    }
}

impl fmt::Display for Move {
    /// Long algebraic notation: `e2e4`, `e7e8q`, castling as the king's move `e1g1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from(), self.to())?;
        if let Some(k) = self.promoted() {
            write!(f, "{}", k.letter())?;
        }
        Ok(())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Castling rights: bit 0 White king side, 1 White queen side, 2 Black king side, 3 Black
/// queen side.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Castling(u8);

impl Castling {
    /// No right.
    pub const NONE: Castling = Castling(0);
    /// All four rights.
    pub const ALL: Castling = Castling(15);

    /// The right of `side` on the king side (`king_side`) or the queen side.
    #[inline]
    pub const fn right(side: Side, king_side: bool) -> Castling {
        Castling(1 << (side as u8 * 2 + if king_side { 0 } else { 1 }))
    }
    /// Whether any of the rights in `r` is held.
    #[inline]
    pub const fn has(self, r: Castling) -> bool {
        self.0 & r.0 != 0
    }
    /// These rights and those of `r`.
    #[inline]
    pub const fn with(self, r: Castling) -> Castling {
        Castling(self.0 | r.0)
    }
    /// These rights less those of `r`.
    #[inline]
    pub const fn without(self, r: Castling) -> Castling {
        Castling(self.0 & !r.0)
    }
    /// The rights in both sets.
    #[inline]
    pub const fn keep(self, kept: Castling) -> Castling {
        Castling(self.0 & kept.0)
    }
    /// The four rights as bits 0-3, in the order of [`Castling::LIST`].
    #[inline]
    pub const fn bits(self) -> u8 {
        self.0
    }
    /// The rights kept when a piece leaves or lands on `s` (a king or rook home square
    /// loses its rights either way).
    #[inline]
    pub const fn kept_by(s: Square) -> Castling {
        match s.index() {
            4 => Castling(0b1100),
            0 => Castling(0b1101),
            7 => Castling(0b1110),
            60 => Castling(0b0011),
            56 => Castling(0b0111),
            63 => Castling(0b1011),
            _ => Castling::ALL,
        }
    }
    /// The four rights with their FEN letter, side and wing, in FEN order.
    pub const LIST: [(char, Side, bool); 4] = [
        ('K', Side::Red, true),
        ('Q', Side::Red, false),
        ('k', Side::Black, true),
        ('q', Side::Black, false),
    ];
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_round_trip_through_bits() {
        let (e7, e8) = (Square::new(4, 6).unwrap(), Square::E8);
        for k in Kind::PROMOTIONS {
            let m = Move::promotion(e7, e8, k);
            assert_eq!(m.promoted(), Some(k));
            assert_eq!(Move::from_bits(m.bits()), Some(m));
        }
        assert_eq!(Move::promotion(e7, e8, Kind::Queen).to_string(), "e7e8q");
        let c = Move::castling(Square::E1, Square::G1);
        assert_eq!(c.to_string(), "e1g1");
        assert_eq!(Move::from_bits(c.bits()), Some(c));
        assert_eq!(Move::from_bits(0), None, "a1a1");
        assert_eq!(Move::from_bits(Move::new(e7, e8).bits() | 1 << 12), None);
    }
}
