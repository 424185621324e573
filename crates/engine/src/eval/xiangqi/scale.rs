//! Draw knowledge from material alone: how much of its advantage the stronger side can hope
//! to turn into a win, as a scale from 0 (a dead draw) to 64 (no reduction). Without it the
//! engine would trade into endings it cannot win when ahead, and refuse them when behind.
//!
//! The rules are the textbook ones: advisors and elephants cannot mate; a pawn that reached
//! the last rank only moves sideways and is no attacker; a lone horse or cannon does not beat
//! a full set of guards; one pawn rarely beats two advisors.

use jiangjun_rules::Side;
use jiangjun_rules::xiangqi::Position;
use jiangjun_rules::xiangqi::types::{Kind, Piece};

/// The draw scale (0–64) for `strong` standing better.
pub fn draw_scale(pos: &Position, strong: Side) -> i32 {
    let s = pos.counts(strong);
    let w = pos.counts(strong.flip());
    let count = |c: &[u8; 7], k: Kind| i32::from(c[k as usize]);
    let (rooks, horses, cannons) = (
        count(s, Kind::Rook),
        count(s, Kind::Horse),
        count(s, Kind::Cannon),
    );
    if rooks + horses + cannons >= 2 {
        return 64; // the common case, decided before the pawns are counted
    }
    let pawns = active_pawns(pos, strong);
    let weak_guards = count(w, Kind::Advisor) + count(w, Kind::Elephant);
    let weak_advisors = count(w, Kind::Advisor);
    if rooks + horses + cannons + pawns == 0 {
        return 0; // nothing left that can give mate
    }
    if rooks == 0 && horses + cannons == 1 && pawns == 0 {
        // A lone horse or cannon: hopeless against a full set of guards, hard against fewer.
        return if weak_guards >= 4 {
            4
        } else if weak_guards >= 2 {
            16
        } else {
            40
        };
    }
    if rooks + horses + cannons == 0 {
        // Pawns only: one pawn does not beat two advisors; two pawns struggle against all four.
        return match (pawns, weak_advisors, weak_guards) {
            (1, 2, _) => 6,
            (1, _, g) if g >= 2 => 20,
            (2, _, 4) => 24,
            _ => 64,
        };
    }
    if rooks == 1 && horses + cannons + pawns == 0 && count(w, Kind::Rook) == 1 {
        return 8; // rook against rook
    }
    64
}

/// The pawns that can still attack: crossed or not, but not on the enemy's back rank, where
/// a pawn only moves sideways and cannot reach the king from behind.
fn active_pawns(pos: &Position, side: Side) -> i32 {
    let last_rank: u128 = ((1 << 9) - 1) << (if side == Side::Red { 81 } else { 0 });
    (pos.pieces_of(Piece::new(side, Kind::Pawn)) & !last_rank).count_ones() as i32
}
