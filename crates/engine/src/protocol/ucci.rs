//! UCCI, the Universal Chinese Chess Protocol (ElephantEye, XiangQi Wizard, the UCCI league).
//! Times in `go` are seconds unless `usemillisec` is on; we advertise it on by default, as
//! ElephantEye and Fairy-Stockfish do, so the advertised default matches what we assume.

use super::book::ShownBook;
use super::command::{
    Command, Go, Setting, book_variety, boolean, count_limit, go_number, is, millis,
    parse_position, spin, string_value,
};
use super::session::{Dialect, ShownInfo};
use super::variant::DEFAULT_EVAL_BLEND;
use crate::engine::strength::MAX_LEVEL;
use crate::engine::{DEFAULT_HASH_MB, MAX_HASH_MB, MAX_THREADS};
use crate::nnue::builtin;
use crate::search::{MATE, ShownScore};
use jiangjun_rules::Side;

pub struct Ucci {
    millis: bool,
    /// The engine's value of a horse, so that scores come out as "100 = one horse".
    minor: i32,
}

impl Ucci {
    pub fn new(minor_piece_value: i32) -> Ucci {
        Ucci {
            millis: true,
            minor: minor_piece_value.max(1),
        }
    }

    fn score(&self, internal: i32) -> i32 {
        match ShownScore::from_internal(internal) {
            // ElephantEye's convention: a mate is 10000 minus its distance in plies.
            ShownScore::Mate(_) if internal > 0 => 10_000 - (MATE - internal),
            ShownScore::Mate(_) => -10_000 + (MATE + internal),
            ShownScore::Cp(cp) => (cp * 100 / self.minor).clamp(-9_000, 9_000),
        }
    }

    fn setoption(&mut self, words: &[&str]) -> Command {
        let Some((name, rest)) = words.split_first() else {
            return Command::Error("setoption: needs an option name".into());
        };
        let value = (!rest.is_empty()).then(|| rest.join(" "));
        let v = value.as_deref();
        let flag = |name: &str| match v.and_then(boolean) {
            Some(b) => Ok(b),
            None => Err(format!(
                "setoption {name}: expected true or false, got '{}'",
                v.unwrap_or("")
            )),
        };
        // The message when a spin value was clamped into range.
        let mut warning = None;
        let setting = match name.to_ascii_lowercase().as_str() {
            "usemillisec" => flag("usemillisec").map(Setting::MilliSeconds),
            "hashsize" => spin("hashsize", v, 0, MAX_HASH_MB as i64).map(|(n, warn)| {
                // 0 lets the engine choose (UCCI).
                let mb = if n == 0 { DEFAULT_HASH_MB } else { n as usize };
                warning = warn;
                Setting::HashMb(mb)
            }),
            "threads" => spin("threads", v, 0, MAX_THREADS as i64).map(|(n, warn)| {
                // 0 lets the engine choose: one thread per core.
                let auto = std::thread::available_parallelism().map_or(1, |n| n.get());
                warning = warn;
                Setting::Threads(if n == 0 { auto } else { n as usize })
            }),
            "ponder" => flag("ponder").map(Setting::Ponder),
            "batch" => flag("batch").map(Setting::Batch),
            "debug" => flag("debug").map(Setting::Debug),
            "showwdl" => flag("showwdl").map(Setting::ShowWdl),
            // Skill Level's twin: 0 (weakest) to 20 (full strength).
            "level" => spin("level", v, 0, i64::from(MAX_LEVEL)).map(|(n, warn)| {
                warning = warn;
                Setting::SkillLevel(n as u32)
            }),
            "newgame" => return Command::NewGame,
            "randomness" | "selectivity" => match v.map(str::to_ascii_lowercase).as_deref() {
                Some("none") => Ok(Setting::Randomness(0)),
                Some("tiny") => Ok(Setting::Randomness(4)),
                Some("small") => Ok(Setting::Randomness(10)),
                Some("medium") => Ok(Setting::Randomness(20)),
                Some("large") => Ok(Setting::Randomness(40)),
                Some("huge") => Ok(Setting::Randomness(80)),
                _ => Err(format!(
                    "setoption randomness: expected none, small, medium or large, got '{}'",
                    v.unwrap_or("")
                )),
            },
            "usebook" => flag("usebook").map(Setting::UseBook),
            // The rest of the line is the list: paths may hold spaces.
            "bookfiles" => Ok(Setting::BookFiles(string_value(v))),
            "bookvariety" => book_variety("bookvariety", v).map(Setting::BookVariety),
            "evalfile" => Ok(Setting::EvalFile(string_value(v))),
            "evalblend" => spin("evalblend", v, 0, 100).map(|(n, warn)| {
                warning = warn;
                Setting::EvalBlend(n as u8)
            }),
            // Unknown names are ignored silently: XiangQi Wizard sends its own settings
            // whatever the engine advertised.
            _ => return Command::Nothing,
        };
        match setting {
            Ok(s) => Command::SetOption(s, warning),
            Err(e) => Command::Error(e),
        }
    }

    fn go(&self, words: &[&str]) -> Command {
        let mut go = Go::default();
        let unit = |v: f64| {
            if self.millis {
                millis(v)
            } else {
                millis(v * 1000.0)
            }
        };
        let mut i = 0;
        while i < words.len() {
            let w = words[i].to_ascii_lowercase();
            let mut takes_number = true;
            match w.as_str() {
                "ponder" => {
                    go.limits.ponder = true;
                    takes_number = false;
                }
                "draw" => {
                    go.draw = true;
                    takes_number = false;
                }
                "infinite" => {
                    go.limits.infinite = true;
                    takes_number = false;
                }
                "depth" | "nodes" | "time" | "movestogo" | "increment" | "opptime"
                | "oppmovestogo" | "oppincrement" | "mate" | "movetime" => {
                    match go_number(words, i, &mut go) {
                        Some(v) => match w.as_str() {
                            "time" => go.limits.time = Some(unit(v)),
                            "increment" => go.limits.increment = unit(v),
                            "movetime" => go.limits.move_time = Some(unit(v)),
                            "depth" | "nodes" | "movestogo" | "mate" => {
                                count_limit(&mut go.limits, &w, v)
                            }
                            _ => {} // the opponent's clock does not change our plan
                        },
                        // The word after the keyword was not its number: read it next.
                        None => takes_number = false,
                    }
                }
                other => {
                    go.warnings
                        .push(format!("go: unknown word '{other}' ignored"));
                    takes_number = false;
                }
            }
            i += if takes_number { 2 } else { 1 };
        }
        if go.limits.ponder && go.draw {
            go.warnings
                .push("go: 'ponder' and 'draw' do not combine; the draw offer is ignored".into());
            go.draw = false;
        }
        Command::Go(go)
    }
}

impl Dialect for Ucci {
    fn handshake(&self, hash_mb: usize) -> Vec<String> {
        vec![
            format!("id name jiangjun {}", env!("CARGO_PKG_VERSION")),
            "id copyright GPL-3.0-or-later".into(),
            "id author the jiangjun developers".into(),
            "option usemillisec type check default true".into(),
            "option batch type check default false".into(),
            "option debug type check default false".into(),
            "option ponder type check default false".into(),
            "option usebook type check default true".into(),
            "option bookfiles type string default <empty>".into(),
            "option bookvariety type combo var none var small var medium var large default medium"
                .into(),
            format!("option evalfile type string default {}", builtin::NAME),
            format!("option evalblend type spin min 0 max 100 default {DEFAULT_EVAL_BLEND}"),
            "option showwdl type check default false".into(),
            format!("option level type spin min 0 max {MAX_LEVEL} default {MAX_LEVEL}"),
            format!("option hashsize type spin min 0 max {MAX_HASH_MB} default {hash_mb}"),
            format!("option threads type spin min 0 max {MAX_THREADS} default 1"),
            "option randomness type combo var none var small var medium var large default none"
                .into(),
            "option newgame type button".into(),
            "ucciok".into(),
        ]
    }

    fn parse(&mut self, line: &str, _side: Side) -> Command {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((first, rest)) = words.split_first() else {
            return Command::Nothing;
        };
        match first.to_ascii_lowercase().as_str() {
            "isready" => Command::IsReady,
            "setoption" => {
                let cmd = self.setoption(rest);
                if let Command::SetOption(Setting::MilliSeconds(on), _) = cmd {
                    self.millis = on;
                }
                cmd
            }
            "position" => match parse_position(rest, "position") {
                Ok((fen, moves)) => Command::Position { fen, moves },
                Err(e) => Command::Error(e),
            },
            "banmoves" => Command::BanMoves(rest.iter().map(|m| m.to_string()).collect()),
            "go" => self.go(rest),
            "ponderhit" => Command::PonderHit {
                draw: rest.first().is_some_and(|w| is(w, "draw")),
            },
            "stop" => Command::Stop,
            "probe" => match parse_position(rest, "probe") {
                Ok((fen, moves)) => Command::Probe { fen, moves },
                Err(e) => Command::Error(e),
            },
            "quit" => Command::Quit,
            "ucci" => Command::Nothing,
            other => Command::Error(format!(
                "unknown command '{}'",
                other.chars().take(40).collect::<String>()
            )),
        }
    }

    fn info(&self, i: &ShownInfo, wdl: Option<[u32; 3]>) -> String {
        let nps = i.nps();
        let wdl = wdl.map_or(String::new(), |[w, d, l]| format!(" wdl {w} {d} {l}"));
        format!(
            "info depth {} seldepth {} score {}{wdl} nodes {} nps {} hashfull {} time {} pv {}",
            i.depth,
            i.seldepth,
            self.score(i.score),
            i.nodes,
            nps,
            i.hashfull,
            i.time.as_millis(),
            i.pv.join(" ")
        )
    }

    fn currmove(&self, _depth: u32, mv: &str, number: usize) -> String {
        format!("info currmove {mv} currmovenumber {number}")
    }

    fn bestmove(&self, best: Option<&str>, ponder: Option<&str>, draw: bool) -> String {
        match (best, ponder) {
            (None, _) => "nobestmove".into(),
            (Some(b), p) => {
                let mut s = format!("bestmove {b}");
                if let Some(p) = p {
                    s.push_str(&format!(" ponder {p}"));
                }
                if draw {
                    s.push_str(" draw");
                }
                s
            }
        }
    }

    fn message(&self, _text: &str) -> Option<String> {
        // UCCI has no `info string`; messages go to stderr only.
        None
    }

    fn quit_reply(&self) -> Option<String> {
        Some("bye".into())
    }

    fn book(&self, b: &ShownBook) -> Vec<String> {
        // ElephantEye's way of showing its book moves: a depth-0 line per move, the weight
        // as the score.
        b.candidates
            .iter()
            .map(|(m, w)| format!("info depth 0 score {w} pv {m}"))
            .collect()
    }

    fn idle_stop_reply(&self) -> Option<String> {
        Some("nobestmove".into())
    }

    fn pophash(&self, e: Option<(Option<String>, i32, i32, crate::tt::Bound)>) -> String {
        use crate::tt::Bound;
        let Some((mv, score, depth, bound)) = e else {
            return "pophash".into();
        };
        let mut s = "pophash".to_string();
        if let Some(m) = mv {
            s.push_str(&format!(" bestmove {m}"));
        }
        let v = self.score(score);
        if matches!(bound, Bound::Lower | Bound::Exact) {
            s.push_str(&format!(" lowerbound {v} depth {depth}"));
        }
        if matches!(bound, Bound::Upper | Bound::Exact) {
            s.push_str(&format!(" upperbound {v} depth {depth}"));
        }
        s
    }
}
