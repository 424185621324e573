//! The chess evaluation's parameters: where each weight lives in the weight table, and its
//! name. Every weight is a middlegame/endgame pair that the tuner fits (`jiangjun --game chess
//! tune`); the values themselves are in `weights.rs`, which the tuner writes.
//!
//! Placement tables have all 64 squares (chess is not left-right symmetric once kings have
//! castled), seen from the owner's side: square 0 is a1 for White and a8 for Black.
//! Mobility and king attack are tables by count, so the tuner can bend their curves.

use jiangjun_rules::chess::types::Kind;

pub const MATERIAL: usize = 0;
/// Placement by kind and square (from the owner's side).
pub const PSQ: usize = MATERIAL + 6;
/// Safe squares a knight, bishop, rook, queen attacks (0–8, 0–13, 0–14, 0–27).
pub const MOB_KNIGHT: usize = PSQ + 6 * 64;
pub const MOB_BISHOP: usize = MOB_KNIGHT + 9;
pub const MOB_ROOK: usize = MOB_BISHOP + 14;
pub const MOB_QUEEN: usize = MOB_ROOK + 15;
/// Attack units on the enemy king's zone, counted when two pieces or more attack it (0–20,
/// more count as 20).
pub const KING_ATTACK: usize = MOB_QUEEN + 28;
pub const KING_ATTACK_MAX: i32 = 20;
/// An own pawn in front of a king on its back rank (own, adjacent files, next two ranks).
pub const SHIELD_PAWN: usize = KING_ATTACK + KING_ATTACK_MAX as usize + 1;
/// A pawn with an own pawn in front of it on its file.
pub const DOUBLED: usize = SHIELD_PAWN + 1;
/// A pawn with no own pawn on the adjacent files.
pub const ISOLATED: usize = DOUBLED + 1;
/// A passed pawn by the rank it stands on (from its side's view, 0–7).
pub const PASSED: usize = ISOLATED + 1;
pub const BISHOP_PAIR: usize = PASSED + 8;
/// Having the move.
pub const TEMPO: usize = BISHOP_PAIR + 1;
/// A rook on a file with no pawn / with enemy pawns only.
pub const ROOK_OPEN_FILE: usize = TEMPO + 1;
pub const ROOK_SEMI_OPEN_FILE: usize = ROOK_OPEN_FILE + 1;
pub const COUNT: usize = ROOK_SEMI_OPEN_FILE + 1;

/// The weight index of a kind's placement on a square (index from the owner's side).
#[inline]
pub const fn psq_index(kind: Kind, square: usize) -> usize {
    PSQ + kind as usize * 64 + square
}

const KINDS: [&str; 6] = ["pawn", "knight", "bishop", "rook", "queen", "king"];

/// A readable name for each weight, for the tuner's output.
pub fn name(i: usize) -> String {
    let singles = [
        (SHIELD_PAWN, "shield pawn"),
        (DOUBLED, "doubled pawn"),
        (ISOLATED, "isolated pawn"),
        (BISHOP_PAIR, "bishop pair"),
        (TEMPO, "tempo"),
        (ROOK_OPEN_FILE, "rook on open file"),
        (ROOK_SEMI_OPEN_FILE, "rook on semi-open file"),
    ];
    if let Some((_, n)) = singles.iter().find(|(at, _)| *at == i) {
        return (*n).to_string();
    }
    let tables = [
        (MOB_KNIGHT, "knight mobility"),
        (MOB_BISHOP, "bishop mobility"),
        (MOB_ROOK, "rook mobility"),
        (MOB_QUEEN, "queen mobility"),
        (KING_ATTACK, "king attack"),
        (PASSED, "passed pawn rank"),
    ];
    match i {
        _ if i < PSQ => format!("material {}", KINDS[i - MATERIAL]),
        _ if i < MOB_KNIGHT => {
            let j = i - PSQ;
            let (kind, s) = (j / 64, j % 64);
            let file = (b'a' + (s % 8) as u8) as char;
            format!("psq {} {file}{}", KINDS[kind], s / 8 + 1)
        }
        _ => match tables.iter().rev().find(|(at, _)| *at <= i) {
            Some((at, n)) if i < COUNT => format!("{n} {}", i - at),
            _ => format!("weight {i}"),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_weight_has_a_distinct_name() {
        let names: std::collections::HashSet<String> = (0..COUNT).map(name).collect();
        assert_eq!(names.len(), COUNT);
        assert_eq!(name(psq_index(Kind::Knight, 18)), "psq knight c3");
        assert_eq!(name(KING_ATTACK + 4), "king attack 4");
        assert_eq!(name(PASSED + 6), "passed pawn rank 6");
    }
}
