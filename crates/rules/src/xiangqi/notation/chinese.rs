//! Chinese notation, as game records print it: 炮二平五, 马8进7, 前车进一. Piece, file,
//! direction (进 forward, 退 back, 平 sideways), then the destination file or the ranks moved.
//! Red writes files and distances in Chinese numerals (一…九), Black in Arabic digits.
//!
//! Two like pieces on a file are 前 (front) and 后 (rear), written before the piece; three
//! pawns are 前/中/后, four or five are numbered 一二三四五 from the front; when two files each
//! hold several pawns, the file follows the place and the pawn is left out (前七平六).
//! Reading accepts traditional and simplified characters, both sides' piece names, the piece
//! before its place (車前平三, as the WXF tables write it), Arabic or Chinese numerals either
//! side, and full-width digits.

use super::super::types::{Kind, Piece};
use super::describe::{Description, Direction, FileNumber, Origin, Place, Which, Written};
use crate::Side;

const NUMERALS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

/// The character of a piece as simplified-character records print it.
pub fn piece_char(p: Piece) -> char {
    match (p.side(), p.kind()) {
        (Side::Red, Kind::King) => '帅',
        (Side::Black, Kind::King) => '将',
        (Side::Red, Kind::Advisor) => '仕',
        (Side::Black, Kind::Advisor) => '士',
        (Side::Red, Kind::Elephant) => '相',
        (Side::Black, Kind::Elephant) => '象',
        (_, Kind::Horse) => '马',
        (_, Kind::Rook) => '车',
        (_, Kind::Cannon) => '炮',
        (Side::Red, Kind::Pawn) => '兵',
        (Side::Black, Kind::Pawn) => '卒',
    }
}

/// A number 1–9 as `side` writes it.
fn numeral(side: Side, n: u8) -> char {
    let n = n.clamp(1, 9);
    match side {
        Side::Red => NUMERALS[usize::from(n - 1)],
        Side::Black => char::from(b'0' + n),
    }
}

/// Writes a described move in Chinese notation.
pub fn write(d: &Description) -> String {
    let side = d.piece.side();
    let p = piece_char(d.piece);
    let mut s = match d.origin {
        Origin::File(f) => format!("{p}{}", numeral(side, f.get())),
        Origin::Tandem {
            index,
            count,
            file,
            two_files,
        } => {
            let place = match (index, count) {
                (i, 4..) => NUMERALS[usize::from(i.min(8))],
                (0, _) => '前',
                (i, _) if i + 1 == count => '后',
                _ => '中',
            };
            if two_files {
                format!("{place}{}", numeral(side, file.get()))
            } else {
                format!("{place}{p}")
            }
        }
    };
    s.push(match d.direction {
        Direction::Forward => '进',
        Direction::Backward => '退',
        Direction::Sideways => '平',
    });
    s.push(numeral(side, d.target));
    s
}

/// One character of Chinese move text.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Token {
    Piece(Kind),
    Number(u8),
    Front,
    Middle,
    Rear,
    Go(Direction),
}

fn token(c: char) -> Option<Token> {
    let kind = |k| Some(Token::Piece(k));
    match c {
        '帅' | '帥' | '将' | '將' => kind(Kind::King),
        '仕' | '士' => kind(Kind::Advisor),
        '相' | '象' => kind(Kind::Elephant),
        '马' | '馬' | '傌' => kind(Kind::Horse),
        '车' | '車' | '俥' => kind(Kind::Rook),
        '炮' | '砲' | '包' => kind(Kind::Cannon),
        '兵' | '卒' => kind(Kind::Pawn),
        '前' => Some(Token::Front),
        '中' => Some(Token::Middle),
        '后' | '後' => Some(Token::Rear),
        '进' | '進' => Some(Token::Go(Direction::Forward)),
        '退' => Some(Token::Go(Direction::Backward)),
        '平' => Some(Token::Go(Direction::Sideways)),
        '1'..='9' => Some(Token::Number(c as u8 - b'0')),
        _ => NUMERALS
            .iter()
            .position(|&n| n == c)
            .map(|i| Token::Number(i as u8 + 1)),
    }
}

/// What Chinese text should look like, for messages.
pub const EXPECTED: &str = "expected Chinese notation like 炮二平五, 马8进7 or 前车进一 \
     (piece, file, 进/退/平, then a file or a distance)";

fn place_of(t: Token) -> Option<Place> {
    match t {
        Token::Front => Some(Place::FromFront(0)),
        Token::Middle => Some(Place::Middle),
        Token::Rear => Some(Place::FromRear(0)),
        _ => None,
    }
}

/// Reads Chinese move text (full-width digits already folded to ASCII) into a move yet to be
/// found on the board.
pub fn read(text: &str) -> Result<Written, String> {
    let mut tokens = Vec::new();
    for c in text.chars().filter(|c| !c.is_whitespace()) {
        tokens.push(token(c).ok_or_else(|| format!("'{c}' is no part of a move; {EXPECTED}"))?);
    }
    let [a, b, Token::Go(direction), Token::Number(target)] = tokens.as_slice() else {
        return Err(EXPECTED.to_string());
    };
    let file = |n: u8| FileNumber::new(n.into());
    let place = |place, file| Which::Place { place, file };
    let (kind, which) = match (*a, *b) {
        (Token::Piece(k), Token::Number(n)) => (k, Which::File(file(n).ok_or(EXPECTED)?)),
        (Token::Piece(k), t) | (t, Token::Piece(k)) if place_of(t).is_some() => {
            (k, place(place_of(t).ok_or(EXPECTED)?, None))
        }
        (Token::Number(n @ 1..=5), Token::Piece(Kind::Pawn)) => {
            (Kind::Pawn, place(Place::FromFront(n - 1), None))
        }
        (t, Token::Number(n)) if place_of(t).is_some() => (
            Kind::Pawn,
            place(place_of(t).ok_or(EXPECTED)?, Some(file(n).ok_or(EXPECTED)?)),
        ),
        _ => return Err(EXPECTED.to_string()),
    };
    Ok(Written {
        kind,
        which,
        direction: *direction,
        target: *target,
    })
}
