//! The book shipped inside the binary (`builtin.jjbook` beside this file, `include_bytes!`),
//! and the one way to name any book: `load` takes `<builtin>` for it and a path for a file, so
//! the protocol's `bookfiles`/`BookFile` and `jiangjun book probe` read books alike. The shipped
//! book is read on first use and checked as a file would be. How it was made (the games, the
//! command) is in `docs/books.md`.

use super::{Book, BookError};
use std::path::Path;
use std::sync::{Arc, LazyLock};

/// The book-file name that names the shipped book (as `<builtin>` names the shipped net).
pub const NAME: &str = "<builtin>";

static BYTES: &[u8] = include_bytes!("builtin.jjbook");
static BOOK: LazyLock<Result<Arc<Book>, BookError>> =
    LazyLock::new(|| Book::from_bytes(BYTES).map(Arc::new));

/// The book `name` names: the shipped one for `NAME`, else the file at that path.
pub fn load(name: &str) -> Result<Arc<Book>, BookError> {
    if name == NAME {
        BOOK.clone()
    } else {
        Book::load(Path::new(name)).map(Arc::new)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book::Format;
    use jiangjun_rules::xiangqi::Position;

    #[test]
    fn the_shipped_book_reads_and_answers_the_start_position() {
        let book = load(NAME).expect("the shipped book is a valid jiangjun book");
        assert_eq!(book.format(), Format::Jiangjun);
        let moves = book.probe(&Position::startpos());
        assert!(
            moves.len() >= 2,
            "the start position has a choice of book moves: {moves:?}"
        );
        // The start position is symmetric: a move and its mirror image weigh the same.
        for c in &moves {
            let mirror = crate::book::key::mirror_move(c.mv);
            let twin = moves
                .iter()
                .find(|d| d.mv == mirror)
                .expect("the mirror move");
            assert_eq!(twin.weight, c.weight, "{c:?}");
        }
    }

    #[test]
    fn a_path_still_names_a_file() {
        let missing = load("no-such-book.jjbook").map(|b| b.len());
        assert!(matches!(missing, Err(BookError::Io(_))), "{missing:?}");
    }
}
