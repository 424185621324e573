//! Standard chess PGN, as chess GUIs and python-chess read it: the seven-tag roster, `SetUp`
//! and `FEN` when the game does not start from the initial position, `TimeControl` and
//! `Termination`, then numbered SAN moves wrapped under 80 columns. The SAN itself is the
//! chess rules core's (`Position::san`); this module only lays the game out and reads it back.

use super::PgnInfo;
use super::game::Termination;
use super::pgn::{PgnGame, braced, escape};
use crate::clock::TimeControl;
use jiangjun_rules::Side;
use jiangjun_rules::chess::{Move, Position, START_FEN};

/// The longest line written (PGN's export format asks for under 80).
const WIDTH: usize = 79;

/// The `TimeControl` tag as the PGN standard spells it: seconds, `moves/seconds`, `base+inc`,
/// `*seconds` per move, or `-` for a fixed depth or node count (no clock).
fn time_control(tc: &TimeControl) -> String {
    match tc {
        TimeControl::Clock { .. } => tc.describe(),
        TimeControl::MoveTime(ms) => {
            let s = format!("{:.3}", *ms as f64 / 1000.0);
            format!("*{}", s.trim_end_matches('0').trim_end_matches('.'))
        }
        TimeControl::Depth(_) | TimeControl::Nodes(_) => "-".into(),
    }
}

/// The `Termination` tag's standard words; the comment after the moves says more.
fn termination(t: Termination) -> &'static str {
    match t {
        Termination::Rule(_) | Termination::Resignation | Termination::DrawAgreement => "normal",
        Termination::TimeForfeit => "time forfeit",
        Termination::MaxLength
        | Termination::ResignAdjudication
        | Termination::DrawAdjudication => "adjudication",
        Termination::Crash
        | Termination::Hang
        | Termination::IllegalMove
        | Termination::MalformedMove
        | Termination::NoBestMove => "rules infraction",
    }
}

/// Numbered SAN moves from `start` (`1. e4`, `e5`, `2. Nf3`; `5... Nc6` when Black moves
/// first), one word each for wrapping.
fn movetext(start: &Position, moves: &[Move]) -> Vec<String> {
    let mut pos = start.clone();
    let mut words = Vec::new();
    for (i, &m) in moves.iter().enumerate() {
        // A move number stays on the line of its move.
        let number = pos.fullmove();
        let san = pos.san(m);
        words.push(if pos.side_to_move() == Side::Red {
            format!("{number}. {san}")
        } else if i == 0 {
            format!("{number}... {san}")
        } else {
            san
        });
        pos.make(m);
    }
    words
}

/// Joins words into lines of at most `WIDTH` characters.
fn wrap(words: &[String]) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for w in words {
        if !line.is_empty() && line.len() + 1 + w.len() > WIDTH {
            out += &line;
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line += w;
    }
    out + &line + "\n"
}

/// One game, `moves` played from `start`.
pub fn write_game(start: &Position, moves: &[Move], info: &PgnInfo) -> String {
    let mut tags = info.event_tags();
    tags.extend([
        ("White", info.names[0].to_string()),
        ("Black", info.names[1].to_string()),
        ("Result", info.result.to_string()),
    ]);
    let fen = start.to_fen();
    if fen != START_FEN {
        tags.push(("SetUp", "1".into()));
        tags.push(("FEN", fen));
    }
    tags.extend(info.time_tags(["WhiteTimeControl", "BlackTimeControl"], time_control));
    tags.push(("Termination", termination(info.termination).into()));
    let mut out = String::new();
    for (k, v) in tags {
        out += &format!("[{k} \"{}\"]\n", escape(&v));
    }
    out.push('\n');
    let mut words = movetext(start, moves);
    // The engines' comments after their moves: one word each, kept whole by the wrapping.
    let first_noted = moves.len().saturating_sub(info.notes.len());
    for (k, note) in info.notes.iter().enumerate() {
        if let Some(w) = words.get_mut(first_noted + k) {
            *w += &format!(" {}", braced(note));
        }
    }
    if !info.comment.is_empty() {
        // A comment is one word for wrapping: PGN allows line breaks inside it, but keeping
        // it whole reads better.
        words.push(braced(info.comment));
    }
    words.push(info.result.to_string());
    out += &wrap(&words);
    out.push('\n');
    out
}

/// Replays a game's SAN moves from its `FEN` tag (or the initial position).
pub fn replay(game: &PgnGame) -> Result<Position, String> {
    game.replay_with(|pos: &Position, text| pos.parse_san(text))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn info<'a>(tc: &'a TimeControl, comment: &'a str, result: &'a str) -> PgnInfo<'a> {
        PgnInfo {
            date: "2026.12.01",
            round: 3,
            names: ["jiangjun", "stock \"fish\""],
            tcs: [tc, tc],
            termination: Termination::Rule(jiangjun_rules::Reason::Checkmate),
            comment,
            notes: &[],
            result,
            notation: Default::default(),
        }
    }

    fn play(start: &Position, lan: &[&str]) -> Vec<Move> {
        let mut pos = start.clone();
        lan.iter()
            .map(|t| {
                let m = pos.parse_move(t).expect("legal test move");
                pos.make(m);
                m
            })
            .collect()
    }

    #[test]
    fn a_game_from_the_start_has_the_roster_and_numbered_san() {
        let start = Position::startpos();
        let moves = play(
            &start,
            &["e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6", "h5f7"],
        );
        let tc = TimeControl::parse_tc("10+0.1").expect("valid");
        let text = write_game(&start, &moves, &info(&tc, "checkmate", "1-0"));
        let want = "[Event \"jiangjun match\"]\n[Site \"jiangjun\"]\n[Date \"2026.12.01\"]\n\
            [Round \"3\"]\n[White \"jiangjun\"]\n[Black \"stock \\\"fish\\\"\"]\n\
            [Result \"1-0\"]\n[TimeControl \"10+0.1\"]\n[Termination \"normal\"]\n\n\
            1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# {checkmate} 1-0\n\n";
        assert_eq!(text, want);
        let games = super::super::pgn::read(&text).expect("readable");
        assert_eq!(games[0].result, "1-0");
        let end = replay(&games[0]).expect("legal");
        assert!(end.in_check() && end.count_legal() == 0);
    }

    #[test]
    fn a_set_up_game_with_black_to_move_and_long_lines() {
        let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2";
        let start = Position::from_fen(fen).expect("valid");
        let shuffle = ["g8f6", "f3g1", "f6g8", "g1f3"];
        let lan: Vec<&str> = shuffle.iter().cycle().take(40).copied().collect();
        let moves = play(&start, &lan);
        let text = write_game(&start, &moves, &info(&TimeControl::Nodes(5), "", "1/2-1/2"));
        assert!(text.contains(&format!("[SetUp \"1\"]\n[FEN \"{fen}\"]\n")));
        assert!(text.contains("[TimeControl \"-\"]"));
        assert!(
            text.contains("\n\n2... Nf6 3. Ng1 Ng8 4. Nf3 Nf6"),
            "{text}"
        );
        assert!(text.lines().all(|l| l.len() < 80), "{text}");
        let games = super::super::pgn::read(&text).expect("readable");
        assert_eq!(games[0].moves.len(), 40);
        assert_eq!(replay(&games[0]).map(|p| p.to_fen()).ok(), {
            let mut p = start.clone();
            moves.iter().for_each(|&m| p.make(m));
            Some(p.to_fen())
        });
    }

    #[test]
    fn a_bad_move_in_a_file_is_reported_by_ply() {
        let text = "[White \"a\"]\n[Black \"b\"]\n\n1. e4 e5 2. Ke3 1-0\n";
        let games = super::super::pgn::read(text).expect("readable");
        let Err(err) = replay(&games[0]) else {
            panic!("Ke3 is illegal")
        };
        assert!(err.starts_with("ply 3:"), "{err}");
    }
}
