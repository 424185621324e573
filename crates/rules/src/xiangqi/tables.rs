//! Step tables computed at compile time: where each short-range piece can go from each point,
//! and which point must be empty for it to get there (a horse's leg, an elephant's eye).
//! Sliding pieces use the rank and file occupancy lines in `lines` instead.

use super::types::{SQUARES, Square};
use crate::Side;

/// Up to eight targets from one point, each with the point that must be empty on the way
/// (for pieces without a blocking point, `via` repeats the target and is ignored).
#[derive(Copy, Clone)]
pub struct Steps {
    /// How many entries of `to` and `via` are used.
    pub len: u8,
    /// The targets; the first `len` are valid.
    pub to: [Square; 8],
    /// For each target, the point that must be empty (the horse's leg, the elephant's eye;
    /// the target itself for pieces that cannot be blocked).
    pub via: [Square; 8],
}

impl Steps {
    const EMPTY: Steps = Steps {
        len: 0,
        to: [Square::A0; 8],
        via: [Square::A0; 8],
    };

    const fn push(mut self, to: Square, via: Square) -> Steps {
        self.to[self.len as usize] = to;
        self.via[self.len as usize] = via;
        self.len += 1;
        self
    }

    /// The used entries as `(to, via)` pairs.
    #[inline]
    pub fn iter(&self) -> impl Iterator<Item = (Square, Square)> + '_ {
        (0..self.len as usize).map(move |i| (self.to[i], self.via[i]))
    }
}

impl Square {
    /// The point a0, Red's left corner (index 0).
    pub const A0: Square = match Square::new(0, 0) {
        Some(s) => s,
        None => panic!(),
    };
}

const fn sq(index: usize) -> Square {
    match Square::from_index(index) {
        Some(s) => s,
        None => panic!("index below 90"),
    }
}

const fn at(s: Square, df: i32, dr: i32) -> Option<Square> {
    s.offset(df, dr)
}

/// Horse moves: to `from + (±1,±2)/(±2,±1)`, via the orthogonal neighbour on the long side.
const fn horse_moves() -> [Steps; SQUARES] {
    const D: [(i32, i32, i32, i32); 8] = [
        (1, 2, 0, 1),
        (-1, 2, 0, 1),
        (1, -2, 0, -1),
        (-1, -2, 0, -1),
        (2, 1, 1, 0),
        (2, -1, 1, 0),
        (-2, 1, -1, 0),
        (-2, -1, -1, 0),
    ];
    let mut t = [Steps::EMPTY; SQUARES];
    let mut i = 0;
    while i < SQUARES {
        let s = sq(i);
        let mut k = 0;
        while k < 8 {
            let (df, dr, lf, lr) = D[k];
            if let (Some(to), Some(leg)) = (at(s, df, dr), at(s, lf, lr)) {
                t[i] = t[i].push(to, leg);
            }
            k += 1;
        }
        i += 1;
    }
    t
}

/// Where a horse must stand to attack a point, and its leg: the leg is then the point's
/// diagonal neighbour towards the horse.
const fn horse_attackers() -> [Steps; SQUARES] {
    const D: [(i32, i32, i32, i32); 8] = [
        (1, 2, 1, 1),
        (-1, 2, -1, 1),
        (1, -2, 1, -1),
        (-1, -2, -1, -1),
        (2, 1, 1, 1),
        (2, -1, 1, -1),
        (-2, 1, -1, 1),
        (-2, -1, -1, -1),
    ];
    let mut t = [Steps::EMPTY; SQUARES];
    let mut i = 0;
    while i < SQUARES {
        let s = sq(i);
        let mut k = 0;
        while k < 8 {
            let (df, dr, lf, lr) = D[k];
            if let (Some(from), Some(leg)) = (at(s, df, dr), at(s, lf, lr)) {
                t[i] = t[i].push(from, leg);
            }
            k += 1;
        }
        i += 1;
    }
    t
}

/// The points of `table`'s entries for each point, as one set: a whole table entry tested
/// against a piece set with one AND, so that the usual case (no such piece near) skips the walk.
const fn step_sets(table: &[Steps; SQUARES]) -> [u128; SQUARES] {
    let mut t = [0u128; SQUARES];
    let mut i = 0;
    while i < SQUARES {
        let mut k = 0;
        while k < table[i].len as usize {
            t[i] |= table[i].to[k].bit();
            k += 1;
        }
        i += 1;
    }
    t
}

/// Where a pawn of `side` must stand to attack each point: behind it (from `side`'s view),
/// and beside it where the point lies across the river from `side` (pawns turn only there).
const fn pawn_attacker_sets(side: Side) -> [u128; SQUARES] {
    let back = match side {
        Side::Red => -1,
        Side::Black => 1,
    };
    let mut t = [0u128; SQUARES];
    let mut i = 0;
    while i < SQUARES {
        let s = sq(i);
        if let Some(x) = at(s, 0, back) {
            t[i] |= x.bit();
        }
        if !s.on_own_half(side) {
            if let Some(x) = at(s, 1, 0) {
                t[i] |= x.bit();
            }
            if let Some(x) = at(s, -1, 0) {
                t[i] |= x.bit();
            }
        }
        i += 1;
    }
    t
}

/// Palace and half-board moves for one side: king, advisor, elephant (with its eye), pawn.
const fn side_moves(side: Side) -> [[Steps; SQUARES]; 4] {
    let mut t = [[Steps::EMPTY; SQUARES]; 4];
    let fwd = match side {
        Side::Red => 1,
        Side::Black => -1,
    };
    let mut i = 0;
    while i < SQUARES {
        let s = sq(i);
        let mut k = 0;
        while k < 4 {
            let (df, dr) = [(1, 0), (-1, 0), (0, 1), (0, -1)][k];
            if let Some(to) = at(s, df, dr)
                && s.in_palace(side)
                && to.in_palace(side)
            {
                t[0][i] = t[0][i].push(to, to);
            }
            let (df, dr) = [(1, 1), (1, -1), (-1, 1), (-1, -1)][k];
            if let Some(to) = at(s, df, dr)
                && s.in_palace(side)
                && to.in_palace(side)
            {
                t[1][i] = t[1][i].push(to, to);
            }
            if let (Some(to), Some(eye)) = (at(s, 2 * df, 2 * dr), at(s, df, dr))
                && s.on_own_half(side)
                && to.on_own_half(side)
            {
                t[2][i] = t[2][i].push(to, eye);
            }
            k += 1;
        }
        if let Some(to) = at(s, 0, fwd) {
            t[3][i] = t[3][i].push(to, to);
        }
        if !s.on_own_half(side) {
            if let Some(to) = at(s, 1, 0) {
                t[3][i] = t[3][i].push(to, to);
            }
            if let Some(to) = at(s, -1, 0) {
                t[3][i] = t[3][i].push(to, to);
            }
        }
        i += 1;
    }
    t
}

/// The points along one line from a point, nearest first, up to the board's edge.
#[derive(Copy, Clone)]
pub struct Ray {
    len: u8,
    to: [Square; 9],
}

impl Ray {
    /// The points of the ray, nearest first.
    #[inline]
    pub fn points(&self) -> &[Square] {
        &self.to[..usize::from(self.len)]
    }
}

/// The directions of the rays, in the order the generator has always walked them (towards
/// file i, file a, rank 9, rank 0), so that the move lists come out in the same order.
const RAY_DIRECTIONS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

const fn rays() -> [[Ray; 4]; SQUARES] {
    let empty = Ray {
        len: 0,
        to: [Square::A0; 9],
    };
    let mut t = [[empty; 4]; SQUARES];
    let mut i = 0;
    while i < SQUARES {
        let mut d = 0;
        while d < 4 {
            let (df, dr) = RAY_DIRECTIONS[d];
            let mut next = at(sq(i), df, dr);
            while let Some(s) = next {
                let ray = &mut t[i][d];
                ray.to[ray.len as usize] = s;
                ray.len += 1;
                next = at(s, df, dr);
            }
            d += 1;
        }
        i += 1;
    }
    t
}

/// For each point, the points on its rank and file and its four diagonal neighbours: a move
/// with neither end among them, towards the king on that point, can only check with the
/// moved piece itself (a horse or a pawn), since only such a move changes a line through the
/// king or a horse's leg beside it.
const fn check_zones() -> [u128; SQUARES] {
    let mut t = [0u128; SQUARES];
    let mut i = 0;
    while i < SQUARES {
        let s = sq(i);
        let mut j = 0;
        while j < SQUARES {
            let x = sq(j);
            let (df, dr) = (x.file() - s.file(), x.rank() - s.rank());
            if j != i && (df == 0 || dr == 0 || (df * df == 1 && dr * dr == 1)) {
                t[i] |= x.bit();
            }
            j += 1;
        }
        i += 1;
    }
    t
}

/// See `check_zones`.
pub static CHECK_ZONE: [u128; SQUARES] = check_zones();

/// The four rays from each point: a slider's walk reads a list instead of testing the
/// board's edge at every step.
pub static RAYS: [[Ray; 4]; SQUARES] = rays();

/// Where a horse on each point can go, each target with its leg (the `via` point).
pub static HORSE_MOVES: [Steps; SQUARES] = horse_moves();
/// Where a horse must stand to attack each point, each with its leg (the attacked point's
/// diagonal neighbour towards the horse).
pub static HORSE_ATTACKERS: [Steps; SQUARES] = horse_attackers();
/// The points of `HORSE_ATTACKERS` per point, as a set (legs not considered).
pub static HORSE_ATTACKER_SET: [u128; SQUARES] = step_sets(&horse_attackers());
/// Per side, the points from which that side's pawn attacks each point.
pub static PAWN_ATTACKER_SET: [[u128; SQUARES]; 2] = [
    pawn_attacker_sets(Side::Red),
    pawn_attacker_sets(Side::Black),
];
static SIDE_MOVES: [[[Steps; SQUARES]; 4]; 2] = [side_moves(Side::Red), side_moves(Side::Black)];

/// The targets of the king's, advisor's, elephant's and pawn's steps of `side`, per point, as
/// sets. The first three go both ways, so they are also where such a piece must stand to
/// reach the point: one AND tells whether any of them is near, before the walk over the
/// steps. (A pawn's do not: they only say where it may go.)
const fn side_step_sets(side: Side) -> [[u128; SQUARES]; 4] {
    let moves = side_moves(side);
    [
        step_sets(&moves[0]),
        step_sets(&moves[1]),
        step_sets(&moves[2]),
        step_sets(&moves[3]),
    ]
}
static SIDE_STEP_SETS: [[[u128; SQUARES]; 4]; 2] =
    [side_step_sets(Side::Red), side_step_sets(Side::Black)];

/// The points `side`'s king steps to from `s`, and from which it steps to `s`.
#[inline]
pub fn king_step_set(side: Side, s: Square) -> u128 {
    SIDE_STEP_SETS[side.index()][0][s.index()]
}
/// The points `side`'s advisor steps to from `s`, and from which it steps to `s`.
#[inline]
pub fn advisor_step_set(side: Side, s: Square) -> u128 {
    SIDE_STEP_SETS[side.index()][1][s.index()]
}
/// The points `side`'s elephant steps to from `s` (eyes not considered), and from which it
/// steps to `s`.
#[inline]
pub fn elephant_step_set(side: Side, s: Square) -> u128 {
    SIDE_STEP_SETS[side.index()][2][s.index()]
}
/// The points `side`'s pawn steps to from `s`.
#[inline]
pub fn pawn_step_set(side: Side, s: Square) -> u128 {
    SIDE_STEP_SETS[side.index()][3][s.index()]
}

/// The steps of `side`'s king from `s`: one point orthogonally, inside its palace.
#[inline]
pub fn king_moves(side: Side, s: Square) -> &'static Steps {
    &SIDE_MOVES[side.index()][0][s.index()]
}
/// The steps of `side`'s advisor from `s`: one point diagonally, inside its palace.
#[inline]
pub fn advisor_moves(side: Side, s: Square) -> &'static Steps {
    &SIDE_MOVES[side.index()][1][s.index()]
}
/// The steps of `side`'s elephant from `s`: two points diagonally on its own half, each with
/// the eye between (the `via` point) that must be empty.
#[inline]
pub fn elephant_moves(side: Side, s: Square) -> &'static Steps {
    &SIDE_MOVES[side.index()][2][s.index()]
}
/// The steps of `side`'s pawn from `s`: one point forward, and sideways too once it has
/// crossed the river.
#[inline]
pub fn pawn_moves(side: Side, s: Square) -> &'static Steps {
    &SIDE_MOVES[side.index()][3][s.index()]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(name: &str) -> Square {
        let b = name.as_bytes();
        Square::new((b[0] - b'a') as i32, (b[1] - b'0') as i32).unwrap()
    }

    /// The sets by which move generation skips a piece without captures hold exactly the
    /// targets of its steps (for a horse, its attackers' set: the same eight offsets).
    #[test]
    fn step_sets_hold_exactly_the_targets_of_the_steps() {
        let set = |steps: &Steps| steps.iter().fold(0u128, |all, (to, _)| all | to.bit());
        for s in Square::all() {
            assert_eq!(set(&HORSE_MOVES[s.index()]), HORSE_ATTACKER_SET[s.index()]);
            for side in [Side::Red, Side::Black] {
                assert_eq!(set(king_moves(side, s)), king_step_set(side, s));
                assert_eq!(set(advisor_moves(side, s)), advisor_step_set(side, s));
                assert_eq!(set(elephant_moves(side, s)), elephant_step_set(side, s));
                assert_eq!(set(pawn_moves(side, s)), pawn_step_set(side, s));
            }
        }
    }

    #[test]
    fn horse_in_corner_has_two_moves_with_legs() {
        let m: Vec<_> = HORSE_MOVES[s("a0").index()].iter().collect();
        assert_eq!(m.len(), 2);
        assert!(m.contains(&(s("b2"), s("a1"))));
        assert!(m.contains(&(s("c1"), s("b0"))));
    }

    #[test]
    fn horse_attacker_leg_is_diagonal_to_target() {
        for (from, leg) in HORSE_ATTACKERS[s("e4").index()].iter() {
            assert!(
                HORSE_MOVES[from.index()]
                    .iter()
                    .any(|(to, l)| to == s("e4") && l == leg)
            );
        }
    }

    #[test]
    fn elephants_stay_home_and_pawns_turn_after_the_river() {
        assert_eq!(elephant_moves(Side::Red, s("c4")).len, 2);
        assert_eq!(elephant_moves(Side::Black, s("c5")).len, 2);
        assert_eq!(pawn_moves(Side::Red, s("e3")).len, 1);
        assert_eq!(pawn_moves(Side::Red, s("e5")).len, 3);
        assert_eq!(pawn_moves(Side::Red, s("e9")).len, 2);
        assert_eq!(pawn_moves(Side::Black, s("e4")).len, 3);
        assert_eq!(king_moves(Side::Red, s("e1")).len, 4);
        assert_eq!(advisor_moves(Side::Black, s("e8")).len, 4);
        assert_eq!(advisor_moves(Side::Black, s("d9")).len, 1);
    }
}
