//! PGN in the XiangQi Wizard convention (`[Game "Chinese Chess"]`, `[Format "ICCS"]`, the
//! start position in `[FEN]`, moves written `H2-E2`), so that Xiangqi GUIs open the games,
//! and a reader that loads such files back and replays every move through the rules core.
//! The movetext may also be WXF (`[Format "WXF"]`, `C2.5`) or Chinese (`炮二平五`) for people;
//! the reader takes all three.

use jiangjun_rules::xiangqi::notation::{self, Notation, format_move};
use jiangjun_rules::xiangqi::{Move, Position};
use jiangjun_rules::{Game, Side};

/// One game as PGN tags and ICCS moves.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnGame {
    /// Tags in file order.
    pub tags: Vec<(String, String)>,
    /// Moves as written (`H2-E2`), opening moves included.
    pub moves: Vec<String>,
    /// The result token after the moves (`1-0`, `0-1`, `1/2-1/2`, `*`).
    pub result: String,
}

impl PgnGame {
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// Replays the moves (ICCS, WXF or Chinese) from the `FEN` tag (or the start position);
    /// fails on the first move the rules reject.
    pub fn replay(&self) -> Result<Position, String> {
        self.replay_with(|pos: &Position, text| notation::parse(pos, text))
    }

    /// Replays the moves of any game, `read` turning each written move into a legal one.
    pub fn replay_with<G: Game, E: std::fmt::Display>(
        &self,
        read: impl Fn(&G, &str) -> Result<G::Move, E>,
    ) -> Result<G, String> {
        let mut pos = match self.tag("FEN") {
            Some(f) => G::from_fen(f).map_err(|e| format!("FEN: {e}"))?,
            None => G::startpos(),
        };
        for (i, text) in self.moves.iter().enumerate() {
            let m = read(&pos, text).map_err(|e| format!("ply {}: {e}", i + 1))?;
            pos.make(m);
        }
        Ok(pos)
    }
}

/// The winner a result (`1-0`, `0-1`, `1/2-1/2`) names: `Some(None)` for a draw, `None` for an
/// unfinished game (`*`) or anything else.
pub fn winner_of(result: &str) -> Option<Option<Side>> {
    match result.trim() {
        "1-0" => Some(Some(Side::Red)),
        "0-1" => Some(Some(Side::Black)),
        "1/2-1/2" => Some(None),
        _ => None,
    }
}

/// A tag value with its quotes and backslashes escaped.
pub(super) fn escape(v: &str) -> String {
    v.replace('\\', "\\\\").replace('"', "\\\"")
}

/// `text` as a movetext comment: in braces, a closing brace inside it made harmless.
pub(super) fn braced(text: &str) -> String {
    format!("{{{}}}", text.replace('}', ")"))
}

/// The ICCS text of a move as XiangQi Wizard writes it: `H2-E2`.
pub fn iccs(m: Move) -> String {
    let s = format_move(m, 0).to_ascii_uppercase();
    format!("{}-{}", &s[..2], &s[2..])
}

/// The moves as the movetext writes them, and the `Format` tag that says how. WXF and
/// Chinese need the position; a FEN that does not parse falls back to ICCS.
fn movetext(fen: &str, moves: &[Move], notation: Notation) -> (Vec<String>, &'static str) {
    let iccs_text = || (moves.iter().map(|&m| iccs(m)).collect(), "ICCS");
    let Ok(start) = Position::from_fen(fen) else {
        return iccs_text();
    };
    match notation {
        Notation::Iccs => iccs_text(),
        Notation::Wxf => (notation::format_line(&start, moves, notation), "WXF"),
        Notation::Chinese => (notation::format_line(&start, moves, notation), "Chinese"),
    }
}

/// Where a game starts and how its moves are written.
pub struct Movetext<'a> {
    pub fen: &'a str,
    /// The side that makes the first of `moves`, and the move number it makes it on.
    pub first: Side,
    pub first_fullmove: u32,
    pub moves: &'a [Move],
    pub notation: Notation,
    /// Comments for the last `notes.len()` of `moves`, each written after its move.
    pub notes: &'a [String],
}

/// Writes one game. `tags` go after `Game`; `FEN` and `Format` are written last, as XiangQi
/// Wizard does; `comment` ends the game.
pub fn write_game(tags: &[(&str, String)], game: &Movetext, comment: &str, result: &str) -> String {
    let Movetext {
        fen,
        first,
        first_fullmove,
        moves,
        notation,
        notes,
    } = *game;
    let first_noted = moves.len().saturating_sub(notes.len());
    let (texts, format) = movetext(fen, moves, notation);
    let mut out = String::from("[Game \"Chinese Chess\"]\n");
    for (k, v) in tags {
        out += &format!("[{k} \"{}\"]\n", escape(v));
    }
    out += &format!(
        "[Result \"{result}\"]\n[FEN \"{}\"]\n[Format \"{format}\"]\n",
        escape(fen)
    );
    let mut line = String::new();
    let mut body = Vec::new();
    let mut number = first_fullmove.max(1);
    let mut side = first;
    for (i, text) in texts.into_iter().enumerate() {
        if side == Side::Red {
            body.push(format!("{number}."));
        } else if i == 0 {
            body.push(format!("{number}. ..."));
        }
        body.push(text);
        if let Some(note) = i.checked_sub(first_noted).and_then(|k| notes.get(k)) {
            body.push(braced(note));
        }
        if side == Side::Black {
            number += 1;
        }
        side = side.flip();
    }
    if !comment.is_empty() {
        body.push(braced(comment));
    }
    body.push(result.to_string());
    for word in body {
        if !line.is_empty() && line.len() + word.len() + 1 > 80 {
            out += &line;
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line += &word;
    }
    out += &line;
    out += "\n\n";
    out
}

/// The text of a quoted tag value, with `\"` and `\\` unescaped.
fn unescape(quoted: &str) -> String {
    let inner = quoted.strip_prefix('"').unwrap_or(quoted);
    let inner = inner.strip_suffix('"').unwrap_or(inner);
    let mut out = String::new();
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        match (c, chars.clone().next()) {
            ('\\', Some(n @ ('"' | '\\'))) => {
                out.push(n);
                chars.next();
            }
            _ => out.push(c),
        }
    }
    out
}

fn is_result(t: &str) -> bool {
    matches!(t, "1-0" | "0-1" | "1/2-1/2" | "*")
}

/// Reads every game of a PGN file. Tags are `[Name "value"]`; comments in `{}` and after `;`,
/// move numbers and annotation glyphs (`!`, `?`, `$n`) are skipped; variations `( … )` too.
pub fn read(text: &str) -> Result<Vec<PgnGame>, String> {
    let mut games = Vec::new();
    let mut game = PgnGame::default();
    let mut in_moves = false;
    let (mut brace, mut paren) = (false, 0usize);
    for (n, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if !brace && paren == 0 && line.starts_with('[') {
            if in_moves {
                return Err(format!(
                    "line {}: a tag inside movetext (missing result?)",
                    n + 1
                ));
            }
            let inner = line.trim_start_matches('[').trim_end_matches(']');
            let (name, value) = inner
                .split_once(' ')
                .ok_or_else(|| format!("line {}: malformed tag", n + 1))?;
            let value = unescape(value.trim());
            game.tags.push((name.to_string(), value));
            continue;
        }
        if line.starts_with('%') {
            continue;
        }
        let mut rest = line;
        while !rest.is_empty() {
            if brace {
                match rest.find('}') {
                    Some(i) => {
                        brace = false;
                        rest = &rest[i + 1..];
                    }
                    None => rest = "",
                }
                continue;
            }
            rest = rest.trim_start();
            let Some(c) = rest.chars().next() else { break };
            match c {
                '{' => {
                    brace = true;
                    rest = &rest[1..];
                }
                ';' => rest = "",
                '(' => {
                    paren += 1;
                    rest = &rest[1..];
                }
                ')' => {
                    paren = paren.saturating_sub(1);
                    rest = &rest[1..];
                }
                // A stray closing brace (no comment open) is skipped, not read as a move.
                '}' => rest = &rest[1..],
                _ => {
                    let end = rest
                        .find(|ch: char| ch.is_whitespace() || "{}();".contains(ch))
                        .unwrap_or(rest.len());
                    let token = &rest[..end];
                    rest = &rest[end..];
                    if paren > 0 {
                        continue;
                    }
                    in_moves = true;
                    if is_result(token) {
                        game.result = token.to_string();
                        games.push(std::mem::take(&mut game));
                        in_moves = false;
                        continue;
                    }
                    // A move number glued to its move (`1.H2-E2`) is cut off, but not the
                    // file that begins a WXF pawn move (`33.4`, `7+.6`).
                    let word = match notation::wxf::read(token) {
                        Ok(_) => token,
                        Err(_) => {
                            token.trim_start_matches(|ch: char| ch.is_ascii_digit() || ch == '.')
                        }
                    };
                    let word = word.trim_end_matches(['!', '?', '+', '#']);
                    if word.is_empty() || word.starts_with('$') {
                        continue;
                    }
                    game.moves.push(word.to_string());
                }
            }
        }
    }
    if in_moves || !game.tags.is_empty() {
        return Err("the last game has no result".into());
    }
    Ok(games)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_are_written_the_wizard_way_and_read_back() {
        let mut pos = Position::startpos();
        let mut moves = Vec::new();
        for t in ["h2e2", "h9g7", "h0g2", "i9h9"] {
            let m = pos.parse_move(t).expect("legal");
            pos.make(m);
            moves.push(m);
        }
        let tags = [
            ("Red", "new \"x\"".to_string()),
            ("Black", "old".to_string()),
        ];
        let fen = Position::startpos().to_fen();
        let game = |notation| Movetext {
            fen: &fen,
            first: Side::Red,
            first_fullmove: 1,
            moves: &moves,
            notation,
            notes: &[],
        };
        let text = write_game(&tags, &game(Notation::Iccs), "adjudicated draw", "1/2-1/2");
        assert!(text.starts_with("[Game \"Chinese Chess\"]\n"));
        assert!(text.contains("[Format \"ICCS\"]"));
        assert!(
            text.contains("1. H2-E2 H9-G7 2. H0-G2 I9-H9 {adjudicated draw} 1/2-1/2"),
            "{text}"
        );
        let games = read(&(text.clone() + &text)).expect("readable");
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].tag("Red"), Some("new \"x\""));
        assert_eq!(games[0].moves, ["H2-E2", "H9-G7", "H0-G2", "I9-H9"]);
        assert_eq!(games[0].result, "1/2-1/2");
        assert_eq!(games[0].replay().expect("legal").to_fen(), pos.to_fen());
        for (notation, format, line) in [
            (Notation::Wxf, "WXF", "1. C2.5 H8+7 2. H2+3 R9.8"),
            (
                Notation::Chinese,
                "Chinese",
                "1. 炮二平五 马8进7 2. 马二进三 车9平8",
            ),
        ] {
            let text = write_game(&tags, &game(notation), "", "*");
            assert!(text.contains(&format!("[Format \"{format}\"]")), "{text}");
            assert!(text.contains(line), "{text}");
            let games = read(&text).expect("readable");
            assert_eq!(games[0].replay().expect("legal").to_fen(), pos.to_fen());
        }
    }

    #[test]
    fn wxf_pawn_moves_keep_their_leading_file() {
        let text = "[Game \"Chinese Chess\"]\n1. 33.4 7+.6 3-.4 1.H2-E2 *\n";
        let g = read(text).expect("readable");
        assert_eq!(g[0].moves, ["33.4", "7+.6", "3-.4", "H2-E2"]);
    }

    #[test]
    fn black_to_move_starts_with_an_ellipsis() {
        let fen = "3k5/9/9/9/9/9/9/9/9/R3K4 b - - 0 7";
        let pos = Position::from_fen(fen).expect("valid");
        let m = pos.parse_move("d9d8").expect("legal");
        let game = Movetext {
            fen,
            first: Side::Black,
            first_fullmove: 7,
            moves: &[m],
            notation: Notation::Iccs,
            notes: &[],
        };
        let text = write_game(&[], &game, "", "*");
        assert!(text.contains("7. ... D9-D8 *"), "{text}");
        assert_eq!(read(&text).expect("readable")[0].moves, ["D9-D8"]);
    }

    #[test]
    fn the_reader_skips_comments_variations_and_numbers() {
        let text = "[Game \"Chinese Chess\"]\n[Format \"ICCS\"]\n\n1. H2-E2 {a comment\nover lines} H9-G7 (1... B9-C7) ; rest\n2. H0-G2! $1 0-1\n";
        let g = read(text).expect("readable");
        assert_eq!(g[0].moves, ["H2-E2", "H9-G7", "H0-G2"]);
        assert_eq!(g[0].result, "0-1");
        assert!(g[0].replay().is_ok());
    }

    #[test]
    fn bad_files_are_errors_not_panics() {
        assert!(read("[Game \"x\"]\n1. H2-E2").is_err());
        let g = read("1. H2-E9 1-0").expect("syntax is fine");
        match g[0].replay() {
            Err(e) => assert!(e.starts_with("ply 1"), "{e}"),
            Ok(_) => panic!("H2-E9 is not a legal first move"),
        }
        for junk in ["[", "{", "((((", "1.", "]]]] \u{0}\u{ffff}"] {
            let _ = read(junk);
        }
    }

    #[test]
    fn random_text_never_panics_the_reader() {
        // Strings over the characters that matter to the parser, from a fixed generator.
        let alphabet: Vec<char> = "[]{}();%\"\\ \n.-$!?01259aAeEhHiI\u{0}\u{fffd}é"
            .chars()
            .collect();
        use jiangjun_rules::random::RngExt;
        let mut rng = jiangjun_rules::random::seeded(42);
        for _ in 0..3000 {
            let len = rng.random_range(0..60);
            let text: String = (0..len)
                .map(|_| alphabet[rng.random_range(0..alphabet.len())])
                .collect();
            if let Ok(games) = read(&text) {
                for g in games {
                    let _ = g.replay();
                }
            }
            let _ = crate::arbiter::openings::parse::<jiangjun_engine::game::Xiangqi>(&text);
            let _ = crate::arbiter::openings::parse::<jiangjun_engine::game::Chess>(&text);
            let _ = crate::process::parse_score(&text);
        }
    }
}
