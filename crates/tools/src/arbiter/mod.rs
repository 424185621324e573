//! What the match runner needs from a game beyond the search's `Game` trait: the arbiter's
//! verdict (threefold repetition, not the search's first one), move text as engines speak it,
//! the built-in openings and the PGN dialect. One implementation per game, so that the runner
//! (`game`, `openings`, `mod`) is written once and the rules cores never learn the protocol.

pub mod chess_pgn;
pub mod game;
pub mod openings;
pub mod pgn;

use game::Termination;
use jiangjun_engine::game::{Chess, Xiangqi};
use jiangjun_rules::{Game, Outcome, chess, xiangqi};
use pgn::PgnGame;

/// An engine's move text that the arbiter refuses.
pub enum EngineMoveError {
    /// Not shaped like a move at all.
    Malformed(String),
    /// A move, but not a legal one here.
    Illegal(String),
}

/// A rules core's answer to an engine's move text, sorted into the runner's two faults.
fn classify<M, E: std::fmt::Display>(
    read: Result<M, E>,
    malformed: impl Fn(&E) -> bool,
) -> Result<M, EngineMoveError> {
    read.map_err(|e| match malformed(&e) {
        true => EngineMoveError::Malformed(e.to_string()),
        false => EngineMoveError::Illegal(e.to_string()),
    })
}

/// Everything a game's PGN says besides the moves.
pub struct PgnInfo<'a> {
    pub date: &'a str,
    pub round: usize,
    /// The first mover's engine, then the second's.
    pub names: [&'a str; 2],
    /// Each side's time control, the first mover's first: the same but for time odds.
    pub tcs: [&'a crate::clock::TimeControl; 2],
    pub termination: Termination,
    /// Why the game ended, written as the last comment.
    pub comment: &'a str,
    /// Comments for the last `notes.len()` moves (the engines' own: score/depth time), after
    /// each; the opening's moves before them have none.
    pub notes: &'a [String],
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: &'a str,
    /// How Xiangqi movetext is written (chess PGN is always SAN).
    pub notation: xiangqi::notation::Notation,
}

impl PgnInfo<'_> {
    /// The tags both dialects open with: `Event`, `Site`, `Date`, `Round`.
    pub fn event_tags(&self) -> Vec<(&'static str, String)> {
        vec![
            ("Event", "jiangjun match".to_string()),
            ("Site", "jiangjun".to_string()),
            ("Date", self.date.to_string()),
            ("Round", self.round.to_string()),
        ]
    }

    /// `TimeControl`, or with time odds one tag per side (`sides` names the tags, as
    /// cutechess-cli writes `WhiteTimeControl` and `BlackTimeControl`), each written by `show`.
    pub fn time_tags(
        &self,
        sides: [&'static str; 2],
        show: impl Fn(&crate::clock::TimeControl) -> String,
    ) -> Vec<(&'static str, String)> {
        if self.tcs[0] == self.tcs[1] {
            vec![("TimeControl", show(self.tcs[0]))]
        } else {
            vec![(sides[0], show(self.tcs[0])), (sides[1], show(self.tcs[1]))]
        }
    }
}

/// A game the runner can arbitrate.
pub trait Arbitrated: Game {
    const START_FEN: &'static str;
    /// The openings used without `--openings`.
    const BUILTIN_OPENINGS: &'static str;
    /// Whether opening lines may carry EPD operations (`bm e4; id "x";`) after the FEN,
    /// ignored; else anything after the FEN must be a move.
    const EPD: bool;
    /// Whether self-play keeps a position only when no capture wins material by static
    /// exchange (chess); Xiangqi's data was made without that test, and keeps to it until a
    /// tuning run measures the difference.
    const SELFPLAY_SEE_QUIET: bool;

    /// The arbiter's verdict before the side to move plays.
    fn arbiter_outcome(&self) -> Option<Outcome>;
    fn fullmove(&self) -> u32;
    /// A token of a FEN after its board field (side, castling, en passant, counters).
    fn is_fen_field(token: &str) -> bool;
    /// Whether `text` has the shape of a move in the runner's own notation (openings files).
    fn is_move_shaped(text: &str) -> bool;
    /// Reads an engine's move; `rank_base` is the engine's rank numbering (Xiangqi only).
    fn engine_move(&self, text: &str, rank_base: u8) -> Result<Self::Move, EngineMoveError>;
    /// A move as an engine reads it.
    fn engine_text(m: Self::Move, rank_base: u8) -> String;
    /// One game as PGN text, `moves` played from `start`.
    fn write_pgn(start: &Self, moves: &[Self::Move], info: &PgnInfo) -> String;
    /// Replays a PGN game read from a file; fails on the first move the rules reject.
    fn replay_pgn(game: &PgnGame) -> Result<(), String>;
    /// A move of a PGN file's movetext, in any notation the game's files use.
    fn read_record(&self, text: &str) -> Result<Self::Move, String>;
}

/// A game read from PGN: its start position, its moves, and the position they end in (with
/// the game's history).
pub struct Record<G: Game> {
    pub start: G,
    pub moves: Vec<G::Move>,
    pub end: G,
}

/// A game read from PGN (Xiangqi: ICCS, WXF or Chinese; chess: SAN or long algebraic); fails
/// on the first move the rules reject.
pub fn replay_record<G: Arbitrated>(game: &PgnGame) -> Result<Record<G>, String> {
    let start = match game.tag("FEN") {
        Some(f) => G::from_fen(f).map_err(|e| format!("FEN: {e}"))?,
        None => G::startpos(),
    };
    let mut pos = start.clone();
    let mut moves = Vec::new();
    for (i, text) in game.moves.iter().enumerate() {
        let m = pos
            .read_record(text)
            .map_err(|e| format!("ply {}: {e}", i + 1))?;
        pos.make(m);
        moves.push(m);
    }
    Ok(Record {
        start,
        moves,
        end: pos,
    })
}

impl Arbitrated for Xiangqi {
    const START_FEN: &'static str = xiangqi::START_FEN;
    const BUILTIN_OPENINGS: &'static str = include_str!("openings.txt");
    const EPD: bool = false;
    const SELFPLAY_SEE_QUIET: bool = false;

    fn arbiter_outcome(&self) -> Option<Outcome> {
        xiangqi::rules::outcome(self, 3)
    }
    fn fullmove(&self) -> u32 {
        self.position().fullmove()
    }
    fn is_fen_field(token: &str) -> bool {
        matches!(token, "w" | "b" | "r" | "-") || token.chars().all(|c| c.is_ascii_digit())
    }
    fn is_move_shaped(text: &str) -> bool {
        xiangqi::notation::parse_squares(text, 0).is_ok()
    }
    fn engine_move(&self, text: &str, rank_base: u8) -> Result<xiangqi::Move, EngineMoveError> {
        classify(self.parse_move_with_base(text, rank_base), |e| {
            matches!(e, xiangqi::MoveError::Malformed(_))
        })
    }
    fn engine_text(m: xiangqi::Move, rank_base: u8) -> String {
        xiangqi::notation::format_move(m, rank_base)
    }
    fn write_pgn(start: &Self, moves: &[xiangqi::Move], info: &PgnInfo) -> String {
        let mut tags = info.event_tags();
        tags.extend([
            ("Red", info.names[0].to_string()),
            ("Black", info.names[1].to_string()),
        ]);
        tags.extend(info.time_tags(["RedTimeControl", "BlackTimeControl"], |t| t.describe()));
        tags.push(("Termination", info.termination.describe().to_string()));
        let fen = start.to_fen();
        let game = pgn::Movetext {
            fen: &fen,
            first: start.side_to_move(),
            first_fullmove: start.fullmove(),
            moves,
            notation: info.notation,
            notes: info.notes,
        };
        pgn::write_game(&tags, &game, info.comment, info.result)
    }
    fn replay_pgn(game: &PgnGame) -> Result<(), String> {
        game.replay().map(|_| ())
    }
    fn read_record(&self, text: &str) -> Result<xiangqi::Move, String> {
        xiangqi::notation::parse(self, text).map_err(|e| e.to_string())
    }
}

impl Arbitrated for Chess {
    const START_FEN: &'static str = chess::START_FEN;
    const BUILTIN_OPENINGS: &'static str = include_str!("chess_openings.txt");
    const EPD: bool = true;
    const SELFPLAY_SEE_QUIET: bool = true;

    fn arbiter_outcome(&self) -> Option<Outcome> {
        chess::rules::outcome(self, 3)
    }
    fn fullmove(&self) -> u32 {
        self.position().fullmove()
    }
    fn is_fen_field(token: &str) -> bool {
        token == "-"
            || matches!(token, "w" | "b")
            || token.chars().all(|c| c.is_ascii_digit())
            || token.chars().all(|c| "KQkq".contains(c))
            || chess::Square::parse(token.as_bytes()).is_some()
    }
    fn is_move_shaped(text: &str) -> bool {
        chess::notation::parse_text(text).is_ok()
    }
    fn engine_move(&self, text: &str, _: u8) -> Result<chess::Move, EngineMoveError> {
        classify(self.parse_move(text), |e| {
            matches!(e, chess::MoveError::Malformed(_))
        })
    }
    fn engine_text(m: chess::Move, _: u8) -> String {
        m.to_string()
    }
    fn write_pgn(start: &Self, moves: &[chess::Move], info: &PgnInfo) -> String {
        chess_pgn::write_game(start, moves, info)
    }
    fn replay_pgn(game: &PgnGame) -> Result<(), String> {
        chess_pgn::replay(game).map(|_| ())
    }
    fn read_record(&self, text: &str) -> Result<chess::Move, String> {
        self.parse_san(text)
            .or_else(|_| self.parse_move(text).map_err(|e| e.to_string()))
    }
}
