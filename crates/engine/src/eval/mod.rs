//! The classical evaluations, one per game, and what they share with the tuner (`linear`).

pub mod chess;
pub mod linear;
pub mod report;
pub mod xiangqi;
