//! The commands both dialects parse into, and the parsing pieces they share. Keywords are
//! matched without regard to case; FENs and moves keep theirs.

use crate::book::choose::Variety;
use crate::time::Limits;
use std::time::Duration;

#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    IsReady,
    /// An option to set, and a message for the user when its value was clamped into range.
    SetOption(Setting, Option<String>),
    NewGame,
    /// `fen: None` is the start position.
    Position {
        fen: Option<String>,
        moves: Vec<String>,
    },
    BanMoves(Vec<String>),
    Go(Go),
    PonderHit {
        draw: bool,
    },
    Stop,
    Probe {
        fen: Option<String>,
        moves: Vec<String>,
    },
    Quit,
    /// Print the board (`d`).
    Display,
    /// Pass the move to the other side (`flip`), where the rules allow it.
    Flip,
    /// The static evaluation taken apart (`eval`).
    Eval,
    Perft(u32),
    Bench,
    /// Nothing to do (an unknown UCCI option, a comment).
    Nothing,
    /// Something wrong with the line; the message says what.
    Error(String),
}

#[derive(Clone, Debug, PartialEq)]
pub enum Setting {
    HashMb(usize),
    Threads(usize),
    /// How many best lines to report (UCI `MultiPV`).
    MultiPv(usize),
    Ponder(bool),
    Overhead(Duration),
    ClearHash,
    Batch(bool),
    Debug(bool),
    Randomness(i32),
    MilliSeconds(bool),
    /// `UCI_ShowWDL` (UCCI `showwdl`): win/draw/loss per mille on every `info` line.
    ShowWdl(bool),
    /// `Skill Level` (UCCI `level`): 0 to 20, 20 = full strength.
    SkillLevel(u32),
    /// `UCI_LimitStrength`: play at `UCI_Elo` rather than at the skill level.
    LimitStrength(bool),
    /// `UCI_Elo`, within the calibrated range.
    Elo(i32),
    /// `UCI_Variant`: play this game from its start position on.
    Variant(jiangjun_rules::GameKind),
    /// UCCI `usebook`, UCI `OwnBook`: play book moves when the book has one.
    UseBook(bool),
    /// UCCI `bookfiles`, UCI `BookFile`: the book files, `;`-separated (empty: none).
    BookFiles(String),
    /// UCCI `bookvariety`, UCI `BookVariety`: how far the book's choice strays from its
    /// heaviest move.
    BookVariety(Variety),
    /// UCI `EvalFile`, UCCI `evalfile`: a net file for the neural evaluation (empty: the
    /// classical evaluation).
    EvalFile(String),
    /// UCI `EvalBlend`, UCCI `evalblend`: the net's share of the evaluation in percent (the
    /// classical evaluation has the rest), 0 to 100.
    EvalBlend(u8),
    /// A hidden `Tune_<name>` option: one of the search's tunable numbers (see
    /// `search::SearchParams`), already clamped into its range.
    Tune(&'static str, i32),
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Go {
    pub limits: Limits,
    pub searchmoves: Vec<String>,
    /// UCCI `go draw`: the opponent offers a draw.
    pub draw: bool,
    /// Problems with the line that did not stop the search (reported to the user).
    pub warnings: Vec<String>,
}

/// Whether `word` is `keyword`, ignoring case.
pub fn is(word: &str, keyword: &str) -> bool {
    word.eq_ignore_ascii_case(keyword)
}

/// Splits `position`/`probe` arguments: `startpos` or `fen <fields…>`, then `moves …`.
pub fn parse_position(words: &[&str], what: &str) -> Result<(Option<String>, Vec<String>), String> {
    let moves_at = words.iter().position(|w| is(w, "moves"));
    let (head, moves) = match moves_at {
        Some(i) => (
            &words[..i],
            words[i + 1..].iter().map(|m| m.to_string()).collect(),
        ),
        None => (words, Vec::new()),
    };
    match head.split_first() {
        Some((w, rest)) if is(w, "startpos") => {
            if rest.is_empty() {
                Ok((None, moves))
            } else {
                Err(format!(
                    "{what}: unexpected '{}' after startpos",
                    rest.join(" ")
                ))
            }
        }
        Some((w, rest)) if is(w, "fen") => {
            if rest.is_empty() {
                Err(format!("{what}: 'fen' needs a FEN"))
            } else {
                Ok((Some(rest.join(" ")), moves))
            }
        }
        Some((w, _)) => Err(format!("{what}: expected 'startpos' or 'fen', got '{w}'")),
        None => Err(format!("{what}: expected 'startpos' or 'fen'")),
    }
}

/// Reads the number after a `go` keyword. Missing or malformed: a warning and `None`.
/// Negative: a warning and zero (some GUIs send a negative clock when time is nearly out).
pub fn go_number(words: &[&str], i: usize, go: &mut Go) -> Option<f64> {
    let key = words[i];
    let Some(text) = words.get(i + 1) else {
        go.warnings
            .push(format!("go: '{key}' needs a number; ignored"));
        return None;
    };
    match text.parse::<f64>() {
        Ok(v) if v.is_finite() && v >= 0.0 => Some(v),
        Ok(v) if v.is_finite() => {
            go.warnings
                .push(format!("go: negative {key} {text} taken as 0"));
            Some(0.0)
        }
        _ => {
            go.warnings
                .push(format!("go: '{key}' needs a number, got '{text}'; ignored"));
            None
        }
    }
}

/// Converts a non-negative count, saturating rather than failing on huge values.
pub fn count<T: TryFrom<u64> + Copy>(v: f64, max: T) -> T {
    T::try_from(v.min(u64::MAX as f64) as u64).unwrap_or(max)
}

/// The longest mate `go mate` may ask for, in moves: more than any search can see (the depth
/// is capped at `MAX_DEPTH` plies), and small enough that the search's `2 * n` cannot overflow.
pub const MAX_MATE_MOVES: u32 = crate::search::MAX_DEPTH;

/// Sets the unit-free `go` limit `key` (`depth`, `nodes`, `movestogo` or `mate`) from a
/// non-negative number, at least 1 and saturating at the type's (or the search's) limit.
pub fn count_limit(limits: &mut Limits, key: &str, v: f64) {
    match key {
        "depth" => limits.depth = Some(count(v, u32::MAX).max(1)),
        "nodes" => limits.nodes = Some(count(v, u64::MAX).max(1)),
        "movestogo" => limits.moves_to_go = Some(count(v, u32::MAX).max(1)),
        "mate" => limits.mate = Some(count(v, u32::MAX).clamp(1, MAX_MATE_MOVES)),
        _ => {}
    }
}

/// Milliseconds to a duration, clamped to a day (no game clock is longer).
pub fn millis(v: f64) -> Duration {
    Duration::from_millis(v.min(86_400_000.0) as u64)
}

/// Parses `true/false/on/off` (UCCI and UCI check options).
pub fn boolean(v: &str) -> Option<bool> {
    match v.to_ascii_lowercase().as_str() {
        "true" | "on" | "1" => Some(true),
        "false" | "off" | "0" => Some(false),
        _ => None,
    }
}

/// A string option's value: none, or `<empty>` (how UCI GUIs write an empty string,
/// Stockfish's convention, and accepted over UCCI alike), is the empty string.
pub fn string_value(v: Option<&str>) -> String {
    match v {
        None | Some("<empty>") => String::new(),
        Some(text) => text.to_string(),
    }
}

/// Parses a spin value and clamps it to `min..=max`, reporting a clamp.
pub fn spin(
    name: &str,
    v: Option<&str>,
    min: i64,
    max: i64,
) -> Result<(i64, Option<String>), String> {
    let Some(v) = v else {
        return Err(format!(
            "setoption {name}: needs a value from {min} to {max}"
        ));
    };
    let n: i64 = v
        .trim()
        .parse()
        .map_err(|_| format!("setoption {name}: '{v}' is not a whole number ({min} to {max})"))?;
    if n < min || n > max {
        let c = n.clamp(min, max);
        return Ok((
            c,
            Some(format!(
                "setoption {name}: {n} is out of range {min}..{max}; using {c}"
            )),
        ));
    }
    Ok((n, None))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_split_into_fen_and_moves() {
        let w: Vec<&str> = "fen 9/9 w - - 0 1 moves h2e2 h9g7".split(' ').collect();
        assert_eq!(
            parse_position(&w, "position"),
            Ok((
                Some("9/9 w - - 0 1".into()),
                vec!["h2e2".into(), "h9g7".into()]
            ))
        );
        assert_eq!(
            parse_position(&["STARTPOS"], "position"),
            Ok((None, vec![]))
        );
        assert!(parse_position(&["fen"], "position").is_err());
        assert!(parse_position(&["foo"], "position").is_err());
        assert!(parse_position(&[], "position").is_err());
    }

    #[test]
    fn go_numbers_warn_on_missing_and_negative_values() {
        let mut go = Go::default();
        assert_eq!(go_number(&["depth"], 0, &mut go), None);
        assert_eq!(go_number(&["depth", "-3"], 0, &mut go), Some(0.0));
        assert_eq!(go_number(&["depth", "x"], 0, &mut go), None);
        assert_eq!(go_number(&["depth", "7"], 0, &mut go), Some(7.0));
        assert_eq!(go.warnings.len(), 3);
    }

    #[test]
    fn huge_go_numbers_saturate() {
        let mut l = Limits::default();
        count_limit(&mut l, "mate", 1_073_741_824.0);
        count_limit(&mut l, "nodes", 1e300);
        count_limit(&mut l, "depth", 0.0);
        assert_eq!(
            (l.mate, l.nodes, l.depth),
            (Some(MAX_MATE_MOVES), Some(u64::MAX), Some(1))
        );
    }

    #[test]
    fn spins_clamp_with_a_message() {
        assert_eq!(spin("hash", Some("64"), 1, 1024), Ok((64, None)));
        assert!(matches!(spin("hash", Some("0"), 1, 1024), Ok((1, Some(_)))));
        assert!(spin("hash", Some("lots"), 1, 1024).is_err());
        assert!(spin("hash", None, 1, 1024).is_err());
    }
}
