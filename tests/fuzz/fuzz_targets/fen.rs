//! FEN text: `from_fen` gives a position or an error, never a panic; an accepted position is
//! legal (the side not to move is not in check), its moves can all be made and unmade, and its
//! FEN reads back to itself.
#![no_main]

use jiangjun_rules::xiangqi::{Move, Position};
use jiangjun_rules::{GenKind, MoveList};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let Ok(mut pos) = Position::from_fen(&text) else {
        return;
    };
    assert!(
        !pos.is_in_check(pos.side_to_move().flip()),
        "accepted an illegal position {text}"
    );
    let fen = pos.to_fen();
    let mut moves = MoveList::new(Move::NONE);
    pos.generate_legal(GenKind::All, &mut moves);
    for m in moves.iter() {
        pos.make(m);
        // The move counters come from outside: making a move must not overflow them.
        let _ = pos.to_fen();
        pos.unmake();
    }
    assert_eq!(pos.to_fen(), fen, "make/unmake changed the position");
    assert_eq!(Position::from_fen(&fen).map(|p| p.to_fen()), Ok(fen));
});
