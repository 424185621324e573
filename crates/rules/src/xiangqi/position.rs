//! The Xiangqi position: a mailbox for "what stands here", side bitsets for "where are my
//! pieces", rank/file occupancy lines for sliders, and a stack of states, one per position
//! reached, so that a move can be taken back and the game rules can look at the history.
//!
//! Why this shape: short-range pieces and the generator's ray walks need a mailbox lookup,
//! iterating the side to move's pieces needs a set, and attack detection (is the king in check,
//! which pieces must not leave their point) needs the first and second piece along a line, which
//! the occupancy lines give with a shift and a bit scan. docs/results.md has the measurements.

use super::lines;
use super::types::{FILES, Kind, Move, Piece, RANKS, SQUARES, Square};
use super::zobrist;
use crate::Side;

/// What changes from one position to the next, kept so that [`Position::unmake`] can restore
/// it and the game rules can judge repetitions and the natural-move limit.
#[derive(Copy, Clone, Debug)]
pub struct State {
    /// Key of this position (after `mv` was played).
    pub key: u64,
    /// The move that led here; `None` for the root and after a null move.
    pub mv: Option<Move>,
    /// The piece `mv` captured.
    pub captured: Option<Piece>,
    /// Whether the side to move here is in check (so `mv` gave check).
    pub in_check: bool,
    /// Plies counted towards the natural-move limit since the last capture.
    pub rule_plies: u16,
    /// Checks given by each side since the last capture.
    pub checks: [u16; 2],
}

/// What stands on each point of a board, by `Square::index`.
pub type Board = [Option<Piece>; SQUARES];

/// A Xiangqi position and its history since it was set up: the board, the side to move, and
/// one [`State`] per position reached, so that moves can be taken back and the game rules can
/// judge repetitions. Built by [`Position::startpos`] or [`Position::from_fen`].
#[derive(Clone)]
pub struct Position {
    pub(super) board: [Option<Piece>; SQUARES],
    pub(super) side_bb: [u128; 2],
    /// The points of each piece (kind and colour), by `Piece::index`, for the evaluation.
    pub(super) piece_bb: [u128; Piece::COUNT],
    pub(super) rank_occ: [u16; RANKS],
    pub(super) file_occ: [u16; FILES],
    pub(super) kings: [Square; 2],
    pub(super) side: Side,
    pub(super) fullmove: u32,
    /// How many pieces of each kind each side has.
    pub(super) counts: [[u8; 7]; 2],
    /// Each side's pieces but its pawns, hashed (the Zobrist keys of their points), kept by
    /// `put` and `remove`: the search's evaluation correction learns by them.
    pub(super) piece_keys: [u64; 2],
    pub(super) states: Vec<State>,
}

impl Position {
    /// An empty board with Red to move; only FEN parsing builds positions from here.
    pub(super) fn empty() -> Position {
        let mut states = Vec::with_capacity(512);
        states.push(State {
            key: 0,
            mv: None,
            captured: None,
            in_check: false,
            rule_plies: 0,
            checks: [0; 2],
        });
        Position {
            board: [None; SQUARES],
            side_bb: [0; 2],
            piece_bb: [0; Piece::COUNT],
            rank_occ: [0; RANKS],
            file_occ: [0; FILES],
            kings: [Square::A0; 2],
            side: Side::Red,
            fullmove: 1,
            counts: [[0; 7]; 2],
            piece_keys: [0; 2],
            states,
        }
    }

    /// The piece on `s`, if any.
    #[inline]
    pub fn piece_at(&self, s: Square) -> Option<Piece> {
        self.board[s.index()]
    }
    /// The side whose turn it is.
    #[inline]
    pub fn side_to_move(&self) -> Side {
        self.side
    }
    /// Where `side`'s king stands (every valid position has both kings).
    #[inline]
    pub fn king(&self, side: Side) -> Square {
        self.kings[side.index()]
    }
    /// What stands on each point, by `Square::index`.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }
    /// How many pieces of each kind `side` has, by `Kind`.
    #[inline]
    pub fn counts(&self, side: Side) -> &[u8; 7] {
        &self.counts[side.index()]
    }
    /// Whether `side` has a piece that can attack across the river (a rook, horse or
    /// cannon), so that a null move is unlikely to run into zugzwang.
    pub fn has_attacking_material(&self, side: Side) -> bool {
        let c = &self.counts[side.index()];
        c[Kind::Rook as usize] + c[Kind::Horse as usize] + c[Kind::Cannon as usize] > 0
    }
    /// The set of points where `piece` stands.
    #[inline]
    pub fn pieces_of(&self, piece: Piece) -> u128 {
        self.piece_bb[piece.index()]
    }
    /// A key of `side`'s pieces but its pawns: equal for positions where they stand alike.
    #[inline]
    pub fn piece_key(&self, side: Side) -> u64 {
        self.piece_keys[side.index()]
    }
    /// The set of points occupied by `side`, one bit per square index.
    #[inline]
    pub fn pieces(&self, side: Side) -> u128 {
        self.side_bb[side.index()]
    }
    /// The Zobrist key of the position (pieces and side to move), kept up to date by
    /// [`make`](Position::make).
    #[inline]
    pub fn key(&self) -> u64 {
        self.state().key
    }
    /// Whether the side to move is in check, as stored when the position was reached.
    #[inline]
    pub fn in_check(&self) -> bool {
        self.state().in_check
    }
    /// The state of the current position.
    #[inline]
    pub fn state(&self) -> &State {
        // The root state is pushed at construction and never popped.
        self.states.last().expect("the root state is never popped")
    }
    /// Every state from the root (index 0) to the current position.
    #[inline]
    pub fn states(&self) -> &[State] {
        &self.states
    }
    /// Plies played since the root position.
    #[inline]
    pub fn ply(&self) -> usize {
        self.states.len() - 1
    }
    /// The move number, as in FEN: it starts at 1 (or the FEN's) and goes up after each move
    /// of Black.
    pub fn fullmove(&self) -> u32 {
        self.fullmove
    }
    /// The occupied points of `rank` (0..10) as a 9-bit mask, bit `f` for file `f`; see
    /// [`lines`](super::lines).
    #[inline]
    pub fn rank_line(&self, rank: i32) -> u16 {
        self.rank_occ[rank as usize]
    }
    /// The occupied points of `file` (0..9) as a 10-bit mask, bit `r` for rank `r`.
    #[inline]
    pub fn file_line(&self, file: i32) -> u16 {
        self.file_occ[file as usize]
    }

    /// Puts a piece on an empty point; the key is not touched (callers keep it).
    pub(super) fn put(&mut self, p: Piece, s: Square) {
        self.board[s.index()] = Some(p);
        self.side_bb[p.side().index()] |= s.bit();
        self.piece_bb[p.index()] |= s.bit();
        self.rank_occ[s.rank() as usize] |= 1 << s.file();
        self.file_occ[s.file() as usize] |= 1 << s.rank();
        if p.kind() == Kind::King {
            self.kings[p.side().index()] = s;
        }
        self.counts[p.side().index()][p.kind() as usize] += 1;
        if p.kind() != Kind::Pawn {
            self.piece_keys[p.side().index()] ^= zobrist::piece(p, s);
        }
    }

    pub(super) fn remove(&mut self, p: Piece, s: Square) {
        self.board[s.index()] = None;
        self.side_bb[p.side().index()] &= !s.bit();
        self.piece_bb[p.index()] &= !s.bit();
        self.rank_occ[s.rank() as usize] &= !(1 << s.file());
        self.file_occ[s.file() as usize] &= !(1 << s.rank());
        self.counts[p.side().index()][p.kind() as usize] -= 1;
        if p.kind() != Kind::Pawn {
            self.piece_keys[p.side().index()] ^= zobrist::piece(p, s);
        }
    }

    /// Moves a piece on the board only (occupancy and side sets; no key, material or counts),
    /// for the static exchange evaluator, which puts everything back before anyone looks.
    pub(super) fn shift_on_board(&mut self, from: Square, to: Square) -> Option<Piece> {
        let moving = self.board[from.index()]?;
        let taken = self.board[to.index()];
        if let Some(t) = taken {
            self.side_bb[t.side().index()] &= !to.bit();
        } else {
            self.rank_occ[to.rank() as usize] |= 1 << to.file();
            self.file_occ[to.file() as usize] |= 1 << to.rank();
        }
        self.board[from.index()] = None;
        self.side_bb[moving.side().index()] &= !from.bit();
        self.rank_occ[from.rank() as usize] &= !(1 << from.file());
        self.file_occ[from.file() as usize] &= !(1 << from.rank());
        self.board[to.index()] = Some(moving);
        self.side_bb[moving.side().index()] |= to.bit();
        taken
    }

    /// Undoes `shift_on_board(from, to)` that took `taken`.
    pub(super) fn unshift_on_board(&mut self, from: Square, to: Square, taken: Option<Piece>) {
        let Some(moving) = self.board[to.index()] else {
            return;
        };
        self.side_bb[moving.side().index()] &= !to.bit();
        self.board[from.index()] = Some(moving);
        self.side_bb[moving.side().index()] |= from.bit();
        self.rank_occ[from.rank() as usize] |= 1 << from.file();
        self.file_occ[from.file() as usize] |= 1 << from.rank();
        self.board[to.index()] = taken;
        match taken {
            Some(t) => self.side_bb[t.side().index()] |= to.bit(),
            None => {
                self.rank_occ[to.rank() as usize] &= !(1 << to.file());
                self.file_occ[to.file() as usize] &= !(1 << to.rank());
            }
        }
    }

    /// The key computed from scratch, for setting up and for checking the incremental one.
    pub fn compute_key(&self) -> u64 {
        let mut key = if self.side == Side::Black {
            zobrist::SIDE
        } else {
            0
        };
        for s in Square::all() {
            if let Some(p) = self.board[s.index()] {
                key ^= zobrist::piece(p, s);
            }
        }
        key
    }

    /// The key after the legal move `mv` (see [`make`](Position::make), which keeps the same
    /// key incrementally).
    #[inline]
    pub fn key_after(&self, mv: Move) -> u64 {
        let (from, to) = (mv.from(), mv.to());
        let mut key = self.state().key ^ zobrist::SIDE;
        if let Some(moving) = self.board[from.index()] {
            key ^= zobrist::piece(moving, from) ^ zobrist::piece(moving, to);
        }
        if let Some(c) = self.board[to.index()] {
            key ^= zobrist::piece(c, to);
        }
        key
    }

    /// Plays a move that must be legal (from [`generate_legal`](Position::generate_legal) or
    /// [`parse_move`](Position::parse_move)) and pushes its [`State`].
    ///
    /// (The chase rules also make trial moves, of either side, and read the king's safety
    /// after them with [`is_in_check`](Position::is_in_check) themselves.)
    pub fn make(&mut self, mv: Move) {
        let (from, to) = (mv.from(), mv.to());
        let moving = self.board[from.index()].expect("a legal move starts on a piece");
        let captured = self.board[to.index()];
        // Whether the move checks, read before the board changes: `move_gives_check` looks
        // only at what the move changes around the enemy king, where the full test after the
        // move reads every line through it. Exact for a move of the side to move from a
        // position the rules allow (its opponent not in check), as every search and game
        // move is; a trial move of the other side takes the full test.
        let gives_check = (moving.side() == self.side).then(|| self.move_gives_check(mv));
        let prev = *self.state();
        let mut key = prev.key ^ zobrist::SIDE ^ zobrist::piece(moving, from);
        if let Some(c) = captured {
            self.remove(c, to);
            key ^= zobrist::piece(c, to);
        }
        self.remove(moving, from);
        self.put(moving, to);
        key ^= zobrist::piece(moving, to);
        let us = self.side;
        self.side = us.flip();
        if us == Side::Black {
            self.fullmove += 1;
        }
        let in_check = gives_check.unwrap_or_else(|| self.is_in_check(self.side));
        let (rule_plies, checks) = if captured.is_some() {
            (0, [0, 0])
        } else {
            let mut checks = prev.checks;
            let mut plies = prev.rule_plies;
            if in_check {
                checks[us.index()] = checks[us.index()].saturating_add(1);
            }
            // Checks beyond a side's tenth since the last capture do not count towards the
            // limit, so that a side cannot run out the clock by checking (Pikafish's rule).
            if !in_check || checks[us.index()] <= 10 {
                plies = plies.saturating_add(1);
            }
            (plies, checks)
        };
        self.states.push(State {
            key,
            mv: Some(mv),
            captured,
            in_check,
            rule_plies,
            checks,
        });
    }

    /// Takes back the last move made with `make`. Does nothing at the root.
    pub fn unmake(&mut self) {
        if self.states.len() <= 1 {
            return;
        }
        let st = self.states.pop().expect("checked above");
        self.side = self.side.flip();
        if self.side == Side::Black {
            self.fullmove -= 1;
        }
        let Some(mv) = st.mv else {
            return; // a null move changed nothing on the board
        };
        let (from, to) = (mv.from(), mv.to());
        let moving = self.board[to.index()].expect("the moved piece stands on its target");
        self.remove(moving, to);
        self.put(moving, from);
        if let Some(c) = st.captured {
            self.put(c, to);
        }
    }

    /// Passes the move to the opponent (for null-move pruning); never legal in check.
    pub fn make_null(&mut self) {
        let prev = *self.state();
        let us = self.side;
        self.side = us.flip();
        if us == Side::Black {
            self.fullmove += 1;
        }
        self.states.push(State {
            key: prev.key ^ zobrist::SIDE,
            mv: None,
            captured: None,
            in_check: false,
            rule_plies: prev.rule_plies,
            checks: prev.checks,
        });
    }

    /// Takes back [`make_null`](Position::make_null).
    pub fn unmake_null(&mut self) {
        self.unmake();
    }

    /// A copy with only the last `plies` moves of history (enough to take them back), for
    /// work on a recent stretch of a long game without copying all of it.
    pub(super) fn with_recent_states(&self, plies: usize) -> Position {
        let keep = plies.min(self.states.len() - 1) + 1;
        Position {
            board: self.board,
            side_bb: self.side_bb,
            piece_bb: self.piece_bb,
            rank_occ: self.rank_occ,
            file_occ: self.file_occ,
            kings: self.kings,
            side: self.side,
            fullmove: self.fullmove,
            counts: self.counts,
            piece_keys: self.piece_keys,
            states: self.states[self.states.len() - keep..].to_vec(),
        }
    }

    /// Finishes a set-up position: key, check flag and natural-move counter of the root.
    pub(super) fn init_root(&mut self, rule_plies: u16) {
        let key = self.compute_key();
        let in_check = self.is_in_check(self.side);
        self.states.clear();
        self.states.push(State {
            key,
            mv: None,
            captured: None,
            in_check,
            rule_plies,
            checks: [0; 2],
        });
    }

    /// The nearest pieces along the rank and file through `s`, in the four directions.
    #[inline]
    pub(super) fn line_neighbours(&self, s: Square) -> [(Option<i32>, Option<i32>); 4] {
        let (f, r) = (s.file(), s.rank());
        let rl = self.rank_line(r);
        let fl = self.file_line(f);
        [
            lines::above(rl, f),
            lines::below(rl, f),
            lines::above(fl, r),
            lines::below(fl, r),
        ]
    }
}
