//! The small value types of a chess position: squares, pieces, moves and castling rights.
//!
//! Each is a newtype over a byte or two so that the hot paths stay cheap, while the
//! constructors make sure a value can only ever name something that exists.

use crate::Side;
use std::fmt;

/// One of the 64 squares, numbered `rank * 8 + file`; rank 0 is White's back rank (rank 1 in
/// chess notation), file 0 is `a`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// Squares are numbered below this.
    pub const COUNT: usize = 64;
    // The back-rank squares that castling names (kings, rooks and where they go).
    /// a1, White's queen-side rook corner.
    pub const A1: Square = Square(0);
    /// c1, where White's king lands castling queen side.
    pub const C1: Square = Square(2);
    /// d1, where White's rook lands castling queen side.
    pub const D1: Square = Square(3);
    /// e1, White's king's home.
    pub const E1: Square = Square(4);
    /// f1, where White's rook lands castling king side.
    pub const F1: Square = Square(5);
    /// g1, where White's king lands castling king side.
    pub const G1: Square = Square(6);
    /// h1, White's king-side rook corner.
    pub const H1: Square = Square(7);
    /// a8, Black's queen-side rook corner.
    pub const A8: Square = Square(56);
    /// c8, where Black's king lands castling queen side.
    pub const C8: Square = Square(58);
    /// d8, where Black's rook lands castling queen side.
    pub const D8: Square = Square(59);
    /// e8, Black's king's home.
    pub const E8: Square = Square(60);
    /// f8, where Black's rook lands castling king side.
    pub const F8: Square = Square(61);
    /// g8, where Black's king lands castling king side.
    pub const G8: Square = Square(62);
    /// h8, Black's king-side rook corner.
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

    /// The index, `rank * 8 + file` (0..64), also the square's bit in a bitboard.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    /// The file, 0 (`a`) to 7 (`h`).
    #[inline]
    pub const fn file(self) -> i32 {
        (self.0 & 7) as i32
    }
    /// The rank, 0 (White's back rank, rank 1 in chess notation) to 7.
    #[inline]
    pub const fn rank(self) -> i32 {
        (self.0 >> 3) as i32
    }
    /// The square as a bitboard of one square.
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
    /// The pawn.
    Pawn = 0,
    /// The knight.
    Knight = 1,
    /// The bishop.
    Bishop = 2,
    /// The rook.
    Rook = 3,
    /// The queen.
    Queen = 4,
    /// The king.
    King = 5,
}

impl Kind {
    /// Every kind, pawn first.
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

    /// The kind's number, 0 (pawn) to 5 (king), for per-kind tables.
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
    /// Pieces are numbered below this: six kinds for each of the two sides.
    pub const COUNT: usize = 12;

    /// The piece of `side` and `kind`.
    #[inline]
    pub const fn new(side: Side, kind: Kind) -> Piece {
        Piece(side as u8 * 6 + kind as u8)
    }
    /// The side the piece belongs to (`Side::Red` is White).
    #[inline]
    pub const fn side(self) -> Side {
        if self.0 < 6 { Side::Red } else { Side::Black }
    }
    /// The piece's kind.
    #[inline]
    pub const fn kind(self) -> Kind {
        Kind::from_index(self.0 as usize % 6)
    }
    /// The packed number, `side * 6 + kind` (below [`Piece::COUNT`]), for per-piece tables.
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

    /// Reads a FEN letter: upper case for White, lower case for Black.
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
}
