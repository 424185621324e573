//! A neural evaluation (NNUE) for Xiangqi: the input features, the net file format,
//! quantised integer inference and the accumulators that make/unmake keep up to date. Every
//! part of it (the 90 points, the 14 piece kinds, the king's palace files that decide the
//! mirror) is Xiangqi's; the search only ever sees `EngineGame::evaluate`.
//!
//! The trainer (`jiangjun_tools::train`) uses `features` from here, so that trainer and engine
//! cannot disagree about what an input is. A position evaluates with a net only after
//! `game::Xiangqi::set_net`; without one, the classical evaluation runs and make/unmake pay one
//! untaken branch.

mod accumulator;
pub mod builtin;
pub mod features;
pub mod file;
mod kernels;
mod net;

pub use accumulator::Accumulators;
pub use file::{NetError, fingerprint};
pub use net::{Activation, Net, NetHeader, output_bucket};
