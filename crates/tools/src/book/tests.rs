//! Books built from the test games (`tests/data/book/games.pgn`, 20 games of a match against
//! Fairy-Stockfish cut to 24 plies): lookups in both formats, mirror images, and the books and
//! damaged files kept in `tests/data/book/`.

use super::build::{self, BuildSettings, build};
use crate::arbiter::pgn;
use jiangjun_engine::book::key::{self, mirror_move};
use jiangjun_engine::book::{Book, BookError, Candidate, Entry, Format, eleeye, own};
use jiangjun_rules::xiangqi::{Move, Position};
use std::path::Path;

const GAMES: &str = include_str!("../../../../tests/data/book/games.pgn");
const SMALL_OWN: &[u8] = include_bytes!("../../../../tests/data/book/small.jjbook");
const SMALL_ELEEYE: &[u8] = include_bytes!("../../../../tests/data/book/small.dat");
/// The book shipped inside the engine, and the games it is built from (kept beside it).
const SHIPPED: &[u8] = include_bytes!("../../../engine/src/book/builtin.jjbook");
const SHIPPED_GAMES: &str = include_str!("../../../engine/src/book/builtin.pgn");

/// The position after `moves` (ICCS) from the start.
pub(super) fn played(moves: &[&str]) -> Position {
    let mut pos = Position::startpos();
    for m in moves {
        let mv = pos.parse_move(m).expect("legal in the test line");
        pos.make(mv);
    }
    pos
}

/// The settings the kept books were built with: `jiangjun book build --pgn
/// tests/data/book/games.pgn --min-games 1 --out …` (and `--format eleeye`).
fn settings() -> BuildSettings {
    BuildSettings {
        min_games: 1,
        ..BuildSettings::default()
    }
}

fn built() -> build::Built {
    build(&pgn::read(GAMES).expect("the test games read"), settings())
}

/// Every position of the test games, up to the plies the book reads.
fn positions() -> Vec<Position> {
    let mut out = Vec::new();
    for game in pgn::read(GAMES).expect("the test games read") {
        let mut pos = Position::startpos();
        for text in game.moves.iter().take(settings().plies) {
            out.push(pos.clone());
            let mv = pos.parse_move(text).expect("the test games are legal");
            pos.make(mv);
        }
    }
    out
}

/// `pos` mirrored left to right, through its FEN (the board part's ranks reversed).
fn mirrored(pos: &Position) -> Position {
    let fen = pos.to_fen();
    let (board, rest) = fen.split_once(' ').expect("a FEN has fields");
    let ranks: Vec<String> = board
        .split('/')
        .map(|rank| {
            let mut cells = String::new();
            for c in rank.chars() {
                match c.to_digit(10) {
                    Some(n) => (0..n).for_each(|_| cells.push('.')),
                    None => cells.push(c),
                }
            }
            let mut out = String::new();
            let mut empty = 0;
            for c in cells.chars().rev() {
                if c == '.' {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    out.push_str(&empty.to_string());
                    empty = 0;
                }
                out.push(c);
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            out
        })
        .collect();
    Position::from_fen(&format!("{} {rest}", ranks.join("/"))).expect("a mirror image is valid")
}

fn listed(found: &[Candidate]) -> Vec<(Move, u16)> {
    found.iter().map(|c| (c.mv, c.weight)).collect()
}

#[test]
fn the_kept_books_are_what_the_builder_makes() {
    // If the builder changes, rebuild them with the commands of `settings`.
    let b = built();
    assert_eq!(SMALL_OWN, own::write(&b.entries, true).as_slice());
    assert_eq!(SMALL_ELEEYE, eleeye::write(&b.entries).as_slice());
    assert!(b.skipped.is_empty(), "{:?}", b.skipped);
}

#[test]
fn the_shipped_book_is_rebuilt_from_its_games_byte_for_byte() {
    // docs/books.md: `jiangjun book build --pgn crates/engine/src/book/builtin.pgn
    // --out crates/engine/src/book/builtin.jjbook --min-games 2 --plies 20`.
    let games = pgn::read(SHIPPED_GAMES).expect("the shipped book's games read");
    let settings = BuildSettings {
        min_games: 2,
        plies: 20,
        mirror: true,
    };
    let b = build(&games, settings);
    assert!(b.skipped.is_empty(), "{:?}", b.skipped);
    assert_eq!(SHIPPED, own::write(&b.entries, true).as_slice());
}

#[test]
fn the_formats_are_told_apart_and_answer_alike() {
    let own = Book::from_bytes(SMALL_OWN).expect("a good book");
    let ee = Book::from_bytes(SMALL_ELEEYE).expect("a good book");
    assert_eq!(
        (own.format(), ee.format()),
        (Format::Jiangjun, Format::ElephantEye)
    );
    assert_eq!(own.len(), ee.len());
    let mut answered = 0;
    for pos in positions() {
        let (a, b) = (own.probe(&pos), ee.probe(&pos));
        assert_eq!(listed(&a), listed(&b), "{}", pos.to_fen());
        assert!(a.iter().all(|c| c.games.is_some_and(|g| g > 0)));
        assert!(b.iter().all(|c| c.games.is_none()));
        answered += usize::from(!a.is_empty());
    }
    // A position is missing only where every move played from it lost.
    assert!(answered > positions().len() / 4, "{answered}");
    let start = own.probe(&Position::startpos());
    assert!(start.len() >= 10, "{start:?}");
    assert!(start.windows(2).all(|w| w[0].weight >= w[1].weight));
}

#[test]
fn a_position_and_its_mirror_image_get_mirrored_moves() {
    let book = Book::from_bytes(SMALL_OWN).expect("a good book");
    let mut through_mirror = 0;
    for pos in positions() {
        let image = mirrored(&pos);
        let direct = book.probe(&pos);
        let mut from_image: Vec<(Move, u16)> = book
            .probe(&image)
            .iter()
            .map(|c| (mirror_move(c.mv), c.weight))
            .collect();
        let mut direct = listed(&direct);
        direct.sort();
        from_image.sort();
        assert_eq!(direct, from_image, "{}", pos.to_fen());
        through_mirror += usize::from(key::BookKey::of(&pos) > key::BookKey::of(&image));
    }
    // Both halves of the rule were exercised: positions stored as themselves and as images.
    assert!(through_mirror > 10, "{through_mirror}");
}

#[test]
fn records_of_elephanteyes_own_book_answer_as_elephanteye_does() {
    // Eight records of ElephantEye's book as XiangQi Wizard Light lists them (lock >> 1, move,
    // weight): the start position (43199338) and the position after h2e2, filed as its mirror
    // image (701182503). The lock's low bit, which that list drops, is taken from our key; the
    // bytes are laid out here by hand, not by our writer.
    let (start, after) = (Position::startpos(), played(&["h2e2"]));
    let (a, b) = (
        key::BookKey::of(&start).lock(),
        key::BookKey::of_mirror(&after).lock(),
    );
    assert_eq!((a >> 1, b >> 1), (43_199_338, 701_182_503));
    let records: [(u32, u16, u16); 8] = [
        (a, 34_197, 546),
        (a, 35_225, 546),
        (a, 42_916, 1473),
        (a, 42_922, 1473),
        (b, 21_812, 761),
        (b, 22_356, 97),
        (b, 22_362, 1),
        (b, 22_842, 172),
    ];
    let mut bytes = Vec::new();
    for (lock, mv, weight) in records {
        bytes.extend_from_slice(&lock.to_le_bytes());
        bytes.extend_from_slice(&mv.to_le_bytes());
        bytes.extend_from_slice(&weight.to_le_bytes());
    }
    let book = Book::from_bytes(&bytes).expect("a good BOOK.DAT");
    assert_eq!(book.format(), Format::ElephantEye);
    let shown = |pos: &Position| -> Vec<(String, u16)> {
        book.probe(pos)
            .iter()
            .map(|c| (c.mv.to_string(), c.weight))
            .collect()
    };
    let expect = |list: &[(&str, u16)]| -> Vec<(String, u16)> {
        list.iter().map(|&(m, w)| (m.to_string(), w)).collect()
    };
    assert_eq!(
        shown(&start),
        expect(&[("b2e2", 1473), ("h2e2", 1473), ("c3c4", 546), ("g3g4", 546)])
    );
    // Found through the mirror image and mirrored back: the horse to g7 first.
    assert_eq!(
        shown(&after),
        expect(&[("h9g7", 761), ("b9c7", 172), ("h7e7", 97), ("b7e7", 1)])
    );
}

#[test]
fn moves_stored_under_a_shared_lock_are_kept_only_where_legal() {
    // A BOOK.DAT names a position by 32 bits; a move of another position under the same lock
    // (here h0h9, a rook through its own pieces) is dropped, the legal ones stay.
    let start = Position::startpos();
    let lock = key::BookKey::of(&start).lock();
    let entry = |text: &str, weight| Entry {
        key: key::BookKey::from_lock(lock),
        mv: key::BookMove::of(
            jiangjun_rules::xiangqi::notation::parse_squares(text, 0).expect("well-formed"),
        ),
        weight,
        games: None,
    };
    let mut entries = vec![entry("h2e2", 5), entry("h0h9", 9)];
    entries.sort_by_key(|e| e.mv);
    let book = Book::from_bytes(&eleeye::write(&entries)).expect("a good book");
    let found = book.probe(&start);
    assert_eq!(found.len(), 1);
    assert_eq!(
        (found[0].mv.to_string(), found[0].weight),
        ("h2e2".into(), 5)
    );
}

#[test]
fn the_kept_damaged_books_are_refused() {
    /// A kept file and the kind of damage it must be refused for.
    type Case = (&'static [u8], fn(&BookError) -> bool);
    let cases: [Case; 4] = [
        (
            include_bytes!("../../../../tests/data/book/truncated.jjbook"),
            |e| matches!(e, BookError::Truncated { .. }),
        ),
        (
            include_bytes!("../../../../tests/data/book/corrupt.jjbook"),
            |e| matches!(e, BookError::Checksum { .. }),
        ),
        (
            include_bytes!("../../../../tests/data/book/truncated.dat"),
            |e| matches!(e, BookError::Truncated { .. }),
        ),
        (
            include_bytes!("../../../../tests/data/book/unsorted.dat"),
            |e| matches!(e, BookError::NotSorted { .. }),
        ),
    ];
    for (i, (bytes, expected)) in cases.iter().enumerate() {
        match Book::from_bytes(bytes) {
            Err(e) => assert!(expected(&e), "case {i}: {e}"),
            Ok(_) => panic!("case {i}: a damaged book was accepted"),
        }
    }
    let missing = Book::load(Path::new("tests/data/book/no-such-book.dat"));
    assert!(matches!(missing, Err(BookError::Io(_))));
}
