//! What the written notations (WXF and Chinese) share: a move told from the mover's seat —
//! which piece (by its file, or by its place among like pieces on one file), which way it
//! goes, and how far or to which file. `describe` turns a legal move into that description;
//! the notation modules only spell it. Reading goes the other way through `resolve`.
//!
//! Files are counted 1–9 from each player's own right: for Red file 1 is `i`, for Black it is
//! `a`. "Forward" is towards the opponent.

use super::super::position::Position;
use super::super::types::{Kind, Move, Piece, Square};
use crate::Side;

/// Which way a move goes, seen from the mover.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Direction {
    /// Towards the opponent (进, WXF `+`).
    Forward,
    /// Towards the mover's own side (退, WXF `-`).
    Backward,
    /// Along the rank (平, WXF `.`).
    Sideways,
}

/// A file number as players write it: 1–9 counted from the mover's own right.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct FileNumber(u8);

impl FileNumber {
    /// `None` unless `n` is 1–9.
    pub fn new(n: u32) -> Option<FileNumber> {
        u8::try_from(n)
            .ok()
            .filter(|n| (1..=9).contains(n))
            .map(FileNumber)
    }

    /// The number of board file `file` (0 = `a`) for `side`.
    pub fn of(side: Side, file: i32) -> FileNumber {
        let f = file.clamp(0, 8) as u8;
        FileNumber(match side {
            Side::Red => 9 - f,
            Side::Black => f + 1,
        })
    }

    /// The board file (0 = `a`) this number names for `side`.
    pub fn board_file(self, side: Side) -> i32 {
        match side {
            Side::Red => 9 - i32::from(self.0),
            Side::Black => i32::from(self.0) - 1,
        }
    }

    /// The number, 1–9.
    pub fn get(self) -> u8 {
        self.0
    }
}

/// How a formatted move names its piece.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// By its file: the only piece of its kind there (or an advisor or elephant, whose
    /// direction already tells two on one file apart).
    File(FileNumber),
    /// By its place among `count` like pieces on `file`, 0 = the front one; `two_files` when
    /// pawns stand several on two files, so that the file must be written too.
    Tandem {
        /// The piece's place on the file, 0 = the front one.
        index: u8,
        /// How many like pieces stand on the file.
        count: u8,
        /// The file they stand on.
        file: FileNumber,
        /// Whether pawns stand several on two files, so that the file is written too.
        two_files: bool,
    },
}

/// A move as the written notations see it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Description {
    /// The piece that moves.
    pub piece: Piece,
    /// How the piece is named.
    pub origin: Origin,
    /// Which way it goes.
    pub direction: Direction,
    /// Ranks moved (rook, cannon, pawn, king going forward or back), else the file reached.
    pub target: u8,
}

/// How a piece is named in text that is being read.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Which {
    /// By the file it stands on.
    File(FileNumber),
    /// By place among like pieces on one file; `file` is given when pawns stand several on two
    /// files, else the one file holding several is meant.
    Place {
        /// Which of the pieces on the file.
        place: Place,
        /// The file, when the text names one.
        file: Option<FileNumber>,
    },
}

/// A place among like pieces on one file, counted from the mover's front.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Place {
    /// 0 = the foremost (`前`, `++`, `一`).
    FromFront(u8),
    /// 0 = the rearmost (`后`, `--`).
    FromRear(u8),
    /// The middle one of three or five (`中`, WXF `P3` or `33`).
    Middle,
    /// WXF's lone `+`: the front piece, or the second from the front among four or five pawns,
    /// whose foremost is written `++`.
    Plus,
    /// WXF's lone `-`, the mirror of `Plus`.
    Minus,
}

/// A move as read from text, before the position says which move it is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Written {
    /// The kind of piece named (of the side to move).
    pub kind: Kind,
    /// Which of those pieces.
    pub which: Which,
    /// Which way it goes.
    pub direction: Direction,
    /// As [`Description::target`]; 1–9.
    pub target: u8,
}

/// Whether the piece moves along lines, so that a forward or backward move counts ranks.
pub fn counts_ranks(kind: Kind) -> bool {
    matches!(kind, Kind::Rook | Kind::Cannon | Kind::Pawn | Kind::King)
}

/// `side`'s pieces of `kind` on board file `file`, front first.
pub fn on_file(pos: &Position, side: Side, kind: Kind, file: i32) -> Vec<Square> {
    let mut v: Vec<Square> = Square::all()
        .filter(|s| s.file() == file && pos.piece_at(*s) == Some(Piece::new(side, kind)))
        .collect();
    // Red looks up the board (higher ranks are in front), Black down it.
    v.sort_by_key(|s| match side {
        Side::Red => -s.rank(),
        Side::Black => s.rank(),
    });
    v
}

/// The board files where `side` has two or more pieces of `kind`.
pub fn crowded_files(pos: &Position, side: Side, kind: Kind) -> Vec<i32> {
    (0..9)
        .filter(|&f| on_file(pos, side, kind, f).len() >= 2)
        .collect()
}

/// Describes a move of the side to move; `None` when no piece of its own stands on the
/// move's origin.
pub fn describe(pos: &Position, m: Move) -> Option<Description> {
    let piece = pos.piece_at(m.from())?;
    let side = piece.side();
    if side != pos.side_to_move() {
        return None;
    }
    let (from, to) = (m.from(), m.to());
    let ahead = match side {
        Side::Red => to.rank() - from.rank(),
        Side::Black => from.rank() - to.rank(),
    };
    let direction = match ahead {
        0 => Direction::Sideways,
        a if a > 0 => Direction::Forward,
        _ => Direction::Backward,
    };
    let target = if counts_ranks(piece.kind()) && direction != Direction::Sideways {
        ahead.unsigned_abs() as u8
    } else {
        FileNumber::of(side, to.file()).get()
    };
    let file = FileNumber::of(side, from.file());
    let mut d = Description {
        piece,
        origin: Origin::File(file),
        direction,
        target,
    };
    let same = on_file(pos, side, piece.kind(), from.file());
    if same.len() < 2 {
        return Some(d);
    }
    // Advisors and elephants keep their file when the direction alone tells the pieces apart,
    // as the Chinese rules write them; everything else names front and rear.
    if matches!(piece.kind(), Kind::Advisor | Kind::Elephant)
        && resolve(pos, &written(&d)).ok() == Some(m)
    {
        return Some(d);
    }
    let index = same.iter().position(|&s| s == from)? as u8;
    d.origin = Origin::Tandem {
        index,
        count: same.len() as u8,
        file,
        two_files: piece.kind() == Kind::Pawn && crowded_files(pos, side, Kind::Pawn).len() >= 2,
    };
    Some(d)
}

/// The reading of a description that names its piece by file.
fn written(d: &Description) -> Written {
    let which = match d.origin {
        Origin::File(f) => Which::File(f),
        Origin::Tandem { index, file, .. } => Which::Place {
            place: Place::FromFront(index),
            file: Some(file),
        },
    };
    Written {
        kind: d.piece.kind(),
        which,
        direction: d.direction,
        target: d.target,
    }
}

/// The square a piece of `kind` on `from` reaches by `w`'s direction and target, if the
/// geometry allows one (legality is checked apart).
pub fn destination(side: Side, kind: Kind, from: Square, w: &Written) -> Option<Square> {
    let sign = match side {
        Side::Red => 1,
        Side::Black => -1,
    };
    let target = i32::from(w.target);
    if counts_ranks(kind) {
        return match w.direction {
            Direction::Sideways => {
                let f = FileNumber::new(w.target.into())?.board_file(side);
                (f != from.file()).then_some(())?;
                Square::new(f, from.rank())
            }
            Direction::Forward => from.offset(0, sign * target),
            Direction::Backward => from.offset(0, -sign * target),
        };
    }
    let f = FileNumber::new(w.target.into())?.board_file(side);
    let df = (f - from.file()).abs();
    let dr = match (kind, df) {
        (Kind::Horse, 1) => 2,
        (Kind::Horse, 2) | (Kind::Advisor, 1) => 1,
        (Kind::Elephant, 2) => 2,
        _ => return None,
    };
    match w.direction {
        Direction::Sideways => None,
        Direction::Forward => Square::new(f, from.rank() + sign * dr),
        Direction::Backward => Square::new(f, from.rank() - sign * dr),
    }
}

pub use super::resolve::resolve;
