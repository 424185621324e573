//! A game driven line by line, as a player types it.

use super::*;

fn text(s: &mut Session, line: &str) -> String {
    match s.handle(line) {
        Reply::Text(t) => t,
        Reply::Quit => "<quit>".to_string(),
    }
}

#[test]
fn moves_in_any_notation_undo_and_bad_input() {
    let mut s = Session::new(Position::startpos(), Seat::Red, 1, Notation::Wxf);
    let t = text(&mut s, "炮二平五");
    assert!(t.starts_with("you play C2.5\nengine plays "), "{t}");
    assert_eq!(s.moves.len(), 2);
    let t = text(&mut s, "C5+9");
    assert!(
        t.contains("is not legal") && t.contains("its legal moves:"),
        "{t}"
    );
    assert!(text(&mut s, "nonsense").contains("is not a move"));
    assert_eq!(s.moves.len(), 2, "bad input changes nothing");
    assert!(text(&mut s, "H2+3").starts_with("you play H2+3"));
    assert!(text(&mut s, "undo").ends_with("Red to move"));
    assert_eq!(s.moves.len(), 2);
    assert!(text(&mut s, "hint").starts_with("hint: "));
    assert!(text(&mut s, "moves").contains("H2+3"));
    assert_eq!(text(&mut s, "quit"), "<quit>");
}

#[test]
fn the_game_ends_at_mate() {
    // Red's rook on i8 holds the king to the back rank; the other rook mates on a9.
    let start = Position::from_fen("3k5/8R/9/9/9/9/9/9/9/R3K4 w").expect("valid");
    let mut s = Session::new(start, Seat::Both, 1, Notation::Iccs);
    let t = text(&mut s, "a0a9");
    assert!(t.ends_with("game over: Red wins by checkmate"), "{t}");
    assert!(text(&mut s, "d9e9").contains("the game is over"));
}
