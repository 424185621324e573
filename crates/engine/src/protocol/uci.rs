//! UCI for Xiangqi in the Pikafish ("Cyclone") convention: standard UCI commands, ranks 0–9,
//! `score cp`/`score mate`, `bestmove (none)` with no legal move. Also the Stockfish extras
//! `d`, `go perft N` and `bench`, and the prefix-less `fen …`/`startpos …` lines that older
//! Cyclone-dialect GUIs send.

use super::book::ShownBook;
use super::command::{
    Command, Go, Setting, boolean, count, count_limit, go_number, is, millis, parse_position,
};
use super::options::{self, DialectKind};
use super::session::{Dialect, ShownInfo};
use crate::search::ShownScore;
use jiangjun_rules::GameKind;
use jiangjun_rules::Side;

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
        if name.is_empty() {
            return Command::Error("setoption: the option name is missing".into());
        }
        match options::read(DialectKind::Uci, &name, value.as_deref()) {
            Some(Ok(command)) => command,
            Some(Err(e)) => Command::Error(e),
            None => Command::Error(format!("setoption: no such option '{name}'")),
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

impl Dialect for Uci {
    fn handshake(&self, hash_mb: usize) -> Vec<String> {
        vec![
            format!("id name jiangjun {}", crate::build_info::version()),
            "id author the jiangjun developers".into(),
        ]
        .into_iter()
        .chain(options::handshake(DialectKind::Uci, hash_mb, self.variant))
        .chain(["uciok".to_string()])
        .collect()
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
            // UCCI's, which VinXiangQi sends in both dialects (as Fairy-Stockfish reads it).
            "banmoves" => Command::BanMoves(rest.iter().map(|m| m.to_string()).collect()),
            "stop" => Command::Stop,
            "quit" => Command::Quit,
            "d" => Command::Display,
            "flip" => Command::Flip,
            "eval" => Command::Eval,
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

    fn no_legal_move(&self, lost: bool) -> Option<String> {
        // Stockfish's and Pikafish's line; TCHESS ends its game on this exact text.
        Some(if lost {
            "info depth 0 score mate 0".into()
        } else {
            "info depth 0 score cp 0".into()
        })
    }

    fn refusal(&self, text: &str) -> Option<String> {
        // Pikafish's wording for a position it cannot take, which programs written for it
        // look for (Pikafish then exits; jiangjun carries on without a position).
        Some(format!("info string CRITICAL ERROR: {text}"))
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
