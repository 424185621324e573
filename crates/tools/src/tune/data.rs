//! The tuner's data: self-play lines (`FEN | result | score`) read once and turned into the
//! evaluation's coefficients (`Position::trace`), stored flat so that an epoch walks two
//! arrays and allocates nothing.

use jiangjun_engine::eval::linear::{Trace, Tunable};

/// One position as the model sees it. Its coefficients are `Dataset::coefficients[start..end]`.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Entry {
    pub start: u32,
    pub end: u32,
    /// Material phase as a share: 1 with every piece on the board, 0 with none.
    pub phase: f32,
    /// Draw scale (0–64) when Red stands better, and when Black does.
    pub scale: [f32; 2],
    /// Game result from Red's view: 1, ½ or 0 (or any probability, for synthetic data).
    pub result: f32,
    /// Search score in centipawns from Red's view.
    pub score: f32,
}

/// Positions and their coefficients, all in two flat vectors.
#[derive(Clone, Debug, Default)]
pub struct Dataset {
    pub entries: Vec<Entry>,
    /// (weight index, Red's count minus Black's) of every entry, back to back.
    pub coefficients: Vec<(u16, i16)>,
}

impl Dataset {
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The coefficients of one entry.
    #[inline]
    pub fn coefficients_of(&self, e: &Entry) -> &[(u16, i16)] {
        &self.coefficients[e.start as usize..e.end as usize]
    }

    /// Adds a position from its trace.
    pub fn push(&mut self, trace: &Trace, result: f32, score: f32) {
        let start = self.coefficients.len() as u32;
        self.coefficients.extend_from_slice(&trace.coefficients);
        self.entries.push(Entry {
            start,
            end: self.coefficients.len() as u32,
            phase: trace.phase as f32 / trace.phase_max.max(1) as f32,
            scale: trace.scale.map(|s| s as f32),
            result,
            score,
        });
    }

    /// Splits off every tenth block of `block` consecutive entries as a validation set.
    /// Blocks rather than single positions, because consecutive lines come from one game and
    /// a game's positions are alike: a validation position should not have its neighbours in
    /// the training set.
    pub fn split(&self, block: usize) -> (Dataset, Dataset) {
        let (mut train, mut valid) = (Dataset::default(), Dataset::default());
        for (i, e) in self.entries.iter().enumerate() {
            let to = if (i / block.max(1)) % 10 == 9 {
                &mut valid
            } else {
                &mut train
            };
            let start = to.coefficients.len() as u32;
            to.coefficients.extend_from_slice(self.coefficients_of(e));
            to.entries.push(Entry {
                start,
                end: to.coefficients.len() as u32,
                ..*e
            });
        }
        (train, valid)
    }
}

/// A data line parsed: the position, its result from Red's view and the score.
pub fn parse_line<G: Tunable>(line: &str) -> Option<(G, f32, f32)> {
    let mut fields = line.split('|').map(str::trim);
    let (fen, result, score) = (fields.next()?, fields.next()?, fields.next()?);
    if fields.next().is_some() {
        return None;
    }
    let result: f32 = result.parse().ok()?;
    let score: f32 = score.parse().ok()?;
    if !(0.0..=1.0).contains(&result) || !score.is_finite() || score.abs() > 30_000.0 {
        return None;
    }
    let pos = G::parse_fen(fen)?;
    Some((pos, result, score))
}

/// Reads the lines on `threads` threads and returns the data set (in line order) and the
/// number of malformed lines skipped.
pub fn load<G: Tunable>(lines: &[&str], threads: usize) -> (Dataset, usize) {
    let chunk = lines.len().div_ceil(threads.max(1)).max(1);
    let parts: Vec<(Dataset, usize)> = std::thread::scope(|scope| {
        let handles: Vec<_> = lines
            .chunks(chunk)
            .map(|part| scope.spawn(move || load_part::<G>(part)))
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
            .collect()
    });
    let mut all = Dataset::default();
    let mut bad = 0;
    for (part, skipped) in parts {
        bad += skipped;
        let offset = all.coefficients.len() as u32;
        all.coefficients.extend_from_slice(&part.coefficients);
        all.entries.extend(part.entries.iter().map(|e| Entry {
            start: e.start + offset,
            end: e.end + offset,
            ..*e
        }));
    }
    (all, bad)
}

fn load_part<G: Tunable>(lines: &[&str]) -> (Dataset, usize) {
    let mut data = Dataset::default();
    let mut bad = 0;
    for line in lines {
        if line.trim().is_empty() {
            continue;
        }
        match parse_line::<G>(line) {
            Some((pos, result, score)) => data.push(&pos.trace(), result, score),
            None => bad += 1,
        }
    }
    (data, bad)
}

#[cfg(test)]
mod tests {
    use super::*;
    use jiangjun_rules::xiangqi::Position;

    const LINE: &str =
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 | 0.5 | 12";

    #[test]
    fn reads_good_lines_and_counts_bad_ones() {
        let lines = [
            LINE,
            "",
            "not a fen | 1.0 | 0",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w | 2.0 | 0",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w | 1.0",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w | 1.0 | x",
            LINE,
        ];
        let (data, bad) = load::<Position>(&lines, 3);
        assert_eq!((data.len(), bad), (2, 4));
        let e = data.entries[1];
        assert_eq!((e.result, e.score, e.phase), (0.5, 12.0, 1.0));
        let trace = Position::startpos().trace();
        assert_eq!(data.coefficients_of(&e), trace.coefficients.as_slice());
    }

    #[test]
    fn the_split_keeps_every_tenth_block() {
        let lines = vec![LINE; 45];
        let (data, _) = load::<Position>(&lines, 2);
        let (train, valid) = data.split(2);
        // Blocks 9 and 19 (entries 18, 19, 38, 39) go to validation.
        assert_eq!((train.len(), valid.len()), (41, 4));
        assert_eq!(
            valid.coefficients_of(&valid.entries[3]),
            data.coefficients_of(&data.entries[0])
        );
    }
}
