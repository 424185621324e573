//! Strength limits for human opponents: UCI `Skill Level` (0–20), `UCI_LimitStrength` with
//! `UCI_Elo`, and UCCI `level`. Level 20 is full strength and changes nothing.
//!
//! A weaker level is bound by two things that do not depend on the machine or its load: a
//! node budget per move (1,500 nodes at level 0, doubling every two levels: about a million
//! at level 19), so that it moves quickly and sees less, and a choice among its best lines.
//! The search reports `LINES` lines (MultiPV) with exact scores; the move is drawn from them
//! with probability `exp(-loss / T)`, the loss being how far a line's score falls short of
//! the best one, and the temperature `T` falling from 120 centipawns at level 0 to 0 at
//! level 20. A line that gives up more than `2.5 T` is never played, nor one that walks into
//! a mate, and a mate found is always played: a weak level plays reasonable moves that are
//! not the best, rather than blundering pieces at random. The clock still applies as usual,
//! so a limited engine never loses on time.
//!
//! `UCI_Elo` picks a fractional level from `LADDER`, the ratings measured by
//! `scripts/ladder.sh` (docs/strength-limits.md), by linear interpolation between measured
//! levels; nodes and temperature follow the fractional level smoothly.

use crate::search::{Info, MATE_BOUND};

/// Full strength.
pub const MAX_LEVEL: u32 = 20;
/// How many lines a limited search weighs (Stockfish's Skill Level uses four too).
pub const LINES: usize = 4;
/// The node budget of level 0; it doubles every two levels.
const BASE_NODES: f64 = 1500.0;
/// The temperature of level 0, in centipawns.
const BASE_TEMPERATURE: f64 = 120.0;

/// Measured levels and their ratings (level, Elo), increasing in both, rated together by
/// `scripts/ladder_elo.py` from two runs of 2 December 2026 with the engine's default
/// evaluation of the day (the first shipped net, EvalBlend 50; not yet run again with the
/// stronger nets shipped since, so the ratings above level 0 are likely low):
/// - `scripts/ladder.sh 10` (`SEED=11`): levels 0, 2, 4, 6, 8, full strength and
///   Fairy-Stockfish 11.1 at Skill Levels 0, 5 and 10, every pair 10 games at 24,000 nodes a
///   move (360 games);
/// - `FORMAT=chain LEVELS="8 10 12 14 16 18" SEED=12 scripts/ladder.sh 40`: each level
///   against the next, 40 games at the higher level's budget (200 games).
///
/// The 95% intervals of the steps are in docs/results.md. The scale is anchored by setting level
/// 0 to 1320 (Stockfish's lowest `UCI_Elo`); the differences above it are the measured ones.
/// Level 19 is not measured: `UCI_Elo` stops at level 18, `Skill Level` reaches above it.
pub const LADDER: [(f64, i32); 10] = [
    (0.0, 1320),
    (2.0, 1468),
    (4.0, 1650),
    (6.0, 1888),
    (8.0, 2054),
    (10.0, 2355),
    (12.0, 2624),
    (14.0, 2926),
    (16.0, 3211),
    (18.0, 3401),
];
/// The range of `UCI_Elo`: the measured part of the ladder.
pub const ELO_MIN: i32 = LADDER[0].1;
pub const ELO_MAX: i32 = LADDER[LADDER.len() - 1].1;

/// A limited strength: a level from 0 up to (not including) `MAX_LEVEL`.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Strength {
    level: f64,
}

impl Strength {
    /// The strength of `level` (0 to 20, fractions allowed); `None` at 20 and above, full
    /// strength.
    pub fn from_level(level: f64) -> Option<Strength> {
        (level < f64::from(MAX_LEVEL)).then_some(Strength {
            level: level.max(0.0),
        })
    }

    /// The level rated `elo` on the ladder (clamped to `ELO_MIN..=ELO_MAX`).
    pub fn from_elo(elo: i32) -> Strength {
        let elo = f64::from(elo.clamp(ELO_MIN, ELO_MAX));
        let mut level = LADDER[0].0;
        for pair in LADDER.windows(2) {
            let ((l0, e0), (l1, e1)) = (pair[0], pair[1]);
            let (e0, e1) = (f64::from(e0), f64::from(e1));
            if elo >= e0 {
                level = l0 + (l1 - l0) * ((elo - e0) / (e1 - e0)).min(1.0);
            }
        }
        Strength { level }
    }

    pub fn level(&self) -> f64 {
        self.level
    }

    /// The rating of this level on the ladder (the inverse of `from_elo`).
    pub fn elo(&self) -> i32 {
        let mut elo = f64::from(LADDER[0].1);
        for pair in LADDER.windows(2) {
            let ((l0, e0), (l1, e1)) = (pair[0], pair[1]);
            if self.level >= l0 {
                let t = ((self.level - l0) / (l1 - l0)).min(1.0);
                elo = f64::from(e0) + t * f64::from(e1 - e0);
            }
        }
        elo.round() as i32
    }

    /// "level 5 (about 1850 Elo)", for people.
    pub fn describe(&self) -> String {
        let level = format!("{:.1}", self.level);
        let level = level.trim_end_matches(".0");
        format!("level {level} (about {} Elo)", self.elo())
    }

    /// The most nodes a move may search.
    pub fn nodes(&self) -> u64 {
        (BASE_NODES * 2f64.powf(self.level / 2.0)).round() as u64
    }

    /// How freely worse lines are chosen, in centipawns.
    pub fn temperature(&self) -> f64 {
        let x = 1.0 - self.level / f64::from(MAX_LEVEL);
        BASE_TEMPERATURE * x * x
    }

    /// The most a chosen line may fall short of the best one, in centipawns.
    pub fn max_loss(&self) -> f64 {
        2.5 * self.temperature()
    }

    /// Which of the lines with these scores to play, given a uniform number in 0..1.
    pub fn choose(&self, scores: &[i32], uniform: f64) -> usize {
        let Some(&best) = scores.iter().max() else {
            return 0;
        };
        let top = scores.iter().position(|&s| s == best).unwrap_or(0);
        let t = self.temperature();
        if best >= MATE_BOUND || t <= 0.0 {
            return top;
        }
        let weight = |s: i32| {
            let loss = f64::from(best - s);
            if s <= -MATE_BOUND || loss > self.max_loss() {
                0.0
            } else {
                (-loss / t).exp()
            }
        };
        let total: f64 = scores.iter().map(|&s| weight(s)).sum();
        if total <= 0.0 {
            return top;
        }
        let mut x = uniform.clamp(0.0, 1.0) * total;
        for (i, &s) in scores.iter().enumerate() {
            let w = weight(s);
            if w > 0.0 && x < w {
                return i;
            }
            x -= w;
        }
        top
    }
}

/// The strength options as the GUI set them.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct StrengthOptions {
    /// `Skill Level` (UCCI `level`), 0 to 20.
    pub skill: u32,
    /// `UCI_LimitStrength`: `elo` decides, not `skill`.
    pub limit: bool,
    /// `UCI_Elo`.
    pub elo: i32,
}

impl Default for StrengthOptions {
    fn default() -> StrengthOptions {
        StrengthOptions {
            skill: MAX_LEVEL,
            limit: false,
            elo: ELO_MIN,
        }
    }
}

impl StrengthOptions {
    /// The strength they ask for, `None` for full strength.
    pub fn strength(&self) -> Option<Strength> {
        if self.limit {
            Some(Strength::from_elo(self.elo))
        } else {
            Strength::from_level(f64::from(self.skill))
        }
    }
}

/// A number in 0..1 drawn from a search's seed (the session seeds it from the clock, so that
/// no two games repeat).
pub fn uniform(seed: u64) -> f64 {
    use jiangjun_rules::random::RngExt;
    let n: u32 = jiangjun_rules::random::seeded(seed ^ 0x5157_11ed).random_range(0..1_000_000);
    (f64::from(n) + 0.5) / 1e6
}

/// One line of a completed iteration: its move, its score and the reply expected.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Candidate<M> {
    pub mv: M,
    pub score: i32,
    pub ponder: Option<M>,
}

/// The lines of the last completed iteration, collected from the search's reports (which
/// come line 1 first, iteration after iteration; a stopped iteration reports nothing).
#[derive(Clone, Debug)]
pub struct Candidates<M> {
    lines: Vec<Candidate<M>>,
}

impl<M> Default for Candidates<M> {
    fn default() -> Self {
        Candidates { lines: Vec::new() }
    }
}

impl<M: Copy> Candidates<M> {
    pub fn record(&mut self, info: &Info<M>) {
        if info.multipv <= 1 {
            self.lines.clear();
        }
        if let Some(&mv) = info.pv.first() {
            self.lines.push(Candidate {
                mv,
                score: info.score,
                ponder: info.pv.get(1).copied(),
            });
        }
    }

    /// The line `strength` plays, given a uniform number in 0..1; `None` when no iteration
    /// was completed.
    pub fn pick(&self, strength: &Strength, uniform: f64) -> Option<Candidate<M>> {
        let scores: Vec<i32> = self.lines.iter().map(|c| c.score).collect();
        let i = strength.choose(&scores, uniform);
        self.lines.get(i).copied()
    }
}

/// One search of `pos` at a limited strength, on one thread, for a program that plays people
/// without the protocol (`jiangjun play`): the strength's lines within its node budget (and
/// `limits`), one of them picked as the engine's `Skill Level` picks (`seed` draws it). The
/// report carries the picked move, its ponder move and score. Every event goes on to `emit`.
pub fn search_at_strength<G: crate::game::EngineGame>(
    pos: G,
    limits: &crate::time::Limits,
    tt: &crate::tt::Tt,
    stop: &std::sync::atomic::AtomicBool,
    strength: &Strength,
    seed: u64,
    emit: &(dyn Fn(crate::search::Event<G::Move>) + Sync),
) -> crate::search::Report<G::Move> {
    use jiangjun_rules::{GenKind, MoveList};
    let mut limits = limits.clone();
    limits.nodes = Some(
        limits
            .nodes
            .map_or(strength.nodes(), |n| n.min(strength.nodes())),
    );
    let mut list = MoveList::new(G::NULL_MOVE);
    pos.generate(GenKind::All, &mut list);
    let root = list.as_slice().to_vec();
    let candidates = std::sync::Mutex::new(Candidates::default());
    let record = |e: crate::search::Event<G::Move>| {
        if let crate::search::Event::Info(i) = &e
            && let Ok(mut c) = candidates.lock()
        {
            c.record(i);
        }
        emit(e);
    };
    let mut report = crate::search::search_lines(pos, root, &limits, tt, stop, LINES, &record);
    let picked = candidates
        .lock()
        .ok()
        .and_then(|c| c.pick(strength, uniform(seed)));
    if let Some(c) = picked {
        report.best = Some(c.mv);
        report.ponder = c.ponder;
        report.score = c.score;
    }
    report
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::MATE;

    fn level(l: f64) -> Strength {
        Strength::from_level(l).expect("below 20")
    }

    /// How often each line is chosen over a fine grid of uniform numbers.
    fn shares(s: &Strength, scores: &[i32]) -> Vec<f64> {
        let mut n = vec![0u32; scores.len()];
        for k in 0..10_000 {
            n[s.choose(scores, (f64::from(k) + 0.5) / 10_000.0)] += 1;
        }
        n.iter().map(|&c| f64::from(c) / 10_000.0).collect()
    }

    #[test]
    fn a_level_reads_back_as_its_rating() {
        for (level, elo) in LADDER {
            assert_eq!(
                Strength::from_level(level).map(|s| s.elo()),
                (level < 20.0).then_some(elo)
            );
        }
        assert_eq!(Strength::from_elo(1800).elo(), 1800);
        assert_eq!(
            Strength::from_elo(1800).describe(),
            "level 5.3 (about 1800 Elo)"
        );
        assert_eq!(
            Strength::from_level(8.0).map(|s| s.describe()),
            Some("level 8 (about 2054 Elo)".into())
        );
    }

    #[test]
    fn twenty_is_full_strength_and_the_budget_grows_with_the_level() {
        assert_eq!(Strength::from_level(20.0), None);
        assert_eq!(StrengthOptions::default().strength(), None);
        assert_eq!(level(0.0).nodes(), 1500);
        assert_eq!(level(8.0).nodes(), 24_000);
        let mut last = (0, f64::INFINITY);
        for l in 0..20 {
            let s = level(f64::from(l));
            assert!(s.nodes() > last.0 && s.temperature() < last.1, "level {l}");
            last = (s.nodes(), s.temperature());
        }
        assert!(level(19.0).nodes() < 1_200_000);
    }

    #[test]
    fn better_lines_are_chosen_more_often_and_bad_ones_never() {
        let scores = [50, 30, -20, -400];
        let low = shares(&level(0.0), &scores);
        assert!(
            low[0] > low[1] && low[1] > low[2] && low[2] > 0.05,
            "{low:?}"
        );
        assert_eq!(low[3], 0.0, "a line 450 cp worse than the best: {low:?}");
        let high = shares(&level(16.0), &scores);
        assert!(high[0] > 0.95 && high[0] > low[0] + 0.3, "{high:?}");
    }

    #[test]
    fn mates_are_played_and_walked_into_never() {
        let s = level(0.0);
        assert_eq!(shares(&s, &[MATE - 5, 40, 30])[0], 1.0);
        let lost = shares(&s, &[10, 0, -(MATE - 4)]);
        assert_eq!(lost[2], 0.0);
        // Every line loses: the best of them.
        assert_eq!(s.choose(&[-(MATE - 9), -(MATE - 3)], 0.99), 0);
        assert_eq!(s.choose(&[], 0.5), 0);
    }

    #[test]
    fn elo_maps_onto_the_ladder_between_its_measured_levels() {
        for pair in LADDER.windows(2) {
            assert!(pair[1].0 > pair[0].0 && pair[1].1 > pair[0].1, "{pair:?}");
        }
        assert!(Strength::from_level(LADDER[LADDER.len() - 1].0).is_some());
        for &(l, e) in &LADDER {
            assert!((Strength::from_elo(e).level() - l).abs() < 1e-9, "{e}");
        }
        let (a, b) = (LADDER[0], LADDER[1]);
        let middle = Strength::from_elo((a.1 + b.1) / 2).level();
        assert!((middle - (a.0 + b.0) / 2.0).abs() < 0.02, "{middle}");
        assert_eq!(Strength::from_elo(0).level(), LADDER[0].0);
        assert_eq!(
            Strength::from_elo(99_999).level(),
            LADDER[LADDER.len() - 1].0
        );
        let limited = StrengthOptions {
            limit: true,
            elo: ELO_MAX,
            ..StrengthOptions::default()
        };
        assert_eq!(limited.strength(), Some(Strength::from_elo(ELO_MAX)));
    }

    #[test]
    fn candidates_keep_the_last_complete_iteration() {
        let info = |depth, multipv, score, pv: Vec<u8>| Info {
            depth,
            multipv,
            seldepth: depth,
            score,
            nodes: 0,
            time: std::time::Duration::ZERO,
            hashfull: 0,
            pv,
        };
        let mut c = Candidates::default();
        c.record(&info(1, 1, 10, vec![1, 2]));
        c.record(&info(1, 2, 5, vec![3]));
        c.record(&info(2, 1, 20, vec![4, 5]));
        c.record(&info(2, 2, -900, vec![6, 7]));
        let s = level(0.0);
        for u in [0.0, 0.5, 0.999] {
            let got = c.pick(&s, u).expect("a line");
            assert_eq!(
                got,
                Candidate {
                    mv: 4,
                    score: 20,
                    ponder: Some(5)
                }
            );
        }
        assert_eq!(Candidates::<u8>::default().pick(&s, 0.3), None);
    }
}
