//! jiangjun's tools for people and scripts: the match runner and its arbiter, the client of
//! other engine processes, the terminal game, self-play and data generation, the trainer and
//! the tuner, book building, opening selection, perft, bench and judge. Each tool's settings
//! are a clap `Args` struct beside it; the command line (the `jiangjun` binary) only puts them
//! under one command.

pub mod arbiter;
pub mod args;
pub mod bench;
pub mod book;
pub mod clock;
pub mod datagen;
pub mod distill;
pub mod judge;
pub mod matches;
pub mod openings;
pub mod perft;
pub mod play;
pub mod process;
pub mod progress;
pub mod selfplay;
pub mod train;
pub mod tune;
