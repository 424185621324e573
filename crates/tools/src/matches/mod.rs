//! `jiangjun match`: a tournament runner for Xiangqi engines (UCCI or UCI) and chess engines
//! (UCI), with the project's rules as the arbiter (`crate::arbiter`) and engines as processes
//! (`crate::process`). Worker threads (`--concurrency`) each own their engine
//! processes and play games from a shared queue; the main thread tallies results as they
//! arrive, prints progress, writes the PGN and stops early when an SPRT decides.

pub mod args;
pub mod report;
pub mod resume;
pub mod schedule;
pub mod stats;
pub mod summary;
mod terminal;
pub mod words;

use crate::arbiter::game::{GameRecord, Rules};
use crate::arbiter::openings::Opening;
use crate::arbiter::{Arbitrated, PgnInfo, pgn};
use crate::clock::TimeControl;
use crate::process::{Answer, EngineProcess, EngineSpec, Reply};
use args::{MatchSettings, MatchTask};
use jiangjun_engine::game::{Chess, Xiangqi};
use jiangjun_rules::GameKind;
use report::Tally;
use schedule::Pairing;
use stats::SprtVerdict;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// Entry point for `jiangjun match`.
pub fn run(args: args::MatchArgs, game: GameKind) -> ExitCode {
    let played = |cfg: &MatchSettings| match game {
        GameKind::Xiangqi => run_match::<Xiangqi>(cfg),
        GameKind::Chess => run_match::<Chess>(cfg),
    };
    match args.check(game) {
        Ok(MatchTask::ReadPgn(path)) => read_pgn(&path, game),
        Ok(MatchTask::Run(cfg)) => match played(&cfg) {
            Ok(Ended::Finished) => ExitCode::SUCCESS,
            Ok(Ended::NoResult(why)) => {
                eprintln!("jiangjun match: {why}");
                ExitCode::FAILURE
            }
            Ok(Ended::Interrupted) => ExitCode::from(crate::process::interrupt::EXIT_STATUS),
            Err(e) => {
                eprintln!("jiangjun match: {e}");
                ExitCode::FAILURE
            }
        },
        Err(e) => crate::args::usage_error(Some("match"), &e),
    }
}

/// Whether a game read from a PGN file is chess: it says so by a `White` tag (XiangQi Wizard
/// files name `Red`), or `--game chess` was given; `[Game "Chinese Chess"]` is Xiangqi always.
fn is_chess(g: &pgn::PgnGame, game: GameKind) -> bool {
    g.tag("Game") != Some("Chinese Chess") && (game == GameKind::Chess || g.tag("White").is_some())
}

/// `--read-pgn`: loads a PGN file and replays every game through the rules of its game.
fn read_pgn(path: &PathBuf, game: GameKind) -> ExitCode {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("jiangjun match: cannot read {}: {e}", path.display());
            return ExitCode::FAILURE;
        }
    };
    let games = match pgn::read(&text) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("jiangjun match: {}: {e}", path.display());
            return ExitCode::FAILURE;
        }
    };
    let mut bad = 0;
    let mut results = std::collections::BTreeMap::<String, usize>::new();
    for (i, g) in games.iter().enumerate() {
        let replayed = if is_chess(g, game) {
            Chess::replay_pgn(g)
        } else {
            Xiangqi::replay_pgn(g)
        };
        if let Err(e) = replayed {
            eprintln!("game {}: {e}", i + 1);
            bad += 1;
        }
        *results.entry(g.result.clone()).or_default() += 1;
    }
    let plies: usize = games.iter().map(|g| g.moves.len()).sum();
    let res: Vec<String> = results.iter().map(|(r, n)| format!("{r} {n}")).collect();
    println!(
        "{} games, {plies} moves, {} replayed legally; results: {}",
        games.len(),
        games.len() - bad,
        res.join(", ")
    );
    if bad == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

fn load_openings<G: Arbitrated>(cfg: &MatchSettings) -> Result<Vec<Opening<G>>, String> {
    let (text, shuffle) = match &cfg.openings {
        Some(p) => (
            std::fs::read_to_string(p).map_err(|e| format!("cannot read {}: {e}", p.display()))?,
            cfg.shuffle,
        ),
        None => (G::BUILTIN_OPENINGS.to_string(), true),
    };
    let mut list = crate::arbiter::openings::parse(&text).map_err(|e| format!("openings: {e}"))?;
    if shuffle {
        jiangjun_rules::random::shuffle(&mut list, cfg.seed);
    }
    Ok(list)
}

fn log_path(cfg: &MatchSettings, spec: &EngineSpec, worker: usize) -> Option<PathBuf> {
    cfg.log.as_ref().map(|d| {
        d.join(format!(
            "{}.{worker}.log",
            spec.name.replace(['/', '\\'], "_")
        ))
    })
}

/// Starts every engine once, so that a wrong command fails the match before it begins, and
/// asks each for a move from the first opening: an engine that numbers ranks otherwise than
/// it was told (Fairy-Stockfish under plain UCI counts them 1–10) would lose every game by
/// "illegal move", and the games would look like a result.
fn check_engines<G: Arbitrated>(
    cfg: &MatchSettings,
    specs: &[Arc<EngineSpec>],
    first: &G,
) -> Result<(), String> {
    for spec in specs {
        let mut e = EngineProcess::start(
            Arc::clone(spec),
            log_path(cfg, spec, 0).as_deref(),
            cfg.hang,
        )
        .map_err(|f| {
            format!(
                "engine '{}' does not start: {}",
                spec.name,
                f.at_start(spec, cfg.hang)
            )
        })?;
        let probe = rank_check(&mut e, spec, first, cfg.hang.min(PROBE_LIMIT));
        e.quit();
        probe.map_err(|why| format!("engine '{}' {why}", spec.name))?;
    }
    Ok(())
}

/// The longest the start-up probe waits for a depth-1 move.
const PROBE_LIMIT: Duration = Duration::from_secs(10);

/// Asks the engine for a depth-1 move from `start` (given as a FEN, which both numberings
/// read alike, with no moves after it): a move that is legal only with the other rank
/// numbering fails the match. Any other wrong answer is left to the games, which count it as a fault (and an
/// engine that never makes a legal move makes the match no result).
fn rank_check<G: Arbitrated>(
    e: &mut EngineProcess,
    spec: &EngineSpec,
    start: &G,
    limit: Duration,
) -> Result<(), String> {
    let position = format!("position fen {}", start.to_fen());
    let answer = e
        .new_game()
        .and_then(|_| e.think(&position, "go depth 1", limit));
    let Ok(Answer {
        reply: Reply::Move(text),
        ..
    }) = answer
    else {
        return Ok(());
    };
    let other = spec.other_rank_base();
    if start.engine_move(&text, spec.rank_base).is_err() && start.engine_move(&text, other).is_ok()
    {
        return Err(format!(
            "answered {text} from the first opening, {}",
            other_ranks_advice(other)
        ));
    }
    Ok(())
}

/// What to say of an engine whose move was legal only with ranks counted from `base`.
fn other_ranks_advice(base: u8) -> String {
    format!(
        "a move only with ranks counted from {base}: give it ranks={base} in its --engine \
         (Fairy-Stockfish under plain UCI counts ranks 1–10: ranks=1)"
    )
}

struct MatchState<G: Arbitrated> {
    cfg: MatchSettings,
    specs: Vec<Arc<EngineSpec>>,
    openings: Vec<Opening<G>>,
    jobs: Vec<Pairing>,
    rules: Rules,
}

/// Makes sure the engine is running and has been told a new game starts; `false` if it
/// had to be (re)started and could not be, or did not answer `isready`.
fn prepare<G: Arbitrated>(
    shared: &MatchState<G>,
    slot: &mut Option<EngineProcess>,
    id: usize,
    worker: usize,
) -> bool {
    if slot.is_none() {
        let spec = Arc::clone(&shared.specs[id]);
        let log = log_path(&shared.cfg, &spec, worker);
        match EngineProcess::start(spec, log.as_deref(), shared.cfg.hang) {
            Ok(e) => *slot = Some(e),
            Err(f) => {
                eprintln!(
                    "jiangjun match: engine '{}' failed to start: {}",
                    shared.specs[id].name,
                    f.at_start(&shared.specs[id], shared.cfg.hang)
                );
                return false;
            }
        }
    }
    match slot.as_mut().map(EngineProcess::new_game) {
        Some(Ok(())) => true,
        _ => {
            *slot = None;
            false
        }
    }
}

/// Plays the games the main thread hands out until it stops handing them out.
fn worker<G: Arbitrated>(
    shared: Arc<MatchState<G>>,
    id: usize,
    queue: Arc<Mutex<Receiver<usize>>>,
    results: Sender<(usize, GameRecord<G::Move>)>,
) {
    let mut engines: Vec<Option<EngineProcess>> = shared.specs.iter().map(|_| None).collect();
    loop {
        // Waiting while holding the lock is fine: the other idle workers would wait anyway.
        let next = match queue.lock() {
            Ok(rx) => rx.recv(),
            Err(_) => break,
        };
        let Some((k, job)) = next.ok().and_then(|k| shared.jobs.get(k).map(|j| (k, j))) else {
            break;
        };
        let mut red = engines[job.red].take();
        let mut black = engines[job.black].take();
        // An engine that could not be brought up loses this game by crash and is restarted
        // for the next one.
        let failed = [
            !prepare(&shared, &mut red, job.red, id),
            !prepare(&shared, &mut black, job.black, id),
        ];
        let mut rec = crate::arbiter::game::play(
            &shared.openings[job.opening],
            &shared.rules,
            [&mut red, &mut black],
        );
        for (side, f) in failed.iter().enumerate() {
            rec.killed[side] |= *f;
        }
        engines[job.red] = red;
        engines[job.black] = black;
        if results.send((k, rec)).is_err() {
            break;
        }
    }
    for e in engines.into_iter().flatten() {
        e.quit();
    }
}

/// Today's date as PGN writes it (`YYYY.MM.DD`, UTC), from the civil-from-days algorithm.
pub(crate) fn pgn_date() -> String {
    let days = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400) as i64;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}.{m:02}.{d:02}")
}

fn game_pgn<G: Arbitrated>(
    shared: &MatchState<G>,
    job: &Pairing,
    rec: &GameRecord<G::Move>,
    date: &str,
) -> String {
    let opening = &shared.openings[job.opening];
    let start = G::from_fen(&opening.fen).unwrap_or_else(|_| G::startpos());
    let result = match rec.winner {
        Some(jiangjun_rules::Side::Red) => "1-0",
        Some(jiangjun_rules::Side::Black) => "0-1",
        None => "1/2-1/2",
    };
    let mut comment = rec.termination.describe().to_string();
    if !rec.detail.is_empty() {
        comment += &format!(": {}", rec.detail);
    }
    // A minimal PGN has no comment at all (cutechess-cli's `min`).
    let notes: Vec<String> = if shared.cfg.pgn_min {
        comment.clear();
        Vec::new()
    } else {
        rec.notes.iter().map(|n| n.comment()).collect()
    };
    let info = PgnInfo {
        notes: &notes,
        date,
        round: job.number,
        names: [&shared.specs[job.red].name, &shared.specs[job.black].name],
        tcs: [job.red, job.black].map(|id| shared.specs[id].tc.as_ref().unwrap_or(&shared.cfg.tc)),
        termination: rec.termination,
        comment: &comment,
        result,
        notation: shared.cfg.pgn_notation,
    };
    let moves: Vec<_> = opening.moves.iter().chain(&rec.moves).copied().collect();
    G::write_pgn(&start, &moves, &info)
}

/// At a fixed depth or node count, a warning for the first game that replays an earlier one
/// (same engines, opening and colours), called with each job index as it is handed out.
fn copy_warning(cfg: &MatchSettings, jobs: &[Pairing]) -> Option<impl FnMut(usize)> {
    if !matches!(cfg.tc, TimeControl::Depth(_) | TimeControl::Nodes(_)) {
        return None;
    }
    let copies = schedule::copies(jobs);
    let total = copies.iter().flatten().count();
    let mut warned = false;
    Some(move |k: usize| {
        if let Some(Some(first)) = copies.get(k).filter(|_| !warned) {
            warned = true;
            log::warn!(
                "game {} replays game {first} (same engines, opening and colours at a fixed {}): \
                 a copy unless the engines are nondeterministic; {total} of the {} scheduled games \
                 repeat one. Give more openings (--openings scripts/openings/balanced-5000.txt)",
                k + 1,
                if matches!(cfg.tc, TimeControl::Depth(_)) {
                    "depth"
                } else {
                    "node count"
                },
                copies.len()
            );
        }
    })
}

/// How a match ended.
enum Ended {
    Finished,
    /// By Ctrl-C: the summary covers the games finished before it.
    Interrupted,
    /// Played, or stopped early, but measuring nothing: an engine never made a legal move, or
    /// one numbers its ranks otherwise than it was told. Why, for the user.
    NoResult(String),
}

fn run_match<G: Arbitrated>(cfg: &MatchSettings) -> Result<Ended, String> {
    let interrupt = crate::process::interrupt::Interrupt::install();
    let specs: Vec<Arc<EngineSpec>> = cfg.engines.iter().cloned().map(Arc::new).collect();
    let openings = load_openings::<G>(cfg)?;
    let pairings = schedule::pairings(cfg.format, specs.len());
    let jobs = schedule::jobs(&pairings, cfg.games, openings.len());
    if let Some(dir) = &cfg.log {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    let names: Vec<String> = cfg.engines.iter().map(|e| e.name.clone()).collect();
    // With --resume, the games an earlier run wrote count as played, and the file grows.
    let resumed = match &cfg.pgn {
        Some(p) if cfg.resume && p.exists() => {
            let text = std::fs::read_to_string(p)
                .map_err(|e| format!("cannot read {}: {e}", p.display()))?;
            resume::played(&text, &jobs, &names, &openings)
                .map_err(|e| format!("--resume {}: {e}", p.display()))?
        }
        _ => Vec::new(),
    };
    let mut pgn_file = match &cfg.pgn {
        Some(p) => Some(
            std::fs::OpenOptions::new()
                .write(true)
                .create(true)
                .append(cfg.resume)
                .truncate(!cfg.resume)
                .open(p)
                .map_err(|e| format!("cannot create {}: {e}", p.display()))?,
        ),
        None => None,
    };
    if let Some(first) = openings.first() {
        check_engines(cfg, &specs, &first.position())?;
    }
    let rules = Rules {
        tc: cfg.tc,
        margin: cfg.margin,
        hang: cfg.hang,
        max_plies: cfg.max_moves.saturating_mul(2),
        adjudication: cfg.adjudication,
    };
    let total = jobs.len();
    let mut played = vec![false; total];
    for (k, _) in &resumed {
        played[*k] = true;
    }
    let shared = Arc::new(MatchState {
        cfg: cfg.clone(),
        specs,
        openings,
        jobs,
        rules,
    });
    let mut tally = Tally::new(names, &pairings);
    for (k, rec) in &resumed {
        tally.record(&shared.jobs[*k], rec);
    }
    tally.resumed = resumed.len();
    // The jobs still to play, in schedule order.
    let mut pending: Vec<usize> = (0..total).filter(|&k| !played[k]).collect();
    if let Some(p) = cfg.pgn.as_ref().filter(|_| cfg.resume) {
        eprintln!(
            "resumed: {} games read from {}, {} to play",
            resumed.len(),
            p.display(),
            pending.len()
        );
    }
    if let Some(t) = cfg.sprt.as_ref()
        && tally.sprt_verdict(t) != SprtVerdict::Continue
    {
        eprintln!("the SPRT decided with the games read back; no game is played");
        pending.clear();
    }
    tally.time_controls = shared
        .specs
        .iter()
        .map(|s| s.tc.unwrap_or(cfg.tc).describe())
        .collect();
    let started = Instant::now();
    // The main thread hands out one game per finished game, so that nothing new starts once
    // an SPRT has decided (and a one-game-at-a-time match stops exactly there).
    let (job_tx, job_rx) = channel::<usize>();
    let job_rx = Arc::new(Mutex::new(job_rx));
    let (tx, rx) = channel();
    let mut handles = Vec::new();
    let workers = cfg.concurrency.min(pending.len());
    for w in 0..workers {
        let (s, q, tx) = (Arc::clone(&shared), Arc::clone(&job_rx), tx.clone());
        handles.push(thread::spawn(move || worker(s, w + 1, q, tx)));
    }
    drop(tx);
    let mut job_tx = Some(job_tx);
    let mut dispatched = 0;
    let mut copies = copy_warning(cfg, &shared.jobs);
    let mut dispatch = |job_tx: &mut Option<Sender<usize>>, n: usize| {
        for _ in 0..n {
            let Some(&k) = pending.get(dispatched) else {
                *job_tx = None;
                return;
            };
            if let Some(warn) = copies.as_mut() {
                warn(k);
            }
            let sent = job_tx.as_ref().is_some_and(|t| t.send(k).is_ok());
            if !sent {
                // Dropping the sender lets idle workers see the end of the queue.
                *job_tx = None;
                return;
            }
            dispatched += 1;
        }
    };
    dispatch(&mut job_tx, workers);
    let date = pgn_date();
    let tty = std::io::stderr().is_terminal();
    // The length of the progress line on screen, which the next one must cover.
    let mut shown = 0;
    let mut ended = Ended::Finished;
    loop {
        // Woken every 100 ms to see Ctrl-C; games take far longer.
        let (k, rec) = match rx.recv_timeout(Duration::from_millis(100)) {
            _ if interrupt.raised() => {
                eprintln!(
                    "{}interrupted after {} finished games; the games in progress are dropped",
                    if tty { "\n" } else { "" },
                    tally.games
                );
                ended = Ended::Interrupted;
                break;
            }
            Ok(result) => result,
            Err(RecvTimeoutError::Timeout) => continue,
            Err(RecvTimeoutError::Disconnected) => break,
        };
        let job = &shared.jobs[k];
        tally.record(job, &rec);
        if let (Some(base), Some(winner)) = (rec.other_ranks, rec.winner)
            && !matches!(ended, Ended::NoResult(_))
        {
            // Every game this engine plays would end the same way: stop handing out games.
            let loser = [job.red, job.black][winner.flip().index()];
            let why = format!(
                "engine '{}' played {}, illegal as written: {}. The match stops; its games \
                 are no result",
                shared.specs[loser].name,
                rec.detail,
                other_ranks_advice(base)
            );
            eprintln!("{}{why}", if tty && shown > 0 { "\n" } else { "" });
            shown = 0;
            ended = Ended::NoResult(why);
            job_tx = None;
        }
        if let Some(f) = pgn_file.as_mut() {
            f.write_all(game_pgn(&shared, job, &rec, &date).as_bytes())
                .map_err(|e| format!("writing PGN: {e}"))?;
        }
        if !cfg.quiet {
            // A line per game stays; on a terminal the running totals below it are redrawn.
            let game = tally.game_line(job, &rec, total, started.elapsed(), cfg.sprt.as_ref());
            if tty {
                eprintln!("{}", terminal::redraw(&game, shown));
                let line = tally.progress(total, cfg.sprt.as_ref());
                eprint!("{line}");
                shown = line.chars().count();
            } else {
                eprintln!("{game}");
            }
        }
        let decided = cfg
            .sprt
            .as_ref()
            .is_some_and(|t| tally.sprt_verdict(t) != SprtVerdict::Continue);
        if decided && job_tx.is_some() {
            job_tx = None;
            eprintln!(
                "{}SPRT decided after {} games; finishing the games in progress",
                if tty { "\n" } else { "" },
                tally.games
            );
        }
        dispatch(&mut job_tx, 1);
    }
    if tty && !cfg.quiet {
        eprintln!();
    }
    if let (Ended::Finished, Some(why)) = (&ended, tally.not_a_result()) {
        ended = Ended::NoResult(why);
    }
    if !matches!(ended, Ended::Interrupted) {
        for h in handles {
            // A worker that panicked has already lost its games; the tally stands.
            let _ = h.join();
        }
    }
    // (Interrupted: the workers are left in their games; their engines end with the process.)
    let secs = started.elapsed().as_secs_f64();
    print!("{}", tally.summary(cfg.sprt.as_ref(), secs));
    if let Some(p) = &cfg.json {
        let no_result = match &ended {
            Ended::NoResult(why) => Some(why.as_str()),
            _ => None,
        };
        std::fs::write(p, tally.json(cfg.sprt.as_ref(), secs, no_result))
            .map_err(|e| format!("writing {}: {e}", p.display()))?;
    }
    Ok(ended)
}
