//! The playing side of `jiangjun datagen`: prepares every shard (resuming what is there),
//! then `--threads` workers (selfplay's `Playing::play_all`) claim the missing games one at a
//! time from a shared counter, in game order across the shards, and one collector writes each
//! shard's records in game order as they finish (holding back a game that overtook an earlier
//! one), reporting progress and rate on stderr.

use super::DatagenArgs;
use super::format::Header;
use super::games::{self, DataGame};
use super::shard;
use crate::progress::duration;
use crate::selfplay::{Played, Prepare};
use std::collections::{BTreeMap, HashMap};
use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// How often progress is reported on stderr.
const PROGRESS_EVERY: Duration = Duration::from_secs(5);

/// A shard with games still to play: games `next..end` of the stream.
struct Pending {
    path: PathBuf,
    next: u64,
    end: u64,
    /// Claims before this shard's first one (the counter runs over all pending games).
    before: u64,
}

/// The games this run plays, in order.
struct Plan {
    pending: Vec<Pending>,
    total: u64,
}

impl Plan {
    /// Claim number `claim` as (pending shard, game number), `None` past the last game.
    fn game(&self, claim: u64) -> Option<(usize, u64)> {
        if claim >= self.total {
            return None;
        }
        let k = self
            .pending
            .partition_point(|p| p.before + (p.end - p.next) <= claim);
        let p = self.pending.get(k)?;
        Some((k, p.next + (claim - p.before)))
    }
}

/// A finished game on its way to the collector.
struct Done {
    /// The pending shard and the game's number.
    shard: (usize, u64),
    plies: u64,
    record: Result<Vec<u8>, String>,
}

/// Plays what the shards in `config.dir` lack.
/// `eval` plays (`prepare` puts it on each game's position); `net` is what the shards' headers
/// say of it.
pub fn run<G: DataGame>(
    config: &DatagenArgs,
    prepare: &Prepare<'_, G>,
    net: Option<(u32, u8)>,
) -> Result<(), String> {
    let (Some(dir), Some(shards), Some(per_shard)) =
        (&config.dir, config.shards, config.games_per_shard)
    else {
        return Err("--dir, --shards and --games-per-shard are needed to play".into());
    };
    std::fs::create_dir_all(dir).map_err(|e| format!("creating {}: {e}", dir.display()))?;
    let plan = plan::<G>(config, net, dir, shards, per_shard)?;
    // The caller's value is the pending shard and the game's number.
    let claim = |n| plan.game(n).map(|(k, game)| ((k, game), game));
    let make = |shard, played: Played<G>| finished(shard, &played);
    config.playing.play_all(prepare, claim, make, |rx, start| {
        collect(config, &plan, rx, start)
    })?
}

/// The header every shard of this run has, shard `index`'s.
fn header<G: DataGame>(
    config: &DatagenArgs,
    net: Option<(u32, u8)>,
    per_shard: u32,
    index: u64,
) -> Header {
    let (lo, hi) = config.playing.settings.random_plies;
    // `--random-plies` allows 0 to 40, which a byte holds.
    let byte = |n: u32| u8::try_from(n).unwrap_or(u8::MAX);
    Header {
        game: G::KIND,
        random_plies: (byte(lo), byte(hi)),
        games: per_shard,
        nodes: config.playing.settings.nodes,
        seed: config.playing.seed,
        first_game: index * u64::from(per_shard),
        net,
    }
}

/// Checks, resumes or creates every shard, and lists the games still to play.
fn plan<G: DataGame>(
    config: &DatagenArgs,
    net: Option<(u32, u8)>,
    dir: &Path,
    shards: u64,
    per_shard: u32,
) -> Result<Plan, String> {
    let mut pending = Vec::new();
    let (mut total, mut complete, mut written) = (0u64, 0u64, 0u64);
    for index in 0..shards {
        let header = header::<G>(config, net, per_shard, index);
        let path = dir.join(shard::file_name(&header, index));
        let found = shard::prepare(&path, &header)?;
        written += u64::from(found.done);
        if found.done == per_shard {
            complete += 1;
            continue;
        }
        let next = header.first_game + u64::from(found.done);
        let end = header.first_game + u64::from(per_shard);
        pending.push(Pending {
            path,
            next,
            end,
            before: total,
        });
        total += end - next;
    }
    eprintln!(
        "datagen: {shards} shards in {}: {complete} complete, {written} games written before, \
         {total} to play",
        dir.display()
    );
    Ok(Plan { pending, total })
}

/// A game played for `shard` (pending shard, game number), as its record.
fn finished<G: DataGame>(shard: (usize, u64), played: &Played<G>) -> Done {
    let mut record = Vec::new();
    let record = games::encode(played, &mut record)
        .map(|()| record)
        .map_err(|e| format!("a game of {}: {e}", played.start.to_fen()));
    Done {
        shard,
        plies: played.plies.len() as u64,
        record,
    }
}

/// A shard being written: its file, the next game it takes, and games that came early.
struct Writing {
    file: File,
    next: u64,
    early: BTreeMap<u64, Vec<u8>>,
}

/// What the collector has seen, for the progress lines.
struct Progress {
    start: Instant,
    games: u64,
    plies: u64,
    bytes: u64,
}

/// Writes the finished games in order until every worker is done; returns at the first
/// failure (dropping `rx`, which stops the workers).
fn collect(
    config: &DatagenArgs,
    plan: &Plan,
    rx: mpsc::Receiver<Done>,
    start: Instant,
) -> Result<(), String> {
    let mut open: HashMap<usize, Writing> = HashMap::new();
    let mut seen = Progress {
        start,
        games: 0,
        plies: 0,
        bytes: 0,
    };
    let mut last_report = Instant::now();
    loop {
        match rx.recv_timeout(Duration::from_millis(500)) {
            Ok(done) => {
                let record = done.record?;
                seen.games += 1;
                seen.plies += done.plies;
                seen.bytes += record.len() as u64;
                file(plan, &mut open, done.shard, record)?;
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {}
            Err(mpsc::RecvTimeoutError::Disconnected) => break,
        }
        if last_report.elapsed() >= PROGRESS_EVERY {
            last_report = Instant::now();
            report(config, plan, &seen);
        }
    }
    report(config, plan, &seen);
    eprintln!(
        "datagen: done, {} games, {} plies, {} bytes ({:.2} bytes a ply) in {:.0} s",
        seen.games,
        seen.plies,
        seen.bytes,
        seen.bytes as f64 / seen.plies.max(1) as f64,
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

/// Hands one finished game to its shard, which writes it and any early games it unblocks,
/// and closes when full.
fn file(
    plan: &Plan,
    open: &mut HashMap<usize, Writing>,
    (shard, game): (usize, u64),
    record: Vec<u8>,
) -> Result<(), String> {
    let pending = &plan.pending[shard];
    let writing = match open.entry(shard) {
        std::collections::hash_map::Entry::Occupied(e) => e.into_mut(),
        std::collections::hash_map::Entry::Vacant(e) => e.insert(Writing {
            file: shard::append(&pending.path)?,
            next: pending.next,
            early: BTreeMap::new(),
        }),
    };
    writing.early.insert(game, record);
    while let Some(record) = writing.early.remove(&writing.next) {
        shard::write_record(&mut writing.file, &record, &pending.path)?;
        writing.next += 1;
    }
    if writing.next == pending.end {
        open.remove(&shard);
    }
    Ok(())
}

fn report(config: &DatagenArgs, plan: &Plan, seen: &Progress) {
    let elapsed = seen.start.elapsed();
    let secs = elapsed.as_secs_f64().max(1e-9);
    let rate = seen.games as f64 / secs;
    let left = plan.total.saturating_sub(seen.games);
    let eta = config.playing.eta(left, seen.games, elapsed);
    eprintln!(
        "datagen: {}/{} games, {} positions (plies), {rate:.2} games/s, {:.0} positions/s, \
         {} elapsed, ETA {}",
        seen.games,
        plan.total,
        seen.plies,
        seen.plies as f64 / secs,
        duration(secs),
        duration(eta)
    );
}
