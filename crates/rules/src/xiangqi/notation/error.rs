//! Why typed move text names no legal move, in words a player can act on: what could not be
//! read, which piece is missing or ambiguous, and the moves the named piece does have, written
//! in the notation the player used.

use super::super::position::Position;
use super::super::types::{Move, Piece, Square};
use super::describe::FileNumber;
use super::iccs::MoveError;
use super::resolve::legal_moves_from;
use crate::Side;
use std::fmt;

/// Why move text (ICCS, WXF or Chinese) names no legal move; its `Display` is the message
/// for the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotationError {
    /// Not a move in any notation read here; `why` says what was expected.
    Unreadable {
        /// The text as typed.
        text: String,
        /// What was expected instead.
        why: String,
    },
    /// No piece of that kind on the file named (`file`), or no file holding two (`None`).
    NoSuchPiece {
        /// The text as typed.
        text: String,
        /// The piece the text names (of the side to move).
        piece: Piece,
        /// The file named; `None` when the text named a place (front, rear…) without a file
        /// and no file holds two.
        file: Option<FileNumber>,
        /// The files where pieces of that kind do stand.
        files: Vec<FileNumber>,
    },
    /// Front, middle or rear named among fewer pieces than that needs.
    NoSuchPlace {
        /// The text as typed.
        text: String,
        /// The piece the text names (of the side to move).
        piece: Piece,
        /// How many such pieces the file holds.
        count: usize,
        /// The file.
        file: FileNumber,
    },
    /// Pawns stand several on more than one file, and the text does not say which file.
    WhichFile {
        /// The text as typed.
        text: String,
        /// The piece the text names (of the side to move).
        piece: Piece,
        /// The files holding several of them.
        files: Vec<FileNumber>,
    },
    /// More than one piece could make the move; `options` writes each one unambiguously.
    Ambiguous {
        /// The text as typed.
        text: String,
        /// The piece the text names (of the side to move).
        piece: Piece,
        /// The legal moves the text could mean.
        moves: Vec<Move>,
        /// Those moves, written in the notation offered, each naming one piece.
        options: Vec<String>,
    },
    /// The piece (or pieces) named cannot move so; `legal` lists what they can do.
    Illegal {
        /// The text as typed.
        text: String,
        /// The piece the text names (of the side to move).
        piece: Piece,
        /// Where the pieces named stand.
        squares: Vec<Square>,
        /// Their legal moves, written in the notation offered, sorted.
        legal: Vec<String>,
    },
    /// ICCS text that names no legal move, with the legal moves of the piece on its origin.
    Iccs {
        /// What is wrong with the ICCS text.
        error: MoveError,
        /// The legal moves of the piece on the origin, written in the notation offered, sorted
        /// (empty unless the piece is the mover's and cannot move so).
        legal: Vec<String>,
    },
}

impl NotationError {
    pub(super) fn no_such_piece(pos: &Position, piece: Piece, file: Option<FileNumber>) -> Self {
        let mut files: Vec<FileNumber> = (0..9)
            .filter(|&f| !super::describe::on_file(pos, piece.side(), piece.kind(), f).is_empty())
            .map(|f| FileNumber::of(piece.side(), f))
            .collect();
        files.sort();
        NotationError::NoSuchPiece {
            text: String::new(),
            piece,
            file,
            files,
        }
    }

    pub(super) fn which_file(piece: Piece, mut files: Vec<FileNumber>) -> Self {
        files.sort();
        NotationError::WhichFile {
            text: String::new(),
            piece,
            files,
        }
    }

    /// Fills in the text as typed and the moves to offer, written by `write`.
    pub(super) fn finish(
        mut self,
        pos: &Position,
        typed: &str,
        write: impl Fn(&Position, Move) -> String,
    ) -> Self {
        match &mut self {
            NotationError::Unreadable { text, .. }
            | NotationError::NoSuchPiece { text, .. }
            | NotationError::NoSuchPlace { text, .. }
            | NotationError::WhichFile { text, .. } => *text = typed.to_string(),
            NotationError::Ambiguous {
                text,
                moves,
                options,
                ..
            } => {
                *text = typed.to_string();
                *options = moves.iter().map(|&m| write(pos, m)).collect();
            }
            NotationError::Illegal {
                text,
                squares,
                legal,
                ..
            } => {
                *text = typed.to_string();
                *legal = squares
                    .iter()
                    .flat_map(|&s| legal_moves_from(pos, s))
                    .map(|m| write(pos, m))
                    .collect();
                // Sorted, so that a piece's moves read in order: C2+1 C2+2 … C2.1 …
                legal.sort();
            }
            NotationError::Iccs { .. } => {}
        }
        self
    }
}

/// "red cannon", "black pawn".
fn name(p: Piece) -> String {
    let side = match p.side() {
        Side::Red => "red",
        Side::Black => "black",
    };
    format!("{side} {}", p.kind().name())
}

fn list<T: fmt::Display>(items: &[T]) -> String {
    items
        .iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

impl fmt::Display for FileNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.get())
    }
}

/// ", its legal moves: …" or "; it has no legal move".
fn offer(f: &mut fmt::Formatter<'_>, legal: &[String], several: bool) -> fmt::Result {
    let whose = if several { "their" } else { "its" };
    if legal.is_empty() {
        let who = if several { "they have" } else { "it has" };
        write!(f, "; {who} no legal move")
    } else {
        write!(f, "; {whose} legal moves: {}", legal.join(" "))
    }
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotationError::Unreadable { text, why } => write!(f, "'{text}' is not a move: {why}"),
            NotationError::NoSuchPiece {
                text,
                piece,
                file,
                files,
            } => {
                match file {
                    Some(n) => write!(f, "'{text}': no {} on file {n}", name(*piece))?,
                    None => write!(f, "'{text}': no two {}s share a file", name(*piece))?,
                }
                match files.as_slice() {
                    [] => write!(f, " (none is left)"),
                    [one] => write!(f, " (there is one on file {one})"),
                    more => write!(f, " (they stand on files {})", list(more)),
                }
            }
            NotationError::NoSuchPlace {
                text,
                piece,
                count,
                file,
            } => write!(
                f,
                "'{text}': file {file} holds {count} {}s, so that place names none of them",
                name(*piece)
            ),
            NotationError::WhichFile { text, piece, files } => write!(
                f,
                "'{text}': {}s stand several on files {}; name the file too (WXF 3+.4, Chinese 前三平四)",
                name(*piece),
                list(files),
            ),
            NotationError::Ambiguous {
                text,
                piece,
                moves,
                options,
            } => {
                let from: Vec<Square> = moves.iter().map(|m| m.from()).collect();
                write!(
                    f,
                    "'{text}' is ambiguous: the {}s on {} can all do that; write one of: {}",
                    name(*piece),
                    list(&from),
                    options.join(" ")
                )
            }
            NotationError::Illegal {
                text,
                piece,
                squares,
                legal,
            } => {
                let several = squares.len() > 1;
                let s = if several { "s" } else { "" };
                write!(
                    f,
                    "'{text}' is not legal: the {}{s} on {} cannot move so",
                    name(*piece),
                    list(squares)
                )?;
                offer(f, legal, several)
            }
            NotationError::Iccs { error, legal } => {
                write!(f, "{error}")?;
                match error {
                    MoveError::Impossible(_) | MoveError::LeavesKingInCheck(_) => {
                        offer(f, legal, false)
                    }
                    _ => Ok(()),
                }
            }
        }
    }
}

impl std::error::Error for NotationError {}
