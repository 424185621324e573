//! Standard algebraic notation (SAN), as PGN writes chess moves: `Nf3`, `exd6`, `e8=Q+`,
//! `O-O`, `Rae1`, `Qh4#`. Writing needs the position before the move (which piece, whether
//! another piece of that kind could go there too) and after it (check or mate); reading
//! matches the text's piece, squares and promotion against the legal moves, so it accepts
//! what other programs write too (`0-0`, a needless disambiguation, a missing `x` or `+`).

use super::moves::{Move, Special};
use super::position::Position;
use super::types::{Kind, Square};
use crate::{GenKind, MoveList};
use std::fmt;

/// Why SAN text does not name a legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SanError {
    /// Not shaped like SAN at all.
    Malformed(String),
    /// Well-formed, but no legal move fits.
    NoSuchMove(String),
    /// Several legal moves fit (a missing disambiguation).
    Ambiguous(String),
}

impl fmt::Display for SanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SanError::Malformed(t) => write!(f, "'{t}' is not SAN (e.g. e4, Nf3, exd5, O-O)"),
            SanError::NoSuchMove(t) => write!(f, "{t} is not a legal move here"),
            SanError::Ambiguous(t) => write!(f, "{t} fits several legal moves"),
        }
    }
}

impl std::error::Error for SanError {}

fn legal_moves(pos: &Position) -> MoveList<Move> {
    let mut list = MoveList::new(Move::NONE);
    pos.generate_legal(GenKind::All, &mut list);
    list
}

/// The upper-case letter SAN gives a piece (none for pawns).
fn piece_letter(k: Kind) -> char {
    k.letter().to_ascii_uppercase()
}

impl Position {
    /// The SAN of `m`, a legal move in this position, with `+` or `#`.
    pub fn san(&self, m: Move) -> String {
        let mut s = self.san_without_check(m);
        let mut after = self.clone();
        after.make(m);
        if after.in_check() {
            s.push(if after.count_legal() == 0 { '#' } else { '+' });
        }
        s
    }

    fn san_without_check(&self, m: Move) -> String {
        let (from, to) = (m.from(), m.to());
        if m.special() == Special::Castling {
            return if to.file() > from.file() {
                "O-O"
            } else {
                "O-O-O"
            }
            .into();
        }
        let kind = self.piece_at(from).map_or(Kind::Pawn, |p| p.kind());
        let capture = m.special() == Special::EnPassant || self.piece_at(to).is_some();
        let mut s = String::new();
        if kind == Kind::Pawn {
            if capture {
                s.push(file_char(from));
            }
        } else {
            s.push(piece_letter(kind));
            s += &self.disambiguation(m, kind);
        }
        if capture {
            s.push('x');
        }
        s += &to.to_string();
        if let Some(k) = m.promoted() {
            s.push('=');
            s.push(piece_letter(k));
        }
        s
    }

    /// The file, the rank or both of the moving piece, when another piece of its kind could
    /// legally go to the same square: the file if that tells them apart, else the rank, else
    /// both.
    fn disambiguation(&self, m: Move, kind: Kind) -> String {
        let rivals: Vec<Square> = legal_moves(self)
            .iter()
            .filter(|o| o.to() == m.to() && o.from() != m.from())
            .filter(|o| self.piece_at(o.from()).map(|p| p.kind()) == Some(kind))
            .map(|o| o.from())
            .collect();
        let from = m.from();
        if rivals.is_empty() {
            String::new()
        } else if rivals.iter().all(|r| r.file() != from.file()) {
            file_char(from).to_string()
        } else if rivals.iter().all(|r| r.rank() != from.rank()) {
            rank_char(from).to_string()
        } else {
            from.to_string()
        }
    }

    /// Reads SAN (check marks, annotation glyphs and `e.p.` ignored) into the one legal move
    /// it names.
    pub fn parse_san(&self, text: &str) -> Result<Move, SanError> {
        let shown: String = text.trim().chars().take(16).collect();
        let t = shown
            .trim_end_matches(['+', '#', '!', '?'])
            .trim_end_matches("e.p.");
        let wanted = SanParts::parse(t).ok_or_else(|| SanError::Malformed(shown.clone()))?;
        let legal = legal_moves(self);
        let mut found = legal.iter().filter(|&m| wanted.fits(self, m));
        match (found.next(), found.next()) {
            (Some(m), None) => Ok(m),
            (None, _) => Err(SanError::NoSuchMove(shown)),
            (Some(_), Some(_)) => Err(SanError::Ambiguous(shown)),
        }
    }
}

fn file_char(s: Square) -> char {
    char::from(b'a' + s.file() as u8)
}

fn rank_char(s: Square) -> char {
    char::from(b'1' + s.rank() as u8)
}

/// What SAN text says about a move.
enum SanParts {
    Castle {
        king_side: bool,
    },
    Piece {
        kind: Kind,
        file: Option<i32>,
        rank: Option<i32>,
        to: Square,
        promo: Option<Kind>,
    },
}

impl SanParts {
    fn parse(t: &str) -> Option<SanParts> {
        match t {
            "O-O" | "0-0" => return Some(SanParts::Castle { king_side: true }),
            "O-O-O" | "0-0-0" => return Some(SanParts::Castle { king_side: false }),
            _ => {}
        }
        let (body, promo) = match t.split_once('=') {
            Some((b, p)) => (b, Some(promotion_kind(p)?)),
            // `e8Q`, without `=`, as some programs write it.
            None => match t.chars().last().filter(char::is_ascii_uppercase) {
                Some(c) if t.len() > 2 => {
                    (&t[..t.len() - 1], Some(promotion_kind(&c.to_string())?))
                }
                _ => (t, None),
            },
        };
        let (kind, rest) = match body.chars().next()? {
            c @ ('N' | 'B' | 'R' | 'Q' | 'K') => (Kind::from_letter(c)?, &body[1..]),
            _ => (Kind::Pawn, body),
        };
        let rest = rest.replace(['x', '-', ':'], "");
        let bytes = rest.as_bytes();
        if bytes.len() < 2 || bytes.len() > 4 {
            return None;
        }
        let to = Square::parse(&bytes[bytes.len() - 2..])?;
        let (mut file, mut rank) = (None, None);
        for &c in &bytes[..bytes.len() - 2] {
            match c {
                b'a'..=b'h' if file.is_none() && rank.is_none() => file = Some(i32::from(c - b'a')),
                b'1'..=b'8' if rank.is_none() => rank = Some(i32::from(c - b'1')),
                _ => return None,
            }
        }
        Some(SanParts::Piece {
            kind,
            file,
            rank,
            to,
            promo,
        })
    }

    fn fits(&self, pos: &Position, m: Move) -> bool {
        match *self {
            SanParts::Castle { king_side } => {
                m.special() == Special::Castling && (m.to().file() > m.from().file()) == king_side
            }
            SanParts::Piece {
                kind,
                file,
                rank,
                to,
                promo,
            } => {
                let from = m.from();
                m.special() != Special::Castling
                    && m.to() == to
                    && m.promoted() == promo
                    && pos.piece_at(from).map(|p| p.kind()) == Some(kind)
                    // A pawn named without its file moves straight ahead: `d6` is never a
                    // capture on d6.
                    && (kind != Kind::Pawn || file.is_some() || from.file() == to.file())
                    && file.is_none_or(|f| f == from.file())
                    && rank.is_none_or(|r| r == from.rank())
            }
        }
    }
}

fn promotion_kind(text: &str) -> Option<Kind> {
    let mut chars = text.chars();
    match (chars.next().and_then(Kind::from_letter), chars.next()) {
        (Some(k @ (Kind::Queen | Kind::Rook | Kind::Bishop | Kind::Knight)), None) => Some(k),
        _ => None,
    }
}

#[cfg(test)]
#[path = "san_tests.rs"]
mod tests;
