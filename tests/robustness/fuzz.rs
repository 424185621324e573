//! No input, however broken, panics the FEN or move parsers: random bytes, random tokens and
//! mutations of valid FENs and moves. Each string must give `Ok` or a clean `Err`, and every
//! accepted FEN must give a position whose moves can be generated and played.

use crate::common::{Rng, legal_moves, mutate, random_game};
use jiangjun_rules::xiangqi::{Position, START_FEN};

const ALPHABET: &[u8] = b"rnbakcpRNBAKCPheHE0123456789/ -wbrWBxX\t\r\n\xc3\xa9";

fn exercise(fen: &str) -> bool {
    match Position::from_fen(fen) {
        Err(e) => {
            assert!(!e.to_string().is_empty());
            false
        }
        Ok(mut pos) => {
            assert!(
                !pos.is_in_check(pos.side_to_move().flip()),
                "accepted an illegal position {fen}"
            );
            for m in legal_moves(&pos) {
                pos.make(m);
                pos.unmake();
            }
            assert_eq!(
                Position::from_fen(&pos.to_fen()).map(|p| p.to_fen()),
                Ok(pos.to_fen())
            );
            true
        }
    }
}

#[test]
fn mutated_fens_never_panic() {
    let mut rng = Rng::new(10);
    let mut accepted = 0;
    for i in 0..20_000 {
        let base = if i % 2 == 0 {
            START_FEN.to_string()
        } else {
            random_game(&mut rng, 30).to_fen()
        };
        if exercise(&mutate(&mut rng, &base, ALPHABET)) {
            accepted += 1;
        }
    }
    assert!(accepted > 0, "some mutations should still be valid");
}

#[test]
fn random_strings_never_panic() {
    let mut rng = Rng::new(11);
    for _ in 0..20_000 {
        let len = rng.below(120);
        let bytes: Vec<u8> = (0..len)
            .map(|_| ALPHABET[rng.below(ALPHABET.len())])
            .collect();
        exercise(&String::from_utf8_lossy(&bytes));
    }
    for s in [
        "",
        " ",
        "/////////",
        "9/9/9/9/9/9/9/9/9/9",
        "k",
        "\u{0}",
        "99999999999999999999/",
    ] {
        exercise(s);
    }
}

#[test]
fn mutated_and_random_moves_never_panic() {
    let mut rng = Rng::new(12);
    for _ in 0..300 {
        let plies = rng.below(60);
        let pos = random_game(&mut rng, plies);
        let moves = legal_moves(&pos);
        for _ in 0..30 {
            let text = if !moves.is_empty() && rng.below(2) == 0 {
                let pick = moves[rng.below(moves.len())].to_string();
                mutate(&mut rng, &pick, ALPHABET)
            } else {
                let len = rng.below(8);
                let bytes: Vec<u8> = (0..len)
                    .map(|_| b"abcdefghij0123456789-Z \xff"[rng.below(24)])
                    .collect();
                String::from_utf8_lossy(&bytes).into_owned()
            };
            if let Ok(m) = pos.parse_move(&text) {
                assert!(
                    moves.contains(&m),
                    "parse_move returned an illegal move for '{text}'"
                );
            }
            for base in [0, 1] {
                let _ = pos.parse_move_with_base(&text, base);
            }
        }
    }
}
