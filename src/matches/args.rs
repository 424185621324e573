//! The command line of `jiangjun match`, parsed into a `Config`; every flag is listed in
//! `HELP`, which `--help` prints.

use super::clock::{MAX_SECONDS, TimeControl};
use super::engine::{EngineSpec, Proto};
use super::game::Adjudication;
use super::stats::{EloModel, SprtParams};
use std::path::PathBuf;
use std::time::Duration;

/// The text of `jiangjun match --help`.
pub const HELP: &str = include_str!("help.txt");

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Format {
    Match,
    Gauntlet,
    RoundRobin,
}

#[derive(Clone, Debug)]
pub struct Config {
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
    pub json: Option<PathBuf>,
    pub log: Option<PathBuf>,
    pub quiet: bool,
}

/// What the command line asks for.
pub enum Command {
    Help,
    ReadPgn(PathBuf),
    Run(Box<Config>),
}

fn number<T: std::str::FromStr>(flag: &str, v: Option<&String>) -> Result<T, String> {
    let v = v.ok_or_else(|| format!("{flag} needs a value"))?;
    v.parse()
        .map_err(|_| format!("{flag}: '{v}' is not a valid number"))
}

/// Splits `KEY=VALUE` words into pairs.
fn pairs<'a>(flag: &str, words: &'a [String]) -> Result<Vec<(&'a str, &'a str)>, String> {
    words
        .iter()
        .map(|w| {
            w.split_once('=')
                .ok_or_else(|| format!("{flag}: '{w}' is not KEY=VALUE"))
        })
        .collect()
}

fn parse_engine(words: &[String]) -> Result<EngineSpec, String> {
    let mut spec = EngineSpec {
        name: String::new(),
        cmd: String::new(),
        args: Vec::new(),
        proto: Proto::Ucci,
        options: Vec::new(),
        rank_base: 0,
        dir: None,
        seconds: false,
    };
    for (k, v) in pairs("--engine", words)? {
        match k {
            "name" => spec.name = v.to_string(),
            "cmd" => spec.cmd = v.to_string(),
            "arg" => spec.args.push(v.to_string()),
            "proto" => {
                spec.proto = match v {
                    "ucci" => Proto::Ucci,
                    "uci" => Proto::Uci,
                    _ => return Err(format!("--engine: proto must be ucci or uci, not '{v}'")),
                }
            }
            "ranks" => {
                spec.rank_base = match v {
                    "0" => 0,
                    "1" => 1,
                    _ => return Err(format!("--engine: ranks must be 0 or 1, not '{v}'")),
                }
            }
            "dir" => spec.dir = Some(PathBuf::from(v)),
            "timeunit" => {
                spec.seconds = match v {
                    "ms" => false,
                    "s" => true,
                    _ => return Err(format!("--engine: timeunit must be ms or s, not '{v}'")),
                }
            }
            _ => match k.strip_prefix("option.") {
                Some(name) if !name.is_empty() => {
                    spec.options.push((name.to_string(), v.to_string()))
                }
                _ => return Err(format!("--engine: unknown key '{k}'")),
            },
        }
    }
    if spec.name.is_empty() || spec.cmd.is_empty() {
        return Err("--engine needs name=… and cmd=…".into());
    }
    Ok(spec)
}

fn parse_sprt(words: &[String]) -> Result<SprtParams, String> {
    let mut p = SprtParams::new(0.0, 5.0, EloModel::Logistic);
    for (k, v) in pairs("--sprt", words)? {
        if k == "model" {
            p.model = match v {
                "logistic" => EloModel::Logistic,
                "normalized" | "normalised" => EloModel::Normalized,
                _ => {
                    return Err(format!(
                        "--sprt: model must be logistic or normalized, not '{v}'"
                    ));
                }
            };
            continue;
        }
        let x: f64 = v
            .parse()
            .map_err(|_| format!("--sprt: '{v}' is not a number"))?;
        match k {
            "elo0" => p.elo0 = x,
            "elo1" => p.elo1 = x,
            "alpha" => p.alpha = x,
            "beta" => p.beta = x,
            _ => return Err(format!("--sprt: unknown key '{k}'")),
        }
    }
    let rate = |x: f64| x > 0.0 && x < 0.5;
    // Beyond +-1000 Elo the expected score is within 0.3% of 0 or 1: no test means that.
    let elo = |x: f64| x.abs() <= 1000.0;
    if !(p.elo1 > p.elo0 && elo(p.elo0) && elo(p.elo1) && rate(p.alpha) && rate(p.beta)) {
        return Err("--sprt needs -1000 <= elo0 < elo1 <= 1000 and 0 < alpha, beta < 0.5".into());
    }
    Ok(p)
}

fn adjudication_numbers(flag: &str, words: &[String], keys: &[&str]) -> Result<Vec<i64>, String> {
    let mut out = vec![None; keys.len()];
    for (k, v) in pairs(flag, words)? {
        let i = keys
            .iter()
            .position(|x| *x == k)
            .ok_or_else(|| format!("{flag}: unknown key '{k}'"))?;
        out[i] = Some(
            v.parse::<i64>()
                .map_err(|_| format!("{flag}: '{v}' is not an integer"))?,
        );
    }
    out.into_iter()
        .zip(keys)
        .map(|(v, k)| {
            v.filter(|&x| x >= 0)
                .ok_or_else(|| format!("{flag} needs {k}=N (N >= 0)"))
        })
        .collect()
}

/// The most games a match may schedule per pairing (an SPRT run needs far fewer).
const MAX_GAMES: usize = 10_000_000;
/// The most games played at once.
const MAX_CONCURRENCY: usize = 1024;

/// Parses the arguments after `match`.
pub fn parse(args: &[String]) -> Result<Command, String> {
    let mut c = Config {
        engines: Vec::new(),
        format: Format::Match,
        games: 2,
        openings: None,
        shuffle: false,
        seed: 1,
        concurrency: 1,
        tc: TimeControl::Depth(0),
        margin: Duration::from_millis(100),
        hang: Duration::from_secs(30),
        max_moves: 300,
        adjudication: Adjudication::default(),
        sprt: None,
        pgn: None,
        json: None,
        log: None,
        quiet: false,
    };
    let mut tc = None;
    let mut i = 0;
    while i < args.len() {
        let flag = args[i].as_str();
        // The words that belong to this flag: up to the next `--flag`.
        let end = args[i + 1..]
            .iter()
            .position(|a| a.starts_with("--"))
            .map_or(args.len(), |p| i + 1 + p);
        let words = &args[i + 1..end];
        let one = words.first();
        let mut set_tc = |t: Result<TimeControl, String>| -> Result<(), String> {
            if tc.is_some() {
                return Err("give only one of --tc, --st, --depth, --nodes".into());
            }
            tc = Some(t?);
            Ok(())
        };
        match flag {
            "--help" | "-h" => return Ok(Command::Help),
            "--read-pgn" => {
                return one
                    .map(|f| Command::ReadPgn(f.into()))
                    .ok_or_else(|| "--read-pgn needs a file".into());
            }
            "--engine" => c.engines.push(parse_engine(words)?),
            "--format" => {
                c.format = match one.map(String::as_str) {
                    Some("match") => Format::Match,
                    Some("gauntlet") => Format::Gauntlet,
                    Some("round-robin" | "roundrobin" | "rr") => Format::RoundRobin,
                    _ => return Err("--format must be match, gauntlet or round-robin".into()),
                }
            }
            "--games" => c.games = number(flag, one)?,
            "--openings" => c.openings = one.map(PathBuf::from),
            "--shuffle" => c.shuffle = true,
            "--seed" => c.seed = number(flag, one)?,
            "--concurrency" => c.concurrency = number(flag, one)?,
            "--tc" => set_tc(TimeControl::parse_tc(one.map_or("", |s| s.as_str())))?,
            "--st" => set_tc(TimeControl::parse_st(one.map_or("", |s| s.as_str())))?,
            "--depth" => set_tc(number(flag, one).map(TimeControl::Depth))?,
            "--nodes" => set_tc(number(flag, one).map(TimeControl::Nodes))?,
            "--timemargin" => {
                let ms: u64 = number(flag, one)?;
                if ms as f64 > MAX_SECONDS * 1000.0 {
                    return Err(format!("--timemargin: at most {} ms", MAX_SECONDS * 1000.0));
                }
                c.margin = Duration::from_millis(ms);
            }
            "--hang-timeout" => {
                let s: f64 = number(flag, one)?;
                if !(s.is_finite() && s > 0.0 && s <= MAX_SECONDS) {
                    return Err(format!(
                        "--hang-timeout: seconds above 0 and at most {MAX_SECONDS}"
                    ));
                }
                c.hang = Duration::from_secs_f64(s);
            }
            "--maxmoves" => c.max_moves = number(flag, one)?,
            "--resign" => {
                let v = adjudication_numbers(flag, words, &["movecount", "score"])?;
                c.adjudication.resign = Some((v[0] as usize, v[1].min(i64::from(i32::MAX)) as i32));
            }
            "--draw" => {
                let v = adjudication_numbers(flag, words, &["movenumber", "movecount", "score"])?;
                c.adjudication.draw = Some((
                    v[0].min(i64::from(u32::MAX)) as u32,
                    v[1] as usize,
                    v[2].min(i64::from(i32::MAX)) as i32,
                ));
            }
            "--sprt" => c.sprt = Some(parse_sprt(words)?),
            "--pgn" => c.pgn = one.map(PathBuf::from),
            "--json" => c.json = one.map(PathBuf::from),
            "--log" => c.log = one.map(PathBuf::from),
            "--quiet" => c.quiet = true,
            _ => {
                return Err(format!(
                    "unknown argument '{flag}' (see jiangjun match --help)"
                ));
            }
        }
        let takes = match flag {
            "--engine" | "--sprt" | "--resign" | "--draw" => words.len(),
            "--shuffle" | "--quiet" => 0,
            _ => 1,
        };
        if takes == 1 && one.is_none() {
            return Err(format!("{flag} needs a value"));
        }
        if words.len() > takes {
            return Err(format!("{flag}: unexpected '{}'", words[takes]));
        }
        i = end;
    }
    c.tc = tc.ok_or("give a time control: --tc, --st, --depth or --nodes")?;
    let n = c.engines.len();
    let need = match c.format {
        Format::Match => n == 2,
        Format::Gauntlet | Format::RoundRobin => n >= 2,
    };
    if !need {
        return Err(format!(
            "{n} engines given; a match needs 2, a gauntlet or round robin at least 2"
        ));
    }
    for (k, e) in c.engines.iter().enumerate() {
        if c.engines[..k].iter().any(|o| o.name == e.name) {
            return Err(format!("two engines are named '{}'", e.name));
        }
    }
    if c.sprt.is_some() && c.format != Format::Match {
        return Err("--sprt needs --format match".into());
    }
    if c.games == 0 || c.concurrency == 0 {
        return Err("--games and --concurrency must be at least 1".into());
    }
    // The schedule holds every game up front and each worker is a thread: keep both sane.
    if c.games > MAX_GAMES || c.concurrency > MAX_CONCURRENCY {
        return Err(format!(
            "--games is at most {MAX_GAMES} and --concurrency at most {MAX_CONCURRENCY}"
        ));
    }
    Ok(Command::Run(Box::new(c)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn the_issue_example_parses() {
        let a = args(
            "--engine name=new cmd=./target/release/jiangjun proto=ucci \
             --engine name=fsf cmd=fairy-stockfish proto=uci option.UCI_Variant=xiangqi ranks=1 \
             --tc 10+0.1 --games 200 --concurrency 2 --openings openings.epd --pgn out.pgn \
             --sprt elo0=0 elo1=5 alpha=0.05 beta=0.05 --resign movecount=3 score=600",
        );
        let Ok(Command::Run(c)) = parse(&a) else {
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
        let a =
            args("--engine name=a cmd=x --engine name=b cmd=y --depth 2 --sprt model=normalized");
        let Ok(Command::Run(c)) = parse(&a) else {
            panic!("should parse")
        };
        assert_eq!(c.sprt.map(|t| t.model), Some(EloModel::Normalized));
    }

    #[test]
    fn mistakes_are_explained() {
        let cases = [
            ("--engine name=a cmd=x --depth 2", "1 engines"),
            (
                "--engine name=a cmd=x --engine name=a cmd=y --depth 2",
                "two engines",
            ),
            (
                "--engine name=a cmd=x --engine name=b cmd=y",
                "time control",
            ),
            (
                "--engine name=a cmd=x --engine name=b cmd=y --depth 2 --tc 1+1",
                "only one",
            ),
            ("--engine name=a cmd=x proto=xboard", "proto"),
            ("--engine name=a --engine name=b cmd=y --depth 1", "cmd="),
            (
                "--engine name=a cmd=x --engine name=b cmd=y --depth 2 --games",
                "needs a value",
            ),
            (
                "--engine name=a cmd=x --engine name=b cmd=y --depth 2 3",
                "unexpected '3'",
            ),
            (
                "--engine name=a cmd=x --engine name=b cmd=y --depth 2 --sprt elo0=5 elo1=0",
                "elo0 < elo1",
            ),
            (
                "--engine name=a cmd=x --engine name=b cmd=y --depth 2 --sprt model=bayes",
                "model must be",
            ),
            (
                "--engine name=a cmd=x --engine name=b cmd=y --depth 2 --sprt elo1=5000",
                "elo1 <= 1000",
            ),
            ("--bogus", "unknown argument"),
        ];
        for (line, want) in cases {
            match parse(&args(line)) {
                Err(e) => assert!(e.contains(want), "{line}: {e}"),
                Ok(_) => panic!("{line}: should fail"),
            }
        }
    }

    #[test]
    fn help_mentions_every_flag() {
        for flag in [
            "--engine",
            "--format",
            "--games",
            "--openings",
            "--shuffle",
            "--seed",
            "--concurrency",
            "--tc",
            "--st",
            "--depth",
            "--nodes",
            "--timemargin",
            "--hang-timeout",
            "--maxmoves",
            "--resign",
            "--draw",
            "--pgn",
            "--json",
            "--log",
            "--sprt",
            "--quiet",
            "--read-pgn",
        ] {
            assert!(HELP.contains(flag), "{flag}");
        }
    }
}
