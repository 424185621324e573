//! `jiangjun book build` and `jiangjun book probe` from the outside: a book built from the
//! test games in both formats lists the same moves, the kept books are what the command
//! writes, and a damaged or missing book is one clear line on stderr and exit code 1.

use crate::match_support::{JIANGJUN, workdir};
use std::process::{Command, Output};

const GAMES: &str = "tests/data/book/games.pgn";

fn jiangjun(args: &[&str]) -> Output {
    Command::new(JIANGJUN)
        .args(args)
        .output()
        .expect("jiangjun runs")
}

fn works(args: &[&str]) -> String {
    let o = jiangjun(args);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{args:?}: {err}");
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// The move lines of a probe: `MOVE  weight W  P%…`, without the games column.
fn moves(probe: &str) -> Vec<String> {
    probe
        .lines()
        .skip(1)
        .map(|l| l.split("  games").next().unwrap_or(l).to_string())
        .collect()
}

#[test]
fn a_book_built_from_games_lists_the_same_moves_in_both_formats() {
    let dir = workdir("book-build");
    let own = dir.join("games.jjbook");
    let ee = dir.join("games.dat");
    let own_s = own.to_string_lossy().into_owned();
    let ee_s = ee.to_string_lossy().into_owned();
    let said = works(&[
        "book",
        "build",
        "--pgn",
        GAMES,
        "--out",
        &own_s,
        "--min-games",
        "1",
    ]);
    assert!(said.starts_with("20 games read (0 skipped"), "{said}");
    works(&[
        "book",
        "build",
        "--pgn",
        GAMES,
        "--out",
        &ee_s,
        "--min-games",
        "1",
        "--format",
        "eleeye",
    ]);
    // The kept test books are exactly this output.
    let read = |p: &std::path::Path| std::fs::read(p).expect("written");
    assert_eq!(read(&own), read("tests/data/book/small.jjbook".as_ref()));
    assert_eq!(read(&ee), read("tests/data/book/small.dat".as_ref()));

    let a = works(&["book", "probe", "--book", &own_s]);
    let b = works(&["book", "probe", "--book", &ee_s]);
    assert!(a.contains("jiangjun format"), "{a}");
    assert!(b.contains("ElephantEye BOOK.DAT format"), "{b}");
    assert!(a.contains("  games "), "{a}");
    assert_eq!(moves(&a), moves(&b));
    assert!(moves(&a).len() >= 10, "{a}");

    // A position no game reached.
    let empty = works(&[
        "book",
        "probe",
        "--book",
        &own_s,
        "--fen",
        "3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1",
    ]);
    assert!(empty.contains("no book moves for 3k5/"), "{empty}");
}

/// The number of moves a `book build` said it wrote.
fn written(said: &str) -> usize {
    said.split(", ")
        .nth(1)
        .and_then(|t| t.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no count in '{said}'"))
}

#[test]
fn fewer_games_fewer_moves() {
    let dir = workdir("book-min-games");
    let (one, two) = (dir.join("one.jjbook"), dir.join("two.jjbook"));
    let build = |out: &std::path::Path, n: &str| {
        let out = out.to_string_lossy().into_owned();
        written(&works(&[
            "book",
            "build",
            "--pgn",
            GAMES,
            "--out",
            &out,
            "--min-games",
            n,
        ]))
    };
    let (all, repeated) = (build(&one, "1"), build(&two, "2"));
    assert!(0 < repeated && repeated < all, "{repeated} of {all}");
    // A move of one game is left out: 1. H2-E2 H7-I7 2. H0-I2 C6-C5 3. A0-A1 I7-H7 4. I0-H0 H9-G7
    // was played once, and answered 5. H0-H4.
    let probe = |book: &std::path::Path| {
        works(&[
            "book",
            "probe",
            "--book",
            &book.to_string_lossy(),
            "--fen",
            "rnbakab1r/9/1c4nc1/p3p1p1p/2p6/9/P1P1P1P1P/1C2C3N/R8/1NBAKABR1 w - - 0 1",
        ])
    };
    assert!(
        probe(&one).contains("h0h4  weight 2  100.0%  games 1"),
        "{}",
        probe(&one)
    );
    assert!(probe(&two).contains("no book moves"), "{}", probe(&two));
}

#[test]
fn a_damaged_or_missing_book_is_one_line_and_exit_code_1() {
    for (book, why) in [
        ("tests/data/book/truncated.jjbook", "truncated or corrupt"),
        ("tests/data/book/corrupt.jjbook", "checksum"),
        ("tests/data/book/truncated.dat", "truncated or corrupt"),
        ("tests/data/book/unsorted.dat", "out of order"),
        ("tests/data/book/no-such-book.dat", "cannot read it"),
    ] {
        let o = jiangjun(&["book", "probe", "--book", book]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(1), "{book}: {err}");
        assert_eq!(err.lines().count(), 1, "{book}: {err}");
        assert!(err.starts_with("jiangjun book probe: "), "{err}");
        assert!(err.contains(why), "{book}: no '{why}' in {err}");
        assert!(o.stdout.is_empty(), "{book}");
    }
    let o = jiangjun(&[
        "book",
        "build",
        "--pgn",
        "tests/data/book/no-such.pgn",
        "--out",
        "x",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("cannot read"));
}

#[test]
fn probe_without_a_book_lists_the_shipped_books_moves() {
    let plain = works(&["book", "probe"]);
    assert!(plain.starts_with("<builtin>: jiangjun format, "), "{plain}");
    let shipped = moves(&plain);
    assert!(shipped.len() >= 2, "{plain}");
    assert_eq!(
        moves(&works(&["book", "probe", "--book", "<builtin>"])),
        shipped
    );
}
