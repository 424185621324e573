//! The chess board as a player sees it in a terminal: figurines (♔♕♖♗♘♙ for White, ♚♛♜♝♞♟
//! for Black) or, with `--ascii`, FEN letters (White upper case), files a–h and ranks 1–8,
//! White at the bottom unless flipped. The last move is marked as on the Xiangqi board: both
//! points highlighted in colour, in plain text its starting point shown as `o` and the piece
//! that moved preceded by `*`.

use super::board::Style;
use jiangjun_rules::Side;
use jiangjun_rules::chess::{Kind, Move, Piece, Position, Square};

fn figurine(p: Piece) -> char {
    match (p.side(), p.kind()) {
        (Side::Red, Kind::King) => '♔',
        (Side::Red, Kind::Queen) => '♕',
        (Side::Red, Kind::Rook) => '♖',
        (Side::Red, Kind::Bishop) => '♗',
        (Side::Red, Kind::Knight) => '♘',
        (Side::Red, Kind::Pawn) => '♙',
        (Side::Black, Kind::King) => '♚',
        (Side::Black, Kind::Queen) => '♛',
        (Side::Black, Kind::Rook) => '♜',
        (Side::Black, Kind::Bishop) => '♝',
        (Side::Black, Kind::Knight) => '♞',
        (Side::Black, Kind::Pawn) => '♟',
    }
}

const WHITE: &str = "\x1b[1;97m";
const BLACK: &str = "\x1b[1;34m";
const MARK: &str = "\x1b[43m";
const OFF: &str = "\x1b[0m";

/// One square, two columns wide.
fn cell(pos: &Position, sq: Square, last: Option<Move>, style: Style) -> String {
    let piece = pos.piece_at(sq);
    let is_from = last.is_some_and(|m| m.from() == sq);
    let is_to = last.is_some_and(|m| m.to() == sq);
    let plain = !style.colour;
    let shown = |p: Piece| match style.ascii {
        true => p.letter(),
        false => figurine(p),
    };
    let text = match piece {
        None if is_from && plain => " o".to_string(),
        None => " .".to_string(),
        Some(p) if is_to && plain => format!("*{}", shown(p)),
        Some(p) => format!(" {}", shown(p)),
    };
    if plain {
        return text;
    }
    let mark = if is_from || is_to { MARK } else { "" };
    let ink = match piece.map(|p| p.side()) {
        Some(Side::Red) => WHITE,
        Some(Side::Black) => BLACK,
        None => "",
    };
    if mark.is_empty() && ink.is_empty() {
        text
    } else {
        format!("{mark}{ink}{text}{OFF}")
    }
}

/// The board, ranks 8 to 1 (1 to 8 when `flipped`), the last move marked.
pub fn render(pos: &Position, last: Option<Move>, flipped: bool, style: Style) -> String {
    let files: Vec<i32> = if flipped {
        (0..8).rev().collect()
    } else {
        (0..8).collect()
    };
    let ranks: Vec<i32> = if flipped {
        (0..8).collect()
    } else {
        (0..8).rev().collect()
    };
    let mut out = String::new();
    for &rank in &ranks {
        out += &format!("{} ", rank + 1);
        for &f in &files {
            if let Some(sq) = Square::new(f, rank) {
                out += &cell(pos, sq, last, style);
            }
        }
        out.push('\n');
    }
    out += "  ";
    for &f in &files {
        out += &format!(" {}", char::from(b'a' + f as u8));
    }
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_position_and_a_marked_move() {
        let plain = Style {
            colour: false,
            ascii: false,
        };
        let board = render(&Position::startpos(), None, false, plain);
        let lines: Vec<&str> = board.lines().collect();
        assert_eq!(lines[0], "8  ♜ ♞ ♝ ♛ ♚ ♝ ♞ ♜");
        assert_eq!(lines[7], "1  ♖ ♘ ♗ ♕ ♔ ♗ ♘ ♖");
        assert_eq!(lines[8], "   a b c d e f g h");
        let mut pos = Position::startpos();
        let m = pos.parse_move("e2e4").expect("legal");
        pos.make(m);
        let ascii = Style {
            colour: false,
            ascii: true,
        };
        let board = render(&pos, Some(m), true, ascii);
        let lines: Vec<&str> = board.lines().collect();
        assert_eq!(lines[0], "1  R N B K Q B N R");
        assert_eq!(lines[1], "2  P P P o P P P P");
        assert_eq!(lines[3], "4  . . .*P . . . .");
        assert_eq!(lines[8], "   h g f e d c b a");
    }
}
