//! FEN in and out. Reading is tolerant of what real GUIs send (missing fields after the board
//! take their usual defaults) and strict about what cannot be a chess position, with a typed
//! error that says which rank, which character and what is wrong.
//!
//! An en-passant square that is well formed but that no pawn can legally use is accepted and
//! dropped, so the key and repetitions do not depend on whether a GUI wrote it.

use super::bitboard::{RANK_1, RANK_8, several, squares};
use super::makemove::ep_victim;
use super::moves::Castling;
use super::position::Position;
use super::types::{Kind, Piece, Square, colour_name};
use crate::Side;
use std::fmt;

/// The largest move number a FEN may set (larger ones are read as this): no game is that
/// long, and it leaves room to count up without overflowing.
pub const MAX_MOVE_NUMBER: u32 = 1 << 30;
/// Halfmove clocks beyond the fifty-move limit are read as the limit: the game is drawn by
/// then, and the counter stays small.
pub const MAX_RULE50: u16 = 100;

/// The standard start position, White to move with every castling right.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Why a FEN was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// The FEN has no board field.
    Empty,
    /// The board does not have eight ranks separated by `/`.
    RankCount(usize),
    /// A character that is neither a piece letter nor a digit 1-8, on a rank (1-8).
    BadCharacter {
        /// The rank, 1-8 as chess notation numbers it.
        rank: i32,
        /// The character.
        ch: char,
    },
    /// A rank that describes more than eight files.
    RankTooLong {
        /// The rank, 1-8.
        rank: i32,
        /// The rank's text (its first 16 characters).
        text: String,
    },
    /// A rank that describes fewer than eight files.
    RankTooShort {
        /// The rank, 1-8.
        rank: i32,
        /// The rank's text (its first 16 characters).
        text: String,
        /// How many files it describes.
        files: i32,
    },
    /// A side has no king.
    NoKing(Side),
    /// A side has this many kings, more than one.
    TooManyKings(Side, u32),
    /// A side has this many pawns, more than eight.
    TooManyPawns(Side, u32),
    /// A side has this many pieces, pawns and king included, more than sixteen.
    TooManyPieces(Side, u32),
    /// More queens, rooks, bishops or knights than the set's plus the promotions its missing
    /// pawns could have made.
    TooManyPromoted(Side),
    /// A pawn on its own first rank or on the last rank.
    PawnOnEdge(Side, Square),
    /// A side-to-move field other than `w` or `b`.
    SideToMove(String),
    /// A castling field with something other than `KQkq` (each at most once) or `-`.
    CastlingField(String),
    /// A castling right whose king or rook is not on its home square.
    CastlingWithoutPiece {
        /// The right's FEN letter (`K`, `Q`, `k` or `q`).
        right: char,
        /// The piece missing and its square, in words ("White rook on h1").
        missing: String,
    },
    /// An en-passant field that is neither `-` nor a square.
    EnPassantField(String),
    /// A well-formed en-passant square that no double push can have produced.
    EnPassantImpossible {
        /// The square.
        square: Square,
        /// Why no double push can have produced it.
        why: &'static str,
    },
    /// A halfmove clock or move number that is not a non-negative number.
    Counter {
        /// Which counter: `"halfmove clock"` or `"move number"`.
        field: &'static str,
        /// The field's text (its first 16 characters).
        text: String,
    },
    /// The side not to move is in check: the side to move (the value) could capture its
    /// king.
    OpponentInCheck(Side),
    /// The side to move is in check from more pieces than any move can give check with.
    TooManyCheckers(u32),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid FEN: ")?;
        match self {
            FenError::Empty => write!(f, "the FEN is empty"),
            FenError::RankCount(n) => {
                write!(f, "the board has {n} ranks, expected 8 separated by '/'")
            }
            FenError::BadCharacter { rank, ch } => write!(
                f,
                "rank {rank} has the character '{ch}', which is neither a piece letter \
                 (PNBRQK, pnbrqk) nor a digit 1-8"
            ),
            FenError::RankTooLong { rank, text } => {
                write!(f, "rank {rank} '{text}' has more than 8 files")
            }
            FenError::RankTooShort { rank, text, files } => {
                write!(f, "rank {rank} '{text}' has {files} files, expected 8")
            }
            FenError::NoKing(s) => write!(f, "{} has no king", colour_name(*s)),
            FenError::TooManyKings(s, n) => write!(f, "{} has {n} kings", colour_name(*s)),
            FenError::TooManyPawns(s, n) => {
                write!(f, "{} has {n} pawns; at most 8", colour_name(*s))
            }
            FenError::TooManyPieces(s, n) => {
                write!(f, "{} has {n} pieces; at most 16", colour_name(*s))
            }
            FenError::TooManyPromoted(s) => write!(
                f,
                "{} has more queens, rooks, bishops and knights than its missing pawns could \
                 have promoted to",
                colour_name(*s)
            ),
            FenError::PawnOnEdge(s, sq) => write!(
                f,
                "{} pawn on {sq}: pawns never stand on the first or last rank",
                colour_name(*s)
            ),
            FenError::SideToMove(t) => write!(f, "side to move '{t}' is not w or b"),
            FenError::CastlingField(t) => write!(
                f,
                "castling rights '{t}' are not '-' or some of K, Q, k, q (each once)"
            ),
            FenError::CastlingWithoutPiece { right, missing } => {
                write!(f, "castling right '{right}' but no {missing}")
            }
            FenError::EnPassantField(t) => {
                write!(f, "en-passant square '{t}' is not '-' or a square like e3")
            }
            FenError::EnPassantImpossible { square, why } => {
                write!(f, "en-passant square {square}: {why}")
            }
            FenError::Counter { field, text } => {
                write!(f, "{field} '{text}' is not a non-negative number")
            }
            FenError::OpponentInCheck(s) => write!(
                f,
                "{} is to move and could capture the {} king",
                colour_name(*s),
                colour_name(s.flip())
            ),
            FenError::TooManyCheckers(n) => {
                write!(f, "the side to move is in check from {n} pieces")
            }
        }
    }
}

impl std::error::Error for FenError {}

impl Position {
    /// The standard start position ([`START_FEN`]).
    pub fn startpos() -> Position {
        Position::from_fen(START_FEN).expect("the start FEN is valid")
    }

    /// Reads a FEN. Fields after the board are optional: side (default White), castling
    /// rights and en-passant square (default none), halfmove clock (0), move number (1).
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        let mut fields = fen.split_whitespace();
        let board = fields.next().ok_or(FenError::Empty)?;
        let mut pos = Position::empty();
        parse_board(board, &mut pos)?;
        pos.side = match fields.next() {
            None | Some("w" | "W") => Side::Red,
            Some("b" | "B") => Side::Black,
            Some(s) => return Err(FenError::SideToMove(s.chars().take(16).collect())),
        };
        let castling = parse_castling(fields.next().unwrap_or("-"))?;
        let ep_text = fields.next().unwrap_or("-");
        let rule50 = counter(fields.next(), "halfmove clock", 0)?.min(u64::from(MAX_RULE50)) as u16;
        pos.fullmove =
            counter(fields.next(), "move number", 1)?.clamp(1, u64::from(MAX_MOVE_NUMBER)) as u32;
        validate_pieces(&pos)?;
        validate_castling(&pos, castling)?;
        let ep = parse_ep(&pos, ep_text)?;
        pos.init_root(castling, ep, rule50);
        validate_checks(&pos)?;
        Ok(pos)
    }

    /// The position as a FEN. The en-passant square is written only when a capture onto it
    /// is legal (as it is kept).
    pub fn to_fen(&self) -> String {
        let mut out = String::with_capacity(96);
        crate::write_placement(&mut out, 8, 8, |file, rank| {
            let s = Square::new(file, rank).expect("file and rank are in range");
            self.piece_at(s).map(|p| p.letter())
        });
        out.push_str(if self.side == Side::Red { " w " } else { " b " });
        let rights = self.castling();
        let mut any = false;
        for (i, (letter, _, _)) in Castling::LIST.iter().enumerate() {
            if rights.bits() & (1 << i) != 0 {
                out.push(*letter);
                any = true;
            }
        }
        if !any {
            out.push('-');
        }
        match self.ep() {
            Some(s) => out.push_str(&format!(" {s}")),
            None => out.push_str(" -"),
        }
        // Past the limit the count no longer matters; keep it readable back.
        let rule50 = self.rule50().min(MAX_RULE50);
        out.push_str(&format!(" {rule50} {}", self.fullmove));
        out
    }
}

/// A counter field, `default` when the FEN ends before it.
fn counter(text: Option<&str>, field: &'static str, default: u64) -> Result<u64, FenError> {
    match text {
        None => Ok(default),
        Some(t) => t.parse::<u64>().map_err(|_| FenError::Counter {
            field,
            text: t.chars().take(16).collect(),
        }),
    }
}

fn parse_board(board: &str, pos: &mut Position) -> Result<(), FenError> {
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != 8 {
        return Err(FenError::RankCount(rows.len()));
    }
    for (i, row) in rows.iter().enumerate() {
        let rank = 7 - i as i32;
        let label = rank + 1;
        let too_long = || FenError::RankTooLong {
            rank: label,
            text: row.chars().take(16).collect(),
        };
        let mut file = 0i32;
        for ch in row.chars() {
            match (ch.to_digit(10), Piece::from_letter(ch)) {
                (Some(d @ 1..=8), _) => file += d as i32,
                (None, Some(p)) => {
                    let s = Square::new(file, rank).ok_or_else(too_long)?;
                    pos.put(p, s);
                    file += 1;
                }
                _ => return Err(FenError::BadCharacter { rank: label, ch }),
            }
            if file > 8 {
                return Err(too_long());
            }
        }
        if file < 8 {
            return Err(FenError::RankTooShort {
                rank: label,
                text: row.chars().take(16).collect(),
                files: file,
            });
        }
    }
    Ok(())
}

fn validate_pieces(pos: &Position) -> Result<(), FenError> {
    let b = pos.board();
    for side in [Side::Red, Side::Black] {
        let kings = b.of(side, Kind::King).count_ones();
        if kings == 0 {
            return Err(FenError::NoKing(side));
        }
        if kings > 1 {
            return Err(FenError::TooManyKings(side, kings));
        }
        let pawns = b.of(side, Kind::Pawn);
        if pawns.count_ones() > 8 {
            return Err(FenError::TooManyPawns(side, pawns.count_ones()));
        }
        if b.side(side).count_ones() > 16 {
            return Err(FenError::TooManyPieces(side, b.side(side).count_ones()));
        }
        // Each piece beyond the set's one queen, two rooks, bishops and knights is a promoted
        // pawn. (This also bounds the legal moves below the move list's capacity.)
        let extra = |k: Kind, set: u32| b.of(side, k).count_ones().saturating_sub(set);
        let promoted = extra(Kind::Queen, 1)
            + extra(Kind::Rook, 2)
            + extra(Kind::Bishop, 2)
            + extra(Kind::Knight, 2);
        if promoted + pawns.count_ones() > 8 {
            return Err(FenError::TooManyPromoted(side));
        }
        if let Some(s) = squares(pawns & (RANK_1 | RANK_8)).next() {
            return Err(FenError::PawnOnEdge(side, s));
        }
    }
    Ok(())
}

fn parse_castling(text: &str) -> Result<Castling, FenError> {
    let bad = || FenError::CastlingField(text.chars().take(16).collect());
    if text == "-" {
        return Ok(Castling::NONE);
    }
    let mut rights = Castling::NONE;
    for ch in text.chars() {
        let (_, side, king_side) = Castling::LIST
            .iter()
            .find(|(c, _, _)| *c == ch)
            .ok_or_else(bad)?;
        let r = Castling::right(*side, *king_side);
        if rights.has(r) {
            return Err(bad());
        }
        rights = rights.with(r);
    }
    Ok(rights)
}

fn validate_castling(pos: &Position, rights: Castling) -> Result<(), FenError> {
    for (letter, side, king_side) in Castling::LIST {
        if !rights.has(Castling::right(side, king_side)) {
            continue;
        }
        let home = Square::E1.relative(side);
        let corner = if king_side { Square::H1 } else { Square::A1 }.relative(side);
        for (s, kind) in [(home, Kind::King), (corner, Kind::Rook)] {
            if pos.piece_at(s) != Some(Piece::new(side, kind)) {
                return Err(FenError::CastlingWithoutPiece {
                    right: letter,
                    missing: format!("{} {} on {s}", colour_name(side), kind.name()),
                });
            }
        }
    }
    Ok(())
}

/// Reads the en-passant field: a square the side not to move has just double-pushed past, or
/// an error; `None` when no legal capture onto it exists.
fn parse_ep(pos: &Position, text: &str) -> Result<Option<Square>, FenError> {
    if text == "-" {
        return Ok(None);
    }
    let square = Square::parse(text.as_bytes())
        .ok_or_else(|| FenError::EnPassantField(text.chars().take(16).collect()))?;
    let us = pos.side;
    let them = us.flip();
    let impossible = |why| Err(FenError::EnPassantImpossible { square, why });
    let expected_rank = if us == Side::Red { 5 } else { 2 };
    if square.rank() != expected_rank {
        return impossible("not on the rank a pawn of the side not to move has just passed");
    }
    let forward = if us == Side::Red { -8 } else { 8 };
    let victim = Square::of((square.index() as i32 + forward) as u32);
    let origin = Square::of((square.index() as i32 - forward) as u32);
    if pos.piece_at(victim) != Some(Piece::new(them, Kind::Pawn)) {
        return impossible("no pawn stands in front of it that could have just moved two");
    }
    if pos.piece_at(square).is_some() || pos.piece_at(origin).is_some() {
        return impossible("the square it passed or started from is occupied");
    }
    let usable = squares(
        super::bitboard::pawn_attacks(them, square) & pos.board().of(us, Kind::Pawn),
    )
    .any(|from| {
        pos.board()
            .ep_legal(us, from, square, ep_victim(from, square))
    });
    Ok(usable.then_some(square))
}

fn validate_checks(pos: &Position) -> Result<(), FenError> {
    let us = pos.side_to_move();
    if pos.is_in_check(us.flip()) {
        return Err(FenError::OpponentInCheck(us));
    }
    let n = pos.checkers().count_ones();
    if several(pos.checkers()) && n > 2 {
        return Err(FenError::TooManyCheckers(n));
    }
    Ok(())
}

#[cfg(test)]
#[path = "fen_tests.rs"]
mod tests;
