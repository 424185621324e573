//! More from the same data, and the step size's schedule. Xiangqi's rules are symmetric left
//! to right, so the mirror image of a position (files a–i reversed) has the same result and
//! score: each training position whose mirror gives the net other inputs (a king on the
//! centre file, `features::mirror_board`) is added mirrored. Validation positions are not, so
//! the validation error stays comparable with runs that do not mirror.

use super::data::Sample;
use jiangjun_engine::nnue::features;

/// Appends the mirror of every sample of `samples` that has a different one.
pub fn add_mirrors(samples: &mut Vec<Sample>) {
    // Counted first, so that the vector grows once, to its size: doubling tens of millions
    // of samples would hold both copies for a moment and overshoot by up to half.
    let added = samples.iter().filter(|s| mirrored(s).is_some()).count();
    samples.reserve_exact(added);
    for i in 0..samples.len() {
        if let Some(m) = mirrored(&samples[i]) {
            samples.push(m);
        }
    }
}

/// The sample of the mirrored position, when its inputs differ.
fn mirrored(s: &Sample) -> Option<Sample> {
    let mut m = *s;
    let count = usize::from(m.count);
    let [us, them] = &mut m.features;
    // Both perspectives mirror the same board; `|` so that both are always mapped.
    let changed =
        features::mirror_board(&mut us[..count]) | features::mirror_board(&mut them[..count]);
    changed.then_some(m)
}

/// The step size of epoch `e` (1-based) of `epochs`: `first` at the first epoch, `last` at
/// the last, along half a cosine between.
pub fn cosine(first: f32, last: f32, e: u32, epochs: u32) -> f32 {
    if epochs <= 1 {
        return first;
    }
    let t = (e.saturating_sub(1)) as f32 / (epochs - 1) as f32;
    last + (first - last) * 0.5 * (1.0 + (std::f32::consts::PI * t).cos())
}

#[cfg(test)]
mod tests {
    use super::*;
    use jiangjun_engine::nnue::features::FeatureSet;
    use jiangjun_rules::xiangqi::Position;
    use jiangjun_rules::xiangqi::fen::mirror_files;

    #[test]
    fn a_mirrored_sample_is_the_sample_of_the_mirrored_position() {
        let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b - - 0 1";
        let pos = Position::from_fen(fen).expect("a legal position");
        let flipped = Position::from_fen(&mirror_files(fen)).expect("its mirror is legal");
        for set in [FeatureSet::Plain, FeatureSet::KingBuckets] {
            let sample = Sample::new(&pos, set, 1.0, 30.0).expect("32 pieces at most");
            let mut samples = vec![sample];
            add_mirrors(&mut samples);
            assert_eq!(samples.len(), 2);
            let want = Sample::new(&flipped, set, 1.0, 30.0).expect("32 pieces at most");
            for row in 0..2 {
                let sorted = |s: &Sample| {
                    let mut v = s.active(row).to_vec();
                    v.sort_unstable();
                    v
                };
                assert_eq!(sorted(&samples[1]), sorted(&want), "{set:?}");
            }
            assert_eq!(
                (samples[1].result, samples[1].score),
                (want.result, want.score)
            );
        }
    }

    #[test]
    fn the_schedule_falls_from_first_to_last() {
        assert_eq!(cosine(1e-3, 1e-4, 1, 10), 1e-3);
        assert!((cosine(1e-3, 1e-4, 10, 10) - 1e-4).abs() < 1e-9);
        assert!((cosine(1e-3, 1e-4, 5, 9) - 5.5e-4).abs() < 1e-7);
        assert_eq!(cosine(1e-3, 1e-4, 1, 1), 1e-3);
    }
}
