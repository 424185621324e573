//! Tests of the evaluation: symmetry, incremental terms, and the patterns each term names.

use super::*;

use jiangjun_rules::xiangqi::Position;

/// The evaluation of a position as the engine computes it without a net; the engine's own
/// positions keep the material sums incrementally, which `tests/rules/properties.rs` checks
/// against these from-scratch sums over random games.
trait Evaluate {
    fn evaluate(&self) -> i32;
}

impl Evaluate for Position {
    fn evaluate(&self) -> i32 {
        evaluate_from_scratch(self)
    }
}

fn eval(fen: &str) -> i32 {
    Position::from_fen(fen).expect("valid FEN").evaluate()
}

#[test]
fn start_position_is_balanced_apart_from_the_tempo() {
    let tempo = taper(WEIGHTS[params::TEMPO], PHASE_MAX);
    assert_eq!(Position::startpos().evaluate(), tempo);
}

#[test]
fn evaluation_is_symmetric_for_colour_and_mirror() {
    for fen in [
        "2bakab2/9/4c4/p3p3p/2p3N2/2P6/P3P3P/4C4/9/2BAKABR1 w - - 0 1",
        "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
        "3k5/4a4/4ba3/9/2b6/6R2/9/4B4/4A4/4KA3 w - - 0 1",
    ] {
        let red = Position::from_fen(fen).expect("valid");
        let black =
            Position::from_fen(&jiangjun_rules::xiangqi::fen::swap_colours(fen)).expect("valid");
        let mirror =
            Position::from_fen(&jiangjun_rules::xiangqi::fen::mirror_files(fen)).expect("valid");
        assert_eq!(red.evaluate(), black.evaluate(), "{fen}");
        assert_eq!(red.evaluate(), mirror.evaluate(), "{fen}");
        assert_eq!(red.evaluate(), evaluate_from_scratch(&red), "{fen}");
    }
}

#[test]
fn the_trace_reproduces_the_evaluation() {
    for fen in [
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
        "3ak1b2/4a4/9/3n2n2/2b6/2B3B2/3N1p3/9/4A4/3AK4 b - - 0 1",
        "C1Naka3/9/7r1/4P1n2/7c1/4N4/2p6/4C4/9/5K3 w - - 0 1",
    ] {
        let pos = Position::from_fen(fen).expect("valid");
        let t = trace(&pos);
        let mut sum = S(0, 0);
        for &(i, c) in &t.coefficients {
            sum += WEIGHTS[i as usize] * i32::from(c);
        }
        let v = taper(sum, t.phase);
        let red_view = v * t.scale[if v > 0 { 0 } else { 1 }] / 64;
        let stm = if pos.side_to_move() == Side::Red {
            1
        } else {
            -1
        };
        assert_eq!(red_view * stm, pos.evaluate(), "{fen}");
    }
}

/// The patterns are checked in the middlegame, where they matter: in bare endgames the tuner
/// fits their endgame halves from few positions, and a draw scale decides those anyway.
#[test]
fn a_crossed_pawn_is_worth_more() {
    // The red e-pawn on e5 (across the river) against e3, the black e-pawn gone in both.
    let crossed = eval("rnbakabnr/9/1c5c1/p1p3p1p/4P4/9/P1P3P1P/1C5C1/9/RNBAKABNR w");
    let home = eval("rnbakabnr/9/1c5c1/p1p3p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w");
    assert!(crossed > home, "{crossed} vs {home}");
}

#[test]
fn a_hollow_cannon_is_seen_and_hurts_the_defender() {
    // A red cannon on e2 facing the black king down an otherwise empty e-file.
    let pos = Position::from_fen("rnbakabnr/9/1c5c1/p1p3p1p/9/9/P1P3P1P/1C2C4/9/RNBAKABNR b")
        .expect("valid");
    let t = trace(&pos);
    let hollow = t
        .coefficients
        .iter()
        .find(|(i, _)| usize::from(*i) == params::HOLLOW_CANNON);
    assert_eq!(hollow.map(|c| c.1), Some(-1), "counted once, against Black");
    assert!(WEIGHTS[params::HOLLOW_CANNON].0 < 0, "a middlegame penalty");
}

#[test]
fn advisors_and_elephants_alone_cannot_win() {
    assert_eq!(eval("4k4/9/9/9/9/9/9/4B4/4A4/2B1KA3 w"), 0);
}

#[test]
fn a_lone_horse_against_full_guards_is_nearly_a_draw() {
    let v = eval("3akab2/9/4b4/9/9/9/9/4N4/9/4K4 w");
    assert!(v.abs() < 60, "{v}");
}
