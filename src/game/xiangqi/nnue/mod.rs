//! A neural evaluation (NNUE) for Xiangqi, the first step of issue 13: the input features, the
//! net file format, quantised integer inference and the accumulators that make/unmake keep
//! up to date. It lives under `xiangqi/` because every part of it (the 90 points, the 14
//! piece kinds, the king's palace files that decide the mirror) is Xiangqi's; the search
//! only ever sees `Game::evaluate`.
//!
//! The trainer (`crate::train`) uses `features` from here, so that trainer and engine cannot
//! disagree about what an input is. A position evaluates with a net only after
//! `Position::set_net`; without one, the classical evaluation runs and make/unmake pay one
//! untaken branch.

mod accumulator;
pub mod builtin;
pub mod features;
pub mod file;
mod kernels;
mod net;
#[cfg(test)]
mod tests;

pub use accumulator::Accumulators;
pub use file::{NetError, fingerprint};
pub use net::{Net, NetHeader};

use super::position::Position;
use super::types::Move;
use std::sync::Arc;

impl Position {
    /// Evaluates with `net` from now on, or with the classical evaluation when `None`. The
    /// accumulators are built at the root and the moves since replayed, so every state has
    /// its pair and the moves can be taken back.
    pub fn set_net(&mut self, net: Option<Arc<Net>>) {
        self.nnue = None;
        let Some(net) = net else {
            return;
        };
        // Back to the root, attach there, and replay: every state gets its pair.
        let history: Vec<Option<Move>> = self.states[1..].iter().map(|s| s.mv).collect();
        for _ in &history {
            self.unmake();
        }
        self.nnue = Some(Box::new(Accumulators::new(net, &self.board, self.kings)));
        for mv in history {
            match mv {
                Some(m) => self.make(m),
                None => self.make_null(),
            }
        }
    }

    /// How much of the evaluation is the net's, in percent (with a net attached; 100 until
    /// set): the rest is the classical evaluation's. A blend of the two was measured to play
    /// better than either while the net's data is small (README, Neural evaluation).
    pub fn set_net_blend(&mut self, percent: u8) {
        if let Some(acc) = self.nnue.as_deref_mut() {
            acc.set_blend(percent);
        }
    }

    /// The net this position evaluates with, if any.
    pub fn net(&self) -> Option<&Arc<Net>> {
        self.nnue.as_deref().map(Accumulators::net)
    }

    /// The net's accumulators, if a net is attached (for tests and tools).
    pub fn accumulators(&self) -> Option<&Accumulators> {
        self.nnue.as_deref()
    }
}
