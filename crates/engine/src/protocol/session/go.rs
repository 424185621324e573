//! `go`: the root moves (`searchmoves`, `banmoves`), a book move if the book answers, and a
//! search started on the engine: of the book move alone, or of every root move.

use super::super::book;
use super::super::command::Go;
use super::{Dialect, Session};
use crate::game::EngineGame;
use crate::search::Noise;
use std::io::Write;

impl<G: EngineGame, D: Dialect, W: Write> Session<G, D, W> {
    pub(super) fn go(&mut self, go: Go) {
        for w in &go.warnings {
            self.report(w);
        }
        if self.refused {
            // Searching the position before the refused one would answer for a position the
            // GUI did not mean, and a benchmark would record that answer as this one's.
            self.report("go: the last position command was refused; answering without a move");
            let line = self.dialect.bestmove(None, None, false);
            self.send(&line);
            return;
        }
        let pos = self.engine.position().clone();
        let mut root = self.engine.legal_moves();
        if root.is_empty() {
            // The game is over on the board: GUIs are told how at once, as Stockfish does; the
            // empty answer follows as the limits say (under `infinite`, after `stop`).
            let lost = matches!(pos.no_moves_outcome(), jiangjun_rules::Outcome::Loss(_));
            if let Some(line) = self.dialect.no_legal_move(lost) {
                self.send(&line);
            }
        }
        if !go.searchmoves.is_empty() {
            let mut wanted = Vec::new();
            for m in &go.searchmoves {
                match pos.parse_move(m) {
                    Ok(mv) => wanted.push(mv),
                    Err(e) => self.report(&format!("go searchmoves: {m}: {e}")),
                }
            }
            if wanted.is_empty() {
                self.report("go searchmoves: no legal move given; searching all moves");
            } else {
                root.retain(|m| wanted.contains(m));
            }
        }
        root.retain(|m| !self.banned.contains(m));
        self.draw_offered = go.draw;
        // A book move is still searched, alone, to the `go`'s limits: the search's lines then
        // lead with the move played (bestmove and PV agree), and the next search starts from
        // a warm table and histories. Answered at once, the book's side lost games at
        // 10 s + 0.1 s that its moves did not explain (docs/results.md, "The book's loss").
        let booked = book::reply(&self.book, &self.dialect, &pos, &go, &root, seed());
        // (A book move that is the only move left is searched briefly, as any forced move.)
        let whole_budget = booked.is_some() && root.len() > 1;
        if let Some((mv, lines)) = booked {
            lines.iter().for_each(|l| self.send(l));
            root = vec![mv];
        }
        let noise = Noise {
            amplitude: self.randomness,
            seed: seed(),
        };
        self.last_line = None;
        if !self.engine.go(go.limits, root, noise, whole_budget) {
            self.report("go: could not start a search");
            let line = self.dialect.bestmove(None, None, false);
            self.send(&line);
        }
    }
}

/// A seed that differs from one `go` to the next (book choice, evaluation noise).
fn seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}
