//! Chess as the engine plays it: the rules' position and its material and placement sums.

use super::EngineGame;
use crate::eval::chess as classical;
use crate::eval::linear::S;
use jiangjun_rules::GameKind;
use jiangjun_rules::chess::moves::Special;
use jiangjun_rules::chess::{Kind, Move, Piece, Position, castling_rook, ep_victim};

/// A chess position with the evaluation's incremental sums. It reads as the rules' `Position`
/// (`Deref`); moves go through its own `make`/`unmake`, which keep the sums.
#[derive(Clone)]
pub struct Chess {
    pos: Position,
    /// Material and placement of each side for every position from the root, the current
    /// last: a move pushes, unmake pops.
    psq: Vec<[S; 2]>,
}

impl Chess {
    /// A position without history.
    fn at_root(pos: Position) -> Chess {
        let mut psq = Vec::with_capacity(512);
        psq.push(classical::psq_of(&pos));
        Chess { pos, psq }
    }

    /// Plays a move that must be legal (from `generate`, `parse_move` or `is_legal`).
    #[inline]
    pub fn make(&mut self, mv: Move) {
        let (from, to) = (mv.from(), mv.to());
        let moving = self
            .pos
            .piece_at(from)
            .expect("a legal move starts on a piece");
        let us = moving.side();
        let mut psq = *self.psq.last().expect("the root's sums are never popped");
        let placed = match mv.promoted() {
            Some(k) => Piece::new(us, k),
            None => moving,
        };
        psq[us.index()] += classical::piece_score(placed, to);
        psq[us.index()] -= classical::piece_score(moving, from);
        match mv.special() {
            Special::Castling => {
                let (rf, rt) = castling_rook(to);
                let rook = Piece::new(us, Kind::Rook);
                psq[us.index()] += classical::piece_score(rook, rt);
                psq[us.index()] -= classical::piece_score(rook, rf);
            }
            Special::EnPassant => {
                let pawn = Piece::new(us.flip(), Kind::Pawn);
                psq[us.flip().index()] -= classical::piece_score(pawn, ep_victim(from, to));
            }
            _ => {
                if let Some(c) = self.pos.piece_at(to) {
                    psq[c.side().index()] -= classical::piece_score(c, to);
                }
            }
        }
        self.psq.push(psq);
        self.pos.make(mv);
    }

    /// Takes back the last move made with `make` or `make_null`. Does nothing at the root.
    #[inline]
    pub fn unmake(&mut self) {
        if self.pos.states().len() <= 1 {
            return;
        }
        self.psq.pop();
        self.pos.unmake();
    }

    /// Passes the move to the opponent (for null-move pruning); never legal in check.
    #[inline]
    pub fn make_null(&mut self) {
        let psq = *self.psq.last().expect("the root's sums are never popped");
        self.psq.push(psq);
        self.pos.make_null();
    }

    /// The evaluation from the side to move's view.
    #[inline]
    pub fn evaluate(&self) -> i32 {
        classical::evaluate(&self.pos, *self.psq.last().expect("never popped"))
    }
}

game_through_position!(Chess, Position);

/// Chess: the start position, the perft suite's Kiwipete and endgame positions, and
/// middlegames and endgames from Stockfish's bench list (castling, promotion and en passant
/// all occur in these trees).
const BENCH_POSITIONS: [&str; 10] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r1bq1rk1/pp2bppp/2n2n2/3p4/3P4/2NBPN2/PP3PPP/R1BQK2R w KQ - 0 9",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "4rrk1/pp1n3p/3q2pQ/2p1pb2/2PP4/2P3N1/P2B2PP/4RRK1 b - - 7 19",
    "6k1/6p1/6Pp/ppp5/3pn2P/1P3K2/1PP2P2/8 b - - 0 1",
    "8/8/1p1r1k2/p1pPN1p1/P3KnP1/1P6/8/3R4 b - - 5 54",
];

/// A king's capture value in MVV-LVA (it is never really taken).
const KING_CAPTURE_VALUE: i32 = 2000;

impl EngineGame for Chess {
    const NAME: &'static str = GameKind::Chess.name();
    const KIND: GameKind = GameKind::Chess;
    const MINOR_PIECE_VALUE: i32 = classical::VALUE[Kind::Knight as usize].0;
    const FIRST_RANK: usize = 1;
    const BENCH: &'static [&'static str] = &BENCH_POSITIONS;
    const HAS_NET: bool = false;

    #[inline]
    fn evaluate(&self) -> i32 {
        Chess::evaluate(self)
    }
    /// A queen promotion counts as a capture of what it gains (the capture stage generates
    /// it, quiet or not), so that ordering and quiescence's delta pruning weigh it.
    #[inline]
    fn capture_values(&self, m: Move) -> Option<(i32, i32)> {
        let value = |k: Kind| {
            if k == Kind::King {
                KING_CAPTURE_VALUE
            } else {
                classical::VALUE[k.index()].0
            }
        };
        let gain = match m.promoted() {
            Some(Kind::Queen) => value(Kind::Queen) - value(Kind::Pawn),
            _ => 0,
        };
        let victim = match self.pos.captured_kind(m) {
            Some(k) => value(k) + gain,
            None if gain > 0 => gain,
            None => return None,
        };
        let attacker = self.pos.piece_at(m.from())?.kind();
        Some((victim, value(attacker)))
    }
    #[inline]
    fn see(&mut self, m: Move) -> i32 {
        self.pos.see(m, &classical::EXCHANGE_VALUES)
    }
    #[inline]
    fn null_move_allowed(&self) -> bool {
        // With only king and pawns, zugzwang is common and a null move lies.
        self.pos.has_pieces(self.pos.side_to_move())
    }

    fn material_share(&self) -> f64 {
        0.0
    }

    fn eval_report(&self) -> Vec<String> {
        let white = |v: i32| match self.pos.side_to_move() {
            jiangjun_rules::Side::Red => v,
            jiangjun_rules::Side::Black => -v,
        };
        let mut out = vec!["Evaluation by term (centipawns, White's view):".to_string()];
        let (rows, tapered, _) = crate::eval::report::classical_terms(&self.pos);
        for (term, v) in &rows {
            out.push(format!(
                "  {term:<30} {:>6}",
                crate::eval::report::signed(*v)
            ));
        }
        out.push(format!(
            "  {:<30} {:>6}",
            "total",
            crate::eval::report::signed(tapered)
        ));
        let v = self.evaluate();
        out.push(format!(
            "Evaluation: {} (White's view), {} (side to move)",
            crate::eval::report::signed(white(v)),
            crate::eval::report::signed(v)
        ));
        out
    }
}
