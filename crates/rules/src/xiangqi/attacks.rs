//! Attack detection: is a point attacked, is a king in check, and would a move leave its own
//! king in check. The last is asked of every pseudo-legal move, so it looks at the position
//! *as if* the move were made, without making it.

use super::lines;
use super::position::Position;
use super::tables::{
    CHECK_ZONE, HORSE_ATTACKER_SET, HORSE_ATTACKERS, PAWN_ATTACKER_SET, advisor_moves,
    advisor_step_set, elephant_moves, elephant_step_set, king_moves, king_step_set,
};
use super::types::{FILES, Kind, Move, Piece, RANKS, Square};
use crate::Side;

/// The rank direction in which `side`'s pawns advance.
#[inline]
pub const fn forward(side: Side) -> i32 {
    match side {
        Side::Red => 1,
        Side::Black => -1,
    }
}

impl Position {
    /// Whether `side`'s king is attacked, counting the flying-general rule as an attack.
    pub fn is_in_check(&self, side: Side) -> bool {
        let ksq = self.king(side);
        let them = side.flip();
        self.king_attacked(
            ksq,
            side,
            |s| self.piece_at(s),
            self.rank_line(ksq.rank()),
            self.file_line(ksq.file()),
            self.pieces_of(Piece::new(them, Kind::Horse)),
            self.pieces_of(Piece::new(them, Kind::Pawn)),
        )
    }

    /// Where a move of the side to move could expose its own king, when it is not in check:
    /// the points whose piece must not leave (it blocks a rook, king, cannon or horse) and the
    /// empty points it must not enter (between the king and a cannon with no screen).
    /// Computed once per node so that most moves need no closer look.
    pub(super) fn exposure(&self) -> Exposure {
        let us = self.side_to_move();
        if self.in_check() {
            return self.evasions();
        }
        let them = us.flip();
        let ksq = self.king(us);
        let mut leave = ksq.bit();
        let mut enter = 0u128;
        let enemy = |s: Option<Square>, k: Kind| {
            s.and_then(|s| self.piece_at(s)) == Some(Piece::new(them, k))
        };
        let (f, r) = (ksq.file(), ksq.rank());
        for (i, (up, rank_dir)) in [(true, true), (false, true), (true, false), (false, false)]
            .into_iter()
            .enumerate()
        {
            let line = if rank_dir {
                self.rank_line(r)
            } else {
                self.file_line(f)
            };
            let pos = if rank_dir { f } else { r };
            let at = |x: i32| {
                if rank_dir {
                    Square::on_line(x, r)
                } else {
                    Square::on_line(f, x)
                }
            };
            let (p1, p2) = if up {
                lines::above(line, pos)
            } else {
                lines::below(line, pos)
            };
            let p3 = p2.and_then(|x| {
                if up {
                    lines::above(line, x).0
                } else {
                    lines::below(line, x).0
                }
            });
            let (s1, s2, s3) = (p1.map(at), p2.map(at), p3.map(at));
            let slider_behind = enemy(s2, Kind::Rook) || (i >= 2 && enemy(s2, Kind::King));
            if let Some(s1) = s1 {
                if slider_behind || enemy(s3, Kind::Cannon) {
                    leave |= s1.bit();
                }
                if enemy(Some(s1), Kind::Cannon) {
                    let mut x = pos;
                    let end = p1.unwrap_or(pos);
                    while x != end {
                        x += if up { 1 } else { -1 };
                        if x != end {
                            enter |= at(x).bit();
                        }
                    }
                }
            }
            if let Some(s2) = s2
                && enemy(s3, Kind::Cannon)
            {
                leave |= s2.bit();
            }
        }
        if HORSE_ATTACKER_SET[ksq.index()] & self.pieces_of(Piece::new(them, Kind::Horse)) != 0 {
            for (from, leg) in HORSE_ATTACKERS[ksq.index()].iter() {
                if enemy(Some(from), Kind::Horse) {
                    leave |= leg.bit();
                }
            }
        }
        Exposure {
            leave,
            enter,
            evade_from: !0,
            evade_to: !0,
        }
    }

    /// The exposure of a side in check: every move takes the full test, except those that
    /// surely leave a check standing. A check stands unless the move takes the checker,
    /// steps between it and the king (onto a rook's or cannon's line, or a horse's leg),
    /// takes or moves a cannon's screen, or moves the king; so a move that neither leaves a
    /// screen's point nor enters one of those points is illegal without a closer look.
    /// (Most moves in check are of that kind, and the full test is the dear one.)
    fn evasions(&self) -> Exposure {
        let us = self.side_to_move();
        let them = us.flip();
        let ksq = self.king(us);
        let enemy = |s: Square, k: Kind| self.piece_at(s) == Some(Piece::new(them, k));
        let mut evade_from = ksq.bit();
        let mut evade_to = 0u128;
        let (f, r) = (ksq.file(), ksq.rank());
        // Point `x` of the king's rank (`rank_dir`) or file.
        let on_line = |rank_dir: bool, x: i32| {
            if rank_dir {
                Square::on_line(x, r)
            } else {
                Square::on_line(f, x)
            }
        };
        // The points from the king up to `end` on its rank or file, `end` included.
        let segment = |rank_dir: bool, end: i32| {
            let pos = if rank_dir { f } else { r };
            let (lo, hi) = if pos < end {
                (pos + 1, end)
            } else {
                (end, pos - 1)
            };
            (lo..=hi).fold(0u128, |set, x| set | on_line(rank_dir, x).bit())
        };
        for (line, rank_dir, pos) in [(self.rank_line(r), true, f), (self.file_line(f), false, r)] {
            let at = |x: i32| on_line(rank_dir, x);
            for (p1, p2) in [lines::above(line, pos), lines::below(line, pos)] {
                let (s1, s2) = (p1.map(at), p2.map(at));
                if let (Some(x), Some(s1)) = (p1, s1)
                    && (enemy(s1, Kind::Rook) || (!rank_dir && enemy(s1, Kind::King)))
                {
                    evade_to |= segment(rank_dir, x);
                }
                if let (Some(x), Some(s1), Some(s2)) = (p2, s1, s2)
                    && enemy(s2, Kind::Cannon)
                {
                    evade_to |= segment(rank_dir, x);
                    evade_from |= s1.bit();
                }
            }
        }
        let horses = self.pieces_of(Piece::new(them, Kind::Horse));
        if HORSE_ATTACKER_SET[ksq.index()] & horses != 0 {
            for (from, leg) in HORSE_ATTACKERS[ksq.index()].iter() {
                if horses & from.bit() != 0 && self.piece_at(leg).is_none() {
                    evade_to |= from.bit() | leg.bit();
                }
            }
        }
        evade_to |= PAWN_ATTACKER_SET[them.index()][ksq.index()]
            & self.pieces_of(Piece::new(them, Kind::Pawn));
        Exposure {
            leave: !0,
            enter: !0,
            evade_from,
            evade_to,
        }
    }

    /// Whether the side to move's king is safe after the pseudo-legal move `mv`, given the
    /// position's exposure (the game's `is_legal_pseudo`).
    #[inline]
    pub(super) fn is_legal_with(&self, mv: Move, exposure: &Exposure) -> bool {
        exposure.passes(mv) || (exposure.may_evade(mv) && self.king_safe_after(mv))
    }

    /// The full test: is the side to move's king attacked once `mv` is made?
    #[inline(never)]
    pub(super) fn king_safe_after(&self, mv: Move) -> bool {
        !self.king_attacked_after(mv, self.side_to_move())
    }

    /// Whether the pseudo-legal move `mv` gives check, decided on the board as it would be
    /// after the move, without making it: what `make` then `in_check` would say, at a
    /// fraction of the cost (no state pushed, no accumulator updated).
    pub fn gives_check_unmade(&self, mv: Move) -> bool {
        self.king_attacked_after(mv, self.side_to_move().flip())
    }

    /// Whether `side`'s king is attacked once the side to move has played `mv`: the lines
    /// through that king and the points next to it are read as the move leaves them.
    #[inline]
    fn king_attacked_after(&self, mv: Move, side: Side) -> bool {
        let (from, to) = (mv.from(), mv.to());
        let moving = self.piece_at(from);
        let is_king = matches!(moving, Some(p) if p.kind() == Kind::King && p.side() == side);
        let ksq = if is_king { to } else { self.king(side) };
        let mut rank_line = self.rank_line(ksq.rank());
        let mut file_line = self.file_line(ksq.file());
        if from.rank() == ksq.rank() {
            rank_line &= !(1 << from.file());
        }
        if from.file() == ksq.file() {
            file_line &= !(1 << from.rank());
        }
        if to.rank() == ksq.rank() {
            rank_line |= 1 << to.file();
        }
        if to.file() == ksq.file() {
            file_line |= 1 << to.rank();
        }
        let after = |s: Square| {
            if s == to {
                moving
            } else if s == from {
                None
            } else {
                self.piece_at(s)
            }
        };
        // The enemy horses and pawns as the move leaves them: one taken on `to`, or the
        // moving piece itself gone from `from` to `to`.
        let them = side.flip();
        let set_after = |p: Piece| {
            let set = self.pieces_of(p) & !to.bit();
            if moving == Some(p) {
                (set & !from.bit()) | to.bit()
            } else {
                set
            }
        };
        self.king_attacked(
            ksq,
            side,
            after,
            rank_line,
            file_line,
            set_after(Piece::new(them, Kind::Horse)),
            set_after(Piece::new(them, Kind::Pawn)),
        )
    }

    /// Whether a king of `us` on `ksq` is attacked on a board described by `at`, the two
    /// occupancy lines through `ksq` and the sets of the enemy's horses and pawns.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    fn king_attacked(
        &self,
        ksq: Square,
        us: Side,
        at: impl Fn(Square) -> Option<Piece>,
        rank_line: u16,
        file_line: u16,
        horses: u128,
        pawns: u128,
    ) -> bool {
        let them = us.flip();
        let rook = Some(Piece::new(them, Kind::Rook));
        let cannon = Some(Piece::new(them, Kind::Cannon));
        let king = Some(Piece::new(them, Kind::King));
        let (f, r) = (ksq.file(), ksq.rank());
        let on_rank = |x: i32| at(Square::on_line(x, r));
        let on_file = |x: i32| at(Square::on_line(f, x));
        for (first, second) in [lines::above(rank_line, f), lines::below(rank_line, f)] {
            if first.is_some_and(|x| on_rank(x) == rook)
                || second.is_some_and(|x| on_rank(x) == cannon)
            {
                return true;
            }
        }
        for (first, second) in [lines::above(file_line, r), lines::below(file_line, r)] {
            if let Some(x) = first {
                let p = on_file(x);
                if p == rook || p == king {
                    return true;
                }
            }
            if second.is_some_and(|x| on_file(x) == cannon) {
                return true;
            }
        }
        // A king never leaves its own half, so enemy pawns beside it have crossed the river:
        // the pawn set holds exactly the points from which one attacks it.
        if PAWN_ATTACKER_SET[them.index()][ksq.index()] & pawns != 0 {
            return true;
        }
        // Most kings have no enemy horse a horse's move away: one AND instead of the walk.
        HORSE_ATTACKER_SET[ksq.index()] & horses != 0
            && HORSE_ATTACKERS[ksq.index()]
                .iter()
                .any(|(from, leg)| horses & from.bit() != 0 && at(leg).is_none())
    }

    /// Whether the legal move `mv` gives check: what `make` then `in_check` would say. Asked
    /// of many moves at a node (late-move pruning keeps only the checks), so it looks only at
    /// what the move changes: before a legal move the side not to move is never in check
    /// (`from_fen` refuses such a position and a legal move leaves none), so a check can only
    /// come from the moved piece on its target, from the enemy king's rank or file when the
    /// move leaves or enters it (a rook's line opened, a cannon's screen made or taken away, the
    /// kings facing), or from a horse's leg beside that king set free. `gives_check_unmade`
    /// reads every line through the king instead, and holds for any pseudo-legal move.
    ///
    /// Most moves touch neither the king's lines nor the points diagonally beside it: for
    /// those only a horse or pawn can check, by itself, and the test stops there; the others
    /// take `gives_check_near`.
    #[inline]
    pub fn move_gives_check(&self, mv: Move) -> bool {
        let us = self.side_to_move();
        let ek = self.king(us.flip());
        let (from, to) = (mv.from(), mv.to());
        let Some(moving) = self.piece_at(from) else {
            return false;
        };
        if (from.bit() | to.bit()) & CHECK_ZONE[ek.index()] != 0 {
            return self.gives_check_near(mv, moving);
        }
        self.checks_from(moving, to, ek)
    }

    /// Whether `moving`, a horse or pawn of the side to move arriving on `to`, attacks the
    /// enemy king on `ek` from there. A horse's leg is beside `to`, never `from` (a horse's
    /// move away) nor `to`, so it is read as it stands before the move.
    #[inline]
    fn checks_from(&self, moving: Piece, to: Square, ek: Square) -> bool {
        match moving.kind() {
            Kind::Horse => {
                HORSE_ATTACKER_SET[ek.index()] & to.bit() != 0
                    && HORSE_ATTACKERS[ek.index()]
                        .iter()
                        .any(|(h, leg)| h == to && self.piece_at(leg).is_none())
            }
            Kind::Pawn => {
                PAWN_ATTACKER_SET[self.side_to_move().index()][ek.index()] & to.bit() != 0
            }
            _ => false,
        }
    }

    /// `move_gives_check` for a move of `moving` with an end on the enemy king's rank or file
    /// or diagonally beside it.
    #[inline(never)]
    fn gives_check_near(&self, mv: Move, moving: Piece) -> bool {
        let us = self.side_to_move();
        let ek = self.king(us.flip());
        let (from, to) = (mv.from(), mv.to());
        let (ef, er) = (ek.file(), ek.rank());
        // The piece on `s` once the move is made.
        let after = |s: Square| {
            if s == to {
                Some(moving)
            } else if s == from {
                None
            } else {
                self.piece_at(s)
            }
        };
        let ours = |k: Kind| Some(Piece::new(us, k));
        let (rook, cannon, king) = (ours(Kind::Rook), ours(Kind::Cannon), ours(Kind::King));
        // The rank and the file are written out: one closure for both lines compiled to 1.9 %
        // more instructions over the whole of `bench`.
        if from.rank() == er || to.rank() == er {
            let mut line = self.rank_line(er);
            if from.rank() == er {
                line &= !(1 << from.file());
            }
            if to.rank() == er {
                line |= 1 << to.file();
            }
            let on_rank = |x: i32| after(Square::on_line(x, er));
            for (first, second) in [lines::above(line, ef), lines::below(line, ef)] {
                if first.is_some_and(|x| on_rank(x) == rook)
                    || second.is_some_and(|x| on_rank(x) == cannon)
                {
                    return true;
                }
            }
        }
        if from.file() == ef || to.file() == ef {
            let mut line = self.file_line(ef);
            if from.file() == ef {
                line &= !(1 << from.rank());
            }
            if to.file() == ef {
                line |= 1 << to.rank();
            }
            let on_file = |x: i32| after(Square::on_line(ef, x));
            for (first, second) in [lines::above(line, er), lines::below(line, er)] {
                if first.is_some_and(|x| {
                    let p = on_file(x);
                    p == rook || p == king
                }) || second.is_some_and(|x| on_file(x) == cannon)
                {
                    return true;
                }
            }
        }
        // A piece leaving the point diagonally beside the king may free a horse's leg.
        self.checks_from(moving, to, ek)
            || ((from.file() - ef).abs() == 1
                && (from.rank() - er).abs() == 1
                && HORSE_ATTACKERS[ek.index()]
                    .iter()
                    .any(|(h, leg)| leg == from && after(h) == ours(Kind::Horse)))
    }

    /// The points of `by`'s pieces that attack `s` (pseudo-legally, pins ignored).
    pub fn attackers(&self, s: Square, by: Side) -> impl Iterator<Item = Square> + '_ {
        let mut found = [Square::A0; 16];
        let mut n = 0;
        let mut add = |x: Square| {
            if n < found.len() {
                found[n] = x;
                n += 1;
            }
        };
        let is = |x: Square, k: Kind| self.piece_at(x) == Some(Piece::new(by, k));
        // Piece sets skip the walks where no such piece stands near: one AND each. (The static
        // exchange moves pieces without keeping the sets, but only ever onto `s`, so a set
        // may hold a point its piece has left, never miss one; the board decides.)
        let set = |k: Kind| self.pieces_of(Piece::new(by, k));
        let (f, r) = (s.file(), s.rank());
        // Rooks and cannons attack along the rank and file alone.
        let lines = (RANK_0 << (FILES as i32 * r)) | (FILE_0 << f);
        let rays = if (set(Kind::Rook) | set(Kind::Cannon)) & lines != 0 {
            self.line_neighbours(s)
        } else {
            [(None, None); 4]
        };
        for (i, (first, second)) in rays.iter().enumerate() {
            let to_sq = |x: i32| {
                if i < 2 {
                    Square::on_line(x, r)
                } else {
                    Square::on_line(f, x)
                }
            };
            if let Some(x) = first.map(to_sq).filter(|&x| is(x, Kind::Rook)) {
                add(x);
            }
            if let Some(x) = second.map(to_sq).filter(|&x| is(x, Kind::Cannon)) {
                add(x);
            }
        }
        if HORSE_ATTACKER_SET[s.index()] & set(Kind::Horse) != 0 {
            for (from, leg) in HORSE_ATTACKERS[s.index()].iter() {
                if is(from, Kind::Horse) && self.piece_at(leg).is_none() {
                    add(from);
                }
            }
        }
        // The short-range pieces move symmetrically, so their attackers stand where they could
        // step to from `s`; the step sets skip the walks where none stands there.
        if elephant_step_set(by, s) & set(Kind::Elephant) != 0 {
            for (x, eye) in elephant_moves(by, s).iter() {
                if is(x, Kind::Elephant) && self.piece_at(eye).is_none() {
                    add(x);
                }
            }
        }
        if advisor_step_set(by, s) & set(Kind::Advisor) != 0 {
            for (x, _) in advisor_moves(by, s).iter() {
                if is(x, Kind::Advisor) {
                    add(x);
                }
            }
        }
        if king_step_set(by, s) & set(Kind::King) != 0 {
            for (x, _) in king_moves(by, s).iter() {
                if is(x, Kind::King) {
                    add(x);
                }
            }
        }
        if PAWN_ATTACKER_SET[by.index()][s.index()] & set(Kind::Pawn) != 0 {
            let sideways_ok = !s.on_own_half(by);
            for (df, dr) in [(0, -forward(by)), (1, 0), (-1, 0)] {
                if (df == 0 || sideways_ok) && s.offset(df, dr).is_some_and(|x| is(x, Kind::Pawn)) {
                    add(s.offset(df, dr).expect("checked on board"));
                }
            }
        }
        found.into_iter().take(n)
    }
}

/// The points of rank 0 and of file 0, as 90-bit sets (a square's bit is `rank * 9 + file`).
const RANK_0: u128 = (1 << FILES) - 1;
const FILE_0: u128 = {
    let mut set = 0;
    let mut rank = 0;
    while rank < RANKS {
        set |= 1 << (FILES * rank);
        rank += 1;
    }
    set
};

/// Points, as 90-bit sets, where a move could expose the own king (see `exposure`): what a
/// search keeps of a node to test its pseudo-legal moves one at a time.
#[derive(Copy, Clone, Debug)]
pub struct Exposure {
    leave: u128,
    enter: u128,
    /// In check, the points a move must leave or enter to have a chance of ending it (see
    /// `evasions`); every point otherwise.
    evade_from: u128,
    evade_to: u128,
}

impl Exposure {
    /// The quick test: true when `mv` surely keeps the king safe; false when it needs the
    /// full test. The king's own point is in `leave`, so king moves always need it.
    #[inline]
    pub fn passes(&self, mv: Move) -> bool {
        (self.leave & mv.from().bit()) | (self.enter & mv.to().bit()) == 0
    }

    /// False when `mv` surely leaves the king in check (see `evasions`).
    #[inline]
    pub fn may_evade(&self, mv: Move) -> bool {
        (self.evade_from & mv.from().bit()) | (self.evade_to & mv.to().bit()) != 0
    }
}
