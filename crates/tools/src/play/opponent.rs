//! `--engine KEY=VALUE…`: another engine process as the opponent, started and driven by the
//! match runner's `EngineProcess` driver (`matches::engine::Engine`) with the same words as
//! `jiangjun match --engine` and the same `go` commands (`matches::game::go_limits`). Its
//! move is checked by the rules core like a person's; a move the rules refuse, a crash or a
//! hang ends the game against it, as the match runner would rule.

use super::game::Playable;
use super::live::thinking_text;
use super::session::Ending;
use crate::arbiter::EngineMoveError;
use crate::arbiter::game::{Termination, go_limits};
use crate::process::{
    EngineProcess, EngineSpec, Fault, MATE, Reply, Score, Suffix, parse_depth, parse_score,
};
use jiangjun_rules::Side;
use jiangjun_rules::xiangqi::notation::Notation;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// What the other engine's turn came to.
pub enum Turn<M> {
    Move(M, Option<Score>),
    /// The engine lost the game (resigned, crashed, hung, or answered a move the rules
    /// refuse); the text says why.
    Over(Ending, String),
}

/// How a turn of the other engine is watched: the flag the move-now key raises, where its
/// thinking goes, and the notation to show its lines in.
pub struct Watching<'a> {
    pub stop: &'a AtomicBool,
    pub report: &'a (dyn Fn(String) + Sync),
    pub notation: Notation,
}

/// A started engine process.
pub struct Opponent {
    engine: EngineProcess,
}

impl Opponent {
    /// Starts the engine and tells it a game begins.
    pub fn start(spec: EngineSpec) -> Result<Opponent, String> {
        let spec = Arc::new(spec);
        let startup = Duration::from_secs(10);
        let failed = |f: Fault| f.at_start(&spec, startup);
        let mut engine = EngineProcess::start(Arc::clone(&spec), None, startup).map_err(failed)?;
        engine.new_game().map_err(failed)?;
        Ok(Opponent { engine })
    }

    pub fn name(&self) -> &str {
        &self.engine.spec.name
    }

    /// Tells the engine a new game starts.
    pub fn new_game(&mut self) {
        let _ = self.engine.new_game();
    }

    /// Asks for a move in `pos`, reached by `moves` from `start`; with `watching`, its
    /// `info` lines are shown and the key can make it move now (`stop`).
    pub fn think<G: Playable>(
        &mut self,
        start: &G,
        moves: &[G::Move],
        pos: &G,
        timing: &super::timing::Timing,
        watching: Option<Watching<'_>>,
    ) -> Turn<G::Move> {
        let spec = Arc::clone(&self.engine.spec);
        let side = pos.side_to_move();
        let mut position = format!("position fen {}", start.to_fen());
        if !moves.is_empty() {
            position += " moves";
            for &m in moves {
                position.push(' ');
                position += &G::engine_text(m, spec.rank_base);
            }
        }
        let go = go_limits(
            spec.proto,
            spec.seconds,
            [&timing.tc, &timing.tc],
            timing.clocks(),
            side,
        );
        let lost = |termination, why: String| {
            let ending = Ending {
                winner: Some(side.flip()),
                termination,
            };
            Turn::Over(ending, format!("engine '{}' {why}", spec.name))
        };
        let limit = timing.wait_limit(side);
        let thought = match &watching {
            Some(w) => {
                let mut on_info = |line: &str| {
                    if let Some(text) = thinking::<G>(pos, line, spec.rank_base, w.notation) {
                        (w.report)(text);
                    }
                };
                self.engine
                    .think_watched(&position, &go, limit, &mut on_info, Some(w.stop))
            }
            None => self.engine.think(&position, &go, limit),
        };
        let answer = match thought {
            Ok(a) => a,
            Err(Fault::Timeout) => {
                let _ = self.engine.stop(Duration::from_secs(1));
                return match timing.tc.is_timed() {
                    true => lost(Termination::TimeForfeit, "ran out of time".into()),
                    false => lost(Termination::Hang, "did not answer within a minute".into()),
                };
            }
            Err(_) => return lost(Termination::Crash, "exited".into()),
        };
        if answer.suffix == Suffix::Resign {
            return lost(Termination::Resignation, "resigns".into());
        }
        let text = match answer.reply {
            Reply::Move(t) => t,
            Reply::NoMove => return lost(Termination::NoBestMove, "has no move".into()),
        };
        match pos.engine_move(&text, spec.rank_base) {
            Ok(m) => Turn::Move(m, answer.score),
            Err(EngineMoveError::Malformed(e)) => {
                lost(Termination::MalformedMove, format!("answered {e}"))
            }
            Err(EngineMoveError::Illegal(e)) => {
                lost(Termination::IllegalMove, format!("played {e}"))
            }
        }
    }
}

/// An engine's `info` line as the live display shows it: its depth, score and line in the
/// game's notation; `None` for lines without a depth and a score, and for the second and
/// later lines of a MultiPV search.
fn thinking<G: Playable>(pos: &G, line: &str, rank_base: u8, notation: Notation) -> Option<String> {
    let words = || line.split_whitespace();
    if let Some(n) = words().skip_while(|w| *w != "multipv").nth(1)
        && n != "1"
    {
        return None;
    }
    let (depth, score) = (parse_depth(line)?, parse_score(line)?);
    // Each move read in the position it is played from, which refuses one that is not
    // legal there: the line stops at it.
    let mut at = pos.clone();
    let pv: Vec<String> = words()
        .skip_while(|w| *w != "pv")
        .skip(1)
        .map_while(|w| {
            let m = at.engine_move(w, rank_base).ok()?;
            let text = at.write(m, notation);
            at.make(m);
            Some(text)
        })
        .collect();
    Some(thinking_text(
        depth,
        &describe_score(Some(score)),
        &pv.join(" "),
    ))
}

/// An engine's reported score as a player reads it.
pub fn describe_score(score: Option<Score>) -> String {
    match score {
        None => "no score".to_string(),
        Some(s) if s > MATE / 2 => format!("mate in {}", (MATE - s + 1) / 2),
        Some(s) if s < -MATE / 2 => format!("mated in {}", (MATE + s) / 2),
        Some(s) => format!("score {s:+}"),
    }
}

/// Which sides the other engine plays: every side the built-in engine would, except that
/// with nobody at the keyboard jiangjun keeps the first side and the other engine takes the
/// second.
pub fn plays(seat: super::Seat, side: Side) -> bool {
    match seat {
        super::Seat::None => side == Side::Black,
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_read_as_players_read_them() {
        assert_eq!(describe_score(Some(-31)), "score -31");
        assert_eq!(describe_score(Some(MATE - 1)), "mate in 1");
        assert_eq!(describe_score(Some(-MATE + 2)), "mated in 1");
        assert_eq!(describe_score(None), "no score");
    }
}
