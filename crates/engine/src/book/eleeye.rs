//! ElephantEye's `BOOK.DAT`, from its published description (xqbase's "opening book" chapter,
//! `eleeye_book.htm`, and the record of `book.h`): no header, a bare array of 8-byte records
//! in little-endian byte order, sorted by lock:
//!
//! ```text
//!   0..4  lock 1 of the position (u32)          see key.rs
//!   4..6  move: source cell | target cell << 8   (u16)
//!   6..8  weight (u16)
//! ```
//!
//! Of a position and its mirror image only one is stored (the one whose locks sort first; a
//! symmetric position under both of its moves' mirror images), so a reader looks a position
//! up again as its mirror when it is missing. Only 32 bits of the key are kept, so two
//! positions can share a lock: a reader keeps only the moves legal in the position it asked
//! about, as ElephantEye does.

use super::key::{BookKey, BookMove};
use super::{BookError, Entry, check_order};

pub const RECORD: usize = 8;

/// The entries of a `BOOK.DAT`, checked: whole records, sorted by lock, every move on the
/// board.
pub fn read(bytes: &[u8]) -> Result<Vec<Entry>, BookError> {
    if bytes.is_empty() {
        return Err(BookError::Empty);
    }
    if !bytes.len().is_multiple_of(RECORD) {
        return Err(BookError::Truncated {
            bytes: bytes.len(),
            expected: bytes.len().next_multiple_of(RECORD),
        });
    }
    let mut entries = Vec::with_capacity(bytes.len() / RECORD);
    for (record, r) in bytes.chunks_exact(RECORD).enumerate() {
        let lock = u32::from_le_bytes([r[0], r[1], r[2], r[3]]);
        let mv = BookMove::from_bits(u16::from_le_bytes([r[4], r[5]]));
        if mv.to_move().is_none() {
            return Err(BookError::BadMove {
                record,
                bits: mv.bits(),
            });
        }
        entries.push(Entry {
            key: BookKey::from_lock(lock),
            mv,
            weight: u16::from_le_bytes([r[6], r[7]]),
            games: None,
        });
    }
    check_order(&entries, BookKey::from_lock(u32::MAX).raw())?;
    Ok(entries)
}

/// The bytes of a `BOOK.DAT` holding `entries`, which must be sorted by key (a sort by the
/// full 64-bit key is also a sort by lock 1, its high half).
pub fn write(entries: &[Entry]) -> Vec<u8> {
    let mut out = Vec::with_capacity(entries.len() * RECORD);
    for e in entries {
        out.extend_from_slice(&e.key.lock().to_le_bytes());
        out.extend_from_slice(&e.mv.bits().to_le_bytes());
        out.extend_from_slice(&e.weight.to_le_bytes());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(lock: u32, bits: u16, weight: u16) -> Entry {
        Entry {
            key: BookKey::from_lock(lock),
            mv: BookMove::from_bits(bits),
            weight,
            games: None,
        }
    }

    #[test]
    fn records_read_back_as_written() {
        // b2e2 and h2e2 under one lock, c3c4 under a larger one.
        let entries = vec![
            entry(7, 42_916, 3),
            entry(7, 42_922, 3),
            entry(0x8000_0001, 34_197, 65_535),
        ];
        let bytes = write(&entries);
        assert_eq!(bytes.len(), 24);
        assert_eq!(&bytes[..8], &[7, 0, 0, 0, 0xA4, 0xA7, 3, 0]);
        assert_eq!(read(&bytes), Ok(entries));
    }

    #[test]
    fn broken_files_are_refused_with_the_reason() {
        let good = write(&[entry(1, 42_916, 1), entry(2, 42_922, 1)]);
        assert_eq!(read(&[]), Err(BookError::Empty));
        assert_eq!(
            read(&good[..13]),
            Err(BookError::Truncated {
                bytes: 13,
                expected: 16
            })
        );
        let swapped = write(&[entry(2, 42_922, 1), entry(1, 42_916, 1)]);
        assert_eq!(read(&swapped), Err(BookError::NotSorted { record: 1 }));
        let off_board = write(&[entry(1, 42_916, 1), entry(2, 0x0101, 1)]);
        assert_eq!(
            read(&off_board),
            Err(BookError::BadMove {
                record: 1,
                bits: 0x0101
            })
        );
    }
}
