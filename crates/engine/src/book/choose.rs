//! Picking one book move. Moves are drawn at random with chances that grow with their weights;
//! the variety setting bends the chances: `none` always plays the heaviest move, `small`
//! favours heavy moves (weight squared), `medium` follows the weights (ElephantEye's choice),
//! `large` evens them out (square root of the weight). A move of weight 0 is never drawn.

#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Variety {
    None,
    Small,
    #[default]
    Medium,
    Large,
}

impl Variety {
    pub const ALL: [Variety; 4] = [
        Variety::None,
        Variety::Small,
        Variety::Medium,
        Variety::Large,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            Variety::None => "none",
            Variety::Small => "small",
            Variety::Medium => "medium",
            Variety::Large => "large",
        }
    }

    /// The variety named `text`, any case.
    pub fn named(text: &str) -> Option<Variety> {
        Variety::ALL
            .into_iter()
            .find(|v| v.name().eq_ignore_ascii_case(text.trim()))
    }

    /// The chance share of a move of `weight`.
    fn share(self, weight: u16) -> f64 {
        let w = f64::from(weight);
        match self {
            Variety::None | Variety::Medium => w,
            Variety::Small => w * w,
            Variety::Large => w.sqrt(),
        }
    }
}

/// The index of the move to play among moves of these `weights`, `roll` being a uniform
/// random number; `None` when no move has a weight.
pub fn choose(weights: &[u16], variety: Variety, roll: u64) -> Option<usize> {
    if variety == Variety::None {
        // The heaviest, the first of equals: the same answer every time.
        let best = weights.iter().copied().max()?;
        return weights.iter().position(|&w| w == best && best > 0);
    }
    let total: f64 = weights.iter().map(|&w| variety.share(w)).sum();
    if total <= 0.0 {
        return None;
    }
    // `roll` as a fraction of 1, spread over the shares.
    let mut target = (roll >> 11) as f64 / (1u64 << 53) as f64 * total;
    let mut last = None;
    for (i, &w) in weights.iter().enumerate() {
        let share = variety.share(w);
        if share <= 0.0 {
            continue;
        }
        if target < share {
            return Some(i);
        }
        target -= share;
        last = Some(i);
    }
    // Rounding left a sliver past the last share: it belongs to the last move with a weight.
    last
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `fraction` of the way through the rolls.
    fn roll(fraction: f64) -> u64 {
        (fraction * u64::MAX as f64) as u64
    }

    #[test]
    fn the_chances_follow_the_variety() {
        let c = [9, 1];
        // Medium: 9 : 1, the second move from 90% of the rolls on.
        assert_eq!(choose(&c, Variety::Medium, roll(0.89)), Some(0));
        assert_eq!(choose(&c, Variety::Medium, roll(0.91)), Some(1));
        // Large: 3 : 1, from 75% on.
        assert_eq!(choose(&c, Variety::Large, roll(0.74)), Some(0));
        assert_eq!(choose(&c, Variety::Large, roll(0.76)), Some(1));
        // Small: 81 : 1.
        assert_eq!(choose(&c, Variety::Small, roll(0.98)), Some(0));
        assert_eq!(choose(&c, Variety::Small, roll(0.99)), Some(1));
        // None: always the heaviest.
        assert_eq!(choose(&c, Variety::None, u64::MAX), Some(0));
        assert_eq!(choose(&c, Variety::Medium, u64::MAX), Some(1));
    }

    #[test]
    fn weightless_moves_are_never_played() {
        let c = [0, 5, 0];
        for v in Variety::ALL {
            for f in [0.0, 0.5, 1.0] {
                assert_eq!(choose(&c, v, roll(f)), Some(1), "{v:?} at {f}");
            }
        }
        assert_eq!(choose(&[0, 0], Variety::Medium, 0), None);
        assert_eq!(choose(&[0], Variety::None, 0), None);
        assert_eq!(choose(&[], Variety::Large, 0), None);
    }

    #[test]
    fn varieties_are_found_by_name() {
        for v in Variety::ALL {
            assert_eq!(Variety::named(&v.name().to_uppercase()), Some(v));
        }
        assert_eq!(Variety::named("huge"), None);
    }
}
