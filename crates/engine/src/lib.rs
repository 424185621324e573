//! jiangjun's engine: the evaluations (classical and the net), the search and its table and
//! clock, the engine facade that runs searches on threads, opening books, and the protocol
//! session that speaks UCCI and UCI. It is built on `jiangjun-rules` and knows nothing of the
//! tools or the command line.

pub mod bench;
pub mod book;
pub mod build_info;
pub mod engine;
pub mod eval;
pub mod evaluation;
pub mod game;
pub mod nnue;
pub mod protocol;
pub mod search;
pub mod time;
pub mod tt;
pub mod wdl;
