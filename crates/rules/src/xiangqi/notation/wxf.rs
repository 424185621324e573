//! WXF notation (World Xiangqi Federation, after the Asian federation's 1980s system):
//! `C2.5`, `H8+7`, `R+.3`, `C--1`. Four characters: the piece letter (K A E H R C P), the
//! file it stands on counted from the mover's right, the direction (`+` forward, `-` back,
//! `.` sideways) and the destination file or, for a rook, cannon, pawn or king moving along
//! its file, the number of ranks.
//!
//! Two like pieces on one file put `+` (front) or `-` (rear) where the file goes. Pawns go
//! further: three on a file are `P+`, `P3` (the middle one, written as plainly) and `P-`;
//! four or five are `++`, `P+`, (`P3`,) `P-`, `--`; when two files each hold several, the
//! file replaces the letter: `3+`, `33` (middle), `3-`.

use super::super::types::Kind;
use super::describe::{Description, Direction, FileNumber, Origin, Place, Which, Written};

/// The WXF letter of a kind.
pub fn letter(kind: Kind) -> char {
    match kind {
        Kind::King => 'K',
        Kind::Advisor => 'A',
        Kind::Elephant => 'E',
        Kind::Horse => 'H',
        Kind::Rook => 'R',
        Kind::Cannon => 'C',
        Kind::Pawn => 'P',
    }
}

/// Reads a piece letter: WXF's, and the FEN letters and `G` (general) people also type.
fn kind_of(c: char) -> Option<Kind> {
    Some(match c.to_ascii_uppercase() {
        'K' | 'G' => Kind::King,
        'A' => Kind::Advisor,
        'E' | 'B' => Kind::Elephant,
        'H' | 'N' => Kind::Horse,
        'R' => Kind::Rook,
        'C' => Kind::Cannon,
        'P' => Kind::Pawn,
        _ => return None,
    })
}

fn digit(n: FileNumber) -> char {
    char::from(b'0' + n.get())
}

/// Writes a described move in WXF.
pub fn write(d: &Description) -> String {
    let p = letter(d.piece.kind());
    let mut s = match d.origin {
        Origin::File(f) => format!("{p}{}", digit(f)),
        Origin::Tandem {
            index,
            count,
            file,
            two_files,
        } => {
            let last = count - 1;
            let middle = count % 2 == 1 && index == count / 2;
            let lead = if two_files { digit(file) } else { p };
            match (index, count >= 4) {
                _ if middle => format!("{lead}{}", digit(file)),
                (0, true) => "++".to_string(),
                (i, true) if i == last => "--".to_string(),
                (1, true) | (0, false) => format!("{lead}+"),
                _ => format!("{lead}-"),
            }
        }
    };
    s.push(match d.direction {
        Direction::Forward => '+',
        Direction::Backward => '-',
        Direction::Sideways => '.',
    });
    s.push(char::from(b'0' + d.target));
    s
}

/// What WXF text should look like, for messages.
pub const EXPECTED: &str = "expected WXF like C2.5, H8+7, R+.3 or P-.4 (piece K A E H R C P, \
     file 1-9 or +/- for front/rear, + - . for direction, then a file or a distance)";

/// Reads WXF text (already in ASCII) into a move yet to be found on the board. Accepts `=`
/// for `.`, lower case, and the sideways move written without its dot (`C25`).
pub fn read(text: &str) -> Result<Written, String> {
    let c: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    let (head, dir, target) = match c.as_slice() {
        [a, b, d, t] => ([*a, *b], Some(*d), *t),
        [a, b, t] => ([*a, *b], None, *t),
        _ => return Err(EXPECTED.to_string()),
    };
    let target = t_digit(target).ok_or_else(|| EXPECTED.to_string())?;
    let direction = match dir {
        Some('+') => Direction::Forward,
        Some('-') => Direction::Backward,
        Some('.' | '=') | None => Direction::Sideways,
        Some(_) => return Err(EXPECTED.to_string()),
    };
    let (kind, which) = origin(head).ok_or_else(|| EXPECTED.to_string())?;
    Ok(Written {
        kind,
        which,
        direction,
        target,
    })
}

fn t_digit(c: char) -> Option<u8> {
    c.to_digit(10).and_then(FileNumber::new).map(|n| n.get())
}

fn file(c: char) -> Option<FileNumber> {
    c.to_digit(10).and_then(FileNumber::new)
}

/// The first two characters: which piece.
fn origin(head: [char; 2]) -> Option<(Kind, Which)> {
    let place = |place, file| Which::Place { place, file };
    Some(match head {
        ['+', '+'] => (Kind::Pawn, place(Place::FromFront(0), None)),
        ['-', '-'] => (Kind::Pawn, place(Place::FromRear(0), None)),
        [d, x] if d.is_ascii_digit() => {
            let f = file(d)?;
            let p = match x {
                '+' => Place::Plus,
                '-' => Place::Minus,
                x if file(x) == Some(f) => Place::Middle,
                _ => return None,
            };
            (Kind::Pawn, place(p, Some(f)))
        }
        // `+R.3`: the sign written before the letter, as some books do.
        [s @ ('+' | '-'), l] => (kind_of(l)?, sign(s, None)?),
        [l, x] => {
            let k = kind_of(l)?;
            match x {
                '+' | '-' => (k, sign(x, None)?),
                _ => (k, Which::File(file(x)?)),
            }
        }
    })
}

fn sign(s: char, file: Option<FileNumber>) -> Option<Which> {
    let place = match s {
        '+' => Place::Plus,
        '-' => Place::Minus,
        _ => return None,
    };
    Some(Which::Place { place, file })
}
