//! The engine as a GUI meets it: searches (rules inside the tree, MultiPV, a stopped search's score, a panicking search), the recorded GUI sessions of protocol-transcripts/, hash memory, net files, strength limits, analysis that holds its answer, and start-up.
//!
//! One test binary per layer, its files as modules: linking one binary instead of one per file
//! is most of what the integration tests cost to build.

#[path = "../common/mod.rs"]
mod common;

mod analysis_hold;
mod bestmove_pv;
mod chess_search;
mod evalfile;
mod hash_memory;
mod mates;
mod multipv;
mod search_panic;
mod search_rules;
mod startup;
mod stderr_unread;
mod stopped_score;
mod strength;
mod transcripts;
