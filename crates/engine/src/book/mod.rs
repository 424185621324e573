//! Opening books: positions with the moves played from them and a weight for each. jiangjun
//! reads two formats, told apart by their first bytes: ElephantEye's `BOOK.DAT` (`eleeye`,
//! the book XiangQi Wizard users have) and its own (`own`), which `jiangjun book build` writes
//! from PGN games (`build`). Both name positions by ElephantEye's keys (`key`) and keep one of
//! a position and its mirror image, so one lookup code serves both; `choose` picks a move by
//! weight, `builtin` is the book shipped inside the binary.

pub mod builtin;
pub mod choose;
pub mod eleeye;
pub mod key;
pub mod own;

use jiangjun_rules::xiangqi::{Move, Position};
use key::{BookKey, BookMove, mirror_move};
use std::fmt;
use std::path::Path;

/// The largest book file read (ElephantEye's own book is about 100 KB).
pub const MAX_BYTES: u64 = 1 << 30;

/// One stored move: the position's key, the move as stored, its weight and (jiangjun books
/// only) the number of games behind it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub key: BookKey,
    pub mv: BookMove,
    pub weight: u16,
    pub games: Option<u32>,
}

/// A book move of a position: legal there, with its weight.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    pub mv: Move,
    pub weight: u16,
    pub games: Option<u32>,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Format {
    ElephantEye,
    Jiangjun,
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Format::ElephantEye => "ElephantEye BOOK.DAT format",
            Format::Jiangjun => "jiangjun format",
        })
    }
}

/// Why a file is not a usable book.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BookError {
    /// The file could not be read (the system's reason).
    Io(String),
    Empty,
    /// The length does not fit the format: `bytes` long where `expected` was due.
    Truncated {
        bytes: usize,
        expected: usize,
    },
    /// A jiangjun book of a version this program does not know.
    Version(u16),
    /// A jiangjun book whose records do not add up to the checksum in its header.
    Checksum {
        stored: u32,
        computed: u32,
    },
    /// Record `record` (from 0) sorts before the one ahead of it: lookups would miss moves.
    NotSorted {
        record: usize,
    },
    /// Record `record` holds a word that is no move on the board.
    BadMove {
        record: usize,
        bits: u16,
    },
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BookError::Io(e) => write!(f, "cannot read it: {e}"),
            BookError::Empty => write!(f, "the file is empty"),
            BookError::Truncated { bytes, expected } => write!(
                f,
                "truncated or corrupt: {bytes} bytes where the format needs {expected}"
            ),
            BookError::Version(v) => write!(f, "jiangjun book version {v} is not known here"),
            BookError::Checksum { stored, computed } => write!(
                f,
                "corrupt: the records' checksum is {computed:08x}, the header says {stored:08x}"
            ),
            BookError::NotSorted { record } => {
                write!(f, "corrupt: record {record} is out of order")
            }
            BookError::BadMove { record, bits } => {
                write!(f, "corrupt: record {record} holds no move ({bits:#06x})")
            }
        }
    }
}

impl std::error::Error for BookError {}

/// A loaded book: its entries sorted by key (as far as the format stores it) then move.
#[derive(Clone, Debug)]
pub struct Book {
    format: Format,
    /// Whether each position is stored once for itself and its mirror image, so that a
    /// position missing from the book is looked up again as its mirror.
    mirrored: bool,
    /// The key bits the format stores (ElephantEye's: lock 1 only).
    mask: u64,
    entries: Vec<Entry>,
}

impl Book {
    /// Reads a book file of either format. Only a regular file of at most `MAX_BYTES` is
    /// read: a device or a pipe named as a book (`/dev/zero`) must not hang the engine.
    pub fn load(path: &Path) -> Result<Book, BookError> {
        let io = |e: std::io::Error| BookError::Io(e.to_string());
        let meta = std::fs::metadata(path).map_err(io)?;
        if !meta.is_file() {
            return Err(BookError::Io("not a regular file".into()));
        }
        if meta.len() > MAX_BYTES {
            return Err(BookError::Io(format!(
                "{} bytes; books over {MAX_BYTES} bytes are refused",
                meta.len()
            )));
        }
        let bytes = std::fs::read(path).map_err(io)?;
        Book::from_bytes(&bytes)
    }

    /// A book from a file's bytes: a jiangjun book if they start with its magic, else
    /// ElephantEye's (which has no header to recognise).
    pub fn from_bytes(bytes: &[u8]) -> Result<Book, BookError> {
        if own::is_own(bytes) {
            let (entries, mirrored) = own::read(bytes)?;
            Ok(Book {
                format: Format::Jiangjun,
                mirrored,
                mask: u64::MAX,
                entries,
            })
        } else {
            Ok(Book {
                format: Format::ElephantEye,
                mirrored: true,
                mask: BookKey::from_lock(u32::MAX).raw(),
                entries: eleeye::read(bytes)?,
            })
        }
    }

    /// A jiangjun book of `entries` (sorted by key, then move), as a freshly built book is
    /// before it is written: the builder's tests look moves up in it.
    pub fn from_entries(entries: Vec<Entry>, mirrored: bool) -> Book {
        Book {
            format: Format::Jiangjun,
            mirrored,
            mask: u64::MAX,
            entries,
        }
    }

    pub fn format(&self) -> Format {
        self.format
    }

    /// The number of stored moves.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The book moves of `pos`, legal there, heaviest first (ties in stored order). A position
    /// the book lacks is looked up as its mirror image when the format stores one of the two.
    pub fn probe(&self, pos: &Position) -> Vec<Candidate> {
        let found = self.lookup(BookKey::of(pos), pos, false);
        let mut found = if found.is_empty() && self.mirrored {
            self.lookup(BookKey::of_mirror(pos), pos, true)
        } else {
            found
        };
        found.sort_by_key(|c| std::cmp::Reverse(c.weight));
        found
    }

    /// The stored moves under `key`, mirrored back when `mirrored`, that are legal in `pos`
    /// (a 32-bit ElephantEye lock can be shared by two positions).
    fn lookup(&self, key: BookKey, pos: &Position, mirrored: bool) -> Vec<Candidate> {
        let want = key.raw() & self.mask;
        let start = self
            .entries
            .partition_point(|e| e.key.raw() & self.mask < want);
        self.entries[start..]
            .iter()
            .take_while(|e| e.key.raw() & self.mask == want)
            .filter_map(|e| {
                let stored = e.mv.to_move()?;
                let mv = if mirrored {
                    mirror_move(stored)
                } else {
                    stored
                };
                pos.is_legal(mv).then_some(Candidate {
                    mv,
                    weight: e.weight,
                    games: e.games,
                })
            })
            .collect()
    }
}

/// Checks that `entries` are in the order a lookup needs: by `key & mask`. (ElephantEye's
/// maker orders the moves of two positions sharing a lock by their lock 0, which a
/// `BOOK.DAT` does not keep, so the moves' order is not checked.)
fn check_order(entries: &[Entry], mask: u64) -> Result<(), BookError> {
    let order = |e: &Entry| e.key.raw() & mask;
    match entries.windows(2).position(|w| order(&w[1]) < order(&w[0])) {
        Some(i) => Err(BookError::NotSorted { record: i + 1 }),
        None => Ok(()),
    }
}

/// The position after `moves` (ICCS) from the start, for the tests.
#[cfg(test)]
fn played(moves: &[&str]) -> Position {
    let mut pos = Position::startpos();
    for m in moves {
        let mv = pos.parse_move(m).expect("legal in the test line");
        pos.make(mv);
    }
    pos
}
