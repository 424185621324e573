//! The one random number generator of the tools (openings shuffling, `jiangjun openings`,
//! self-play's random plies): ChaCha8 from `rand_chacha`, seeded from `--seed`. ChaCha's output
//! is specified bit for bit, so a seed gives the same games on every platform and build, and
//! its 2^64 independent streams give each self-play game its own sequence without mixing
//! seeds by hand.
//!
//! The search's `randomness` option does not draw from here: it hashes the position key with a
//! per-search seed (`search::Noise`), so that a position revisited in one search gets the same
//! shift, which a generator's next number would not.

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

pub use rand::RngExt;

/// The generator type of every seeded tool.
pub type Generator = ChaCha8Rng;

/// The generator for `seed`.
pub fn seeded(seed: u64) -> Generator {
    Generator::seed_from_u64(seed)
}

/// Stream `index` of `seed`: independent of every other index, so game `index` of a run
/// plays the same whichever thread plays it and whatever ran before it.
pub fn stream(seed: u64, index: u64) -> Generator {
    let mut rng = seeded(seed);
    rng.set_stream(index);
    rng
}

/// Shuffles `items` in place, the same way for the same seed.
pub fn shuffle<T>(items: &mut [T], seed: u64) {
    items.shuffle(&mut seeded(seed));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seed_repeats_and_streams_differ() {
        let draw = |mut g: Generator| {
            (0..8)
                .map(|_| g.random_range(0..1000))
                .collect::<Vec<u32>>()
        };
        assert_eq!(draw(seeded(7)), draw(seeded(7)));
        assert_ne!(draw(seeded(7)), draw(seeded(8)));
        assert_ne!(draw(stream(7, 0)), draw(stream(7, 1)));
        assert_eq!(draw(stream(7, 3)), draw(stream(7, 3)));
    }

    #[test]
    fn shuffling_keeps_every_item() {
        let mut v: Vec<u32> = (0..50).collect();
        shuffle(&mut v, 1);
        assert_ne!(v, (0..50).collect::<Vec<_>>());
        v.sort_unstable();
        assert_eq!(v, (0..50).collect::<Vec<_>>());
    }
}
