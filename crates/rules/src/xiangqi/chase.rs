//! Perpetual chase: which enemy pieces a move newly threatens to win under the Asian rules,
//! and which piece, if any, a side kept chasing with every one of its moves in a repetition
//! cycle. The conventions are those at the top of `tests/data/repetition-cases.txt`.
//!
//! A piece of `them` on `t` is *chased* by `us` when a piece of `us` other than the king or a
//! pawn can legally capture it and either
//! - the target is a rook and the attacker a horse, cannon, elephant or advisor (a lesser
//!   piece on a rook chases it even when it is protected), or
//! - the target cannot take the attacker back the same way (that would be an offer: rook on
//!   rook, cannon on cannon, horse on horse) and no piece of `them` can legally recapture on
//!   `t` after the capture (unprotected, or protected only by a pinned piece or by a king
//!   that would then face the other king).
//!
//! Kings and pawns that have not crossed the river are never targets. A move *newly* chases
//! a target when its attacker did not attack it before the move (direct attacks, discovered
//! attacks and moves of a cannon's screen alike), or when the attacker could already take it
//! but it was protected and no longer is: always if a protector has been pinned, otherwise
//! only if the move was not a defence (see `fresh_chases`). A move that gives check chases
//! nothing. A side chases perpetually when one and the same enemy piece, followed as it
//! moves, is newly chased by every one of its moves in the cycle, so one piece attacking two
//! targets in turn is no perpetual chase while two pieces taking turns on one target is.
//!
//! Cost: nothing is stored at `make`, so the search's nodes pay nothing for chases. The chase
//! sets are computed only when a repetition is judged, by replaying the cycle on a copy of
//! the board that carries only the cycle's states; perpetual checks are ruled from the
//! stored check flags without a replay, and a side's analysis stops at its first move that
//! chases nothing, so almost every repetition costs one or two chase sets. Measured: one
//! verdict with chase analysis takes 1.2–1.7 µs (release build), and in `bench` (depth 9,
//! 3,354,758 nodes, a count the chase rules leave unchanged) the 1,519 verdicts took 0.05% of
//! all instructions (callgrind). One move's chase set alone costs about 0.8 µs on middlegame
//! boards, twice a whole `bench` node (0.4 µs), so storing it in `State` at every `make`
//! would have cut the search's speed by more than half.

use super::position::Position;
use super::types::{Kind, Move, Piece, SQUARES, Square};
use crate::Side;

/// The piece a side kept chasing, where it stands at the end of the cycle.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Chased {
    /// The chased piece.
    pub piece: Piece,
    /// Where it stands when the cycle ends.
    pub square: Square,
}

/// For the cycle of `plies` moves that ends at `pos`, the enemy piece each side (`[Red,
/// Black]`) newly chased with every one of its moves; `None` where a side did not.
pub(super) fn cycle_chases(pos: &Position, plies: usize) -> [Option<Chased>; 2] {
    let mut board = pos.cycle_start(plies);
    let states = pos.states();
    let moves = states[states.len() - plies..]
        .iter()
        .map(|s| s.mv.expect("a repetition cycle holds no null move"));
    // Pieces are followed by number, so that a chased piece stays the same piece as it moves.
    let mut id_at = [u8::MAX; SQUARES];
    let mut square_of = [Square::A0; 32];
    let mut next = 0;
    for s in Square::all() {
        if board.piece_at(s).is_some() && next < 32 {
            id_at[s.index()] = next as u8;
            square_of[next] = s;
            next += 1;
        }
    }
    let ids = |set: u128, id_at: &[u8; SQUARES]| -> u32 {
        let mut out = 0;
        for s in squares(set) {
            if let Some(&id) = id_at.get(s.index()).filter(|&&id| id < 32) {
                out |= 1 << id;
            }
        }
        out
    };
    let mut kept = [u32::MAX; 2];
    let mut active = [true; 2];
    for mv in moves {
        let m = board.side_to_move().index();
        board.make(mv);
        let id = id_at[mv.from().index()];
        id_at[mv.from().index()] = u8::MAX;
        id_at[mv.to().index()] = id;
        if let Some(sq) = square_of.get_mut(id as usize) {
            *sq = mv.to();
        }
        if active[m] {
            // A move that gives check is not a chase: check and chase in turn is no
            // perpetual chase (the checks alone are judged from the states).
            kept[m] &= if board.in_check() {
                0
            } else {
                ids(fresh_chases(&mut board, mv), &id_at)
            };
            active[m] = kept[m] != 0;
        }
        if !active[0] && !active[1] {
            break;
        }
    }
    let result = |side: Side| {
        let i = side.index();
        if !active[i] || kept[i] == 0 {
            return None;
        }
        let square = square_of[kept[i].trailing_zeros() as usize];
        let piece = board.piece_at(square)?;
        Some(Chased { piece, square })
    };
    [result(Side::Red), result(Side::Black)]
}

/// The squares of the enemy pieces that the move just played (`mv`, by the side not to move)
/// newly chases. A target chased after the move is chased anew when its attacker did not
/// attack it before the move (a direct or discovered attack), or when the attacker could
/// already take it but it was protected (or could take back) and no longer is: always when a
/// protector has been pinned, otherwise only if the move was not a defence (a move that ends
/// a chase of one of the mover's own pieces, whose side effect on a root does not count).
pub fn fresh_chases(pos: &mut Position, mv: Move) -> u128 {
    let us = pos.side_to_move().flip();
    let them = us.flip();
    let mut defensive = None;
    let mut out = 0;
    for t in squares(pos.pieces(them)) {
        let target = pos.piece_at(t).expect("side sets match the board");
        match target.kind() {
            Kind::King => continue,
            Kind::Pawn if t.on_own_half(them) => continue,
            _ => {}
        }
        let (attackers, n) = collect(pos.attackers(t, us));
        for &a in &attackers[..n] {
            let Some(fake_roots) = chase(pos, a, t, us) else {
                continue;
            };
            let before = if a == mv.to() { mv.from() } else { a };
            pos.unmake();
            let attacked = pos.attackers(t, us).any(|x| x == before);
            let undermined = attacked
                && legal(pos, Move::new(before, t), us)
                && chase(pos, before, t, us).is_none();
            let pinned = undermined && squares(fake_roots).any(|d| was_root(pos, before, t, d));
            pos.make(mv);
            let fresh = !attacked
                || pinned
                || (undermined && !*defensive.get_or_insert_with(|| is_defence(pos, mv)));
            if fresh {
                out |= t.bit();
                break;
            }
        }
    }
    out
}

/// Whether the move just played ended a chase of one of the mover's pieces (it fled, or
/// blocked or unmasked the line of the piece chasing it).
fn is_defence(pos: &mut Position, mv: Move) -> bool {
    let us = pos.side_to_move().flip();
    let after = chased_now(pos, us.flip());
    pos.unmake();
    let mut before = chased_now(pos, us.flip());
    pos.make(mv);
    if before & mv.from().bit() != 0 {
        before = (before & !mv.from().bit()) | mv.to().bit();
    }
    before & !after != 0
}

/// The squares of the pieces that `by` chases on the current board, new or not.
fn chased_now(pos: &mut Position, by: Side) -> u128 {
    let mut out = 0;
    for t in squares(pos.pieces(by.flip())) {
        let target = pos.piece_at(t).expect("side sets match the board");
        match target.kind() {
            Kind::King => continue,
            Kind::Pawn if t.on_own_half(by.flip()) => continue,
            _ => {}
        }
        let (attackers, n) = collect(pos.attackers(t, by));
        if attackers[..n]
            .iter()
            .any(|&a| chase(pos, a, t, by).is_some())
        {
            out |= t.bit();
        }
    }
    out
}

/// Whether the enemy piece on `d` could legally take back on `t` after the piece on `a`
/// captured there.
fn was_root(pos: &mut Position, a: Square, t: Square, d: Square) -> bool {
    let them = match pos.piece_at(d) {
        Some(p) => p.side(),
        None => return false,
    };
    pos.make(Move::new(a, t));
    let root = pos.attackers(t, them).any(|x| x == d) && legal(pos, Move::new(d, t), them);
    pos.unmake();
    root
}

/// Whether the piece of `us` on `a` chases the enemy piece on `t`, which it attacks: `None`
/// if not, else the squares of the target's fake roots (pieces that attack `t` after the
/// capture but cannot legally take back; empty when a lesser piece attacks a rook).
fn chase(pos: &mut Position, a: Square, t: Square, us: Side) -> Option<u128> {
    let (attacker, target) = (pos.piece_at(a)?, pos.piece_at(t)?);
    if matches!(attacker.kind(), Kind::King | Kind::Pawn) || !legal(pos, Move::new(a, t), us) {
        return None;
    }
    if target.kind() == Kind::Rook
        && matches!(
            attacker.kind(),
            Kind::Horse | Kind::Cannon | Kind::Elephant | Kind::Advisor
        )
    {
        return Some(0);
    }
    let them = us.flip();
    if attacker.kind() == target.kind()
        && pos.attackers(a, them).any(|x| x == t)
        && legal(pos, Move::new(t, a), them)
    {
        return None; // an offer: the target can take back the same way
    }
    pos.make(Move::new(a, t));
    let (defenders, n) = collect(pos.attackers(t, them));
    let mut fake = 0;
    let mut protected = false;
    for &d in &defenders[..n] {
        if legal(pos, Move::new(d, t), them) {
            protected = true;
            break;
        }
        fake |= d.bit();
    }
    pos.unmake();
    (!protected).then_some(fake)
}

/// Whether moving the piece of `mover` from `mv.from()` to `mv.to()` (a move it could make
/// by the way it moves) leaves `mover`'s king safe, whichever side is to move. `make` moves
/// whatever stands on the from-square and `unmake` restores everything, so this works for the
/// side not to move as well.
fn legal(pos: &mut Position, mv: Move, mover: Side) -> bool {
    pos.make(mv);
    let ok = !pos.is_in_check(mover);
    pos.unmake();
    ok
}

/// The squares in a 90-bit set, in index order.
fn squares(mut set: u128) -> impl Iterator<Item = Square> {
    std::iter::from_fn(move || {
        let index = set.trailing_zeros() as usize;
        set &= set.wrapping_sub(1);
        Square::from_index(index)
    })
}

/// An iterator's squares in a fixed array (at most 16), so the position can be changed while
/// going through them.
fn collect(it: impl Iterator<Item = Square>) -> ([Square; 16], usize) {
    let mut out = [Square::A0; 16];
    let mut n = 0;
    for s in it.take(16) {
        out[n] = s;
        n += 1;
    }
    (out, n)
}

impl Position {
    /// A copy of the board as it stood `plies` moves ago, carrying only the states of those
    /// moves (so copying does not depend on the length of the game).
    fn cycle_start(&self, plies: usize) -> Position {
        let mut copy = self.with_recent_states(plies);
        for _ in 0..plies {
            copy.unmake();
        }
        copy
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The squares `mv` newly chases when played from `fen`, by name.
    fn fresh(fen: &str, mv: &str) -> Vec<String> {
        fresh_after(fen, "", mv)
    }

    /// The squares the last of `moves` newly chases when they are played from `fen`.
    fn fresh_after(fen: &str, before: &str, mv: &str) -> Vec<String> {
        let mut pos = Position::from_fen(fen).expect("valid test FEN");
        for m in before.split_whitespace() {
            pos.make(pos.parse_move(m).expect("legal test move"));
        }
        let mv = pos.parse_move(mv).expect("legal test move");
        pos.make(mv);
        let set = fresh_chases(&mut pos, mv);
        squares(set).map(|s| s.to_string()).collect()
    }

    #[test]
    fn attacking_an_unprotected_piece_chases_it() {
        assert_eq!(fresh("3k5/9/9/9/8c/9/9/9/9/R3K4 w", "a0a5"), ["i5"]);
    }

    #[test]
    fn attacking_a_protected_piece_does_not() {
        // The rook on i9 guards the cannon on i5.
        assert!(fresh("3k4r/9/9/9/8c/9/9/9/9/R3K4 w", "a0a5").is_empty());
    }

    #[test]
    fn a_horse_on_a_protected_rook_chases_it() {
        // The rook on d9 guards d5; the horse lands on b4 and attacks d5 anyway.
        assert_eq!(fresh("3rk4/9/9/9/3r5/9/9/2N6/9/5K3 w", "c2b4"), ["d5"]);
    }

    #[test]
    fn a_rook_offered_to_a_rook_is_no_chase() {
        // The black rook on i5 can take the red rook back: an offer.
        assert!(fresh("3k5/9/9/9/8r/9/9/9/9/R3K4 w", "a0a5").is_empty());
    }

    #[test]
    fn kings_and_pawns_do_not_chase() {
        assert!(fresh("3k5/9/9/9/9/9/9/9/3n5/4K4 w", "e0e1").is_empty());
        assert!(fresh("3k5/9/3c5/9/3P5/9/9/9/9/4K4 w", "d5d6").is_empty());
    }

    #[test]
    fn only_pawns_across_the_river_are_targets() {
        // The black pawn on e6 stands on its own half; on e4 it has crossed.
        assert!(fresh("3k5/9/9/4p4/9/9/9/9/9/R3K4 w", "a0a6").is_empty());
        assert_eq!(fresh("3k5/9/9/9/9/4p4/9/9/9/R3K4 w", "a0a4"), ["e4"]);
    }

    #[test]
    fn a_king_that_would_face_the_other_king_is_no_protector() {
        // The red king could take back on d0 only onto the open d-file facing d9.
        assert_eq!(fresh("3k5/9/9/9/9/9/2r6/9/9/3NK4 b", "c3d3"), ["d0"]);
        // With the black horse on d6 closing the file, the king protects the horse.
        assert!(fresh("3k5/9/9/3n5/9/9/2r6/9/9/3NK4 b", "c3d3").is_empty());
    }

    #[test]
    fn a_discovered_attack_chases() {
        // The horse steps off the a-file and uncovers the rook's attack on the cannon.
        assert_eq!(fresh("3k5/9/c8/9/9/9/N8/9/9/R3K4 w", "a3c4"), ["a7"]);
    }

    #[test]
    fn an_attack_that_stays_is_not_a_new_chase() {
        // The rook attacked the cannon on a7 before moving along the file and still does.
        assert!(fresh("3k5/9/c8/9/9/9/9/9/9/R3K4 w", "a0a1").is_empty());
    }

    #[test]
    fn a_pinned_attacker_does_not_chase() {
        // The red rook screens its king from the cannon on e8 (over the pawn on e6): it may
        // move along the e-file but not leave it to take the cannon on a4.
        assert!(fresh("3k5/4c4/9/4p4/9/c8/4R4/9/9/4K4 w", "e3e4").is_empty());
        assert_eq!(fresh("3k5/9/9/4p4/9/c8/4R4/9/9/4K4 w", "e3e4"), ["a4"]);
    }

    #[test]
    fn taking_away_a_protector_chases() {
        // The rook on d1 attacks the horse on c1 throughout; the cannon on c9 protects it
        // over one screen on the c-file. Red's pawn leaves c6 and the protection with it.
        let fen = "2ca1k3/4a4/b8/2P5P/2b3p2/1c7/9/B7N/2nR5/2BAK4 b";
        assert_eq!(fresh_after(fen, "c5e7", "c6b6"), ["c1"]);
    }

    #[test]
    fn pinning_a_protector_chases_even_as_a_defence() {
        // Black's horse returns to e3 and pins the rook on e2 (it would uncover a horse check
        // on f1), which protected the horse on d2 that Black's rook attacks all along.
        let fen = "4k4/4c4/9/4p4/9/9/3rn4/3NR4/4K4/9 b";
        assert_eq!(fresh_after(fen, "e3g4 e1f1", "g4e3"), ["d2"]);
    }

    #[test]
    fn a_defence_that_blocks_a_protector_is_no_chase() {
        // Black's horse steps to g2 to block Red's cannon on h2, which attacked the rook on
        // c2; it also cuts the cannon's protection of b2, which that rook attacks. A defence.
        let fen = "3akab2/9/4b4/r3p4/p1p6/4P2n1/P1P6/NCr1B2C1/4A4/R2AK1B2 b";
        assert!(fresh(fen, "h4g2").is_empty());
    }
}
