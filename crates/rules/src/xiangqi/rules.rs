//! The rules that end a Xiangqi game, as functions over the position's history:
//! no legal move (checkmate or stalemate, both lost by the side to move), repetition (a
//! one-sided perpetual attack loses, anything else draws) and the natural-move limit.
//!
//! Game arbiters ask [`outcome`]`(pos, 3)` (the third occurrence of a position ends the game);
//! the search asks at the first repetition (`occurrences = 2`), since a cycle that can be
//! repeated once can be repeated again.

use super::chase::{self, Chased};
use super::position::{Position, State};
use crate::{Outcome, Reason, Side};

/// The natural-move limit: this many plies without a capture draw the game.
pub const MOVE_LIMIT_PLIES: u16 = 120;

/// How one side behaved over a repetition cycle, in increasing order of guilt.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum Conduct {
    /// At least one of its moves was neither a check nor a chase.
    Other,
    /// Every move newly chased one and the same enemy piece (see `chase`).
    Chase,
    /// Every move gave check.
    Check,
}

/// The full verdict of the rules on the current position, if the game is over.
pub fn outcome(pos: &Position, occurrences: usize) -> Option<Outcome> {
    if pos.count_legal() == 0 {
        return Some(no_moves_outcome(pos));
    }
    repetition_outcome(pos, occurrences).or_else(|| move_limit_outcome(pos))
}

/// What it means for the side to move to have no legal move: a loss either way.
pub fn no_moves_outcome(pos: &Position) -> Outcome {
    if pos.in_check() {
        Outcome::Loss(Reason::Checkmate)
    } else {
        Outcome::Loss(Reason::Stalemate)
    }
}

/// A draw once the natural-move counter reaches the limit.
pub fn move_limit_outcome(pos: &Position) -> Option<Outcome> {
    (pos.state().rule_plies >= MOVE_LIMIT_PLIES).then_some(Outcome::Draw(Reason::MoveLimit))
}

/// How far back a repetition is looked for. A game without a capture for this long has been
/// drawn by the natural-move limit (even counting the checks it leaves out), and the bound keeps
/// every search node cheap after a long capture-free history (a GUI may resend thousands of
/// moves).
const LOOKBACK: usize = 400;

/// The states since the last irreversible event (a capture or a null move), oldest first,
/// at most `LOOKBACK` of them. Repetitions can only happen inside this window.
fn reversible_window(states: &[State]) -> &[State] {
    let low = states.len().saturating_sub(LOOKBACK);
    let start = states[low..]
        .iter()
        .rposition(|s| s.captured.is_some() || s.mv.is_none())
        .map_or(low, |i| low + i);
    &states[start..]
}

/// The repetition verdict when the current position has occurred `occurrences` times (this
/// one included) since the last capture; `None` if it has occurred fewer times.
pub fn repetition_outcome(pos: &Position, occurrences: usize) -> Option<Outcome> {
    repetition_verdict(pos, occurrences).map(|v| v.outcome)
}

/// `repetition_outcome` with what decided it (the chased piece of a perpetual chase).
pub fn repetition_verdict(pos: &Position, occurrences: usize) -> Option<Verdict> {
    let window = reversible_window(pos.states());
    let last = window.len() - 1;
    let key = window[last].key;
    // Positions with the same side to move stand an even number of plies apart.
    let mut seen = 1;
    let mut cycle_start = None;
    let mut i = last;
    while i >= 2 {
        i -= 2;
        if window[i].key == key {
            seen += 1;
            cycle_start.get_or_insert(i);
        }
    }
    if seen < occurrences.max(2) {
        return None;
    }
    let start = cycle_start?;
    Some(cycle_verdict(pos, last - start))
}

/// A ruling on a repetition and what decided it.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Verdict {
    /// From the view of the side to move at the end of the cycle.
    pub outcome: Outcome,
    /// For a perpetual chase, the piece the losing side kept chasing.
    pub chased: Option<Chased>,
}

/// Judges the repetition cycle formed by the last `plies` moves played to reach `pos` (the
/// position `plies` moves ago is the same as `pos`): each side is classed by all of its own
/// moves in the cycle (perpetual check > perpetual chase of one piece > other), the higher
/// class loses and equal classes draw. The one function every repetition ruling goes through.
pub fn cycle_verdict(pos: &Position, plies: usize) -> Verdict {
    let states = pos.states();
    let cycle = &states[states.len() - 1 - plies..];
    let to_move = pos.side_to_move();
    let checks = [Side::Red, Side::Black].map(|side| all_checks(cycle, to_move, side));
    let mut conduct = checks.map(|c| if c { Conduct::Check } else { Conduct::Other });
    let mut chased = [None; 2];
    if !checks[0] && !checks[1] {
        chased = chase::cycle_chases(pos, plies);
        for (c, ch) in conduct.iter_mut().zip(chased) {
            if ch.is_some() {
                *c = Conduct::Chase;
            }
        }
    }
    let (ours, theirs) = (conduct[to_move.index()], conduct[to_move.flip().index()]);
    let reason = |c: Conduct| match c {
        Conduct::Check => Reason::PerpetualCheck,
        Conduct::Chase => Reason::PerpetualChase,
        Conduct::Other => Reason::Repetition,
    };
    let (outcome, loser) = match ours.cmp(&theirs) {
        std::cmp::Ordering::Greater => (Outcome::Loss(reason(ours)), Some(to_move)),
        std::cmp::Ordering::Less => (Outcome::Win(reason(theirs)), Some(to_move.flip())),
        std::cmp::Ordering::Equal => (Outcome::Draw(Reason::Repetition), None),
    };
    Verdict {
        outcome,
        chased: loser.and_then(|side| chased[side.index()]),
    }
}

/// Whether every one of `side`'s moves in the cycle gave check.
fn all_checks(cycle: &[State], to_move: Side, side: Side) -> bool {
    let last = cycle.len() - 1;
    // The move into the last state was made by the side not to move there; moves alternate.
    let mover_of = |j: usize| {
        if (last - j).is_multiple_of(2) {
            to_move.flip()
        } else {
            to_move
        }
    };
    let mut moves = cycle
        .iter()
        .enumerate()
        .skip(1)
        .filter(|&(j, _)| mover_of(j) == side)
        .peekable();
    moves.peek().is_some() && moves.all(|(_, st)| st.in_check)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xiangqi::{Kind, Piece};

    fn play(fen: &str, moves: &str) -> Position {
        let mut pos = Position::from_fen(fen).expect("valid test FEN");
        for m in moves.split_whitespace() {
            let mv = pos.parse_move(m).unwrap_or_else(|e| panic!("{m}: {e}"));
            pos.make(mv);
        }
        pos
    }

    #[test]
    fn checkmate_loses_for_the_side_to_move() {
        // The rook on i8 guards d8, the red king guards the e-file, a0a9 checks along rank 9.
        let pos = play("3k5/8R/9/9/9/9/9/9/9/R3K4 w", "a0a9");
        assert_eq!(outcome(&pos, 3), Some(Outcome::Loss(Reason::Checkmate)));
    }

    #[test]
    fn stalemate_loses_for_the_side_to_move() {
        // Black's king is walled in and not in check after the pawn steps up.
        let pos = play("3k5/9/2P1P4/9/9/9/9/9/9/5K3 w", "e7e8");
        assert!(!pos.in_check());
        assert_eq!(outcome(&pos, 3), Some(Outcome::Loss(Reason::Stalemate)));
    }

    #[test]
    fn one_sided_perpetual_check_loses_for_the_checker() {
        let fen = "c2a3R1/2c1ak3/b6P1/8p/9/9/9/9/4K4/9 w";
        let cycle = "h9h8 f8f9 h8h9 f9f8";
        let once = play(fen, cycle);
        assert_eq!(
            repetition_outcome(&once, 3),
            None,
            "only the second occurrence"
        );
        // Red gave every check of the cycle and is to move: Red has lost.
        assert_eq!(
            repetition_outcome(&once, 2),
            Some(Outcome::Loss(Reason::PerpetualCheck))
        );
        let mut black_to_move = once.clone();
        black_to_move.make(black_to_move.parse_move("h9h8").expect("legal"));
        assert_eq!(
            repetition_outcome(&black_to_move, 2),
            Some(Outcome::Win(Reason::PerpetualCheck)),
            "the verdict does not depend on which side is to move"
        );
    }

    #[test]
    fn mutual_perpetual_check_is_a_draw() {
        let pos = play(
            "3akr3/4c4/1P3R3/9/9/9/9/9/9/4CK3 b",
            "e8f8 f7e7 f8e8 e7f7 e8f8 f7e7 f8e8 e7f7",
        );
        assert_eq!(outcome(&pos, 3), Some(Outcome::Draw(Reason::Repetition)));
    }

    #[test]
    fn one_sided_perpetual_chase_loses_and_names_the_chased_piece() {
        // Black's rook follows Red's unprotected cannon between a1 and c1.
        let cycle = "a1c1 a4c4 c1a1 c4a4 ";
        let pos = play("4k4/9/9/c1c6/9/r8/9/9/C8/3K5 w", &cycle.repeat(2));
        let verdict = repetition_verdict(&pos, 3).expect("third occurrence");
        assert_eq!(verdict.outcome, Outcome::Win(Reason::PerpetualChase));
        let chased = verdict.chased.expect("a chase names its target");
        assert_eq!(chased.piece, Piece::new(Side::Red, Kind::Cannon));
        assert_eq!(chased.square.to_string(), "a1");
    }

    #[test]
    fn check_and_chase_in_turn_is_a_draw() {
        // Red's rook checks from b9 and attacks the unprotected cannon from b8, in turn.
        let cycle = "b8b9 e9e8 b9b8 e8e9 ";
        let pos = play(
            "3Ckabr1/1R7/4b4/p7p/2p6/9/r1P3P2/B8/9/2B1KA3 w",
            &cycle.repeat(2),
        );
        assert_eq!(outcome(&pos, 3), Some(Outcome::Draw(Reason::Repetition)));
    }

    #[test]
    fn quiet_repetition_is_a_draw() {
        let moves = "b0c2 b9c7 c2b0 c7b9 b0c2 b9c7 c2b0 c7b9";
        let pos = play(super::super::fen::START_FEN, moves);
        assert_eq!(outcome(&pos, 3), Some(Outcome::Draw(Reason::Repetition)));
        let twice = play(super::super::fen::START_FEN, "b0c2 b9c7 c2b0 c7b9");
        assert_eq!(outcome(&twice, 3), None);
        assert_eq!(outcome(&twice, 2), Some(Outcome::Draw(Reason::Repetition)));
    }

    #[test]
    fn natural_move_limit_draws_after_120_quiet_plies() {
        // Kings and rooks shuffle without capturing; positions never repeat three times
        // because the FEN counter starts at 112.
        let fen = "3k4r/9/9/9/9/9/9/9/R8/4K4 w - - 112 1";
        let pos = play(fen, "a1a2 i9i8 a2a3 i8i7 a3a4 i7i6 a4a5");
        assert_eq!(pos.state().rule_plies, 119);
        assert_eq!(outcome(&pos, 3), None);
        let mut pos = pos;
        pos.make(pos.parse_move("i6i5").expect("legal"));
        assert_eq!(outcome(&pos, 3), Some(Outcome::Draw(Reason::MoveLimit)));
    }

    #[test]
    fn a_capture_resets_the_natural_move_counter() {
        let pos = play("3k5/9/9/9/9/9/9/9/R7r/4K4 w - - 100 1", "a1i1");
        assert_eq!(pos.state().rule_plies, 0);
    }

    #[test]
    fn checks_beyond_the_tenth_do_not_count_towards_the_limit() {
        // Red's rook checks on every move, Black's king steps between d9 and d8.
        let cycle = "a8a9 d9d8 a9a8 d8d9 ".repeat(6);
        let pos = play("3k5/R8/9/9/9/9/9/9/9/4K4 w", &cycle);
        assert_eq!(pos.state().checks, [12, 0]);
        assert_eq!(
            pos.state().rule_plies,
            12 + 10,
            "black's 12 moves and red's first 10 checks"
        );
    }
}
