//! Rank and file occupancy lines: each rank is a 9-bit mask of occupied files and each file a
//! 10-bit mask of occupied ranks. Rooks, cannons and the flying-general rule only ever look
//! along one line, so the nearest and second-nearest pieces in a direction come from a shift
//! and a bit scan instead of a walk over the board.

/// The positions of the first and second occupied points above `pos` on a line (towards
/// higher indices), if any.
#[inline]
pub fn above(occ: u16, pos: i32) -> (Option<i32>, Option<i32>) {
    let m = (occ as u32) >> (pos + 1);
    if m == 0 {
        return (None, None);
    }
    let first = pos + 1 + m.trailing_zeros() as i32;
    let rest = m & (m - 1);
    let second = if rest == 0 {
        None
    } else {
        Some(pos + 1 + rest.trailing_zeros() as i32)
    };
    (Some(first), second)
}

/// The positions of the first and second occupied points below `pos` on a line.
#[inline]
pub fn below(occ: u16, pos: i32) -> (Option<i32>, Option<i32>) {
    let m = (occ as u32) & ((1u32 << pos) - 1);
    if m == 0 {
        return (None, None);
    }
    let first = 31 - m.leading_zeros() as i32;
    let rest = m & !(1u32 << first);
    let second = if rest == 0 {
        None
    } else {
        Some(31 - rest.leading_zeros() as i32)
    };
    (Some(first), second)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearest_pieces_in_both_directions() {
        let occ = 0b1_0010_0101u16; // points 0, 2, 5, 8
        assert_eq!(above(occ, 2), (Some(5), Some(8)));
        assert_eq!(above(occ, 5), (Some(8), None));
        assert_eq!(above(occ, 8), (None, None));
        assert_eq!(below(occ, 5), (Some(2), Some(0)));
        assert_eq!(below(occ, 2), (Some(0), None));
        assert_eq!(below(occ, 0), (None, None));
        assert_eq!(above(0, 3), (None, None));
    }
}
