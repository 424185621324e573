//! What `jiangjun play` needs from a game beyond the match runner's `Arbitrated`: the board as
//! drawn, the names of the sides, and move text as people type it and read it. One
//! implementation per game, so that the session (`session`, `record`, `mod`) is written once.
//! Xiangqi reads ICCS, WXF and Chinese; chess reads long algebraic (`e2e4`, `e7e8q`) and SAN
//! (`Nf3`, `O-O`, `exd6`, `e8=Q`) and shows SAN unless `--notation iccs` asks for long
//! algebraic.

use super::board::{self, Style};
use super::chess_board;
use crate::arbiter::Arbitrated;
use crate::process::Proto;
use jiangjun_engine::game::EngineGame;
use jiangjun_engine::game::{Chess, Xiangqi};
use jiangjun_rules::Game;
use jiangjun_rules::xiangqi::notation::{self, Notation};
use jiangjun_rules::{GenKind, MoveList, Side, chess, xiangqi};

/// A game that can be played at the keyboard.
pub trait Playable: Arbitrated + EngineGame {
    /// The first mover's name, then the second's.
    const SIDE_NAMES: [&'static str; 2];
    /// Moves as the player may type them, for `help`.
    const MOVE_EXAMPLES: &'static str;
    /// The protocol another engine speaks unless its `proto=` says otherwise.
    const DEFAULT_PROTO: Proto;
    /// The board, the first mover at the bottom unless `flipped`, `last` marked.
    fn render(&self, last: Option<Self::Move>, flipped: bool, style: Style) -> String;
    /// A legal move as the player reads it.
    fn write(&self, m: Self::Move, notation: Notation) -> String;
    /// A typed move; the error names the problem and the legal moves of the piece meant.
    fn read(&self, text: &str, notation: Notation) -> Result<Self::Move, String>;
}

/// A side's name in `G`.
pub fn side_name<G: Playable>(side: Side) -> &'static str {
    G::SIDE_NAMES[side.index()]
}

/// A principal variation from `pos` as the player reads it, each move written in the
/// position it is played from; it stops at the first move that is not legal there (a line
/// another engine sent may be wrong).
pub fn line_text<G: Playable>(
    pos: &G,
    line: impl IntoIterator<Item = G::Move>,
    notation: Notation,
) -> String {
    let mut pos = pos.clone();
    let mut words = Vec::new();
    for m in line {
        if !pos.is_legal(m) {
            break;
        }
        words.push(pos.write(m, notation));
        pos.make(m);
    }
    words.join(" ")
}

impl Playable for Xiangqi {
    const SIDE_NAMES: [&'static str; 2] = ["Red", "Black"];
    const MOVE_EXAMPLES: &'static str = "h2e2, H2-E2, C2.5, 炮二平五, 马8进7, 前车进一";
    const DEFAULT_PROTO: Proto = Proto::Ucci;
    fn render(&self, last: Option<xiangqi::Move>, flipped: bool, style: Style) -> String {
        board::render(self, last, flipped, style)
    }
    fn write(&self, m: xiangqi::Move, notation: Notation) -> String {
        notation::format(self, m, notation)
    }
    fn read(&self, text: &str, notation: Notation) -> Result<xiangqi::Move, String> {
        notation::parse_offering(self, text, notation).map_err(|e| e.to_string())
    }
}

fn chess_legal(pos: &Chess) -> Vec<chess::Move> {
    let mut list = MoveList::new(chess::Move::NONE);
    pos.generate_legal(GenKind::All, &mut list);
    list.as_slice().to_vec()
}

/// The legal moves that a mistaken entry probably meant: those of the piece on the square it
/// starts from (long algebraic), or of the kind of piece it names (SAN; a pawn when no piece
/// letter leads).
fn chess_moves_meant(pos: &Chess, text: &str, notation: Notation) -> Vec<String> {
    let bytes = text.trim().as_bytes();
    let from = bytes.get(..2).and_then(chess::Square::parse);
    let letter = bytes.first().copied().filter(|c| b"KQRBN".contains(c));
    let kind = letter.and_then(|c| chess::Piece::from_letter(char::from(c)).map(|p| p.kind()));
    let meant = |m: &chess::Move| match (from, pos.piece_at(m.from())) {
        (Some(f), _) if letter.is_none() && pos.piece_at(f).is_some() => m.from() == f,
        (_, Some(p)) => p.kind() == kind.unwrap_or(chess::Kind::Pawn),
        _ => false,
    };
    let mut v: Vec<String> = chess_legal(pos)
        .iter()
        .filter(|m| meant(m))
        .map(|&m| pos.write(m, notation))
        .collect();
    v.sort();
    v
}

impl Playable for Chess {
    const SIDE_NAMES: [&'static str; 2] = ["White", "Black"];
    const MOVE_EXAMPLES: &'static str = "e2e4, e7e8q, e4, Nf3, exd6, O-O, e8=Q";
    const DEFAULT_PROTO: Proto = Proto::Uci;
    fn render(&self, last: Option<chess::Move>, flipped: bool, style: Style) -> String {
        chess_board::render(self, last, flipped, style)
    }
    fn write(&self, m: chess::Move, notation: Notation) -> String {
        match notation {
            Notation::Iccs => m.to_string(),
            _ => self.san(m),
        }
    }
    fn read(&self, text: &str, notation: Notation) -> Result<chess::Move, String> {
        let text = text.trim();
        let lan = self.parse_move(text);
        let error = match (lan, chess::notation::parse_text(text).is_ok()) {
            (Ok(m), _) => return Ok(m),
            // Shaped like long algebraic (e2e5): its own error says what is wrong.
            (Err(e), true) => e.to_string(),
            (Err(_), false) => match self.parse_san(text) {
                Ok(m) => return Ok(m),
                Err(chess::san::SanError::Malformed(_)) => {
                    return Err(format!(
                        "'{text}' is not a move (long algebraic e2e4, e7e8q, or SAN e4, Nf3, \
                         exd5, O-O, e8=Q) nor a command (help lists them)"
                    ));
                }
                Err(e) => e.to_string(),
            },
        };
        let meant = chess_moves_meant(self, text, notation);
        Err(match meant.is_empty() {
            true => format!("{error}; no piece of that kind can move"),
            false => format!("{error}; its legal moves: {}", meant.join(" ")),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chess_moves_read_as_long_algebraic_and_san_with_useful_errors() {
        let pos = Chess::startpos();
        let san = Notation::Chinese;
        for text in ["Nf3", "g1f3", "Ng1f3"] {
            let m = pos.read(text, san).expect("legal");
            assert_eq!(pos.write(m, san), "Nf3", "{text}");
            assert_eq!(pos.write(m, Notation::Iccs), "g1f3");
        }
        let e = pos.read("Nf4", san).expect_err("illegal");
        assert!(e.contains("its legal moves: Na3 Nc3 Nf3 Nh3"), "{e}");
        let e = pos.read("e2e5", Notation::Iccs).expect_err("illegal");
        assert!(e.contains("its legal moves: e2e3 e2e4"), "{e}");
        let e = pos.read("Qd3", san).expect_err("illegal");
        assert!(e.ends_with("no piece of that kind can move"), "{e}");
        assert!(
            pos.read("xyzzy", san)
                .expect_err("bad")
                .contains("is not a move")
        );
        let castle = Chess::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").expect("valid");
        let m = castle.read("O-O", san).expect("legal");
        assert_eq!(castle.write(m, Notation::Iccs), "e1g1");
    }
}
