//! Move ordering, in stages: the transposition-table move is tried before any move is
//! generated (a cutoff by it saves the generation); then the captures are generated and those
//! that do not lose material (static exchange ≥ 0) come by victim value and capture history;
//! then the two killers and the counter move, each checked legal on its own; only then are the
//! quiet moves generated, to come by their butterfly and continuation histories, raised for a
//! move that takes a piece in danger away (attacked by a cheaper piece, or attacked and not
//! defended: the game says which), with the captures that lose material last. Moves are picked
//! one at a time (selection), since a cutoff usually comes early and sorting the rest would be
//! wasted.
//!
//! The moves are generated pseudo-legal (a game may give legal ones) and each is tested for
//! legality only when it is about to be returned, for the same reason. The picker returns the
//! moves exactly as a picker over the legal list would, ties and all: see `pick`.

use super::history::{History, PieceTo};
use crate::game::EngineGame;
use jiangjun_rules::{GenKind, MOVE_LIST_CAPACITY, MoveList};

const GOOD_CAPTURE: i32 = 1 << 28;
const KILLER: [i32; 2] = [1 << 26, (1 << 26) - 1];
const COUNTER: i32 = (1 << 26) - 2;
const BAD_CAPTURE: i32 = -(1 << 28);
/// What taking a piece in danger away adds to a quiet move's history score.
const ESCAPE: i32 = 8_192;
/// The low bit of a capture's score is set while its exchange is not yet known to be safe:
/// the static exchange is only worked out when the capture comes up for picking, since most
/// nodes cut off before their later captures are reached.
const UNCHECKED: i32 = 1;

/// Whether a picked move's score puts it among the losing captures.
#[inline]
pub fn is_bad_capture(score: i32) -> bool {
    score < BAD_CAPTURE / 2
}

/// What a node knows that ordering needs: the history tables and the moves that led here.
pub struct Context<'h, G: EngineGame> {
    pub history: &'h History<G>,
    pub killers: [G::Move; 2],
    pub counter: G::Move,
    /// The continuation identities of the moves one and two plies back.
    pub prev: [PieceTo; 2],
}

#[derive(Copy, Clone, PartialEq, Eq)]
enum Stage {
    TtMove,
    GenerateCaptures,
    GoodCaptures,
    Killers,
    GenerateQuiets,
    Rest,
}

pub struct Picker<G: EngineGame> {
    stage: Stage,
    kind: GenKind,
    tt_move: Option<G::Move>,
    /// How many of the killers and counter move were considered, and those returned (which
    /// the quiet generation then leaves out).
    early_tried: usize,
    early: [Option<G::Move>; 3],
    /// The moves with their scores and legality, borrowed from the worker (see `Lists`).
    lists: Box<Lists<G::Move>>,
    /// What the game needs to test the moves' legality, worked out at the first test.
    legality: Option<G::Legality>,
    next: usize,
    /// Set once the node prunes its remaining quiet moves: of those, only the ones that give
    /// check are still searched, so the others are dropped from the list at once instead of
    /// being picked one by one (each pick scans every move left) only to be skipped.
    quiet_checks_only: bool,
    /// The static exchanges worked out for the captures found to lose material (a few at a
    /// node; any beyond the room are worked out again when asked), so that the pruning of
    /// losing captures reads them instead of playing the exchange out a second time.
    losing: [(G::Move, i32); LOSING_KEPT],
    losing_len: usize,
}

/// A picker's moves, their ordering scores and whether each is known legal. About 1.8 KB:
/// filling it anew at every node cost a memset a node (0.6 % of all instructions), so the
/// workers keep a pool of them and a picker takes one, emptied, and gives it back at the end.
/// Only the first `moves.len()` scores and flags are ever read, each written when its move was
/// generated, so what the last node left there does not matter.
pub struct Lists<M: Copy> {
    moves: MoveList<M>,
    scores: [i32; MOVE_LIST_CAPACITY],
    /// Which of the moves are known to be legal (each is tested once at most).
    legal: [bool; MOVE_LIST_CAPACITY],
}

impl<M: Copy> Lists<M> {
    /// Empty lists (`filler` fills the unused move slots, as in [`MoveList::new`]).
    pub fn new(filler: M) -> Box<Lists<M>> {
        Box::new(Lists {
            moves: MoveList::new(filler),
            scores: [0; MOVE_LIST_CAPACITY],
            legal: [false; MOVE_LIST_CAPACITY],
        })
    }
}

/// How many losing captures' exchanges a picker keeps.
const LOSING_KEPT: usize = 8;

impl<G: EngineGame> Picker<G> {
    /// A picker over the moves of `kind`, starting with `tt_move` (already checked legal),
    /// that keeps its moves in `lists` (whatever they held is dropped).
    pub fn new(
        kind: GenKind,
        tt_move: Option<G::Move>,
        mut lists: Box<Lists<G::Move>>,
    ) -> Picker<G> {
        lists.moves.clear();
        Picker {
            stage: Stage::TtMove,
            kind,
            tt_move,
            early_tried: 0,
            early: [None; 3],
            lists,
            legality: None,
            next: 0,
            quiet_checks_only: false,
            losing: [(G::NULL_MOVE, 0); LOSING_KEPT],
            losing_len: 0,
        }
    }

    /// The lists, for the next picker.
    pub fn into_lists(self) -> Box<Lists<G::Move>> {
        self.lists
    }

    /// The static exchange of `m` if the picker worked it out: a capture it found to lose.
    #[inline]
    pub fn exchange_of(&self, m: G::Move) -> Option<i32> {
        self.losing[..self.losing_len]
            .iter()
            .find(|&&(x, _)| x == m)
            .map(|&(_, v)| v)
    }

    /// The next move with its ordering score, or `None` when all were returned.
    /// Quiet moves are generated only once the good captures, killers and counter move have
    /// not cut the node off, which most cut nodes never reach.
    pub fn next(&mut self, pos: &mut G, ctx: &Context<'_, G>) -> Option<(G::Move, i32)> {
        loop {
            match self.stage {
                Stage::TtMove => {
                    self.stage = Stage::GenerateCaptures;
                    if let Some(m) = self.tt_move {
                        return Some((m, GOOD_CAPTURE * 2));
                    }
                }
                Stage::GenerateCaptures => {
                    let kind = if self.kind == GenKind::All {
                        self.stage = Stage::GoodCaptures;
                        GenKind::Captures
                    } else {
                        self.stage = Stage::Rest;
                        self.kind
                    };
                    self.generate(pos, ctx, kind);
                }
                Stage::GoodCaptures => {
                    if let Some(found) = self.pick(pos, GOOD_CAPTURE) {
                        return Some(found);
                    }
                    self.stage = Stage::Killers;
                }
                Stage::Killers => {
                    let candidates = [ctx.killers[0], ctx.killers[1], ctx.counter];
                    let scores = [KILLER[0], KILLER[1], COUNTER];
                    while self.early_tried < candidates.len() {
                        let i = self.early_tried;
                        self.early_tried += 1;
                        let m = candidates[i];
                        if m != G::NULL_MOVE
                            && Some(m) != self.tt_move
                            && !candidates[..i].contains(&m)
                            && pos.capture_values(m).is_none()
                            && pos.is_legal(m)
                        {
                            self.early[i] = Some(m);
                            return Some((m, scores[i]));
                        }
                    }
                    self.stage = Stage::GenerateQuiets;
                }
                Stage::GenerateQuiets => {
                    self.stage = Stage::Rest;
                    self.generate(pos, ctx, GenKind::Quiets);
                }
                Stage::Rest => return self.pick(pos, i32::MIN),
            }
        }
    }

    /// From now on returns, of the quiet moves not yet returned, only those that give check;
    /// the captures left are untouched. Asked once, when late-move pruning starts.
    pub fn keep_only_quiet_checks(&mut self, pos: &mut G) {
        if self.quiet_checks_only {
            return;
        }
        self.quiet_checks_only = true;
        if self.stage != Stage::Rest {
            return; // the quiet moves are filtered as they are generated
        }
        let mut kept = self.next;
        for i in self.next..self.lists.moves.len() {
            let m = self.lists.moves.as_slice()[i];
            if pos.captured_piece(m).is_some() || pos.gives_check(m) {
                self.lists.moves.as_mut_slice()[kept] = m;
                self.lists.scores[kept] = self.lists.scores[i];
                self.lists.legal[kept] = self.lists.legal[i];
                kept += 1;
            }
        }
        self.lists.moves.truncate(kept);
    }

    /// Appends the moves of `kind` (without those already returned) and scores them.
    fn generate(&mut self, pos: &mut G, ctx: &Context<'_, G>, kind: GenKind) {
        let start = self.lists.moves.len();
        pos.generate_pseudo(kind, &mut self.lists.moves);
        // In check most of them are illegal: tested at once, which is cheaper than taking
        // them out one by one as they come up.
        let tested = pos.in_check();
        if tested {
            let legality = *self.legality.get_or_insert_with(|| pos.legality());
            self.lists
                .moves
                .retain_from(start, |m| pos.is_legal_pseudo(m, &legality));
        }
        let (tt, early) = (self.tt_move, self.early);
        if kind == GenKind::Quiets && self.quiet_checks_only {
            self.lists.moves.retain_from(start, |m| {
                Some(m) != tt && !early.contains(&Some(m)) && pos.gives_check(m)
            });
        } else if tt.is_some() || kind == GenKind::Quiets {
            self.lists
                .moves
                .retain_from(start, |m| Some(m) != tt && !early.contains(&Some(m)));
        }
        self.lists.legal[start..self.lists.moves.len()].fill(tested);
        self.score(pos, ctx, start);
    }

    fn score(&mut self, pos: &mut G, ctx: &Context<'_, G>, start: usize) {
        let side = pos.side_to_move().index();
        // The game's test walks the attackers of several pieces: asked only where quiet moves
        // are scored (captures go by value, and quiescence out of check has no quiet moves).
        let threatened = if self.lists.moves.len() > start
            && self.stage == Stage::Rest
            && self.kind == GenKind::All
        {
            pos.threatened()
        } else {
            0
        };
        for i in start..self.lists.moves.len() {
            let m = self.lists.moves.as_slice()[i];
            let now = History::<G>::piece_to(pos, m);
            self.lists.scores[i] = if let Some((victim, attacker)) = pos.capture_values(m) {
                let captured = pos.captured_piece(m).unwrap_or(0);
                let value = 2 * (victim * 16 + ctx.history.capture_score(now, captured) / 16);
                // A capture of a piece worth at least the capturer never loses material.
                GOOD_CAPTURE + value + i32::from(victim < attacker) * UNCHECKED
            } else {
                ctx.history.quiet_score(side, m, now, ctx.prev)
                    + ESCAPE * i32::from(G::leaves(threatened, m))
            };
        }
    }

    /// The best remaining move if its score reaches `floor`.
    ///
    /// A selection over the legal moves would pick the first of the highest scores and swap
    /// it with the first move left. Here illegal moves are among them until tested, so each
    /// candidate is tested before it is taken (an illegal one is removed, keeping the others'
    /// order, and the search for the best starts again), and so is the first move left before
    /// it changes place: the legal moves then stand in the order the legal list's selection
    /// would have left them in, and the same moves come out in the same order.
    fn pick(&mut self, pos: &mut G, floor: i32) -> Option<(G::Move, i32)> {
        loop {
            let n = self.lists.moves.len();
            if self.next >= n {
                return None;
            }
            // The first of the highest scores, found in two passes: a maximum the compiler
            // turns into vector instructions, then its first position (in a branchy single
            // pass, the compare-and-branch on every move was a twentieth of all the work).
            let rest = &self.lists.scores[self.next..n];
            let top = rest.iter().copied().max().unwrap_or(i32::MIN);
            let mut best = self.next + rest.iter().position(|&s| s == top).unwrap_or(0);
            let score = self.lists.scores[best];
            if score < floor {
                return None;
            }
            if !self.is_legal(pos, best) {
                self.remove(best);
                continue;
            }
            let m = self.lists.moves.as_slice()[best];
            if score >= GOOD_CAPTURE && score & UNCHECKED != 0 {
                // A capture by a more valuable piece: safe only if the exchange says so.
                let exchange = pos.see(m);
                if exchange >= 0 {
                    self.lists.scores[best] = score - UNCHECKED;
                } else {
                    if let Some(slot) = self.losing.get_mut(self.losing_len) {
                        *slot = (m, exchange);
                        self.losing_len += 1;
                    }
                    self.lists.scores[best] = score - UNCHECKED - GOOD_CAPTURE + BAD_CAPTURE;
                    continue;
                }
            }
            while best != self.next && !self.is_legal(pos, self.next) {
                self.remove(self.next);
                best -= 1;
            }
            let score = self.lists.scores[best];
            self.lists.moves.as_mut_slice().swap(self.next, best);
            self.lists.scores.swap(self.next, best);
            self.lists.legal.swap(self.next, best);
            self.next += 1;
            return Some((m, score));
        }
    }

    /// Whether the move at `i` is legal, tested once.
    #[inline]
    fn is_legal(&mut self, pos: &G, i: usize) -> bool {
        if !self.lists.legal[i] {
            let legality = *self.legality.get_or_insert_with(|| pos.legality());
            self.lists.legal[i] = pos.is_legal_pseudo(self.lists.moves.as_slice()[i], &legality);
        }
        self.lists.legal[i]
    }

    /// Takes the (illegal) move at `i` out of the list, the moves after it keeping their order.
    fn remove(&mut self, i: usize) {
        let n = self.lists.moves.len();
        self.lists.moves.as_mut_slice().copy_within(i + 1..n, i);
        self.lists.scores.copy_within(i + 1..n, i);
        self.lists.legal.copy_within(i + 1..n, i);
        self.lists.moves.truncate(n - 1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Xiangqi;
    use jiangjun_rules::Game;
    use jiangjun_rules::random::{self, RngExt};

    /// The position after up to `max_plies` random legal moves from the start.
    fn random_position(rng: &mut impl RngExt, max_plies: usize) -> Xiangqi {
        let mut pos = Xiangqi::startpos();
        for _ in 0..rng.random_range(0..max_plies) {
            let mut list = MoveList::new(<Xiangqi as Game>::NULL_MOVE);
            pos.generate(GenKind::All, &mut list);
            if list.is_empty() {
                break;
            }
            pos.make(list.as_slice()[rng.random_range(0..list.len())]);
        }
        pos
    }

    /// A selection over the legal moves alone, as the picker worked before it generated
    /// pseudo-legal moves: the first of the highest scores, swapped with the first move left.
    fn selection_over_legal(moves: &[(jiangjun_rules::xiangqi::Move, i32)]) -> Vec<usize> {
        let mut list: Vec<(usize, i32)> = moves.iter().map(|&(_, s)| s).enumerate().collect();
        let mut order = Vec::new();
        for next in 0..list.len() {
            let top = list[next..]
                .iter()
                .map(|&(_, s)| s)
                .max()
                .unwrap_or(i32::MIN);
            let best = next
                + list[next..]
                    .iter()
                    .position(|&(_, s)| s == top)
                    .unwrap_or(0);
            order.push(list[best].0);
            list.swap(next, best);
        }
        order
    }

    /// Over pseudo-legal moves with many equal scores, in positions along random games (many
    /// in check, where most moves are illegal), the picker returns exactly the legal moves,
    /// in the order a selection over the legal list gives: ties and all, the search sees the
    /// same moves in the same order as when the list was filtered first.
    #[test]
    fn the_picker_returns_the_legal_moves_in_the_order_of_a_selection_over_them() {
        let mut rng = random::seeded(23);
        let (mut positions, mut in_check) = (0, 0);
        while positions < 2000 {
            let mut pos = random_position(&mut rng, 120);
            if !pos.in_check() && in_check * 3 < positions {
                continue;
            }
            positions += 1;
            in_check += usize::from(pos.in_check());
            let mut picker =
                Picker::<Xiangqi>::new(GenKind::All, None, Lists::new(Xiangqi::NULL_MOVE));
            picker.stage = Stage::Rest;
            pos.generate_pseudo(GenKind::All, &mut picker.lists.moves);
            let pseudo: Vec<_> = picker.lists.moves.iter().collect();
            let legality = pos.legality();
            let mut legal = Vec::new();
            for (i, &m) in pseudo.iter().enumerate() {
                // Few distinct scores, so that most picks break a tie; even, below the
                // captures' range, so that no exchange is asked.
                let score = 2 * rng.random_range(0..4i32);
                picker.lists.scores[i] = score;
                if pos.is_legal_pseudo(m, &legality) {
                    legal.push((m, score));
                }
            }
            let expected: Vec<_> = selection_over_legal(&legal)
                .into_iter()
                .map(|i| legal[i])
                .collect();
            let mut got = Vec::new();
            while let Some(found) = picker.pick(&mut pos, i32::MIN) {
                got.push(found);
            }
            assert_eq!(got, expected, "{}", pos.to_fen());
        }
        assert!(in_check >= 400, "{in_check} positions in check");
    }

    /// Lists that another node's picker left behind (its moves, scores and legality flags
    /// still there, that picker stopped anywhere) give the same moves in the same order as
    /// fresh ones: a picker reads only what it wrote itself.
    #[test]
    fn lists_left_by_another_node_change_nothing() {
        let null = <Xiangqi as Game>::NULL_MOVE;
        let history = History::<Xiangqi>::new(64);
        let ctx = Context {
            history: &history,
            killers: [null; 2],
            counter: null,
            prev: [PieceTo::NONE; 2],
        };
        let mut rng = random::seeded(29);
        let mut used = Lists::new(null);
        for _ in 0..500 {
            let mut pos = random_position(&mut rng, 100);
            let mut fresh = Picker::<Xiangqi>::new(GenKind::All, None, Lists::new(null));
            let expected: Vec<_> = std::iter::from_fn(|| fresh.next(&mut pos, &ctx)).collect();
            let mut reused = Picker::<Xiangqi>::new(GenKind::All, None, used);
            let got: Vec<_> = std::iter::from_fn(|| reused.next(&mut pos, &ctx)).collect();
            assert_eq!(got, expected, "{}", pos.to_fen());
            // Left for the next position after a few moves, as a node that cut off leaves it.
            let mut stopped = Picker::<Xiangqi>::new(GenKind::All, None, reused.into_lists());
            for _ in 0..rng.random_range(0..8usize) {
                stopped.next(&mut pos, &ctx);
            }
            used = stopped.into_lists();
        }
    }
}
