//! Hostile input never crashes or blocks: random bytes and mutated lines into the FEN, move and protocol parsers, and numbers out of every range. CI runs this binary a second time on a debug build, where arithmetic overflow panics.
//!
//! One test binary per layer, its files as modules: linking one binary instead of one per file
//! is most of what the integration tests cost to build.

#[path = "../common/mod.rs"]
mod common;

mod chess_fuzz;
mod fuzz;
mod outside_numbers;
mod protocol_fuzz;
