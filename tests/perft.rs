//! Every position of the reference perft file, at every depth it lists, up to a node cap:
//! 2 million leaves in a debug build (to keep `cargo test` quick), everything in release
//! (the `.ci/run` configuration). `JIANGJUN_PERFT_MAX` overrides the cap.

use jiangjun::game::xiangqi::{Move, Position};
use jiangjun::perft::{divide, perft};

fn cap() -> u64 {
    let default = if cfg!(debug_assertions) {
        2_000_000
    } else {
        u64::MAX
    };
    std::env::var("JIANGJUN_PERFT_MAX")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// (FEN, [(depth, leaves)]) for each line of the reference file.
fn reference() -> Vec<(String, Vec<(u32, u64)>)> {
    let text = include_str!("data/xiangqi.epd");
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let mut parts = line.split(';');
            let fen = parts
                .next()
                .expect("a FEN before the counts")
                .trim()
                .to_string();
            let counts = parts
                .map(|p| {
                    let mut it = p.split_whitespace();
                    let d = it
                        .next()
                        .and_then(|d| d.strip_prefix('D'))
                        .and_then(|d| d.parse().ok());
                    let n = it.next().and_then(|n| n.parse().ok());
                    (d.expect("Dk"), n.expect("a count"))
                })
                .collect();
            (fen, counts)
        })
        .collect()
}

#[test]
fn reference_positions_match_at_every_listed_depth() {
    let cap = cap();
    let mut checked = 0;
    for (fen, counts) in reference() {
        let mut pos = Position::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        for (depth, expected) in counts {
            if expected > cap {
                continue;
            }
            assert_eq!(
                perft(&mut pos, depth, Move::NONE),
                expected,
                "{fen} depth {depth}"
            );
            checked += 1;
        }
        assert_eq!(
            pos.to_fen(),
            Position::from_fen(&fen).expect("valid").to_fen()
        );
    }
    assert!(checked >= 12 * 3, "too few depths checked: {checked}");
}

#[test]
fn divide_sums_to_perft_and_names_each_root_move() {
    let mut pos = Position::startpos();
    let rows = divide(&mut pos, 3, Move::NONE);
    assert_eq!(rows.len(), 44);
    assert_eq!(rows.iter().map(|r| r.1).sum::<u64>(), 79_666);
    let h2e2 = rows
        .iter()
        .find(|(m, _)| m.to_string() == "h2e2")
        .expect("central cannon");
    assert_eq!(h2e2.1, perft_after(&mut pos, "h2e2", 2));
}

fn perft_after(pos: &mut Position, mv: &str, depth: u32) -> u64 {
    let m = pos.parse_move(mv).expect("legal");
    pos.make(m);
    let n = perft(pos, depth, Move::NONE);
    pos.unmake();
    n
}
