//! The small value types of a chess position: squares, pieces, moves and castling rights.
//!
//! Each is a newtype over a byte or two so that the hot paths stay cheap, while the
//! constructors make sure a value can only ever name something that exists.

use crate::game::Side;
use std::fmt;

/// One of the 64 squares, numbered `rank * 8 + file`; rank 0 is White's back rank (rank 1 in
/// chess notation), file 0 is `a`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    pub const COUNT: usize = 64;
    pub const A1: Square = Square(0);
    pub const C1: Square = Square(2);
    pub const D1: Square = Square(3);
    pub const E1: Square = Square(4);
    pub const F1: Square = Square(5);
    pub const G1: Square = Square(6);
    pub const H1: Square = Square(7);
    pub const A8: Square = Square(56);
    pub const C8: Square = Square(58);
    pub const D8: Square = Square(59);
    pub const E8: Square = Square(60);
    pub const F8: Square = Square(61);
    pub const G8: Square = Square(62);
    pub const H8: Square = Square(63);

    /// The square at `file` (0..8) and `rank` (0..8), or `None` off the board.
    #[inline]
    pub const fn new(file: i32, rank: i32) -> Option<Square> {
        if file >= 0 && file < 8 && rank >= 0 && rank < 8 {
            Some(Square((rank * 8 + file) as u8))
        } else {
            None
        }
    }

    /// The square of a bit index below 64 (the index is masked, so any value names a square).
    #[inline]
    pub const fn of(index: u32) -> Square {
        Square((index & 63) as u8)
    }

    /// The lowest square of a non-empty set.
    #[inline]
    pub const fn first(set: u64) -> Square {
        Square::of(set.trailing_zeros())
    }

    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    #[inline]
    pub const fn file(self) -> i32 {
        (self.0 & 7) as i32
    }
    #[inline]
    pub const fn rank(self) -> i32 {
        (self.0 >> 3) as i32
    }
    #[inline]
    pub const fn bit(self) -> u64 {
        1u64 << self.0
    }

    /// The square `df` files and `dr` ranks away, if it is on the board.
    #[inline]
    pub const fn offset(self, df: i32, dr: i32) -> Option<Square> {
        Square::new(self.file() + df, self.rank() + dr)
    }

    /// The same square seen from the other side (rank 1 ↔ rank 8, files kept), for colour
    /// symmetry.
    #[inline]
    pub const fn flipped(self) -> Square {
        Square(self.0 ^ 56)
    }

    /// The square as `side` sees it: itself for White, flipped for Black.
    #[inline]
    pub const fn relative(self, side: Side) -> Square {
        match side {
            Side::Red => self,
            Side::Black => self.flipped(),
        }
    }

    /// Every square, in index order.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64u8).map(Square)
    }

    /// Reads `e4`-style text (lower-case file letter, rank digit 1-8).
    pub fn parse(text: &[u8]) -> Option<Square> {
        match text {
            [f @ b'a'..=b'h', r @ b'1'..=b'8'] => {
                Square::new(i32::from(f - b'a'), i32::from(r - b'1'))
            }
            _ => None,
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = (b'a' + self.file() as u8) as char;
        write!(f, "{file}{}", self.rank() + 1)
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The six kinds of chess piece, in the order of their usual value.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
#[repr(u8)]
pub enum Kind {
    Pawn = 0,
    Knight = 1,
    Bishop = 2,
    Rook = 3,
    Queen = 4,
    King = 5,
}

impl Kind {
    pub const ALL: [Kind; 6] = [
        Kind::Pawn,
        Kind::Knight,
        Kind::Bishop,
        Kind::Rook,
        Kind::Queen,
        Kind::King,
    ];
    /// The pieces a pawn may promote to, in the order moves list them.
    pub const PROMOTIONS: [Kind; 4] = [Kind::Queen, Kind::Knight, Kind::Rook, Kind::Bishop];

    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The kind numbered `v` (0..6); larger numbers read as a king.
    pub const fn from_index(v: usize) -> Kind {
        match v {
            0 => Kind::Pawn,
            1 => Kind::Knight,
            2 => Kind::Bishop,
            3 => Kind::Rook,
            4 => Kind::Queen,
            _ => Kind::King,
        }
    }

    /// The FEN letter, lower case (as in long algebraic promotions).
    pub const fn letter(self) -> char {
        match self {
            Kind::Pawn => 'p',
            Kind::Knight => 'n',
            Kind::Bishop => 'b',
            Kind::Rook => 'r',
            Kind::Queen => 'q',
            Kind::King => 'k',
        }
    }

    /// The kind of a letter in either case.
    pub const fn from_letter(c: char) -> Option<Kind> {
        match c.to_ascii_lowercase() {
            'p' => Some(Kind::Pawn),
            'n' => Some(Kind::Knight),
            'b' => Some(Kind::Bishop),
            'r' => Some(Kind::Rook),
            'q' => Some(Kind::Queen),
            'k' => Some(Kind::King),
            _ => None,
        }
    }

    /// The English name used in messages.
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Pawn => "pawn",
            Kind::Knight => "knight",
            Kind::Bishop => "bishop",
            Kind::Rook => "rook",
            Kind::Queen => "queen",
            Kind::King => "king",
        }
    }
}

/// A piece: a kind and a side, packed as `side * 6 + kind` (0..12).
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Piece(u8);

impl Piece {
    pub const COUNT: usize = 12;

    #[inline]
    pub const fn new(side: Side, kind: Kind) -> Piece {
        Piece(side as u8 * 6 + kind as u8)
    }
    #[inline]
    pub const fn side(self) -> Side {
        if self.0 < 6 { Side::Red } else { Side::Black }
    }
    #[inline]
    pub const fn kind(self) -> Kind {
        Kind::from_index(self.0 as usize % 6)
    }
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The FEN letter: upper case for White, lower case for Black.
    pub fn letter(self) -> char {
        let c = self.kind().letter();
        match self.side() {
            Side::Red => c.to_ascii_uppercase(),
            Side::Black => c,
        }
    }

    pub fn from_letter(c: char) -> Option<Piece> {
        let side = if c.is_ascii_uppercase() {
            Side::Red
        } else {
            Side::Black
        };
        Kind::from_letter(c).map(|k| Piece::new(side, k))
    }
}

impl fmt::Debug for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// The colour's name in chess words (the shared `Side` says Red for White).
pub const fn colour_name(side: Side) -> &'static str {
    match side {
        Side::Red => "White",
        Side::Black => "Black",
    }
}

/// What kind of move a `Move` is; the two top bits of its packed form.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Special {
    Normal,
    Promotion,
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

    #[inline]
    pub const fn new(from: Square, to: Square) -> Move {
        Move(from.0 as u16 | (to.0 as u16) << 6)
    }
    #[inline]
    pub const fn promotion(from: Square, to: Square, kind: Kind) -> Move {
        let p = (kind as u16).wrapping_sub(1) & 3;
        Move(Move::new(from, to).0 | p << 12 | 1 << 14)
    }
    #[inline]
    pub const fn en_passant(from: Square, to: Square) -> Move {
        Move(Move::new(from, to).0 | 2 << 14)
    }
    #[inline]
    pub const fn castling(from: Square, to: Square) -> Move {
        Move(Move::new(from, to).0 | 3 << 14)
    }
    #[inline]
    pub const fn from(self) -> Square {
        Square((self.0 & 63) as u8)
    }
    #[inline]
    pub const fn to(self) -> Square {
        Square(((self.0 >> 6) & 63) as u8)
    }
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
    /// promotion field on a move that is not a promotion). Legality is `Position::is_legal`'s.
    pub const fn from_bits(bits: u16) -> Option<Move> {
        let m = Move(bits);
        let promo_field = (bits >> 12) & 3;
        if m.from().0 == m.to().0 {
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
    pub const NONE: Castling = Castling(0);
    pub const ALL: Castling = Castling(15);

    /// The right of `side` on the king side (`king_side`) or the queen side.
    #[inline]
    pub const fn right(side: Side, king_side: bool) -> Castling {
        Castling(1 << (side as u8 * 2 + if king_side { 0 } else { 1 }))
    }
    #[inline]
    pub const fn has(self, r: Castling) -> bool {
        self.0 & r.0 != 0
    }
    #[inline]
    pub const fn with(self, r: Castling) -> Castling {
        Castling(self.0 | r.0)
    }
    #[inline]
    pub const fn without(self, r: Castling) -> Castling {
        Castling(self.0 & !r.0)
    }
    /// The rights in both sets.
    #[inline]
    pub const fn keep(self, kept: Castling) -> Castling {
        Castling(self.0 & kept.0)
    }
    #[inline]
    pub const fn bits(self) -> u8 {
        self.0
    }
    /// The rights kept when a piece leaves or lands on `s` (a king or rook home square
    /// loses its rights either way).
    #[inline]
    pub const fn kept_by(s: Square) -> Castling {
        match s.0 {
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
    fn square_names_follow_algebraic_notation() {
        assert_eq!(Square::new(0, 0).map(|s| s.to_string()), Some("a1".into()));
        assert_eq!(Square::new(7, 7).map(|s| s.to_string()), Some("h8".into()));
        assert_eq!(Square::parse(b"e4"), Square::new(4, 3));
        assert_eq!(Square::parse(b"i4"), None);
        assert_eq!(Square::parse(b"e9"), None);
        assert_eq!(Square::E1.flipped(), Square::E8);
    }

    #[test]
    fn pieces_pack_side_and_kind() {
        for side in [Side::Red, Side::Black] {
            for kind in Kind::ALL {
                let p = Piece::new(side, kind);
                assert_eq!((p.side(), p.kind()), (side, kind));
                assert_eq!(Piece::from_letter(p.letter()), Some(p));
            }
        }
        assert_eq!(Piece::from_letter('x'), None);
    }

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
