//! `jiangjun selfplay`: plays jiangjun against itself in-process (no protocol, fixed nodes per
//! move) and writes the quiet positions of the games with their result and search score, the
//! training data of `jiangjun tune` (and later of a neural evaluation). Either game
//! (`--game chess`): the games start from the game's built-in match openings.
//!
//! Output format, one position a line: `FEN | result | score`, where result is 1.0, 0.5 or
//! 0.0 from Red's (chess: White's) view and score is the search's score in centipawns from
//! the same view.
//!
//! Game `i` depends only on the seed and `i` (its own random stream, a table cleared before
//! it), so a run is reproducible; with one thread the file is too (lines in game order).

mod game;

pub use game::{GameData, GameSettings, Played, Ply, kept, line, play, record};

use crate::cli::{self, GameKind, values::number_in};
use crate::game::{chess, xiangqi};
use crate::matches::openings::{self, Opening};
use crate::matches::variant::Variant;
use crate::random;
use crate::tt::Tt;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Megabytes of transposition table per thread: plenty for a few thousand nodes a move.
pub(crate) const TT_MB: usize = 16;
/// How often progress is reported on stderr.
const PROGRESS_EVERY: Duration = Duration::from_secs(5);

/// Self-play training data (jiangjun against itself, in-process, fixed nodes per move).
///
/// One line per quiet position, `FEN | result | score`, result 1.0/0.5/0.0 and score in
/// centipawns, both from Red's view.
#[derive(clap::Parser, Clone, Debug, PartialEq)]
#[command(allow_negative_numbers = true, args_override_self = true)]
pub struct Config {
    /// Games to play (1 to 100000000).
    #[arg(long, value_name = "N", value_parser = number_in(1u64, 100_000_000))]
    games: u64,
    /// Where the positions go (overwritten).
    #[arg(long, value_name = "FILE")]
    out: String,
    #[command(flatten)]
    settings: GameSettings,
    /// Games played at once (1 to 256; default: one per core).
    #[arg(long, value_name = "T", default_value_t = cli::cores(), value_parser = number_in(1usize, 256))]
    threads: usize,
    /// Seed of the openings' random plies.
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// Start no game after M minutes (0 to 1000000; default: no limit).
    #[arg(long, value_name = "M", value_parser = number_in(0.0, 1e6))]
    minutes: Option<f64>,
}

/// The command line entry point.
pub fn run(config: &Config, game: GameKind) -> ExitCode {
    let written = File::create(&config.out)
        .map_err(|e| format!("cannot create {}: {e}", config.out))
        .and_then(|file| {
            let out = &mut BufWriter::new(file);
            match game {
                GameKind::Xiangqi => generate::<xiangqi::Position>(config, out),
                GameKind::Chess => generate::<chess::Position>(config, out),
            }
            .map_err(|e| format!("writing {}: {e}", config.out))
        });
    cli::finish("selfplay", written)
}

/// Plays the games on `config.threads` threads and writes their positions to `out` as they
/// finish. With one thread the games are written in order.
fn generate<G: Variant>(config: &Config, out: &mut impl Write) -> std::io::Result<()> {
    let openings = openings::parse::<G>(G::BUILTIN_OPENINGS).map_err(std::io::Error::other)?;
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
fn worker<G: Variant>(
    config: &Config,
    openings: &[Opening<G>],
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
        let data = numbered(openings, &config.settings, config.seed, index, &tt).data();
        if tx.send(data).is_err() {
            return;
        }
    }
}

/// Plays game `index` of `seed`: the opening `index` modulo their number, the random plies
/// from the game's own stream, so that the game is the same whichever thread plays it and
/// whatever ran before it. `jiangjun datagen` numbers its games the same way.
pub fn numbered<G: Variant>(
    openings: &[Opening<G>],
    settings: &GameSettings,
    seed: u64,
    index: u64,
    tt: &Tt,
) -> Played<G> {
    let mut rng = random::stream(seed, index);
    let opening = &openings[(index % openings.len() as u64) as usize];
    record(opening, settings, &mut rng, tt)
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
