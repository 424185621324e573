//! The round-trip property: for every legal move of many positions, ICCS → WXF → Chinese →
//! ICCS gives the same move, and no two moves of a position share a WXF or a Chinese name.
//! The positions come from real games (`tests/data/xiangqi-games.pgn`, twenty engine games)
//! and from seeded random play from the match runner's built-in openings, which crowds pawns
//! onto files far more often than real games do. Both files are read here with a few lines of
//! their own: PGN and the openings format belong to the tools, not to the rules.

use super::super::types::Kind;
use super::describe::{Origin, describe};
use super::*;
use crate::random::RngExt;
use crate::{GenKind, MoveList};
use std::collections::HashSet;

/// How often each naming of a piece came up, to show the rare cases were met.
#[derive(Default, Debug)]
struct Seen {
    positions: usize,
    moves: usize,
    front_rear: usize,
    middle: usize,
    two_files: usize,
}

fn legal(p: &Position) -> Vec<Move> {
    let mut list = MoveList::new(Move::NONE);
    p.generate_legal(GenKind::All, &mut list);
    list.iter().collect()
}

/// Checks every legal move of `p` and tallies what kind of naming it needed.
fn check_position(p: &Position, seen: &mut Seen) {
    let moves = legal(p);
    let mut names = [HashSet::new(), HashSet::new()];
    for &m in &moves {
        let wxf = format(p, m, Notation::Wxf);
        let back = parse_as(p, &wxf, Notation::Wxf)
            .unwrap_or_else(|e| panic!("{}: {m} written {wxf}: {e}", p.to_fen()));
        let chinese = format(p, back, Notation::Chinese);
        let again = parse(p, &chinese)
            .unwrap_or_else(|e| panic!("{}: {m} written {chinese}: {e}", p.to_fen()));
        assert_eq!(
            format(p, again, Notation::Iccs),
            m.to_string(),
            "{}",
            p.to_fen()
        );
        assert_eq!(parse(p, &wxf).ok(), Some(m), "{wxf} detected as WXF");
        assert!(
            names[0].insert(wxf),
            "{}: two moves share a WXF name",
            p.to_fen()
        );
        assert!(
            names[1].insert(chinese),
            "{}: two moves share a name",
            p.to_fen()
        );
        if let Some(Origin::Tandem {
            index,
            count,
            two_files,
            ..
        }) = describe(p, m).map(|d| d.origin)
        {
            seen.front_rear += 1;
            seen.middle += usize::from(count % 2 == 1 && index == count / 2);
            seen.two_files += usize::from(two_files);
        }
    }
    seen.positions += 1;
    seen.moves += moves.len();
}

#[test]
fn real_games_round_trip() {
    let text = include_str!("../../../../../tests/data/xiangqi-games.pgn");
    let mut seen = Seen::default();
    let mut games = 0;
    // Each game opens with its tags (a FEN among them); its moves are ICCS written `B2-B1`.
    for game in text.split("[Game ").skip(1) {
        games += 1;
        let fen = game
            .lines()
            .find_map(|l| l.strip_prefix("[FEN \"")?.strip_suffix("\"]"))
            .expect("every sample game names its FEN");
        let mut p = Position::from_fen(fen).expect("sample FEN is valid");
        let movetext = game.lines().filter(|l| !l.starts_with('['));
        for word in movetext.flat_map(str::split_whitespace) {
            let iccs = word.replace('-', "").to_ascii_lowercase();
            if iccs.len() != 4 || word.contains('.') {
                continue; // move numbers, comments, the result
            }
            check_position(&p, &mut seen);
            let m = p.parse_move(&iccs).expect("sample moves are legal");
            p.make(m);
        }
    }
    assert_eq!(games, 20);
    assert!(seen.positions > 1500, "{seen:?}");
    assert!(seen.front_rear > 100, "{seen:?}");
}

#[test]
fn random_play_round_trips_with_crowded_pawns() {
    // `FEN moves m1 m2 …  # comment` a line.
    let builtin = include_str!("../../../../tools/src/arbiter/openings.txt");
    let openings = builtin
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty());
    let mut rng = crate::random::seeded(12);
    let mut seen = Seen::default();
    for line in openings {
        let line = line.split('#').next().unwrap_or_default();
        let (fen, moves) = line.split_once(" moves ").unwrap_or((line, ""));
        let mut p = Position::from_fen(fen.trim()).expect("built-in openings parse");
        for m in moves.split_whitespace() {
            let m = p.parse_move(m).expect("built-in opening moves are legal");
            p.make(m);
        }
        for _ in 0..150 {
            check_position(&p, &mut seen);
            let moves = legal(&p);
            if moves.is_empty() {
                break;
            }
            // Pawn moves twice as likely as others, so that pawns cross and gather.
            let pawns: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|m| p.piece_at(m.from()).map(|x| x.kind()) == Some(Kind::Pawn))
                .collect();
            let pool = if !pawns.is_empty() && rng.random_range(0..3) < 2 {
                &pawns
            } else {
                &moves
            };
            p.make(pool[rng.random_range(0..pool.len())]);
        }
    }
    assert!(seen.positions > 4000, "{seen:?}");
    assert!(seen.front_rear > 1000 && seen.two_files > 0, "{seen:?}");
}

/// The hand-built positions of crowded files (`tests::CROWDED`), their mirror images and
/// their colour swaps, and every position one move on.
#[test]
fn crowded_files_round_trip() {
    use super::super::fen::{mirror_files, swap_colours};
    let mut seen = Seen::default();
    for fen in super::tests::CROWDED {
        for f in [fen.to_string(), mirror_files(fen), swap_colours(fen)] {
            let p = Position::from_fen(&f).expect("crowded FEN is valid");
            check_position(&p, &mut seen);
            for m in legal(&p) {
                let mut next = p.clone();
                next.make(m);
                check_position(&next, &mut seen);
            }
        }
    }
    assert!(seen.middle >= 6 && seen.two_files >= 10, "{seen:?}");
}
