//! The `KEY=VALUE` words of `--engine` (`jiangjun match`, `jiangjun play`; cutechess-cli's
//! syntax, several words after one flag): clap collects the pairs, this module knows the keys.

use super::{EngineSpec, Proto};
use crate::args::key_value;
use crate::clock::TimeControl;
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
        tc: None,
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
            "tc" => spec.tc = Some(TimeControl::parse_tc(v).map_err(|e| format!("--engine: {e}"))?),
            "st" => spec.tc = Some(TimeControl::parse_st(v).map_err(|e| format!("--engine: {e}"))?),
            "depth" => match v.parse::<u32>() {
                Ok(d) if (1..=1000).contains(&d) => spec.tc = Some(TimeControl::Depth(d)),
                _ => return Err(format!("--engine: depth must be 1 to 1000, not '{v}'")),
            },
            "nodes" => match v.parse::<u64>() {
                Ok(n) if n >= 1 => spec.tc = Some(TimeControl::Nodes(n)),
                _ => {
                    return Err(format!(
                        "--engine: nodes must be a positive count, not '{v}'"
                    ));
                }
            },
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
