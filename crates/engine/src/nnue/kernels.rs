//! The integer loops of inference, each written once as plain portable Rust (`portable`) and
//! compiled a second time with AVX2 by `multiversion`, which picks the AVX2 copy at run time
//! on a CPU that has it (one feature test, then a cached function pointer). Both copies are
//! the same wrapping i16 and i32 integer arithmetic, so they give bit-identical results
//! whatever the compiler vectorises; `tests` checks that they do.
//!
//! Why a crate: calling code compiled for a CPU feature that the build's baseline lacks needs
//! `unsafe` and a feature test kept next to every call; multiversion generates that pair and
//! keeps our code free of `unsafe`.
//!
//! The output sum is the exception: the compiler widens each product to 32 bits and
//! multiplies 8 at a time (`vpmulld`), where x86 multiplies 16 pairs of 16-bit values and
//! adds neighbours in one instruction (`vpmaddwd`); no safe Rust shape reliably compiles to
//! it, so `avx2` writes it with intrinsics (7 % of a node's time with the net alone before).

use multiversion::multiversion;

/// `acc = from + add − sub − sub2` element by element: a move (`sub2`: the captured piece).
#[multiversion(targets("x86_64+avx2"))]
pub fn update(acc: &mut [i16], from: &[i16], add: &[i16], sub: &[i16], sub2: Option<&[i16]>) {
    portable::update(acc, from, add, sub, sub2)
}

/// `acc += column`.
#[multiversion(targets("x86_64+avx2"))]
pub fn add(acc: &mut [i16], column: &[i16]) {
    portable::add(acc, column)
}

/// `acc −= column`.
#[multiversion(targets("x86_64+avx2"))]
pub fn sub(acc: &mut [i16], column: &[i16]) {
    portable::sub(acc, column)
}

/// `Σ clamp(us, 0, qa) · w_us + Σ clamp(them, 0, qa) · w_them` in wrapping i32.
pub fn output_sum(us: &[i16], w_us: &[i16], them: &[i16], w_them: &[i16], qa: i16) -> i32 {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU has AVX2, the one requirement of `avx2::output_sum`.
        return unsafe { avx2::output_sum(us, w_us, them, w_them, qa) };
    }
    portable::output_sum(us, w_us, them, w_them, qa)
}

/// `Σ (clamp(us, 0, qa)² >> 8) · w_us + Σ (clamp(them, 0, qa)² >> 8) · w_them` in wrapping
/// i32. The square is taken to 16 bits by dropping its low 8 (the value clips at most at 2047
/// by `file::check_ranges`, so it stays below 2^14), which x86 does 16 values at a time as the
/// high half of a 16-bit product (`vpmulhuw` of the values shifted up by 4); then the squares
/// and weights are multiplied and neighbours added into i32 (`vpmaddwd`).
pub fn output_sum_squared(us: &[i16], w_us: &[i16], them: &[i16], w_them: &[i16], qa: i16) -> i32 {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU has AVX2, the one requirement of `avx2::output_sum_squared`.
        return unsafe { avx2::output_sum_squared(us, w_us, them, w_them, qa) };
    }
    portable::output_sum_squared(us, w_us, them, w_them, qa)
}

#[cfg(target_arch = "x86_64")]
mod avx2 {
    use std::arch::x86_64::*;

    /// `portable::dot_clipped` (or with `SQUARED` `portable::dot_squared`) 16 values at a
    /// time: clip (`vpmaxsw`, `vpminsw`); squared, take the high 16 bits of `(value << 4)²`
    /// (`vpmulhuw`, the same as `value² >> 8`); multiply by the weights and add neighbouring
    /// pairs (`vpmaddwd`), add into 8 lanes. A clipped value is 0 to QA (at most 4096 by
    /// `file::check_ranges`, 2047 squared, and never negative), so a pair cannot overflow and
    /// the lanes wrap as the portable i32 sum does.
    #[target_feature(enable = "avx2")]
    fn dot<const SQUARED: bool>(acc: &[i16], w: &[i16], qa: i16) -> i32 {
        let (zero, top) = (_mm256_setzero_si256(), _mm256_set1_epi16(qa));
        let mut lanes = _mm256_setzero_si256();
        let (acc16, w16) = (acc.chunks_exact(16), w.chunks_exact(16));
        let (acc_tail, w_tail) = (acc16.remainder(), w16.remainder());
        let tail = if SQUARED {
            super::portable::dot_squared(acc_tail, w_tail, qa)
        } else {
            super::portable::dot_clipped(acc_tail, w_tail, qa)
        };
        for (a, w) in acc16.zip(w16) {
            // SAFETY: each chunk is 16 i16 values, the 32 bytes an unaligned load reads.
            let (a, w) = unsafe {
                (
                    _mm256_loadu_si256(a.as_ptr().cast()),
                    _mm256_loadu_si256(w.as_ptr().cast()),
                )
            };
            let clipped = _mm256_min_epi16(_mm256_max_epi16(a, zero), top);
            let values = if SQUARED {
                let shifted = _mm256_slli_epi16::<4>(clipped);
                _mm256_mulhi_epu16(shifted, shifted)
            } else {
                clipped
            };
            lanes = _mm256_add_epi32(lanes, _mm256_madd_epi16(values, w));
        }
        let half = _mm_add_epi32(
            _mm256_castsi256_si128(lanes),
            _mm256_extracti128_si256::<1>(lanes),
        );
        let quarter = _mm_add_epi32(half, _mm_shuffle_epi32::<0b01_00_11_10>(half));
        let one = _mm_add_epi32(quarter, _mm_shuffle_epi32::<0b10_11_00_01>(quarter));
        _mm_cvtsi128_si32(one).wrapping_add(tail)
    }

    #[target_feature(enable = "avx2")]
    pub fn output_sum(us: &[i16], w_us: &[i16], them: &[i16], w_them: &[i16], qa: i16) -> i32 {
        dot::<false>(us, w_us, qa).wrapping_add(dot::<false>(them, w_them, qa))
    }

    #[target_feature(enable = "avx2")]
    pub fn output_sum_squared(
        us: &[i16],
        w_us: &[i16],
        them: &[i16],
        w_them: &[i16],
        qa: i16,
    ) -> i32 {
        dot::<true>(us, w_us, qa).wrapping_add(dot::<true>(them, w_them, qa))
    }
}

/// The loops themselves. `inline(always)` puts each into its caller above, where it is
/// compiled with that caller's features; called directly, it is the baseline code.
pub mod portable {
    #[inline(always)]
    pub fn update(acc: &mut [i16], from: &[i16], add: &[i16], sub: &[i16], sub2: Option<&[i16]>) {
        match sub2 {
            None => {
                for (((a, f), p), m) in acc.iter_mut().zip(from).zip(add).zip(sub) {
                    *a = f.wrapping_add(*p).wrapping_sub(*m);
                }
            }
            Some(sub2) => {
                for ((((a, f), p), m), c) in acc.iter_mut().zip(from).zip(add).zip(sub).zip(sub2) {
                    *a = f.wrapping_add(*p).wrapping_sub(*m).wrapping_sub(*c);
                }
            }
        }
    }

    #[inline(always)]
    pub fn add(acc: &mut [i16], column: &[i16]) {
        for (a, w) in acc.iter_mut().zip(column) {
            *a = a.wrapping_add(*w);
        }
    }

    #[inline(always)]
    pub fn sub(acc: &mut [i16], column: &[i16]) {
        for (a, w) in acc.iter_mut().zip(column) {
            *a = a.wrapping_sub(*w);
        }
    }

    #[inline(always)]
    pub fn dot_clipped(acc: &[i16], w: &[i16], qa: i16) -> i32 {
        acc.iter()
            .zip(w)
            .map(|(&a, &w)| i32::from(a.clamp(0, qa)) * i32::from(w))
            .fold(0i32, i32::wrapping_add)
    }

    #[inline(always)]
    pub fn output_sum(us: &[i16], w_us: &[i16], them: &[i16], w_them: &[i16], qa: i16) -> i32 {
        dot_clipped(us, w_us, qa).wrapping_add(dot_clipped(them, w_them, qa))
    }

    /// The square's bits above the lowest 8, as 16 bits (`(clamp << 4)` squared, high half,
    /// as the AVX2 copy takes it, so that both agree even for a `qa` a file would be refused
    /// for).
    #[inline(always)]
    pub fn dot_squared(acc: &[i16], w: &[i16], qa: i16) -> i32 {
        acc.iter()
            .zip(w)
            .map(|(&a, &w)| {
                let shifted = u32::from((a.clamp(0, qa) as u16) << 4);
                let squared = ((shifted * shifted) >> 16) as u16 as i16;
                i32::from(squared) * i32::from(w)
            })
            .fold(0i32, i32::wrapping_add)
    }

    #[inline(always)]
    pub fn output_sum_squared(
        us: &[i16],
        w_us: &[i16],
        them: &[i16],
        w_them: &[i16],
        qa: i16,
    ) -> i32 {
        dot_squared(us, w_us, qa).wrapping_add(dot_squared(them, w_them, qa))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jiangjun_rules::random::{self, RngExt};

    fn random_vec(rng: &mut jiangjun_rules::random::Generator, n: usize) -> Vec<i16> {
        (0..n)
            .map(|_| rng.random_range(i16::MIN..=i16::MAX))
            .collect()
    }

    /// Whatever copy the CPU runs gives the portable copy's results, over widths that are and
    /// are not multiples of a vector, with values that wrap.
    #[test]
    fn the_dispatched_kernels_equal_the_portable_ones() {
        let mut rng = random::seeded(17);
        for n in [8, 13, 64, 128, 250, 256, 1024] {
            for _ in 0..50 {
                let (a, b, c, d) = (
                    random_vec(&mut rng, n),
                    random_vec(&mut rng, n),
                    random_vec(&mut rng, n),
                    random_vec(&mut rng, n),
                );
                let qa = rng.random_range(1..=4096i16);
                for sub2 in [None, Some(d.as_slice())] {
                    let (mut x, mut y) = (vec![0; n], vec![1; n]);
                    update(&mut x, &a, &b, &c, sub2);
                    portable::update(&mut y, &a, &b, &c, sub2);
                    assert_eq!(x, y);
                }
                let (mut x, mut y) = (a.clone(), a.clone());
                add(&mut x, &b);
                portable::add(&mut y, &b);
                assert_eq!(x, y);
                sub(&mut x, &c);
                portable::sub(&mut y, &c);
                assert_eq!(x, y);
                assert_eq!(
                    output_sum(&a, &b, &c, &d, qa),
                    portable::output_sum(&a, &b, &c, &d, qa)
                );
                assert_eq!(
                    output_sum_squared(&a, &b, &c, &d, qa),
                    portable::output_sum_squared(&a, &b, &c, &d, qa)
                );
            }
        }
    }
}
