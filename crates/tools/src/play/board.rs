//! The board as a player sees it in a terminal: Chinese piece characters, each side its own as
//! printed boards have them (俥傌相仕帥炮兵 for Red, 車馬象士將砲卒 for Black, so that a board
//! without colour still tells the sides apart) or, with `--ascii`, WXF letters (Red upper case, Black lower
//! case); Black's file numbers 1–9 along the top and Red's 九…一 along the bottom (each side's
//! files counted from its own right), ICCS files a–i and ranks 0–9 beside them. The last move
//! is marked: in colour, both of its points are highlighted; in plain text (not a terminal)
//! its starting point shows 〇 (`o`), and with letters the piece that moved has a `*`.

use jiangjun_rules::Side;
use jiangjun_rules::xiangqi::{Kind, Move, Piece, Position, Square};

/// How the board is drawn.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Style {
    /// ANSI colours (only when stdout is a terminal).
    pub colour: bool,
    /// Letters instead of Chinese characters.
    pub ascii: bool,
}

fn glyph(p: Piece) -> char {
    match (p.side(), p.kind()) {
        (Side::Red, Kind::Rook) => '俥',
        (Side::Black, Kind::Rook) => '車',
        (Side::Red, Kind::Horse) => '傌',
        (Side::Black, Kind::Horse) => '馬',
        (Side::Red, Kind::Elephant) => '相',
        (Side::Black, Kind::Elephant) => '象',
        (Side::Red, Kind::Advisor) => '仕',
        (Side::Black, Kind::Advisor) => '士',
        (Side::Red, Kind::King) => '帥',
        (Side::Black, Kind::King) => '將',
        (Side::Red, Kind::Cannon) => '炮',
        (Side::Black, Kind::Cannon) => '砲',
        (Side::Red, Kind::Pawn) => '兵',
        (Side::Black, Kind::Pawn) => '卒',
    }
}

/// The WXF letter of a piece (the letters that WXF moves like `H2+3` use).
fn letter(p: Piece) -> char {
    let c = match p.kind() {
        Kind::Rook => 'R',
        Kind::Horse => 'H',
        Kind::Elephant => 'E',
        Kind::Advisor => 'A',
        Kind::King => 'K',
        Kind::Cannon => 'C',
        Kind::Pawn => 'P',
    };
    match p.side() {
        Side::Red => c,
        Side::Black => c.to_ascii_lowercase(),
    }
}

const CHINESE_NUMBERS: [&str; 9] = ["一", "二", "三", "四", "五", "六", "七", "八", "九"];
const RED: &str = "\x1b[1;31m";
const MARK: &str = "\x1b[43m";
const OFF: &str = "\x1b[0m";

/// One point of the board, two columns wide.
fn cell(pos: &Position, sq: Square, last: Option<Move>, style: Style) -> String {
    let piece = pos.piece_at(sq);
    let is_from = last.is_some_and(|m| m.from() == sq);
    let is_to = last.is_some_and(|m| m.to() == sq);
    let text = match (piece, style.ascii) {
        (None, false) if is_from && !style.colour => "〇".to_string(),
        (None, false) => "＋".to_string(),
        (None, true) if is_from && !style.colour => " o".to_string(),
        (None, true) => " .".to_string(),
        (Some(p), false) => glyph(p).to_string(),
        (Some(p), true) if is_to && !style.colour => format!("*{}", letter(p)),
        (Some(p), true) => format!(" {}", letter(p)),
    };
    if !style.colour {
        return text;
    }
    let red = piece.is_some_and(|p| p.side() == Side::Red);
    let mark = if is_from || is_to { MARK } else { "" };
    let ink = if red { RED } else { "" };
    if mark.is_empty() && ink.is_empty() {
        text
    } else {
        format!("{mark}{ink}{text}{OFF}")
    }
}

/// The board, Red at the bottom unless `flipped`, the last move marked.
pub fn render(pos: &Position, last: Option<Move>, flipped: bool, style: Style) -> String {
    // Screen columns left to right name these ICCS files (0 = a).
    let files: Vec<i32> = if flipped {
        (0..9).rev().collect()
    } else {
        (0..9).collect()
    };
    // Each side counts files from its own right: Red's 1 is ICCS i, Black's 1 is ICCS a.
    let numbers = |side: Side| -> String {
        files
            .iter()
            .map(|&f| {
                let n = match side {
                    Side::Red => 9 - f,
                    Side::Black => f + 1,
                };
                match side {
                    Side::Red if !style.ascii => CHINESE_NUMBERS[(n - 1) as usize].to_string(),
                    _ => format!(" {n}"),
                }
            })
            .collect()
    };
    let (top_side, bottom_side) = if flipped {
        (Side::Red, Side::Black)
    } else {
        (Side::Black, Side::Red)
    };
    let (top, bottom) = (numbers(top_side), numbers(bottom_side));
    let mut out = format!("{top}\n");
    for row in 0..10 {
        let rank = if flipped { row } else { 9 - row };
        for &f in &files {
            if let Some(sq) = Square::new(f, rank) {
                out += &cell(pos, sq, last, style);
            }
        }
        out += &format!("  {rank}\n");
        if row == 4 {
            out += if style.ascii {
                "   river\n"
            } else {
                "  楚 河        漢 界\n"
            };
        }
    }
    out += &bottom;
    out.push('\n');
    let icc: String = files
        .iter()
        .map(|&f| format!(" {}", char::from(b'a' + f as u8)))
        .collect();
    out += &icc;
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const PLAIN: Style = Style {
        colour: false,
        ascii: false,
    };

    #[test]
    fn the_start_position_reads_as_a_record_book_prints_it() {
        let board = render(&Position::startpos(), None, false, PLAIN);
        let lines: Vec<&str> = board.lines().collect();
        assert_eq!(lines[0], " 1 2 3 4 5 6 7 8 9");
        assert_eq!(lines[1], "車馬象士將士象馬車  9");
        assert_eq!(lines[3], "＋砲＋＋＋＋＋砲＋  7");
        assert_eq!(lines[11], "俥傌相仕帥仕相傌俥  0");
        assert_eq!(lines[12], "九八七六五四三二一");
        assert_eq!(lines[13], " a b c d e f g h i");
        let flipped = render(&Position::startpos(), None, true, PLAIN);
        let lines: Vec<&str> = flipped.lines().collect();
        assert_eq!(lines[0], "一二三四五六七八九", "Red's 1 is at Red's right");
        assert!(lines[1].starts_with("俥傌相仕帥"), "{flipped}");
        assert_eq!(
            lines[12], " 9 8 7 6 5 4 3 2 1",
            "Black's 1 is at Black's right"
        );
        assert_eq!(lines[13], " i h g f e d c b a");
    }

    #[test]
    fn the_last_move_is_marked_and_letters_replace_characters() {
        let mut pos = Position::startpos();
        let m = pos.parse_move("h2e2").expect("legal");
        pos.make(m);
        let board = render(&pos, Some(m), false, PLAIN);
        assert_eq!(board.lines().nth(9), Some("＋炮＋＋炮＋＋〇＋  2"));
        let ascii = Style {
            colour: false,
            ascii: true,
        };
        let board = render(&pos, Some(m), false, ascii);
        let lines: Vec<&str> = board.lines().collect();
        assert_eq!(lines[1], " r h e a k a e h r  9");
        assert_eq!(lines[9], " . C . .*C . . o .  2");
        assert_eq!(lines[12], " 9 8 7 6 5 4 3 2 1");
        let colour = Style {
            colour: true,
            ascii: false,
        };
        let board = render(&pos, Some(m), false, colour);
        assert!(board.contains(&format!("{MARK}{RED}炮{OFF}")), "{board}");
        assert!(board.contains(&format!("{MARK}＋{OFF}")), "{board}");
    }
}
