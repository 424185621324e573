//! The chess evaluation: colour symmetry, a few orders of magnitude, and the trace the tuner
//! reads agreeing with the engine's evaluation.

use super::{evaluate_from_scratch, trace};
use jiangjun_rules::chess::START_FEN;

use jiangjun_rules::chess::Position;

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
    for line in include_str!("../../../../../tests/data/chess.epd").lines() {
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
    let tempo = super::WEIGHTS[super::params::TEMPO].0; // the phase is full: all middlegame
    assert_eq!(
        start, tempo,
        "the start position is symmetric but for the move"
    );
    let queen_up = Position::from_fen("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -")
        .expect("valid")
        .evaluate();
    assert!(queen_up > 800, "{queen_up}");
    let passed = Position::from_fen("4k3/8/1P6/8/8/8/8/4K3 w - -").expect("valid");
    let blocked = Position::from_fen("4k3/1p6/1P6/8/8/8/8/4K3 w - -").expect("valid");
    assert!(passed.evaluate() > 150, "{}", passed.evaluate());
    assert!(passed.evaluate() > blocked.evaluate() + 100);
}

/// The evaluation from White's view, recomputed from the trace and the weights.
fn from_trace(pos: &Position) -> i32 {
    let t = trace(pos);
    let mut s = super::S(0, 0);
    for &(i, c) in &t.coefficients {
        s += super::WEIGHTS[i as usize] * i32::from(c);
    }
    assert_eq!(t.scale, [64, 64]);
    (s.0 * t.phase + s.1 * (t.phase_max - t.phase)) / t.phase_max
}

#[test]
fn the_trace_reproduces_the_evaluation() {
    let mut seen = 0;
    let lines = include_str!("../../../../../tests/data/chess.epd").lines();
    let fens = lines.map(|l| l.split(';').next().unwrap_or_default().trim().to_string());
    for fen in fens.chain([START_FEN.to_string()]) {
        let pos = Position::from_fen(&fen).expect("valid");
        let white = if pos.side_to_move() == jiangjun_rules::Side::Red {
            pos.evaluate()
        } else {
            -pos.evaluate()
        };
        assert_eq!(from_trace(&pos), white, "{fen}");
        assert_eq!(pos.evaluate(), evaluate_from_scratch(&pos), "{fen}");
        seen += 1;
    }
    assert_eq!(seen, 10);
}

#[test]
fn every_term_moves_the_trace() {
    // An open file for a rook, a passed and an isolated pawn, doubled pawns, a bishop pair,
    // a king attack and a shielded king: each term's weight shows up in the trace.
    let pos = Position::from_fen("6k1/5ppp/8/8/8/1P6/1P1Q1BB1/R5K1 w - - 0 1").expect("valid");
    let t = trace(&pos);
    let has = |i: usize| {
        t.coefficients
            .iter()
            .any(|&(j, c)| j as usize == i && c != 0)
    };
    use super::params::*;
    for i in [
        ROOK_OPEN_FILE,
        DOUBLED,
        ISOLATED,
        BISHOP_PAIR,
        TEMPO,
        SHIELD_PAWN,
    ] {
        assert!(has(i), "{}", name(i));
    }
    assert!(has(PASSED + 2) || has(PASSED + 1), "{:?}", t.coefficients);
}
