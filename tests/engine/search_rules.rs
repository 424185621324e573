//! The repetition rules inside the search: a move that completes a cycle the rules forbid is
//! scored as a loss for the side that makes it (the search judges at the first repetition).

use crate::common::{search_depth, search_lines};
use jiangjun_engine::evaluation::Evaluation;
use jiangjun_engine::game::{EngineGame, Xiangqi};
use jiangjun_engine::search;
use jiangjun_rules::xiangqi::Move;
use jiangjun_rules::{Game, GenKind, MoveList};

/// The best move and score of a fixed-depth search from `fen` after `moves`, choosing among
/// `only` if it is not empty.
fn best(fen: &str, moves: &str, only: &[&str], depth: u32) -> (String, i32) {
    let mut pos = Xiangqi::from_fen(fen).expect("valid test FEN");
    for m in moves.split_whitespace() {
        let mv = pos.parse_move(m).expect("legal test move");
        pos.make(mv);
    }
    let mut list = MoveList::new(Move::NONE);
    pos.generate(GenKind::All, &mut list);
    let root_moves = list
        .iter()
        .filter(|m| only.is_empty() || only.contains(&m.to_string().as_str()))
        .collect();
    let report = search_depth(pos, root_moves, depth, &|_| {});
    (
        report.best.map(|m| m.to_string()).unwrap_or_default(),
        report.score,
    )
}

#[test]
fn the_chaser_would_rather_lose_its_rook_than_complete_a_perpetual_chase() {
    // Black's rook has followed Red's unprotected cannon from a4 to c4; going back to a4
    // repeats the position with Black chasing on every move, while c4e4 gives the rook to
    // the pawn on e3.
    let fen = "4k4/9/9/c1c6/9/r8/4P4/9/C8/3K5 w - - 0 1";
    let choice = ["c4a4", "c4e4"];
    let (mv, score) = best(fen, "a1c1 a4c4 c1a1", &choice, 4);
    assert_eq!(mv, "c4e4", "score {score}");
    // The same board without the history: no repetition, and the rook stays.
    let same = "4k4/9/9/c1c6/9/2r6/4P4/9/C8/3K5 b - - 0 1";
    assert_eq!(best(same, "", &choice, 4).0, "c4a4");
}

#[test]
fn the_chased_side_may_complete_the_cycle_and_wins_by_it() {
    // Red's cannon steps back to a1 once more: the position repeats and Black, who chased on
    // every move, has lost.
    let fen = "4k4/9/9/c1c6/9/r8/9/9/C8/3K5 w - - 0 1";
    let (mv, score) = best(fen, "a1c1 a4c4 c1a1 c4a4 a1c1 a4c4", &[], 4);
    assert_eq!(mv, "c1a1");
    assert!(score > search::MATE_BOUND, "score {score}");
}

#[test]
fn a_mate_on_the_ply_that_reaches_the_natural_move_limit_wins() {
    // 119 quiet plies so far: a1d1 mates on the 120th (i0i8 stalemates, which also loses).
    // The arbiter calls it a win, and so must the search (it used to see the limit first and
    // score the mate as a draw).
    let fen = "3k5/9/9/9/9/9/9/9/R8/4K3R w - - 119 80";
    assert_eq!(
        jiangjun_tools::judge::judge(fen, &["a1d1"]).map(|r| r.to_string()),
        Ok("black-loses: checkmate".to_string())
    );
    assert_eq!(
        jiangjun_tools::judge::judge(fen, &["a1a2"]).map(|r| r.to_string()),
        Ok("draw: natural move limit".to_string())
    );
    let (mv, score) = best(fen, "", &[], 3);
    assert_eq!(score, search::MATE - 1, "{mv}");
    let ruling = jiangjun_tools::judge::judge(fen, &[mv.as_str()]).map(|r| r.to_string());
    assert!(
        ruling
            .as_deref()
            .is_ok_and(|r| r.starts_with("black-loses")),
        "{mv}: {ruling:?}"
    );
}

#[test]
fn checks_answered_by_checks_end_in_quiescence() {
    // Both kings are open to checks that answer checks, and quiescence searches every move of
    // a side in check. Without the repetition rules there the lines of checks went round until
    // the ply limit, every evasion branching: depth 2 did not end in ten minutes. Now depth 4
    // takes about a thousand nodes; the node limit turns a relapse into a failure, not a hang.
    let fen = "3Nca3/1C4R2/5k3/8p/P8/6B2/2P5P/5r3/9/4K1B2 w - - 5 54";
    let mut pos = Xiangqi::from_fen(fen).expect("valid test FEN");
    let net = Evaluation::load("<builtin>", 100).expect("the shipped net");
    pos.set_evaluation(&net);
    let mut list = MoveList::new(Move::NONE);
    pos.generate(GenKind::All, &mut list);
    let limits = jiangjun_engine::time::Limits {
        depth: Some(4),
        nodes: Some(200_000),
        ..Default::default()
    };
    let report = search_lines(pos, list.as_slice().to_vec(), limits, 1, &|_| {});
    assert_eq!(report.depth, 4, "{} nodes", report.nodes);
}
