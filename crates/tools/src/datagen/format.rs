//! The `.jjd` file of `jiangjun datagen`: whole self-play games, about four bytes a ply, so
//! that the data can be filtered again later without playing the games again. This module
//! knows bytes and numbers only; `games` turns records into positions of a game.
//!
//! A file (a shard) is a header (40 bytes; 48 when a net played), then game records back to
//! back, up to the end of the file. Every number is little-endian.
//!
//! Header:
//!
//! | offset | bytes | what |
//! |-------:|------:|------|
//! | 0  | 4 | magic `JJDG` |
//! | 4  | 2 | format version: 1 when the classical evaluation played, 2 when a net did |
//! | 6  | 1 | game: 0 Xiangqi, 1 chess |
//! | 7  | 1 | fewest random plies after the opening (`--random-plies A-B`: A) |
//! | 8  | 1 | most random plies (B) |
//! | 9  | 3 | reserved, zero |
//! | 12 | 4 | games the shard holds when complete (`--games-per-shard`) |
//! | 16 | 8 | nodes searched per move (`--nodes`) |
//! | 24 | 8 | seed (`--seed`) |
//! | 32 | 8 | number of the shard's first game in the seed's stream |
//! | 40 | 4 | version 2 only: the net's checksum, as its file stores it (`nnue::fingerprint`) |
//! | 44 | 1 | version 2 only: the net's share of the evaluation in percent (`--eval-blend`) |
//! | 45 | 3 | version 2 only: reserved, zero |
//!
//! Version 1 is what every classical run writes, so the bytes of such a run are the same as
//! before nets could play; a reader takes either.
//!
//! Game record (`L` the FEN's length, `P` the ply count):
//!
//! | offset | bytes | what |
//! |-------:|------:|------|
//! | 0     | 1   | `L`, 1 to 255 |
//! | 1     | L   | the start position's FEN, UTF-8: the position after the opening and the random plies |
//! | 1+L   | 1   | result from Red's (chess: White's) view: 0 loss, 1 draw, 2 win |
//! | 2+L   | 2   | `P` |
//! | 4+L   | 4×P | per ply: u16 move, i16 score |
//!
//! A ply is the move the search chose and its score. The move is the game's own 16-bit packing
//! (`Game::move_to_bits`; Xiangqi `from | to << 7` with points numbered file + 9 × rank from
//! Red's side). The score is centipawns (mate scores as the search gives them, ±30000 less
//! the distance) from the side to move's view, clamped to ±32767; -32768 means no score (one
//! legal move: the search answered without searching). An adjudicated game's last ply was
//! searched but not played: its score ended the game.
//!
//! A record is written whole or not at all, so a killed run leaves at most one torn record at
//! the end of a file: the reader reports it as `Torn`, which a resumed run cuts off.

use jiangjun_rules::GameKind;
use std::fmt;

pub const MAGIC: [u8; 4] = *b"JJDG";
/// The version of a classical run's shards, and of a run with a net.
pub const VERSION: u16 = 1;
pub const VERSION_NET: u16 = 2;
/// The header's length in version 1, and in version 2.
pub const HEADER_LEN: usize = 40;
pub const HEADER_LEN_NET: usize = 48;
/// The score of a ply the search did not score.
pub const NO_SCORE: i16 = i16::MIN;
/// Bytes of a record besides its FEN and plies: length, result, ply count.
const RECORD_OVERHEAD: usize = 4;

/// What a shard's header says: the settings its games were played with and which games they are.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Header {
    pub game: GameKind,
    pub random_plies: (u8, u8),
    pub games: u32,
    pub nodes: u64,
    pub seed: u64,
    pub first_game: u64,
    /// The net that played, as (its checksum, its share in percent); `None`: the classical
    /// evaluation.
    pub net: Option<(u32, u8)>,
}

impl Header {
    /// The header's length in bytes: where the first record starts.
    pub fn len(&self) -> usize {
        match self.net {
            None => HEADER_LEN,
            Some(_) => HEADER_LEN_NET,
        }
    }
}

/// One game record as stored, borrowed from the file's bytes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Record<'a> {
    /// Where the record starts in the file.
    pub offset: usize,
    pub fen: &'a str,
    /// 0 loss, 1 draw, 2 win, from Red's view.
    pub result: u8,
    plies: &'a [u8],
}

impl Record<'_> {
    /// The plies in order: the packed move and the score (`NO_SCORE`: none).
    pub fn plies(&self) -> impl Iterator<Item = (u16, i16)> + '_ {
        self.plies.chunks_exact(4).map(|p| {
            (
                u16::from_le_bytes([p[0], p[1]]),
                i16::from_le_bytes([p[2], p[3]]),
            )
        })
    }
    /// The record's length in bytes.
    pub fn size(&self) -> usize {
        RECORD_OVERHEAD + self.fen.len() + self.plies.len()
    }
}

/// What is wrong with a file's bytes, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FormatError {
    /// The file does not start with `JJDG`.
    Foreign,
    /// Shorter than a header.
    ShortHeader {
        len: usize,
    },
    Version(u16),
    UnknownGame(u8),
    /// Reserved bytes not zero, or random plies A > B.
    BadHeader {
        offset: usize,
    },
    /// The file ends inside the record starting at `offset` (a run was killed while writing).
    Torn {
        offset: usize,
    },
    EmptyFen {
        offset: usize,
    },
    FenNotText {
        offset: usize,
    },
    BadResult {
        offset: usize,
        value: u8,
    },
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            FormatError::Foreign => write!(f, "offset 0: not a datagen file (no JJDG magic)"),
            FormatError::ShortHeader { len } => write!(
                f,
                "offset {len}: the file ends inside its {HEADER_LEN}-byte header"
            ),
            FormatError::Version(v) => write!(
                f,
                "offset 4: format version {v}, this build reads versions {VERSION} and \
                 {VERSION_NET}"
            ),
            FormatError::UnknownGame(g) => write!(f, "offset 6: unknown game number {g}"),
            FormatError::BadHeader { offset } => {
                write!(f, "offset {offset}: a header field out of range")
            }
            FormatError::Torn { offset } => write!(
                f,
                "offset {offset}: the file ends inside a game record (a torn last record)"
            ),
            FormatError::EmptyFen { offset } => {
                write!(f, "offset {offset}: a game record with an empty FEN")
            }
            FormatError::FenNotText { offset } => {
                write!(f, "offset {offset}: a game record whose FEN is not UTF-8")
            }
            FormatError::BadResult { offset, value } => write!(
                f,
                "offset {offset}: result byte {value} (0 loss, 1 draw and 2 win are results)"
            ),
        }
    }
}

impl std::error::Error for FormatError {}

fn game_number(game: GameKind) -> u8 {
    match game {
        GameKind::Xiangqi => 0,
        GameKind::Chess => 1,
    }
}

/// The header's bytes (40, or 48 with a net).
pub fn encode_header(h: &Header) -> Vec<u8> {
    let mut out = vec![0u8; h.len()];
    out[0..4].copy_from_slice(&MAGIC);
    let version = if h.net.is_some() {
        VERSION_NET
    } else {
        VERSION
    };
    out[4..6].copy_from_slice(&version.to_le_bytes());
    out[6] = game_number(h.game);
    out[7] = h.random_plies.0;
    out[8] = h.random_plies.1;
    out[12..16].copy_from_slice(&h.games.to_le_bytes());
    out[16..24].copy_from_slice(&h.nodes.to_le_bytes());
    out[24..32].copy_from_slice(&h.seed.to_le_bytes());
    out[32..40].copy_from_slice(&h.first_game.to_le_bytes());
    if let Some((fingerprint, blend)) = h.net {
        out[40..44].copy_from_slice(&fingerprint.to_le_bytes());
        out[44] = blend;
    }
    out
}

/// Reads the header at the start of `bytes`.
pub fn decode_header(bytes: &[u8]) -> Result<Header, FormatError> {
    if !bytes.starts_with(&MAGIC[..bytes.len().min(4)]) {
        return Err(FormatError::Foreign);
    }
    let short = FormatError::ShortHeader { len: bytes.len() };
    let version = match bytes.get(4..6) {
        Some(v) => u16::from_le_bytes([v[0], v[1]]),
        None => return Err(short),
    };
    let len = match version {
        VERSION => HEADER_LEN,
        VERSION_NET => HEADER_LEN_NET,
        v => return Err(FormatError::Version(v)),
    };
    let Some(h) = bytes.get(..len) else {
        return Err(short);
    };
    let game = match h[6] {
        0 => GameKind::Xiangqi,
        1 => GameKind::Chess,
        g => return Err(FormatError::UnknownGame(g)),
    };
    if h[7] > h[8] {
        return Err(FormatError::BadHeader { offset: 7 });
    }
    if h[9..12] != [0, 0, 0] {
        return Err(FormatError::BadHeader { offset: 9 });
    }
    let u64_at = |at: usize| {
        let mut b = [0u8; 8];
        b.copy_from_slice(&h[at..at + 8]);
        u64::from_le_bytes(b)
    };
    let net = match version {
        VERSION_NET if h[45..48] != [0, 0, 0] => {
            return Err(FormatError::BadHeader { offset: 45 });
        }
        VERSION_NET if h[44] > 100 => return Err(FormatError::BadHeader { offset: 44 }),
        VERSION_NET => Some((u32::from_le_bytes([h[40], h[41], h[42], h[43]]), h[44])),
        _ => None,
    };
    Ok(Header {
        game,
        random_plies: (h[7], h[8]),
        games: u32::from_le_bytes([h[12], h[13], h[14], h[15]]),
        nodes: u64_at(16),
        seed: u64_at(24),
        first_game: u64_at(32),
        net,
    })
}

/// Appends one game record to `out`. Fails, writing nothing, on a FEN of more than 255 bytes
/// or more than 65535 plies (neither comes from a legal game of `MAX_PLIES` plies).
pub fn encode_record(
    fen: &str,
    result: u8,
    plies: &[(u16, i16)],
    out: &mut Vec<u8>,
) -> std::io::Result<()> {
    let too_long = |what: &str| std::io::Error::other(format!("{what} too long for a record"));
    let fen_len = u8::try_from(fen.len()).map_err(|_| too_long("FEN"))?;
    let count = u16::try_from(plies.len()).map_err(|_| too_long("game"))?;
    out.push(fen_len);
    out.extend_from_slice(fen.as_bytes());
    out.push(result);
    out.extend_from_slice(&count.to_le_bytes());
    for &(mv, score) in plies {
        out.extend_from_slice(&mv.to_le_bytes());
        out.extend_from_slice(&score.to_le_bytes());
    }
    Ok(())
}

/// The records of a file's bytes after its header (`header`, as decoded from them), in
/// order; a torn or malformed record ends the walk with its error.
pub fn records<'a>(bytes: &'a [u8], header: &Header) -> Records<'a> {
    Records {
        bytes,
        offset: header.len().min(bytes.len()),
        failed: false,
    }
}

pub struct Records<'a> {
    bytes: &'a [u8],
    offset: usize,
    failed: bool,
}

impl<'a> Iterator for Records<'a> {
    type Item = Result<Record<'a>, FormatError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed || self.offset >= self.bytes.len() {
            return None;
        }
        let read = decode_record(self.bytes, self.offset);
        match &read {
            Ok(r) => self.offset += r.size(),
            Err(_) => self.failed = true,
        }
        Some(read)
    }
}

/// The record starting at `offset` (before the end of `bytes`).
fn decode_record(bytes: &[u8], offset: usize) -> Result<Record<'_>, FormatError> {
    let torn = FormatError::Torn { offset };
    let rest = &bytes[offset..];
    let fen_len = usize::from(rest[0]);
    if fen_len == 0 {
        return Err(FormatError::EmptyFen { offset });
    }
    let fixed = rest.get(..RECORD_OVERHEAD + fen_len).ok_or(torn.clone())?;
    let fen = std::str::from_utf8(&fixed[1..1 + fen_len])
        .map_err(|_| FormatError::FenNotText { offset })?;
    let result = fixed[1 + fen_len];
    if result > 2 {
        return Err(FormatError::BadResult {
            offset: offset + 1 + fen_len,
            value: result,
        });
    }
    let count = usize::from(u16::from_le_bytes([fixed[2 + fen_len], fixed[3 + fen_len]]));
    let end = RECORD_OVERHEAD + fen_len + 4 * count;
    let plies = rest.get(RECORD_OVERHEAD + fen_len..end).ok_or(torn)?;
    Ok(Record {
        offset,
        fen,
        result,
        plies,
    })
}
