//! Building a book from games. Every move of the first plies of every game with a result is
//! tallied under the position it was played from; a move's weight is the points it scored for
//! the side that played it, in half points (a win 2, a draw 1, a loss 0), so that a move
//! played often and with success weighs most, and moves played in fewer than `min_games`
//! games, or that never scored, are left out. As in ElephantEye's book maker, of a position
//! and its mirror image the one whose key sorts first stores the moves of both (a symmetric
//! position, both a move and its mirror image).

use crate::arbiter::pgn::PgnGame;
use jiangjun_engine::book::Entry;
use jiangjun_engine::book::key::{BookKey, BookMove, mirror_move};
use jiangjun_rules::Side;
use jiangjun_rules::xiangqi::Position;
use std::collections::HashMap;

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct BuildSettings {
    /// Moves played in fewer games are left out.
    pub min_games: u32,
    /// How many plies of each game are read.
    pub plies: usize,
    /// Store one of each position and its mirror image (else each position as played).
    pub mirror: bool,
}

impl Default for BuildSettings {
    fn default() -> BuildSettings {
        BuildSettings {
            min_games: 2,
            plies: 30,
            mirror: true,
        }
    }
}

/// A book's entries (sorted by key, then move) and what went into them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Built {
    pub entries: Vec<Entry>,
    /// Games whose moves were tallied.
    pub games: usize,
    /// Games left out or cut short, with the reason (e.g. no result).
    pub skipped: Vec<String>,
}

#[derive(Copy, Clone, Debug, Default)]
struct Tally {
    games: u32,
    half_points: u32,
}

/// Red's score of a game in half points, or `None` for an unfinished one (`*`).
fn red_half_points(result: &str) -> Option<u32> {
    match result {
        "1-0" => Some(2),
        "1/2-1/2" => Some(1),
        "0-1" => Some(0),
        _ => None,
    }
}

/// The book of `games` (numbered from 1 in `Built::skipped`).
pub fn build(games: &[PgnGame], settings: BuildSettings) -> Built {
    let mut tallies: HashMap<(BookKey, BookMove), Tally> = HashMap::new();
    let mut built = Built::default();
    for (n, game) in games.iter().enumerate() {
        let Some(red) = red_half_points(&game.result) else {
            built
                .skipped
                .push(format!("game {}: no result ('{}')", n + 1, game.result));
            continue;
        };
        let mut pos = match game.tag("FEN").map(Position::from_fen) {
            None => Position::startpos(),
            Some(Ok(p)) => p,
            Some(Err(e)) => {
                built.skipped.push(format!("game {}: FEN: {e}", n + 1));
                continue;
            }
        };
        built.games += 1;
        for (ply, text) in game.moves.iter().take(settings.plies).enumerate() {
            let mv = match pos.parse_move(text) {
                Ok(m) => m,
                Err(e) => {
                    built.skipped.push(format!(
                        "game {}: ply {} '{text}': {e}; the rest of the game is left out",
                        n + 1,
                        ply + 1
                    ));
                    break;
                }
            };
            let points = match pos.side_to_move() {
                Side::Red => red,
                Side::Black => 2 - red,
            };
            let (key, mirror) = (BookKey::of(&pos), BookKey::of_mirror(&pos));
            let mut add = |k: BookKey, m| {
                let t = tallies.entry((k, BookMove::of(m))).or_default();
                // Saturating: a file of four billion games must not wrap a count to zero.
                t.games = t.games.saturating_add(1);
                t.half_points = t.half_points.saturating_add(points);
            };
            if !settings.mirror || key <= mirror {
                add(key, mv);
            }
            if settings.mirror && mirror <= key {
                add(mirror, mirror_move(mv));
            }
            pos.make(mv);
        }
    }
    built.entries = tallies
        .into_iter()
        .filter(|(_, t)| t.games >= settings.min_games && t.half_points > 0)
        .map(|((key, mv), t)| Entry {
            key,
            mv,
            weight: u16::try_from(t.half_points).unwrap_or(u16::MAX),
            games: Some(t.games),
        })
        .collect();
    built.entries.sort_by_key(|e| (e.key, e.mv));
    built
}

#[cfg(test)]
mod tests {
    use super::super::tests::played as after;
    use super::*;
    use crate::arbiter::pgn;

    const GAMES: &str = r#"
[Game "Chinese Chess"]
[Result "1-0"]
1. H2-E2 H9-G7 2. H0-G2 1-0

[Game "Chinese Chess"]
[Result "0-1"]
1. H2-E2 H7-E7 0-1

[Game "Chinese Chess"]
[Result "1/2-1/2"]
1. C3-C4 H9-G7 1/2-1/2

[Game "Chinese Chess"]
[Result "*"]
1. H2-E2 H9-G7 *

[Game "Chinese Chess"]
[Result "1-0"]
1. B2-E2 X9-X9 1-0
"#;

    /// The book moves of `pos` as (move, weight, games), the book mirrored as `mirrored`.
    fn probe(built: &Built, pos: &Position, mirrored: bool) -> Vec<(String, u16, Option<u32>)> {
        let book = jiangjun_engine::book::Book::from_entries(built.entries.clone(), mirrored);
        book.probe(pos)
            .iter()
            .map(|c| (c.mv.to_string(), c.weight, c.games))
            .collect()
    }

    fn weights(built: &Built, pos: &Position) -> Vec<(String, u16, Option<u32>)> {
        probe(built, pos, true)
    }

    #[test]
    fn weights_count_the_points_each_move_scored() {
        let games = pgn::read(GAMES).expect("readable");
        let all = BuildSettings {
            min_games: 1,
            ..BuildSettings::default()
        };
        let built = build(&games, all);
        assert_eq!(built.games, 4);
        assert_eq!(built.skipped.len(), 2, "{:?}", built.skipped);
        let start = Position::startpos();
        // h2e2: a win and a loss (2 half points, 2 games), and as b2e2's mirror image the
        // win of game 5 (2 more); b2e2 itself gets the mirror images of all three. c3c4 drew.
        assert_eq!(
            weights(&built, &start),
            [
                ("b2e2".into(), 4, Some(3)),
                ("h2e2".into(), 4, Some(3)),
                ("c3c4".into(), 1, Some(1)),
                ("g3g4".into(), 1, Some(1)),
            ]
        );
        // After h2e2, Black's h9g7 won nothing (game 1 lost) and h7e7 won (game 2).
        let h2e2 = after(&["h2e2"]);
        assert_eq!(weights(&built, &h2e2), [("h7e7".into(), 2, Some(1))]);
        let two_games = build(&games, BuildSettings::default());
        assert_eq!(
            weights(&two_games, &start),
            [("b2e2".into(), 4, Some(3)), ("h2e2".into(), 4, Some(3))]
        );
    }

    #[test]
    fn only_a_mirrored_book_answers_for_mirror_images() {
        let games = pgn::read(GAMES).expect("readable");
        let settings = BuildSettings {
            min_games: 1,
            ..BuildSettings::default()
        };
        let mirrored = build(&games, settings);
        let as_played = build(
            &games,
            BuildSettings {
                mirror: false,
                ..settings
            },
        );
        // Game 2 answered h2e2 with h7e7; after b2e2, the mirror image is b7e7.
        let (right, left) = (after(&["h2e2"]), after(&["b2e2"]));
        let h7e7 = vec![("h7e7".to_string(), 2, Some(1))];
        let b7e7 = vec![("b7e7".to_string(), 2, Some(1))];
        assert_eq!(probe(&mirrored, &right, true), h7e7);
        assert_eq!(probe(&mirrored, &left, true), b7e7);
        assert_eq!(probe(&as_played, &right, false), h7e7);
        assert!(probe(&as_played, &left, false).is_empty());
    }
}
