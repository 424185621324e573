//! `jiangjun distill`: positions labelled by an evaluation (the teacher), for training a net
//! that stands in for it. A net that stands alone needs far more positions than two cores
//! can search at thousands of nodes each; a static evaluation labels a position in
//! microseconds. So the positions of datagen's games, and positions a few random moves off
//! them (the kind a search visits and evaluates), are written with the teacher's evaluation
//! as their score: a net fitted to them evaluates as the teacher does, at the cost of the net
//! alone (`docs/engine/nnue.md`, "A net that stands alone").
//!
//! Only positions the evaluation is asked about in a search are kept: not in check (the
//! search extends instead) and quiet for the side to move (no capture that wins material by
//! static exchange, which quiescence would play instead of standing pat).
//!
//! Output: `FEN | result | score` lines (selfplay's format, read by `train`), result the
//! game's from Red's view, score the teacher's evaluation in centipawns from Red's view.
//! File `i` of the input draws from random stream `i` of `--seed`, and lines are written in
//! input order, so a run is reproducible whatever `--threads`.

use crate::args::{self, EvalArgs, number_in};
use crate::datagen::{self, DataGame};
use jiangjun_engine::evaluation::Evaluation;
use jiangjun_engine::game::{EngineGame, Xiangqi};
use jiangjun_engine::search::{MATE_BOUND, Memory, fixed_depth_with};
use jiangjun_engine::tt::Tt;
use jiangjun_rules::random::{self, Generator, RngExt};
use jiangjun_rules::{Game, GenKind, MoveList, Side};
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

/// Label positions with an evaluation, for training a net that stands in for it.
///
/// Reads datagen's games; writes each game position and `--walks` positions a few random
/// moves off it, when quiet, as `FEN | result | score` lines for `jiangjun train`, the score
/// being the teacher's (`--eval-file`, `--eval-blend`) static evaluation.
#[derive(clap::Parser, Clone, Debug, PartialEq)]
#[command(
    after_help = "Examples:\n  jiangjun distill --data data/dg --out data/distill.txt    the engine's own evaluation as teacher\n  jiangjun distill --data data/dg --out d.txt --walks 16 --plies 6 --seed 2 --eval-file net.nnue --eval-blend 50",
    allow_negative_numbers = true,
    args_override_self = true
)]
pub struct DistillArgs {
    /// Datagen files or directories of them, comma-separated.
    #[arg(long, value_name = "FILES", required = true, value_delimiter = ',')]
    data: Vec<String>,
    /// Where the lines go (overwritten).
    #[arg(long, value_name = "FILE")]
    out: String,
    /// Random walks from each game position (0 to 1000); each ends in a position that is
    /// written if quiet.
    #[arg(long, value_name = "N", default_value_t = 8, value_parser = number_in(0u32, 1000))]
    walks: u32,
    /// The longest walk, in plies (1 to 20); each walk's length is drawn from 1 to this.
    #[arg(long, value_name = "K", default_value_t = 4, value_parser = number_in(1u32, 20))]
    plies: u32,
    #[command(flatten)]
    eval: EvalArgs,
    /// Label with the teacher's search to this depth (1 to 20) instead of its static
    /// evaluation (0): labels that see a few moves ahead, for a net meant to evaluate better
    /// than its teacher node for node. Positions scored as a mate are left out.
    #[arg(long, value_name = "D", default_value_t = 0, value_parser = number_in(0u32, 20))]
    depth: u32,
    /// Seed of the walks.
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// Threads (1 to 256; default: one per core).
    #[arg(long, value_name = "T", default_value_t = args::cores(), value_parser = number_in(1usize, 256))]
    threads: usize,
}

pub fn run(config: &DistillArgs) -> ExitCode {
    args::finish("distill", distill(config))
}

/// What one input file gave.
#[derive(Default)]
struct Labelled {
    lines: String,
    game_positions: u64,
    written: u64,
}

fn distill(config: &DistillArgs) -> Result<(), String> {
    let teacher = config.eval.evaluation::<Xiangqi>()?;
    let paths: Vec<PathBuf> = config.data.iter().map(Into::into).collect();
    let files = datagen::data_files(&paths)?;
    if files.is_empty() {
        return Err("--data: no datagen files there".to_string());
    }
    let out_file =
        std::fs::File::create(&config.out).map_err(|e| format!("creating {}: {e}", config.out))?;
    let mut out = BufWriter::new(out_file);
    let started = Instant::now();
    let (mut positions, mut written) = (0u64, 0u64);
    let how = match config.depth {
        0 => "static evaluation".to_string(),
        d => format!("search to depth {d}"),
    };
    eprintln!(
        "distill: {} files, teacher {teacher} ({how}), {} walks of 1 to {} plies a position",
        files.len(),
        config.walks,
        config.plies
    );
    // Files go to the threads a batch at a time, so that memory holds one batch's lines.
    let indexed: Vec<(usize, &PathBuf)> = files.iter().enumerate().collect();
    for batch in indexed.chunks(config.threads.max(1)) {
        let results: Vec<Result<Labelled, String>> = std::thread::scope(|scope| {
            let handles: Vec<_> = batch
                .iter()
                .map(|&(i, path)| {
                    let teacher = &teacher;
                    scope.spawn(move || label_file(path, i as u64, config, teacher))
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
                .collect()
        });
        for r in results {
            let l = r?;
            out.write_all(l.lines.as_bytes())
                .map_err(|e| format!("writing {}: {e}", config.out))?;
            positions += l.game_positions;
            written += l.written;
        }
        eprintln!(
            "distill: {} of {} files, {positions} game positions, {written} lines, {:.0} s",
            batch.last().map_or(0, |&(i, _)| i + 1),
            files.len(),
            started.elapsed().as_secs_f64()
        );
    }
    out.flush()
        .map_err(|e| format!("writing {}: {e}", config.out))?;
    Ok(())
}

/// The lines of one datagen file, its walks drawn from stream `index` of the seed.
fn label_file(
    path: &PathBuf,
    index: u64,
    config: &DistillArgs,
    teacher: &Evaluation,
) -> Result<Labelled, String> {
    let name = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|e| format!("reading {name}: {e}"))?;
    let mut rng = random::stream(config.seed, index);
    let mut done = Labelled::default();
    // One table per file, kept from one label's search to the next (walks from the same game
    // position share much of their trees): a file is labelled in order on one thread, so its
    // labels do not depend on `--threads`.
    let search = (config.depth > 0).then(|| LabelSearch {
        depth: config.depth,
        tt: Tt::new(LABEL_TT_MB),
        memory: Memory::unaged(),
    });
    let teacher = Teacher {
        eval: teacher,
        search: search.as_ref(),
    };
    datagen::read_kept::<Xiangqi>(&bytes, |pos, result, _score| {
        done.game_positions += 1;
        let root = Xiangqi::from((**pos).clone());
        let mut write = |p: &Xiangqi| {
            if let Some(score) = label(p, &teacher) {
                done.lines
                    .push_str(&format!("{} | {result:.1} | {score}\n", p.to_fen()));
                done.written += 1;
            }
        };
        write(&root);
        for _ in 0..config.walks {
            let mut p = root.clone();
            if walk(&mut p, &mut rng, config.plies) {
                write(&p);
            }
        }
    })
    .map_err(|e| format!("{name}: {e}"))?;
    Ok(done)
}

/// Plays 1 to `longest` random legal moves from `pos`; false where a position on the way has
/// no move (the game is over there).
fn walk<G: Game>(pos: &mut G, rng: &mut Generator, longest: u32) -> bool {
    let mut list = MoveList::new(G::NULL_MOVE);
    for _ in 0..rng.random_range(1..=longest) {
        list.clear();
        pos.generate(GenKind::All, &mut list);
        if list.is_empty() {
            return false;
        }
        let mv = list.as_slice()[rng.random_range(0..list.len())];
        pos.make(mv);
    }
    true
}

/// The table of a file's label searches: small, since each search is a few hundred nodes.
const LABEL_TT_MB: usize = 4;

/// The search that labels a file's positions (`--depth`): its table and histories are the
/// file's, carried from one label to the next.
struct LabelSearch<G: EngineGame> {
    depth: u32,
    tt: Tt,
    memory: Memory<G>,
}

/// How a position is labelled: the evaluation, searched or (no search) static.
struct Teacher<'a, G: EngineGame> {
    eval: &'a Evaluation,
    search: Option<&'a LabelSearch<G>>,
}

/// The teacher's score of `pos` in centipawns from Red's view, or `None` where the search
/// would not ask for it (in check, no move, or a capture that wins material) or where the
/// teacher's search finds a mate (no evaluation to learn there).
fn label<G: DataGame>(pos: &G, teacher: &Teacher<G>) -> Option<i32> {
    if pos.in_check() {
        return None;
    }
    let mut fresh = G::from_fen(&pos.to_fen()).ok()?;
    let mut list = MoveList::new(G::NULL_MOVE);
    fresh.generate(GenKind::All, &mut list);
    if list.is_empty() {
        return None;
    }
    let captures: Vec<G::Move> = list.iter().filter(|&m| fresh.is_capture(m)).collect();
    if captures.into_iter().any(|m| fresh.see(m) > 0) {
        return None;
    }
    fresh.set_evaluation(teacher.eval);
    let v = match teacher.search {
        Some(s) => {
            let score = fixed_depth_with(&s.tt, &s.memory, fresh.clone(), s.depth).score;
            if score.abs() >= MATE_BOUND {
                return None;
            }
            score
        }
        _ => fresh.evaluate(),
    };
    Some(match fresh.side_to_move() {
        Side::Red => v,
        Side::Black => -v,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use jiangjun_engine::search::{MATE, fixed_depth};

    #[test]
    fn labels_are_quiet_positions_scored_from_reds_view() {
        let eval = Evaluation::load("<builtin>", 50).expect("the shipped net");
        let teacher = Teacher {
            eval: &eval,
            search: None,
        };
        // Red to move with a free capture: not asked about (quiescence takes the piece).
        let hanging = Xiangqi::from_fen(
            "1nbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/rC5C1/9/RNBAKABNR w - - 0 1",
        )
        .expect("a legal FEN");
        assert_eq!(label(&hanging, &teacher), None);
        // The start: quiet; Black to move sees the mirror image's score with its sign.
        let start = Xiangqi::startpos();
        let red = label(&start, &teacher).expect("quiet");
        let mut blacks_turn = start.clone();
        blacks_turn.make_null();
        let black = label(&blacks_turn, &teacher).expect("quiet");
        let mut own = Xiangqi::startpos();
        own.set_evaluation(&eval);
        assert_eq!(red, own.evaluate());
        assert_eq!(
            black, -red,
            "the start is symmetric: the side to move's edge flips"
        );
    }

    #[test]
    fn search_labels_are_the_teachers_search_from_reds_view_and_skip_mates() {
        let eval = Evaluation::load("<builtin>", 100).expect("the shipped net");
        let searched = |fen: &str| {
            let search = LabelSearch {
                depth: 3,
                tt: Tt::new(1),
                memory: Memory::unaged(),
            };
            let teacher = Teacher {
                eval: &eval,
                search: Some(&search),
            };
            let pos = Xiangqi::from_fen(fen).expect("a legal FEN");
            label(&pos, &teacher)
        };
        let direct = |fen: &str| {
            let mut pos = Xiangqi::from_fen(fen).expect("a legal FEN");
            pos.set_evaluation(&eval);
            fixed_depth(&Tt::new(1), pos, 3).score
        };
        // Black to move, quiet: the search's score with its sign turned to Red's view, and not
        // the static evaluation.
        let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1";
        let label = searched(fen).expect("quiet");
        assert_eq!(label, -direct(fen));
        let mut pos = Xiangqi::from_fen(fen).expect("a legal FEN");
        pos.set_evaluation(&eval);
        assert_ne!(
            label,
            -pos.evaluate(),
            "a search of three plies sees the threat"
        );
        // Red mates in one (the rook to the back rank): a mate is no evaluation to learn.
        let mate = "3k5/9/9/9/9/9/9/9/R8/4K4 w - - 0 1";
        assert_eq!(direct(mate), MATE - 1);
        assert_eq!(searched(mate), None);
    }

    #[test]
    fn walks_are_seeded() {
        let run = |seed| {
            let mut rng = random::seeded(seed);
            (0..20)
                .map(|_| {
                    let mut p = Xiangqi::startpos();
                    walk(&mut p, &mut rng, 4);
                    p.to_fen()
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(run(3), run(3));
        assert_ne!(run(3), run(4));
    }
}
