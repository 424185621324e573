//! The evaluation's parameters: where each weight lives in the weight table, and its name.
//! Every weight is a middlegame/endgame pair that the tuner fits (`jiangjun tune`); the values
//! themselves are in `weights.rs`, which the tuner writes.
//!
//! Points on a half board are folded left to right (the rules are symmetric), so a table by
//! point has 10 ranks × 5 files, seen from the owner's side (rank 0 is its own back rank).

use jiangjun_rules::xiangqi::types::Kind;

/// Points of a file-folded table: ranks 0–9 from the owner's side, files a–e.
pub const FOLDED: usize = 50;

pub const MATERIAL: usize = 0;
/// Placement by kind and folded point.
pub const PSQ: usize = MATERIAL + 7;
/// Rook moves (0–17).
pub const MOB_ROOK: usize = PSQ + 7 * FOLDED;
/// Horse moves with the legs free (0–8).
pub const MOB_HORSE: usize = MOB_ROOK + 18;
/// Cannon moves: quiet moves up to its screen plus a capture behind it (0–17).
pub const MOB_CANNON: usize = MOB_HORSE + 9;
/// King danger: attack units against the palace, and their square (a smooth, rising curve
/// with two weights instead of a table that a small data set fits with noise).
pub const KING_DANGER: usize = MOB_CANNON + 18;
pub const KING_DANGER_SQUARED: usize = KING_DANGER + 1;
pub const KING_DANGER_LEN: usize = 2;
/// An enemy cannon on the king's file with nothing between (the "hollow cannon").
pub const HOLLOW_CANNON: usize = KING_DANGER + KING_DANGER_LEN;
/// An enemy cannon on the king's file with two pieces between: either may not move off
/// without giving check (the loaded central cannon).
pub const LOADED_CANNON: usize = HOLLOW_CANNON + 1;
/// An enemy cannon on the own back rank ("bottom cannon").
pub const BOTTOM_CANNON: usize = LOADED_CANNON + 1;
/// A piece alone between an enemy rook and its own king (pinned).
pub const ROOK_PIN: usize = BOTTOM_CANNON + 1;
/// A piece alone between the two kings (it may never leave the file).
pub const KINGS_PIN: usize = ROOK_PIN + 1;
/// An enemy rook on the own king's file or back rank with the way to the palace open.
pub const ROOK_ON_PALACE_LINE: usize = KINGS_PIN + 1;
/// An enemy horse standing where it attacks a palace point.
pub const HORSE_AT_PALACE: usize = ROOK_ON_PALACE_LINE + 1;
/// Missing advisors while the enemy keeps both rooks.
pub const MISSING_ADVISOR_TWO_ROOKS: usize = HORSE_AT_PALACE + 1;
/// Own guards (advisors and elephants) times the enemy's attacking pieces across the river.
pub const GUARD_VS_CROSSED: usize = MISSING_ADVISOR_TWO_ROOKS + 1;
/// Crossed pawns side by side on one rank.
pub const CONNECTED_PAWNS: usize = GUARD_VS_CROSSED + 1;
/// A piece (not pawn or king) attacked and not defended, of the side to move / the other side.
pub const HANGING_TO_MOVE: usize = CONNECTED_PAWNS + 1;
pub const HANGING_WAITING: usize = HANGING_TO_MOVE + 1;
/// A rook attacked by a horse, cannon or pawn; or a horse or cannon attacked by a pawn; of
/// the side to move / the other side.
pub const THREAT_TO_MOVE: usize = HANGING_WAITING + 1;
pub const THREAT_WAITING: usize = THREAT_TO_MOVE + 1;
/// Having the move.
pub const TEMPO: usize = THREAT_WAITING + 1;
/// Palace points the enemy attacks.
pub const PALACE_CONTROL: usize = TEMPO + 1;
/// A rook on a file with no pawn of either side.
pub const ROOK_OPEN_FILE: usize = PALACE_CONTROL + 1;
/// Both elephants standing where they guard each other.
pub const ELEPHANTS_LINKED: usize = ROOK_OPEN_FILE + 1;
pub const COUNT: usize = ELEPHANTS_LINKED + 1;

/// The weight index of a kind's placement on a point (rank and file from the owner's side).
#[inline]
pub const fn psq_index(kind: Kind, rank: usize, file: usize) -> usize {
    let folded = if file > 4 { 8 - file } else { file };
    PSQ + kind as usize * FOLDED + rank * 5 + folded
}

/// A readable name for each weight, for the tuner's output.
pub fn name(i: usize) -> String {
    const KINDS: [&str; 7] = [
        "king", "advisor", "elephant", "horse", "rook", "cannon", "pawn",
    ];
    let singles = [
        (KING_DANGER, "king danger"),
        (KING_DANGER_SQUARED, "king danger squared"),
        (HOLLOW_CANNON, "hollow cannon"),
        (LOADED_CANNON, "loaded cannon"),
        (BOTTOM_CANNON, "bottom cannon"),
        (ROOK_PIN, "rook pin"),
        (KINGS_PIN, "kings pin"),
        (ROOK_ON_PALACE_LINE, "rook on palace line"),
        (HORSE_AT_PALACE, "horse at palace"),
        (MISSING_ADVISOR_TWO_ROOKS, "missing advisor vs two rooks"),
        (GUARD_VS_CROSSED, "guard vs crossed attacker"),
        (CONNECTED_PAWNS, "connected pawns"),
        (HANGING_TO_MOVE, "hanging, side to move"),
        (HANGING_WAITING, "hanging, side waiting"),
        (THREAT_TO_MOVE, "threat, side to move"),
        (THREAT_WAITING, "threat, side waiting"),
        (TEMPO, "tempo"),
        (PALACE_CONTROL, "palace control"),
        (ROOK_OPEN_FILE, "rook on open file"),
        (ELEPHANTS_LINKED, "elephants linked"),
    ];
    if let Some((_, n)) = singles.iter().find(|(at, _)| *at == i) {
        return (*n).to_string();
    }
    match i {
        _ if i < PSQ => format!("material {}", KINDS[i - MATERIAL]),
        _ if i < MOB_ROOK => {
            let j = i - PSQ;
            let (kind, point) = (j / FOLDED, j % FOLDED);
            let file = (b'a' + (point % 5) as u8) as char;
            format!("psq {} {}{}", KINDS[kind], file, point / 5)
        }
        _ if i < MOB_HORSE => format!("rook mobility {}", i - MOB_ROOK),
        _ if i < MOB_CANNON => format!("horse mobility {}", i - MOB_HORSE),
        _ if i < KING_DANGER => format!("cannon mobility {}", i - MOB_CANNON),
        _ => format!("weight {i}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_weight_has_a_distinct_name() {
        let names: std::collections::HashSet<String> = (0..COUNT).map(name).collect();
        assert_eq!(names.len(), COUNT);
    }
}
