//! `bench`: a fixed search of fixed positions on one thread with a fresh table, so that the
//! total node count is a signature of the search's behaviour (any functional change changes
//! it) and nodes per second a measure of its speed. `fixed_depth` is the one way the tools
//! run a search without the protocol.

use crate::evaluation::Evaluation;
use crate::game::EngineGame;
use crate::search::{self, Job, Noise, Report, Shared};
use crate::time::{Deadline, Limits};
use crate::tt::Tt;
use jiangjun_rules::{GenKind, MoveList};
use std::sync::atomic::{AtomicBool, AtomicU64};
use std::time::{Duration, Instant};

pub const DEFAULT_DEPTH: u32 = 9;

/// Openings, middlegames and endgames, from the project's perft and opening sets.
pub const XIANGQI_POSITIONS: [&str; 12] = [
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

/// Chess: the start position, the perft suite's Kiwipete and endgame positions, and
/// middlegames and endgames from Stockfish's bench list (castling, promotion and en passant
/// all occur in these trees).
pub const CHESS_POSITIONS: [&str; 10] = [
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

pub struct BenchResult {
    pub nodes: u64,
    pub elapsed: Duration,
}

impl BenchResult {
    pub fn nps(&self) -> u64 {
        (self.nodes as f64 / self.elapsed.as_secs_f64().max(1e-9)) as u64
    }
}

/// One search of `pos` to `depth` on one thread, with whatever `tt` holds: what `bench` does
/// for each position, and what `jiangjun openings` scores candidate positions with.
pub fn fixed_depth<G: EngineGame>(tt: &Tt, pos: G, depth: u32) -> Report<G::Move> {
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    search_once(pos, &limits, tt)
}

/// One untimed search of `pos` on one thread to `limits` (a depth or a node count), over all
/// legal moves, with no events: the way tools (bench, self-play) ask the search for a move.
pub fn search_once<G: EngineGame>(pos: G, limits: &Limits, tt: &Tt) -> Report<G::Move> {
    search_once_until(pos, limits, tt, &AtomicBool::new(false))
}

/// `search_once` that also ends when `stop` is raised (from another thread or a signal
/// handler), with the best move found so far.
pub fn search_once_until<G: EngineGame>(
    pos: G,
    limits: &Limits,
    tt: &Tt,
    stop: &AtomicBool,
) -> Report<G::Move> {
    let counter = AtomicU64::new(0);
    let deadline = Deadline::new(limits, Duration::ZERO);
    let mut list = MoveList::new(G::NULL_MOVE);
    pos.generate(GenKind::All, &mut list);
    let job = Job {
        pos,
        root_moves: list.as_slice().to_vec(),
        threads: 1,
        multipv: 1,
        shared: Shared {
            tt,
            stop,
            nodes: &counter,
            deadline: &deadline,
            limits,
            noise: Noise::default(),
        },
        memory: None,
    };
    search::search(job, &|_| {})
}

/// Searches each of `fens` (a game's bench positions) to `depth` with `evaluation`, each with
/// a cleared table, and returns the total nodes and the time spent searching. Clearing the
/// 16 MB table before each position is left out of the time, as Stockfish's bench restarts its
/// clock after clearing: with trees of 10,000 nodes the twelve clears were about a sixth of the
/// time, and nodes per second is meant to measure the search.
pub fn run_positions<G: EngineGame>(
    fens: &[&str],
    depth: u32,
    evaluation: &Evaluation,
) -> BenchResult {
    let tt = Tt::new(16);
    let mut nodes = 0;
    let mut elapsed = Duration::ZERO;
    for fen in fens {
        let Ok(mut pos) = G::from_fen(fen) else {
            log::error!("bench position does not parse: {fen}");
            continue;
        };
        pos.set_evaluation(evaluation);
        tt.clear();
        let start = Instant::now();
        nodes += fixed_depth(&tt, pos, depth).nodes;
        elapsed += start.elapsed();
    }
    BenchResult { nodes, elapsed }
}
