//! The rules of Xiangqi and chess, on their own: boards, legal moves, FEN, move notation,
//! perft and the game-ending rules (mate, stalemate, perpetual check and chase, the move
//! limits). Nothing here evaluates or searches: jiangjun's engine is built on this crate, and
//! other programs can use it alone.
//!
//! What both games share lives at the top: the sides, the outcome of a game, a fixed-size move
//! list, and the [`Game`] trait that generic code (perft, the search, the arbiter) is written
//! against. Each game has its own module, [`xiangqi`] and [`chess`], with its position, move
//! text and game-ending rules; [`perft`] counts either game's move tree.
//!
//! # Example
//!
//! ```
//! use jiangjun_rules::xiangqi::notation::{self, Notation};
//! use jiangjun_rules::xiangqi::{self, Move, Position};
//! use jiangjun_rules::{GenKind, MoveList, Outcome, Reason, perft};
//!
//! // A position from FEN (here the start), and its legal moves.
//! let mut pos = Position::from_fen(xiangqi::START_FEN)?;
//! let mut moves = MoveList::new(Move::NONE);
//! pos.generate_legal(GenKind::All, &mut moves);
//! assert_eq!(moves.len(), 44);
//!
//! // Move text in ICCS (or WXF, or Chinese: `notation::parse` reads any of them).
//! let m = pos.parse_move("h2e2")?;
//! assert_eq!(notation::format(&pos, m, Notation::Wxf), "C2.5");
//! assert_eq!(notation::format(&pos, m, Notation::Chinese), "炮二平五");
//! pos.make(m);
//! let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1";
//! assert_eq!(pos.to_fen(), fen);
//!
//! // The arbiter's verdict: `None` while the game goes on.
//! assert_eq!(xiangqi::rules::outcome(&pos, 3), None);
//! let mated = Position::from_fen("R3k4/1R7/9/9/9/9/9/9/9/3K5 b")?;
//! assert_eq!(xiangqi::rules::outcome(&mated, 3), Some(Outcome::Loss(Reason::Checkmate)));
//!
//! // Perft, the leaf count of the legal move tree.
//! assert_eq!(perft::perft(&mut Position::startpos(), 2, Move::NONE), 1920);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Chess works the same way through [`chess::Position`], with UCI move text
//! ([`chess::Position::parse_move`]) and SAN ([`chess::Position::san`]).

#![warn(missing_docs)]

pub mod chess;
pub mod perft;
pub mod random;
pub mod xiangqi;

use std::fmt::Debug;

/// The games jiangjun knows, by name: `--game` on the command line, `UCI_Variant` in the
/// protocol, the game byte of a data file.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum GameKind {
    /// Xiangqi, Chinese chess: the engine's main game.
    Xiangqi,
    /// Western chess.
    Chess,
}

impl GameKind {
    /// Every game, Xiangqi first.
    pub const ALL: [GameKind; 2] = [GameKind::Xiangqi, GameKind::Chess];

    /// The game's name, lower case, as `UCI_Variant` and `--game` spell it.
    pub const fn name(self) -> &'static str {
        match self {
            GameKind::Xiangqi => "xiangqi",
            GameKind::Chess => "chess",
        }
    }

    /// The game named `text` (any case, surrounding blanks ignored).
    pub fn named(text: &str) -> Option<GameKind> {
        GameKind::ALL
            .into_iter()
            .find(|k| k.name().eq_ignore_ascii_case(text.trim()))
    }
}

impl std::fmt::Display for GameKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The two sides. Xiangqi calls them Red and Black; Red moves first, as White does in chess.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[repr(u8)]
pub enum Side {
    /// Red in Xiangqi, White in chess: the side that moves first.
    Red = 0,
    /// Black in both games.
    Black = 1,
}

impl Side {
    /// The other side.
    #[inline]
    pub const fn flip(self) -> Side {
        match self {
            Side::Red => Side::Black,
            Side::Black => Side::Red,
        }
    }
    /// 0 for Red, 1 for Black: the index of per-side arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// How the rules end a game, seen from the side to move in the position that is judged.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Outcome {
    /// The side to move has lost (mated; in Xiangqi also stalemated, or its opponent's cycle
    /// is allowed and its own is a forbidden perpetual attack).
    Loss(Reason),
    /// The side to move has won (Xiangqi: the opponent completed a forbidden perpetual attack).
    Win(Reason),
    /// Neither side wins.
    Draw(Reason),
}

/// Why the rules ended a game.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Reason {
    /// The side to move is in check and has no legal move.
    Checkmate,
    /// The side to move is not in check and has no legal move: a loss in Xiangqi, a draw in
    /// chess.
    Stalemate,
    /// Xiangqi: one side gave check with every one of its moves in a repetition cycle.
    PerpetualCheck,
    /// Xiangqi: one side chased the same enemy piece with every one of its moves in a
    /// repetition cycle (see [`xiangqi::chase`]).
    PerpetualChase,
    /// A repetition that neither side is to blame for (or both alike): a draw.
    Repetition,
    /// Xiangqi: the natural-move limit, [`xiangqi::rules::MOVE_LIMIT_PLIES`] plies without a
    /// capture.
    MoveLimit,
    /// Chess: a hundred plies without a capture or a pawn move.
    FiftyMoves,
    /// Chess: neither side has the material to mate.
    InsufficientMaterial,
}

impl Reason {
    /// The reason in a few lower-case words, for game results and messages.
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
    /// An empty list; `filler` fills the unused slots (any move will do, it is never read:
    /// [`Game::NULL_MOVE`] is the usual choice).
    pub fn new(filler: M) -> Self {
        MoveList {
            moves: [filler; MOVE_LIST_CAPACITY],
            len: 0,
        }
    }
    /// Appends a move.
    #[inline]
    pub fn push(&mut self, m: M) {
        // Capacity exceeds the largest possible move count, so this never overflows.
        self.moves[self.len] = m;
        self.len += 1;
    }
    /// The number of moves in the list.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }
    /// Whether the list holds no move.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    /// Shortens the list to `len` moves (no effect if it is shorter already).
    #[inline]
    pub fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len);
    }
    /// Empties the list, so that it can be filled again.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }
    /// The moves, in the order they were pushed.
    #[inline]
    pub fn as_slice(&self) -> &[M] {
        &self.moves[..self.len]
    }
    /// The moves, to reorder them in place (move ordering sorts them so).
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [M] {
        &mut self.moves[..self.len]
    }
    /// Keeps only the moves for which `keep` is true, preserving their order.
    pub fn retain(&mut self, keep: impl FnMut(M) -> bool) {
        self.retain_from(0, keep);
    }
    /// Like [`retain`](MoveList::retain), for the moves from index `start` on (those before
    /// stay as they are).
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
    /// The moves by value, in order.
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

/// A game's rules as generic code sees them (perft, the search, the arbiter): positions from
/// FEN and back, legal moves, make and unmake, and the rules that end a game. The engine adds
/// what a search needs beyond the rules (evaluation, exchange values) in a trait of its own.
pub trait Game: Clone + Send + Sync + 'static {
    /// A move of this game, small and `Copy`; its `Display` is the engine protocol's text
    /// (ICCS for Xiangqi, long algebraic for chess).
    type Move: Copy + Eq + Send + Sync + Debug + std::fmt::Display;
    /// Why [`Game::from_fen`] refused a FEN.
    type FenError: std::fmt::Display;
    /// Why [`Game::parse_move`] refused move text.
    type MoveError: std::fmt::Display;
    /// What [`Game::is_legal_pseudo`] needs to know of a position, worked out once for all
    /// of its moves by [`Game::legality`].
    type Legality: Copy;

    /// A move value used to fill move lists; never legal.
    const NULL_MOVE: Self::Move;
    /// History tables index moves by [`Game::move_index`], below this bound.
    const MOVE_INDEX_COUNT: usize;
    /// Pieces (kind and colour) are numbered below this, for history tables.
    const PIECE_COUNT: usize;
    /// Board points are numbered below this, for history tables.
    const SQUARE_COUNT: usize;

    /// The game's start position.
    fn startpos() -> Self;
    /// Reads a position from FEN.
    fn from_fen(fen: &str) -> Result<Self, Self::FenError>;
    /// The position as FEN, readable back by [`Game::from_fen`].
    fn to_fen(&self) -> String;
    /// The side whose turn it is.
    fn side_to_move(&self) -> Side;
    /// Zobrist key of the position, updated incrementally.
    fn key(&self) -> u64;
    /// The key the position will have after the legal move `m`, without making it: the search
    /// prefetches that position's table entry while it is still busy with this one.
    fn key_after(&self, m: Self::Move) -> u64;
    /// Whether the side to move is in check.
    fn in_check(&self) -> bool;
    /// Appends the legal moves of `kind` to `out`.
    fn generate(&self, kind: GenKind, out: &mut MoveList<Self::Move>);
    /// The number of legal moves (perft's leaves); games may count faster than they list.
    fn count_moves(&self) -> usize {
        let mut list = MoveList::new(Self::NULL_MOVE);
        self.generate(GenKind::All, &mut list);
        list.len()
    }
    /// Appends the moves of `kind` that obey how the pieces move, in [`Game::generate`]'s
    /// order, some of which may leave the own king attacked: the legal moves are those that
    /// pass [`Game::is_legal_pseudo`]. A search tests a move only when it comes to it, since
    /// most nodes end before their last moves. A game may give its legal moves here.
    fn generate_pseudo(&self, kind: GenKind, out: &mut MoveList<Self::Move>);
    /// What [`Game::is_legal_pseudo`] needs of this position.
    fn legality(&self) -> Self::Legality;
    /// Whether `m`, one of [`Game::generate_pseudo`]'s moves here, is legal; `legality` is
    /// this position's.
    fn is_legal_pseudo(&self, m: Self::Move, legality: &Self::Legality) -> bool;
    /// Whether a move from elsewhere (the table, a killer slot) is legal here.
    fn is_legal(&self, m: Self::Move) -> bool;
    /// Whether `m` captures a piece (en passant included).
    fn is_capture(&self, m: Self::Move) -> bool;
    /// The number (below [`Game::PIECE_COUNT`]) of the piece that `m` moves; `m` must be
    /// legal here.
    fn moved_piece(&self, m: Self::Move) -> usize;
    /// The number of the piece that `m` captures, if any.
    fn captured_piece(&self, m: Self::Move) -> Option<usize>;
    /// The point (below [`Game::SQUARE_COUNT`]) that `m` moves to.
    fn move_target(m: Self::Move) -> usize;
    /// Whether the legal move `m` gives check. The default plays it and takes it back; games
    /// with a cheap test for the common "surely not" case override it.
    fn gives_check(&mut self, m: Self::Move) -> bool {
        self.make(m);
        let check = self.in_check();
        self.unmake();
        check
    }
    /// Plays the legal move `m`, keeping what [`Game::unmake`] needs to take it back.
    fn make(&mut self, m: Self::Move);
    /// Takes back the last move made.
    fn unmake(&mut self);
    /// Passes the turn to the opponent (null-move pruning); not for a side in check.
    fn make_null(&mut self);
    /// Takes back [`Game::make_null`].
    fn unmake_null(&mut self);
    /// A rule that decides this position inside a search (repetition judged at its first
    /// occurrence, move-count limits), from the side to move's view.
    fn rule_outcome(&self) -> Option<Outcome>;
    /// The outcome for the side to move when it has no legal move.
    fn no_moves_outcome(&self) -> Outcome;
    /// The history-table index of `m`, below [`Game::MOVE_INDEX_COUNT`].
    fn move_index(m: Self::Move) -> usize;
    /// `m` packed in 16 bits, for a transposition-table slot.
    fn move_to_bits(m: Self::Move) -> u16;
    /// Unpacks [`Game::move_to_bits`]; `None` for bits no move has. The move may still be
    /// illegal in a given position: ask [`Game::is_legal`].
    fn move_from_bits(bits: u16) -> Option<Self::Move>;
    /// Parses move text and returns it only if it is legal here.
    fn parse_move(&self, text: &str) -> Result<Self::Move, Self::MoveError>;
    /// Writes `m` as the engine protocol does (the move's `Display`).
    fn format_move(&self, m: Self::Move) -> String;
    /// The pieces that stand where no game could have put them (composed positions), one
    /// sentence each; such a position is still searched as it stands. None by default.
    fn unusual_placements(&self) -> Vec<String> {
        Vec::new()
    }
}
