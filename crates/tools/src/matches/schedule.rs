//! Which games a match plays: the pairings of the chosen format, and for each pairing the
//! openings in order, each played twice with the colours swapped (a "pair"), so that an
//! unbalanced opening favours neither engine.

use super::args::Format;
use std::collections::HashMap;

/// One game to play.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Pairing {
    /// 1-based game number, the PGN `Round`.
    pub number: usize,
    /// Index into the pairings list.
    pub pairing: usize,
    /// Games with the same `pair` share an opening and swap colours.
    pub pair: usize,
    pub opening: usize,
    pub red: usize,
    pub black: usize,
}

/// The engine pairs of a format with `n` engines; in each, the first is the "reference"
/// side of the statistics (engine 0 in a match or gauntlet).
pub fn pairings(format: Format, n: usize) -> Vec<(usize, usize)> {
    match format {
        Format::Match => vec![(0, 1)],
        Format::Gauntlet => (1..n).map(|k| (0, k)).collect(),
        Format::RoundRobin => (0..n)
            .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
            .collect(),
    }
}

/// `games` games for every pairing, interleaved so that every pairing progresses together;
/// openings are used in order and wrap around.
pub fn jobs(pairings: &[(usize, usize)], games: usize, openings: usize) -> Vec<Pairing> {
    let mut out = Vec::new();
    let pairs = games.div_ceil(2);
    for p in 0..pairs {
        for (k, &(a, b)) in pairings.iter().enumerate() {
            let pair = p * pairings.len() + k;
            let opening = p % openings.max(1);
            let mut push = |red, black| {
                out.push(Pairing {
                    number: out.len() + 1,
                    pairing: k,
                    pair,
                    opening,
                    red,
                    black,
                })
            };
            push(a, b);
            if 2 * p + 1 < games {
                push(b, a);
            }
        }
    }
    out
}

/// For each job, the number of an earlier game with the same pairing, opening and colours,
/// if there is one. At a fixed depth or node count a deterministic engine (one thread, no
/// randomness) plays such a game move for move as before: a copy, which an SPRT would count
/// as new evidence.
pub fn copies(jobs: &[Pairing]) -> Vec<Option<usize>> {
    let mut first = HashMap::new();
    jobs.iter()
        .map(|j| {
            let key = (j.pairing, j.opening, j.red);
            match first.get(&key) {
                Some(&n) => Some(n),
                None => {
                    first.insert(key, j.number);
                    None
                }
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_pair_the_right_engines() {
        assert_eq!(pairings(Format::Match, 2), [(0, 1)]);
        assert_eq!(pairings(Format::Gauntlet, 4), [(0, 1), (0, 2), (0, 3)]);
        assert_eq!(pairings(Format::RoundRobin, 3), [(0, 1), (0, 2), (1, 2)]);
    }

    #[test]
    fn each_opening_is_played_twice_with_colours_swapped() {
        let jobs = jobs(&[(0, 1)], 5, 2);
        assert_eq!(jobs.len(), 5);
        let summary: Vec<_> = jobs
            .iter()
            .map(|j| (j.pair, j.opening, j.red, j.black))
            .collect();
        assert_eq!(
            summary,
            [
                (0, 0, 0, 1),
                (0, 0, 1, 0),
                (1, 1, 0, 1),
                (1, 1, 1, 0),
                (2, 0, 0, 1)
            ]
        );
        assert_eq!(
            jobs.iter().map(|j| j.number).collect::<Vec<_>>(),
            [1, 2, 3, 4, 5]
        );
    }

    #[test]
    fn games_replaying_an_opening_with_the_same_colours_are_copies() {
        // Two openings, six games: games 5 and 6 replay games 1 and 2.
        let jobs = jobs(&[(0, 1)], 6, 2);
        assert_eq!(copies(&jobs), [None, None, None, None, Some(1), Some(2)]);
        assert!(
            copies(&super::jobs(&[(0, 1)], 4, 2))
                .iter()
                .all(Option::is_none)
        );
    }

    #[test]
    fn a_round_robin_gives_every_pairing_its_games() {
        let jobs = jobs(&pairings(Format::RoundRobin, 3), 4, 40);
        assert_eq!(jobs.len(), 12);
        for k in 0..3 {
            assert_eq!(jobs.iter().filter(|j| j.pairing == k).count(), 4);
        }
    }
}
