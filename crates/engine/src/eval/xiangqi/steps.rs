//! The points a short-range piece attacks, as a set, from tables: each piece's steps grouped by
//! the point that must be empty for them (a horse's leg serves two targets, an elephant's eye
//! one; king, advisor and pawn steps need nothing), so that an attack set costs four masked
//! ORs instead of a walk over the steps. Built once from the step tables the move generator
//! uses, so the two cannot disagree.

use jiangjun_rules::Side;
use jiangjun_rules::xiangqi::Position;
use jiangjun_rules::xiangqi::tables::{
    HORSE_MOVES, Steps, advisor_moves, elephant_moves, king_moves, pawn_moves,
};
use jiangjun_rules::xiangqi::types::{SQUARES, Square};
use std::sync::LazyLock;

/// Up to four groups of targets, each open while its blocking point is empty (a group with no
/// blocking point, `via == 0`, is always open).
#[derive(Copy, Clone, Default)]
pub struct StepSet {
    via: [u128; 4],
    targets: [u128; 4],
    groups: usize,
}

impl StepSet {
    fn of(steps: &Steps, blockable: bool) -> StepSet {
        let mut set = StepSet::default();
        let mut groups = 0;
        for (to, via) in steps.iter() {
            let via = if blockable { via.bit() } else { 0 };
            let g = match set.via[..groups].iter().position(|&v| v == via) {
                Some(g) => g,
                None => {
                    set.via[groups] = via;
                    groups += 1;
                    groups - 1
                }
            };
            set.targets[g] |= to.bit();
        }
        set.groups = groups;
        set
    }

    /// The targets whose blocking point is empty in `occupied`.
    #[inline]
    pub fn attacks(&self, occupied: u128) -> u128 {
        let mut a = 0;
        for g in 0..self.groups.min(4) {
            if occupied & self.via[g] == 0 {
                a |= self.targets[g];
            }
        }
        a
    }
}

/// Indexed by piece kind as below, then side, then point.
pub const KING: usize = 0;
pub const ADVISOR: usize = 1;
pub const ELEPHANT: usize = 2;
pub const PAWN: usize = 3;
pub const HORSE: usize = 4;

static SETS: LazyLock<Box<[[[StepSet; SQUARES]; 2]; 5]>> = LazyLock::new(|| {
    let mut t = Box::new([[[StepSet::default(); SQUARES]; 2]; 5]);
    for side in [Side::Red, Side::Black] {
        for s in Square::all() {
            let (k, i) = (side.index(), s.index());
            t[KING][k][i] = StepSet::of(king_moves(side, s), false);
            t[ADVISOR][k][i] = StepSet::of(advisor_moves(side, s), false);
            t[ELEPHANT][k][i] = StepSet::of(elephant_moves(side, s), true);
            t[PAWN][k][i] = StepSet::of(pawn_moves(side, s), false);
            t[HORSE][k][i] = StepSet::of(&HORSE_MOVES[i], true);
        }
    }
    t
});

/// What the `kind` piece (one of the constants above) of `side` on `s` attacks in `pos`.
#[inline]
pub fn step_attacks(pos: &Position, kind: usize, side: Side, s: Square) -> u128 {
    Stepper::new(pos).attacks(kind, side, s)
}

/// The step tables and the board's occupancy, fetched once for all the pieces an evaluation
/// looks at instead of once per piece.
pub struct Stepper {
    sets: &'static [[[StepSet; SQUARES]; 2]; 5],
    occupied: u128,
}

impl Stepper {
    #[inline]
    pub fn new(pos: &Position) -> Stepper {
        Stepper {
            sets: &SETS,
            occupied: pos.pieces(Side::Red) | pos.pieces(Side::Black),
        }
    }

    /// What the `kind` piece (one of the constants above) of `side` on `s` attacks.
    #[inline]
    pub fn attacks(&self, kind: usize, side: Side, s: Square) -> u128 {
        self.sets[kind][side.index()][s.index()].attacks(self.occupied)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The attack sets equal a walk over the steps, for every piece on every point of a few
    /// crowded positions.
    #[test]
    fn sets_match_the_steps() {
        let fens = [
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
            "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/2P6/P3P1P1P/1C2B2C1/9/RN1AKABNR w",
            "4k4/4a4/4b4/9/2n1p4/9/9/4B4/4A4/4K4 w",
        ];
        for fen in fens {
            let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
            for side in [Side::Red, Side::Black] {
                for s in Square::all() {
                    let walk = |steps: &Steps, blockable: bool| {
                        steps
                            .iter()
                            .filter(|&(_, via)| !blockable || pos.piece_at(via).is_none())
                            .fold(0u128, |a, (to, _)| a | to.bit())
                    };
                    let cases = [
                        (KING, walk(king_moves(side, s), false)),
                        (ADVISOR, walk(advisor_moves(side, s), false)),
                        (ELEPHANT, walk(elephant_moves(side, s), true)),
                        (PAWN, walk(pawn_moves(side, s), false)),
                        (HORSE, walk(&HORSE_MOVES[s.index()], true)),
                    ];
                    for (kind, expected) in cases {
                        assert_eq!(step_attacks(&pos, kind, side, s), expected, "{fen} {kind}");
                    }
                }
            }
        }
    }
}
