//! Properties over random legal games: make/unmake restores everything, the incremental key
//! equals the key computed from scratch and the key predicted before the move (and so do the
//! keys of each side's pieces), FEN out and back in is the identity, and every
//! generated move is legal by the slow definition (the own king is not attacked afterwards).

use crate::common::{Rng, legal_moves, random_game};
use jiangjun_engine::eval::xiangqi::{VALUE, evaluate_from_scratch};
use jiangjun_engine::game::Xiangqi;
use jiangjun_rules::xiangqi::{Move, Square};
use jiangjun_rules::{Game, GenKind, MoveList, Side};

#[test]
fn make_unmake_restores_the_position_and_keys_stay_exact() {
    let mut rng = Rng::new(1);
    for game in 0..200 {
        let mut pos = Xiangqi::startpos();
        let mut trail = vec![(pos.to_fen(), pos.key())];
        for _ in 0..150 {
            let moves = legal_moves(&pos);
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.below(moves.len())];
            let predicted = pos.key_after(m);
            pos.make(m);
            assert_eq!(pos.key(), predicted, "game {game}: key_after differs");
            assert_eq!(
                pos.key(),
                pos.compute_key(),
                "game {game}: incremental key drifted"
            );
            // The keys of each side's pieces but pawns, as a position set up afresh has them.
            let fresh = Xiangqi::from_fen(&pos.to_fen()).unwrap();
            for side in [Side::Red, Side::Black] {
                assert_eq!(
                    pos.piece_key(side),
                    fresh.piece_key(side),
                    "game {game}: piece key drifted"
                );
            }
            assert_eq!(pos.in_check(), pos.is_in_check(pos.side_to_move()));
            assert_eq!(
                pos.evaluate(),
                jiangjun_engine::eval::xiangqi::evaluate_from_scratch(&pos),
                "game {game}: incremental eval drifted"
            );
            trail.push((pos.to_fen(), pos.key()));
        }
        while let Some((fen, key)) = trail.pop() {
            assert_eq!(
                (pos.to_fen(), pos.key()),
                (fen, key),
                "game {game}: unmake differs"
            );
            pos.unmake();
        }
    }
}

#[test]
fn null_moves_flip_the_side_and_come_back() {
    let mut rng = Rng::new(2);
    for _ in 0..50 {
        let mut pos = random_game(&mut rng, 40);
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
fn fen_out_and_in_is_the_identity() {
    let mut rng = Rng::new(3);
    for plies in 0..300 {
        let pos = random_game(&mut rng, plies % 120);
        let fen = pos.to_fen();
        let back = Xiangqi::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(back.to_fen(), fen);
        assert_eq!(back.key(), pos.key());
        assert_eq!(back.in_check(), pos.in_check());
    }
}

/// Asserts that the generated moves, and the moves `is_legal` accepts, are exactly the
/// pseudo-legal moves after which the mover's king is not attacked; returns the legal moves.
fn assert_legal_means_king_safe(pos: &mut jiangjun_rules::xiangqi::Position) -> Vec<Move> {
    let us = pos.side_to_move();
    let mut pseudo = MoveList::new(Move::NONE);
    pos.generate_pseudo(GenKind::All, &mut pseudo);
    let legal = legal_moves(pos);
    for m in pseudo.iter() {
        pos.make(m);
        let safe = !pos.is_in_check(us);
        pos.unmake();
        assert_eq!(safe, legal.contains(&m), "{m} in {}", pos.to_fen());
        assert_eq!(safe, pos.is_legal(m), "{m} in {}", pos.to_fen());
    }
    legal
}

#[test]
fn generated_moves_are_exactly_the_moves_that_keep_the_king_safe() {
    let mut rng = Rng::new(4);
    for _ in 0..300 {
        let plies = rng.below(100);
        let mut pos = random_game(&mut rng, plies);
        let legal = assert_legal_means_king_safe(&mut pos);
        // Captures and quiet moves each come in the order of all moves, and together are all.
        for (kind, captures) in [(GenKind::Captures, true), (GenKind::Quiets, false)] {
            let mut part = MoveList::new(Move::NONE);
            pos.generate_legal(kind, &mut part);
            let expected: Vec<_> = legal
                .iter()
                .filter(|m| pos.piece_at(m.to()).is_some() == captures)
                .copied()
                .collect();
            assert_eq!(part.as_slice(), expected.as_slice(), "{kind:?}");
        }
    }
}

/// `attackers` (the static exchange's and the chase rules' question) names, for every point
/// held by the other side, exactly the pieces with a pseudo-legal capture onto it.
#[test]
fn attackers_of_an_enemy_piece_are_the_origins_of_the_captures_onto_it() {
    let mut rng = Rng::new(12);
    for _ in 0..300 {
        let plies = rng.below(160);
        let pos = random_game(&mut rng, plies);
        let us = pos.side_to_move();
        let mut captures = MoveList::new(Move::NONE);
        pos.generate_pseudo(GenKind::Captures, &mut captures);
        for s in Square::all().filter(|&s| pos.piece_at(s).is_some_and(|p| p.side() != us)) {
            let mut found: Vec<Square> = pos.attackers(s, us).collect();
            let mut expected: Vec<Square> = captures
                .iter()
                .filter(|m| m.to() == s)
                .map(|m| m.from())
                .collect();
            found.sort_by_key(|x| x.index());
            expected.sort_by_key(|x| x.index());
            assert_eq!(found, expected, "{s:?} in {}", pos.to_fen());
        }
    }
}

/// `count` positions along random games of up to 150 plies, at least a fifth of them in check
/// (positions not in check wait while those in check are under a fifth), and how many are.
fn positions_a_fifth_in_check(
    rng: &mut Rng,
    count: usize,
) -> (Vec<jiangjun_rules::xiangqi::Position>, usize) {
    let (mut positions, mut in_check) = (Vec::with_capacity(count), 0);
    while positions.len() < count {
        let plies = rng.below(150);
        let pos = random_game(rng, plies);
        if !pos.in_check() && in_check * 5 < positions.len() {
            continue;
        }
        in_check += usize::from(pos.in_check());
        positions.push(pos);
    }
    (positions, in_check)
}

#[test]
fn is_legal_accepts_exactly_the_generated_moves() {
    // Every pair of points as a move (what a table entry or a killer slot may hold), in
    // positions along random games, a fifth of them in check.
    let (positions, in_check) = positions_a_fifth_in_check(&mut Rng::new(15), 300);
    for pos in &positions {
        let legal = legal_moves(pos);
        let points = || jiangjun_rules::xiangqi::types::Square::all();
        for from in points() {
            for to in points() {
                let m = Move::new(from, to);
                assert_eq!(
                    pos.is_legal(m),
                    legal.contains(&m),
                    "{m} in {}",
                    pos.to_fen()
                );
            }
        }
    }
    assert!(in_check >= 50, "{in_check} positions in check");
}

#[test]
fn the_pseudo_legal_moves_that_pass_the_legality_test_are_the_legal_moves_in_order() {
    // The search generates pseudo-legal moves and tests each only when it comes to it; what
    // passes must be the legal list itself, order included (ties in ordering go by it).
    let (positions, in_check) = positions_a_fifth_in_check(&mut Rng::new(16), 1000);
    for pos in &positions {
        let legality = Game::legality(pos);
        for kind in [GenKind::All, GenKind::Captures, GenKind::Quiets] {
            let (mut pseudo, mut legal) = (MoveList::new(Move::NONE), MoveList::new(Move::NONE));
            Game::generate_pseudo(pos, kind, &mut pseudo);
            Game::generate(pos, kind, &mut legal);
            let passed: Vec<Move> = pseudo
                .iter()
                .filter(|&m| pos.is_legal_pseudo(m, &legality))
                .collect();
            assert_eq!(passed, legal.as_slice(), "{}", pos.to_fen());
        }
    }
    assert!(in_check >= 150, "{in_check} positions in check");
}

#[test]
fn a_side_in_check_has_exactly_the_moves_that_end_the_check() {
    // The generator rejects most moves in check without the full test (see `evasions` in
    // the rules): every rejected move must really leave the king attacked, through rook,
    // cannon (screens taken, moved or added), horse, pawn and facing-king checks alike.
    let mut rng = Rng::new(12);
    let (mut seen, mut tried) = (0, 0);
    while seen < 600 && tried < 200_000 {
        tried += 1;
        let plies = rng.below(160);
        let mut pos = random_game(&mut rng, plies);
        if !pos.in_check() {
            continue;
        }
        seen += 1;
        assert_legal_means_king_safe(&mut pos);
    }
    assert_eq!(seen, 600, "positions in check found in {tried} games");
}

#[test]
fn the_check_tests_agree_with_the_move_made_and_see_leaves_the_board_alone() {
    let mut rng = Rng::new(3);
    let mut checks = 0;
    for _ in 0..300 {
        let plies = rng.below(120);
        let mut pos = random_game(&mut rng, plies);
        let before = (pos.to_fen(), pos.key(), evaluate_from_scratch(&pos));
        for m in legal_moves(&pos) {
            pos.make(m);
            // The full test on the board after the move; `make` stores `move_gives_check`'s.
            let gives = pos.is_in_check(pos.side_to_move());
            assert_eq!(pos.in_check(), gives, "{m} stored");
            pos.unmake();
            checks += usize::from(gives);
            assert_eq!(pos.move_gives_check(m), gives, "{} {m}", pos.to_fen());
            assert_eq!(pos.gives_check_unmade(m), gives, "{} {m}", pos.to_fen());
            assert_eq!(Game::gives_check(&mut pos, m), gives);
            let _ = pos.see(m, &VALUE);
            assert_eq!(
                (pos.to_fen(), pos.key(), evaluate_from_scratch(&pos)),
                before
            );
        }
    }
    assert!(
        checks > 100,
        "the games should contain checking moves: {checks}"
    );
}

/// A random game's position with an advisor, elephant or pawn added where no game could put it
/// (a composed position), as a FEN; `None` when the set has no such piece left to add.
fn composed(rng: &mut Rng, plies: usize) -> Option<String> {
    let fen = random_game(rng, plies).to_fen();
    let (board, rest) = fen.split_once(' ').expect("a FEN has fields");
    let mut grid: Vec<Vec<char>> = board
        .split('/')
        .map(|rank| {
            rank.chars()
                .flat_map(|c| match c.to_digit(10) {
                    Some(n) => vec!['.'; n as usize],
                    None => vec![c],
                })
                .collect()
        })
        .collect();
    let piece = ['A', 'B', 'P', 'a', 'b', 'p'][rng.below(6)];
    let set = if piece.eq_ignore_ascii_case(&'p') {
        5
    } else {
        2
    };
    if board.chars().filter(|&c| c == piece).count() >= set {
        return None;
    }
    let empty: Vec<(usize, usize)> = (0..10)
        .flat_map(|r| (0..9).map(move |f| (r, f)))
        .filter(|&(r, f)| grid[r][f] == '.')
        .collect();
    let (r, f) = empty[rng.below(empty.len())];
    grid[r][f] = piece;
    let ranks: Vec<String> = grid
        .iter()
        .map(|rank| {
            let mut out = String::new();
            let mut run = 0;
            for &c in rank {
                if c == '.' {
                    run += 1;
                } else {
                    if run > 0 {
                        out.push_str(&run.to_string());
                        run = 0;
                    }
                    out.push(c);
                }
            }
            if run > 0 {
                out.push_str(&run.to_string());
            }
            out
        })
        .collect();
    Some(format!("{} {rest}", ranks.join("/")))
}

#[test]
fn composed_positions_move_by_the_same_rules() {
    let mut rng = Rng::new(9);
    let mut unusual = 0;
    for _ in 0..2000 {
        let plies = rng.below(80);
        let Some(fen) = composed(&mut rng, plies) else {
            continue;
        };
        let Ok(mut pos) = jiangjun_rules::xiangqi::Position::from_fen(&fen) else {
            continue; // the piece gives check to the side not to move
        };
        unusual += usize::from(!pos.unusual_placements().is_empty());
        let us = pos.side_to_move();
        let mut pseudo = MoveList::new(Move::NONE);
        pos.generate_pseudo(GenKind::All, &mut pseudo);
        let legal = legal_moves(&pos);
        for m in pseudo.iter() {
            pos.make(m);
            let safe = !pos.is_in_check(us);
            let gives = pos.is_in_check(us.flip());
            if safe {
                assert_eq!(pos.in_check(), gives, "{m} in {fen}: stored");
            }
            pos.unmake();
            assert_eq!(safe, legal.contains(&m), "{m} in {fen}");
            if safe {
                assert_eq!(pos.move_gives_check(m), gives, "{m} in {fen}");
                assert_eq!(pos.gives_check_unmade(m), gives, "{m} in {fen}");
            }
        }
        assert_eq!(pos.to_fen(), fen, "the FEN reads back");
    }
    assert!(unusual > 120, "only {unusual} composed positions");
}
