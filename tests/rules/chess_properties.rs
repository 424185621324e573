//! Chess properties over random legal games from every position of `data/chess.epd`:
//! make/unmake restores everything, the incremental key equals the key computed from scratch
//! and the key predicted before the move, FEN out and back in is the identity, generated
//! moves keep the king safe, captures and quiet moves split the legal moves, and `is_legal`
//! accepts exactly the generated moves among all 65,536 move codes.

use crate::common::Rng;
use jiangjun_engine::game::Chess;
use jiangjun_rules::chess::{Kind, Move};
use jiangjun_rules::{Game, GenKind, MoveList};

fn starts() -> Vec<String> {
    include_str!("../data/chess.epd")
        .lines()
        .map(|l| l.split(';').next().unwrap_or_default().trim().to_string())
        .collect()
}

fn legal(pos: &Chess, kind: GenKind) -> Vec<Move> {
    let mut list = MoveList::new(Move::NONE);
    pos.generate_legal(kind, &mut list);
    list.as_slice().to_vec()
}

/// A position `plies` random moves after one of the reference positions.
fn random_position(rng: &mut Rng, plies: usize) -> Chess {
    let fens = starts();
    let mut pos = Chess::from_fen(&fens[rng.below(fens.len())]).expect("valid");
    for _ in 0..plies {
        let moves = legal(&pos, GenKind::All);
        if moves.is_empty() {
            break;
        }
        pos.make(moves[rng.below(moves.len())]);
    }
    pos
}

#[test]
fn make_unmake_restores_the_position_and_keys_stay_exact() {
    let mut rng = Rng::new(11);
    let fens = starts();
    for game in 0..300 {
        let mut pos = Chess::from_fen(&fens[game % fens.len()]).expect("valid");
        let mut trail = vec![(pos.to_fen(), pos.key())];
        for _ in 0..120 {
            let moves = legal(&pos, GenKind::All);
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.below(moves.len())];
            let predicted = pos.key_after(m);
            pos.make(m);
            let fen = pos.to_fen();
            assert_eq!(pos.key(), predicted, "{fen}: key_after differs for {m}");
            assert_eq!(pos.key(), pos.compute_key(), "{fen}: the key drifted");
            assert_eq!(pos.in_check(), pos.is_in_check(pos.side_to_move()));
            assert_eq!(
                pos.evaluate(),
                jiangjun_engine::eval::chess::evaluate_from_scratch(&pos),
                "{fen}"
            );
            let back = Chess::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
            assert_eq!((back.to_fen(), back.key()), (fen.clone(), pos.key()));
            trail.push((fen, pos.key()));
        }
        while let Some((fen, key)) = trail.pop() {
            assert_eq!((pos.to_fen(), pos.key()), (fen, key), "unmake differs");
            pos.unmake();
        }
    }
}

#[test]
fn generated_moves_keep_the_king_safe_and_split_into_captures_and_quiets() {
    let mut rng = Rng::new(12);
    let (mut promotions, mut castlings, mut en_passants) = (0, 0, 0);
    for _ in 0..600 {
        let plies = rng.below(80);
        let mut pos = random_position(&mut rng, plies);
        let us = pos.side_to_move();
        let all = legal(&pos, GenKind::All);
        assert_eq!(all.len(), pos.count_legal());
        for &m in &all {
            promotions += usize::from(m.promoted().is_some());
            let king = pos.piece_at(m.from()).map(|p| p.kind()) == Some(Kind::King);
            castlings += usize::from(king && m.from().file().abs_diff(m.to().file()) == 2);
            let before = pos.board().occupied().count_ones();
            let gives = Game::gives_check(&mut pos, m);
            pos.make(m);
            assert!(!pos.is_in_check(us), "{m} leaves the king in check");
            assert_eq!(gives, pos.in_check());
            let after = pos.board().occupied().count_ones();
            pos.unmake();
            let capture = Game::is_capture(&pos, m);
            assert_eq!(capture, after < before, "{m}: is_capture");
            en_passants += usize::from(capture && pos.piece_at(m.to()).is_none());
        }
        // Captures and queen promotions, then quiet moves and under-promotions.
        let queen = |m: Move| m.promoted() == Some(Kind::Queen);
        let under = |m: Move| m.promoted().is_some_and(|k| k != Kind::Queen);
        let mut split = legal(&pos, GenKind::Captures);
        assert!(
            split
                .iter()
                .all(|&m| (Game::is_capture(&pos, m) && !under(m)) || queen(m))
        );
        let quiets = legal(&pos, GenKind::Quiets);
        assert!(
            quiets
                .iter()
                .all(|&m| (!Game::is_capture(&pos, m) && !queen(m)) || under(m))
        );
        split.extend(quiets);
        let mut sorted = all.clone();
        sorted.sort();
        split.sort();
        assert_eq!(split, sorted, "{}", pos.to_fen());
    }
    let seen = (promotions, castlings, en_passants);
    assert!(
        promotions > 0 && castlings > 0 && en_passants > 0,
        "{seen:?}"
    );
}

#[test]
fn is_legal_accepts_exactly_the_generated_moves() {
    let mut rng = Rng::new(13);
    for _ in 0..200 {
        let plies = rng.below(60);
        let pos = random_position(&mut rng, plies);
        let mut expected = legal(&pos, GenKind::All);
        expected.sort();
        let accepted: Vec<Move> = (0..=u16::MAX)
            .filter_map(Chess::move_from_bits)
            .filter(|&m| pos.is_legal(m))
            .collect();
        assert_eq!(accepted, expected, "{}", pos.to_fen());
        for &m in &expected {
            assert_eq!(Chess::move_from_bits(Chess::move_to_bits(m)), Some(m));
            assert_eq!(pos.parse_move(&m.to_string()), Ok(m));
        }
    }
}

#[test]
fn the_pseudo_legal_moves_that_pass_the_legality_test_are_the_legal_moves_in_order() {
    let mut rng = Rng::new(8);
    for _ in 0..300 {
        let plies = rng.below(60);
        let pos = random_position(&mut rng, plies);
        // Chess generates legal moves alone: its legality test has nothing to know.
        for kind in [GenKind::All, GenKind::Captures, GenKind::Quiets] {
            let mut pseudo = MoveList::new(Move::NONE);
            Game::generate_pseudo(&pos, kind, &mut pseudo);
            let passed: Vec<Move> = pseudo
                .iter()
                .filter(|&m| pos.is_legal_pseudo(m, &()))
                .collect();
            assert_eq!(passed, legal(&pos, kind), "{}", pos.to_fen());
        }
    }
}

#[test]
fn null_moves_flip_the_side_and_come_back() {
    let mut rng = Rng::new(14);
    for _ in 0..200 {
        let plies = rng.below(40);
        let mut pos = random_position(&mut rng, plies);
        if pos.in_check() {
            continue;
        }
        let (fen, key) = (pos.to_fen(), pos.key());
        pos.make_null();
        assert_eq!(pos.key(), pos.compute_key());
        assert_ne!(pos.key(), key);
        pos.unmake_null();
        assert_eq!((pos.to_fen(), pos.key()), (fen, key));
    }
}

#[test]
fn queen_promotions_are_tactical_and_under_promotions_are_not() {
    // a7-a8 (quiet) and a7xb8 (capture): the queen promotions in the capture stage, the
    // other six in the quiet stage with the king's moves.
    let pos = Chess::from_fen("1r5k/P7/8/8/8/8/8/7K w - - 0 1").expect("valid");
    let text = |kind| {
        let mut v: Vec<String> = legal(&pos, kind).iter().map(|m| m.to_string()).collect();
        v.sort();
        v
    };
    assert_eq!(text(GenKind::Captures), ["a7a8q", "a7b8q"]);
    let quiets = text(GenKind::Quiets);
    for m in ["a7a8n", "a7a8r", "a7a8b", "a7b8n", "a7b8r", "a7b8b", "h1g1"] {
        assert!(quiets.contains(&m.to_string()), "{m}: {quiets:?}");
    }
    assert!(!quiets.iter().any(|m| m.ends_with('q')), "{quiets:?}");
    assert_eq!(pos.count_legal(), 11);
}
