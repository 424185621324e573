//! Long algebraic move text as UCI writes it: `e2e4`, `e7e8q`, castling as the king's move
//! `e1g1`. Parsing only ever returns a move that is legal in the position; otherwise it says
//! what is wrong. Chess960's king-takes-rook castling (`e1h1`) is not read: standard-chess
//! GUIs never send it, and accepting it would make `e1h1` mean two different things.

use super::moves::Move;
use super::position::Position;
use super::types::{Kind, Square};
use crate::{GenKind, MoveList};
use std::fmt;

/// Why long algebraic text names no legal move. The variants holding a `String` hold the
/// start of the text as typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// Not two squares and an optional promotion letter.
    Malformed(String),
    /// No piece stands on the origin.
    NoPiece(Square),
    /// The piece on the origin belongs to the side not to move.
    NotYourPiece(Square),
    /// A pawn move to the last rank without the piece it becomes.
    MissingPromotion(String),
    /// The piece cannot move like that here, whatever its king's safety.
    Impossible(String),
    /// The move would leave or put the own king in check.
    LeavesKingInCheck(String),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Malformed(t) => write!(
                f,
                "'{t}' is not a move: expected long algebraic like e2e4 or e7e8q"
            ),
            MoveError::NoPiece(s) => write!(f, "no piece on {s}"),
            MoveError::NotYourPiece(s) => {
                write!(f, "the piece on {s} belongs to the side not to move")
            }
            MoveError::MissingPromotion(t) => {
                write!(f, "{t} reaches the last rank: add q, r, b or n")
            }
            MoveError::Impossible(t) => write!(f, "{t} is not a move that piece can make here"),
            MoveError::LeavesKingInCheck(t) => write!(f, "{t} would leave its own king in check"),
        }
    }
}

impl std::error::Error for MoveError {}

/// Splits move text into squares and promotion without looking at a position.
pub fn parse_text(text: &str) -> Result<(Square, Square, Option<Kind>), MoveError> {
    let t = text.trim();
    let malformed = || MoveError::Malformed(t.chars().take(16).collect());
    let bytes = t.as_bytes();
    if !(4..=5).contains(&bytes.len()) {
        return Err(malformed());
    }
    let from = Square::parse(&bytes[..2]).ok_or_else(malformed)?;
    let to = Square::parse(&bytes[2..4]).ok_or_else(malformed)?;
    let promo = match bytes.get(4) {
        None => None,
        Some(&c) => match Kind::from_letter(char::from(c)) {
            Some(k @ (Kind::Queen | Kind::Rook | Kind::Bishop | Kind::Knight)) => Some(k),
            _ => return Err(malformed()),
        },
    };
    if from == to {
        return Err(malformed());
    }
    Ok((from, to, promo))
}

impl Position {
    /// Parses long algebraic text into a move that is legal in this position.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let (from, to, promo) = parse_text(text)?;
        let shown = || text.trim().chars().take(16).collect::<String>();
        let Some(p) = self.piece_at(from) else {
            return Err(MoveError::NoPiece(from));
        };
        if p.side() != self.side_to_move() {
            return Err(MoveError::NotYourPiece(from));
        }
        let mut list = MoveList::new(Move::NONE);
        self.generate_legal(GenKind::All, &mut list);
        let same_squares = || list.iter().filter(|m| m.from() == from && m.to() == to);
        if let Some(m) = same_squares().find(|m| m.promoted() == promo) {
            return Ok(m);
        }
        if promo.is_none() && same_squares().next().is_some() {
            return Err(MoveError::MissingPromotion(shown()));
        }
        let promotes = p.kind() == Kind::Pawn && (to.rank() == 0 || to.rank() == 7);
        if promo.is_some() != promotes || !self.can_move(from, to) {
            return Err(MoveError::Impossible(shown()));
        }
        Err(MoveError::LeavesKingInCheck(shown()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(fen: &str, text: &str) -> MoveError {
        let pos = Position::from_fen(fen).expect("valid test FEN");
        match pos.parse_move(text) {
            Ok(m) => panic!("{text} accepted as {m}"),
            Err(e) => e,
        }
    }

    #[test]
    fn parses_legal_moves_and_says_why_others_fail() {
        let pos = Position::startpos();
        assert_eq!(
            pos.parse_move("e2e4").map(|m| m.to_string()),
            Ok("e2e4".into())
        );
        assert_eq!(
            pos.parse_move(" g1f3 ").map(|m| m.to_string()),
            Ok("g1f3".into())
        );
        let start = super::super::fen::START_FEN;
        for bad in ["e2e", "e2e4x", "i2i4", "e2e2", "e2e9", "e7e8k", ""] {
            assert!(matches!(err(start, bad), MoveError::Malformed(_)), "{bad}");
        }
        assert_eq!(
            err(start, "e3e4"),
            MoveError::NoPiece(Square::parse(b"e3").unwrap())
        );
        assert!(matches!(err(start, "e7e5"), MoveError::NotYourPiece(_)));
        assert!(matches!(err(start, "e2e5"), MoveError::Impossible(_)));
        assert!(matches!(err(start, "e1g1"), MoveError::Impossible(_)));
        assert!(matches!(err(start, "e2e4q"), MoveError::Impossible(_)));
    }

    #[test]
    fn promotion_castling_and_pins() {
        let fen = "r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1";
        let pos = Position::from_fen(fen).expect("valid");
        for t in ["b7b8q", "b7a8n", "b7b8r", "e1g1", "e1c1"] {
            assert_eq!(pos.parse_move(t).map(|m| m.to_string()), Ok(t.to_string()));
        }
        assert!(matches!(err(fen, "b7b8"), MoveError::MissingPromotion(_)));
        // The bishop on e2 is pinned by the rook on e8.
        assert!(matches!(
            err("4r1k1/8/8/8/8/8/4B3/4K3 w - - 0 1", "e2d3"),
            MoveError::LeavesKingInCheck(_)
        ));
    }
}
