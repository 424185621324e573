//! Between a game of either kind and its `.jjd` record: a played game becomes a record, and a
//! file's records become the positions training uses, picked by self-play's own `kept` while
//! the rules core replays every move (an illegal one is an error naming the game and ply).

use super::format::{self, FormatError, NO_SCORE, Record};
use crate::arbiter::Arbitrated;
use crate::selfplay::{Played, Ply, kept};
use jiangjun_engine::game::EngineGame;
use jiangjun_rules::Game;

/// A game `datagen` can store: one the match runner arbitrates and the engine plays. Its
/// header names it by `EngineGame::KIND`, its file names by `EngineGame::NAME`.
pub trait DataGame: Arbitrated + EngineGame {}

impl<G: Arbitrated + EngineGame> DataGame for G {}

/// A score as a record stores it: clamped, `NO_SCORE` for none.
fn stored_score(score: Option<i32>) -> i16 {
    score.map_or(NO_SCORE, |s| {
        s.clamp(-i32::from(i16::MAX), i32::from(i16::MAX)) as i16
    })
}

/// Appends the record of `game` to `out`.
pub fn encode<G: Arbitrated + EngineGame>(
    game: &Played<G>,
    out: &mut Vec<u8>,
) -> std::io::Result<()> {
    let plies: Vec<(u16, i16)> = game
        .plies
        .iter()
        .map(|p| (G::move_to_bits(p.mv), stored_score(p.score)))
        .collect();
    let result = (game.result * 2.0).round().clamp(0.0, 2.0) as u8;
    format::encode_record(&game.start.to_fen(), result, &plies, out)
}

/// How much a file held and how much of it training uses.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub games: u64,
    pub plies: u64,
    pub positions: u64,
}

/// Hands `visit` every position of the file's `bytes` that training uses, in file order,
/// with the game's result (1, ½, 0) and the score, both from Red's view. Errors say where
/// (offset, game number in the seed's stream, ply), not which file: the caller knows that.
pub fn read_kept<G: DataGame>(
    bytes: &[u8],
    mut visit: impl FnMut(&G, f32, i32),
) -> Result<Summary, String> {
    let header = format::decode_header(bytes).map_err(|e| e.to_string())?;
    if header.game != G::KIND {
        return Err(format!(
            "offset 6: the file holds {} games, not {}",
            header.game.name(),
            G::NAME
        ));
    }
    let mut summary = Summary::default();
    for (i, record) in format::records(bytes, &header).enumerate() {
        let record = record.map_err(|e: FormatError| e.to_string())?;
        let number = header.first_game.saturating_add(i as u64);
        let (start, plies) = decode::<G>(&record)
            .map_err(|e| format!("offset {}: game {number}: {e}", record.offset))?;
        let result = f32::from(record.result) / 2.0;
        let mut positions = 0;
        kept(start.clone(), &plies, |pos, score| {
            positions += 1;
            visit(pos, result, score);
        })
        .map_err(|ply| {
            format!(
                "offset {}: game {number}, ply {ply}: the move {} is not legal there",
                record.offset,
                describe(&start, &plies, ply)
            )
        })?;
        summary.games += 1;
        summary.plies += plies.len() as u64;
        summary.positions += positions;
    }
    Ok(summary)
}

/// A start position and the plies played from it.
type Line<G> = (G, Vec<Ply<<G as Game>::Move>>);

/// A record's start position and plies, as the game's values.
fn decode<G: Game>(record: &Record) -> Result<Line<G>, String> {
    let start = G::from_fen(record.fen).map_err(|e| format!("the FEN {}: {e}", record.fen))?;
    let plies = record
        .plies()
        .enumerate()
        .map(|(i, (bits, score))| {
            let mv = G::move_from_bits(bits)
                .ok_or_else(|| format!("ply {i}: {bits:#06x} is not a move"))?;
            let score = (score != NO_SCORE).then_some(i32::from(score));
            Ok(Ply { mv, score })
        })
        .collect::<Result<Vec<_>, String>>()?;
    Ok((start, plies))
}

/// The move of ply `ply` in the game's notation, in the position it was recorded in (whose
/// earlier moves were legal).
fn describe<G: Game>(start: &G, plies: &[Ply<G::Move>], ply: usize) -> String {
    let mut pos = start.clone();
    for p in &plies[..ply] {
        pos.make(p.mv);
    }
    format!("{} ({})", plies[ply].mv, pos.to_fen())
}
