//! jiangjun's own book format, which `jiangjun book build` writes. It keeps what a `BOOK.DAT`
//! cannot: the whole 64-bit key (no two positions share one in practice), the number of games
//! behind each move, and a header that lets a reader tell a damaged file from a good one.
//! Little-endian throughout:
//!
//! ```text
//! header, 24 bytes
//!    0..8   magic "JJBOOK\r\n" (a text-mode copy that rewrites line ends breaks it visibly)
//!    8..10  version, 1
//!   10..12  flags: bit 0 = each position is stored once for itself and its mirror image
//!   12..16  number of records
//!   16..20  checksum: FNV-1a (32-bit) of every record byte
//!   20..24  zero
//! records, 16 bytes each, sorted by key then move
//!    0..8   key: ElephantEye's lock 1 << 32 | lock 0 (key.rs)
//!    8..10  move, ElephantEye's word (key.rs)
//!   10..12  weight
//!   12..16  games that played the move
//! ```

use super::key::{BookKey, BookMove};
use super::{BookError, Entry, check_order};

pub const MAGIC: [u8; 8] = *b"JJBOOK\r\n";
pub const VERSION: u16 = 1;
const HEADER: usize = 24;
const RECORD: usize = 16;
const MIRRORED: u16 = 1;

/// Whether `bytes` begin as a jiangjun book.
pub fn is_own(bytes: &[u8]) -> bool {
    bytes.starts_with(&MAGIC)
}

fn fnv1a(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0x811c_9dc5, |h: u32, &b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    })
}

fn u16_at(b: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([b[at], b[at + 1]])
}

fn u32_at(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}

/// The entries of a jiangjun book and whether it stores mirror images once, checked: header,
/// length, checksum, order and moves.
pub fn read(bytes: &[u8]) -> Result<(Vec<Entry>, bool), BookError> {
    if bytes.len() < HEADER {
        return Err(BookError::Truncated {
            bytes: bytes.len(),
            expected: HEADER,
        });
    }
    let version = u16_at(bytes, 8);
    if version != VERSION {
        return Err(BookError::Version(version));
    }
    let mirrored = u16_at(bytes, 10) & MIRRORED != 0;
    let count = u32_at(bytes, 12) as usize;
    let expected = count
        .checked_mul(RECORD)
        .and_then(|n| n.checked_add(HEADER))
        .unwrap_or(usize::MAX);
    if bytes.len() != expected {
        return Err(BookError::Truncated {
            bytes: bytes.len(),
            expected,
        });
    }
    let records = &bytes[HEADER..];
    let (stored, computed) = (u32_at(bytes, 16), fnv1a(records));
    if stored != computed {
        return Err(BookError::Checksum { stored, computed });
    }
    let mut entries = Vec::with_capacity(count);
    for (record, r) in records.chunks_exact(RECORD).enumerate() {
        let mut key = [0u8; 8];
        key.copy_from_slice(&r[..8]);
        let mv = BookMove::from_bits(u16_at(r, 8));
        if mv.to_move().is_none() {
            return Err(BookError::BadMove {
                record,
                bits: mv.bits(),
            });
        }
        entries.push(Entry {
            key: BookKey::from_raw(u64::from_le_bytes(key)),
            mv,
            weight: u16_at(r, 10),
            games: Some(u32_at(r, 12)),
        });
    }
    check_order(&entries, u64::MAX)?;
    Ok((entries, mirrored))
}

/// The bytes of a jiangjun book holding `entries` (sorted by key then move); `mirrored` says
/// that they keep one of each position and its mirror image. A missing game count is 0.
pub fn write(entries: &[Entry], mirrored: bool) -> Vec<u8> {
    let mut records = Vec::with_capacity(entries.len() * RECORD);
    for e in entries {
        records.extend_from_slice(&e.key.raw().to_le_bytes());
        records.extend_from_slice(&e.mv.bits().to_le_bytes());
        records.extend_from_slice(&e.weight.to_le_bytes());
        records.extend_from_slice(&e.games.unwrap_or(0).to_le_bytes());
    }
    // A book of more than 2^32 moves would be hundreds of GB; the count saturates rather than
    // wraps, and the reader then refuses the file by its length.
    let count = u32::try_from(entries.len()).unwrap_or(u32::MAX);
    let mut out = Vec::with_capacity(HEADER + records.len());
    out.extend_from_slice(&MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.extend_from_slice(&(if mirrored { MIRRORED } else { 0 }).to_le_bytes());
    out.extend_from_slice(&count.to_le_bytes());
    out.extend_from_slice(&fnv1a(&records).to_le_bytes());
    out.extend_from_slice(&0u32.to_le_bytes());
    out.extend_from_slice(&records);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entries() -> Vec<Entry> {
        [
            (5u64, 42_916u16, 4u16, 3u32),
            (5, 42_922, 2, 1),
            (9, 34_197, 1, 1),
        ]
        .iter()
        .map(|&(key, bits, weight, games)| Entry {
            key: BookKey::from_raw((key << 40) | 77),
            mv: BookMove::from_bits(bits),
            weight,
            games: Some(games),
        })
        .collect()
    }

    #[test]
    fn a_book_reads_back_as_written() {
        for mirrored in [true, false] {
            let bytes = write(&entries(), mirrored);
            assert_eq!(bytes.len(), 24 + 3 * 16);
            assert!(is_own(&bytes));
            assert_eq!(read(&bytes), Ok((entries(), mirrored)));
        }
    }

    #[test]
    fn damage_is_found_and_named() {
        let good = write(&entries(), true);
        assert_eq!(
            read(&good[..20]),
            Err(BookError::Truncated {
                bytes: 20,
                expected: 24
            })
        );
        assert_eq!(
            read(&good[..good.len() - 5]),
            Err(BookError::Truncated {
                bytes: 67,
                expected: 72
            })
        );
        let mut flipped = good.clone();
        flipped[40] ^= 0x10;
        assert!(matches!(read(&flipped), Err(BookError::Checksum { .. })));
        let mut later = good.clone();
        later[8] = 2;
        assert_eq!(read(&later), Err(BookError::Version(2)));
        // A header that promises more records than any file holds.
        let mut huge = good;
        huge[12..16].copy_from_slice(&u32::MAX.to_le_bytes());
        assert!(matches!(read(&huge), Err(BookError::Truncated { .. })));
    }

    #[test]
    fn records_out_of_order_are_refused() {
        let mut e = entries();
        e.swap(0, 2);
        assert_eq!(
            read(&write(&e, true)),
            Err(BookError::NotSorted { record: 1 })
        );
    }
}
