//! Static exchange evaluation: what a capture (or a quiet move onto a guarded square) wins or
//! loses in material once both sides have exchanged on the target square, each recapturing
//! with its least valuable piece while that pays. The classic swap list over bitboards, with
//! sliders behind the capturers (x-rays) joining as the pieces in front leave. Pins are
//! ignored, as engines do: the result orders and prunes moves, it is not a legality test.

use super::magic::magics;
use super::makemove::ep_victim;
use super::moves::{Move, Special};
use super::position::Position;
use super::types::{Kind, Piece};

/// A king "captured" ends the exchange: nobody gives up the king to win material.
const KING_VALUE: i32 = 10_000;
/// Longer than any exchange on one square can be (32 pieces).
const MAX_SWAPS: usize = 34;

/// What each kind of piece is worth to the exchange, indexed by `Kind::index` (the king's
/// entry is not read): the evaluation's material values, which the caller passes in.
pub type PieceValues = [i32; 6];

#[inline]
fn worth(values: &PieceValues, p: Piece) -> i32 {
    if p.kind() == Kind::King {
        KING_VALUE
    } else {
        values[p.kind().index()]
    }
}

impl Position {
    /// The material balance of the exchange that `mv` starts on its target square, from the
    /// mover's view. `mv` must be legal here; castling is worth 0.
    /// The pieces are worth `values`.
    pub fn see(&self, mv: Move, values: &PieceValues) -> i32 {
        let (from, to) = (mv.from(), mv.to());
        let Some(mover) = self.piece_at(from) else {
            return 0;
        };
        let b = self.board();
        let m = magics();
        let mut occ = b.occupied() ^ from.bit();
        let mut gain = [0i32; MAX_SWAPS];
        let mut on_target = mover;
        match mv.special() {
            Special::Castling => return 0,
            Special::EnPassant => {
                occ ^= ep_victim(from, to).bit();
                gain[0] = worth(values, Piece::new(mover.side().flip(), Kind::Pawn));
            }
            Special::Promotion | Special::Normal => {
                gain[0] = self.piece_at(to).map_or(0, |p| worth(values, p));
                if let Some(k) = mv.promoted() {
                    on_target = Piece::new(mover.side(), k);
                    gain[0] += worth(values, on_target) - worth(values, mover);
                }
            }
        }
        let mut attackers = b.attackers_to(to, occ) & occ;
        let mut side = mover.side().flip();
        let mut d = 0;
        loop {
            let mine = attackers & b.side(side);
            let Some(kind) = Kind::ALL.into_iter().find(|&k| mine & b.kind(k) != 0) else {
                break;
            };
            if kind == Kind::King && attackers & b.side(side.flip()) != 0 {
                break; // the king cannot take a defended piece
            }
            d += 1;
            if d >= MAX_SWAPS {
                break;
            }
            gain[d] = worth(values, on_target) - gain[d - 1];
            if (-gain[d - 1]).max(gain[d]) < 0 {
                break; // neither side can change the outcome by going on
            }
            let set = mine & b.kind(kind);
            occ ^= set & set.wrapping_neg();
            attackers |= (m.bishop(to, occ) & b.diagonal()) | (m.rook(to, occ) & b.orthogonal());
            attackers &= occ;
            on_target = Piece::new(side, kind);
            side = side.flip();
        }
        while d > 0 {
            gain[d - 1] = -(-gain[d - 1]).max(gain[d]);
            d -= 1;
        }
        gain[0]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Round values for the tests, by `Kind::index` (pawn, knight, bishop, rook, queen).
    const VALUE: PieceValues = [100, 300, 310, 500, 900, 0];

    fn see(fen: &str, mv: &str) -> i32 {
        let pos = Position::from_fen(fen).expect("valid FEN");
        let m = pos.parse_move(mv).expect("legal move");
        pos.see(m, &VALUE)
    }

    const P: i32 = VALUE[0];
    const N: i32 = VALUE[1];
    const R: i32 = VALUE[3];

    #[test]
    fn exchanges_are_counted_for_both_sides() {
        // An undefended knight is won whole.
        assert_eq!(see("4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1", "d1d5"), N);
        // A pawn defended by a pawn costs the rook.
        assert_eq!(see("4k3/8/2p5/3p4/8/8/8/3RK3 w - - 0 1", "d1d5"), P - R);
        // Pawn takes knight defended by a pawn: knight for pawn.
        assert_eq!(see("4k3/8/2p5/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5"), N - P);
        // A rook behind the first rook (x-ray) wins the defended rook back.
        assert_eq!(see("3rk3/8/8/3r4/8/8/3R4/3RK3 w - - 0 1", "d2d5"), R);
        // A quiet move onto a square a pawn guards loses the piece.
        assert_eq!(see("4k3/8/2p5/8/8/8/8/1N2K3 w - - 0 1", "b1c3"), 0);
        assert_eq!(see("4k3/8/2p5/8/8/4N3/8/4K3 w - - 0 1", "e3c4"), 0);
        assert_eq!(see("4k3/8/4p3/8/8/4N3/8/4K3 w - - 0 1", "e3d5"), -N);
    }

    #[test]
    fn en_passant_and_the_king_as_last_capturer() {
        assert_eq!(see("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"), P);
        // The king may take back only a piece nothing defends.
        assert_eq!(see("8/8/8/8/8/2k5/3p4/3RK3 w - - 0 1", "d1d2"), P);
        assert_eq!(see("8/8/8/8/8/4k3/3p4/3R2K1 w - - 0 1", "d1d2"), P - R);
    }
}
