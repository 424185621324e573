//! The trainer's data: self-play lines (`FEN | result | score`, read by the tuner's parser)
//! and datagen's `.jjd` games (replayed by the rules core, picked as selfplay picks) turned
//! into the net's active inputs, the side to move's perspective first, with a target from the
//! side to move's view. Built once; an epoch then only walks fixed-size samples.

use jiangjun_engine::game::Xiangqi;
use jiangjun_engine::nnue::features::{self, FeatureSet, MAX_ACTIVE};
use jiangjun_rules::Side;
use jiangjun_rules::xiangqi::Position;
use jiangjun_rules::xiangqi::types::Square;

/// One position as the net sees it.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Sample {
    /// Active inputs: `[0]` the side to move's perspective, `[1]` the opponent's.
    pub features: [[u16; MAX_ACTIVE]; 2],
    /// How many of each row are used (both perspectives see the same pieces).
    pub count: u8,
    /// Game result from the side to move's view: 1, ½ or 0.
    pub result: f32,
    /// Search score in centipawns from the side to move's view.
    pub score: f32,
    /// The classical evaluation, in centipawns from the side to move's view: the baseline.
    pub classical: f32,
}

impl Sample {
    /// The sample of `pos` with the inputs of `set`, given the result and score from Red's
    /// view as the data stores them; `None` with more than `MAX_ACTIVE` pieces (no legal
    /// game has that).
    pub fn new(pos: &Position, set: FeatureSet, red_result: f32, red_score: f32) -> Option<Sample> {
        let us = pos.side_to_move();
        let pieces = || Square::all().filter_map(|s| pos.piece_at(s).map(|p| (s, p)));
        let mut features = [[0u16; MAX_ACTIVE]; 2];
        let mut list = Vec::with_capacity(MAX_ACTIVE);
        for (row, side) in [us, us.flip()].into_iter().enumerate() {
            features::active(set, side, pos.king(side), pieces(), &mut list);
            if list.len() > MAX_ACTIVE {
                return None;
            }
            features[row][..list.len()].copy_from_slice(&list);
        }
        let (result, score) = match us {
            Side::Red => (red_result, red_score),
            Side::Black => (1.0 - red_result, -red_score),
        };
        Some(Sample {
            features,
            count: list.len() as u8,
            result,
            score,
            classical: jiangjun_engine::eval::xiangqi::evaluate_from_scratch(pos) as f32,
        })
    }

    /// The active inputs of one perspective (0: side to move).
    #[inline]
    pub fn active(&self, row: usize) -> &[u16] {
        &self.features[row][..usize::from(self.count)]
    }

    /// The target probability: `lambda × result + (1 − lambda) × sigmoid(score / scale)`.
    #[inline]
    pub fn target(&self, lambda: f32, scale: f32) -> f32 {
        lambda * self.result + (1.0 - lambda) * sigmoid(self.score / scale)
    }
}

#[inline]
pub fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// Reads the lines on `threads` threads, with the inputs of `set`: the samples in line order
/// and the number of malformed lines skipped.
pub fn load(lines: &[&str], set: FeatureSet, threads: usize) -> (Vec<Sample>, usize) {
    let parts = in_parallel(lines, threads, |part| load_part(part, set));
    let mut all = Vec::with_capacity(lines.len());
    let mut bad = 0;
    for (part, skipped) in parts {
        all.extend(part);
        bad += skipped;
    }
    (all, bad)
}

/// `work` on `threads` consecutive parts of `items`, the answers in order.
fn in_parallel<T: Sync, R: Send>(
    items: &[T],
    threads: usize,
    work: impl Fn(&[T]) -> R + Sync,
) -> Vec<R> {
    let chunk = items.len().div_ceil(threads.max(1)).max(1);
    let work = &work;
    std::thread::scope(|scope| {
        let handles: Vec<_> = items
            .chunks(chunk)
            .map(|part| scope.spawn(move || work(part)))
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
            .collect()
    })
}

/// Reads datagen files (name and bytes) on up to `threads` threads, whole files to a thread:
/// the samples of the positions training uses, in file order. A file that is not sound
/// (foreign, corrupt, an illegal move) is an error naming it and where.
pub fn load_games(
    files: &[(String, Vec<u8>)],
    set: FeatureSet,
    threads: usize,
) -> Result<Vec<Sample>, String> {
    let parts = in_parallel(files, threads, |part| -> Result<Vec<Sample>, String> {
        let mut out = Vec::new();
        for (name, bytes) in part {
            crate::datagen::read_kept::<Xiangqi>(bytes, |pos, result, score| {
                // `None` only with more than `MAX_ACTIVE` pieces, which a replayed game lacks.
                out.extend(Sample::new(pos, set, result, score as f32));
            })
            .map_err(|e| format!("{name}: {e}"))?;
        }
        Ok(out)
    });
    let mut all = Vec::new();
    for part in parts {
        all.extend(part?);
    }
    Ok(all)
}

fn load_part(lines: &[&str], set: FeatureSet) -> (Vec<Sample>, usize) {
    let mut out = Vec::with_capacity(lines.len());
    let mut bad = 0;
    for line in lines.iter().filter(|l| !l.trim().is_empty()) {
        let sample = crate::tune::data::parse_line::<jiangjun_rules::xiangqi::Position>(line)
            .and_then(|(pos, result, score)| Sample::new(&pos, set, result, score));
        match sample {
            Some(s) => out.push(s),
            None => bad += 1,
        }
    }
    (out, bad)
}

/// Every tenth block of `block` consecutive samples goes to validation (a game's positions
/// are alike, so a validation position should not have its neighbours in training). The
/// training samples stay where they are, in order: tens of millions of samples are not
/// copied.
pub fn split(mut all: Vec<Sample>, block: usize) -> (Vec<Sample>, Vec<Sample>) {
    let held = |i: usize| (i / block.max(1)) % 10 == 9;
    let mut valid = Vec::with_capacity((0..all.len()).filter(|&i| held(i)).count());
    let mut i = 0;
    all.retain(|s| {
        let keep = !held(i);
        if !keep {
            valid.push(*s);
        }
        i += 1;
        keep
    });
    (all, valid)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn black_to_move_sees_the_target_from_its_side() {
        let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1";
        let line = format!("{fen} | 1.0 | 50\n\n{fen} | 7 | 0\n");
        let lines: Vec<&str> = line.lines().collect();
        let (samples, bad) = load(&lines, FeatureSet::Plain, 2);
        assert_eq!((samples.len(), bad), (1, 1));
        let s = samples[0];
        assert_eq!((s.result, s.score, s.count), (0.0, -50.0, 32));
        // The start is symmetric, so both perspectives see the same inputs.
        let sorted = |row: usize| {
            let mut v = s.active(row).to_vec();
            v.sort_unstable();
            v
        };
        assert_eq!(sorted(0), sorted(1));
        assert!((s.target(0.5, 400.0) - 0.5 * sigmoid(-0.125)).abs() < 1e-6);
    }
}
