//! The input features, shared by the engine and the trainer: for each perspective (Red's and
//! Black's), one input per (piece kind relative to that side, point seen from that side).
//!
//! Seen from a side means: Black's points are rotated by 180° so that each side looks up the
//! board from its own back rank, and the board is mirrored left to right when that side's king
//! stands right of the centre file (file f after the rotation), so the king is always on files
//! d–e. The piece slots are the side's own seven kinds (0–6, in `Kind` order) and then the
//! opponent's (7–13). 14 × 90 = 1260 inputs a perspective; at most 32 are active.

use crate::game::Side;
use crate::game::xiangqi::types::{FILES, Piece, SQUARES, Square};

/// Inputs per perspective.
pub const INPUTS: usize = 14 * SQUARES;

/// The most inputs active at once (every piece of both full sets on the board).
pub const MAX_ACTIVE: usize = 32;

/// The point as `perspective` sees it, before any mirror.
#[inline]
fn relative(perspective: Side, s: Square) -> Square {
    match perspective {
        Side::Red => s,
        Side::Black => s.flipped(),
    }
}

/// Whether `perspective`, whose king stands on `king`, sees the board mirrored left to right.
#[inline]
pub fn mirrored(perspective: Side, king: Square) -> bool {
    relative(perspective, king).file() > (FILES as i32 - 1) / 2
}

/// The input of `piece` on `s` for `perspective`, whose board is mirrored when `mirror`.
#[inline]
pub fn index(perspective: Side, mirror: bool, piece: Piece, s: Square) -> usize {
    let mut point = relative(perspective, s);
    if mirror {
        point = point.mirrored();
    }
    let slot = piece.kind() as usize + if piece.side() == perspective { 0 } else { 7 };
    slot * SQUARES + point.index()
}

/// Every active input of `perspective`, from the pieces on the board (`pieces` gives each
/// occupied point and its piece) and that side's king.
pub fn active(
    perspective: Side,
    king: Square,
    pieces: impl Iterator<Item = (Square, Piece)>,
    out: &mut Vec<u16>,
) {
    out.clear();
    let mirror = mirrored(perspective, king);
    for (s, p) in pieces {
        // INPUTS fits a u16 (1260 < 65536).
        out.push(index(perspective, mirror, p, s) as u16);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::xiangqi::types::Kind;

    #[test]
    fn red_and_black_see_the_start_alike() {
        // The start is symmetric: each side's own pieces land on the same inputs.
        let red_king = Square::new(4, 0).expect("e0 is on the board");
        let black_king = Square::new(4, 9).expect("e9 is on the board");
        assert!(!mirrored(Side::Red, red_king));
        assert!(!mirrored(Side::Black, black_king));
        let rk = index(
            Side::Red,
            false,
            Piece::new(Side::Red, Kind::King),
            red_king,
        );
        let bk = index(
            Side::Black,
            false,
            Piece::new(Side::Black, Kind::King),
            black_king,
        );
        assert_eq!(rk, bk);
        assert_eq!(rk, 4);
    }

    #[test]
    fn a_king_on_the_f_file_mirrors_its_side_only() {
        let f0 = Square::new(5, 0).expect("f0 is on the board");
        let d9 = Square::new(3, 9).expect("d9 is on the board");
        let f9 = Square::new(5, 9).expect("f9 is on the board");
        assert!(mirrored(Side::Red, f0));
        // Black's d9 is its own right of centre once the board is turned.
        assert!(mirrored(Side::Black, d9));
        assert!(!mirrored(Side::Black, f9));
        let king = Piece::new(Side::Red, Kind::King);
        assert_eq!(index(Side::Red, true, king, f0), 3);
        let rook = Piece::new(Side::Black, Kind::Rook);
        assert_eq!(index(Side::Red, false, rook, d9), 11 * SQUARES + 84);
        assert!(index(Side::Black, true, rook, d9) < INPUTS);
    }
}
