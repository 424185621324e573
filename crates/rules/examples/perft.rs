//! Perft: counts the leaves of the legal move tree of a position to a depth, with the count
//! below each root move (`divide`), the standard test of a move generator.
//!
//! ```text
//! cargo run -p jiangjun-rules --example perft -- 3
//! cargo run -p jiangjun-rules --example perft -- 2 "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b"
//! cargo run -p jiangjun-rules --example perft -- 3 "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
//! ```
//!
//! The FEN (the Xiangqi start position if none) says the game: ten ranks are Xiangqi, eight
//! are chess. The FEN may be quoted or not.

use jiangjun_rules::{Game, chess, perft, xiangqi};
use std::process::ExitCode;
use std::time::Instant;

/// Prints the divide and the total; generic, so that one function serves both games.
fn run<G: Game>(fen: &str, depth: u32) -> Result<(), String> {
    let mut pos = G::from_fen(fen).map_err(|e| e.to_string())?;
    let start = Instant::now();
    let mut total = 0;
    for (m, n) in perft::divide(&mut pos, depth, G::NULL_MOVE) {
        println!("{m} {n}");
        total += n;
    }
    let secs = start.elapsed().as_secs_f64();
    println!("\nperft {depth}: {total} ({secs:.3} s)");
    Ok(())
}

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let depth = match args.next().map(|d| d.parse::<u32>()) {
        Some(Ok(d)) if d >= 1 => d,
        _ => {
            eprintln!("usage: perft DEPTH [FEN]   (DEPTH 1 or more; FEN: Xiangqi or chess)");
            return ExitCode::FAILURE;
        }
    };
    let fen = args.collect::<Vec<_>>().join(" ");
    let fen = if fen.trim().is_empty() {
        xiangqi::START_FEN
    } else {
        &fen
    };
    let ranks = fen
        .split_whitespace()
        .next()
        .unwrap_or("")
        .split('/')
        .count();
    let result = if ranks == 8 {
        run::<chess::Position>(fen, depth)
    } else {
        run::<xiangqi::Position>(fen, depth)
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}
