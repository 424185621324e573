//! jiangjun: a Xiangqi engine. The library holds the games' rules, the search and the
//! protocols; `main.rs` only picks what to run.

pub mod bench;
pub mod book;
pub mod cli;
pub mod datagen;
pub mod engine;
pub mod game;
pub mod judge;
pub mod matches;
pub mod perft;
pub mod play;
pub mod protocol;
pub mod random;
pub mod search;
pub mod selfplay;
pub mod time;
pub mod train;
pub mod tt;
pub mod tune;
pub mod wdl;
