//! `--resume`: a match taken up again from its own PGN file. Each game there names its place
//! in the schedule (`Round`, the game number), its engines (`Red`/`White` and `Black`) and,
//! through its start position and first moves, its opening; the runner counts those games as
//! played and plays the rest. So a long match (an SPRT of a thousand games at 10 s + 0.1 s)
//! can run in pieces, on the same command line each time: the games in progress when it was
//! stopped are lost, the finished ones are not.
//!
//! Only a schedule that is the same again can be taken up: the same engines in the same
//! order, the same openings in the same order (`--openings`, `--shuffle`, `--seed`) and enough
//! `--games`. A game that does not fit stops the match with the reason, before any engine
//! starts. The engines' options and time controls are the user's to keep; the PGN's
//! `TimeControl` tags record them.

use super::schedule::Pairing;
use crate::arbiter::game::{GameRecord, Termination};
use crate::arbiter::openings::Opening;
use crate::arbiter::pgn::{self, PgnGame};
use crate::arbiter::{Arbitrated, Record, replay_record};
use jiangjun_rules::{Outcome, Side};

/// A game read back: the index of its job in the schedule, and its record.
pub type Played<M> = (usize, GameRecord<M>);

/// The games of a match's PGN text, each as the index of its job in `jobs` and the record the
/// runner tallies (its winner and ending, and how many moves each side made); `names` are the
/// engines' names by engine index.
pub fn played<G: Arbitrated>(
    text: &str,
    jobs: &[Pairing],
    names: &[String],
    openings: &[Opening<G>],
) -> Result<Vec<Played<G::Move>>, String> {
    let games = pgn::read(text)?;
    let mut seen = vec![false; jobs.len()];
    let mut out = Vec::with_capacity(games.len());
    for (i, game) in games.iter().enumerate() {
        let (k, rec) = one::<G>(game, jobs, names, openings)
            .map_err(|e| format!("game {} of the file: {e}", i + 1))?;
        if std::mem::replace(&mut seen[k], true) {
            return Err(format!(
                "game {} of the file: round {} is there twice",
                i + 1,
                k + 1
            ));
        }
        out.push((k, rec));
    }
    Ok(out)
}

fn one<G: Arbitrated>(
    game: &PgnGame,
    jobs: &[Pairing],
    names: &[String],
    openings: &[Opening<G>],
) -> Result<Played<G::Move>, String> {
    let round = game
        .tag("Round")
        .and_then(|r| r.trim().parse::<usize>().ok())
        .filter(|&r| r >= 1)
        .ok_or("no game number (Round tag): not a game of `jiangjun match`")?;
    let job = jobs.get(round - 1).ok_or_else(|| {
        format!(
            "round {round}, beyond this match's {} games: give at least as many --games",
            jobs.len()
        )
    })?;
    let first = game.tag("Red").or_else(|| game.tag("White")).unwrap_or("");
    let second = game.tag("Black").unwrap_or("");
    let (red, black) = (&names[job.red], &names[job.black]);
    if (first, second) != (red.as_str(), black.as_str()) {
        return Err(format!(
            "round {round} is {first} against {second} there and {red} against {black} in this \
             match: give the same engines in the same order"
        ));
    }
    let Record { start, moves, end } =
        replay_record::<G>(game).map_err(|e| format!("round {round}: {e}"))?;
    let opening = &openings[job.opening];
    let n = opening.moves.len();
    if start.to_fen() != opening.fen || moves.get(..n) != Some(&opening.moves[..]) {
        return Err(format!(
            "round {round} was played from another opening than this match gives it: give \
             the same --openings, --shuffle and --seed"
        ));
    }
    let winner = pgn::winner_of(&game.result)
        .ok_or_else(|| format!("round {round} has no result ('{}')", game.result))?;
    // The rules' verdict where they ended the game; else the Termination tag's word.
    let termination = match end.arbiter_outcome() {
        Some(Outcome::Loss(r) | Outcome::Win(r) | Outcome::Draw(r)) => Termination::Rule(r),
        None => Termination::recorded(game.tag("Termination").unwrap_or(""), winner.is_some()),
    };
    // The engines' moves, alternating from the side to move after the opening's `n` plies.
    let played = (moves.len() - n) as u32;
    let (first_mover, second_mover) = (played.div_ceil(2), played / 2);
    let after_opening = match n % 2 {
        0 => start.side_to_move(),
        _ => start.side_to_move().flip(),
    };
    let made = match after_opening {
        Side::Red => [first_mover, second_mover],
        Side::Black => [second_mover, first_mover],
    };
    Ok((
        round - 1,
        GameRecord {
            winner,
            termination,
            moves: moves[n..].to_vec(),
            detail: String::new(),
            killed: [false; 2],
            noise: [0; 2],
            offers: [0; 2],
            made,
            other_ranks: None,
            notes: Vec::new(),
        },
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arbiter::PgnInfo;
    use crate::arbiter::openings::{self, BUILTIN};
    use crate::clock::TimeControl;
    use crate::matches::schedule;
    use jiangjun_engine::game::{Chess, Xiangqi};
    use jiangjun_rules::xiangqi::notation::Notation;
    use jiangjun_rules::{Game, GenKind, MoveList, Reason};

    /// Game `k` of the schedule as the runner writes it: the opening, then `extra` moves
    /// (the first legal move each time), ending in `result` by `termination`.
    fn written<G: Arbitrated>(
        jobs: &[Pairing],
        names: &[String],
        openings: &[Opening<G>],
        k: usize,
        extra: usize,
        (result, termination): (&str, Termination),
    ) -> String {
        let (job, tc) = (&jobs[k], TimeControl::Depth(1));
        let opening = &openings[job.opening];
        let start = G::from_fen(&opening.fen).unwrap_or_else(|_| G::startpos());
        let (mut pos, mut moves) = (opening.position(), opening.moves.clone());
        for _ in 0..extra {
            let mut list = MoveList::new(moves[0]);
            pos.generate(GenKind::All, &mut list);
            let m = list.as_slice()[0];
            pos.make(m);
            moves.push(m);
        }
        let info = PgnInfo {
            date: "2026.12.05",
            round: job.number,
            names: [&names[job.red], &names[job.black]],
            tcs: [&tc, &tc],
            termination,
            comment: termination.describe(),
            notes: &[],
            result,
            notation: Notation::Iccs,
        };
        G::write_pgn(&start, &moves, &info)
    }

    fn setup<G: Arbitrated>(text: &str, seed: u64) -> (Vec<Pairing>, Vec<String>, Vec<Opening<G>>) {
        let mut list = openings::parse::<G>(text).expect("valid openings");
        jiangjun_rules::random::shuffle(&mut list, seed);
        let jobs = schedule::jobs(&[(0, 1)], 8, list.len());
        (jobs, vec!["new".to_string(), "base".to_string()], list)
    }

    #[test]
    fn games_written_by_the_runner_are_read_back_as_played() {
        let (jobs, names, list) = setup::<Xiangqi>(BUILTIN, 3);
        let resign = ("0-1", Termination::Resignation);
        let draw = ("1/2-1/2", Termination::MaxLength);
        // Written out of order, as games finish with several at once.
        let text = [
            written(&jobs, &names, &list, 4, 3, resign),
            written(&jobs, &names, &list, 0, 0, draw),
            written(
                &jobs,
                &names,
                &list,
                1,
                5,
                ("1-0", Termination::TimeForfeit),
            ),
        ]
        .concat();
        let got = played(&text, &jobs, &names, &list).expect("a schedule of the same match");
        let summary: Vec<_> = got
            .iter()
            .map(|(k, r)| (*k, r.winner, r.termination, r.made, r.moves.len()))
            .collect();
        // The side to move after each opening makes the first of the engines' moves.
        let first = |k: usize| list[jobs[k].opening].position().side_to_move();
        let made = |k: usize, n: u32| match first(k) {
            Side::Red => [n.div_ceil(2), n / 2],
            Side::Black => [n / 2, n.div_ceil(2)],
        };
        assert_eq!(
            summary,
            [
                (
                    4,
                    Some(Side::Black),
                    Termination::Resignation,
                    made(4, 3),
                    3
                ),
                (0, None, Termination::MaxLength, made(0, 0), 0),
                (1, Some(Side::Red), Termination::TimeForfeit, made(1, 5), 5),
            ]
        );
    }

    #[test]
    fn a_game_the_rules_ended_keeps_the_rules_reason() {
        // Chess: the fool's mate, written as a resignation, is read as the mate it is.
        let text = "startpos moves f2f3 e7e5 g2g4\n";
        let (jobs, names, list) = setup::<Chess>(text, 0);
        let pgn = written(
            &jobs,
            &names,
            &list,
            1,
            0,
            ("0-1", Termination::Resignation),
        );
        assert!(played(&pgn, &jobs, &names, &list).is_ok());
        let mate = pgn.replace("g4 ", "g4 Qh4# ").replace("{resignation}", "");
        let got = played(&mate, &jobs, &names, &list).expect("a legal game");
        assert_eq!(
            got[0].1.termination,
            Termination::Rule(Reason::Checkmate),
            "{mate}"
        );
        assert_eq!(got[0].1.made, [0, 1]);
    }

    #[test]
    fn a_file_of_another_match_is_refused_with_the_reason() {
        let (jobs, names, list) = setup::<Xiangqi>(BUILTIN, 3);
        let draw = ("1/2-1/2", Termination::MaxLength);
        let game = written(&jobs, &names, &list, 2, 2, draw);
        let refused = |text: &str, names: &[String], list: &[Opening<Xiangqi>], want: &str| {
            let err = played(text, &jobs, names, list).expect_err("not this match's game");
            assert!(err.contains(want), "{err}");
        };
        let swapped = vec!["base".to_string(), "new".to_string()];
        refused(
            &game,
            &swapped,
            &list,
            "give the same engines in the same order",
        );
        let (_, _, reshuffled) = setup::<Xiangqi>(BUILTIN, 4);
        refused(
            &game,
            &names,
            &reshuffled,
            "give the same --openings, --shuffle and --seed",
        );
        let twice = [game.clone(), game.clone()].concat();
        refused(&twice, &names, &list, "round 3 is there twice");
        let far = game.replace("[Round \"3\"]", "[Round \"9\"]");
        refused(&far, &names, &list, "beyond this match's 8 games");
        let unnumbered = game.replace("[Round \"3\"]\n", "");
        refused(&unnumbered, &names, &list, "no game number");
        let unfinished = game.replace("1/2-1/2", "*");
        refused(&unfinished, &names, &list, "has no result");
    }
}
