//! Move text: `parse_move` on a few positions (the first byte picks one) gives a legal move or a
//! typed error, never a panic; an accepted move is among the generated legal moves.
#![no_main]

use jiangjun_rules::xiangqi::{Move, Position, START_FEN};
use jiangjun_rules::{GenKind, MoveList};
use libfuzzer_sys::fuzz_target;

const FENS: &[&str] = &[
    START_FEN,
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1",
    "3a1a3/2n6/4k4/p5r1p/9/4R4/P7P/4C4/4A4/3AK1B2 b - - 0 1",
    "3k5/9/9/9/9/9/9/9/R8/4K3R w - - 0 1",
    "R2k5/9/9/9/9/9/9/9/9/5K3 b - - 0 1",
    "R2k5/8R/9/9/9/9/9/9/9/4K4 b - - 0 1",
];

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let Ok(mut pos) = Position::from_fen(FENS[usize::from(first) % FENS.len()]) else {
        panic!("a fixed FEN no longer parses");
    };
    let text = String::from_utf8_lossy(rest);
    let mut legal = MoveList::new(Move::NONE);
    pos.generate_legal(GenKind::All, &mut legal);
    for base in [0, 1] {
        if let Ok(m) = pos.parse_move_with_base(&text, base) {
            assert!(
                legal.iter().any(|x| x == m),
                "parse_move accepted {text}, not legal"
            );
            pos.make(m);
            pos.unmake();
        }
    }
});
