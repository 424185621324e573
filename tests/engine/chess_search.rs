//! The generic search playing chess, unchanged: it finds a mate in two and every move it
//! reports (best move and principal variations) is legal.

use crate::common::search_depth;
use jiangjun_engine::game::Chess;
use jiangjun_engine::search::{self, Event, Report};
use jiangjun_rules::chess::Move;
use jiangjun_rules::{Game, GenKind, MoveList};
use std::sync::Mutex;

/// A fixed-depth search of `fen` on one thread, with the principal variation of each
/// completed iteration.
fn search_fen(fen: &str, depth: u32) -> (Report<Move>, Vec<Vec<Move>>) {
    let pos = Chess::from_fen(fen).expect("valid test FEN");
    let mut list = MoveList::new(Move::NONE);
    pos.generate(GenKind::All, &mut list);
    let pvs = Mutex::new(Vec::new());
    let report = search_depth(pos, list.as_slice().to_vec(), depth, &|e| {
        if let Event::Info(info) = e
            && let Ok(mut pvs) = pvs.lock()
        {
            pvs.push(info.pv);
        }
    });
    (report, pvs.into_inner().unwrap_or_default())
}

/// Asserts that `pv` is a sequence of legal moves from `fen`.
fn assert_legal_line(fen: &str, pv: &[Move]) {
    let mut pos = Chess::from_fen(fen).expect("valid");
    for &m in pv {
        assert!(pos.is_legal(m), "{m} in {} (pv {pv:?})", pos.to_fen());
        pos.make(m);
    }
}

#[test]
fn finds_a_mate_in_two() {
    // Légal's pattern: 1. Nf6+ gxf6 2. Bxf7#.
    let fen = "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1";
    let (report, pvs) = search_fen(fen, 5);
    assert_eq!(report.best.map(|m| m.to_string()), Some("d5f6".into()));
    assert_eq!(report.score, search::MATE - 3, "mate in three plies");
    assert!(!pvs.is_empty());
    for pv in &pvs {
        assert_legal_line(fen, pv);
    }
}

#[test]
fn every_reported_move_is_legal_in_varied_positions() {
    for fen in [
        jiangjun_rules::chess::START_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1",
        "3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1",
    ] {
        let (report, pvs) = search_fen(fen, 5);
        let best = report.best.expect("a move");
        assert_legal_line(fen, &[best]);
        for pv in &pvs {
            assert_legal_line(fen, pv);
        }
    }
}

#[test]
fn stalemate_and_dead_positions_score_as_draws() {
    // Black to move has no move and is not in check.
    let (report, _) = search_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", 3);
    assert_eq!((report.best, report.score), (None, 0));
    // A queen that stalemates would throw the win away; the search plays another move.
    let (report, _) = search_fen("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1", 4);
    assert_ne!(report.best.map(|m| m.to_string()), Some("f1f7".into()));
    assert!(
        report.score > search::MATE_BOUND,
        "mate is near: {}",
        report.score
    );
    // A knight alone cannot mate: the position is dead, whatever the material count says.
    let (report, _) = search_fen("8/8/4k3/8/8/3NK3/8/8 w - - 0 1", 4);
    assert_eq!(report.score, 0);
    assert!(report.best.is_some());
}
