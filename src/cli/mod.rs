//! The command line of `jiangjun` (clap derive): `jiangjun [--game xiangqi|chess]
//! [SUBCOMMAND]`. Each tool's arguments are a struct next to the tool (`judge::JudgeArgs`,
//! `matches::args::MatchArgs`, …); this module puts them under one command, runs the one asked
//! for, and turns every command-line mistake into one line on stderr and exit code 2.
//! `main` does not come here when there are no arguments at all: the engine then starts
//! without building the parser.

mod tools;
pub mod values;

use clap::{CommandFactory, Parser, Subcommand, ValueEnum};
use std::ffi::OsString;
use std::process::ExitCode;

/// jiangjun, a Xiangqi engine that plays chess too. With no subcommand it is the engine: UCCI
/// or UCI on stdin/stdout, whichever the first command names (`--game chess`: chess over UCI).
#[derive(Parser, Debug)]
#[command(name = "jiangjun", version)]
pub struct Cli {
    /// The game: xiangqi, or chess (for the engine, which then speaks UCI, and every tool).
    #[arg(long, value_enum, default_value_t = GameKind::Xiangqi, global = true)]
    pub game: GameKind,
    #[command(subcommand)]
    pub tool: Option<Tool>,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum GameKind {
    Xiangqi,
    Chess,
}

#[derive(Subcommand, Debug)]
pub enum Tool {
    Perft(tools::PerftArgs),
    Bench(tools::BenchArgs),
    Judge(crate::judge::JudgeArgs),
    Match(Box<crate::matches::args::MatchArgs>),
    Openings(crate::matches::balanced::Settings),
    Selfplay(crate::selfplay::Config),
    Datagen(crate::datagen::Config),
    Tune(crate::tune::Config),
    Train(crate::train::Config),
    Play(crate::play::PlayArgs),
    Book(crate::book::tool::BookArgs),
    /// Print a completion script for a shell, e.g. `jiangjun completions bash >
    /// /etc/bash_completion.d/jiangjun`.
    Completions {
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
}

/// Parses `args` (program name first) and runs what they ask for.
pub fn run(args: Vec<OsString>) -> ExitCode {
    let cli = match Cli::try_parse_from(&args) {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            // --help, --version: not a mistake.
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) => return usage_error(subcommand_named(&args).as_deref(), &one_line(&e)),
    };
    // Chess has its rules core, the engine, the match runner, self-play and the tuner; the
    // other tools are Xiangqi's until they learn it.
    let chess_ready = matches!(
        cli.tool,
        None | Some(
            Tool::Perft(_)
                | Tool::Judge(_)
                | Tool::Bench(_)
                | Tool::Match(_)
                | Tool::Play(_)
                | Tool::Selfplay(_)
                | Tool::Datagen(_)
                | Tool::Tune(_)
        )
    );
    if cli.game == GameKind::Chess && !chess_ready {
        return usage_error(
            None,
            "--game chess: not yet supported (only xiangqi for now)",
        );
    }
    match cli.tool {
        None => {
            match cli.game {
                GameKind::Xiangqi => crate::protocol::run::<crate::game::xiangqi::Position>(),
                GameKind::Chess => crate::protocol::run::<crate::game::chess::Position>(),
            }
            ExitCode::SUCCESS
        }
        Some(Tool::Perft(a)) => match cli.game {
            GameKind::Xiangqi => tools::perft::<crate::game::xiangqi::Position>(&a),
            GameKind::Chess => tools::perft::<crate::game::chess::Position>(&a),
        },
        Some(Tool::Bench(a)) => match cli.game {
            GameKind::Xiangqi => tools::bench::<crate::game::xiangqi::Position>(&a),
            GameKind::Chess => tools::bench::<crate::game::chess::Position>(&a),
        },
        Some(Tool::Judge(a)) => crate::judge::run(&a, cli.game),
        Some(Tool::Match(a)) => crate::matches::run(*a, cli.game),
        Some(Tool::Openings(s)) => crate::matches::balanced::run(&s),
        Some(Tool::Selfplay(c)) => crate::selfplay::run(&c, cli.game),
        Some(Tool::Datagen(c)) => crate::datagen::run(&c, cli.game),
        Some(Tool::Tune(c)) => crate::tune::run(&c, cli.game),
        Some(Tool::Train(c)) => crate::train::run(&c),
        Some(Tool::Play(a)) => crate::play::run(&a, cli.game),
        Some(Tool::Book(b)) => crate::book::tool::run(&b),
        Some(Tool::Completions { shell }) => {
            clap_complete::generate(
                shell,
                &mut Cli::command(),
                "jiangjun",
                &mut std::io::stdout(),
            );
            ExitCode::SUCCESS
        }
    }
}

/// A command-line mistake found after parsing (two engines of one name, …): one line on
/// stderr, exit code 2, as clap's own errors.
pub fn usage_error(tool: Option<&str>, message: &str) -> ExitCode {
    match tool {
        Some(t) => eprintln!("jiangjun {t}: {message} (see jiangjun {t} --help)"),
        None => eprintln!("jiangjun: {message} (see jiangjun --help)"),
    }
    ExitCode::from(2)
}

/// A tool's failure at work (a file that cannot be written, …): exit code 1.
pub fn finish(tool: &str, result: Result<(), String>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("jiangjun {tool}: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The default of the tools' `--threads`: one per core.
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
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

/// clap's error as one line: its message and any tip, without the usage block (`--help` has
/// that).
pub fn one_line(e: &clap::Error) -> String {
    let text = e.render().to_string();
    let mut parts = text
        .split("\n\n")
        .map(|p| p.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|p| !p.is_empty() && !p.starts_with("Usage:") && !p.starts_with("For more"));
    let mut line = parts.next().unwrap_or_default();
    if let Some(rest) = line.strip_prefix("error: ") {
        line = rest.to_string();
    }
    for p in parts {
        line += &format!(" ({p})");
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_is_well_formed() {
        // clap's own checks: no two flags of one name, groups and defaults that exist, …
        Cli::command().debug_assert();
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
