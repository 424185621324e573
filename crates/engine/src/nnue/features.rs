//! The input features, shared by the engine and the trainer: for each perspective (Red's and
//! Black's), one input per (piece kind relative to that side, point seen from that side),
//! and in the king-bucketed set, per square of that side's king too.
//!
//! Seen from a side means: Black's points are rotated by 180° so that each side looks up the
//! board from its own back rank, and the board is mirrored left to right when that side's king
//! stands right of the centre file (file f after the rotation), so the king is always on files
//! d–e. The piece slots are the side's own seven kinds (0–6, in `Kind` order) and then the
//! opponent's (7–13): 14 × 90 = 1260 inputs a plane; at most 32 are active.
//!
//! Two feature sets (a net file names its own):
//! - `Plain` (set 1): one plane a perspective, 1260 inputs.
//! - `KingBuckets` (set 2): one plane for each point the side's own king can stand on once
//!   mirrored (files d–e, ranks 0–2 of its palace: 6 buckets), 7560 inputs. What a piece is
//!   worth on a point depends on where its own king stands (an attacker near the king, a
//!   defender that left it), which a single plane can only approximate in the layers above.

use jiangjun_rules::Side;
use jiangjun_rules::xiangqi::types::{FILES, Kind, Piece, SQUARES, Square};

/// Inputs of one plane (one king bucket).
pub const PLANE: usize = 14 * SQUARES;

/// Inputs per perspective of the plain feature set.
pub const INPUTS: usize = PLANE;

/// King buckets of the king-bucketed set: the mirrored king's file (d or e) × rank (0–2).
pub const KING_BUCKETS: usize = 6;

/// The most inputs any feature set has per perspective.
pub const MAX_INPUTS: usize = KING_BUCKETS * PLANE;

/// Views a perspective can have in any feature set: mirrored or not, times the king buckets.
pub const MAX_VIEWS: usize = 2 * KING_BUCKETS;

/// The most inputs active at once (every piece of both full sets on the board).
pub const MAX_ACTIVE: usize = 32;

/// Which inputs a net has.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum FeatureSet {
    /// One plane a perspective (1260 inputs).
    Plain,
    /// A plane for each of the own king's six buckets (7560 inputs).
    KingBuckets,
}

impl FeatureSet {
    /// The number a net file stores.
    pub const fn id(self) -> u32 {
        match self {
            FeatureSet::Plain => 1,
            FeatureSet::KingBuckets => 2,
        }
    }

    pub fn from_id(id: u32) -> Option<FeatureSet> {
        [FeatureSet::Plain, FeatureSet::KingBuckets]
            .into_iter()
            .find(|s| s.id() == id)
    }

    pub const fn buckets(self) -> usize {
        match self {
            FeatureSet::Plain => 1,
            FeatureSet::KingBuckets => KING_BUCKETS,
        }
    }

    /// Inputs per perspective.
    pub const fn inputs(self) -> usize {
        self.buckets() * PLANE
    }

    /// For messages and `--help`: "plain" or "king-buckets".
    pub const fn name(self) -> &'static str {
        match self {
            FeatureSet::Plain => "plain",
            FeatureSet::KingBuckets => "king-buckets",
        }
    }

    pub fn named(name: &str) -> Option<FeatureSet> {
        [FeatureSet::Plain, FeatureSet::KingBuckets]
            .into_iter()
            .find(|s| s.name() == name)
    }
}

/// The point as `perspective` sees it, before any mirror.
#[inline]
fn relative(perspective: Side, s: Square) -> Square {
    match perspective {
        Side::Red => s,
        Side::Black => s.flipped(),
    }
}

/// Whether `perspective`, whose king stands on `king`, sees the board mirrored left to right.
#[inline]
pub fn mirrored(perspective: Side, king: Square) -> bool {
    relative(perspective, king).file() > (FILES as i32 - 1) / 2
}

/// How a perspective sees the board for one position of its king: whether mirrored, and
/// where its plane starts. Inputs change all at once when the view does (a king move).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct View {
    mirror: bool,
    base: usize,
}

impl View {
    /// A number below `MAX_VIEWS`, different for each view of a feature set.
    #[inline]
    pub fn slot(self) -> usize {
        self.base / PLANE * 2 + usize::from(self.mirror)
    }
}

/// The view of `perspective`, whose king stands on `king`, in feature set `set`.
#[inline]
pub fn view(set: FeatureSet, perspective: Side, king: Square) -> View {
    let mirror = mirrored(perspective, king);
    let base = match set {
        FeatureSet::Plain => 0,
        FeatureSet::KingBuckets => {
            let mut k = relative(perspective, king);
            if mirror {
                k = k.mirrored();
            }
            // Files d–e (3–4), ranks 0–2: a legal king stands in its palace.
            let file = (k.file() - 3).clamp(0, 1) as usize;
            let rank = k.rank().clamp(0, 2) as usize;
            (file * 3 + rank) * PLANE
        }
    };
    View { mirror, base }
}

/// The input of `piece` on `s` for a perspective that sees the board as `view`.
#[inline]
pub fn index(perspective: Side, view: View, piece: Piece, s: Square) -> usize {
    let mut point = relative(perspective, s);
    if view.mirror {
        point = point.mirrored();
    }
    let slot = piece.kind() as usize + if piece.side() == perspective { 0 } else { 7 };
    view.base + slot * SQUARES + point.index()
}

/// Every active input of `perspective`, from the pieces on the board (`pieces` gives each
/// occupied point and its piece) and that side's king.
pub fn active(
    set: FeatureSet,
    perspective: Side,
    king: Square,
    pieces: impl Iterator<Item = (Square, Piece)>,
    out: &mut Vec<u16>,
) {
    out.clear();
    let view = view(set, perspective, king);
    for (s, p) in pieces {
        // MAX_INPUTS fits a u16 (7560 < 65536).
        out.push(index(perspective, view, p, s) as u16);
    }
}

/// The inputs, for the same perspective, of the board mirrored left to right, given the
/// inputs `active` of the board itself; `false` (and `active` unchanged) when the mirror gives
/// the same inputs. That is whenever the perspective's king is off the centre file: it then
/// changes sides, so the mirror that `index` applies undoes the board's. With the king on the
/// centre file every point moves to its mirror, and its bucket stays. (The trainer doubles its data with this: the
/// rules are symmetric left to right, so a mirrored position has the same result and score.)
pub fn mirror_board(active: &mut [u16]) -> bool {
    let own_king = |&f: &u16| usize::from(f) % PLANE / SQUARES == Kind::King as usize;
    let Some(king) = active.iter().copied().find(own_king) else {
        return false;
    };
    let centre = (FILES as i32 - 1) / 2;
    let on_centre =
        Square::from_index(usize::from(king) % PLANE % SQUARES).map(|k| k.file()) == Some(centre);
    if !on_centre {
        return false;
    }
    for f in active.iter_mut() {
        let (plane, within) = (usize::from(*f) / PLANE, usize::from(*f) % PLANE);
        let (slot, point) = (within / SQUARES, within % SQUARES);
        if let Some(p) = Square::from_index(point) {
            // Below MAX_INPUTS, so within u16.
            *f = (plane * PLANE + slot * SQUARES + p.mirrored().index()) as u16;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    const PLAIN: FeatureSet = FeatureSet::Plain;
    const BUCKETS: FeatureSet = FeatureSet::KingBuckets;

    fn at(name: &str) -> Square {
        let b = name.as_bytes();
        Square::new(i32::from(b[0] - b'a'), i32::from(b[1] - b'0')).expect("on the board")
    }

    #[test]
    fn red_and_black_see_the_start_alike() {
        // The start is symmetric: each side's own pieces land on the same inputs.
        let (red_king, black_king) = (at("e0"), at("e9"));
        assert!(!mirrored(Side::Red, red_king));
        assert!(!mirrored(Side::Black, black_king));
        for set in [PLAIN, BUCKETS] {
            let rv = view(set, Side::Red, red_king);
            let bv = view(set, Side::Black, black_king);
            let rk = index(Side::Red, rv, Piece::new(Side::Red, Kind::King), red_king);
            let bk = index(
                Side::Black,
                bv,
                Piece::new(Side::Black, Kind::King),
                black_king,
            );
            assert_eq!(rk, bk);
        }
        let plain = view(PLAIN, Side::Red, red_king);
        assert_eq!(
            index(
                Side::Red,
                plain,
                Piece::new(Side::Red, Kind::King),
                red_king
            ),
            4
        );
    }

    #[test]
    fn a_king_on_the_f_file_mirrors_its_side_only() {
        let (f0, d9, f9) = (at("f0"), at("d9"), at("f9"));
        assert!(mirrored(Side::Red, f0));
        // Black's d9 is its own right of centre once the board is turned.
        assert!(mirrored(Side::Black, d9));
        assert!(!mirrored(Side::Black, f9));
        let king = Piece::new(Side::Red, Kind::King);
        assert_eq!(index(Side::Red, view(PLAIN, Side::Red, f0), king, f0), 3);
        let rook = Piece::new(Side::Black, Kind::Rook);
        let red_e0 = view(PLAIN, Side::Red, at("e0"));
        assert_eq!(index(Side::Red, red_e0, rook, d9), 11 * SQUARES + 84);
        assert!(index(Side::Black, view(PLAIN, Side::Black, d9), rook, d9) < INPUTS);
    }

    #[test]
    fn each_palace_point_of_the_king_has_its_plane_and_mirrors_share_one() {
        let mut bases = std::collections::HashSet::new();
        for (red, black) in [("d0", "f9"), ("e0", "e9"), ("d1", "f8"), ("e1", "e8")] {
            let r = view(BUCKETS, Side::Red, at(red));
            let b = view(BUCKETS, Side::Black, at(black));
            assert_eq!(r, b, "{red} and {black} are the same point to their owners");
            bases.insert(r.base);
        }
        assert_eq!(bases.len(), 4);
        // f2 mirrors to d2: the same plane, seen mirrored.
        let (d2, f2) = (
            view(BUCKETS, Side::Red, at("d2")),
            view(BUCKETS, Side::Red, at("f2")),
        );
        assert_eq!(d2.base, f2.base);
        assert_ne!(d2.mirror, f2.mirror);
        let largest = index(
            Side::Red,
            view(BUCKETS, Side::Red, at("e2")),
            Piece::new(Side::Black, Kind::Pawn),
            at("i9"),
        );
        assert_eq!(largest, MAX_INPUTS - 1);
        assert_eq!(BUCKETS.inputs(), MAX_INPUTS);
        for set in [PLAIN, BUCKETS] {
            assert_eq!(FeatureSet::from_id(set.id()), Some(set));
            assert_eq!(FeatureSet::named(set.name()), Some(set));
        }
    }

    #[test]
    fn the_mirror_of_the_inputs_is_the_inputs_of_the_mirrored_board() {
        use jiangjun_rules::xiangqi::Position;
        use jiangjun_rules::xiangqi::fen::mirror_files;
        let fens = [
            // Both kings on the centre file: both perspectives change.
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b - - 0 1",
            // Red's king on d, Black's on f: neither changes.
            "3a1k3/4a4/9/9/2p6/9/9/4B4/9/3K1AB2 w - - 0 1",
            // Red's king on e, Black's on d.
            "3k5/4a4/4ba3/9/2b6/6R2/9/4B4/4A4/4KA3 w - - 0 1",
        ];
        for fen in fens {
            let pos = Position::from_fen(fen).expect("a legal test position");
            let flipped = Position::from_fen(&mirror_files(fen)).expect("its mirror is legal");
            for side in [Side::Red, Side::Black] {
                for set in [PLAIN, BUCKETS] {
                    let inputs = |p: &Position| {
                        let pieces = Square::all().filter_map(|s| p.piece_at(s).map(|x| (s, x)));
                        let mut v = Vec::new();
                        active(set, side, p.king(side), pieces, &mut v);
                        v
                    };
                    let mut mine = inputs(&pos);
                    let changed = mirror_board(&mut mine);
                    let (mut got, mut want) = (mine, inputs(&flipped));
                    got.sort_unstable();
                    want.sort_unstable();
                    assert_eq!(got, want, "{fen}, {side:?}, {set:?}");
                    let centre = pos.king(side).file() == 4;
                    assert_eq!(changed, centre, "{fen}, {side:?}");
                }
            }
        }
    }
}
