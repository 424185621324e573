//! No input, however broken, panics the chess FEN or move parsers: mutations of valid FENs
//! (the reference positions and positions from random games) and random strings. Each must
//! give `Ok` or a clean `Err`, and every accepted FEN a legal position whose moves can be
//! generated and played, and which reads back from its own FEN. This runs in the debug CI
//! pass too, where arithmetic overflow would panic.

use crate::common::{Rng, mutate};
use jiangjun_engine::game::Chess;
use jiangjun_rules::Game;
use jiangjun_rules::chess::Move;
use jiangjun_rules::{GenKind, MoveList};

const ALPHABET: &[u8] = b"pnbrqkPNBRQK012345678/ -wbKQkqabcdefgh36x\t\xc3\xa9";

fn legal(pos: &Chess) -> Vec<Move> {
    let mut list = MoveList::new(Move::NONE);
    pos.generate_legal(GenKind::All, &mut list);
    list.as_slice().to_vec()
}

fn exercise(fen: &str) -> bool {
    match Chess::from_fen(fen) {
        Err(e) => {
            assert!(!e.to_string().is_empty());
            false
        }
        Ok(mut pos) => {
            assert!(
                !pos.is_in_check(pos.side_to_move().flip()),
                "accepted an illegal position {fen}"
            );
            for m in legal(&pos) {
                pos.make(m);
                pos.unmake();
            }
            let _ = pos.evaluate();
            assert_eq!(
                Chess::from_fen(&pos.to_fen()).map(|p| p.to_fen()),
                Ok(pos.to_fen())
            );
            true
        }
    }
}

fn bases(rng: &mut Rng) -> Vec<String> {
    let mut fens: Vec<String> = include_str!("../data/chess.epd")
        .lines()
        .map(|l| l.split(';').next().unwrap_or_default().trim().to_string())
        .collect();
    for i in 0..20 {
        let mut pos = Chess::from_fen(&fens[i % 9]).expect("valid");
        for _ in 0..rng.below(60) {
            let moves = legal(&pos);
            if moves.is_empty() {
                break;
            }
            pos.make(moves[rng.below(moves.len())]);
        }
        fens.push(pos.to_fen());
    }
    fens
}

#[test]
fn mutated_fens_and_random_strings_never_panic() {
    let mut rng = Rng::new(20);
    let fens = bases(&mut rng);
    let mut accepted = 0;
    for i in 0..20_000 {
        let text = if i % 4 == 3 {
            let len = rng.below(90);
            let bytes: Vec<u8> = (0..len)
                .map(|_| ALPHABET[rng.below(ALPHABET.len())])
                .collect();
            String::from_utf8_lossy(&bytes).into_owned()
        } else {
            let base = &fens[rng.below(fens.len())];
            mutate(&mut rng, base, ALPHABET)
        };
        accepted += usize::from(exercise(&text));
    }
    assert!(
        accepted > 300,
        "some mutations should still be valid: {accepted}"
    );
}

#[test]
fn mutated_and_random_moves_never_panic() {
    let mut rng = Rng::new(21);
    let fens = bases(&mut rng);
    for fen in &fens {
        let pos = Chess::from_fen(fen).expect("valid");
        let moves = legal(&pos);
        for _ in 0..200 {
            let text = if !moves.is_empty() && rng.below(2) == 0 {
                let pick = moves[rng.below(moves.len())].to_string();
                mutate(&mut rng, &pick, ALPHABET)
            } else {
                let len = rng.below(7);
                let bytes: Vec<u8> = (0..len)
                    .map(|_| b"abcdefghi0123456789qrbnk \xff"[rng.below(26)])
                    .collect();
                String::from_utf8_lossy(&bytes).into_owned()
            };
            if let Ok(m) = pos.parse_move(&text) {
                assert!(moves.contains(&m), "parse_move accepted '{text}'");
            }
        }
    }
}
