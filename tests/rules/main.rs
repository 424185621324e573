//! The rules crate through its public interface: perft against the reference counts, properties of random games in both games, the repetition rulings, the game-ending rules, and `jiangjun judge`.
//!
//! One test binary per layer, its files as modules: linking one binary instead of one per file
//! is most of what the integration tests cost to build.

#[path = "../common/mod.rs"]
mod common;

mod chess_perft;
mod chess_properties;
mod game;
mod judge;
mod perft;
mod properties;
mod repetition;
