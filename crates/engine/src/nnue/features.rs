//! The input features, shared by the engine and the trainer: for each perspective (Red's and
//! Black's), one input per (piece kind relative to that side, point seen from that side).
//!
//! Seen from a side means: Black's points are rotated by 180° so that each side looks up the
//! board from its own back rank, and the board is mirrored left to right when that side's king
//! stands right of the centre file (file f after the rotation), so the king is always on files
//! d–e. The piece slots are the side's own seven kinds (0–6, in `Kind` order) and then the
//! opponent's (7–13). 14 × 90 = 1260 inputs a perspective; at most 32 are active.

use jiangjun_rules::Side;
use jiangjun_rules::xiangqi::types::{FILES, Kind, Piece, SQUARES, Square};

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

/// The inputs, for the same perspective, of the board mirrored left to right, given the
/// inputs `active` of the board itself; `false` (and `active` unchanged) when the mirror gives
/// the same inputs. That is whenever the perspective's king is off the centre file: it then
/// changes sides, so the mirror that `index` applies undoes the board's. With the king on the
/// centre file every point moves to its mirror. (The trainer doubles its data with this: the
/// rules are symmetric left to right, so a mirrored position has the same result and score.)
pub fn mirror_board(active: &mut [u16]) -> bool {
    let own_king = |&f: &u16| usize::from(f) / SQUARES == Kind::King as usize;
    let Some(king) = active.iter().copied().find(own_king) else {
        return false;
    };
    let centre = (FILES as i32 - 1) / 2;
    let on_centre =
        Square::from_index(usize::from(king) % SQUARES).map(|k| k.file()) == Some(centre);
    if !on_centre {
        return false;
    }
    for f in active.iter_mut() {
        let (slot, point) = (usize::from(*f) / SQUARES, usize::from(*f) % SQUARES);
        if let Some(p) = Square::from_index(point) {
            // Below INPUTS, so within u16.
            *f = (slot * SQUARES + p.mirrored().index()) as u16;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn the_mirror_of_the_inputs_is_the_inputs_of_the_mirrored_board() {
        use jiangjun_rules::xiangqi::Position;
        use jiangjun_rules::xiangqi::fen::mirror_files;
        let fens = [
            // Both kings on the centre file: both perspectives change.
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b - - 0 1",
            // Red's king on d, Black's on f: neither changes.
            "3a1k3/4a4/9/9/2p6/9/9/4B4/9/3K1AB2 w - - 0 1",
            // Red's king on e, Black's on d.
            "3k5/4a4/4ba3/9/2b6/6R2/9/4B4/4A4/4KA3 w - - 0 1",
        ];
        for fen in fens {
            let pos = Position::from_fen(fen).expect("a legal test position");
            let flipped = Position::from_fen(&mirror_files(fen)).expect("its mirror is legal");
            for side in [Side::Red, Side::Black] {
                let inputs = |p: &Position| {
                    let pieces = Square::all().filter_map(|s| p.piece_at(s).map(|x| (s, x)));
                    let mut v = Vec::new();
                    active(side, p.king(side), pieces, &mut v);
                    v
                };
                let mut mine = inputs(&pos);
                let changed = mirror_board(&mut mine);
                let (mut got, mut want) = (mine, inputs(&flipped));
                got.sort_unstable();
                want.sort_unstable();
                assert_eq!(got, want, "{fen}, {side:?}");
                let centre = pos.king(side).file() == 4;
                assert_eq!(changed, centre, "{fen}, {side:?}");
            }
        }
    }
}
