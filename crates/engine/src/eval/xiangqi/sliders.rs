//! What rooks and cannons see, as board sets, from tables indexed by a line's occupancy.
//!
//! The evaluation needs the full attack set of every rook and cannon at every node (mobility,
//! palace attacks, defended pieces). Walking rays costs a branch per point; instead, for each
//! point of a line (9 on a rank, 10 on a file) and each occupancy of that line, the tables hold
//! the points a rook reaches, the quiet points a cannon reaches before its screen, and the
//! points a cannon controls behind its screen up to and including its target. A rank's points
//! are contiguous bits of the board set, so a rank result is one shift; a file result is spread
//! onto the board by a second table.

use jiangjun_rules::xiangqi::Position;
use jiangjun_rules::xiangqi::types::Square;
use std::sync::LazyLock;

/// What a slider on one point of a line sees along that line.
#[derive(Copy, Clone, Default)]
struct LineView {
    /// Points up to and including the first piece each way (a rook's reach).
    rook: u16,
    /// Empty points before the first piece each way (a cannon's quiet moves).
    quiet: u16,
    /// Points behind the first piece each way, up to and including the second.
    control: u16,
    /// The second piece each way (what a cannon could capture).
    target: u16,
}

struct Tables {
    /// By file (0–8) and rank occupancy (9 bits).
    rank: Vec<LineView>,
    /// By rank (0–9) and file occupancy (10 bits).
    file: Vec<LineView>,
    /// A 10-bit rank mask spread onto file a of the board.
    spread: Vec<u128>,
}

static TABLES: LazyLock<Tables> = LazyLock::new(build);

fn view(len: usize, at: usize, occ: usize) -> LineView {
    let mut v = LineView::default();
    for dir in [1i32, -1] {
        let mut p = at as i32 + dir;
        let mut seen = 0;
        while p >= 0 && (p as usize) < len && seen < 2 {
            let bit = 1u16 << p;
            let occupied = occ & (1 << p) != 0;
            match (seen, occupied) {
                (0, false) => {
                    v.rook |= bit;
                    v.quiet |= bit;
                }
                (0, true) => v.rook |= bit,
                (_, false) => v.control |= bit,
                (_, true) => {
                    v.control |= bit;
                    v.target |= bit;
                }
            }
            seen += usize::from(occupied);
            p += dir;
        }
    }
    v
}

fn build() -> Tables {
    let mut rank = vec![LineView::default(); 9 * 512];
    for (at, chunk) in rank.chunks_mut(512).enumerate() {
        for (occ, v) in chunk.iter_mut().enumerate() {
            *v = view(9, at, occ);
        }
    }
    let mut file = vec![LineView::default(); 10 * 1024];
    for (at, chunk) in file.chunks_mut(1024).enumerate() {
        for (occ, v) in chunk.iter_mut().enumerate() {
            *v = view(10, at, occ);
        }
    }
    let spread = (0..1024usize)
        .map(|m| {
            (0..10)
                .filter(|r| m & (1 << r) != 0)
                .fold(0u128, |acc, r| acc | 1u128 << (r * 9))
        })
        .collect();
    Tables { rank, file, spread }
}

/// A slider's views along its rank and file, ready to turn into board sets.
pub struct Views {
    /// The tables, looked up once per slider rather than at every set asked for.
    t: &'static Tables,
    rank: LineView,
    file: LineView,
    rank_shift: u32,
    file_shift: u32,
}

impl Views {
    #[inline]
    pub fn of(pos: &Position, s: Square) -> Views {
        let t = &*TABLES;
        let (f, r) = (s.file() as usize, s.rank() as usize);
        Views {
            t,
            rank: t.rank[f * 512 + usize::from(pos.rank_line(r as i32) & 0x1ff)],
            file: t.file[r * 1024 + usize::from(pos.file_line(f as i32) & 0x3ff)],
            rank_shift: (r * 9) as u32,
            file_shift: f as u32,
        }
    }

    #[inline]
    fn board(&self, pick: impl Fn(&LineView) -> u16) -> u128 {
        (u128::from(pick(&self.rank)) << self.rank_shift)
            | (self.t.spread[usize::from(pick(&self.file))] << self.file_shift)
    }

    /// The points a rook here attacks (the first piece each way included).
    #[inline]
    pub fn rook(&self) -> u128 {
        self.board(|v| v.rook)
    }
    /// The empty points a cannon here can move to.
    #[inline]
    pub fn cannon_quiet(&self) -> u128 {
        self.board(|v| v.quiet)
    }
    /// The points a cannon here attacks behind its screens (its target included).
    #[inline]
    pub fn cannon_control(&self) -> u128 {
        self.board(|v| v.control)
    }
    /// The pieces a cannon here could capture (of either side).
    #[inline]
    pub fn cannon_targets(&self) -> u128 {
        self.board(|v| v.target)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(names: &[&str]) -> u128 {
        names.iter().fold(0, |acc, n| {
            let b = n.as_bytes();
            let s = Square::new(i32::from(b[0] - b'a'), i32::from(b[1] - b'0')).expect("point");
            acc | s.bit()
        })
    }

    #[test]
    fn a_rook_sees_up_to_the_first_piece_and_a_cannon_jumps_one() {
        // Red rook/cannon on e4; pieces on e6, e8, c4 and h4.
        let pos = Position::from_fen("3k5/4n4/9/4p4/9/2n1R2c1/9/9/9/5K3 w").expect("valid");
        let e4 = Square::new(4, 4).expect("e4");
        let v = Views::of(&pos, e4);
        assert_eq!(
            v.rook(),
            set(&[
                "e5", "e6", "e3", "e2", "e1", "e0", "d4", "c4", "f4", "g4", "h4"
            ])
        );
        assert_eq!(
            v.cannon_quiet(),
            set(&["e5", "e3", "e2", "e1", "e0", "d4", "f4", "g4"])
        );
        assert_eq!(v.cannon_control(), set(&["e7", "e8", "b4", "a4", "i4"]));
        assert_eq!(v.cannon_targets(), set(&["e8"]));
    }
}
