//! Lists the legal moves of a Xiangqi position in ICCS, WXF and Chinese notation, and the
//! rules' verdict if the game is over.
//!
//! ```text
//! cargo run -p jiangjun-rules --example legal_moves
//! cargo run -p jiangjun-rules --example legal_moves -- "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b"
//! ```

use jiangjun_rules::xiangqi::notation::{self, Notation};
use jiangjun_rules::xiangqi::{self, Move, Position};
use jiangjun_rules::{GenKind, MoveList};
use std::process::ExitCode;

fn main() -> ExitCode {
    let fen = std::env::args().skip(1).collect::<Vec<_>>().join(" ");
    let fen = if fen.trim().is_empty() {
        xiangqi::START_FEN
    } else {
        &fen
    };
    let pos = match Position::from_fen(fen) {
        Ok(pos) => pos,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let mut moves = MoveList::new(Move::NONE);
    pos.generate_legal(GenKind::All, &mut moves);
    println!("{}", pos.to_fen());
    println!("{} legal moves for {:?}:", moves.len(), pos.side_to_move());
    for m in moves.iter() {
        let wxf = notation::format(&pos, m, Notation::Wxf);
        let chinese = notation::format(&pos, m, Notation::Chinese);
        println!("  {m}  {wxf:<6} {chinese}");
    }
    // The arbiter's question: the third occurrence of a position ends the game.
    if let Some(outcome) = xiangqi::rules::outcome(&pos, 3) {
        println!("game over for the side to move: {outcome:?}");
    }
    ExitCode::SUCCESS
}
