//! `jiangjun openings`: a large set of balanced opening positions for long matches.
//!
//! An SPRT needs thousands of games, and one thread at a fixed node count plays an opening the
//! same way every time, so a match needs about as many distinct openings as game pairs. Random
//! legal plies from the start position give variety no opening book has; a shallow search of
//! the engine's own keeps only the positions it scores within a margin (both sides still have a
//! game), and the final positions are deduplicated (two move orders reaching one position count
//! once). Everything follows from the seed, so a set can be regenerated and checked.

use crate::args::{number_in, range_in};
use jiangjun_engine::game::Xiangqi;
use jiangjun_engine::tt::Tt;
use jiangjun_rules::Game;
use jiangjun_rules::random::{self, Generator, RngExt};
use jiangjun_rules::xiangqi::{Move, rules};
use jiangjun_rules::{GenKind, MoveList, Side};
use std::collections::HashSet;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

/// Balanced random openings for long matches.
///
/// Random legal plies from the start position, kept when a one-thread search to depth D scores the position within +-CP centipawns (100 = a
/// pawn), deduplicated by position. The same arguments and build give the same file. One
/// `startpos moves ...` line per opening, the form `jiangjun match --openings` reads.
#[derive(clap::Parser, Clone, Debug, PartialEq)]
#[command(
    after_help = "Examples:\n  jiangjun openings --count 100 --out openings.txt   100 balanced openings for jiangjun match\n  jiangjun openings --count 40 --plies 6-10 --margin 50 --seed 7",
    allow_negative_numbers = true,
    args_override_self = true
)]
pub struct OpeningsArgs {
    /// Openings to write (1 to 1000000).
    #[arg(long, value_name = "N", value_parser = number_in(1usize, 1_000_000))]
    pub count: usize,
    /// Random seed.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Random plies per opening (each 1 to 40).
    #[arg(long, value_name = "MIN-MAX", default_value = "6-10", value_parser = range_in(1usize, 40))]
    pub plies: (usize, usize),
    /// Search depth of the balance check (1 to 20).
    #[arg(long, value_name = "D", default_value_t = 6, value_parser = number_in(1u32, 20))]
    pub depth: u32,
    /// Largest |score| kept, in centipawns (0 to 1000).
    #[arg(long, value_name = "CP", default_value_t = 50, value_parser = number_in(0i32, 1000))]
    pub margin: i32,
    /// Where to write them (default: stdout).
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

/// One kept opening: its moves from the start and the search's score, from Red's view.
#[derive(Clone, Debug)]
pub struct Kept {
    pub moves: Vec<Move>,
    pub score: i32,
}

/// Random plies from the start; `None` if the game ended or the side to move is in check
/// (an opening should leave a quiet position to both engines).
fn random_line(rng: &mut Generator, plies: usize) -> Option<(Xiangqi, Vec<Move>)> {
    let mut pos = Xiangqi::startpos();
    let mut moves = Vec::with_capacity(plies);
    for _ in 0..plies {
        let mut legal = MoveList::new(Move::NONE);
        pos.generate_legal(GenKind::All, &mut legal);
        if legal.is_empty() {
            return None;
        }
        let m = legal.as_slice()[rng.random_range(0..legal.len())];
        pos.make(m);
        moves.push(m);
    }
    (!pos.in_check() && rules::outcome(&pos, 3).is_none()).then_some((pos, moves))
}

/// Generates the openings, calling `progress(kept, tried)` now and then. Stops early (with
/// fewer) if a thousand tries per wanted opening were not enough.
pub fn generate(s: &OpeningsArgs, progress: &mut dyn FnMut(usize, usize)) -> Vec<Kept> {
    let mut rng = random::seeded(s.seed);
    let tt = Tt::new(4);
    let mut seen = HashSet::new();
    let mut kept = Vec::with_capacity(s.count);
    let (lo, hi) = s.plies;
    let limit = s.count.saturating_mul(1000);
    let mut tried = 0;
    while kept.len() < s.count && tried < limit {
        tried += 1;
        if tried % 1000 == 0 {
            progress(kept.len(), tried);
        }
        let plies = rng.random_range(lo..=hi);
        let Some((pos, moves)) = random_line(&mut rng, plies) else {
            continue;
        };
        // Seen positions are not searched again, whatever the verdict was.
        if !seen.insert(pos.key()) {
            continue;
        }
        let red = pos.side_to_move() == Side::Red;
        // A clear table per position, so that a position's score does not depend on the ones
        // searched before it.
        tt.clear();
        let score = jiangjun_engine::search::fixed_depth(&tt, pos, s.depth).score;
        if score.abs() <= s.margin {
            kept.push(Kept {
                moves,
                score: if red { score } else { -score },
            });
        }
    }
    kept
}

/// The file: a header saying how it was made, then one opening a line.
pub fn write(s: &OpeningsArgs, kept: &[Kept], out: &mut dyn Write) -> std::io::Result<()> {
    writeln!(
        out,
        "# {} balanced Xiangqi openings from `jiangjun openings --count {} --seed {} --plies {}-{} \
         --depth {} --margin {}` (jiangjun {}).\n# Random legal plies from the start, kept when a \
         one-thread depth-{} search scores them within +-{} cp; the comment is that score, Red's view.",
        kept.len(),
        s.count,
        s.seed,
        s.plies.0,
        s.plies.1,
        s.depth,
        s.margin,
        env!("CARGO_PKG_VERSION"),
        s.depth,
        s.margin
    )?;
    for k in kept {
        let moves: Vec<String> = k.moves.iter().map(Move::to_string).collect();
        writeln!(out, "startpos moves {}  # {:+}", moves.join(" "), k.score)?;
    }
    Ok(())
}

/// Entry point for `jiangjun openings`.
pub fn run(s: &OpeningsArgs) -> ExitCode {
    let start = Instant::now();
    let kept = generate(s, &mut |k, t| {
        eprint!("\r{k}/{} kept of {t} tried", s.count)
    });
    eprintln!(
        "\r{} openings kept in {:.1} s",
        kept.len(),
        start.elapsed().as_secs_f64()
    );
    let written = match &s.out {
        Some(p) => {
            std::fs::File::create(p).and_then(|f| write(s, &kept, &mut std::io::BufWriter::new(f)))
        }
        None => write(s, &kept, &mut std::io::stdout().lock()),
    };
    if let Err(e) = written {
        eprintln!("jiangjun openings: writing: {e}");
        return ExitCode::FAILURE;
    }
    if kept.len() < s.count {
        eprintln!(
            "jiangjun openings: only {} of {} found",
            kept.len(),
            s.count
        );
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arbiter::openings;

    fn parse(line: &str) -> Result<OpeningsArgs, String> {
        let words = std::iter::once("openings").chain(line.split_whitespace());
        <OpeningsArgs as clap::Parser>::try_parse_from(words).map_err(|e| crate::args::one_line(&e))
    }

    #[test]
    fn arguments_are_range_checked() {
        let s = parse("--count 5 --plies 4-8 --margin 30").expect("valid");
        assert_eq!((s.count, s.plies, s.margin, s.depth), (5, (4, 8), 30, 6));
        for (bad, why) in [
            ("--count 0", "from 1"),
            ("--count 5 --plies 9-3", "more than"),
            ("--count 5 --depth 99", "from 1 to 20"),
            ("--count 5 --margin -4", "from 0"),
            ("--count", "a value is required"),
            ("--plies 4", "--count <N>"),
            (
                "--count 5 --frobnicate 1",
                "unexpected argument '--frobnicate'",
            ),
        ] {
            let e = parse(bad).expect_err(bad);
            assert!(e.contains(why), "{bad}: {e}");
        }
    }

    #[test]
    fn openings_are_balanced_distinct_reproducible_and_readable() {
        let s = OpeningsArgs {
            count: 12,
            seed: 7,
            plies: (4, 6),
            depth: 2,
            margin: 50,
            out: None,
        };
        let a = generate(&s, &mut |_, _| {});
        let b = generate(&s, &mut |_, _| {});
        assert_eq!(a.len(), 12);
        let text = |k: &[Kept]| {
            let mut out = Vec::new();
            write(&s, k, &mut out).expect("writing to memory");
            String::from_utf8(out).expect("ASCII")
        };
        assert_eq!(text(&a), text(&b), "the same seed gives the same file");
        assert!(
            a.iter()
                .all(|k| k.score.abs() <= 50 && (4..=6).contains(&k.moves.len()))
        );
        let read = openings::parse::<Xiangqi>(&text(&a)).expect("match --openings reads the file");
        let keys: HashSet<u64> = read.iter().map(|o| o.position().key()).collect();
        assert_eq!(keys.len(), 12, "no position twice");
        let other = generate(
            &OpeningsArgs {
                seed: 8,
                ..s.clone()
            },
            &mut |_, _| {},
        );
        assert_ne!(text(&a), text(&other));
    }

    #[test]
    fn the_shipped_set_is_valid_and_distinct() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../scripts/openings/balanced-5000.txt"
        );
        let text = std::fs::read_to_string(path).expect("the openings file is in the repository");
        let all = openings::parse::<Xiangqi>(&text).expect("every line is a legal opening");
        assert_eq!(all.len(), 5000);
        let keys: HashSet<u64> = all.iter().map(|o| o.position().key()).collect();
        assert_eq!(keys.len(), 5000, "no position twice");
        // The file is not compared with what today's search would generate: it was made by the
        // build its header names, and every later change to the search or the evaluation picks
        // other positions. What matters for matches is that it is valid and varied.
    }
}
