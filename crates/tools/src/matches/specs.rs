//! The `KEY=VALUE` words of `jiangjun match --engine`, `--sprt`, `--resign` and `--draw`
//! (cutechess-cli's syntax, several words after one flag): clap collects the pairs, this
//! module knows the keys.

use super::engine::{EngineSpec, Proto};
use super::game::Adjudication;
use super::stats::{EloModel, SprtParams};
use crate::args::key_value;
use clap::{Arg, ArgAction, ArgMatches};
use std::path::PathBuf;

/// One `KEY=VALUE` word.
pub type Pair = (String, String);

/// The words of every `--engine`, one list per engine. clap's derive cannot yet keep the
/// occurrences of a flag apart (`Vec<Vec<T>>` is unstable there), so this one flag is
/// declared and read by hand.
#[derive(Clone, Debug, Default)]
pub struct EngineWords(pub Vec<Vec<Pair>>);

const ENGINE: &str = "engine";

impl clap::FromArgMatches for EngineWords {
    fn from_arg_matches(m: &ArgMatches) -> Result<Self, clap::Error> {
        let engines = m
            .get_occurrences::<Pair>(ENGINE)
            .map(|all| all.map(|words| words.cloned().collect()).collect())
            .unwrap_or_default();
        Ok(EngineWords(engines))
    }

    fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(m)?;
        Ok(())
    }
}

impl clap::Args for EngineWords {
    fn augment_args(cmd: clap::Command) -> clap::Command {
        cmd.arg(
            Arg::new(ENGINE)
                .long(ENGINE)
                .value_name("SPEC")
                .num_args(1..)
                .action(ArgAction::Append)
                .value_parser(key_value)
                .help(
                    "An engine: KEY=VALUE words up to the next flag (keys below); once per engine",
                ),
        )
    }

    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        Self::augment_args(cmd)
    }
}

/// One `--engine`; `proto` is the protocol when no `proto=` word names one.
pub fn engine_spec(words: &[Pair], proto: Proto) -> Result<EngineSpec, String> {
    let mut spec = EngineSpec {
        name: String::new(),
        cmd: String::new(),
        args: Vec::new(),
        proto,
        options: Vec::new(),
        rank_base: 0,
        dir: None,
        seconds: false,
    };
    for (k, v) in words {
        let v = v.as_str();
        match k.as_str() {
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
            k => match k.strip_prefix("option.") {
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

/// `--sprt` (no words: the defaults).
pub fn sprt(words: &[Pair]) -> Result<SprtParams, String> {
    let mut p = SprtParams::new(0.0, 5.0, EloModel::Logistic);
    for (k, v) in words {
        if k == "model" {
            p.model = match v.as_str() {
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
        match k.as_str() {
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

/// The values of `keys` among `words`, each required, each a number from 0 up (larger than
/// an i32 or u32 is capped: a threshold that high is never reached anyway).
fn adjudication_numbers(flag: &str, words: &[Pair], keys: &[&str]) -> Result<Vec<i64>, String> {
    let mut out = vec![None; keys.len()];
    for (k, v) in words {
        let i = keys
            .iter()
            .position(|x| x == k)
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

/// `--resign` and `--draw`.
pub fn adjudication(
    resign: Option<&[Pair]>,
    draw: Option<&[Pair]>,
) -> Result<Adjudication, String> {
    let mut a = Adjudication::default();
    if let Some(words) = resign {
        let v = adjudication_numbers("--resign", words, &["movecount", "score"])?;
        a.resign = Some((v[0] as usize, v[1].min(i64::from(i32::MAX)) as i32));
    }
    if let Some(words) = draw {
        let v = adjudication_numbers("--draw", words, &["movenumber", "movecount", "score"])?;
        a.draw = Some((
            v[0].min(i64::from(u32::MAX)) as u32,
            v[1] as usize,
            v[2].min(i64::from(i32::MAX)) as i32,
        ));
    }
    Ok(a)
}
