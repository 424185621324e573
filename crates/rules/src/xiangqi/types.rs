//! The small value types of a Xiangqi position: squares, pieces and moves.
//!
//! Each is a newtype over a byte or two so that the hot paths stay cheap, while the
//! constructors make sure a value can only ever name something that exists on the board.

use crate::Side;
use std::fmt;

/// Files of the board, `a` to `i` from Red's left.
pub const FILES: usize = 9;
/// Ranks of the board, 0 to 9 from Red's back rank (ICCS numbering).
pub const RANKS: usize = 10;
/// Points of the board (90): square indices run below this.
pub const SQUARES: usize = FILES * RANKS;

/// `1 << index` for every index below 128 (the board's squares and the spare values of the
/// index's mask): `Square::bit` reads it, since a variable shift of 128 bits takes several
/// instructions and a branch.
static BITS: [u128; 128] = {
    let mut t = [0u128; 128];
    let mut i = 0;
    while i < 128 {
        t[i] = 1u128 << i;
        i += 1;
    }
    t
};

/// The file and rank of each point index (the unused entries past 89 are never read).
/// A `static`, not a `const`: a `const` array indexed at run time is a value the compiler may
/// copy onto the stack where it is used (it did so at every accumulator update: 256 bytes).
static FILE_RANK: [(u8, u8); 128] = {
    let mut t = [(0u8, 0u8); 128];
    let mut i = 0;
    while i < SQUARES {
        t[i] = ((i % FILES) as u8, (i / FILES) as u8);
        i += 1;
    }
    t
};

/// One of the 90 points, numbered `rank * 9 + file`; rank 0 is Red's back rank, file 0 is `a`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square at `file` (0..9) and `rank` (0..10), or `None` off the board.
    #[inline]
    pub const fn new(file: i32, rank: i32) -> Option<Square> {
        if file >= 0 && file < FILES as i32 && rank >= 0 && rank < RANKS as i32 {
            Some(Square((rank * FILES as i32 + file) as u8))
        } else {
            None
        }
    }

    /// The square at `file` and `rank` read from an occupancy line's bits (`lines`), which
    /// are only ever set on the board: no range test in a release build (`new`'s four
    /// comparisons at the line walks' call sites were 0.9 % of `bench 12`'s instructions).
    #[inline]
    pub(crate) const fn on_line(file: i32, rank: i32) -> Square {
        debug_assert!(file >= 0 && file < FILES as i32 && rank >= 0 && rank < RANKS as i32);
        Square((rank * FILES as i32 + file) as u8)
    }

    /// The square with this index; `None` when the index is 90 or more.
    #[inline]
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < SQUARES {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// The index, `rank * 9 + file` (0..90).
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    /// The file, 0 (`a`) to 8 (`i`).
    #[inline]
    pub const fn file(self) -> i32 {
        // A table read is cheaper than the division by 9 on the generator's paths; the mask
        // keeps the index in the table without a bounds check (a square is below 90).
        FILE_RANK[self.0 as usize & 127].0 as i32
    }
    /// The rank, 0 (Red's back rank) to 9 (Black's).
    #[inline]
    pub const fn rank(self) -> i32 {
        FILE_RANK[self.0 as usize & 127].1 as i32
    }

    /// The square `df` files and `dr` ranks away, if it is on the board.
    #[inline]
    pub const fn offset(self, df: i32, dr: i32) -> Option<Square> {
        Square::new(self.file() + df, self.rank() + dr)
    }

    /// The same point seen from the other side of the board (files and ranks reversed).
    #[inline]
    pub const fn flipped(self) -> Square {
        Square((SQUARES - 1 - self.0 as usize) as u8)
    }

    /// The point mirrored left to right (file a ↔ i).
    #[inline]
    pub const fn mirrored(self) -> Square {
        Square((self.rank() * FILES as i32 + (FILES as i32 - 1 - self.file())) as u8)
    }

    /// Whether the point lies on `side`'s own half, before the river.
    #[inline]
    pub const fn on_own_half(self, side: Side) -> bool {
        match side {
            Side::Red => self.rank() <= 4,
            Side::Black => self.rank() >= 5,
        }
    }

    /// Whether the point lies inside `side`'s palace (files d–f, three ranks at its edge).
    #[inline]
    pub const fn in_palace(self, side: Side) -> bool {
        let f = self.file();
        let r = self.rank();
        f >= 3
            && f <= 5
            && match side {
                Side::Red => r <= 2,
                Side::Black => r >= 7,
            }
    }

    /// The bit of this square in a 90-bit board set.
    #[inline]
    pub const fn bit(self) -> u128 {
        BITS[self.0 as usize & 127]
    }

    /// Every square, in index order.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..SQUARES as u8).map(Square)
    }

    /// ICCS name, `a0`..`i9`.
    pub fn name(self) -> [u8; 2] {
        [b'a' + self.file() as u8, b'0' + self.rank() as u8]
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b] = self.name();
        write!(f, "{}{}", a as char, b as char)
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The seven kinds of Xiangqi piece.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[repr(u8)]
pub enum Kind {
    /// The king (general, 帅/将), confined to its palace.
    King = 0,
    /// The advisor (仕/士), one diagonal step inside the palace.
    Advisor = 1,
    /// The elephant (相/象, FEN `B`), two diagonal steps on its own half, blocked by its eye.
    Elephant = 2,
    /// The horse (马, FEN `N`), an orthogonal step then a diagonal one, blocked by its leg.
    Horse = 3,
    /// The rook (chariot, 车).
    Rook = 4,
    /// The cannon (炮), which moves like a rook but captures over exactly one screen.
    Cannon = 5,
    /// The pawn (兵/卒), which also moves sideways once past the river.
    Pawn = 6,
}

impl Kind {
    /// Every kind, in the order of their numbers (king first).
    pub const ALL: [Kind; 7] = [
        Kind::King,
        Kind::Advisor,
        Kind::Elephant,
        Kind::Horse,
        Kind::Rook,
        Kind::Cannon,
        Kind::Pawn,
    ];

    /// How many of this kind one side has in a full set.
    pub const fn full_set(self) -> u32 {
        match self {
            Kind::King => 1,
            Kind::Pawn => 5,
            _ => 2,
        }
    }

    /// The FEN letter, upper case.
    pub const fn letter(self) -> char {
        match self {
            Kind::King => 'K',
            Kind::Advisor => 'A',
            Kind::Elephant => 'B',
            Kind::Horse => 'N',
            Kind::Rook => 'R',
            Kind::Cannon => 'C',
            Kind::Pawn => 'P',
        }
    }

    /// The English name used in messages.
    pub const fn name(self) -> &'static str {
        match self {
            Kind::King => "king",
            Kind::Advisor => "advisor",
            Kind::Elephant => "elephant",
            Kind::Horse => "horse",
            Kind::Rook => "rook",
            Kind::Cannon => "cannon",
            Kind::Pawn => "pawn",
        }
    }

    const fn from_u8(v: u8) -> Kind {
        match v {
            0 => Kind::King,
            1 => Kind::Advisor,
            2 => Kind::Elephant,
            3 => Kind::Horse,
            4 => Kind::Rook,
            5 => Kind::Cannon,
            _ => Kind::Pawn,
        }
    }
}

/// The kind of each packed piece (the entries past 13 are never read). A `static` for the
/// reason `FILE_RANK` is one.
static KIND_OF: [Kind; 16] = {
    let mut t = [Kind::Pawn; 16];
    let mut i = 0;
    while i < Piece::COUNT {
        t[i] = Kind::from_u8((i % 7) as u8);
        i += 1;
    }
    t
};

/// A piece: a kind and a side, packed as `side * 7 + kind` (0..14).
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Piece(u8);

impl Piece {
    /// Pieces are numbered below this: seven kinds for each of the two sides.
    pub const COUNT: usize = 14;

    /// The piece of `side` and `kind`.
    #[inline]
    pub const fn new(side: Side, kind: Kind) -> Piece {
        Piece(side as u8 * 7 + kind as u8)
    }
    /// The side the piece belongs to.
    #[inline]
    pub const fn side(self) -> Side {
        if self.0 < 7 { Side::Red } else { Side::Black }
    }
    /// The piece's kind.
    #[inline]
    pub const fn kind(self) -> Kind {
        // A table read instead of the remainder by 7: `kind` is asked at nearly every step.
        KIND_OF[self.0 as usize & 15]
    }
    /// The packed number, `side * 7 + kind` (below [`Piece::COUNT`]), for per-piece tables.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The FEN letter: upper case for Red, lower case for Black.
    pub fn letter(self) -> char {
        let c = self.kind().letter();
        match self.side() {
            Side::Red => c,
            Side::Black => c.to_ascii_lowercase(),
        }
    }

    /// Reads a FEN letter, accepting the `H`/`E` aliases for horse and elephant.
    pub fn from_letter(c: char) -> Option<Piece> {
        let side = if c.is_ascii_uppercase() {
            Side::Red
        } else {
            Side::Black
        };
        let kind = match c.to_ascii_uppercase() {
            'K' => Kind::King,
            'A' => Kind::Advisor,
            'B' | 'E' => Kind::Elephant,
            'N' | 'H' => Kind::Horse,
            'R' => Kind::Rook,
            'C' => Kind::Cannon,
            'P' => Kind::Pawn,
            _ => return None,
        };
        Some(Piece::new(side, kind))
    }
}

impl fmt::Debug for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A move from one square to another; Xiangqi needs nothing more (no promotion, castling or
/// en passant). Packed as `from | to << 7` so that a move fits a transposition-table slot.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(u16);

impl Move {
    /// A placeholder that is never a legal move (a0 to a0); used to fill fixed arrays.
    pub const NONE: Move = Move(0);

    /// The move from `from` to `to` (not checked for legality).
    #[inline]
    pub const fn new(from: Square, to: Square) -> Move {
        Move(from.0 as u16 | (to.0 as u16) << 7)
    }
    /// The point the piece leaves.
    #[inline]
    pub const fn from(self) -> Square {
        Square((self.0 & 0x7f) as u8)
    }
    /// The point the piece reaches (and captures on, if an enemy piece stands there).
    #[inline]
    pub const fn to(self) -> Square {
        Square((self.0 >> 7) as u8)
    }
    /// The packed form, for storing in tables.
    #[inline]
    pub const fn bits(self) -> u16 {
        self.0
    }
    /// Unpacks a stored move; `None` when the bits cannot name two squares.
    pub const fn from_bits(bits: u16) -> Option<Move> {
        let from = (bits & 0x7f) as usize;
        let to = ((bits >> 7) & 0x7f) as usize;
        if from < SQUARES && to < SQUARES && bits >> 14 == 0 {
            Some(Move(bits))
        } else {
            None
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from(), self.to())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_names_follow_iccs() {
        assert_eq!(Square::new(0, 0).map(|s| s.to_string()), Some("a0".into()));
        assert_eq!(Square::new(8, 9).map(|s| s.to_string()), Some("i9".into()));
        assert!(Square::new(9, 0).is_none());
        assert!(Square::new(0, 10).is_none());
    }

    #[test]
    fn palace_and_river_are_side_relative() {
        let e1 = Square::new(4, 1).unwrap();
        assert!(e1.in_palace(Side::Red) && !e1.in_palace(Side::Black));
        assert!(e1.on_own_half(Side::Red) && !e1.on_own_half(Side::Black));
        let d7 = Square::new(3, 7).unwrap();
        assert!(d7.in_palace(Side::Black));
        assert!(!Square::new(2, 8).unwrap().in_palace(Side::Black));
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
        assert_eq!(
            Piece::from_letter('H'),
            Some(Piece::new(Side::Red, Kind::Horse))
        );
        assert_eq!(
            Piece::from_letter('e'),
            Some(Piece::new(Side::Black, Kind::Elephant))
        );
        assert_eq!(Piece::from_letter('x'), None);
    }

    #[test]
    fn moves_round_trip_through_bits() {
        let m = Move::new(Square::new(7, 2).unwrap(), Square::new(4, 2).unwrap());
        assert_eq!(m.to_string(), "h2e2");
        assert_eq!(Move::from_bits(m.bits()), Some(m));
        assert_eq!(Move::from_bits(0xffff), None);
    }
}
