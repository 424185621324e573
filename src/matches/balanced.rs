//! `jiangjun openings`: a large set of balanced opening positions for long matches.
//!
//! An SPRT needs thousands of games, and one thread at a fixed node count plays an opening the
//! same way every time, so a match needs about as many distinct openings as game pairs. Random
//! legal plies from the start position give variety no opening book has; a shallow search of
//! the engine's own keeps only the positions it scores within a margin (both sides still have a
//! game), and the final positions are deduplicated (two move orders reaching one position count
//! once). Everything follows from the seed, so a set can be regenerated and checked.

use crate::game::xiangqi::{Move, Position, rules};
use crate::game::{GenKind, MoveList, Side};
use crate::random::{self, Generator, RngExt};
use crate::tt::Tt;
use std::collections::HashSet;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

const HELP: &str = "usage: jiangjun openings --count N [--seed S] [--plies MIN-MAX] [--depth D]
                         [--margin CP] [--out FILE]
  random legal plies from the start position, kept when a one-thread search to depth D scores
  the position within +-CP centipawns (100 = a pawn), deduplicated by position; the same
  arguments and build give the same file. One 'startpos moves ...' line per opening, the form
  `jiangjun match --openings` reads.
  --count N        openings to write (1 to 1000000)
  --seed S         random seed (default 1)
  --plies MIN-MAX  random plies per opening (default 6-10; 1 to 40)
  --depth D        search depth of the balance check (default 6; 1 to 20)
  --margin CP      largest |score| kept (default 50; 0 to 1000)
  --out FILE       where to write them (default: stdout)
";

/// What to generate.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    pub count: usize,
    pub seed: u64,
    pub plies: (usize, usize),
    pub depth: u32,
    pub margin: i32,
    pub out: Option<PathBuf>,
}

fn ranged<T: std::str::FromStr + PartialOrd + Copy + std::fmt::Display>(
    flag: &str,
    v: &str,
    lo: T,
    hi: T,
) -> Result<T, String> {
    match v.parse::<T>() {
        Ok(x) if x >= lo && x <= hi => Ok(x),
        _ => Err(format!("{flag}: '{v}' is not a number from {lo} to {hi}")),
    }
}

/// Parses the arguments after `openings`; `Ok(None)` for `--help`.
pub fn parse(args: &[String]) -> Result<Option<Settings>, String> {
    let mut s = Settings {
        count: 0,
        seed: 1,
        plies: (6, 10),
        depth: 6,
        margin: 50,
        out: None,
    };
    let mut words = args.iter();
    while let Some(flag) = words.next() {
        if matches!(flag.as_str(), "--help" | "-h") {
            return Ok(None);
        }
        let v = words
            .next()
            .ok_or_else(|| format!("{flag} needs a value"))?;
        match flag.as_str() {
            "--count" => s.count = ranged(flag, v, 1, 1_000_000)?,
            "--seed" => s.seed = ranged(flag, v, 0, u64::MAX)?,
            "--depth" => s.depth = ranged(flag, v, 1, 20)?,
            "--margin" => s.margin = ranged(flag, v, 0, 1000)?,
            "--out" => s.out = Some(PathBuf::from(v)),
            "--plies" => {
                let (a, b) = v.split_once('-').unwrap_or((v, v));
                let (a, b) = (ranged(flag, a, 1, 40)?, ranged(flag, b, 1, 40)?);
                if a > b {
                    return Err(format!("--plies: {a} is more than {b}"));
                }
                s.plies = (a, b);
            }
            _ => return Err(format!("unknown argument '{flag}'")),
        }
    }
    if s.count == 0 {
        return Err("give --count N".into());
    }
    Ok(Some(s))
}

/// One kept opening: its moves from the start and the search's score, from Red's view.
#[derive(Clone, Debug)]
pub struct Kept {
    pub moves: Vec<Move>,
    pub score: i32,
}

/// Random plies from the start; `None` if the game ended or the side to move is in check
/// (an opening should leave a quiet position to both engines).
fn random_line(rng: &mut Generator, plies: usize) -> Option<(Position, Vec<Move>)> {
    let mut pos = Position::startpos();
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
pub fn generate(s: &Settings, progress: &mut dyn FnMut(usize, usize)) -> Vec<Kept> {
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
        let score = crate::bench::fixed_depth(&tt, pos, s.depth).score;
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
pub fn write(s: &Settings, kept: &[Kept], out: &mut dyn Write) -> std::io::Result<()> {
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

/// Entry point for `jiangjun openings ARGS`.
pub fn run(args: &[String]) -> ExitCode {
    let s = match parse(args) {
        Ok(Some(s)) => s,
        Ok(None) => {
            print!("{HELP}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("jiangjun openings: {e}\n{HELP}");
            return ExitCode::from(2);
        }
    };
    let start = Instant::now();
    let kept = generate(&s, &mut |k, t| {
        eprint!("\r{k}/{} kept of {t} tried", s.count)
    });
    eprintln!(
        "\r{} openings kept in {:.1} s",
        kept.len(),
        start.elapsed().as_secs_f64()
    );
    let written = match &s.out {
        Some(p) => {
            std::fs::File::create(p).and_then(|f| write(&s, &kept, &mut std::io::BufWriter::new(f)))
        }
        None => write(&s, &kept, &mut std::io::stdout().lock()),
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
    use crate::matches::openings;

    fn words(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn arguments_are_range_checked() {
        let s = parse(&words("--count 5 --plies 4-8 --margin 30"))
            .expect("valid")
            .expect("not help");
        assert_eq!((s.count, s.plies, s.margin, s.depth), (5, (4, 8), 30, 6));
        for (bad, why) in [
            ("--count 0", "from 1"),
            ("--count 5 --plies 9-3", "more than"),
            ("--count 5 --depth 99", "from 1 to 20"),
            ("--count 5 --margin -4", "from 0"),
            ("--count", "needs a value"),
            ("--plies 4", "give --count"),
            ("--count 5 --frobnicate 1", "unknown argument"),
        ] {
            let e = parse(&words(bad)).expect_err(bad);
            assert!(e.contains(why), "{bad}: {e}");
        }
    }

    #[test]
    fn openings_are_balanced_distinct_reproducible_and_readable() {
        let s = Settings {
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
        let read = openings::parse(&text(&a)).expect("match --openings reads the file");
        let keys: HashSet<u64> = read.iter().map(|o| o.position().key()).collect();
        assert_eq!(keys.len(), 12, "no position twice");
        let other = generate(
            &Settings {
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
            "/scripts/openings/balanced-5000.txt"
        );
        let text = std::fs::read_to_string(path).expect("the openings file is in the repository");
        let all = openings::parse(&text).expect("every line is a legal opening");
        assert_eq!(all.len(), 5000);
        let keys: HashSet<u64> = all.iter().map(|o| o.position().key()).collect();
        assert_eq!(keys.len(), 5000, "no position twice");
        // The file is not compared with what today's search would generate: it was made by the
        // build its header names, and every later change to the search or the evaluation picks
        // other positions. What matters for matches is that it is valid and varied.
    }
}
