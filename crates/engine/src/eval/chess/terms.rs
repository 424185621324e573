//! The evaluation terms counted at each call, for one side from its own view: mobility, king
//! attack and shelter, pawn structure (doubled and isolated pawns), passed pawns, the bishop
//! pair, rooks on open files and the tempo; with material and placement too when the sink
//! wants them (the tuner; the engine keeps those incrementally).
//!
//! The terms report counts to a `Sink`, so the engine and the tuner read a position through
//! this one function and cannot disagree.

use super::params::*;
use crate::eval::linear::Sink;
use jiangjun_rules::Side;
use jiangjun_rules::chess::Position;
use jiangjun_rules::chess::bitboard::{
    Bitboard, FILE_A, FILE_H, king_attacks, knight_attacks, pawn_attacks_set, squares,
};
use jiangjun_rules::chess::magic::magics;
use jiangjun_rules::chess::types::{Kind, Square};

/// The weight of an attacker on the king's zone by kind (knight, bishop, rook, queen): how
/// the king attack table is indexed, not a weight.
const KING_ATTACK_UNITS: [i32; 4] = [2, 2, 3, 5];
const MOBILITY: [usize; 4] = [MOB_KNIGHT, MOB_BISHOP, MOB_ROOK, MOB_QUEEN];

/// The files next to each file of a set, as whole files.
#[inline]
fn adjacent_files(files: Bitboard) -> Bitboard {
    ((files & !FILE_A) >> 1) | ((files & !FILE_H) << 1)
}

/// The whole file of `s`.
#[inline]
fn file_of(s: Square) -> Bitboard {
    FILE_A << s.file()
}

/// The squares in front of `s` from `side`'s view, on the same file.
fn ahead(s: Square, side: Side) -> Bitboard {
    let file = file_of(s);
    match side {
        Side::Red => file & (!0u64).checked_shl(8 * (s.rank() as u32 + 1)).unwrap_or(0),
        Side::Black => file & ((1u64 << (8 * s.rank() as u32)) - 1),
    }
}

/// Reports every term of both sides (and the tempo) to `sink`.
pub fn add_terms<K: Sink>(pos: &Position, sink: &mut K) {
    for side in [Side::Red, Side::Black] {
        side_terms(pos, side, sink);
    }
    sink.add(pos.side_to_move(), TEMPO, 1);
}

/// Every term of `side`, from its own view.
fn side_terms<K: Sink>(pos: &Position, side: Side, sink: &mut K) {
    let b = pos.board();
    if K::WANTS_MATERIAL {
        for kind in Kind::ALL {
            for s in squares(b.of(side, kind)) {
                sink.add(side, MATERIAL + kind.index(), 1);
                sink.add(side, psq_index(kind, s.relative(side).index()), 1);
            }
        }
    }
    let them = side.flip();
    let occ = b.occupied();
    let m = magics();
    let ours = b.side(side);
    let enemy_pawn_attacks = pawn_attacks_set(b.of(them, Kind::Pawn), them);
    let area = !ours & !enemy_pawn_attacks;
    let enemy_zone = {
        let k = b.king(them);
        king_attacks(k) | k.bit()
    };
    let (own_pawns, their_pawns) = (b.of(side, Kind::Pawn), b.of(them, Kind::Pawn));
    let mut units = 0;
    let mut attackers = 0;
    for (i, kind) in [Kind::Knight, Kind::Bishop, Kind::Rook, Kind::Queen]
        .into_iter()
        .enumerate()
    {
        for s in squares(b.of(side, kind)) {
            let attacks = match kind {
                Kind::Knight => knight_attacks(s),
                Kind::Bishop => m.bishop(s, occ),
                Kind::Rook => m.rook(s, occ),
                _ => m.queen(s, occ),
            };
            sink.add(
                side,
                MOBILITY[i] + (attacks & area).count_ones() as usize,
                1,
            );
            if attacks & enemy_zone != 0 {
                units += KING_ATTACK_UNITS[i] * (attacks & enemy_zone).count_ones() as i32;
                attackers += 1;
            }
            if kind == Kind::Rook && file_of(s) & own_pawns == 0 {
                let open = file_of(s) & their_pawns == 0;
                sink.add(
                    side,
                    if open {
                        ROOK_OPEN_FILE
                    } else {
                        ROOK_SEMI_OPEN_FILE
                    },
                    1,
                );
            }
        }
    }
    // A lone attacker is rarely dangerous; the danger grows faster than the attack.
    if attackers >= 2 {
        sink.add(side, KING_ATTACK + units.min(KING_ATTACK_MAX) as usize, 1);
    }
    king_shelter(pos, side, sink);
    pawn_terms(pos, side, sink);
    if b.of(side, Kind::Bishop).count_ones() >= 2 {
        sink.add(side, BISHOP_PAIR, 1);
    }
}

/// Own pawns just in front of a king that stays on its back rank.
fn king_shelter<K: Sink>(pos: &Position, side: Side, sink: &mut K) {
    let b = pos.board();
    let k = b.king(side);
    if k.relative(side).rank() != 0 {
        return;
    }
    let files = file_of(k) | adjacent_files(file_of(k));
    let near = match side {
        Side::Red => 0xffff_u64 << 8,
        Side::Black => 0xffff_u64 << 40,
    };
    let shield = (b.of(side, Kind::Pawn) & files & near).count_ones() as i32;
    if shield > 0 {
        sink.add(side, SHIELD_PAWN, shield);
    }
}

fn pawn_terms<K: Sink>(pos: &Position, side: Side, sink: &mut K) {
    let b = pos.board();
    let pawns = b.of(side, Kind::Pawn);
    let theirs = b.of(side.flip(), Kind::Pawn);
    for s in squares(pawns) {
        let file = file_of(s);
        if adjacent_files(file) & pawns == 0 {
            sink.add(side, ISOLATED, 1);
        }
        let front = ahead(s, side);
        if front & pawns != 0 {
            sink.add(side, DOUBLED, 1); // counted for the rear pawn of the pair
        }
        let span = front | adjacent_files(front);
        if span & theirs == 0 && front & pawns == 0 {
            sink.add(side, PASSED + s.relative(side).rank() as usize, 1);
        }
    }
}
