//! `save FILE` and `load FILE`: the game as PGN, written by the match runner's writer (the
//! XiangQi Wizard convention, ICCS moves `H2-E2`, or WXF or Chinese movetext on request) and
//! read back by its reader, so that a game saved here opens in a GUI and in `jiangjun match
//! --read-pgn`, and a game from either loads here.

use super::game::Playable;
use super::session::{Ending, PlaySession, Seat};
use crate::arbiter::PgnInfo;
use crate::arbiter::game::Termination;
use crate::arbiter::pgn::{self, PgnGame};
use jiangjun_rules::xiangqi::notation::Notation;

impl<G: Playable> PlaySession<G> {
    fn player_names(&self) -> [String; 2] {
        let own = match &self.strength {
            Some(s) => format!("jiangjun ({}, {})", self.timing.tc.describe(), s.describe()),
            None => format!("jiangjun ({})", self.timing.tc.describe()),
        };
        let other = self.opponent.as_ref().map(|o| o.name().to_string());
        let engine = other.clone().unwrap_or_else(|| own.clone());
        let (red, black) = match self.seat {
            Seat::Red => ("human".to_string(), engine),
            Seat::Black => (engine, "human".to_string()),
            Seat::Both => ("human".to_string(), "human".to_string()),
            Seat::None => (own, engine),
        };
        [red, black]
    }

    /// The game so far as PGN, movetext in `notation`.
    pub fn pgn(&self, notation: Notation) -> String {
        let names = self.player_names();
        let date = crate::matches::pgn_date();
        let (result, comment) = match self.ended {
            Some(e) => (e.result(), e.describe(G::SIDE_NAMES)),
            None => ("*", String::new()),
        };
        let info = PgnInfo {
            date: &date,
            round: 1,
            names: [&names[0], &names[1]],
            tcs: [&self.timing.tc, &self.timing.tc],
            termination: self.ended.map_or(Termination::MaxLength, |e| e.termination),
            comment: &comment,
            notes: &[],
            result,
            notation,
        };
        let text = G::write_pgn(&self.start, &self.moves, &info);
        let text = text.replacen("jiangjun match", "jiangjun play", 1);
        match self.ended {
            Some(_) => text,
            // An unfinished game has no termination yet.
            None => text
                .lines()
                .filter(|l| !l.starts_with("[Termination "))
                .map(|l| format!("{l}\n"))
                .collect(),
        }
    }

    /// `save FILE [iccs|wxf|chinese]`.
    pub(super) fn save(&mut self, args: &str) -> String {
        let mut words = args.split_whitespace();
        let Some(file) = words.next() else {
            return "save FILE [iccs|wxf|chinese]: which file?".to_string();
        };
        let notation = match words.next().map(str::parse::<Notation>) {
            None => Notation::Iccs,
            Some(Ok(n)) => n,
            Some(Err(e)) => return e,
        };
        match std::fs::write(file, self.pgn(notation)) {
            Ok(()) => {
                self.mark_saved();
                format!("saved {} moves to {file}", self.moves.len())
            }
            Err(e) => format!("cannot write {file}: {e}"),
        }
    }

    /// The game as it stands counts as saved.
    pub(super) fn mark_saved(&mut self) {
        self.saved = Some((self.start.to_fen(), self.moves.clone()));
    }

    /// On leaving (quit, the end of input, Ctrl-C): a game with moves that was not saved as it
    /// stands is written to `jiangjun-game-DATE-TIME.pgn` in the working directory, so that no
    /// game is lost; the message names the file. `None` when there was nothing to save.
    pub fn autosave(&mut self) -> Option<String> {
        let unsaved = Some((self.start.to_fen(), self.moves.clone()));
        if self.moves.is_empty() || self.saved == unsaved {
            return None;
        }
        let file = format!("jiangjun-game-{}.pgn", stamp());
        Some(match std::fs::write(&file, self.pgn(Notation::Iccs)) {
            Ok(()) => {
                self.mark_saved();
                format!(
                    "the game ({} moves) is saved in {file}; `load {file}` in jiangjun play goes on with it",
                    self.moves.len()
                )
            }
            Err(e) => format!(
                "the game could not be saved ({file}: {e}); its moves: {}",
                self.pgn(Notation::Iccs)
            ),
        })
    }

    /// `load FILE`: the first game of a PGN file, replayed through the rules.
    pub(super) fn load(&mut self, file: &str) -> String {
        if file.is_empty() {
            return "load FILE: which file?".to_string();
        }
        let text = match std::fs::read(file) {
            Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
            Err(e) => return format!("cannot read {file}: {e}"),
        };
        let game = match pgn::read(&text) {
            Ok(games) => match games.into_iter().next() {
                Some(g) => g,
                None => return format!("{file} holds no game"),
            },
            Err(e) => return format!("{file}: {e}"),
        };
        match crate::arbiter::replay_record::<G>(&game) {
            Ok(crate::arbiter::Record { start, moves, .. }) => {
                self.restart(start, &moves);
                if self.ended.is_none() {
                    self.ended = recorded_ending(&game);
                }
                self.mark_saved(); // it is in the file it came from
                format!(
                    "loaded {} moves from {file}\n{}",
                    moves.len(),
                    self.engine_moves()
                )
            }
            Err(e) => format!("{file}: {e}"),
        }
    }
}

/// How a game that the rules leave open was recorded as ended (resigned, drawn by agreement,
/// lost on time, adjudicated): by its `Result` tag, with its `Termination` tag for why
/// (`Termination::recorded`). `None` for an unfinished game (`*`).
fn recorded_ending(game: &PgnGame) -> Option<Ending> {
    let winner = pgn::winner_of(game.tag("Result")?)?;
    let termination =
        Termination::recorded(game.tag("Termination").unwrap_or(""), winner.is_some());
    Some(Ending {
        winner,
        termination,
    })
}

/// The date and time (UTC) as `YYYYMMDD-HHMMSS`, for file names.
fn stamp() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let date = crate::matches::pgn_date().replace('.', "");
    let t = secs % 86_400;
    format!("{date}-{:02}{:02}{:02}", t / 3600, t / 60 % 60, t % 60)
}
