//! UCCI, the Universal Chinese Chess Protocol (ElephantEye, XiangQi Wizard, the UCCI league),
//! and `d` (the board), which users of Stockfish-family engines type in any dialect.
//! Times in `go` are seconds unless `usemillisec` is on; we advertise it on by default, as
//! ElephantEye and Fairy-Stockfish do, so the advertised default matches what we assume.

use super::book::ShownBook;
use super::command::{Command, Go, Setting, count_limit, go_number, is, millis, parse_position};
use super::options::{self, DialectKind};
use super::session::{Dialect, ShownInfo};
use crate::search::{MATE, ShownScore};
use jiangjun_rules::{GameKind, Side};

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

    /// `setoption NAME [VALUE…]`, UCCI's form, or `setoption name NAME [value VALUE…]`, UCI's,
    /// which some UCCI clients send (PyPI `cchess`); the names are UCCI's either way.
    fn setoption(&mut self, words: &[&str]) -> Command {
        let (name, value) = match words.split_first() {
            None => return Command::Error("setoption: needs an option name".into()),
            Some((first, rest)) if is(first, "name") && !rest.is_empty() => {
                let value_at = rest.iter().position(|w| is(w, "value"));
                let name = rest[..value_at.unwrap_or(rest.len())].join(" ");
                let value = value_at.map(|i| rest[i + 1..].join(" "));
                (name, value.filter(|v| !v.is_empty()))
            }
            Some((first, rest)) => (
                first.to_string(),
                (!rest.is_empty()).then(|| rest.join(" ")),
            ),
        };
        match options::read(DialectKind::Ucci, &name, value.as_deref()) {
            Some(Ok(command)) => command,
            Some(Err(e)) => Command::Error(e),
            // Unknown names are ignored, as the protocol says: XiangQi Wizard sends its own
            // settings whatever the engine advertised. Said where a curious user looks
            // (`RUST_LOG=info`), not as a warning every GUI would trigger.
            None => {
                log::info!("setoption {name}: not an option of jiangjun; ignored");
                Command::Nothing
            }
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
            format!("id name jiangjun {}", crate::build_info::version()),
            "id copyright GPL-3.0-or-later".into(),
            "id author the jiangjun developers".into(),
        ]
        .into_iter()
        .chain(options::handshake(
            DialectKind::Ucci,
            hash_mb,
            GameKind::Xiangqi,
        ))
        .chain(["ucciok".to_string()])
        .collect()
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
            // Stockfish's and Pikafish's `d`, which engine users type in either dialect.
            "d" => Command::Display,
            "flip" => Command::Flip,
            "eval" => Command::Eval,
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

    fn no_legal_move(&self, _lost: bool) -> Option<String> {
        None // `nobestmove` says it all (ElephantEye)
    }

    fn refusal(&self, text: &str) -> Option<String> {
        self.message(text)
    }

    fn quit_reply(&self) -> Option<String> {
        Some("bye".into())
    }

    fn book(&self, b: &ShownBook) -> Vec<String> {
        // ElephantEye's way of showing its book moves: a depth-0 line per move, heaviest
        // first, the weight as the score. The move drawn is often not the last of them, and
        // GUIs take the last line shown for the move played: it is shown once more, last.
        let line = |(m, w): &(String, u16)| format!("info depth 0 score {w} pv {m}");
        let mut lines: Vec<String> = b.candidates.iter().map(line).collect();
        if b.candidates.last().map(|(m, _)| m) != Some(&b.best)
            && let Some(chosen) = b.candidates.iter().find(|(m, _)| *m == b.best)
        {
            lines.push(line(chosen));
        }
        lines
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
