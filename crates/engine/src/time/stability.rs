//! How much of its soft time budget the search should spend, decided after every iteration:
//! more when the best move keeps changing or the score is falling (the position is harder than
//! it looked), less when the same move has stood for many iterations.

/// What the main worker remembers of past iterations.
#[derive(Clone, Debug)]
pub struct Stability<M> {
    last_best: Option<M>,
    /// Consecutive iterations that kept the same best move.
    same_best: u32,
    /// Best-move changes, decayed by half each iteration.
    changes: f64,
    /// Scores of the recent iterations, newest last.
    scores: Vec<i32>,
}

impl<M> Default for Stability<M> {
    fn default() -> Self {
        Stability {
            last_best: None,
            same_best: 0,
            changes: 0.0,
            scores: Vec::new(),
        }
    }
}

impl<M: Copy + PartialEq> Stability<M> {
    /// Records an iteration and returns the factor to apply to the soft budget.
    pub fn update(&mut self, best: Option<M>, score: i32, changes: u32, depth: u32) -> f64 {
        if best == self.last_best {
            self.same_best += 1;
        } else {
            self.same_best = 0;
            self.last_best = best;
        }
        self.changes = self.changes / 2.0 + f64::from(changes);
        self.scores.push(score);
        if depth < 4 {
            return 1.0;
        }
        // A change counts for a lot: the new move has not been checked as deeply.
        let instability = 1.0 + 0.6 * self.changes;
        let steady = match self.same_best {
            0..=2 => 1.2,
            3..=5 => 1.0,
            6..=9 => 0.8,
            _ => 0.65,
        };
        // Compare with the score a few iterations ago: a drop of a pawn spends half again.
        let past = self.scores[self.scores.len().saturating_sub(4)];
        let drop = f64::from((past - score).clamp(-200, 300));
        let falling = (1.0 + drop / 200.0).clamp(0.7, 2.0);
        (instability * steady * falling).clamp(0.4, 3.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_steady_best_move_spends_less_than_a_changing_one() {
        let mut steady = Stability::default();
        let mut changing = Stability::default();
        let (mut f_steady, mut f_changing) = (0.0, 0.0);
        for d in 1..=12u32 {
            f_steady = steady.update(Some(1), 20, 0, d);
            f_changing = changing.update(Some(d % 2), 20, 1, d);
        }
        assert!(
            f_steady < 1.0 && f_changing > 1.5,
            "{f_steady} {f_changing}"
        );
    }

    #[test]
    fn a_falling_score_spends_more() {
        let mut s = Stability::default();
        let mut f = 0.0;
        for (d, score) in (1..=8u32).zip([50, 50, 50, 50, 50, 40, -60, -120]) {
            f = s.update(Some(7), score, 0, d);
        }
        let mut flat = Stability::default();
        let mut g = 0.0;
        for d in 1..=8u32 {
            g = flat.update(Some(7), 50, 0, d);
        }
        assert!(f > 1.4 * g, "{f} vs {g}");
    }
}
