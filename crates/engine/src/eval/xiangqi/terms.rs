//! The evaluation terms that depend on how the pieces see each other: mobility, king safety
//! (attackers on the palace and the classic cannon and rook patterns), pins, loose and
//! threatened pieces, guards against crossed attackers, connected pawns, and the tempo.
//!
//! The terms report counts to a `Sink`: the engine's sink adds weights, the tuner's records the
//! counts, so both read the position through this one function.

use super::own_rank;
use super::params::*;
use super::sliders::Views;
use super::steps::{ADVISOR, ELEPHANT, HORSE, KING, PAWN, Stepper, step_attacks};
use crate::eval::linear::Sink;
use jiangjun_rules::Side;
use jiangjun_rules::xiangqi::Position;
use jiangjun_rules::xiangqi::lines;
use jiangjun_rules::xiangqi::types::{Kind, Piece, Square};

/// The nine palace points of each side.
static PALACE: [u128; 2] = [palace(0), palace(7)];

const fn palace(base: usize) -> u128 {
    let mut m = 0u128;
    let mut r = base;
    while r < base + 3 {
        let mut f = 3;
        while f < 6 {
            m |= 1u128 << (r * 9 + f);
            f += 1;
        }
        r += 1;
    }
    m
}

/// Rank 0, and file i (the last file) on every rank.
const RANK_0: u128 = (1 << 9) - 1;
const FILE_I: u128 = {
    let mut m = 0u128;
    let mut r = 0;
    while r < 10 {
        m |= 1u128 << (r * 9 + 8);
        r += 1;
    }
    m
};

/// The points of each file.
const FILES: [u128; 9] = {
    let mut t = [0u128; 9];
    let mut i = 0;
    while i < 90 {
        t[i % 9] |= 1u128 << i;
        i += 1;
    }
    t
};

/// Each side's half of the board.
const HALF: [u128; 2] = [(1u128 << 45) - 1, ((1u128 << 90) - 1) ^ ((1u128 << 45) - 1)];

#[inline]
fn squares(mut set: u128) -> impl Iterator<Item = Square> {
    std::iter::from_fn(move || {
        if set == 0 {
            return None;
        }
        let i = set.trailing_zeros() as usize;
        set &= set - 1;
        Square::from_index(i)
    })
}

/// What one side's pieces attack, and the counts the terms need.
#[derive(Default)]
struct SideAttacks {
    /// Every point some piece of the side attacks (or defends).
    all: u128,
    /// Points attacked by the side's horses, cannons and pawns.
    by_minor: u128,
    /// Points attacked by the side's pawns.
    by_pawn: u128,
    /// Attack units against the enemy palace.
    units: i32,
}

fn attacks_of<K: Sink>(pos: &Position, side: Side, sink: &mut K) -> SideAttacks {
    let mut a = SideAttacks::default();
    let own = pos.pieces(side);
    let enemy = pos.pieces(side.flip());
    let palace = PALACE[side.flip().index()];
    let of = |kind: Kind| pos.pieces_of(Piece::new(side, kind));
    let steps = Stepper::new(pos);
    if K::WANTS_MATERIAL {
        for kind in Kind::ALL {
            for s in squares(of(kind)) {
                sink.add(side, MATERIAL + kind as usize, 1);
                sink.add(
                    side,
                    psq_index(kind, own_rank(side, s), s.file() as usize),
                    1,
                );
            }
        }
    }
    for s in squares(of(Kind::Rook)) {
        let att = Views::of(pos, s).rook();
        let mobility = (att & !own).count_ones() as usize;
        sink.add(side, MOB_ROOK + mobility.min(17), 1);
        if att & palace != 0 {
            a.units += 2;
            sink.add(side.flip(), ROOK_ON_PALACE_LINE, 1);
        }
        a.all |= att;
    }
    for s in squares(of(Kind::Cannon)) {
        let v = Views::of(pos, s);
        let att = v.cannon_control();
        let quiet = v.cannon_quiet();
        let targets = (v.cannon_targets() & enemy).count_ones();
        let mobility = (quiet.count_ones() + targets) as usize;
        sink.add(side, MOB_CANNON + mobility.min(17), 1);
        if att & palace != 0 {
            a.units += 2;
        }
        a.by_minor |= att;
        a.all |= att;
    }
    for s in squares(of(Kind::Horse)) {
        let att = steps.attacks(HORSE, side, s);
        let mobility = (att & !own).count_ones() as usize;
        sink.add(side, MOB_HORSE + mobility.min(8), 1);
        if att & palace != 0 {
            a.units += 2;
            sink.add(side.flip(), HORSE_AT_PALACE, 1);
        }
        a.by_minor |= att;
        a.all |= att;
    }
    for s in squares(of(Kind::Pawn)) {
        let att = steps.attacks(PAWN, side, s);
        if att & palace != 0 {
            a.units += 1;
        }
        a.by_pawn |= att;
    }
    a.by_minor |= a.by_pawn;
    a.all |= a.by_pawn;
    for s in squares(of(Kind::Advisor)) {
        a.all |= steps.attacks(ADVISOR, side, s);
    }
    for s in squares(of(Kind::Elephant)) {
        a.all |= steps.attacks(ELEPHANT, side, s);
    }
    a.all |= steps.attacks(KING, side, pos.king(side));
    a
}

/// Adds every non-incremental term of `pos` (and material and placement if the sink wants
/// them) to `sink`.
pub fn add_terms<K: Sink>(pos: &Position, sink: &mut K) {
    let att = [
        attacks_of(pos, Side::Red, sink),
        attacks_of(pos, Side::Black, sink),
    ];
    let us = pos.side_to_move();
    sink.add(us, TEMPO, 1);
    for side in [Side::Red, Side::Black] {
        let them = side.flip();
        let (mine, theirs) = (&att[side.index()], &att[them.index()]);
        let units = theirs.units.clamp(0, 20);
        if units > 0 {
            sink.add(side, KING_DANGER, units);
            sink.add(side, KING_DANGER_SQUARED, units * units);
        }
        let control = (theirs.all & PALACE[side.index()]).count_ones() as i32;
        if control > 0 {
            sink.add(side, PALACE_CONTROL, control);
        }
        structure(pos, side, sink);
        king_lines(pos, side, sink);
        let own_counts = pos.counts(side);
        let their_counts = pos.counts(them);
        if their_counts[Kind::Rook as usize] == 2 {
            sink.add(
                side,
                MISSING_ADVISOR_TWO_ROOKS,
                2 - i32::from(own_counts[Kind::Advisor as usize]).min(2),
            );
        }
        let guards =
            i32::from(own_counts[Kind::Advisor as usize] + own_counts[Kind::Elephant as usize]);
        let crossed = crossed_attackers(pos, them);
        if guards > 0 && crossed > 0 {
            sink.add(side, GUARD_VS_CROSSED, guards * crossed);
        }
        let (hanging_at, threat_at) = if side == us {
            (HANGING_TO_MOVE, THREAT_TO_MOVE)
        } else {
            (HANGING_WAITING, THREAT_WAITING)
        };
        let mut hanging = 0;
        let mut threatened = 0;
        for s in squares(pos.pieces(side) & theirs.all) {
            let kind = pos.piece_at(s).map(|p| p.kind());
            if matches!(kind, Some(Kind::Rook | Kind::Horse | Kind::Cannon))
                && mine.all & s.bit() == 0
            {
                hanging += 1;
            }
            threatened += i32::from(match kind {
                Some(Kind::Rook) => theirs.by_minor & s.bit() != 0,
                Some(Kind::Horse | Kind::Cannon) => theirs.by_pawn & s.bit() != 0,
                _ => false,
            });
        }
        if hanging > 0 {
            sink.add(side, hanging_at, hanging);
        }
        if threatened > 0 {
            sink.add(side, threat_at, threatened);
        }
        connected_pawns(pos, side, sink);
    }
}

/// `side`'s rooks, horses, cannons and pawns on the far half of the board: the pieces that
/// attack the other side's palace.
fn crossed_attackers(pos: &Position, side: Side) -> i32 {
    let of = |kind: Kind| pos.pieces_of(Piece::new(side, kind));
    let attackers = of(Kind::Rook) | of(Kind::Horse) | of(Kind::Cannon) | of(Kind::Pawn);
    (attackers & HALF[side.flip().index()]).count_ones() as i32
}

/// The patterns along the lines through `side`'s king: cannons on its file (hollow or
/// loaded), a cannon on its back rank, rook pins, and a piece pinned between the kings.
fn king_lines<K: Sink>(pos: &Position, side: Side, sink: &mut K) {
    let them = side.flip();
    let ksq = pos.king(side);
    let (kf, kr) = (ksq.file(), ksq.rank());
    let file_occ = pos.file_line(kf);
    let rank_occ = pos.rank_line(kr);
    let is_enemy = |s: Square, kind: Kind| {
        pos.piece_at(s)
            .is_some_and(|p| p.side() == them && p.kind() == kind)
    };
    // Walk outwards from the king along each line: count pieces until an enemy rook or cannon.
    for (occ, pos_on_line, vertical) in [(file_occ, kr, true), (rank_occ, kf, false)] {
        for up in [true, false] {
            let mut between = 0;
            let mut first_between = None;
            let mut p = pos_on_line;
            loop {
                let (next, _) = if up {
                    lines::above(occ, p)
                } else {
                    lines::below(occ, p)
                };
                let Some(n) = next else {
                    break;
                };
                p = n;
                let s = if vertical {
                    Square::new(kf, n)
                } else {
                    Square::new(n, kr)
                };
                let Some(s) = s else {
                    break;
                };
                let pinned_own = between == 1
                    && first_between
                        .is_some_and(|b| pos.piece_at(b).is_some_and(|q| q.side() == side));
                if is_enemy(s, Kind::Cannon) {
                    if vertical && between == 0 {
                        sink.add(side, HOLLOW_CANNON, 1);
                    } else if between == 2 {
                        sink.add(side, LOADED_CANNON, 1);
                    }
                } else if is_enemy(s, Kind::Rook) && pinned_own {
                    sink.add(side, ROOK_PIN, 1);
                } else if vertical && is_enemy(s, Kind::King) && pinned_own {
                    sink.add(side, KINGS_PIN, 1);
                }
                between += 1;
                if between == 1 {
                    first_between = Some(s);
                }
                if between > 2 {
                    break;
                }
            }
        }
    }
    let back = if side == Side::Red { 0 } else { 9 };
    let bottom = (pos.pieces_of(Piece::new(them, Kind::Cannon)) & (RANK_0 << (9 * back)))
        .count_ones() as i32;
    if bottom > 0 {
        sink.add(side, BOTTOM_CANNON, bottom);
    }
}

/// Rooks on files free of pawns, and elephants that guard each other (both on points one
/// elephant step apart with the eye between them empty).
fn structure<K: Sink>(pos: &Position, side: Side, sink: &mut K) {
    let pawns = pos.pieces_of(Piece::new(Side::Red, Kind::Pawn))
        | pos.pieces_of(Piece::new(Side::Black, Kind::Pawn));
    let open = squares(pos.pieces_of(Piece::new(side, Kind::Rook)))
        .filter(|s| pawns & FILES[s.file() as usize] == 0)
        .count() as i32;
    if open > 0 {
        sink.add(side, ROOK_OPEN_FILE, open);
    }
    let elephants = pos.pieces_of(Piece::new(side, Kind::Elephant));
    if let Some(e) = squares(elephants).next()
        && elephants.count_ones() == 2
        && step_attacks(pos, ELEPHANT, side, e) & elephants != 0
    {
        sink.add(side, ELEPHANTS_LINKED, 1);
    }
}

fn connected_pawns<K: Sink>(pos: &Position, side: Side, sink: &mut K) {
    let far = HALF[side.flip().index()] & pos.pieces_of(Piece::new(side, Kind::Pawn));
    // A pawn with another one on the next file of its rank (file i has no next file).
    let pairs = (far & (far >> 1) & !FILE_I).count_ones() as i32;
    if pairs > 0 {
        sink.add(side, CONNECTED_PAWNS, pairs);
    }
}
