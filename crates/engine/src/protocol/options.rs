//! Every option the engine offers, in one table: its name and type in each dialect, and what
//! a value does (the `Setting` it becomes). The `uci` and `ucci` handshakes are written from
//! the table and `setoption` lines are read through it, so an option is added in one place.

use super::command::{Command, Setting, boolean, spin, string_value};
use crate::book::choose::Variety;
use crate::engine::strength::{ELO_MAX, ELO_MIN, MAX_LEVEL};
use crate::engine::{DEFAULT_HASH_MB, MAX_HASH_MB, MAX_MULTIPV, MAX_THREADS};
use crate::evaluation::{BUILTIN, DEFAULT_BLEND};
use crate::search::SearchParams;
use crate::time::DEFAULT_OVERHEAD;
use jiangjun_rules::GameKind;
use std::time::Duration;

/// How a dialect offers an option to the GUI.
#[derive(Clone, Debug, PartialEq)]
pub enum Type {
    Check {
        default: bool,
    },
    Spin {
        default: i64,
        min: i64,
        max: i64,
    },
    Combo {
        default: &'static str,
        vars: Vec<&'static str>,
    },
    Button,
    Text {
        default: &'static str,
    },
}

/// An option as one dialect names and types it.
#[derive(Clone, Debug)]
pub struct Offered {
    pub name: &'static str,
    pub ty: Type,
}

/// A value as `setoption` gives it, read by the option's type.
#[derive(Clone, Copy, Debug)]
pub enum Value<'a> {
    Flag(bool),
    /// A spin's value, already clamped into its range.
    Number(i64),
    /// A combo's or a string's text (a string's `<empty>` already empty).
    Text(&'a str),
    Press,
}

/// One option of the engine.
pub struct EngineOption {
    /// Its name and type under UCI; `None` where UCI has no such option.
    pub uci: Option<Offered>,
    /// Its name and type under UCCI; `None` where UCCI has none.
    pub ucci: Option<Offered>,
    /// Where it stands in the `ucci` handshake (ElephantEye's order, which UCCI GUIs know);
    /// the `uci` handshake follows the table's order.
    pub ucci_rank: u8,
    /// What a value of it does; the `&str` is the name it was set by, for messages.
    pub apply: fn(&str, Value) -> Result<Command, String>,
}

fn set(s: Setting) -> Result<Command, String> {
    Ok(Command::SetOption(s, None))
}

fn offered(name: &'static str, ty: Type) -> Option<Offered> {
    Some(Offered { name, ty })
}

fn spin_of(default: i64, min: i64, max: i64) -> Type {
    Type::Spin { default, min, max }
}

const VARIETIES: [&str; 4] = ["none", "small", "medium", "large"];

/// The options, in the order of the `uci` handshake. `hash_mb` is the table's size now (the
/// default a handshake shows) and `variant` the game being played (`UCI_Variant`'s default).
pub fn table(hash_mb: usize, variant: GameKind) -> Vec<EngineOption> {
    let hash = hash_mb as i64;
    let max_hash = MAX_HASH_MB as i64;
    let max_threads = MAX_THREADS as i64;
    let level = i64::from(MAX_LEVEL);
    vec![
        EngineOption {
            uci: offered("Hash", spin_of(hash, 1, max_hash)),
            // 0 lets the engine choose (UCCI).
            ucci: offered("hashsize", spin_of(hash, 0, max_hash)),
            ucci_rank: 11,
            apply: |_, v| match v {
                Value::Number(0) => set(Setting::HashMb(DEFAULT_HASH_MB)),
                Value::Number(n) => set(Setting::HashMb(n as usize)),
                _ => unreachable!("a spin"),
            },
        },
        EngineOption {
            uci: offered("Threads", spin_of(1, 1, max_threads)),
            // 0 lets the engine choose: one thread per core.
            ucci: offered("threads", spin_of(1, 0, max_threads)),
            ucci_rank: 12,
            apply: |_, v| match v {
                Value::Number(0) => set(Setting::Threads(
                    std::thread::available_parallelism().map_or(1, |n| n.get()),
                )),
                Value::Number(n) => set(Setting::Threads(n as usize)),
                _ => unreachable!("a spin"),
            },
        },
        EngineOption {
            uci: offered("MultiPV", spin_of(1, 1, MAX_MULTIPV as i64)),
            ucci: None,
            ucci_rank: 0,
            apply: |_, v| match v {
                Value::Number(n) => set(Setting::MultiPv(n as usize)),
                _ => unreachable!("a spin"),
            },
        },
        EngineOption {
            uci: offered("Ponder", Type::Check { default: false }),
            ucci: offered("ponder", Type::Check { default: false }),
            ucci_rank: 3,
            apply: |_, v| match v {
                Value::Flag(b) => set(Setting::Ponder(b)),
                _ => unreachable!("a check"),
            },
        },
        EngineOption {
            uci: offered(
                "Move Overhead",
                spin_of(DEFAULT_OVERHEAD.as_millis() as i64, 0, 5000),
            ),
            ucci: None,
            ucci_rank: 0,
            apply: |_, v| match v {
                Value::Number(n) => set(Setting::Overhead(Duration::from_millis(n as u64))),
                _ => unreachable!("a spin"),
            },
        },
        EngineOption {
            uci: offered("Clear Hash", Type::Button),
            ucci: None,
            ucci_rank: 0,
            apply: |_, _| set(Setting::ClearHash),
        },
        EngineOption {
            uci: offered("OwnBook", Type::Check { default: false }),
            ucci: offered("usebook", Type::Check { default: true }),
            ucci_rank: 4,
            apply: |_, v| match v {
                Value::Flag(b) => set(Setting::UseBook(b)),
                _ => unreachable!("a check"),
            },
        },
        EngineOption {
            uci: offered(
                "BookFile",
                Type::Text {
                    default: crate::book::builtin::NAME,
                },
            ),
            ucci: offered(
                "bookfiles",
                Type::Text {
                    default: crate::book::builtin::NAME,
                },
            ),
            ucci_rank: 5,
            apply: |_, v| match v {
                Value::Text(t) => set(Setting::BookFiles(t.to_string())),
                _ => unreachable!("a string"),
            },
        },
        EngineOption {
            uci: offered(
                "BookVariety",
                Type::Combo {
                    default: "medium",
                    vars: VARIETIES.to_vec(),
                },
            ),
            ucci: offered(
                "bookvariety",
                Type::Combo {
                    default: "medium",
                    vars: VARIETIES.to_vec(),
                },
            ),
            ucci_rank: 6,
            apply: |name, v| match v {
                Value::Text(t) => match Variety::named(t) {
                    Some(x) => set(Setting::BookVariety(x)),
                    None => Err(format!(
                        "setoption {name}: expected none, small, medium or large, got '{t}'"
                    )),
                },
                _ => unreachable!("a combo"),
            },
        },
        EngineOption {
            uci: offered("EvalFile", Type::Text { default: BUILTIN }),
            ucci: offered("evalfile", Type::Text { default: BUILTIN }),
            ucci_rank: 7,
            apply: |_, v| match v {
                Value::Text(t) => set(Setting::EvalFile(t.to_string())),
                _ => unreachable!("a string"),
            },
        },
        EngineOption {
            uci: offered("EvalBlend", spin_of(i64::from(DEFAULT_BLEND), 0, 100)),
            ucci: offered("evalblend", spin_of(i64::from(DEFAULT_BLEND), 0, 100)),
            ucci_rank: 8,
            apply: |_, v| match v {
                Value::Number(n) => set(Setting::EvalBlend(n as u8)),
                _ => unreachable!("a spin"),
            },
        },
        EngineOption {
            uci: offered("UCI_ShowWDL", Type::Check { default: false }),
            ucci: offered("showwdl", Type::Check { default: false }),
            ucci_rank: 9,
            apply: |_, v| match v {
                Value::Flag(b) => set(Setting::ShowWdl(b)),
                _ => unreachable!("a check"),
            },
        },
        EngineOption {
            uci: offered("Skill Level", spin_of(level, 0, level)),
            // Skill Level's twin: 0 (weakest) to 20 (full strength).
            ucci: offered("level", spin_of(level, 0, level)),
            ucci_rank: 10,
            apply: |_, v| match v {
                Value::Number(n) => set(Setting::SkillLevel(n as u32)),
                _ => unreachable!("a spin"),
            },
        },
        EngineOption {
            uci: offered("UCI_LimitStrength", Type::Check { default: false }),
            ucci: None,
            ucci_rank: 0,
            apply: |_, v| match v {
                Value::Flag(b) => set(Setting::LimitStrength(b)),
                _ => unreachable!("a check"),
            },
        },
        EngineOption {
            uci: offered(
                "UCI_Elo",
                spin_of(i64::from(ELO_MIN), i64::from(ELO_MIN), i64::from(ELO_MAX)),
            ),
            ucci: None,
            ucci_rank: 0,
            apply: |_, v| match v {
                Value::Number(n) => set(Setting::Elo(n as i32)),
                _ => unreachable!("a spin"),
            },
        },
        EngineOption {
            uci: offered(
                "UCI_Variant",
                Type::Combo {
                    default: variant.name(),
                    vars: GameKind::ALL.iter().map(|k| k.name()).collect(),
                },
            ),
            ucci: None,
            ucci_rank: 0,
            apply: |_, v| match v {
                Value::Text(t) => match GameKind::named(t) {
                    Some(k) => set(Setting::Variant(k)),
                    None => Err(format!(
                        "setoption UCI_Variant: expected {}, not '{t}'",
                        GameKind::ALL.map(GameKind::name).join(" or "),
                    )),
                },
                _ => unreachable!("a combo"),
            },
        },
        // UCCI's own: the unit of `go time`, batch mode, debug output, evaluation jitter, and
        // `newgame` as an option (ElephantEye's).
        EngineOption {
            uci: None,
            ucci: offered("usemillisec", Type::Check { default: true }),
            ucci_rank: 0,
            apply: |_, v| match v {
                Value::Flag(b) => set(Setting::MilliSeconds(b)),
                _ => unreachable!("a check"),
            },
        },
        EngineOption {
            uci: None,
            ucci: offered("batch", Type::Check { default: false }),
            ucci_rank: 1,
            apply: |_, v| match v {
                Value::Flag(b) => set(Setting::Batch(b)),
                _ => unreachable!("a check"),
            },
        },
        EngineOption {
            uci: None,
            ucci: offered("debug", Type::Check { default: false }),
            ucci_rank: 2,
            apply: |_, v| match v {
                Value::Flag(b) => set(Setting::Debug(b)),
                _ => unreachable!("a check"),
            },
        },
        EngineOption {
            uci: None,
            ucci: offered(
                "randomness",
                Type::Combo {
                    default: "none",
                    vars: vec!["none", "small", "medium", "large"],
                },
            ),
            ucci_rank: 13,
            // ElephantEye's `tiny` and `huge` are read too, though not offered.
            apply: |_, v| match v {
                Value::Text(t) => match t.to_ascii_lowercase().as_str() {
                    "none" => set(Setting::Randomness(0)),
                    "tiny" => set(Setting::Randomness(4)),
                    "small" => set(Setting::Randomness(10)),
                    "medium" => set(Setting::Randomness(20)),
                    "large" => set(Setting::Randomness(40)),
                    "huge" => set(Setting::Randomness(80)),
                    _ => Err(format!(
                        "setoption randomness: expected none, small, medium or large, got '{t}'"
                    )),
                },
                _ => unreachable!("a combo"),
            },
        },
        EngineOption {
            uci: None,
            ucci: offered("newgame", Type::Button),
            ucci_rank: 14,
            apply: |_, _| Ok(Command::NewGame),
        },
    ]
}

/// Other names a dialect reads for an option (ElephantEye's `selectivity` for `randomness`).
fn canonical_ucci(name: &str) -> &str {
    match name {
        "selectivity" => "randomness",
        other => other,
    }
}

/// Which dialect's names and types to use.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DialectKind {
    Uci,
    Ucci,
}

impl EngineOption {
    fn offered(&self, dialect: DialectKind) -> Option<&Offered> {
        match dialect {
            DialectKind::Uci => self.uci.as_ref(),
            DialectKind::Ucci => self.ucci.as_ref(),
        }
    }
}

/// The options' lines of a handshake, in the dialect's order and wording.
pub fn handshake(dialect: DialectKind, hash_mb: usize, variant: GameKind) -> Vec<String> {
    let mut options: Vec<(u8, Offered)> = table(hash_mb, variant)
        .into_iter()
        .filter_map(|o| o.offered(dialect).cloned().map(|x| (o.ucci_rank, x)))
        .collect();
    if dialect == DialectKind::Ucci {
        options.sort_by_key(|(rank, _)| *rank);
    }
    options
        .iter()
        .map(|(_, o)| match dialect {
            DialectKind::Uci => uci_line(o),
            DialectKind::Ucci => ucci_line(o),
        })
        .collect()
}

/// `option name Hash type spin default 64 min 1 max 65536`: UCI's order of the fields.
fn uci_line(o: &Offered) -> String {
    let name = o.name;
    match &o.ty {
        Type::Check { default } => format!("option name {name} type check default {default}"),
        Type::Spin { default, min, max } => {
            format!("option name {name} type spin default {default} min {min} max {max}")
        }
        Type::Combo { default, vars } => format!(
            "option name {name} type combo default {default} var {}",
            vars.join(" var ")
        ),
        Type::Button => format!("option name {name} type button"),
        Type::Text { default } => format!("option name {name} type string default {default}"),
    }
}

/// `option hashsize type spin min 0 max 65536 default 64`: UCCI's (ElephantEye's) order.
fn ucci_line(o: &Offered) -> String {
    let name = o.name;
    match &o.ty {
        Type::Check { default } => format!("option {name} type check default {default}"),
        Type::Spin { default, min, max } => {
            format!("option {name} type spin min {min} max {max} default {default}")
        }
        Type::Combo { default, vars } => format!(
            "option {name} type combo var {} default {default}",
            vars.join(" var ")
        ),
        Type::Button => format!("option {name} type button"),
        Type::Text { default } => format!("option {name} type string default {default}"),
    }
}

/// A `setoption` for the option named `name` (any case) with `value`, read by the table: the
/// command it becomes, `None` for a name the dialect does not offer, or an error saying what is
/// wrong with the value. A spin's value out of range is clamped, with a message.
pub fn read(
    dialect: DialectKind,
    name: &str,
    value: Option<&str>,
) -> Option<Result<Command, String>> {
    let lower = name.to_ascii_lowercase();
    let wanted = match dialect {
        DialectKind::Uci => lower.as_str(),
        DialectKind::Ucci => canonical_ucci(&lower),
    };
    let options = table(DEFAULT_HASH_MB, GameKind::Xiangqi);
    let Some(option) = options.iter().find(|o| {
        o.offered(dialect)
            .is_some_and(|x| x.name.eq_ignore_ascii_case(wanted))
    }) else {
        return read_tuned(name, value);
    };
    let offered = option.offered(dialect).expect("found by its offer");
    let shown = offered.name;
    let text = string_value(value);
    let mut warning = None;
    let value = match &offered.ty {
        Type::Check { .. } => match value.and_then(boolean) {
            Some(b) => Value::Flag(b),
            None => {
                return Some(Err(format!(
                    "setoption {shown}: expected true or false, got '{}'",
                    value.unwrap_or("")
                )));
            }
        },
        Type::Spin { min, max, .. } => match spin(shown, value, *min, *max) {
            Ok((n, w)) => {
                warning = w;
                Value::Number(n)
            }
            Err(e) => return Some(Err(e)),
        },
        Type::Combo { .. } => Value::Text(value.unwrap_or("")),
        Type::Text { .. } => Value::Text(&text),
        Type::Button => Value::Press,
    };
    Some((option.apply)(shown, value).map(|command| match command {
        Command::SetOption(s, None) => Command::SetOption(s, warning),
        other => other,
    }))
}

/// The prefix of the hidden options that set the search's tunable numbers.
const TUNE_PREFIX: &str = "Tune_";

/// A `setoption` of a hidden `Tune_<name>` option (any case), `None` for any other name. Not in
/// the handshake: a GUI has no use for them, a tuner knows their names (`search/params.rs`).
fn read_tuned(name: &str, value: Option<&str>) -> Option<Result<Command, String>> {
    let prefix = name.get(..TUNE_PREFIX.len())?;
    if !prefix.eq_ignore_ascii_case(TUNE_PREFIX) {
        return None;
    }
    let rest = &name[TUNE_PREFIX.len()..];
    let spec = SearchParams::SPECS
        .iter()
        .find(|s| s.name.eq_ignore_ascii_case(rest))?;
    Some(
        spin(name, value, i64::from(spec.min), i64::from(spec.max))
            .map(|(n, warning)| Command::SetOption(Setting::Tune(spec.name, n as i32), warning)),
    )
}
