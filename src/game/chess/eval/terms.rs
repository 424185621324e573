//! The evaluation terms worked out at each call, for one side from its own view: mobility,
//! king safety, pawn structure (doubled and isolated pawns), passed pawns, the bishop pair.
//! All weights hand-set.

use super::Score;
use crate::game::Side;
use crate::game::chess::bitboard::{
    Bitboard, FILE_A, FILE_H, king_attacks, knight_attacks, pawn_attacks_set, squares,
};
use crate::game::chess::magic::magics;
use crate::game::chess::position::Position;
use crate::game::chess::types::{Kind, Square};

/// Per reachable square beyond a typical count, for knight, bishop, rook, queen.
const MOBILITY: [(Score, i32); 4] = [
    (Score(4, 4), 4),
    (Score(5, 5), 6),
    (Score(2, 4), 6),
    (Score(1, 2), 12),
];
/// The weight of an attacker on the king's zone by kind (knight, bishop, rook, queen).
const KING_ATTACK_UNITS: [i32; 4] = [2, 2, 3, 5];
const SHIELD_PAWN: Score = Score(10, 0);
const DOUBLED: Score = Score(-10, -20);
const ISOLATED: Score = Score(-10, -14);
/// Passed pawn bonus by the rank it stands on, from its side's view.
const PASSED: [Score; 8] = [
    Score(0, 0),
    Score(5, 10),
    Score(8, 14),
    Score(14, 24),
    Score(28, 44),
    Score(48, 74),
    Score(76, 116),
    Score(0, 0),
];
const BISHOP_PAIR: Score = Score(28, 48);

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

/// Every term of `side`, from its own view.
pub fn side_terms(pos: &Position, side: Side) -> Score {
    let b = pos.board();
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
    let mut score = Score(0, 0);
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
            let (weight, typical) = MOBILITY[i];
            score += weight.times((attacks & area).count_ones() as i32 - typical);
            if attacks & enemy_zone != 0 {
                units += KING_ATTACK_UNITS[i] * (attacks & enemy_zone).count_ones() as i32;
                attackers += 1;
            }
        }
    }
    // A lone attacker is rarely dangerous; the danger grows faster than the attack.
    if attackers >= 2 {
        score += Score((units * units).min(400), 0);
    }
    score += king_shelter(pos, side);
    score += pawn_terms(pos, side);
    if b.of(side, Kind::Bishop).count_ones() >= 2 {
        score += BISHOP_PAIR;
    }
    score
}

/// Own pawns just in front of a king that stays on its back rank.
fn king_shelter(pos: &Position, side: Side) -> Score {
    let b = pos.board();
    let k = b.king(side);
    if k.relative(side).rank() != 0 {
        return Score(0, 0);
    }
    let files = file_of(k) | adjacent_files(file_of(k));
    let near = match side {
        Side::Red => 0xffff_u64 << 8,
        Side::Black => 0xffff_u64 << 40,
    };
    SHIELD_PAWN.times((b.of(side, Kind::Pawn) & files & near).count_ones() as i32)
}

fn pawn_terms(pos: &Position, side: Side) -> Score {
    let b = pos.board();
    let pawns = b.of(side, Kind::Pawn);
    let theirs = b.of(side.flip(), Kind::Pawn);
    let mut score = Score(0, 0);
    for s in squares(pawns) {
        let file = file_of(s);
        if adjacent_files(file) & pawns == 0 {
            score += ISOLATED;
        }
        let front = ahead(s, side);
        if front & pawns != 0 {
            score += DOUBLED; // counted for the rear pawn of the pair
        }
        let span = front | adjacent_files(front);
        if span & theirs == 0 && front & pawns == 0 {
            score += PASSED[s.relative(side).rank() as usize];
        }
    }
    score
}
