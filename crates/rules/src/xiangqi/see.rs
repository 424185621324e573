//! Static exchange evaluation: what a capture (or a quiet move onto a guarded point) wins or
//! loses in material once both sides have exchanged on the target point, each recapturing with
//! its least valuable piece while that pays.
//!
//! Xiangqi makes the usual swap-list trick harder than in chess: a cannon needs exactly one
//! screen, so removing a piece from a line can create an attacker (a new screen appears when a
//! rook captures through) or destroy one (its screen was the piece that just captured), and a
//! horse's leg or an elephant's eye may open or close. Rather than modelling that by hand, the
//! exchange is played out on the board itself (pieces taken off and put back, no state pushed)
//! and the attackers are asked again after every capture. Pins and the facing kings are ignored,
//! as engines do: the result orders and prunes moves, it is not a legality test.

use super::position::Position;
use super::types::{Kind, Move, Piece, Square};

/// A king "captured" ends the exchange: nobody gives up the king to win material.
const KING_VALUE: i32 = 10_000;
/// More captures than any point can see (each side has at most 16 pieces).
const MAX_SWAPS: usize = 34;

/// What each kind of piece is worth to the exchange, indexed by `Kind` (the king's entry is
/// not read): the evaluation's material values, which the caller passes in.
pub type PieceValues = [i32; 7];

#[inline]
fn value(values: &PieceValues, p: Piece) -> i32 {
    match p.kind() {
        Kind::King => KING_VALUE,
        k => values[k as usize],
    }
}

impl Position {
    /// The material balance of the exchange that `mv` starts on its target point, from the
    /// mover's view: the captured value (0 for a quiet move) minus what the mover loses in the
    /// best sequence of recaptures for both sides, the pieces worth `values`. `mv` must be
    /// pseudo-legal here.
    pub fn see(&mut self, mv: Move, values: &PieceValues) -> i32 {
        let (from, to) = (mv.from(), mv.to());
        let Some(mover) = self.piece_at(from) else {
            return 0;
        };
        let victim = self.piece_at(to);
        // Every capture made, so that the exchange can be taken back in reverse. Filled with
        // a constant, which the compiler writes as one block; filled with the target point, it
        // took a store per entry (0.45 % of `bench`'s instructions).
        let mut undo: [(Square, Option<Piece>); MAX_SWAPS] = [(Square::A0, None); MAX_SWAPS];
        let mut gain = [0i32; MAX_SWAPS];
        gain[0] = victim.map_or(0, |p| value(values, p));
        undo[0] = (from, self.shift_on_board(from, to));
        let mut undone = 1;
        let mut on_target = mover;
        let mut side = mover.side().flip();
        let mut d = 0;
        while d + 1 < MAX_SWAPS {
            d += 1;
            // What the side to recapture would have if it takes and is not taken back.
            gain[d] = value(values, on_target) - gain[d - 1];
            if (-gain[d - 1]).max(gain[d]) < 0 {
                break; // neither side can change the outcome by going on
            }
            let Some(next) = self
                .attackers(to, side)
                .min_by_key(|&s| self.piece_at(s).map_or(i32::MAX, |p| value(values, p)))
            else {
                break;
            };
            let Some(piece) = self.piece_at(next) else {
                break;
            };
            undo[undone] = (next, self.shift_on_board(next, to));
            undone += 1;
            on_target = piece;
            side = side.flip();
        }
        while d > 1 {
            d -= 1;
            gain[d - 1] = -(-gain[d - 1]).max(gain[d]);
        }
        for &(from, taken) in undo[..undone].iter().rev() {
            self.unshift_on_board(from, to, taken);
        }
        gain[0]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Round values for the tests, ordered as the evaluation's (by `Kind`: king, advisor,
    /// elephant, horse, rook, cannon, pawn).
    const VALUE: PieceValues = [0, 20, 20, 40, 100, 45, 10];

    fn see(fen: &str, mv: &str) -> i32 {
        let mut pos = Position::from_fen(fen).expect("valid FEN");
        let m = pos.parse_move(mv).expect("legal move");
        let before = (pos.to_fen(), pos.compute_key(), pos.key());
        let v = pos.see(m, &VALUE);
        assert_eq!(
            (pos.to_fen(), pos.compute_key(), pos.key()),
            before,
            "board restored"
        );
        v
    }

    #[test]
    fn an_unprotected_piece_is_won_whole() {
        // Red rook e2 takes the black horse on e7: nothing recaptures.
        assert_eq!(
            see("3k5/9/4n4/9/9/9/9/4R4/9/5K3 w", "e2e7"),
            VALUE[Kind::Horse as usize]
        );
    }

    #[test]
    fn a_rook_taking_a_protected_pawn_loses_the_exchange() {
        // The pawn on e6 is guarded by the black rook on e9 down the open file.
        let v = see("3kr4/9/9/4p4/9/9/9/4R4/9/5K3 w", "e2e6");
        assert_eq!(v, VALUE[Kind::Pawn as usize] - VALUE[Kind::Rook as usize]);
    }

    #[test]
    fn a_cannon_behind_a_screen_recaptures() {
        // The black horse on e8 screens the cannon on e9, so the cannon takes back on e6.
        let v = see("3kc4/4n4/9/4p4/9/9/9/4R4/9/5K3 w", "e2e6");
        assert_eq!(v, VALUE[Kind::Pawn as usize] - VALUE[Kind::Rook as usize]);
    }

    #[test]
    fn a_cannon_that_loses_its_screen_no_longer_attacks() {
        // The red cannon jumps the e4 pawn to take the horse on e7; the black cannon on e9
        // has no screen left between it and e7.
        let v = see("3kc4/9/4n4/9/9/4P4/9/4C4/9/5K3 w", "e2e7");
        assert_eq!(v, VALUE[Kind::Horse as usize]);
    }

    #[test]
    fn a_quiet_move_onto_a_guarded_point_loses_the_piece() {
        let fen = "3k1r3/9/9/9/9/9/9/4N4/9/4K4 w";
        assert_eq!(see(fen, "e2d4"), 0);
        assert_eq!(see(fen, "e2f4"), -VALUE[Kind::Horse as usize]);
    }

    #[test]
    fn recaptures_are_counted_for_both_sides() {
        // Rook takes a rook that the e9 rook defends: even.
        assert_eq!(see("4rk3/9/9/4r4/9/9/9/4R4/9/3K5 w", "e2e6"), 0);
        // A second red rook behind the first wins it back: a rook up.
        let v = see("4rk3/9/9/4r4/9/9/9/4R4/9/3KR4 w", "e2e6");
        assert_eq!(v, VALUE[Kind::Rook as usize]);
    }
}
