//! The command line of `jiangjun` (clap derive): `jiangjun [--game xiangqi|chess]
//! [SUBCOMMAND]`. Each tool's arguments are a struct next to the tool in `jiangjun_tools`
//! (`judge::JudgeArgs`, `matches::args::MatchArgs`, …); this module puts them under one
//! command, runs the one asked for, and turns every command-line mistake into one line on
//! stderr and exit code 2. `main` does not come here when there are no arguments at all: the
//! engine then starts without building the parser. Nothing imports this module: it is the
//! top floor.

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use jiangjun_engine::game::{Chess, Xiangqi};
use jiangjun_rules::GameKind;
use jiangjun_tools::args::{game_kind, one_line, usage_error};
use jiangjun_tools::{
    bench, book, datagen, distill, judge, matches, openings, perft, play, selfplay, train, tune,
};
use std::ffi::OsString;
use std::process::ExitCode;

/// jiangjun, a Xiangqi engine that plays chess too. With no subcommand it is the engine: UCCI
/// or UCI on stdin/stdout, whichever the first command names (`--game chess`: chess over UCI).
#[derive(Parser, Debug)]
#[command(name = "jiangjun", version)]
pub struct Cli {
    /// The game: xiangqi, or chess (for the engine, which then speaks UCI, and the tools that
    /// play both).
    #[arg(long, value_parser = game_kind(), default_value = "xiangqi")]
    pub game: GameKind,
    #[command(subcommand)]
    pub tool: Option<Tool>,
}

#[derive(Subcommand, Debug)]
pub enum Tool {
    Perft(perft::PerftArgs),
    Bench(bench::BenchArgs),
    Judge(judge::JudgeArgs),
    Match(Box<matches::args::MatchArgs>),
    Openings(openings::OpeningsArgs),
    Selfplay(selfplay::SelfplayArgs),
    Datagen(datagen::DatagenArgs),
    Distill(distill::DistillArgs),
    Tune(tune::TuneArgs),
    Train(train::TrainArgs),
    Play(play::PlayArgs),
    Book(book::tool::BookArgs),
    /// Print a completion script for a shell, e.g. `jiangjun completions bash >
    /// /etc/bash_completion.d/jiangjun`.
    Completions {
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
}

/// The tools that play both games, and so take `--game` after their name too
/// (`jiangjun perft 1 --game chess`, as `jiangjun --game chess perft 1`). The others (openings,
/// distill, train, book) know Xiangqi only: their help does not offer `--game`, and
/// `jiangjun --game chess train …` is refused.
const PLAYS_CHESS: [&str; 8] = [
    "perft", "bench", "judge", "match", "play", "selfplay", "datagen", "tune",
];

/// The parser: `Cli`'s, with `--game` added to each tool that plays both games.
fn parser() -> clap::Command {
    let mut command = Cli::command();
    for name in PLAYS_CHESS {
        command = command.mut_subcommand(name, |sub| {
            sub.arg(
                clap::Arg::new("game")
                    .long("game")
                    .value_name("GAME")
                    .value_parser(game_kind())
                    .help("The game: xiangqi or chess (default: xiangqi; also `jiangjun --game GAME TOOL …`)"),
            )
        });
    }
    command
}

/// Parses `args` (program name first) and runs what they ask for.
pub fn run(args: Vec<OsString>) -> ExitCode {
    let parsed = command(args.iter().any(|a| a == "--version"))
        .try_get_matches_from(&args)
        .and_then(|m| Ok((Cli::from_arg_matches(&m)?, tool_game(&m))));
    let (mut cli, tool_game) = match parsed {
        Ok(parsed) => parsed,
        Err(e) if !e.use_stderr() => {
            // --help, --version: not a mistake.
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) => return usage_error(subcommand_named(&args).as_deref(), &one_line(&e)),
    };
    if let Some(game) = tool_game {
        cli.game = game;
    }
    if cli.game == GameKind::Chess
        && let Some(tool) = subcommand_named(&args)
        && !PLAYS_CHESS.contains(&tool.as_str())
        && tool != "completions"
    {
        return usage_error(Some(&tool), "--game chess: this tool knows Xiangqi only");
    }
    match cli.tool {
        None => {
            match cli.game {
                GameKind::Xiangqi => jiangjun_engine::protocol::run::<Xiangqi>(),
                GameKind::Chess => jiangjun_engine::protocol::run::<Chess>(),
            }
            ExitCode::SUCCESS
        }
        Some(Tool::Perft(a)) => match cli.game {
            GameKind::Xiangqi => perft::perft::<jiangjun_rules::xiangqi::Position>(&a),
            GameKind::Chess => perft::perft::<jiangjun_rules::chess::Position>(&a),
        },
        Some(Tool::Bench(a)) => match cli.game {
            GameKind::Xiangqi => bench::bench::<Xiangqi>(&a),
            GameKind::Chess => bench::bench::<Chess>(&a),
        },
        Some(Tool::Judge(a)) => judge::run(&a, cli.game),
        Some(Tool::Match(a)) => matches::run(*a, cli.game),
        Some(Tool::Openings(s)) => openings::run(&s),
        Some(Tool::Selfplay(c)) => selfplay::run(&c, cli.game),
        Some(Tool::Datagen(c)) => datagen::run(&c, cli.game),
        Some(Tool::Tune(c)) => tune::run(&c, cli.game),
        Some(Tool::Distill(c)) => distill::run(&c),
        Some(Tool::Train(c)) => train::run(&c),
        Some(Tool::Play(a)) => play::run(&a, cli.game),
        Some(Tool::Book(b)) => book::tool::run(&b),
        Some(Tool::Completions { shell }) => {
            clap_complete::generate(shell, &mut parser(), "jiangjun", &mut std::io::stdout());
            ExitCode::SUCCESS
        }
    }
}

/// The command with this build's versions: `-V` the version and commit, `--version` (when
/// `long` asks for it: it reads the built-in net) also the target, whether the net's kernels
/// run with AVX2 here, and the built-in net.
fn command(long: bool) -> clap::Command {
    // clap keeps these for the program's life; the program builds them once.
    let short: &'static str = Box::leak(jiangjun_engine::build_info::version().into_boxed_str());
    let command = parser().version(short);
    if !long {
        return command;
    }
    let text = jiangjun_engine::build_info::describe();
    let text: &'static str = Box::leak(text.trim_start_matches("jiangjun ").into());
    command.long_version(text)
}

/// The `--game` given after a tool's name, if any.
fn tool_game(matches: &clap::ArgMatches) -> Option<GameKind> {
    let (_, sub) = matches.subcommand()?;
    sub.try_get_one::<GameKind>("game").ok().flatten().copied()
}

/// The subcommand among `args`, to name it in an error.
fn subcommand_named(args: &[OsString]) -> Option<String> {
    let command = Cli::command();
    args.iter()
        .skip(1)
        .filter_map(|a| a.to_str())
        .find(|a| command.find_subcommand(a).is_some())
        .map(String::from)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_is_well_formed() {
        // clap's own checks: no two flags of one name, groups and defaults that exist, …
        Cli::command().debug_assert();
        parser().debug_assert();
    }

    #[test]
    fn every_default_parses_as_its_field() {
        // A default in a typed field is read back through the field's parser: a type that does
        // not match its parser would panic here rather than in a user's hands.
        for line in [
            "jiangjun bench",
            "jiangjun perft 1",
            "jiangjun --game chess perft 1",
            "jiangjun --game chess bench",
            "jiangjun --game chess",
            "jiangjun openings --count 1",
            "jiangjun selfplay --games 1 --out x",
            "jiangjun datagen --dir d --shards 1 --games-per-shard 1",
            "jiangjun datagen --dump x.jjd",
            "jiangjun tune --data x",
            "jiangjun book build --pgn x --out y",
            "jiangjun book probe --book x",
            "jiangjun match --engine name=a cmd=x --engine name=b cmd=y --depth 1",
        ] {
            assert!(Cli::try_parse_from(line.split(' ')).is_ok(), "{line}");
        }
    }
}
