//! The tools end to end, through the binary: the match runner (games, faults, offers, interrupts, chess), the terminal game, books, the command line, and the scripts that drive the binary (SPSA, speed).
//!
//! One test binary per layer, its files as modules: linking one binary instead of one per file
//! is most of what the integration tests cost to build.

#[path = "../common/mod.rs"]
mod common;
#[path = "../match_support/mod.rs"]
mod match_support;

mod book;
mod cli;
mod match_chess;
mod match_faults;
mod match_games;
mod match_interrupt;
mod match_offers;
mod play_interrupt;
mod play_tty;
mod reproduce;
mod speed;
mod spsa;
