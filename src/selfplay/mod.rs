//! `jiangjun selfplay`: plays jiangjun against itself in-process (no protocol, fixed nodes per
//! move) and writes the quiet positions of the games with their result and search score, the
//! training data of `jiangjun tune` (and later of a neural evaluation).
//!
//! Output format, one position a line: `FEN | result | score`, where result is 1.0, 0.5 or
//! 0.0 from Red's view and score is the search's score in centipawns from Red's view.
//!
//! Game `i` depends only on the seed and `i` (its own random stream, a table cleared before
//! it), so a run is reproducible; with one thread the file is too (lines in game order).

mod game;

pub use game::{GameData, GameSettings, play};

use crate::cli::{self, number};
use crate::matches::openings::{self, Opening};
use crate::random;
use crate::tt::Tt;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

const HELP: &str = "usage: jiangjun selfplay --games N --out FILE [options]
  --games N            games to play (1 to 100000000)
  --out FILE           where the positions go (overwritten)
  --nodes K            nodes per move for each side (default 5000)
  --threads T          games played at once (default: one per core)
  --seed S             seed of the openings' random plies (default 1)
  --random-plies A-B   random legal plies after the opening (default 2-6)
  --minutes M          start no game after M minutes (default: no limit)
Output: one line per quiet position, `FEN | result | score`, result 1.0/0.5/0.0 and score in
centipawns, both from Red's view.";

/// Megabytes of transposition table per thread: plenty for a few thousand nodes a move.
const TT_MB: usize = 16;
/// How often progress is reported on stderr.
const PROGRESS_EVERY: Duration = Duration::from_secs(5);

#[derive(Clone, Debug, PartialEq)]
struct Config {
    games: u64,
    out: String,
    settings: GameSettings,
    threads: usize,
    seed: u64,
    minutes: Option<f64>,
}

fn parse_range(v: &str) -> Result<(u32, u32), String> {
    let (a, b) = v.split_once('-').unwrap_or((v, v));
    let (a, b) = (
        number("--random-plies", a, 0, 40)?,
        number("--random-plies", b, 0, 40)?,
    );
    if a > b {
        return Err(format!("--random-plies: {a} is more than {b}"));
    }
    Ok((a, b))
}

fn parse(args: &[String]) -> Result<Config, String> {
    let mut c = Config {
        games: 0,
        out: String::new(),
        settings: GameSettings {
            nodes: 5000,
            random_plies: (2, 6),
        },
        threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
        seed: 1,
        minutes: None,
    };
    let mut i = 0;
    while i < args.len() {
        let flag = args[i].as_str();
        let value = args.get(i + 1).map(String::as_str);
        let Some(v) = value else {
            return Err(format!("{flag} needs a value (or is unknown)"));
        };
        match flag {
            "--games" => c.games = number(flag, v, 1, 100_000_000)?,
            "--out" => c.out = v.to_string(),
            "--nodes" => c.settings.nodes = number(flag, v, 1, 1_000_000_000)?,
            "--threads" => c.threads = number(flag, v, 1, 256)?,
            "--seed" => c.seed = number(flag, v, 0, u64::MAX)?,
            "--random-plies" => c.settings.random_plies = parse_range(v)?,
            "--minutes" => c.minutes = Some(number(flag, v, 0.0, 1e6)?),
            _ => return Err(format!("unknown flag '{flag}'")),
        }
        i += 2;
    }
    if c.games == 0 || c.out.is_empty() {
        return Err("--games and --out are required".into());
    }
    Ok(c)
}

/// The command line entry point.
pub fn run(args: &[String]) -> ExitCode {
    cli::run_tool("selfplay", HELP, args, parse, |config| {
        let file =
            File::create(&config.out).map_err(|e| format!("cannot create {}: {e}", config.out))?;
        generate(&config, &mut BufWriter::new(file))
            .map_err(|e| format!("writing {}: {e}", config.out))
    })
}

/// Plays the games on `config.threads` threads and writes their positions to `out` as they
/// finish. With one thread the games are written in order.
fn generate(config: &Config, out: &mut impl Write) -> std::io::Result<()> {
    let openings = openings::parse(openings::BUILTIN).map_err(std::io::Error::other)?;
    let next = AtomicU64::new(0);
    let start = Instant::now();
    let deadline = config
        .minutes
        .map(|m| start + Duration::from_secs_f64(m * 60.0));
    let (tx, rx) = mpsc::channel::<GameData>();
    std::thread::scope(|scope| {
        for _ in 0..config.threads {
            let tx = tx.clone();
            let (next, openings) = (&next, &openings);
            scope.spawn(move || worker(config, openings, next, deadline, &tx));
        }
        drop(tx);
        collect(config, &rx, start, out)
    })
}

/// One thread's loop: claim the next game number, play it, send it.
fn worker(
    config: &Config,
    openings: &[Opening],
    next: &AtomicU64,
    deadline: Option<Instant>,
    tx: &mpsc::Sender<GameData>,
) {
    let tt = Tt::new(TT_MB);
    loop {
        if deadline.is_some_and(|d| Instant::now() >= d) {
            return;
        }
        let index = next.fetch_add(1, Ordering::Relaxed);
        if index >= config.games {
            return;
        }
        // Its own stream: game `index` plays the same whichever thread plays it.
        let mut rng = random::stream(config.seed, index);
        let opening = &openings[(index % openings.len() as u64) as usize];
        let data = play(opening, &config.settings, &mut rng, &tt);
        if tx.send(data).is_err() {
            return;
        }
    }
}

/// Receives finished games, writes them and reports progress until every worker is done.
fn collect(
    config: &Config,
    rx: &mpsc::Receiver<GameData>,
    start: Instant,
    out: &mut impl Write,
) -> std::io::Result<()> {
    let (mut games, mut positions, mut plies) = (0u64, 0u64, 0u64);
    let mut results = [0u64; 3];
    let mut last_report = Instant::now();
    loop {
        match rx.recv_timeout(Duration::from_millis(500)) {
            Ok(data) => {
                for line in data.lines() {
                    writeln!(out, "{line}")?;
                }
                games += 1;
                positions += data.positions.len() as u64;
                plies += u64::from(data.plies);
                results[(data.result * 2.0).round().clamp(0.0, 2.0) as usize] += 1;
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {}
            Err(mpsc::RecvTimeoutError::Disconnected) => break,
        }
        if last_report.elapsed() >= PROGRESS_EVERY {
            last_report = Instant::now();
            out.flush()?;
            report(config, games, positions, start.elapsed());
        }
    }
    out.flush()?;
    report(config, games, positions, start.elapsed());
    eprintln!(
        "selfplay: done, {games} games ({} plies on average), {positions} positions; \
         Red wins {}, draws {}, Black wins {}",
        plies / games.max(1),
        results[2],
        results[1],
        results[0]
    );
    Ok(())
}

fn report(config: &Config, games: u64, positions: u64, elapsed: Duration) {
    let secs = elapsed.as_secs_f64().max(1e-9);
    let rate = games as f64 / secs;
    let mut eta = config.games.saturating_sub(games) as f64 / rate.max(1e-9);
    if let Some(m) = config.minutes {
        eta = eta.min((m * 60.0 - secs).max(0.0));
    }
    eprintln!(
        "selfplay: {games}/{} games, {positions} positions, {rate:.2} games/s, \
         {:.0} s elapsed, ETA {eta:.0} s",
        config.games, secs
    );
}

#[cfg(test)]
mod tests;
