//! The rules that end a game: mate, stalemate, repetition, the fifty-move rule, insufficient
//! material.

use super::*;
use crate::chess::START_FEN;

fn play(fen: &str, moves: &str) -> Position {
    let mut pos = Position::from_fen(fen).expect("valid test FEN");
    for m in moves.split_whitespace() {
        let mv = pos.parse_move(m).unwrap_or_else(|e| panic!("{m}: {e}"));
        pos.make(mv);
    }
    pos
}

#[test]
fn checkmate_loses_and_stalemate_draws() {
    let fools = play(START_FEN, "f2f3 e7e5 g2g4 d8h4");
    assert_eq!(outcome(&fools, 3), Some(Outcome::Loss(Reason::Checkmate)));
    let stale = play("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1", "f1f7");
    assert_eq!(outcome(&stale, 3), Some(Outcome::Draw(Reason::Stalemate)));
}

#[test]
fn threefold_repetition_draws_and_the_search_sees_the_first() {
    let dance = "g1f3 g8f6 f3g1 f6g8";
    let once = play(START_FEN, dance);
    assert_eq!(outcome(&once, 3), None);
    assert_eq!(outcome(&once, 2), Some(Outcome::Draw(Reason::Repetition)));
    let twice = play(START_FEN, &format!("{dance} {dance}"));
    assert_eq!(outcome(&twice, 3), Some(Outcome::Draw(Reason::Repetition)));
}

#[test]
fn an_unusable_en_passant_square_does_not_hide_a_repetition() {
    // After e7e5 the en-passant square e6 cannot be used; the position then recurs after
    // the knights' trip.
    let pos = play(START_FEN, "e2e4 e7e5 g1f3 b8c6 f3g1 c6b8");
    assert_eq!(
        repetition_outcome(&pos, 2),
        Some(Outcome::Draw(Reason::Repetition))
    );
}

#[test]
fn lost_castling_rights_make_a_different_position() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let pos = play(fen, "e1e2 e8e7 e2e1 e7e8");
    assert_eq!(repetition_outcome(&pos, 2), None);
    let again = play(fen, "e1e2 e8e7 e2e1 e7e8 e1e2 e8e7 e2e1 e7e8");
    assert_eq!(
        repetition_outcome(&again, 2),
        Some(Outcome::Draw(Reason::Repetition))
    );
}

#[test]
fn fifty_moves_draw_unless_the_last_move_mates() {
    let fen = "7k/8/8/8/8/8/R7/1R4K1 w - - 99 80";
    let quiet = play(fen, "g1f1");
    assert_eq!(quiet.rule50(), 100);
    assert_eq!(outcome(&quiet, 3), Some(Outcome::Draw(Reason::FiftyMoves)));
    let mate = play("7k/R7/8/8/8/8/8/1R4K1 w - - 99 80", "b1b8");
    assert_eq!(outcome(&mate, 3), Some(Outcome::Loss(Reason::Checkmate)));
    assert_eq!(
        crate::Game::rule_outcome(&mate),
        Some(Outcome::Loss(Reason::Checkmate))
    );
    // Captures and pawn moves start the count again.
    assert_eq!(
        play("4k3/8/8/8/8/8/4P3/4K3 w - - 50 80", "e2e4").rule50(),
        0
    );
    assert_eq!(
        play("4k3/8/8/8/8/8/r7/R3K3 w - - 50 80", "a1a2").rule50(),
        0
    );
}

#[test]
fn dead_positions_by_material() {
    let dead = |fen: &str| insufficient_material(&Position::from_fen(fen).expect("valid"));
    assert!(dead("4k3/8/8/8/8/8/8/4K3 w"));
    assert!(dead("4k3/8/8/8/8/8/8/4KN2 w"));
    assert!(
        dead("4kb2/8/8/8/8/8/8/2B1K3 w"),
        "bishops on dark squares only"
    );
    assert!(
        !dead("4k1b1/8/8/8/8/8/8/2B1K3 w"),
        "bishops on both colours"
    );
    assert!(
        !dead("4k3/8/8/8/8/8/8/3NKN2 w"),
        "two knights can mate with help"
    );
    assert!(!dead("4k3/8/8/8/8/8/4P3/4K3 w"));
    assert!(!dead("4k3/8/8/8/8/8/8/4K2R w"));
}
