//! Xiangqi as the engine plays it: the rules' position, its material and placement sums, and
//! the net's accumulators when a net evaluates.

use super::EngineGame;
use crate::book::Book;
use crate::eval::linear::S;
use crate::eval::report;
use crate::eval::xiangqi as classical;
use crate::evaluation::Evaluation;
use crate::nnue::{Accumulators, Net};
use jiangjun_rules::xiangqi::{Kind, Move, Piece, Position, Square};
use jiangjun_rules::{GameKind, Side};
use std::sync::Arc;

/// A Xiangqi position with the evaluation's incremental state. It reads as the rules'
/// `Position` (`Deref`); moves go through its own `make`/`unmake`, which keep the state.
#[derive(Clone)]
pub struct Xiangqi {
    pos: Position,
    /// Material and placement of each side for every position from the root, the current
    /// last: a move pushes, unmake pops. Kept only while the classical evaluation has a share
    /// (`psq_kept`); with the net alone no node pays for it, and only the root's stays.
    psq: Vec<[S; 2]>,
    psq_kept: bool,
    /// The net's accumulators, one pair per state, when a net evaluates (`set_net`); `None`
    /// keeps the classical evaluation, and make/unmake then pay one untaken branch.
    nnue: Option<Box<Accumulators>>,
}

impl Xiangqi {
    /// A position without history, classical until a net is set.
    fn at_root(pos: Position) -> Xiangqi {
        let mut psq = Vec::with_capacity(512);
        psq.push(classical::psq_of(&pos));
        Xiangqi {
            pos,
            psq,
            psq_kept: true,
            nnue: None,
        }
    }

    /// Plays a move that must be legal (from `generate` or `parse_move`).
    #[inline]
    pub fn make(&mut self, mv: Move) {
        let (from, to) = (mv.from(), mv.to());
        let moving = self
            .pos
            .piece_at(from)
            .expect("a legal move starts on a piece");
        let captured = self.pos.piece_at(to);
        if self.psq_kept {
            let mut psq = *self.psq.last().expect("the root's sums are never popped");
            let (us, kind) = (moving.side(), moving.kind());
            psq[us.index()] += classical::piece_score(kind, us, to);
            psq[us.index()] -= classical::piece_score(kind, us, from);
            if let Some(c) = captured {
                psq[c.side().index()] -= classical::piece_score(c.kind(), c.side(), to);
            }
            self.psq.push(psq);
        }
        self.pos.make(mv);
        if let Some(acc) = self.nnue.as_deref_mut() {
            let kings = [self.pos.king(Side::Red), self.pos.king(Side::Black)];
            acc.push_move(self.pos.board(), kings, moving, (from, to), captured);
        }
    }

    /// Takes back the last move made with `make` or `make_null`. Does nothing at the root.
    #[inline]
    pub fn unmake(&mut self) {
        if self.pos.ply() == 0 {
            return;
        }
        if self.psq_kept {
            self.psq.pop();
        }
        if let Some(acc) = self.nnue.as_deref_mut() {
            acc.pop();
        }
        self.pos.unmake();
    }

    /// Passes the move to the opponent (for null-move pruning); never legal in check.
    #[inline]
    pub fn make_null(&mut self) {
        if self.psq_kept {
            let psq = *self.psq.last().expect("the root's sums are never popped");
            self.psq.push(psq);
        }
        self.pos.make_null();
        if let Some(acc) = self.nnue.as_deref_mut() {
            acc.push_copy();
        }
    }

    /// Evaluates with `net` from now on, or with the classical evaluation when `None`. The
    /// accumulators are built at the root and the moves since replayed, so every state has
    /// its pair and the moves can be taken back.
    pub fn set_net(&mut self, net: Option<Arc<Net>>) {
        let blend = self.nnue.as_deref().map_or(100, |acc| acc.blend() as u8);
        self.rebuild(net, blend);
    }

    /// How much of the evaluation is the net's, in percent (with a net attached; 100 until
    /// set): the rest is the classical evaluation's. At 100, the default, no node computes
    /// a classical term.
    pub fn set_net_blend(&mut self, percent: u8) {
        let Some(acc) = self.nnue.as_deref_mut() else {
            return;
        };
        // With a net attached the sums are kept exactly when the classical evaluation has a
        // share; only a change of that needs the moves replayed.
        if (percent < 100) == self.psq_kept {
            acc.set_blend(percent);
        } else {
            let net = Arc::clone(acc.net());
            self.rebuild(Some(net), percent);
        }
    }

    /// Attaches `net` at `blend` percent (or none), rebuilding what every state since the
    /// root keeps for that evaluation: back to the root, set up there, and replay the moves,
    /// so that each state has its accumulators and, where the classical evaluation counts,
    /// its sums, and every move can be taken back.
    fn rebuild(&mut self, net: Option<Arc<Net>>, blend: u8) {
        let history: Vec<Option<Move>> = self.pos.states()[1..].iter().map(|s| s.mv).collect();
        for _ in &history {
            self.unmake();
        }
        self.psq.truncate(1);
        self.psq[0] = classical::psq_of(&self.pos);
        self.psq_kept = net.is_none() || blend < 100;
        self.nnue = net.map(|net| {
            let kings = [self.pos.king(Side::Red), self.pos.king(Side::Black)];
            let mut acc = Accumulators::new(net, self.pos.board(), kings);
            acc.set_blend(blend);
            Box::new(acc)
        });
        self.replay(&history);
    }

    /// The net this position evaluates with, if any.
    pub fn net(&self) -> Option<&Arc<Net>> {
        self.nnue.as_deref().map(Accumulators::net)
    }

    /// The pieces on the board, kings included (what chooses a net's output bucket).
    #[inline]
    pub fn piece_count(&self) -> usize {
        let [red, black] = [Side::Red, Side::Black].map(|s| self.pos.counts(s));
        red.iter().chain(black).map(|&c| usize::from(c)).sum()
    }

    /// The net's accumulators, if a net is attached (for tests and tools).
    pub fn accumulators(&self) -> Option<&Accumulators> {
        self.nnue.as_deref()
    }

    /// The classical evaluation alone, from the incremental sums.
    pub fn classical(&self) -> i32 {
        let psq = if self.psq_kept {
            *self.psq.last().expect("never popped")
        } else {
            classical::psq_of(&self.pos)
        };
        classical::evaluate(&self.pos, psq)
    }

    /// The evaluation from the side to move's view: the net's share of the net and the rest
    /// the classical evaluation, or the classical evaluation alone without a net.
    #[inline]
    pub fn evaluate(&self) -> i32 {
        if let Some(acc) = self.nnue.as_deref() {
            // Only a net with output buckets needs the count.
            let pieces = if acc.net().header.buckets > 1 {
                self.piece_count()
            } else {
                0
            };
            let net = acc.evaluate(self.pos.side_to_move(), pieces);
            let share = acc.blend();
            if share >= 100 {
                return net;
            }
            return (net * share + self.classical() * (100 - share)) / 100;
        }
        self.classical()
    }

    /// The net's output from Red's view with the piece on `s` taken off, or `None` where that
    /// leaves no position the rules take (a king, or a capturable king).
    fn net_without(&self, s: Square) -> Option<i32> {
        let acc = self.nnue.as_deref()?;
        if self.pos.piece_at(s)?.kind() == Kind::King {
            return None;
        }
        let mut board = String::new();
        jiangjun_rules::write_placement(&mut board, 9, 10, |file, rank| {
            let at = Square::new(file, rank)?;
            (at != s)
                .then(|| self.pos.piece_at(at))
                .flatten()
                .map(|p| p.letter())
        });
        let side = match self.pos.side_to_move() {
            Side::Red => "w",
            Side::Black => "b",
        };
        let pos = Position::from_fen(&format!("{board} {side} - - 0 1")).ok()?;
        let mut without = Xiangqi::from(pos);
        without.set_net(Some(acc.net().clone()));
        let v = without
            .accumulators()?
            .evaluate(without.side_to_move(), without.piece_count());
        Some(match without.side_to_move() {
            Side::Red => v,
            Side::Black => -v,
        })
    }

    /// The material phase (see `eval::xiangqi::phase`).
    pub fn phase(&self) -> i32 {
        classical::phase(&self.pos)
    }
}

game_through_position!(Xiangqi, Position);

/// Openings, middlegames and endgames, from the project's perft and opening sets.
const BENCH_POSITIONS: [&str; 12] = [
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "r1bakabnr/9/1cn4c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b - - 0 1",
    "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C4NC1/9/RNBAKAB1R w - - 0 1",
    "2rakabr1/1c7/2n1b1n1c/p1p1p2Rp/6p2/1CP6/P3P1P1P/R1N1C1N2/9/2BAKAB2 w - - 0 1",
    "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
    "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
    "2ba1a3/4k2r1/1n7/p6cp/2P3b2/4N4/6p1P/1C3A3/4K4/R2A2B2 w - - 0 1",
    "3ak1b2/4a4/9/3n2n2/2b6/2B3B2/3N1p3/9/4A4/3AK4 w - - 0 1",
    "C1Naka3/9/7r1/4P1n2/7c1/4N4/2p6/4C4/9/5K3 w - - 0 1",
    "3k1a3/4a4/9/p1n1r3p/2P6/9/9/4R4/cN1CKN2r/9 w - - 0 1",
    "4kab2/4a4/4b4/9/2p6/9/4P4/4B4/4A4/2B1KA3 w - - 0 1",
    "3k5/4a4/4ba3/9/2b6/6R2/9/4B4/4A4/4KA3 w - - 0 1",
];

/// A king's capture value in MVV-LVA (it is never really taken).
const KING_CAPTURE_VALUE: i32 = 2000;

impl EngineGame for Xiangqi {
    const NAME: &'static str = GameKind::Xiangqi.name();
    const KIND: GameKind = GameKind::Xiangqi;
    const MINOR_PIECE_VALUE: i32 = classical::VALUE[Kind::Horse as usize];
    const FIRST_RANK: usize = 0;
    const BENCH: &'static [&'static str] = &BENCH_POSITIONS;
    const HAS_NET: bool = true;

    #[inline]
    fn evaluate(&self) -> i32 {
        Xiangqi::evaluate(self)
    }
    #[inline]
    fn capture_values(&self, m: Move) -> Option<(i32, i32)> {
        let victim = self.pos.piece_at(m.to())?;
        let attacker = self.pos.piece_at(m.from())?;
        let value = |k: Kind| {
            if k == Kind::King {
                KING_CAPTURE_VALUE
            } else {
                classical::VALUE[k as usize]
            }
        };
        Some((value(victim.kind()), value(attacker.kind())))
    }
    #[inline]
    fn see(&mut self, m: Move) -> i32 {
        self.pos.see(m, &classical::VALUE)
    }
    #[inline]
    fn null_move_allowed(&self) -> bool {
        self.pos.has_attacking_material(self.pos.side_to_move())
    }

    fn threatened(&self) -> u128 {
        let us = self.pos.side_to_move();
        let value = |s: Square| {
            self.pos
                .piece_at(s)
                .map_or(0, |p| classical::VALUE[p.kind() as usize])
        };
        let mut danger = 0u128;
        // The pieces worth saving: a pawn, advisor or elephant in danger is rarely worth
        // a tempo, and each piece asked costs a walk over its attackers.
        for kind in [Kind::Rook, Kind::Cannon, Kind::Horse] {
            let mut set = self.pos.pieces_of(Piece::new(us, kind));
            while set != 0 {
                let i = set.trailing_zeros() as usize;
                set &= set - 1;
                let Some(s) = Square::from_index(i) else {
                    continue;
                };
                let own = classical::VALUE[kind as usize];
                let mut attackers = self.pos.attackers(s, us.flip()).peekable();
                let attacked = attackers.peek().is_some();
                let cheaper = attackers.any(|a| value(a) < own);
                if cheaper || (attacked && self.pos.attackers(s, us).next().is_none()) {
                    danger |= 1u128 << i;
                }
            }
        }
        danger
    }
    #[inline]
    fn leaves(threatened: u128, m: Move) -> bool {
        threatened >> m.from().index() & 1 != 0
    }

    #[inline]
    fn correction_keys(&self) -> Option<[u64; 2]> {
        Some([
            self.pos.piece_key(Side::Red),
            self.pos.piece_key(Side::Black),
        ])
    }

    fn set_evaluation(&mut self, evaluation: &Evaluation) {
        self.rebuild(evaluation.net().cloned(), evaluation.blend());
    }

    /// The evaluation's phase (rooks, horses and cannons), as the model was fitted on it.
    fn material_share(&self) -> f64 {
        f64::from(self.phase()) / f64::from(classical::PHASE_MAX)
    }

    fn book_moves(&self, book: &Book) -> Vec<(Move, u16)> {
        book.probe(self).iter().map(|c| (c.mv, c.weight)).collect()
    }

    fn eval_report(&self) -> Vec<String> {
        let red = |v: i32| match self.pos.side_to_move() {
            Side::Red => v,
            Side::Black => -v,
        };
        let mut out = vec!["Classical evaluation by term (centipawns, Red's view):".to_string()];
        let (rows, tapered, scaled) = report::classical_terms(&self.pos);
        for (term, v) in &rows {
            out.push(format!("  {term:<30} {:>6}", report::signed(*v)));
        }
        out.push(format!(
            "  {:<30} {:>6} (phase {} of {})",
            "total",
            report::signed(tapered),
            self.phase(),
            classical::PHASE_MAX
        ));
        out.push(format!(
            "  {:<30} {:>6}",
            "after the draw scale",
            report::signed(scaled)
        ));
        if let Some(acc) = self.nnue.as_deref() {
            let full = red(acc.evaluate(self.pos.side_to_move(), self.piece_count()));
            out.push(format!(
                "Net ({} hidden): {} (Red's view). Each piece's part: the output less the output without it:",
                acc.net().hidden(),
                report::signed(full)
            ));
            for rank in (0..10).rev() {
                let mut line = format!("  {rank} ");
                for file in 0..9 {
                    let cell = Square::new(file, rank)
                        .and_then(|s| Some((s, self.pos.piece_at(s)?)))
                        .map(|(s, p)| match self.net_without(s) {
                            Some(v) => format!("{}{:+}", p.letter(), full - v),
                            None => format!("{}", p.letter()),
                        });
                    line.push_str(&format!("{:>7}", cell.unwrap_or_else(|| ".".into())));
                }
                out.push(line);
            }
            out.push(format!(
                "    {}",
                (0..9)
                    .map(|f| format!("{:>7}", (b'a' + f) as char))
                    .collect::<String>()
            ));
        }
        let v = self.evaluate();
        out.push(format!(
            "Evaluation ({}): {} (Red's view), {} (side to move)",
            match self.nnue.as_deref() {
                Some(acc) if acc.blend() >= 100 => "the net alone".to_string(),
                Some(acc) => format!("net {} %, classical the rest", acc.blend()),
                None => "classical".to_string(),
            },
            report::signed(red(v)),
            report::signed(v)
        ));
        out
    }
}
