//! What the protocol says differently for each game: its `UCI_Variant` name, how `d` numbers
//! the ranks, and which positions `bench` searches. The rules themselves stay in `Game`; this
//! is text and tooling, so it lives with the protocol rather than in the trait the search sees.

use crate::book::Book;
use crate::game::{Chess, SearchGame, Xiangqi};
use crate::nnue;
use crate::wdl::WdlModel;
use jiangjun_rules::{GameKind, xiangqi};
use std::sync::Arc;

/// A loaded neural evaluation (Xiangqi's: the only game with one).
pub type EvalNet = Arc<nnue::Net>;

/// `EvalBlend`'s default: with a net loaded, half the evaluation is the net's and half the
/// classical evaluation's, which played better than the net alone (README, Neural
/// evaluation). 100 is the net alone.
pub const DEFAULT_EVAL_BLEND: u8 = 50;

/// The net an engine starts with: the shipped one (`EvalFile` `<builtin>`). Were it not to
/// read, which a test of every build rules out, the engine would start classically and say so.
pub fn default_net() -> Option<EvalNet> {
    match nnue::builtin::load(nnue::builtin::NAME) {
        Ok(net) => Some(net),
        Err(e) => {
            log::warn!("the shipped net does not read ({e}); evaluating classically");
            None
        }
    }
}

/// A game the protocol can play, with the few facts its text needs.
pub trait Variant: SearchGame {
    /// The game's name in `UCI_Variant` and in messages.
    const NAME: &'static str;
    /// The number of the bottom rank in move text (Xiangqi's ICCS counts from 0, chess from 1),
    /// so that `d` labels the ranks as the moves name them.
    const FIRST_RANK: usize;
    /// The positions `bench` searches for this game.
    const BENCH: &'static [&'static str];
    /// Which of the games this is, to carry the choice across a switch.
    const KIND: GameKind;
    /// The win/draw/loss model `UCI_ShowWDL` shows, where one was fitted for the game.
    const WDL: Option<WdlModel>;
    /// The material share the model reads: 1 with every piece on the board, 0 with none.
    fn material_share(&self) -> f64;

    /// The moves `book` holds for this position, with their weights, heaviest first. Books
    /// are Xiangqi books: other games have none.
    fn book_moves(&self, _book: &Book) -> Vec<(Self::Move, u16)> {
        Vec::new()
    }

    /// Reads a net file for `EvalFile`; a game without a neural evaluation says so.
    fn load_net(_path: &str) -> Result<EvalNet, String> {
        Err(format!(
            "{}: there is no neural evaluation for this game",
            Self::NAME
        ))
    }

    /// Evaluates with `net` from now on, or classically when `None`; `blend` is the net's
    /// share in percent, the classical evaluation's the rest.
    fn use_net(&mut self, _net: Option<&EvalNet>, _blend: u8) {}
}

impl Variant for Xiangqi {
    const NAME: &'static str = GameKind::Xiangqi.name();
    const FIRST_RANK: usize = 0;
    const BENCH: &'static [&'static str] = &crate::bench::XIANGQI_POSITIONS;
    const KIND: GameKind = GameKind::Xiangqi;
    const WDL: Option<WdlModel> = Some(crate::wdl::XIANGQI);

    /// The evaluation's phase (rooks, horses and cannons), as the model was fitted on it.
    fn material_share(&self) -> f64 {
        f64::from(self.phase()) / f64::from(crate::eval::xiangqi::PHASE_MAX)
    }

    fn book_moves(&self, book: &Book) -> Vec<(xiangqi::Move, u16)> {
        book.probe(self).iter().map(|c| (c.mv, c.weight)).collect()
    }

    fn load_net(path: &str) -> Result<EvalNet, String> {
        match nnue::builtin::load(path) {
            Ok(net) => Ok(net),
            Err(e @ nnue::NetError::Io(_)) => Err(e.to_string()),
            Err(e) => Err(format!("{path}: {e}")),
        }
    }

    fn use_net(&mut self, net: Option<&EvalNet>, blend: u8) {
        Xiangqi::set_net(self, net.cloned());
        Xiangqi::set_net_blend(self, blend);
    }
}

impl Variant for Chess {
    const NAME: &'static str = GameKind::Chess.name();
    const FIRST_RANK: usize = 1;
    const BENCH: &'static [&'static str] = &crate::bench::CHESS_POSITIONS;
    const KIND: GameKind = GameKind::Chess;
    // No chess self-play data yet to fit one on (`jiangjun selfplay` is Xiangqi's).
    const WDL: Option<WdlModel> = None;

    fn material_share(&self) -> f64 {
        0.0
    }
}

/// The board for `d`, drawn from the FEN (rank by rank, top first, numbered as moves name them), then
/// the FEN and key.
pub fn display<G: Variant>(pos: &G) -> String {
    let fen = pos.to_fen();
    let board = fen.split_whitespace().next().unwrap_or("");
    let mut out = String::new();
    let rows: Vec<&str> = board.split('/').collect();
    for (i, row) in rows.iter().enumerate() {
        let mut line = format!("{} ", rows.len() - 1 - i + G::FIRST_RANK);
        for c in row.chars() {
            match c.to_digit(10) {
                Some(n) => (0..n).for_each(|_| line.push_str(" .")),
                None => {
                    line.push(' ');
                    line.push(c);
                }
            }
        }
        out.push_str(&line);
        out.push('\n');
    }
    let width = rows.first().map_or(0, |r| {
        r.chars().map(|c| c.to_digit(10).unwrap_or(1)).sum::<u32>()
    });
    out.push_str("  ");
    for f in 0..width {
        out.push(' ');
        out.push(char::from(b'a' + f.min(25) as u8));
    }
    out.push_str("\n\n");
    out.push_str(&format!(
        "Fen: {fen}\nKey: {:016X}\nCheckers: {}\n",
        pos.key(),
        if pos.in_check() { "yes" } else { "none" }
    ));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use jiangjun_rules::Game;

    #[test]
    fn every_game_is_found_by_its_name() {
        for k in GameKind::ALL {
            assert_eq!(GameKind::named(&k.name().to_uppercase()), Some(k));
        }
        assert_eq!(GameKind::named("shogi"), None);
    }

    #[test]
    fn every_bench_position_parses() {
        for f in Xiangqi::BENCH {
            assert!(Xiangqi::from_fen(f).is_ok(), "{f}");
        }
        for f in Chess::BENCH {
            assert!(Chess::from_fen(f).is_ok(), "{f}");
        }
    }
}
