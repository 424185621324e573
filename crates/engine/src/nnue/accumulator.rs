//! The accumulators of a position, one pair (Red's perspective, Black's) per ply reached, kept
//! by make/unmake as the position keeps its states: a move writes the next pair as the top
//! pair plus and minus the columns of the pieces it moved and took, in one pass; unmake pops.
//! A king move that changes its side's view (its mirror, crossing the centre file, or its
//! bucket in the king-bucketed feature set) rebuilds that perspective from the refresh cache
//! (Stockfish's "Finny table"): for each perspective and view, the accumulator of the board
//! that view last saw, and that board. Only the points that changed since are added and
//! taken off, a handful where a build from scratch adds a column for every piece. The sums
//! wrap in i16 either way, so the result is the same bits. A null move copies the pair.

use super::features::{self, MAX_VIEWS};
use super::kernels;
use super::net::Net;
use jiangjun_rules::Side;
use jiangjun_rules::xiangqi::types::{Kind, Piece, SQUARES, Square};
use std::sync::Arc;

/// The net and the stack of accumulator pairs.
#[derive(Clone, Debug)]
pub struct Accumulators {
    net: Arc<Net>,
    /// `2 × hidden` values per ply: Red's accumulator, then Black's. Only the first `len`
    /// values are live: the memory above stays allocated, so that a push writes each value
    /// once instead of growing the vector (zeros or a copy) and then updating it.
    stack: Vec<i16>,
    len: usize,
    /// The refresh cache: for each perspective and view (`slot`), the board it was last
    /// refreshed for (empty at first) and that board's accumulator (the bias at first).
    cached_boards: Vec<Board>,
    cached: Vec<i16>,
    /// The net's share of the evaluation in percent; the classical evaluation has the rest
    /// (see `Position::evaluate`).
    blend: i32,
}

type Board = [Option<Piece>; SQUARES];

impl Accumulators {
    /// Accumulators for the position on `board` (kings on `kings`), built from scratch.
    pub fn new(net: Arc<Net>, board: &Board, kings: [Square; 2]) -> Accumulators {
        let h = net.hidden();
        let mut acc = Accumulators {
            net,
            stack: Vec::with_capacity(2 * h * 256),
            len: 0,
            cached_boards: vec![[None; SQUARES]; 2 * MAX_VIEWS],
            cached: Vec::with_capacity(2 * MAX_VIEWS * h),
            blend: 100,
        };
        for _ in 0..2 * MAX_VIEWS {
            acc.cached.extend_from_slice(&acc.net.feature_bias);
        }
        acc.reset(board, kings);
        acc
    }

    pub fn net(&self) -> &Arc<Net> {
        &self.net
    }

    /// The net's share of the evaluation, 0 to 100 percent.
    pub fn blend(&self) -> i32 {
        self.blend
    }

    pub fn set_blend(&mut self, percent: u8) {
        self.blend = i32::from(percent.min(100));
    }

    /// Forgets every ply and builds the root's pair from scratch.
    pub fn reset(&mut self, board: &Board, kings: [Square; 2]) {
        let h = self.net.hidden();
        self.stack.clear();
        self.stack.resize(2 * h, 0);
        self.len = 2 * h;
        for side in [Side::Red, Side::Black] {
            self.refresh(side, board, kings[side.index()], 0);
        }
    }

    /// Plies on the stack beyond the root.
    pub fn depth(&self) -> usize {
        self.len / (2 * self.net.hidden()) - 1
    }

    /// Builds `side`'s accumulator of the top pair (at `top`, its start) for `board`, from
    /// the cache entry of its view: the points that differ are taken off and put on there,
    /// and the entry is copied up.
    fn refresh(&mut self, side: Side, board: &Board, king: Square, top: usize) {
        let h = self.net.hidden();
        let view = features::view(self.net.features(), side, king);
        let entry = side.index() * MAX_VIEWS + view.slot();
        let seen = &mut self.cached_boards[entry];
        let acc = &mut self.cached[entry * h..(entry + 1) * h];
        for (i, (old, new)) in seen.iter_mut().zip(board).enumerate() {
            if old == new {
                continue;
            }
            let s = Square::from_index(i).expect("a board index is below SQUARES");
            if let Some(p) = *old {
                kernels::sub(acc, self.net.column(features::index(side, view, p, s)));
            }
            if let Some(p) = *new {
                kernels::add(acc, self.net.column(features::index(side, view, p, s)));
            }
            *old = *new;
        }
        let start = top + side.index() * h;
        self.stack[start..start + h].copy_from_slice(acc);
    }

    /// After a move of `moving` from `from` to `to` that took `captured`: `board` and `kings`
    /// are the position after it.
    pub fn push_move(
        &mut self,
        board: &Board,
        kings: [Square; 2],
        moving: Piece,
        (from, to): (Square, Square),
        captured: Option<Piece>,
    ) {
        let h = self.net.hidden();
        let set = self.net.features();
        let top = self.grow();
        for side in [Side::Red, Side::Black] {
            let king = kings[side.index()];
            let view = features::view(set, side, king);
            if moving.kind() == Kind::King
                && moving.side() == side
                && features::view(set, side, from) != view
            {
                self.refresh(side, board, king, top);
                continue;
            }
            let start = top + side.index() * h;
            let net = &self.net;
            let (below, above) = self.stack.split_at_mut(top);
            kernels::update(
                &mut above[side.index() * h..(side.index() + 1) * h],
                &below[start - 2 * h..start - h],
                net.column(features::index(side, view, moving, to)),
                net.column(features::index(side, view, moving, from)),
                captured.map(|c| net.column(features::index(side, view, c, to))),
            );
        }
    }

    /// Makes room for one more pair above the top and returns where it starts; the room is
    /// allocated once per depth first reached, and its old contents are overwritten.
    fn grow(&mut self) -> usize {
        let two_h = 2 * self.net.hidden();
        let top = self.len;
        if self.stack.len() < top + two_h {
            self.stack.resize(top + two_h, 0);
        }
        self.len = top + two_h;
        top
    }

    /// After a null move: the same pair again.
    pub fn push_copy(&mut self) {
        let two_h = 2 * self.net.hidden();
        let top = self.grow();
        self.stack.copy_within(top - two_h..top, top);
    }

    /// Takes back the last push; the root pair stays.
    pub fn pop(&mut self) {
        let two_h = 2 * self.net.hidden();
        if self.len > two_h {
            self.len -= two_h;
        }
    }

    /// The top pair: Red's accumulator and Black's.
    pub fn top(&self) -> (&[i16], &[i16]) {
        let h = self.net.hidden();
        self.stack[self.len - 2 * h..self.len].split_at(h)
    }

    /// The net's evaluation of the top position (`pieces` on the board), from `to_move`'s
    /// view.
    pub fn evaluate(&self, to_move: Side, pieces: usize) -> i32 {
        let (red, black) = self.top();
        match to_move {
            Side::Red => self.net.output(red, black, pieces),
            Side::Black => self.net.output(black, red, pieces),
        }
    }
}
