//! ICCS move text (`h2e2`: from and to, files a–i, ranks 0–9 from Red's side). Parsing only
//! ever returns a move that is legal in the position; otherwise it says what is wrong.

use super::super::position::Position;
use super::super::types::{Move, Square};
use std::fmt;

/// Why ICCS text names no legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// Not two distinct squares (file `a`-`i`, then rank), optionally joined by `-`; holds
    /// the start of the text.
    Malformed(String),
    /// No piece stands on the origin.
    NoPiece(Square),
    /// The piece on the origin belongs to the side not to move.
    NotYourPiece(Square),
    /// The piece cannot move like that, whatever else is on the board.
    Impossible(Move),
    /// The move would leave or put the own king in check (or the kings facing).
    LeavesKingInCheck(Move),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Malformed(t) => {
                write!(
                    f,
                    "'{t}' is not a move: expected ICCS like h2e2 (files a-i, ranks 0-9)"
                )
            }
            MoveError::NoPiece(s) => write!(f, "no piece on {s}"),
            MoveError::NotYourPiece(s) => {
                write!(f, "the piece on {s} belongs to the side not to move")
            }
            MoveError::Impossible(m) => write!(f, "{m} is not a move that piece can make here"),
            MoveError::LeavesKingInCheck(m) => write!(f, "{m} would leave its own king in check"),
        }
    }
}

impl std::error::Error for MoveError {}

/// Reads a square like `e9`; `rank_base` is 0 for ICCS, 1 for Fairy-Stockfish's plain UCI.
pub fn parse_square(text: &[u8], rank_base: u8) -> Option<(Square, usize)> {
    let (&f, rest) = text.split_first()?;
    let f = f.to_ascii_lowercase();
    if !(b'a'..=b'i').contains(&f) {
        return None;
    }
    let digits = rest.iter().take_while(|c| c.is_ascii_digit()).count();
    if digits == 0 || digits > 2 {
        return None;
    }
    let mut rank = 0u32;
    for &d in &rest[..digits] {
        rank = rank * 10 + u32::from(d - b'0');
    }
    let rank = rank.checked_sub(u32::from(rank_base))?;
    let s = Square::new(i32::from(f - b'a'), i32::try_from(rank).ok()?)?;
    Some((s, 1 + digits))
}

/// Splits move text into its two squares without looking at a position. Accepts `h2e2`,
/// upper case, and the hyphenated `H2-E2` of the original ICCS.
pub fn parse_squares(text: &str, rank_base: u8) -> Result<Move, MoveError> {
    let malformed = || MoveError::Malformed(text.chars().take(16).collect());
    let bytes = text.trim().as_bytes();
    let (from, n) = parse_square(bytes, rank_base).ok_or_else(malformed)?;
    let mut rest = &bytes[n..];
    if rest.first() == Some(&b'-') {
        rest = &rest[1..];
    }
    let (to, n) = parse_square(rest, rank_base).ok_or_else(malformed)?;
    if n != rest.len() || from == to {
        return Err(malformed());
    }
    Ok(Move::new(from, to))
}

/// Writes a move with ranks counted from `rank_base` (0 in ICCS).
pub fn format_move(m: Move, rank_base: u8) -> String {
    let sq = |s: Square| {
        format!(
            "{}{}",
            (b'a' + s.file() as u8) as char,
            s.rank() as u8 + rank_base
        )
    };
    format!("{}{}", sq(m.from()), sq(m.to()))
}

impl Position {
    /// Parses ICCS text into a move that is legal in this position.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        self.parse_move_with_base(text, 0)
    }

    /// Like `parse_move`, with ranks counted from `rank_base`.
    pub fn parse_move_with_base(&self, text: &str, rank_base: u8) -> Result<Move, MoveError> {
        let m = parse_squares(text, rank_base)?;
        self.check_move(m)
    }

    /// Returns `m` if it is legal here, or why it is not.
    pub fn check_move(&self, m: Move) -> Result<Move, MoveError> {
        let Some(p) = self.piece_at(m.from()) else {
            return Err(MoveError::NoPiece(m.from()));
        };
        if p.side() != self.side_to_move() {
            return Err(MoveError::NotYourPiece(m.from()));
        }
        if self.is_legal(m) {
            return Ok(m);
        }
        let mut pseudo = crate::MoveList::new(Move::NONE);
        self.generate_pseudo(crate::GenKind::All, &mut pseudo);
        if pseudo.iter().any(|x| x == m) {
            Err(MoveError::LeavesKingInCheck(m))
        } else {
            Err(MoveError::Impossible(m))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_legal_moves_and_says_why_others_fail() {
        let pos = Position::startpos();
        assert_eq!(
            pos.parse_move("h2e2").map(|m| m.to_string()),
            Ok("h2e2".into())
        );
        assert_eq!(
            pos.parse_move("H2-E2").map(|m| m.to_string()),
            Ok("h2e2".into())
        );
        assert!(matches!(
            pos.parse_move("h2e"),
            Err(MoveError::Malformed(_))
        ));
        assert!(matches!(
            pos.parse_move("j2e2"),
            Err(MoveError::Malformed(_))
        ));
        assert!(matches!(
            pos.parse_move("h2h2"),
            Err(MoveError::Malformed(_))
        ));
        assert!(matches!(pos.parse_move("e2e3"), Err(MoveError::NoPiece(_))));
        assert!(matches!(
            pos.parse_move("h7e7"),
            Err(MoveError::NotYourPiece(_))
        ));
        assert!(matches!(
            pos.parse_move("h2h8"),
            Err(MoveError::Impossible(_))
        ));
        assert!(matches!(
            pos.parse_move("b0b1"),
            Err(MoveError::Impossible(_))
        ));
    }

    #[test]
    fn refuses_moves_that_leave_the_king_in_check() {
        // The red horse on e1 is the only piece between the kings.
        let pos = Position::from_fen("4k4/9/9/9/9/9/9/9/4N4/4K4 w").expect("valid");
        assert!(matches!(
            pos.parse_move("e1d3"),
            Err(MoveError::LeavesKingInCheck(_))
        ));
    }

    #[test]
    fn fairy_stockfish_ranks_start_at_one() {
        let pos = Position::startpos();
        let m = pos
            .parse_move_with_base("b1c3", 1)
            .expect("b0c2 in 1-based ranks");
        assert_eq!(m.to_string(), "b0c2");
        let black =
            Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b")
                .expect("valid");
        let m = black
            .parse_move_with_base("b10c8", 1)
            .expect("b9c7 in 1-based ranks");
        assert_eq!(format_move(m, 1), "b10c8");
    }
}
