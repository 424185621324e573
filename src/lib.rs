//! jiangjun: a Xiangqi engine. The library holds the games' rules, the search and the
//! protocols; `main.rs` only picks what to run.

pub mod game;
pub mod judge;
pub mod perft;
