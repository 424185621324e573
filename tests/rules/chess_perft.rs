//! Every position of the chess reference perft file (`tests/data/chess.epd`, a copy of
//! `../shared/perft/chess.epd`), at every depth it lists, up to a leaf cap: 2 million in a
//! debug build (to keep `cargo test` quick), everything in release (the `.ci/run`
//! configuration: all 48 depths, 510 million leaves, take about 1.3 s, since the last ply is
//! counted without listing moves). `JIANGJUN_PERFT_MAX` overrides the cap.

use crate::common::check_perft_reference;
use jiangjun_rules::chess::{Move, Position};
use jiangjun_rules::perft::divide;

#[test]
fn reference_positions_match_at_every_listed_depth() {
    let checked = check_perft_reference::<Position>(include_str!("../data/chess.epd"));
    assert!(checked >= 9 * 3, "too few depths checked: {checked}");
}

#[test]
fn divide_sums_to_perft_and_names_each_root_move() {
    let mut pos = Position::startpos();
    let rows = divide(&mut pos, 3, Move::NONE);
    assert_eq!(rows.len(), 20);
    assert_eq!(rows.iter().map(|r| r.1).sum::<u64>(), 8_902);
    let e2e4 = rows
        .iter()
        .find(|(m, _)| m.to_string() == "e2e4")
        .expect("king's pawn");
    assert_eq!(e2e4.1, 600);
}
