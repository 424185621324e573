//! The accumulators of a position, one pair (Red's perspective, Black's) per ply reached, kept
//! by make/unmake as the position keeps its states: a move writes the next pair as the top
//! pair plus and minus the columns of the pieces it moved and took, in one pass; unmake pops.
//! A king move that changes its side's view (its mirror, crossing the centre file, or its
//! bucket in the king-bucketed feature set) builds that perspective from scratch (one
//! column per piece on the board). A null move copies the pair.

use super::features::{self, MAX_ACTIVE};
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
    /// Scratch for building a perspective from scratch.
    scratch: Vec<u16>,
    /// The net's share of the evaluation in percent; the classical evaluation has the rest
    /// (see `Position::evaluate`).
    blend: i32,
}

type Board = [Option<Piece>; SQUARES];

fn occupied(board: &Board) -> impl Iterator<Item = (Square, Piece)> + '_ {
    board.iter().enumerate().filter_map(|(i, p)| {
        let s = Square::from_index(i).expect("a board index is below SQUARES");
        p.map(|p| (s, p))
    })
}

impl Accumulators {
    /// Accumulators for the position on `board` (kings on `kings`), built from scratch.
    pub fn new(net: Arc<Net>, board: &Board, kings: [Square; 2]) -> Accumulators {
        let h = net.hidden();
        let mut acc = Accumulators {
            net,
            stack: Vec::with_capacity(2 * h * 256),
            len: 0,
            scratch: Vec::with_capacity(MAX_ACTIVE),
            blend: 100,
        };
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

    /// Builds `side`'s accumulator of the top pair (at `top`, its start) from scratch.
    fn refresh(&mut self, side: Side, board: &Board, king: Square, top: usize) {
        let h = self.net.hidden();
        let set = self.net.features();
        features::active(set, side, king, occupied(board), &mut self.scratch);
        let start = top + side.index() * h;
        self.net
            .refresh(&self.scratch, &mut self.stack[start..start + h]);
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

    /// The net's evaluation of the top position, from `to_move`'s view.
    pub fn evaluate(&self, to_move: Side) -> i32 {
        let (red, black) = self.top();
        match to_move {
            Side::Red => self.net.output(red, black),
            Side::Black => self.net.output(black, red),
        }
    }
}
