//! The opening book as the protocol uses it: the options (UCCI `usebook`, `bookfiles`,
//! `bookvariety`; UCI `OwnBook`, `BookFile`, `BookVariety`), the loaded books, and the choice
//! of a book move for a `go`, which the search then thinks about alone. Books are Xiangqi books;
//! a chess session keeps the settings (for a switch back) and never consults them.

use super::command::Go;
use super::session::Dialect;
use crate::book::choose::{Variety, choose};
use crate::book::{Book, builtin};
use crate::game::EngineGame;
use jiangjun_rules::GameKind;
use std::sync::Arc;

/// The book settings and books of a session.
#[derive(Clone, Debug, Default)]
pub struct BookUse {
    pub enabled: bool,
    pub variety: Variety,
    /// The books in the order given; the first that knows a position answers.
    books: Vec<(String, Arc<Book>)>,
}

/// A book move chosen for a `go`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookAnswer<M> {
    pub best: M,
    /// Every candidate (move, weight), heaviest first.
    pub candidates: Vec<(M, u16)>,
    /// The file the moves came from.
    pub file: String,
}

/// A book answer in the game's move text, for the dialect to show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShownBook {
    pub best: String,
    pub candidates: Vec<(String, u16)>,
    pub file: String,
}

impl ShownBook {
    pub fn new<G: EngineGame>(a: &BookAnswer<G::Move>, pos: &G) -> ShownBook {
        ShownBook {
            best: pos.format_move(a.best),
            candidates: a
                .candidates
                .iter()
                .map(|&(m, w)| (pos.format_move(m), w))
                .collect(),
            file: a.file.clone(),
        }
    }
}

/// A random number for the book's choice from a clock reading (`seed`): SplitMix64's
/// finaliser, so that nearby readings give unrelated rolls.
pub fn roll(seed: u64) -> u64 {
    let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// What loading a list of book files did, for the user.
pub enum Loaded {
    Book(String),
    Failed(String),
}

impl BookUse {
    pub fn new(enabled: bool) -> BookUse {
        BookUse {
            enabled,
            ..BookUse::default()
        }
    }

    /// The books a session starts with: the shipped book (`bookfiles`/`BookFile` default to
    /// `<builtin>`), consulted once the dialect's switch is on (UCCI's `usebook` is, UCI's
    /// `OwnBook` is not).
    pub fn shipped(enabled: bool) -> BookUse {
        let mut b = BookUse::new(enabled);
        match builtin::load(builtin::NAME) {
            Ok(book) => b.books.push((builtin::NAME.to_string(), book)),
            // Checked by a test: the shipped book always reads.
            Err(e) => log::error!("the shipped book does not read: {e}"),
        }
        b
    }

    /// Loads the books of a `;`-separated list of files (empty: no book), replacing those
    /// loaded before, for a session of `G`. A file that cannot be used is reported and left
    /// out; the others load.
    pub fn set_files<G: EngineGame>(&mut self, list: &str) -> Vec<Loaded> {
        self.books.clear();
        let mut report = Vec::new();
        for file in list.split(';').map(str::trim).filter(|f| !f.is_empty()) {
            match builtin::load(file) {
                Ok(book) => {
                    report.push(Loaded::Book(format!(
                        "book {file}: {} moves, {}",
                        book.len(),
                        book.format()
                    )));
                    self.books.push((file.to_string(), book));
                }
                Err(e) => report.push(Loaded::Failed(format!(
                    "book {file}: {e}; playing on without it"
                ))),
            }
        }
        if G::KIND != GameKind::Xiangqi && self.has_books() {
            report.push(Loaded::Failed(format!(
                "the books are Xiangqi books: {} is played without them",
                G::NAME
            )));
        }
        report
    }

    pub fn has_books(&self) -> bool {
        !self.books.is_empty()
    }

    /// The book move to play in `pos` among `root` (the legal moves left after `searchmoves`
    /// and `banmoves`), `roll` being a random number; `None` when the book is off or has no
    /// move for it. A move that would repeat a position (a rule could decide the game) is not
    /// played from the book, as in ElephantEye.
    pub fn answer<G: EngineGame>(
        &self,
        pos: &G,
        root: &[G::Move],
        roll: u64,
    ) -> Option<BookAnswer<G::Move>> {
        if !self.enabled {
            return None;
        }
        for (file, book) in &self.books {
            let candidates: Vec<(G::Move, u16)> = G::book_moves(pos, book)
                .into_iter()
                .filter(|(m, _)| root.contains(m) && !repeats(pos, *m))
                .collect();
            let weights: Vec<u16> = candidates.iter().map(|&(_, w)| w).collect();
            let Some(i) = choose(&weights, self.variety, roll) else {
                continue;
            };
            // (No ponder move from the book: the search of `best` gives one.)
            return Some(BookAnswer {
                best: candidates[i].0,
                candidates,
                file: file.clone(),
            });
        }
        None
    }
}

/// A book move for a `go` and what the dialect says of the choice (the lines to send before
/// the search of the move), or `None` to search every move: no book move among `root`, or a
/// search the book cannot stand in for (analysis with `infinite`, pondering, a mate search).
/// `seed` varies the choice.
pub fn reply<G: EngineGame, D: Dialect>(
    book: &BookUse,
    dialect: &D,
    pos: &G,
    go: &Go,
    root: &[G::Move],
    seed: u64,
) -> Option<(G::Move, Vec<String>)> {
    let l = &go.limits;
    if l.infinite || l.ponder || l.mate.is_some() {
        return None;
    }
    let answer = book.answer(pos, root, roll(seed))?;
    let shown = ShownBook::new(&answer, pos);
    log::info!("book move {} from {}", shown.best, shown.file);
    Some((answer.best, dialect.book(&shown)))
}

fn repeats<G: EngineGame>(pos: &G, m: G::Move) -> bool {
    let mut after = pos.clone();
    after.make(m);
    after.rule_outcome().is_some()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Chess, EngineGame, Xiangqi};
    use jiangjun_rules::{Game, GenKind, MoveList};
    use std::path::Path;

    /// A file of the repository's test books (the tests run in the crate's folder).
    fn data(name: &str) -> String {
        format!(
            "{}/../../tests/data/book/{name}",
            env!("CARGO_MANIFEST_DIR")
        )
    }

    fn loaded(variety: Variety) -> BookUse {
        let mut b = BookUse::new(true);
        b.variety = variety;
        let report = b.set_files::<Xiangqi>(&data("small.jjbook"));
        assert!(matches!(report.as_slice(), [Loaded::Book(_)]));
        b
    }

    fn legal(pos: &Xiangqi) -> Vec<jiangjun_rules::xiangqi::Move> {
        let mut list = MoveList::new(Xiangqi::NULL_MOVE);
        pos.generate(GenKind::All, &mut list);
        list.as_slice().to_vec()
    }

    #[test]
    fn the_book_move_comes_from_the_moves_left_to_play() {
        let b = loaded(Variety::None);
        let start = Xiangqi::startpos();
        let book = Book::load(Path::new(&data("small.jjbook"))).expect("the test book loads");
        let heaviest = book.probe(&start);
        assert!(heaviest.len() >= 2);
        let all = legal(&start);
        let a = b.answer(&start, &all, 0).expect("the start is in the book");
        assert_eq!(a.best, heaviest[0].mv);
        assert_eq!(a.candidates.len(), heaviest.len());
        // `banmoves`/`searchmoves` took the heaviest away: the next one.
        let rest: Vec<_> = all.into_iter().filter(|&m| m != heaviest[0].mv).collect();
        let a = b.answer(&start, &rest, 0).expect("still in the book");
        assert_eq!(a.best, heaviest[1].mv);
        // Off: no answer.
        let mut off = b.clone();
        off.enabled = false;
        assert_eq!(off.answer(&start, &rest, 0), None);
    }

    #[test]
    fn a_position_outside_the_book_gets_no_answer() {
        let b = loaded(Variety::Medium);
        let pos = Xiangqi::from_fen("3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1").expect("valid");
        assert_eq!(b.answer(&pos, &legal(&pos), 7), None);
    }

    #[test]
    fn damaged_and_missing_files_are_reported_and_the_good_ones_load() {
        let mut b = BookUse::new(true);
        let files = format!(
            " {} ;{};;no-such-book.dat",
            data("corrupt.jjbook"),
            data("small.dat")
        );
        let report = b.set_files::<Xiangqi>(&files);
        let kinds: Vec<bool> = report
            .iter()
            .map(|r| matches!(r, Loaded::Book(_)))
            .collect();
        assert_eq!(kinds, [false, true, false]);
        assert!(b.has_books());
        assert!(b.set_files::<Xiangqi>("").is_empty());
        assert!(!b.has_books());
    }

    #[test]
    fn a_session_starts_with_the_shipped_book() {
        let b = BookUse::shipped(true);
        assert!(b.has_books());
        let start = Xiangqi::startpos();
        assert!(b.answer(&start, &legal(&start), 0).is_some());
        assert!(
            BookUse::shipped(false)
                .answer(&start, &legal(&start), 0)
                .is_none()
        );
    }

    #[test]
    fn a_chess_session_is_told_the_books_are_not_for_it() {
        let mut b = BookUse::new(true);
        let report = b.set_files::<Chess>(&data("small.jjbook"));
        assert!(
            matches!(report.last(), Some(Loaded::Failed(t)) if t.contains("Xiangqi books")),
            "{}",
            report.len()
        );
        let start = Chess::startpos();
        let mut list = MoveList::new(Chess::NULL_MOVE);
        start.generate(GenKind::All, &mut list);
        assert_eq!(b.answer(&start, list.as_slice(), 0), None);
    }

    #[test]
    fn under_ucci_the_last_book_line_is_the_move_played() {
        // GUIs take the last `info … pv` for the move played; the candidates come heaviest
        // first, so a lighter move drawn is shown once more, last.
        let b = loaded(Variety::Large);
        let start = Xiangqi::startpos();
        let all = legal(&start);
        let ucci = super::super::ucci::Ucci::new(Xiangqi::MINOR_PIECE_VALUE);
        let mut played = std::collections::HashSet::new();
        for roll in 0..200u64 {
            let (mv, lines) = reply(&b, &ucci, &start, &Go::default(), &all, roll).expect("a move");
            let best = start.format_move(mv);
            let line = lines.last().expect("a book line");
            assert_eq!(line.split_whitespace().last(), Some(&*best), "{lines:?}");
            played.insert(best);
        }
        assert!(
            played.len() > 2,
            "large variety draws more than two moves: {played:?}"
        );
    }

    #[test]
    fn the_reply_is_a_root_move_and_the_dialects_lines_and_never_for_analysis() {
        let b = loaded(Variety::None);
        let start = Xiangqi::startpos();
        let all = legal(&start);
        let ucci = super::super::ucci::Ucci::new(Xiangqi::MINOR_PIECE_VALUE);
        let (mv, lines) = reply(&b, &ucci, &start, &Go::default(), &all, 1).expect("a book move");
        assert!(all.contains(&mv));
        assert!(!lines.is_empty());
        assert!(lines.iter().all(|l| l.starts_with("info depth 0 score ")));
        assert!(lines.iter().all(|l| !l.starts_with("bestmove")));
        let analyses: [fn(&mut Go); 3] = [
            |g| g.limits.infinite = true,
            |g| g.limits.ponder = true,
            |g| g.limits.mate = Some(3),
        ];
        for analysis in analyses {
            let mut go = Go::default();
            analysis(&mut go);
            assert_eq!(reply(&b, &ucci, &start, &go, &all, 1), None);
        }
    }
}
