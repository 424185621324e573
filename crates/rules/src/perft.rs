//! Perft: counts the leaves of the legal move tree, the standard test of a move generator.
//! Generic over the game; the last ply is bulk-counted (the length of the legal move list).

use crate::{Game, GenKind, MoveList};

/// The number of leaves `depth` plies below `pos`.
pub fn perft<G: Game>(pos: &mut G, depth: u32, filler: G::Move) -> u64 {
    if depth <= 1 {
        return if depth == 0 {
            1
        } else {
            pos.count_moves() as u64
        };
    }
    let mut list = MoveList::new(filler);
    pos.generate(GenKind::All, &mut list);
    let mut total = 0;
    for m in list.iter() {
        pos.make(m);
        total += perft(pos, depth - 1, filler);
        pos.unmake();
    }
    total
}

/// The leaf count below each root move, in generation order.
pub fn divide<G: Game>(pos: &mut G, depth: u32, filler: G::Move) -> Vec<(G::Move, u64)> {
    let mut list = MoveList::new(filler);
    pos.generate(GenKind::All, &mut list);
    let mut out = Vec::with_capacity(list.len());
    for m in list.iter() {
        pos.make(m);
        out.push((m, perft(pos, depth.saturating_sub(1), filler)));
        pos.unmake();
    }
    out
}

/// `divide`, abandoned (returning `None`) as soon as `stop` is raised, so that a deep perft
/// asked for from a GUI can be interrupted like a search.
pub fn divide_until<G: Game>(
    pos: &mut G,
    depth: u32,
    filler: G::Move,
    stop: &std::sync::atomic::AtomicBool,
) -> Option<Vec<(G::Move, u64)>> {
    let mut list = MoveList::new(filler);
    pos.generate(GenKind::All, &mut list);
    let mut out = Vec::with_capacity(list.len());
    for m in list.iter() {
        pos.make(m);
        let n = perft_until(pos, depth.saturating_sub(1), filler, stop);
        pos.unmake();
        out.push((m, n?));
    }
    Some(out)
}

fn perft_until<G: Game>(
    pos: &mut G,
    depth: u32,
    filler: G::Move,
    stop: &std::sync::atomic::AtomicBool,
) -> Option<u64> {
    if depth <= 2 {
        return Some(perft(pos, depth, filler));
    }
    if stop.load(std::sync::atomic::Ordering::Relaxed) {
        return None;
    }
    let mut list = MoveList::new(filler);
    pos.generate(GenKind::All, &mut list);
    let mut total = 0;
    for m in list.iter() {
        pos.make(m);
        let n = perft_until(pos, depth - 1, filler, stop);
        pos.unmake();
        total += n?;
    }
    Some(total)
}
