//! From a move as read (`Written`) to the legal move it names in a position, or the reason
//! there is none: no such piece, an ambiguous name, or a move that piece cannot make.

use super::super::position::Position;
use super::super::types::{Kind, Move, Piece, Square};
use super::describe::{FileNumber, Place, Which, Written, crowded_files, destination, on_file};
use super::error::NotationError;
use crate::{GenKind, MoveList, Side};

/// The legal moves of the piece on `from`, in generation order.
pub fn legal_moves_from(pos: &Position, from: Square) -> Vec<Move> {
    let mut list = MoveList::new(Move::NONE);
    pos.generate_legal(GenKind::All, &mut list);
    list.iter().filter(|m| m.from() == from).collect()
}

/// The piece `place` names among `on` (like pieces on one file, front first).
fn pick(on: &[Square], place: Place) -> Option<Square> {
    let n = on.len();
    let i = match place {
        Place::FromFront(k) => usize::from(k),
        Place::FromRear(k) => n.checked_sub(1 + usize::from(k))?,
        Place::Middle if n % 2 == 1 && n >= 3 => n / 2,
        Place::Middle => return None,
        Place::Plus if n >= 4 => 1,
        Place::Plus => 0,
        Place::Minus if n >= 4 => n - 2,
        Place::Minus => n.checked_sub(1)?,
    };
    on.get(i).copied()
}

/// The pieces `w` may mean, before its direction and target are looked at.
fn candidates(pos: &Position, piece: Piece, w: &Written) -> Result<Vec<Square>, NotationError> {
    let (side, kind) = (piece.side(), piece.kind());
    match w.which {
        Which::File(f) => {
            let on = on_file(pos, side, kind, f.board_file(side));
            if on.is_empty() {
                return Err(NotationError::no_such_piece(pos, piece, Some(f)));
            }
            Ok(on)
        }
        Which::Place { place, file } => {
            let f = match file {
                Some(f) => f.board_file(side),
                None => match crowded_files(pos, side, kind).as_slice() {
                    [] => return Err(NotationError::no_such_piece(pos, piece, None)),
                    [one] => *one,
                    several => {
                        let files = several.iter().map(|&f| FileNumber::of(side, f)).collect();
                        return Err(NotationError::which_file(piece, files));
                    }
                },
            };
            let on = on_file(pos, side, kind, f);
            match pick(&on, place) {
                Some(s) => Ok(vec![s]),
                None if on.is_empty() => Err(NotationError::no_such_piece(
                    pos,
                    piece,
                    Some(FileNumber::of(side, f)),
                )),
                None => Err(NotationError::NoSuchPlace {
                    text: String::new(),
                    piece,
                    count: on.len(),
                    file: FileNumber::of(side, f),
                }),
            }
        }
    }
}

/// The legal move `w` names for the side to move. When a plain file holds several like
/// pieces and more than one could make the move, a file of three or five pawns means its
/// middle pawn (WXF's `P3.4`); otherwise the name is ambiguous.
pub fn resolve(pos: &Position, w: &Written) -> Result<Move, NotationError> {
    let side: Side = pos.side_to_move();
    let piece = Piece::new(side, w.kind);
    let from = candidates(pos, piece, w)?;
    let fits: Vec<Move> = from
        .iter()
        .filter_map(|&s| destination(side, w.kind, s, w).map(|to| Move::new(s, to)))
        .filter(|&m| pos.is_legal(m))
        .collect();
    match fits.as_slice() {
        [m] => Ok(*m),
        [] => Err(NotationError::Illegal {
            text: String::new(),
            piece,
            squares: from,
            legal: Vec::new(),
        }),
        several => {
            let middle = (w.kind == Kind::Pawn && matches!(w.which, Which::File(_)))
                .then(|| pick(&from, Place::Middle))
                .flatten();
            if let Some(m) = middle.and_then(|s| several.iter().find(|m| m.from() == s)) {
                return Ok(*m);
            }
            Err(NotationError::Ambiguous {
                text: String::new(),
                piece,
                moves: several.to_vec(),
                options: Vec::new(),
            })
        }
    }
}
