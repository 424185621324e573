//! One self-play game, of either game: jiangjun searches both sides in-process at a fixed node
//! count from an opening plus a few random plies, the arbiter (`Arbitrated::arbiter_outcome`) and
//! two adjudication rules end it. The game is recorded whole (`Played`: the position after the
//! random plies, then every searched move with its score), and `kept` picks from a record the
//! quiet positions that teach an evaluation. `jiangjun selfplay` keeps them at once;
//! `jiangjun datagen` stores the record and picks when it reads, with the same `kept`.

use crate::arbiter::Arbitrated;
use crate::arbiter::openings::Opening;
use crate::args::{number_in, range_in};
use jiangjun_engine::game::EngineGame;
use jiangjun_engine::search::search_once;
use jiangjun_engine::time::Limits;
use jiangjun_engine::tt::Tt;
use jiangjun_rules::random::{Generator, RngExt};
use jiangjun_rules::{GenKind, MoveList, Outcome, Side};

/// How one game is played and which of its positions are kept.
#[derive(clap::Args, Clone, Debug, PartialEq)]
pub struct GameArgs {
    /// Nodes per move for each side (1 to 1000000000).
    #[arg(long, value_name = "K", default_value_t = 5000, value_parser = number_in(1u64, 1_000_000_000))]
    pub nodes: u64,
    /// Random legal plies played after the opening, drawn from this range (each 0 to 40).
    #[arg(long, value_name = "A-B", default_value = "2-6", value_parser = range_in(0u32, 40))]
    pub random_plies: (u32, u32),
    /// What both sides evaluate with (default: the engine's own).
    #[command(flatten)]
    pub eval: crate::args::EvalArgs,
}

/// What is done to each game's position before it is played: puts the evaluation on it.
pub type Prepare<'a, G> = dyn Fn(&mut G) + Sync + 'a;

/// Positions this close after the opening are not kept: the random plies leave them unsettled
/// and every game from one opening shares them.
const SKIP_PLIES: u32 = 8;
/// Positions scored beyond this (mate scores included) are won or lost already and teach the
/// evaluation little.
const MAX_KEPT_SCORE: i32 = 2000;
/// Resign rule: both sides' searches agree on at least this score for `RESIGN_PLIES` plies.
const RESIGN_SCORE: i32 = 1000;
const RESIGN_PLIES: usize = 6;
/// Draw rule: after `DRAW_AFTER_PLY` plies, scores within this for `DRAW_PLIES` plies.
const DRAW_SCORE: i32 = 10;
const DRAW_PLIES: usize = 20;
const DRAW_AFTER_PLY: u32 = 120;
/// A game still running after this many plies (opening included) is a draw.
const MAX_PLIES: u32 = 400;

/// A finished game: its result from Red's view (1, ½, 0) and the kept positions with the
/// search's score from Red's view.
#[derive(Clone, Debug, PartialEq)]
pub struct GameData {
    pub result: f32,
    pub positions: Vec<(String, i32)>,
    pub plies: u32,
}

impl GameData {
    /// The data lines of the game, in the documented format `FEN | result | score`.
    pub fn lines(&self) -> impl Iterator<Item = String> + '_ {
        self.positions
            .iter()
            .map(|(fen, score)| line(fen, self.result, *score))
    }
}

/// One data line, `FEN | result | score`, the result (1, ½, 0) and score from Red's view.
pub fn line(fen: &str, result: f32, score: i32) -> String {
    let result = match result {
        r if r > 0.75 => "1.0",
        r if r < 0.25 => "0.0",
        _ => "0.5",
    };
    format!("{fen} | {result} | {score}")
}

/// The result from Red's view of an outcome stated for the side to move.
fn red_result(outcome: Outcome, to_move: Side) -> f32 {
    let mover = match outcome {
        Outcome::Win(_) => 1.0,
        Outcome::Loss(_) => 0.0,
        Outcome::Draw(_) => 0.5,
    };
    if to_move == Side::Red {
        mover
    } else {
        1.0 - mover
    }
}

/// A score from the side to move's view turned to Red's.
fn red_view(score: i32, to_move: Side) -> i32 {
    if to_move == Side::Red { score } else { -score }
}

/// Plays `count` random legal plies; stops early if the game ends (the opening is then
/// played without them, which `play` notices as an over game and the caller as zero data).
/// Returns the plies played.
fn random_plies<G: Arbitrated + EngineGame>(pos: &mut G, count: u32, rng: &mut Generator) -> u32 {
    let mut list = MoveList::new(G::NULL_MOVE);
    for played in 0..count {
        if pos.arbiter_outcome().is_some() {
            return played;
        }
        list.clear();
        pos.generate(GenKind::All, &mut list);
        let moves = list.as_slice();
        let m = moves[rng.random_range(0..moves.len())];
        pos.make(m);
    }
    count
}

/// Whether a position is quiet enough to teach a static evaluation: not in check, the search's
/// move is not tactical (a capture; in chess, a queen promotion too), and (where the game asks
/// for it, `Arbitrated::SELFPLAY_SEE_QUIET`) no tactical move wins material by static exchange,
/// so that the score is not owed to a tactic the evaluation cannot see.
fn is_quiet<G: Arbitrated + EngineGame>(pos: &mut G, best: G::Move) -> bool {
    if pos.in_check() || pos.capture_values(best).is_some() {
        return false;
    }
    if !G::SELFPLAY_SEE_QUIET {
        return true;
    }
    let mut list = MoveList::new(G::NULL_MOVE);
    pos.generate(GenKind::Captures, &mut list);
    list.iter().all(|m| pos.see(m) <= 0)
}

/// The search's best move and score (side to move's view), or `None` for the score when the
/// search had nothing to think about (one legal move: it answers at once without a score).
fn think<G: EngineGame>(pos: &G, nodes: u64, tt: &Tt) -> (Option<G::Move>, Option<i32>) {
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    let report = search_once(pos.clone(), &limits, tt);
    let score = (report.depth > 0).then_some(report.score);
    (report.best, score)
}

/// Tracks the scores for the resign and draw rules.
#[derive(Default)]
struct Adjudicator {
    /// Consecutive plies whose score (Red's view) was at least `RESIGN_SCORE` / at most minus it.
    red_winning: usize,
    black_winning: usize,
    /// Consecutive plies with a score within `DRAW_SCORE`, counted after `DRAW_AFTER_PLY`.
    quiet: usize,
}

impl Adjudicator {
    /// Takes one ply's score from Red's view and returns the adjudicated result, if any.
    fn observe(&mut self, red_score: i32, ply: u32) -> Option<f32> {
        let bump = |n: &mut usize, yes: bool| *n = if yes { *n + 1 } else { 0 };
        bump(&mut self.red_winning, red_score >= RESIGN_SCORE);
        bump(&mut self.black_winning, red_score <= -RESIGN_SCORE);
        bump(
            &mut self.quiet,
            ply >= DRAW_AFTER_PLY && red_score.abs() <= DRAW_SCORE,
        );
        if self.red_winning >= RESIGN_PLIES {
            Some(1.0)
        } else if self.black_winning >= RESIGN_PLIES {
            Some(0.0)
        } else if self.quiet >= DRAW_PLIES {
            Some(0.5)
        } else {
            None
        }
    }
}

/// One searched ply of a recorded game: the search's move and its score from the side to
/// move's view (`None` when the search answered at once, with one legal move).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Ply<M> {
    pub mv: M,
    pub score: Option<i32>,
}

/// A whole game as played: the position after the opening and the random plies, then every
/// searched ply. An adjudicated game's last ply was searched (its score ended the game) but
/// not played; replaying it is harmless, as nothing after it is read.
#[derive(Clone, Debug)]
pub struct Played<G: EngineGame> {
    pub start: G,
    pub plies: Vec<Ply<G::Move>>,
    /// The result from Red's view: 1, ½ or 0.
    pub result: f32,
    /// Plies played since the opening's FEN (opening moves and random plies included).
    pub length: u32,
}

impl<G: Arbitrated + EngineGame> Played<G> {
    /// The game as self-play's data: its result and kept positions as FENs.
    pub fn data(&self) -> GameData {
        let mut positions = Vec::new();
        kept(self.start.clone(), &self.plies, |pos, score| {
            positions.push((pos.to_fen(), score));
        })
        .expect("a game as played replays: its moves were legal when the search chose them");
        GameData {
            result: self.result,
            positions,
            plies: self.length,
        }
    }
}

/// Replays `plies` from `start` and hands `visit` each position that self-play keeps, with
/// its score from Red's view: from `SKIP_PLIES` plies after the start on, scored below
/// `MAX_KEPT_SCORE` and quiet (`is_quiet`, judged by the move the search chose). Fails with
/// the index of the first ply whose move is not legal where it stands.
pub fn kept<G: Arbitrated + EngineGame>(
    mut pos: G,
    plies: &[Ply<G::Move>],
    mut visit: impl FnMut(&G, i32),
) -> Result<(), usize> {
    for (i, ply) in plies.iter().enumerate() {
        if !pos.is_legal(ply.mv) {
            return Err(i);
        }
        if let Some(score) = ply.score {
            let red_score = red_view(score, pos.side_to_move());
            if i >= SKIP_PLIES as usize
                && red_score.abs() < MAX_KEPT_SCORE
                && is_quiet(&mut pos, ply.mv)
            {
                visit(&pos, red_score);
            }
        }
        pos.make(ply.mv);
    }
    Ok(())
}

/// Plays one game from `opening` with the random plies drawn from `rng`, searching with `tt`
/// (cleared first, so that the game depends only on its inputs), and returns its kept
/// positions.
pub fn play<G: Arbitrated + EngineGame>(
    opening: &Opening<G>,
    settings: &GameArgs,
    rng: &mut Generator,
    tt: &Tt,
    prepare: &Prepare<'_, G>,
) -> GameData {
    record(opening, settings, rng, tt, prepare).data()
}

/// Plays one game as `play` does and returns it whole.
pub fn record<G: Arbitrated + EngineGame>(
    opening: &Opening<G>,
    settings: &GameArgs,
    rng: &mut Generator,
    tt: &Tt,
    prepare: &Prepare<'_, G>,
) -> Played<G> {
    tt.clear();
    let mut pos = opening.position();
    prepare(&mut pos);
    let (lo, hi) = settings.random_plies;
    let extra = rng.random_range(lo..=hi);
    // Plies since the opening's FEN.
    let mut ply = opening.moves.len() as u32 + random_plies(&mut pos, extra, rng);
    let start = pos.clone();
    let mut adjudicator = Adjudicator::default();
    let mut plies = Vec::new();
    let result = loop {
        if let Some(outcome) = pos.arbiter_outcome() {
            break red_result(outcome, pos.side_to_move());
        }
        if ply >= MAX_PLIES {
            break 0.5;
        }
        let (best, score) = think(&pos, settings.nodes, tt);
        let Some(best) = best else {
            // No legal move: `rules::outcome` has ruled on that already.
            break red_result(pos.no_moves_outcome(), pos.side_to_move());
        };
        plies.push(Ply { mv: best, score });
        if let Some(score) = score {
            let red_score = red_view(score, pos.side_to_move());
            if let Some(r) = adjudicator.observe(red_score, ply) {
                break r;
            }
        }
        pos.make(best);
        ply += 1;
    };
    Played {
        start,
        plies,
        result,
        length: ply,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_resign_rule_needs_six_agreeing_plies() {
        let mut a = Adjudicator::default();
        for ply in 0..5 {
            assert_eq!(a.observe(1200, ply), None);
        }
        assert_eq!(
            a.observe(-1200, 5),
            None,
            "a disagreeing ply resets the count"
        );
        for ply in 6..10 {
            assert_eq!(a.observe(-1500, ply), None);
        }
        assert_eq!(a.observe(-1500, 10), Some(0.0), "the sixth ply for Black");
    }

    #[test]
    fn the_draw_rule_starts_after_ply_120() {
        let mut a = Adjudicator::default();
        for ply in 100..120 {
            assert_eq!(a.observe(0, ply), None);
        }
        for ply in 120..139 {
            assert_eq!(a.observe(5, ply), None);
        }
        assert_eq!(a.observe(-3, 139), Some(0.5));
    }
}
