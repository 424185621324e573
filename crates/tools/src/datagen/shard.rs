//! One shard file of a `datagen` run: its name (from the game, the seed and its number), and
//! opening it to resume. A shard found on disk is checked against the run's settings (a file
//! of other settings is refused, not mixed in), its complete records are counted, and a torn
//! last record (a run killed while writing) is cut off, so that the next run plays on from
//! the first missing game and writes what an uninterrupted run would have.

use super::format::{self, FormatError, Header};
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The file name of shard `index`: `xiangqi-s{seed}-{index:05}.jjd`.
pub fn file_name(header: &Header, index: u64) -> String {
    format!("{}-s{}-{index:05}.jjd", header.game.name(), header.seed)
}

/// A shard as found: how many of its games are written already.
#[derive(Debug, PartialEq, Eq)]
pub struct Found {
    pub path: PathBuf,
    pub done: u32,
}

/// Looks at shard `path` that this run would write with `expected`: creates it (header
/// only) if it is missing, else checks its header and records and cuts a torn last record off.
pub fn prepare(path: &Path, expected: &Header) -> Result<Found, String> {
    let shown = path.display();
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
        Err(e) => return Err(format!("reading {shown}: {e}")),
    };
    let header = format::encode_header(expected);
    // Missing, empty, or killed while the header was written: start the shard afresh.
    if bytes.len() < expected.len() && header.starts_with(&bytes) {
        std::fs::write(path, header).map_err(|e| format!("writing {shown}: {e}"))?;
        return Ok(Found {
            path: path.to_path_buf(),
            done: 0,
        });
    }
    let found = format::decode_header(&bytes).map_err(|e| format!("{shown}: {e}"))?;
    if found != *expected {
        return Err(format!(
            "{shown} was written with {}, this run asks for {}: use another --dir, or the \
             file's settings",
            settings(&found),
            settings(expected)
        ));
    }
    let (done, end) = complete_records(&bytes, &found).map_err(|e| format!("{shown}: {e}"))?;
    if done > u64::from(expected.games) {
        return Err(format!(
            "{shown}: {done} games, more than the {} its header promises",
            expected.games
        ));
    }
    if end < bytes.len() {
        cut(path, end).map_err(|e| format!("cutting the torn last record of {shown}: {e}"))?;
    }
    Ok(Found {
        path: path.to_path_buf(),
        // At most `expected.games`, a u32, as checked above.
        done: u32::try_from(done).unwrap_or(u32::MAX),
    })
}

/// The number of complete records and where they end; a torn last record is not an error,
/// any other fault is.
fn complete_records(bytes: &[u8], header: &Header) -> Result<(u64, usize), FormatError> {
    let (mut count, mut end) = (0u64, header.len());
    for record in format::records(bytes, header) {
        match record {
            Ok(r) => {
                count += 1;
                end = r.offset + r.size();
            }
            Err(FormatError::Torn { .. }) => break,
            Err(e) => return Err(e),
        }
    }
    Ok((count, end))
}

fn cut(path: &Path, len: usize) -> std::io::Result<()> {
    let file = OpenOptions::new().write(true).open(path)?;
    file.set_len(len as u64)?;
    file.sync_all()
}

/// The settings of a header as the command line spells them.
fn settings(h: &Header) -> String {
    let eval = match h.net {
        None => "the classical evaluation".to_string(),
        Some((fingerprint, blend)) => {
            format!("the net of checksum {fingerprint:08x} at --eval-blend {blend}")
        }
    };
    format!(
        "--game {} --nodes {} --random-plies {}-{} --seed {} --games-per-shard {} (first game \
         {}, {eval})",
        h.game.name(),
        h.nodes,
        h.random_plies.0,
        h.random_plies.1,
        h.seed,
        h.games,
        h.first_game,
    )
}

/// Opens a prepared shard to append records.
pub fn append(path: &Path) -> Result<File, String> {
    OpenOptions::new()
        .append(true)
        .open(path)
        .map_err(|e| format!("opening {}: {e}", path.display()))
}

/// Writes one whole record (one `write_all` of a buffered game, so that a kill tears at most
/// this one).
pub fn write_record(file: &mut File, record: &[u8], path: &Path) -> Result<(), String> {
    file.write_all(record)
        .map_err(|e| format!("writing {}: {e}", path.display()))
}
