//! `jiangjun book build` and `jiangjun book probe`: make a book from PGN games, and list what
//! a book holds for a position.

use super::build::{BuildSettings, build};
use crate::arbiter::pgn;
use crate::args::number_in;
use clap::{Args, Subcommand, ValueEnum};
use jiangjun_engine::book::{builtin, eleeye, own};
use jiangjun_rules::xiangqi::Position;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Opening books: build one from PGN games, or list a position's book moves.
#[derive(Args, Debug)]
#[command(
    after_help = "Examples:\n  jiangjun book build --pgn games.pgn --out book.jjbook --min-games 4 --plies 20\n  jiangjun book build --pgn games.pgn --out BOOK.DAT --format eleeye   for ElephantEye\n  jiangjun book probe --book book.jjbook --fen startpos\n  jiangjun book probe                                  the shipped book's moves from the start"
)]
pub struct BookArgs {
    #[command(subcommand)]
    pub action: BookAction,
}

#[derive(Subcommand, Debug)]
pub enum BookAction {
    Build(BuildArgs),
    Probe(ProbeArgs),
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum OutFormat {
    /// jiangjun's own format: 64-bit keys, game counts, a checked header.
    Jiangjun,
    /// ElephantEye's BOOK.DAT, for ElephantEye and XiangQi Wizard.
    Eleeye,
}

/// Build a book from PGN games (XiangQi Wizard's PGN, as `jiangjun match` writes it).
///
/// A move's weight is the points it scored for the side that played it, in half points (win
/// 2, draw 1, loss 0); moves played in fewer than --min-games games or that never scored are
/// left out. Games without a result are skipped.
#[derive(Args, Debug)]
#[command(args_override_self = true)]
pub struct BuildArgs {
    /// PGN files to read.
    #[arg(long, num_args = 1.., required = true)]
    pgn: Vec<PathBuf>,
    /// The book file to write.
    #[arg(long)]
    out: PathBuf,
    /// Leave out moves played in fewer games.
    #[arg(long, default_value_t = 2, value_parser = number_in(1u32, 1_000_000))]
    min_games: u32,
    /// Read this many plies of each game.
    #[arg(long, default_value_t = 30, value_parser = number_in(1usize, 1000))]
    plies: usize,
    /// The file's format.
    #[arg(long, value_enum, default_value_t = OutFormat::Jiangjun)]
    format: OutFormat,
    /// Store every position as played, not one of it and its mirror image (jiangjun format).
    #[arg(long)]
    no_mirror: bool,
}

/// List a position's book moves with their weights.
#[derive(Args, Debug)]
#[command(args_override_self = true)]
pub struct ProbeArgs {
    /// The book file (either format), or `<builtin>` for the book shipped inside jiangjun.
    #[arg(long, default_value = "<builtin>")]
    book: PathBuf,
    #[command(flatten)]
    fen: crate::args::FenArg,
}

pub fn run(a: &BookArgs) -> ExitCode {
    match &a.action {
        BookAction::Build(b) => crate::args::finish("book build", build_book(b)),
        BookAction::Probe(p) => crate::args::finish("book probe", probe(p)),
    }
}

fn build_book(a: &BuildArgs) -> Result<(), String> {
    if a.format == OutFormat::Eleeye && a.no_mirror {
        return Err("--no-mirror: a BOOK.DAT always keeps one of a position and its mirror".into());
    }
    let mut games = Vec::new();
    for path in &a.pgn {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let read = pgn::read(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        games.extend(read);
    }
    let settings = BuildSettings {
        min_games: a.min_games,
        plies: a.plies,
        mirror: !a.no_mirror,
    };
    let built = build(&games, settings);
    for s in &built.skipped {
        log::warn!("{s}");
    }
    let bytes = match a.format {
        OutFormat::Jiangjun => own::write(&built.entries, settings.mirror),
        OutFormat::Eleeye => eleeye::write(&built.entries),
    };
    write_file(&a.out, &bytes)?;
    println!(
        "{} games read ({} skipped or cut short), {} book moves written to {}",
        built.games,
        built.skipped.len(),
        built.entries.len(),
        a.out.display()
    );
    Ok(())
}

fn write_file(path: &Path, bytes: &[u8]) -> Result<(), String> {
    std::fs::write(path, bytes).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

fn probe(a: &ProbeArgs) -> Result<(), String> {
    let pos: Position =
        crate::args::position_from(a.fen.text().as_deref()).map_err(|e| format!("--fen: {e}"))?;
    let book = builtin::load(&a.book.to_string_lossy())
        .map_err(|e| format!("{}: {e}", a.book.display()))?;
    println!(
        "{}: {}, {} moves",
        a.book.display(),
        book.format(),
        book.len()
    );
    let found = book.probe(&pos);
    if found.is_empty() {
        println!("no book moves for {}", pos.to_fen());
        return Ok(());
    }
    let total: u32 = found.iter().map(|c| u32::from(c.weight)).sum();
    for c in &found {
        let share = if total == 0 {
            0.0
        } else {
            100.0 * f64::from(c.weight) / f64::from(total)
        };
        let games = c.games.map_or(String::new(), |g| format!("  games {g}"));
        println!("{}  weight {}  {share:.1}%{games}", c.mv, c.weight);
    }
    Ok(())
}
