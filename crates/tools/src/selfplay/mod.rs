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
//! `Playing` (the flags, the worker threads) is shared with `jiangjun datagen`, which numbers
//! its games the same way.

mod game;

pub use game::{GameArgs, GameData, Played, Ply, Prepare, kept, line, play, record};

use crate::arbiter::Arbitrated;
use crate::arbiter::openings::{self, Opening};
use crate::args::{self, number_in};
use crate::progress::duration;
use jiangjun_engine::evaluation::Evaluation;
use jiangjun_engine::game::{Chess, EngineGame, Xiangqi};
use jiangjun_engine::tt::Tt;
use jiangjun_rules::GameKind;
use jiangjun_rules::random;
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
#[command(
    after_help = "Examples:\n  jiangjun selfplay --games 1000 --out games.txt    FEN | result | score lines, for tune and train\n  jiangjun selfplay --games 200 --nodes 20000 --threads 2 --seed 5 --out more.txt",
    allow_negative_numbers = true,
    args_override_self = true
)]
pub struct SelfplayArgs {
    /// Games to play (1 to 100000000).
    #[arg(long, value_name = "N", value_parser = number_in(1u64, 100_000_000))]
    games: u64,
    /// Where the positions go (overwritten).
    #[arg(long, value_name = "FILE")]
    out: String,
    #[command(flatten)]
    playing: Playing,
}

/// What `selfplay` and `datagen` share on the command line: how a game is played, how many
/// games at once, the seed of the game stream, and for how long.
#[derive(clap::Args, Clone, Debug, PartialEq)]
pub struct Playing {
    #[command(flatten)]
    pub settings: GameArgs,
    /// Games played at once (1 to 256; default: one per core).
    #[arg(long, value_name = "T", default_value_t = args::cores(), value_parser = number_in(1usize, 256))]
    pub threads: usize,
    /// Seed of the openings' random plies.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Start no game after M minutes (0 to 1000000; default: no limit).
    #[arg(long, value_name = "M", value_parser = number_in(0.0, 1e6))]
    pub minutes: Option<f64>,
}

impl Playing {
    /// When a run started at `start` starts no more games.
    pub fn deadline(&self, start: Instant) -> Option<Instant> {
        self.minutes
            .map(|m| start + Duration::from_secs_f64(m * 60.0))
    }

    /// Seconds until `left` more games are played at the rate of `done` in `elapsed`, or
    /// until the deadline if that is sooner.
    pub fn eta(&self, left: u64, done: u64, elapsed: Duration) -> f64 {
        let secs = elapsed.as_secs_f64().max(1e-9);
        let eta = left as f64 / (done as f64 / secs).max(1e-9);
        match self.minutes {
            Some(m) => eta.min((m * 60.0 - secs).max(0.0)),
            None => eta,
        }
    }

    /// Plays the games `claim` names (see `work`) on `threads` threads from the game's
    /// built-in openings, each turned into a `T` on its thread by `make`, while `collect`
    /// takes them on this one (given the start time) until the workers are done. Dropping
    /// the receiver stops them.
    pub fn play_all<G: Arbitrated + EngineGame, C, T: Send, R>(
        &self,
        prepare: &Prepare<'_, G>,
        claim: impl Fn(u64) -> Option<(C, u64)> + Sync,
        make: impl Fn(C, Played<G>) -> T + Sync,
        collect: impl FnOnce(mpsc::Receiver<T>, Instant) -> R,
    ) -> Result<R, String> {
        let openings = openings::parse::<G>(G::BUILTIN_OPENINGS)?;
        let next = AtomicU64::new(0);
        let start = Instant::now();
        let deadline = self.deadline(start);
        let (tx, rx) = mpsc::channel::<T>();
        Ok(std::thread::scope(|scope| {
            for _ in 0..self.threads {
                let tx = tx.clone();
                let (next, openings, claim, make) = (&next, &openings, &claim, &make);
                let send = move |c, game| tx.send(make(c, game)).is_ok();
                scope.spawn(move || self.work(openings, prepare, next, deadline, claim, send));
            }
            drop(tx);
            collect(rx, start)
        }))
    }

    /// One thread's games, on a table of its own: until the deadline, or until `claim` turns
    /// the shared counter's next number into no game, plays the game `claim` names (with a
    /// `C` of the caller's) and hands it to `done`; stops when `done` says false (whoever
    /// collects the games has gone).
    fn work<G: Arbitrated + EngineGame, C>(
        &self,
        openings: &[Opening<G>],
        prepare: &Prepare<'_, G>,
        next: &AtomicU64,
        deadline: Option<Instant>,
        claim: impl Fn(u64) -> Option<(C, u64)>,
        mut done: impl FnMut(C, Played<G>) -> bool,
    ) {
        let tt = Tt::new(TT_MB);
        loop {
            if deadline.is_some_and(|d| Instant::now() >= d) {
                return;
            }
            let Some((c, index)) = claim(next.fetch_add(1, Ordering::Relaxed)) else {
                return;
            };
            let game = numbered(openings, &self.settings, self.seed, index, &tt, prepare);
            if !done(c, game) {
                return;
            }
        }
    }
}

/// The command line entry point.
pub fn run(config: &SelfplayArgs, game: GameKind) -> ExitCode {
    let written = File::create(&config.out)
        .map_err(|e| format!("cannot create {}: {e}", config.out))
        .and_then(|file| {
            let out = &mut BufWriter::new(file);
            match game {
                GameKind::Xiangqi => write_games::<Xiangqi>(config, out),
                GameKind::Chess => write_games::<Chess>(config, out),
            }
        });
    args::finish("selfplay", written)
}

/// Plays the games with the evaluation the settings name and writes their positions.
fn write_games<G: Arbitrated + EngineGame>(
    config: &SelfplayArgs,
    out: &mut impl Write,
) -> Result<(), String> {
    let eval = config.playing.settings.eval.evaluation::<G>()?;
    generate::<G>(config, out, &|pos| pos.set_evaluation(&eval))
        .map_err(|e| format!("writing {}: {e}", config.out))
}

/// Which net and share play (the net file's checksum, the blend), `None` when the classical
/// evaluation does: what a datagen shard's header records.
pub fn identity(evaluation: &Evaluation) -> Option<(u32, u8)> {
    evaluation
        .net()
        .map(|net| (jiangjun_engine::nnue::fingerprint(net), evaluation.blend()))
}

/// Plays the games on `config.threads` threads and writes their positions to `out` as they
/// finish. With one thread the games are written in order.
fn generate<G: Arbitrated + EngineGame>(
    config: &SelfplayArgs,
    out: &mut impl Write,
    prepare: &Prepare<'_, G>,
) -> std::io::Result<()> {
    config
        .playing
        .play_all(
            prepare,
            |n| (n < config.games).then_some(((), n)),
            |(), game: Played<G>| game.data(),
            |rx, start| collect(config, rx, start, out),
        )
        .map_err(std::io::Error::other)?
}

/// Plays game `index` of `seed`: the opening `index` modulo their number, the random plies
/// from the game's own stream, so that the game is the same whichever thread plays it and
/// whatever ran before it. `jiangjun datagen` numbers its games the same way.
pub fn numbered<G: Arbitrated + EngineGame>(
    openings: &[Opening<G>],
    settings: &GameArgs,
    seed: u64,
    index: u64,
    tt: &Tt,
    prepare: &Prepare<'_, G>,
) -> Played<G> {
    let mut rng = random::stream(seed, index);
    let opening = &openings[(index % openings.len() as u64) as usize];
    record(opening, settings, &mut rng, tt, prepare)
}

/// Receives finished games, writes them and reports progress until every worker is done.
fn collect(
    config: &SelfplayArgs,
    rx: mpsc::Receiver<GameData>,
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

fn report(config: &SelfplayArgs, games: u64, positions: u64, elapsed: Duration) {
    let secs = elapsed.as_secs_f64().max(1e-9);
    let rate = games as f64 / secs;
    let eta = config
        .playing
        .eta(config.games.saturating_sub(games), games, elapsed);
    eprintln!(
        "selfplay: {games}/{} games, {positions} positions, {rate:.2} games/s, \
         {} elapsed, ETA {}",
        config.games,
        duration(secs),
        duration(eta)
    );
}

#[cfg(test)]
mod tests;
