//! `jiangjun book`: building books from PGN games and probing them. The book formats and
//! the choice of a move are the engine's (`jiangjun_engine::book`).

pub mod build;
pub mod tool;

#[cfg(test)]
mod tests;
