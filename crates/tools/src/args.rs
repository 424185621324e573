//! What every tool's command line shares: the value parsers that the clap derive attributes
//! name (a number in a range, a `MIN-MAX` range, a `KEY=VALUE` word, a game), and the two ways
//! a tool ends badly (a usage mistake, exit 2; a failure at work, exit 1). Every number from
//! the command line passes through one of the parsers, so an absurd or negative value is
//! refused where it is read, with the range in the message.

use jiangjun_engine::evaluation::{BUILTIN, DEFAULT_BLEND, EMPTY, Evaluation};
use jiangjun_engine::game::EngineGame;
use jiangjun_rules::GameKind;
use std::fmt::Display;
use std::process::ExitCode;
use std::str::FromStr;

/// `--eval-file` and `--eval-blend`: the evaluation a tool's searches use, under the names of the
/// engine's `EvalFile` and `EvalBlend`. Left out, a tool evaluates exactly as the engine does.
#[derive(clap::Args, Clone, Debug, Default, PartialEq)]
pub struct EvalArgs {
    /// The net to evaluate with, as the engine's `EvalFile`: a net file, `<builtin>` (the
    /// shipped net) or `<empty>` (the classical evaluation alone). Default: what the engine
    /// plays with, the shipped net (Xiangqi; chess has no net).
    #[arg(long, value_name = "NET")]
    pub eval_file: Option<String>,
    /// The net's share of the evaluation in percent, as the engine's `EvalBlend` (0 to 100;
    /// 100 is the net alone).
    #[arg(long, value_name = "P", default_value_t = DEFAULT_BLEND, value_parser = number_in(0u8, 100))]
    pub eval_blend: u8,
}

impl EvalArgs {
    /// The evaluation these flags name for game `G`. Without `--eval-file`: the engine's own
    /// (the shipped net where the game has nets). A net named for a game without nets is an
    /// error, as is a net that does not read.
    pub fn evaluation<G: EngineGame>(&self) -> Result<Evaluation, String> {
        let name = match self.eval_file.as_deref().map(str::trim) {
            None if G::HAS_NET => BUILTIN,
            None => EMPTY,
            Some(name) => name,
        };
        if !G::HAS_NET && !name.is_empty() && name != EMPTY {
            return Err(format!(
                "--eval-file: {}: there is no neural evaluation for this game",
                G::NAME
            ));
        }
        Evaluation::load(name, self.eval_blend).map_err(|e| format!("--eval-file: {e}"))
    }
}

/// A parser for `--game`: the games by name, listed in `--help` as clap lists an enum's.
pub fn game_kind() -> impl clap::builder::TypedValueParser<Value = GameKind> {
    use clap::builder::TypedValueParser;
    clap::builder::PossibleValuesParser::new(GameKind::ALL.map(GameKind::name))
        .map(|name| GameKind::named(&name).expect("one of the names offered"))
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

/// A tool's failure at work (a file that cannot be written, …): exit code 1. A reader that went
/// away (`jiangjun datagen --dump … | head`) is no failure: the tool ends quietly, as
/// command-line programs do when their pipe closes.
pub fn finish(tool: &str, result: Result<(), String>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if is_closed_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("jiangjun {tool}: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Whether an error's text is a write to a pipe nobody reads any more (Unix: EPIPE, "Broken
/// pipe (os error 32)"; Windows: "The pipe is being closed. (os error 232)").
pub fn is_closed_pipe(error: &str) -> bool {
    error.contains("Broken pipe") || error.contains("os error 232")
}

/// The default of the tools' `--threads`: one per core.
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
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

/// A tool's `--fen`, read the same way by every tool: the word `startpos`, or nothing at all,
/// is the game's start position (`None`); anything else a FEN of it.
pub fn given_fen(fen: Option<&str>) -> Option<&str> {
    fen.map(str::trim)
        .filter(|t| !t.is_empty() && *t != "startpos")
}

/// `--fen` as every tool takes it: a FEN as one argument or as its space-separated fields (a
/// FEN has at most six, so a positional argument may follow them), or `startpos`.
#[derive(clap::Args, Debug, Default, Clone)]
pub struct FenArg {
    /// The position: a FEN as one argument or as its fields, or `startpos` (the default).
    #[arg(long = "fen", num_args = 1..=6, value_name = "FEN", action = clap::ArgAction::Set)]
    pub fields: Vec<String>,
}

impl FenArg {
    /// The FEN given, its fields joined by spaces (`None` when `--fen` was not given).
    pub fn text(&self) -> Option<String> {
        (!self.fields.is_empty()).then(|| self.fields.join(" "))
    }
}

/// The position of a tool's `--fen` (see `given_fen`).
pub fn position_from<G: jiangjun_rules::Game>(fen: Option<&str>) -> Result<G, String> {
    match given_fen(fen) {
        None => Ok(G::startpos()),
        Some(text) => G::from_fen(text).map_err(|e| e.to_string()),
    }
}

/// A parser for a number in `lo..=hi` (integers or floats; NaN and infinities are refused).
pub fn number_in<T>(lo: T, hi: T) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync
where
    T: FromStr + PartialOrd + Display + Copy + Send + Sync,
{
    move |v| match v.parse::<T>() {
        Ok(x) if x >= lo && x <= hi => Ok(x),
        _ => Err(format!("not a number from {lo} to {hi}")),
    }
}

/// A parser for `MIN-MAX` (or one number, meaning both), each in `lo..=hi`, MIN <= MAX.
pub fn range_in<T>(lo: T, hi: T) -> impl Fn(&str) -> Result<(T, T), String> + Clone + Send + Sync
where
    T: FromStr + PartialOrd + Display + Copy + Send + Sync,
{
    move |v| {
        let (a, b) = v.split_once('-').unwrap_or((v, v));
        let one = number_in(lo, hi);
        let (a, b) = (one(a)?, one(b)?);
        if a > b {
            return Err(format!("{a} is more than {b}"));
        }
        Ok((a, b))
    }
}

/// A `KEY=VALUE` word of `--engine`, `--sprt`, `--resign` and `--draw`.
pub fn key_value(word: &str) -> Result<(String, String), String> {
    word.split_once('=')
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .ok_or_else(|| "not KEY=VALUE".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_ranges_are_checked() {
        let depth = number_in(1u32, 30);
        assert_eq!(depth("7"), Ok(7));
        for bad in ["0", "31", "-1", "1e3", "", "4294967296"] {
            assert!(depth(bad).is_err(), "{bad}");
        }
        let secs = number_in(0.0, 1e6);
        for bad in ["NaN", "inf", "1e20", "-0.5"] {
            assert!(secs(bad).is_err(), "{bad}");
        }
        let plies = range_in(0u32, 40);
        assert_eq!(plies("2-6"), Ok((2, 6)));
        assert_eq!(plies("4"), Ok((4, 4)));
        assert!(plies("6-2").is_err() && plies("2-41").is_err() && plies("-").is_err());
        assert_eq!(key_value("a=b=c"), Ok(("a".into(), "b=c".into())));
        assert!(key_value("ab").is_err());
    }
}
