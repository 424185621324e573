//! Position keys and move words in ElephantEye's numbering, so that a book can be shared with
//! ElephantEye and XiangQi Wizard, whose `BOOK.DAT` files are the books Xiangqi users have.
//!
//! ElephantEye's published book format (its `eleeye_book.htm` and `book.h`) names a position by
//! the 32-bit "lock" of its own Zobrist scheme. That scheme is fixed by its source rather than
//! a document, so it is restated here from what the source does (our code, not theirs):
//! - the numbers come from the RC4 keystream with an all-zero key (four zero bytes), read four
//!   bytes at a time as little-endian 32-bit words;
//! - they are drawn in triples (hash key, lock 0, lock 1): first one triple for "Black to
//!   move", then one for each of 14 pieces (Red king, advisor, elephant, horse, rook, cannon,
//!   pawn, then Black's in the same order) on each of the 256 cells of a 16×16 board;
//! - the board puts file `a` at column 3 and rank 9 at row 3, so a point is
//!   `(file + 3) + 16 * (12 - rank)`;
//! - a position's lock is the XOR of its pieces' numbers, and the side number when Black is to
//!   move; a book record stores lock 1.
//!
//! Our `BookKey` keeps both locks, lock 1 in the high half: its top 32 bits are what
//! `BOOK.DAT` stores, and ordering by it orders positions as ElephantEye's book maker does
//! (lock 1, then lock 0), which decides which of a position and its mirror image a book keeps.
//! The test `the_start_position_has_elephanteyes_lock` checks the scheme against a number from
//! a real ElephantEye book.

use jiangjun_rules::Side;
use jiangjun_rules::xiangqi::{Move, Piece, Position, Square};
use std::sync::LazyLock;

/// The RC4 keystream generator, keyed with zeros as ElephantEye keys it.
struct Rc4 {
    s: [u8; 256],
    i: u8,
    j: u8,
}

impl Rc4 {
    fn zero_keyed() -> Rc4 {
        let mut s = [0u8; 256];
        for (k, v) in s.iter_mut().enumerate() {
            *v = k as u8;
        }
        // The key schedule; every key byte is zero, so only the state itself stirs `j`.
        let mut j = 0u8;
        for i in 0..256 {
            j = j.wrapping_add(s[i]);
            s.swap(i, usize::from(j));
        }
        Rc4 { s, i: 0, j: 0 }
    }

    fn byte(&mut self) -> u8 {
        self.i = self.i.wrapping_add(1);
        self.j = self.j.wrapping_add(self.s[usize::from(self.i)]);
        self.s.swap(usize::from(self.i), usize::from(self.j));
        let t = self.s[usize::from(self.i)].wrapping_add(self.s[usize::from(self.j)]);
        self.s[usize::from(t)]
    }

    fn word(&mut self) -> u32 {
        let b = [self.byte(), self.byte(), self.byte(), self.byte()];
        u32::from_le_bytes(b)
    }
}

/// ElephantEye's numbers, as (lock 1 << 32 | lock 0).
struct Tables {
    black: u64,
    pieces: [[u64; 256]; Piece::COUNT],
}

impl Tables {
    fn generate() -> Tables {
        let mut rc4 = Rc4::zero_keyed();
        let mut next = || {
            let _hash_key = rc4.word();
            let lock0 = rc4.word();
            let lock1 = rc4.word();
            (u64::from(lock1) << 32) | u64::from(lock0)
        };
        let black = next();
        let mut pieces = [[0u64; 256]; Piece::COUNT];
        for table in pieces.iter_mut() {
            for cell in table.iter_mut() {
                *cell = next();
            }
        }
        Tables { black, pieces }
    }
}

/// Drawn once, on the first book lookup: 28 KB that a game without a book never needs.
static TABLES: LazyLock<Tables> = LazyLock::new(Tables::generate);

/// The cell of `s` on ElephantEye's 16×16 board.
fn cell(s: Square) -> usize {
    (s.file() + 3 + 16 * (12 - s.rank())) as usize
}

/// The square on a 16×16 cell, if the cell is on the board.
fn square_of_cell(c: u16) -> Option<Square> {
    let (column, row) = (i32::from(c & 15), i32::from(c >> 4));
    Square::new(column - 3, 12 - row)
}

/// ElephantEye's piece numbering: Red's seven kinds, then Black's.
fn piece_index(p: Piece) -> usize {
    let base = match p.side() {
        Side::Red => 0,
        Side::Black => 7,
    };
    base + p.kind() as usize
}

/// A position's key in ElephantEye's scheme: lock 1 in the high half, lock 0 in the low half.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct BookKey(u64);

impl BookKey {
    /// The key of `pos`.
    pub fn of(pos: &Position) -> BookKey {
        BookKey::compute(pos, false)
    }

    /// The key of `pos` mirrored left to right (file a ↔ i), the same side to move.
    pub fn of_mirror(pos: &Position) -> BookKey {
        BookKey::compute(pos, true)
    }

    fn compute(pos: &Position, mirrored: bool) -> BookKey {
        let t = &*TABLES;
        let mut key = 0;
        for s in Square::all() {
            if let Some(p) = pos.piece_at(s) {
                let at = if mirrored { s.mirrored() } else { s };
                key ^= t.pieces[piece_index(p)][cell(at)];
            }
        }
        if pos.side_to_move() == Side::Black {
            key ^= t.black;
        }
        BookKey(key)
    }

    /// ElephantEye's lock 1, the 32 bits a `BOOK.DAT` record stores.
    pub fn lock(self) -> u32 {
        (self.0 >> 32) as u32
    }

    /// A key as stored (a jiangjun book keeps all 64 bits).
    pub const fn from_raw(raw: u64) -> BookKey {
        BookKey(raw)
    }

    /// A key whose low half is unknown (a `BOOK.DAT` record): lock 1 in the high half.
    pub const fn from_lock(lock: u32) -> BookKey {
        BookKey((lock as u64) << 32)
    }

    pub const fn raw(self) -> u64 {
        self.0
    }
}

/// A move as ElephantEye stores it: the source cell in the low byte, the target in the high.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct BookMove(u16);

impl BookMove {
    pub fn of(m: Move) -> BookMove {
        BookMove(cell(m.from()) as u16 | ((cell(m.to()) as u16) << 8))
    }

    /// The stored word, unchecked (checked when read: `to_move`).
    pub const fn from_bits(bits: u16) -> BookMove {
        BookMove(bits)
    }

    pub const fn bits(self) -> u16 {
        self.0
    }

    /// The move, if both cells are points of the board and differ (ElephantEye's promotion
    /// variant writes a move from a cell to itself; standard Xiangqi has none).
    pub fn to_move(self) -> Option<Move> {
        let from = square_of_cell(self.0 & 0xff)?;
        let to = square_of_cell(self.0 >> 8)?;
        (from != to).then(|| Move::new(from, to))
    }
}

/// `m` mirrored left to right.
pub fn mirror_move(m: Move) -> Move {
    Move::new(m.from().mirrored(), m.to().mirrored())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book::played as play;

    #[test]
    fn the_start_position_has_elephanteyes_lock() {
        // XiangQi Wizard Light ships ElephantEye's book as a table of (lock 1 >> 1, move,
        // weight) (xqbase/xqwlight, JavaScript/book.js); its start position is 43199338, with
        // b2e2 and h2e2 (42916 and 42922) at weight 1473 and c3c4/g3g4 (34197/35225) at 546.
        let start = BookKey::of(&Position::startpos());
        assert_eq!(start.lock() >> 1, 43_199_338);
        let pos = Position::startpos();
        for (text, bits) in [
            ("b2e2", 42_916),
            ("h2e2", 42_922),
            ("c3c4", 34_197),
            ("g3g4", 35_225),
            ("c0e2", 42_949),
        ] {
            let m = pos.parse_move(text).expect("legal");
            assert_eq!(BookMove::of(m).bits(), bits, "{text}");
        }
    }

    #[test]
    fn after_h2e2_elephanteyes_book_keeps_the_mirror_image() {
        // In the same table the position after h2e2 is filed as its mirror image (the one
        // whose lock sorts first): 701182503, with b9c7 (21812) at 761 and b7e7 (22356) at 97,
        // that is h9g7 and h7e7 once mirrored back.
        let pos = play(&["h2e2"]);
        let (key, image) = (BookKey::of(&pos), BookKey::of_mirror(&pos));
        assert!(image < key);
        assert_eq!(image.lock() >> 1, 701_182_503);
        let left = play(&["b2e2"]);
        for (text, bits) in [("b9c7", 21_812), ("b7e7", 22_356), ("h9g7", 22_842)] {
            let m = left.parse_move(text).expect("legal");
            assert_eq!(BookMove::of(m).bits(), bits, "{text}");
        }
    }

    #[test]
    fn the_side_to_move_and_every_piece_change_the_key() {
        let start = Position::startpos();
        let after = play(&["h2e2"]);
        assert_ne!(BookKey::of(&start), BookKey::of(&after));
        let black_to_move = Position::from_fen(
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1",
        )
        .expect("valid");
        assert_ne!(BookKey::of(&start), BookKey::of(&black_to_move));
    }

    #[test]
    fn a_mirror_image_has_the_mirrors_key() {
        // The start position is symmetric; after h2e2 its mirror is the position after b2e2.
        let start = Position::startpos();
        assert_eq!(BookKey::of(&start), BookKey::of_mirror(&start));
        let right = play(&["h2e2"]);
        let left = play(&["b2e2"]);
        assert_eq!(BookKey::of_mirror(&right), BookKey::of(&left));
        assert_ne!(BookKey::of(&right), BookKey::of(&left));
    }

    #[test]
    fn every_move_survives_the_book_word() {
        for from in Square::all() {
            for to in Square::all().filter(|&t| t != from) {
                let m = Move::new(from, to);
                assert_eq!(BookMove::of(m).to_move(), Some(m));
                assert_eq!(mirror_move(mirror_move(m)), m);
            }
        }
        // Off-board cells and a move to its own cell are no moves.
        assert_eq!(BookMove::from_bits(0).to_move(), None);
        assert_eq!(BookMove::from_bits(0xA4A4).to_move(), None);
        assert_eq!(BookMove::from_bits(0xFFFF).to_move(), None);
    }
}
