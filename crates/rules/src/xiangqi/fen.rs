//! FEN in and out. Reading is tolerant of what real GUIs send (`r` for Red, `H`/`E` letters,
//! missing counters) and strict about what cannot be a Xiangqi position, with an error that
//! says which rank, which character and what is wrong.

use super::position::Position;
use super::types::{FILES, Kind, Piece, RANKS, Square};
use crate::Side;
use std::fmt;

/// The largest move number a FEN may set (larger ones are read as this): no game is that long,
/// and it leaves room for the count to go up by a move at a time without overflowing.
pub const MAX_MOVE_NUMBER: u32 = 1 << 30;

/// The start position: Red (upper case) at the bottom, ranks written from Black's back rank
/// (rank 9) down.
pub const START_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// Why a FEN was refused, in words meant for the person who sent it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenError(pub String);

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid FEN: {}", self.0)
    }
}

impl std::error::Error for FenError {}

fn err<T>(msg: impl Into<String>) -> Result<T, FenError> {
    Err(FenError(msg.into()))
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::Red => "Red",
        Side::Black => "Black",
    }
}

impl Position {
    /// The start position, Red to move.
    pub fn startpos() -> Position {
        Position::from_fen(START_FEN).expect("the start FEN is valid")
    }

    /// Reads a FEN. Fields after the board are optional: side (`w`/`r` Red, `b` Black,
    /// default Red), two ignored fields, the natural-move ply counter, the move number.
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        let mut fields = fen.split_whitespace();
        let Some(board) = fields.next() else {
            return err("the FEN is empty");
        };
        let mut pos = Position::empty();
        parse_board(board, &mut pos)?;
        pos.side = match fields.next() {
            None => Side::Red,
            Some(s) => match s.to_ascii_lowercase().as_str() {
                "w" | "r" => Side::Red,
                "b" => Side::Black,
                _ => return err(format!("side to move '{s}' is not w, r or b")),
            },
        };
        let _castling = fields.next();
        let _en_passant = fields.next();
        let rule_plies = match fields.next() {
            None => 0,
            // Past the limit the game is already drawn; keep the count at the limit.
            Some(s) => match s.parse::<u64>() {
                Ok(n) => n.min(120) as u16,
                Err(_) => return err(format!("halfmove counter '{s}' is not a number")),
            },
        };
        pos.fullmove = match fields.next() {
            None => 1,
            // Capped far below u32::MAX, so that playing moves can never overflow the count.
            Some(s) => match s.parse::<u64>() {
                Ok(n) => n.clamp(1, u64::from(MAX_MOVE_NUMBER)) as u32,
                Err(_) => return err(format!("move number '{s}' is not a number")),
            },
        };
        validate(&pos)?;
        pos.init_root(rule_plies);
        Ok(pos)
    }

    /// The position as a FEN, using the standard letters and `w`/`b`.
    pub fn to_fen(&self) -> String {
        let mut out = String::with_capacity(96);
        crate::write_placement(&mut out, FILES as i32, RANKS as i32, |file, rank| {
            let s = Square::new(file, rank).expect("file and rank are in range");
            self.piece_at(s).map(|p| p.letter())
        });
        let side = if self.side_to_move() == Side::Red {
            'w'
        } else {
            'b'
        };
        // Past the natural-move limit the count no longer matters; keep it readable back.
        let plies = self.state().rule_plies.min(120);
        out.push_str(&format!(" {side} - - {plies} {}", self.fullmove()));
        out
    }
}

/// The FEN of the mirror image (files a↔i) with the same side to move and fresh counters.
/// Works on the text, so it also serves for FENs that do not parse.
pub fn mirror_files(fen: &str) -> String {
    let mut parts = fen.split_whitespace();
    let board = parts.next().unwrap_or_default();
    let rows: Vec<String> = board
        .split('/')
        .map(|r| r.chars().rev().collect())
        .collect();
    format!("{} {} - - 0 1", rows.join("/"), parts.next().unwrap_or("w"))
}

/// The FEN with Red and Black exchanged: ranks reversed, letter cases swapped, the other side
/// to move, fresh counters.
pub fn swap_colours(fen: &str) -> String {
    let mut parts = fen.split_whitespace();
    let board = parts.next().unwrap_or_default();
    let swap = |c: char| {
        if c.is_ascii_uppercase() {
            c.to_ascii_lowercase()
        } else {
            c.to_ascii_uppercase()
        }
    };
    let rows: Vec<String> = board
        .split('/')
        .rev()
        .map(|r| r.chars().map(swap).collect())
        .collect();
    let side = if parts.next() == Some("b") { "w" } else { "b" };
    format!("{} {side} - - 0 1", rows.join("/"))
}

/// Describes a rank for messages: its ICCS number and where it stands in the FEN.
fn rank_label(rank: i32) -> String {
    format!("rank {rank} (field {} of the board)", 10 - rank)
}

fn parse_board(board: &str, pos: &mut Position) -> Result<(), FenError> {
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != RANKS {
        return err(format!(
            "the board has {} ranks, expected 10 separated by '/'",
            rows.len()
        ));
    }
    for (i, row) in rows.iter().enumerate() {
        let rank = 9 - i as i32;
        let mut file = 0i32;
        for c in row.chars() {
            if let Some(d) = c.to_digit(10) {
                if d == 0 {
                    return err(format!(
                        "{} has the digit 0; empty runs are 1 to 9",
                        rank_label(rank)
                    ));
                }
                file += d as i32;
            } else if let Some(p) = Piece::from_letter(c) {
                if let Some(s) = Square::new(file, rank) {
                    pos.put(p, s);
                }
                file += 1;
            } else {
                return err(format!(
                    "{} has the unknown character '{c}'",
                    rank_label(rank)
                ));
            }
            if file > FILES as i32 {
                return err(format!(
                    "{} '{row}' has more than 9 files",
                    rank_label(rank)
                ));
            }
        }
        if file < FILES as i32 {
            return err(format!(
                "{} '{row}' has {file} files, expected 9",
                rank_label(rank)
            ));
        }
    }
    Ok(())
}

/// The points a piece of this kind can ever stand on, seen from its own side.
fn reachable(p: Piece, s: Square) -> bool {
    let side = p.side();
    let (f, r) = (
        s.file(),
        if side == Side::Red {
            s.rank()
        } else {
            9 - s.rank()
        },
    );
    match p.kind() {
        Kind::King => s.in_palace(side),
        Kind::Advisor => s.in_palace(side) && (f + r) % 2 == 1,
        Kind::Elephant => r <= 4 && f % 2 == 0 && r % 2 == 0 && (f / 2 + r / 2) % 2 == 1,
        Kind::Pawn => r >= 5 || (r >= 3 && f % 2 == 0),
        _ => true,
    }
}

/// Why a piece stands where no game could have put it, or `None` where one could.
fn unusual(p: Piece, s: Square) -> Option<String> {
    if reachable(p, s) {
        return None;
    }
    let why = match p.kind() {
        Kind::King | Kind::Advisor => "outside its palace points",
        Kind::Elephant => "not on one of its seven points",
        _ => "behind its starting rank or off its starting files",
    };
    Some(format!(
        "{} {} on {s} is {why}",
        side_name(p.side()),
        p.kind().name()
    ))
}

impl Position {
    /// The pieces that stand where no game could have put them (an advisor off its palace
    /// points, an elephant off its seven, a pawn behind its starting rank), one sentence each.
    /// Composed endgames and puzzles do this; such a position is accepted and searched as it
    /// stands (its pieces move by the ordinary rules), and a program may warn about it.
    pub fn unusual_placements(&self) -> Vec<String> {
        Square::all()
            .filter_map(|s| self.piece_at(s).and_then(|p| unusual(p, s)))
            .collect()
    }
}

/// What a position must be for the rules to search it: both kings, each in its palace; no
/// more pieces of a kind than a set has; the side not to move not in check. Other pieces may
/// stand anywhere (see `unusual_placements`).
fn validate(pos: &Position) -> Result<(), FenError> {
    let mut counts = [[0u32; 7]; 2];
    for s in Square::all() {
        let Some(p) = pos.piece_at(s) else { continue };
        counts[p.side().index()][p.kind() as usize] += 1;
        if p.kind() == Kind::King
            && let Some(why) = unusual(p, s)
        {
            return err(why);
        }
    }
    for side in [Side::Red, Side::Black] {
        for kind in Kind::ALL {
            let n = counts[side.index()][kind as usize];
            let max = kind.full_set();
            if kind == Kind::King && n == 0 {
                return err(format!("{} has no king", side_name(side)));
            }
            if n > max {
                return err(format!(
                    "{} has {n} {}s; a set has {max}",
                    side_name(side),
                    kind.name()
                ));
            }
        }
    }
    let them = pos.side_to_move().flip();
    if pos.is_in_check(them) {
        return err(format!(
            "{} is to move and could capture the {} king",
            side_name(pos.side_to_move()),
            side_name(them)
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rejects(fen: &str, words: &str) {
        match Position::from_fen(fen) {
            Ok(_) => panic!("accepted {fen}"),
            Err(e) => assert!(e.to_string().contains(words), "{e} lacks '{words}'"),
        }
    }

    #[test]
    fn start_fen_round_trips() {
        assert_eq!(Position::startpos().to_fen(), START_FEN);
    }

    #[test]
    fn accepts_what_real_guis_send() {
        let board = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR";
        for fen in [
            format!("{board} r"),
            format!("{board} w"),
            board.to_string(),
            format!("{board} w - - 0 0"),
        ] {
            assert_eq!(
                Position::from_fen(&fen).map(|p| p.to_fen()),
                Ok(START_FEN.to_string())
            );
        }
        let aliases = "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w";
        assert_eq!(
            Position::from_fen(aliases).map(|p| p.to_fen()),
            Ok(START_FEN.to_string())
        );
    }

    #[test]
    fn rejects_broken_boards_with_specific_reasons() {
        rejects(
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/RNBAKABNR w",
            "9 ranks",
        );
        rejects(
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w",
            "rank 0",
        );
        rejects(
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C2/9/RNBAKABNR w",
            "more than 9 files",
        );
        rejects(
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5X1/9/RNBAKABNR w",
            "unknown character 'X'",
        );
        rejects(
            "rnbaxabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
            "rank 9",
        );
        rejects(
            "rnba1abnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
            "Black has no king",
        );
        rejects(
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBAKABNR w",
            "Red has 2 kings",
        );
        rejects(
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1CR4C1/9/RNBAKABNR w",
            "3 rooks",
        );
        rejects(
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C1A3C1/9/RNBAKABNR w",
            "3 advisors",
        );
        rejects(
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBA1ABNR w",
            "Red has no king",
        );
        rejects(
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x",
            "side to move 'x'",
        );
        rejects(
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - z 1",
            "halfmove",
        );
        rejects("", "empty");
        // Kings facing on an open file: the side to move could take the other king.
        rejects("4k4/9/9/9/9/9/9/9/9/4K4 w", "could capture the Black king");
        rejects(
            "3k5/9/9/9/9/9/9/9/3R5/4K4 w",
            "could capture the Black king",
        );
    }

    #[test]
    fn composed_placements_are_accepted_and_named() {
        for (fen, word) in [
            (
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2A2C1/9/RNBAK1BNR w",
                "Red advisor on e2 is outside its palace points",
            ),
            (
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/4B4/P1P1P1P1P/1C5C1/9/RN1AKABNR w",
                "Red elephant on e4 is not on one of its seven points",
            ),
            (
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/2P1P1P1P/1C5C1/P8/RNBAKABNR w",
                "Red pawn on a1 is behind its starting rank",
            ),
            (
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/PP2P1P1P/1C5C1/9/RNBAKABNR w",
                "Red pawn on b3 is behind its starting rank",
            ),
            // A black pawn on its own back rank, as an endgame study put it.
            ("3k2p2/9/9/9/9/9/9/9/9/4K4 w", "Black pawn on g9 is behind"),
        ] {
            let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
            let said = pos.unusual_placements();
            assert!(
                said.len() == 1 && said[0].starts_with(word),
                "{fen}: {said:?}"
            );
        }
        assert!(Position::startpos().unusual_placements().is_empty());
        // Six pawns are still more than a set has.
        rejects(
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/P8/RNBAKABNR w",
            "Red has 6 pawns",
        );
        rejects(
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/K8/RNBA1ABNR w",
            "Red king on a1 is outside its palace points",
        );
    }

    #[test]
    fn counters_past_the_move_limit_are_kept_at_the_limit() {
        let fen = "3k5/9/9/9/9/9/9/9/9/4K4 b - - 300 42";
        let pos = Position::from_fen(fen).expect("valid");
        assert_eq!(pos.to_fen(), "3k5/9/9/9/9/9/9/9/9/4K4 b - - 120 42");
    }

    #[test]
    fn counters_survive_the_round_trip() {
        let fen = "3k5/9/9/9/9/9/9/9/9/4K4 b - - 37 42";
        assert_eq!(
            Position::from_fen(fen).map(|p| p.to_fen()),
            Ok(fen.to_string())
        );
    }
}
