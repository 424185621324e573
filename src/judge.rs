//! `jiangjun judge`: the rules as a referee. Replays moves from a FEN and rules on the final
//! position under the game rules (a position judged at its third occurrence, checkmate,
//! stalemate, the natural-move limit), for arbiters, GUIs and the repetition tests.

use crate::game::xiangqi::{Position, rules};
use crate::game::{Outcome, Reason, Side};
use std::fmt;
use std::process::ExitCode;

/// The occurrence of a position at which the game rules judge a repetition.
pub const GAME_OCCURRENCES: usize = 3;

/// The ruling on a position, in absolute terms (which colour lost).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Ruling {
    /// The game goes on.
    None,
    Draw(Reason),
    /// `Loses(side, reason, detail)`: `side` has lost; `detail` names a chased piece.
    Loses(Side, Reason, Option<String>),
}

impl Ruling {
    /// The verdict word: `red-loses`, `black-loses`, `draw` or `none`.
    pub fn verdict(&self) -> &'static str {
        match self {
            Ruling::None => "none",
            Ruling::Draw(_) => "draw",
            Ruling::Loses(Side::Red, ..) => "red-loses",
            Ruling::Loses(Side::Black, ..) => "black-loses",
        }
    }
}

impl fmt::Display for Ruling {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ruling::None => write!(f, "none"),
            Ruling::Draw(r) => write!(f, "draw: {}", r.describe()),
            Ruling::Loses(_, r, None) => write!(f, "{}: {}", self.verdict(), r.describe()),
            Ruling::Loses(_, r, Some(d)) => {
                write!(f, "{}: {} of {d}", self.verdict(), r.describe())
            }
        }
    }
}

/// Plays `moves` (ICCS) from `fen` and rules on the final position; an error names the bad
/// FEN or the first illegal move.
pub fn judge(fen: &str, moves: &[&str]) -> Result<Ruling, String> {
    let mut pos = Position::from_fen(fen).map_err(|e| e.to_string())?;
    for (i, text) in moves.iter().enumerate() {
        let mv = pos
            .parse_move(text)
            .map_err(|e| format!("move {} '{text}': {e}", i + 1))?;
        pos.make(mv);
    }
    Ok(rule(&pos))
}

/// The game rules' ruling on `pos`, its history included.
pub fn rule(pos: &Position) -> Ruling {
    let to_move = pos.side_to_move();
    if pos.count_legal() == 0 {
        return absolute(rules::no_moves_outcome(pos), to_move, None);
    }
    if let Some(v) = rules::repetition_verdict(pos, GAME_OCCURRENCES) {
        let detail = v
            .chased
            .map(|c| format!("the {} on {}", c.piece.kind().name(), c.square));
        return absolute(v.outcome, to_move, detail);
    }
    match rules::move_limit_outcome(pos) {
        Some(o) => absolute(o, to_move, None),
        None => Ruling::None,
    }
}

fn absolute(o: Outcome, to_move: Side, detail: Option<String>) -> Ruling {
    match o {
        Outcome::Loss(r) => Ruling::Loses(to_move, r, detail),
        Outcome::Win(r) => Ruling::Loses(to_move.flip(), r, detail),
        Outcome::Draw(r) => Ruling::Draw(r),
    }
}

/// The command line: `judge --fen FEN [--moves M1 M2 …]`. Prints the ruling on stdout;
/// usage errors, bad FENs and illegal moves go to stderr with exit code 2.
pub fn run(args: &[String]) -> ExitCode {
    let mut fen = None;
    let mut moves = Vec::new();
    let mut in_moves = false;
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--fen" => {
                i += 1;
                // A FEN may come as one argument or as its space-separated fields.
                let mut parts = Vec::new();
                while i < args.len() && !args[i].starts_with("--") {
                    parts.push(args[i].as_str());
                    i += 1;
                }
                if parts.is_empty() {
                    eprintln!("jiangjun judge: --fen needs a FEN");
                    return ExitCode::from(2);
                }
                fen = Some(parts.join(" "));
                in_moves = false;
                continue;
            }
            "--moves" => in_moves = true,
            m if in_moves => moves.extend(m.split_whitespace().map(str::to_string)),
            other => {
                eprintln!("jiangjun judge: unexpected argument '{other}'");
                return ExitCode::from(2);
            }
        }
        i += 1;
    }
    let Some(fen) = fen else {
        eprintln!("jiangjun judge: give --fen FEN [--moves M1 M2 ...]");
        return ExitCode::from(2);
    };
    let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
    match judge(&fen, &moves) {
        Ok(ruling) => {
            println!("{ruling}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("jiangjun judge: {e}");
            ExitCode::from(2)
        }
    }
}
