//! The command line of `jiangjun match`: `MatchArgs` is what clap reads, flag by flag with
//! typed values and ranges; `MatchArgs::check` then turns it into a `MatchSettings`, refusing what no
//! single flag can see (how many engines, two of one name, no time control). The `--engine`,
//! `--sprt`, `--resign` and `--draw` flags take several `KEY=VALUE` words each, as in
//! cutechess-cli; their keys are read here.

use super::stats::SprtParams;
use super::words::{adjudication, sprt};
use crate::arbiter::game::Adjudication;
use crate::args::{key_value, number_in};
use crate::clock::{MAX_SECONDS, TimeControl};
use crate::process::specs::{EngineWords, Pair, engine_spec};
use crate::process::{EngineSpec, Proto};
use clap::{Args, ValueEnum};
use jiangjun_rules::GameKind;
use jiangjun_rules::xiangqi::notation::Notation;
use std::path::PathBuf;
use std::time::Duration;

/// What `--help` shows after the flags: the engine keys, the rules that need no flag, and an
/// example.
const AFTER_HELP: &str = include_str!("help.txt");

/// The most games a match may schedule per pairing (an SPRT run needs far fewer).
const MAX_GAMES: usize = 10_000_000;
/// The most games played at once.
const MAX_CONCURRENCY: usize = 1024;

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Match,
    Gauntlet,
    #[value(alias = "roundrobin", alias = "rr")]
    RoundRobin,
}

/// Play engines against each other, with jiangjun's rules (Xiangqi, or chess with --game chess)
/// as the arbiter.
#[derive(Args, Debug)]
// A flag given twice: the last one counts, as the hand-written parser had it (scripts add
// defaults before the caller's flags).
#[command(after_help = AFTER_HELP, allow_negative_numbers = true, args_override_self = true)]
pub struct MatchArgs {
    #[command(flatten)]
    engine: EngineWords,
    /// Check a PGN file instead: replay every game through the rules (chess games: those
    /// with a White tag, or all with --game chess).
    #[arg(long, value_name = "FILE")]
    read_pgn: Option<PathBuf>,
    #[command(flatten)]
    format: FormatArgs,
    #[command(flatten)]
    time: TimeArgs,
    #[command(flatten)]
    limits: TimeLimitArgs,
    #[command(flatten)]
    end: EndArgs,
    #[command(flatten)]
    output: OutputArgs,
}

#[derive(Args, Debug)]
#[command(next_help_heading = "Format")]
struct FormatArgs {
    /// match: 2 engines; gauntlet: the first against each other one; round-robin: every pair.
    #[arg(long, value_enum, default_value = "match")]
    format: Format,
    /// Games per pairing (1 to 10000000); each opening is played twice, colours swapped.
    #[arg(long, value_name = "N", default_value_t = 2, value_parser = number_in(1, MAX_GAMES))]
    games: usize,
    /// One opening a line: FEN [moves] m1 m2 ... ('#' comments; chess: EPD too). Default:
    /// the 40 built-in openings, shuffled; for long Xiangqi matches
    /// scripts/openings/balanced-5000.txt (or make a set: jiangjun openings).
    #[arg(long, value_name = "FILE")]
    openings: Option<PathBuf>,
    /// Shuffle the openings of FILE too.
    #[arg(long)]
    shuffle: bool,
    /// Shuffle seed.
    #[arg(long, value_name = "N", default_value_t = 1)]
    seed: u64,
    /// Games played at the same time (1 to 1024).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = number_in(1, MAX_CONCURRENCY))]
    concurrency: usize,
}

/// The time control: exactly one of these.
#[derive(Args, Debug)]
#[group(multiple = false)]
#[command(next_help_heading = "Time control (one of)")]
struct TimeArgs {
    /// Seconds for the game plus increment, e.g. 10+0.1; or MOVES/BASE[+INC], e.g. 40/60.
    #[arg(long, value_name = "TC", value_parser = TimeControl::parse_tc)]
    tc: Option<TimeControl>,
    /// Fixed seconds per move.
    #[arg(long, value_name = "SECONDS", value_parser = TimeControl::parse_st)]
    st: Option<TimeControl>,
    /// Fixed depth.
    #[arg(long, value_name = "N", value_parser = number_in(1, u32::MAX))]
    depth: Option<u32>,
    /// Fixed nodes.
    #[arg(long, value_name = "N", value_parser = number_in(1, u64::MAX))]
    nodes: Option<u64>,
}

#[derive(Args, Debug)]
#[command(next_help_heading = "Time control (one of)")]
struct TimeLimitArgs {
    /// Grace over the clock before a time loss, in ms (0 to 1000000000).
    #[arg(long, value_name = "MS", default_value_t = 100, value_parser = number_in(0, (MAX_SECONDS * 1000.0) as u64))]
    timemargin: u64,
    /// Untimed moves and handshakes: seconds before an engine counts as hung (0.001 to
    /// 1000000).
    #[arg(long, value_name = "S", default_value_t = 30.0, value_parser = number_in(0.001, MAX_SECONDS))]
    hang_timeout: f64,
}

#[derive(Args, Debug)]
#[command(next_help_heading = "Game end (besides the rules)")]
struct EndArgs {
    /// Draw after N full moves past the opening (0 = no limit).
    #[arg(long, value_name = "N", default_value_t = 300)]
    maxmoves: usize,
    /// movecount=N score=CP: a side whose own score is <= -CP for N moves in a row loses
    /// (scores as the engine reports them: UCI cp, a UCCI engine's own units).
    #[arg(long, value_name = "KEY=N", num_args = 1.., value_parser = key_value)]
    resign: Option<Vec<Pair>>,
    /// movenumber=M movecount=N score=CP: from move M, a draw when both sides' last N scores
    /// are within +-CP.
    #[arg(long, value_name = "KEY=N", num_args = 1.., value_parser = key_value)]
    draw: Option<Vec<Pair>>,
}

#[derive(Args, Debug)]
#[command(next_help_heading = "Output")]
struct OutputArgs {
    /// Write the games: Xiangqi as XiangQi Wizard PGN ([Game "Chinese Chess"], ICCS moves),
    /// chess as standard PGN (SAN moves).
    #[arg(long, value_name = "FILE")]
    pgn: Option<PathBuf>,
    /// Xiangqi PGN moves: iccs (H2-E2, what GUIs and --read-pgn expect), wxf (C2.5) or chinese
    /// (炮二平五), for people; the Format tag says which.
    #[arg(long, value_name = "NOTATION", default_value = "iccs",
          value_parser = clap::value_parser!(Notation))]
    pgn_notation: Notation,
    /// A minimal PGN: no comments (neither the engines' score/depth/time after each move nor
    /// the ending's; the Termination tag keeps it), as cutechess-cli's `-pgnout FILE min`.
    /// PyPI cchess's reader needs it: it takes every word after the tags for a move.
    #[arg(long)]
    pgn_min: bool,
    /// Take the match up again from the --pgn FILE of an earlier run with the same engines,
    /// openings (--openings, --shuffle, --seed) and --games: its games count as played, the
    /// rest are played and added to FILE (a fresh match while FILE does not exist). An SPRT
    /// goes on from where it stood.
    #[arg(long)]
    resume: bool,
    /// Write the final summary as JSON.
    #[arg(long, value_name = "FILE")]
    json: Option<PathBuf>,
    /// Log every line sent to and received from each engine into DIR.
    #[arg(long, value_name = "DIR")]
    log: Option<PathBuf>,
    /// elo0=E0 elo1=E1 alpha=A beta=B [model=logistic|normalized]: sequential test of the first
    /// engine against the second (match format only; defaults 0, 5, 0.05, 0.05, logistic);
    /// stops as soon as it decides, never before 20 complete pairs (40 games).
    #[arg(long, value_name = "KEY=VALUE", num_args = 0.., value_parser = key_value)]
    sprt: Option<Vec<Pair>>,
    /// No per-game progress lines.
    #[arg(long)]
    quiet: bool,
}

#[derive(Clone, Debug)]
pub struct MatchSettings {
    pub engines: Vec<EngineSpec>,
    pub format: Format,
    pub games: usize,
    pub openings: Option<PathBuf>,
    pub shuffle: bool,
    pub seed: u64,
    pub concurrency: usize,
    pub tc: TimeControl,
    pub margin: Duration,
    pub hang: Duration,
    pub max_moves: usize,
    pub adjudication: Adjudication,
    pub sprt: Option<SprtParams>,
    pub pgn: Option<PathBuf>,
    pub pgn_notation: Notation,
    /// `--pgn-min`: no comments in the PGN.
    pub pgn_min: bool,
    /// `--resume`: the games already in `pgn` count as played.
    pub resume: bool,
    pub json: Option<PathBuf>,
    pub log: Option<PathBuf>,
    pub quiet: bool,
}

/// What the command line asks for.
pub enum MatchTask {
    ReadPgn(PathBuf),
    Run(Box<MatchSettings>),
}

impl TimeArgs {
    fn time_control(&self) -> Option<TimeControl> {
        self.tc
            .or(self.st)
            .or(self.depth.map(TimeControl::Depth))
            .or(self.nodes.map(TimeControl::Nodes))
    }
}

/// One `--engine` for `game`: chess engines speak UCI (the default there), and number ranks
/// the one way chess has.
fn engine_for(words: &[Pair], game: GameKind) -> Result<EngineSpec, String> {
    if game == GameKind::Xiangqi {
        return engine_spec(words, Proto::Ucci);
    }
    let spec = engine_spec(words, Proto::Uci)?;
    if spec.proto == Proto::Ucci {
        return Err(format!(
            "engine '{}': UCCI is a Xiangqi protocol; with --game chess every engine speaks UCI \
             (proto=uci, the default there)",
            spec.name
        ));
    }
    if words.iter().any(|(k, _)| k == "ranks") {
        return Err(format!(
            "engine '{}': ranks= is for Xiangqi engines; chess ranks are always 1-8",
            spec.name
        ));
    }
    Ok(spec)
}

impl MatchArgs {
    /// What to do, with everything clap cannot check on one flag checked.
    pub fn check(self, game: GameKind) -> Result<MatchTask, String> {
        if let Some(pgn) = self.read_pgn {
            return Ok(MatchTask::ReadPgn(pgn));
        }
        let engines = self
            .engine
            .0
            .iter()
            .map(|words| engine_for(words, game))
            .collect::<Result<Vec<_>, _>>()?;
        // Engines that all bring their own time control need no match-wide one.
        let own = engines.iter().map(|e| e.tc).collect::<Option<Vec<_>>>();
        let tc = self
            .time
            .time_control()
            .or_else(|| own.and_then(|t| t.first().copied()))
            .ok_or(
                "give a time control: --tc, --st, --depth or --nodes (or tc= for every engine)",
            )?;
        let (f, out) = (self.format, self.output);
        let n = engines.len();
        let enough = match f.format {
            Format::Match => n == 2,
            Format::Gauntlet | Format::RoundRobin => n >= 2,
        };
        if !enough {
            return Err(format!(
                "{n} engines given; a match needs 2, a gauntlet or round robin at least 2"
            ));
        }
        for (k, e) in engines.iter().enumerate() {
            if engines[..k].iter().any(|o| o.name == e.name) {
                return Err(format!("two engines are named '{}'", e.name));
            }
        }
        let sprt = out.sprt.as_deref().map(sprt).transpose()?;
        if sprt.is_some() && f.format != Format::Match {
            return Err("--sprt needs --format match".into());
        }
        if out.resume && out.pgn.is_none() {
            return Err("--resume reads the games of --pgn FILE: give --pgn".into());
        }
        if game == GameKind::Chess && out.pgn_notation != Notation::Iccs {
            return Err("--pgn-notation is for Xiangqi; chess PGN is always SAN".into());
        }
        Ok(MatchTask::Run(Box::new(MatchSettings {
            engines,
            format: f.format,
            games: f.games,
            openings: f.openings,
            shuffle: f.shuffle,
            seed: f.seed,
            concurrency: f.concurrency,
            tc,
            margin: Duration::from_millis(self.limits.timemargin),
            hang: Duration::from_secs_f64(self.limits.hang_timeout),
            max_moves: self.end.maxmoves,
            adjudication: adjudication(self.end.resign.as_deref(), self.end.draw.as_deref())?,
            sprt,
            pgn: out.pgn,
            pgn_notation: out.pgn_notation,
            pgn_min: out.pgn_min,
            resume: out.resume,
            json: out.json,
            log: out.log,
            quiet: out.quiet,
        })))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::one_line;
    use crate::matches::stats::EloModel;
    use crate::process::Proto;
    use clap::{CommandFactory, Parser};
    use jiangjun_rules::GameKind;

    /// `jiangjun match` as the command line puts it together: the tool's flags and `--game`.
    #[derive(Parser)]
    #[command(name = "match")]
    struct Cli {
        #[arg(long, value_parser = crate::args::game_kind(), default_value = "xiangqi")]
        game: GameKind,
        #[command(flatten)]
        args: MatchArgs,
    }

    fn parse(line: &str) -> Result<MatchTask, String> {
        let words = ["match"].into_iter().chain(line.split_whitespace());
        let cli = Cli::try_parse_from(words).map_err(|e| one_line(&e))?;
        cli.args.check(cli.game)
    }

    #[test]
    fn the_issue_example_parses() {
        let a = "--engine name=new cmd=./target/release/jiangjun proto=ucci \
             --engine name=fsf cmd=fairy-stockfish proto=uci option.UCI_Variant=xiangqi ranks=1 \
             --tc 10+0.1 --games 200 --concurrency 2 --openings openings.epd --pgn out.pgn \
             --sprt elo0=0 elo1=5 alpha=0.05 beta=0.05 --resign movecount=3 score=600";
        let Ok(MatchTask::Run(c)) = parse(a) else {
            panic!("should parse")
        };
        assert_eq!(c.engines[1].proto, Proto::Uci);
        assert_eq!(c.engines[1].rank_base, 1);
        assert_eq!(
            c.engines[1].options,
            [("UCI_Variant".to_string(), "xiangqi".to_string())]
        );
        assert_eq!((c.games, c.concurrency), (200, 2));
        assert_eq!(c.adjudication.resign, Some((3, 600)));
        assert_eq!(c.sprt.map(|t| t.model), Some(EloModel::Logistic));
        let a = "--engine name=a cmd=x --engine name=b cmd=y --depth 2 --sprt model=normalized";
        let Ok(MatchTask::Run(c)) = parse(a) else {
            panic!("should parse")
        };
        assert_eq!(c.sprt.map(|t| t.model), Some(EloModel::Normalized));
        let two = "--engine name=a cmd=x --engine name=b cmd=y";
        let Ok(MatchTask::Run(c)) = parse(&format!("{two} --format rr --nodes 9")) else {
            panic!("should parse")
        };
        assert_eq!(
            (c.format, c.tc),
            (Format::RoundRobin, TimeControl::Nodes(9))
        );
        // --sprt alone: the defaults.
        let Ok(MatchTask::Run(c)) = parse(&format!("{two} --depth 1 --sprt --quiet")) else {
            panic!("should parse")
        };
        assert_eq!(c.sprt.map(|t| (t.elo0, t.elo1)), Some((0.0, 5.0)));
    }

    #[test]
    fn the_scripts_command_lines_parse() {
        // scripts/sprt.sh with its defaults, and scripts/match-vs-fairy.sh.
        let sprt = "--engine name=new cmd=/x/jiangjun-new proto=ucci \
            --engine name=base cmd=/x/jiangjun-base proto=ucci --concurrency 2 \
            --pgn sprt-out/sprt.pgn --json sprt-out/sprt.json --tc 5+0.05 \
            --openings /x/balanced-5000.txt --sprt elo0=0 elo1=5 alpha=0.05 beta=0.05 \
            --games 20000";
        let fairy = "--engine name=jiangjun cmd=./target/release/jiangjun proto=ucci \
            --engine name=fairy-stockfish cmd=/usr/games/fairy-stockfish proto=uci \
            option.UCI_Variant=xiangqi option.Threads=1 option.Hash=16 ranks=1 \
            --openings scripts/openings/balanced-5000.txt --shuffle --seed 1 --tc 5+0.05 \
            --games 20 --concurrency 2 --pgn match-out/a.pgn --json match-out/a.json";
        for line in [sprt, fairy] {
            let Ok(MatchTask::Run(c)) = parse(line) else {
                panic!("should parse: {line}")
            };
            assert_eq!(c.tc.describe(), "5+0.05");
        }
        let Ok(MatchTask::Run(c)) = parse(fairy) else {
            panic!("parsed above")
        };
        assert_eq!(c.engines[1].options.len(), 3);
        assert!(c.shuffle && c.seed == 1 && c.games == 20);
        assert!(matches!(
            parse("--read-pgn match-out/a.pgn"),
            Ok(MatchTask::ReadPgn(_))
        ));
    }

    #[test]
    fn chess_engines_speak_uci() {
        let two = "--game chess --depth 1 --engine name=a cmd=x arg=--game arg=chess \
            --engine name=b cmd=y proto=uci option.Threads=1";
        let Ok(MatchTask::Run(c)) = parse(two) else {
            panic!("should parse")
        };
        assert!(c.engines.iter().all(|e| e.proto == Proto::Uci));
        assert_eq!(c.engines[0].args, ["--game", "chess"]);
        assert_eq!(c.pgn_notation, Notation::Iccs);
        let wxf = format!("{two} --pgn-notation wxf");
        assert!(matches!(parse(&wxf), Err(e) if e.contains("--pgn-notation is for Xiangqi")));
        let xiangqi = "--depth 1 --engine name=a cmd=x --engine name=b cmd=y --pgn-notation";
        let Ok(MatchTask::Run(c)) = parse(&format!("{xiangqi} chinese")) else {
            panic!("should parse")
        };
        assert_eq!(c.pgn_notation, Notation::Chinese);
        assert!(parse(&format!("{xiangqi} san")).is_err());
        let ucci = "--game chess --depth 1 --engine name=a cmd=x proto=ucci --engine name=b cmd=y";
        assert!(matches!(parse(ucci), Err(e) if e.contains("UCCI is a Xiangqi protocol")));
        let ranks = "--game chess --depth 1 --engine name=a cmd=x ranks=1 --engine name=b cmd=y";
        assert!(matches!(parse(ranks), Err(e) if e.contains("ranks=")));
        // Xiangqi keeps UCCI as its default.
        let Ok(MatchTask::Run(c)) = parse("--depth 1 --engine name=a cmd=x --engine name=b cmd=y")
        else {
            panic!("should parse")
        };
        assert_eq!(c.engines[0].proto, Proto::Ucci);
    }

    #[test]
    fn mistakes_are_explained() {
        let two = "--engine name=a cmd=x --engine name=b cmd=y";
        let cases = [
            ("--engine name=a cmd=x --depth 2".to_string(), "1 engines"),
            (
                "--engine name=a cmd=x --engine name=a cmd=y --depth 2".into(),
                "two engines",
            ),
            (two.into(), "time control"),
            (format!("{two} --depth 2 --tc 1+1"), "cannot be used with"),
            (
                "--engine name=a cmd=x proto=xboard --depth 1".into(),
                "proto",
            ),
            (
                "--engine name=a --engine name=b cmd=y --depth 1".into(),
                "cmd=",
            ),
            (format!("{two} --depth 2 --games"), "a value is required"),
            (format!("{two} --depth 2 --resume"), "give --pgn"),
            (format!("{two} --depth 2 3"), "unexpected argument '3'"),
            (format!("{two} --depth 2 --games -3"), "not a number from 1"),
            (
                format!("{two} --depth 2 --sprt elo0=5 elo1=0"),
                "elo0 < elo1",
            ),
            (
                format!("{two} --depth 2 --sprt model=bayes"),
                "model must be",
            ),
            (format!("{two} --depth 2 --sprt elo1=5000"), "elo1 <= 1000"),
            (format!("{two} --depth 2 --resign movecount=3"), "score=N"),
            (format!("{two} --depth 2 --engine x"), "not KEY=VALUE"),
            ("--bogus".into(), "unexpected argument '--bogus'"),
        ];
        for (line, want) in cases {
            match parse(&line) {
                Err(e) => assert!(e.contains(want), "{line}: {e}"),
                Ok(_) => panic!("{line}: should fail"),
            }
        }
    }

    #[test]
    fn help_mentions_every_flag() {
        let help = Cli::command().render_help().to_string();
        let flags = "--engine --format --games --openings --shuffle --seed --concurrency --tc \
            --st --depth --nodes --timemargin --hang-timeout --maxmoves --resign --draw --pgn \
            --json --log --sprt --quiet --read-pgn --pgn-min --resume option.NAME=VALUE tc=TC Examples:";
        for flag in flags.split_whitespace() {
            assert!(help.contains(flag), "{flag}");
        }
    }
}
