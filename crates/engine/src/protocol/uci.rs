//! UCI for Xiangqi in the Pikafish ("Cyclone") convention: standard UCI commands, ranks 0–9,
//! `score cp`/`score mate`, `bestmove (none)` with no legal move. Also the Stockfish extras
//! `d`, `go perft N` and `bench`, and the prefix-less `fen …`/`startpos …` lines that older
//! Cyclone-dialect GUIs send.

use super::book::ShownBook;
use super::command::{
    Command, Go, Setting, book_variety, boolean, count, count_limit, go_number, is, millis,
    parse_position, spin, string_value,
};
use super::session::{Dialect, ShownInfo};
use super::variant::DEFAULT_EVAL_BLEND;
use crate::engine::strength::{ELO_MAX, ELO_MIN, MAX_LEVEL};
use crate::engine::{MAX_HASH_MB, MAX_MULTIPV, MAX_THREADS};
use crate::nnue::builtin;
use crate::search::ShownScore;
use crate::time::DEFAULT_OVERHEAD;
use jiangjun_rules::GameKind;
use jiangjun_rules::Side;
use std::time::Duration;

/// The UCI dialect, for the game named `variant` (the default of the `UCI_Variant` combo).
pub struct Uci {
    pub variant: GameKind,
}

impl Default for Uci {
    fn default() -> Uci {
        Uci {
            variant: GameKind::Xiangqi,
        }
    }
}

const KEYWORDS: [&str; 13] = [
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "movetime",
    "depth",
    "nodes",
    "mate",
    "infinite",
    "ponder",
    "searchmoves",
    "perft",
];

impl Uci {
    fn setoption(&self, words: &[&str]) -> Command {
        // setoption name <words…> [value <words…>]
        if !words.first().is_some_and(|w| is(w, "name")) {
            return Command::Error("setoption: expected 'setoption name <id> [value <x>]'".into());
        }
        let value_at = words.iter().position(|w| is(w, "value"));
        let name = words[1..value_at.unwrap_or(words.len())].join(" ");
        let value = value_at.map(|i| words[i + 1..].join(" "));
        let v = value.as_deref();
        let flag = |name: &str| match v.and_then(boolean) {
            Some(b) => Ok(b),
            None => Err(format!(
                "setoption {name}: expected true or false, got '{}'",
                v.unwrap_or("")
            )),
        };
        let setting = match name.to_ascii_lowercase().as_str() {
            "hash" => spin("Hash", v, 1, MAX_HASH_MB as i64)
                .map(|(n, w)| (Setting::HashMb(n as usize), w)),
            "threads" => spin("Threads", v, 1, MAX_THREADS as i64)
                .map(|(n, w)| (Setting::Threads(n as usize), w)),
            "multipv" => spin("MultiPV", v, 1, MAX_MULTIPV as i64)
                .map(|(n, w)| (Setting::MultiPv(n as usize), w)),
            "ponder" => flag("Ponder").map(|b| (Setting::Ponder(b), None)),
            "move overhead" => spin("Move Overhead", v, 0, 5000)
                .map(|(n, w)| (Setting::Overhead(Duration::from_millis(n as u64)), w)),
            "clear hash" => Ok((Setting::ClearHash, None)),
            "ownbook" => flag("OwnBook").map(|b| (Setting::UseBook(b), None)),
            "bookfile" => Ok((Setting::BookFiles(string_value(v)), None)),
            "evalfile" => Ok((Setting::EvalFile(string_value(v)), None)),
            "evalblend" => {
                spin("EvalBlend", v, 0, 100).map(|(n, w)| (Setting::EvalBlend(n as u8), w))
            }
            "bookvariety" => {
                book_variety("BookVariety", v).map(|x| (Setting::BookVariety(x), None))
            }
            "uci_showwdl" => flag("UCI_ShowWDL").map(|b| (Setting::ShowWdl(b), None)),
            "skill level" => spin("Skill Level", v, 0, i64::from(MAX_LEVEL))
                .map(|(n, w)| (Setting::SkillLevel(n as u32), w)),
            "uci_limitstrength" => {
                flag("UCI_LimitStrength").map(|b| (Setting::LimitStrength(b), None))
            }
            "uci_elo" => spin("UCI_Elo", v, i64::from(ELO_MIN), i64::from(ELO_MAX))
                .map(|(n, w)| (Setting::Elo(n as i32), w)),
            "uci_variant" => match v.and_then(GameKind::named) {
                Some(k) => Ok((Setting::Variant(k), None)),
                None => Err(format!(
                    "setoption UCI_Variant: expected {}, not '{}'",
                    variant_names().join(" or "),
                    v.unwrap_or("")
                )),
            },
            "" => Err("setoption: the option name is missing".into()),
            _ => Err(format!("setoption: no such option '{name}'")),
        };
        match setting {
            Ok((s, warning)) => Command::SetOption(s, warning),
            Err(e) => Command::Error(e),
        }
    }

    fn go(&self, words: &[&str], side: Side) -> Command {
        let mut go = Go::default();
        let (mut wtime, mut btime, mut winc, mut binc) = (None, None, None, None);
        let mut i = 0;
        while i < words.len() {
            let w = words[i].to_ascii_lowercase();
            match w.as_str() {
                "infinite" => go.limits.infinite = true,
                "ponder" => go.limits.ponder = true,
                "searchmoves" => {
                    while let Some(m) = words
                        .get(i + 1)
                        .filter(|m| !KEYWORDS.iter().any(|k| is(m, k)))
                    {
                        go.searchmoves.push(m.to_string());
                        i += 1;
                    }
                }
                "perft" => {
                    return match go_number(words, i, &mut go) {
                        Some(v) => Command::Perft(count(v, u32::MAX)),
                        None => Command::Error("go perft: needs a depth".into()),
                    };
                }
                "wtime" | "btime" | "winc" | "binc" | "movestogo" | "movetime" | "depth"
                | "nodes" | "mate" => {
                    if let Some(v) = go_number(words, i, &mut go) {
                        match w.as_str() {
                            "wtime" => wtime = Some(millis(v)),
                            "btime" => btime = Some(millis(v)),
                            "winc" => winc = Some(millis(v)),
                            "binc" => binc = Some(millis(v)),
                            "movetime" => go.limits.move_time = Some(millis(v)),
                            _ => count_limit(&mut go.limits, &w, v),
                        }
                        i += 1;
                    }
                }
                other => go
                    .warnings
                    .push(format!("go: unknown word '{other}' ignored")),
            }
            i += 1;
        }
        let (time, inc) = match side {
            Side::Red => (wtime, winc),
            Side::Black => (btime, binc),
        };
        go.limits.time = time;
        go.limits.increment = inc.unwrap_or_default();
        let limited = go.limits.time.is_some()
            || go.limits.move_time.is_some()
            || go.limits.depth.is_some()
            || go.limits.nodes.is_some()
            || go.limits.mate.is_some();
        if !limited && !go.limits.ponder {
            // A bare `go` searches until `stop`, as in Stockfish.
            go.limits.infinite = true;
        }
        Command::Go(go)
    }
}

fn variant_names() -> Vec<&'static str> {
    GameKind::ALL.iter().map(|k| k.name()).collect()
}

impl Dialect for Uci {
    fn handshake(&self, hash_mb: usize) -> Vec<String> {
        vec![
            format!("id name jiangjun {}", env!("CARGO_PKG_VERSION")),
            "id author the jiangjun developers".into(),
            format!("option name Hash type spin default {hash_mb} min 1 max {MAX_HASH_MB}"),
            format!("option name Threads type spin default 1 min 1 max {MAX_THREADS}"),
            format!("option name MultiPV type spin default 1 min 1 max {MAX_MULTIPV}"),
            "option name Ponder type check default false".into(),
            format!(
                "option name Move Overhead type spin default {} min 0 max 5000",
                DEFAULT_OVERHEAD.as_millis()
            ),
            "option name Clear Hash type button".into(),
            "option name OwnBook type check default false".into(),
            "option name BookFile type string default <empty>".into(),
            "option name BookVariety type combo default medium var none var small var medium var large"
                .into(),
            format!("option name EvalFile type string default {}", builtin::NAME),
            format!("option name EvalBlend type spin default {DEFAULT_EVAL_BLEND} min 0 max 100"),
            "option name UCI_ShowWDL type check default false".into(),
            format!("option name Skill Level type spin default {MAX_LEVEL} min 0 max {MAX_LEVEL}"),
            "option name UCI_LimitStrength type check default false".into(),
            format!("option name UCI_Elo type spin default {ELO_MIN} min {ELO_MIN} max {ELO_MAX}"),
            format!(
                "option name UCI_Variant type combo default {} var {}",
                self.variant.name(),
                variant_names().join(" var ")
            ),
            "uciok".into(),
        ]
    }

    fn parse(&mut self, line: &str, side: Side) -> Command {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((first, rest)) = words.split_first() else {
            return Command::Nothing;
        };
        let position = |args: &[&str]| match parse_position(args, "position") {
            Ok((fen, moves)) => Command::Position { fen, moves },
            Err(e) => Command::Error(e),
        };
        match first.to_ascii_lowercase().as_str() {
            "isready" => Command::IsReady,
            "setoption" => self.setoption(rest),
            "ucinewgame" => Command::NewGame,
            "position" => position(rest),
            // Older Cyclone-dialect GUIs leave out the `position` keyword.
            "fen" | "startpos" => position(&words),
            "go" => self.go(rest, side),
            "ponderhit" => Command::PonderHit { draw: false },
            "stop" => Command::Stop,
            "quit" => Command::Quit,
            "d" => Command::Display,
            "bench" => Command::Bench,
            "uci" => Command::Nothing,
            // UCI's `debug on|off` (Arena sends it): our debug output is the stderr log.
            "debug" => match rest.first().and_then(|w| boolean(w)) {
                Some(b) => Command::SetOption(Setting::Debug(b), None),
                None => Command::Error("debug: expected 'on' or 'off'".into()),
            },
            // UCI's `register`: jiangjun needs no registration.
            "register" => Command::Nothing,
            other => Command::Error(format!(
                "unknown command '{}'",
                other.chars().take(40).collect::<String>()
            )),
        }
    }

    fn info(&self, i: &ShownInfo, wdl: Option<[u32; 3]>) -> String {
        let mut score = match ShownScore::from_internal(i.score) {
            ShownScore::Cp(cp) => format!("cp {cp}"),
            ShownScore::Mate(n) => format!("mate {n}"),
        };
        if let Some([w, d, l]) = wdl {
            // Where Stockfish puts it: right after the score.
            score.push_str(&format!(" wdl {w} {d} {l}"));
        }
        let nps = i.nps();
        format!(
            "info depth {} seldepth {} multipv {} score {score} nodes {} nps {nps} hashfull {} tbhits 0 time {} pv {}",
            i.depth,
            i.seldepth,
            i.multipv,
            i.nodes,
            i.hashfull,
            i.time.as_millis(),
            i.pv.join(" ")
        )
    }

    fn currmove(&self, depth: u32, mv: &str, number: usize) -> String {
        format!("info depth {depth} currmove {mv} currmovenumber {number}")
    }

    fn bestmove(&self, best: Option<&str>, ponder: Option<&str>, _draw: bool) -> String {
        match (best, ponder) {
            (None, _) => "bestmove (none)".into(),
            (Some(b), Some(p)) => format!("bestmove {b} ponder {p}"),
            (Some(b), None) => format!("bestmove {b}"),
        }
    }

    fn message(&self, text: &str) -> Option<String> {
        Some(format!("info string {text}"))
    }

    fn quit_reply(&self) -> Option<String> {
        None
    }

    fn book(&self, b: &ShownBook) -> Vec<String> {
        let total: u32 = b.candidates.iter().map(|(_, w)| u32::from(*w)).sum();
        let weight = b
            .candidates
            .iter()
            .find(|(m, _)| *m == b.best)
            .map_or(0, |(_, w)| *w);
        let list: Vec<String> = b
            .candidates
            .iter()
            .map(|(m, w)| format!("{m} {w}"))
            .collect();
        vec![format!(
            "info string book move {} (weight {weight} of {total}: {}) from {}",
            b.best,
            list.join(", "),
            b.file
        )]
    }

    fn idle_stop_reply(&self) -> Option<String> {
        None
    }

    fn pophash(&self, _e: Option<(Option<String>, i32, i32, crate::tt::Bound)>) -> String {
        String::new()
    }
}
