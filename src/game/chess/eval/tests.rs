//! The hand-set evaluation: colour symmetry, and a few orders of magnitude.

use crate::game::chess::{Position, START_FEN};

/// The FEN of the same position with the colours exchanged: ranks reversed, letter cases
/// swapped, the other side to move, castling rights and en-passant square flipped.
pub fn flip_colours(fen: &str) -> String {
    let f: Vec<&str> = fen.split_whitespace().collect();
    let swap = |c: char| {
        if c.is_ascii_uppercase() {
            c.to_ascii_lowercase()
        } else {
            c.to_ascii_uppercase()
        }
    };
    let board: Vec<String> = f[0]
        .split('/')
        .rev()
        .map(|r| r.chars().map(swap).collect())
        .collect();
    let side = if f[1] == "w" { "b" } else { "w" };
    let mut castling: Vec<char> = f[2].chars().map(swap).collect();
    castling.sort_by_key(|c| "KQkq-".find(*c));
    let castling: String = castling.into_iter().collect();
    let ep = match f[3].as_bytes() {
        [file, rank] => format!("{}{}", *file as char, (b'1' + b'8' - rank) as char),
        _ => "-".into(),
    };
    format!(
        "{} {side} {castling} {ep} {} {}",
        board.join("/"),
        f[4],
        f[5]
    )
}

#[test]
fn the_colour_flipped_position_scores_the_same() {
    let mut seen = 0;
    for line in include_str!("../../../../tests/data/chess.epd").lines() {
        let fen = line.split(';').next().unwrap_or_default().trim();
        let pos = Position::from_fen(fen).expect("valid");
        let flipped = flip_colours(&pos.to_fen());
        let other = Position::from_fen(&flipped).expect("the flipped FEN is valid");
        assert_eq!(flip_colours(&flipped), pos.to_fen());
        assert_eq!(pos.evaluate(), other.evaluate(), "{fen} / {flipped}");
        seen += 1;
    }
    assert_eq!(seen, 9);
}

#[test]
fn sensible_orders_of_magnitude() {
    let start = Position::from_fen(START_FEN).expect("valid").evaluate();
    assert_eq!(start, 0, "the start position is symmetric");
    let queen_up = Position::from_fen("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -")
        .expect("valid")
        .evaluate();
    assert!(queen_up > 800, "{queen_up}");
    let passed = Position::from_fen("4k3/8/1P6/8/8/8/8/4K3 w - -").expect("valid");
    let blocked = Position::from_fen("4k3/1p6/1P6/8/8/8/8/4K3 w - -").expect("valid");
    assert!(passed.evaluate() > 150, "{}", passed.evaluate());
    assert!(passed.evaluate() > blocked.evaluate() + 100);
}
