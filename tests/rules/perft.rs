//! Every position of the reference perft file, at every depth it lists, up to a node cap:
//! 2 million leaves in a debug build (to keep `cargo test` quick), everything in release
//! (the `.ci/run` configuration). `JIANGJUN_PERFT_MAX` overrides the cap.

use crate::common::check_perft_reference;
use jiangjun_rules::perft::{divide, perft};
use jiangjun_rules::xiangqi::{Move, Position};

#[test]
fn reference_positions_match_at_every_listed_depth() {
    let checked = check_perft_reference::<Position>(include_str!("../data/xiangqi.epd"));
    assert!(checked >= 12 * 3, "too few depths checked: {checked}");
}

#[test]
fn divide_sums_to_perft_and_names_each_root_move() {
    let mut pos = Position::startpos();
    let rows = divide(&mut pos, 3, Move::NONE);
    assert_eq!(rows.len(), 44);
    assert_eq!(rows.iter().map(|r| r.1).sum::<u64>(), 79_666);
    let h2e2 = rows
        .iter()
        .find(|(m, _)| m.to_string() == "h2e2")
        .expect("central cannon");
    assert_eq!(h2e2.1, perft_after(&mut pos, "h2e2", 2));
}

fn perft_after(pos: &mut Position, mv: &str, depth: u32) -> u64 {
    let m = pos.parse_move(mv).expect("legal");
    pos.make(m);
    let n = perft(pos, depth, Move::NONE);
    pos.unmake();
    n
}
