//! What every game jiangjun plays has in common: the sides, the outcome of a game, a fixed-size
//! move list, and the `Game` trait that the search is written against.

pub mod chess;
pub mod linear;
pub mod xiangqi;

use std::fmt::Debug;

/// The two sides. Xiangqi calls them Red and Black; Red moves first, as White does in chess.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[repr(u8)]
pub enum Side {
    Red = 0,
    Black = 1,
}

impl Side {
    #[inline]
    pub const fn flip(self) -> Side {
        match self {
            Side::Red => Side::Black,
            Side::Black => Side::Red,
        }
    }
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// How the rules end a game, seen from the side to move in the position that is judged.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Outcome {
    /// The side to move has lost (mated, stalemated, or its opponent's cycle is allowed and
    /// its own is a forbidden perpetual attack).
    Loss(Reason),
    /// The side to move has won (the opponent completed a forbidden perpetual attack).
    Win(Reason),
    Draw(Reason),
}

/// Why the rules ended a game.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Reason {
    Checkmate,
    Stalemate,
    PerpetualCheck,
    PerpetualChase,
    Repetition,
    MoveLimit,
    /// Chess: a hundred plies without a capture or a pawn move.
    FiftyMoves,
    /// Chess: neither side has the material to mate.
    InsufficientMaterial,
}

impl Reason {
    pub const fn describe(self) -> &'static str {
        match self {
            Reason::Checkmate => "checkmate",
            Reason::Stalemate => "stalemate",
            Reason::PerpetualCheck => "perpetual check",
            Reason::PerpetualChase => "perpetual chase",
            Reason::Repetition => "repetition",
            Reason::MoveLimit => "natural move limit",
            Reason::FiftyMoves => "fifty-move rule",
            Reason::InsufficientMaterial => "insufficient material",
        }
    }
}

/// Which moves to generate.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum GenKind {
    /// Every legal move.
    All,
    /// Legal tactical moves (for quiescence search, and the first stage of move picking):
    /// captures, and in chess queen promotions too (its under-promotions are `Quiets`). The
    /// game's `capture_values` is `Some` for every move of this kind.
    Captures,
    /// The other legal moves: with `Captures`, exactly the moves of `All`.
    Quiets,
}

impl GenKind {
    /// Whether moves to an empty point belong to this kind.
    #[inline]
    pub fn quiets(self) -> bool {
        self != GenKind::Captures
    }
    /// Whether captures belong to this kind.
    #[inline]
    pub fn captures(self) -> bool {
        self != GenKind::Quiets
    }
}

/// More moves than any legal position of either game can have (chess peaks at 218).
pub const MOVE_LIST_CAPACITY: usize = 256;

/// A list of moves on the stack: move generation must not allocate.
#[derive(Clone)]
pub struct MoveList<M: Copy> {
    moves: [M; MOVE_LIST_CAPACITY],
    len: usize,
}

impl<M: Copy> MoveList<M> {
    pub fn new(filler: M) -> Self {
        MoveList {
            moves: [filler; MOVE_LIST_CAPACITY],
            len: 0,
        }
    }
    #[inline]
    pub fn push(&mut self, m: M) {
        // Capacity exceeds the largest possible move count, so this never overflows.
        self.moves[self.len] = m;
        self.len += 1;
    }
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    /// Shortens the list to `len` moves (no effect if it is shorter already).
    #[inline]
    pub fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len);
    }
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }
    #[inline]
    pub fn as_slice(&self) -> &[M] {
        &self.moves[..self.len]
    }
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [M] {
        &mut self.moves[..self.len]
    }
    /// Keeps only the moves for which `keep` is true, preserving their order.
    pub fn retain(&mut self, keep: impl FnMut(M) -> bool) {
        self.retain_from(0, keep);
    }
    /// Like `retain`, for the moves from index `start` on (those before stay as they are).
    pub fn retain_from(&mut self, start: usize, mut keep: impl FnMut(M) -> bool) {
        let mut n = start;
        for i in start..self.len {
            let m = self.moves[i];
            if keep(m) {
                self.moves[n] = m;
                n += 1;
            }
        }
        self.len = n;
    }
    pub fn iter(&self) -> impl Iterator<Item = M> + '_ {
        self.as_slice().iter().copied()
    }
}

/// Writes a FEN's piece placement, top rank first, from `at(file, rank)` (a piece's letter or
/// nothing): the one layout both games' FENs share.
pub fn write_placement(
    out: &mut String,
    files: i32,
    ranks: i32,
    at: impl Fn(i32, i32) -> Option<char>,
) {
    for rank in (0..ranks).rev() {
        let mut empty = 0u8;
        for file in 0..files {
            match at(file, rank) {
                None => empty += 1,
                Some(letter) => {
                    if empty > 0 {
                        out.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    out.push(letter);
                }
            }
        }
        if empty > 0 {
            out.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            out.push('/');
        }
    }
}

/// The contract between a game's rules and the generic search: everything the search needs
/// to walk the game tree, and nothing about text or protocols beyond move notation.
pub trait Game: Clone + Send + Sync + 'static {
    type Move: Copy + Eq + Send + Sync + Debug + std::fmt::Display;
    type FenError: std::fmt::Display;
    type MoveError: std::fmt::Display;

    /// A move value used to fill move lists; never legal.
    const NULL_MOVE: Self::Move;
    /// History tables index moves by `move_index`, below this bound.
    const MOVE_INDEX_COUNT: usize;
    /// The engine's score for the game's standard minor piece (Xiangqi: a horse), so that
    /// protocols can rescale to conventions like UCCI's "100 = one horse".
    const MINOR_PIECE_VALUE: i32;
    /// Pieces (kind and colour) are numbered below this, for history tables.
    const PIECE_COUNT: usize;
    /// Board points are numbered below this, for history tables.
    const SQUARE_COUNT: usize;

    fn startpos() -> Self;
    fn from_fen(fen: &str) -> Result<Self, Self::FenError>;
    fn to_fen(&self) -> String;
    fn side_to_move(&self) -> Side;
    /// Zobrist key of the position, updated incrementally.
    fn key(&self) -> u64;
    /// The key the position will have after the legal move `m`, without making it: the search
    /// prefetches that position's table entry while it is still busy with this one.
    fn key_after(&self, m: Self::Move) -> u64;
    fn in_check(&self) -> bool;
    fn generate(&self, kind: GenKind, out: &mut MoveList<Self::Move>);
    /// The number of legal moves (perft's leaves); games may count faster than they list.
    fn count_moves(&self) -> usize {
        let mut list = MoveList::new(Self::NULL_MOVE);
        self.generate(GenKind::All, &mut list);
        list.len()
    }
    /// Whether a move from elsewhere (the table, a killer slot) is legal here.
    fn is_legal(&self, m: Self::Move) -> bool;
    fn is_capture(&self, m: Self::Move) -> bool;
    /// Victim and attacker values of a capture (or of another tactical move, the victim being
    /// what it gains), for MVV-LVA ordering; `None` for quiet moves.
    fn capture_values(&self, m: Self::Move) -> Option<(i32, i32)>;
    /// The number (below `PIECE_COUNT`) of the piece that `m` moves; `m` must be legal here.
    fn moved_piece(&self, m: Self::Move) -> usize;
    /// The number of the piece that `m` captures, if any.
    fn captured_piece(&self, m: Self::Move) -> Option<usize>;
    /// The point (below `SQUARE_COUNT`) that `m` moves to.
    fn move_target(m: Self::Move) -> usize;
    /// Static exchange evaluation: the material the mover wins (negative: loses) in the
    /// exchange that `m` starts on its target point, both sides recapturing while it pays.
    /// Takes `&mut self` because a game may play the exchange out on its board; the position
    /// is left exactly as it was.
    fn see(&mut self, m: Self::Move) -> i32;
    /// Whether the legal move `m` gives check. The default plays it and takes it back; games
    /// with a cheap test for the common "surely not" case override it.
    fn gives_check(&mut self, m: Self::Move) -> bool {
        self.make(m);
        let check = self.in_check();
        self.unmake();
        check
    }
    fn make(&mut self, m: Self::Move);
    fn unmake(&mut self);
    fn make_null(&mut self);
    fn unmake_null(&mut self);
    /// Whether a null move is reasonable here (the side to move has attacking pieces).
    fn null_move_allowed(&self) -> bool;
    /// Static evaluation from the side to move's view.
    fn evaluate(&self) -> i32;
    /// A rule that decides this position inside a search (repetition judged at its first
    /// occurrence, move-count limits), from the side to move's view.
    fn rule_outcome(&self) -> Option<Outcome>;
    /// The outcome for the side to move when it has no legal move.
    fn no_moves_outcome(&self) -> Outcome;
    fn move_index(m: Self::Move) -> usize;
    fn move_to_bits(m: Self::Move) -> u16;
    fn move_from_bits(bits: u16) -> Option<Self::Move>;
    /// Parses move text and returns it only if it is legal here.
    fn parse_move(&self, text: &str) -> Result<Self::Move, Self::MoveError>;
    fn format_move(&self, m: Self::Move) -> String;
}
