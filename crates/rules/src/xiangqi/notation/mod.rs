//! Xiangqi move text: ICCS for engines and files (`h2e2`), and the two notations players
//! write, WXF (`C2.5`) and Chinese (炮二平五). [`format`](fn@format) writes a legal move in
//! any of them; [`parse`] reads any of them, telling them apart by shape, and returns only a
//! move that is legal in the position, or a [`NotationError`] that names the problem and
//! offers the moves the named piece does have.

pub mod chinese;
pub mod describe;
mod error;
pub mod iccs;
mod resolve;
pub mod wxf;

pub use error::NotationError;
pub use iccs::{MoveError, format_move, parse_square, parse_squares};
pub use resolve::legal_moves_from;

use super::position::Position;
use super::types::Move;
use std::fmt;
use std::str::FromStr;

/// The notations a move can be written in.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Notation {
    /// `h2e2`: from and to squares, ranks 0–9 from Red's side.
    #[default]
    Iccs,
    /// `C2.5`, `H8+7`, `R+.3`.
    Wxf,
    /// 炮二平五, 马8进7, 前车进一.
    Chinese,
}

impl Notation {
    /// Every notation, ICCS first.
    pub const ALL: [Notation; 3] = [Notation::Iccs, Notation::Wxf, Notation::Chinese];

    /// The notation's name, lower case, as options and [`FromStr`] spell it.
    pub const fn name(self) -> &'static str {
        match self {
            Notation::Iccs => "iccs",
            Notation::Wxf => "wxf",
            Notation::Chinese => "chinese",
        }
    }
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Notation {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Notation::ALL
            .into_iter()
            .find(|n| n.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| format!("unknown notation '{s}': expected iccs, wxf or chinese"))
    }
}

/// Writes a legal move of the side to move in `notation`. A move with no piece of the side to
/// move on its origin has no WXF or Chinese name; it is written in ICCS.
pub fn format(pos: &Position, m: Move, notation: Notation) -> String {
    let described = match notation {
        Notation::Iccs => None,
        _ => describe::describe(pos, m),
    };
    match (notation, described) {
        (Notation::Wxf, Some(d)) => wxf::write(&d),
        (Notation::Chinese, Some(d)) => chinese::write(&d),
        _ => m.to_string(),
    }
}

/// Writes `moves`, played in turn from `pos`, in `notation`.
pub fn format_line(pos: &Position, moves: &[Move], notation: Notation) -> Vec<String> {
    let mut p = pos.clone();
    moves
        .iter()
        .map(|&m| {
            let s = format(&p, m, notation);
            p.make(m);
            s
        })
        .collect()
}

/// Folds full-width forms (`Ｃ２．５`, `马８进７`) to ASCII and trims.
fn fold_width(text: &str) -> String {
    text.trim()
        .chars()
        .map(|c| match c {
            '\u{ff01}'..='\u{ff5e}' => char::from_u32(c as u32 - 0xfee0).unwrap_or(c),
            '\u{3000}' => ' ',
            c => c,
        })
        .collect()
}

/// Which notation `text` is written in, judged by its shape.
pub fn detect(text: &str) -> Notation {
    let t = fold_width(text);
    if !t.is_ascii() {
        Notation::Chinese
    } else if parse_squares(&t, 0).is_ok() {
        Notation::Iccs
    } else {
        Notation::Wxf
    }
}

/// What `parse` says of text it cannot read in any notation.
const EXPECTED_ANY: &str = "expected ICCS (h2e2, H2-E2), WXF (C2.5, H8+7, R+.3) \
     or Chinese (炮二平五, 马8进7, 前车进一)";

/// Reads a move in any notation (ICCS, WXF or Chinese) as a legal move of `pos`.
pub fn parse(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let n = detect(text);
    read(pos, text, n, n).map_err(|e| any_notation(e, n))
}

/// Text that is not Chinese and not read as WXF could have been meant as any of the three.
fn any_notation(e: NotationError, detected: Notation) -> NotationError {
    match e {
        NotationError::Unreadable { text, .. } if detected != Notation::Chinese => {
            NotationError::Unreadable {
                text,
                why: EXPECTED_ANY.to_string(),
            }
        }
        e => e,
    }
}

/// Reads a move in any notation; the moves an error offers are written in `offer`.
pub fn parse_offering(pos: &Position, text: &str, offer: Notation) -> Result<Move, NotationError> {
    let n = detect(text);
    read(pos, text, n, offer).map_err(|e| any_notation(e, n))
}

/// Reads a move written in `notation` as a legal move of `pos`. Errors offer moves written in
/// that notation.
pub fn parse_as(pos: &Position, text: &str, notation: Notation) -> Result<Move, NotationError> {
    read(pos, text, notation, notation)
}

fn read(
    pos: &Position,
    text: &str,
    notation: Notation,
    offer: Notation,
) -> Result<Move, NotationError> {
    let t = fold_width(text);
    let write = |p: &Position, m: Move| format(p, m, offer);
    let written = match notation {
        Notation::Iccs => return parse_iccs(pos, &t, write),
        Notation::Wxf => wxf::read(&t),
        Notation::Chinese => chinese::read(&t),
    };
    let unreadable = |why: String| NotationError::Unreadable {
        text: text.trim().to_string(),
        why,
    };
    let written = written.map_err(unreadable)?;
    resolve::resolve(pos, &written).map_err(|e| e.finish(pos, text.trim(), write))
}

fn parse_iccs(
    pos: &Position,
    text: &str,
    write: impl Fn(&Position, Move) -> String,
) -> Result<Move, NotationError> {
    pos.parse_move(text).map_err(|error| {
        let mut legal: Vec<String> = match &error {
            MoveError::Impossible(m) | MoveError::LeavesKingInCheck(m) => {
                legal_moves_from(pos, m.from())
                    .iter()
                    .map(|&m| write(pos, m))
                    .collect()
            }
            _ => Vec::new(),
        };
        legal.sort();
        NotationError::Iccs { error, legal }
    })
}

#[cfg(test)]
mod roundtrip;
#[cfg(test)]
mod tests;
