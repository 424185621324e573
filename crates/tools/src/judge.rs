//! `jiangjun judge`: the rules as a referee. Replays moves from a FEN and rules on the final
//! position under the game rules (a position judged at its third occurrence, checkmate,
//! stalemate, the natural-move limit; in chess the fifty-move rule and insufficient material),
//! for arbiters, GUIs and the repetition tests.

use jiangjun_rules::GameKind;
use jiangjun_rules::chess;
use jiangjun_rules::xiangqi::notation::{self, Notation};
use jiangjun_rules::xiangqi::{Position, rules};
use jiangjun_rules::{Outcome, Reason, Side};
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

    /// The ruling in chess words: `white-loses` where Xiangqi says `red-loses`.
    pub fn in_chess_words(&self) -> String {
        let text = self.to_string();
        match text.strip_prefix("red-loses") {
            Some(rest) => format!("white-loses{rest}"),
            None => text,
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
    judge_written(fen, moves, None)
}

/// Like `judge`, with moves in any notation (ICCS, WXF or Chinese) when `notation` is given;
/// an illegal move's message then offers the moves of its piece written in `notation`.
pub fn judge_written(
    fen: &str,
    moves: &[&str],
    notation: Option<Notation>,
) -> Result<Ruling, String> {
    let mut pos = Position::from_fen(fen).map_err(|e| e.to_string())?;
    for (i, text) in moves.iter().enumerate() {
        let mv = match notation {
            None => pos.parse_move(text).map_err(|e| e.to_string()),
            Some(n) => notation::parse_offering(&pos, text, n).map_err(|e| e.to_string()),
        }
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

/// Plays `moves` (long algebraic) from the chess `fen` and rules on the final position.
pub fn judge_chess(fen: &str, moves: &[&str]) -> Result<Ruling, String> {
    let mut pos = jiangjun_rules::chess::Position::from_fen(fen).map_err(|e| e.to_string())?;
    for (i, text) in moves.iter().enumerate() {
        let mv = pos
            .parse_move(text)
            .map_err(|e| format!("move {} '{text}': {e}", i + 1))?;
        pos.make(mv);
    }
    let outcome = chess::rules::outcome(&pos, GAME_OCCURRENCES);
    Ok(outcome.map_or(Ruling::None, |o| absolute(o, pos.side_to_move(), None)))
}

fn absolute(o: Outcome, to_move: Side, detail: Option<String>) -> Ruling {
    match o {
        Outcome::Loss(r) => Ruling::Loses(to_move, r, detail),
        Outcome::Win(r) => Ruling::Loses(to_move.flip(), r, detail),
        Outcome::Draw(r) => Ruling::Draw(r),
    }
}

/// Rule on the position after the moves.
///
/// Prints `red-loses` (chess: `white-loses`), `black-loses`, `draw` or `none` and the reason,
/// e.g. `black-loses: perpetual chase of the rook on g6`.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Examples:\n  jiangjun judge --moves h2e2 h9g7              a position after moves from the start\n  jiangjun judge --fen 3k5/4R4/3R5/9/9/9/9/9/9/4K4 b - - 0 1\n  jiangjun judge --notation chinese --moves 炮二平五 马8进7",
    args_override_self = true
)]
pub struct JudgeArgs {
    #[command(flatten)]
    fen: crate::args::FenArg,
    /// Moves in ICCS (`h2e2`; chess: long algebraic, `e2e4`), as separate arguments or
    /// several in one. With --notation, Xiangqi moves may also be WXF (`C2.5`) or Chinese
    /// (`炮二平五`).
    #[arg(long, num_args = 0.., value_name = "MOVE")]
    moves: Vec<String>,
    /// Xiangqi: read moves in any notation, and write the moves an error offers in this one
    /// (iccs, wxf or chinese). Without it moves are ICCS only, as before.
    #[arg(long, value_name = "NOTATION", value_parser = clap::value_parser!(Notation))]
    notation: Option<Notation>,
}

/// Prints the ruling on stdout; a bad FEN or an illegal move goes to stderr with exit code 2.
pub fn run(args: &JudgeArgs, game: GameKind) -> ExitCode {
    let given = args.fen.text().unwrap_or_default();
    let fen = crate::args::given_fen(Some(&given)).unwrap_or(match game {
        GameKind::Xiangqi => jiangjun_rules::xiangqi::START_FEN,
        GameKind::Chess => jiangjun_rules::chess::START_FEN,
    });
    let moves: Vec<&str> = args
        .moves
        .iter()
        .flat_map(|m| m.split_whitespace())
        .collect();
    let ruling = match game {
        GameKind::Xiangqi => judge_written(fen, &moves, args.notation).map(|r| r.to_string()),
        GameKind::Chess => judge_chess(fen, &moves).map(|r| r.in_chess_words()),
    };
    match ruling {
        Ok(ruling) => {
            println!("{ruling}");
            ExitCode::SUCCESS
        }
        Err(e) => crate::args::usage_error(Some("judge"), &e),
    }
}
