//! The board as a player sees it in a terminal: Chinese piece characters (車馬相仕帥炮兵 for
//! Red, 車馬象士將砲卒 for Black), Black's file numbers 1–9 along the top and Red's 九…一
//! along the bottom, each side's files counted from its own right. Red pieces are coloured
//! when the output is a terminal.

use crate::game::Side;
use crate::game::xiangqi::{Kind, Piece, Position, Square};

fn glyph(p: Piece) -> char {
    match (p.side(), p.kind()) {
        (_, Kind::Rook) => '車',
        (_, Kind::Horse) => '馬',
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

/// The board, Red at the bottom unless `flipped`; `colour` adds ANSI colours.
pub fn render(pos: &Position, flipped: bool, colour: bool) -> String {
    let (red_on, off) = if colour {
        ("\x1b[1;31m", "\x1b[0m")
    } else {
        ("", "")
    };
    let black_files = " 1 2 3 4 5 6 7 8 9";
    let red_files = " 九八七六五四三二一";
    // Turned round, each side's numbers run the other way across the screen.
    let (top, bottom) = if flipped {
        (" 一二三四五六七八九", " 9 8 7 6 5 4 3 2 1")
    } else {
        (black_files, red_files)
    };
    let mut out = format!("{top}\n");
    for row in 0..10 {
        let rank = if flipped { row } else { 9 - row };
        for col in 0..9 {
            let file = if flipped { 8 - col } else { col };
            let cell = Square::new(file, rank).and_then(|s| pos.piece_at(s));
            match cell {
                Some(p) if p.side() == Side::Red => {
                    out += &format!("{red_on}{}{off}", glyph(p));
                }
                Some(p) => out.push(glyph(p)),
                None => out.push('＋'),
            }
        }
        out += &format!("  {rank}\n");
        if row == 4 {
            out += "  楚 河        漢 界\n";
        }
    }
    out += bottom;
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_position_reads_as_a_record_book_prints_it() {
        let board = render(&Position::startpos(), false, false);
        let lines: Vec<&str> = board.lines().collect();
        assert_eq!(lines[1], "車馬象士將士象馬車  9");
        assert_eq!(lines[3], "＋砲＋＋＋＋＋砲＋  7");
        assert_eq!(lines[11], "車馬相仕帥仕相馬車  0");
        assert_eq!(lines[12], " 九八七六五四三二一");
        let flipped = render(&Position::startpos(), true, false);
        assert!(
            flipped
                .lines()
                .nth(1)
                .is_some_and(|l| l.starts_with("車馬相仕帥"))
        );
    }
}
