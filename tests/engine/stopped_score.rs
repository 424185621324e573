//! A search stopped by its node limit answers with the score of the move it answers with:
//! in particular, a move that failed high just before the stop (the re-search with a wider
//! window had not finished a single move) comes with the score it failed high with, never
//! with the "no move searched yet" sentinel (which the protocols would show as "mate 0", and
//! a UCCI draw offer would read as a lost position).

use jiangjun_engine::game::EngineGame;
use jiangjun_engine::game::Xiangqi;
use jiangjun_engine::search::MATE_BOUND;
use jiangjun_engine::search::search_once;
use jiangjun_engine::time::Limits;
use jiangjun_engine::tt::Tt;
use jiangjun_rules::Game;

#[test]
fn a_search_stopped_by_nodes_reports_a_real_score() {
    let mut bad = Vec::new();
    let mut searches = 0;
    for fen in &Xiangqi::BENCH[..6] {
        // Node limits spread over many iterations, so that some stops fall inside an
        // aspiration re-search.
        for nodes in (500..60_000).step_by(1_487) {
            let pos = Xiangqi::from_fen(fen).expect("bench FEN");
            let tt = Tt::new(4);
            let limits = Limits {
                nodes: Some(nodes),
                ..Limits::default()
            };
            let report = search_once(pos, &limits, &tt);
            searches += 1;
            if report.score.abs() >= MATE_BOUND {
                bad.push(format!("{fen} nodes {nodes}: score {}", report.score));
            }
        }
    }
    assert!(
        bad.is_empty(),
        "{} of {searches}:\n{}",
        bad.len(),
        bad.join("\n")
    );
}
