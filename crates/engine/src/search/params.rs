//! The search's tunable numbers: the margins, depths and weights of its pruning, reductions,
//! extensions and history updates, in one struct, so that a tuner can move them without a
//! rebuild. The defaults are the numbers the search was tested with; each is also a hidden
//! engine option (`Tune_<name>`, in both dialects, never listed in the handshake, as in
//! Stockfish's tuning builds), which `scripts/spsa.py` sets in the engines it plays.
//!
//! Only multipliers, margins and limits are tunable, and the divisor of the reduction table,
//! which is built once. The divisors applied at every move stay constants in the code: a
//! division by a variable costs a machine division each time, where a constant one compiles
//! to a shift or a multiplication.

/// One tunable number: its option name (after `Tune_`), default and range.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spec {
    pub name: &'static str,
    pub default: i32,
    pub min: i32,
    pub max: i32,
}

macro_rules! search_params {
    ($($(#[doc = $doc:literal])* $field:ident = $default:literal, $min:literal ..= $max:literal;)*) => {
        /// The search's tunable numbers (see the module's documentation).
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct SearchParams {
            $($(#[doc = $doc])* pub $field: i32,)*
        }

        impl SearchParams {
            /// The numbers the search plays with unless told otherwise.
            pub const DEFAULT: SearchParams = SearchParams { $($field: $default,)* };

            /// Every tunable number, in the struct's order.
            pub const SPECS: &'static [Spec] = &[
                $(Spec { name: stringify!($field), default: $default, min: $min, max: $max },)*
            ];

            /// Sets the number named `name` (any case) to `value`, clamped into its range;
            /// `false` for a name that is not a tunable number.
            pub fn set(&mut self, name: &str, value: i32) -> bool {
                $(
                    if name.eq_ignore_ascii_case(stringify!($field)) {
                        self.$field = value.clamp($min, $max);
                        return true;
                    }
                )*
                false
            }

            /// The number named `name` (any case).
            pub fn get(&self, name: &str) -> Option<i32> {
                $(
                    if name.eq_ignore_ascii_case(stringify!($field)) {
                        return Some(self.$field);
                    }
                )*
                None
            }
        }
    };
}

search_params! {
    /// Late-move reductions: the table's constant term, in thousandths of a ply.
    lmr_base = 600, 0 ..= 2000;
    /// Late-move reductions: the divisor of `ln(depth) · ln(move number)`, in hundredths.
    lmr_divisor = 210, 100 ..= 500;
    /// LMR adjustments, in 1024ths of a ply: more at a non-PV node, at an expected cut node,
    /// when not improving and after a capture from the table; less for a checking move and a
    /// killer or counter move.
    lmr_non_pv = 1024, 0 ..= 3072;
    lmr_cut_node = 1024, 0 ..= 3072;
    lmr_not_improving = 512, 0 ..= 2048;
    lmr_tt_capture = 512, 0 ..= 2048;
    lmr_check = 1024, 0 ..= 3072;
    lmr_killer = 1024, 0 ..= 3072;
    /// Late-move pruning: quiet moves tried before the rest are pruned, `base + depth²` when
    /// improving (half when not).
    lmp_base = 3, 0 ..= 12;
    /// Futility pruning of quiet moves: `futility_base + futility_per_ply · depth` below
    /// alpha, up to `futility_depth` (which also bounds the exchange test of quiet moves).
    futility_base = 90, 0 ..= 400;
    futility_per_ply = 90, 20 ..= 300;
    futility_depth = 7, 0 ..= 12;
    /// Static-exchange pruning of quiet moves: a loss of more than `see_quiet · depth²`.
    see_quiet = 20, 0 ..= 100;
    /// Static-exchange pruning of losing captures: a loss of more than `see_capture · depth`,
    /// up to `see_capture_depth`.
    see_capture = 110, 20 ..= 400;
    see_capture_depth = 6, 0 ..= 12;
    /// Razoring: `razor_base + razor_per_ply · depth` below alpha, up to depth 3.
    razor_base = 200, 0 ..= 800;
    razor_per_ply = 150, 0 ..= 600;
    /// Reverse futility: `rfp_per_ply · depth` above beta, up to `rfp_depth`.
    rfp_per_ply = 80, 20 ..= 300;
    rfp_depth = 7, 0 ..= 12;
    /// Null move: reduction `nmp_base + depth / 3 + min((eval − beta) / 200, 3)`.
    nmp_base = 3, 1 ..= 6;
    /// Singular extension: from this depth, with a margin of `singular_margin · depth`.
    singular_depth = 7, 4 ..= 12;
    singular_margin = 2, 0 ..= 8;
    /// History bonus at a cutoff: `quad · depth² + lin · depth − offset`, from 0 to `max`.
    bonus_quad = 16, 0 ..= 64;
    bonus_lin = 32, 0 ..= 400;
    bonus_offset = 0, -200 ..= 400;
    bonus_max = 1600, 200 ..= 4000;
    /// Quiescence delta pruning: what a capture must be able to gain beyond its victim.
    delta_margin = 150, 0 ..= 600;
    /// The first aspiration window's half-width.
    aspiration_delta = 30, 5 ..= 200;
}

impl Default for SearchParams {
    fn default() -> Self {
        SearchParams::DEFAULT
    }
}

/// Late-move reductions by depth and move number, in plies times 1024.
pub type Reductions = [[i32; 64]; 64];

impl SearchParams {
    /// The bonus (or, negated, malus) for a move at a cutoff of the given remaining depth.
    #[inline]
    pub fn bonus(&self, depth: i32) -> i32 {
        (self.bonus_quad * depth * depth + self.bonus_lin * depth - self.bonus_offset)
            .clamp(0, self.bonus_max)
    }

    /// The late-move reduction table these numbers give.
    pub fn reductions(&self) -> Reductions {
        let base = f64::from(self.lmr_base) / 1000.0;
        let divisor = f64::from(self.lmr_divisor) / 100.0;
        let mut t = [[0; 64]; 64];
        for (d, row) in t.iter_mut().enumerate().skip(1) {
            for (m, r) in row.iter_mut().enumerate().skip(1) {
                let v = base + (d as f64).ln() * (m as f64).ln() / divisor;
                *r = (v * 1024.0) as i32;
            }
        }
        t
    }

    /// Whether these numbers give the default reduction table.
    pub fn default_reductions(&self) -> bool {
        self.lmr_base == SearchParams::DEFAULT.lmr_base
            && self.lmr_divisor == SearchParams::DEFAULT.lmr_divisor
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_lie_in_their_ranges_and_names_are_unique() {
        let specs = SearchParams::SPECS;
        for (i, s) in specs.iter().enumerate() {
            assert!(s.min <= s.default && s.default <= s.max, "{}", s.name);
            assert_eq!(SearchParams::DEFAULT.get(s.name), Some(s.default));
            assert!(
                specs[i + 1..]
                    .iter()
                    .all(|t| !t.name.eq_ignore_ascii_case(s.name)),
                "{} twice",
                s.name
            );
        }
    }

    #[test]
    fn set_clamps_and_refuses_unknown_names() {
        let mut p = SearchParams::DEFAULT;
        assert!(p.set("RAZOR_BASE", 333));
        assert_eq!(p.razor_base, 333);
        assert!(p.set("razor_base", 100_000));
        assert_eq!(p.razor_base, 800);
        assert!(!p.set("no_such_number", 1));
        assert_eq!(p.get("no_such_number"), None);
    }

    #[test]
    fn the_default_bonus_is_the_tested_formula() {
        let p = SearchParams::DEFAULT;
        for d in 1..40 {
            assert_eq!(p.bonus(d), (d * d * 16 + d * 32).min(1_600));
        }
    }

    #[test]
    fn the_default_reductions_are_the_tested_table() {
        let t = SearchParams::DEFAULT.reductions();
        // 0.6 + ln 10 · ln 20 / 2.1 = 3.88… plies.
        assert_eq!(
            t[10][20],
            ((0.6 + 10f64.ln() * 20f64.ln() / 2.1) * 1024.0) as i32
        );
        assert_eq!(t[0][5], 0);
        assert_eq!(t[5][0], 0);
        let mut p = SearchParams::DEFAULT;
        assert!(p.default_reductions());
        p.lmr_divisor = 250;
        assert!(!p.default_reductions());
        assert!(p.reductions()[10][20] < t[10][20]);
    }

    /// Nodes of a fixed-depth search of the start position with `params`.
    fn nodes_with(params: SearchParams, depth: u32) -> u64 {
        use crate::game::Xiangqi;
        use crate::search::{Job, Shared, search};
        use crate::time::{Deadline, Limits};
        use crate::tt::Tt;
        use jiangjun_rules::{Game, GenKind, MoveList};
        use std::sync::atomic::{AtomicBool, AtomicU64};
        let tt = Tt::new(1);
        let limits = Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        let (stop, nodes) = (AtomicBool::new(false), AtomicU64::new(0));
        let deadline = Deadline::new(&limits, std::time::Duration::ZERO);
        let shared = Shared::new(&tt, &stop, &nodes, &deadline, &limits).with_params(params);
        let pos = Xiangqi::startpos();
        let mut list = MoveList::new(Xiangqi::NULL_MOVE);
        pos.generate(GenKind::All, &mut list);
        search(Job::new(pos, list.as_slice().to_vec(), shared), &|_| {}).nodes
    }

    #[test]
    fn the_numbers_reach_the_search() {
        let default = nodes_with(SearchParams::DEFAULT, 7);
        assert_eq!(nodes_with(SearchParams::default(), 7), default);
        // Each of these changes the tree: the reduction table, a margin, the history bonus.
        for (name, value) in [("lmr_base", 1500), ("futility_base", 0), ("bonus_quad", 0)] {
            let mut p = SearchParams::DEFAULT;
            assert!(p.set(name, value));
            assert_ne!(nodes_with(p, 7), default, "{name} = {value}");
        }
    }
}
