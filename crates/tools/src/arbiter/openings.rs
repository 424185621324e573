//! Opening positions for a match: read from a file of `FEN [moves m1 m2 ...]` lines (for
//! chess, EPD lines too: their operations are ignored), or the game's built-in set (Xiangqi: 40
//! balanced openings; chess: 40 main lines). Every opening is checked against the rules when
//! it is loaded, so a bad line stops the match before any engine starts.

use super::Arbitrated;
use jiangjun_engine::game::Xiangqi;
use jiangjun_rules::Game;

/// The built-in balanced Xiangqi openings (a copy of the project's shared opening file).
pub const BUILTIN: &str = Xiangqi::BUILTIN_OPENINGS;

/// A start position and the moves played from it before the engines take over.
#[derive(Clone)]
pub struct Opening<G: Game = Xiangqi> {
    /// The FEN the game starts from, as the rules core writes it.
    pub fen: String,
    pub moves: Vec<G::Move>,
}

// By hand: a derive would ask the position type to be `Debug` too.
impl<G: Game> std::fmt::Debug for Opening<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Opening")
            .field("fen", &self.fen)
            .field("moves", &self.moves)
            .finish()
    }
}

impl<G: Game> Opening<G> {
    /// The position after the opening moves, with the opening in its history.
    pub fn position(&self) -> G {
        // Both were validated when the opening was loaded.
        let mut pos = G::from_fen(&self.fen).unwrap_or_else(|_| G::startpos());
        for &m in &self.moves {
            pos.make(m);
        }
        pos
    }
}

/// Parses one non-empty line (comments already removed).
pub fn parse_line<G: Arbitrated>(line: &str) -> Result<Opening<G>, String> {
    let mut tokens = line.split_whitespace().peekable();
    let board = tokens.next().ok_or("empty line")?;
    let mut fen = if board == "startpos" {
        G::START_FEN.to_string()
    } else {
        let mut fen = board.to_string();
        let mut fields = 1;
        while fields < 6 {
            match tokens.peek() {
                Some(t) if G::is_fen_field(t) => {
                    fen.push(' ');
                    fen.push_str(t);
                    tokens.next();
                    fields += 1;
                }
                _ => break,
            }
        }
        fen
    };
    let mut pos = G::from_fen(&fen).map_err(|e| format!("bad FEN: {e}"))?;
    fen = pos.to_fen();
    if tokens.peek() == Some(&"moves") {
        tokens.next();
    }
    let mut moves = Vec::new();
    for t in tokens {
        // Reject anything that is not move-shaped before asking whether it is legal, so that
        // the message says which it was; in EPD, the operations start there.
        if !G::is_move_shaped(t) {
            if G::EPD && moves.is_empty() {
                break;
            }
            return Err(format!("'{t}' is neither a FEN field nor a move"));
        }
        let m = pos
            .parse_move(t)
            .map_err(|e| format!("move {} ({t}): {e}", moves.len() + 1))?;
        pos.make(m);
        moves.push(m);
    }
    if let Some(o) = pos.arbiter_outcome() {
        return Err(format!(
            "the game is already over after the opening ({o:?})"
        ));
    }
    Ok(Opening { fen, moves })
}

/// Parses a whole file: one opening a line, `#` starts a comment, blank lines are skipped.
pub fn parse<G: Arbitrated>(text: &str) -> Result<Vec<Opening<G>>, String> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        out.push(parse_line(line).map_err(|e| format!("line {}: {e}", i + 1))?);
    }
    if out.is_empty() {
        return Err("no openings found".into());
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use jiangjun_engine::game::{Chess, Xiangqi};

    #[test]
    fn the_builtin_set_has_forty_legal_openings() {
        let all = parse::<Xiangqi>(BUILTIN).expect("the built-in openings are valid");
        assert_eq!(all.len(), 40);
        assert!(all.iter().all(|o| (4..=8).contains(&o.moves.len())));
        let chess =
            parse::<Chess>(Chess::BUILTIN_OPENINGS).expect("the built-in chess openings are legal");
        assert_eq!(chess.len(), 40);
        assert!(chess.iter().all(|o| (8..=10).contains(&o.moves.len())));
    }

    #[test]
    fn chess_lines_take_fens_epd_and_moves() {
        let text = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\n\
            r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - bm Bb5; id \"x\";\n\
            startpos moves e2e4 e7e5 g1f3\n";
        let all = parse::<Chess>(text).expect("valid");
        assert_eq!(all.len(), 3);
        assert!(all[1].moves.is_empty());
        assert_eq!(
            all[2].position().side_to_move(),
            jiangjun_rules::Side::Black
        );
        let err = parse::<Chess>("startpos e2e4 bm\n").expect_err("junk after a move");
        assert!(err.contains("neither a FEN field nor a move"), "{err}");
        let err = parse::<Chess>("startpos e2e5\n").expect_err("illegal");
        assert!(err.starts_with("line 1: move 1 (e2e5)"), "{err}");
    }

    #[test]
    fn reads_fen_only_fen_with_moves_and_the_moves_keyword() {
        let text = "# a comment\n\
            3k5/9/9/9/9/9/9/9/9/R3K4 w\n\
            startpos h2e2 h7e7   # trailing comment\n\
            rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 moves b0c2\n\n";
        let all = parse::<Xiangqi>(text).expect("valid");
        assert_eq!(all.len(), 3);
        assert!(all[0].moves.is_empty());
        assert_eq!(all[1].moves.len(), 2);
        assert_eq!(all[2].moves.len(), 1);
        assert_eq!(all[1].position().side_to_move(), jiangjun_rules::Side::Red);
    }

    #[test]
    fn bad_lines_are_reported_with_their_number() {
        let parse = parse::<Xiangqi>;
        let err = parse("startpos h2e2\nstartpos e0e5\n").expect_err("illegal move");
        assert!(err.starts_with("line 2: move 1 (e0e5)"), "{err}");
        let err = parse("startpos id \"x\";").expect_err("junk");
        assert!(err.contains("neither a FEN field nor a move"), "{err}");
        assert!(parse("# nothing\n").is_err());
        assert!(parse("xyz w\n").is_err());
    }
}
